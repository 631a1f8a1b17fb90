"""Throughput of phase two under uniformly random legal play.

One move is one ``legal_moves()`` plus one ``apply``. Run on one core:

    taskset -c 0 python benchmarks/phase_two.py --games 2000

Prints moves per second and games per second.
"""

from __future__ import annotations

import argparse
import random
import time

from skitgubbe import presets
from skitgubbe.simulate import MAX_MOVES, random_phase_two


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--preset", default="atlanta", choices=presets.NAMES)
    args = parser.parse_args()
    rules = presets.get(args.preset)

    moves = 0
    playing = 0.0
    start = time.perf_counter()
    for seed in range(args.games):
        state = random_phase_two(rules, args.players, seed)
        choose = random.Random(seed).choice
        began = time.perf_counter()
        for _ in range(MAX_MOVES):
            if state.is_over:
                break
            state = state.apply(choose(state.legal_moves()))
            moves += 1
        else:
            raise RuntimeError(f"game {seed} did not end")
        playing += time.perf_counter() - began
    total = time.perf_counter() - start
    print(
        f"{args.preset}, {args.players} players, {args.games} games: "
        f"{moves / playing:,.0f} moves/s, {args.games / total:,.1f} games/s "
        f"({moves / args.games:.1f} moves per game)"
    )


if __name__ == "__main__":
    main()
