"""Phase one: sluffing in every mode, and the engine's model of out-of-turn actions.

RULES.md §3, "Sluffing" and "Engine model of out-of-turn actions". Each test lays out
hands (clockwise from seat 0, who leads) and a stock (top card first; unless the trump
card is set aside, its last card is the trump card) and states one rule, usually
against the alternative setting.
"""

from __future__ import annotations

import random

import attrs
import pytest

import skitgubbe as sg
from skitgubbe.simulate import all_done, close_trick

from .helpers import legal, refusal, step

FLURST = sg.presets.FLURST
#: Flurst's phase one without compulsory ties, so that any card may be played.
FREE = attrs.evolve(FLURST, must_match=False)
#: A stock long enough that nobody runs short; the 2H at the bottom is the trump card.
STOCK = "2D 3D 8D 10D JD AD 10H JH AH 10S JS 2H"


def rules_with(sluff: sg.SluffRule, base: sg.Ruleset = FREE) -> sg.Ruleset:
    """``base`` with ``sluff``; unlimited and own-rank sluffing race the winner, as
    pagat has it."""
    race = sluff in (sg.SluffRule.UNLIMITED, sg.SluffRule.OWN)
    return attrs.evolve(base, sluff=sluff, claim=sg.Claim.RACE if race else base.claim)


def cards(text: str) -> list[sg.Card]:
    """Cards in notation, sorted as the engine sorts them."""
    return sorted(sg.parse_cards(text))


def run(state: sg.State, *moves: str) -> sg.PhaseOneState:
    """The phase-one state after ``moves``, each of which must be legal."""
    for move in moves:
        state = state.apply(move)
    assert isinstance(state, sg.PhaseOneState)
    return state


def start(rules: sg.Ruleset, hands: list[str], stock: str = STOCK, *moves: str) -> sg.PhaseOneState:
    return run(sg.deal(rules, hands=hands, stock=stock, leader=0), *moves)


def seats(state: sg.State) -> set[int]:
    return {move.player for move in state.legal_moves()}


#: Seat 1 wins with the 9D against the 4C and the 7H; everyone still holds a card
#: matching the trick afterwards.
HANDS = ["4C 9C KC", "4D 9D 2S", "4H 7H 7S"]
#: Seats 0 and 1 tie on 9s; seat 2's 7H loses.
TIED = ["9C 7C KC", "9D 9S 2S", "4H 7H 7S"]


# -- P1-SLUFF-NONE --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sluff", "allowed"), [(sg.SluffRule.NONE, False), (sg.SluffRule.UNLIMITED, True)]
)
def test_p1_sluff_none_offers_no_sluff(sluff: sg.SluffRule, allowed: bool) -> None:
    """P1-SLUFF-NONE: a matching card may not be sluffed; only the player due acts.
    With sluffing every seat holding cards may act, whatever it holds."""
    state = start(rules_with(sluff), HANDS, STOCK, "0 play 4C")
    assert state.is_legal("1 sluff 4D") is allowed
    assert state.is_legal("2 sluff 4H") is allowed
    assert state.due == (1,)
    if allowed:
        assert state.to_act == (0, 1, 2)
    else:
        assert state.to_act == (1,)
        assert refusal(state, "1 sluff 4D") == "P1-SLUFF-NONE"


@pytest.mark.parametrize(
    ("sluff", "waits"), [(sg.SluffRule.NONE, False), (sg.SluffRule.UNLIMITED, True)]
)
def test_p1_sluff_none_gathers_at_once(sluff: sg.SluffRule, waits: bool) -> None:
    """P1-SLUFF-NONE: the decided trick goes to its winner at once; with sluffing it
    waits on the table."""
    state = start(rules_with(sluff), HANDS, STOCK, "0 play 4C", "1 play 9D", "2 play 7H")
    if waits:
        assert state.trick_winner == 1 and state.won(1) == ()
    else:
        assert state.trick_winner is None and state.turn == 1
        assert sorted(state.won(1)) == cards("4C 9D 7H")
        assert state.last_trick_winner == 1


# -- P1-SLUFF-WINDOW ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sluff", "rule"), [(sg.SluffRule.WINDOW, "P1-SLUFF-WINDOW"), (sg.SluffRule.UNLIMITED, None)]
)
def test_p1_sluff_window_closed_while_the_trick_is_played(
    sluff: sg.SluffRule, rule: str | None
) -> None:
    """P1-SLUFF-WINDOW: no sluff before the trick is settled, nor during a tie."""
    rules = rules_with(sluff)
    playing = start(rules, HANDS, STOCK, "0 play 4C")
    tied = start(rules, TIED, STOCK, "0 play 9C", "1 play 9D", "2 play 7H")
    assert tied.order == (0, 1) and tied.trick_winner is None
    for state, move in ((playing, "1 sluff 4D"), (tied, "2 sluff 7S"), (tied, "1 sluff 9S")):
        if rule is None:
            assert state.is_legal(move)
        else:
            assert refusal(state, move) == rule


def test_p1_sluff_window_opens_for_everyone_once_settled() -> None:
    """P1-SLUFF-WINDOW: once the trick is settled, every seat holding a card of a rank
    in the trick (the winner too) may sluff or pass; nobody gathers."""
    state = start(rules_with(sg.SluffRule.WINDOW), HANDS, STOCK, "0 play 4C", "1 play 9D")
    state = run(state, "2 play 7H")
    assert state.trick_winner == 1
    assert state.to_act == (0, 1, 2)
    moves = legal(state)
    assert {"0 sluff 9C", "0 done", "1 sluff 4D", "1 done", "2 sluff 4H 7S", "2 done"} <= moves
    assert not any(move.endswith("gather") for move in moves)
    assert refusal(state, "1 gather") == "P1-SLUFF-WINDOW"


def test_p1_sluff_window_several_ranks_in_one_chance() -> None:
    """P1-SLUFF-WINDOW: one sluff may hold cards of several ranks of the trick."""
    state = start(rules_with(sg.SluffRule.WINDOW), HANDS, STOCK, "0 play 4C", "1 play 9D")
    state = run(state, "2 play 7H", "2 sluff 4H 7S")
    assert {"4H", "7S"} <= {str(card) for card in state.table}
    assert state.hand_size(2) == 3  # refilled after the sluff (P1-DRAW)


def test_p1_sluff_window_one_chance_only() -> None:
    """P1-SLUFF-WINDOW: after sluffing and drawing, a seat may not sluff again on the
    trick, even a matching card it has just drawn; under UNLIMITED it may."""
    moves = ("0 play 4C", "1 play 9D", "2 play 7H", "0 sluff 9C")
    # seat 0 draws the 2D after its play and the 7D after its sluff
    stock = "2D 3D 8D 7D 10D JD AD 10H JH AH 10S 2H"
    window = start(rules_with(sg.SluffRule.WINDOW), HANDS, stock, *moves)
    unlimited = start(rules_with(sg.SluffRule.UNLIMITED), HANDS, stock, *moves)
    assert sorted(window.hand(0)) == cards("KC 2D 7D")
    assert refusal(window, "0 sluff 7D") == "P1-SLUFF-WINDOW"
    assert 0 not in window.to_act
    assert unlimited.is_legal("0 sluff 7D")


def test_p1_sluff_window_gathered_after_everyone_used_or_passed() -> None:
    """P1-SLUFF-WINDOW: `done` passes the chance; once every seat has sluffed or
    passed, the trick goes to the winner without a move."""
    state = start(rules_with(sg.SluffRule.WINDOW), HANDS, STOCK, "0 play 4C", "1 play 9D")
    state = run(state, "2 play 7H", "0 sluff 9C", "2 done")
    assert state.trick_winner == 1 and state.to_act == (1,)
    state = run(state, "1 done")
    assert state.trick_winner is None and state.turn == 1
    assert sorted(state.won(1)) == cards("4C 9D 7H 9C")
    assert [(e.kind, e.player) for e in state.events if e.kind is sg.EventKind.WON] == [
        (sg.EventKind.WON, 1)
    ]


# -- P1-SLUFF-UNLIMITED ---------------------------------------------------------------


def test_p1_sluff_unlimited_from_the_first_card() -> None:
    """P1-SLUFF-UNLIMITED: after the first card anyone may sluff a matching card, even
    before playing and even of the highest rank; before it nobody may."""
    state = start(rules_with(sg.SluffRule.UNLIMITED), HANDS)
    assert state.to_act == (0,)
    assert refusal(state, "1 sluff 4D") == "P1-SLUFF-UNLIMITED"
    state = run(state, "0 play 4C")
    assert state.to_act == (0, 1, 2) and state.due == (1,)
    assert {"1 sluff 4D", "2 sluff 4H"} <= legal(state)


def test_p1_sluff_unlimited_repeatedly() -> None:
    """P1-SLUFF-UNLIMITED: a seat that draws another matching card may sluff again;
    WINDOW-style one chance does not apply."""
    stock = "2D 4S 8D 10D JD AD 10H JH AH 10S JS 2H"
    state = start(rules_with(sg.SluffRule.UNLIMITED), HANDS, stock, "0 play 4C", "1 sluff 4D")
    assert sorted(state.hand(1)) == cards("9D 2S 4S")
    state = run(state, "1 sluff 4S")
    assert sorted(state.table) == cards("4C 4D 4S")
    assert state.turn == 1  # still due to play


def test_p1_sluff_unlimited_during_replays() -> None:
    """P1-SLUFF-UNLIMITED: during a tie replay anyone may sluff on the trick, the tied
    rank included."""
    rules = rules_with(sg.SluffRule.UNLIMITED)
    state = start(rules, TIED, STOCK, "0 play 9C", "1 play 9D", "2 play 7H")
    assert state.order == (0, 1)
    assert {"2 sluff 7S", "1 sluff 9S", "0 sluff 7C"} <= legal(state)
    state = run(state, "0 play KC")
    assert {"2 sluff 7S", "1 sluff 9S", "0 sluff 7C"} <= legal(state)


def test_p1_sluff_unlimited_until_gathered() -> None:
    """P1-SLUFF-UNLIMITED: sluffs go on after the trick is decided, until the winner
    gathers; no sluff reaches a gathered trick."""
    rules = rules_with(sg.SluffRule.UNLIMITED)
    state = start(rules, HANDS, STOCK, "0 play 4C", "1 play 9D", "2 play 7H")
    assert state.trick_winner == 1
    assert "0 sluff 9C" in legal(state) and "2 sluff 7S" in legal(state)
    state = run(state, "2 sluff 7S", "1 gather")
    assert sorted(state.won(1)) == cards("4C 9D 7H 7S")
    assert not state.is_legal("2 sluff 4H")  # the new trick has no card yet


@pytest.mark.parametrize(
    ("sluff", "rule"),
    [
        (sg.SluffRule.UNLIMITED, "P1-SLUFF-UNLIMITED"),
        (sg.SluffRule.OWN, "P1-SLUFF-OWN"),
        (sg.SluffRule.ANYTIME, "P1-SLUFF-ANYTIME"),
    ],
)
def test_p1_sluff_unlimited_the_winner_races_the_sluffers(sluff: sg.SluffRule, rule: str) -> None:
    """P1-SLUFF-UNLIMITED, P1-SLUFF-OWN, P1-SLUFF-ANYTIME: pagat has the winner claim
    the trick as fast as possible to stop further sluffs. Under the race rule the
    winner may gather at once, while others could still sluff, and nobody declares
    done; any-time sluffing races too when the rules ask for it."""
    rules = attrs.evolve(rules_with(sluff), claim=sg.Claim.RACE)
    state = start(rules, HANDS, STOCK, "0 play 4C", "1 play 9D", "2 play 7H")
    assert state.rules.claim is sg.Claim.RACE
    assert state.is_legal("1 gather") and state.due == (1,)
    assert not any(move.endswith("done") for move in legal(state))
    assert refusal(state, "0 done") == rule
    gathered = run(state, "1 gather")
    assert sorted(gathered.won(1)) == cards("4C 9D 7H")
    assert gathered.turn == 1 and not gathered.is_legal("0 sluff 9C")


@pytest.mark.parametrize("sluff", [sg.SluffRule.UNLIMITED, sg.SluffRule.OWN])
def test_p1_sluff_unlimited_the_winner_may_wait_for_the_others(sluff: sg.SluffRule) -> None:
    """P1-SLUFF-UNLIMITED, P1-SLUFF-OWN: with ``claim=after-done`` the winner gathers
    only once every other seat that may still sluff has declared done."""
    rules = attrs.evolve(rules_with(sluff), claim=sg.Claim.AFTER_DONE)
    assert attrs.evolve(rules, claim=sg.Claim.RACE) != rules
    state = start(rules, HANDS, STOCK, "0 play 4C", "1 play 9D", "2 play 7H")
    assert not state.is_legal("1 gather")
    assert state.due == (0, 2)
    state = run(state, "0 done", "2 done")
    assert state.due == (1,) and state.is_legal("1 gather")


# -- P1-SLUFF-OWN ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sluff", "rule"), [(sg.SluffRule.OWN, "P1-SLUFF-OWN"), (sg.SluffRule.UNLIMITED, None)]
)
def test_p1_sluff_own_only_the_rank_one_played(sluff: sg.SluffRule, rule: str | None) -> None:
    """P1-SLUFF-OWN: nothing before one's own play, then only the rank one played."""
    hands = ["4C 9C KC", "9D 9S 4D", "4H 7H 7S"]
    before = start(rules_with(sluff), hands, STOCK, "0 play 4C")
    after = run(before, "1 play 9D")
    assert after.is_legal("1 sluff 9S")
    for state, move in ((before, "1 sluff 4D"), (after, "1 sluff 4D"), (after, "2 sluff 4H")):
        if rule is None:
            assert state.is_legal(move)
        else:
            assert refusal(state, move) == rule


@pytest.mark.parametrize(
    ("sluff", "own_tied_rank"), [(sg.SluffRule.OWN, False), (sg.SluffRule.UNLIMITED, True)]
)
def test_p1_sluff_own_latest_replay_rank(sluff: sg.SluffRule, own_tied_rank: bool) -> None:
    """P1-SLUFF-OWN: in a replay a seat may sluff the rank it played in the latest
    replay, no longer the rank it tied with."""
    hands = ["9C 5C 5H", "9D 9S 2S", "4H 7H 7S"]
    state = start(rules_with(sluff), hands, STOCK, "0 play 9C", "1 play 9D", "2 play 7H")
    assert state.order == (0, 1)
    assert state.is_legal("1 sluff 9S")  # its tied rank, before its replay play
    state = run(state, "0 play 5C")
    assert state.is_legal("0 sluff 5H")
    state = run(state, "1 play 2S")
    assert state.trick_winner == 0
    assert state.is_legal("1 sluff 9S") is own_tied_rank
    if not own_tied_rank:
        assert refusal(state, "1 sluff 9S") == "P1-SLUFF-OWN"


# -- P1-SLUFF-ANYTIME -----------------------------------------------------------------

#: Flurst's own illustration: a seat holding a queen and a king may not sluff the
#: queen while a queen heads the trick and it has not played.
QUEEN_KING = ["QC 2C 3C", "KS 4D 5D", "QH KD 6S"]


@pytest.mark.parametrize(
    ("sluff", "rule"),
    [
        (sg.SluffRule.ANYTIME, "P1-SLUFF-ANYTIME"),
        (sg.SluffRule.ANYTIME_MAY_EMPTY, "P1-SLUFF-ANYTIME"),
        (sg.SluffRule.UNLIMITED, None),
    ],
)
def test_p1_sluff_anytime_limit_a_not_the_highest_before_playing(
    sluff: sg.SluffRule, rule: str | None
) -> None:
    """P1-SLUFF-ANYTIME limit (a): before its play, a seat may not sluff a card of
    the highest rank played so far (Flurst, Goat and Wizards alike)."""
    state = start(rules_with(sluff, FLURST), QUEEN_KING, STOCK, "0 play QC")
    if rule is None:
        assert state.is_legal("2 sluff QH")
    else:
        assert refusal(state, "2 sluff QH") == rule


def test_p1_sluff_anytime_limit_a_lifts_when_someone_plays_higher() -> None:
    """P1-SLUFF-ANYTIME limit (a): the queen becomes sluffable once the king is
    played before the seat's turn; the king is now forbidden instead."""
    state = start(FLURST, QUEEN_KING, STOCK, "0 play QC")
    assert not state.is_legal("2 sluff QH")
    state = run(state, "1 play KS")
    assert state.is_legal("2 sluff QH")
    assert refusal(state, "2 sluff KD") == "P1-SLUFF-ANYTIME"
    state = run(state, "2 sluff QH")
    assert legal(state) >= {"2 play KD"} and state.turn == 2


def test_p1_sluff_anytime_other_ranks_before_playing() -> None:
    """P1-SLUFF-ANYTIME: before its play a seat may sluff any lower rank in the trick."""
    state = start(FLURST, QUEEN_KING, STOCK, "0 play QC", "1 play KS")
    assert "2 sluff QH" in legal(state)
    assert "1 sluff 4D" not in legal(state)  # nothing of seat 1's matches


def test_p1_sluff_anytime_tied_rank_before_the_war() -> None:
    """P1-SLUFF-ANYTIME limit (a): a replay round has no highest rank before its first
    play, so a tied seat may sluff another card of the tied rank (Goat's example)."""
    hands = ["9C 9H 2C", "9D 5D 6D", "4H 7H 8S"]
    state = start(FLURST, hands, STOCK, "0 play 9C", "1 play 9D", "2 play 7H")
    assert state.order == (0, 1)
    assert state.is_legal("0 sluff 9H")
    state = run(state, "0 sluff 9H")
    assert state.order == (0, 1) and state.turn == 0  # the sluffed 9H joins no tie
    assert sorted(state.table) == cards("9C 9D 7H 9H")


def test_p1_sluff_anytime_limit_a_only_for_seats_due_in_the_replay() -> None:
    """P1-SLUFF-ANYTIME limit (a): in a war, the tied seat still due may not sluff the
    replay's highest rank (it must match it), but a seat outside the war may."""
    hands = ["9C 7C KC", "9D 7D 2S", "4H 7H 7S"]
    state = start(FLURST, hands, STOCK, "0 play 9C", "1 play 9D", "2 play 4H", "0 play 7C")
    assert state.order == (0, 1) and state.turn == 1
    assert {"2 sluff 7H", "2 sluff 7S", "2 sluff 7H 7S"} <= legal(state)
    assert refusal(state, "1 sluff 7D") == "P1-SLUFF-ANYTIME"
    assert {move for move in legal(state) if move.startswith("1 ")} == {"1 play 7D"}


@pytest.mark.parametrize(
    ("sluff", "allowed"),
    [(sg.SluffRule.ANYTIME, False), (sg.SluffRule.ANYTIME_MAY_EMPTY, True)],
)
def test_p1_sluff_anytime_limit_b_may_not_empty_while_due(
    sluff: sg.SluffRule, allowed: bool
) -> None:
    """P1-SLUFF-ANYTIME limit (b): with the stock empty, a seat still due to play may
    not sluff its last card (Flurst, Goat); Wizards lacks the limit."""
    # the stock holds only the trump card, which seat 0 sets aside after leading
    state = start(rules_with(sluff, FLURST), ["4C", "9D", "4H"], "2S", "0 play 4C", "1 play 9D")
    assert state.stock_size == 0 and state.trump_holder == 0
    assert state.turn == 2
    assert state.is_legal("2 sluff 4H") is allowed
    if not allowed:
        assert refusal(state, "2 sluff 4H") == "P1-SLUFF-ANYTIME"


def test_p1_sluff_anytime_limit_b_part_of_the_hand() -> None:
    """P1-SLUFF-ANYTIME limit (b): the due seat may sluff while a card stays in hand."""
    state = start(FLURST, ["4C", "9D", "4H 8S"], "2S", "0 play 4C", "1 play 9D")
    assert state.is_legal("2 sluff 4H")


def test_p1_sluff_anytime_limit_b_not_for_a_losing_played_seat() -> None:
    """P1-SLUFF-ANYTIME limit (b): a seat that has played and cannot be in a tie may
    empty its hand; the seat heading the undecided round may not."""
    state = start(FLURST, ["4C 4S", "9D 9S", "7H 8S"], "2S", "0 play 4C", "1 play 9D")
    assert state.stock_size == 0
    assert state.is_legal("0 sluff 4S")  # seat 0 has lost already: it may empty its hand
    assert refusal(state, "1 sluff 9S") == "P1-SLUFF-ANYTIME"  # 9D heads; a tie may come


@pytest.mark.parametrize(
    ("sluff", "allowed"),
    [(sg.SluffRule.ANYTIME, False), (sg.SluffRule.ANYTIME_MAY_EMPTY, True)],
)
def test_p1_sluff_anytime_limit_b_counts_the_replay_of_a_forced_tie(
    sluff: sg.SluffRule, allowed: bool
) -> None:
    """P1-SLUFF-ANYTIME limit (b): seat 2, last to play with the stock empty, holds
    5D KS under a heading KD. Sluffing 5D would leave KS, whose forced play ties the
    king: the war's replay would find seat 2 without a card, so Flurst and Goat
    refuse the sluff; Wizards lacks the limit."""
    state = start(rules_with(sluff, FLURST), ["KD 4C", "5H 7H", "5D KS"], "9H", "0 play KD")
    state = run(state, "1 play 5H")
    assert state.stock_size == 0 and state.due == (2,) and state.view(2).heading is sg.Rank.KING
    assert state.is_legal("2 sluff 5D") is allowed
    if not allowed:
        assert refusal(state, "2 sluff 5D") == "P1-SLUFF-ANYTIME"
        assert legal(state) == {"2 play KS"}
    else:
        after = run(state, "2 sluff 5D", "2 play KS")
        assert after.order == (0, 2) and after.hand(2) == ()  # in the war with no card


def test_p1_sluff_anytime_limit_b_allows_a_sluff_whose_forced_play_loses() -> None:
    """P1-SLUFF-ANYTIME limit (b): the same sluff is allowed when the card left loses
    the round, for then no replay is owed."""
    state = start(FLURST, ["KD 4C", "5H 7H", "5D 2S"], "9H", "0 play KD", "1 play 5H")
    assert state.due == (2,)
    assert state.is_legal("2 sluff 5D")
    after = run(state, "2 sluff 5D", "2 play 2S")
    assert after.trick_winner == 0


def test_p1_sluff_anytime_limit_b_counts_a_tie_a_later_seat_could_make() -> None:
    """P1-SLUFF-ANYTIME limit (b): seat 2, due with seat 3 after it, would be left
    with AS, which would head the round; seat 3 could still tie it, so the replay may
    be owed and the sluff is refused. With a losing card left it is allowed."""
    played = ("0 play 3C", "1 play 8D")
    hands = ["3C 4C", "8D 9C", "3D AS", "7H 8S"]
    state = start(FLURST, hands, "9H", *played)
    assert state.due == (2,) and state.order[state.position :] == (2, 3)
    assert refusal(state, "2 sluff 3D") == "P1-SLUFF-ANYTIME"
    state = start(FLURST, [*hands[:2], "3D 2S", hands[3]], "9H", *played)
    assert state.is_legal("2 sluff 3D")


def test_p1_sluff_anytime_limit_b_lifted_once_decided() -> None:
    """P1-SLUFF-ANYTIME limit (b): once the trick is decided nobody has to play to it,
    so the last card may be sluffed."""
    state = start(FLURST, ["4C 4S", "9D 9S", "7H"], "2S", "0 play 4C", "1 play 9D")
    state = run(state, "2 play 7H")
    assert state.trick_winner == 1
    assert {"0 sluff 4S", "1 sluff 9S"} <= legal(state)


# -- P1-SLUFF-ATLANTA -----------------------------------------------------------------

ATLANTA = sg.presets.ATLANTA
#: Seat 0 leads the 4C, seat 1 wins with the 9D, seat 2 plays the 7H.
ATLANTA_HANDS = ["4C 4S 3C", "9D 9S 5D", "4H 7H 7S"]


@pytest.mark.parametrize(
    ("sluff", "rule"), [(sg.SluffRule.ATLANTA, "P1-SLUFF-ATLANTA"), (sg.SluffRule.UNLIMITED, None)]
)
def test_p1_sluff_atlanta_only_after_playing(sluff: sg.SluffRule, rule: str | None) -> None:
    """P1-SLUFF-ATLANTA: a seat sluffs only after its own play to the trick."""
    state = start(rules_with(sluff, ATLANTA), ATLANTA_HANDS, STOCK, "0 play 4C", "1 play 9D")
    if rule is None:
        assert state.is_legal("2 sluff 4H")
    else:
        assert refusal(state, "2 sluff 4H") == rule


def test_p1_sluff_atlanta_only_losing_ranks() -> None:
    """P1-SLUFF-ATLANTA: never the currently winning rank; a rank becomes sluffable
    when a higher one is played."""
    state = start(ATLANTA, ATLANTA_HANDS, STOCK, "0 play 4C")
    assert refusal(state, "0 sluff 4S") == "P1-SLUFF-ATLANTA"  # the 4 wins so far
    state = run(state, "1 play 9D")
    assert state.is_legal("0 sluff 4S")
    assert refusal(state, "1 sluff 9S") == "P1-SLUFF-ATLANTA"


def test_p1_sluff_atlanta_once_per_trick() -> None:
    """P1-SLUFF-ATLANTA: one sluff per trick (of one or more cards), then no more."""
    state = start(ATLANTA, ATLANTA_HANDS, STOCK, "0 play 4C", "1 play 9D", "2 play 7H")
    assert state.trick_winner == 1
    assert {"2 sluff 4H", "2 sluff 7S", "2 sluff 4H 7S"} <= legal(state)
    state = run(state, "2 sluff 4H")
    assert 2 not in seats(state)
    assert refusal(state, "2 sluff 7S") == "P1-SLUFF-ATLANTA"


def test_p1_sluff_atlanta_before_it_is_taken() -> None:
    """P1-SLUFF-ATLANTA: sluffs may come after the trick is decided, until it is taken;
    the winner, who may sluff too, takes it once the others have sluffed or said done."""
    state = start(ATLANTA, ATLANTA_HANDS, STOCK, "0 play 4C", "1 play 9D", "2 play 7H")
    assert {"0 sluff 4S", "0 done", "2 done"} <= legal(state)
    assert state.due == (0, 2)
    state = run(state, "0 sluff 4S", "2 sluff 4H 7S")
    assert state.due == (1,) and legal(state) == {"1 gather"}
    state = run(state, "1 gather")
    assert state.trick_winner is None
    assert sorted(state.won(1)) == cards("4C 9D 7H 4S 4H 7S")


# -- the out-of-turn model ------------------------------------------------------------


def test_out_of_turn_moves_of_several_seats() -> None:
    """P1-SLUFF-ANYTIME, engine model: the player due and every seat that may sluff are
    listed together, grouped by seat; `turn` is the one due to play."""
    hands = ["4C 9C KC", "7D 9D 2S", "4H 7H 7S"]
    state = start(FLURST, hands, STOCK, "0 play 4C", "1 play 9D")
    assert state.turn == 2 and state.due == (2,)
    assert state.to_act == (0, 1, 2)
    assert legal(state) == {"0 sluff 9C", "2 sluff 4H", "2 play 4H", "2 play 7H", "2 play 7S"} | {
        "2 dare"
    }
    assert state.legal_moves(1) == ()  # seat 1 may sluff, but holds nothing matching
    players = [move.player for move in state.legal_moves()]
    assert players == sorted(players)  # grouped by seat


#: The Swedish Goat Game's worked example, and the same position with seat 1 holding
#: the 9S instead of the 3S.
GOAT_HANDS = ["8D 3D 5C", "3C 3S 2D", "KC KS 2H"]
GOAT_STOCK = "7D QC JS 5H 9H 6C 4C 9D"


def test_p1_sluff_anytime_who_may_act_reveals_no_hand() -> None:
    """P1-SLUFF-ANYTIME, engine model: after 0 play 3D, 1 play 3C, seat 2 must not learn
    from who may act whether seat 1 holds another three. Whether seat 1 holds the 3S or
    the 9S, seat 2 sees the same seats that may act and the same view."""
    rules = sg.presets.SWEDISH_GOAT
    moves = ("0 play 3D", "1 play 3C")
    views = []
    # the same cards in both layouts: the three or nine not in seat 1's hand lies
    # at the bottom of the stock
    for seat_1, bottom in (("3C 3S 2D", "9S"), ("3C 9S 2D", "3S")):
        hands = [GOAT_HANDS[0], seat_1, GOAT_HANDS[2]]
        stock = f"{GOAT_STOCK} {bottom}"
        state = run(sg.deal(rules, hands=hands, stock=stock, set_aside="6S", leader=0), *moves)
        assert state.to_act == (0, 1, 2) and state.due == (2,)
        views.append(state.view(2))
    assert views[0] == views[1]


def test_decided_trick_waits_for_every_seat_that_may_sluff() -> None:
    """P1-SLUFF-ANYTIME, engine model: the Flurst rules have the winner wait until all
    players have said they are done. Every other seat holding cards declares done,
    whether or not it holds a matching card, so that nobody learns who holds what
    from when the trick is gathered; the winner then gathers."""
    hands = ["4C 9C KC", "4D 9D 9S", "5H 6H 3S"]  # seat 2 holds nothing matching
    state = start(FREE, hands, STOCK, "0 play 4C", "1 play 9D", "2 play 5H")
    assert state.trick_winner == 1
    assert state.due == (0, 2) and state.to_act == (0, 1, 2)
    assert state.legal_moves(2) == (sg.Done(2),)
    state = run(state, "2 done", "0 done")
    assert state.due == (1,) and legal(state) == {"1 sluff 4D", "1 sluff 9S", "1 sluff 4D 9S"} | {
        "1 gather"
    }


def test_decided_trick_is_gathered_without_a_move_when_nobody_may_act() -> None:
    """Engine model: a decided trick is gathered without a move only when public facts
    say nobody may act on it: here every other seat has sluffed its last card or
    holds none, and the winner holds none either."""
    state = start(
        attrs.evolve(FLURST, sluff=sg.SluffRule.ANYTIME_MAY_EMPTY),
        ["4C", "9D", "7H"],
        "2S",
        "0 play 4C",
        "1 play 9D",
    )
    assert state.stock_size == 0
    after = state.apply("2 play 7H")  # nobody holds a card: the trick is gathered
    assert isinstance(after, sg.PhaseTwoState)  # and the next lead finds no card
    assert (sg.EventKind.WON, 1) in [(event.kind, event.player) for event in after.events]
    waits = start(
        attrs.evolve(FLURST, sluff=sg.SluffRule.ANYTIME_MAY_EMPTY),
        ["4C", "9D", "7H 2C"],
        "2S",
        "0 play 4C",
        "1 play 9D",
        "2 play 7H",
    )
    assert waits.trick_winner == 1 and waits.due == (2,)  # seat 2 still holds a card


def test_sluffed_card_makes_no_tie() -> None:
    """P1-SLUFF-UNLIMITED: a sluffed card of the heading rank does not tie the trick."""
    rules = rules_with(sg.SluffRule.UNLIMITED)
    state = start(rules, ["9C 2C 3C", "5D 6D 2S", "9H 3H 8S"], STOCK, "0 play 9C", "2 sluff 9H")
    state = run(state, "1 play 5D", "2 play 3H")
    assert state.trick_winner == 0
    assert not [e for e in state.events if e.kind is sg.EventKind.TIED]


def test_sluffed_card_never_decides_a_replay() -> None:
    """P1-TIE-REPLAY, P1-SLUFF-UNLIMITED: a king sluffed during a war of low cards
    does not win it; the highest replay play does."""
    rules = rules_with(sg.SluffRule.UNLIMITED)
    hands = ["KC 4C 5C", "KD 6D 2S", "KH 3H 8S"]
    state = start(rules, hands, STOCK, "0 play KC", "1 play KD", "2 play 3H")
    assert state.order == (0, 1)
    state = run(state, "2 sluff KH", "0 play 4C", "1 play 6D")
    assert state.trick_winner == 1


def test_decided_trick_waits_for_the_others() -> None:
    """P1-SLUFF-ANYTIME, engine model: while another seat may sluff, it gets `done`
    and the winner no `gather`; gathering too early is refused naming the rule."""
    hands = ["4C 9C KC", "4D 9D 9S", "4H 7H 7S"]
    state = start(
        rules_with(sg.SluffRule.ANYTIME), hands, STOCK, "0 play 4C", "1 play 9D", "2 play 7H"
    )
    assert state.trick_winner == 1 and state.turn is None
    assert {"0 sluff 9C", "0 done", "2 sluff 4H", "2 done", "1 sluff 4D", "1 sluff 9S"} <= legal(
        state
    )
    assert "1 done" not in legal(state)
    assert refusal(state, "1 gather") == "P1-SLUFF-ANYTIME"
    state = run(state, "0 done")
    assert refusal(state, "1 gather") == "P1-SLUFF-ANYTIME"
    assert refusal(state, "0 sluff 9C") == "P1-SLUFF-ANYTIME"  # done is final
    state = run(state, "2 done")
    assert legal(state) >= {"1 gather", "1 sluff 9S"}
    assert state.to_act == (1,)
    state = run(state, "1 sluff 9S", "1 gather")
    assert sorted(state.won(1)) == cards("4C 9D 7H 9S")
    assert state.turn == 1


def test_refusals_name_the_rule() -> None:
    """P1-SLUFF-ANYTIME: a `done` or `gather` on an undecided trick, a gather by a
    loser and a sluff of a rank not in the trick are refused naming the rule."""
    state = start(rules_with(sg.SluffRule.ANYTIME), HANDS, STOCK, "0 play 4C")
    assert refusal(state, "1 done") == "P1-SLUFF-ANYTIME"
    assert refusal(state, "0 gather") == "P1-SLUFF-ANYTIME"
    assert refusal(state, "2 sluff 7H") == "P1-SLUFF-ANYTIME"
    decided = run(state, "1 play 9D", "2 play 7H")
    assert refusal(decided, "0 gather") == "P1-SLUFF-ANYTIME"
    assert refusal(decided, "2 play 7S") == "P1-TRICK-ALL"


DRIVEN = [(rules_with(sluff, FLURST), 4) for sluff in sg.SluffRule] + [
    (sg.presets.HELMFRID, 4),
    (sg.presets.ATLANTA, 3),
    (sg.presets.WIZARDS, 5),
    (sg.presets.SWEDISH_GOAT, 4),
]


@pytest.mark.parametrize(("rules", "players"), DRIVEN)
def test_random_driver_always_finishes(rules: sg.Ruleset, players: int) -> None:
    """Engine model: picking uniformly among all listed moves always ends phase one,
    and the intermission keeps every card of the pack but a set-aside trump card.
    Every listed move is by a seat that may act, and every seat the game waits for
    has a move."""
    kept = 51 if rules.trump_card is sg.TrumpCard.SET_ASIDE else 52
    for seed in range(3):
        chooser = random.Random(seed)
        state: sg.State = sg.deal(rules, players=players, seed=seed)
        steps = 0
        while isinstance(state, sg.PhaseOneState):
            moves = state.legal_moves()
            assert moves, "a phase-one state with no legal move"
            acting = {move.player for move in moves}
            assert acting <= set(state.to_act)
            assert set(state.due) <= acting and set(state.due) <= set(state.to_act)
            state = state.apply(chooser.choice(moves))
            steps += 1
            assert steps < 2000
        assert isinstance(state, sg.PhaseTwoState)
        assert sum(state.hand_size(p) for p in range(players)) == kept


def test_p1_sluff_anytime_all_done_lets_the_declining_seats_pass_at_once() -> None:
    """P1-SLUFF-ANYTIME: on a decided trick seats 0 and 1 must each say done before
    the winner may gather; ``all_done`` declares it for them in one call, and only
    where the engine allows it."""
    state = sg.deal(
        sg.presets.SWEDISH_GOAT,
        hands=["8D 3D 5C", "3C 3S 2D", "KC KS 2H"],
        stock="7D QC JS 5H 9H 6C 4C 9D",
        set_aside="6S",
        leader=0,
    )
    state = step(state, "0 play 8D", "1 play 2D", "2 play KC")
    assert state.due == (0, 1) and state.trick_winner == 2
    after = all_done(state)
    assert after == state.apply("0 done").apply("1 done")
    assert "2 gather" in {str(move) for move in after.legal_moves()}
    assert all_done(state, [1]) == state.apply("1 done")
    assert all_done(after) is after  # nobody left to decline: nothing applied
    closed = close_trick(state)
    assert isinstance(closed, sg.PhaseOneState)
    assert closed.trick == () and closed.due == (2,) and len(closed.hand(2)) == 3
    fresh = sg.deal(sg.presets.FLURST, players=4, seed=7)
    assert all_done(fresh) is fresh and close_trick(fresh) is fresh  # no decided trick


# -- P1-SLUFF-LAST-TRICK ----------------------------------------------------------------

#: Seat 0 plays its last card with the stock empty: this is the last trick.
LAST_HANDS = ["4C", "7H 7S 2C", "4D 8S 9D"]


def last_trick(rules: sg.Ruleset, *moves: str, stock: str = "") -> sg.PhaseOneState:
    state = sg.deal(rules, hands=LAST_HANDS, stock=stock, set_aside="6S", leader=0)
    return run(state, *moves)


def test_p1_sluff_last_trick_no_sluff_while_one_may_still_take_it() -> None:
    """P1-SLUFF-LAST-TRICK (Goat): seat 0 has played its last card and the stock is
    empty, so no trick can follow. Seat 2, still to play, and seat 1, heading the
    trick, may each still take it and may not sluff; the rule is named."""
    state = last_trick(sg.presets.SWEDISH_GOAT, "0 play 4C", "1 play 7H")
    assert refusal(state, "2 sluff 4D") == "P1-SLUFF-LAST-TRICK"
    assert refusal(state, "1 sluff 7S") == "P1-SLUFF-LAST-TRICK"
    assert legal(state) == {"2 play 4D", "2 play 8S", "2 play 9D"}
    # once seat 2 takes the trick, seat 1 can no longer take it and may sluff; the
    # winner, who takes it, may not
    decided = run(state, "2 play 8S")
    assert legal(decided) == {"1 sluff 7S", "1 done"}
    assert refusal(decided, "2 sluff 4D") == "P1-SLUFF-LAST-TRICK"


def test_p1_sluff_last_trick_once_decided_nobody_sluffs_until_the_winner_is_certain() -> None:
    """P1-SLUFF-LAST-TRICK, the other reading: nobody sluffs on the last trick until
    it is decided; then everyone may, its winner too."""
    rules = attrs.evolve(sg.presets.SWEDISH_GOAT, last_trick_sluff=sg.LastTrickSluff.ONCE_DECIDED)
    state = last_trick(rules, "0 play 4C")
    assert refusal(state, "2 sluff 4D") == "P1-SLUFF-LAST-TRICK"
    decided = run(state, "1 play 7H", "2 play 8S")
    assert {"1 sluff 7S", "2 sluff 4D"} <= legal(decided)


def test_p1_sluff_last_trick_a_trick_that_may_be_followed_is_free() -> None:
    """P1-SLUFF-LAST-TRICK: with a card still in the stock (or without the limit) the
    same trick allows both sluffs (P1-SLUFF-ANYTIME)."""
    stocked = last_trick(sg.presets.SWEDISH_GOAT, "0 play 4C", "1 play 7H", stock="KD")
    assert stocked.is_legal("2 sluff 4D") and stocked.is_legal("1 sluff 7S")
    free = attrs.evolve(sg.presets.SWEDISH_GOAT, last_trick_sluff=sg.LastTrickSluff.ALLOWED)
    state = last_trick(free, "0 play 4C", "1 play 7H")
    assert state.is_legal("2 sluff 4D") and state.is_legal("1 sluff 7S")


def test_p1_sluff_last_trick_needs_any_time_sluffing() -> None:
    """P1-SLUFF-LAST-TRICK limits any-time sluffing alone: elsewhere it is refused
    when the ruleset is built, saying what to set."""
    with pytest.raises(sg.RulesetError, match="last_trick_sluff=allowed"):
        attrs.evolve(sg.presets.SWEDISH_GOAT, sluff=sg.SluffRule.WINDOW)


def test_p1_sluff_anytime_claim_race_lets_the_goat_winner_gather_at_once() -> None:
    """P1-SLUFF-ANYTIME with ``claim=race``: the winner of a decided trick may gather
    at once; with the preset's ``after-done`` the others declare done first."""
    hands = ["9C 8D 5S", "4C 4D KH", "3H 3S QC"]
    stock = "7D QD JS 5H 9H 6C 2C 9D"
    moves = ("0 play 9C", "1 play 4C", "2 play 3H")
    racing = attrs.evolve(sg.presets.SWEDISH_GOAT, claim=sg.Claim.RACE)
    state = run(sg.deal(racing, hands=hands, stock=stock, set_aside="6S", leader=0), *moves)
    assert legal(state) == {"0 gather", "1 sluff 4D", "2 sluff 3S"} and state.due == (0,)
    waiting = run(
        sg.deal(sg.presets.SWEDISH_GOAT, hands=hands, stock=stock, set_aside="6S", leader=0), *moves
    )
    assert "0 gather" not in legal(waiting) and waiting.due == (1, 2)


@pytest.mark.parametrize("sluff", [sg.SluffRule.NONE, sg.SluffRule.WINDOW, sg.SluffRule.ATLANTA])
def test_p1_sluff_window_claim_race_is_refused_where_it_cannot_take_effect(
    sluff: sg.SluffRule,
) -> None:
    """P1-SLUFF-WINDOW, P1-SLUFF-ATLANTA, P1-SLUFF-NONE: these wait for every chance
    (or have none), so a racing claim is refused when the ruleset is built."""
    with pytest.raises(sg.RulesetError, match="claim=race needs sluffing after the trick"):
        attrs.evolve(sg.presets.HELMFRID, sluff=sluff, claim=sg.Claim.RACE)
