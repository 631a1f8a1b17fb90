"""Game records: JSON round trips, exact replays, and refusals that say what is wrong."""

from __future__ import annotations

import itertools
import json
import pickle
import re
from typing import Any

import attrs
import pytest

import skitgubbe as sg
from skitgubbe import presets
from skitgubbe.records import (
    ADDED_SETTINGS,
    FORMAT,
    FORMAT_VERSION,
    V1_SETTINGS,
    Record,
    ReplayError,
    replay,
)
from skitgubbe.simulate import random_moves


def seeded_game(name: str, seed: int = 3) -> tuple[sg.PhaseOneState, list[sg.Move], sg.State]:
    """A seeded deal of the preset, the random moves of a whole game and its end."""
    rules = presets.get(name)
    start = sg.deal(rules, players=max(rules.min_players, min(3, rules.max_players)), seed=seed)
    moves: list[sg.Move] = []
    final: sg.State = start
    for move, final in random_moves(start, seed):  # noqa: B007
        moves.append(move)
    return start, moves, final


def flurst_record() -> dict[str, Any]:
    start, moves, _ = seeded_game("flurst")
    return Record.of(start, moves[:10]).to_dict()


# -- round trips -----------------------------------------------------------------


@pytest.mark.parametrize("name", presets.NAMES)
def test_a_whole_game_round_trips_through_json(name: str) -> None:
    start, moves, _ = seeded_game(name)
    record = Record.of(start, moves)
    text = record.to_json()
    loaded = Record.from_json(text)
    assert loaded == record and hash(loaded) == hash(record)
    assert loaded.to_json() == text
    assert Record.from_dict(json.loads(text)) == record
    assert loaded.moves == tuple(str(move) for move in moves)
    assert loaded.start() == start


@pytest.mark.parametrize("name", presets.NAMES)
def test_every_presets_ruleset_round_trips(name: str) -> None:
    rules = presets.get(name)
    data = Record(rules, sg.Deal(rules.min_players, seed=1)).to_dict()
    assert data["format"] == FORMAT and data["version"] == FORMAT_VERSION
    # presets with equal settings are one value; a record of the preset object keeps its name
    assert data["preset"] == name
    assert Record.from_dict(data).preset == name
    assert presets.get(data["preset"]) == rules
    assert set(data["rules"]) == {field.name for field in attrs.fields(sg.Ruleset)}
    assert data["rules"]["trump_card"] == rules.trump_card.value
    assert data["rules"]["hand_size"] == rules.hand_size
    loaded = Record.from_json(json.dumps(data))
    assert loaded.rules == rules


def test_a_variant_is_written_without_a_preset_name() -> None:
    rules = attrs.evolve(presets.FLURST, multi=True, sluff=sg.SluffRule.OWN)
    record = Record.of(sg.deal(rules, players=4, seed=5), ["0 dare"])
    data = record.to_dict()
    assert "preset" not in data
    assert data["rules"]["multi"] is True and data["rules"]["sluff"] == "own"
    assert Record.from_json(record.to_json(indent=2)) == record


def test_equal_presets_keep_the_name_a_program_chose() -> None:
    start = sg.deal(presets.PAGAT, players=3, seed=2)
    chosen = Record.of(start, ["0 dare"], preset="myllymatti")
    assert chosen.preset == "myllymatti" and Record.of(start).preset == "pagat"
    loaded = Record.from_json(chosen.to_json())
    assert loaded.preset == "myllymatti" and loaded.to_dict()["preset"] == "myllymatti"
    assert loaded == Record.of(start, ["0 dare"])  # the name takes no part in equality
    # a copy of the preset's value is named by its first equal preset
    assert Record.of(sg.deal(attrs.evolve(presets.MYLLYMATTI), players=3, seed=2)).preset == "pagat"


def test_a_preset_name_that_does_not_fit_the_rules_is_refused() -> None:
    start = sg.deal(presets.FLURST, players=3, seed=2)
    refusal = "not the preset 'wizards'; they differ in max_players, first_lead"
    with pytest.raises(ValueError, match=refusal):
        Record.of(start, preset="wizards")
    with pytest.raises(ValueError, match="no preset 'flurts'"):
        Record.of(start, preset="flurts")
    variant = sg.deal(attrs.evolve(presets.FLURST, high_trump=True), players=3, seed=2)
    assert Record.of(variant).preset is None
    with pytest.raises(ValueError, match="they differ in high_trump"):
        Record.of(variant, preset="flurst")


def test_the_rules_may_be_given_by_the_preset_name_alone() -> None:
    data = flurst_record()
    del data["rules"]
    assert Record.from_dict(data).rules == presets.FLURST


@pytest.mark.parametrize(
    ("rules", "layout"),
    [
        (
            presets.FLURST,
            {"hands": ["8D 3D 5C", "3C 3S 2D", "KC KS 2H"], "stock": "7D QC JS 5H 9H 4C"},
        ),
        (
            presets.SWEDISH_GOAT,
            {"hands": ["8D 3D 5C", "3C 3S 2D"], "stock": "7D QC JS", "set_aside": "6S"},
        ),
        (
            presets.TWO_PLAYER,
            {
                "hands": ["AD 2D 3D", "4D 5D 6D"],
                "stock": "7D 8D 9D",
                "reserve": "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC",
            },
        ),
        (presets.MAS, {"hands": ["2H 3H 4H", "5C 6C KS"], "stock": "9S AD 8H"}),
    ],
)
def test_layout_deals_round_trip(rules: sg.Ruleset, layout: dict[str, Any]) -> None:
    start = sg.deal(rules, leader=0, seed=9, **layout)
    first = start.legal_moves()[0]
    record = Record.of(start, [first])
    loaded = Record.from_json(record.to_json())
    assert loaded == record
    assert loaded.deal.hands == tuple(layout["hands"])
    assert loaded.deal.stock == layout["stock"]
    assert loaded.deal.seed == 9 and loaded.deal.leader == 0
    assert loaded.start() == start
    assert replay(loaded)[1] == start.apply(first)
    assert json.loads(record.to_json())["deal"]["hands"] == layout["hands"]


def test_card_text_and_moves_are_kept_in_normal_form() -> None:
    """Records of one game are equal however the cards and moves were written."""
    rules = presets.FLURST
    written = Record(rules, sg.Deal(3, 0, 0, ("8d 3D,5c", "3C 3S 2D", "KC KS 2H"), "7D tD"))
    assert written.deal.hands == ("8D 3D 5C", "3C 3S 2D", "KC KS 2H")
    assert written.deal.stock == "7D 10D"
    state = written.start()
    assert Record.of(state, ["0  PLAY 8d"]) == Record.of(state, [sg.Play(0, "8D")])
    assert Record.of(state, ["0  PLAY 8d"]).moves == ("0 play 8D",)


# -- replay ------------------------------------------------------------------------


@pytest.mark.parametrize("name", presets.NAMES)
def test_replay_reproduces_every_state_of_a_random_game(name: str) -> None:
    start = seeded_game(name, seed=11)[0]
    played: list[sg.State] = [start]
    moves = []
    for move, after in random_moves(start, 11):
        moves.append(move)
        played.append(after)
    states = replay(Record.from_json(Record.of(start, moves).to_json()))
    assert len(states) == len(played) == len(moves) + 1
    for ours, theirs in zip(states, played, strict=True):
        assert type(ours) is type(theirs) and ours == theirs and ours.events == theirs.events
    assert states[-1].is_over and states[-1].loser == played[-1].loser is not None


def test_a_tampered_record_is_refused_naming_the_move_and_the_reason() -> None:
    start, moves, _ = seeded_game("flurst")
    states = replay(Record.of(start, moves))
    index = next(i for i, move in enumerate(moves) if i >= 5 and isinstance(move, sg.Play))
    before = states[index]
    player = moves[index].player
    held = set(before.hand(player))  # type: ignore[attr-defined]
    stranger = next(card for card in sg.one_pack() if card not in held)
    tampered = [*moves[:index], sg.Play(player, [stranger]), *moves[index + 1 :]]
    with pytest.raises(ReplayError) as refusal:
        replay(Record.of(start, tampered))
    error = refusal.value
    expected = before.explain(sg.Play(player, [stranger]))
    assert isinstance(expected, sg.IllegalMoveError)
    assert error.index == index and error.move == sg.Play(player, [stranger])
    assert isinstance(error.cause, sg.IllegalMoveError) and str(error.cause) == str(expected)
    assert error.rule == expected.rule and error.__cause__ is error.cause
    assert isinstance(error, ValueError)
    assert str(error) == f"move {index} ('{player} play {stranger}') is illegal: {expected}"


def test_a_move_out_of_turn_is_refused_with_its_rule() -> None:
    """P1-TRICK-ALL: in a Flurst deal only the leader may play first."""
    start = sg.deal(presets.FLURST, players=3, seed=1)
    card = start.hand(1)[0]
    with pytest.raises(ReplayError, match=rf"^move 0 \('1 play {card}'\) is illegal: ") as error:
        replay(Record.of(start, [f"1 play {card}"]))
    assert error.value.rule is not None and error.value.rule in str(error.value)


def test_a_move_after_the_game_is_over_is_refused() -> None:
    start, moves, final = seeded_game("pagat")
    extra = sg.Play(final.loser or 0, sg.one_pack()[:1])
    with pytest.raises(ReplayError, match=r"comes after the game is over \(seat \d is the goat\)"):
        replay(Record.of(start, [*moves, extra]))
    try:
        replay(Record.of(start, [*moves, extra]))
    except ReplayError as error:
        assert error.index == len(moves) and error.move == extra
        assert error.cause is None and error.rule is None


def test_a_replay_error_survives_pickling() -> None:
    start = sg.deal(presets.FLURST, players=3, seed=1)
    with pytest.raises(ReplayError) as refusal:
        replay(Record.of(start, ["2 dare"]))
    copy = pickle.loads(pickle.dumps(refusal.value))
    assert (copy.index, copy.move, str(copy), copy.rule) == (
        0,
        sg.Dare(2),
        str(refusal.value),
        refusal.value.rule,
    )


# -- bad input -----------------------------------------------------------------


def test_record_of_needs_the_dealt_state() -> None:
    start = sg.deal(presets.FLURST, players=3, seed=1)
    later = start.apply(start.legal_moves()[0])
    with pytest.raises(ValueError, match="starts from the dealt state, before any move"):
        Record.of(later)  # type: ignore[arg-type]
    two = sg.start_phase_two(presets.FLURST, ["2C", "3C", "4C"], "D", 0)
    with pytest.raises(TypeError, match="dealt PhaseOneState, not PhaseTwoState"):
        Record.of(two)  # type: ignore[arg-type]


def test_a_deal_the_rules_refuse_is_refused_with_the_deals_reason() -> None:
    with pytest.raises(ValueError, match=r"^deal: these rules allow 3-8 players, not 9$"):
        Record(presets.FLURST, sg.Deal(9, 1))
    with pytest.raises(ValueError, match=r"^deal: .*more than the hand size 3"):
        Record(presets.FLURST, sg.Deal(3, 1, None, ("2C 3C 4C 5C", "6C", "7C"), "8C"))
    with pytest.raises(ValueError, match=r"^moves\[1\]: unknown move verb 'eat'"):
        Record(presets.FLURST, sg.Deal(3, 1), ("0 dare", "0 eat 2C"))


def _set(data: dict[str, Any], path: str, value: Any) -> None:
    *parents, last = path.split(".")
    for key in parents:
        data = data[key]
    if value is _DELETE:
        del data[last]
    else:
        data[last] = value


_DELETE = object()


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        ("format", "chess-game", "format: expected 'skitgubbe-record', not 'chess-game'"),
        ("version", 4, "version: this library reads versions 1, 2, 3 of records, not 4"),
        ("version", _DELETE, "version: this library reads versions 1, 2, 3 of records, not None"),
        ("colour", "red", "colour: unknown field"),
        ("preset", "bridge", "preset: no preset 'bridge'; the presets are: pagat, "),
        ("preset", "pagat", "preset: the rules are not the preset 'pagat'; they differ in "),
        ("rules", [1, 2], "rules: expected an object, not [1, 2]"),
        ("rules.sluff", "sometimes", "rules.sluff: 'sometimes' is not one of: none, window, "),
        ("rules.multi", 1, "rules.multi: expected true or false, not 1"),
        ("rules.hand_size", True, "rules.hand_size: expected a whole number, not True"),
        ("rules.hand_size", 9, "rules: hand_size must be between 1 and 5, not 9"),
        ("rules.dare", _DELETE, "rules.dare: missing"),
        ("rules.colour", "red", "rules.colour: unknown field"),
        ("deal", _DELETE, "deal: missing"),
        ("deal.players", "three", "deal.players: expected a whole number, not 'three'"),
        ("deal.players", 9, "deal: these rules allow 3-8 players, not 9"),
        ("deal.seed", 1.5, "deal.seed: expected a whole number, not 1.5"),
        ("deal.leader", "0", "deal.leader: expected a seat number or null, not '0'"),
        ("deal.leader", 5, "deal: the leader must be a seat from 0 to 2, not 5"),
        ("deal.stock", "2C", "deal.stock: only a layout (with deal.hands) lays out cards"),
        ("deal.hands", "2C", "deal.hands: expected a list of card texts or null, not '2C'"),
        ("deal.shuffles", 2, "deal.shuffles: unknown field"),
        ("moves", "0 dare", "moves: expected a list, not '0 dare'"),
        ("moves", ["0 dare", 7], "moves[1]: a move is written as text, not 7"),
        ("moves", ["0 dare", "x"], "moves[1]: not a move: 'x'"),
        ("moves", _DELETE, "moves: missing"),
    ],
)
def test_bad_fields_are_refused_naming_the_field(path: str, value: Any, message: str) -> None:
    data = flurst_record()
    _set(data, path, value)
    with pytest.raises(ValueError, match="^" + re.escape(message)):
        Record.from_dict(data)
    with pytest.raises(ValueError, match="^" + re.escape(message)):
        Record.from_json(json.dumps(data))


def test_bad_layout_cards_are_refused_naming_the_hand() -> None:
    data = flurst_record()
    data["deal"] |= {"hands": ["8D 3D 5C", "3C 2X", "KC"], "stock": "7D"}
    with pytest.raises(ValueError, match=r"^deal.hands\[1\]: not a card: '2X'"):
        Record.from_dict(data)
    data["deal"]["hands"] = ["8D 3D 5C", "8D", "KC"]
    with pytest.raises(ValueError, match=r"^deal: 8D is laid out more than once"):
        Record.from_dict(data)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "not a JSON game record: "),
        ("[]", "a game record is a JSON object, not list"),
        ('"flurst"', "a game record is a JSON object, not str"),
    ],
)
def test_text_that_is_not_a_record_is_refused(text: str, message: str) -> None:
    with pytest.raises(ValueError, match="^" + re.escape(message)):
        Record.from_json(text)


def v1_record(record: Record, *, drop_rules: bool = False) -> dict[str, Any]:
    """``record`` as version 1 wrote it: without the settings added since."""
    data = record.to_dict()
    data["version"] = 1
    for key in (*V1_SETTINGS, *ADDED_SETTINGS[3]):
        del data["rules"][key]
    if drop_rules:
        del data["rules"]
    return data


def test_version_1_records_are_read_with_the_rules_they_were_played_under() -> None:
    """A version 1 record lacks ``claim``, ``complete_suit`` and ``must_match_trick``;
    it is read with the values that reproduce the rules of its time
    (P1-SLUFF-UNLIMITED: the winner waited for everyone's done)."""
    unlimited = attrs.evolve(sg.presets.HELMFRID, sluff=sg.SluffRule.UNLIMITED)
    state = sg.deal(unlimited, players=4, seed=3)
    loaded = Record.from_dict(v1_record(Record.of(state, [])))
    assert loaded.rules == attrs.evolve(unlimited, claim=sg.Claim.AFTER_DONE)
    assert loaded.preset is None
    # every preset plays as it did: its name is kept and its games replay
    for name in ("mattis", "flurst"):
        game = sg.deal(presets.get(name), players=3, seed=5)
        moves = [str(move) for move, _ in itertools.islice(random_moves(game, 5), 60)]
        for drop_rules in (False, True):
            loaded = Record.from_dict(v1_record(Record.of(game, moves), drop_rules=drop_rules))
            assert loaded.rules == presets.get(name) and loaded.preset == name
            assert replay(loaded)[-1] == replay(Record.of(game, moves))[-1]


def test_version_1_records_refuse_the_settings_of_version_2() -> None:
    """A version 1 record naming a setting added in version 2 is refused, not read."""
    data = v1_record(Record.of(sg.deal(sg.presets.FLURST, players=4, seed=1), []))
    data["rules"]["claim"] = "race"
    with pytest.raises(ValueError, match=r"rules\.claim: not a setting of version 1 records"):
        Record.from_dict(data)
    data = v1_record(Record.of(sg.deal(sg.presets.FLURST, players=4, seed=1), []))
    data["version"] = 4
    with pytest.raises(ValueError, match="reads versions 1, 2, 3 of records, not 4"):
        Record.from_dict(data)


def test_version_2_records_are_read_as_version_2_played_them() -> None:
    """P1-SLUFF-LAST-TRICK, P1-SLUFF-ANYTIME: a version 2 record has no last-trick
    limit, and its ``claim=race`` took no effect under any-time sluffing; a Goat
    game of version 2 (with Flurst's limit (b)) keeps its rules, not the preset's
    name, since the preset has changed since."""
    old_goat = attrs.evolve(
        sg.presets.SWEDISH_GOAT,
        sluff=sg.SluffRule.ANYTIME,
        last_trick_sluff=sg.LastTrickSluff.ALLOWED,
    )
    data = Record.of(sg.deal(old_goat, players=3, seed=2), []).to_dict()
    data["version"] = 2
    data["preset"] = "swedish_goat"
    data["rules"]["claim"] = "race"
    for key in ADDED_SETTINGS[3]:
        del data["rules"][key]
    loaded = Record.from_dict(data)
    assert loaded.rules == old_goat and loaded.preset is None
    data["rules"]["last_trick_sluff"] = "once-lost"
    with pytest.raises(ValueError, match="last_trick_sluff: not a setting of version 2"):
        Record.from_dict(data)
