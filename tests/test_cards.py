"""Cards, notation, packs and runs of touching cards."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import skitgubbe as sg
from skitgubbe.cards import (
    CARDS,
    CARDS_IN_PACK,
    PACK_MASK,
    add_cards,
    count_cards,
    mask_of,
    rank_sets,
    remove_cards,
)


def test_parse_cards_accepts_ten_t_symbols_and_lower_case() -> None:
    assert sg.parse_cards("10H TH QS A♠ 2c") == (
        sg.Card(sg.Rank.TEN, sg.Suit.HEARTS),
        sg.Card(sg.Rank.TEN, sg.Suit.HEARTS),
        sg.Card(sg.Rank.QUEEN, sg.Suit.SPADES),
        sg.Card(sg.Rank.ACE, sg.Suit.SPADES),
        sg.Card(sg.Rank.TWO, sg.Suit.CLUBS),
    )


def test_cards_format_rank_then_suit_with_ten_as_10() -> None:
    assert sg.format_cards(sg.parse_cards("TD 2C AS JH")) == "10D 2C AS JH"


@pytest.mark.parametrize("token", ["1C", "11H", "KX", "K", "", "C5", "10", "AS!", "0S", "QQ"])
def test_bad_card_text_names_the_bad_token(token: str) -> None:
    with pytest.raises(ValueError, match=f"not a card: {token!r}"):
        sg.parse_cards(f"2C {token} 3C") if token else sg.parse_card(token)


def test_bad_suit_text_is_refused() -> None:
    with pytest.raises(ValueError, match="not a suit: 'X'"):
        sg.Suit.parse("X")
    assert sg.Suit.parse("♥") is sg.Suit.HEARTS
    assert sg.Suit.parse("s") is sg.Suit.SPADES


def test_card_values_compare_hash_and_sort_by_suit_then_rank() -> None:
    assert sg.parse_card("QS") == sg.Card(sg.Rank.QUEEN, sg.Suit.SPADES)
    assert len({sg.parse_card("QS"), sg.Card(12, 3)}) == 1
    assert sorted(sg.parse_cards("2S AC 3D KC")) == list(sg.parse_cards("KC AC 3D 2S"))


def test_one_pack_has_52_distinct_cards_and_two_packs_two_of_each() -> None:
    assert len(set(sg.one_pack())) == 52
    double = sg.two_packs()
    assert len(double) == 104
    assert all(double.count(card) == 2 for card in sg.one_pack())


def test_runs_touch_within_a_suit_with_ace_high() -> None:
    assert sg.is_run(sg.parse_cards("JS QS KS AS"))
    assert not sg.is_run(sg.parse_cards("KS AS 2S"))
    assert not sg.is_run(sg.parse_cards("5C 6D"))
    assert not sg.is_run(sg.parse_cards("5C 7C"))
    assert not sg.is_run(())


def test_identical_cards_never_touch_in_a_double_pack() -> None:
    """D-DOUBLE: two 6C with 5C and 7C take two plays: 5-6-7 and 6."""
    runs = sg.touching_runs(sg.parse_cards("5C 6C 6C 7C"))
    assert [sg.format_cards(run) for run in runs] == ["5C 6C 7C", "6C"]
    assert not sg.is_run(sg.parse_cards("6C 6C"))


def test_touching_runs_split_a_hand_into_maximal_runs() -> None:
    runs = sg.touching_runs(sg.parse_cards("AH 9C KH 10C QH 2D JC"))
    assert [sg.format_cards(run) for run in runs] == ["9C 10C JC", "2D", "QH KH AH"]


@given(st.lists(st.sampled_from(CARDS), max_size=20))
def test_format_then_parse_gives_the_same_cards(cards: list[sg.Card]) -> None:
    assert sg.parse_cards(sg.format_cards(cards)) == tuple(cards)


@given(st.lists(st.sampled_from(CARDS), max_size=30))
def test_multiset_masks_count_add_and_remove_copies(cards: list[sg.Card]) -> None:
    kept = [card for i, card in enumerate(cards) if cards[:i].count(card) < 2]
    mask = mask_of(kept)
    assert count_cards(mask) == len(kept)
    for card in kept:
        mask = remove_cards(mask, 1 << card.index)
    assert mask == 0
    again = 0
    for card in kept:
        again = add_cards(again, 1 << card.index)
    assert again == mask_of(kept)


def test_a_third_copy_is_refused() -> None:
    with pytest.raises(ValueError, match="5C appears more than twice"):
        mask_of(sg.parse_cards("5C 5C 5C"))


@given(st.integers(min_value=0, max_value=(1 << 13) - 1))
def test_rank_sets_hold_every_card_of_the_ranks_and_no_other(ranks: int) -> None:
    """A set of ranks names the cards of those ranks in every suit; the two-pack
    table adds each card's second copy and nothing else."""
    one, two = rank_sets(1)[ranks], rank_sets(2)[ranks]
    expected = mask_of(card for card in CARDS if ranks >> (card.rank - 2) & 1)
    assert one == expected
    assert two == one | one << CARDS_IN_PACK and two & PACK_MASK == one


def test_rank_sets_refuse_a_third_pack() -> None:
    with pytest.raises(ValueError, match="one pack or two, not 3"):
        rank_sets(3)
