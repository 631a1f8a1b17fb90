"""``referee``: the rules as JSON lines on standard input and output.

``python -m skitgubbe referee`` answers each request line with one answer line
(see :mod:`skitgubbe.server.referee`), after a ``hello``, until its input ends:
a program in any language starts it and asks it what is legal, plays moves,
gets each seat's view, goes back, and takes the record.
"""

from __future__ import annotations

import argparse

from ..server.referee import serve
from .commands import Command

__all__ = ["COMMAND", "configure", "run"]


def configure(parser: argparse.ArgumentParser) -> None:
    """``referee`` takes no options: everything comes in its messages."""


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Answer requests until the input ends."""
    try:
        serve()
    except (BrokenPipeError, KeyboardInterrupt):
        return 0
    return 0


#: The ``referee`` command.
COMMAND = Command(
    "referee",
    "answer rules questions as JSON lines on standard input and output, for any program",
    __doc__.split("\n\n")[0].strip() if __doc__ else "",
    configure,
    run,
)
