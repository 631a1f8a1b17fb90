"""The Swedish Goat Game's worked example of phase one, move by move.

Three players; the Goat rules (aces low, a set-aside trump card). Seat 0 is the
example's Player 1, seat 1 its Player 2 and seat 2 its Player 3. The stock is laid
out so that every draw the example names happens: Player 1 draws the 7D, Player 2
the QC and JS, Player 3 the 5H, Player 2 the 9H after sluffing the 2D, and the 4C
is the top card when Player 2 dares in the war. Once the war is won, the other
players say they are done sluffing and the winner gathers the trick, as the Flurst
rules ask (the example leaves this unsaid).
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import skitgubbe as sg

from .helpers import legal, refusal

GOAT = sg.presets.SWEDISH_GOAT
HANDS = ["8D 3D 5C", "3C 3S 2D", "KC KS 2H"]
#: The example's draws in order, then the 10C (Player 1's draw after leading the
#: war's 5C), the 4C (dared) and the 6H (Player 3's draw after the last sluff).
STOCK = "7D QC JS 5H 9H 10C 4C 6H"
#: The example's moves, in the order they happen.
MOVES = (
    "0 play 3D",
    "1 play 3C",
    "1 sluff 3S",
    "2 play 2H",
    "1 sluff 2D",
    "0 play 5C",
    "1 dare",
    "2 sluff 5H",
    "1 done",
    "2 done",
    "0 gather",
)


def cards(text: str) -> list[sg.Card]:
    """Cards in notation, sorted as the engine sorts them."""
    return sorted(sg.parse_cards(text))


def start(stock: str = STOCK) -> sg.PhaseOneState:
    return sg.deal(GOAT, hands=HANDS, stock=stock, set_aside="6S", leader=0)


def after(count: int, stock: str = STOCK) -> sg.PhaseOneState:
    """The position after the example's first ``count`` moves."""
    state: sg.State = start(stock)
    for move in MOVES[:count]:
        state = state.apply(move)
    assert isinstance(state, sg.PhaseOneState)
    return state


def test_goat_example_deal() -> None:
    """D-TRUMP-SET-ASIDE, D-FIRST-LEAD: the example's deal; the previous goat leads."""
    state = start()
    assert state.to_act == (0,) and state.turn == 0 and state.order == (0, 1, 2)
    assert [sorted(state.hand(p)) for p in range(3)] == [cards(h) for h in HANDS]
    assert state.set_aside == (sg.parse_card("6S"),)
    assert state.trump is sg.Suit.SPADES
    assert state.stock == tuple(sg.parse_cards(STOCK))


def test_goat_example_player_two_must_play_a_three() -> None:
    """P1-MUST-MATCH: after the 3D lead, Player 2 must play one of the 3s."""
    state = after(1)
    assert sorted(state.hand(0)) == cards("8D 7D 5C")
    assert legal(state) == {"1 play 3C", "1 play 3S"}
    assert refusal(state, "1 play 2D") == "P1-MUST-MATCH"
    assert refusal(state, "1 dare") == "P1-MUST-MATCH"


def test_goat_example_no_sluffing_the_three_before_playing() -> None:
    """P1-SLUFF-ANYTIME limit (a): Player 2 may not sluff a 3 before playing one."""
    state = after(1)
    assert refusal(state, "1 sluff 3S") == "P1-SLUFF-ANYTIME"
    assert refusal(state, "1 sluff 3C 3S") == "P1-SLUFF-ANYTIME"


def test_goat_example_play_and_sluff_the_other_three() -> None:
    """P1-SLUFF-ANYTIME: after playing the 3C, Player 2 may sluff the 3S while
    Player 3 is due; both seats act at once, and the sluff draws a card (P1-DRAW).
    Every seat holding cards may act: who may is no sign of who holds a match."""
    state = after(2)
    assert state.turn == 2 and state.due == (2,)
    assert state.to_act == (0, 1, 2)
    assert "1 sluff 3S" in legal(state)
    assert sorted(state.hand(1)) == cards("QC 3S 2D")
    state = after(3)
    assert sorted(state.hand(1)) == cards("QC JS 2D")
    drew = [(e.player, e.cards) for e in state.events if e.kind is sg.EventKind.DREW_STOCK]
    assert drew == [(1, (sg.parse_card("JS"),))]


def test_goat_example_intermediate_table() -> None:
    """P1-TIE-REPLAY: the example's drawing of the hands and the pot after the 2H;
    Players 1 and 2 tied on 3s, so a war between them is due, Player 1 first."""
    state = after(4)
    assert sorted(state.hand(0)) == cards("8D 7D 5C")
    assert sorted(state.hand(1)) == cards("QC JS 2D")
    assert sorted(state.hand(2)) == cards("KC KS 5H")
    assert sorted(state.table) == cards("3D 3S 3C 2H")
    assert state.order == (0, 1)
    assert state.turn == 0
    assert state.trick_winner is None
    tied = [e for e in state.events if e.kind is sg.EventKind.TIED]
    assert len(tied) == 1 and sorted(tied[0].cards) == cards("3D 3C")


def test_goat_example_war_players_only() -> None:
    """P1-TIE-REPLAY: Player 3 takes no part in the war but may still sluff."""
    state = after(4)
    assert refusal(state, "2 play KC") == "P1-TRICK-ALL"
    assert "1 sluff 2D" in legal(state)
    assert not any(move.startswith("2 ") for move in legal(state))  # KC KS 5H match nothing


def test_goat_example_sluff_before_the_war() -> None:
    """P1-SLUFF-ANYTIME: Player 2 sluffs the 2D before the war begins and draws the 9H."""
    state = after(5)
    assert sorted(state.hand(1)) == cards("QC JS 9H")
    assert sorted(state.table) == cards("3D 3S 3C 2H 2D")
    assert state.turn == 0 and state.order == (0, 1)


def test_goat_example_lead_of_the_war_opens_a_sluff() -> None:
    """P1-SLUFF-ANYTIME: after Player 1 leads the 5C, Player 3 could sluff the 5H at
    once; Player 2 holds no 5 and may dare (P1-DARE)."""
    state = after(6)
    assert state.to_act == (0, 1, 2) and state.due == (1,)
    assert "2 sluff 5H" in legal(state)
    assert "1 dare" in legal(state)
    assert sorted(state.hand(0)) == cards("8D 7D 10C")


def test_goat_example_dare_loses_the_war() -> None:
    """P1-DARE: Player 2 turns the 4C and plays it; the 5C wins the war. The trick
    waits for the others to sluff or say they are done (P1-SLUFF-ANYTIME)."""
    state = after(7)
    dared = [(e.player, e.cards) for e in state.events if e.kind is sg.EventKind.DARED]
    assert dared == [(1, (sg.parse_card("4C"),))]
    assert state.trick_winner == 0
    assert state.turn is None
    assert sorted(state.hand(1)) == cards("QC JS 9H")  # a dared card needs no replacement
    assert state.due == (1, 2) and state.to_act == (0, 1, 2)
    assert legal(state) == {"1 done", "2 sluff 5H", "2 done"}
    assert refusal(state, "0 gather") == "P1-SLUFF-ANYTIME"


def test_goat_example_winner_takes_everything() -> None:
    """P1-TIE-REPLAY, P1-SLUFF-ANYTIME: Player 1 takes every played, dared and sluffed
    card of the trick and its war, then leads the next trick."""
    state = after(len(MOVES))
    assert sorted(state.won(0)) == cards("3D 3C 3S 2H 2D 5C 4C 5H")
    assert state.won(1) == () and state.won(2) == ()
    assert state.table == ()
    assert state.last_trick_winner == 0
    assert state.turn == 0 and state.order == (0, 1, 2)
    assert sorted(state.hand(2)) == cards("KC KS 6H")
    assert state.stock == ()


def test_goat_example_early_sluff_makes_no_tie() -> None:
    """P1-SLUFF-ANYTIME: had Player 3 sluffed the 5H at once (before the dare), it
    would not tie the war's 5C: Player 1 still wins outright after the dared 4C (the
    sluff draws the 6H first, so the 4C is laid one card deeper)."""
    state: sg.State = after(6, stock="7D QC JS 5H 9H 10C 6H 4C")
    for move in ("2 sluff 5H", "1 dare", "1 done", "2 done", "0 gather"):
        state = state.apply(move)
    assert isinstance(state, sg.PhaseOneState)
    assert state.trick_winner is None
    assert sorted(state.won(0)) == cards("3D 3C 3S 2H 2D 5C 4C 5H")
    assert not [e for e in state.events if e.kind is sg.EventKind.TIED]


@pytest.mark.parametrize(
    ("changes", "refused_by"),
    [
        ({}, "P1-SLUFF-LAST-TRICK"),
        (
            {"sluff": sg.SluffRule.ANYTIME, "last_trick_sluff": sg.LastTrickSluff.ALLOWED},
            "P1-SLUFF-ANYTIME",
        ),
        ({"last_trick_sluff": sg.LastTrickSluff.ALLOWED}, None),
    ],
)
def test_goat_example_on_the_final_trick(changes: dict[str, Any], refused_by: str | None) -> None:
    """P1-SLUFF-LAST-TRICK: "If this were the final trick, however, such a sluff
    would be illegal": with the stock empty, Player 2 holds only the 2D and owes the
    war a play, so this is the last trick, and the Goat rules refuse the sluff by
    their own limit. Flurst's limit (b) refuses it as emptying the hand of a player
    who still owes a play; Wizards has neither limit."""
    rules = attrs.evolve(GOAT, **changes)
    state: sg.State = sg.deal(rules, hands=HANDS, stock="", set_aside="6S", leader=0)
    for move in MOVES[:4]:
        state = state.apply(move)
    assert isinstance(state, sg.PhaseOneState)
    assert sorted(state.hand(1)) == cards("2D") and state.order == (0, 1)
    assert state.is_legal("1 sluff 2D") is (refused_by is None)
    if refused_by is not None:
        assert refusal(state, "1 sluff 2D") == refused_by
