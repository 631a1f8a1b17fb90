"""How two rulesets differ, setting by setting, with each setting's meaning.

>>> print(diff("flurst", "flurst:high_trump=true,forced_pick=true"))
setting      flurst  flurst:high_trump=true,forced_pick=true  rule IDs
high_trump   false   true                                     P2-HIGH-TRUMP
forced_pick  false   true                                     P2-FORCED-PICK
<BLANKLINE>
high_trump: The highest trump still in the game may only be played as a kill; a leader
    holding nothing else passes the lead to the right.
forced_pick: After a pick-up every following player must pick up too, until the table is
    empty.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterator, Sequence
from typing import overload

import attrs

from .. import presets
from ..rules import Ruleset
from ..specs import Variant, setting_text

__all__ = ["RulesetDiff", "SettingDiff", "diff"]


@attrs.frozen
class SettingDiff:
    """One setting in which two rulesets differ."""

    #: The field's name.
    name: str
    #: Its value in the first ruleset.
    first: object
    #: Its value in the second ruleset.
    second: object
    #: What the setting decides (the field's description).
    doc: str
    #: The rule IDs it implements.
    rules: tuple[str, ...]


@attrs.frozen
class RulesetDiff(Sequence[SettingDiff]):
    """The settings in which two rulesets differ, in field order.

    A sequence of :class:`SettingDiff`; empty when the rules are equal. Printed,
    it is a table of the settings with both values and their rule IDs, then
    what each setting decides.
    """

    #: The name of the first ruleset (its spec).
    first: str
    #: The name of the second ruleset.
    second: str
    #: The settings that differ.
    settings: tuple[SettingDiff, ...]

    @overload
    def __getitem__(self, index: int) -> SettingDiff: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[SettingDiff]: ...
    def __getitem__(self, index: int | slice) -> SettingDiff | Sequence[SettingDiff]:
        return self.settings[index]

    def __len__(self) -> int:
        return len(self.settings)

    def __iter__(self) -> Iterator[SettingDiff]:
        return iter(self.settings)

    @property
    def names(self) -> tuple[str, ...]:
        """The names of the settings that differ."""
        return tuple(setting.name for setting in self.settings)

    def __str__(self) -> str:
        if not self.settings:
            return f"{self.first} and {self.second} have the same rules"
        header = ("setting", self.first, self.second, "rule IDs")
        rows = [
            (s.name, setting_text(s.first), setting_text(s.second), ", ".join(s.rules))
            for s in self.settings
        ]
        widths = [max(len(row[i]) for row in [header, *rows]) for i in range(3)]
        lines = [
            "  ".join(
                [*(cell.ljust(width) for cell, width in zip(row[:3], widths, strict=True)), row[3]]
            ).rstrip()
            for row in [header, *rows]
        ]
        lines.append("")
        for setting in self.settings:
            lines.extend(
                textwrap.wrap(f"{setting.name}: {setting.doc}", width=88, subsequent_indent="    ")
            )
        return "\n".join(lines)


def _variant(value: str | Ruleset | Variant) -> Variant:
    return Variant.of(value)


def diff(a: str | Ruleset | Variant, b: str | Ruleset | Variant) -> RulesetDiff:
    """The settings in which ``a`` and ``b`` differ: rulesets, specs or variants.

    Each setting comes with both values, its description and its rule IDs,
    read from the :class:`~skitgubbe.rules.Ruleset` field's metadata.

    >>> [(s.name, s.first, s.second) for s in diff("pagat", "myllymatti")]
    []
    >>> diff("flurst", "swedish_goat").names
    ('min_players', 'trump_card', 'aces_low', 'sluff', 'last_trick_sluff', 'beat')
    """
    first, second = _variant(a), _variant(b)
    fields = attrs.fields_dict(Ruleset)
    settings = tuple(
        SettingDiff(
            name,
            getattr(first.rules, name),
            getattr(second.rules, name),
            str(fields[name].metadata.get("doc", "")),
            tuple(fields[name].metadata.get("rules", ())),
        )
        for name in presets.differences(first.rules, second.rules)
    )
    return RulesetDiff(first.spec, second.spec, settings)
