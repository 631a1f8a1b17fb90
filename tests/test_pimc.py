"""The PIMC bot: made by name, plays phase two by the solver, keeps its time,
and repeats its games from a seed when given a budget of playouts."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

import skitgubbe as sg
from skitgubbe.bots import Bot, GreedyBot, MatchError, PimcBot, SearchBot, greedy_choice, make_bot
from skitgubbe.bots.pimc import PLAYOUT_SOLVE_CARDS
from skitgubbe.runner import Limits, play_seated
from skitgubbe.solve import Verdict, solve
from skitgubbe.state import PhaseTwoState, State


def test_the_bot_is_made_by_name_with_its_time() -> None:
    assert isinstance(make_bot("pimc"), PimcBot)
    bot = make_bot(" PIMC@0.5")
    assert isinstance(bot, PimcBot) and bot.seconds == 0.5 and bot.name == "pimc@0.5"
    assert sg.bots.bot_name("pimc@.25") == "pimc@.25"
    for bad in ("pimc@0", "pimc@", "pimc@-1", "pimc@fast", "pimc@1e9", "pimc@nan"):
        with pytest.raises(MatchError, match=r"as in pimc@0\.5"):
            make_bot(bad)
    with pytest.raises(ValueError, match="seconds must be more than 0"):
        PimcBot(0)
    with pytest.raises(ValueError, match="playouts must be a whole number"):
        PimcBot(playouts=0)
    with pytest.raises(ValueError, match="solve_nodes must be a whole number"):
        PimcBot(solve_nodes=0)
    with pytest.raises(ValueError, match="give the bot seconds, playouts or both"):
        PimcBot(None)


def two_seat_endings(count: int) -> list[PhaseTwoState]:
    """Phase-two positions from random 3-player Flurst games, once one seat is out
    and at most 8 cards are left in the other two hands, where the seat to move
    can force its escape but the greedy move would throw it away."""
    rng = random.Random(5)
    found: list[PhaseTwoState] = []
    for seed in range(400):
        state: State = sg.deal(sg.presets.FLURST, players=3, seed=seed)
        while not state.is_over and not (
            isinstance(state, PhaseTwoState)
            and len(state.out) == 1
            and sum(mask.bit_count() for mask in state.hand_masks) <= 8
        ):
            state = state.apply(rng.choice(state.legal_moves()))
        if state.is_over or not isinstance(state, PhaseTwoState):
            continue
        me = state.due[0]
        if solve(state, me).verdict is not Verdict.ESCAPES:
            continue
        greedy = greedy_choice(state.view(me), state.legal_moves(me))
        assert greedy is not None
        if solve(state.apply(greedy), me).verdict is not Verdict.ESCAPES:
            found.append(state)
            if len(found) == count:
                break
    return found


def test_where_it_can_force_its_escape_it_plays_a_move_that_keeps_it() -> None:
    """The positions are those where the greedy move loses the escape, so a bot
    that left phase two to its playouts' greedy policy would fail here."""
    positions = two_seat_endings(6)
    assert len(positions) == 6
    for state in positions:
        me = state.due[0]
        bot = PimcBot(None, playouts=8)
        bot.reset(me, 1)
        move = bot.choose(state.view(me), state.legal_moves(me))
        assert move is not None
        assert solve(state.apply(move), me).verdict is Verdict.ESCAPES, (state, move)
        assert bot.solved == 1


def test_it_asks_the_solver_only_about_positions_within_its_reach() -> None:
    """At the start of a 4-player phase two (52 cards in hand) the solver would
    spend its share of the time and not finish: the bot leaves it to the tree
    search; in a small two-seat ending it asks."""
    asked: list[int] = []

    class Counting:  # a wrapper, not a subclass: the compiled build's Solver is native
        def __init__(self) -> None:
            self.inner = sg.solve.Solver()

        def solve(self, state: State, *args: Any, **kwargs: Any) -> sg.solve.Solution:
            assert isinstance(state, PhaseTwoState)
            asked.append(sum(mask.bit_count() for mask in state.hand_masks))
            return self.inner.solve(state, *args, **kwargs)

    state: State = sg.deal(sg.presets.FLURST, players=4, seed=3)
    while not isinstance(state, PhaseTwoState):
        state = state.apply(state.legal_moves(state.due[0])[0])
    assert state.active.bit_count() == 4
    me = state.due[0]
    bot = PimcBot(None, playouts=8)
    bot.reset(me, 1)
    bot._solver = Counting()  # type: ignore[assignment]
    assert len(state.legal_moves(me)) > 1
    bot.choose(state.view(me), state.legal_moves(me))
    assert asked == []
    (ending,) = two_seat_endings(1)
    bot.choose(ending.view(ending.due[0]), ending.legal_moves(ending.due[0]))
    assert asked and asked[0] == sum(mask.bit_count() for mask in ending.hand_masks)


def test_a_playout_is_settled_by_the_solver_in_a_small_two_seat_ending() -> None:
    (state,) = two_seat_endings(1)
    me = state.due[0]
    bot = PimcBot(None, playouts=8)
    score = bot._settle(state, me, float("inf"))
    assert score == 0.2 * (3 - 2) / (3 - 1)  # it escapes: second of three
    assert sum(mask.bit_count() for mask in state.hand_masks) <= PLAYOUT_SOLVE_CARDS
    other = next(seat for seat in range(3) if seat not in state.out and seat != me)
    # the other seat cannot escape: the solver proves it the goat
    assert bot._settle(state, other, float("inf")) == 1.0


def test_a_budget_of_playouts_repeats_a_game_from_its_seeds() -> None:
    # Under a runner's limit a bot also keeps to half its time, and a loaded
    # machine can cut a search short (CI once did, at the default 2 s a move):
    # the limit here is far beyond what 12 playouts take, so only the budget counts.
    limits = Limits(move=120.0, game=3600.0)

    def game(seed: int) -> tuple[sg.Move, ...]:
        bots: list[Bot] = [PimcBot(None, playouts=12, solve_nodes=2000), GreedyBot(), SearchBot(8)]
        return play_seated(sg.presets.FLURST, bots, 3, (seed, 2, 3), limits, record=True).record

    assert game(1) == game(1)


def test_a_bot_pickled_mid_game_plays_on_as_the_bot_itself() -> None:
    """A PIMC bot that has played into phase two (its solver and its tree search
    holding what they learned) can be pickled, in both builds, and the copy
    chooses each move of the rest of the game as the bot itself does."""
    pimc = PimcBot(None, playouts=12, solve_nodes=2000)
    bots: list[Bot] = [pimc, SearchBot(8), GreedyBot(), SearchBot(8)]
    for seat, bot in enumerate(bots):
        bot.reset(seat, 40 + seat)
    state: State = sg.deal(sg.presets.FLURST, players=4, seed=5)
    copies = kept = 0
    while not state.is_over:
        seat = state.due[0]
        legal = state.legal_moves(seat)
        if seat == 0 and isinstance(state, PhaseTwoState) and pimc._tree._last is not None:
            copy: PimcBot = pickle.loads(pickle.dumps(pimc))
            assert copy._tree._last is not None and copy._tree.solver is copy._solver
            kept = max(kept, len(copy._solver._tables) + len(copy._solver._races))
            assert copy.choose(state.view(seat), legal) == pimc.choose(state.view(seat), legal)
            copies += 1
            pimc = bots[0] = copy  # the copy plays on; the bot asked once more is set aside
        state = state.apply(bots[seat].choose(state.view(seat), legal))
    assert copies >= 2 and kept > 0


def test_it_answers_within_the_time_a_runner_gives_it() -> None:
    """Given 0.05 s a decision and 2 s by the runner, it forfeits nothing and
    keeps near its own time (a wide margin: the CI machine is shared)."""
    bot = PimcBot(0.05)
    outcome = play_seated(
        sg.presets.FLURST, [bot, GreedyBot(), GreedyBot()], 2, (1, 2, 3), Limits(move=2.0)
    )
    assert outcome.forfeit is None, outcome.forfeit
    times = outcome.times[0]
    assert times.decisions > 10 and bot.playouts_made > 0
    assert times.decision_seconds / times.decisions < 0.5


def test_with_no_time_for_one_round_it_plays_the_greedy_move() -> None:
    state = sg.deal(sg.presets.FLURST, players=3, seed=4)
    view, moves = state.view(0), state.legal_moves(0)
    bot = PimcBot(1.0)
    bot.reset(0, 1)
    assert bot.choose_timed(view, moves, 1e-9) == greedy_choice(view, moves)
    assert bot.playouts_made == 0


def test_phase_one_candidates_are_compared_by_sequential_halving(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Four candidates, 40 playouts: two stages of 20. The first plays all four
    on 5 worlds, the second the better two on 10 more; the best total wins."""
    state = sg.deal(sg.presets.FLURST, players=3, seed=4)
    monkeypatch.setattr("skitgubbe.bots.pimc.sample", lambda view, rng: state)
    view = state.view(0)
    options = list(state.legal_moves(0))[:4]
    assert len(options) == 4
    scores = {move: score for move, score in zip(options, (0.5, 0.1, 0.3, 0.2), strict=True)}
    played: dict[sg.Move, int] = dict.fromkeys(options, 0)

    class Scripted(PimcBot):
        def _playout(self, state: State, me: int, deadline: float) -> float | None:
            move = next(m for m in options if state == before.apply(m))  # the world is ``before``
            played[move] += 1
            return scores[move]

    before = state
    bot = Scripted(None, playouts=40)
    bot.reset(0, 1)
    assert bot._compare(view, options, 0.0, float("inf")) == options[1]
    assert [played[move] for move in options] == [5, 15, 5, 15]
    assert bot.playouts_made == 40
