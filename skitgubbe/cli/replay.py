"""``replay``: a saved game, move by move, or as a page to step through in a browser.

``python -m skitgubbe replay game.json`` reads a record as
:meth:`~skitgubbe.records.Record.to_json` writes it (``play --record`` saves
one), checks every move, and prints the moves and the goat;
``--html game.html`` writes the replay page (see
:mod:`skitgubbe.render.replay`).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from ..records import ReplayError, replay
from .commands import Command, clashing_files, output_problem, read_record, write_replay

__all__ = ["COMMAND"]


def configure(parser: argparse.ArgumentParser) -> None:
    """The options of ``replay``."""
    parser.add_argument("record", type=Path, help="a game record (JSON)")
    parser.add_argument(
        "--html", type=Path, default=None, help="write a replay page to step through in a browser"
    )


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Read and check the record; print it, and write the page if asked."""
    clash = clashing_files([("the record", args.record), ("--html", args.html)])
    if clash is not None:
        parser.error(clash)
    if args.html is not None:
        problem = output_problem(args.html)
        if problem is not None:
            parser.error(f"--html: {problem}")
    try:
        record = read_record(args.record)
        states = replay(record)
    except OSError as error:
        parser.error(f"cannot read {args.record}: {error.strerror or error}")
    except (ValueError, ReplayError) as error:
        parser.error(f"{args.record}: {error}")
    final = states[-1]
    print(f"{record.preset or 'a variant'}, {record.deal.players} players, seed {record.deal.seed}")
    for number, move in enumerate(record.moves, 1):
        print(f"{number:4}. {move}")
    if final.is_over:
        print(f"Seat {final.loser} is the goat after {len(record.moves)} moves.")
    else:
        print(f"The record stops after {len(record.moves)} moves, before the game ends.")
    if args.html is not None:
        write_replay(args.html, [record])
    return 0


#: The ``replay`` command.
COMMAND = Command(
    "replay",
    "check a saved game record and print it, or write it as a page to replay in a browser",
    __doc__.split("\n\n")[0].strip() if __doc__ else "",
    configure,
    run,
)
