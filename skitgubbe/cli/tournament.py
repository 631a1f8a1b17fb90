"""``tournament``: many bots at balanced tables, rated, with forfeits, resumable.

``python -m skitgubbe tournament --bots greedy,search,random,'cmd:node
examples/bots/random_bot.js' --players 4 --games 100 --preset flurst --save
t.jsonl`` seats every set of four bots at a table in each round, plays each
table's deal once per rotation, and prints a leaderboard: each bot's OpenSkill
rating with its uncertainty, goat rate and mean place with 95% intervals, games
and forfeits, best first. ``tournament --resume t.jsonl`` goes on after Ctrl-C
or a kill.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from collections.abc import Callable
from pathlib import Path

from .. import presets
from ..bots.command import is_command_spec
from ..extras import MissingExtraError, require
from ..runner.games import DEFAULT_LIMITS, Limits
from ..tournament.run import (
    BACKENDS,
    DEFAULT_MAX_FORFEITS,
    LIBRARY_BOTS,
    TournamentError,
    TournamentResult,
    resume,
    tournament,
)
from .commands import (
    BOTS_HELP,
    KEY_HELP,
    SEED_HELP,
    Command,
    clashing_files,
    key_option,
    output_problem,
    progress_option,
    seed_option,
)

__all__ = ["COMMAND", "LOGS_GONE", "add_limits", "limits_of"]


#: Said after a run whose programs forfeited, when their logs were not kept.
LOGS_GONE = (
    "The programs' logs went with the run (the forfeits above quote their last lines); "
    "give --bot-logs DIR to keep them."
)


def add_limits(parser: argparse.ArgumentParser) -> None:
    """The time-limit and bot-log options shared by ``match`` and ``tournament``."""
    parser.add_argument(
        "--move-time",
        type=float,
        default=None,
        help=f"seconds a bot has for one move ({DEFAULT_LIMITS.move:g}); a bot over it forfeits",
    )
    parser.add_argument(
        "--game-time",
        type=float,
        default=None,
        help=f"seconds a bot has for all its moves in a game ({DEFAULT_LIMITS.game:g})",
    )
    parser.add_argument(
        "--bot-logs",
        type=Path,
        default=None,
        help="keep the standard error of cmd: bots in this folder (a log a bot and worker, "
        "at most 1 MiB each); without it the logs are removed when the run ends",
    )


def limits_of(args: argparse.Namespace) -> Limits:
    """The limits the options give (the defaults where not given); :class:`ValueError`
    names a bad one."""
    move = DEFAULT_LIMITS.move if args.move_time is None else args.move_time
    game = DEFAULT_LIMITS.game if args.game_time is None else args.game_time
    for option, value in (("--move-time", move), ("--game-time", game)):
        if not value > 0:
            raise ValueError(f"{option} must be a positive number of seconds, not {value:g}")
    return Limits(move, game)


def configure(parser: argparse.ArgumentParser) -> None:
    """The options of ``tournament``."""
    parser.add_argument("--preset", default="flurst", choices=presets.NAMES)
    parser.add_argument("--bots", help=f"the bots, separated by commas; {BOTS_HELP}")
    parser.add_argument("--players", type=int, default=4, help="players at each table (4)")
    parser.add_argument(
        "--games",
        type=int,
        default=None,
        help=(
            "deals to play at least, each once per seating as in match, rounded up to whole "
            "rounds (one round)"
        ),
    )
    parser.add_argument(
        "--seed", type=seed_option, default=0, help=f"the tournament's seed (0): {SEED_HELP}"
    )
    parser.add_argument("--key", type=key_option, default=None, help=KEY_HELP)
    parser.add_argument(
        "--max-forfeits",
        type=int,
        default=None,
        help=f"forfeits after which a bot is dropped ({DEFAULT_MAX_FORFEITS})",
    )
    add_limits(parser)
    parser.add_argument("--jobs", type=int, default=None, help="worker processes (every core)")
    parser.add_argument("--backend", choices=BACKENDS, default="process", help="where to play")
    parser.add_argument("--address", default=None, help="the Ray cluster's address")
    parser.add_argument("--save", type=Path, default=None, help="record every finished table here")
    parser.add_argument(
        "--resume", type=Path, default=None, help="go on with the tournament saved in this file"
    )
    parser.add_argument("--csv", type=Path, default=None, help="write the leaderboard as CSV here")
    parser.add_argument("--no-progress", action="store_true", help="show no progress bar")


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Play (or resume) the tournament and print its leaderboard."""
    progress = progress_option(args.no_progress, "tournament")
    try:
        require("tournament", "a tournament's leaderboard")
        clash = clashing_files(
            [("--resume", args.resume), ("--save", args.save), ("--csv", args.csv)]
        )
        if clash is not None:
            raise ValueError(clash)
        if args.csv is not None:
            problem = output_problem(args.csv)
            if problem is not None:
                raise ValueError(f"--csv: {problem}")
        limits = limits_of(args)
        if args.resume is not None:
            given = [
                option
                for option, value in (
                    ("--key", args.key),
                    ("--save", args.save),
                    ("--games", args.games),
                    ("--move-time", args.move_time),
                    ("--game-time", args.game_time),
                    ("--max-forfeits", args.max_forfeits),
                )
                if value is not None
            ]
            if given:
                raise ValueError(
                    "--resume takes every setting from its file (give --bots only to name "
                    "its bots again): leave out " + ", ".join(given)
                )
            result = _run_resume(args, progress)
        else:
            if args.bots is None:
                raise ValueError("name the bots with --bots (or give --resume FILE)")
            if args.save is not None:
                problem = output_problem(args.save)
                if problem is not None:
                    raise ValueError(f"--save: {problem}")
            result = tournament(
                presets.get(args.preset),
                _names(args.bots),
                args.players,
                None if args.games is None else args.games * args.players,
                args.seed,
                rounds=None if args.games is not None else 1,
                limits=limits,
                max_forfeits=(
                    DEFAULT_MAX_FORFEITS if args.max_forfeits is None else args.max_forfeits
                ),
                workers=args.jobs,
                backend=args.backend,
                address=args.address,
                progress=progress,
                save=args.save,
                preset=args.preset,
                log_dir=args.bot_logs,
                key=args.key,
            )
    except (TournamentError, MissingExtraError, ValueError) as error:
        parser.error(str(error))
    return _report(result, args)


def _run_resume(
    args: argparse.Namespace, progress: bool | Callable[[int, int], None]
) -> TournamentResult:
    return resume(
        args.resume,
        workers=args.jobs,
        backend=args.backend,
        address=args.address,
        progress=progress,
        log_dir=args.bot_logs,
        bots=None if args.bots is None else _names(args.bots),
    )


def _names(text: str) -> list[str]:
    return [name.strip() for name in text.split(",") if name.strip()]


def _report(result: TournamentResult, args: argparse.Namespace) -> int:
    board = result.leaderboard()
    print(board.table())
    if result.forfeits and args.bot_logs is None and any(is_command_spec(s) for s in result.specs):
        print(LOGS_GONE, file=sys.stderr)
    if args.csv is not None:
        board.to_csv(args.csv)
        print(f"wrote the leaderboard to {args.csv}")
    if result.interrupted:
        saved = args.resume or args.save
        if saved is not None:
            named = args.bots or ",".join(result.specs)
            again = (
                ""
                if all(bot in LIBRARY_BOTS for bot in _names(named))
                else (f" --bots {shlex.quote(named)}")
            )
            print(
                "Stopped before the end; go on with: "
                f"python -m skitgubbe tournament --resume {shlex.quote(str(saved))}{again}",
                file=sys.stderr,
            )
        else:
            print(
                "Stopped before the end (give --save FILE to be able to resume).", file=sys.stderr
            )
        return 130
    return 0


#: The ``tournament`` command.
COMMAND = Command(
    "tournament",
    "rate many bots at balanced tables, with time limits, forfeits and resume",
    __doc__.split("\n\n")[0].strip() if __doc__ else "",
    configure,
    run,
)
