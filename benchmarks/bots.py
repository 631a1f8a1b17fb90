"""The bars of the bots, measured: duplicate matches in 4-player Flurst.

    python benchmarks/bots.py --bar greedy --games 2000 --workers 2
    python benchmarks/bots.py --bar search --games 40 --workers 2
    taskset -c 0 python benchmarks/bots.py --bar speed --games 5
    python benchmarks/bots.py --bar builds --games 100 --seconds 0.01 --workers 2

``greedy``: GreedyBot against three RandomBots; passes when its goat rate and
the whole 95% interval lie below 25%. ``search``: SearchBot at its default
budget against three GreedyBots; passes when its goat rate minus the greedy
bots' mean rate, deal by deal, has a 95% interval below 0. ``speed``: SearchBot
against three GreedyBots in this one process; passes when SearchBot's mean time
per decision (a call with at least two options) is at most 0.5 s. Each prints
the match's table, the figure checked and PASS or FAIL.

``builds``: SearchBot at equal time per decision (``--seconds``, its playouts
otherwise unlimited) against three GreedyBots, once by the pure build (a copy
of ``skitgubbe/`` without its compiled modules) and once by the compiled build
built in place (``SKITGUBBE_MYPYC=1 python setup.py build_ext --inplace``), on
the same deals; prints each build's playouts a second and search minus greedy
with its 95% interval, and passes when the compiled build's lead is the larger
with the two intervals apart.
``timed`` is one of those runs, in whichever build is imported.
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

from _builds import pure_source

import skitgubbe
from skitgubbe import presets
from skitgubbe.bots import GreedyBot, RandomBot, SearchBot
from skitgubbe.tournament import MatchResult, match

#: The most SearchBot may take per decision, on average.
SPEED_BAR = 0.5


def _run(
    bots: list[GreedyBot | RandomBot | SearchBot], games: int, seed: int, workers: int
) -> MatchResult:
    start = time.perf_counter()

    def report(done: int, asked: int) -> None:  # a line per chunk when not on a terminal
        print(f"{done}/{asked} deals, {time.perf_counter() - start:.0f} s", file=sys.stderr)

    progress = True if sys.stderr.isatty() else report
    result = match(presets.FLURST, bots, games, seed, workers=workers, progress=progress)
    print(result.table())
    print(f"wall time: {time.perf_counter() - start:.0f} s with {workers} worker(s)")
    return result


def greedy_bar(games: int, seed: int, workers: int) -> bool:
    """GreedyBot against three RandomBots: goat in fewer than 25% of games."""
    result = _run([GreedyBot(), RandomBot(), RandomBot(), RandomBot()], games, seed, workers)
    rate = result.goat_rate(0)
    ok = rate.high < 0.25
    print(
        f"greedy goat rate {100 * rate.mean:.2f}% [95% CI {100 * rate.low:.2f}, "
        f"{100 * rate.high:.2f}] over {rate.n} deals: {'PASS' if ok else 'FAIL'} (below 25%)"
    )
    return ok


def search_bar(games: int, seed: int, workers: int) -> bool:
    """SearchBot against three GreedyBots: goat less often than they are."""
    result = _run([SearchBot(), GreedyBot(), GreedyBot(), GreedyBot()], games, seed, workers)
    rate = result.goat_rate(0)
    others = sum(result.goat_rate(i).mean for i in (1, 2, 3)) / 3
    diff = result.difference(0)
    ok = diff.high < 0
    print(
        f"search goat rate {100 * rate.mean:.2f}% [95% CI {100 * rate.low:.2f}, "
        f"{100 * rate.high:.2f}], greedy bots {100 * others:.2f}% on average; search minus "
        f"greedy {100 * diff.mean:.2f} points [95% CI {100 * diff.low:.2f}, "
        f"{100 * diff.high:.2f}] over {diff.n} deals: {'PASS' if ok else 'FAIL'} (below 0)"
    )
    return ok


def speed_bar(games: int, seed: int) -> bool:
    """SearchBot's mean time per decision in this one process."""
    search = SearchBot()
    result = _run([search, GreedyBot(), GreedyBot(), GreedyBot()], games, seed, 1)
    stats = result.stats()[0]
    ok = stats.seconds_per_decision <= SPEED_BAR
    print(
        f"search: {stats.seconds_per_decision:.3f} s per decision over {stats.decisions} "
        f"decisions on one core, {search.playouts_per_second:,.0f} playouts a second: "
        f"{'PASS' if ok else 'FAIL'} (at most {SPEED_BAR} s)"
    )
    return ok


#: The last line of a ``timed`` run: playouts a second, then search minus greedy
#: and its interval, in points.
TIMED = re.compile(r"^timed ([\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+)$", re.MULTILINE)


def timed_run(games: int, seed: int, workers: int, seconds: float) -> tuple[float, float]:
    """SearchBot with ``seconds`` a decision against three GreedyBots: playouts a
    second (one deal in this process), and the match's search minus greedy."""
    probe = SearchBot(playouts=1_000_000, seconds=seconds)
    match(presets.FLURST, [probe, GreedyBot(), GreedyBot(), GreedyBot()], 1, seed + 1)
    bots: list[GreedyBot | RandomBot | SearchBot] = [SearchBot(playouts=1_000_000, seconds=seconds)]
    bots += [GreedyBot(), GreedyBot(), GreedyBot()]
    result = _run(bots, games, seed, workers)
    diff = result.difference(0)
    build = "compiled" if skitgubbe.COMPILED else "pure"
    print(
        f"{build}: {probe.playouts_per_second:,.0f} playouts a second; search minus greedy "
        f"{100 * diff.mean:.2f} points [95% CI {100 * diff.low:.2f}, {100 * diff.high:.2f}] "
        f"over {diff.n} deals"
    )
    print(
        f"timed {probe.playouts_per_second:.0f} {100 * diff.mean:.2f} {100 * diff.low:.2f} "
        f"{100 * diff.high:.2f}"
    )
    return probe.playouts_per_second, diff.mean


def builds_bar(games: int, seed: int, workers: int, seconds: float) -> bool:
    """The timed run in the pure build and in the compiled one."""
    root = Path(__file__).resolve().parent.parent
    if not skitgubbe.COMPILED:
        sys.exit(
            "the compiled build is not built in place: build it first with "
            "SKITGUBBE_MYPYC=1 python setup.py build_ext --inplace"
        )
    found: dict[str, tuple[float, ...]] = {}
    with pure_source() as pure:
        for build, source in (("pure", pure), ("compiled", root)):
            command = [sys.executable, str(Path(__file__).resolve()), "--bar", "timed"]
            options = ["--games", str(games), "--seed", str(seed), "--workers", str(workers)]
            run = subprocess.run(
                [*command, *options, "--seconds", str(seconds)],
                capture_output=True,
                text=True,
                cwd=source,
                env={**os.environ, "PYTHONPATH": str(source)},
            )
            if run.returncode:
                sys.exit(f"the {build} build's run failed:\n{run.stdout}\n{run.stderr}")
            out = run.stdout
            line = TIMED.search(out)
            if line is None:
                raise RuntimeError(f"no figures in the timed run:\n{out}")
            found[build] = tuple(float(value) for value in line.groups())
            print(out.rsplit("\n", 3)[-3])
    # the compiled lead is larger when the two intervals do not overlap
    ok = found["compiled"][3] < found["pure"][2]
    print(
        f"{seconds} s a decision: compiled {found['compiled'][0] / found['pure'][0]:.2f} times "
        f"the playouts; search minus greedy {found['compiled'][1]:.2f} points compiled against "
        f"{found['pure'][1]:.2f} pure: {'PASS' if ok else 'FAIL'} (the compiled lead larger, "
        "the 95% intervals apart)"
    )
    return ok


def main() -> int:
    # Ctrl-C (SIGINT) stops a match and reports the deals finished, even when the
    # script was started in the background, where SIGINT is ignored by default.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--bar", choices=["greedy", "search", "speed", "timed", "builds"], required=True
    )
    parser.add_argument("--seconds", type=float, default=0.01, help="timed, builds (0.01)")
    parser.add_argument("--games", type=int, default=None, help="deals (each played 4 times)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    if args.bar == "greedy":
        ok = greedy_bar(args.games or 2000, args.seed, args.workers)
    elif args.bar == "search":
        ok = search_bar(args.games or 40, args.seed, args.workers)
    elif args.bar == "speed":
        ok = speed_bar(args.games or 5, args.seed)
    elif args.bar == "timed":
        timed_run(args.games or 100, args.seed, args.workers, args.seconds)
        ok = True
    else:
        ok = builds_bar(args.games or 100, args.seed, args.workers, args.seconds)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
