"""A search of a known phase-two position: :class:`TreeSearch`.

Phase two is a game of perfect information for a player who remembers phase
one, but with three or four seats left and many cards in hand the solver
(:mod:`skitgubbe.solve`) cannot reach its end. There :class:`TreeSearch` plays
the position out many times and grows a tree of the lines it tried, as UCT does
(Kocsis and Szepesvári's upper confidence bounds applied to trees, the heart of
Monte Carlo tree search):

* each seat, at its own turns in the tree, picks the line with the best mean
  outcome *for itself* plus a bonus for lines tried less (max^n: every seat
  plays for itself, none is assumed to gang up on another);
* a move not yet tried is tried first, cheapest play first (the greedy order
  of :func:`~skitgubbe.bots.playouts.playout_move`, so that a search given very
  little time still ends on the greedy move);
* from the tree's edge the game is played on by the greedy playout policy,
  until it ends or two seats are left holding few enough cards for the solver
  (``settle_cards``): its exact verdict then says who is the goat.

Each seat's outcome is 0 for the goat and otherwise ``1 - 0.2 * place /
(players - 1)`` for going out in ``place`` (0 first): not being the goat matters
most, going out early a little. The move answered is the one tried most.

The compiled build compiles this module with the engine (so
:class:`TreeSearch` is a native class there, which a program cannot
subclass).

Measured with ``benchmarks/strength_phase_two.py`` on 100 first positions of
phase two in 4-player Flurst (after greedy play), the
:class:`~skitgubbe.bots.PimcBot` searching at 0.1 s a move in one seat and
three :class:`~skitgubbe.bots.SearchBot` players in the others: goat in 15% of
400 games (95% interval 11 to 18%), where a quarter is even.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence

import attrs

from ..errors import shown
from ..moves import Move, Play
from ..solve import Solver, Verdict
from ..state import PhaseTwoState, State
from .playouts import PLAYOUT_LIMIT, play_cost, playout_move, trump_bits

__all__ = [
    "EXPLORATION",
    "SETTLE_CARDS",
    "SETTLE_NODES",
    "WIDENING",
    "TreeAnswer",
    "TreeSearch",
]

#: How much a line tried less is favoured (the constant of UCT's bound).
EXPLORATION = 0.7
#: How fast a position's moves are let in (progressive widening): a position
#: tried ``n`` times is searched among its first ``ceil(WIDENING * sqrt(n))``
#: moves in the greedy order; 0 lets every move in at once.
WIDENING = 0.0
#: A line with two seats left and at most this many cards in their hands is
#: settled by the solver.
SETTLE_CARDS = 10
#: The most positions the solver spends settling one line (past it the line is
#: played on greedily).
SETTLE_NODES = 1_000


@attrs.frozen
class TreeAnswer:
    """What a :class:`TreeSearch` found: each move tried at the root, in the
    greedy order, with the times it was tried and its mean outcome for the seat
    to move (0 the goat, 1 first out); ``iterations`` lines were played."""

    moves: tuple[Move, ...]
    visits: tuple[int, ...]
    values: tuple[float, ...]
    iterations: int

    @property
    def best(self) -> Move:
        """The move tried most (the first in the greedy order on a tie)."""
        most = max(self.visits)
        return self.moves[self.visits.index(most)]


class _Node:
    __slots__ = ("children", "mover", "moves", "state", "totals", "tried", "visits")

    def __init__(self, state: PhaseTwoState, moves: list[Move] | None = None) -> None:
        self.state = state
        self.mover = -1 if state.is_over else state.due[0]
        self.moves: list[Move] = (
            [] if state.is_over else moves if moves is not None else _greedy_order(state)
        )
        self.tried = 0
        self.children: list[_Node] = []
        self.visits = 0
        self.totals: list[float] = []

    def __reduce__(self) -> tuple[object, ...]:
        # the compiled build's classes need their way back spelt out
        return _node_of, (
            self.state,
            self.moves,
            self.tried,
            self.children,
            self.visits,
            self.totals,
        )


def _node_of(
    state: PhaseTwoState,
    moves: list[Move],
    tried: int,
    children: list[_Node],
    visits: int,
    totals: list[float],
) -> _Node:
    """A pickled :class:`_Node` made again."""
    node = _Node(state, moves)
    node.tried = tried
    node.children = children
    node.visits = visits
    node.totals = totals
    return node


class TreeSearch:
    """UCT over a known phase-two position (see the module docs). The solver
    that settles small endings is kept between searches, so what it proved is
    not proved again. The search draws no random numbers: the same position
    and budget of iterations give the same answer."""

    def __init__(
        self,
        *,
        exploration: float = EXPLORATION,
        widening: float = WIDENING,
        settle_cards: int = SETTLE_CARDS,
        settle_nodes: int = SETTLE_NODES,
        solver: Solver | None = None,
        reuse: bool = False,
    ) -> None:
        if not exploration >= 0:
            raise ValueError(f"exploration must be at least 0, not {shown(exploration)}")
        if not widening >= 0:
            raise ValueError(f"widening must be at least 0, not {shown(widening)}")
        self.exploration = exploration
        self.widening = widening
        self.settle_cards = settle_cards
        self.settle_nodes = settle_nodes
        self.solver = Solver() if solver is None else solver
        self.reuse = reuse
        self._last: _Node | None = None

    def search(
        self,
        state: State,
        *,
        seconds: float | None = None,
        iterations: int | None = None,
        moves: Sequence[Move] | None = None,
    ) -> TreeAnswer:
        """Search ``state`` (a phase-two position, the seat to move its first
        due seat) for ``seconds`` or ``iterations`` lines, whichever ends first,
        among ``moves`` (by default every legal move). At least one of the two
        budgets must be given; a line the clock cuts short is dropped.

        With ``reuse``, a position met in the tree of the last search (the
        position after the moves made since) is searched on from what that
        search learned about it: the answer's visits then count those lines
        too (``iterations`` only the new ones)."""
        if not isinstance(state, PhaseTwoState) or state.is_over:
            raise ValueError("the tree search needs a phase-two position that is not over")
        if seconds is None and iterations is None:
            raise ValueError("give the search seconds, iterations or both")
        deadline = math.inf if seconds is None else time.perf_counter() + seconds
        most = math.inf if iterations is None else iterations
        if moves is not None:
            allowed = set(moves)
            order = [move for move in _greedy_order(state) if move in allowed]
            if len(order) != len(allowed) or not order:
                raise ValueError("the moves to search must be legal moves of the seat to move")
        else:
            order = _greedy_order(state)
        found = self._found(state) if self.reuse else None
        root = found if found is not None and found.moves == order else _Node(state, order)
        self._last = root
        players = state.players
        done = 0
        while done < most and time.perf_counter() < deadline:
            if not self._iterate(root, players, deadline):
                break
            done += 1
        visits = [0] * len(root.moves)
        values = [0.0] * len(root.moves)
        for index, child in enumerate(root.children):
            visits[index] = child.visits
            values[index] = child.totals[root.mover] / child.visits
        return TreeAnswer(tuple(root.moves), tuple(visits), tuple(values), done)

    def _found(self, state: PhaseTwoState) -> _Node | None:
        """The node of ``state`` in the last search's tree, if it is there."""
        if self._last is None:
            return None
        hands = state.hand_masks
        level = [self._last]
        for _ in range(2 * state.players + 1):
            deeper: list[_Node] = []
            for node in level:
                if node.state.hand_masks == hands and node.state == state:
                    return node
                deeper.extend(node.children)
            level = deeper
        return None

    def _iterate(self, root: _Node, players: int, deadline: float) -> bool:
        node = root
        path = [root]
        while not node.state.is_over and node.tried >= self._width(node):
            node = self._select(node)
            path.append(node)
        expanded = not node.state.is_over
        if expanded:
            after = node.state.apply(node.moves[node.tried])
            assert isinstance(after, PhaseTwoState)
            child = _Node(after)
            node.tried += 1
            node.children.append(child)
            node = child
            path.append(child)
        outcome = self._play_out(node.state, players, deadline)
        if outcome is None:  # the clock cut the line short: the tree forgets it
            if expanded:
                parent = path[-2]
                parent.children.pop()
                parent.tried -= 1
            return False
        for passed in path:
            passed.visits += 1
            if passed.totals:
                totals = passed.totals
                for seat in range(players):
                    totals[seat] += outcome[seat]
            else:
                passed.totals = list(outcome)
        return True

    def _width(self, node: _Node) -> int:
        """How many of the node's moves (in the greedy order) may be searched now."""
        if not self.widening:
            return len(node.moves)
        return min(len(node.moves), max(1, math.ceil(self.widening * math.sqrt(node.visits))))

    def _select(self, node: _Node) -> _Node:
        mover = node.mover
        spread = self.exploration * math.sqrt(math.log(node.visits))
        best = node.children[0]
        best_bound = -1.0
        for child in node.children:
            bound = child.totals[mover] / child.visits + spread / math.sqrt(child.visits)
            if bound > best_bound:
                best_bound = bound
                best = child
        return best

    def _play_out(self, state: PhaseTwoState, players: int, deadline: float) -> list[float] | None:
        settle = True
        for made in range(PLAYOUT_LIMIT):
            if made % 32 == 31 and time.perf_counter() > deadline:
                return None
            if state.is_over:
                return _outcome(state.out, players)
            if settle and self._small(state):
                settle = False
                settled = self._settle(state, players, deadline)
                if settled is not None:
                    return settled
            after = state.apply(playout_move(state, state.due[0]))
            assert isinstance(after, PhaseTwoState)
            state = after
        return [0.5] * players  # pragma: no cover - playouts end long before

    def _small(self, state: PhaseTwoState) -> bool:
        return (
            state.active.bit_count() == 2
            and sum(mask.bit_count() for mask in state.hand_masks) <= self.settle_cards
        )

    def _settle(self, state: PhaseTwoState, players: int, deadline: float) -> list[float] | None:
        seat = state.due[0]
        seconds = None if deadline == math.inf else max(deadline - time.perf_counter(), 1e-6)
        answer = self.solver.solve(
            state, seat, max_nodes=self.settle_nodes, seconds=seconds, one_move=True
        )
        if not answer.complete or answer.verdict is Verdict.OPEN:
            return None
        other = (state.active & ~(1 << seat)).bit_length() - 1
        first = seat if answer.verdict is Verdict.ESCAPES else other
        return _outcome((*state.out, first), players)


def _outcome(out: Sequence[int], players: int) -> list[float]:
    """Each seat's outcome (see the module docs) when ``out`` went out in that
    order and the one seat not in it is the goat."""
    outcome = [0.0] * players
    for place, seat in enumerate(out):
        outcome[seat] = 1.0 - 0.2 * place / (players - 1)
    return outcome


def _greedy_order(state: PhaseTwoState) -> list[Move]:
    """The seat to move's legal moves, plays cheapest first, then the rest."""
    trumps = trump_bits(state.trump)
    moves = state.legal_moves(state.due[0])
    plays = sorted(
        (move for move in moves if isinstance(move, Play)),
        key=lambda move: play_cost(move.mask, trumps),
    )
    return plays + [move for move in moves if not isinstance(move, Play)]
