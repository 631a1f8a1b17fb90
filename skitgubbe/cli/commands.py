"""What a command of the command line is: a name, its options and what it runs."""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable

import attrs

__all__ = ["BOTS_HELP", "Command", "plain_text"]

#: How ``--bots`` names a bot, for the help of every command that takes bots.
BOTS_HELP = (
    "a bot is random, greedy or search, or your own: module:Class or path/to/file.py:Class "
    "(a class or function that makes a bot)"
)


@attrs.frozen
class Command:
    """One command: ``python -m skitgubbe NAME [options]``.

    ``configure`` adds the command's options to its parser; ``run`` does the work
    with the parsed options (and the parser, for :meth:`~argparse.ArgumentParser.error`)
    and returns the exit status.
    """

    #: The word that names the command.
    name: str
    #: One line for the list of commands.
    summary: str
    #: The description at the top of the command's ``--help``.
    description: str
    #: Adds the command's options.
    configure: Callable[[argparse.ArgumentParser], None]
    #: Runs the command.
    run: Callable[[argparse.Namespace, argparse.ArgumentParser], int]


_ROLE = re.compile(r":[a-z:]+:`(?:([^`<]*?)\s*<[^`>]*>|~?([^`]*))`")


def plain_text(text: str) -> str:
    """``text``, written in reStructuredText for the documentation, as a terminal
    shows it: literals and references without their markup.

    >>> plain_text("``play``: see :func:`~skitgubbe.bots.match` and :doc:`the bots <bots>`.")
    'play: see match and the bots.'
    """

    def role(found: re.Match[str]) -> str:
        label, target = found.group(1), found.group(2)
        return label if label is not None else target.rsplit(".", 1)[-1]

    return _ROLE.sub(role, text).replace("``", "")
