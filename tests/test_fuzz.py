"""Hypothesis fuzzing of every parser and constructor that takes input from outside.

Whatever it is given, each either succeeds or raises ValueError or TypeError (never
another exception, never a hang), and what it accepts round-trips through text.
"""

from __future__ import annotations

import contextlib
import enum
import json
import random
from typing import Any

import attrs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import skitgubbe as sg
from skitgubbe import presets
from skitgubbe.cards import CARDS
from skitgubbe.moves import MOVE_TYPES
from skitgubbe.records import Record

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

#: Numbers that break naive code: huge, negative, at the edges of the ranges.
ODD_NUMBERS = st.sampled_from(
    [0, 1, -1, 2, 14, 15, 16, 51, 52, 2**31, 2**63, -(2**63), 10**18, 10**100]
) | st.integers(4290, 4310).map(lambda digits: 10**digits * (-1) ** digits)
#: Plain data, as JSON reads it, plus the numbers JSON cannot hold.
JSON_LIKE: st.SearchStrategy[Any] = st.recursive(
    st.none() | st.booleans() | st.integers() | ODD_NUMBERS | st.floats() | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4)
    ),
    max_leaves=12,
)
#: Any value a caller might pass by mistake.
ANYTHING: st.SearchStrategy[Any] = (
    JSON_LIKE
    | st.binary(max_size=10)
    | st.sampled_from(CARDS)
    | st.sampled_from([*sg.Suit, *sg.Rank, *sg.Trick, *sg.Runs, *sg.PickUpRule])
    | st.sampled_from([sg.Play(0, "2C"), sg.Dare(1), object(), int, sg.Card, slice(1, 2)])
    | st.tuples(st.integers(), st.text(max_size=3))
)
#: Text close to card notation: ranks, suits, separators and look-alikes of other scripts.
CARD_ALPHABET = "0123456789TJQKAtjqkaCDHScdhs♣♦♥♠ ,\t\n+-\u0661\u00b2\uff12\u017f\u0130\xa0"
CARDISH = st.text(alphabet=CARD_ALPHABET, max_size=20)
#: Text close to move notation.
MOVEISH = st.builds(
    lambda seat, gap, verb, cards: f"{seat}{gap}{verb}{gap}{cards}",
    st.sampled_from(["0", "3", "15", "16", "007", "-1", "+2", "\u0661", "x", "", "9" * 30]),
    st.sampled_from([" ", "  ", "\t", "\n", "", "\xa0"]),
    st.sampled_from([*MOVE_TYPES, "PLAY", "Dare", "eat", "", "pl\u0430y"]),
    CARDISH,
)

RULE_FIELDS: list[attrs.Attribute[Any]] = list(attrs.fields(sg.Ruleset))


def _well_typed(field: attrs.Attribute[Any]) -> st.SearchStrategy[Any]:
    """Values of a setting's own type, right or wrong in size or combination."""
    default: Any = field.default
    if isinstance(default, bool):
        return st.booleans()
    if isinstance(default, int):
        return st.integers(-3, 60) | ODD_NUMBERS
    assert isinstance(default, enum.Enum)
    return st.sampled_from(list(type(default)))


def _raises_only_value_or_type_error(call: Any, *args: Any, **kwargs: Any) -> Any:
    try:
        return call(*args, **kwargs)
    except (ValueError, TypeError):
        return None


# -- cards ----------------------------------------------------------------------------


@FUZZ
@given(st.one_of(CARDISH, st.text(max_size=8), ANYTHING))
def test_parse_card_returns_a_card_or_refuses(value: Any) -> None:
    card = _raises_only_value_or_type_error(sg.parse_card, value)
    if card is not None:
        assert sg.parse_card(str(card)) is card
        text = value.strip()
        assert text[:-1].isascii() and (text[-1].isascii() or text[-1] in "♣♦♥♠")


@FUZZ
@given(
    st.one_of(
        CARDISH,
        st.lists(st.one_of(CARDISH, st.sampled_from(CARDS), ANYTHING), max_size=4),
        ANYTHING,
    )
)
def test_parse_cards_returns_cards_or_refuses(value: Any) -> None:
    cards = _raises_only_value_or_type_error(sg.parse_cards, value)
    if cards is not None:
        assert all(isinstance(card, sg.Card) for card in cards)
        assert sg.parse_cards(sg.format_cards(cards)) == cards


@FUZZ
@given(st.lists(st.sampled_from(CARDS), max_size=30))
def test_format_then_parse_cards_round_trips(cards: list[sg.Card]) -> None:
    text = sg.format_cards(cards)
    assert sg.parse_cards(text) == tuple(cards)
    assert sg.parse_cards(text.lower().replace(" ", ", ")) == tuple(cards)


@FUZZ
@given(st.one_of(st.text(alphabet="CDHSXcdhs♣♦♥♠ \u017f\u0130", max_size=3), ANYTHING))
def test_suit_parse_returns_a_suit_or_refuses(value: Any) -> None:
    suit = _raises_only_value_or_type_error(sg.Suit.parse, value)
    if suit is not None:
        assert sg.Suit.parse(suit.letter) is sg.Suit.parse(suit.symbol) is suit


@FUZZ
@given(st.one_of(ANYTHING, st.integers(0, 20)), st.one_of(ANYTHING, st.integers(-1, 5)))
def test_card_takes_a_rank_and_suit_or_refuses(rank: Any, suit: Any) -> None:
    card = _raises_only_value_or_type_error(sg.Card, rank, suit)
    if card is not None:
        assert card is not None and sg.Card.from_index(card.index) == card
        assert sg.parse_card(str(card)) == card


@FUZZ
@given(st.one_of(ANYTHING, st.integers(-60, 120)))
def test_card_from_index_returns_a_card_or_refuses(index: Any) -> None:
    card = _raises_only_value_or_type_error(sg.Card.from_index, index)
    if card is not None:
        assert card.index == index


# -- moves ----------------------------------------------------------------------------


@FUZZ
@given(st.one_of(MOVEISH, st.text(max_size=30), ANYTHING))
def test_parse_move_returns_a_move_or_refuses(value: Any) -> None:
    move = _raises_only_value_or_type_error(sg.parse_move, value)
    if move is not None:
        assert sg.parse_move(str(move)) == move
        assert str(sg.parse_move(str(move))) == str(move)
        assert 0 <= move.player <= 15


@FUZZ
@given(
    st.sampled_from(list(MOVE_TYPES.values())),
    st.one_of(st.integers(-2, 20), ANYTHING),
    st.one_of(CARDISH, st.lists(st.sampled_from(CARDS), max_size=4), ANYTHING),
)
def test_move_classes_make_a_move_or_refuse(kind: type[sg.Move], player: Any, cards: Any) -> None:
    move = _raises_only_value_or_type_error(kind, player, cards)
    if move is not None:
        assert sg.parse_move(str(move)) == move
        assert bool(move.cards) is kind.takes_cards
        assert kind.from_mask(move.player, move.mask) == move


@FUZZ
@given(
    st.sampled_from(list(MOVE_TYPES.values())),
    st.integers(0, 15),
    st.lists(st.sampled_from(CARDS), min_size=1, max_size=6, unique=True),
)
def test_every_move_round_trips_through_its_notation(
    kind: type[sg.Move], player: int, cards: list[sg.Card]
) -> None:
    move = kind(player, cards) if kind.takes_cards else kind(player)
    assert sg.parse_move(str(move)) == move
    assert kind.from_mask(player, move.mask) == move


# -- rulesets ---------------------------------------------------------------------------


@FUZZ
@given(
    st.dictionaries(
        st.sampled_from([field.name for field in RULE_FIELDS]),
        st.one_of(ANYTHING, st.text(max_size=12)),
        max_size=3,
    )
)
def test_a_ruleset_of_any_values_is_made_or_refused(changes: dict[str, Any]) -> None:
    _raises_only_value_or_type_error(lambda: sg.Ruleset(**changes))


@FUZZ
@given(st.data())
def test_a_ruleset_of_well_typed_values_is_made_or_refused_as_impossible(
    data: st.DataObject,
) -> None:
    fields = data.draw(st.lists(st.sampled_from(RULE_FIELDS), max_size=5, unique=True))
    changes = {field.name: data.draw(_well_typed(field)) for field in fields}
    try:
        rules = sg.Ruleset(**changes)
    except sg.RulesetError:
        return
    assert attrs.evolve(rules) == rules


# -- game records -----------------------------------------------------------------------


@FUZZ
@given(st.one_of(st.text(max_size=40), st.binary(max_size=40)))
def test_from_json_of_any_text_or_bytes_reads_a_record_or_refuses(text: str | bytes) -> None:
    with contextlib.suppress(ValueError):
        Record.from_json(text)


@FUZZ
@given(JSON_LIKE)
def test_from_json_of_any_json_value_reads_a_record_or_refuses(value: Any) -> None:
    try:
        text = json.dumps(value)
    except ValueError:  # a number too long to write
        return
    with contextlib.suppress(ValueError):
        Record.from_json(text)


@st.composite
def records(draw: st.DrawFn) -> Record:
    """A game dealt from a preset and played a few random legal moves in."""
    rules = draw(st.sampled_from(list(presets.ALL.values())))
    players = draw(st.integers(rules.min_players, rules.max_players))
    seed = draw(st.integers(0, 2**64 - 1))
    state: sg.State = sg.deal(rules, players=players, seed=seed)
    start = state
    rng = random.Random(seed)
    moves = []
    for _ in range(draw(st.integers(0, 30))):
        if state.is_over:
            break
        move = rng.choice(state.legal_moves())
        moves.append(move)
        state = state.apply(move)
    assert isinstance(start, sg.PhaseOneState)
    return Record.of(start, moves)


@settings(FUZZ, max_examples=40)
@given(records())
def test_a_record_round_trips_through_json(record: Record) -> None:
    assert Record.from_json(record.to_json()) == record
    assert Record.from_json(record.to_json(indent=2).encode()) == record
    assert Record.from_dict(record.to_dict()) == record


@FUZZ
@given(st.data())
def test_a_record_with_any_field_changed_is_read_or_refused(data: st.DataObject) -> None:
    state = sg.deal(presets.FLURST, players=3, seed=1)
    record = Record.of(state, ["0 play 8D"]).to_dict()
    where: Any = record
    while True:
        keys = list(where) if isinstance(where, dict) else list(range(len(where)))
        key = data.draw(st.sampled_from(keys))
        inner = where[key]
        if not isinstance(inner, (dict, list)) or not inner or data.draw(st.booleans()):
            break
        where = inner
    if data.draw(st.booleans()):
        where[key] = data.draw(JSON_LIKE)
    elif isinstance(where, dict):
        del where[key]
    else:
        where.pop(key)
    with contextlib.suppress(ValueError):
        Record.from_dict(record)
