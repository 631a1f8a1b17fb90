"""The game state: an immutable value, one class per phase, and player views.

A state knows everything (every hand, face-down piles); :meth:`State.view` gives
what one player may see. :meth:`State.apply` returns a new state and never
changes the old one; unchanged parts are shared.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

import attrs

from .cards import Card, Suit, cards_of, count_cards
from .errors import IllegalMoveError
from .events import Event, EventKind
from .moves import Move, Play, parse_move
from .rules import Ruleset

if TYPE_CHECKING:
    from .phase_two import Context

__all__ = ["Phase", "PhaseTwoState", "PlayerView", "State"]


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
    _legal: tuple[Move, ...] | None = attrs.field(init=False, factory=_no_cache, repr=False)

    def _key(self) -> tuple[object, ...]:
        return (
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
        if move is None:
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
    #: The plays on the table, earliest first (they lie face up).
    table: tuple[tuple[Card, ...], ...]
    #: The cards of killed tricks (everyone saw them played).
    killed: tuple[Card, ...]
    #: How many cards the face-down avstickshög holds.
    reserve_size: int
    #: The seats that may act now.
    to_act: tuple[int, ...]
    #: How many plays kill the current trick.
    trick_size: int
    #: The seats that are out of the game.
    out: tuple[int, ...]
    #: The goat, once the game is over.
    loser: int | None
    #: The move that led here (moves are played face up).
    last_move: Move | None


# The phase modules build on the classes above, so they are bound last.
from . import phase_two as _phase_two  # noqa: E402
