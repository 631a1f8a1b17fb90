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

from typing import Final, cast

from ..moves import Move
from ..state import PhaseOneState, PhaseTwoState, State
from .actions import NUM_ACTIONS, PASS, _ascending, _keyed, action_to_move

__all__ = ["Dealing", "Turns", "acting_seats", "deal_actions", "deal_outcomes", "offer_order"]


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
    latest = _LATEST[0]
    if latest[0] is state:
        return latest[1], latest[2]
    if isinstance(state, PhaseOneState):  # the rules keep them as bits
        context = state._context
        acting = context.to_act_seats(state)
        due = context.due_seats(state)
    else:
        acting = 0
        for seat in state.to_act:
            acting |= 1 << seat
        due = 0
        for seat in state.due:
            due |= 1 << seat
    _LATEST[0] = (state, acting, due)
    return acting, due


# In a list: setting an item costs the compiled build less than a module global.
_LATEST: Final[list[tuple[State | None, int, int]]] = [(None, 0, 0)]


def deal_actions(left: list[int]) -> list[int]:
    """The cards chance may deal next when the pack is dealt card by card:
    the numbers of the cards with copies ``left`` (``left[card]`` copies of each).

    >>> deal_actions([0, 1, 2, 0])
    [1, 2]
    """
    return [card for card, count in enumerate(left) if count]


def deal_outcomes(left: list[int]) -> list[tuple[int, float]]:
    """Each card chance may deal next with its chance: as likely as the copies of
    it ``left`` (``left[card]`` copies of each, at least one card in all).

    >>> deal_outcomes([0, 1, 3])
    [(1, 0.25), (2, 0.75)]
    """
    total = sum(left)
    # the outcomes of cards with one copy left are made once for each total and
    # shared; kept as plain objects, so that the compiled build copies them as they
    # are rather than unpacking and packing each again
    single = _single_outcomes(total, len(left))
    outcomes: list[object] = []
    for card, count in enumerate(left):
        if count == 1:
            outcomes.append(single[card])
        elif count:
            outcomes.append((card, count / total))
    return cast("list[tuple[int, float]]", outcomes)


class Dealing:
    """A pack dealt card by card, as far as it has gone: the cards dealt, in order,
    and how many copies of each card are left. :meth:`deal` deals in place; a copy
    (``copy.deepcopy``, which OpenSpiel uses to clone its states) copies the
    two lists whole rather than card by card.

    ``Dealing(left)`` starts with ``left[card]`` copies of each card number still
    to deal.

    >>> dealing = Dealing([1, 2, 0])
    >>> dealing.deal(1)
    >>> dealing.dealt, dealing.actions(), dealing.outcomes()
    ([1], [0, 1], [(0, 0.5), (1, 0.5)])
    >>> dealing.deal(2)
    Traceback (most recent call last):
    ...
    ValueError: 2 is not a card left to deal
    """

    def __init__(self, left: list[int], dealt: list[int] | None = None) -> None:
        self._left = list(left)
        self._dealt: list[int] = [] if dealt is None else list(dealt)

    @property
    def dealt(self) -> list[int]:
        """The card numbers dealt so far, the first dealt first (a copy)."""
        return list(self._dealt)

    @property
    def left(self) -> list[int]:
        """How many copies of each card number are still to deal (a copy)."""
        return list(self._left)

    def __len__(self) -> int:
        """How many cards have been dealt."""
        return len(self._dealt)

    def actions(self) -> list[int]:
        """The cards that may be dealt next (:func:`deal_actions`)."""
        return deal_actions(self._left)

    def outcomes(self) -> list[tuple[int, float]]:
        """Each card that may be dealt next with its chance (:func:`deal_outcomes`)."""
        return deal_outcomes(self._left)

    def deal(self, card: int) -> None:
        """Deal ``card`` next; :class:`ValueError` for a card that is not left to
        deal (and nothing changes)."""
        left = self._left
        if not 0 <= card < len(left) or not left[card]:
            raise ValueError(f"{card} is not a card left to deal")
        left[card] -= 1
        self._dealt.append(card)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Dealing) and self._left == other._left and self._dealt == other._dealt
        )

    __hash__ = None  # type: ignore[assignment]  # it changes as it deals

    def __repr__(self) -> str:
        return f"Dealing({self._left!r}, {self._dealt!r})"

    def __reduce__(self) -> tuple[type[Dealing], tuple[list[int], list[int]]]:
        """Pickled as its constructor's arguments (the compiled build's class keeps
        no ``__dict__`` to copy)."""
        return (Dealing, (self._left, self._dealt))

    def __deepcopy__(self, memo: object) -> Dealing:
        return Dealing(self._left, self._dealt)


def _single_outcomes(total: int, cards: int) -> tuple[object, ...]:
    """``(card, 1 / total)`` for each card number below ``cards``: the outcomes of
    cards with one copy left among ``total`` cards, made once and shared."""
    key = total << 16 | cards
    single = _SINGLE.get(key)
    if single is None:
        single = tuple([(card, 1 / total) for card in range(cards)])
        if len(_SINGLE) >= _SINGLE_LIMIT:
            _SINGLE.clear()
        _SINGLE[key] = single
    return single


# The outcomes of single cards by total and cards (see _single_outcomes); emptied
# when it reaches its limit (a deal of one or two packs meets at most 104).
_SINGLE: dict[int, tuple[object, ...]] = {}
_SINGLE_LIMIT: Final = 1_000


# The offer orders by (players, anchor, seats that may act as bits); emptied when
# it reaches its limit.
_ORDERS: dict[tuple[int, int, int], tuple[int, ...]] = {}
_ORDERS_LIMIT = 10_000


class Turns:
    """An engine state and how far its offers have gone: the position of a game
    played one player at a time.

    ``Turns(state, passed=0, decisions=0, max_decisions=1_000_000, order=None)``;
    ``order`` defaults to :func:`offer_order` of ``state``. A position is a value:
    two are equal when their state, passes, decisions and limit are.
    """

    __slots__ = ("_decisions", "_max_decisions", "_moves", "_order", "_passed", "_seat", "_state")

    _state: State
    _passed: int
    _decisions: int
    _max_decisions: int
    _order: tuple[int, ...]
    _moves: dict[int, Move] | None
    #: The seat to decide, or -1 once the game is over.
    _seat: int

    def __init__(
        self,
        state: State,
        passed: int = 0,
        decisions: int = 0,
        max_decisions: int = 1_000_000,
        order: tuple[int, ...] | None = None,
    ) -> None:
        self._state = state
        self._passed = passed
        self._decisions = decisions
        self._max_decisions = max_decisions
        self._order = offer_order(state) if order is None else order
        self._moves = None
        self._seat = (
            -1
            if decisions >= max_decisions or state.is_over or not self._order
            else self._order[passed]
        )

    @property
    def state(self) -> State:
        """The engine state."""
        return self._state

    @property
    def passed(self) -> int:
        """How many seats of :attr:`order` have passed in this engine state."""
        return self._passed

    @property
    def decisions(self) -> int:
        """How many decisions (moves and passes) have been made in the game."""
        return self._decisions

    @property
    def max_decisions(self) -> int:
        """The game stops, a draw, after this many decisions."""
        return self._max_decisions

    @property
    def order(self) -> tuple[int, ...]:
        """The seats offered in this engine state, in order (see :func:`offer_order`)."""
        return self._order

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Turns):
            return NotImplemented
        return (self.state, self.passed, self.decisions, self.max_decisions) == (
            other.state,
            other.passed,
            other.decisions,
            other.max_decisions,
        )

    def __hash__(self) -> int:
        return hash((self.state, self.passed, self.decisions, self.max_decisions))

    def __repr__(self) -> str:
        return (
            f"Turns(state={self.state!r}, passed={self.passed!r}, decisions={self.decisions!r}, "
            f"max_decisions={self.max_decisions!r}, order={self.order!r})"
        )

    @property
    def is_over(self) -> bool:
        """Whether the game has ended: a goat, or the decision limit reached."""
        return self._seat < 0

    @property
    def is_draw(self) -> bool:
        """Whether the game was stopped at the decision limit without a goat."""
        return not self._state.is_over and self._decisions >= self._max_decisions

    @property
    def player(self) -> int | None:
        """The seat to decide now, ``None`` once the game is over."""
        seat = self._seat
        return None if seat < 0 else seat

    @property
    def may_pass(self) -> bool:
        """Whether the seat to decide may pass (every seat but the anchor)."""
        return self._seat >= 0 and self._passed < len(self._order) - 1

    def moves(self) -> dict[int, Move]:
        """The moves of the seat to decide, keyed by action (``PASS`` not included;
        in the engine's order of the moves, not the actions')."""
        moves = self._moves
        if moves is None:
            seat = self._seat
            if seat < 0:
                moves = {}
            else:
                legal = self._state.legal_moves()
                if len(self._order) > 1:  # several seats may act: this seat's moves
                    legal = tuple([move for move in legal if move.player == seat])
                moves = _keyed(self._state, legal, seat)
            self._moves = moves  # a cache: the position is a value
        return moves

    def action_mask(self, seat: int) -> bytearray:
        """:data:`~.actions.NUM_ACTIONS` bytes, 1 at each legal action of ``seat``
        (``PASS`` included when allowed), all 0 when ``seat`` is not the one to
        decide: the action mask the PettingZoo environment shows.

        >>> import skitgubbe as sg
        >>> turns = Turns(sg.deal(sg.presets.FLURST, players=4, seed=7))
        >>> mask = turns.action_mask(0)
        >>> sorted(i for i, bit in enumerate(mask) if bit) == turns.legal_actions()
        True
        >>> any(turns.action_mask(1))
        False
        """
        mask = bytearray(NUM_ACTIONS)
        if seat == self._seat:
            for action in self.moves():
                mask[action] = 1
            mask[PASS] = self._passed < len(self._order) - 1
        return mask

    def legal_actions(self) -> list[int]:
        """The legal actions of the seat to decide, ascending (``PASS`` first when allowed)."""
        actions = list(self.moves())
        if not _ascending(actions):
            actions.sort()
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
            return Turns(
                self._state, self._passed + 1, self._decisions + 1, self._max_decisions, self._order
            )
        move = self.moves().get(action)
        if move is None:
            action_to_move(self._state, player, action)  # raises, saying why
        assert move is not None
        return self.after(move)

    def after(self, move: Move) -> Turns:
        """The position after an engine ``move`` of the seat to decide."""
        state = self._state.apply(move)
        return Turns(state, 0, self._decisions + 1, self._max_decisions, offer_order(state))

    def __reduce__(self) -> tuple[type[Turns], tuple[State, int, int, int, tuple[int, ...]]]:
        """Pickled as its constructor's arguments (the compiled build's class keeps
        no ``__dict__`` to copy): OpenSpiel copies a state by pickling it."""
        return (
            Turns,
            (self._state, self._passed, self._decisions, self._max_decisions, self._order),
        )

    def __deepcopy__(self, memo: object) -> Turns:
        return self  # a value: OpenSpiel clones states by deep copy

    def returns(self) -> list[float]:
        """Each seat's result: ``-1`` for the goat and ``1 / (players - 1)`` for each
        other seat, so that results sum to zero; all zero before the end or in a draw."""
        return list(self._state.returns())
