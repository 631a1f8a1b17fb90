"""Checks of what a saved tournament file says, field by field.

A tournament file may have been edited, cut short or written by someone else;
:func:`~skitgubbe.tournament.resume` believes none of it. Each function here
takes a value read from JSON and returns it typed, or raises
:class:`ValueError` naming the field and what is wrong with it; the reader adds
the file and the line.

>>> whole(3, "players", 2, 8)
3
>>> whole(1e308, "rounds", 1)
Traceback (most recent call last):
...
ValueError: rounds must be a whole number, not 1e+308
>>> check_places((1.0, 3.0, 2.0), goat=1, ended_early=False)
(1.0, 3.0, 2.0)
>>> check_places((1.0, 1.0, 1.0), goat=1, ended_early=False)
Traceback (most recent call last):
...
ValueError: places must be 1, 2, ... and 3 for the goat, not [1.0, 1.0, 1.0]
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import shown

__all__ = ["check_places", "number", "settings_digest", "text", "whole"]


def whole(value: object, field: str, low: int | None = None, high: int | None = None) -> int:
    """``value`` as a whole number from ``low`` to ``high`` (either may be open)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{field} must be a whole number, not {shown(value)}")
    if (low is not None and value < low) or (high is not None and value > high):
        span = (
            f"from {low:,} to {high:,}"
            if low is not None and high is not None
            else f"at least {low:,}"
            if low is not None
            else f"at most {high:,}"
        )
        raise ValueError(f"{field} must be {span}, not {shown(value)}")
    return value


def number(value: object, field: str) -> float:
    """``value`` as a finite number (a JSON number, not a string)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"{field} must be a number, not {shown(value)}")
    if not math.isfinite(value):
        raise ValueError(f"{field} must be a finite number, not {shown(value)}")
    return float(value)


def text(value: object, field: str) -> str:
    """``value`` as a string."""
    if not isinstance(value, str):
        raise ValueError(f"{field} must be text, not {shown(value)}")
    return value


def check_places(places: Sequence[float], goat: int, ended_early: bool) -> tuple[float, ...]:
    """``places`` if they are the places a game can end with: the seats out, in
    order, take 1, 2, ...; the goat the last place; the seats still in (only when
    the game ``ended_early``, by a forfeit or a stall) share the places between.
    """
    players = len(places)
    others = sorted((place, seat) for seat, place in enumerate(places) if seat != goat)
    order: list[int] = []
    for place, seat in others:
        if place != len(order) + 1:
            break
        order.append(seat)
    rest = [seat for seat in range(players) if seat != goat and seat not in order]
    expected = [0.0] * players
    for place, seat in enumerate(order, 1):
        expected[seat] = float(place)
    for seat in rest:
        expected[seat] = len(order) + (len(rest) + 1) / 2
    expected[goat] = float(players)
    if list(places) != expected:
        raise ValueError(
            f"places must be 1, 2, ... and {players} for the goat, not {shown(list(places))}"
        )
    if len(rest) > 1 and not ended_early:
        raise ValueError(
            f"places {shown(list(places))} leave seats sharing places, which happens only "
            "when a bot forfeits or the game stalls"
        )
    return tuple(places)


def settings_digest(header: Mapping[str, Any]) -> str:
    """A digest of a tournament file's first line, which every later line repeats:
    a line whose digest differs was played under other settings (the first line
    was changed, or the line comes from another tournament).

    >>> settings_digest({"seed": 1}) == settings_digest({"seed": 1}) != settings_digest({"seed": 2})
    True
    """
    canonical = json.dumps(header, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()[:16]
