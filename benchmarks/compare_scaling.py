"""Parallel efficiency of paired studies: games per second on one worker and on several.

Plays the same study (by default 4-player Flurst, one variant) on one worker (in
this process, no pool) and on ``--workers`` worker processes, and with ``--ray``
also as Ray tasks on a local cluster of that many CPUs; prints games per second
and the speed-up over one worker, and checks that every run gave the same rows.
A run on two workers should reach at least 1.8 times the games per second of one.

    python benchmarks/compare_scaling.py --games 2000
    python benchmarks/compare_scaling.py --games 2000 --ray

Timings include starting the workers (and Ray), as a user of
``skitgubbe.compare.study`` sees them. The runs take turns ``--repeat`` times and
the median of each is shown, since other work on a shared machine slows some runs;
on a busy machine the speed-up is lower than on an idle one.
"""

from __future__ import annotations

import argparse
import statistics
import time

from skitgubbe.compare import StudyResult, study


def timed(
    variants: list[str], players: int, games: int, **options: object
) -> tuple[float, StudyResult]:
    began = time.perf_counter()
    result = study(variants, players, games, seed=1, **options)  # type: ignore[arg-type]
    return time.perf_counter() - began, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variants", nargs="*", default=["flurst"])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--ray", action="store_true", help="also time Ray on a local cluster")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each; medians are shown")
    args = parser.parse_args()
    played = args.games * len(args.variants)
    print(
        f"{', '.join(args.variants)}: {args.players} players, {args.games} games "
        f"per variant ({played} games in all), median of {args.repeat} runs"
    )
    runs: list[tuple[str, dict[str, object]]] = [
        ("1 worker", {"workers": 1}),
        (f"{args.workers} workers", {"workers": args.workers}),
    ]
    if args.ray:
        runs.append((f"ray, {args.workers} CPUs", {"workers": args.workers, "backend": "ray"}))
    seconds: dict[str, list[float]] = {label: [] for label, _ in runs}
    first: StudyResult | None = None
    for _ in range(args.repeat):
        for label, options in runs:
            spent, result = timed(args.variants, args.players, args.games, **options)
            seconds[label].append(spent)
            first = first or result
            if result.rows != first.rows:
                raise SystemExit(f"{label}: the rows differ from the first run's")
    base = played / statistics.median(seconds[runs[0][0]])
    for label, _ in runs:
        median = statistics.median(seconds[label])
        rate = played / median
        print(f"{label:<16} {median:7.2f} s  {rate:8.1f} games/s  speed-up {rate / base:4.2f}")


if __name__ == "__main__":
    main()
