"""The observation vector and the information-state text of a player's view."""

from __future__ import annotations

import random
from pathlib import Path

import attrs
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import skitgubbe as sg
from skitgubbe.integrations import observations as ob
from skitgubbe.simulate import random_ruleset

from .strategies import any_rulesets, rulesets

DOCS = Path(__file__).parent.parent / "docs"


def counts(cards: tuple[sg.Card, ...]) -> list[int]:
    row = [0] * 52
    for card in cards:
        row[card.index] += 1
    return row


def field(vector: np.ndarray, name: str) -> list[int]:
    return [int(x) for x in vector[ob.field_slice(name)]]


def reference(view: sg.PlayerView, passed: tuple[int, ...] = ()) -> np.ndarray:
    """The vector of ``view`` written field by field from the meanings of :data:`FIELDS`."""
    vector = np.zeros(ob.SIZE, np.float32)
    players, me = view.players, view.player

    def relative(seat: int) -> int:
        return (seat - me) % players

    def cards(name: str, row: int, cards: tuple[sg.Card, ...]) -> None:
        start = ob.field_slice(name).start + 52 * row
        for card in cards:
            vector[start + card.index] += 1

    def at(name: str, place: int, value: float = 1) -> None:
        vector[ob.field_slice(name).start + place] = value

    cards("hand", 0, view.hand)
    for seat, known in enumerate(view.known):
        if seat != me:
            cards("known", relative(seat) - 1, known)
    for seat, won in enumerate(view.won):
        cards("won", relative(seat), won)
    for row, entry in enumerate(reversed(view.table[-ob.TABLE_ROWS :])):
        cards("table", row, entry)
    cards("out_of_play", 0, view.out_of_play)
    cards("unseen", 0, view.unseen)
    cards("exposed", 0, view.exposed)
    if view.upcard is not None:
        cards("upcard", 0, (view.upcard,))
    for seat in range(players):
        at("seats", relative(seat))
        at("hand_sizes", relative(seat), view.hand_sizes[seat])
        at("hidden_sizes", relative(seat), view.hidden_sizes[seat])
    for name in ("to_act", "due", "sluffed", "done", "out", "needy", "blamattis"):
        for seat in getattr(view, name):
            at(name, relative(seat))
    for seat in passed:
        at("passed", relative(seat))
    for name in ("turn", "leader", "trick_winner", "loser"):
        seat = getattr(view, name)
        if seat is not None:
            at(name, relative(seat))
    at("phase", ["one", "two", "over"].index(view.phase.value))
    if view.trump is not None:
        at("trump", list(sg.Suit).index(view.trump))
    if view.heading is not None:
        at("heading", int(view.heading) - 2)
    at("table_size", 0, len(view.table))
    at("stock_size", 0, view.stock_size)
    at("reserve_size", 0, view.reserve_size)
    at("trick_size", 0, view.trick_size)
    at("forced", 0, view.forced)
    at("packs", 0, view.rules.packs)
    return vector


def random_game(rules: sg.Ruleset, players: int, seed: int, moves: int = 400) -> list[sg.State]:
    """The states of a random game, from the deal to its end or ``moves`` moves."""
    rng = random.Random(seed)
    states: list[sg.State] = [sg.deal(rules, players=players, seed=seed)]
    while not states[-1].is_over and len(states) <= moves:
        states.append(states[-1].apply(rng.choice(states[-1].legal_moves())))
    return states


def check_every_seat(state: sg.State, rng: random.Random) -> np.ndarray:
    """The vector of every seat's view is as the fields say, from the view and from
    the state alike; where any of them is not zero."""
    nonzero = np.zeros(ob.SIZE, bool)
    for seat in range(state.players):
        passed = tuple(rng.sample(range(state.players), rng.randrange(state.players)))
        expected = reference(state.view(seat), passed)
        assert np.array_equal(ob.encode(state.view(seat), passed), expected)
        assert np.array_equal(ob.encode_state(state, seat, passed), expected)
        nonzero |= expected != 0
    return nonzero


def test_vectors_are_as_the_fields_say_in_every_phase_and_every_field_is_seen() -> None:
    rng = random.Random(4)
    nonzero = np.zeros(ob.SIZE, bool)
    reached = set()
    for name in sorted(sg.presets.ALL):
        rules = sg.presets.get(name)
        for packs in (1, 2):
            if packs == 2:
                try:
                    rules = attrs.evolve(rules, packs=2)
                except sg.RulesetError:
                    continue
            states = random_game(rules, rules.max_players, seed=packs, moves=1000)
            for state in states[:: max(1, len(states) // 40)] + states[-1:]:
                nonzero |= check_every_seat(state, rng)
                reached.add((state.phase, rules.packs, rules.trick is sg.Trick.MAS))
    # A Blåmattis who owes a pick-up; a forced pick-up under way.
    blamattis = attrs.evolve(sg.presets.FLURST, empty_hand=sg.EmptyHand.BLAMATTIS)
    state = sg.start_phase_two(blamattis, ["5C 6C 9H", "", "7C 2S", "8H"], "D", leader=0)
    nonzero |= check_every_seat(state.apply("0 play 5C 6C"), rng)
    forced = attrs.evolve(sg.presets.HELMFRID, forced_pick=True)
    state = sg.start_phase_two(forced, ["3C 5C 2H", "6C 2S", "4H"], "D", leader=0)
    nonzero |= check_every_seat(state.apply("0 play 3C").apply("1 play 6C").apply("2 pick 6C"), rng)
    assert {phase for phase, _, _ in reached} == set(sg.Phase)
    assert {packs for _, packs, _ in reached} == {1, 2}
    assert {(sg.Phase.ONE, True), (sg.Phase.TWO, True)} <= {(p, mas) for p, _, mas in reached}
    assert [f.name for f in ob.FIELDS if not nonzero[ob.field_slice(f.name)].any()] == []


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.one_of(
        any_rulesets(), rulesets().flatmap(lambda r: st.tuples(st.just(r), st.just(r.min_players)))
    ),
    st.integers(0, 2**32 - 1),
)
def test_the_vector_from_the_state_is_the_vector_of_the_view(
    ruleset: tuple[sg.Ruleset, int], seed: int
) -> None:
    rules, players = ruleset
    rng = random.Random(seed)
    for state in random_game(rules, players, seed, moves=300):
        check_every_seat(state, rng)


def test_a_view_s_vector_written_into_out_is_the_same() -> None:
    state = random_game(sg.presets.FLURST, 4, seed=5, moves=60)[-1]
    out = np.full(ob.SIZE, 7.0, np.float32)
    for seat in range(4):
        vector = ob.encode_state(state, seat, (seat,))
        assert ob.encode_state(state, seat, (seat,), out=out) is out
        assert np.array_equal(out, vector)
        assert ob.encode(state.view(seat), (seat,), out=out) is out
        assert np.array_equal(out, vector)


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
    assert np.array_equal(ob.encode_state(guess, 2), ob.encode(state.view(2)))
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


compiled_only = pytest.mark.skipif(
    not sg.COMPILED,
    reason="the C writer of vectors is part of the compiled build: "
    "SKITGUBBE_MYPYC=1 python setup.py build_ext --inplace",
)


@compiled_only
def test_the_compiled_build_s_writer_gives_the_numbers_of_the_pure_build_s(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert ob._FILL is not None, "the compiled build lost its writer of vectors"
    fill = ob._FILL
    rng = random.Random(9)
    rulesets = [(sg.presets.get(name), 0) for name in sorted(sg.presets.ALL)]
    rulesets.append((attrs.evolve(sg.presets.FLURST, packs=2, max_players=13), 13))
    written = 0
    for rules, players in rulesets:
        states = random_game(rules, players or rules.max_players, seed=3, moves=500)
        for state in states[:: max(1, len(states) // 60)]:
            for seat in range(state.players):
                passed = tuple(rng.sample(range(state.players), rng.randrange(state.players)))
                vectors = []
                for writer in (fill, None):
                    monkeypatch.setattr(ob, "_FILL", writer)
                    vectors.append(ob.encode_state(state, seat, passed))
                    vectors.append(ob.encode(state.view(seat), passed))
                assert all(np.array_equal(vectors[0], vector) for vector in vectors[1:])
                written += 1
    assert written > 1000


@compiled_only
@pytest.mark.parametrize(
    ("arguments", "error", "words"),
    [
        ((np.zeros(8, np.float64), 52, 0, b"", (), ()), TypeError, "float32"),
        ((np.zeros(8, np.float32)[::2], 52, 0, b"", (), ()), ValueError, "contiguous"),
        ((np.zeros(8, np.float32), 52, 0, b"", ([1 << 8], [0]), ()), IndexError, "outside"),
        ((np.zeros(8, np.float32), 52, 0, b"", ((-1,), (0,)), ()), OverflowError, "negative"),
        ((np.zeros(8, np.float32), 52, 0, b"", ((1 << 130,), (0,)), ()), OverflowError, "128"),
        ((np.zeros(8, np.float32), 52, 0, b"", (("7C",), (0,)), ()), TypeError, "int"),
        ((np.zeros(8, np.float32), 52, 0, b"", ((1,),), ()), TypeError, "pairs"),
        ((np.zeros(8, np.float32), 52, 8, b"\x01", (), ()), IndexError, "outside"),
        ((np.zeros(8, np.float32), 52, 0, b"", (), ((5,), (9,))), IndexError, "outside"),
        ((np.zeros(8, np.float32), 0, 0, b"", (), ()), ValueError, "width"),
        ((np.zeros(8, np.float32), 52, 0, b""), TypeError, "6 arguments"),
    ],
)
def test_the_writer_refuses_what_it_cannot_write_and_names_it(
    arguments: tuple[object, ...], error: type[Exception], words: str
) -> None:
    assert ob._FILL is not None
    with pytest.raises(error, match=words):
        ob._FILL(*arguments)


@compiled_only
def test_the_writer_adds_both_copies_of_a_card_and_sets_the_tail_and_the_numbers() -> None:
    assert ob._FILL is not None
    out = np.full(60, 5.0, np.float32)  # written whole: nothing of before is left
    copies = 1 << 2 | 1 << 52 + 2 | 1 << 100  # the card 2 twice, the card 48 once
    ob._FILL(out, 52, 53, bytes([0b101]), ((copies, 1), (0, -1)), ((3, 7), (58, -1)))
    expected = np.zeros(60, np.float32)
    expected[[2, 48, 53, 55, 58]] = [2, 1, 1, 1, 3]
    assert np.array_equal(out, expected), out.nonzero()
