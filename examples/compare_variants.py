"""Compare rule variants: how long are games, and how often does the leader lose?

Plays the same random deals under a preset and some variants of it, with
uniformly random players, and prints a small table.

Run: python examples/compare_variants.py [--games 300]
"""

from __future__ import annotations

import argparse

import attrs

import skitgubbe as sg
from skitgubbe.simulate import random_moves, random_phase_two


def measure(rules: sg.Ruleset, players: int, games: int) -> tuple[float, float]:
    """Average moves per game, and the share of games the first leader loses."""
    moves = lost = 0
    for seed in range(games):
        start = random_phase_two(rules, players, seed)
        leader = start.to_act[0] if start.to_act else -1
        final: sg.State = start
        for _, final in random_moves(start, seed):  # noqa: B007
            moves += 1
        lost += final.loser == leader
    return moves / games, lost / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()

    base = sg.presets.FLURST
    variants = {
        "flurst": base,
        "beat within the suit": attrs.evolve(base, beat=sg.Beat.SUIT),
        "high-trump rule": attrs.evolve(base, high_trump=True),
        "pick up the top play": attrs.evolve(base, pick_up=sg.PickUpRule.TOP),
        "forced pick-up": attrs.evolve(base, forced_pick=True),
        "single cards only": attrs.evolve(base, runs=sg.Runs.SINGLE),
    }
    print(f"{args.games} random games, {args.players} players, the same deals for each rule set")
    print(f"{'rules':<24}{'moves/game':>12}{'leader loses':>14}")
    for name, rules in variants.items():
        length, share = measure(rules, args.players, args.games)
        print(f"{name:<24}{length:>12.1f}{share:>14.1%}")


if __name__ == "__main__":
    main()
