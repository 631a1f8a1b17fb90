"""The tree search of a known phase-two position: its budget, its answers in
positions the solver settles, and its use by the PIMC bot."""

from __future__ import annotations

import random

import pytest

import skitgubbe as sg
from skitgubbe.bots import PimcBot
from skitgubbe.bots.playouts import playout_move
from skitgubbe.bots.tree import TreeSearch
from skitgubbe.solve import Verdict, solve
from skitgubbe.state import PhaseTwoState, State


def phase_two(players: int, seed: int, cards: int = 99, seats: int = 0) -> PhaseTwoState:
    """A phase-two position of a random Flurst game, once at most ``cards`` are
    left in hands (and, if ``seats``, exactly that many seats are left)."""
    rng = random.Random(seed)
    for deal in range(seed, seed + 400):
        state: State = sg.deal(sg.presets.FLURST, players=players, seed=deal)
        while not state.is_over and not (
            isinstance(state, PhaseTwoState)
            and sum(mask.bit_count() for mask in state.hand_masks) <= cards
            and (not seats or state.active.bit_count() == seats)
        ):
            state = state.apply(rng.choice(state.legal_moves()))
        if (
            isinstance(state, PhaseTwoState)
            and not state.is_over
            and (not seats or state.active.bit_count() == seats)
        ):
            return state
    raise AssertionError("no such position")  # pragma: no cover


def test_it_plays_as_many_lines_as_it_is_given_and_repeats_itself() -> None:
    state = phase_two(4, 1)
    search = TreeSearch()
    answer = search.search(state, iterations=60)
    assert answer.iterations == 60
    # every line passes through exactly one of the moves at the root
    assert sum(answer.visits) == 60
    assert all(0.0 <= value <= 1.0 for value in answer.values)
    assert set(answer.moves) == set(state.legal_moves(state.due[0]))
    assert answer.best == answer.moves[answer.visits.index(max(answer.visits))]
    assert TreeSearch().search(state, iterations=60) == answer


def test_with_no_line_played_it_answers_the_greedy_move() -> None:
    state = phase_two(3, 2)
    answer = TreeSearch().search(state, iterations=0)
    assert answer.iterations == 0 and not any(answer.visits)
    assert answer.best == playout_move(state, state.due[0])
    assert TreeSearch().search(state, seconds=0.0).iterations == 0


def test_it_keeps_to_the_moves_it_is_given_and_refuses_what_it_cannot_search() -> None:
    state = phase_two(3, 3)
    moves = state.legal_moves(state.due[0])
    assert len(moves) > 1
    answer = TreeSearch().search(state, iterations=20, moves=moves[1:])
    assert set(answer.moves) == set(moves[1:])
    elsewhere = phase_two(3, 9)
    foreign = [m for m in elsewhere.legal_moves(elsewhere.due[0]) if m not in moves]
    assert foreign
    with pytest.raises(ValueError, match="legal moves of the seat to move"):
        TreeSearch().search(state, iterations=5, moves=[*moves, foreign[0]])
    with pytest.raises(ValueError, match="legal moves of the seat to move"):
        TreeSearch().search(state, iterations=5, moves=[])
    with pytest.raises(ValueError, match="seconds, iterations or both"):
        TreeSearch().search(state)
    with pytest.raises(ValueError, match="phase-two position"):
        TreeSearch().search(sg.deal(sg.presets.FLURST, players=3, seed=1), iterations=5)
    with pytest.raises(ValueError, match="exploration must be at least 0"):
        TreeSearch(exploration=-1.0)
    with pytest.raises(ValueError, match="widening must be at least 0"):
        TreeSearch(widening=-0.5)


def test_widening_lets_a_position_s_moves_in_one_by_one_in_the_greedy_order() -> None:
    state = phase_two(4, 1)
    assert len(state.legal_moves(state.due[0])) > 4
    # tried n times, the root searches its first ceil(sqrt(n)) moves: the 10th
    # line is still among 3 moves; the 11th (the root tried 10 times) lets the 4th in
    answer = TreeSearch(widening=1.0).search(state, iterations=10)
    assert all(answer.visits[:3]) and not any(answer.visits[3:])
    answer = TreeSearch(widening=1.0).search(state, iterations=11)
    assert answer.visits[3] == 1 and not any(answer.visits[4:])
    every = TreeSearch().search(state, iterations=len(answer.moves))
    assert all(visits == 1 for visits in every.visits)  # without widening, all at once


def two_seat_positions(count: int) -> list[PhaseTwoState]:
    """Two-seat positions with at most 8 cards in hand where the seat to move
    has moves of both verdicts (some keep its escape, some lose it)."""
    found: list[PhaseTwoState] = []
    for seed in range(200):
        state = phase_two(3, seed, cards=8, seats=2)
        me = state.due[0]
        verdicts = {solve(state.apply(move), me).verdict for move in state.legal_moves(me)}
        if {Verdict.ESCAPES, Verdict.GOAT} <= verdicts and state not in found:
            found.append(state)
            if len(found) == count:
                break
    return found


def test_where_the_solver_settles_a_line_it_is_worth_its_verdict() -> None:
    """The first line through each move stops at once, settled by the solver: a
    move that keeps the seat's escape is worth exactly what going out next is,
    one that loses it exactly 0 (the goat); given more lines, the search ends on
    a move that keeps the escape."""
    positions = two_seat_positions(4)
    assert len(positions) == 4
    for state in positions:
        me = state.due[0]
        escape = 1.0 - 0.2 * len(state.out) / (state.players - 1)
        moves = state.legal_moves(me)
        answer = TreeSearch(settle_cards=8).search(state, iterations=len(moves))
        assert answer.visits == (1,) * len(moves)
        for move, value in zip(answer.moves, answer.values, strict=True):
            escapes = solve(state.apply(move), me).verdict is Verdict.ESCAPES
            assert value == (escape if escapes else 0.0), (state, move)
        best = TreeSearch(settle_cards=8).search(state, iterations=200).best
        assert solve(state.apply(best), me).verdict is Verdict.ESCAPES


def test_unsettled_it_still_finds_the_escape_by_playing_the_lines_out() -> None:
    """No line settled by the solver: in these small two-seat games the search
    finds a move that keeps the escape, where the greedy move is one that loses
    it in at least one of them."""
    positions = two_seat_positions(4)
    greedy_loses = 0
    for state in positions:
        me = state.due[0]
        answer = TreeSearch(settle_cards=0).search(state, iterations=3000)
        assert solve(state.apply(answer.best), me).verdict is Verdict.ESCAPES, state
        greedy = playout_move(state, me)
        greedy_loses += solve(state.apply(greedy), me).verdict is not Verdict.ESCAPES
    assert greedy_loses >= 1


def test_the_pimc_bot_searches_the_tree_where_the_solver_proves_nothing() -> None:
    state = phase_two(4, 4)
    me = state.due[0]
    assert not solve(state, me, max_nodes=2000).complete
    bot = PimcBot(None, playouts=40, solve_nodes=2000)
    bot.reset(me, 1)
    move = bot.choose(state.view(me), state.legal_moves(me))
    expected = TreeSearch().search(state, iterations=40).best
    assert bot.playouts_made == 40 and bot.solved == 0
    assert move == expected


def test_a_line_the_clock_cuts_short_leaves_nothing_behind(monkeypatch: pytest.MonkeyPatch) -> None:
    """A clock that moves on ten ticks each time it is read cuts lines short in
    the middle of their playouts; each answer still counts only whole lines."""
    import time

    ticks = iter(range(0, 10**9, 10))
    monkeypatch.setattr(time, "perf_counter", lambda: float(next(ticks)))
    state = phase_two(4, 5)
    for seconds in range(15, 400, 25):
        answer = TreeSearch().search(state, seconds=float(seconds))
        assert sum(answer.visits) == answer.iterations


def test_with_reuse_a_position_met_in_the_last_tree_keeps_what_was_learned() -> None:
    state = phase_two(4, 1)
    search = TreeSearch(reuse=True)
    first = search.search(state, iterations=300)
    after = state.apply(first.best)
    assert isinstance(after, PhaseTwoState)
    # the position after the answer was searched: its lines are kept
    kept = max(first.visits)
    again = search.search(after, iterations=50)
    assert again.iterations == 50
    assert sum(again.visits) == kept - 1 + 50  # the line that made the node counts for it
    fresh = TreeSearch().search(after, iterations=50)
    assert sum(fresh.visits) == 50
    # a position not in the last tree starts afresh
    elsewhere = phase_two(4, 5)
    assert sum(search.search(elsewhere, iterations=20).visits) == 20
