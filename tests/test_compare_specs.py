"""Variant specs and ruleset names: read, written back, and refused with a reason.

The settings are found through ``attrs.fields(Ruleset)``, so these tests cover
settings added to the ruleset later without change.
"""

from __future__ import annotations

import enum
from typing import Any

import attrs
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import skitgubbe as sg
from skitgubbe import presets
from skitgubbe.compare import Variant, VariantError, diff, format_variant, parse_variant

FIELDS: tuple[attrs.Attribute[Any], ...] = tuple(attrs.fields(sg.Ruleset))


def values_of(field: attrs.Attribute[Any]) -> st.SearchStrategy[Any]:
    kind: type = type(field.default)
    if issubclass(kind, enum.Enum):
        return st.sampled_from(list(kind))
    if kind is bool:
        return st.booleans()
    assert kind is int, f"a setting of type {kind.__name__} needs a strategy here"
    return st.integers(0, 12)


@st.composite
def variants(draw: st.DrawFn) -> sg.Ruleset:
    """A preset with up to four settings changed to any value the ruleset accepts."""
    rules = draw(st.sampled_from(list(presets.ALL.values())))
    chosen = draw(st.lists(st.sampled_from(FIELDS), max_size=4, unique_by=lambda f: f.name))
    changes = {field.name: draw(values_of(field)) for field in chosen}
    try:
        return attrs.evolve(rules, **changes)
    except sg.RulesetError:
        assume(False)
        raise  # pragma: no cover - assume stops the example


@given(variants())
def test_a_spec_round_trips(rules: sg.Ruleset) -> None:
    text = format_variant(rules)
    assert parse_variant(text) == rules
    assert format_variant(parse_variant(text)) == text
    assert " " not in text  # typed on a command line without quotes


@given(variants(), st.sampled_from(presets.NAMES))
def test_a_spec_from_any_preset_round_trips(rules: sg.Ruleset, base: str) -> None:
    text = format_variant(rules, base)
    assert text.split(":")[0] == base
    assert parse_variant(text) == rules


@given(variants())
def test_a_rulesets_name_reads_back_as_a_spec(rules: sg.Ruleset) -> None:
    name = presets.name_of(rules)
    assert parse_variant(name) == rules
    assert name.split(" + ")[0] == presets.closest(rules)


@pytest.mark.parametrize("name", presets.NAMES)
def test_a_bare_preset_name_is_a_spec(name: str) -> None:
    assert parse_variant(name) == presets.get(name)
    assert Variant.of(name).spec == name  # equal presets keep the name given
    assert diff(name, presets.get(name)).settings == ()


@pytest.mark.parametrize("field", [f for f in FIELDS if issubclass(type(f.default), enum.Enum)])
def test_every_enum_setting_takes_its_value_text(field: attrs.Attribute[Any]) -> None:
    kind = type(field.default)
    assert issubclass(kind, enum.Enum)
    for member in kind:
        change: dict[str, Any] = {field.name: member}
        try:
            expected = attrs.evolve(presets.FLURST, **change)
        except sg.RulesetError:
            continue
        assert parse_variant(f"flurst:{field.name}={member.value}") == expected
        # the member's name and underscores for hyphens are read too
        assert parse_variant(f"flurst:{field.name}={member.name}") == expected
        assert parse_variant(f"flurst:{field.name}={member.value.replace('-', '_')}") == expected


def test_settings_are_read_by_type() -> None:
    rules = parse_variant("flurst:high_trump=true,pick_up=bottom-joined,hand_size=2,dare=false")
    assert rules == attrs.evolve(presets.FLURST, high_trump=True, hand_size=2, dare=False)
    assert parse_variant("flurst:high_trump") == parse_variant("flurst:high_trump=TRUE")
    assert parse_variant(" flurst : high_trump , forced_pick ") == attrs.evolve(
        presets.FLURST, high_trump=True, forced_pick=True
    )
    assert parse_variant("flurst + high_trump, pick_up=top") == attrs.evolve(
        presets.FLURST, high_trump=True, pick_up=sg.PickUpRule.TOP
    )


def test_the_normal_spec_lists_settings_in_field_order_with_every_value() -> None:
    variant = Variant.of("flurst:pick_up=top,high_trump")
    assert variant.spec == "flurst:high_trump=true,pick_up=top"
    assert Variant.of("flurst:high_trump=false").spec == "flurst"  # no change at all
    assert Variant.of(attrs.evolve(presets.SWEDISH_GOAT, runs=sg.Runs.SINGLE)).spec == (
        "swedish_goat:runs=single"
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("flurts", "'flurts': no preset 'flurts' (did you mean flurst?)"),
        ("bridge:high_trump", "no preset 'bridge'; the presets are: pagat, myllymatti"),
        (":high_trump", "no preset: start with one of pagat"),
        ("flurst:hi_trump=true", "no setting 'hi_trump' (did you mean high_trump"),
        ("flurst:colour=red", "no setting 'colour'"),
        (
            "flurst:pick_up=tops",
            "pick_up='tops' is not one of: top, top-joined, bottom, bottom-joined, lowest-card "
            "(did you mean top",
        ),
        ("flurst:high_trump=yes", "high_trump='yes' is not one of: true, false"),
        ("flurst:hand_size=two", "hand_size='two' is not a whole number"),
        ("flurst:pick_up", "pick_up needs a value: pick_up=VALUE, one of: top, top-joined"),
        ("flurst:high_trump,high_trump=false", "high_trump is set twice"),
        ("flurst:high_trump,", "an empty setting"),
        (
            "flurst:runs=single,complete_suit_kills=true",
            "these settings cannot be played together: complete_suit_kills needs runs",
        ),
        ("flurst:hand_size=9", "hand_size must be between 1 and 5, not 9 (D-HAND-3)"),
    ],
)
def test_a_bad_spec_is_refused_saying_why(text: str, message: str) -> None:
    with pytest.raises(VariantError) as refused:
        parse_variant(text)
    assert message in str(refused.value)
    assert str(refused.value).startswith(repr(text))


def test_a_spec_must_be_text() -> None:
    with pytest.raises(TypeError, match="a variant spec is text"):
        parse_variant(3)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="a variant is a spec or a Ruleset"):
        Variant.of(3)  # type: ignore[arg-type]


def test_names_start_from_the_closest_preset() -> None:
    goat = attrs.evolve(presets.SWEDISH_GOAT, high_trump=True, pick_up=sg.PickUpRule.TOP)
    assert presets.name_of(goat) == "swedish_goat + high_trump, pick_up=top"
    assert presets.name_of(attrs.evolve(presets.FLURST, must_match=False)) == (
        "flurst + must_match=false"
    )
    assert presets.closest(presets.MYLLYMATTI) == "pagat"  # the first of equal presets
    assert presets.name_of(presets.PAGAT, base="myllymatti") == "myllymatti"
    with pytest.raises(KeyError, match="no preset 'bridge'"):
        presets.name_of(presets.PAGAT, base="bridge")


def test_every_function_that_takes_rules_takes_a_spec() -> None:
    """A spec names the rules wherever a Ruleset does: the deal, a phase-two
    position, a game between bots, a match, a tournament and a session."""
    from skitgubbe.bots import GreedyBot, play_game
    from skitgubbe.runner import play_seated
    from skitgubbe.sessions import Session
    from skitgubbe.tournament import match, tournament

    spec = "flurst:high_trump=true"
    wanted = attrs.evolve(sg.presets.FLURST, high_trump=True)
    assert sg.deal(spec, players=4, seed=7) == sg.deal(wanted, players=4, seed=7)
    assert sg.start_phase_two("pagat", ["2C", "3C"], "D", 0).rules == sg.presets.PAGAT
    bots = [GreedyBot(), GreedyBot(), GreedyBot()]
    assert play_game(spec, bots, 1).loser == play_game(wanted, bots, 1).loser
    seated = play_seated(spec, bots, 1, (1, 2, 3), record=True)
    assert seated.record == play_seated(wanted, bots, 1, (1, 2, 3), record=True).record
    assert match(spec, ["greedy"] * 3, 1, workers=1).rules == wanted
    assert tournament(spec, ["greedy"] * 3, 3, rounds=1, workers=1).rules == wanted
    assert Session.start(spec, ["Ann", "Bea", "Cid"]).rules == wanted
    with pytest.raises(VariantError, match="no setting 'nope'"):
        sg.deal("flurst:nope", players=4)
    with pytest.raises(TypeError, match="a Ruleset or a spec"):
        sg.deal(7, players=4)  # type: ignore[arg-type]
