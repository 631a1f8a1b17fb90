"""Input from outside is refused where it enters, with a clear ValueError or TypeError.

Cards, suits, moves, rulesets and game records each say what was wrong and what is
expected; nothing is converted or fixed silently, and odd input (huge numbers, deep
nesting, bytes that are not UTF-8, digits of other scripts) never escapes as
another kind of exception.
"""

from __future__ import annotations

import json
import re
from typing import Any

import attrs
import pytest

import skitgubbe as sg
from skitgubbe import presets
from skitgubbe.errors import shown
from skitgubbe.moves import MAX_SEAT
from skitgubbe.records import MAX_DIGITS, Record, replay


def _short(value: object) -> str | None:
    """A test id for huge numbers, which pytest cannot print."""
    huge = isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64
    return shown(value) if huge else None


def _record_data() -> dict[str, Any]:
    state = sg.deal(presets.FLURST, players=3, seed=1)
    data: dict[str, Any] = json.loads(Record.of(state, ["0 play 8D"]).to_json())
    return data


# -- cards and suits --------------------------------------------------------------


@pytest.mark.parametrize("value", [None, 5, 2.0, b"2C", ["2C"], sg.parse_card("2C")])
def test_parse_card_takes_only_text(value: object) -> None:
    with pytest.raises(TypeError, match=r"^a card is written as text, such as '10H'.*, not "):
        sg.parse_card(value)


def test_parse_card_names_the_wrong_value_and_its_type() -> None:
    with pytest.raises(TypeError, match=re.escape("'A♠', not None (NoneType)")):
        sg.parse_card(None)
    with pytest.raises(TypeError, match=re.escape("not b'2C' (bytes)")):
        sg.Card.parse(b"2C")


@pytest.mark.parametrize(
    "text",
    [
        "\u0662C",  # an Arabic-Indic 2
        "2\u017f",  # a long s, which upper-cases to S
        "\uff12C",  # a full-width 2
        "2C\n3C",
        "2C\x00",
        "1\u0660H",  # an Arabic-Indic 0 in 10
        "ß",
    ],
)
def test_card_text_is_ascii_ranks_and_letters_or_the_suit_symbols(text: str) -> None:
    with pytest.raises(ValueError, match=r"^not a card: "):
        sg.parse_card(text)


def test_card_text_keeps_its_accepted_forms() -> None:
    assert sg.parse_cards("10h Th q♠ a♥ 2c") == sg.parse_cards("10H 10H QS AH 2C")


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (None, "not None (NoneType)"),
        (5, "not 5 (int)"),
        (b"2C 3C", "not b'2C 3C' (bytes)"),
        ({"2C": 1}, "not {'2C': 1} (dict)"),
    ],
)
def test_parse_cards_takes_text_or_a_sequence_of_cards(value: object, message: str) -> None:
    with pytest.raises(
        TypeError, match=r"^cards are card text such as '7C 8C 9C'.*" + re.escape(message)
    ):
        sg.parse_cards(value)


def test_parse_cards_names_the_position_of_a_wrong_item() -> None:
    with pytest.raises(TypeError, match=re.escape("cards[1] must be a Card or card text, not 7")):
        sg.parse_cards(["2C", 7, "3C"])


@pytest.mark.parametrize("value", [None, 0, 3, b"S", sg.Rank.TWO])
def test_suit_parse_takes_text_or_a_suit(value: object) -> None:
    with pytest.raises(TypeError, match=r"^a suit is written as text .* or given as a Suit"):
        sg.Suit.parse(value)


@pytest.mark.parametrize("text", ["", "X", "CD", "\u017f", "s\u0301"])
def test_suit_parse_refuses_text_that_names_no_suit(text: str) -> None:
    with pytest.raises(ValueError, match=r"^not a suit: .* \(expected one of C D H S"):
        sg.Suit.parse(text)


@pytest.mark.parametrize(
    ("rank", "suit", "error", "message"),
    [
        (15, 0, ValueError, "a card's rank must be 2 to 14 (ace 14), not 15"),
        (1, 0, ValueError, "a card's rank must be 2 to 14 (ace 14), not 1"),
        (2, 4, ValueError, "a card's suit must be 0 to 3, not 4"),
        (2, -1, ValueError, "a card's suit must be 0 to 3, not -1"),
        ("x", "y", TypeError, "not 'x' (str): parse card text with parse_card"),
        ("Q", 3, TypeError, "not 'Q' (str): parse card text with parse_card"),
        (12, "S", TypeError, "not 'S' (str): parse suit text with Suit.parse"),
        (None, 0, TypeError, "a card's rank must be a Rank or a whole number 2-14"),
        (True, 0, TypeError, "not True (bool)"),
        (2.0, 0, TypeError, "not 2.0 (float)"),
        (2, False, TypeError, "a card's suit must be a Suit or a whole number 0-3"),
        (10**5000, 0, ValueError, "not a whole number of 5001 digits"),
    ],
    ids=_short,
)
def test_a_card_is_made_of_a_rank_and_a_suit_in_range(
    rank: object, suit: object, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=re.escape(message)):
        sg.Card(rank, suit)


def test_a_card_refuses_another_enumerations_members() -> None:
    """Card(Suit.SPADES, Rank.TWO), its arguments swapped, is not the 3 of hearts."""
    with pytest.raises(TypeError, match=re.escape("not <Suit.SPADES: 3> (Suit)")):
        sg.Card(sg.Suit.SPADES, sg.Rank.TWO)
    with pytest.raises(TypeError, match=re.escape("not <Rank.TWO: 2> (Rank)")):
        sg.Card(sg.Rank.TWO, sg.Rank.TWO)


def test_a_card_takes_ranks_and_suits_as_members_or_values() -> None:
    assert sg.Card(12, 3) == sg.Card(sg.Rank.QUEEN, sg.Suit.SPADES) == sg.parse_card("QS")


@pytest.mark.parametrize(
    ("index", "error"),
    [
        (52, ValueError),
        (-1, ValueError),
        (10**30, ValueError),
        (True, TypeError),
        ("1", TypeError),
        (1.0, TypeError),
        (slice(0, 2), TypeError),
        (None, TypeError),
    ],
    ids=_short,
)
def test_card_from_index_takes_an_engine_number_0_to_51(
    index: object, error: type[Exception]
) -> None:
    with pytest.raises(error, match=r"^a card's engine number must be"):
        sg.Card.from_index(index)
    assert sg.Card.from_index(0) == sg.parse_card("2C")
    assert sg.Card.from_index(51) == sg.parse_card("AS")


def test_cards_compare_only_with_cards() -> None:
    with pytest.raises(TypeError):
        assert sg.parse_card("2C") < 5  # type: ignore[operator]


def test_a_third_copy_of_a_card_is_refused_with_the_reason() -> None:
    with pytest.raises(ValueError, match=r"^2C appears more than twice: even two packs hold"):
        sg.Play(0, "2C 2C 2C")


# -- moves ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("\u0661 play 2C", "not a seat number: '\u0661'"),  # an Arabic-Indic 1
        ("\u00b2 play 2C", "not a seat number: '\u00b2'"),  # a superscript 2
        ("\uff11 play 2C", "not a seat number: '\uff11'"),  # a full-width 1
        ("+1 play 2C", "not a seat number: '+1'"),
        ("-0 play 2C", "not a seat number: '-0'"),
        ("1_0 play 2C", "not a seat number: '1_0'"),
        ("0x1 play 2C", "not a seat number: '0x1'"),
        ("16 play 2C", "no seat '16' in '16 play 2C': seats are numbered 0 to 15"),
        ("99 play 2C", "no seat '99'"),
        ("9" * 5000 + " play 2C", "(5000 characters) in "),
        ("0 pl\u0430y 2C", "unknown move verb 'pl\u0430y'"),  # a Cyrillic a
        ("0 play", "a play names its cards: '0 play'"),
        ("0 play \t ", "a play names its cards: '0 play \\t '"),
        ("0 dare 2C", "a dare names no cards: '0 dare 2C'"),
        ("0 dare ,", "a dare names no cards: '0 dare ,'"),
        ("0 play ,", "a play names its cards: '0 play ,'"),
    ],
)
def test_bad_move_text_is_refused_naming_the_problem(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        sg.parse_move(text)


def test_the_seat_is_written_in_ascii_digits_up_to_the_highest_seat() -> None:
    assert sg.parse_move(f"{MAX_SEAT} dare") == sg.Dare(MAX_SEAT)
    assert sg.parse_move("07 play 2C") == sg.Play(7, "2C")


def test_words_of_a_move_are_separated_by_any_whitespace() -> None:
    assert sg.parse_move(" 0\tplay \t 2C\n3C ") == sg.Play(0, "2C 3C")
    assert sg.parse_move("0 PLAY 2c") == sg.Play(0, "2C")
    assert sg.parse_move("0 dare   ") == sg.Dare(0)


@pytest.mark.parametrize("value", [None, 5, b"0 dare", sg.Dare(0)])
def test_parse_move_takes_only_text(value: object) -> None:
    with pytest.raises(TypeError, match=r"^a move's text must be a string"):
        sg.parse_move(value)


@pytest.mark.parametrize("kind", [sg.Dare, sg.Done, sg.Gather])
def test_a_move_that_names_no_cards_is_given_none(kind: type[sg.Move]) -> None:
    with pytest.raises(ValueError, match=rf"^a {kind.verb} names no cards.*, not 2C$"):
        kind(0, "2C")
    assert str(kind(0)) == f"0 {kind.verb}"
    assert kind.from_mask(3, 0) == kind(3)


def test_a_dare_names_no_cards_because_its_card_is_unknown_until_applied() -> None:
    with pytest.raises(ValueError, match=r"the turned card is known only once the dare is applied"):
        sg.Dare(0, "2C")


@pytest.mark.parametrize("kind", [sg.Play, sg.PickUp, sg.Sluff, sg.Store, sg.Swap])
def test_a_move_that_moves_cards_names_at_least_one(kind: type[sg.Move]) -> None:
    with pytest.raises(ValueError, match=rf"^a {kind.verb} names its cards: give at least one"):
        kind(0)
    with pytest.raises(ValueError, match=rf"^a {kind.verb} names its cards"):
        kind(0, "")
    with pytest.raises(ValueError, match=rf"^a {kind.verb} names its cards"):
        kind(0, [])


@pytest.mark.parametrize(
    ("player", "error", "message"),
    [
        (True, TypeError, "not True (bool)"),
        ("0", TypeError, "not '0' (str)"),
        (1.0, TypeError, "not 1.0 (float)"),
        (None, TypeError, "not None (NoneType)"),
        (-1, ValueError, "0 or more, up to 15 (no ruleset seats more than 16 players), not -1"),
        (16, ValueError, "no ruleset seats more than 16 players), not 16"),
        (10**5000, ValueError, "not a whole number of 5001 digits"),
    ],
    ids=_short,
)
def test_a_moves_player_is_a_seat_number(
    player: object, error: type[Exception], message: str
) -> None:
    with pytest.raises(
        error, match=r"^a move.s player must be a seat number.*" + re.escape(message)
    ):
        sg.Play(player, "2C")


def test_a_moves_player_is_a_plain_whole_number() -> None:
    """Suit.CLUBS is the int 0 but prints as 'C': as a seat it would not round-trip."""
    with pytest.raises(TypeError, match=re.escape("not <Suit.CLUBS: 0> (Suit)")):
        sg.Dare(sg.Suit.CLUBS)


@pytest.mark.parametrize("cards", [None, 5, b"2C"])
def test_a_moves_cards_are_card_text_or_cards(cards: object) -> None:
    with pytest.raises(TypeError, match=r"^cards are card text"):
        sg.Play(0, cards)


def test_the_base_move_is_not_a_move_of_its_own() -> None:
    with pytest.raises(TypeError, match=r"^Move names no kind of move: make one of Play, PickUp"):
        sg.Move(0, "2C")


def test_moves_made_by_the_engine_are_still_shared_values() -> None:
    state = sg.deal(presets.FLURST, players=4, seed=3)
    moves = state.legal_moves()
    assert all(move is type(move).from_mask(move.player, move.mask) for move in moves)
    assert sg.Dare.from_mask(0, 0) is sg.Dare.from_mask(0, 0) == sg.Dare(0)


# -- rulesets ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (
            {"trick": "two"},
            "trick must be a Trick (one of: two, all, mas, trumps, all-trumps), "
            "not the text 'two': use Trick('two')",
        ),
        (
            {"trick": "ALL"},
            "trick must be a Trick (one of: two, all, mas, trumps, all-trumps), "
            "not the text 'ALL': use Trick.ALL",
        ),
        ({"trick": "flurst"}, "(one of: two, all, mas, trumps, all-trumps), not the text 'flurst'"),
        (
            {"trick": None},
            "trick must be a Trick (one of: two, all, mas, trumps, all-trumps), not None",
        ),
        (
            {"trick": sg.Runs.ANY},
            "trick must be a Trick (one of: two, all, mas, trumps, all-trumps), not Runs.ANY",
        ),
        ({"anti_trump": "none"}, "anti_trump must be an AntiTrump (one of: none, same-colour, "),
        ({"pick_up": "top"}, "pick_up must be a PickUpRule (one of: top, "),
        ({"pick_up": "top"}, ": use PickUpRule('top')"),
        ({"sluff": sg.Sluff}, "sluff must be a SluffRule (one of: none, window, "),
        ({"sluff": "anytime-may-empty"}, "use SluffRule('anytime-may-empty')"),
        ({"multi": 1}, "multi must be True or False, not 1 (int)"),
        ({"multi": "true"}, "multi must be True or False, not the text 'true'"),
        ({"multi": None}, "multi must be True or False, not None (NoneType)"),
        ({"packs": 1.0}, "packs must be a whole number, not 1.0 (float)"),
        ({"packs": True}, "packs must be a whole number, not True (bool)"),
        ({"packs": "2"}, "packs must be a whole number, not the text '2'"),
    ],
)
def test_a_setting_of_the_wrong_type_names_the_field_value_and_allowed_values(
    changes: dict[str, Any], message: str
) -> None:
    with pytest.raises(TypeError, match=re.escape(message)):
        sg.Ruleset(**changes)
    with pytest.raises(TypeError, match=re.escape(message)):
        attrs.evolve(presets.FLURST, **changes)


@pytest.mark.parametrize(
    "field", ["min_players", "max_players", "packs", "hand_size", "dreck_below", "avstickshog"]
)
@pytest.mark.parametrize("value", [10**18, -(10**18), 10**5000], ids=_short)
def test_a_whole_number_setting_has_at_most_18_digits(field: str, value: int) -> None:
    with pytest.raises(sg.RulesetError, match=rf"^{field} must be a whole number of at most 18"):
        changes: dict[str, Any] = {field: value}
        sg.Ruleset(**changes)


def test_a_whole_number_setting_is_a_plain_int() -> None:
    with pytest.raises(TypeError, match=re.escape("packs must be a whole number, not <Suit.")):
        sg.Ruleset(packs=sg.Suit.DIAMONDS)


def test_impossible_combinations_are_still_ruleset_errors() -> None:
    with pytest.raises(sg.RulesetError, match="packs must be 1 or 2, not 3"):
        sg.Ruleset(packs=3)


# -- game records -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 1000 + "]" * 1000, "its lists and objects nest more than 32 levels deep"),
        ('{"a": ' * 100_000, "its lists and objects nest more than 32 levels deep"),
        (b"\xff\xfe{}", "the bytes are not UTF-8 text (invalid start byte at byte 0)"),
        (b'{"format": "\xc3"}', "the bytes are not UTF-8 text (invalid continuation byte"),
        ("1" * (MAX_DIGITS + 1), "a number of 4301 digits is too long (at most 4300)"),
        ('{"version": -' + "1" * 5000 + "}", "a number of 5000 digits is too long"),
        ("NaN", "NaN is not a JSON value"),
        ('{"version": -Infinity}', "-Infinity is not a JSON value"),
        ('{"format": 1, "format": 2}', "the key 'format' appears twice in one object"),
        ("", "Expecting value"),
        ("\ufeff{}", "Unexpected UTF-8 BOM"),
        ("{} {}", "Extra data"),
    ],
)
def test_text_that_is_not_json_is_not_a_game_record(text: str | bytes, message: str) -> None:
    with pytest.raises(ValueError, match="^not a JSON game record: .*" + re.escape(message)):
        Record.from_json(text)


def test_a_record_is_read_from_utf8_bytes_with_or_without_a_byte_order_mark() -> None:
    record = Record.from_dict(_record_data())
    data = record.to_json().encode()
    assert Record.from_json(data) == record
    assert Record.from_json(b"\xef\xbb\xbf" + data) == record
    assert Record.from_json(bytearray(data)) == record


@pytest.mark.parametrize("value", [None, 5, ["{}"], {"format": "skitgubbe-record"}])
def test_from_json_takes_text_or_bytes(value: object) -> None:
    with pytest.raises(TypeError, match=r"^a JSON game record is text or bytes, not "):
        Record.from_json(value)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        ("version", 1.0, "version: this library reads versions 1, 2, 3 of records, not 1.0"),
        ("version", True, "version: this library reads versions 1, 2, 3 of records, not True"),
        ("format", ["skitgubbe-record"], "format: expected 'skitgubbe-record', not ['skitgubbe-"),
        ("preset", 5, "preset: expected a preset's name (text) or null, not 5"),
        ("preset", ["flurst"], "preset: expected a preset's name (text) or null, not ['flurst']"),
        ("preset", "FLURST", "preset: no preset 'FLURST'; the presets are: pagat"),
        ("rules.trick", 5, "rules.trick: expected text, not 5"),
        ("rules.trick", ["two"], "rules.trick: expected text, not ['two']"),
        ("rules.trick", None, "rules.trick: expected text, not None"),
        ("rules.trick", "TWO", "rules.trick: 'TWO' is not one of: two, all, mas, trumps"),
        ("rules.multi", None, "rules.multi: expected true or false, not None"),
        ("rules.multi", "false", "rules.multi: expected true or false, not 'false'"),
        ("rules.packs", 1.0, "rules.packs: expected a whole number, not 1.0"),
        ("rules.packs", [1], "rules.packs: expected a whole number, not [1]"),
        ("rules.packs", 10**100, "rules: packs must be a whole number of at most 18 digits"),
        ("rules.max_players", 10**20, "rules: max_players must be a whole number of at most 18"),
        ("deal.seed", None, "deal.seed: expected a whole number, not None"),
        ("deal.seed", True, "deal.seed: expected a whole number, not True"),
        ("deal.seed", [[1]], "deal.seed: expected a whole number, not [[1]]"),
        ("deal.seed", 10**5000, "deal.seed: expected a whole number of at most 4300 digits, not"),
        ("deal.seed", -5, "deal.seed: expected a whole number from 0 to 2**64 - 1, not -5"),
        ("deal.seed", 2**64, "deal.seed: expected a whole number from 0 to 2**64 - 1, not 1844"),
        ("deal.players", 10**100, "deal: these rules allow 3-8 players, not a whole number of 101"),
        ("deal.players", 3.0, "deal.players: expected a whole number, not 3.0"),
        ("deal.players", False, "deal.players: expected a whole number, not False"),
        (
            "deal.leader",
            10**100,
            "deal: the leader must be a seat from 0 to 2, not a whole number of 101",
        ),
        ("deal.leader", 10**5000, "deal.leader: expected a whole number of at most 4300 digits"),
        ("deal.leader", True, "deal.leader: expected a seat number or null, not True"),
        ("deal.leader", 0.0, "deal.leader: expected a seat number or null, not 0.0"),
        ("deal.leader", -1, "deal: the leader must be a seat from 0 to 2, not -1"),
        ("deal.stock", [], "deal.stock: only a layout (with deal.hands) lays out cards"),
        ("deal.hands", [["2C"]], "deal.hands[0]: expected card text, not ['2C']"),
        ("deal.hands", {"0": "2C"}, "deal.hands: expected a list of card texts or null, not"),
        ("deal", "3 players", "deal: expected an object, not '3 players'"),
        ("moves", [["0 play 8D"]], "moves[0]: a move is written as text, not ['0 play 8D']"),
        ("moves", ["\u0661 play 8D"], "moves[0]: not a seat number: '\u0661'"),
        ("moves", ["0 dare 8D"], "moves[0]: a dare names no cards: '0 dare 8D'"),
        ("moves", {"0": "0 play 8D"}, "moves: expected a list, not {'0': '0 play 8D'}"),
        ("x" * 100, 1, "'xxxxxxxxxxxxxxxx"),
    ],
    ids=_short,
)
def test_a_record_field_of_the_wrong_type_or_size_is_refused(
    path: str, value: Any, message: str
) -> None:
    data = _record_data()
    *parents, last = path.split(".")
    where = data
    for key in parents:
        where = where[key]
    where[last] = value
    with pytest.raises(ValueError, match="^" + re.escape(message)):
        Record.from_dict(data)


def test_messages_about_record_fields_quote_long_values_in_short() -> None:
    data = _record_data()
    data["moves"] = ["0 play 2C " + "X" * 10_000]
    with pytest.raises(
        ValueError, match=r"^moves\[0\]: not a card: 'XXX.*' \(10000 characters\)"
    ) as caught:
        Record.from_dict(data)
    assert len(str(caught.value)) < 300


@pytest.mark.parametrize(
    ("setting", "value", "message"),
    [
        ("trick", "T" * 10_000, r"^rules\.trick: 'TTT.*' \(10000 characters\) is not one of: two"),
        ("trick", [0] * 10_000, r"^rules\.trick: expected text, not \[0, 0, 0.*, \.\.\.\]$"),
        ("multi", "M" * 10_000, r"^rules\.multi: expected true or false, not 'MMM.*' \(10000 char"),
        ("packs", "9" * 10_000, r"^rules\.packs: expected a whole number, not '999.*' \(10000 ch"),
        ("U" * 10_000, 1, r"^rules\.'UUU.*' \(10000 characters\): unknown field \(expected"),
    ],
    ids=_short,
)
def test_messages_about_rules_quote_long_values_in_short(
    setting: str, value: Any, message: str
) -> None:
    """A ruleset read from outside (a record, a server's table settings) names a bad
    setting's value in short, however long the value is."""
    data = _record_data()
    data["rules"][setting] = value
    with pytest.raises(ValueError, match=message) as caught:
        Record.from_dict(data)
    assert len(str(caught.value)) < 800


def test_a_ruleset_read_from_a_dict_names_an_unknown_setting_in_short() -> None:
    data = sg.rules.ruleset_to_dict(presets.FLURST)
    data["U" * 10_000] = 1
    with pytest.raises(
        ValueError, match=r"^unknown setting 'UUU.*' \(10000 characters\)"
    ) as caught:
        sg.rules.ruleset_from_dict(data)
    assert len(str(caught.value)) < 700


def test_deeply_nested_values_do_not_break_the_message() -> None:
    nested: list[Any] = []
    inner = nested
    for _ in range(100_000):
        inner.append([])
        inner = inner[0]
    data = _record_data()
    data["deal"]["seed"] = nested
    with pytest.raises(
        ValueError, match=r"^deal\.seed: expected a whole number, not \[\[\[\[\[\.\.\.\]\]\]\]\]$"
    ):
        Record.from_dict(data)


def test_deep_values_are_shown_safely_under_a_raised_recursion_limit() -> None:
    """A host that raises the recursion limit still gets a message, not a crash: the
    plain repr of a list 100,000 deep overflows the C stack there (in a child process,
    so that a crash fails this test rather than the test run)."""
    import subprocess
    import sys

    program = (
        "import sys\n"
        "sys.setrecursionlimit(200_000)\n"
        "from skitgubbe.errors import shown\n"
        "deep = []\n"
        "inner = deep\n"
        "for _ in range(100_000):\n"
        "    inner.append([])\n"
        "    inner = inner[0]\n"
        "print(shown(deep), shown((deep,)), shown({'k': deep}))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["[[[[[...]]]]]", "([[[[...]]]],)", "{'k':", "[[[[...]]]]}"]


def test_a_record_is_made_of_a_ruleset_a_deal_and_moves() -> None:
    deal = sg.Deal(3, 1)
    with pytest.raises(TypeError, match=r"^a record's rules must be a Ruleset, not 'flurst'.*"):
        Record("flurst", deal)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"presets.get\(name\)"):
        Record("flurst", deal)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^a record's deal must be a Deal"):
        Record(presets.FLURST, (3, 1))  # type: ignore[arg-type]
    with pytest.raises(
        TypeError, match=r"^moves must be a sequence of moves or their texts, not 5"
    ):
        Record(presets.FLURST, deal, 5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^moves\[0\] must be a move or its text, not 5 \(int\)"):
        Record(presets.FLURST, deal, [5])  # type: ignore[list-item]


def test_replay_takes_a_record() -> None:
    with pytest.raises(TypeError, match=r"^replay takes a Record, not dict"):
        replay(_record_data())  # type: ignore[arg-type]


def test_shown_keeps_values_in_messages_short() -> None:
    assert shown("2C") == "'2C'"
    assert shown(10**5000) == "a whole number of 5001 digits"
    assert shown(-(10**70)) == "a negative whole number of 71 digits"
    assert shown(list(range(1000))) == "[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, ...]"


# -- deals, layouts and states ------------------------------------------------------


@pytest.mark.parametrize(
    ("seed", "error"),
    [
        *[(bad, TypeError) for bad in ("abc", [1], 1.5, True, b"1")],
        *[(bad, ValueError) for bad in (-1, 2**64, 10**400)],
    ],
)
def test_a_layout_checks_its_seed_as_a_shuffled_deal_does(seed: object, error: type) -> None:
    """A laid-out deal's seed drives the shuffles to come: it is checked at once, as
    the seed of a shuffled deal is, not when it is first used."""
    for kwargs in ({"hands": ["8D 3D 5C", "3C 3S 2D", "KC KS 2H"], "stock": "7D"}, {"players": 3}):
        with pytest.raises(error, match="seed must be a whole number"):
            sg.deal(presets.FLURST, seed=seed, **kwargs)  # type: ignore[arg-type]


def test_a_shuffled_deal_refuses_laid_out_cards() -> None:
    with pytest.raises(ValueError, match="only a layout does: give hands"):
        sg.deal(presets.FLURST, players=3, seed=1, stock="7D")


def test_a_single_card_is_accepted_wherever_one_card_is_expected() -> None:
    """A ``Card`` may be given for one card, as well as card text."""
    by_card = sg.deal(
        presets.SWEDISH_GOAT,
        hands=[sg.parse_card("8D"), "3C", ["KC"]],
        stock="7D",
        set_aside=sg.Card.parse("QH"),
    )
    assert by_card.set_aside == (sg.parse_card("QH"),)
    assert by_card == sg.deal(
        presets.SWEDISH_GOAT, hands=["8D", "3C", "KC"], stock="7D", set_aside="QH"
    )


def test_a_mas_layout_with_an_empty_hand_plays_on() -> None:
    """P1-MAS: a hand below three cards draws while the stock lasts, so a layout with an
    empty hand cannot reach a state where nobody may act."""
    state: sg.State = sg.deal(presets.MAS, hands=["7S", "2C", ""], stock="3C 4C 5C 9D", leader=0)
    for move in ("0 play 7S", "1 pick 7S"):
        state = state.apply(move)
        assert state.is_over or state.legal_moves()
    assert isinstance(state, sg.PhaseTwoState) and state.legal_moves()


@pytest.mark.parametrize(
    ("seat", "error"),
    [(5, ValueError), (-1, ValueError), ("0", TypeError), (True, TypeError), (None, TypeError)],
)
def test_a_seat_outside_the_table_is_refused(seat: object, error: type) -> None:
    """``hand``, ``hand_size``, ``won``, ``view`` and ``legal_moves(player)`` name the bad seat."""
    one = sg.deal(presets.FLURST, players=3, seed=1)
    two = sg.start_phase_two(presets.FLURST, ["2C", "3C", "4C"], "D", 0)
    calls = [one.hand, one.hand_size, one.won, one.view, two.hand, two.view]
    if seat is not None:  # legal_moves(None) lists every seat's moves
        calls.append(one.legal_moves)
    for call in calls:
        with pytest.raises(error, match="seat"):
            call(seat)


@pytest.mark.parametrize("move", [5, None, 1.5, ("0", "play")])
def test_a_move_of_the_wrong_type_is_refused(move: object) -> None:
    state = sg.deal(presets.FLURST, players=3, seed=1)
    for call in (state.apply, state.check):
        with pytest.raises(TypeError, match="a move is a Move or its text"):
            call(move)


def test_start_phase_two_refuses_a_leader_that_is_not_a_seat() -> None:
    for leader in (True, 3, -1, "0"):
        with pytest.raises(ValueError, match="the leader must be a seat"):
            sg.start_phase_two(presets.FLURST, ["2C", "3C", "4C"], "D", leader)
    with pytest.raises(TypeError, match="hands must be a sequence"):
        sg.start_phase_two(presets.FLURST, None, "D", 0)  # type: ignore[arg-type]


def test_anti_trump_suit_refuses_text_for_its_setting() -> None:
    with pytest.raises(TypeError, match="setting must be an AntiTrump"):
        sg.anti_trump_suit("none", "D")  # type: ignore[arg-type]
    assert sg.anti_trump_suit(sg.AntiTrump.SAME_COLOUR, "D") is sg.Suit.HEARTS


def test_json_nesting_is_bounded_by_the_library_on_every_python() -> None:
    """A record, a view, a session and a tournament line nested 33 levels deep are
    refused by the library's own bound, whatever the JSON parser would take; 32
    levels reach the parser (and are refused there as no record)."""
    from skitgubbe.jsontext import MAX_NESTING, too_deep
    from skitgubbe.sessions import Session

    deep = "[" * (MAX_NESTING + 1) + "]" * (MAX_NESTING + 1)
    shallow = "[" * MAX_NESTING + "]" * MAX_NESTING
    assert too_deep(deep) and not too_deep(shallow)
    with pytest.raises(ValueError, match="nest more than 32 levels deep"):
        sg.Record.from_json(deep)
    with pytest.raises(ValueError, match="a game record is a JSON object"):
        sg.Record.from_json(shallow)
    with pytest.raises(ValueError, match="nest more than 32 levels deep"):
        sg.PlayerView.from_json(deep)
    with pytest.raises(ValueError, match="nest more than 32 levels deep"):
        Session.from_json(deep)
