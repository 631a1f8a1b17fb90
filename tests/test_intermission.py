"""The intermission: from the end of phase one to the first phase-two state (RULES.md §4).

The intermission needs no moves: the move that ends phase one returns the first
phase-two state. Each test lays out a short phase one in card notation (hands
clockwise from seat 0, who leads; the stock top card first, its last card the trump
card unless the rules set one aside), plays it to its end and inspects the result.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import skitgubbe as sg
from skitgubbe.cards import cards_of

from .helpers import legal

#: Flurst's phase one, with free plays, no sluffing and no daring, so that the
#: scripted game below is the only one its moves describe.
SCRIPTED = attrs.evolve(sg.presets.FLURST, must_match=False, sluff=sg.SluffRule.NONE, dare=False)
#: A short phase one that leaves seats 0, 1 and 2 with 7, 5 and 6 cards (trump card
#: 7S, drawn by seat 2): every dreck threshold from 5 to 12 divides them differently.
HANDS = ["2H 7C QC", "JD 5C 2S", "JH 8S 3D"]
STOCK = "AH 5S 4S QD AS 10H 6S 10S 7S"
MOVES = (
    "0 play 7C",
    "1 play JD",
    "2 play 8S",
    "1 play 5S",
    "2 play JH",
    "0 play QC",
    "0 play AH",
    "1 play 5C",
    "2 play AS",
    "0 play 2H",
    "2 play 4S",
    "2 play 3D",
    "0 play 10H",
    "1 play 2S",
    "0 play 6S",
    "1 play 10S",
)
#: The collected cards before any dreck (I-COLLECT).
COLLECTED = ("QC 10H JH 3D 2S 5S 6S", "7C JD QD 8S 10S", "AH AS 7S 5C 2H 4S")
#: What each seat gives up: all 2-5 and the 6 of trump (spades).
GIVES = ("3D 2S 5S 6S", "", "5C 2H 4S")
KEEPS = ("QC 10H JH", "7C JD QD 8S 10S", "AH AS 7S")


def cards(text: str) -> list[sg.Card]:
    """Cards in notation, sorted as the engine sorts them."""
    return sorted(sg.parse_cards(text))


def run(state: sg.State, *moves: str) -> sg.State:
    for move in moves:
        state = state.apply(move)
    return state


def phase_two(state: sg.State, *moves: str) -> sg.PhaseTwoState:
    state = run(state, *moves)
    assert isinstance(state, sg.PhaseTwoState), "phase one should be over"
    return state


def scripted(**settings: Any) -> sg.PhaseTwoState:
    """The scripted game under SCRIPTED with ``settings`` changed."""
    rules = attrs.evolve(SCRIPTED, **settings)
    before = run(sg.deal(rules, hands=HANDS, stock=STOCK, leader=0), *MOVES[:-1])
    assert isinstance(before, sg.PhaseOneState)
    return phase_two(before, MOVES[-1])


def hands(state: sg.PhaseTwoState) -> list[list[sg.Card]]:
    return [sorted(state.hand(p)) for p in range(state.players)]


def got(state: sg.PhaseTwoState) -> dict[int, list[sg.Card]]:
    """The dreck cards each seat received."""
    return {e.player: sorted(e.cards) for e in state.events if e.kind is sg.EventKind.GOT_DRECK}


def kinds(state: sg.State) -> list[tuple[sg.EventKind, int]]:
    return [(event.kind, event.player) for event in state.events]


# -- I-COLLECT, I-TRUMP -----------------------------------------------------------------


def test_i_collect_won_cards_and_hand() -> None:
    """I-COLLECT: each phase-two hand is the seat's won cards, the cards left in its hand
    and what it takes back from the unfinished trick (and, I-TRUMP, the trump card for
    its drawer)."""
    rules = attrs.evolve(SCRIPTED, dreck=sg.Dreck.NONE)
    before = run(sg.deal(rules, hands=HANDS, stock=STOCK, leader=0), *MOVES[:-1])
    assert isinstance(before, sg.PhaseOneState)
    assert before.trump_holder == 2
    # the last move leaves seat 2 due with no card: the trick (seat 0's 6S) is taken back
    on_table = {e.player: e.cards for e in before.trick}
    expected = [
        sorted(
            before.won(p)
            + before.hand(p)
            + on_table.get(p, ())
            + ((before.trump_card,) if p == before.trump_holder else ())
        )
        for p in range(3)
    ]
    final = phase_two(before, MOVES[-1])
    assert hands(final) == expected
    assert hands(final) == [cards(h) for h in COLLECTED]
    assert sum(final.hand_size(p) for p in range(3)) == len(HANDS) * 3 + 9


@pytest.mark.parametrize("trump_card", [sg.TrumpCard.LAST, sg.TrumpCard.EXPOSED])
def test_i_trump_the_kept_trump_card_joins_its_drawer(trump_card: sg.TrumpCard) -> None:
    """I-TRUMP: the trump card's suit is trump, and where the card is kept (bottom of the
    stock, hidden or shown) it joins its drawer's cards."""
    final = scripted(dreck=sg.Dreck.NONE, trump_card=trump_card)
    assert final.trump is sg.Suit.SPADES
    assert sg.parse_card("7S") in final.hand(2)
    assert sg.parse_card("7S") not in cards_of(final.out_of_play_mask)
    assert (sg.EventKind.TRUMP, 2) in kinds(final)


def test_i_trump_a_set_aside_card_stays_out() -> None:
    """I-TRUMP, D-TRUMP-SET-ASIDE: a set-aside trump card names the trump suit and stays
    out of play; nobody holds it."""
    rules = attrs.evolve(sg.presets.SWEDISH_GOAT, dreck=sg.Dreck.NONE)
    layout = sg.deal(rules, hands=["9C 8D 7C", "9D", "5H 7H"], stock="8C", set_aside="2S", leader=2)
    final = phase_two(layout, "2 play 5H", "0 play 9C", "1 play 9D", "0 play 7C")
    assert final.trump is sg.Suit.SPADES
    assert all(sg.parse_card("2S") not in final.hand(p) for p in range(3))
    # out of play: the 2S and the 44 cards the layout leaves out
    assert sg.parse_card("2S") in cards_of(final.out_of_play_mask)
    assert len(cards_of(final.out_of_play_mask)) == 45
    assert sum(final.hand_size(p) for p in range(3)) == 7  # every laid-out card but the 2S
    # nobody drew it: the dealer (the last seat) turns it, not seat 0
    turned = [event for event in final.events if event.kind is sg.EventKind.TRUMP]
    assert [(event.player, sg.format_cards(event.cards)) for event in turned] == [(2, "2S")]


# -- I-DRECK ----------------------------------------------------------------------------


def test_i_dreck_none_below_the_threshold() -> None:
    """I-DRECK: with a threshold of 5 (Helmfrid) nobody of 7, 5 and 6 cards is short."""
    assert hands(scripted(dreck_below=5)) == [cards(h) for h in COLLECTED]


@pytest.mark.parametrize(("dreck", "pile"), [(sg.Dreck.LOW_AND_SIX_OF_TRUMP, 7), (sg.Dreck.LOW, 6)])
def test_i_dreck_one_needy_player_gets_it_all(dreck: sg.Dreck, pile: int) -> None:
    """I-DRECK: with 6 (Flurst, Goat, Wizards, Atlanta) only seat 1 is short and gets
    every given card; the 6 of trump goes too with the 17-card set, not with the
    16-card set (Helmfrid)."""
    final = scripted(dreck=dreck, dreck_below=6)
    given = "3D 2S 5S 5C 2H 4S" + (" 6S" if dreck is sg.Dreck.LOW_AND_SIX_OF_TRUMP else "")
    assert got(final) == {1: cards(given)}
    assert len(got(final)[1]) == pile
    assert hands(final)[1] == cards(f"{KEEPS[1]} {given}")
    six = sg.parse_card("6S")
    assert (six in final.hand(0)) is (dreck is sg.Dreck.LOW)


def test_i_dreck_giver_who_falls_below_does_not_receive() -> None:
    """I-DRECK: seats 0 and 2 give their low cards and fall below 6 (3 cards each) but
    were not short before giving, so they receive nothing."""
    final = scripted(dreck_below=6)
    assert hands(final)[0] == cards(KEEPS[0]) and hands(final)[2] == cards(KEEPS[2])
    gave = {e.player: sorted(e.cards) for e in final.events if e.kind is sg.EventKind.GAVE_DRECK}
    assert gave == {0: cards(GIVES[0]), 2: cards(GIVES[2])}


def test_i_dreck_several_needy_players_share_in_seat_order() -> None:
    """I-DRECK: with 7, seats 1 and 2 are short; the 7 cards are dealt one at a time from
    seat 1, so seat 1 gets 4 and seat 2 gets 3."""
    final = scripted(dreck_below=7)
    shares = got(final)
    assert sorted(shares) == [1, 2]
    assert [len(shares[1]), len(shares[2])] == [4, 3]
    assert sorted(shares[1] + shares[2]) == cards(f"{GIVES[0]} {GIVES[2]}")
    assert hands(final)[0] == cards(KEEPS[0])


def test_i_dreck_threshold_ten_everyone_short() -> None:
    """I-DRECK: with 10 every seat is short: 3, 2 and 2 cards, seat 0 first."""
    final = scripted(dreck_below=10)
    assert [len(got(final).get(p, [])) for p in range(3)] == [3, 2, 2]


@pytest.mark.parametrize(("by_rank", "needy"), [(True, [1, 2]), (False, [])])
def test_i_dreck_threshold_is_the_trump_rank(by_rank: bool, needy: list[int]) -> None:
    """I-DRECK (Helmfrid variant): the threshold is the trump card's rank, here 7 (7S),
    instead of the setting's 5."""
    final = scripted(dreck_below=5, dreck_trump_rank=by_rank)
    assert sorted(got(final)) == needy


@pytest.mark.parametrize(("packs", "needy"), [(2, [0, 1, 2]), (1, [1])])
def test_i_dreck_threshold_doubles_with_two_packs(packs: int, needy: list[int]) -> None:
    """I-DRECK, D-DOUBLE: with two packs the threshold of 6 becomes 12, so seats of 7, 5
    and 6 cards are all short."""
    final = scripted(dreck_below=6, packs=packs)
    assert sorted(got(final)) == needy


@pytest.mark.parametrize(("packs", "needy"), [(2, [1]), (1, [])])
def test_i_dreck_small_threshold_doubles_too(packs: int, needy: list[int]) -> None:
    """I-DRECK, D-DOUBLE: a threshold of 3 becomes 6 with two packs."""
    final = scripted(dreck_below=3, packs=packs)
    assert sorted(got(final)) == needy


#: Five seats: seat 0 wins a trick of five low cards with its only card.
LOW_HANDS = ["5C", "3D", "2H", "4S", "2C 9D"]
LOW_MOVES = ("0 play 5C", "1 play 3D", "2 play 2H", "3 play 4S", "4 play 2C", "4 done")


def low_game() -> sg.PhaseTwoState:
    rules = attrs.evolve(sg.presets.SWEDISH_GOAT, dreck=sg.Dreck.LOW, dreck_below=5)
    layout = sg.deal(rules, hands=LOW_HANDS, stock="", set_aside="KS", leader=0)
    return phase_two(layout, *LOW_MOVES)


def test_i_dreck_emptied_by_the_discard_is_out() -> None:
    """I-DRECK, I-EMPTY: seat 0 holds five low cards, is not short and gives them all:
    it is out and safe before phase two starts; the four short seats share its cards
    one at a time in seat order (seat 1 gets two)."""
    final = low_game()
    assert final.hand(0) == ()
    assert 0 in final.out
    assert [len(got(final).get(p, [])) for p in range(5)] == [0, 2, 1, 1, 1]
    assert sorted(c for p in range(5) for c in final.hand(p)) == cards("5C 3D 2H 4S 2C 9D")


# -- I-EMPTY, I-BLAMATTIS ---------------------------------------------------------------

#: Seat 1 plays its only card to the first trick; phase one ends when it is due next.
EMPTY_HANDS = ["KC 9C", "3D", "4H 5H"]
EMPTY_MOVES = ("0 play KC", "1 play 3D", "2 play 4H", "0 play 9C")


def empty_game(empty_hand: sg.EmptyHand) -> sg.PhaseTwoState:
    rules = attrs.evolve(sg.presets.MATTIS, empty_hand=empty_hand)
    return phase_two(sg.deal(rules, hands=EMPTY_HANDS, stock="2S", leader=0), *EMPTY_MOVES)


def test_i_empty_player_without_cards_is_out() -> None:
    """I-EMPTY: a seat with no cards after phase one is out and safe; play skips it."""
    final = empty_game(sg.EmptyHand.SAFE)
    assert final.hand(1) == () and final.out == (1,)
    assert final.apply("0 play 9C").to_act == (2,)


def test_i_blamattis_stays_in_and_must_pick_up() -> None:
    """I-BLAMATTIS: in Mattis the empty-handed seat stays in and at its first turn must
    pick up the lowest card of the trick."""
    final = empty_game(sg.EmptyHand.BLAMATTIS)
    assert final.hand(1) == () and final.out == ()
    assert not final.is_over
    after = final.apply("0 play 9C")
    assert after.to_act == (1,)
    assert legal(after) == {"1 pick 9C"}


def test_i_blamattis_variant_loses_at_once() -> None:
    """I-BLAMATTIS (variant): a Blåmattis loses at once; the game is over."""
    final = empty_game(sg.EmptyHand.BLAMATTIS_LOSES)
    assert final.is_over and final.loser == 1
    assert final.to_act == ()


# -- I-LEADER ---------------------------------------------------------------------------


def test_i_leader_passes_clockwise_from_a_leader_without_cards() -> None:
    """I-LEADER: seat 0 won the last trick but the dreck left it no cards; the next seat
    clockwise that holds cards leads."""
    final = low_game()
    assert final.to_act == (1,)


def test_i_leader_fallback_is_the_trump_drawer() -> None:
    """I-LEADER (ruling): with no completed trick, the trump card's drawer (seat 1) leads
    phase two even under the last-trick rule."""
    rules = attrs.evolve(sg.presets.FLURST, dreck=sg.Dreck.NONE)
    layout = sg.deal(rules, hands=["9C 5C 7C", "9D", "5H 7H"], stock="8C 2S", leader=0)
    before = run(layout, "0 play 9C", "1 play 9D", "2 play 5H")
    assert isinstance(before, sg.PhaseOneState)
    assert before.trump_holder == 1 and before.last_trick_winner is None
    final = phase_two(before, "0 play 7C")
    assert final.to_act == (1,)


def test_i_leader_fallback_is_the_first_leader() -> None:
    """I-LEADER (ruling): with no completed trick and a set-aside trump card, the first
    leader of phase one (seat 2 here) leads phase two."""
    rules = attrs.evolve(sg.presets.SWEDISH_GOAT, dreck=sg.Dreck.NONE)
    layout = sg.deal(rules, hands=["9C 8D 7C", "9D", "5H 7H"], stock="8C", set_aside="2S", leader=2)
    final = phase_two(layout, "2 play 5H", "0 play 9C", "1 play 9D", "0 play 7C")
    assert final.to_act == (2,)
    assert (sg.EventKind.PHASE_ONE_OVER, 1) in kinds(final)
