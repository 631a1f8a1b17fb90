"""Ruleset diffs: every differing setting, with both values, its meaning and rule IDs."""

from __future__ import annotations

import enum
from typing import Any

import attrs
import pytest

import skitgubbe as sg
from skitgubbe import presets
from skitgubbe.compare import diff

FIELDS: tuple[attrs.Attribute[Any], ...] = tuple(attrs.fields(sg.Ruleset))


def other_value(rules: sg.Ruleset, field: attrs.Attribute[Any]) -> sg.Ruleset | None:
    """``rules`` with ``field`` changed to some other playable value, if there is one."""
    kind: type = type(field.default)
    current = getattr(rules, field.name)
    if issubclass(kind, enum.Enum):
        candidates: list[object] = [member for member in kind if member is not current]
    elif kind is bool:
        candidates = [not current]
    else:
        candidates = [current + 1, current - 1]
    for value in candidates:
        changes: dict[str, Any] = {field.name: value}
        try:
            return attrs.evolve(rules, **changes)
        except sg.RulesetError:
            continue
    return None


@pytest.mark.parametrize("field", FIELDS, ids=lambda field: field.name)
def test_each_setting_is_described_by_its_field_metadata(field: attrs.Attribute[Any]) -> None:
    bases = [rules for rules in presets.ALL.values() if other_value(rules, field) is not None]
    assert bases, f"no preset can change {field.name}"
    base = bases[0]
    changed = other_value(base, field)
    assert changed is not None
    found = diff(base, changed)
    assert found.names == (field.name,)
    (setting,) = found
    assert setting.first == getattr(base, field.name)
    assert setting.second == getattr(changed, field.name)
    assert setting.doc == field.metadata["doc"] and setting.rules == field.metadata["rules"]
    assert field.name in str(found) and field.metadata["doc"].split()[0] in str(found)


def test_a_diff_prints_as_a_table() -> None:
    found = diff("swedish_goat", "flurst:high_trump=true")
    lines = str(found).splitlines()
    assert lines[0].split() == ["setting", "swedish_goat", "flurst:high_trump=true", "rule", "IDs"]
    assert lines[1].split() == ["min_players", "2", "3"]  # no rule ID for the player range
    assert lines[2].split()[:3] == ["trump_card", "set-aside", "last"]
    assert "P2-HIGH-TRUMP" in str(found)
    assert len(found) == 7 and found[0].name == "min_players"


def test_equal_rules_have_no_differences() -> None:
    found = diff("pagat", "myllymatti")
    assert len(found) == 0 and not list(found)
    assert str(found) == "pagat and myllymatti have the same rules"
