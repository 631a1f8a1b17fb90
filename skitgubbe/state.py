"""The game state: an immutable value, one class per phase.

A state knows everything (every hand, face-down piles, the order of the stock)
and what everyone knows of each hand; :meth:`State.view` gives what one player
may see and know (see :mod:`skitgubbe.views`). :meth:`State.apply` returns a new
state and never changes the old one; unchanged parts are shared.

The rules of each phase live in their own modules (:mod:`skitgubbe.phase_one`,
:mod:`skitgubbe.phase_two`), which register themselves with the state classes
when they are imported; this module imports neither.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, ClassVar, Protocol

import attrs

from .cards import Card, Suit, cards_of, count_cards, format_cards
from .errors import IllegalMoveError, no_seat, shown
from .events import Event, EventKind
from .moves import Move, Play, parse_move
from .rules import Ruleset
from .views import PlayerView, phase_one_view, phase_two_view

if TYPE_CHECKING:
    from .phase_two import Context

__all__ = ["Deal", "Phase", "PhaseOneState", "PhaseTwoState", "State"]


class Phase(enum.Enum):
    """Where the game stands."""

    #: Collecting cards by taking tricks.
    ONE = "one"
    #: Beat it or eat it: getting rid of cards.
    TWO = "two"
    #: The game is over; :attr:`State.loser` is the goat.
    OVER = "over"


def _seats(bits: int) -> tuple[int, ...]:
    """The seats whose bits are set, in seat order."""
    seats = []
    while bits:
        low = bits & -bits
        seats.append(low.bit_length() - 1)
        bits ^= low
    return tuple(seats)


def _check_seat(player: object, players: int) -> int:
    """``player`` if it is a seat of the table; raise naming the problem otherwise."""
    if not isinstance(player, int) or isinstance(player, bool):
        raise TypeError(f"a seat is a whole number from 0 to {players - 1}, not {shown(player)}")
    if not 0 <= player < players:
        raise ValueError(no_seat(player, players))
    return player


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
        """The seats that may act now (empty once the game is over).

        This is public: every player sees who may act. A seat listed here may hold
        no card it could sluff, and then has no legal move; the seats in
        :attr:`due` always have one.
        """
        raise NotImplementedError

    @property
    def due(self) -> tuple[int, ...]:
        """The seats the game waits for: each must act before play goes on.

        The player due to play, or, on a decided phase-one trick, the players who
        must declare done or the winner who must gather. Public, like
        :attr:`to_act`, which holds every seat listed here.
        """
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase is Phase.OVER

    @property
    def loser(self) -> int | None:
        """The goat's seat once the game is over, else ``None``."""
        raise NotImplementedError

    if TYPE_CHECKING:
        #: The move that made this state, if any (a field of each phase's state).
        last_move: Move | None
        #: The legal moves, once worked out (a field of each phase's state).
        _legal: tuple[Move, ...] | None

    @property
    def events(self) -> tuple[Event, ...]:
        """What the move that made this state caused, in order.

        This is the referee's record: it names every card, another player's draws
        included. A player sees the events through :meth:`view`.
        """
        raise NotImplementedError

    def legal_moves(self, player: int | None = None) -> tuple[Move, ...]:
        """Every legal move of every player who may act now, or of ``player`` only."""
        raise NotImplementedError

    def explain(self, move: Move) -> IllegalMoveError | None:
        """Why ``move`` is illegal here, or ``None`` if it is legal."""
        raise NotImplementedError

    def view(self, player: int) -> PlayerView:
        """What ``player`` may see and know of this state (see :mod:`skitgubbe.views`)."""
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
        legal = self._legal
        if legal is None:
            legal = self.legal_moves()
        for listed in legal:
            if listed is move:  # listed moves are shared values: the usual, quick case
                return move
        if isinstance(move, str):
            move = parse_move(move)
        elif not isinstance(move, Move):
            raise TypeError(f"a move is a Move or its text, not {move!r}")
        if move not in legal:
            error = self.explain(move)
            if error is None:  # pragma: no cover - explain and legal_moves must agree
                raise AssertionError(f"{move} is refused but no rule forbids it")
            raise error
        return move

    def _moves_of(self, moves: tuple[Move, ...], player: int | None) -> tuple[Move, ...]:
        if player is None:
            return moves
        _check_seat(player, self.players)
        return tuple(move for move in moves if move.player == player)


class PhaseOneRules(Protocol):
    """What a phase-one state asks of :mod:`skitgubbe.phase_one`."""

    def legal_moves(self, state: PhaseOneState) -> tuple[Move, ...]: ...

    def successor(self, state: PhaseOneState, move: Move) -> State: ...

    def explain(self, state: PhaseOneState, move: Move) -> IllegalMoveError | None: ...

    def to_act_seats(self, state: PhaseOneState) -> int: ...

    def due_seats(self, state: PhaseOneState) -> int: ...


class PhaseTwoRules(Protocol):
    """What a phase-two state asks of :mod:`skitgubbe.phase_two`."""

    def legal_moves(self, state: PhaseTwoState) -> tuple[Move, ...]: ...

    def successor(self, state: PhaseTwoState, move: Move) -> PhaseTwoState: ...

    def explain(self, state: PhaseTwoState, move: Move) -> IllegalMoveError | None: ...

    def context_for(self, rules: Ruleset, trump: Suit) -> Context: ...


@attrs.frozen(eq=False, repr=False, slots=False)
class PhaseTwoState(State):
    """A phase-two state ("beat it or eat it").

    Inside, hands and piles are multiset masks (see :mod:`skitgubbe.cards`); use
    :meth:`hand`, :attr:`table` and the other properties for ``Card`` objects.
    Two states are equal when the game stands the same and everyone knows the
    same (the events that led there do not count).
    """

    #: The phase-two rules, bound by :mod:`skitgubbe.phase_two` when it is imported.
    engine: ClassVar[PhaseTwoRules]

    #: The trump suit.
    trump: Suit
    #: Each seat's hand, as a multiset mask.
    hand_masks: tuple[int, ...]
    #: The cards of each hand that the other players cannot see: cards received
    #: from the dreck when it was shared among several players, and cards drawn
    #: from the avstickshög. Every other card of a hand is known to all.
    hidden_masks: tuple[int, ...]
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
    #: The cards dealt from a dreck shared among several players and not played
    #: since: each of them lies in the hand of one of :attr:`needy`.
    dreck_pool: int
    #: A bit for each seat that received the dreck (I-DRECK).
    needy: int
    #: Precomputed facts of the rules and trump (derived; not part of the value).
    _context: Context = attrs.field(repr=False, alias="context")
    #: The move that made this state, if any.
    last_move: Move | None = attrs.field(default=None, repr=False)
    #: The events of that move.
    notes: tuple[Event, ...] = attrs.field(default=(), repr=False)
    #: Cards out of play for the whole game, such as a set-aside trump card.
    out_of_play_mask: int = attrs.field(default=0, repr=False)
    #: Whether :attr:`notes` already holds the last move's own event: in the state
    #: that opens phase two (its move was a phase-one move) and in sampled states.
    opening: bool = attrs.field(default=False, repr=False)
    _legal: tuple[Move, ...] | None = attrs.field(init=False, default=None, repr=False)

    def _key(self) -> tuple[object, ...]:
        return (
            self.out_of_play_mask,
            self.rules,
            self.trump,
            self.hand_masks,
            self.hidden_masks,
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
            self.dreck_pool,
            self.needy,
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
            if field.name not in ("_legal", "_context")
        }

    def __setstate__(self, data: dict[str, object]) -> None:
        for name, value in data.items():
            object.__setattr__(self, name, value)
        object.__setattr__(self, "_context", self.engine.context_for(self.rules, self.trump))
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
    def due(self) -> tuple[int, ...]:
        return self.to_act

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
        return cards_of(self.hand_masks[_check_seat(player, self.players)])

    def hand_size(self, player: int) -> int:
        """How many cards ``player`` holds."""
        return count_cards(self.hand_masks[_check_seat(player, self.players)])

    def legal_moves(self, player: int | None = None) -> tuple[Move, ...]:
        moves = self._legal
        if moves is None:
            moves = self.engine.legal_moves(self)
            object.__setattr__(self, "_legal", moves)
        return moves if player is None else self._moves_of(moves, player)

    def apply(self, move: Move | str) -> PhaseTwoState:
        return self.engine.successor(self, self._validated(move))

    def explain(self, move: Move) -> IllegalMoveError | None:
        return self.engine.explain(self, move)

    def view(self, player: int) -> PlayerView:
        return phase_two_view(self, _check_seat(player, self.players))


def _seed(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"seed must be a whole number, not {shown(value)}")
    if not 0 <= value < 2**64:
        raise ValueError(f"seed must be a whole number from 0 to 2**64 - 1, not {shown(value)}")


@attrs.frozen(repr=False)
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
    #: The seed of every shuffle of the game: a whole number from 0 to 2**64 - 1.
    seed: int = attrs.field(validator=_seed)
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

    def __repr__(self) -> str:
        """The deal's settings, those left at their defaults omitted.

        >>> Deal(4, 7)
        Deal(players=4, seed=7)
        """
        parts = [f"players={self.players}", f"seed={self.seed}"]
        if self.leader is not None:
            parts.append(f"leader={self.leader}")
        if self.hands is not None:
            parts.append(f"hands={list(self.hands)!r}")
        parts.extend(
            f"{name}={value!r}"
            for name, value in (
                ("stock", self.stock),
                ("set_aside", self.set_aside),
                ("reserve", self.reserve),
            )
            if value
        )
        return f"Deal({', '.join(parts)})"


@attrs.frozen(eq=False, repr=False, slots=False)
class PhaseOneState(State):
    """A phase-one state: collecting cards by taking tricks.

    Hands, won piles and the table are multiset masks inside (see
    :mod:`skitgubbe.cards`); use :meth:`hand`, :meth:`won`, :attr:`table` and the
    other properties for ``Card`` objects. The state knows everything, the stock
    order included; :meth:`view` shows what one player may see. Applying the move
    that ends phase one returns the first :class:`PhaseTwoState` (the
    intermission is automatic).
    """

    #: The phase-one rules, bound by :mod:`skitgubbe.phase_one` when it is imported.
    engine: ClassVar[PhaseOneRules]

    #: How the game was dealt.
    deal: Deal
    #: Each seat's hand, as a multiset mask.
    hand_masks: tuple[int, ...]
    #: The cards of each hand that everyone knows are there: cards picked up or
    #: taken back from the table, a turned-up trump card drawn into hand.
    known_masks: tuple[int, ...]
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
    #: Cards of the pack that a laid-out deal leaves out: out of play for the game.
    absent_mask: int = attrs.field(default=0, repr=False)
    _legal: tuple[Move, ...] | None = attrs.field(init=False, default=None, repr=False)
    #: The seats entitled to sluff, as bits, once worked out (-1 before).
    _entitled: int = attrs.field(init=False, default=-1, repr=False)

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
            if field.name not in ("_legal", "_entitled")
        }

    def __setstate__(self, data: dict[str, object]) -> None:
        for name, value in data.items():
            object.__setattr__(self, name, value)
        object.__setattr__(self, "_legal", None)
        object.__setattr__(self, "_entitled", -1)

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
        return _seats(self.engine.to_act_seats(self))

    @property
    def due(self) -> tuple[int, ...]:
        return _seats(self.engine.due_seats(self))

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
        return tuple(Event(LOG_KINDS[kind], seat, mask) for kind, seat, mask in self.log)

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
        return cards_of(self.hand_masks[_check_seat(player, self.players)])

    def hand_size(self, player: int) -> int:
        """How many cards ``player`` holds."""
        return count_cards(self.hand_masks[_check_seat(player, self.players)])

    def won(self, player: int) -> tuple[Card, ...]:
        """The cards ``player`` has won (face down), sorted."""
        return cards_of(self.won_masks[_check_seat(player, self.players)])

    def legal_moves(self, player: int | None = None) -> tuple[Move, ...]:
        moves = self._legal
        if moves is None:
            moves = self.engine.legal_moves(self)
            object.__setattr__(self, "_legal", moves)
        return moves if player is None else self._moves_of(moves, player)

    def apply(self, move: Move | str) -> State:
        return self.engine.successor(self, self._validated(move))

    def explain(self, move: Move) -> IllegalMoveError | None:
        return self.engine.explain(self, move)

    def view(self, player: int) -> PlayerView:
        return phase_one_view(self, _check_seat(player, self.players))


_KEY_FIELDS = tuple(
    field.name
    for field in attrs.fields(PhaseOneState)
    if field.name not in {"deal", "last_move", "notes", "_legal", "_entitled"}
)
#: The event kind of each kind of entry in a phase-one trick's log.
LOG_KINDS = (EventKind.PLAYED, EventKind.DARED, EventKind.SLUFFED)
