"""The phase-two state as a value: set-up, errors at the boundary, views, events."""

from __future__ import annotations

import copy
import enum
import pickle

import attrs
import pytest

import skitgubbe as sg
from skitgubbe import presets
from skitgubbe.simulate import random_moves


def three_hands() -> sg.PhaseTwoState:
    return sg.start_phase_two(presets.FLURST, ["2C 3C 9H", "7C 8C 9C", "JD 5S"], "D", leader=0)


def test_hands_may_be_card_objects_and_trump_a_suit() -> None:
    by_text = three_hands()
    by_value = sg.start_phase_two(
        presets.FLURST,
        [sg.parse_cards("2C 3C 9H"), sg.parse_cards("7C 8C 9C"), sg.parse_cards("JD 5S")],
        sg.Suit.DIAMONDS,
        leader=0,
    )
    assert by_text == by_value and hash(by_text) == hash(by_value)
    assert by_value.trump is sg.Suit.DIAMONDS and by_value.phase is sg.Phase.TWO


@pytest.mark.parametrize(
    ("hands", "trump", "leader", "reserve", "message"),
    [
        (["AD", "2D"], "D", 0, "", "these rules allow 3-8 players, not 2"),
        (["AD", "AD", "KD"], "D", 0, "", "AD is dealt more than once with 1 pack"),
        (["AD", "2D", "3D"], "X", 0, "", "not a suit: 'X'"),
        (["AD", "2D", "3D"], "D", 3, "", "the leader must be a seat from 0 to 2, not 3"),
        (["AD", "2D", "3D"], "D", 0, "4D", "these rules have no avstickshög"),
        (["", "", ""], "D", 0, "", "no player holds a card"),
        (["AD", "2X", "3D"], "D", 0, "", "not a card: '2X'"),
    ],
)
def test_bad_set_ups_are_refused_with_a_clear_reason(
    hands: list[str], trump: str, leader: int, reserve: str, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        sg.start_phase_two(presets.FLURST, hands, trump, leader, reserve=reserve)


def test_an_avstickshog_larger_than_the_rules_set_aside_is_refused() -> None:
    """P2-AVSTICKSHOG: the reserve holds at most the cards the rules set aside."""
    with pytest.raises(ValueError, match=r"avstickshög of 13 cards.*set aside 12"):
        sg.start_phase_two(presets.TWO_PLAYER, ["AD", "2D"], "D", 0, reserve=sg.one_pack()[:13])


def test_one_string_for_all_hands_is_refused() -> None:
    with pytest.raises(TypeError, match="one hand per seat"):
        sg.start_phase_two(presets.FLURST, "AD 2D 3D", "D", 0)


@pytest.mark.parametrize(
    ("move", "message"),
    [
        ("2 play 5S", "seat 2 is out of the game"),
        ("1 play 7C", "it is seat 0's turn, not seat 1's"),
        ("0 play 3D", "seat 0 does not hold 3D"),
        ("0 pick 2C", "there is nothing on the table to pick up"),
        ("7 play 2C", "there is no seat 7 at a table of 4"),
    ],
)
def test_moves_out_of_turn_or_of_cards_not_held_are_refused(move: str, message: str) -> None:
    state = sg.start_phase_two(presets.FLURST, ["2C 3C", "7C", "", "JD"], "D", leader=0)
    with pytest.raises(sg.IllegalMoveError, match=message):
        state.apply(move)
    assert not state.is_legal(move)


def test_illegal_move_errors_are_value_errors_that_name_the_rule() -> None:
    state = three_hands().apply("0 play 2C 3C").apply(sg.Play(1, "7C"))
    with pytest.raises(ValueError, match=r"5S does not beat 7C \(P2-BEAT-ANY-SUIT\)") as info:
        state.apply("2 play 5S")
    assert isinstance(info.value, sg.IllegalMoveError)
    assert info.value.rule == "P2-BEAT-ANY-SUIT"


def test_moves_after_the_end_are_refused() -> None:
    """P2-OUT: once one player is left holding cards, the game is over."""
    state = sg.start_phase_two(presets.FLURST, ["2C", "3C 4C", "KH"], "D", leader=0)
    state = state.apply("0 play 2C").apply("1 play 3C 4C")
    assert state.is_over and state.loser == 2 and state.to_act == ()
    with pytest.raises(sg.IllegalMoveError, match="the game is over; seat 2 is the goat"):
        state.apply("2 play KH")


def test_bad_move_text_is_a_value_error_and_not_a_legal_move() -> None:
    state = three_hands()
    assert not state.is_legal("0 throw 2C")
    with pytest.raises(ValueError, match="unknown move verb 'throw'"):
        state.apply("0 throw 2C")


def test_states_are_frozen_values_that_pickle_and_copy() -> None:
    state = three_hands().apply("0 play 2C 3C")
    with pytest.raises(AttributeError):
        state.turn = 2  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(state)) == state
    assert copy.deepcopy(state) == state
    again = pickle.loads(pickle.dumps(state))
    assert again.legal_moves() == state.legal_moves()
    assert "hands=['9H', '7C 8C 9C', 'JD 5S']" in repr(state)


def test_states_reached_by_different_moves_are_equal_when_the_game_stands_the_same() -> None:
    state = sg.start_phase_two(presets.PAGAT, ["2C 9C", "3C", "4C KC"], "D", leader=0)
    # Two pick-ups of the same card lead to the same position by different events.
    first = state.apply("0 play 2C").apply("1 pick 2C")
    assert first.events != state.events
    assert first != state
    assert first == sg.start_phase_two(presets.PAGAT, ["9C", "2C 3C", "4C KC"], "D", leader=2)


def test_the_view_shows_own_hand_and_open_cards_only() -> None:
    state = three_hands().apply("0 play 2C 3C").apply("1 play 7C")
    view = state.view(2)
    assert view.hand == sg.parse_cards("JD 5S")
    assert view.hand_sizes == (1, 2, 2)
    assert view.table == (sg.parse_cards("2C 3C"), sg.parse_cards("7C"))
    assert view.trump is sg.Suit.DIAMONDS and view.to_act == (2,)
    assert not hasattr(view, "hands")
    with pytest.raises(ValueError, match="there is no seat 3"):
        state.view(3)


def test_events_announce_three_cards_and_one_card() -> None:
    """P2-OUT: the hand dropping to exactly three or one card is announced."""
    state = sg.start_phase_two(
        presets.FLURST, ["2C 3C 4C 9H 10H", "7C 8C 9C", "JD 5S"], "D", leader=0
    )
    after = state.apply("0 play 2C 3C")
    assert [(e.kind, e.player) for e in after.events] == [
        (sg.EventKind.PLAYED, 0),
        (sg.EventKind.THREE_CARDS, 0),
    ]
    assert str(after.events[0]) == "0 played 2C 3C"


def test_a_blamattis_left_alone_is_the_goat_even_without_cards() -> None:
    """I-BLAMATTIS ruling: the last player still in the game is the goat, cards or not."""
    state = sg.start_phase_two(presets.MATTIS, ["JC", "", "7C", "9C"], "D", leader=2)
    state = state.apply("2 play 7C").apply("3 play 9C").apply("0 play JC")
    assert state.is_over and state.loser == 1 and state.hand(1) == ()


def test_a_leader_stuck_with_the_high_trump_keeps_the_lead_when_all_are_stuck() -> None:
    """P2-HIGH-TRUMP ruling: if no player could lead anything else, the restriction is waived."""
    rules = attrs.evolve(presets.FLURST, packs=2, min_players=2, max_players=16, high_trump=True)
    state = sg.start_phase_two(rules, ["AD", "AD"], "D", leader=0)
    assert [str(m) for m in state.legal_moves()] == ["0 play AD"]
    single = attrs.evolve(rules, packs=1, max_players=8)
    state = sg.start_phase_two(single, ["AD", "KD 2C", "3C"], "D", leader=0)
    assert state.to_act == (2,)  # passed to the right


def _mutable_parts(obj: object, path: str, seen: set[int]) -> list[str]:
    """The paths of the dicts, lists and sets reachable from ``obj`` through its
    fields, tuples and slots (a state's own ``__dict__`` left out)."""
    if id(obj) in seen or isinstance(obj, (int, str, float, type(None), enum.Enum, type)):
        return []
    seen.add(id(obj))
    if isinstance(obj, (dict, list, set, bytearray)):
        return [path]
    found: list[str] = []
    if isinstance(obj, (tuple, frozenset)):
        for index, item in enumerate(obj):
            found += _mutable_parts(item, f"{path}[{index}]", seen)
        return found
    for name, value in getattr(obj, "__dict__", {}).items():
        found += _mutable_parts(value, f"{path}.{name}", seen)
    for cls in type(obj).__mro__:
        for slot in getattr(cls, "__slots__", ()):
            try:
                value = object.__getattribute__(obj, slot)
            except AttributeError:
                continue
            found += _mutable_parts(value, f"{path}.{slot}", seen)
    return found


@pytest.mark.parametrize("name", sorted(sg.presets.ALL))
def test_nothing_shared_between_games_can_be_changed_through_a_state(name: str) -> None:
    """Every value a state holds, its moves and its rules' precomputed facts
    included, is immutable: a program's bug that writes into one state's private
    attributes poisons that state only, never another game."""
    rules = sg.presets.get(name)
    players = max(rules.min_players, min(3, rules.max_players))
    state = sg.deal(rules, players=players, seed=3)
    later = [after for _, after in random_moves(state, 3)]
    for probe in (state, later[len(later) // 2], later[-2]):
        probe.legal_moves()
        assert _mutable_parts(probe, "state", set()) == []
    fresh = sg.deal(rules, players=players, seed=3)
    expected = [str(move) for move in fresh.legal_moves()]
    state._legal = (sg.parse_move("0 play AS"),)  # a bug in the program
    again = sg.deal(rules, players=players, seed=3)
    assert [str(move) for move in again.legal_moves()] == expected


def test_places_follow_who_went_out_and_returns_sum_to_zero() -> None:
    """P2-OUT: ``places`` lists the seats in the order they went out, the goat last;
    ``returns()`` gives -1 to the goat and an equal share to everyone else, as
    OpenSpiel expects, and zeros before the end."""
    from skitgubbe.runner import OutOrder
    from skitgubbe.simulate import random_moves

    for name in ("flurst", "pagat", "mattis", "swedish_goat"):
        for seed in range(3):
            dealt = sg.deal(presets.get(name), players=4, seed=seed)
            out = OutOrder()
            state: sg.State = dealt
            for _, state in random_moves(dealt, seed):
                out.see(state)
                if not state.is_over:
                    assert state.returns() == (0.0,) * 4
                    assert state.places == tuple(out.order)
            assert state.loser is not None
            assert state.places == (*out.order, state.loser)
            assert sorted(state.places) == [0, 1, 2, 3]
            returns = state.returns()
            assert returns[state.loser] == -1.0 and abs(sum(returns)) < 1e-12
