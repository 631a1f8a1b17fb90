"""The Ruleset: typed settings that cite their rules, refused when impossible; presets."""

from __future__ import annotations

import pickle
import re

import attrs
import pytest

import skitgubbe as sg
from skitgubbe import presets

RULE_ID = re.compile(r"^(D|P1|P2|I|S)-[A-Z0-9-]+$")


def test_every_setting_documents_itself_and_cites_rule_ids() -> None:
    for field in attrs.fields(sg.Ruleset):
        assert field.metadata["doc"], field.name
        # The player range is the only setting that is not a rule of the catalogue.
        if field.name not in ("min_players", "max_players"):
            assert field.metadata["rules"], field.name
        assert all(RULE_ID.match(rule) for rule in field.metadata["rules"]), field.name


def test_rule_ids_are_readable_by_field_name() -> None:
    assert sg.Ruleset().rule_ids("beat") == ("P2-BEAT-SUIT", "P2-BEAT-ANY-SUIT")


def test_rulesets_are_frozen_hashable_and_picklable() -> None:
    rules = sg.Ruleset()
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        rules.high_trump = True  # type: ignore[misc]
    assert {rules: 1}[sg.Ruleset()] == 1
    assert pickle.loads(pickle.dumps(presets.FLURST)) == presets.FLURST


def test_a_variant_is_a_changed_field() -> None:
    variant = attrs.evolve(presets.FLURST, high_trump=True)
    assert variant.high_trump and not presets.FLURST.high_trump
    assert presets.equal_presets(variant) == ()
    assert presets.name_of(variant) == "flurst + high_trump"
    assert presets.name_of(presets.FLURST) == "flurst"


def test_settings_must_be_their_enum_not_a_string() -> None:
    with pytest.raises(TypeError, match="runs"):
        sg.Ruleset(runs="any")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"runs": sg.Runs.SINGLE, "complete_suit_kills": True}, r"P2-COMPLETE-SUIT"),
        ({"avstickshog": 12}, r"two-player rule.*P2-AVSTICKSHOG"),
        ({"avstickshog": -1, "min_players": 2, "max_players": 2}, r"between 0 and 40"),
        ({"packs": 3}, r"packs must be 1 or 2"),
        ({"min_players": 5, "max_players": 4}, r"player range 5-4"),
        ({"max_players": 9}, r"not within 2-8 for 1 pack"),
        ({"min_players": 1}, r"player range 1-8"),
    ],
)
def test_impossible_combinations_are_refused_with_the_reason(
    changes: dict[str, object], message: str
) -> None:
    with pytest.raises(sg.RulesetError, match=message):
        sg.Ruleset(**changes)  # type: ignore[arg-type]


def test_two_packs_allow_more_players() -> None:
    assert sg.Ruleset(packs=2, max_players=16).max_players == 16


def test_every_preset_of_the_catalogue_is_named() -> None:
    assert set(presets.NAMES) == {
        "pagat",
        "myllymatti",
        "helmfrid",
        "mattis",
        "atlanta",
        "koira",
        "mas",
        "two_player",
        "flurst",
        "swedish_goat",
        "wizards",
    }
    with pytest.raises(KeyError, match="no preset 'flursts'; the presets are: pagat"):
        presets.get("flursts")


@pytest.mark.parametrize(
    ("name", "players", "runs", "beat", "pick_up"),
    [
        ("pagat", (2, 4), sg.Runs.SINGLE, sg.Beat.SUIT, sg.PickUpRule.TOP),
        ("myllymatti", (2, 4), sg.Runs.SINGLE, sg.Beat.SUIT, sg.PickUpRule.TOP),
        ("helmfrid", (2, 6), sg.Runs.ANY, sg.Beat.SUIT, sg.PickUpRule.TOP_JOINED),
        ("mattis", (3, 8), sg.Runs.ANY, sg.Beat.SUIT, sg.PickUpRule.BOTTOM),
        ("atlanta", (3, 3), sg.Runs.ANY, sg.Beat.SUIT, sg.PickUpRule.BOTTOM_JOINED),
        ("koira", (3, 8), sg.Runs.ANY, sg.Beat.SUIT, sg.PickUpRule.BOTTOM),
        ("mas", (2, 4), sg.Runs.SINGLE, sg.Beat.SUIT, sg.PickUpRule.TOP),
        ("two_player", (2, 2), sg.Runs.SINGLE, sg.Beat.SUIT, sg.PickUpRule.TOP),
        ("flurst", (3, 8), sg.Runs.ANY, sg.Beat.ANY_SUIT, sg.PickUpRule.BOTTOM_JOINED),
        ("swedish_goat", (2, 8), sg.Runs.ANY, sg.Beat.SUIT, sg.PickUpRule.BOTTOM_JOINED),
        ("wizards", (3, 6), sg.Runs.ANY, sg.Beat.SUIT, sg.PickUpRule.BOTTOM_JOINED),
    ],
)
def test_presets_have_their_sources_phase_two_settings(
    name: str,
    players: tuple[int, int],
    runs: sg.Runs,
    beat: sg.Beat,
    pick_up: sg.PickUpRule,
) -> None:
    rules = presets.get(name)
    assert (rules.min_players, rules.max_players) == players
    assert (rules.runs, rules.beat, rules.pick_up) == (runs, beat, pick_up)


def test_mattis_keeps_blamattis_and_two_player_its_avstickshog() -> None:
    assert presets.MATTIS.empty_hand is sg.EmptyHand.BLAMATTIS
    assert presets.TWO_PLAYER.avstickshog == 12
    others = [rules for name, rules in presets.ALL.items() if name not in ("mattis", "two_player")]
    assert all(r.empty_hand is sg.EmptyHand.SAFE and r.avstickshog == 0 for r in others)
