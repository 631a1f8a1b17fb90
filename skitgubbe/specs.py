"""Variant specs: a ruleset written as text a person can type, and back.

A spec is a preset's name, optionally followed by a colon and the settings that
differ from it, separated by commas: ``flurst``, ``flurst:high_trump=true``,
``swedish_goat:runs=single,pick_up=top``. Each setting is a
:class:`~skitgubbe.rules.Ruleset` field and its value: an enumeration's value
text (``pick_up=bottom-joined``), ``true`` or ``false``, or a whole number. A
yes-or-no setting written alone is switched on (``flurst:high_trump``), and the
names :func:`skitgubbe.presets.name_of` gives (``flurst + high_trump``) are read
as well, so anything the library prints can be typed back. Every function of the
library that takes rules takes a spec as well (:func:`as_rules`):

>>> import skitgubbe as sg
>>> sg.deal("flurst:high_trump=true", players=4, seed=7).rules.high_trump
True

>>> rules = parse_variant("flurst:high_trump=true,pick_up=top")
>>> rules.high_trump, rules.pick_up.value
(True, 'top')
>>> format_variant(rules)
'flurst:high_trump=true,pick_up=top'
>>> parse_variant("flurst + high_trump, pick_up=top") == rules
True

Whatever cannot be read is refused with a :class:`VariantError` that says why:

>>> parse_variant("flurst:beat=any")
Traceback (most recent call last):
...
skitgubbe.specs.VariantError: 'flurst:beat=any': beat='any' is not one of: suit, any-suit
>>> try:
...     parse_variant("flurst:hi_trump")
... except VariantError as error:
...     print(error)
'flurst:hi_trump': no setting 'hi_trump' (did you mean high_trump, anti_trump or kill_on_trump?)
"""

from __future__ import annotations

import difflib
import enum
from collections.abc import Mapping
from typing import Any

import attrs

from . import presets
from .errors import shown
from .rules import Ruleset, RulesetError

__all__ = [
    "Variant",
    "VariantError",
    "as_rules",
    "format_variant",
    "parse_variant",
    "setting_text",
]


class VariantError(ValueError):
    """A variant spec that names no ruleset that can be played."""


#: The longest spec read: every setting changed at once fits well within it.
MAX_SPEC_LENGTH = 2000


def _suggest(word: str, choices: list[str]) -> str:
    close = difflib.get_close_matches(word, choices, n=3, cutoff=0.6)
    if not close:
        return ""
    words = close[0] if len(close) == 1 else f"{', '.join(close[:-1])} or {close[-1]}"
    return f" (did you mean {words}?)"


def _fields() -> Mapping[str, attrs.Attribute[object]]:
    return attrs.fields_dict(Ruleset)


def setting_text(value: object) -> str:
    """A setting's value as a spec writes it: an enumeration's value text, ``true``
    or ``false``, or a whole number.

    >>> setting_text(presets.FLURST.pick_up), setting_text(True), setting_text(6)
    ('bottom-joined', 'true', '6')
    """
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _allowed(kind: type) -> list[str]:
    if issubclass(kind, enum.Enum):
        return [str(member.value) for member in kind]
    if kind is bool:
        return ["true", "false"]
    return []


def _normal(text: str) -> str:
    return text.strip().lower().replace("_", "-")


def _read_value(name: str, kind: type, text: str | None) -> object:
    """The value of setting ``name`` (of type ``kind``) written as ``text``."""
    if text is None:
        if kind is bool:
            return True
        allowed = _allowed(kind)
        hint = f", one of: {', '.join(allowed)}" if allowed else ""
        raise VariantError(f"{name} needs a value: {name}=VALUE{hint}")
    if kind is bool:
        word = text.strip().lower()
        if word in ("true", "false"):
            return word == "true"
    elif issubclass(kind, enum.Enum):
        wanted = _normal(text)
        for member in kind:
            if wanted in (_normal(str(member.value)), _normal(member.name)):
                return member
    elif kind is int:
        try:
            return int(text.strip())
        except ValueError:
            raise VariantError(f"{name}={text!r} is not a whole number") from None
    elif kind is str:
        return text.strip()
    elif kind is float:
        try:
            return float(text.strip())
        except ValueError:
            raise VariantError(f"{name}={text!r} is not a number") from None
    else:
        raise VariantError(f"{name} is a {kind.__name__} and cannot be set in a spec")
    allowed = _allowed(kind)
    raise VariantError(
        f"{name}={text.strip()!r} is not one of: {', '.join(allowed)}"
        + _suggest(text.strip().lower(), allowed)
    )


def _split(text: str) -> tuple[str, list[str]]:
    """The preset's name and the setting texts of a spec or a name."""
    marks = [at for at in (text.find(":"), text.find("+")) if at >= 0]
    if not marks:
        return text.strip(), []
    at = min(marks)
    settings = [part.strip() for part in text[at + 1 :].split(",")]
    if any(not part for part in settings):
        raise VariantError("an empty setting: write preset:field=value,field=value")
    return text[:at].strip(), settings


def _changes(settings: list[str]) -> dict[str, Any]:
    fields = _fields()
    changes: dict[str, Any] = {}
    for setting in settings:
        name, equals, value = setting.partition("=")
        name = name.strip().lower().replace("-", "_")
        field = fields.get(name)
        if field is None:
            raise VariantError(f"no setting {name!r}" + _suggest(name, list(fields)))
        if name in changes:
            raise VariantError(f"{name} is set twice")
        kind = type(field.default)
        changes[name] = _read_value(name, kind, value if equals else None)
    return changes


def _parse(text: str) -> tuple[str, Ruleset]:
    """The preset a spec starts from, and the rules it names."""
    if not isinstance(text, str):
        raise TypeError(f"a variant spec is text, not {type(text).__name__}")
    if len(text) > MAX_SPEC_LENGTH:
        raise VariantError(
            f"{shown(text)}: a spec of {len(text):,} characters is too long "
            f"(at most {MAX_SPEC_LENGTH:,})"
        )
    if not text.isascii():
        at, odd = next((i, c) for i, c in enumerate(text) if not c.isascii())
        raise VariantError(
            f"{shown(text)}: a spec is written in ASCII letters, digits and = , : + - _ "
            f"only, not {odd!r} (U+{ord(odd):04X}) at position {at}"
        )
    try:
        name, settings = _split(text)
        if not name:
            raise VariantError(f"no preset: start with one of {', '.join(presets.NAMES)}")
        key = name.lower().replace("-", "_")
        if key not in presets.ALL:
            raise VariantError(
                f"no preset {name!r}"
                + (
                    _suggest(key, list(presets.NAMES))
                    or f"; the presets are: {', '.join(presets.NAMES)}"
                )
            )
        changes = _changes(settings)
        try:
            rules = attrs.evolve(presets.ALL[key], **changes)
        except RulesetError as error:
            raise VariantError(f"these settings cannot be played together: {error}") from None
    except VariantError as error:
        raise VariantError(f"{shown(text)}: {error}") from None
    return key, rules


def parse_variant(text: str) -> Ruleset:
    """The :class:`~skitgubbe.rules.Ruleset` that a spec names.

    Raises :class:`VariantError` for an unknown preset or setting (suggesting
    close names), a value the setting cannot take (listing those it can), and
    settings that cannot be played together (with the ruleset's reason).
    """
    return _parse(text)[1]


def format_variant(rules: Ruleset, base: str | None = None) -> str:
    """The spec of ``rules``: a preset's name and the settings changed from it.

    The spec starts from the preset ``base`` if given, else from the closest
    preset (:func:`skitgubbe.presets.closest`). Settings come in the order of the
    ruleset's fields, each with its value, so that the text is the same for
    equal rules and :func:`parse_variant` reads it back:

    >>> format_variant(presets.MYLLYMATTI), format_variant(presets.MYLLYMATTI, "myllymatti")
    ('pagat', 'myllymatti')
    """
    name = presets.closest(rules) if base is None else base
    preset = presets.get(name)
    changes = [
        f"{field}={setting_text(getattr(rules, field))}"
        for field in presets.differences(preset, rules)
    ]
    return f"{name}:{','.join(changes)}" if changes else name


@attrs.frozen
class Variant:
    """A ruleset under comparison and its spec, the text that names it in results.

    >>> Variant.of("flurst:pick_up=top,high_trump").spec
    'flurst:high_trump=true,pick_up=top'
    >>> Variant.of(presets.SWEDISH_GOAT).spec
    'swedish_goat'
    """

    #: The spec, in its normal form (see :func:`format_variant`).
    spec: str
    #: The rules.
    rules: Ruleset

    @classmethod
    def of(cls, value: str | Ruleset | Variant) -> Variant:
        """A variant from a spec (keeping the preset it names), a ruleset, or a variant."""
        if isinstance(value, Variant):
            return value
        if isinstance(value, Ruleset):
            return cls(format_variant(value), value)
        if isinstance(value, str):
            base, rules = _parse(value)
            return cls(format_variant(rules, base), rules)
        raise TypeError(f"a variant is a spec or a Ruleset, not {type(value).__name__}")


def as_rules(rules: object, name: str = "rules") -> Ruleset:
    """``rules`` as a :class:`~skitgubbe.rules.Ruleset`: a ruleset as it is, or a
    spec's text read by :func:`parse_variant`; ``name`` names the argument in the
    error raised for anything else.

    >>> as_rules("pagat") == presets.PAGAT
    True
    >>> as_rules(7)
    Traceback (most recent call last):
    ...
    TypeError: rules must be a Ruleset or a spec such as 'flurst:high_trump=true', not int
    """
    if isinstance(rules, Ruleset):
        return rules
    if isinstance(rules, str):
        return parse_variant(rules)
    raise TypeError(
        f"{name} must be a Ruleset or a spec such as 'flurst:high_trump=true', "
        f"not {type(rules).__name__}"
    )
