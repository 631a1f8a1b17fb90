"""``match``: bots against each other on duplicate deals, with goat rates.

``python -m skitgubbe match --preset flurst --players 4 --bots
search,greedy,random,random --games 400 --seed 1`` plays 400 deals, each once
per rotation of the bots through the seats, and prints one row per bot: its goat
rate as a percentage with its 95% interval, its decisions and the time they
took. Ctrl-C stops and reports the deals finished.
"""

from __future__ import annotations

import argparse
import sys

from .. import presets
from ..bots import MatchError, parse_bots
from ..bots.command import CommandBot
from ..errors import shown
from ..extras import MissingExtraError, require
from ..runner.backends import MAX_GAMES
from ..text import printable
from ..tournament import match
from .commands import (
    BOTS_HELP,
    KEY_HELP,
    SEED_HELP,
    Command,
    key_option,
    progress_option,
    seed_option,
)
from .tournament import LOGS_GONE, add_limits, limits_of

__all__ = ["COMMAND"]


def configure(parser: argparse.ArgumentParser) -> None:
    """The options of ``match``."""
    parser.add_argument("--preset", default="flurst", choices=presets.NAMES)
    parser.add_argument(
        "--bots",
        required=True,
        help=f"one bot per seat, separated by commas; {BOTS_HELP}",
    )
    parser.add_argument(
        "--players", type=int, default=None, help="players at the table (as many as bots)"
    )
    parser.add_argument(
        "--games",
        type=int,
        default=100,
        help="deals, each played once per seating: games = deals x seatings (100)",
    )
    parser.add_argument(
        "--seed", type=seed_option, default=0, help=f"the match's seed (0): {SEED_HELP}"
    )
    parser.add_argument("--key", type=key_option, default=None, help=KEY_HELP)
    parser.add_argument("--jobs", type=int, default=None, help="worker processes (every core)")
    parser.add_argument("--no-progress", action="store_true", help="show no progress bar")
    add_limits(parser)


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Check the options, play the match and print its table."""
    rules = presets.get(args.preset)
    progress = progress_option(args.no_progress, "match", unit="deals")
    try:
        limits = limits_of(args)
        bots = parse_bots(args.bots, args.players, log_dir=args.bot_logs)
        if not rules.min_players <= len(bots) <= rules.max_players:
            raise MatchError(
                f"{args.preset} seats {rules.min_players}-{rules.max_players} players, "
                f"not {len(bots)}"
            )
        if not 1 <= args.games <= MAX_GAMES:
            raise MatchError(f"--games must be from 1 to {MAX_GAMES:,}, not {shown(args.games)}")
        if args.jobs is not None and args.jobs < 1:
            raise MatchError(f"--jobs must be at least 1, not {args.jobs}")
        if progress is True:
            require("compare", "a progress bar (or give --no-progress)")
    except (MatchError, MissingExtraError, ValueError) as error:
        parser.error(str(error))
    names = printable(", ".join(bot.name for bot in bots))
    print(f"{args.preset}, {len(bots)} players: {names}")
    result = match(
        rules,
        bots,
        args.games,
        args.seed,
        workers=args.jobs,
        progress=progress,
        limits=limits,
        key=args.key,
        keep_rows=False,  # the table needs none, so a long match's memory stays flat
    )
    if result.interrupted:
        print(
            f"Interrupted: the figures below cover the {result.games_played:,} of "
            f"{result.games:,} deals finished.",
            file=sys.stderr,
        )
    print(result.table())
    if (
        result.forfeit_games
        and args.bot_logs is None
        and any(isinstance(b, CommandBot) for b in bots)
    ):
        print(LOGS_GONE, file=sys.stderr)
    return 130 if result.interrupted else 0


#: The ``match`` command: a duplicate match between bots.
COMMAND = Command(
    "match",
    "play bots against each other on duplicate deals and compare their goat rates",
    __doc__.split("\n\n")[0].strip() if __doc__ else "",
    configure,
    run,
)
