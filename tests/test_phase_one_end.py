"""Phase one: how it ends, and what becomes of an unfinished trick (RULES.md §3, "End of
phase 1").

Each test lays out small hands (clockwise from seat 0, who leads) and a short stock (top
card first; its last card is the trump card unless the rules set one aside), plays the
few moves that end phase one, and inspects the first phase-two state. The dreck is
switched off unless a test is about it, so that the collected hands show as they are.
"""

from __future__ import annotations

import attrs
import pytest

import skitgubbe as sg

from .helpers import legal, settle

#: Flurst's phase one, no dreck.
PLAIN = attrs.evolve(sg.presets.FLURST, dreck=sg.Dreck.NONE)


def cards(text: str) -> list[sg.Card]:
    """Cards in notation, sorted as the engine sorts them."""
    return sorted(sg.parse_cards(text))


def deal(rules: sg.Ruleset, hands: list[str], stock: str, set_aside: str = "") -> sg.PhaseOneState:
    return sg.deal(rules, hands=hands, stock=stock, set_aside=set_aside, leader=0)


def run(state: sg.State, *moves: str) -> sg.State:
    """The state after ``moves``; a move ``"settle"`` closes the decided trick (the
    others declare done and the winner gathers)."""
    for move in moves:
        state = settle(state) if move == "settle" else state.apply(move)
    return state


def phase_one(state: sg.State, *moves: str) -> sg.PhaseOneState:
    state = run(state, *moves)
    assert isinstance(state, sg.PhaseOneState)
    return state


def phase_two(state: sg.State, *moves: str) -> sg.PhaseTwoState:
    state = run(state, *moves)
    assert isinstance(state, sg.PhaseTwoState), "phase one should be over"
    return state


def hands(state: sg.PhaseTwoState) -> list[list[sg.Card]]:
    return [sorted(state.hand(p)) for p in range(state.players)]


def kinds(state: sg.State) -> list[tuple[sg.EventKind, int]]:
    return [(event.kind, event.player) for event in state.events]


# -- P1-END-NO-CARD ---------------------------------------------------------------------

#: Seats 0 and 1 tie on 9s; seat 0 sluffs its 5C, replays the 7C; seat 1, due in the
#: replay, has no card and the stock holds only the trump card (2S), which seat 0
#: already set aside.
STUCK_HANDS = ["9C 5C 7C", "9D", "5H 7H"]
STUCK_MOVES = ("0 play 9C", "1 play 9D", "2 play 5H", "0 sluff 5C", "0 play 7C")


def test_p1_end_no_card_ends_when_a_due_seat_has_no_card() -> None:
    """P1-END-NO-CARD: phase one ends as soon as the seat due in the replay has no card
    and cannot dare."""
    state = phase_one(deal(PLAIN, STUCK_HANDS, "2S"), *STUCK_MOVES[:4])
    assert state.stock_size == 0 and state.trump_holder == 0
    after = phase_two(state, STUCK_MOVES[4])
    assert (sg.EventKind.PHASE_ONE_OVER, 1) in kinds(after)


def test_p1_end_no_card_takes_back_played_and_sluffed_cards() -> None:
    """P1-END-NO-CARD: the unfinished trick is undone: each seat takes back all it put
    on it, the sluffed 5C too; cards still in hand (seat 2's 7H) join the collected
    cards, as does the trump card (I-TRUMP)."""
    state = phase_two(deal(PLAIN, STUCK_HANDS, "2S"), *STUCK_MOVES)
    assert hands(state) == [cards("9C 5C 7C 2S"), cards("9D"), cards("5H 7H")]
    took = {e.player: sorted(e.cards) for e in state.events if e.kind is sg.EventKind.TOOK}
    assert took == {0: cards("9C 5C 7C"), 1: cards("9D"), 2: cards("5H")}


@pytest.mark.parametrize(("stock", "over"), [("4D 3D", False), ("4D", True)])
def test_p1_end_no_card_unless_the_seat_can_dare(stock: str, over: bool) -> None:
    """P1-END-NO-CARD, P1-DARE: a seat due with an empty hand is not stuck while it can
    dare the top card of the stock; it is once the stock is empty."""
    rules = attrs.evolve(sg.presets.SWEDISH_GOAT, dreck=sg.Dreck.NONE)
    layout = deal(rules, ["9C 8C 7C", "", "5H 6H"], stock, set_aside="2S")
    state = run(layout, "0 play 9C")
    assert isinstance(state, sg.PhaseTwoState) is over
    if isinstance(state, sg.PhaseOneState):
        assert legal(state) == {"1 dare"}
    elif isinstance(state, sg.PhaseTwoState):
        assert (sg.EventKind.PHASE_ONE_OVER, 1) in kinds(state)
        assert hands(state)[0] == cards("9C 8C 7C 4D")


# -- P1-END-DEAL-OUT --------------------------------------------------------------------


def test_p1_end_deal_out_shares_the_unfinished_trick() -> None:
    """P1-END-DEAL-OUT: the five cards of the unfinished trick are dealt one at a time
    from seat 0 (two, two, one) instead of taken back; hands are kept (I-COLLECT)."""
    rules = attrs.evolve(PLAIN, unfinished=sg.Unfinished.DEAL_OUT)
    state = phase_two(deal(rules, STUCK_HANDS, "2S"), *STUCK_MOVES)
    dealt = {e.player: e.cards for e in state.events if e.kind is sg.EventKind.TOOK}
    assert [len(dealt.get(p, ())) for p in range(3)] == [2, 2, 1]
    assert sorted(c for share in dealt.values() for c in share) == cards("9C 9D 5H 5C 7C")
    assert [state.hand_size(p) for p in range(3)] == [3, 2, 2]  # + the 2S and the 7H
    assert sg.parse_card("2S") in state.hand(0) and sg.parse_card("7H") in state.hand(2)


def test_p1_end_deal_out_follows_the_game_seed() -> None:
    """P1-END-DEAL-OUT: the shuffle is the game's: the same seed deals the same cards."""
    rules = attrs.evolve(PLAIN, unfinished=sg.Unfinished.DEAL_OUT)
    first = phase_two(deal(rules, STUCK_HANDS, "2S"), *STUCK_MOVES)
    again = phase_two(deal(rules, STUCK_HANDS, "2S"), *STUCK_MOVES)
    assert hands(first) == hands(again)


# -- P1-END-TALON -----------------------------------------------------------------------

#: The trump card is the only stock card: seat 0 takes it after leading the KC.
TALON_HANDS = ["KC 9C 8C", "3D 8D 9D", "4H 5H 6H"]
TALON_MOVES = ("0 play KC", "1 play 3D", "2 play 4H", "settle")


@pytest.mark.parametrize(
    ("end", "over"),
    [
        (sg.PhaseOneEnd.TALON, True),
        (sg.PhaseOneEnd.NO_CARD, False),
        (sg.PhaseOneEnd.TALON_TWO_CARDS, False),
    ],
)
def test_p1_end_talon_after_the_trick_that_emptied_the_stock(
    end: sg.PhaseOneEnd, over: bool
) -> None:
    """P1-END-TALON: once the trick in which the last stock card was taken is complete,
    phase one ends although everyone still holds cards; by default it goes on."""
    state = run(deal(attrs.evolve(PLAIN, end=end), TALON_HANDS, "2S"), *TALON_MOVES)
    assert isinstance(state, sg.PhaseTwoState) is over
    if isinstance(state, sg.PhaseTwoState):
        assert hands(state) == [cards("KC 3D 4H 9C 8C 2S"), cards("8D 9D"), cards("5H 6H")]
        assert state.to_act == (0,)  # seat 0 won the last trick (I-LEADER)
    else:
        assert isinstance(state, sg.PhaseOneState)
        assert state.turn == 0 and state.stock_size == 0


@pytest.mark.parametrize(
    ("end", "over"), [(sg.PhaseOneEnd.TALON_TWO_CARDS, True), (sg.PhaseOneEnd.NO_CARD, False)]
)
def test_p1_end_talon_two_cards_needs_two_cards_each(end: sg.PhaseOneEnd, over: bool) -> None:
    """P1-END-TALON (sub-variant): with the stock empty a new trick starts only if every
    seat holds two cards; here seat 2 holds one, so phase one ends."""
    hands_ = ["KC 9C 8C", "3D 8D 9D", "4H 5H"]
    state = run(deal(attrs.evolve(PLAIN, end=end), hands_, "2S"), *TALON_MOVES)
    assert isinstance(state, sg.PhaseTwoState) is over
    if isinstance(state, sg.PhaseTwoState):
        assert hands(state)[2] == cards("5H")


def test_p1_end_talon_takes_back_a_trick_it_cannot_complete() -> None:
    """P1-END-TALON: the trick that empties the stock may not be completed; then it is
    taken back as usual (P1-END-NO-CARD)."""
    rules = attrs.evolve(PLAIN, end=sg.PhaseOneEnd.TALON)
    state = phase_two(deal(rules, STUCK_HANDS, "2S"), *STUCK_MOVES)
    assert hands(state) == [cards("9C 5C 7C 2S"), cards("9D"), cards("5H 7H")]


# -- P1-END-SKIP ------------------------------------------------------------------------

#: Seat 1 plays its only card to the first trick; the stock holds only the trump card.
SKIP_HANDS = ["KC 9C", "3D", "4H 5H 6H"]


@pytest.mark.parametrize(
    "end", [sg.PhaseOneEnd.SKIP, sg.PhaseOneEnd.SKIP_ALL, sg.PhaseOneEnd.NO_CARD]
)
def test_p1_end_skip_passes_over_empty_seats(end: sg.PhaseOneEnd) -> None:
    """P1-END-SKIP: a seat without cards is skipped; without the rule, phase one ends
    when it is due (P1-END-NO-CARD) and the lead is taken back."""
    state = phase_one(deal(attrs.evolve(PLAIN, end=end), SKIP_HANDS, "2S"), "0 play KC")
    state = phase_one(state, "1 play 3D", "2 play 4H", "settle")
    after = run(state, "0 play 9C")
    if end is sg.PhaseOneEnd.NO_CARD:
        assert isinstance(after, sg.PhaseTwoState)
        assert sg.parse_card("9C") in after.hand(0)
    else:
        assert state.order == (0, 2)
        assert isinstance(after, sg.PhaseOneState) and after.turn == 2


@pytest.mark.parametrize(
    ("end", "over"), [(sg.PhaseOneEnd.SKIP, True), (sg.PhaseOneEnd.SKIP_ALL, False)]
)
def test_p1_end_skip_two_players_or_all_cards(end: sg.PhaseOneEnd, over: bool) -> None:
    """P1-END-SKIP: the Wikipedia form stops when fewer than two seats hold cards; Koira
    goes on until every card is played, seat 2 leading alone."""
    moves = ("0 play KC", "1 play 3D", "2 play 4H", "settle", "0 play 9C", "2 play 5H", "settle")
    state = run(deal(attrs.evolve(PLAIN, end=end), SKIP_HANDS, "2S"), *moves)
    assert isinstance(state, sg.PhaseTwoState) is over
    if isinstance(state, sg.PhaseTwoState):
        assert hands(state)[2] == cards("6H")  # the unplayed card joins the collected cards
    else:
        assert isinstance(state, sg.PhaseOneState)
        assert state.order == (2,) and legal(state) == {"2 play 6H"}
        final = phase_two(state, "2 play 6H", "settle")
        assert hands(final)[2] == cards("6H")
        assert (sg.EventKind.WON, 2) in kinds(final)


#: Seats 0 and 1 tie on 9s; seat 1 has no card for the replay.
REPLAY_HANDS = ["9C 4C", "9D", "5H 6H"]
REPLAY_MOVES = ("0 play 9C", "1 play 9D", "2 play 5H", "0 play 4C")


def test_p1_end_skip_all_splits_a_replay_that_cannot_go_on() -> None:
    """P1-END-SKIP (Koira): when a tied seat runs out during the replay, the trick is
    shuffled and split one at a time among the tied seats' piles; play goes on."""
    state = phase_one(deal(sg.presets.KOIRA, REPLAY_HANDS, "2S"), *REPLAY_MOVES)
    assert state.table == ()
    assert [len(state.won(p)) for p in range(3)] == [2, 2, 0]
    assert sorted(state.won(0) + state.won(1)) == cards("9C 9D 5H 4C")
    assert state.turn == 2 and legal(state) == {"2 play 6H"}


def test_p1_end_skip_takes_back_a_replay_that_cannot_go_on() -> None:
    """P1-END-SKIP (two-player form): a replay that cannot go on ends phase one and the
    unfinished trick is taken back (P1-END-NO-CARD)."""
    rules = attrs.evolve(sg.presets.KOIRA, end=sg.PhaseOneEnd.SKIP)
    state = phase_two(deal(rules, REPLAY_HANDS, "2S"), *REPLAY_MOVES)
    assert hands(state) == [cards("9C 4C 2S"), cards("9D"), cards("5H 6H")]


# -- P1-LAST-TRICK ----------------------------------------------------------------------

#: Seat 0 wins the first trick; seat 1 draws the trump card (2S); the second trick's
#: replay cannot go on, so it is taken back and the first stays the last trick.
LAST_HANDS = ["KC 9C 7C", "3D 9D", "4H 5H 6H"]
LAST_STOCK = "8C 2S"
LAST_MOVES = (
    *("0 play KC", "1 play 3D", "2 play 4H", "settle"),
    *("0 play 9C", "1 play 9D", "2 play 5H"),
)


def test_p1_last_trick_is_remembered() -> None:
    """P1-LAST-TRICK: the winner of the last completed trick is kept; an unfinished
    trick does not change it."""
    state = phase_one(deal(PLAIN, LAST_HANDS, LAST_STOCK), *LAST_MOVES)
    assert state.last_trick_winner == 0 and state.trump_holder == 1
    assert state.order == (0, 1)
    final = phase_two(state, "0 play 7C")
    assert hands(final) == [cards("KC 3D 4H 9C 7C 8C"), cards("9D 2S"), cards("5H 6H")]


@pytest.mark.parametrize(
    ("leader_rule", "leader"),
    [(sg.OpeningLeader.LAST_TRICK, 0), (sg.OpeningLeader.TRUMP_DRAWER, 1)],
)
def test_p1_last_trick_winner_leads_phase_two(leader_rule: sg.OpeningLeader, leader: int) -> None:
    """P1-LAST-TRICK, I-LEADER: Flurst, Goat and Wizards let the last trick's winner lead
    phase two; pagat and Helmfrid the trump card's drawer."""
    rules = attrs.evolve(PLAIN, opening_leader=leader_rule)
    final = phase_two(deal(rules, LAST_HANDS, LAST_STOCK), *LAST_MOVES, "0 play 7C")
    assert final.to_act == (leader,)
    assert (sg.EventKind.LEADS, leader) in kinds(final)
