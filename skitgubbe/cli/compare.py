"""``compare``: what rule variants do to the game, measured on the same random games.

``python -m skitgubbe compare flurst swedish_goat "flurst:high_trump=true" --players 4
--games 20000`` prints how each variant's rules differ from the first's, the mean
of each measure per variant with its confidence interval, the paired
differences against the first variant (or ``--baseline``), and the goat's seat.
``--bots`` seats bots instead of random moves; given more than once, the study
is played once by each set of bots, on the same deals, and a last table sets the
differences side by side with how much they changed. Needs the ``compare``
extra; ``--plot`` the ``plot`` extra; ``--backend ray`` the ``ray`` extra.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..compare.diffs import diff
from ..compare.games import COLUMNS, Kind
from ..compare.study import BACKENDS, StudyError, check_study, study
from ..compare.summary import check_measures, side_by_side
from ..extras import MissingExtraError, require
from .commands import BOTS_HELP, Command, clashing_files, output_problem, progress_option

__all__ = ["COMMAND"]


def configure(parser: argparse.ArgumentParser) -> None:
    """The options of ``compare``."""
    parser.add_argument(
        "variants",
        nargs="+",
        metavar="VARIANT",
        help="a preset's name, or a spec such as flurst:high_trump=true,pick_up=top",
    )
    parser.add_argument("--players", type=int, default=4, help="players at each table (4)")
    parser.add_argument("--games", type=int, default=2000, help="games per variant (2000)")
    parser.add_argument("--seed", type=int, default=0, help="the study's seed (0)")
    parser.add_argument(
        "--baseline", default=None, help="the variant the others are compared with (the first)"
    )
    parser.add_argument(
        "--measures",
        default=None,
        help="measures to summarise, separated by commas, or 'all' (the headline measures)",
    )
    parser.add_argument(
        "--bots",
        action="append",
        default=None,
        help="bots at the seats instead of random moves: one for every seat, or one per "
        "seat separated by commas; more than once: the study once by each, side by side; "
        f"{BOTS_HELP}",
    )
    parser.add_argument("--jobs", type=int, default=None, help="worker processes (every core)")
    parser.add_argument("--backend", choices=BACKENDS, default="process")
    parser.add_argument("--address", default=None, help="a Ray cluster's address (with ray)")
    parser.add_argument("--csv", type=Path, default=None, help="write every game to this CSV file")
    parser.add_argument(
        "--jsonl", type=Path, default=None, help="write every game to this JSON-lines file"
    )
    parser.add_argument("--plot", type=Path, default=None, help="save a figure (PNG) here")
    parser.add_argument("--no-progress", action="store_true", help="show no progress bar")


def _measures(text: str | None) -> list[str] | None:
    if text is None:
        return None
    if text.strip() == "all":
        return [column.name for column in COLUMNS if column.kind is not Kind.IDENTITY]
    return [name.strip() for name in text.split(",") if name.strip()]


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Check everything, play the study, print what it found and write the files."""
    try:
        require("compare", "compare")
        if args.plot is not None:
            require("plot", "--plot")
        bot_sets: list[str | None] = list(args.bots) if args.bots else [None]
        for bots in bot_sets:
            variants = check_study(
                args.variants,
                args.players,
                args.games,
                args.seed,
                workers=args.jobs,
                backend=args.backend,
                address=args.address,
                bots=bots,
            )
        measures = _measures(args.measures)
        check_measures(measures)
    except (StudyError, MissingExtraError) as error:
        parser.error(str(error))
    except KeyError as error:  # an unknown measure; str() of a KeyError adds quotes
        parser.error(str(error.args[0]))
    specs = [variant.spec for variant in variants]
    baseline: int | str = 0
    if args.baseline is not None:
        found = [i for i, v in enumerate(variants) if args.baseline in (v.spec, args.variants[i])]
        if not found:
            parser.error(
                f"--baseline {args.baseline!r} is not one of the variants: {', '.join(specs)}"
            )
        baseline = found[0]
    clash = clashing_files(
        [(f"--{option}", getattr(args, option)) for option in ("csv", "jsonl", "plot")]
    )
    if clash is not None:
        parser.error(clash)
    for option in ("csv", "jsonl", "plot"):
        path = getattr(args, option)
        problem = None if path is None else output_problem(path)
        if problem is not None:
            parser.error(f"--{option}: {problem}")

    first = variants[0]
    for variant in variants[1:]:
        print(f"Rules: {variant.spec} against {first.spec}")
        print(diff(first, variant))
        print()
    results = []
    for number, bots in enumerate(bot_sets, start=1):
        if len(bot_sets) > 1:
            print(f"Study {number} of {len(bot_sets)}: played by {bots}\n")
        result = study(
            variants,
            args.players,
            args.games,
            args.seed,
            workers=args.jobs,
            backend=args.backend,
            address=args.address,
            progress=progress_option(
                args.no_progress, "compare" if len(bot_sets) == 1 else f"study {number}"
            ),
            bots=bots,
        )
        results.append(result)
        if result.interrupted:
            print(
                f"Interrupted: the figures below cover the {result.games_played:,} of "
                f"{result.games:,} games finished under every variant.",
                file=sys.stderr,
            )
        print(result.summary(baseline=baseline, measures=measures), end="")
        writers = (("csv", result.to_csv, "rows"), ("jsonl", result.to_jsonl, "lines"))
        for option, write, unit in writers:
            path = getattr(args, option)
            if path is not None:
                path = _numbered(path, number) if len(bot_sets) > 1 else path
                write(path)
                print(f"Wrote {len(result.rows):,} {unit} to {path}")
        print()
        if result.interrupted:
            return 130
    labels = [bots or "random moves" for bots in bot_sets]
    if len(results) > 1:
        print(side_by_side(results, labels, baseline=baseline, measures=measures), end="")
    if args.plot is not None:
        from ..compare.plot import plot, plot_side_by_side

        if len(results) > 1:
            plot_side_by_side(results, args.plot, labels)
        else:
            plot(results[0], args.plot)
        print(f"Saved the figure as {args.plot}")
    return 0


def _numbered(path: Path, number: int) -> Path:
    """``games.csv`` for the ``number``-th set of bots: ``games.2.csv``."""
    return path.with_name(f"{path.stem}.{number}{path.suffix}")


#: The ``compare`` command: plays a paired study of variants and prints its summary.
COMMAND = Command(
    "compare",
    "compare rule variants on the same random games, with confidence intervals",
    __doc__.split("\n\n")[0].strip() if __doc__ else "",
    configure,
    run,
)
