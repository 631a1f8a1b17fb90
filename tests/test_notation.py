"""Move notation: printing and parsing round-trip; bad text is refused clearly."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import skitgubbe as sg
from skitgubbe.cards import CARDS


def test_moves_print_seat_verb_and_cards() -> None:
    assert str(sg.Play(2, "9C 7C 8C")) == "2 play 7C 8C 9C"
    assert str(sg.PickUp(0, sg.parse_cards("3C 2C"))) == "0 pick 2C 3C"


def test_moves_are_values_whatever_the_card_order() -> None:
    assert sg.Play(1, "8C 7C") == sg.Play(1, "7C 8C")
    assert hash(sg.Play(1, "8C 7C")) == hash(sg.Play(1, "7C 8C"))
    assert sg.Play(1, "7C") != sg.PickUp(1, "7C")
    assert sg.Play(1, "7C") != sg.Play(2, "7C")


@given(
    st.sampled_from([sg.Play, sg.PickUp]),
    st.integers(min_value=0, max_value=7),
    st.lists(st.sampled_from(CARDS), min_size=1, max_size=13, unique=True),
)
def test_str_then_parse_move_round_trips(
    kind: type[sg.Move], player: int, cards: list[sg.Card]
) -> None:
    move = kind(player, cards)
    assert sg.parse_move(str(move)) == move
    assert str(sg.parse_move(str(move))) == str(move)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "not a move"),
        ("play 7C", "not a seat number: 'play'"),
        ("0 eat 7C", "unknown move verb 'eat'"),
        ("0 play", "a play names its cards"),
        ("0 play 7X", "not a card: '7X'"),
        ("-1 play 7C", "not a seat number: '-1'"),
    ],
)
def test_bad_move_text_says_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        sg.parse_move(text)


def test_a_move_needs_a_seat_number() -> None:
    with pytest.raises(ValueError, match="seat number 0 or more"):
        sg.Play(-1, "7C")
