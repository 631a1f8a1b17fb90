"""How fast the phase-two solver answers, by the cards left in hands.

Positions come from real games: random Flurst play into phase two, then on until
``N`` cards are left in the hands of the seats still playing (two seats, or
three). Each is solved for the seat to move with a budget of positions; the
script prints, for each ``N``, how many were solved within the budget, the
median and the worst time and positions gathered, and where it asks for more
than one ``N``, the same over all of them together (the row ``all``).

    python benchmarks/solve.py --seats 2 --cards 8 10 12 14 --games 100 --max-nodes 500000
    python benchmarks/solve.py --seats 3 --cards 6 8 10 12 --games 100 --max-nodes 500000

Each answer is the verdict and one move that keeps it, as a bot asks;
``--every-move`` names every such move, and ``--quickest`` asks for the quickest
forcing line (the proof search, which counts moves) where two seats are left,
instead of the verdict alone (the race).

``--seconds`` limits each position's time as well, so that the positions
solved are those solved within it (``--seconds 5 --max-nodes 1000000000`` asks
which are solved within 5 s).

``--unsolved`` lists, under each ``N``'s row, every position the budget did not
solve: its game's seed, the hands, the trump, the play on the table and the seat
to act, so that the hard positions can be studied on their own; ``--seeds``
tries only the games of the seeds it names, to solve those positions again:

    python benchmarks/solve.py --cards 24 --games 200 --max-nodes 20000000 --unsolved
    python benchmarks/solve.py --cards 24 --seeds 47 120 --max-nodes 300000000

It runs on whichever build is installed: build the compiled modules in place
first (``SKITGUBBE_MYPYC=1 python setup.py build_ext --inplace``) for the
compiled figures, and delete them for the pure ones.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

import skitgubbe as sg
from skitgubbe.solve import solve
from skitgubbe.state import PhaseTwoState, State


def position(seed: int, players: int, seats: int, cards: int) -> PhaseTwoState | None:
    """A random game of ``players`` played until ``seats`` seats are left with
    ``cards`` cards in their hands, or ``None`` if the game never stands so."""
    rng = random.Random(seed)
    state: State = sg.deal(sg.presets.FLURST, players=players, seed=seed)
    while not state.is_over:
        if isinstance(state, PhaseTwoState):
            playing = [seat for seat in range(players) if seat not in state.out]
            held = sum(state.hand_size(seat) for seat in playing)
            if len(playing) == seats and held <= cards:
                return state if held == cards else None
            if len(playing) < seats:
                return None
        state = state.apply(rng.choice(state.legal_moves()))
    return None


def described(seed: int, state: PhaseTwoState) -> str:
    """One line naming a position of the game of ``seed``: each seat still
    playing with its hand, the trump, the play on the table and who acts."""
    playing = [seat for seat in range(state.players) if seat not in state.out]
    hands = "; ".join(f"seat {seat}: {sg.format_cards(state.hand(seat))}" for seat in playing)
    trump = state.trump if state.trump is not None else "none"
    table = ", ".join(
        f"seat {seat} led {sg.format_cards(play)}"
        for seat, play in zip(state.table_seats, state.table, strict=True)
    )
    return (
        f"seed {seed}: {hands}; trump {trump}; "
        f"{table or 'the table empty'}; seat {state.turn} to act"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seats", type=int, default=2, help="seats left in play")
    parser.add_argument("--cards", type=int, nargs="+", default=[4, 6, 8, 10])
    parser.add_argument("--games", type=int, default=200, help="games tried for each N")
    parser.add_argument("--max-nodes", type=int, default=200_000)
    parser.add_argument(
        "--seconds",
        type=float,
        help="a time limit for each position too (counted as unsolved past it)",
    )
    parser.add_argument(
        "--seeds", type=int, nargs="+", help="only the games of these seeds (instead of --games)"
    )
    parser.add_argument(
        "--unsolved", action="store_true", help="list the positions the budget did not solve"
    )
    parser.add_argument(
        "--quickest", action="store_true", help="count the quickest line (the proof search)"
    )
    parser.add_argument(
        "--every-move",
        action="store_true",
        help="name every move that keeps the verdict (by default one, as a bot asks)",
    )
    args = parser.parse_args()
    build = "compiled" if sg.COMPILED else "pure"
    search = ", the quickest line" if args.quickest else ""
    search += ", every move that keeps it" if args.every_move else ", one move that keeps it"
    limit = f" and {args.seconds:g} s" if args.seconds is not None else ""
    print(
        f"Flurst, {args.seats} seats left, {build} build, "
        f"budget {args.max_nodes:,} positions{limit}" + search
    )
    print(f"{'cards':>5} {'solved':>9} {'median s':>9} {'worst s':>9} {'median nodes':>13}")
    every_time: list[float] = []
    every_node: list[int] = []
    every_tried = 0
    for cards in args.cards:
        times, nodes, tried = [], [], 0
        unsolved: list[str] = []
        for seed in args.seeds if args.seeds is not None else range(args.games):
            state = position(seed, max(3, args.seats), args.seats, cards)
            if state is None:
                continue
            tried += 1
            start = time.perf_counter()
            answer = solve(
                state,
                max_nodes=args.max_nodes,
                seconds=args.seconds,
                quickest=args.quickest,
                one_move=not args.every_move,
            )
            spent = time.perf_counter() - start
            if answer.complete:
                times.append(spent)
                nodes.append(answer.nodes)
            else:
                unsolved.append(described(seed, state))
        print(row(str(cards), times, nodes, tried))
        if args.unsolved:
            for line in unsolved:
                print(f"      unsolved: {line}")
        every_time += times
        every_node += nodes
        every_tried += tried
    if len(args.cards) > 1:  # the positions of every size asked, together
        print(row("all", every_time, every_node, every_tried))
    return 0


def row(label: str, times: list[float], nodes: list[int], tried: int) -> str:
    """A line of the table: the positions solved of those tried, the median
    and the worst time, and the median positions searched."""
    if not times:
        return f"{label:>5} {0:>4} of {tried:<3}"
    return (
        f"{label:>5} {len(times):>4} of {tried:<3} {statistics.median(times):>9.4f} "
        f"{max(times):>9.4f} {statistics.median(nodes):>13,.0f}"
    )


if __name__ == "__main__":
    sys.exit(main())
