"""The deal and set-up (RULES.md §2): hands, first lead, the trump card, the pack.

Seats are 0-based and clockwise; seat 0 sits at the dealer's left and the dealer
holds the last seat. In a layout the stock is written top card first, and its last
card is the trump card unless the rules set one aside.
"""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest

import skitgubbe as sg
from skitgubbe import FirstLead, TrumpCard
from skitgubbe.cards import cards_of
from skitgubbe.phase_one.dealing import Layout, deal_order, lay_out
from skitgubbe.presets import FLURST, HELMFRID, MAS, PAGAT, SWEDISH_GOAT, TWO_PLAYER, WIZARDS

from .helpers import cards, finish, step

SLUFF_NONE = sg.SluffRule.NONE


def everything_dealt(state: sg.PhaseOneState) -> Counter[sg.Card]:
    """Every card of a fresh deal: hands, stock, set-aside card and reserve."""
    dealt: Counter[sg.Card] = Counter()
    for seat in range(state.players):
        dealt.update(state.hand(seat))
    dealt.update(state.stock)
    dealt.update(state.set_aside)
    dealt.update(state.reserve)
    return dealt


# -- D-HAND-3, D-HAND-2 ---------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_d_hand_3_three_cards_each_and_the_rest_is_the_stock(players: int) -> None:
    """D-HAND-3: every seat gets 3 cards; the other 52 - 3n cards form the stock."""
    state = sg.deal(PAGAT, players=players, seed=11)
    assert [state.hand_size(p) for p in range(players)] == [3] * players
    assert state.stock_size == 52 - 3 * players
    assert not state.table and all(not state.won(p) for p in range(players))


def test_d_hand_3_cards_are_dealt_one_at_a_time_in_seat_order() -> None:
    """D-HAND-3, D-HAND-2: dealt one at a time, a 2-card deal is the first two rounds
    of the 3-card deal from the same shuffle; the third round is the top of the
    2-card deal's stock, seat 0 first. (Three at a time would give seat 1 other cards.)"""
    players = 4
    three = sg.deal(PAGAT, players=players, seed=5)
    two = sg.deal(attrs.evolve(PAGAT, hand_size=2), players=players, seed=5)
    for seat in range(players):
        assert set(two.hand(seat)) < set(three.hand(seat))
        (third,) = set(three.hand(seat)) - set(two.hand(seat))
        assert third == two.stock[seat]
    assert three.stock == two.stock[players:]


def test_d_hand_3_the_avstickshog_comes_off_the_top_first() -> None:
    """D-HAND-3, P2-AVSTICKSHOG: from the same shuffle, the two-player game sets 12
    cards aside before dealing; the classic deal of two hands starts at the top."""
    classic = sg.deal(PAGAT, players=2, seed=8)
    two = sg.deal(TWO_PLAYER, players=2, seed=8)
    top = [*classic.hand(0), *classic.hand(1)]
    assert len(two.reserve) == 12
    assert set(top) < set(two.reserve)
    assert two.reserve[6:] == classic.stock[:6]
    assert set(two.hand(0)) == {classic.stock[i] for i in (6, 8, 10)}
    assert set(two.hand(1)) == {classic.stock[i] for i in (7, 9, 11)}
    assert two.stock == classic.stock[12:]


def test_d_hand_3_a_set_aside_or_turned_up_card_is_the_one_after_the_hands() -> None:
    """D-TRUMP-SET-ASIDE, P1-MAS: the card after the hands is set aside (Goat) or turned
    up under the stock (Mas); the hands are the same as without it."""
    flurst = sg.deal(FLURST, players=4, seed=12)
    goat = sg.deal(SWEDISH_GOAT, players=4, seed=12)
    assert [goat.hand(p) for p in range(4)] == [flurst.hand(p) for p in range(4)]
    assert goat.set_aside == (flurst.stock[0],)
    assert goat.stock == flurst.stock[1:]
    pagat = sg.deal(PAGAT, players=4, seed=12)
    mas = sg.deal(MAS, players=4, seed=12)
    assert [mas.hand(p) for p in range(4)] == [pagat.hand(p) for p in range(4)]
    assert mas.stock == (*pagat.stock[1:], pagat.stock[0])
    assert mas.trump_card == pagat.stock[0]


def test_d_hand_2_two_card_hands_are_refilled_to_two() -> None:
    """D-HAND-2: with 2-card hands a player draws back to 2 (3 with D-HAND-3)."""
    hands = ["8D 3D", "7C 9H", "KD QH"]
    two_rules = attrs.evolve(PAGAT, hand_size=2)
    two = step(sg.deal(two_rules, hands=hands, stock="QC JC 10C 6S"), "0 play 8D")
    assert two.hand(0) == cards("3D QC")
    assert two.stock_size == 3

    three = step(sg.deal(PAGAT, hands=hands, stock="QC JC 10C 6S"), "0 play 8D")
    assert three.hand(0) == cards("3D QC JC")
    assert three.stock_size == 2


def test_d_hand_2_a_layout_hand_larger_than_the_hand_size_is_refused() -> None:
    """D-HAND-2, D-HAND-3: a 3-card hand does not fit 2-card hands."""
    hands = ["8D 3D 5C", "7C 9H", "KD QH"]
    sg.deal(PAGAT, hands=hands, stock="QC 6S")
    with pytest.raises(ValueError, match=r"seat 0 is dealt 3 cards.*hand size 2"):
        sg.deal(attrs.evolve(PAGAT, hand_size=2), hands=hands, stock="QC 6S")


def test_d_hand_2_shuffled_deal_gives_two_cards_each() -> None:
    """D-HAND-2: a shuffled deal with 2-card hands leaves 52 - 2n cards in the stock."""
    state = sg.deal(attrs.evolve(HELMFRID, hand_size=2), players=5, seed=3)
    assert [state.hand_size(p) for p in range(5)] == [2] * 5
    assert state.stock_size == 42


# -- D-FIRST-LEAD ---------------------------------------------------------------

FOUR_HANDS = ["9C 10D JH", "5C 8D KS", "4H 7S QC", "6C 6D AH"]


def test_d_first_lead_left_of_dealer_is_seat_0() -> None:
    """D-FIRST-LEAD (pagat, Helmfrid): the player at the dealer's left leads."""
    for rules in (PAGAT, HELMFRID):
        state = sg.deal(rules, hands=FOUR_HANDS, stock="2C 3S")
        assert state.turn == 0 and state.first_leader == 0 and state.to_act == (0,)


def test_d_first_lead_dealer_leads_in_wizards() -> None:
    """D-FIRST-LEAD (Wizards): the dealer, the last seat, leads."""
    state = sg.deal(WIZARDS, hands=FOUR_HANDS, stock="2C 3S", set_aside="2D")
    assert state.turn == 3 and state.first_leader == 3
    three = sg.deal(WIZARDS, hands=FOUR_HANDS[:3], stock="2C 3S", set_aside="2D")
    assert three.turn == 2
    # the dealer's first play goes round to seat 0 next
    assert step(state, "3 play 6C").turn == 0


def test_d_trump_set_aside_takes_one_card_as_a_card_or_as_text() -> None:
    """D-TRUMP-SET-ASIDE: the set-aside card may be given as a single Card."""
    as_card = sg.deal(WIZARDS, hands=FOUR_HANDS, stock="2C 3S", set_aside=sg.parse_card("QH"))
    as_text = sg.deal(WIZARDS, hands=FOUR_HANDS, stock="2C 3S", set_aside="QH")
    assert as_card == as_text and as_card.set_aside == (sg.parse_card("QH"),)
    assert as_card.deal.set_aside == "QH"


def test_d_first_lead_the_previous_goat_leads() -> None:
    """D-FIRST-LEAD (Flurst, Goat): the goat of the previous game, given as leader=."""
    for seat in range(4):
        state = sg.deal(FLURST, hands=FOUR_HANDS, stock="2C 3S", leader=seat)
        assert state.turn == seat and state.first_leader == seat
        assert state.order == tuple((seat + i) % 4 for i in range(4))
    # no previous game: seat 0 leads
    assert sg.deal(FLURST, hands=FOUR_HANDS, stock="2C 3S").turn == 0
    goat = sg.deal(SWEDISH_GOAT, hands=FOUR_HANDS, stock="2C 3S", set_aside="2D", leader=2)
    assert goat.turn == 2


def test_d_first_lead_a_bad_leader_is_refused() -> None:
    with pytest.raises(ValueError, match="the leader must be a seat from 0 to 3, not 4"):
        sg.deal(FLURST, hands=FOUR_HANDS, stock="2C 3S", leader=4)


LOWEST = attrs.evolve(HELMFRID, first_lead=FirstLead.LOWEST_CARD)


def test_d_first_lead_lowest_card_leads() -> None:
    """D-FIRST-LEAD (Helmfrid variant): the holder of the lowest card leads (the 4H)."""
    state = sg.deal(LOWEST, hands=FOUR_HANDS, stock="AC 3S")
    assert state.turn == 2 and state.first_leader == 2
    assert sg.deal(HELMFRID, hands=FOUR_HANDS, stock="AC 3S").turn == 0


def test_d_first_lead_lowest_card_counts_aces_low_when_they_are_low() -> None:
    """D-FIRST-LEAD with P1-ACES-LOW: the ace is the lowest card; aces high, the 4H."""
    hands = ["9C 10D JH", "5C 8D KS", "4H 7S QC", "6C 6D AH"]
    assert sg.deal(LOWEST, hands=hands, stock="2C 3S").turn == 2
    aces_low = attrs.evolve(LOWEST, aces_low=True)
    assert sg.deal(aces_low, hands=hands, stock="2C 3S").turn == 3


def test_d_first_lead_lowest_card_tie_goes_to_the_first_in_deal_order() -> None:
    """D-FIRST-LEAD: seats 1 and 3 both hold a 2; seat 1 comes first from the dealer's
    left, whatever the suits."""
    hands = ["9C 10D JH", "5C 2S KS", "4H 7S QC", "2C 6D AH"]
    assert sg.deal(LOWEST, hands=hands, stock="3C 3S").turn == 1
    # seat 0 holds the only 2: it leads even though a later seat holds the 2C
    hands = ["2D 10D JH", "5C 8D KS", "4H 7S QC", "6C 6D AH"]
    assert sg.deal(LOWEST, hands=hands, stock="2C 3S").turn == 0


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_d_first_lead_lowest_card_in_a_shuffled_deal(seed: int) -> None:
    """D-FIRST-LEAD: in a shuffled deal the leader holds the lowest rank dealt, and no
    seat before it holds that rank."""
    state = sg.deal(LOWEST, players=5, seed=seed)
    low = min(card.rank for seat in range(5) for card in state.hand(seat))
    holders = [seat for seat in range(5) if any(c.rank == low for c in state.hand(seat))]
    assert state.turn == holders[0]


def test_d_first_lead_leader_overrides_the_lowest_card() -> None:
    """D-FIRST-LEAD: in later deals the loser leads, even under "lowest card leads"."""
    assert sg.deal(LOWEST, hands=FOUR_HANDS, stock="AC 3S", leader=1).turn == 1


# -- the trump card: D-TRUMP-LAST, D-TRUMP-SET-ASIDE, D-TRUMP-EXPOSED ---------------


def test_d_trump_last_its_drawer_sets_it_aside_out_of_hand() -> None:
    """D-TRUMP-LAST: seat 1 would draw the 6S, the last stock card: it lies aside, not
    in hand, and the hand stays short."""
    state = sg.deal(PAGAT, hands=["8D 3D 5C", "7C 9H 2S", "KD QH 4C"], stock="QC 6S")
    assert state.trump_card == sg.parse_card("6S") and state.trump is sg.Suit.SPADES
    state = step(state, "0 play 8D")
    assert state.hand(0) == cards("3D 5C QC") and state.trump_holder is None
    state = step(state, "1 play 9H")
    assert state.trump_holder == 1
    assert state.hand(1) == cards("7C 2S")
    assert sg.parse_card("6S") not in state.hand(1) and not state.stock
    assert state.won(1) == cards("8D 9H")


def test_d_trump_last_the_trump_card_cannot_be_dared() -> None:
    """D-TRUMP-LAST, P1-DARE: with only the trump card left, nobody may dare."""
    state = sg.deal(PAGAT, hands=["8D 3D 5C", "7C 9H 2S", "KD QH 4C"], stock="6S")
    assert state.stock == sg.parse_cards("6S")
    assert "0 dare" not in {str(m) for m in state.legal_moves()}
    with pytest.raises(sg.IllegalMoveError) as error:
        state.check("0 dare")
    assert error.value.rule == "P1-DARE"


def test_d_trump_last_joins_the_drawers_cards_in_phase_two() -> None:
    """D-TRUMP-LAST: at the end of phase one the 6S joins seat 0, who drew it."""
    state = sg.deal(PAGAT, hands=["8D", "9H"], stock="6S")
    state = step(state, "0 play 8D")
    assert state.trump_holder == 0 and state.hand(0) == ()
    two = finish(state, "1 play 9H")  # seat 1 wins and must lead with no card
    assert two.trump is sg.Suit.SPADES
    assert two.hand(0) == cards("6S")
    assert two.hand(1) == cards("8D 9H")
    # out of play: only the cards the layout leaves out, not the trump card
    assert len(cards_of(two.out_of_play_mask)) == 49


SET_ASIDE_HANDS = ["8D 3D 5C", "7C 9H 2S", "KD QH 4C"]


def test_d_trump_set_aside_the_trump_suit_is_the_set_aside_cards_suit() -> None:
    """D-TRUMP-SET-ASIDE (Goat): the 6S lies aside from the deal and decides trump; the
    last stock card is an ordinary card."""
    state = sg.deal(SWEDISH_GOAT, hands=SET_ASIDE_HANDS, stock="QC JS", set_aside="6S")
    assert state.set_aside == cards("6S")
    assert state.trump_card == sg.parse_card("6S") and state.trump is sg.Suit.SPADES
    state = step(state, "0 play 8D", "1 play 9H")
    # seat 1 draws the JS, the last stock card, into hand: it decides nothing
    assert state.hand(1) == cards("7C 2S JS")
    assert state.trump_holder is None and not state.stock


def test_d_trump_set_aside_the_last_stock_card_may_be_dared() -> None:
    """D-TRUMP-SET-ASIDE, P1-DARE: the trump card is not in the stock, so its last card
    may be dared; with the trump card at the bottom (D-TRUMP-LAST) it may not."""
    aside = sg.deal(SWEDISH_GOAT, hands=SET_ASIDE_HANDS, stock="JS", set_aside="6S")
    assert aside.is_legal("0 dare")
    assert step(aside, "0 dare").table == cards("JS")
    last = sg.deal(FLURST, hands=SET_ASIDE_HANDS, stock="JS")
    assert not last.is_legal("0 dare")


def test_d_trump_set_aside_stays_out_of_play_in_phase_two() -> None:
    """D-TRUMP-SET-ASIDE: in phase two the 6S belongs to nobody: it is out of play."""
    state = sg.deal(
        attrs.evolve(SWEDISH_GOAT, sluff=SLUFF_NONE, last_trick_sluff=sg.LastTrickSluff.ALLOWED),
        hands=["AD", "9H"],
        stock="",
        set_aside="6S",
    )
    # aces are low in the Goat's phase one: the 9H wins
    two = finish(state, "0 play AD", "1 play 9H")
    assert two.trump is sg.Suit.SPADES
    assert sg.parse_card("6S") in cards_of(two.out_of_play_mask)
    assert len(cards_of(two.out_of_play_mask)) == 50  # with the 49 cards left out
    assert all(sg.parse_card("6S") not in two.hand(p) for p in range(2))
    assert two.hand(1) == cards("AD 9H") and two.hand(0) == ()


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_d_trump_set_aside_a_shuffled_deal_sets_one_card_aside(seed: int) -> None:
    """D-TRUMP-SET-ASIDE: after the hands, one card is set aside; 52 cards in all."""
    state = sg.deal(SWEDISH_GOAT, players=4, seed=seed)
    assert len(state.set_aside) == 1
    assert state.trump_card == state.set_aside[0]
    assert state.stock_size == 52 - 12 - 1
    assert everything_dealt(state) == Counter(sg.one_pack())


def test_d_trump_set_aside_layouts_must_set_aside_exactly_one_card() -> None:
    """D-TRUMP-SET-ASIDE, D-TRUMP-LAST: set_aside is required with one card, and
    refused by rules that keep the trump card in the stock."""
    with pytest.raises(ValueError, match=r"set one trump card aside.*not 0 cards"):
        sg.deal(SWEDISH_GOAT, hands=SET_ASIDE_HANDS, stock="QC JS")
    with pytest.raises(ValueError, match=r"set one trump card aside.*not 2 cards"):
        sg.deal(SWEDISH_GOAT, hands=SET_ASIDE_HANDS, stock="QC", set_aside="6S 7S")
    with pytest.raises(ValueError, match=r"set no card aside.*D-TRUMP-LAST"):
        sg.deal(PAGAT, hands=SET_ASIDE_HANDS, stock="QC JS", set_aside="6S")
    with pytest.raises(ValueError, match="the stock must hold at least the trump card"):
        sg.deal(PAGAT, hands=SET_ASIDE_HANDS, stock="")


EXPOSED = attrs.evolve(PAGAT, trump_card=TrumpCard.EXPOSED)


def test_d_trump_exposed_everyone_sees_the_trump_card_from_the_start() -> None:
    """D-TRUMP-EXPOSED: every view shows the 6S and spades as trump from the deal;
    with the hidden trump card (D-TRUMP-LAST) no view shows either."""
    hands = ["8D 3D 5C", "7C 9H 2S", "KD QH 4C"]
    exposed = sg.deal(EXPOSED, hands=hands, stock="QC 6S")
    for seat in range(3):
        view = exposed.view(seat)
        assert view.trump is sg.Suit.SPADES
        assert view.upcard == sg.parse_card("6S")
    hidden = sg.deal(PAGAT, hands=hands, stock="QC 6S")
    for seat in range(3):
        assert hidden.view(seat).trump is None and hidden.view(seat).upcard is None


def test_d_trump_exposed_otherwise_behaves_as_the_hidden_bottom_card() -> None:
    """D-TRUMP-EXPOSED: the shown 6S still may not be dared, its drawer sets it aside,
    and it joins the drawer's cards for phase two."""
    state = sg.deal(EXPOSED, hands=["8D 3D", "9H 7C"], stock="6S")
    assert not state.is_legal("0 dare")
    state = step(state, "0 play 8D")
    assert state.trump_holder == 0 and state.hand(0) == cards("3D")
    assert state.view(1).upcard is None  # it no longer lies under the stock
    assert state.view(1).trump is sg.Suit.SPADES
    two = finish(state, "1 play 9H", "1 play 7C", "0 play 3D")
    assert two.trump is sg.Suit.SPADES
    assert sg.parse_card("6S") in two.hand(0)


# -- D-RESTAURANT ---------------------------------------------------------------

RESTAURANT = attrs.evolve(FLURST, restaurant=True)
RESTAURANT_HANDS = ["8D 8H 8S", "7C 9H 2S", "KD QH 4C"]


def test_d_restaurant_a_sluff_never_draws_the_bottom_card() -> None:
    """D-RESTAURANT: seat 0 sluffs two 8s with JC and the 6S left: it draws the JC
    only; without restaurant rules it also takes the 6S as its trump card."""
    moves = ("0 play 8D", "0 sluff 8H 8S")
    state = step(sg.deal(RESTAURANT, hands=RESTAURANT_HANDS, stock="QC JC 6S"), *moves)
    assert state.hand(0) == cards("QC JC")
    assert state.stock == sg.parse_cards("6S") and state.trump_holder is None

    plain = step(sg.deal(FLURST, hands=RESTAURANT_HANDS, stock="QC JC 6S"), *moves)
    assert plain.hand(0) == cards("QC JC")
    assert not plain.stock and plain.trump_holder == 0


def test_d_restaurant_a_sluff_with_only_the_bottom_card_left_draws_nothing() -> None:
    """D-RESTAURANT ruling: with only the 6S left a sluff draws nothing, and a later
    play does draw it."""
    state = step(sg.deal(RESTAURANT, hands=RESTAURANT_HANDS, stock="QC 6S"), "0 play 8D")
    assert state.stock == sg.parse_cards("6S")
    state = step(state, "0 sluff 8H")
    assert state.hand(0) == cards("8S QC")
    assert state.stock == sg.parse_cards("6S") and state.trump_holder is None
    state = step(state, "1 play 9H")  # a play: seat 1 draws the bottom card
    assert state.trump_holder == 1 and not state.stock
    assert state.hand(1) == cards("7C 2S")


def test_d_restaurant_needs_the_trump_card_at_the_bottom() -> None:
    """D-RESTAURANT: with the trump card set aside there is no bottom card to protect."""
    attrs.evolve(EXPOSED, restaurant=True)
    with pytest.raises(sg.RulesetError, match="D-RESTAURANT"):
        attrs.evolve(SWEDISH_GOAT, restaurant=True)


def test_d_restaurant_a_play_draws_the_bottom_card() -> None:
    """D-RESTAURANT: a play takes the bottom card as usual, with or without the rule."""
    for rules in (RESTAURANT, FLURST):
        state = step(sg.deal(rules, hands=RESTAURANT_HANDS, stock="6S"), "0 play 8D")
        assert state.trump_holder == 0 and not state.stock


# -- D-DECK, D-DOUBLE -------------------------------------------------------------

DOUBLE = attrs.evolve(FLURST, packs=2)


@pytest.mark.parametrize("rules", [PAGAT, FLURST, MAS, TWO_PLAYER, SWEDISH_GOAT])
def test_d_deck_a_shuffled_deal_uses_each_card_of_one_pack_once(rules: sg.Ruleset) -> None:
    """D-DECK: one 52-card pack, 2 to ace in four suits, every card dealt once."""
    players = rules.min_players
    state = sg.deal(rules, players=players, seed=17)
    assert everything_dealt(state) == Counter(sg.one_pack())
    assert len(sg.one_pack()) == 52 and len({card.rank for card in sg.one_pack()}) == 13


def test_d_deck_the_turned_up_trump_lies_under_the_stock() -> None:
    """D-DECK with P1-MAS: the card after the hands is turned up at the stock's bottom."""
    state = sg.deal(MAS, players=3, seed=4)
    assert state.stock[-1] == state.trump_card
    assert state.view(0).upcard == state.trump_card


def test_d_double_two_packs_hold_104_cards_each_twice() -> None:
    """D-DOUBLE: two packs shuffled together, 104 cards, every card twice."""
    state = sg.deal(DOUBLE, players=5, seed=9)
    dealt = everything_dealt(state)
    assert sum(dealt.values()) == 104
    assert dealt == Counter(sg.one_pack() * 2) == Counter(sg.two_packs())
    assert state.stock_size == 104 - 15


def test_d_double_a_layout_may_hold_two_copies_but_not_three() -> None:
    """D-DOUBLE: two AS are fine with two packs, a third is refused; one pack refuses
    the second."""
    hands = ["AS 9D", "AS 8D", "2C"]
    state = sg.deal(DOUBLE, hands=hands, stock="QC 6S")
    assert state.hand(0).count(sg.parse_card("AS")) == 1
    with pytest.raises(ValueError, match="AS is laid out more than twice with 2 pack"):
        sg.deal(DOUBLE, hands=hands, stock="AS 6S")
    with pytest.raises(ValueError, match="AS is laid out more than once with 1 pack"):
        sg.deal(FLURST, hands=hands, stock="QC 6S")


def test_d_double_a_hand_may_hold_both_copies_and_play_them_together() -> None:
    """D-DOUBLE with P1-MULTI: both 8D of a double pack are one play of two cards."""
    rules = attrs.evolve(HELMFRID, packs=2, sluff=SLUFF_NONE)
    state = sg.deal(rules, hands=["8D 8D 3C", "9H 4C 5C"], stock="QC JC 6S")
    assert state.is_legal("0 play 8D 8D")
    state = step(state, "0 play 8D 8D")
    assert state.table == cards("8D 8D") and state.hand(0) == cards("3C QC JC")


def test_d_double_the_dreck_threshold_doubles() -> None:
    """D-DOUBLE, I-DRECK: seats 1 and 2 end phase one with 2 cards each, seat 0 with 4.
    With one pack and dreck_below=2 nobody receives the dreck; with two packs the
    threshold is 4 and seats 1 and 2 receive it."""
    hands = ["AS", "QH JH 3C", "10D 9D 4C"]
    moves = ("0 play AS", "1 play QH", "2 play 10D", "1 done", "2 done")
    one = finish(sg.deal(attrs.evolve(FLURST, dreck_below=2), hands=hands, stock="6S"), *moves)
    assert one.hand(0) == cards("AS QH 10D 6S")
    assert one.hand(1) == cards("JH 3C") and one.hand(2) == cards("9D 4C")
    assert sg.EventKind.GAVE_DRECK not in {event.kind for event in one.events}

    rules = attrs.evolve(FLURST, dreck_below=2, packs=2)
    two = finish(sg.deal(rules, hands=hands, stock="6S"), *moves)
    # every seat gives its 2-5 and the 6 of trump; only seats 1 and 2 receive them
    assert two.hand(0) == cards("AS QH 10D")
    received = Counter(two.hand(1)) + Counter(two.hand(2))
    assert received == Counter(cards("JH 9D 3C 4C 6S"))
    assert sg.EventKind.GOT_DRECK in {event.kind for event in two.events}


# -- the same seed, bad input -----------------------------------------------------


def test_the_same_seed_gives_the_same_deal() -> None:
    for rules in (PAGAT, FLURST, SWEDISH_GOAT, TWO_PLAYER, DOUBLE):
        players = max(rules.min_players, 2)
        first = sg.deal(rules, players=players, seed=2024)
        again = sg.deal(rules, players=players, seed=2024)
        assert first == again
        assert [first.hand(p) for p in range(players)] == [again.hand(p) for p in range(players)]
        assert first.stock == again.stock and first.set_aside == again.set_aside
        assert first.deal == again.deal


def test_different_seeds_give_different_deals() -> None:
    deals = {
        (tuple(state.hand(p) for p in range(3)), state.stock)
        for state in (sg.deal(FLURST, players=3, seed=seed) for seed in range(20))
    }
    assert len(deals) == 20


@pytest.mark.parametrize(
    ("rules", "players", "message"),
    [
        (PAGAT, 5, "these rules allow 2-4 players, not 5"),
        (PAGAT, 1, "these rules allow 2-4 players, not 1"),
        (FLURST, 2, "these rules allow 3-8 players, not 2"),
        (FLURST, 9, "these rules allow 3-8 players, not 9"),
        (WIZARDS, 7, "these rules allow 3-6 players, not 7"),
        (TWO_PLAYER, 3, "these rules allow 2-2 players, not 3"),
    ],
)
def test_player_counts_outside_the_presets_range_are_refused(
    rules: sg.Ruleset, players: int, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        sg.deal(rules, players=players, seed=1)


def test_a_layout_with_too_many_seats_is_refused() -> None:
    with pytest.raises(ValueError, match="these rules allow 2-4 players, not 5"):
        sg.deal(PAGAT, hands=["2C", "3C", "4C", "5C", "6C"], stock="7C")


@pytest.mark.parametrize(
    ("hands", "stock", "message"),
    [
        (["8X 3D", "7C", "KD"], "6S", "not a card: '8X'"),
        (["8D 3D", "1C", "KD"], "6S", "not a card: '1C'"),
        (["8D 3D", "7C", "KD"], "6S QQ", "not a card: 'QQ'"),
    ],
)
def test_bad_card_text_is_refused(hands: list[str], stock: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        sg.deal(PAGAT, hands=hands, stock=stock)


def test_a_layout_with_a_card_twice_is_refused_with_one_pack() -> None:
    """D-DECK: one pack holds each card once, across hands and stock."""
    with pytest.raises(ValueError, match="8D is laid out more than once with 1 pack"):
        sg.deal(PAGAT, hands=["8D 3D", "8D 7C", "KD"], stock="6S")
    with pytest.raises(ValueError, match="6S is laid out more than once"):
        sg.deal(PAGAT, hands=["8D 3D", "6S 7C", "KD"], stock="QC 6S")
    with pytest.raises(ValueError, match="6S is laid out more than once"):
        sg.deal(SWEDISH_GOAT, hands=["8D 3D", "7C", "KD"], stock="QC 6S", set_aside="6S")


def laid_out(rules: sg.Ruleset, seed: int, layout: Layout) -> sg.PhaseOneState:
    """The game ``deal`` makes of ``layout``, its later shuffles seeded by ``seed``."""
    return sg.deal(
        rules,
        seed=seed,
        hands=layout.hands,
        stock=layout.stock,
        set_aside=layout.set_aside,
        reserve=layout.reserve,
    )


@pytest.mark.parametrize("name", sorted(sg.presets.ALL))
def test_d_hand_3_a_pack_laid_out_in_dealing_order_is_the_shuffled_deal(name: str) -> None:
    """D-HAND-3, D-TRUMP-SET-ASIDE, P1-MAS, P2-AVSTICKSHOG: ``lay_out`` deals a pack
    in a given order exactly as a shuffled deal deals the same order, so a game
    dealt card by card (OpenSpiel) is the game of that shuffle."""
    rules = sg.presets.get(name)
    for players in {rules.min_players, rules.max_players}:
        for seed in (1, 2):
            order = list(sg.one_pack() if rules.packs == 1 else sg.two_packs())
            random.Random(seed).shuffle(order)
            layout = lay_out(rules, players, order)
            laid = laid_out(rules, seed, layout)
            assert laid == sg.deal(rules, players=players, seed=seed)


@pytest.mark.parametrize("name", sorted(sg.presets.ALL))
def test_d_hand_3_a_pack_dealt_in_order_is_the_game_of_its_layout(name: str) -> None:
    """D-HAND-3, D-TRUMP-SET-ASIDE, P1-MAS, P2-AVSTICKSHOG: ``deal_order`` (card
    numbers, as OpenSpiel deals them) makes the very state a layout of the same
    order makes, its deal's record and seed included, without the text."""
    rules = sg.presets.get(name)
    for players in {rules.min_players, rules.max_players}:
        for seed in (1, 2**64 - 1):
            order = list(range(52)) * rules.packs
            random.Random(seed).shuffle(order)
            layout = lay_out(rules, players, [sg.Card.from_index(card) for card in order])
            laid = laid_out(rules, seed, layout)
            dealt = deal_order(rules, players, order, seed)
            assert dealt == laid and dealt.__reduce__() == laid.__reduce__()
            assert dealt.deal == laid.deal and dealt.deal.hands is not None


def test_deal_order_takes_only_the_whole_pack_as_card_numbers() -> None:
    order = list(range(52))
    with pytest.raises(ValueError, match="every card number of the 1 pack"):
        deal_order(FLURST, 4, order[:51])
    with pytest.raises(ValueError, match="every card number of the 1 pack"):
        deal_order(FLURST, 4, [*order[:51], 0])  # the 2C twice, no AS
    with pytest.raises(ValueError, match="every card number of the 1 pack"):
        deal_order(FLURST, 4, [*order[:51], 52])
    with pytest.raises(ValueError, match="every card number of the 2 pack"):
        deal_order(DOUBLE, 4, order)
    with pytest.raises(TypeError, match="as card numbers"):
        deal_order(FLURST, 4, list(sg.one_pack()))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seed must be a whole number from 0"):
        deal_order(FLURST, 4, order, seed=-1)
    with pytest.raises(ValueError, match="players"):
        deal_order(FLURST, 1, order)


def test_lay_out_takes_only_the_whole_pack() -> None:
    with pytest.raises(ValueError, match="every card of the 1 pack"):
        lay_out(sg.presets.FLURST, 4, list(sg.one_pack())[:51])
    with pytest.raises(TypeError, match="as Card objects"):
        lay_out(sg.presets.FLURST, 4, ["2C"] * 52)  # type: ignore[list-item]
