"""The command line: ``python -m skitgubbe [COMMAND] [options]``.

Each command lives in a module of this package that defines a
:class:`~skitgubbe.cli.commands.Command`; :data:`COMMANDS` lists them. Without a
command name, the default command (``watch``) runs with all the arguments, so
``python -m skitgubbe --preset flurst --players 4 --seed 7`` watches a game.

To add a command, write a module with a ``COMMAND`` and add it to
:data:`COMMANDS`.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from .. import COMPILED, __version__
from . import analyse, compare, match, play, referee, replay, serve, session, tournament, watch
from .commands import Command, plain_text, single_interrupt

__all__ = ["COMMANDS", "DEFAULT", "Command", "main"]

#: Every command, by name.
COMMANDS: dict[str, Command] = {
    command.name: command
    for command in (
        watch.COMMAND,
        play.COMMAND,
        match.COMMAND,
        compare.COMMAND,
        session.COMMAND,
        tournament.COMMAND,
        replay.COMMAND,
        analyse.COMMAND,
        referee.COMMAND,
        serve.COMMAND,
    )
}
#: The command run when none is named.
DEFAULT = "watch"


def _program() -> str:
    script = Path(sys.argv[0]).name
    return "python -m skitgubbe" if script == "__main__.py" else script


def _listing() -> str:
    lines = ["commands (the first word; without one, the default runs):"]
    for name, command in COMMANDS.items():
        lines.append(f"  {name:<10} {command.summary}")
    lines.append(f"Run '{_program()} COMMAND --help' for a command's options.")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command named by the first argument, or the default command."""
    args = list(sys.argv[1:] if argv is None else argv)
    program = _program()
    if args and args[0] in COMMANDS:
        command = COMMANDS[args.pop(0)]
        prog = f"{program} {command.name}"
    else:
        command = COMMANDS[DEFAULT]
        prog = program
    parser = argparse.ArgumentParser(
        prog=prog,
        description=plain_text(command.description),
        epilog=_listing(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    build = "compiled with mypyc" if COMPILED else "pure Python"
    parser.add_argument("--version", action="version", version=f"skitgubbe {__version__} ({build})")
    command.configure(parser)
    parsed = parser.parse_args(args)
    with single_interrupt():
        return command.run(parsed, parser)
