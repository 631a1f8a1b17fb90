"""One player at a time: every engine-legal move stays reachable, passes never
go round for ever, and every game ends."""

from __future__ import annotations

import pickle
import random
from copy import deepcopy

import pytest

import skitgubbe as sg
from skitgubbe.integrations import turns as turns_module
from skitgubbe.integrations.actions import PASS, move_to_action
from skitgubbe.integrations.turns import Dealing, Turns, acting_seats, offer_order
from skitgubbe.simulate import random_ruleset


def reach(turns: Turns, move: sg.Move) -> Turns:
    """The position after the seats before ``move``'s player pass and it makes ``move``."""
    while turns.player != move.player:
        assert turns.may_pass, f"{move} is out of reach: seat {turns.player} may not pass"
        turns = turns.apply(PASS)
    return turns.apply(move_to_action(move, turns.state.view(move.player).hand))


def random_states(count: int, seed: int) -> list[sg.State]:
    """Engine states from random games of presets and random rulesets."""
    rng = random.Random(seed)
    names = sorted(sg.presets.ALL)
    states: list[sg.State] = []
    for game in range(count):
        if game % 2:
            rules, players = random_ruleset(rng)
        else:
            rules = sg.presets.get(names[game // 2 % len(names)])
            players = rng.randint(rules.min_players, rules.max_players)
        state: sg.State = sg.deal(rules, players=players, seed=game)
        for _ in range(rng.randrange(400)):
            if state.is_over:
                break
            state = state.apply(rng.choice(state.legal_moves()))
        if not state.is_over:
            states.append(state)
    return states


def test_every_legal_move_of_every_seat_is_reachable_by_passes_then_its_action() -> None:
    states = random_states(60, seed=3)
    assert len(states) > 30
    for state in states:
        for move in state.legal_moves():
            after = reach(Turns(state), move)
            assert after.state == state.apply(move)
            assert after.passed == 0


def test_the_anchor_is_due_and_comes_last_and_may_not_pass() -> None:
    for state in random_states(40, seed=4):
        order = offer_order(state)
        assert set(order) == set(state.to_act)
        assert order[-1] in state.due
        turns = Turns(state)
        for _ in order[:-1]:
            assert turns.may_pass and turns.legal_actions()[0] == PASS
            turns = turns.apply(PASS)
        assert not turns.may_pass
        assert turns.legal_actions() and PASS not in turns.legal_actions()
        with pytest.raises(ValueError, match="is due and may not pass"):
            turns.apply(PASS)


def test_a_seat_without_a_move_is_still_offered_a_pass() -> None:
    # Seat 0 leads 3D; everyone may sluff out of turn in Flurst, holding a 3 or not.
    state = sg.deal(sg.presets.FLURST, players=4, seed=7).apply("0 play 3D")
    turns = Turns(state)
    assert turns.order == (2, 3, 0, 1)
    assert turns.player == 2 and turns.legal_actions() == [PASS]


def test_random_play_one_at_a_time_always_ends_with_a_goat() -> None:
    rng = random.Random(5)
    for seed in range(30):
        rules, players = random_ruleset(rng)
        turns = Turns(sg.deal(rules, players=players, seed=seed))
        passes = 0
        while not turns.is_over:
            action = rng.choice(turns.legal_actions())
            passes = passes + 1 if action == PASS else 0
            assert passes < players, "passes went round the table"
            turns = turns.apply(action)
        assert turns.state.loser is not None and not turns.is_draw
        returns = turns.returns()
        assert returns[turns.state.loser] == -1.0 and sum(returns) == pytest.approx(0.0)


def test_a_game_stopped_at_the_decision_limit_is_a_draw() -> None:
    turns = Turns(sg.deal(sg.presets.FLURST, players=3, seed=1), max_decisions=5)
    rng = random.Random(1)
    while not turns.is_over:
        turns = turns.apply(rng.choice(turns.legal_actions()))
    assert turns.decisions == 5 and turns.is_draw and turns.player is None
    assert turns.returns() == [0.0, 0.0, 0.0]
    with pytest.raises(ValueError, match="the game is over"):
        turns.apply(PASS)


def test_the_offer_order_goes_clockwise_from_the_anchor_and_its_cache_stays_bounded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(turns_module, "_ORDERS", {})
    monkeypatch.setattr(turns_module, "_ORDERS_LIMIT", 3)
    for state in random_states(30, seed=6):
        players, anchor = state.players, state.due[0]
        after = [(anchor + step) % players for step in range(1, players)]
        expected = (*(seat for seat in after if seat in state.to_act), anchor)
        assert offer_order(state) == expected
        assert len(turns_module._ORDERS) <= 3


def test_positions_made_by_apply_are_those_the_constructor_makes() -> None:
    rng = random.Random(9)
    for seed in range(10):
        rules, players = random_ruleset(rng)
        turns = Turns(sg.deal(rules, players=players, seed=seed), max_decisions=300)
        while not turns.is_over:
            turns = turns.apply(rng.choice(turns.legal_actions()))
            made = Turns(turns.state, turns.passed, turns.decisions, turns.max_decisions)
            assert turns == made and repr(turns) == repr(made)
            assert (turns.order, turns.player, turns.may_pass, turns.is_over) == (
                made.order,
                made.player,
                made.may_pass,
                made.is_over,
            )
            assert turns.legal_actions() == made.legal_actions()


def test_acting_seats_are_to_act_and_due_as_bits_whichever_state_came_before() -> None:
    states = random_states(20, seed=7)
    rng = random.Random(7)
    for _ in range(300):
        state = rng.choice(states)
        acting, due = acting_seats(state)
        assert acting == sum(1 << seat for seat in state.to_act)
        assert due == sum(1 << seat for seat in state.due)


def test_dealing_deals_in_place_copies_whole_and_names_a_card_not_left() -> None:
    dealing = Dealing([1, 2, 0])
    copy = deepcopy(dealing)
    dealing.deal(1)
    assert copy.dealt == [] and copy.left == [1, 2, 0] and len(copy) == 0
    assert dealing.dealt == [1] and dealing.left == [1, 1, 0] and len(dealing) == 1
    assert dealing == Dealing([1, 1, 0], [1]) and dealing != copy
    assert pickle.loads(pickle.dumps(dealing)) == dealing
    for card in (2, 3, -1):
        with pytest.raises(ValueError, match=f"{card} is not a card left to deal"):
            dealing.deal(card)
    assert dealing == Dealing([1, 1, 0], [1])  # a refused card changes nothing
    assert dealing.outcomes() == [(0, 0.5), (1, 0.5)] and dealing.actions() == [0, 1]
