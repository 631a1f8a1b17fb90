"""The fixed action numbering: every legal move is a distinct action below the
bound, and each action stands for its move."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import skitgubbe as sg
from skitgubbe.integrations import actions as ac
from skitgubbe.simulate import random_ruleset
from skitgubbe.specs import parse_variant
from tests.strategies import any_rulesets

ALL_CARDS = sg.one_pack()


def check_state(state: sg.State) -> set[type[sg.Move]]:
    """Check the numbering on every seat's moves in ``state``; the kinds seen."""
    kinds: set[type[sg.Move]] = set()
    for player in state.to_act:
        moves = state.legal_moves(player)
        keyed = ac.actions_of(state, player)
        assert len(keyed) == len(moves), "two moves share an action"
        assert set(keyed.values()) == set(moves)
        assert ac.legal_actions(state, player) == list(keyed)
        mask = ac.legal_mask(state, player)
        assert [a for a, flag in enumerate(mask) if flag] == list(keyed)
        hand = state.view(player).hand
        for action, move in keyed.items():
            assert 0 < action < ac.NUM_ACTIONS
            assert ac.action_to_move(state, player, action) == move
            assert ac.move_to_action(move, hand) == action
            if action >= ac.PLAY_SET:
                assert ac.action_cards(action, hand) == move.cards
            kinds.add(type(move))
    return kinds


def play_and_check(rules: sg.Ruleset, players: int, seed: int, limit: int) -> set[type[sg.Move]]:
    rng = random.Random(seed)
    state: sg.State = sg.deal(rules, players=players, seed=seed)
    kinds: set[type[sg.Move]] = set()
    for _ in range(limit):
        if state.is_over:
            break
        kinds |= check_state(state)
        state = state.apply(rng.choice(state.legal_moves()))
    return kinds


@pytest.mark.parametrize("name", sorted(sg.presets.ALL))
def test_every_legal_move_of_a_preset_is_a_distinct_action(name: str) -> None:
    rules = sg.presets.get(name)
    kinds: set[type[sg.Move]] = set()
    for seed in range(4):
        players = rules.min_players + seed % (rules.max_players - rules.min_players + 1)
        kinds |= play_and_check(rules, players, seed, 400)
    assert sg.Play in kinds


def test_random_rulesets_reach_every_kind_of_move_and_number_each_once() -> None:
    kinds: set[type[sg.Move]] = set()
    rng = random.Random(9)
    for seed in range(40):
        rules, players = random_ruleset(rng)
        kinds |= play_and_check(rules, players, seed, 300)
    assert kinds >= {sg.Play, sg.PickUp, sg.Dare, sg.Sluff, sg.Done, sg.Gather, sg.Swap}


def test_a_mas_store_is_one_action() -> None:
    rules = sg.presets.get("mas")
    for seed in range(200):
        rng = random.Random(seed)
        state: sg.State = sg.deal(rules, players=3, seed=seed)
        while not state.is_over and state.phase is sg.Phase.ONE:
            moves = state.legal_moves()
            stores = [move for move in moves if isinstance(move, sg.Store)]
            if stores:
                assert check_state(state) >= {sg.Store}
                hand = state.view(stores[0].player).hand
                assert ac.move_to_action(stores[0], hand) == ac.STORE
                return
            state = state.apply(rng.choice(moves))
    pytest.fail("no Mas game of 200 offered a store")


@settings(max_examples=30, deadline=None)
@given(any_rulesets(), st.integers(0, 2**32 - 1))
def test_any_ruleset_numbers_each_legal_move_once(
    ruleset: tuple[sg.Ruleset, int], seed: int
) -> None:
    rules, players = ruleset
    play_and_check(rules, players, seed, 150)


@given(st.lists(st.sampled_from(ALL_CARDS), min_size=1, max_size=8))
def test_cards_of_one_rank_round_trip_with_up_to_two_copies(cards: list[sg.Card]) -> None:
    rank = cards[0].rank
    same = [sg.Card(rank, card.suit) for card in cards]
    if any(same.count(card) > 2 for card in same):
        return
    move = sg.Play(0, same)
    action = ac.move_to_action(move)
    assert ac.PLAY_SET <= action < ac.PLAY_RUN
    assert ac.action_cards(action) == move.cards
    sluff = ac.move_to_action(sg.Sluff(0, same))
    assert ac.SLUFF_SET <= sluff < ac.SLUFF_HAND
    assert ac.action_cards(sluff) == move.cards


def test_every_number_of_a_play_or_a_one_rank_sluff_is_its_own_move() -> None:
    seen: set[tuple[str, tuple[sg.Card, ...]]] = set()
    for action in range(ac.PLAY_SET, ac.SLUFF_HAND):
        cards = ac.action_cards(action)
        kind = sg.Play if action < ac.SLUFF_SET else sg.Sluff
        assert ac.move_to_action(kind(3, cards)) == action
        seen.add((kind.verb, cards))
    assert len(seen) == ac.SLUFF_HAND - ac.PLAY_SET
    runs = [ac.action_cards(a) for a in range(ac.PLAY_RUN, ac.SLUFF_SET)]
    assert all(sg.is_run(run) and len(run) >= 2 for run in runs)
    assert sg.parse_cards("10S JS QS KS AS") in runs


def test_identical_cards_of_two_packs_are_one_action() -> None:
    first, second = sg.parse_cards("7C 7C")
    assert ac.move_to_action(sg.Play(0, [first])) == ac.move_to_action(sg.Play(1, [second]))
    assert ac.move_to_action(sg.Play(0, [first])) != ac.move_to_action(sg.Play(0, [first, second]))


def test_a_sluff_of_several_ranks_names_hand_positions() -> None:
    hand = sg.parse_cards("7C 7C JH QS")
    action = ac.move_to_action(sg.parse_move("0 sluff 7C JH"), hand)
    assert action == ac.SLUFF_HAND + 0b0101
    assert ac.action_cards(action, hand) == sg.parse_cards("7C JH")
    assert ac.action_to_string(action) == "sluff #0 #2"
    with pytest.raises(ValueError, match="not in the hand"):
        ac.move_to_action(sg.parse_move("0 sluff 8C JH"), hand)


def test_a_play_of_mixed_ranks_and_suits_is_refused() -> None:
    with pytest.raises(ValueError, match="a play is cards of one rank or a run of one suit"):
        ac.move_to_action(sg.parse_move("0 play 7C 9C"))


def test_an_action_out_of_range_or_not_legal_is_refused() -> None:
    state = sg.start_phase_two(sg.presets.FLURST, ["2C 3C", "7C 8C 9C", "JD"], "D", leader=0)
    with pytest.raises(ValueError, match="actions are numbered 0 to 2654"):
        ac.action_to_move(state, 0, ac.NUM_ACTIONS)
    with pytest.raises(ValueError, match=r"action 1 \(dare\) is not a legal move of seat 0"):
        ac.action_to_move(state, 0, ac.DARE)
    assert ac.NUM_ACTIONS == 2655


def test_a_sluff_beyond_the_eighth_hand_position_is_refused() -> None:
    hand = sg.parse_cards("2C 3C 4C 5C 6C 7C 8C 9C 10C JH")
    assert ac.move_to_action(sg.parse_move("0 sluff 2C JH"), hand[:7] + hand[9:]) == (
        ac.SLUFF_HAND + 0b1000_0001
    )
    with pytest.raises(ValueError, match="names hand positions below 8 only"):
        ac.move_to_action(sg.parse_move("0 sluff 2C JH"), hand)


@pytest.mark.parametrize("variant", ["flurst:packs=2", "pagat", "mas"])
def test_each_move_is_numbered_from_its_mask_as_from_its_cards(variant: str) -> None:
    # The adapters number legal moves from their masks (the second copies of a
    # double pack above bit 52); move_to_action reads the cards. Every listed
    # move of each seat must get the same number both ways.
    rules = parse_variant(variant)
    seen = 0
    for seed in range(6):
        rng = random.Random(seed)
        state: sg.State = sg.deal(rules, players=rules.min_players, seed=seed)
        while not state.is_over:
            for player in state.to_act:
                hand = state.view(player).hand
                for move in state.legal_moves(player):
                    action = ac._mask_action(move)
                    if action >= 0:
                        assert action == ac.move_to_action(move, hand), move
                        seen += 1
            state = state.apply(rng.choice(state.legal_moves()))
    assert seen > 1000
