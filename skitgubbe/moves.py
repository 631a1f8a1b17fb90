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
from typing import ClassVar, Final, cast

from .cards import Card, cards_of, format_cards, mask_of, parse_cards
from .errors import shown

__all__ = [
    "MAX_SEAT",
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


#: The highest seat number: no ruleset seats more than 16 players (8 with each pack).
MAX_SEAT: Final = 15


def _to_cards(value: object) -> tuple[Card, ...]:
    # parse_cards names what is wrong with anything that is not cards
    return tuple(sorted(parse_cards(cast("str | Iterable[Card | str]", value))))


def _seat(value: object) -> int:
    """``value`` if it is a seat number a move may name; raise naming it otherwise."""
    if type(value) is not int:  # a bool or an IntEnum would print as a word
        raise TypeError(
            f"a move's player must be a seat number (a whole number 0-{MAX_SEAT}), not "
            f"{shown(value)} ({type(value).__name__})"
        )
    if not 0 <= value <= MAX_SEAT:
        raise ValueError(
            f"a move's player must be a seat number 0 or more, up to {MAX_SEAT} (no ruleset "
            f"seats more than {MAX_SEAT + 1} players), not {shown(value)}"
        )
    return value


class Move:
    """A move: something one player does. Subclasses name what is done.

    A move is checked when it is made: its player is a seat number from 0 to
    :data:`MAX_SEAT`, a move that moves cards names at least one, and a move that
    names none (:class:`Dare`, :class:`Done`, :class:`Gather`) is given none.
    Whether the rules allow it is up to the state (``state.check(move)``). A move
    is a value: its player and cards cannot be changed.

    >>> Dare(0, "2C")
    Traceback (most recent call last):
    ...
    ValueError: a dare names no cards (the turned card is known only once the dare is \
applied), not 2C
    >>> Play(0, "")
    Traceback (most recent call last):
    ...
    ValueError: a play names its cards: give at least one card
    """

    # A plain class with slots and read-only properties, so that mypyc compiles it
    # to a native class and the pure build keeps the same behaviour.
    __slots__ = ("_cards", "_mask", "_player")

    #: The word that names the move in notation.
    verb: ClassVar[str] = ""
    #: Whether the move names the cards it moves.
    takes_cards: ClassVar[bool] = True

    _player: int
    #: the cards as ``Card`` objects, made from the mask when first asked for
    #: (``None`` until then: the engine makes moves from masks and reads masks)
    _cards: tuple[Card, ...] | None
    _mask: int

    # The arguments are typed ``object``: a move checks what it is given and names
    # what is wrong, in the compiled build as in the pure one.
    def __init__(self, player: object, cards: object = ()) -> None:
        named: tuple[Card, ...] | None = None
        if isinstance(cards, _Mask):  # from_mask: cards the engine made, sorted as a mask is
            mask = cards.mask
            some = mask != 0
        else:
            named = _to_cards(cards)
            some = bool(named)
            mask = -1
        seat = _seat(player)
        kind = type(self)
        if not kind.verb:
            raise TypeError(
                f"{kind.__name__} names no kind of move: make one of "
                f"{', '.join(cls.__name__ for cls in MOVE_TYPES.values())}"
            )
        if some and not kind.takes_cards:
            why = (
                " (the turned card is known only once the dare is applied)" if kind is Dare else ""
            )
            shown_cards = cards_of(mask) if named is None else named
            raise ValueError(f"a {kind.verb} names no cards{why}, not {format_cards(shown_cards)}")
        if not some and kind.takes_cards:
            raise ValueError(f"a {kind.verb} names its cards: give at least one card")
        self._player = seat
        self._cards = named
        self._mask = mask if named is None else mask_of(named)

    @property
    def player(self) -> int:
        """The seat that makes the move."""
        return self._player

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards the move plays, sluffs or picks up, sorted by suit then rank
        (empty for a move that moves no card)."""
        named = self._cards
        if named is None:
            named = self._cards = cards_of(self._mask)
        return named

    @property
    def mask(self) -> int:
        """The cards as the engine's multiset mask (see :mod:`skitgubbe.cards`)."""
        return self._mask

    @classmethod
    def from_mask(cls, player: int, mask: int) -> Move:
        """The move of ``player`` with the cards of ``mask``; shared, not rebuilt."""
        if not 0 <= player <= MAX_SEAT:
            _seat(player)  # raises, naming the seat
        shared = _INTERNED.get(cls)
        if shared is None:
            shared = _INTERNED[cls] = {}
        key = mask << 4 | player
        move = shared.get(key)
        if move is None:
            if len(shared) >= _INTERNED_LIMIT:
                shared.clear()  # moves are values: a new one is as good as a shared one
            # the cards read from the mask, not parsed and sorted again
            move = shared[key] = cls(player, _Mask(mask))
        return move

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self._player, self.cards))

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Move):
            return NotImplemented
        return (
            type(self) is type(other)
            and self._player == other._player
            and self._mask == other._mask
        )

    def __hash__(self) -> int:
        return hash((self.verb, self.player, self._mask))

    def __str__(self) -> str:
        text = f"{self.player} {self.verb}"
        return f"{text} {format_cards(self.cards)}" if self.cards else text

    def __repr__(self) -> str:
        return f"{type(self).__name__}(player={self.player}, cards='{format_cards(self.cards)}')"


class _Mask:
    """Cards given to a move's constructor as a multiset mask, by :meth:`Move.from_mask`."""

    __slots__ = ("mask",)

    def __init__(self, mask: int) -> None:
        self.mask = mask


#: Shared moves by kind, keyed by ``mask << 4 | player`` (one number, whose hash
#: is cheap, not a tuple).
_INTERNED: Final[dict[type[Move], dict[int, Move]]] = {}
#: Shared moves of a kind kept at most; its table is emptied when it is full, so
#: that a long-running program's memory levels off.
_INTERNED_LIMIT: Final = 100_000


class Play(Move):
    """Play cards to the table: a lead, or a beat of the top play (phase two)."""

    __slots__ = ()
    verb: ClassVar[str] = "play"


class PickUp(Move):
    """Pick up cards from the table into hand ("eat"), instead of beating."""

    __slots__ = ()
    verb: ClassVar[str] = "pick"


class Dare(Move):
    """Phase one: turn the top card of the stock and play it (P1-DARE).

    The card is unknown until the move is applied, so ``cards`` is empty.
    """

    __slots__ = ()
    verb: ClassVar[str] = "dare"
    takes_cards: ClassVar[bool] = False


class Sluff(Move):
    """Phase one: add matching cards to the trick out of turn, then refill the hand."""

    __slots__ = ()
    verb: ClassVar[str] = "sluff"


class Done(Move):
    """Phase one: declare that one will sluff no more on the decided trick (or pass
    the sluffing window)."""

    __slots__ = ()
    verb: ClassVar[str] = "done"
    takes_cards: ClassVar[bool] = False


class Gather(Move):
    """Phase one: the winner takes the decided trick, ending its sluffing."""

    __slots__ = ()
    verb: ClassVar[str] = "gather"
    takes_cards: ClassVar[bool] = False


class Store(Move):
    """Mas: show a hand of exactly three trumps, store it for phase two and draw
    three new cards (P1-MAS)."""

    __slots__ = ()
    verb: ClassVar[str] = "store"


class Swap(Move):
    """Mas: exchange the 2 of trumps (the move's card) for the turned-up card (P1-MAS)."""

    __slots__ = ()
    verb: ClassVar[str] = "swap"


MOVE_TYPES: Final[dict[str, type[Move]]] = {
    cls.verb: cls for cls in (Play, PickUp, Dare, Sluff, Done, Gather, Store, Swap)
}


def parse_move(text: object) -> Move:
    """Parse a move written as ``"<seat> <verb> <cards>"``.

    Verbs: ``play``, ``pick``, ``sluff``, ``store`` and ``swap`` name their cards;
    ``dare``, ``done`` and ``gather`` name none. Words are separated by
    whitespace; the verb may be in any case. The seat is written in the digits
    0-9 and is at most :data:`MAX_SEAT`. Raises :class:`ValueError` naming what is
    wrong, and :class:`TypeError` for anything but text.

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
        raise ValueError(f"not a move: {shown(text)} (write the seat, a verb and the cards)")
    seat, verb = words[0], words[1]
    # Only ASCII digits: str.isdigit and int() also take Arabic-Indic digits (U+0661).
    if not (seat.isascii() and seat.isdigit()):
        raise ValueError(
            f"not a seat number: {shown(seat)} in {shown(text)} (write the seat in the "
            f"digits 0-9, from 0 to {MAX_SEAT})"
        )
    if len(seat.lstrip("0")) > 2 or int(seat) > MAX_SEAT:
        raise ValueError(
            f"no seat {shown(seat)} in {shown(text)}: seats are numbered 0 to {MAX_SEAT} "
            f"(no ruleset seats more than {MAX_SEAT + 1} players)"
        )
    cls = MOVE_TYPES.get(verb.lower()) if verb.isascii() else None
    if cls is None:
        raise ValueError(
            f"unknown move verb {shown(verb)} in {shown(text)} (expected one of: "
            f"{', '.join(MOVE_TYPES)})"
        )
    cards = parse_cards(words[2]) if len(words) > 2 else ()
    if cls.takes_cards and not cards:
        raise ValueError(f"a {cls.verb} names its cards: {shown(text)}")
    if not cls.takes_cards and len(words) > 2:
        raise ValueError(f"a {cls.verb} names no cards: {shown(text)}")
    return cls(int(seat), cards)
