"""Events: what a move made happen, for logs and announcements.

Every state keeps the events of the move that produced it, in order, as
:attr:`skitgubbe.state.State.events`: the referee's record, naming every card,
drawn cards included. A player sees them through a view
(:attr:`skitgubbe.views.PlayerView.events`), where the cards that player cannot
know are only counted.
"""

from __future__ import annotations

import enum

from .cards import Card, cards_of, format_cards

__all__ = ["Event", "EventKind", "seat_events"]


class EventKind(enum.Enum):
    """What happened."""

    #: Cards were played to the table.
    PLAYED = "played"
    #: Cards were picked up from the table.
    PICKED_UP = "picked up"
    #: The trick was killed; its cards leave the game (P2-KILL).
    KILLED = "killed"
    #: The last cards on the table were picked up (P2-EMPTIED).
    EMPTIED = "emptied"
    #: The player's hand dropped to exactly three cards (P2-OUT).
    THREE_CARDS = "three cards"
    #: The player's hand dropped to exactly one card (P2-OUT).
    ONE_CARD = "one card"
    #: The player played the last card and is out (P2-OUT).
    OUT = "out"
    #: The player drew a card from the avstickshög (P2-AVSTICKSHOG).
    DREW = "drew"
    #: The lead passed over a player who could not lead (P2-HIGH-TRUMP, I-BLAMATTIS).
    LEAD_PASSED = "lead passed"
    #: The player leads the new trick.
    LEADS = "leads"
    #: Phase two stalled: the quiet limit was reached (``Ruleset.quiet_limit``),
    #: and the player, holding the most cards, is the goat.
    STALLED = "stalled holding the most cards"
    #: Mas's phase one stalled: the quiet limit was reached with no trick won and
    #: no card drawn (``Ruleset.quiet_limit``, a ruling); the stock is dealt out
    #: from the player, due to play, and phase one ends.
    STALLED_PHASE_ONE = "phase one stalled"
    #: The game is over and the player is the goat.
    GOAT = "goat"
    #: Phase one: the player turned the top card of the stock and played it (P1-DARE).
    DARED = "dared"
    #: Phase one: the player sluffed cards onto the trick.
    SLUFFED = "sluffed"
    #: Phase one: the player declared no more sluffing on the trick.
    DONE = "done"
    #: Phase one: the round tied; the tied players play again (P1-TIE-REPLAY).
    TIED = "tied"
    #: Phase one: the player won the trick.
    WON = "won"
    #: Phase one: the player took cards into their won pile outside a win (a split,
    #: a deal-out or taking back an unfinished trick).
    TOOK = "took"
    #: Phase one: the player drew cards from the stock into hand.
    DREW_STOCK = "drew from the stock"
    #: Phase one: the player drew the trump card and set it aside (D-TRUMP-LAST).
    DREW_TRUMP_CARD = "drew the trump card"
    #: Mas: the player picked up the led card.
    PICKED_LED = "picked up the led card"
    #: Mas: the player stored three trumps for phase two.
    STORED = "stored"
    #: Mas: the player exchanged the 2 of trumps for the turned-up card.
    SWAPPED = "swapped"
    #: Phase one is over.
    PHASE_ONE_OVER = "ended phase one"
    #: The player showed the cards left in hand when phase one ended (pagat asks
    #: this; they join the player's cards for phase two).
    SHOWED = "showed the cards left in hand"
    #: The trump card was turned: its suit is trump (I-TRUMP). The player is the
    #: seat that drew it, or the dealer (the last seat) when nobody did, as when it
    #: was set aside (D-TRUMP-SET-ASIDE).
    TRUMP = "turned the trump card"
    #: The player gave up low cards to the dreck (I-DRECK).
    GAVE_DRECK = "gave to the dreck"
    #: The player received dreck cards (I-DRECK).
    GOT_DRECK = "got from the dreck"


class Event:
    """One thing that happened: its kind, the player concerned, and any cards.

    In a player's view an event may name only some of its cards, or none, and
    count the rest in :attr:`hidden`: another player's draws are counted, not named.
    An event is a value: it compares, hashes and pickles by its fields, which
    cannot be changed.
    """

    # A plain class with slots and read-only properties, so that mypyc compiles it
    # to a native class and the pure build keeps the same behaviour.
    __slots__ = ("_hidden", "_kind", "_mask", "_player")

    def __init__(self, kind: EventKind, player: int, mask: int = 0, hidden: int = 0) -> None:
        self._kind = kind
        self._player = player
        self._mask = mask
        self._hidden = hidden

    @property
    def kind(self) -> EventKind:
        """What happened."""
        return self._kind

    @property
    def player(self) -> int:
        """The seat it happened to."""
        return self._player

    @property
    def mask(self) -> int:
        """The cards concerned that are named, as a multiset mask (see :attr:`cards`)."""
        return self._mask

    @property
    def hidden(self) -> int:
        """How many more cards the event concerns without naming them."""
        return self._hidden

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Event):
            return NotImplemented
        return (
            self._kind is other._kind
            and self._player == other._player
            and self._mask == other._mask
            and self._hidden == other._hidden
        )

    def __hash__(self) -> int:
        return hash((self._kind, self._player, self._mask, self._hidden))

    def __reduce__(self) -> tuple[object, ...]:
        return (Event, (self._kind, self._player, self._mask, self._hidden))

    @property
    def cards(self) -> tuple[Card, ...]:
        """The named cards concerned (empty for events about no card)."""
        return cards_of(self.mask)

    @property
    def count(self) -> int:
        """How many cards the event concerns, named or not."""
        return self.mask.bit_count() + self.hidden

    def __repr__(self) -> str:
        """The kind, the seat, and the cards in card notation (with the count of
        cards not named, if any)."""
        parts = [f"kind={self.kind.name}", f"player={self.player}"]
        if self.mask:
            parts.append(f"cards={format_cards(self.cards)!r}")
        if self.hidden:
            parts.append(f"hidden={self.hidden}")
        return f"Event({', '.join(parts)})"

    def __str__(self) -> str:
        cards = format_cards(self.cards)
        text = f"{self.player} {self.kind.value}" + (f" {cards}" if cards else "")
        if self.hidden:
            unnamed = f"{self.hidden} card" + ("s" if self.hidden > 1 else "")
            text += f" and {unnamed}" if cards else f" {unnamed}"
        return text


def seat_events(kind: EventKind) -> tuple[Event, ...]:
    """The events of ``kind`` about each seat (0 to 15) and no card: shared values,
    for the events the engine reports on most moves.

    >>> seat_events(EventKind.DONE)[2]
    Event(kind=DONE, player=2)
    """
    return tuple(Event(kind, seat) for seat in range(16))
