"""Cards, suits and ranks; card notation; packs; runs of touching cards.

Cards are written rank then suit: ``2``-``10`` (or ``T``), ``J``, ``Q``, ``K``,
``A``, then ``C``, ``D``, ``H`` or ``S`` (``♣ ♦ ♥ ♠`` are accepted too).

>>> parse_cards("10H TH QS A♠")
(Card('10H'), Card('10H'), Card('QS'), Card('AS'))
>>> format_cards(parse_cards("7c 8c"))
'7C 8C'

Inside the engine a card is a small integer, ``suit * 13 + rank - 2``, and a
collection of cards is a bitmask. Two packs (D-DOUBLE) hold two identical copies
of each card, so a collection is a *multiset mask*: bit ``i`` says "at least one
copy of card ``i``" and bit ``52 + i`` says "a second copy". With one pack the
upper bits are always clear, so both games share the same code.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Iterator, Mapping
from typing import Final

import attrs

from .errors import shown

__all__ = [
    "Card",
    "Rank",
    "Suit",
    "cards_argument",
    "check_copies",
    "format_cards",
    "is_run",
    "one_pack",
    "parse_card",
    "parse_cards",
    "rank_sets",
    "touching_runs",
    "two_packs",
]


class Suit(enum.IntEnum):
    """A suit. The order (clubs, diamonds, hearts, spades) only fixes sorting."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """The suit's letter in card notation: ``C``, ``D``, ``H`` or ``S``."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """The suit's symbol: ``♣``, ``♦``, ``♥`` or ``♠``."""
        return "♣♦♥♠"[self]

    @property
    def is_red(self) -> bool:
        """Whether the suit is red (diamonds, hearts)."""
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @classmethod
    def parse(cls, text: object) -> Suit:
        """The suit named by a letter or symbol (``"D"``, ``"d"``, ``"♦"``).

        A ``Suit`` passes through; anything but text raises :class:`TypeError`.

        >>> Suit.parse("♠")
        <Suit.SPADES: 3>
        >>> Suit.parse("X")
        Traceback (most recent call last):
        ...
        ValueError: not a suit: 'X' (expected one of C D H S or ♣ ♦ ♥ ♠)
        """
        if isinstance(text, Suit):
            return text
        if not isinstance(text, str):
            raise TypeError(
                f"a suit is written as text (one of C D H S or ♣ ♦ ♥ ♠) or given as a Suit, "
                f"not {shown(text)} ({type(text).__name__})"
            )
        letter = text.strip()
        suit = _SUIT_BY_TEXT.get(letter.upper() if letter.isascii() else letter)
        if suit is None:
            raise ValueError(f"not a suit: {shown(text)} (expected one of C D H S or ♣ ♦ ♥ ♠)")
        return suit

    def __str__(self) -> str:
        return self.letter


class Rank(enum.IntEnum):
    """A rank, valued 2 to 14 (ace high, as in phase two)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def text(self) -> str:
        """The rank in card notation (``10`` for ten)."""
        return _RANK_TEXT[self]

    def __str__(self) -> str:
        return self.text


_RANK_TEXT: Final = {r: (str(int(r)) if r <= 10 else "JQKA"[r - 11]) for r in Rank}
_RANK_BY_TEXT: Final = {text: r for r, text in _RANK_TEXT.items()}
_RANK_BY_TEXT["T"] = Rank.TEN
_SUIT_BY_TEXT: Final = {s.letter: s for s in Suit} | {s.symbol: s for s in Suit}
# ASCII case folding only: the long s (U+017F) must not pass for "S".
_TOKEN: Final = re.compile(r"(10|[2-9TJQKA])([CDHS♣♦♥♠])", re.IGNORECASE | re.ASCII)

#: Number of distinct cards in one pack.
CARDS_IN_PACK: Final = 52
#: Mask of every card of one pack (the "first copy" bits of a multiset mask).
PACK_MASK: Final = (1 << CARDS_IN_PACK) - 1
#: Mask of the thirteen cards of one suit, shifted to clubs.
SUIT_BITS: Final = (1 << 13) - 1


def _to_rank(value: object) -> Rank:
    """A card's rank from a :class:`Rank` or its value; anything else is refused."""
    if isinstance(value, Rank):
        return value
    if type(value) is not int:  # not a bool, nor another enumeration's member
        hint = ": parse card text with parse_card" if isinstance(value, str) else ""
        raise TypeError(
            f"a card's rank must be a Rank or a whole number 2-14 (ace 14), not "
            f"{shown(value)} ({type(value).__name__}){hint}"
        )
    if not Rank.TWO <= value <= Rank.ACE:
        raise ValueError(f"a card's rank must be 2 to 14 (ace 14), not {shown(value)}")
    return Rank(value)


def _to_suit(value: object) -> Suit:
    """A card's suit from a :class:`Suit` or its value; anything else is refused."""
    if isinstance(value, Suit):
        return value
    if type(value) is not int:  # not a bool, nor a rank given as the suit
        hint = ": parse suit text with Suit.parse" if isinstance(value, str) else ""
        raise TypeError(
            f"a card's suit must be a Suit or a whole number 0-3 (clubs, diamonds, hearts, "
            f"spades), not {shown(value)} ({type(value).__name__}){hint}"
        )
    if not 0 <= value <= 3:
        raise ValueError(f"a card's suit must be 0 to 3, not {shown(value)}")
    return Suit(value)


@attrs.frozen(order=False, repr=False)
class Card:
    """A playing card: a rank and a suit.

    Cards compare equal by value; two identical cards of a double pack are equal.
    Sorting orders by suit, then rank.

    >>> Card(Rank.QUEEN, Suit.SPADES)
    Card('QS')
    >>> Card.parse("q♠").index
    49
    """

    #: The card's rank: a :class:`Rank` or its value, 2 to 14.
    rank: Rank = attrs.field(converter=_to_rank)
    #: The card's suit: a :class:`Suit` or its value, 0 to 3.
    suit: Suit = attrs.field(converter=_to_suit)

    @property
    def index(self) -> int:
        """The card's number inside the engine: ``suit * 13 + rank - 2`` (0-51)."""
        return self.suit * 13 + self.rank - 2

    @classmethod
    def parse(cls, text: object) -> Card:
        """The card written as ``text`` (see the module docs for the notation)."""
        return parse_card(text)

    @classmethod
    def from_index(cls, index: object) -> Card:
        """The card whose engine number is ``index`` (0-51).

        >>> Card.from_index(51)
        Card('AS')
        """
        if type(index) is int and 0 <= index < CARDS_IN_PACK:
            return CARDS[index]
        if type(index) is not int:
            raise TypeError(
                f"a card's engine number must be a whole number 0-51, not {shown(index)} "
                f"({type(index).__name__})"
            )
        raise ValueError(f"a card's engine number must be 0 to 51, not {shown(index)}")

    def __str__(self) -> str:
        return self.rank.text + self.suit.letter

    def __repr__(self) -> str:
        return f"Card('{self}')"

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index >= other.index


#: Every card of one pack, indexed by engine number.
CARDS: Final[tuple[Card, ...]] = tuple(Card(Rank(i % 13 + 2), Suit(i // 13)) for i in range(52))


def parse_card(text: object) -> Card:
    """Parse one card; raise :class:`ValueError` naming the token if it is not a card.

    Anything but text raises :class:`TypeError`.

    >>> parse_card("TD")
    Card('10D')
    >>> parse_card("1D")
    Traceback (most recent call last):
    ...
    ValueError: not a card: '1D' (write rank then suit, such as 10H, QS or A♠)
    """
    if not isinstance(text, str):
        raise TypeError(
            f"a card is written as text, such as '10H', 'QS' or 'A♠', not {shown(text)} "
            f"({type(text).__name__})"
        )
    match = _TOKEN.fullmatch(text.strip())
    if match is None:
        raise ValueError(f"not a card: {shown(text)} (write rank then suit, such as 10H, QS or A♠)")
    rank = _RANK_BY_TEXT[match.group(1).upper()]
    suit = _SUIT_BY_TEXT[match.group(2).upper()]
    return CARDS[suit * 13 + rank - 2]


def parse_cards(text: object) -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas, or pass through ``Card`` objects.

    >>> parse_cards("2C, 3C 4c")
    (Card('2C'), Card('3C'), Card('4C'))
    >>> parse_cards("2C 3X")
    Traceback (most recent call last):
    ...
    ValueError: not a card: '3X' (write rank then suit, such as 10H, QS or A♠)
    """
    if isinstance(text, str):
        return tuple(parse_card(token) for token in text.replace(",", " ").split())
    if isinstance(text, (bytes, bytearray, memoryview, Mapping)) or not isinstance(text, Iterable):
        raise TypeError(
            "cards are card text such as '7C 8C 9C', or a sequence of cards or card texts, "
            f"not {shown(text)} ({type(text).__name__})"
        )
    cards: list[Card] = []
    for item in text:
        if isinstance(item, Card):
            cards.append(item)
        elif isinstance(item, str):
            cards.append(parse_card(item))
        else:
            raise TypeError(
                f"cards[{len(cards)}] must be a Card or card text, not {shown(item)} "
                f"({type(item).__name__})"
            )
    return tuple(cards)


def cards_argument(value: object, what: str) -> tuple[Card, ...]:
    """The cards of an argument given as text, a :class:`~skitgubbe.cards.Card` or
    an iterable of cards or card texts; raise naming ``what`` otherwise."""
    if isinstance(value, Card):
        return (value,)
    if isinstance(value, str):
        return parse_cards(value)
    if isinstance(value, Iterable) and not isinstance(value, (bytes, bytearray, dict)):
        try:
            return parse_cards(value)
        except TypeError as error:
            raise TypeError(f"{what}: {error}") from None
    raise TypeError(f"{what} must be card text, a Card or a list of cards, not {shown(value)}")


def format_cards(cards: Iterable[Card]) -> str:
    """Write cards in notation, separated by single spaces."""
    return " ".join(str(card) for card in cards)


def one_pack() -> tuple[Card, ...]:
    """The 52 cards of one pack, clubs first, each suit from 2 to ace (D-DECK)."""
    return CARDS


def two_packs() -> tuple[Card, ...]:
    """Two packs shuffled together: 104 cards, two of each (D-DOUBLE)."""
    return CARDS + CARDS


def is_run(cards: Iterable[Card]) -> bool:
    """Whether the cards form one run of touching cards: one suit, consecutive ranks.

    Ace is high (phase two). Identical cards never touch (P2-RUN-DOUBLE).

    >>> is_run(parse_cards("QH KH AH")), is_run(parse_cards("AH 2H")), is_run(parse_cards("5C 5C"))
    (True, False, False)
    """
    indexes = sorted(card.index for card in cards)
    if not indexes:
        return False
    if indexes[0] // 13 != indexes[-1] // 13:
        return False
    return indexes[-1] - indexes[0] == len(indexes) - 1 and len(set(indexes)) == len(indexes)


def touching_runs(cards: Iterable[Card]) -> tuple[tuple[Card, ...], ...]:
    """Split cards into maximal runs of touching cards, lowest suit and rank first.

    With two packs a second copy of a card starts a run of its own, since identical
    cards never touch (D-DOUBLE).

    >>> [format_cards(run) for run in touching_runs(parse_cards("5C 6C 6C 7C 9C KD"))]
    ['5C 6C 7C', '6C', '9C', 'KD']
    """
    mask = 0
    for card in cards:
        mask = add_cards(mask, 1 << card.index)
    runs: list[tuple[Card, ...]] = []
    for layer in (mask & PACK_MASK, mask >> CARDS_IN_PACK):
        for suit in range(4):
            pattern = (layer >> (13 * suit)) & SUIT_BITS
            for run in maximal_runs(pattern):
                runs.append(cards_of(run << (13 * suit)))
    runs.sort(key=lambda run: (run[0].index, len(run)))
    return tuple(runs)


# ---------------------------------------------------------------------------
# Multiset masks: the engine's representation of a collection of cards.


def replace_at(masks: tuple[int, ...], seat: int, mask: int) -> tuple[int, ...]:
    """``masks`` (one mask a seat) with ``seat``'s changed to ``mask``: a new tuple.
    (A list copy is the cheapest way to build it in compiled code.)"""
    values = list(masks)
    values[seat] = mask
    return tuple(values)


def _rank_sets(copies: int) -> tuple[int, ...]:
    table = [0] * (1 << 13)
    for ranks in range(1, 1 << 13):
        low = ranks & -ranks
        rank = low.bit_length() - 1
        table[ranks] = (
            table[ranks ^ low] | sum(1 << (13 * suit + rank) for suit in range(4)) * copies
        )
    return tuple(table)


#: The cards of each set of ranks (13 bits, bit 0 the 2s), one pack's copies:
#: small numbers, which compiled code keeps unboxed (see :func:`rank_sets`).
_RANK_SETS_ONE: Final = _rank_sets(1)
#: The same with both copies of each card.
_RANK_SETS_TWO: Final = _rank_sets(1 | 1 << CARDS_IN_PACK)


def rank_sets(packs: int) -> tuple[int, ...]:
    """The cards of each set of ranks, indexed by the set as 13 bits (bit 0 the
    2s), for a game of one pack or two (both copies of each card): a shared tuple.
    A one-pack game's masks stay under 52 bits, so ``hand & rank_sets(1)[ranks]``
    is plain machine arithmetic in compiled code, where the two-pack table's
    104-bit masks would make every ``&`` a big-number operation.

    >>> hand = mask_of(parse_cards("2C 5D 5S KH"))
    >>> format_cards(cards_of(hand & rank_sets(1)[1 << 3 | 1 << 11]))  # fives and kings
    '5D KH 5S'
    """
    if packs == 1:
        return _RANK_SETS_ONE
    if packs == 2:
        return _RANK_SETS_TWO
    raise ValueError(f"a game is played with one pack or two, not {shown(packs)}")


def add_cards(hand: int, cards: int) -> int:
    """Add ``cards`` (a mask holding each card at most once) to the multiset ``hand``."""
    already = hand & cards
    return (hand | cards) | (already << CARDS_IN_PACK)


def remove_cards(hand: int, cards: int) -> int:
    """Remove ``cards`` (each at most once, all held) from the multiset ``hand``."""
    second = (hand >> CARDS_IN_PACK) & cards
    return hand - (second << CARDS_IN_PACK) - (cards & ~second)


def count_cards(hand: int) -> int:
    """How many cards the multiset mask holds."""
    return hand.bit_count()


def iter_indexes(mask: int) -> Iterator[int]:
    """The card numbers of a multiset mask, lowest first, repeated for second copies."""
    while mask:
        low = mask & -mask
        yield (low.bit_length() - 1) % CARDS_IN_PACK
        mask ^= low


def cards_of(mask: int) -> tuple[Card, ...]:
    """The ``Card`` objects of a multiset mask, sorted by suit then rank."""
    return tuple([CARDS[i] for i in sorted(iter_indexes(mask))])


def mask_of(cards: Iterable[Card]) -> int:
    """The multiset mask of some cards (each card may appear at most twice)."""
    mask = 0
    for card in cards:
        bit = 1 << card.index
        if mask & (bit << CARDS_IN_PACK):
            raise ValueError(
                f"{card} appears more than twice: even two packs hold only two of each card "
                "(D-DOUBLE)"
            )
        mask = add_cards(mask, bit)
    return mask


def maximal_runs(pattern: int) -> Iterator[int]:
    """Split a 13-bit pattern of one suit into its maximal blocks of adjacent bits."""
    while pattern:
        block = pattern & -pattern
        while (block << 1) & pattern & ~block:
            block |= block << 1
        yield block
        pattern &= ~block


def check_copies(masks: Iterable[int], packs: int, verb: str = "dealt") -> None:
    """Raise ``ValueError`` if the masks hold any card more often than ``packs`` allow.

    ``verb`` says what happened to the cards, for the message (D-DOUBLE).
    """
    total = 0
    for mask in masks:
        for index in iter_indexes(mask):
            bit = 1 << index
            if total >> CARDS_IN_PACK & bit or (packs == 1 and total & bit):
                copies = "once" if packs == 1 else "twice"
                raise ValueError(
                    f"{CARDS[index]} is {verb} more than {copies} with {packs} pack(s) (D-DOUBLE)"
                )
            total = add_cards(total, bit)
