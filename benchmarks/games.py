"""Throughput of whole games, from the deal to the goat, under random legal play.

One move is one ``legal_moves()`` plus one ``apply``, chosen uniformly among
every listed move (sluffs, ``done`` and ``gather`` included). Each game starts
from ``skitgubbe.deal(rules, players=N, seed=S)``. Run on one core:

    taskset -c 0 python benchmarks/games.py --preset flurst --players 4 --games 2000
    taskset -c 0 python benchmarks/games.py --preset all --players all --games 500

Prints moves per second and games per second for each preset and player count:
the median of ``--repeat`` runs, since a shared machine's timings vary. With
``--check`` it plays the games once without timing and reports any error, which
is how the engine is soaked (20,000 games per preset and player count). With
``--check --rulesets random`` every game has a ruleset of its own, drawn with
``skitgubbe.simulate.random_ruleset(random.Random(seed))`` (every setting, one or
two packs, any player count the rules allow), so that the soak covers the
settings and not only the presets:

    python benchmarks/games.py --check --rulesets random --games 100000

With ``--soak-minutes N`` it plays games for N minutes, alternating between every
preset at every player count and random rulesets, and prints the process's
resident memory as it goes, so that a long-running program can be seen to level
off (the engine's caches are bounded):

    taskset -c 0 python benchmarks/games.py --soak-minutes 20
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import time
import traceback

from skitgubbe import Phase, Ruleset, State, deal, presets
from skitgubbe.simulate import MAX_MOVES, random_ruleset

#: A random phase one longer than this is a loop: phase one always makes progress.
PHASE_ONE_CAP = 20_000
#: Random play in phase two can be long, but not this long.
GAME_CAP = 2_000_000


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


def play_out(rules: Ruleset, players: int, seed: int) -> tuple[int, int]:
    """Play one random game under any rules; return the moves of each phase.

    Raises :class:`RuntimeError` if phase one or the game goes on past its cap.
    """
    state: State = deal(rules, players=players, seed=seed)
    choose = random.Random(seed).choice
    moves = 0
    first = 0
    while not state.is_over:
        if moves >= GAME_CAP:
            raise RuntimeError(f"no end after {GAME_CAP} moves")
        if state.phase is Phase.ONE:
            first += 1
            if first > PHASE_ONE_CAP:
                raise RuntimeError(f"phase one goes on after {PHASE_ONE_CAP} moves")
        state = state.apply(choose(state.legal_moves()))
        moves += 1
    return first, moves - first


def check_random(games: int, first_seed: int) -> int:
    """Play ``games`` games, each under the random ruleset of its seed; report failures."""
    failures = 0
    longest = [0, 0]
    began = time.perf_counter()
    for seed in range(first_seed, first_seed + games):
        rules, players = random_ruleset(random.Random(seed))
        try:
            lengths = play_out(rules, players, seed)
        except Exception:  # report every failure, whatever it is
            failures += 1
            print(f"FAILED random_ruleset(random.Random({seed})): {players} players, {rules!r}")
            traceback.print_exc()
            continue
        longest = [max(a, b) for a, b in zip(longest, lengths, strict=True)]
        done = seed - first_seed + 1
        if done % 10_000 == 0 or done == games:
            print(
                f"random rulesets: {done:>8,} games  {failures} failed  longest phase one "
                f"{longest[0]:,} moves, phase two {longest[1]:,}  "
                f"({time.perf_counter() - began:.0f} s)",
                flush=True,
            )
    return failures


def resident_mb() -> float:
    """The process's resident memory now, in MB (the peak where /proc is missing)."""
    try:
        with open("/proc/self/statm") as statm:
            pages = int(statm.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except OSError:  # not Linux: the peak so far is the best figure there is
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**10


def soak(minutes: float, every: float) -> None:
    """Play games for ``minutes``, printing resident memory every ``every`` seconds,
    then whether it stayed flat over the second half of the run."""
    tables = [
        (rules, players)
        for rules in presets.ALL.values()
        for players in range(rules.min_players, rules.max_players + 1)
    ]
    began = time.perf_counter()
    end = began + 60 * minutes
    games = moves = 0
    readings: list[tuple[float, float]] = []
    next_reading = began
    while True:
        now = time.perf_counter()
        if now >= next_reading:
            readings.append((now - began, resident_mb()))
            print(
                f"{now - began:7.0f} s  {games:>8,} games  {moves:>12,} moves  "
                f"{readings[-1][1]:7.1f} MB resident",
                flush=True,
            )
            next_reading += every
        if now >= end:
            break
        if games % 2:
            rules, players = tables[games // 2 % len(tables)]
        else:
            rules, players = random_ruleset(random.Random(games))
        first, second = play_out(rules, players, games)
        moves += first + second
        games += 1
    half = [mb for at, mb in readings if at >= 30 * minutes]
    print(
        f"{games:,} games, {moves:,} moves in {minutes:g} minutes; resident memory: peak "
        f"{max(mb for _, mb in readings):.1f} MB, over the second half {min(half):.1f}-"
        f"{max(half):.1f} MB"
    )


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
    parser.add_argument(
        "--rulesets",
        choices=["presets", "random"],
        default="presets",
        help="with --check: 'random' gives every game a random ruleset of its own",
    )
    parser.add_argument(
        "--soak-minutes",
        type=float,
        help="play games of every preset and random rulesets for this long, printing memory",
    )
    parser.add_argument("--every", type=float, default=30, help="with --soak-minutes: seconds")
    args = parser.parse_args()
    if args.soak_minutes is not None:
        soak(args.soak_minutes, args.every)
        return
    if args.rulesets == "random":
        if not args.check:
            parser.error("--rulesets random needs --check")
        if check_random(args.games, args.first_seed):
            raise SystemExit("some games failed")
        return
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
