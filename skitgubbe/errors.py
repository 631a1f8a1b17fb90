"""Errors raised by the engine."""

from __future__ import annotations

import reprlib

__all__ = ["IllegalMoveError", "no_seat", "shown"]


class IllegalMoveError(ValueError):
    """A move the rules forbid in the current state.

    ``rule`` is the ID of the rule that forbids it (listed in the rules reference), or
    ``None`` when the move breaks no rule of the catalogue, such as naming a card the
    player does not hold or a seat that is not at the table. A phase-one play out of
    turn names the trick rule that orders the players (P1-TRICK-ALL, P1-TIE-REPLAY's
    replays included); phase two has no rule ID for its turn order. The message says
    what is wrong.
    """

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(f"{message} ({rule})" if rule else message)
        self.rule = rule


#: The longest rendering of a value that an error message quotes in full.
_SHOWN_LENGTH = 60

#: How containers are rendered: a few levels and a few items of each, never the whole
#: of a huge or deeply nested value (whose plain ``repr`` can recurse past the C stack
#: when a host program has raised the recursion limit).
_CONTAINERS = reprlib.Repr()
_CONTAINERS.maxlevel = 4
for _name in ("maxlist", "maxtuple", "maxset", "maxfrozenset", "maxdeque", "maxdict"):
    setattr(_CONTAINERS, _name, 12)
_CONTAINERS.maxstring = _CONTAINERS.maxother = _CONTAINERS.maxlong = _SHOWN_LENGTH


def shown(value: object) -> str:
    """A short rendering of a value for an error message: its ``repr``, cut short.

    Input from outside can be huge or odd (a number of thousands of digits, deeply
    nested lists, an object whose ``repr`` fails); the message stays short and is
    always made. Lists, tuples, sets and dicts show their first levels and items only.

    >>> shown("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...' (100 characters)"
    >>> shown(10**5000)
    'a whole number of 5001 digits'
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 192:
        sign = "a negative" if value < 0 else "a"
        return f"{sign} whole number of {_digits(abs(value))} digits"
    try:
        if isinstance(value, (list, tuple, dict, set, frozenset)):
            text = _CONTAINERS.repr(value)
        else:
            text = repr(value)
    except Exception:  # a repr that fails (too deep, a number too long) still names a kind
        return f"a {type(value).__name__}"
    if len(text) <= _SHOWN_LENGTH:
        return text
    size = f" ({len(value)} characters)" if isinstance(value, str) else ""
    return f"{text[: _SHOWN_LENGTH - 4]}...{text[-1]}{size}"


def no_seat(player: int, players: int) -> str:
    """Say that ``player`` is no seat of a table of ``players``, however long the number.

    >>> no_seat(9, 4)
    'there is no seat 9 at a table of 4 (seats 0 to 3)'
    >>> no_seat(10**5000, 4)
    'there is no seat numbered by a whole number of 5001 digits at a table of 4 (seats 0 to 3)'
    """
    number = str(player) if -(10**6) < player < 10**6 else f"numbered by {shown(player)}"
    return f"there is no seat {number} at a table of {players} (seats 0 to {players - 1})"


def _digits(number: int) -> int:
    """How many decimal digits a non-negative whole number has, without printing it."""
    estimate = int(number.bit_length() * 0.30102999566398120)
    return estimate + 1 if number >= 10**estimate else estimate
