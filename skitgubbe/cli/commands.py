"""What a command of the command line is: a name, its options and what it runs."""

from __future__ import annotations

import argparse
from collections.abc import Callable

import attrs

__all__ = ["Command"]


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
