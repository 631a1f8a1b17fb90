"""Moves and their text notation.

A move names its ``player`` (seat index, 0-based, clockwise) and the ``cards`` it
plays or picks up. Its notation is the seat, a verb and the cards:

>>> move = parse_move("2 play 7C 8C 9C")
>>> move
Play(player=2, cards='7C 8C 9C')
>>> str(move)
'2 play 7C 8C 9C'
>>> parse_move(str(move)) == move
True

Cards of a move form a set: their order does not matter, and they are kept
sorted by suit then rank.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

import attrs

from .cards import Card, cards_of, format_cards, mask_of, parse_cards

__all__ = ["Move", "PickUp", "Play", "parse_move"]


def _to_cards(value: str | Iterable[Card | str]) -> tuple[Card, ...]:
    return tuple(sorted(parse_cards(value)))


def _check_player(instance: object, attribute: object, value: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"a move's player must be a seat number 0 or more, not {value!r}")


@attrs.frozen(eq=False, repr=False)
class Move:
    """A move: something one player does. Subclasses name what is done."""

    #: The word that names the move in notation.
    verb: ClassVar[str] = ""

    player: int = attrs.field(validator=_check_player)
    cards: tuple[Card, ...] = attrs.field(converter=_to_cards)
    _mask: int = attrs.field(init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_mask", mask_of(self.cards))

    @property
    def mask(self) -> int:
        """The cards as the engine's multiset mask (see :mod:`skitgubbe.cards`)."""
        return self._mask

    @classmethod
    def from_mask(cls, player: int, mask: int) -> Move:
        """The move of ``player`` with the cards of ``mask``; shared, not rebuilt."""
        key = (cls, player, mask)
        move = _INTERNED.get(key)
        if move is None:
            move = _INTERNED[key] = cls(player, cards_of(mask))
        return move

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Move):
            return NotImplemented
        return (
            type(self) is type(other) and self.player == other.player and self._mask == other._mask
        )

    def __hash__(self) -> int:
        return hash((self.verb, self.player, self._mask))

    def __str__(self) -> str:
        text = f"{self.player} {self.verb}"
        return f"{text} {format_cards(self.cards)}" if self.cards else text

    def __repr__(self) -> str:
        return f"{type(self).__name__}(player={self.player}, cards='{format_cards(self.cards)}')"


_INTERNED: dict[tuple[type[Move], int, int], Move] = {}


@attrs.frozen(eq=False, repr=False)
class Play(Move):
    """Play cards to the table: a lead, or a beat of the top play (phase two)."""

    verb: ClassVar[str] = "play"


@attrs.frozen(eq=False, repr=False)
class PickUp(Move):
    """Pick up cards from the table into hand ("eat"), instead of beating."""

    verb: ClassVar[str] = "pick"


MOVE_TYPES: dict[str, type[Move]] = {cls.verb: cls for cls in (Play, PickUp)}


def parse_move(text: str) -> Move:
    """Parse a move written as ``"<seat> <verb> <cards>"``.

    Verbs: ``play`` and ``pick``. Raises :class:`ValueError` naming what is wrong.

    >>> parse_move("0 pick 2C 3C")
    PickUp(player=0, cards='2C 3C')
    >>> parse_move("0 eat 2C")
    Traceback (most recent call last):
    ...
    ValueError: unknown move verb 'eat' in '0 eat 2C' (expected one of: play, pick)
    """
    if not isinstance(text, str):
        raise TypeError(f"a move's text must be a string, not {type(text).__name__}")
    words = text.split(None, 2)
    if len(words) < 2:
        raise ValueError(f"not a move: {text!r} (write the seat, a verb and the cards)")
    seat, verb = words[0], words[1].lower()
    if not seat.isdigit():
        raise ValueError(f"not a seat number: {seat!r} in {text!r}")
    cls = MOVE_TYPES.get(verb)
    if cls is None:
        raise ValueError(
            f"unknown move verb {words[1]!r} in {text!r} (expected one of: {', '.join(MOVE_TYPES)})"
        )
    cards = parse_cards(words[2]) if len(words) > 2 else ()
    if not cards:
        raise ValueError(f"a {verb} names its cards: {text!r}")
    return cls(int(seat), cards)
