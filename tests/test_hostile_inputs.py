"""Hostile input at every boundary: numbers too long to print, JSON nested too deep,
views no game could give, look-alike characters in specs, and values of the wrong
type. Each is refused with a ValueError or TypeError that names what is wrong."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import skitgubbe as sg
from skitgubbe.compare import VariantError, parse_variant
from skitgubbe.rules import ruleset_from_dict, ruleset_to_dict
from skitgubbe.sessions import OwnerView, Session, SessionError, TwoTables, owner_view
from skitgubbe.views import view_problem

HUGE = 10**5000
FUZZ = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
DEEP = "[" * 100_000 + "]" * 100_000
DEEP_OBJECT = '{"a":' * 50_000 + "1" + "}" * 50_000


def flurst_state() -> sg.PhaseOneState:
    state = sg.deal(sg.presets.FLURST, players=4, seed=7).apply("0 play 3D")
    assert isinstance(state, sg.PhaseOneState)
    return state


# -- numbers beyond Python's int-to-text limit ----------------------------------------


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: sg.deal(sg.presets.FLURST, players=4, seed=HUGE), "seed must be a whole number"),
        (lambda: sg.deal(sg.presets.FLURST, players=HUGE, seed=1), "allow 3-8 players, not a"),
        (lambda: sg.deal(sg.presets.FLURST, players=-HUGE, seed=1), "not a negative whole"),
        (lambda: sg.deal(sg.presets.FLURST, players=4, seed=1, leader=HUGE), "the leader must"),
        (lambda: flurst_state().hand(HUGE), "there is no seat numbered by a whole number"),
        (lambda: flurst_state().view(HUGE), "there is no seat numbered by a whole number"),
        (lambda: flurst_state().legal_moves(HUGE), "there is no seat numbered by a whole number"),
        (
            lambda: sg.start_phase_two(sg.presets.FLURST, ["2C", "3C", "4C"], "D", leader=HUGE),
            "the leader must be a seat from 0 to 2",
        ),
        (
            lambda: ruleset_from_dict({**ruleset_to_dict(sg.presets.FLURST), "hand_size": HUGE}),
            "hand_size must be a whole number of at most 18 digits",
        ),
    ],
)
def test_a_number_too_long_to_print_is_named_by_its_length(call: Any, message: str) -> None:
    with pytest.raises((ValueError, TypeError)) as error:
        call()
    text = str(error.value)
    assert message in text and "5001 digits" in text
    assert "int_max_str_digits" not in text and len(text) < 200


def test_a_phase_two_seat_too_long_to_print_is_refused_by_name() -> None:
    state = sg.start_phase_two(sg.presets.FLURST, ["2C", "3C", "4C"], "D", leader=0)
    for call in (state.hand, state.view, state.legal_moves):
        with pytest.raises(ValueError, match="no seat numbered by a whole number of 5001"):
            call(HUGE)


# -- JSON nested too deep ------------------------------------------------------------


@pytest.mark.parametrize("reader", [Session.from_json, TwoTables.from_json, OwnerView.from_json])
@pytest.mark.parametrize("text", [DEEP, DEEP_OBJECT, '{"format": 1, "games": ' + DEEP + "}"])
def test_saved_sessions_nested_too_deep_are_refused(reader: Any, text: str) -> None:
    with pytest.raises(SessionError, match="nest more than 32 levels deep"):
        reader(text)


# -- views no game could give ------------------------------------------------------


def view_data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(flurst_state().view(1).to_json())
    return data


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"events": [{"kind": 1, "player": 0, "cards": ""}]}, "an event's kind is one of"),
        ({"events": [{"kind": "played", "player": 7, "cards": "3D"}]}, "events: 7 is not a seat"),
        ({"player": 9}, "player: 9 is not a seat of a table of 4"),
        ({"hand_sizes": [3, -3, 3, 3]}, "hand_sizes: -3 is not a count of cards"),
        ({"to_act": None}, "to_act: expected a list of seats, not None"),
        ({"sluffed": [10**12]}, "sluffed: 1000000000000 is not a seat"),
        ({"done": [2**31]}, "done: 2147483648 is not a seat"),
        ({"stock_size": 10**12}, "stock_size: 1000000000000 is not a count"),
        ({"hand": "KC KC 2S"}, "a card appears more often than the 1 pack"),
        ({"unseen": "2C"}, "the cards the view places are not the whole pack"),
        ({"hand": "KC 2S AS"}, "the player's own entry is not their hand"),
        ({"to_act": [1], "due": [2]}, "are not all among to_act"),
        ({"loser": 1}, "does not fit the phase 'one'"),
        # a trick under way needs a seat still to play (once read whole, then sampling failed)
        ({"round_plays": [], "round_seats": []}, "no seat is left to play in the round"),
    ],
)
def test_a_view_read_from_json_is_checked_as_a_game_would_give_it(
    changes: dict[str, Any], message: str
) -> None:
    data = view_data()
    data.update(changes)
    with pytest.raises(ValueError, match=message):
        sg.PlayerView.from_dict(data)


FIELDS = sorted(view_data())
JSON_VALUES: st.SearchStrategy[Any] = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 60)
    | st.sampled_from([2**31, 10**12, -(10**12)])
    | st.text(alphabet="0123456789TJQKACDHS ", max_size=12)
    | st.sampled_from(["played", "drew_stock", "one", "two", "flurst"]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(["kind", "player", "cards", "hidden"]), inner, max_size=4)
    ),
    max_leaves=8,
)


@FUZZ
@given(st.dictionaries(st.sampled_from(FIELDS), JSON_VALUES, min_size=1, max_size=3))
def test_a_view_with_any_fields_changed_is_read_whole_or_refused(changes: dict[str, Any]) -> None:
    data = view_data()
    data.update(changes)
    try:
        view = sg.PlayerView.from_dict(data)
    except (ValueError, TypeError):
        return
    # whatever is accepted is a view a game could give: it samples and round-trips
    assert view_problem(view) is None
    assert sg.PlayerView.from_json(view.to_json()) == view
    guess = sg.sample(view, random.Random(1))
    assert guess.view(view.player).hand == view.hand


# -- specs and presets ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("\u212aoira", r"not '.' \(U\+212A\) at position 0"),
        ("flurst:hand_size=\u0662", r"U\+0662"),
        ("ﬂurst", r"U\+FB02"),
    ],
)
def test_a_spec_is_ascii_only(text: str, message: str) -> None:
    with pytest.raises(VariantError, match=message):
        parse_variant(text)


def test_a_huge_spec_is_refused_without_quoting_it_whole() -> None:
    with pytest.raises(VariantError) as error:
        parse_variant("x" * 10**6)
    assert "too long" in str(error.value) and len(str(error.value)) < 200


def test_presets_name_what_they_expected() -> None:
    with pytest.raises(TypeError, match="name_of needs a Ruleset, not None"):
        sg.presets.name_of(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"a preset is named by text, not \[\] \(list\)"):
        sg.presets.get([])  # type: ignore[arg-type]
    with pytest.raises(KeyError, match="no preset 'xxxx"):
        sg.presets.get("x" * 10**5)


def test_an_owner_view_read_from_json_names_its_own_seats() -> None:
    state = sg.deal(sg.presets.FLURST, players=3, seed=2)
    both = owner_view(state, [0, 1], "Ann")
    data = json.loads(both.to_json())
    assert OwnerView.from_json(both.to_json()) == both
    for changes, message in (
        ({"seats": ["x", 1]}, "are not the seats of the views"),
        ({"seats": [1, 0]}, "are not the seats of the views"),
        ({"views": []}, "are not the seats of the views"),
        ({"views": [data["views"][0], {**data["views"][1], "player": 7}]}, "views: "),
    ):
        with pytest.raises(SessionError, match=message):
            OwnerView.from_json(json.dumps({**data, **changes}))
