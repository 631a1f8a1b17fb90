"""How far a bot's phase two is from the best answer to three SearchBots.

    python benchmarks/best_response.py --positions 40 --bot pimc#100 --workers 2
    python benchmarks/best_response.py --positions 10 --bot pimc@0.1 --nodes 5000

In phase two a player who remembers phase one knows every hand, and a
``SearchBot`` then plays the same move every time: from a known position its
answers are a fixed function of the position. So whether a seat *could* have
escaped against them is a question with an exact answer: search every move of
that seat, each followed by the SearchBots' own answers, until one line escapes
(a best response, as the exploitability of poker bots is measured against a
fixed opponent). A line that comes back to a position it passed through counts
as not escaping by that way; ``--nodes`` bounds the positions searched a
question, and a question beyond it is counted as such, never guessed.

On the first positions of phase two of ``benchmarks/strength_phase_two.py``
(the same positions and seats, the bot in one seat and three SearchBots in the
others, seeded alike), it prints:

* in how many games a best response escapes: how low a goat rate any player
  could reach against these opponents from these positions;
* the bot's goat rate on the same games;
* for each game the bot lost, its last decision from which a best response
  still escaped (where the game was lost), counted by the seats still in play,
  with the cards in hand there and whether the solver proves that the other
  seats together could make the bot the goat from it (the solver's paranoid
  verdict, within ``--solve-nodes``), which says whether a proof could have
  helped.

Run it on the compiled build for speed (the same answers in both builds).
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import time
from collections.abc import Sequence

from strength_phase_two import PLAYERS, bot_named, described, positions

from skitgubbe.bots import Bot, SearchBot
from skitgubbe.moves import Move
from skitgubbe.runner.stats import mean_interval
from skitgubbe.solve import Solver
from skitgubbe.state import PhaseTwoState, State


class Beyond(Exception):
    """The search passed its budget of positions."""


def answer(bots: Sequence[Bot], state: State, seat: int) -> Move:
    """What the bot at ``seat`` plays in ``state``."""
    move = bots[seat].choose(state.view(seat), state.legal_moves(seat))
    assert move is not None
    return move


def is_out(state: State, seat: int) -> bool:
    """Whether ``seat`` has gone out in ``state``."""
    return isinstance(state, PhaseTwoState) and seat in state.out


def escapes(start: State, seat: int, bots: Sequence[Bot], budget: int) -> bool | None:
    """Whether some line of ``seat``'s moves, the others answering as ``bots``
    do, escapes being the goat from ``start``; ``None`` past ``budget``
    positions of ``seat``'s to move.

    The others' answers being fixed, the question is whether an end that
    ``seat`` escapes can be reached at all from ``start`` by its moves: a search
    of the graph depth first, each position searched once. A position met again
    while its own search is still going on reads "no" there; that "no" may be
    wrong for the position (it may escape by way of the one still searching),
    but the answer for ``start`` is exact, as every position reached is
    searched through to its end before ``start`` is answered."""
    seen: dict[State, bool] = {}

    def search(state: State) -> bool:
        while not state.is_over and not is_out(state, seat) and state.due[0] != seat:
            state = state.apply(answer(bots, state, state.due[0]))
        if state.is_over or is_out(state, seat):
            return state.loser != seat
        if state in seen:
            return seen[state]
        if len(seen) >= budget:
            raise Beyond
        seen[state] = False  # a line that comes back here does not escape by it
        found = any(search(state.apply(move)) for move in state.legal_moves(seat))
        seen[state] = found
        return found

    try:
        return search(start)
    except Beyond:
        return None


def opponents(seat: int) -> list[Bot]:
    """Three SearchBots and no bot at ``seat`` (the seat a best response plays)."""
    bots: list[Bot] = [SearchBot() for _ in range(PLAYERS)]
    for place, bot in enumerate(bots):
        bot.reset(place, place)
    return bots


def played(name: str, start: State, seat: int, index: int) -> tuple[bool, list[State]]:
    """A game of the bot named ``name`` at ``seat`` from ``start`` against three
    SearchBots, seeded as ``strength_phase_two.py`` seeds it: whether it was the
    goat, and the positions of its decisions with a choice."""
    bots: list[Bot] = [SearchBot() for _ in range(PLAYERS)]
    bots[seat] = bot_named(name)
    for place, bot in enumerate(bots):
        bot.reset(place, 1000 * index + place)
    decisions = []
    state = start
    while not state.is_over:
        mover = state.due[0]
        if mover == seat and len(state.legal_moves(mover)) > 1:
            decisions.append(state)
        state = state.apply(answer(bots, state, mover))
    return state.loser == seat, decisions


#: What one game gives: whether a best response escapes from the start (None:
#: beyond the budget), whether the bot was the goat, and where it lost (seats
#: in play, cards in hand, the paranoid verdict's name) or None.
Result = tuple[bool | None, bool, tuple[int, int, str] | None]


def judge(task: tuple[str, PhaseTwoState, int, int, int, int]) -> Result:
    """One position and seat: the best response, the bot's game and where it lost."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 100_000))  # a line is searched in depth
    try:
        return _judged(task)
    finally:  # the process goes on as it was (a test's process, say)
        sys.setrecursionlimit(limit)


def _judged(task: tuple[str, PhaseTwoState, int, int, int, int]) -> Result:
    """:func:`judge`, with the recursion limit raised."""
    name, start, seat, index, budget, solve_nodes = task
    others = opponents(seat)
    best = escapes(start, seat, others, budget)
    goat, decisions = played(name, start, seat, index)
    where = None
    if goat:
        for state in reversed(decisions):
            if escapes(state, seat, others, budget):
                assert isinstance(state, PhaseTwoState)
                verdict = Solver().solve(state, seat, max_nodes=solve_nodes)
                where = (
                    state.active.bit_count(),
                    sum(mask.bit_count() for mask in state.hand_masks),
                    (
                        verdict.verdict.name.lower()
                        if verdict.complete and verdict.verdict is not None
                        else "beyond"
                    ),
                )
                break
    return best, goat, where


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--bot", default="pimc#100", help="the bot measured, by name")
    parser.add_argument(
        "--nodes", type=int, default=20_000, help="positions a best-response question at most"
    )
    parser.add_argument(
        "--solve-nodes", type=int, default=200_000, help="positions the solver spends at most"
    )
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv)
    if args.positions < 1 or args.nodes < 1 or args.solve_nodes < 1:
        parser.error("--positions, --nodes and --solve-nodes take whole numbers of at least 1")
    try:
        bot_named(args.bot)
    except ValueError as error:
        parser.error(f"--bot: {error}")
    starts = positions(args.positions, args.seed)
    print(
        f"{described(starts)}; three SearchBots in the other seats; {args.nodes:,} "
        "positions a best-response question at most"
    )
    tasks = [
        (args.bot, state, seat, index, args.nodes, args.solve_nodes)
        for index, state in enumerate(starts)
        for seat in range(PLAYERS)
    ]
    begun = time.perf_counter()
    results: list[Result]
    if args.workers == 1:
        results = [judge(task) for task in tasks]
    else:
        with multiprocessing.Pool(args.workers) as pool:
            results = pool.map(judge, tasks, chunksize=1)
    games = len(results)
    beyond = sum(best is None for best, _, _ in results)
    forced = sum(best is False for best, _, _ in results)
    print(
        f"a best response escapes in {games - beyond - forced} of {games} games; "
        f"the goat whatever it plays in {forced}; beyond the budget in {beyond}"
    )
    per_position = [
        sum(goat for _, goat, _ in results[PLAYERS * i : PLAYERS * (i + 1)]) / PLAYERS
        for i in range(len(starts))
    ]
    rate = mean_interval(per_position)
    lost = [where for _, goat, where in results if goat]
    print(
        f"{args.bot}: goat in {len(lost)} of {games} games, {100 * rate.mean:.1f}% "
        f"[{100 * rate.low:.1f}, {100 * rate.high:.1f}]"
    )
    print("where it lost (its last decision from which a best response escaped):")
    print(f"{'seats in play':>14} {'games':>6} {'median cards':>13}  solver's paranoid verdict")
    for seats in range(2, PLAYERS + 1):
        here = [where for where in lost if where is not None and where[0] == seats]
        if not here:
            continue
        verdicts = {name: sum(w[2] == name for w in here) for name in sorted({w[2] for w in here})}
        named = ", ".join(f"{name} {count}" for name, count in verdicts.items())
        print(f"{seats:>14} {len(here):>6} {statistics.median(w[1] for w in here):>13g}  {named}")
    unplaced = sum(where is None for where in lost)
    if unplaced:
        print(f"{'none found':>14} {unplaced:>6}  (no decision of its escaped within the budget)")
    print(f"{time.perf_counter() - begun:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
