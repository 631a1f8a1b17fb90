"""The pure build and the compiled build side by side, in one run.

Whole random games as ``benchmarks/games.py`` plays them, by the pure source (a
copy of ``skitgubbe/`` without its compiled modules) and by the compiled build
built in place, in turn, ``--repeat`` times each; prints each build's median
moves per second, their ratio, and whether the two played the same games (the
same moves per game). Build the compiled modules first::

    SKITGUBBE_MYPYC=1 python setup.py build_ext --inplace
    taskset -c 0 python benchmarks/builds.py --preset flurst --players 4 --games 2000 --repeat 5
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

from _builds import pure_source

ROOT = Path(__file__).resolve().parent.parent
GAMES_SCRIPT = ROOT / "benchmarks" / "games.py"
LINE = re.compile(r"([\d,]+) moves/s .* ([\d.]+) moves/game")


def run(source: Path, preset: str, players: str, games: int) -> tuple[float, str]:
    """Moves per second of one pass of ``benchmarks/games.py`` on the build in
    ``source``, and the moves per game it reports (the same games give the same)."""
    command = [sys.executable, str(GAMES_SCRIPT), "--preset", preset, "--players", players]
    out = subprocess.run(
        [*command, "--games", str(games), "--repeat", "1"],
        capture_output=True,
        text=True,
        check=True,
        cwd=source,
        env={**os.environ, "PYTHONPATH": str(source)},
    ).stdout
    found = LINE.search(out)
    if found is None:
        raise RuntimeError(f"no figures in the output of benchmarks/games.py:\n{out}")
    return float(found.group(1).replace(",", "")), found.group(2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--preset", default="flurst")
    parser.add_argument("--players", default="4")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    if not any((ROOT / "skitgubbe").glob("*.so")):
        sys.exit(
            "no compiled modules in skitgubbe/: build them first with "
            "SKITGUBBE_MYPYC=1 python setup.py build_ext --inplace"
        )
    with pure_source() as pure:
        rates: dict[str, list[float]] = {"pure": [], "compiled": []}
        lengths: dict[str, set[str]] = {"pure": set(), "compiled": set()}
        for _ in range(args.repeat):
            for build, source in (("pure", pure), ("compiled", ROOT)):
                rate, length = run(source, args.preset, args.players, args.games)
                rates[build].append(rate)
                lengths[build].add(length)
    pure_rate = statistics.median(rates["pure"])
    compiled_rate = statistics.median(rates["compiled"])
    ratios = [c / p for p, c in zip(rates["pure"], rates["compiled"], strict=True)]
    print(f"{args.preset}, {args.players} players, {args.games} games, {args.repeat} runs each")
    print(f"pure      {pure_rate:>10,.0f} moves/s")
    print(f"compiled  {compiled_rate:>10,.0f} moves/s")
    print(
        f"compiled / pure: {compiled_rate / pure_rate:.2f} by the medians, "
        f"{statistics.median(ratios):.2f} by the median of the paired ratios"
    )
    same = lengths["pure"] == lengths["compiled"] and len(lengths["pure"]) == 1
    print(f"same games in both builds (moves per game): {'yes' if same else 'NO'}")


if __name__ == "__main__":
    main()
