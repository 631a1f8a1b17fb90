"""The search bots' playouts in the pure build and the compiled build, in turn.

    SKITGUBBE_MYPYC=1 python setup.py build_ext --inplace
    taskset -c 0 python benchmarks/playouts.py --games 4 --repeat 5

Each pass plays the same seeded 4-player Flurst games of one ``SearchBot``
(its default 32 playouts a decision) and three ``GreedyBot`` players, and of
the tree search of :class:`~skitgubbe.bots.tree.TreeSearch` (a fixed number of
lines from the first positions of phase two of those games), once by the pure
source (a copy of ``skitgubbe/`` without its compiled modules) and once by the
compiled build built in place, ``--repeat`` times in turn. It prints each
build's median playouts a second (with the lowest and highest pass), their
ratio, and whether both builds made the same moves and found the same answers.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

from _builds import pure_source

ROOT = Path(__file__).resolve().parent.parent

#: One pass, run in the build found on ``PYTHONPATH``: prints the playouts a
#: second of the SearchBot, the tree's lines a second, and a digest of every
#: move and answer.
PASS = """
import hashlib, sys, time
import skitgubbe as sg
from skitgubbe.bots import GreedyBot, SearchBot
from skitgubbe.bots.tree import TreeSearch
from skitgubbe.state import PhaseTwoState

games, lines = int(sys.argv[1]), int(sys.argv[2])
digest = hashlib.blake2b()
search_seconds = playouts = 0.0
starts = []
for seed in range(games):
    bots = [SearchBot(), GreedyBot(), GreedyBot(), GreedyBot()]
    for seat, bot in enumerate(bots):
        bot.reset(seat, seed)
    state = sg.deal(sg.presets.FLURST, players=4, seed=seed)
    while not state.is_over:
        if isinstance(state, PhaseTwoState) and len(starts) == seed:
            starts.append(state)
        seat = state.due[0]
        move = bots[seat].choose(state.view(seat), state.legal_moves(seat))
        digest.update(str(move).encode())
        state = state.apply(move)
    search_seconds += bots[0].search_seconds
    playouts += bots[0].playouts_made
tree_seconds = 0.0
for state in starts:
    start = time.perf_counter()
    answer = TreeSearch().search(state, iterations=lines)
    tree_seconds += time.perf_counter() - start
    digest.update(repr(answer).encode())
rates = playouts / search_seconds, lines * len(starts) / tree_seconds
print(sg.COMPILED, *rates, digest.hexdigest())
"""


def one_pass(source: Path, games: int, lines: int) -> tuple[str, float, float, str]:
    out = subprocess.run(
        [sys.executable, "-c", PASS, str(games), str(lines)],
        capture_output=True,
        text=True,
        check=True,
        cwd=source,
        env={**os.environ, "PYTHONPATH": str(source)},
    ).stdout.split()
    return out[0], float(out[1]), float(out[2]), out[3]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--lines", type=int, default=300, help="tree lines a position")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with pure_source() as pure:
        runs: dict[str, list[tuple[float, float]]] = {"pure": [], "compiled": []}
        digests: dict[str, set[str]] = {"pure": set(), "compiled": set()}
        for _ in range(args.repeat):
            for name, source in (("pure", pure), ("compiled", ROOT)):
                flag, search, tree, digest = one_pass(source, args.games, args.lines)
                if (flag == "True") != (name == "compiled"):
                    print(f"the {name} pass ran the wrong build: build the compiled modules first")
                    return 1
                runs[name].append((search, tree))
                digests[name].add(digest)
    print(
        f"4-player Flurst, {args.games} games of SearchBot against three GreedyBots, "
        f"and {args.lines} tree lines from each game's first phase-two position; "
        f"{args.repeat} passes a build, in turn"
    )
    medians = {}
    for name, figures in runs.items():
        for index, what in ((0, "SearchBot playouts/s"), (1, "tree lines/s")):
            values = [figure[index] for figure in figures]
            medians[name, index] = statistics.median(values)
            print(
                f"  {name:8} {what:21} {medians[name, index]:>9,.0f} "
                f"(lowest {min(values):,.0f}, highest {max(values):,.0f})"
            )
    for index, what in ((0, "SearchBot playouts"), (1, "tree lines")):
        ratio = medians["compiled", index] / medians["pure", index]
        print(f"  compiled / pure, {what}: {ratio:.2f}")
    same = len(digests["pure"] | digests["compiled"]) == 1
    print(f"  the same moves and answers in both builds: {'yes' if same else 'NO'}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
