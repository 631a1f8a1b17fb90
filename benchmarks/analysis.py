"""How much of a game the analysis judges, and how long it takes.

Games of Flurst played by GreedyBots (seeds 0, 1, ...) are analysed one by one
as ``python -m skitgubbe analyse`` does (:func:`skitgubbe.solve.analyse`, one
solver for the whole game, ``--max-nodes`` positions a question): for each
number of players the script prints the phase-two moves, how many of them were
judged (the rest are beyond the solver's budget, and the analysis says so),
the blunders it marked, and the median and the worst seconds a game; under it,
the moves judged of those made with each number of seats still in play, and,
for each number of seats, by the cards left in the hands of the seats in play
(before the move), eight at a time: how far the solver reaches.

    python benchmarks/analysis.py --players 3 4 --games 20
    python benchmarks/analysis.py --players 4 --games 20 --max-nodes 1000000

It runs on whichever build is installed: build the compiled modules in place
first (``SKITGUBBE_MYPYC=1 python setup.py build_ext --inplace``) for the
compiled figures.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

import skitgubbe as sg
from skitgubbe.bots import GreedyBot, play_game
from skitgubbe.records import Record, replay
from skitgubbe.solve import ANALYSIS_NODES, analyse
from skitgubbe.state import PhaseTwoState


def greedy_record(seed: int, players: int) -> Record:
    """A game of Flurst of ``players`` GreedyBots, dealt from ``seed``."""
    return play_game(sg.presets.FLURST, [GreedyBot() for _ in range(players)], seed).record


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, nargs="+", default=[3, 4])
    parser.add_argument("--games", type=int, default=20, help="games for each number of players")
    parser.add_argument(
        "--max-nodes", type=int, default=ANALYSIS_NODES, help="positions a question at most"
    )
    args = parser.parse_args()
    build = "compiled" if sg.COMPILED else "pure"
    print(
        f"Flurst played by GreedyBots, {build} build, "
        f"{args.max_nodes:,} positions a question at most"
    )
    print(
        f"{'players':>7} {'games':>5} {'moves':>6} {'judged':>13} {'blunders':>8} "
        f"{'median s':>9} {'worst s':>8}"
    )
    for players in args.players:
        moves = judged = blunders = 0
        times: list[float] = []
        by_seats: dict[int, list[int]] = {}  # seats in play: [moves, judged]
        by_cards: dict[tuple[int, int], list[int]] = {}  # (seats, cards // 8): [moves, judged]
        for seed in range(args.games):
            record = greedy_record(seed, players)
            start = time.perf_counter()
            analysis = analyse(record, max_nodes=args.max_nodes)
            times.append(time.perf_counter() - start)
            moves += len(analysis.steps)
            judged += len(analysis.steps) - len(analysis.unjudged)
            blunders += len(analysis.blunders)
            states = replay(record)
            for step in analysis.steps:
                state = states[step.index]
                assert isinstance(state, PhaseTwoState)  # the analysis judges phase two
                seats = players - len(state.out)
                held = sum(
                    state.hand_size(seat) for seat in range(players) if seat not in state.out
                )
                for counts in (
                    by_seats.setdefault(seats, [0, 0]),
                    by_cards.setdefault((seats, (held - 1) // CARDS_STEP), [0, 0]),
                ):
                    counts[0] += 1
                    counts[1] += step.judged
        print(
            f"{players:>7} {args.games:>5} {moves:>6,} {share(judged, moves):>13} {blunders:>8} "
            f"{statistics.median(times):>9.3f} {max(times):>8.3f}"
        )
        for seats, (made, done) in sorted(by_seats.items()):
            print(f"{'':>7} {seats} seats in play: {share(done, made)} of {made:,} judged")
            cells = [
                f"{CARDS_STEP * bucket + 1}-{CARDS_STEP * (bucket + 1)}: "
                f"{share(part, whole)} of {whole:,}"
                for (where, bucket), (whole, part) in sorted(by_cards.items())
                if where == seats
            ]
            print(f"{'':>9} by cards in hands: {'; '.join(cells)}")
    return 0


#: The cards in hands are counted this many at a time in the table of how far
#: the solver reaches.
CARDS_STEP = 8


def share(part: int, whole: int) -> str:
    """``part`` of ``whole``, with its percentage."""
    return f"{part:,} ({part / whole:.0%})" if whole else "0"


if __name__ == "__main__":
    sys.exit(main())
