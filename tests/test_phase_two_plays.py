"""Phase two: what a play may hold and what beats what (RULES.md §5, "Plays" and "Beating").

Each test sets up hands in card notation, clockwise from seat 0, and states one rule:
usually as the exact set of legal moves under the rule and under its alternative, and
as the rule ID that a refused move names.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import pytest

import skitgubbe as sg

from .helpers import legal, play, refusal

FLURST = sg.presets.FLURST
#: Beaten within the suit or by a trump (pagat, Goat, Wizards, Helmfrid).
IN_SUIT = attrs.evolve(FLURST, beat=sg.Beat.SUIT)
#: Beaten by any higher non-trump or any trump (Flurst).
ANY_SUIT = attrs.evolve(FLURST, beat=sg.Beat.ANY_SUIT)
HIGH_TRUMP = attrs.evolve(FLURST, high_trump=True)


def start(
    rules: sg.Ruleset, hands: Sequence[str], *moves: str, trump: str = "D", leader: int = 0
) -> sg.PhaseTwoState:
    """Phase two from ``hands``, after ``moves`` have been played."""
    return play(sg.start_phase_two(rules, hands, trump, leader), *moves)


# -- P2-PLAY-SINGLE ------------------------------------------------------------------


def test_p2_play_single_leads_only_single_cards() -> None:
    """P2-PLAY-SINGLE: touching cards are led one at a time."""
    hands = ["7C 8C 9C", "2H", "3H"]
    singles = {"0 play 7C", "0 play 8C", "0 play 9C"}
    assert legal(start(attrs.evolve(FLURST, runs=sg.Runs.SINGLE), hands)) == singles
    assert legal(start(FLURST, hands)) == singles | {
        "0 play 7C 8C",
        "0 play 8C 9C",
        "0 play 7C 8C 9C",
    }


def test_p2_play_single_refuses_a_run() -> None:
    """P2-PLAY-SINGLE: the pagat game refuses a run, naming the rule."""
    state = start(sg.presets.PAGAT, ["7C 8C 9C", "2H"])
    assert refusal(state, "0 play 7C 8C") == "P2-PLAY-SINGLE"
    assert refusal(state, "0 play 7C 8C 9C") == "P2-PLAY-SINGLE"


def test_p2_play_single_beats_with_single_cards_only() -> None:
    """P2-PLAY-SINGLE: a follower beats with one card, never with a run."""
    hands = ["5C", "7C 8C 2D 3D", "4H"]
    state = start(sg.presets.PAGAT, hands, "0 play 5C")
    assert legal(state) == {"1 play 7C", "1 play 8C", "1 play 2D", "1 play 3D", "1 pick 5C"}
    runs = start(attrs.evolve(sg.presets.PAGAT, runs=sg.Runs.ANY), hands, "0 play 5C")
    assert legal(runs) == legal(state) | {"1 play 7C 8C", "1 play 2D 3D"}


# -- P2-PLAY-RUNS --------------------------------------------------------------------


def test_p2_play_runs_leads_every_run_of_touching_cards() -> None:
    """P2-PLAY-RUNS: any card or any part of a run of touching cards may be led."""
    state = start(FLURST, ["7C 8C 9C JC", "2H", "3H"])
    assert legal(state) == {
        "0 play 7C",
        "0 play 8C",
        "0 play 9C",
        "0 play JC",
        "0 play 7C 8C",
        "0 play 8C 9C",
        "0 play 7C 8C 9C",
    }


def test_p2_play_runs_refuses_gaps_and_mixed_suits() -> None:
    """P2-PLAY-RUNS: a run is consecutive ranks of one suit."""
    state = start(FLURST, ["7C 8C 9C JC 8D", "2H", "3H"])
    assert refusal(state, "0 play 9C JC") == "P2-PLAY-RUNS"
    assert refusal(state, "0 play 7C 8C 9C JC") == "P2-PLAY-RUNS"
    assert refusal(state, "0 play 7C 8D") == "P2-PLAY-RUNS"


def test_p2_play_runs_ace_is_high_and_does_not_wrap() -> None:
    """P2-PLAY-RUNS: ranks touch ace high; the ace does not touch the 2."""
    state = start(FLURST, ["2H KH AH", "2C", "3C"])
    assert legal(state) == {"0 play 2H", "0 play KH", "0 play AH", "0 play KH AH"}
    assert refusal(state, "0 play 2H AH") == "P2-PLAY-RUNS"


def test_p2_play_runs_a_follower_may_split_a_run() -> None:
    """P2-PLAY-RUNS: a player may play part of a run, here to beat with its top cards."""
    state = start(IN_SUIT, ["6C", "5C 7C 8C", "2H"], "0 play 6C")
    assert legal(state) == {"1 play 7C", "1 play 8C", "1 play 7C 8C", "1 pick 6C"}


def test_p2_play_runs_a_run_counts_as_one_play() -> None:
    """P2-PLAY-RUNS: three plays kill a three-player trick, however many cards they hold."""
    hands = ["2C 3C 4C 9H", "5C 6C 9S", "7C 9D"]
    state = start(FLURST, hands, "0 play 2C 3C 4C", "1 play 5C 6C")
    assert state.table == (sg.parse_cards("2C 3C 4C"), sg.parse_cards("5C 6C"))
    killed = start(FLURST, hands, "0 play 2C 3C 4C", "1 play 5C 6C", "2 play 7C")
    assert killed.table == ()
    assert set(killed.killed) == set(sg.parse_cards("2C 3C 4C 5C 6C 7C"))
    assert killed.to_act == (2,)


# -- P2-RUN-MIN3 ---------------------------------------------------------------------


def test_p2_run_min3_runs_hold_at_least_three_cards() -> None:
    """P2-RUN-MIN3: single cards or runs of three or more; no two-card runs."""
    hands = ["7C 8C 9C 10C", "2H", "3H"]
    singles = {"0 play 7C", "0 play 8C", "0 play 9C", "0 play 10C"}
    long_runs = {"0 play 7C 8C 9C", "0 play 8C 9C 10C", "0 play 7C 8C 9C 10C"}
    pairs = {"0 play 7C 8C", "0 play 8C 9C", "0 play 9C 10C"}
    mattis = start(attrs.evolve(FLURST, runs=sg.Runs.MIN_THREE), hands)
    assert legal(mattis) == singles | long_runs
    assert legal(start(FLURST, hands)) == singles | long_runs | pairs
    assert refusal(mattis, "0 play 7C 8C") == "P2-RUN-MIN3"


def test_p2_run_min3_applies_when_beating() -> None:
    """P2-RUN-MIN3: a follower may not beat with two touching cards."""
    rules = attrs.evolve(IN_SUIT, runs=sg.Runs.MIN_THREE)
    state = start(rules, ["6C", "7C 8C 9C", "2H"], "0 play 6C")
    assert legal(state) == {"1 play 7C", "1 play 8C", "1 play 9C", "1 play 7C 8C 9C", "1 pick 6C"}
    assert refusal(state, "1 play 8C 9C") == "P2-RUN-MIN3"


# -- P2-RUN-FROM-2 -------------------------------------------------------------------


def test_p2_run_from_2_runs_begin_with_the_2() -> None:
    """P2-RUN-FROM-2: single cards, or runs that begin with the 2."""
    hands = ["2C 3C 4C 7H 8H", "9S", "10S"]
    koira = start(attrs.evolve(FLURST, runs=sg.Runs.FROM_TWO), hands)
    singles = {"0 play 2C", "0 play 3C", "0 play 4C", "0 play 7H", "0 play 8H"}
    assert legal(koira) == singles | {"0 play 2C 3C", "0 play 2C 3C 4C"}
    assert legal(start(FLURST, hands)) == legal(koira) | {"0 play 3C 4C", "0 play 7H 8H"}
    assert refusal(koira, "0 play 3C 4C") == "P2-RUN-FROM-2"
    assert refusal(koira, "0 play 7H 8H") == "P2-RUN-FROM-2"


def test_p2_run_from_2_trump_run_beats_from_the_2() -> None:
    """P2-RUN-FROM-2: a run of trumps beating a non-trump must also begin with the 2."""
    rules = attrs.evolve(IN_SUIT, runs=sg.Runs.FROM_TWO)
    state = start(rules, ["9C", "2D 3D 4D", "2H"], "0 play 9C")
    assert legal(state) == {
        "1 play 2D",
        "1 play 3D",
        "1 play 4D",
        "1 play 2D 3D",
        "1 play 2D 3D 4D",
        "1 pick 9C",
    }
    assert refusal(state, "1 play 3D 4D") == "P2-RUN-FROM-2"


# -- P2-RUN-DOUBLE -------------------------------------------------------------------

DOUBLE = attrs.evolve(FLURST, packs=2, max_players=16)


def test_p2_run_double_identical_cards_never_touch() -> None:
    """P2-RUN-DOUBLE: with 5C 6C 6C 7C, each play holds one 6C; no play holds both."""
    state = start(DOUBLE, ["5C 6C 6C 7C", "8C", "2H"])
    assert legal(state) == {
        "0 play 5C",
        "0 play 6C",
        "0 play 7C",
        "0 play 5C 6C",
        "0 play 6C 7C",
        "0 play 5C 6C 7C",
    }
    assert refusal(state, "0 play 6C 6C") == "P2-RUN-DOUBLE"
    assert refusal(state, "0 play 5C 6C 6C 7C") == "P2-RUN-DOUBLE"


def test_p2_run_double_second_copy_stays_for_another_play() -> None:
    """P2-RUN-DOUBLE: after leading 5C 6C 7C from 5C 6C 6C 7C, the other 6C remains."""
    state = start(DOUBLE, ["5C 6C 6C 7C", "8C", "2H"], "0 play 5C 6C 7C")
    assert state.hand(0) == sg.parse_cards("6C")
    assert state.table == (sg.parse_cards("5C 6C 7C"),)


def test_p2_run_double_goat_example_must_split_the_group() -> None:
    """P2-RUN-DOUBLE: holding 6C 7C 8C over a 5C 6C 7C, only the 8C beats (Goat's example)."""
    rules = attrs.evolve(DOUBLE, beat=sg.Beat.SUIT)
    state = start(rules, ["5C 6C 7C", "6C 7C 8C", "2H"], "0 play 5C 6C 7C")
    assert legal(state) == {"1 play 8C", "1 pick 5C 6C 7C"}


# -- P2-BEAT-SUIT and P2-BEAT-ANY-SUIT -----------------------------------------------

#: Seat 0 leads the 7C; seat 1 may answer with a lower club, a higher club, a higher
#: and a lower heart, or a trump (diamonds).
BEAT_HANDS = ["7C", "5C 9C 6H 10H 2D", "3S"]


def test_p2_beat_suit_higher_card_of_the_suit_or_a_trump() -> None:
    """P2-BEAT-SUIT: over a non-trump, a higher card of its suit or any trump beats."""
    state = start(IN_SUIT, BEAT_HANDS, "0 play 7C")
    assert legal(state) == {"1 play 9C", "1 play 2D", "1 pick 7C"}


def test_p2_beat_suit_refuses_other_suit_and_lower_card() -> None:
    """P2-BEAT-SUIT: a higher card of another plain suit, or a lower one of the suit, fails."""
    state = start(IN_SUIT, BEAT_HANDS, "0 play 7C")
    assert refusal(state, "1 play 10H") == "P2-BEAT-SUIT"
    assert refusal(state, "1 play 5C") == "P2-BEAT-SUIT"


def test_p2_beat_any_suit_any_higher_non_trump_or_a_trump() -> None:
    """P2-BEAT-ANY-SUIT: over a non-trump, any higher non-trump of any suit, or any trump."""
    state = start(ANY_SUIT, BEAT_HANDS, "0 play 7C")
    assert legal(state) == {"1 play 9C", "1 play 10H", "1 play 2D", "1 pick 7C"}
    assert refusal(state, "1 play 6H") == "P2-BEAT-ANY-SUIT"
    assert refusal(state, "1 play 5C") == "P2-BEAT-ANY-SUIT"


def test_p2_beat_any_suit_equal_rank_of_another_suit_does_not_beat() -> None:
    """P2-BEAT-ANY-SUIT: the other suit's card must rank higher, not equal."""
    state = start(ANY_SUIT, ["7C", "7H 8S", "2H"], "0 play 7C")
    assert legal(state) == {"1 play 8S", "1 pick 7C"}
    assert refusal(state, "1 play 7H") == "P2-BEAT-ANY-SUIT"


def test_p2_beat_any_suit_run_of_another_suit_beats_with_its_lowest_card() -> None:
    """P2-BEAT-ANY-SUIT: a run of another suit beats when its lowest card is higher."""
    hands = ["7C 8C", "8H 9H 10H", "2S"]
    state = start(ANY_SUIT, hands, "0 play 7C 8C")
    assert legal(state) == {"1 play 9H", "1 play 10H", "1 play 9H 10H", "1 pick 7C 8C"}
    assert refusal(state, "1 play 8H 9H") == "P2-BEAT-ANY-SUIT"
    assert legal(start(IN_SUIT, hands, "0 play 7C 8C")) == {"1 pick 7C 8C"}


def test_p2_beat_suit_run_beats_only_above_the_top_plays_highest_card() -> None:
    """P2-BEAT-SUIT: the lowest card of the beating play must top the top play's highest."""
    rules = attrs.evolve(IN_SUIT, packs=2, max_players=16)
    state = start(rules, ["5C 6C 7C", "6C 8C 9C", "2H"], "0 play 5C 6C 7C")
    assert legal(state) == {"1 play 8C", "1 play 9C", "1 play 8C 9C", "1 pick 5C 6C 7C"}
    assert refusal(state, "1 play 6C") == "P2-BEAT-SUIT"


@pytest.mark.parametrize("rules", [IN_SUIT, ANY_SUIT], ids=["suit", "any-suit"])
def test_p2_beat_any_trump_beats_a_non_trump(rules: sg.Ruleset) -> None:
    """P2-BEAT-SUIT, P2-BEAT-ANY-SUIT: the lowest trump beats the highest non-trump."""
    state = start(rules, ["AC", "2D 3D", "2H"], "0 play AC")
    assert legal(state) == {"1 play 2D", "1 play 3D", "1 play 2D 3D", "1 pick AC"}


@pytest.mark.parametrize(
    ("rules", "rule"), [(IN_SUIT, "P2-BEAT-SUIT"), (ANY_SUIT, "P2-BEAT-ANY-SUIT")]
)
def test_p2_beat_over_a_trump_only_a_higher_trump(rules: sg.Ruleset, rule: str) -> None:
    """P2-BEAT-SUIT, P2-BEAT-ANY-SUIT: over a trump only a higher trump beats."""
    state = start(rules, ["9D", "8D 10D JD AC", "2H"], "0 play 9D")
    assert legal(state) == {"1 play 10D", "1 play JD", "1 play 10D JD", "1 pick 9D"}
    assert refusal(state, "1 play AC") == rule
    assert refusal(state, "1 play 8D") == rule


# -- P2-ANTI-TRUMP -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("setting", "trump", "anti"),
    [
        (sg.AntiTrump.SAME_COLOUR, "C", "S"),
        (sg.AntiTrump.SAME_COLOUR, "D", "H"),
        (sg.AntiTrump.SAME_COLOUR, "H", "D"),
        (sg.AntiTrump.SAME_COLOUR, "S", "C"),
        (sg.AntiTrump.ELECTRIC_CLUBS, "C", "S"),
        (sg.AntiTrump.ELECTRIC_CLUBS, "D", "C"),
        (sg.AntiTrump.ELECTRIC_CLUBS, "H", "C"),
        (sg.AntiTrump.ELECTRIC_CLUBS, "S", "C"),
    ],
)
def test_p2_anti_trump_suit_choice(setting: sg.AntiTrump, trump: str, anti: str) -> None:
    """P2-ANTI-TRUMP: the other suit of the trump's colour, or electric clubs."""
    assert sg.anti_trump_suit(setting, sg.Suit.parse(trump)) is sg.Suit.parse(anti)
    assert sg.anti_trump_suit(sg.AntiTrump.NONE, sg.Suit.parse(trump)) is None


def test_p2_anti_trump_cannot_be_beaten_by_trumps() -> None:
    """P2-ANTI-TRUMP: same colour, trump D: only a higher heart beats the 5H."""
    hands = ["5H", "2D AD 6H 9C", "3S"]
    anti = attrs.evolve(IN_SUIT, anti_trump=sg.AntiTrump.SAME_COLOUR)
    state = start(anti, hands, "0 play 5H")
    assert legal(state) == {"1 play 6H", "1 pick 5H"}
    assert refusal(state, "1 play 2D") == "P2-ANTI-TRUMP"
    assert refusal(state, "1 play AD") == "P2-ANTI-TRUMP"
    without = start(IN_SUIT, hands, "0 play 5H")
    assert legal(without) == {"1 play 6H", "1 play 2D", "1 play AD", "1 pick 5H"}


def test_p2_anti_trump_beats_nothing_of_another_suit() -> None:
    """P2-ANTI-TRUMP: same colour, trump D: the AH does not beat a 5C, even in Flurst."""
    hands = ["5C", "AH 6S 2D", "3S"]
    anti = attrs.evolve(ANY_SUIT, anti_trump=sg.AntiTrump.SAME_COLOUR)
    state = start(anti, hands, "0 play 5C")
    assert legal(state) == {"1 play 6S", "1 play 2D", "1 pick 5C"}
    assert refusal(state, "1 play AH") == "P2-ANTI-TRUMP"
    without = start(ANY_SUIT, hands, "0 play 5C")
    assert legal(without) == {"1 play AH", "1 play 6S", "1 play 2D", "1 pick 5C"}


def test_p2_anti_trump_does_not_beat_a_trump() -> None:
    """P2-ANTI-TRUMP: an anti-trump does not beat a trump either."""
    anti = attrs.evolve(ANY_SUIT, anti_trump=sg.AntiTrump.SAME_COLOUR)
    state = start(anti, ["5D", "AH 6D", "3S"], "0 play 5D")
    assert legal(state) == {"1 play 6D", "1 pick 5D"}
    assert refusal(state, "1 play AH") == "P2-ANTI-TRUMP"


def test_p2_anti_trump_other_suits_do_not_beat_it_in_flurst() -> None:
    """P2-ANTI-TRUMP: over an anti-trump, a higher plain card of another suit fails too."""
    hands = ["5H", "9C 7H 2D", "3S"]
    anti = attrs.evolve(ANY_SUIT, anti_trump=sg.AntiTrump.SAME_COLOUR)
    assert legal(start(anti, hands, "0 play 5H")) == {"1 play 7H", "1 pick 5H"}
    assert legal(start(ANY_SUIT, hands, "0 play 5H")) == {
        "1 play 9C",
        "1 play 7H",
        "1 play 2D",
        "1 pick 5H",
    }


def test_p2_anti_trump_electric_clubs() -> None:
    """P2-ANTI-TRUMP: electric clubs, trump H: hearts cannot beat the 5C."""
    electric = attrs.evolve(IN_SUIT, anti_trump=sg.AntiTrump.ELECTRIC_CLUBS)
    hands = ["5C", "2H 6C", "3S"]
    state = start(electric, hands, "0 play 5C", trump="H")
    assert legal(state) == {"1 play 6C", "1 pick 5C"}
    assert refusal(state, "1 play 2H") == "P2-ANTI-TRUMP"
    assert legal(start(IN_SUIT, hands, "0 play 5C", trump="H")) == {
        "1 play 2H",
        "1 play 6C",
        "1 pick 5C",
    }


def test_p2_anti_trump_electric_clubs_when_clubs_are_trump() -> None:
    """P2-ANTI-TRUMP: electric clubs, trump C: spades are anti-trumps, clubs plain trumps."""
    electric = attrs.evolve(IN_SUIT, anti_trump=sg.AntiTrump.ELECTRIC_CLUBS)
    spade = start(electric, ["5S", "AC 6S", "3H"], "0 play 5S", trump="C")
    assert legal(spade) == {"1 play 6S", "1 pick 5S"}
    assert refusal(spade, "1 play AC") == "P2-ANTI-TRUMP"
    diamond = start(electric, ["5D", "2C 6S", "3H"], "0 play 5D", trump="C")
    assert legal(diamond) == {"1 play 2C", "1 pick 5D"}


# -- P2-HIGH-TRUMP -------------------------------------------------------------------


def test_p2_high_trump_may_not_be_led() -> None:
    """P2-HIGH-TRUMP: the AD (trump D) may not be led, alone or in a run; the KD may."""
    hands = ["KD AD 5C", "2C", "3C"]
    state = start(HIGH_TRUMP, hands)
    assert legal(state) == {"0 play 5C", "0 play KD"}
    assert legal(start(FLURST, hands)) == {
        "0 play 5C",
        "0 play KD",
        "0 play AD",
        "0 play KD AD",
    }
    assert refusal(state, "0 play AD") == "P2-HIGH-TRUMP"
    assert refusal(state, "0 play KD AD") == "P2-HIGH-TRUMP"


def test_p2_high_trump_may_not_beat_without_killing() -> None:
    """P2-HIGH-TRUMP: the second play of a three-player trick is no kill: no AD in it."""
    hands = ["5C 6C", "QD KD AD 2H", "3H 4H"]
    state = start(HIGH_TRUMP, hands, "0 play 5C")
    assert legal(state) == {"1 play QD", "1 play KD", "1 play QD KD", "1 pick 5C"}
    assert refusal(state, "1 play AD") == "P2-HIGH-TRUMP"
    assert refusal(state, "1 play KD AD") == "P2-HIGH-TRUMP"
    assert legal(start(FLURST, hands, "0 play 5C")) == legal(state) | {
        "1 play AD",
        "1 play KD AD",
        "1 play QD KD AD",
    }


def test_p2_high_trump_kills() -> None:
    """P2-HIGH-TRUMP: the third play of a three-player trick kills: the AD and runs with it."""
    state = start(HIGH_TRUMP, ["5C 6C", "2D 3H", "QD KD AD"], "0 play 5C", "1 play 2D")
    assert legal(state) == {
        "2 play QD",
        "2 play KD",
        "2 play AD",
        "2 play QD KD",
        "2 play KD AD",
        "2 play QD KD AD",
        "2 pick 5C",
    }


def test_p2_high_trump_is_the_highest_trump_still_in_the_game() -> None:
    """P2-HIGH-TRUMP: with the AD nowhere in the game, the KD is the high trump."""
    assert legal(start(HIGH_TRUMP, ["KD 5C", "2C", "3C AD"])) == {"0 play 5C", "0 play KD"}
    assert legal(start(HIGH_TRUMP, ["KD 5C", "2C", "3C"])) == {"0 play 5C"}


def test_p2_high_trump_king_is_high_once_the_ace_is_killed() -> None:
    """P2-HIGH-TRUMP: after the AD kills, the KD may only be played as a kill."""
    hands = ["5C KD 9S", "6C 2H", "AD 3H 4H"]
    state = start(HIGH_TRUMP, hands, "0 play 5C", "1 play 6C")
    assert "2 play AD" in legal(state)
    state = start(HIGH_TRUMP, hands, "0 play 5C", "1 play 6C", "2 play AD", "2 play 3H")
    assert sg.parse_cards("AD")[0] in state.killed
    assert legal(state) == {"0 play 9S", "0 pick 3H"}
    assert refusal(state, "0 play KD") == "P2-HIGH-TRUMP"


def test_p2_high_trump_lone_high_trump_passes_the_lead_right() -> None:
    """P2-HIGH-TRUMP: seat 1, due to lead with only the AD, passes the lead to seat 0."""
    hands = ["2C 3C", "AD", "4C 5C"]
    state = start(HIGH_TRUMP, hands, leader=1)
    assert state.to_act == (0,)
    assert [(e.kind, e.player) for e in state.events] == [
        (sg.EventKind.LEAD_PASSED, 1),
        (sg.EventKind.LEADS, 0),
    ]
    without = start(FLURST, hands, leader=1)
    assert without.to_act == (1,)
    assert legal(without) == {"1 play AD"}


def test_p2_high_trump_lead_passes_right_from_seat_0_to_the_last_seat() -> None:
    """P2-HIGH-TRUMP: to the right of seat 0 is the last seat (counter-clockwise)."""
    state = start(HIGH_TRUMP, ["AD", "2C 3C", "4C 5C", "6C"], leader=0)
    assert state.to_act == (3,)


def test_p2_high_trump_holder_must_pick_up_the_lead() -> None:
    """P2-HIGH-TRUMP: the lead passed right comes back to the AD holder, who must eat it."""
    state = start(HIGH_TRUMP, ["2C 3C", "AD", "4C 5C"], "0 play 2C", leader=1)
    assert legal(state) == {"1 pick 2C"}


def test_p2_high_trump_lead_after_a_kill_passes_right() -> None:
    """P2-HIGH-TRUMP: a killer left holding only the AD passes the next lead to the right."""
    hands = ["5C 9H", "6C 2H", "7C AD"]
    moves = ("0 play 5C", "1 play 6C", "2 play 7C")
    state = start(HIGH_TRUMP, hands, *moves)
    assert state.to_act == (1,)
    assert (sg.EventKind.LEAD_PASSED, 2) in [(e.kind, e.player) for e in state.events]
    assert start(FLURST, hands, *moves).to_act == (2,)


def test_p2_high_trump_is_decided_from_what_the_player_knows() -> None:
    """P2-HIGH-TRUMP: a face-down card of the avstickshög is still in the game, so
    seat 0, holding KH with hearts trump, has the same moves whether the AH lies in
    the opponent's hand (drawn unseen after a kill) or still in the avstickshög."""
    rules = attrs.evolve(sg.presets.TWO_PLAYER, high_trump=True)
    hands = ["4C KH 5S 9D", "2C 9S 3D 10D"]
    # seat 0 kills the 2C with the 4C and draws first (the 7D); seat 1 draws the AH,
    # or the 8D with the AH left face down below it
    drew_ace, ace_below = (
        play(sg.start_phase_two(rules, hands, "H", 1, reserve=reserve), "1 play 2C", "0 play 4C")
        for reserve in ("7D AH 8D", "7D 8D AH")
    )
    assert sg.parse_card("AH") in drew_ace.hand(1)
    assert sg.parse_card("AH") not in ace_below.hand(1)
    assert drew_ace.view(0) == ace_below.view(0)
    assert drew_ace.to_act == ace_below.to_act == (0,)
    # the KH is not the highest trump still in the game: seat 0 may lead it
    assert legal(drew_ace) == legal(ace_below)
    assert "0 play KH" in legal(drew_ace)
    # with the AH out of play, the KH is the high trump and may not be led
    gone = play(sg.start_phase_two(rules, hands, "H", 1, reserve="7D 8D"), "1 play 2C", "0 play 4C")
    assert "0 play KH" not in legal(gone)
    assert refusal(gone, "0 play KH") == "P2-HIGH-TRUMP"
