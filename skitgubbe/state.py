"""The game state: an immutable value, one class per phase, and player views.

A state knows everything (every hand, face-down piles); :meth:`State.view` gives
what one player may see. :meth:`State.apply` returns a new state and never
changes the old one; unchanged parts are shared.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

import attrs

from .cards import Card, Suit, cards_of, count_cards, format_cards
from .errors import IllegalMoveError
from .events import Event, EventKind
from .moves import Move, Play, parse_move
from .rules import Ruleset, TrumpCard

if TYPE_CHECKING:
    from .phase_two import Context

__all__ = ["Deal", "Phase", "PhaseOneState", "PhaseTwoState", "PlayerView", "State"]


class Phase(enum.Enum):
    """Where the game stands."""

    #: Collecting cards by taking tricks.
    ONE = "one"
    #: Beat it or eat it: getting rid of cards.
    TWO = "two"
    #: The game is over; :attr:`State.loser` is the goat.
    OVER = "over"


@attrs.frozen(eq=False)
class State:
    """What every state offers, whatever the phase.

    Subclasses hold the phase's data; the rules live in the phase modules.
    """

    #: The rules in force.
    rules: Ruleset

    @property
    def phase(self) -> Phase:
        """The current phase, or :attr:`Phase.OVER`."""
        raise NotImplementedError

    @property
    def players(self) -> int:
        """How many seats the table has."""
        raise NotImplementedError

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats that may act now (empty once the game is over)."""
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase is Phase.OVER

    @property
    def loser(self) -> int | None:
        """The goat's seat once the game is over, else ``None``."""
        raise NotImplementedError

    @property
    def events(self) -> tuple[Event, ...]:
        """What the move that made this state caused, in order."""
        raise NotImplementedError

    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal move of every player who may act now."""
        raise NotImplementedError

    def explain(self, move: Move) -> IllegalMoveError | None:
        """Why ``move`` is illegal here, or ``None`` if it is legal."""
        raise NotImplementedError

    def view(self, player: int) -> PlayerView:
        """What ``player`` may see of this state."""
        raise NotImplementedError

    def is_legal(self, move: Move | str) -> bool:
        """Whether ``move`` (a move or its text) is legal now."""
        if isinstance(move, str):
            try:
                move = parse_move(move)
            except ValueError:
                return False
        return move in self.legal_moves()

    def check(self, move: Move | str) -> None:
        """Raise :class:`IllegalMoveError`, naming the rule, if ``move`` is illegal."""
        self._validated(move)

    def apply(self, move: Move | str) -> State:
        """The state after ``move`` (a move or its text); this state is unchanged.

        Raises :class:`IllegalMoveError` naming the rule if the move is illegal.
        """
        raise NotImplementedError

    def _validated(self, move: Move | str) -> Move:
        """``move`` as a move object, once it is known to be legal here."""
        if isinstance(move, str):
            move = parse_move(move)
        legal = self.legal_moves()
        for listed in legal:
            if listed is move:  # listed moves are shared values: the usual, quick case
                return move
        if move not in legal:
            error = self.explain(move)
            if error is None:  # pragma: no cover - explain and legal_moves must agree
                raise AssertionError(f"{move} is refused but no rule forbids it")
            raise error
        return move


def _no_cache() -> tuple[Move, ...] | None:
    return None


@attrs.frozen(eq=False, repr=False)
class PhaseTwoState(State):
    """A phase-two state ("beat it or eat it").

    Inside, hands and piles are multiset masks (see :mod:`skitgubbe.cards`); use
    :meth:`hand`, :attr:`table` and the other properties for ``Card`` objects.
    Two states are equal when the game stands the same (the events that led
    there do not count).
    """

    #: The trump suit.
    trump: Suit
    #: Each seat's hand, as a multiset mask.
    hand_masks: tuple[int, ...]
    #: The plays on the table, earliest first, each a mask.
    table_masks: tuple[int, ...]
    #: The seat to act, or -1 once the game is over.
    turn: int
    #: How many plays kill the current trick (players in the game when it began).
    trick_size: int
    #: A bit for each seat still in the game.
    active: int
    #: A bit for each Blåmattis still owing a pick-up (I-BLAMATTIS).
    blamattis: int
    #: Whether a forced pick-up is under way (P2-FORCED-PICK).
    forced: bool
    #: The killed cards, as a multiset mask.
    killed_mask: int
    #: The avstickshög, top card first, as card numbers (P2-AVSTICKSHOG).
    reserve_cards: tuple[int, ...]
    #: The goat's seat, or -1.
    goat: int
    #: Avstickshög: the seat whose led last card awaits an answer, or -1.
    lead_out: int
    #: Precomputed facts of the rules and trump (derived; not part of the value).
    context: Context = attrs.field(repr=False)
    #: The move that made this state, if any.
    last_move: Move | None = attrs.field(default=None, repr=False)
    #: The events of that move.
    notes: tuple[Event, ...] = attrs.field(default=(), repr=False)
    #: Cards out of play for the whole game, such as a set-aside trump card.
    out_of_play_mask: int = attrs.field(default=0, repr=False)
    #: Whether this state opens phase two after phase one (its move was a phase-one
    #: move, whose own event is among the notes).
    opening: bool = attrs.field(default=False, repr=False)
    _legal: tuple[Move, ...] | None = attrs.field(init=False, factory=_no_cache, repr=False)

    def _key(self) -> tuple[object, ...]:
        return (
            self.out_of_play_mask,
            self.rules,
            self.trump,
            self.hand_masks,
            self.table_masks,
            self.turn,
            self.trick_size,
            self.active,
            self.blamattis,
            self.forced,
            self.killed_mask,
            self.reserve_cards,
            self.goat,
            self.lead_out,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PhaseTwoState):
            return NotImplemented
        return self is other or self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        hands = ", ".join(f"'{' '.join(map(str, self.hand(p)))}'" for p in range(self.players))
        table = ", ".join(f"'{' '.join(map(str, play))}'" for play in self.table)
        return (
            f"PhaseTwoState(trump={self.trump.letter}, hands=[{hands}], table=[{table}], "
            f"to_act={self.to_act}, loser={self.loser})"
        )

    def __getstate__(self) -> dict[str, object]:
        return {
            field.name: getattr(self, field.name)
            for field in attrs.fields(type(self))
            if field.name not in ("_legal", "context")
        }

    def __setstate__(self, data: dict[str, object]) -> None:
        for name, value in data.items():
            object.__setattr__(self, name, value)
        object.__setattr__(self, "context", _phase_two.context_for(self.rules, self.trump))
        object.__setattr__(self, "_legal", None)

    # -- the public surface --------------------------------------------------

    @property
    def phase(self) -> Phase:
        return Phase.OVER if self.turn < 0 else Phase.TWO

    @property
    def players(self) -> int:
        return len(self.hand_masks)

    @property
    def is_over(self) -> bool:
        return self.turn < 0

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.turn < 0 else (self.turn,)

    @property
    def loser(self) -> int | None:
        return None if self.goat < 0 else self.goat

    @property
    def events(self) -> tuple[Event, ...]:
        move = self.last_move
        if move is None or self.opening:
            return self.notes
        kind = EventKind.PLAYED if isinstance(move, Play) else EventKind.PICKED_UP
        return (Event(kind, move.player, move.mask), *self.notes)

    @property
    def table(self) -> tuple[tuple[Card, ...], ...]:
        """The plays on the table, earliest (lowest) first."""
        return tuple(cards_of(play) for play in self.table_masks)

    @property
    def killed(self) -> tuple[Card, ...]:
        """The cards of killed tricks, out of the game."""
        return cards_of(self.killed_mask)

    @property
    def reserve(self) -> tuple[Card, ...]:
        """The avstickshög, top card first (P2-AVSTICKSHOG)."""
        return tuple(Card.from_index(i) for i in self.reserve_cards)

    @property
    def out(self) -> tuple[int, ...]:
        """The seats that are out of the game (safe)."""
        return tuple(p for p in range(self.players) if not self.active >> p & 1)

    def hand(self, player: int) -> tuple[Card, ...]:
        """The cards ``player`` holds, sorted by suit then rank."""
        return cards_of(self.hand_masks[player])

    def hand_size(self, player: int) -> int:
        """How many cards ``player`` holds."""
        return count_cards(self.hand_masks[player])

    def legal_moves(self) -> tuple[Move, ...]:
        moves = self._legal
        if moves is None:
            moves = _phase_two.legal_moves(self)
            object.__setattr__(self, "_legal", moves)
        return moves

    def apply(self, move: Move | str) -> PhaseTwoState:
        return _phase_two.successor(self, self._validated(move))

    def explain(self, move: Move) -> IllegalMoveError | None:
        return _phase_two.explain(self, move)

    def view(self, player: int) -> PlayerView:
        if not 0 <= player < self.players:
            raise ValueError(f"there is no seat {player} at a table of {self.players}")
        return PlayerView(
            player=player,
            phase=self.phase,
            trump=self.trump,
            hand=self.hand(player),
            hand_sizes=tuple(count_cards(h) for h in self.hand_masks),
            table=self.table,
            killed=self.killed,
            reserve_size=len(self.reserve_cards),
            to_act=self.to_act,
            trick_size=self.trick_size,
            out=self.out,
            loser=self.loser,
            last_move=self.last_move,
        )


@attrs.frozen
class Deal:
    """How a game was dealt: a seeded shuffle, or an exact layout.

    :func:`skitgubbe.deal` makes one and keeps it in the state it returns, so a
    game record can name its deal. A shuffled deal has ``players`` and ``seed``; a
    layout has ``hands`` (and ``stock`` top card first, ``set_aside`` and
    ``reserve``) as card text. ``seed`` also drives the shuffles the rules need
    later (the dreck, a dealt-out trick, Koira's split).
    """

    #: How many seats the table has.
    players: int
    #: The seed of every shuffle of the game.
    seed: int
    #: The seat chosen to lead the first trick, or ``None`` to follow the rules.
    leader: int | None = None
    #: A layout's hands, one card text per seat, or ``None`` for a shuffled deal.
    hands: tuple[str, ...] | None = None
    #: A layout's stock, top card first.
    stock: str = ""
    #: A layout's set-aside trump card (D-TRUMP-SET-ASIDE).
    set_aside: str = ""
    #: A layout's avstickshög, top card first (P2-AVSTICKSHOG).
    reserve: str = ""


@attrs.frozen(eq=False, repr=False)
class PhaseOneState(State):
    """A phase-one state: collecting cards by taking tricks.

    Hands, won piles and the table are multiset masks inside (see
    :mod:`skitgubbe.cards`); use :meth:`hand`, :meth:`won`, :attr:`table` and the
    other properties for ``Card`` objects. The state knows everything, the stock
    order included; :meth:`view` shows what one player may see. Applying the move
    that ends phase one returns the first :class:`PhaseTwoState` (the
    intermission is automatic).
    """

    #: How the game was dealt.
    deal: Deal
    #: Each seat's hand, as a multiset mask.
    hand_masks: tuple[int, ...]
    #: Each seat's won cards (and Mas's stored trumps), as a multiset mask.
    won_masks: tuple[int, ...]
    #: The stock as dealt, top card first, as card numbers (see :attr:`drawn`).
    stock_cards: tuple[int, ...]
    #: How many cards have left the top of the stock.
    drawn: int
    #: The card number of the card that decides trump.
    indicator: int
    #: The seat that drew the trump card, or -1 while it lies in the stock or aside.
    holder: int
    #: The set-aside trump card, as a mask (D-TRUMP-SET-ASIDE), else 0.
    set_aside_mask: int
    #: The avstickshög, top card first, as card numbers (P2-AVSTICKSHOG).
    reserve_cards: tuple[int, ...]
    #: The seat that led the first trick.
    first_leader: int
    #: The seat that led the current trick.
    leader: int
    #: The seats due to play in the current round, in order (a replay holds the tied seats).
    order: tuple[int, ...]
    #: How many of :attr:`order` have played this round.
    position: int
    #: The masks played so far this round, one per seat of :attr:`order`.
    round_plays: tuple[int, ...]
    #: The current trick's public record: (kind, seat, mask) with kind 0 play, 1 dare, 2 sluff.
    log: tuple[tuple[int, int, int], ...]
    #: What each seat has put on the table this trick (for taking back).
    by_seat: tuple[int, ...]
    #: Every card on the table.
    table_mask: int
    #: The cards played (not sluffed) to the trick.
    plays_mask: int
    #: The phase-one value heading the latest round with plays, or -1.
    top: int
    #: Each seat's latest played rank as a rank bit (P1-SLUFF-OWN), else 0.
    own: tuple[int, ...]
    #: A bit for each seat that has used its sluff (P1-SLUFF-ATLANTA, P1-SLUFF-WINDOW).
    sluffed: int
    #: A bit for each seat that has declared done on the decided trick.
    done: int
    #: The winner of the current trick once it is decided, else -1.
    winner: int
    #: The winner of the last completed trick, or -1 (P1-LAST-TRICK).
    last_winner: int
    #: How many shuffles the game has used since the deal.
    shuffles: int
    #: The move that made this state, if any.
    last_move: Move | None = attrs.field(default=None, repr=False)
    #: The events of that move.
    notes: tuple[Event, ...] = attrs.field(default=(), repr=False)
    _legal: tuple[Move, ...] | None = attrs.field(init=False, factory=_no_cache, repr=False)

    def _key(self) -> tuple[object, ...]:
        # The seed counts: it decides the shuffles still to come.
        return (self.deal.seed, *(getattr(self, name) for name in _KEY_FIELDS))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PhaseOneState):
            return NotImplemented
        return self is other or self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        hands = ", ".join(f"'{format_cards(self.hand(p))}'" for p in range(self.players))
        return (
            f"PhaseOneState(hands=[{hands}], table='{format_cards(self.table)}', "
            f"stock={self.stock_size}, to_act={self.to_act})"
        )

    def __getstate__(self) -> dict[str, object]:
        return {
            field.name: getattr(self, field.name)
            for field in attrs.fields(type(self))
            if field.name != "_legal"
        }

    def __setstate__(self, data: dict[str, object]) -> None:
        for name, value in data.items():
            object.__setattr__(self, name, value)
        object.__setattr__(self, "_legal", None)

    # -- the public surface --------------------------------------------------

    @property
    def phase(self) -> Phase:
        return Phase.ONE

    @property
    def players(self) -> int:
        return len(self.hand_masks)

    @property
    def is_over(self) -> bool:
        return False

    @property
    def loser(self) -> int | None:
        return None

    @property
    def to_act(self) -> tuple[int, ...]:
        return tuple(sorted({move.player for move in self.legal_moves()}))

    @property
    def turn(self) -> int | None:
        """The seat due to play to the trick, or ``None`` once it is decided."""
        return None if self.winner >= 0 else self.order[self.position]

    @property
    def trump(self) -> Suit:
        """The suit that will be trump (the state knows it; views show it once known)."""
        return Card.from_index(self.indicator).suit

    @property
    def trump_card(self) -> Card:
        """The card that decides trump, wherever it lies."""
        return Card.from_index(self.indicator)

    @property
    def trump_holder(self) -> int | None:
        """The seat that drew the trump card, if anyone has."""
        return None if self.holder < 0 else self.holder

    @property
    def events(self) -> tuple[Event, ...]:
        return self.notes

    @property
    def stock(self) -> tuple[Card, ...]:
        """The cards left in the stock, top card first (the trump card last if it is there)."""
        return tuple(Card.from_index(i) for i in self.stock_cards[self.drawn :])

    @property
    def stock_size(self) -> int:
        """How many cards the stock holds."""
        return len(self.stock_cards) - self.drawn

    @property
    def set_aside(self) -> tuple[Card, ...]:
        """The set-aside trump card, out of play (D-TRUMP-SET-ASIDE)."""
        return cards_of(self.set_aside_mask)

    @property
    def reserve(self) -> tuple[Card, ...]:
        """The avstickshög, top card first (P2-AVSTICKSHOG)."""
        return tuple(Card.from_index(i) for i in self.reserve_cards)

    @property
    def table(self) -> tuple[Card, ...]:
        """Every card on the table: played, dared and sluffed."""
        return cards_of(self.table_mask)

    @property
    def trick(self) -> tuple[Event, ...]:
        """The current trick so far: who played, dared and sluffed what, in order."""
        return tuple(Event(_LOG_KINDS[kind], seat, mask) for kind, seat, mask in self.log)

    @property
    def trick_winner(self) -> int | None:
        """The winner of the current trick once it is decided, else ``None``."""
        return None if self.winner < 0 else self.winner

    @property
    def last_trick_winner(self) -> int | None:
        """The winner of the last completed trick, if any (P1-LAST-TRICK)."""
        return None if self.last_winner < 0 else self.last_winner

    def hand(self, player: int) -> tuple[Card, ...]:
        """The cards ``player`` holds, sorted by suit then rank."""
        return cards_of(self.hand_masks[player])

    def hand_size(self, player: int) -> int:
        """How many cards ``player`` holds."""
        return count_cards(self.hand_masks[player])

    def won(self, player: int) -> tuple[Card, ...]:
        """The cards ``player`` has won (face down), sorted."""
        return cards_of(self.won_masks[player])

    def legal_moves(self) -> tuple[Move, ...]:
        moves = self._legal
        if moves is None:
            moves = _phase_one.legal_moves(self)
            object.__setattr__(self, "_legal", moves)
        return moves

    def apply(self, move: Move | str) -> State:
        return _phase_one.successor(self, self._validated(move))

    def explain(self, move: Move) -> IllegalMoveError | None:
        return _phase_one.explain(self, move)

    def view(self, player: int) -> PlayerView:
        if not 0 <= player < self.players:
            raise ValueError(f"there is no seat {player} at a table of {self.players}")
        rules = self.rules
        shown = rules.trump_card in (TrumpCard.EXPOSED, TrumpCard.TURNED_UP)
        upcard = None
        if shown and self.drawn < len(self.stock_cards):
            upcard = Card.from_index(self.indicator)
        return PlayerView(
            player=player,
            phase=Phase.ONE,
            trump=self.trump if shown else None,
            hand=self.hand(player),
            hand_sizes=tuple(count_cards(h) for h in self.hand_masks),
            table=tuple(cards_of(mask) for _, _, mask in self.log),
            killed=(),
            reserve_size=len(self.reserve_cards),
            to_act=self.to_act,
            trick_size=0,
            out=(),
            loser=None,
            last_move=self.last_move,
            won_sizes=tuple(count_cards(w) for w in self.won_masks),
            stock_size=self.stock_size,
            upcard=upcard,
            trick=self.trick,
            trump_holder=self.trump_holder,
        )


_KEY_FIELDS = tuple(
    field.name
    for field in attrs.fields(PhaseOneState)
    if field.name not in {"deal", "last_move", "notes", "_legal"}
)
_LOG_KINDS = (EventKind.PLAYED, EventKind.DARED, EventKind.SLUFFED)


@attrs.frozen
class PlayerView:
    """What one player may see: their own hand, and what lies open on the table.

    Others' hands show only their sizes; face-down piles show only their sizes.
    """

    #: The seat whose view this is.
    player: int
    #: The current phase.
    phase: Phase
    #: The trump suit, once it is known.
    trump: Suit | None
    #: The player's own cards.
    hand: tuple[Card, ...]
    #: How many cards each seat holds.
    hand_sizes: tuple[int, ...]
    #: The plays on the table, earliest first (they lie face up); in phase one,
    #: every play, dare and sluff of the trick.
    table: tuple[tuple[Card, ...], ...]
    #: The cards of killed tricks (everyone saw them played).
    killed: tuple[Card, ...]
    #: How many cards the face-down avstickshög holds.
    reserve_size: int
    #: The seats that may act now.
    to_act: tuple[int, ...]
    #: How many plays kill the current phase-two trick (0 in phase one).
    trick_size: int
    #: The seats that are out of the game.
    out: tuple[int, ...]
    #: The goat, once the game is over.
    loser: int | None
    #: The move that led here (moves are played face up).
    last_move: Move | None
    #: How many cards each seat has won in phase one (empty in phase two).
    won_sizes: tuple[int, ...] = ()
    #: How many cards the phase-one stock holds.
    stock_size: int = 0
    #: The trump card shown face up under the stock (D-TRUMP-EXPOSED, P1-MAS).
    upcard: Card | None = None
    #: The current phase-one trick: who played, dared and sluffed what.
    trick: tuple[Event, ...] = ()
    #: The seat that drew the trump card, if anyone has.
    trump_holder: int | None = None


# The phase modules build on the classes above, so they are bound last.
from . import phase_one as _phase_one  # noqa: E402
from . import phase_two as _phase_two  # noqa: E402
