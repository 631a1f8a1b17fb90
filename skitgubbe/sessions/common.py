"""What the session objects share: their errors, the names of their JSON layouts, and
reading JSON strictly (no duplicate keys, no constants such as ``NaN``, no unknown keys)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from .. import presets
from ..errors import shown
from ..jsontext import MAX_NESTING, too_deep
from ..rules import Ruleset, ruleset_from_dict, ruleset_to_dict

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "HAND_NAMES",
    "MAX_MOVES",
    "READS_VERSIONS",
    "TWO_TABLES_FORMAT",
    "TWO_TABLES_VERSION",
    "SessionError",
]


#: The value of the ``"format"`` key of a saved session.
FORMAT = "skitgubbe-session"
#: The value of the ``"format"`` key of a saved pair of tables.
TWO_TABLES_FORMAT = "skitgubbe-two-tables"
#: The version of the session layout: version 2 added to each step of the
#: history a ``check`` chaining it to everything before it, and to each game the
#: ``seats`` it was played with. Version 1 sessions are still read.
FORMAT_VERSION = 2
#: The session layouts this library reads.
READS_VERSIONS = (1, 2)
#: The version of the two-tables layout.
TWO_TABLES_VERSION = 1
#: A game of a session that has not ended after this many moves is taken to be stuck.
MAX_MOVES = 100_000

#: The names of the two hands of each person in three-player confusion, in the
#: order the Flurst rules chant them.
HAND_NAMES = ("right", "left")


class SessionError(ValueError):
    """A session was asked for something its rules or its state do not allow."""


def _rules_data(rules: Ruleset, preset: str | None) -> dict[str, Any]:
    data: dict[str, Any] = {}
    if preset is not None:
        data["preset"] = preset
    data["rules"] = ruleset_to_dict(rules)
    return data


def _json_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data = dict(pairs)
    if len(data) != len(pairs):
        raise ValueError("a key appears twice in one object")
    return data


def _reject_constant(text: str) -> Any:
    raise ValueError(f"{text} is not a JSON value")


def _load(text: str | bytes) -> Any:
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise SessionError(f"not JSON: the bytes are not UTF-8 ({error.reason})") from None
    if not isinstance(text, str):
        raise TypeError(f"saved sessions are JSON text, not {type(text).__name__}")
    if too_deep(text):
        raise SessionError(
            f"not a saved session: its lists and objects nest more than {MAX_NESTING} levels deep"
        )
    try:
        return json.loads(text, object_pairs_hook=_json_object, parse_constant=_reject_constant)
    except RecursionError:
        raise SessionError("not a saved session: its lists and objects nest too deeply") from None
    except ValueError as error:
        raise SessionError(f"not JSON: {error}") from None


def _only_keys(data: object, known: tuple[str, ...]) -> None:
    if not isinstance(data, dict):
        raise SessionError(f"expected an object with {', '.join(known)}, not {shown(data)}")
    for key in data:
        if key not in known:
            raise SessionError(f"{key}: unknown field (expected {', '.join(known)})")


def _field(data: Mapping[str, Any], key: str, kind: type) -> Any:
    if key not in data:
        raise SessionError(f"{key}: missing")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise SessionError(f"{key}: expected {kind.__name__}, not {shown(value)}")
    return value


def _check_keys(
    data: object, form: str, keys: tuple[str, ...], versions: tuple[int, ...] = READS_VERSIONS
) -> None:
    if not isinstance(data, Mapping):
        raise SessionError(f"a saved session is a JSON object, not {type(data).__name__}")
    if data.get("format") != form:
        raise SessionError(f"format: expected {shown(form)}, not {shown(data.get('format'))}")
    if data.get("version") not in versions or isinstance(data.get("version"), bool):
        raise SessionError(
            f"version: this library reads version {' or '.join(map(str, versions))}, "
            f"not {shown(data.get('version'))}"
        )
    _only_keys(dict(data), ("format", "version", "preset", "rules", *keys))


def _read_rules(data: Mapping[str, Any]) -> tuple[Ruleset, str | None]:
    name = data.get("preset")
    if name is not None and (not isinstance(name, str) or name not in presets.ALL):
        raise SessionError(
            f"preset: no preset {shown(name)}; the presets are: {', '.join(presets.NAMES)}"
        )
    if "rules" not in data:
        if name is None:
            raise SessionError("rules: missing (give the rules, or a preset's name as preset)")
        return presets.get(name), name
    try:
        rules = ruleset_from_dict(_field(data, "rules", dict))
    except ValueError as error:
        raise SessionError(f"rules: {error}") from None
    return rules, _preset_of(rules, name)


def _preset_of(rules: Ruleset, preset: str | None) -> str | None:
    if preset is None:
        same = next((name for name, value in presets.ALL.items() if value is rules), None)
        return same or next(iter(presets.equal_presets(rules)), None)
    if presets.get(preset) != rules:
        differ = ", ".join(presets.differences(presets.get(preset), rules))
        raise SessionError(f"the rules are not the preset {shown(preset)}; they differ in {differ}")
    return preset
