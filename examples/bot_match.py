"""Write a bot and measure it: a careful player against random ones.

A bot sees only its own view and its own legal moves (the ``skitgubbe.bots.Bot``
protocol). ``CarefulBot`` below never sluffs, leads low and, in phase two, beats
with the cheapest play; ``match`` plays it against random bots on duplicate
deals (each deal once per seating) and prints each bot's goat rate with its 95%
interval.

Run: python examples/bot_match.py --preset flurst --games 100
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

import skitgubbe as sg
from skitgubbe.bots import Bot, RandomBot, is_due
from skitgubbe.tournament import match


class CarefulBot:
    """Phase one: never sluff, play the lowest card. Phase two: beat with the
    cheapest play, pick up only when nothing beats."""

    name = "careful"

    def reset(self, seat: int, seed: int) -> None:
        """Nothing to seed: the bot makes no random choice."""

    def choose(self, view: sg.PlayerView, moves: Sequence[sg.Move]) -> sg.Move | None:
        """The careful move, or nothing when it may let play go on."""
        if not is_due(view):
            return None  # never sluff
        plays = [move for move in moves if isinstance(move, sg.Play)]
        if not plays:
            return next((m for m in moves if not isinstance(m, sg.Sluff)), moves[0])
        return min(plays, key=lambda m: (min(c.rank for c in m.cards), -len(m.cards)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--preset", default="flurst", choices=sg.presets.NAMES)
    parser.add_argument("--games", type=int, default=100, help="deals (each played per seating)")
    parser.add_argument("--jobs", type=int, default=None, help="worker processes (every core)")
    args = parser.parse_args()
    rules = sg.presets.get(args.preset)
    players = max(rules.min_players, min(4, rules.max_players))
    bots: list[Bot] = [CarefulBot(), *(RandomBot() for _ in range(players - 1))]
    result = match(rules, bots, args.games, seed=1, workers=args.jobs)
    print(f"{args.preset}: {args.games} deals, {players} players")
    print(result.table())


if __name__ == "__main__":
    main()
