"""Throughput of phase two under uniformly random legal play.

One move is one ``legal_moves()`` plus one ``apply``; games start from seeded
random hands (``skitgubbe.simulate.random_phase_two``). Run on one core:

    taskset -c 0 python benchmarks/phase_two.py --games 3000
    taskset -c 0 python benchmarks/phase_two.py --preset all --games 1000

Prints moves per second and games per second for each preset measured: the
median of ``--repeat`` runs, since a shared machine's timings vary.
"""

from __future__ import annotations

import argparse
import random
import time

from skitgubbe import presets
from skitgubbe.simulate import MAX_MOVES, random_phase_two


def measure(name: str, players: int, games: int) -> tuple[float, float, float]:
    """Play ``games`` random games of the preset ``name``: moves/s, games/s, moves/game."""
    rules = presets.get(name)
    moves = 0
    playing = 0.0
    start = time.perf_counter()
    for seed in range(games):
        state = random_phase_two(rules, players, seed)
        choose = random.Random(seed).choice
        began = time.perf_counter()
        for _ in range(MAX_MOVES):
            if state.is_over:
                break
            state = state.apply(choose(state.legal_moves()))
            moves += 1
        else:
            raise RuntimeError(f"{name}: game {seed} did not end")
        playing += time.perf_counter() - began
    total = time.perf_counter() - start
    return moves / playing, games / total, moves / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--players", type=int, default=3, help="clipped to each preset's range")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each; the median is shown")
    parser.add_argument(
        "--preset",
        default="atlanta",
        choices=[*presets.NAMES, "all"],
        help="default: atlanta (3 players, runs, the lowest joined run picked up)",
    )
    args = parser.parse_args()
    names = presets.NAMES if args.preset == "all" else (args.preset,)
    for name in names:
        rules = presets.get(name)
        players = min(max(args.players, rules.min_players), rules.max_players)
        runs = sorted(measure(name, players, args.games) for _ in range(args.repeat))
        moves_per_second, games_per_second, length = runs[len(runs) // 2]
        print(
            f"{name:<13} {players} players {args.games:>6} games  "
            f"{moves_per_second:>9,.0f} moves/s  {games_per_second:>7,.1f} games/s  "
            f"{length:>6.1f} moves/game  (median of {args.repeat})",
            flush=True,
        )


if __name__ == "__main__":
    main()
