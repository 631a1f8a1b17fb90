"""``serve``: tables people play at from a browser, on this machine's network.

``python -m skitgubbe serve`` starts the server (see
:mod:`skitgubbe.server.app`) on ``127.0.0.1:8000`` with its tables in
``skitgubbe.sqlite``: open the address, make a table, and send each person
their invitation link. Stopped and started again on the same file, every table
goes on at the same move. It needs the ``server`` extra.
"""

from __future__ import annotations

import argparse
import sys

from ..extras import MissingExtraError, require
from .commands import Command

__all__ = ["COMMAND", "configure", "run"]


def configure(parser: argparse.ArgumentParser) -> None:
    """The address, the database file and the programs allowed as bots."""
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    parser.add_argument("--port", type=int, default=8000, help="the port to listen on")
    parser.add_argument(
        "--db",
        default="skitgubbe.sqlite",
        help="the SQLite file of the tables (made if missing; default: skitgubbe.sqlite)",
    )
    parser.add_argument(
        "--bot",
        action="append",
        default=[],
        metavar="NAME=SPEC",
        help="offer a bot of your own for empty seats, such as mybot=cmd:./mybot "
        "(repeatable); a table's maker chooses among these names and the library's bots, "
        "never a command of their own",
    )


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Serve until stopped (Ctrl-C)."""
    try:
        require("server", "serve")
    except MissingExtraError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    specs = {}
    for given in args.bot:
        name, sep, spec = given.partition("=")
        if not sep or not name.strip() or not spec.strip():
            parser.error(f"--bot {given!r}: give NAME=SPEC, such as mybot=cmd:./mybot")
        specs[name.strip()] = spec.strip()
    if not 0 < args.port < 65536:
        parser.error(f"--port {args.port}: a port from 1 to 65535")
    from ..server.app import run as serve

    print(
        f"skitgubbe: serving the tables of {args.db} on http://{args.host}:{args.port}/ "
        "(Ctrl-C stops)",
        file=sys.stderr,
        flush=True,
    )
    try:
        serve(args.db, host=args.host, port=args.port, bot_specs=specs)
    except KeyboardInterrupt:
        return 0
    return 0


#: The ``serve`` command.
COMMAND = Command(
    "serve",
    "serve tables people play at from a browser (needs the server extra)",
    __doc__.split("\n\n")[0].strip() if __doc__ else "",
    configure,
    run,
)
