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
the median of each is shown, since other work on a shared machine slows some
runs. Such work also takes cores away from the workers, which lowers the
speed-up; the CPU time column does not depend on it: the games per CPU second of
the local runs, divided by one worker's, is the share of the workers' time spent
playing rather than on the overhead of parallel work. The load average printed
first says how busy the machine was.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import time

from skitgubbe.compare import StudyResult, study


def cpu_seconds() -> float:
    """CPU time of this process and of its finished child processes."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed(
    variants: list[str], players: int, games: int, **options: object
) -> tuple[float, float, StudyResult]:
    """Wall-clock seconds, CPU seconds (here and in worker processes) and the result."""
    began, cpu = time.perf_counter(), cpu_seconds()
    result = study(variants, players, games, seed=1, **options)  # type: ignore[arg-type]
    return time.perf_counter() - began, cpu_seconds() - cpu, result


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
    load = ", ".join(f"{value:.2f}" for value in os.getloadavg())
    print(
        f"{', '.join(args.variants)}: {args.players} players, {args.games} games "
        f"per variant ({played} games in all), median of {args.repeat} runs; "
        f"load average {load}"
    )
    runs: list[tuple[str, dict[str, object]]] = [
        ("1 worker", {"workers": 1}),
        (f"{args.workers} workers", {"workers": args.workers}),
    ]
    if args.ray:
        runs.append((f"ray, {args.workers} CPUs", {"workers": args.workers, "backend": "ray"}))
    seconds: dict[str, list[float]] = {label: [] for label, _ in runs}
    cpu: dict[str, list[float]] = {label: [] for label, _ in runs}
    first: StudyResult | None = None
    for _ in range(args.repeat):
        for label, options in runs:
            wall, spent, result = timed(args.variants, args.players, args.games, **options)
            seconds[label].append(wall)
            cpu[label].append(spent)
            first = first or result
            if result.rows != first.rows:
                raise SystemExit(f"{label}: the rows differ from the first run's")
    base = played / statistics.median(seconds[runs[0][0]])
    base_cpu = played / statistics.median(cpu[runs[0][0]])
    for label, options in runs:
        median = statistics.median(seconds[label])
        rate = played / median
        line = f"{label:<16} {median:7.2f} s  {rate:8.1f} games/s  speed-up {rate / base:4.2f}"
        if options.get("backend") != "ray":  # Ray's workers are not this process's children
            per_cpu = played / statistics.median(cpu[label])
            line += f"  {per_cpu:7.1f} games per CPU s  ({per_cpu / base_cpu:4.0%} of 1 worker's)"
        print(line)


if __name__ == "__main__":
    main()
