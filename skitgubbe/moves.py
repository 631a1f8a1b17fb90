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

__all__ = [
    "Dare",
    "Done",
    "Gather",
    "Move",
    "PickUp",
    "Play",
    "Sluff",
    "Store",
    "Swap",
    "parse_move",
]


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
    #: Whether the move names the cards it moves.
    takes_cards: ClassVar[bool] = True

    player: int = attrs.field(validator=_check_player)
    cards: tuple[Card, ...] = attrs.field(default=(), converter=_to_cards)
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


@attrs.frozen(eq=False, repr=False)
class Dare(Move):
    """Phase one: turn the top card of the stock and play it (P1-DARE).

    The card is unknown until the move is applied, so ``cards`` is empty.
    """

    verb: ClassVar[str] = "dare"
    takes_cards: ClassVar[bool] = False


@attrs.frozen(eq=False, repr=False)
class Sluff(Move):
    """Phase one: add matching cards to the trick out of turn, then refill the hand."""

    verb: ClassVar[str] = "sluff"


@attrs.frozen(eq=False, repr=False)
class Done(Move):
    """Phase one: declare that one will sluff no more on the decided trick (or pass
    the sluffing window)."""

    verb: ClassVar[str] = "done"
    takes_cards: ClassVar[bool] = False


@attrs.frozen(eq=False, repr=False)
class Gather(Move):
    """Phase one: the winner takes the decided trick, ending its sluffing."""

    verb: ClassVar[str] = "gather"
    takes_cards: ClassVar[bool] = False


@attrs.frozen(eq=False, repr=False)
class Store(Move):
    """Mas: show a hand of exactly three trumps, store it for phase two and draw
    three new cards (P1-MAS)."""

    verb: ClassVar[str] = "store"


@attrs.frozen(eq=False, repr=False)
class Swap(Move):
    """Mas: exchange the 2 of trumps (the move's card) for the turned-up card (P1-MAS)."""

    verb: ClassVar[str] = "swap"


MOVE_TYPES: dict[str, type[Move]] = {
    cls.verb: cls for cls in (Play, PickUp, Dare, Sluff, Done, Gather, Store, Swap)
}


def parse_move(text: str) -> Move:
    """Parse a move written as ``"<seat> <verb> <cards>"``.

    Verbs: ``play``, ``pick``, ``sluff``, ``store`` and ``swap`` name their cards;
    ``dare``, ``done`` and ``gather`` name none. Raises :class:`ValueError`
    naming what is wrong.

    >>> parse_move("0 pick 2C 3C")
    PickUp(player=0, cards='2C 3C')
    >>> parse_move("1 dare")
    Dare(player=1, cards='')
    >>> parse_move("0 eat 2C")
    Traceback (most recent call last):
    ...
    ValueError: unknown move verb 'eat' in '0 eat 2C' (expected one of: play, pick, dare, \
sluff, done, gather, store, swap)
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
    if cls.takes_cards and not cards:
        raise ValueError(f"a {verb} names its cards: {text!r}")
    if not cls.takes_cards and cards:
        raise ValueError(f"a {verb} names no cards: {text!r}")
    return cls(int(seat), cards)
