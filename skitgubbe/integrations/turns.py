"""One player at a time: the engine's out-of-turn moves put in a fixed order.

The engine lists every move of every player who may act (:attr:`State.to_act`),
sluffs out of turn included. OpenSpiel and PettingZoo ask one player at a time,
so the adapters offer the chance to act in turn, by this scheme:

1. In each engine state, the seats of ``to_act`` are offered the chance to act
   one after the other, clockwise, starting left of the *anchor* and ending with
   the anchor: the first seat of ``due`` (the seats the game waits for).
2. Each seat but the anchor chooses one of its moves or :data:`~.actions.PASS`.
   A seat of ``to_act`` that holds no move is offered ``PASS`` alone, so that
   the order of offers never shows what a hand holds (``to_act`` is public).
3. The anchor must move: it is due, so it always has a move.
4. The first move made changes the engine state, and the offers start again.

Every seat's every move is offered in every engine state (the seats before it
pass), so every line of play the engine allows can be reached; and at most
``len(to_act) - 1`` passes come between two moves, so passing never goes on
forever. Random play through this scheme differs from picking uniformly among
``legal_moves()``: it favours the seats offered first.

An engine game could in principle go on forever (beat-or-eat can circle), so a
:class:`Turns` counts its decisions and stops the game at ``max_decisions``
with no goat: a draw.
"""

from __future__ import annotations

import attrs

from ..moves import Move
from ..state import PhaseTwoState, State
from .actions import PASS, action_to_move, actions_of

__all__ = ["Turns", "acting_seats", "offer_order"]


def offer_order(state: State) -> tuple[int, ...]:
    """The seats offered the chance to act in ``state``, in order; the last is the
    anchor, who must move. Empty once the game is over.

    >>> import skitgubbe as sg
    >>> state = sg.deal(sg.presets.FLURST, players=4, seed=7).apply("0 play 3D")
    >>> state.to_act, state.due, offer_order(state)
    ((0, 1, 2, 3), (1,), (2, 3, 0, 1))
    """
    if isinstance(state, PhaseTwoState):
        return () if state.turn < 0 else (state.turn,)
    if state.is_over:
        return ()
    acting, due = acting_seats(state)
    if not acting & (acting - 1):
        return (acting.bit_length() - 1,)  # the one seat that may act is due
    players = state.players
    key = (players, (due & -due).bit_length() - 1, acting)
    order = _ORDERS.get(key)
    if order is None:
        players, anchor, _ = key
        after = [(anchor + step) % players for step in range(1, players)]
        order = (*(seat for seat in after if acting >> seat & 1), anchor)
        if len(_ORDERS) >= _ORDERS_LIMIT:
            _ORDERS.clear()
        _ORDERS[key] = order
    return order


def acting_seats(state: State) -> tuple[int, int]:
    """The seats that may act in ``state`` and the seats it waits for, as bits
    (:attr:`~skitgubbe.state.State.to_act` and :attr:`~skitgubbe.state.State.due`).

    The latest state's are remembered: the adapters ask for them when they offer
    the chance to act and again when they encode an observation.
    """
    global _LATEST
    latest = _LATEST
    if latest[0] is state:
        return latest[1], latest[2]
    acting = 0
    for seat in state.to_act:
        acting |= 1 << seat
    due = 0
    for seat in state.due:
        due |= 1 << seat
    _LATEST = (state, acting, due)
    return acting, due


_LATEST: tuple[State | None, int, int] = (None, 0, 0)


# The offer orders by (players, anchor, seats that may act as bits); emptied when
# it reaches its limit.
_ORDERS: dict[tuple[int, int, int], tuple[int, ...]] = {}
_ORDERS_LIMIT = 10_000


@attrs.frozen
class Turns:
    """An engine state and how far its offers have gone: the position of a game
    played one player at a time."""

    #: The engine state.
    state: State
    #: How many seats of :func:`offer_order` have passed in this engine state.
    passed: int = 0
    #: How many decisions (moves and passes) have been made in the game.
    decisions: int = 0
    #: The game stops, a draw, after this many decisions.
    max_decisions: int = 1_000_000
    #: The seats offered in this engine state, in order (see :func:`offer_order`).
    order: tuple[int, ...] = attrs.field(
        default=attrs.Factory(lambda self: offer_order(self.state), takes_self=True),
        eq=False,
    )
    _moves: dict[int, Move] | None = attrs.field(init=False, default=None, eq=False, repr=False)
    #: The seat to decide, or -1 once the game is over.
    _seat: int = attrs.field(
        init=False,
        default=attrs.Factory(lambda self: self._seat_to_decide(), takes_self=True),
        eq=False,
        repr=False,
    )

    def _seat_to_decide(self) -> int:
        if self.decisions >= self.max_decisions or self.state.is_over:
            return -1
        return self.order[self.passed]

    @property
    def is_over(self) -> bool:
        """Whether the game has ended: a goat, or the decision limit reached."""
        return self._seat < 0

    @property
    def is_draw(self) -> bool:
        """Whether the game was stopped at the decision limit without a goat."""
        return not self.state.is_over and self.decisions >= self.max_decisions

    @property
    def player(self) -> int | None:
        """The seat to decide now, ``None`` once the game is over."""
        seat = self._seat
        return None if seat < 0 else seat

    @property
    def may_pass(self) -> bool:
        """Whether the seat to decide may pass (every seat but the anchor)."""
        return self._seat >= 0 and self.passed < len(self.order) - 1

    def moves(self) -> dict[int, Move]:
        """The moves of the seat to decide, keyed by action (``PASS`` not included)."""
        moves = self._moves
        if moves is None:
            seat = self._seat
            if seat < 0:
                moves = {}
            else:
                legal = self.state.legal_moves()
                if len(self.order) > 1:  # several seats may act: this seat's moves
                    legal = tuple([move for move in legal if move.player == seat])
                moves = actions_of(self.state, seat, legal)
            object.__setattr__(self, "_moves", moves)  # a cache: the position is a value
        return moves

    def legal_actions(self) -> list[int]:
        """The legal actions of the seat to decide, ascending (``PASS`` first when allowed)."""
        actions = list(self.moves())
        if self.may_pass:
            actions.insert(0, PASS)
        return actions

    def apply(self, action: int) -> Turns:
        """The position after the seat to decide takes ``action``.

        Raises :class:`ValueError` for an action that is not legal here.
        """
        player = self.player
        if player is None:
            raise ValueError("the game is over: no one acts")
        if action == PASS:
            if not self.may_pass:
                raise ValueError(f"seat {player} is due and may not pass")
            return _position(
                self.state, self.passed + 1, self.decisions + 1, self.max_decisions, self.order
            )
        move = self.moves().get(action)
        if move is None:
            action_to_move(self.state, player, action)  # raises, saying why
        assert move is not None
        return self.after(move)

    def after(self, move: Move) -> Turns:
        """The position after an engine ``move`` of the seat to decide."""
        state = self.state.apply(move)
        return _position(state, 0, self.decisions + 1, self.max_decisions, offer_order(state))

    def __deepcopy__(self, memo: object) -> Turns:
        return self  # a value: OpenSpiel clones states by deep copy

    def returns(self) -> list[float]:
        """Each seat's result: ``-1`` for the goat and ``1 / (players - 1)`` for each
        other seat, so that results sum to zero; all zero before the end or in a draw."""
        return list(self.state.returns())


_new = object.__new__
_set = object.__setattr__


def _position(
    state: State, passed: int, decisions: int, max_decisions: int, order: tuple[int, ...]
) -> Turns:
    """``Turns(state, passed, decisions, max_decisions, order)``, made without the
    generated constructor's indirections: positions are made at every decision."""
    turns: Turns = _new(Turns)
    _set(turns, "state", state)
    _set(turns, "passed", passed)
    _set(turns, "decisions", decisions)
    _set(turns, "max_decisions", max_decisions)
    _set(turns, "order", order)
    _set(turns, "_moves", None)
    _set(turns, "_seat", -1 if decisions >= max_decisions or not order else order[passed])
    return turns
