"""Command line: watch a phase-two game between random players, move by move.

Run ``python -m skitgubbe --preset flurst --players 4 --seed 7``; ``--help`` lists
the options.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from . import presets
from .cards import format_cards
from .events import EventKind
from .simulate import random_moves, random_phase_two
from .state import PhaseTwoState

_SHOWN = {
    EventKind.KILLED: "kills",
    EventKind.EMPTIED: "empties the table",
    EventKind.THREE_CARDS: "three cards!",
    EventKind.ONE_CARD: "one card!",
    EventKind.OUT: "is out",
    EventKind.DREW: "draws",
    EventKind.LEAD_PASSED: "cannot lead; the lead passes",
    EventKind.LEADS: "leads",
    EventKind.GOAT: "is the goat",
}


def main(argv: Sequence[str] | None = None) -> int:
    """Deal random phase-two hands and print a game of uniformly random legal moves."""
    script = Path(sys.argv[0]).name
    parser = argparse.ArgumentParser(
        prog="python -m skitgubbe" if script == "__main__.py" else script,
        description="Play a phase-two game of Skitgubbe between random players.",
    )
    parser.add_argument("--preset", default="flurst", choices=presets.NAMES)
    parser.add_argument("--players", type=int, default=None, help="default: the preset's fewest")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rules = presets.get(args.preset)
    players = args.players or max(rules.min_players, min(3, rules.max_players))
    try:
        state = random_phase_two(rules, players, args.seed)
    except ValueError as error:
        parser.error(str(error))

    print(f"{args.preset}, {players} players, seed {args.seed}; trump {state.trump.symbol}")
    for seat in range(players):
        print(f"  seat {seat}: {format_cards(state.hand(seat))}")
    if state.reserve:
        print(f"  avstickshög: {len(state.reserve)} cards")
    count = 0
    for move, after in random_moves(state, args.seed):
        count += 1
        assert isinstance(after, PhaseTwoState)
        table = " | ".join(format_cards(play) for play in after.table) or "-"
        print(f"{count:4}. {move!s:<30} table: {table}")
        for event in after.events:
            if event.kind in _SHOWN:
                cards = f" {format_cards(event.cards)}" if event.kind is EventKind.KILLED else ""
                print(f"        seat {event.player} {_SHOWN[event.kind]}{cards}")
        state = after
    print(f"Seat {state.loser} is the goat after {count} moves.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
