"""Phase-two trick rules (RULES.md §5) and empty hands at its start (I-EMPTY, I-BLAMATTIS).

Seats are 0-based and clockwise (A, B, C, D = 0, 1, 2, 3); diamonds are trump
unless a test says otherwise.
"""

from __future__ import annotations

import attrs
import pytest

import skitgubbe as sg
from skitgubbe import EventKind, PickUpRule
from skitgubbe.presets import FLURST, HELMFRID, KOIRA, MATTIS, PAGAT, SWEDISH_GOAT, TWO_PLAYER

from .helpers import hand, killed, kinds, play, table


def start(
    rules: sg.Ruleset, *hands: str, leader: int = 0, trump: str = "D", reserve: str = ""
) -> sg.PhaseTwoState:
    return sg.start_phase_two(rules, list(hands), trump=trump, leader=leader, reserve=reserve)


def pick_ups(state: sg.PhaseTwoState) -> list[str]:
    return [str(move) for move in state.legal_moves() if isinstance(move, sg.PickUp)]


def refusal(state: sg.PhaseTwoState, move: str) -> str | None:
    """The rule ID that forbids ``move``."""
    with pytest.raises(sg.IllegalMoveError) as error:
        state.check(move)
    return error.value.rule


# -- picking up ---------------------------------------------------------------------


def test_p2_pick_top_takes_the_top_card_and_next_player_beats_the_one_below() -> None:
    """P2-PICK-TOP: C picks up B's 7H only; A must then beat the 5H below it."""
    position = start(PAGAT, "5H 6H", "7H 2C", "3C 4C", trump="S")
    state = play(position, "0 play 5H", "1 play 7H")
    assert pick_ups(state) == ["2 pick 7H"]
    assert refusal(state, "2 pick 5H") == "P2-PICK-TOP"

    state = play(state, "2 pick 7H")
    assert table(state) == ["5H"]
    assert hand(state, 2) == "3C 4C 7H"
    assert state.to_act == (0,)
    assert state.is_legal("0 play 6H")  # 6H beats the 5H, not the picked-up 7H

    bottom = attrs.evolve(PAGAT, pick_up=PickUpRule.BOTTOM)
    other = play(start(bottom, "5H 6H", "7H 2C", "3C 4C", trump="S"), "0 play 5H", "1 play 7H")
    assert pick_ups(other) == ["2 pick 5H"]


def test_p2_pick_top_joined_takes_the_sequence_across_plays() -> None:
    """P2-PICK-TOP-JOINED, pagat's example: A 3C, B 6-7C, C 8-9-10C; D picks up
    6C to 10C but not the 3C. A must beat his own lead; then A, B, C's plays and
    the lead make four plays and kill."""
    hands = ("3C 5C 2H", "6C 7C JC 2S", "8C 9C 10C QC 3S", "4H")
    moves = ("0 play 3C", "1 play 6C 7C", "2 play 8C 9C 10C")
    state = play(start(HELMFRID, *hands), *moves)
    assert pick_ups(state) == ["3 pick 6C 7C 8C 9C 10C"]

    state = play(state, "3 pick 6C 7C 8C 9C 10C")
    assert table(state) == ["3C"]
    assert state.to_act == (0,)

    state = play(state, "0 play 5C", "1 play JC")
    assert table(state) == ["3C", "5C", "JC"]
    state = play(state, "2 play QC")
    assert killed(state) == "3C 5C JC QC"
    assert state.to_act == (2,)

    top = attrs.evolve(HELMFRID, pick_up=PickUpRule.TOP)
    assert pick_ups(play(start(top, *hands), *moves)) == ["3 pick 8C 9C 10C"]


def test_p2_pick_bottom_takes_only_the_earliest_play() -> None:
    """P2-PICK-BOTTOM: over A's 3C and B's 4-5C, C picks up the 3C alone, though
    the 4-5C touch it; the 4-5C stay as the one play on the table."""
    hands = ("3C 2H", "4C 5C 2S", "9H")
    state = play(start(MATTIS, *hands), "0 play 3C", "1 play 4C 5C")
    assert pick_ups(state) == ["2 pick 3C"]
    assert refusal(state, "2 pick 3C 4C 5C") == "P2-PICK-BOTTOM"

    state = play(state, "2 pick 3C")
    assert table(state) == ["4C 5C"]
    assert state.to_act == (0,)

    joined = attrs.evolve(MATTIS, pick_up=PickUpRule.BOTTOM_JOINED)
    other = play(start(joined, *hands), "0 play 3C", "1 play 4C 5C")
    assert pick_ups(other) == ["2 pick 3C 4C 5C"]


def test_p2_pick_bottom_joined_takes_the_lowest_run_across_plays() -> None:
    """P2-PICK-BOTTOM-JOINED, the Goat's example: 1 plays 4-5C, 2 plays 6-7-8-9C,
    3 plays J-QC; 4 must pick up all the cards from 4 to 9, two plays at once."""
    hands = ("4C 5C 2H", "6C 7C 8C 9C 2S", "JC QC 3S", "4H")
    moves = ("0 play 4C 5C", "1 play 6C 7C 8C 9C", "2 play JC QC")
    state = play(start(SWEDISH_GOAT, *hands), *moves)
    assert pick_ups(state) == ["3 pick 4C 5C 6C 7C 8C 9C"]
    assert refusal(state, "3 pick 4C 5C") == "P2-PICK-BOTTOM-JOINED"

    state = play(state, "3 pick 4C 5C 6C 7C 8C 9C")
    assert table(state) == ["JC QC"]
    assert state.to_act == (0,)

    bottom = attrs.evolve(SWEDISH_GOAT, pick_up=PickUpRule.BOTTOM)
    assert pick_ups(play(start(bottom, *hands), *moves)) == ["3 pick 4C 5C"]


LOWEST_CARD = attrs.evolve(KOIRA, pick_up=PickUpRule.LOWEST_CARD)


def test_p2_pick_lowest_card_takes_one_card_of_the_bottom_run() -> None:
    """P2-PICK-LOWEST-CARD: over A's 4-5-6C and B's 8C, C picks up the 4C only."""
    state = play(start(LOWEST_CARD, "4C 5C 6C 2H", "8C 2S", "3H"), "0 play 4C 5C 6C", "1 play 8C")
    assert pick_ups(state) == ["2 pick 4C"]
    assert refusal(state, "2 pick 4C 5C 6C") == "P2-PICK-LOWEST-CARD"

    state = play(state, "2 pick 4C")
    assert table(state) == ["5C 6C", "8C"]
    assert hand(state, 2) == "4C 3H"


def test_p2_pick_lowest_card_partly_eaten_run_still_counts_as_a_play() -> None:
    """P2-PICK-LOWEST-CARD: the rest of an eaten-into run is still a play, so A's
    9C is the third play and kills; once the whole run is eaten, it no longer counts."""
    hands = ("4C 5C 9C 2H", "8C 10C 2S", "3H 4H")
    state = play(start(LOWEST_CARD, *hands), "0 play 4C 5C", "1 play 8C", "2 pick 4C")
    assert table(state) == ["5C", "8C"]

    killing = play(state, "0 play 9C")
    assert (EventKind.KILLED, 0) in kinds(killing)
    assert killed(killing) == "5C 8C 9C"
    assert table(killing) == []

    eaten = play(state, "0 pick 5C")  # the run is gone: one play left
    assert table(eaten) == ["8C"]
    eaten = play(eaten, "1 play 10C")
    assert table(eaten) == ["8C", "10C"]
    assert eaten.killed == ()
    assert eaten.to_act == (2,)


def test_p2_forced_pick_every_following_player_picks_until_the_table_is_empty() -> None:
    """P2-FORCED-PICK: after C picks up B's 6C, A may not beat his own 3C with the
    5C but must pick it up; B then leads. Without the rule A may beat it."""
    hands = ("3C 5C 2H", "6C 2S", "4H")
    forced = attrs.evolve(HELMFRID, forced_pick=True)
    state = play(start(forced, *hands), "0 play 3C", "1 play 6C", "2 pick 6C")
    assert [str(move) for move in state.legal_moves()] == ["0 pick 3C"]
    assert refusal(state, "0 play 5C") == "P2-FORCED-PICK"

    state = play(state, "0 pick 3C")
    assert table(state) == []
    assert state.to_act == (1,)

    free = play(start(HELMFRID, *hands), "0 play 3C", "1 play 6C", "2 pick 6C")
    assert free.is_legal("0 play 5C")


# -- ending a trick -------------------------------------------------------------------


def test_p2_kill_as_many_plays_as_players_and_killer_leads() -> None:
    """P2-KILL: the third play of three players kills; the cards leave the game
    and the killer leads."""
    state = play(start(FLURST, "3C 2H", "5C 3H", "7C 4H"), "0 play 3C", "1 play 5C")
    assert table(state) == ["3C", "5C"]
    state = play(state, "2 play 7C")
    assert (EventKind.KILLED, 2) in kinds(state)
    assert killed(state) == "3C 5C 7C"
    assert table(state) == []
    assert state.to_act == (2,)
    assert [hand(state, p) for p in range(3)] == ["2H", "3H", "4H"]


def test_p2_kill_counts_a_run_as_one_play() -> None:
    """P2-KILL (the Wizards note): 2-3S then 4-5-6S are two plays, so 7S kills."""
    state = play(start(FLURST, "2S 3S 2H", "4S 5S 6S 3H", "7S 4H"), "0 play 2S 3S")
    state = play(state, "1 play 4S 5S 6S")
    assert len(state.table) == 2
    state = play(state, "2 play 7S")
    assert killed(state) == "2S 3S 4S 5S 6S 7S"


def test_p2_kill_count_is_fixed_when_the_trick_begins() -> None:
    """P2-KILL: A leads his last card and is out, yet the trick still needs four
    plays; C's third play does not kill, D's fourth does; the next needs three."""
    state = play(start(FLURST, "3C", "5C 2H", "7C 3H", "9C 4H"), "0 play 3C")
    assert state.out == (0,)
    assert state.trick_size == 4

    state = play(state, "1 play 5C", "2 play 7C")
    assert table(state) == ["3C", "5C", "7C"]
    assert state.killed == ()
    assert state.to_act == (3,)

    state = play(state, "3 play 9C")
    assert killed(state) == "3C 5C 7C 9C"
    assert state.to_act == (3,)
    assert state.trick_size == 3


def test_p2_kill_by_a_player_going_out_passes_the_lead_clockwise() -> None:
    """P2-KILL: D kills with his last card; the next active player clockwise (B,
    since A started out with no cards) leads the next trick."""
    state = start(FLURST, "", "5C 2H", "7C 3H", "9C", leader=1)
    state = play(state, "1 play 5C", "2 play 7C", "3 play 9C")
    assert killed(state) == "5C 7C 9C"
    assert state.out == (0, 3)
    assert state.to_act == (1,)
    assert state.trick_size == 2


def test_p2_emptied_player_left_of_the_picker_leads() -> None:
    """P2-EMPTIED: B picks up the only play; C, to B's left, leads a new trick."""
    state = play(start(FLURST, "5C 2H", "3H", "4H", "6H"), "0 play 5C", "1 pick 5C")
    assert table(state) == []
    assert (EventKind.EMPTIED, 1) in kinds(state)
    assert state.to_act == (2,)
    assert state.killed == ()
    assert refusal(state, "2 pick 5C") == "P2-EMPTIED"  # nothing left to pick up


def test_p2_emptied_skips_players_who_are_out() -> None:
    """P2-EMPTIED: the lead goes to the next player clockwise still in the game."""
    state = play(start(FLURST, "5C 2H", "3H", "", "6H"), "0 play 5C", "1 pick 5C")
    assert (EventKind.EMPTIED, 1) in kinds(state)
    assert state.to_act == (3,)


KILL_ON_TRUMP = attrs.evolve(KOIRA, kill_on_trump=True)


def test_p2_kill_on_trump_a_trump_on_a_non_trump_kills_at_once() -> None:
    """P2-KILL-ON-TRUMP: B's 2D on A's 5C kills the four-player trick at once."""
    hands = ("5C 2H", "2D 3H", "4H", "6H")
    state = play(start(KILL_ON_TRUMP, *hands), "0 play 5C", "1 play 2D")
    assert (EventKind.KILLED, 1) in kinds(state)
    assert killed(state) == "5C 2D"
    assert state.to_act == (1,)

    plain = play(start(KOIRA, *hands), "0 play 5C", "1 play 2D")
    assert table(plain) == ["5C", "2D"]
    assert plain.to_act == (2,)


def test_p2_kill_on_trump_a_trump_on_a_trump_does_not_kill() -> None:
    """P2-KILL-ON-TRUMP: only a trump on a non-trump kills; 7D on 5D does not."""
    state = play(start(KILL_ON_TRUMP, "5D 2H", "7D 3H", "4H", "6H"), "0 play 5D", "1 play 7D")
    assert table(state) == ["5D", "7D"]
    assert state.killed == ()


ALL_DIAMONDS = "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD"


def test_p2_complete_suit_kills_the_trick() -> None:
    """P2-COMPLETE-SUIT: B beats A's 3H with the whole 2-A of diamonds, which kills."""
    hands = ("3H 2C", f"{ALL_DIAMONDS} 4S", "5S", "6S")
    complete = attrs.evolve(FLURST, complete_suit_kills=True)
    state = play(start(complete, *hands), "0 play 3H", f"1 play {ALL_DIAMONDS}")
    assert (EventKind.KILLED, 1) in kinds(state)
    assert killed(state) == f"{ALL_DIAMONDS} 3H"
    assert state.to_act == (1,)

    plain = play(start(FLURST, *hands), "0 play 3H", f"1 play {ALL_DIAMONDS}")
    assert len(plain.table) == 2
    assert plain.to_act == (2,)


#: Four players: A holds the clubs 2 to 7, B the 8 to ace (hearts are trump).
ACROSS = ("2C 3C 4C 5C 6C 7C 4D", "8C 9C 10C JC QC KC AC 5D", "6D 7D", "8D 9D")


@pytest.mark.parametrize(
    ("reading", "kills"),
    [(sg.CompleteSuit.ACROSS_PLAYS, True), (sg.CompleteSuit.ONE_PLAY, False)],
)
def test_p2_complete_suit_across_plays(reading: sg.CompleteSuit, kills: bool) -> None:
    """P2-COMPLETE-SUIT: A leads 2C-7C and B plays 8C-AC. The table now holds the whole
    suit: pagat's reading (completing the suit, across plays) kills the trick; the
    reading where one play must hold the whole suit does not."""
    rules = attrs.evolve(FLURST, complete_suit_kills=True, complete_suit=reading)
    state = play(
        start(rules, *ACROSS, trump="H"), "0 play 2C 3C 4C 5C 6C 7C", "1 play 8C 9C 10C JC QC KC AC"
    )
    assert ((EventKind.KILLED, 1) in kinds(state)) is kills
    if kills:
        assert not state.table and state.to_act == (1,)
        assert len(state.killed) == 13
    else:
        assert table(state) == ["2C 3C 4C 5C 6C 7C", "8C 9C 10C JC QC KC AC"]
        assert state.to_act == (2,)


# -- going out -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lead", "event"),
    [
        ("0 play 2C", EventKind.THREE_CARDS),
        ("0 play 2C 3C 4C", EventKind.ONE_CARD),
        ("0 play 2C 3C", None),
    ],
)
def test_p2_out_announces_three_cards_and_one_card(lead: str, event: EventKind | None) -> None:
    """P2-OUT: a hand dropping to exactly three or one card is announced."""
    state = play(start(FLURST, "2C 3C 4C 5C", "2H", "3H"), lead)
    announced = [k for k, p in kinds(state) if k in (EventKind.THREE_CARDS, EventKind.ONE_CARD)]
    assert announced == ([] if event is None else [event])


def test_p2_out_with_a_run_without_ever_holding_one_or_three_cards() -> None:
    """P2-OUT: A goes 4 -> 2 -> 0 cards with two runs: out, never announcing."""
    state = start(FLURST, "2C 3C 9H 10H", "JH 2S", "3S 4S")
    history: list[tuple[EventKind, int]] = []
    for move in ("0 play 9H 10H", "1 play JH", "2 pick 9H 10H JH", "0 play 2C 3C"):
        state = play(state, move)
        history.extend(kinds(state))
    assert (EventKind.OUT, 0) in history
    assert (EventKind.THREE_CARDS, 0) not in history
    assert (EventKind.ONE_CARD, 0) not in history
    assert state.out == (0,)


def test_p2_out_player_is_skipped() -> None:
    """P2-OUT: A leads his last card and is out; after C, B plays next, not A."""
    state = play(start(FLURST, "5C", "2H 3H", "7H 8H"), "0 play 5C")
    assert (EventKind.OUT, 0) in kinds(state)
    state = play(state, "1 pick 5C", "2 play 7H")
    assert state.to_act == (1,)
    assert refusal(state, "0 play 8H") == "P2-OUT"


def test_p2_out_last_player_holding_cards_is_the_goat() -> None:
    """P2-OUT: A and B go out in turn; C, the last holding cards, is the goat."""
    state = play(start(FLURST, "5C", "7C", "9C 2H"), "0 play 5C")
    assert not state.is_over
    state = play(state, "1 play 7C")
    assert state.is_over
    assert state.loser == 2
    assert (EventKind.GOAT, 2) in kinds(state)
    assert state.legal_moves() == ()


# -- the two-player avstickshög ---------------------------------------------------------


def test_p2_avstickshog_both_draw_after_a_kill_killer_first() -> None:
    """P2-AVSTICKSHOG: B kills A's 5H with 7H; B draws 2D, then A draws 3D."""
    state = start(TWO_PLAYER, "5H 9C", "7H 8C", trump="S", reserve="2D 3D 4D 5D")
    state = play(state, "0 play 5H", "1 play 7H")
    assert killed(state) == "5H 7H"
    draws = [(e.player, sg.format_cards(e.cards)) for e in state.events if e.kind is EventKind.DREW]
    assert draws == [(1, "2D"), (0, "3D")]
    assert sg.format_cards(state.reserve) == "4D 5D"
    assert state.to_act == (1,)


def test_p2_avstickshog_going_out_on_a_kill_while_the_pile_lasts() -> None:
    """P2-AVSTICKSHOG: B kills with his last card but draws again and plays on;
    with an empty pile the same kill puts B out and A is the goat."""
    state = play(start(TWO_PLAYER, "5H 9C", "7H", trump="S", reserve="2D 3D"), "0 play 5H")
    state = play(state, "1 play 7H")
    assert not state.is_over
    assert state.out == ()
    assert hand(state, 1) == "2D"
    assert state.to_act == (1,)

    empty = play(start(TWO_PLAYER, "5H 9C", "7H", trump="S"), "0 play 5H", "1 play 7H")
    assert empty.is_over
    assert empty.loser == 0


def test_p2_avstickshog_picking_up_a_led_last_card_loses() -> None:
    """P2-AVSTICKSHOG: A leads his last card; B picks it up and loses at once,
    though two cards are left in the pile."""
    state = play(start(TWO_PLAYER, "5H", "2C 3C", trump="S", reserve="2D 3D"), "0 play 5H")
    assert not state.is_over
    assert state.to_act == (1,)

    state = play(state, "1 pick 5H")
    assert state.is_over
    assert state.loser == 1
    assert len(state.reserve) == 2


def test_p2_avstickshog_beating_a_led_last_card_plays_on() -> None:
    """P2-AVSTICKSHOG: B beats A's led last card: a kill, both draw, A plays on."""
    state = start(TWO_PLAYER, "5H", "7H 2C", trump="S", reserve="2D 3D")
    state = play(state, "0 play 5H", "1 play 7H")
    assert not state.is_over
    assert [hand(state, 0), hand(state, 1)] == ["3D", "2C 2D"]
    assert state.to_act == (1,)


def test_p2_avstickshog_normal_end_once_the_pile_is_empty() -> None:
    """P2-AVSTICKSHOG: the last kill empties the pile; then B's led last card puts
    B out and A is the goat at once; with no pile from the start, A's lead does."""
    state = start(TWO_PLAYER, "5H", "7H 8C", trump="S", reserve="2D 3D")
    state = play(state, "0 play 5H", "1 play 7H")  # B draws 2D, A draws 3D
    assert state.reserve == ()
    state = play(state, "1 play 8C", "0 pick 8C", "1 play 2D")
    assert state.is_over
    assert state.loser == 0

    bare = play(start(TWO_PLAYER, "5H", "2C 3C", trump="S"), "0 play 5H")
    assert bare.is_over
    assert bare.loser == 1


# -- empty hands at the start of phase two ------------------------------------------------


def test_i_empty_player_without_cards_is_out_and_safe() -> None:
    """I-EMPTY: C starts with no cards: out, skipped, and tricks need three plays."""
    hands = ("5C 2H", "7C 3H", "", "9C 4H")
    state = start(FLURST, *hands)
    assert state.out == (2,)
    assert state.trick_size == 3

    state = play(state, "0 play 5C", "1 play 7C")
    assert state.to_act == (3,)
    state = play(state, "3 play 9C")
    assert killed(state) == "5C 7C 9C"

    blamattis = start(attrs.evolve(FLURST, empty_hand=sg.EmptyHand.BLAMATTIS), *hands)
    assert blamattis.out == ()
    assert blamattis.trick_size == 4


def test_i_blamattis_must_pick_up_the_lowest_card_at_first_turn() -> None:
    """I-BLAMATTIS: C has no cards but stays in (four plays kill); at C's turn C
    must pick up the lowest card, the 5C of A's 5-6C, not the whole bottom play."""
    state = start(MATTIS, "5C 6C 2H", "8C 3H", "", "9C 4H")
    assert state.out == ()
    assert state.trick_size == 4

    state = play(state, "0 play 5C 6C", "1 play 8C")
    assert [str(move) for move in state.legal_moves()] == ["2 pick 5C"]
    assert refusal(state, "2 pick 5C 6C") == "I-BLAMATTIS"

    state = play(state, "2 pick 5C")
    assert table(state) == ["6C", "8C"]
    assert hand(state, 2) == "5C"
    state = play(state, "3 play 9C")
    assert state.killed == ()  # three plays do not kill a four-player trick


def test_i_blamattis_plays_normally_after_the_first_pick_up() -> None:
    """I-BLAMATTIS: once B has picked up, B leads like anyone else."""
    state = start(MATTIS, "3C 2H", "", "2C 6H")
    state = play(state, "0 play 3C", "1 pick 3C", "2 play 2C", "0 pick 2C")
    assert state.to_act == (1,)
    assert state.is_legal("1 play 3C")


def test_i_blamattis_lead_on_an_empty_table_passes_clockwise() -> None:
    """I-BLAMATTIS ruling: a Blåmattis due to lead an empty table passes the lead
    to the next player clockwise, and picks up at the first turn with a table."""
    state = start(MATTIS, "5C 2H", "", "7C 3H", "4H", leader=1)
    assert (EventKind.LEAD_PASSED, 1) in kinds(state)
    assert state.to_act == (2,)

    state = play(state, "2 play 7C", "3 pick 7C", "0 play 5C")
    assert [str(move) for move in state.legal_moves()] == ["1 pick 5C"]


def test_i_blamattis_lead_after_an_emptied_trick_passes_clockwise() -> None:
    """I-BLAMATTIS ruling with P2-EMPTIED: B empties the table, C (a Blåmattis)
    would lead, so D leads."""
    state = play(start(MATTIS, "5C 2H", "3H", "", "6H"), "0 play 5C", "1 pick 5C")
    assert (EventKind.LEAD_PASSED, 2) in kinds(state)
    assert state.to_act == (3,)


def test_i_blamattis_loses_variant_ends_the_game_at_once() -> None:
    """I-BLAMATTIS variant BLAMATTIS_LOSES: B, with no cards, is the goat at once."""
    loses = attrs.evolve(MATTIS, empty_hand=sg.EmptyHand.BLAMATTIS_LOSES)
    state = start(loses, "5C 2H", "", "7C 3H")
    assert state.is_over
    assert state.loser == 1
    assert state.legal_moves() == ()

    safe = start(attrs.evolve(MATTIS, empty_hand=sg.EmptyHand.SAFE), "5C 2H", "", "7C 3H")
    assert not safe.is_over
    assert safe.out == (1,)


def test_i_blamattis_only_empty_handed_blamattis_left_the_one_due_to_lead_is_goat() -> None:
    """I-BLAMATTIS ruling: when a kill leaves only Blåmattis without cards and an empty
    table, the one due to lead the next trick is the goat (here seat 3, the next seat
    clockwise from the killer, who went out)."""
    rules = attrs.evolve(PAGAT, kill_on_trump=True, empty_hand=sg.EmptyHand.BLAMATTIS)
    state = sg.start_phase_two(rules, ["", "6C", "JD", ""], "D", leader=3)
    assert state.to_act == (1,)  # seat 3 is due but holds nothing: the lead passes
    state = play(state, "1 play 6C", "2 play JD")
    assert state.is_over and state.loser == 3
    assert kinds(state)[-1] == (EventKind.GOAT, 3)
