"""Phase-one tricks (RULES.md §3): trick shapes, ties, obligations, daring, drawing, Mas.

Seats are 0-based and clockwise (A, B, C, D = 0, 1, 2, 3). Positions are exact
layouts; the stock is written top card first and its last card is the trump card.
Most all-player tests use Helmfrid's rules without sluffing, so that only the rule
under test acts on the trick.
"""

from __future__ import annotations

import attrs
import pytest

import skitgubbe as sg
from skitgubbe import EventKind, Ties, Trick, TrumpCard
from skitgubbe.presets import FLURST, HELMFRID, KOIRA, MAS, PAGAT

from .helpers import cards, finish, step

#: All-player tricks, single cards, tie replay, no must-match, no sluffing.
ALL = attrs.evolve(HELMFRID, sluff=sg.SluffRule.NONE, multi=False)
#: As ALL, with 1-3 equal cards per play (P1-MULTI).
MULTI = attrs.evolve(ALL, multi=True)
#: As ALL, with compulsory ties (P1-MUST-MATCH).
MATCH = attrs.evolve(ALL, must_match=True)
BEATS_UNIQUE = attrs.evolve(ALL, ties=Ties.BEATS_UNIQUE)
TRUMPS = attrs.evolve(PAGAT, trick=Trick.TRUMPS, trump_card=TrumpCard.EXPOSED)

#: A stock whose cards no hand below holds; the 6H at its bottom is the trump card.
STOCK = "QC JC 10C AC QD AD 10H JH 6H"


def legal(state: sg.State) -> set[str]:
    """The legal moves, in move notation."""
    return {str(move) for move in state.legal_moves()}


def plays(state: sg.State, seat: int) -> set[str]:
    """The legal plays and dares of ``seat`` (sluffs left out)."""
    return {
        str(move)
        for move in state.legal_moves()
        if move.player == seat and isinstance(move, (sg.Play, sg.Dare))
    }


def refusal(state: sg.State, move: str) -> str | None:
    """The rule ID that refuses ``move``; fails if the move is legal."""
    with pytest.raises(sg.IllegalMoveError) as error:
        state.check(move)
    assert not state.is_legal(move)
    return error.value.rule


# -- P1-TRICK-TWO -------------------------------------------------------------------

TWO_HANDS = ["8D 3D KC", "9C 7H 2S", "KD QH 4C"]


def test_p1_trick_two_leader_and_left_neighbour_play_and_the_higher_rank_wins() -> None:
    """P1-TRICK-TWO: A's 8D and B's 9C decide the trick; suits do not matter and C
    does not play. B leads the next trick, against C."""
    state = step(sg.deal(PAGAT, hands=TWO_HANDS, stock=STOCK), "0 play 8D")
    assert state.turn == 1 and state.to_act == (1,)
    state = step(state, "1 play 9C")
    assert state.won(1) == cards("8D 9C") and not state.won(0)
    assert state.hand(2) == cards("KD QH 4C")
    assert state.last_trick_winner == 1
    assert state.order == (1, 2) and state.turn == 1

    # with all-player tricks the same two plays leave the trick open for C
    every = step(sg.deal(attrs.evolve(PAGAT, trick=Trick.ALL), hands=TWO_HANDS, stock=STOCK))
    every = step(every, "0 play 8D", "1 play 9C")
    assert every.turn == 2 and every.trick_winner is None


def test_p1_trick_two_a_leader_who_wins_plays_the_same_opponent_again() -> None:
    """P1-TRICK-TWO: A wins with the KC and leads again against B."""
    state = step(sg.deal(PAGAT, hands=TWO_HANDS, stock=STOCK), "0 play KC", "1 play 2S")
    assert state.won(0) == cards("KC 2S")
    assert state.order == (0, 1)


def test_p1_trick_two_the_last_seat_leads_against_seat_0() -> None:
    """P1-TRICK-TWO: the winner plays against the player to its left, round the table."""
    state = sg.deal(PAGAT, hands=TWO_HANDS, stock=STOCK, leader=1)
    assert state.order == (1, 2)
    state = step(state, "1 play 7H", "2 play QH")
    assert state.won(2) == cards("7H QH")
    assert state.order == (2, 0) and state.turn == 2


def test_p1_trick_two_bounce_keeps_both_cards_and_the_same_leader() -> None:
    """P1-TRICK-TWO: 8D and 8C bounce; both stay on the table, both players draw,
    A leads again to the same trick; B then wins all four cards."""
    hands = ["8D 3D KC", "8C 7H 2S", "KD QH 4C"]
    state = step(sg.deal(PAGAT, hands=hands, stock=STOCK), "0 play 8D", "1 play 8C")
    assert state.trick_winner is None
    assert state.table == cards("8D 8C")
    assert state.turn == 0 and state.order == (0, 1)
    assert state.hand_size(0) == state.hand_size(1) == 3
    assert not state.won(0) and not state.won(1)
    assert EventKind.TIED in {event.kind for event in state.events}

    state = step(state, "0 play 3D", "1 play 7H")
    assert state.won(1) == cards("8D 8C 3D 7H") and not state.won(0)
    assert state.order == (1, 2)


# -- P1-TRICK-ALL ---------------------------------------------------------------------

FOUR = ["9C 5D 4S", "5C KS 3S", "KD 5H 10S", "7S 6C 8H"]


def test_p1_trick_all_every_player_plays_once_and_the_highest_rank_wins() -> None:
    """P1-TRICK-ALL: A 9C, B 5C, C KD, D 7S; the KD wins whatever the suit led, and C
    leads the next trick, every player again."""
    state = sg.deal(ALL, hands=FOUR, stock=STOCK)
    assert state.order == (0, 1, 2, 3)
    state = step(state, "0 play 9C", "1 play 5C", "2 play KD")
    assert state.turn == 3 and state.trick_winner is None
    state = step(state, "3 play 7S")
    assert state.won(2) == cards("9C 5C KD 7S")
    assert state.order == (2, 3, 0, 1) and state.turn == 2


def test_p1_trick_all_each_player_plays_in_turn_only() -> None:
    """P1-TRICK-ALL: play goes clockwise from the leader; nobody else may play."""
    state = step(sg.deal(ALL, hands=FOUR, stock=STOCK), "0 play 9C")
    assert state.to_act == (1,)
    assert refusal(state, "2 play KD") == "P1-TRICK-ALL"


# -- P1-MULTI -------------------------------------------------------------------------

MULTI_HANDS = ["8D 8C 8S", "9C 9D 3S", "KD 5H 10S"]


def test_p1_multi_one_two_or_three_equal_cards_and_the_player_draws_as_many() -> None:
    """P1-MULTI: A may play one, two or three 8s; after three 8s A draws three cards."""
    state = sg.deal(MULTI, hands=MULTI_HANDS, stock=STOCK)
    assert plays(state, 0) == {
        "0 play 8C",
        "0 play 8D",
        "0 play 8S",
        "0 play 8C 8D",
        "0 play 8C 8S",
        "0 play 8D 8S",
        "0 play 8C 8D 8S",
        "0 dare",
    }
    three = step(state, "0 play 8C 8D 8S")
    assert three.table == cards("8C 8D 8S")
    assert three.hand(0) == cards("QC JC 10C")
    assert three.stock_size == state.stock_size - 3
    pair = step(state, "0 play 8D 8S")
    assert pair.hand(0) == cards("8C QC JC") and pair.stock_size == state.stock_size - 2


def test_p1_multi_a_play_holds_one_rank_only() -> None:
    """P1-MULTI: a 9 and a 3 are not one play."""
    state = step(sg.deal(MULTI, hands=MULTI_HANDS, stock=STOCK), "0 play 8D")
    assert refusal(state, "1 play 9C 3S") == "P1-MULTI"


def test_p1_multi_without_multi_a_play_is_a_single_card() -> None:
    """P1-MULTI off: two 8s are refused; only single cards (and the dare) are listed."""
    state = sg.deal(ALL, hands=MULTI_HANDS, stock=STOCK)
    assert plays(state, 0) == {"0 play 8C", "0 play 8D", "0 play 8S", "0 dare"}
    assert refusal(state, "0 play 8C 8D") == "P1-TRICK-ALL"


def test_p1_multi_the_rank_wins_not_the_number_of_cards() -> None:
    """P1-MULTI: A's three 8s lose to B's single 9."""
    state = step(
        sg.deal(MULTI, hands=MULTI_HANDS, stock=STOCK), "0 play 8C 8D 8S", "1 play 9C", "2 play 5H"
    )
    assert state.won(1) == cards("8C 8D 8S 9C 5H")


# -- P1-ACES-LOW ----------------------------------------------------------------------

ACES = ["AS 6D 7D", "2C 8C 9C", "5D 10D JD"]


def test_p1_aces_low_an_ace_ranks_below_the_2() -> None:
    """P1-ACES-LOW: A's ace, B's 2 and C's 5: the 5 wins with aces low, the ace with
    aces high."""
    moves = ("0 play AS", "1 play 2C", "2 play 5D")
    low = step(sg.deal(attrs.evolve(ALL, aces_low=True), hands=ACES, stock=STOCK), *moves)
    assert low.won(2) == cards("AS 2C 5D")
    high = step(sg.deal(ALL, hands=ACES, stock=STOCK), *moves)
    assert high.won(0) == cards("AS 2C 5D")


def test_p1_aces_low_in_two_card_tricks() -> None:
    """P1-ACES-LOW: the 2 beats the ace in a two-card trick too."""
    moves = ("0 play AS", "1 play 2C")
    low = step(sg.deal(attrs.evolve(PAGAT, aces_low=True), hands=ACES, stock=STOCK), *moves)
    assert low.won(1) == cards("AS 2C")
    assert step(sg.deal(PAGAT, hands=ACES, stock=STOCK), *moves).won(0) == cards("AS 2C")


# -- P1-TIE-REPLAY --------------------------------------------------------------------

TIE = ["9C 4C 5S", "KD 2C 6S", "5H 8S 10S", "KS 3C JS"]


def test_p1_tie_replay_only_the_tied_players_play_again_and_any_card_can_win() -> None:
    """P1-TIE-REPLAY: B and D tie on kings; only they play again, B first; D's 3 beats
    B's 2 and D takes all six cards."""
    state = step(
        sg.deal(ALL, hands=TIE, stock=STOCK), "0 play 9C", "1 play KD", "2 play 5H", "3 play KS"
    )
    assert state.trick_winner is None
    assert state.order == (1, 3) and state.turn == 1 and state.to_act == (1,)
    assert state.table == cards("9C KD 5H KS")
    assert refusal(state, "0 play 4C") == "P1-TRICK-ALL"
    state = step(state, "1 play 2C")
    assert state.to_act == (3,)
    state = step(state, "3 play 3C")
    assert state.won(3) == cards("9C KD 5H KS 2C 3C")
    assert state.order == (3, 0, 1, 2)


def test_p1_tie_replay_keeps_the_original_order() -> None:
    """P1-TIE-REPLAY: C leads; D and A tie on kings; D played first, so D leads the replay."""
    hands = ["KS 3C JS", "9C 4C 5S", "5H 8S 10S", "KD 2C 6S"]
    state = sg.deal(ALL, hands=hands, stock=STOCK, leader=2)
    state = step(state, "2 play 5H", "3 play KD", "0 play KS", "1 play 9C")
    assert state.order == (3, 0) and state.turn == 3


def test_p1_tie_replay_repeats_until_one_play_is_highest() -> None:
    """P1-TIE-REPLAY: A, B and C tie on 5s; A and C tie again on 8s; C's 4 then beats
    A's 3, and C takes every card of the trick."""
    hands = ["5C 8C 3S", "5D 2C 9S", "5H 8H 4S", "2D 6S 7S"]
    state = step(
        sg.deal(ALL, hands=hands, stock=STOCK), "0 play 5C", "1 play 5D", "2 play 5H", "3 play 2D"
    )
    assert state.order == (0, 1, 2)
    state = step(state, "0 play 8C", "1 play 2C", "2 play 8H")
    assert state.order == (0, 2) and state.trick_winner is None
    state = step(state, "0 play 3S", "2 play 4S")
    assert state.won(2) == cards("5C 5D 5H 2D 8C 2C 8H 3S 4S")


# -- P1-TIE-BEATS-UNIQUE --------------------------------------------------------------

PAIR = ["5C 4C 2S", "KD 2C 6S", "5H AH 10S", "9S 4D JS"]


def test_p1_tie_beats_unique_a_pair_of_5s_beats_a_single_king() -> None:
    """P1-TIE-BEATS-UNIQUE: A and C tie on 5s, which beats B's unique king: A and C
    replay. With plain ties B's king wins."""
    moves = ("0 play 5C", "1 play KD", "2 play 5H", "3 play 9S")
    state = step(sg.deal(BEATS_UNIQUE, hands=PAIR, stock=STOCK), *moves)
    assert state.trick_winner is None and state.order == (0, 2)
    plain = step(sg.deal(ALL, hands=PAIR, stock=STOCK), *moves)
    assert plain.won(1) == cards("5C KD 5H 9S")


def test_p1_tie_beats_unique_the_highest_tied_rank_heads() -> None:
    """P1-TIE-BEATS-UNIQUE: 5s and 7s are both tied: the 7s replay."""
    hands = ["5C 4C 2S", "7D 2C 6S", "5H AH 10S", "7S 4D JS"]
    state = step(
        sg.deal(BEATS_UNIQUE, hands=hands, stock=STOCK),
        "0 play 5C",
        "1 play 7D",
        "2 play 5H",
        "3 play 7S",
    )
    assert state.order == (1, 3)


def test_p1_tie_beats_unique_applies_inside_replays() -> None:
    """P1-TIE-BEATS-UNIQUE: A, C and D replay a tie of 5s; A and D's 4s then beat C's
    ace and A and D replay again. With plain ties the ace wins the replay."""
    hands = ["5C 4C 2S", "KD 2C 6S", "5H AH 10S", "5S 4D JS"]
    moves = ("0 play 5C", "1 play KD", "2 play 5H", "3 play 5S")
    replay = ("0 play 4C", "2 play AH", "3 play 4D")
    state = step(sg.deal(BEATS_UNIQUE, hands=hands, stock=STOCK), *moves)
    assert state.order == (0, 2, 3)
    state = step(state, *replay)
    assert state.trick_winner is None and state.order == (0, 3)
    plain = step(sg.deal(ALL, hands=hands, stock=STOCK), *moves)
    assert plain.won(1) == cards("5C KD 5H 5S")


#: Four plays: A 5, B 5, C 9, D 9.
FIVES_AND_NINES = ["5C 4C 2S", "5D 2C 6S", "9H AH 10S", "9S 4D JS"]


@pytest.mark.parametrize(
    ("ties", "replay"), [(Ties.ALL_TIED, (0, 1, 2, 3)), (Ties.BEATS_UNIQUE, (2, 3))]
)
def test_p1_tie_beats_unique_mattis_reading_every_tied_rank_plays_again(
    ties: Ties, replay: tuple[int, ...]
) -> None:
    """P1-TIE-BEATS-UNIQUE: the plays are 5, 5, 9, 9. In the Mattis reading all players
    of equal cards play again, the fives too; in Helmfrid's only the nines do."""
    rules = attrs.evolve(ALL, ties=ties)
    state = step(
        sg.deal(rules, hands=FIVES_AND_NINES, stock=STOCK),
        "0 play 5C",
        "1 play 5D",
        "2 play 9H",
        "3 play 9S",
    )
    assert state.trick_winner is None
    assert state.order == replay and state.turn == replay[0]


def test_p1_tie_beats_unique_mattis_reading_inside_the_replay() -> None:
    """P1-TIE-BEATS-UNIQUE, Mattis reading: in the replay A and C play 4s and B and D
    unique cards, so A and C play again; a unique high card never wins over a tie."""
    rules = attrs.evolve(ALL, ties=Ties.ALL_TIED)
    hands = ["5C 4C 2S", "5D 2C 6S", "9H 4H 10S", "9S KS JS"]
    state = step(
        sg.deal(rules, hands=hands, stock=STOCK),
        *("0 play 5C", "1 play 5D", "2 play 9H", "3 play 9S"),
        *("0 play 4C", "1 play 2C", "2 play 4H", "3 play KS"),
    )
    assert state.order == (0, 2) and state.trick_winner is None


# -- P1-TIE-SPLIT ---------------------------------------------------------------------

SPLIT = attrs.evolve(KOIRA, ties=Ties.SPLIT)
#: pagat's seven-player Koira example: A 2, B 8, C J, D 5, E J, F J, G 4.
KOIRA_HANDS = [
    "2C 3H 4H",
    "8C 5H 6H",
    "JC 7H 9H",
    "5D 10H QH",
    "JD KH AH",
    "JH 3S 4S",
    "4C 5S 6S",
]
KOIRA_STOCK = "2D 3D 4D 6D 7D 8D 9D 10D QD KD AD 2S"
KOIRA_MOVES = (
    "0 play 2C",
    "1 play 8C",
    "2 play JC",
    "3 play 5D",
    "4 play JD",
    "5 play JH",
    "6 play 4C",
)


def test_p1_tie_split_pagats_koira_example() -> None:
    """P1-TIE-SPLIT: C, E and F take their jacks back; 2-4-5-8 are dealt from F
    counter-clockwise: F the 2, E the 4, C the 5, F the 8. C leads the next trick."""
    state = step(sg.deal(SPLIT, hands=KOIRA_HANDS, stock=KOIRA_STOCK), *KOIRA_MOVES)
    assert state.won(5) == cards("2C 8C")
    assert state.won(4) == cards("4C")
    assert state.won(2) == cards("5D")
    assert all(not state.won(p) for p in (0, 1, 3, 6))
    assert sg.parse_card("JC") in state.hand(2)
    assert sg.parse_card("JD") in state.hand(4)
    assert sg.parse_card("JH") in state.hand(5)
    assert not state.table
    assert state.turn == 2 and state.order == (2, 3, 4, 5, 6, 0, 1)
    assert state.last_trick_winner is None


def test_p1_tie_split_against_replay() -> None:
    """P1-TIE-SPLIT off (Koira's usual rule): C, E and F replay the tie instead."""
    state = step(sg.deal(KOIRA, hands=KOIRA_HANDS, stock=KOIRA_STOCK), *KOIRA_MOVES)
    assert state.order == (2, 4, 5) and state.turn == 2
    assert state.table == cards("2C 8C JC 5D JD JH 4C")
    assert all(not state.won(p) for p in range(7))


@pytest.mark.parametrize("end", list(sg.PhaseOneEnd))
def test_p1_tie_split_with_nothing_else_to_deal_is_played_off_as_a_war(
    end: sg.PhaseOneEnd,
) -> None:
    """P1-TIE-SPLIT: three players hold KC, KD and KH and the stock holds one card. All
    three kings tie and there is nothing else in the trick to deal out; taking the
    kings back would start the same trick again for ever. Ruling: the tie is then
    played off as a war, and phase one ends, whatever ends it."""
    rules = attrs.evolve(SPLIT, end=end)
    state = step(sg.deal(rules, hands=["KC", "KD", "KH"], stock="2S"), "0 play KC", "1 play KD")
    after = state.apply("2 play KH")
    if isinstance(after, sg.PhaseOneState):  # players without cards are skipped
        raise AssertionError(f"phase one goes on: {after!r}")
    assert isinstance(after, sg.PhaseTwoState)
    kings = cards("KC KD KH")
    assert sorted(card for p in range(3) for card in after.hand(p) if card.rank == 13) == list(
        kings
    )


def test_p1_tie_split_with_nothing_else_a_compulsory_tie_goes_to_war() -> None:
    """P1-TIE-SPLIT with P1-MUST-MATCH: everyone must match the led king, so the kings
    tie with nothing else in the trick; the war is won by the highest of the next
    cards (C's 7H), who takes all six cards."""
    rules = attrs.evolve(SPLIT, must_match=True)
    state = step(
        sg.deal(rules, hands=["KC 5C", "KD 6D", "KH 7H"], stock="QS JS 2S"),
        "0 play KC",
        "1 play KD",
        "2 play KH",
    )
    assert state.order == (0, 1, 2) and state.table == cards("KC KD KH")
    state = step(state, "0 play 5C", "1 play 6D", "2 play 7H")
    assert state.won(2) == cards("KC KD KH 5C 6D 7H")


# -- P1-MUST-MATCH --------------------------------------------------------------------

MATCH_HANDS = ["9C 4C 2S", "9H 3C 6S", "KD 5H 10S", "KS 9S JS"]


def test_p1_must_match_the_holder_of_the_highest_rank_must_play_it() -> None:
    """P1-MUST-MATCH: A leads the 9C; B holds the 9H and must play it, and may not dare."""
    state = step(sg.deal(MATCH, hands=MATCH_HANDS, stock=STOCK), "0 play 9C")
    assert plays(state, 1) == {"1 play 9H"}
    assert refusal(state, "1 play 3C") == "P1-MUST-MATCH"
    assert refusal(state, "1 dare") == "P1-MUST-MATCH"
    free = step(sg.deal(ALL, hands=MATCH_HANDS, stock=STOCK), "0 play 9C")
    assert plays(free, 1) == {"1 play 9H", "1 play 3C", "1 play 6S", "1 dare"}


def test_p1_must_match_in_flurst_names_the_rule() -> None:
    """P1-MUST-MATCH (Flurst): the refusal names the rule and the cards to play."""
    state = step(sg.deal(FLURST, hands=MATCH_HANDS, stock=STOCK), "0 play 9C")
    with pytest.raises(sg.IllegalMoveError, match=r"must play.*9H") as error:
        state.apply("1 play 6S")
    assert error.value.rule == "P1-MUST-MATCH"
    assert plays(state, 1) == {"1 play 9H"}


def test_p1_must_match_only_the_highest_rank_so_far() -> None:
    """P1-MUST-MATCH: A and B play 9s, C the KD: the king is now the highest rank. D
    holds a 9 and a king and must play the king; holding a 9 but no king, D is free."""
    moves = ("0 play 9C", "1 play 9H", "2 play KD")
    state = step(sg.deal(MATCH, hands=MATCH_HANDS, stock=STOCK), *moves)
    assert plays(state, 3) == {"3 play KS"}
    hands = ["9C 4C 2S", "9H 3C 6S", "KD 5H 10S", "QS 9S JS"]
    state = step(sg.deal(MATCH, hands=hands, stock=STOCK), *moves)
    assert plays(state, 3) == {"3 play QS", "3 play 9S", "3 play JS", "3 dare"}


def test_p1_must_match_an_already_matched_rank_must_be_matched_again() -> None:
    """P1-MUST-MATCH: A and B have tied on 9s; D's 9S still must be played."""
    hands = ["9C 4C 2S", "9H 3C 6S", "5D 5H 10S", "KH 9S JS"]
    state = step(sg.deal(MATCH, hands=hands, stock=STOCK), "0 play 9C", "1 play 9H", "2 play 5D")
    assert plays(state, 3) == {"3 play 9S"}


def test_p1_must_match_one_card_is_enough() -> None:
    """P1-MUST-MATCH: holding two 9s, B plays either one of them, not both."""
    hands = ["9C 4C 2S", "9H 9D 6S", "5D 5H 10S"]
    state = step(
        sg.deal(attrs.evolve(MULTI, must_match=True), hands=hands, stock=STOCK), "0 play 9C"
    )
    assert {"1 play 9H", "1 play 9D"} <= plays(state, 1)
    assert "1 play 6S" not in plays(state, 1)


def test_p1_must_match_applies_in_replays() -> None:
    """P1-MUST-MATCH: in the replay of A and B's 9s, B must match A's 7."""
    hands = ["9C 7C 2S", "9H 7H 6S", "5D 5H 10S"]
    state = step(sg.deal(MATCH, hands=hands, stock=STOCK), "0 play 9C", "1 play 9H", "2 play 5D")
    state = step(state, "0 play 7C")
    assert plays(state, 1) == {"1 play 7H"}


def test_p1_must_match_with_tied_ranks_beating_unique_ones() -> None:
    """P1-MUST-MATCH with P1-TIE-BEATS-UNIQUE: after A 5C and B KD, C holds a 5 but no
    king; a pair of 5s would beat the king, so C must play the 5H. With plain ties C
    is free."""
    hands = ["5C 4C 2S", "KD 2C 6S", "5H QH 10S", "9S 4D JS"]
    rules = attrs.evolve(MATCH, ties=Ties.BEATS_UNIQUE)
    state = step(sg.deal(rules, hands=hands, stock=STOCK), "0 play 5C", "1 play KD")
    assert plays(state, 2) == {"2 play 5H"}
    assert refusal(state, "2 play QH") == "P1-MUST-MATCH"
    assert refusal(state, "2 dare") == "P1-MUST-MATCH"
    plain = step(sg.deal(MATCH, hands=hands, stock=STOCK), "0 play 5C", "1 play KD")
    assert plays(plain, 2) == {"2 play 5H", "2 play QH", "2 play 10S", "2 dare"}


def test_p1_must_match_with_beats_unique_the_highest_qualifying_rank() -> None:
    """P1-MUST-MATCH with P1-TIE-BEATS-UNIQUE: C holds both a 5 and a 9 after A 5C and
    B 9D: it must play the higher, the 9. Once B and C tie on 9s, D's 5 no longer
    qualifies (a tie of a higher rank exists), but D's 9 would."""
    rules = attrs.evolve(MATCH, ties=Ties.BEATS_UNIQUE)
    hands = ["5C 4C 2S", "9D 2C 6S", "5H 9H 10S", "5S 4D JS"]
    state = step(sg.deal(rules, hands=hands, stock=STOCK), "0 play 5C", "1 play 9D")
    assert plays(state, 2) == {"2 play 9H"}
    state = step(state, "2 play 9H")
    assert plays(state, 3) == {"3 play 5S", "3 play 4D", "3 play JS", "3 dare"}
    hands = ["5C 4C 2S", "9D 2C 6S", "3H 9H 10S", "5S 9S JS"]
    state = step(sg.deal(rules, hands=hands, stock=STOCK), "0 play 5C", "1 play 9D", "2 play 9H")
    assert plays(state, 3) == {"3 play 9S"}


#: A and B tie on kings; both hold another king, and C's 5 loses.
BOUNCE = ["KC KS 2S", "KD KH 6S", "5H 4H 10S"]


def test_p1_must_match_whole_trick_during_a_bounce() -> None:
    """P1-MUST-MATCH, Atlanta read literally: in the replay of a tie on kings, the king
    is still the highest card yet played to the trick, so A must lead the other king
    and B must match it. Reading the replay on its own, A leads freely and B must
    only match A's new card."""
    moves = ("0 play KC", "1 play KD", "2 play 5H")
    literal = attrs.evolve(MATCH, must_match_trick=True)
    state = step(sg.deal(literal, hands=BOUNCE, stock=STOCK), *moves)
    assert state.order == (0, 1)
    assert plays(state, 0) == {"0 play KS"}
    assert refusal(state, "0 play 2S") == "P1-MUST-MATCH"
    assert plays(step(state, "0 play KS"), 1) == {"1 play KH"}
    replay = step(sg.deal(MATCH, hands=BOUNCE, stock=STOCK), *moves)
    assert plays(replay, 0) == {"0 play KS", "0 play 2S", "0 play QC", "0 dare"}
    assert plays(step(replay, "0 play 2S"), 1) >= {"1 play KH", "1 play 6S"}


# -- P1-DARE --------------------------------------------------------------------------


def test_p1_dare_plays_the_top_stock_card_which_is_not_replaced() -> None:
    """P1-DARE: A dares and the QC, the top card, is played; A's hand is unchanged."""
    state = sg.deal(PAGAT, hands=TWO_HANDS, stock="QC JC 6S")
    after = step(state, "0 dare")
    assert after.table == cards("QC")
    assert after.hand(0) == state.hand(0)
    assert after.stock == sg.parse_cards("JC 6S")
    assert [(event.kind, event.player) for event in after.trick] == [(EventKind.DARED, 0)]
    after = step(after, "1 play 9C")
    assert after.won(0) == cards("QC 9C")


def test_p1_dare_only_while_the_stock_holds_more_than_the_trump_card() -> None:
    """P1-DARE (pagat): with the JC above the 6S A may dare; once the JC is gone, B,
    facing the trump card alone, may not."""
    state = sg.deal(PAGAT, hands=TWO_HANDS, stock="JC 6S")
    assert "0 dare" in plays(state, 0)
    state = step(state, "0 dare")
    assert state.stock == sg.parse_cards("6S")
    assert "1 dare" not in plays(state, 1)
    assert refusal(state, "1 dare") == "P1-DARE"


def test_p1_dare_is_allowed_in_a_replay_and_the_dared_card_can_win_it() -> None:
    """P1-DARE: B and D replay a tie of kings; B dares and wins with the dared 8H."""
    state = step(
        sg.deal(ALL, hands=TIE, stock="QC JC 10C AC 8H 2H"), "0 play 9C", "1 play KD", "2 play 5H"
    )
    state = step(state, "3 play KS")
    assert "1 dare" in plays(state, 1)
    state = step(state, "1 dare", "3 play 3C")
    assert state.won(1) == cards("9C KD 5H KS 8H 3C")


def test_p1_dare_can_be_switched_off() -> None:
    """P1-DARE: without daring, no dare is listed and one is refused."""
    state = sg.deal(attrs.evolve(PAGAT, dare=False), hands=TWO_HANDS, stock=STOCK)
    assert plays(state, 0) == {"0 play 8D", "0 play 3D", "0 play KC"}
    assert refusal(state, "0 dare") == "P1-DARE"


# -- P1-DRAW --------------------------------------------------------------------------


def test_p1_draw_refill_to_the_hand_size_then_hands_shrink() -> None:
    """P1-DRAW: A draws the QC back to three; B would draw the trump card, which goes
    aside, so B holds two; with the stock empty nobody draws and hands shrink."""
    state = sg.deal(PAGAT, hands=TWO_HANDS, stock="QC 6S")
    state = step(state, "0 play 8D")
    assert state.hand(0) == cards("3D KC QC")
    state = step(state, "1 play 9C")
    assert state.hand_size(1) == 2 and state.trump_holder == 1 and not state.stock
    state = step(state, "1 play 7H", "2 play KD")
    assert state.hand(1) == cards("2S") and state.hand(2) == cards("QH 4C")
    assert [state.hand_size(p) for p in range(3)] == [3, 1, 2]


def test_p1_draw_after_a_multi_play_only_what_the_stock_holds() -> None:
    """P1-DRAW: three 8s played with two stock cards above the trump card: A draws
    the two and the trump card goes aside; A holds two cards."""
    state = step(sg.deal(MULTI, hands=MULTI_HANDS, stock="QC JC 6S"), "0 play 8C 8D 8S")
    assert state.hand(0) == cards("QC JC")
    assert state.trump_holder == 0 and not state.stock


# -- P1-TRUMP-TRICKS ------------------------------------------------------------------

TRUMP_HANDS = ["KD 8D 5S", "2S AH 9D", "QH 4C 3S"]


@pytest.mark.parametrize(
    ("lead", "follow", "winner"),
    [
        ("KD", "2S", 1),  # a trump beats a higher card of another suit
        ("8D", "AH", 0),  # neither trump nor the suit led: the lead wins
        ("8D", "9D", 1),  # the higher card of the suit led
        ("KD", "9D", 0),
        ("5S", "2S", 0),  # both trumps: the higher trump
    ],
)
def test_p1_trump_tricks_highest_trump_else_highest_of_the_suit_led(
    lead: str, follow: str, winner: int
) -> None:
    """P1-TRUMP-TRICKS: spades are trump (the shown 6S)."""
    state = sg.deal(TRUMPS, hands=TRUMP_HANDS, stock="QC JC 6S")
    assert state.view(1).trump is sg.Suit.SPADES
    state = step(state, f"0 play {lead}", f"1 play {follow}")
    assert state.won(winner) == cards(f"{lead} {follow}")
    assert state.order == (winner, (winner + 1) % 3)


def test_p1_trump_tricks_need_a_known_trump_and_two_card_tricks() -> None:
    """P1-TRUMP-TRICKS: a hidden trump card cannot rule tricks; no compulsory ties."""
    with pytest.raises(sg.RulesetError, match="P1-TRUMP-TRICKS"):
        attrs.evolve(PAGAT, trick=Trick.TRUMPS)
    with pytest.raises(sg.RulesetError, match="P1-TRUMP-TRICKS"):
        attrs.evolve(TRUMPS, must_match=True)


def test_p1_trump_tricks_against_rank_only_tricks() -> None:
    """P1-TRUMP-TRICKS: the 2S beats the KD; in plain two-card tricks the king wins."""
    moves = ("0 play KD", "1 play 2S")
    trumps = step(sg.deal(TRUMPS, hands=TRUMP_HANDS, stock="QC 6S"), *moves)
    assert trumps.won(1) == cards("KD 2S")
    plain = step(
        sg.deal(
            attrs.evolve(PAGAT, trump_card=TrumpCard.EXPOSED), hands=TRUMP_HANDS, stock="QC 6S"
        ),
        *moves,
    )
    assert plain.won(0) == cards("KD 2S")


ALL_TRUMPS = attrs.evolve(ALL, trick=Trick.ALL_TRUMPS, trump_card=TrumpCard.EXPOSED)


@pytest.mark.parametrize(
    ("trick", "winner"), [(Trick.ALL_TRUMPS, 1), (Trick.ALL, 2)], ids=["trumps", "rank"]
)
def test_p1_trump_tricks_with_every_player(trick: Trick, winner: int) -> None:
    """P1-TRUMP-TRICKS with P1-TRICK-ALL: A leads the 9C, B plays the 2S (spades are
    trump) and C the AC: every player plays, and the trump wins; in tricks won by
    rank alone the ace does."""
    rules = attrs.evolve(ALL_TRUMPS, trick=trick)
    hands = ["9C 3H 4H", "2S 5H 7D", "AC 8D 9D"]
    state = step(
        sg.deal(rules, hands=hands, stock="QC JC 10C 6S"), "0 play 9C", "1 play 2S", "2 play AC"
    )
    assert state.won(winner) == cards("9C 2S AC")


def test_p1_trump_tricks_with_every_player_the_suit_led_beats_other_suits() -> None:
    """P1-TRUMP-TRICKS: without trumps, the highest card of the suit led wins: B's 10C
    beats C's ace of hearts."""
    hands = ["9C 3H 4H", "10C 5H 7D", "AH 8D 9D"]
    state = step(
        sg.deal(ALL_TRUMPS, hands=hands, stock="QC JC 10D 6S"),
        *("0 play 9C", "1 play 10C", "2 play AH"),
    )
    assert state.won(1) == cards("9C 10C AH")


# -- P1-MAS ---------------------------------------------------------------------------

MAS_HANDS = ["8D 3C 5C", "9D 7D KH", "KS QH 4C"]
MAS_STOCK = "QC JC 10C 6S"  # the 6S is turned up: spades are trump


def test_p1_mas_the_follower_beats_only_higher_in_suit_or_with_a_trump() -> None:
    """P1-MAS: against the 8D (spades trump), B may beat with the 9D, not the 7D or the
    KH, or pick the 8D up; Mas has no daring. Holding the KS instead of the 9D, B may
    trump the 8D."""
    state = step(sg.deal(MAS, hands=MAS_HANDS, stock=MAS_STOCK), "0 play 8D")
    assert plays(state, 1) == {"1 play 9D"}
    assert "1 pick 8D" in legal(state)
    assert refusal(state, "1 play 7D") == "P1-MAS"
    assert refusal(state, "1 play KH") == "P1-MAS"
    assert refusal(state, "1 dare") == "P1-DARE"

    hands = ["8D 3C 5C", "KS 7D KH", "9D QH 4C"]
    trumped = step(sg.deal(MAS, hands=hands, stock=MAS_STOCK), "0 play 8D")
    assert plays(trumped, 1) == {"1 play KS"}


def test_p1_mas_a_led_trump_is_beaten_only_by_a_higher_trump() -> None:
    """P1-MAS: against the 8S only the 10S beats; the ace of hearts does not."""
    hands = ["8S 3C 5C", "10S 7S AH", "KD QH 4C"]
    state = step(sg.deal(MAS, hands=hands, stock=MAS_STOCK), "0 play 8S")
    assert plays(state, 1) == {"1 play 10S"}


def test_p1_mas_a_beat_wins_the_trick_and_the_winner_leads() -> None:
    """P1-MAS: B beats with the 9D, takes the trick, draws to three and leads against C."""
    state = step(sg.deal(MAS, hands=MAS_HANDS, stock=MAS_STOCK), "0 play 8D")
    assert state.hand(0) == cards("3C 5C QC")  # the leader drew at once
    state = step(state, "1 play 9D")
    assert state.won(1) == cards("8D 9D")
    assert state.hand(1) == cards("7D KH JC")
    assert state.order == (1, 2) and state.turn == 1


def test_p1_mas_a_pick_up_and_the_player_left_of_the_picker_leads() -> None:
    """P1-MAS: B picks up the 8D; B holds four cards and draws none; C leads against A.
    Playing from four cards, B keeps three and draws nothing."""
    state = step(sg.deal(MAS, hands=MAS_HANDS, stock=MAS_STOCK), "0 play 8D", "1 pick 8D")
    assert state.hand(1) == cards("8D 9D 7D KH")
    assert not state.won(0) and not state.won(1) and not state.table
    assert state.order == (2, 0) and state.turn == 2
    assert state.stock == sg.parse_cards("JC 10C 6S")
    # C leads, A picks up; B leads from four cards and keeps three
    state = step(state, "2 play 4C", "0 pick 4C", "1 play 7D")
    assert state.hand(1) == cards("8D 9D KH")
    assert state.stock == sg.parse_cards("10C 6S")


def test_p1_mas_a_hand_of_three_trumps_may_be_stored() -> None:
    """P1-MAS: B holds only trumps: out of turn, B stores them for phase two and draws
    three new cards. Two trumps and a heart may not be stored."""
    hands = ["8D 3C 5C", "9S 7S 2S", "KH QH 4C"]
    stock = "QC JC 10C 7D 6S"
    state = sg.deal(MAS, hands=hands, stock=stock)
    assert "1 store 2S 7S 9S" in legal(state)
    stored = step(state, "1 store 2S 7S 9S")
    assert stored.won(1) == cards("2S 7S 9S")
    assert stored.hand(1) == cards("QC JC 10C")
    assert stored.turn == 0

    mixed = sg.deal(MAS, hands=["8D 3C 5C", "9S 7S 2H", "KH QH 4C"], stock=stock)
    assert not any(isinstance(move, sg.Store) for move in mixed.legal_moves())
    assert refusal(mixed, "1 store 7S 9S 2H") == "P1-MAS"


def test_p1_mas_the_2_of_trumps_may_be_swapped_for_the_upcard() -> None:
    """P1-MAS: B holds the 2S; while the 6S lies turned up, B may exchange them, even
    out of turn. Then the 2S lies there and no more swaps are possible."""
    hands = ["8D 3C 5C", "9D 7D 2S", "KH QH 4C"]
    state = sg.deal(MAS, hands=hands, stock=MAS_STOCK)
    assert state.turn == 0 and "1 swap 2S" in legal(state)
    swapped = step(state, "1 swap 2S")
    assert swapped.hand(1) == cards("9D 7D 6S")
    assert swapped.stock == sg.parse_cards("QC JC 10C 2S")
    assert swapped.trump is sg.Suit.SPADES
    assert swapped.view(0).upcard == sg.parse_card("2S")
    assert not any(isinstance(move, sg.Swap) for move in swapped.legal_moves())
    assert swapped.turn == 0


def test_p1_mas_no_swap_once_the_upcard_is_drawn() -> None:
    """P1-MAS: after A draws the turned-up 6S, B's 2S can no longer be swapped."""
    hands = ["8D 3C 5C", "9D 7D 2S", "KH QH 4C"]
    state = sg.deal(MAS, hands=hands, stock="6S")
    assert "1 swap 2S" in legal(state)
    state = step(state, "0 play 8D")
    assert state.hand(0) == cards("3C 5C 6S")  # the upcard goes into hand
    assert "1 swap 2S" not in legal(state)
    assert refusal(state, "1 swap 2S") == "P1-MAS"


def test_p1_mas_phase_one_ends_with_the_trick_in_which_the_upcard_was_drawn() -> None:
    """P1-MAS: A leads and draws the 6S, the last card; the trick goes on; when B
    beats it phase one ends, and A, the drawer, leads phase two (not B, the winner)."""
    hands = ["8D 3C 5C", "9D 7D 2H", "KH QH 4C"]
    state = step(sg.deal(MAS, hands=hands, stock="6S"), "0 play 8D")
    assert state.trump_holder == 0 and state.turn == 1
    two = finish(state, "1 play 9D")
    assert two.trump is sg.Suit.SPADES
    assert two.turn == 0
    assert two.hand(0) == cards("3C 5C 6S")
    assert two.hand(1) == cards("8D 9D 7D 2H")
    assert two.hand(2) == cards("KH QH 4C")

    picked = finish(state, "1 pick 8D")
    assert picked.turn == 0
    assert picked.hand(1) == cards("8D 9D 7D 2H")


def test_p1_must_match_with_tied_ranks_beating_names_a_rank_already_played() -> None:
    """P1-MUST-MATCH with P1-TIE-BEATS-UNIQUE (Helmfrid): after 5C 9C 3S, seat 3 must
    play its 5D, a rank already played, not the highest; the refusal says so."""
    rules = attrs.evolve(sg.presets.HELMFRID, must_match=True, ties=sg.Ties.BEATS_UNIQUE)
    hands = ["5C 2H 2S", "9C 2C 2D", "3S 4H 4S", "8C 5D 6H"]
    state: sg.State = sg.deal(rules, hands=hands, stock="7D QC JS 5H 9H 6C 4C 9D", leader=0)
    for move in ("0 play 5C", "1 play 9C", "2 play 3S"):
        state = state.apply(move)
    with pytest.raises(sg.IllegalMoveError) as refused:
        state.check("3 play 8C")
    assert refused.value.rule == "P1-MUST-MATCH"
    assert "highest rank already played that it holds (5D)" in str(refused.value)
    assert "highest rank played so far" not in str(refused.value)
