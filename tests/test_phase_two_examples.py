"""The sources' worked examples of phase two, played move by move.

Seats are 0-based and clockwise: the Goat game's players 1-4 are seats 0-3, and
pagat's and Flurst's players A, B, C, D are seats 0, 1, 2, 3.
"""

from __future__ import annotations

import skitgubbe as sg
from skitgubbe import EventKind

from .helpers import hand, kinds, play, table

# -- The Swedish Goat Game (seed 002), diamonds trump --------------------------------


def test_goat_example_pick_up_joined_run_empties_table() -> None:
    """Goat "EXAMPLE (in a 4 player game)": P2-PICK-BOTTOM-JOINED, P2-EMPTIED.

    1 leads 2-3C, 2 plays 7-8-9C, 3 picks up 2-3, 4 plays 10-JC, 1 picks up
    7-8-9-10-JC (they all touch); the table is bare and 2 leads.
    """
    state = sg.start_phase_two(
        sg.presets.SWEDISH_GOAT,
        ["2C 3C 5H", "7C 8C 9C KS", "4H 6H", "10C JC QH"],
        trump="D",
        leader=0,
    )
    state = play(state, "0 play 2C 3C", "1 play 7C 8C 9C")
    assert table(state) == ["2C 3C", "7C 8C 9C"]

    state = play(state, "2 pick 2C 3C")
    assert table(state) == ["7C 8C 9C"]
    assert hand(state, 2) == "2C 3C 4H 6H"
    assert state.to_act == (3,)

    state = play(state, "3 play 10C JC")
    assert table(state) == ["7C 8C 9C", "10C JC"]
    assert state.to_act == (0,)
    assert [str(m) for m in state.legal_moves() if isinstance(m, sg.PickUp)] == [
        "0 pick 7C 8C 9C 10C JC"
    ]

    state = play(state, "0 pick 7C 8C 9C 10C JC")
    assert table(state) == []
    assert hand(state, 0) == "7C 8C 9C 10C JC 5H"
    assert (EventKind.EMPTIED, 0) in kinds(state)
    assert state.to_act == (1,)
    assert state.killed == ()


def test_goat_similar_example_kill_with_player_out_mid_trick() -> None:
    """Goat "SIMILAR EXAMPLE (in a 4 player game)": P2-KILL, P2-OUT.

    1 plays 2D and goes out, yet N stays 4; 2 kills with AD as the fourth play
    (2D, 5D, 7-8D, AD are removed) and leads; only then N drops to 3.
    """
    state = sg.start_phase_two(
        sg.presets.SWEDISH_GOAT,
        ["2C 3C 2D", "7C 8C 9C AD", "5D KS", "10C JC 7D 8D KH"],
        trump="D",
        leader=0,
    )
    state = play(state, "0 play 2C 3C", "1 play 7C 8C 9C", "2 pick 2C 3C", "3 play 10C JC")
    assert table(state) == ["7C 8C 9C", "10C JC"]

    state = play(state, "0 play 2D")
    assert table(state) == ["7C 8C 9C", "10C JC", "2D"]
    assert (EventKind.OUT, 0) in kinds(state)
    assert state.out == (0,)
    assert state.trick_size == 4  # N still = 4
    assert state.to_act == (1,)

    state = play(state, "1 pick 7C 8C 9C 10C JC")
    assert table(state) == ["2D"]
    assert state.to_act == (2,)

    state = play(state, "2 play 5D", "3 play 7D 8D")
    assert table(state) == ["2D", "5D", "7D 8D"]
    assert state.to_act == (1,)  # 1 has gone out and is skipped

    state = play(state, "1 play AD")
    assert (EventKind.KILLED, 1) in kinds(state)
    assert table(state) == []
    assert sg.format_cards(state.killed) == "2D 5D 7D 8D AD"
    assert state.to_act == (1,)
    assert state.trick_size == 3  # now, and only now, N is reduced
    assert hand(state, 1) == "7C 8C 9C 10C JC"
    assert not state.is_over


# -- pagat (seed 001): three players, single cards, pick up the top card ----------


def pagat(*hands: str, leader: int = 0) -> sg.PhaseTwoState:
    return sg.start_phase_two(sg.presets.PAGAT, list(hands), trump="S", leader=leader)


def test_pagat_third_player_beats_and_kills() -> None:
    """pagat "Suppose there are 3 players": A leads, B beats, C beats: C kills
    and leads (P2-KILL)."""
    state = play(pagat("5H 2C", "7H 3C", "8H 4C"), "0 play 5H", "1 play 7H", "2 play 8H")
    assert sg.format_cards(state.killed) == "5H 7H 8H"
    assert table(state) == []
    assert state.to_act == (2,)


def test_pagat_leader_beats_own_lead_and_second_player_kills() -> None:
    """pagat: C picks up B's card, A beats his own lead, B beats A: B has
    completed the trick and leads (P2-PICK-TOP, P2-KILL)."""
    state = play(pagat("5H 9H 2C", "7H 10H 3C", "4C 6C"), "0 play 5H", "1 play 7H")
    state = play(state, "2 pick 7H")
    assert table(state) == ["5H"]
    assert state.to_act == (0,)  # A must beat his own lead

    state = play(state, "0 play 9H")
    assert table(state) == ["5H", "9H"]
    state = play(state, "1 play 10H")
    assert (EventKind.KILLED, 1) in kinds(state)
    assert sg.format_cards(state.killed) == "5H 9H 10H"
    assert state.to_act == (1,)


def test_pagat_leader_picks_up_own_lead_and_next_player_leads() -> None:
    """pagat: A leads, B beats, C picks up B's card, A picks up his own card;
    it is now B's lead (P2-EMPTIED)."""
    state = play(
        pagat("5H 2C", "7H 3C", "4C 6C"), "0 play 5H", "1 play 7H", "2 pick 7H", "0 pick 5H"
    )
    assert table(state) == []
    assert (EventKind.EMPTIED, 0) in kinds(state)
    assert state.to_act == (1,)
    assert state.killed == ()
    assert state.trick_size == 3


def test_pagat_leader_leads_last_card_and_next_trick_needs_two() -> None:
    """pagat "A leads his last card, B beats it, C picks B's card up, B beats A's
    card again, and now C beats B's card": C kills and leads; the next trick has
    two cards (P2-KILL, P2-OUT)."""
    state = play(pagat("5H", "7H 8H 2S", "9H 3C"), "0 play 5H")
    assert state.out == (0,)
    assert state.trick_size == 3

    state = play(state, "1 play 7H", "2 pick 7H")
    assert table(state) == ["5H"]
    assert state.to_act == (1,)  # A is out, so B beats A's card again

    state = play(state, "1 play 8H")
    assert table(state) == ["5H", "8H"]
    state = play(state, "2 play 9H")
    assert (EventKind.KILLED, 2) in kinds(state)
    assert sg.format_cards(state.killed) == "5H 8H 9H"
    assert state.to_act == (2,)
    assert state.trick_size == 2

    state = play(state, "2 play 7H", "1 play 2S")  # two cards kill the next trick
    assert (EventKind.KILLED, 1) in kinds(state)
    assert sg.format_cards(state.killed) == "5H 7H 8H 9H 2S"
    assert state.loser == 2


def test_pagat_second_player_goes_out_and_third_player_leads() -> None:
    """pagat "A leads; B beats with his last card, C picks this card up, and A
    picks up the card he led. It is now C's lead and the next trick will be
    complete with two cards." (P2-OUT, P2-EMPTIED)"""
    state = play(pagat("5H 2C", "7H", "3C"), "0 play 5H", "1 play 7H")
    assert state.out == (1,)
    assert state.trick_size == 3

    state = play(state, "2 pick 7H")
    assert state.to_act == (0,)
    state = play(state, "0 pick 5H")
    assert table(state) == []
    assert state.to_act == (2,)
    assert state.trick_size == 2

    state = play(state, "2 play 3C", "0 pick 3C")
    assert state.to_act == (2,)  # the picker's left, skipping B


# -- Flurst (seed 000): four players, runs, eat the lowest joined run --------------


def test_flurst_kill_after_eating_the_lead() -> None:
    """Flurst "Ending a trick by killing": A leads, B beats, C eats A's lead, D
    beats, A beats, B beats: four plays kill the trick and B leads (P2-KILL)."""
    state = sg.start_phase_two(
        sg.presets.FLURST,
        ["3C JC 2H", "7C KC 3H", "4H 5H", "9C 6H"],
        trump="D",
        leader=0,
    )
    state = play(state, "0 play 3C", "1 play 7C")
    assert len(state.table) == 2

    state = play(state, "2 pick 3C")
    assert table(state) == ["7C"]

    state = play(state, "3 play 9C")
    assert len(state.table) == 2
    state = play(state, "0 play JC")
    assert len(state.table) == 3
    assert state.to_act == (1,)

    state = play(state, "1 play KC")
    assert (EventKind.KILLED, 1) in kinds(state)
    assert sg.format_cards(state.killed) == "7C 9C JC KC"
    assert table(state) == []
    assert state.to_act == (1,)
    assert hand(state, 2) == "3C 4H 5H"
