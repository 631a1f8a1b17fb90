"""``benchmarks/best_response.py``: the best response finds every escape a bot
found and every escape the solver proves (against any play of the others, so
against the SearchBots' too), and says when it ran out of budget."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from types import ModuleType

import pytest

from skitgubbe.bots import Bot
from skitgubbe.bots.playouts import playout_move
from skitgubbe.solve import Solver, Verdict
from skitgubbe.state import PhaseTwoState, State

from .helpers import BENCHMARKS, benchmark_script


@pytest.fixture(scope="module")
def bench() -> Iterator[ModuleType]:
    sys.path.insert(0, str(BENCHMARKS))  # it reads the positions of strength_phase_two.py
    try:
        yield benchmark_script("best_response")
    finally:
        sys.path.remove(str(BENCHMARKS))


def endings(bench: ModuleType, count: int, cards: int) -> list[PhaseTwoState]:
    """Positions of greedy play on from the benchmark's first positions of phase
    two, the first with at most ``cards`` cards in hand, not over."""
    found = []
    for start in bench.positions(count, 2026):
        state: PhaseTwoState = start
        while not state.is_over and sum(m.bit_count() for m in state.hand_masks) > cards:
            after = state.apply(playout_move(state, state.due[0]))
            assert isinstance(after, PhaseTwoState)
            state = after
        if not state.is_over:
            found.append(state)
    return found


def test_an_escape_the_solver_proves_is_found(
    bench: ModuleType,
) -> None:
    seen = {True: 0, False: 0}
    proved = 0
    for state in endings(bench, 8, 10):
        for seat in range(state.players):
            if not state.active >> seat & 1:
                continue
            best = bench.escapes(state, seat, bench.opponents(seat), 20_000)
            assert best is not None
            seen[best] += 1
            answer = Solver().solve(state, seat, max_nodes=50_000)
            if answer.complete and answer.verdict is Verdict.ESCAPES:
                proved += 1
                assert best, (state, seat)  # it escapes against any play: against these too
    assert seen[True] and seen[False] and proved  # both answers were met, and proofs


def plainly_escapes(
    bench: ModuleType, state: State, seat: int, bots: list[Bot], path: frozenset[State]
) -> bool:
    """The best response searched plainly: every line of ``seat``'s moves, no
    table, a line that comes back to a position on it not escaping."""
    while not state.is_over and not bench.is_out(state, seat) and state.due[0] != seat:
        state = state.apply(bench.answer(bots, state, state.due[0]))
    if state.is_over or bench.is_out(state, seat):
        return state.loser != seat
    if state in path:
        return False
    return any(
        plainly_escapes(bench, state.apply(move), seat, bots, path | {state})
        for move in state.legal_moves(seat)
    )


def test_the_best_response_is_the_plain_search_s(bench: ModuleType) -> None:
    answers = []
    for state in endings(bench, 12, 10):
        for seat in range(state.players):
            if state.active >> seat & 1:
                bots = bench.opponents(seat)
                best = bench.escapes(state, seat, bots, 20_000)
                assert best == plainly_escapes(bench, state, seat, bots, frozenset()), (state, seat)
                first_only = (
                    plainly_escapes(
                        bench, state.apply(state.legal_moves(seat)[0]), seat, bots, frozenset()
                    )
                    if state.due[0] == seat
                    else best
                )
                answers.append((best, first_only))
    assert (True, False) in answers  # some escape needs another move than the first
    assert any(not best for best, _ in answers)


def test_a_seat_a_bot_brought_through_could_escape(bench: ModuleType) -> None:
    starts = endings(bench, 3, 16)
    escaped = 0
    for index, state in enumerate(starts):
        for seat in range(state.players):
            if not state.active >> seat & 1:
                continue
            goat, decisions = bench.played("greedy", state, seat, index)
            best = bench.escapes(state, seat, bench.opponents(seat), 50_000)
            if not goat:
                escaped += 1
                assert best is True, (index, seat)
            assert all(d.due[0] == seat for d in decisions)
    assert escaped


def test_the_budget_is_kept_and_said(bench: ModuleType) -> None:
    start = bench.positions(1, 2026)[0]
    assert bench.escapes(start, 0, bench.opponents(0), 1) is None


def test_the_report_counts_every_game(
    bench: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    limit = sys.getrecursionlimit()
    assert bench.main(["--positions", "1", "--bot", "greedy", "--nodes", "300"]) == 0
    assert sys.getrecursionlimit() == limit  # raised for the search only, then put back
    out = capsys.readouterr().out
    found = re.search(
        r"a best response escapes in (\d+) of 4 games; the goat whatever it plays in (\d+); "
        r"beyond the budget in (\d+)",
        out,
    )
    assert found is not None, out
    assert sum(map(int, found.groups())) == 4
    lost = re.search(r"greedy: goat in (\d+) of 4 games", out)
    assert lost is not None, out
    rows = re.findall(r"^\s+([234])\s+(\d+)\s+[\d.]+\s+\w", out, re.MULTILINE)
    unplaced = re.search(r"none found\s+(\d+)", out)
    placed = sum(int(games) for _, games in rows)
    assert placed + (int(unplaced.group(1)) if unplaced else 0) == int(lost.group(1))
