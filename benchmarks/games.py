"""Throughput of whole games, from the deal to the goat, under random legal play.

One move is one ``legal_moves()`` plus one ``apply``, chosen uniformly among
every listed move (sluffs, ``done`` and ``gather`` included). Each game starts
from ``skitgubbe.deal(rules, players=N, seed=S)``. Run on one core:

    taskset -c 0 python benchmarks/games.py --preset flurst --players 4 --games 2000
    taskset -c 0 python benchmarks/games.py --preset all --players all --games 500

Prints moves per second and games per second for each preset and player count:
the median of ``--repeat`` runs, since a shared machine's timings vary. With
``--check`` it plays the games once without timing and reports any error, which
is how the engine is soaked (20,000 games per preset and player count).
"""

from __future__ import annotations

import argparse
import random
import time
import traceback

from skitgubbe import State, deal, presets
from skitgubbe.simulate import MAX_MOVES


def play(name: str, players: int, seed: int) -> int:
    """Play one random game; return its number of moves."""
    state: State = deal(presets.get(name), players=players, seed=seed)
    choose = random.Random(seed).choice
    for moves in range(MAX_MOVES):
        if state.is_over:
            return moves
        state = state.apply(choose(state.legal_moves()))
    raise RuntimeError(f"{name}, {players} players, seed {seed}: no end after {MAX_MOVES} moves")


def measure(name: str, players: int, games: int) -> tuple[float, float, float]:
    """Play ``games`` random games: moves/s, games/s and moves per game."""
    rules = presets.get(name)
    moves = 0
    playing = 0.0
    start = time.perf_counter()
    for seed in range(games):
        state: State = deal(rules, players=players, seed=seed)
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


def check(name: str, players: int, games: int, first_seed: int) -> int:
    """Play ``games`` games untimed; print and count the ones that fail."""
    failures = 0
    for seed in range(first_seed, first_seed + games):
        try:
            play(name, players, seed)
        except Exception:  # report every failure, whatever it is
            failures += 1
            print(f"FAILED {name} {players} players seed {seed}")
            traceback.print_exc()
    return failures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="flurst", choices=[*presets.NAMES, "all"])
    parser.add_argument(
        "--players", default="4", help="a number (clipped to each preset's range) or 'all'"
    )
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3, help="runs of each; the median is shown")
    parser.add_argument("--check", action="store_true", help="play untimed and report errors")
    parser.add_argument("--first-seed", type=int, default=0, help="with --check")
    args = parser.parse_args()
    names = presets.NAMES if args.preset == "all" else (args.preset,)
    failures = 0
    for name in names:
        rules = presets.get(name)
        if args.players == "all":
            counts = list(range(rules.min_players, rules.max_players + 1))
        else:
            counts = [min(max(int(args.players), rules.min_players), rules.max_players)]
        for players in counts:
            if args.check:
                began = time.perf_counter()
                failed = check(name, players, args.games, args.first_seed)
                failures += failed
                print(
                    f"{name:<13} {players} players {args.games:>6} games  {failed} failed  "
                    f"({time.perf_counter() - began:.0f} s)",
                    flush=True,
                )
                continue
            runs = sorted(measure(name, players, args.games) for _ in range(args.repeat))
            moves_per_second, games_per_second, length = runs[len(runs) // 2]
            print(
                f"{name:<13} {players} players {args.games:>6} games  "
                f"{moves_per_second:>9,.0f} moves/s  {games_per_second:>7,.1f} games/s  "
                f"{length:>7.1f} moves/game  (median of {args.repeat})",
                flush=True,
            )
    if failures:
        raise SystemExit(f"{failures} games failed")


if __name__ == "__main__":
    main()
