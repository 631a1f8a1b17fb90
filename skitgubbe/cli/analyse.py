"""``analyse``: a saved game judged by the phase-two solver, its blunders marked.

``python -m skitgubbe analyse game.json`` reads a record (as ``play --record``
saves one), asks the solver, for every move of phase two, what its player could
force before the move and after it, and prints the moves with both verdicts, the
blunders (a move that threw away an escape the player could have forced) marked
with the moves that kept it. Positions beyond the solver's budget (``--nodes``
positions a question, ``--seconds`` a question, ``--total`` in all) are left
unjudged and said so. ``--html`` writes the
replay page with each step's verdict; ``--json`` the analysis as data. See
:mod:`skitgubbe.solve.analysis`.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from ..records import ReplayError
from ..solve import ANALYSIS_NODES, analyse
from .commands import Command, clashing_files, output_problem, read_record, write_replay

__all__ = ["COMMAND"]


def configure(parser: argparse.ArgumentParser) -> None:
    """The options of ``analyse``."""
    parser.add_argument("record", type=Path, help="a game record (JSON)")
    parser.add_argument(
        "--nodes",
        type=int,
        default=ANALYSIS_NODES,
        help=f"positions the solver may search for each question (default {ANALYSIS_NODES:,})",
    )
    parser.add_argument(
        "--seconds", type=float, default=None, help="also stop each question after this long"
    )
    parser.add_argument(
        "--total",
        type=float,
        default=None,
        help="keep the whole analysis within this many seconds (the earlier moves not "
        "reached are left unjudged)",
    )
    parser.add_argument(
        "--html", type=Path, default=None, help="write the replay page with verdicts"
    )
    parser.add_argument("--json", type=Path, default=None, help="write the analysis as JSON")
    parser.add_argument("--no-progress", action="store_true", help="say nothing while judging")


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Read the record, judge it, print the table; write the page and data if asked."""
    clash = clashing_files(
        [("the record", args.record), ("--html", args.html), ("--json", args.json)]
    )
    if clash is not None:
        parser.error(clash)
    for option, path in (("--html", args.html), ("--json", args.json)):
        if path is not None:
            problem = output_problem(path)
            if problem is not None:
                parser.error(f"{option}: {problem}")
    if not 1 <= args.nodes <= 100_000_000:
        parser.error(f"--nodes: give from 1 to 100,000,000 positions, not {args.nodes:,}")
    if args.seconds is not None and not args.seconds > 0:
        parser.error(f"--seconds: give a time above 0, not {args.seconds}")
    if args.total is not None and not args.total > 0:
        parser.error(f"--total: give a time above 0, not {args.total}")
    try:
        record = read_record(args.record)
        started = time.perf_counter()
        shown = [0.0]

        def report(done: int, total: int) -> None:
            now = time.perf_counter()
            if args.no_progress or (now - shown[0] < 1.0 and done < total):
                return
            shown[0] = now
            print(
                f"\rjudged {done} of {total} phase-two moves, last first ({now - started:.0f} s)",
                end="\n" if done == total else "",
                file=sys.stderr,
                flush=True,
            )

        analysis = analyse(
            record,
            max_nodes=args.nodes,
            seconds=args.seconds,
            progress=report,
            total_seconds=args.total,
        )
    except OSError as error:
        parser.error(f"cannot read {args.record}: {error.strerror or error}")
    except (ValueError, ReplayError) as error:
        parser.error(f"{args.record}: {error}")
    print(f"{record.preset or 'a variant'}, {record.deal.players} players, seed {record.deal.seed}")
    print(analysis.table())
    for step in analysis.blunders:
        print(f"move {step.index + 1}, {step.move}: {step.note}")
    if args.json is not None:
        args.json.write_text(json.dumps(analysis.to_dict(), indent=1) + "\n", encoding="utf-8")
        print(f"Wrote the analysis to {args.json}.")
    if args.html is not None:
        write_replay(args.html, [record], notes=[analysis.notes()])
    return 0


#: The ``analyse`` command.
COMMAND = Command(
    "analyse",
    "judge a saved game's phase-two moves with the solver and mark the blunders",
    __doc__.split("\n\n")[0].strip() if __doc__ else "",
    configure,
    run,
)
