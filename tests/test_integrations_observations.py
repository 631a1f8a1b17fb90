"""The observation vector and the information-state text of a player's view."""

from __future__ import annotations

import random
from pathlib import Path

import attrs
import numpy as np
import pytest

import skitgubbe as sg
from skitgubbe.integrations import observations as ob
from skitgubbe.simulate import random_ruleset

DOCS = Path(__file__).parent.parent / "docs"


def counts(cards: tuple[sg.Card, ...]) -> list[int]:
    row = [0] * 52
    for card in cards:
        row[card.index] += 1
    return row


def field(vector: np.ndarray, name: str) -> list[int]:
    return [int(x) for x in vector[ob.field_slice(name)]]


def test_fields_fill_the_vector_end_to_end() -> None:
    assert sum(f.size for f in ob.FIELDS) == ob.SIZE == 2970
    assert len({f.name for f in ob.FIELDS}) == len(ob.FIELDS)
    assert ob.field_slice("hand") == slice(0, 52)
    assert ob.field_slice("packs").stop == ob.SIZE


def test_seats_are_relative_to_the_observer() -> None:
    state = sg.start_phase_two(sg.presets.FLURST, ["2C 3C", "7C 8C 9C", "JD"], "D", leader=0)
    vector = ob.encode(state.view(1))
    assert field(vector, "hand") == counts(sg.parse_cards("7C 8C 9C"))
    # Seat 1 observes: row 0 is seat 1, row 1 seat 2, row 2 seat 0.
    assert field(vector, "hand_sizes")[:4] == [3, 1, 2, 0]
    assert field(vector, "seats")[:4] == [1, 1, 1, 0]
    assert field(vector, "turn")[:3] == [0, 0, 1]
    assert field(vector, "phase") == [0, 1, 0]
    assert field(vector, "trump") == [0, 1, 0, 0]
    played = ob.encode(state.apply("0 play 2C 3C").view(1))
    assert field(played, "table")[:52] == counts(sg.parse_cards("2C 3C"))
    assert field(played, "table_size") == [1]
    assert field(played, "turn")[:3] == [1, 0, 0]


def test_two_copies_of_a_card_count_two() -> None:
    rules = attrs.evolve(sg.presets.FLURST, packs=2)
    state = sg.start_phase_two(rules, ["7C 7C 8D", "2S 3S", "4H"], "D", leader=0)
    vector = ob.encode(state.view(0))
    assert field(vector, "hand")[sg.parse_card("7C").index] == 2
    assert field(vector, "packs") == [2]


def test_every_view_of_random_games_encodes_to_the_same_size_and_back_into_out() -> None:
    rng = random.Random(2)
    out = np.full(ob.SIZE, 7.0, np.float32)
    for seed in range(12):
        rules, players = random_ruleset(rng)
        state: sg.State = sg.deal(rules, players=players, seed=seed)
        for _ in range(150):
            if state.is_over:
                break
            for seat in range(players):
                view = state.view(seat)
                vector = ob.encode(view, passed=(seat,))
                assert vector.shape == (ob.SIZE,) and vector.dtype == np.float32
                assert field(vector, "hand") == counts(view.hand)
                assert field(vector, "passed")[0] == 1
                ob.encode(view, passed=(seat,), out=out)
                assert np.array_equal(out, vector)
            state = state.apply(rng.choice(state.legal_moves()))


def test_a_sampled_state_gives_the_same_vector_and_text() -> None:
    state = sg.deal(sg.presets.FLURST, players=4, seed=7).apply("0 play 3D")
    guess = sg.sample(state.view(2), random.Random(3))
    assert np.array_equal(ob.encode(guess.view(2)), ob.encode(state.view(2)))
    assert ob.information_state_string(guess.view(2)) == ob.information_state_string(state.view(2))
    assert ob.information_state_string(state.view(2)) != ob.information_state_string(state.view(3))


def test_the_information_state_text_names_the_facts_in_card_notation() -> None:
    state = sg.start_phase_two(sg.presets.FLURST, ["2C 3C", "7C 8C 9C", "JD"], "C", leader=0)
    text = ob.information_state_string(state.apply("0 play 2C 3C").view(1), passed=(2,))
    lines = text.splitlines()
    assert lines[0] == "seat 1 of 3, phase two"
    assert "hand: 7C 8C 9C" in lines
    assert "trump: C" in lines  # clubs is suit 0 and still shown
    assert "table: 2C 3C" in lines
    assert lines[-1] == "passed: 2"


def test_the_documentation_lists_every_field() -> None:
    page = (DOCS / "frameworks.rst").read_text(encoding="utf-8")
    assert ob.field_table() in page


@pytest.mark.parametrize("name", sorted(sg.presets.ALL))
def test_every_preset_encodes(name: str) -> None:
    rules = sg.presets.get(name)
    state = sg.deal(rules, players=rules.min_players, seed=1)
    assert field(ob.encode(state.view(0)), "seats")[: rules.min_players] == [1] * rules.min_players
