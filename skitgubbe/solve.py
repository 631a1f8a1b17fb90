"""Phase two solved: who can escape being the goat, whatever the others do.

In phase two every hand is known to a player who remembers phase one, so a
position is a game of perfect information. :func:`solve` answers, for one seat,
whether it can escape being the goat whatever all the other seats do together
(with two seats left that is the whole game: one of them is the goat; with more
it is the paranoid question, the others played as one against it), and which of
its moves keep it safe.

Picking up can bring a position back, so a game may go round for ever. The
solver works on the graph of positions: it gathers every position the game can
reach from the one asked about (positions equal as
:class:`~skitgubbe.state.PhaseTwoState` says, which leaves out the quiet
counter), then labels them backwards from the ends of the game, as endgame
tables are built for chess. A position is :attr:`Verdict.ESCAPES` when the seat
can force the game to end with another seat the goat, :attr:`Verdict.GOAT` when
the others can force it to be the goat, and :attr:`Verdict.OPEN` when neither
can force an end: each side can keep the game going round. Under the rules a
game that goes round ends at the quiet limit with the seat holding the most
cards the goat (P2-QUIET); the solver does not count towards that limit, and
says ``OPEN`` instead of guessing which side would be left holding more then.

Each answer says how many positions it took, and a solver given too small a
budget (``max_nodes``, ``seconds``) says it ran out instead of answering.

>>> import skitgubbe as sg
>>> state = sg.start_phase_two(sg.presets.PAGAT, ["2C 9C KH", "3C 5D"], "D", leader=0)
>>> answer = solve(state)   # seat 0 is to move: every move loses, in at most 3 moves
>>> answer.verdict, answer.length, len(answer.moves)
(<Verdict.GOAT: 'goat'>, 3, 3)
>>> solve(state, seat=1).verdict
<Verdict.ESCAPES: 'escapes'>

With three seats each is asked alone against the other two:

>>> state = sg.start_phase_two(sg.presets.PAGAT, ["2C 9C", "3C", "4C KC"], "D", leader=0)
>>> [solve(state, seat=seat).verdict.value for seat in range(3)]
['goat', 'open', 'escapes']
"""

from __future__ import annotations

import enum
import time
from collections import deque
from collections.abc import Sequence

import attrs

from .events import EventKind
from .moves import Move
from .state import PhaseTwoState, State

__all__ = ["DEFAULT_NODES", "Solution", "SolveError", "Verdict", "solve"]

#: The most positions :func:`solve` gathers unless told otherwise.
DEFAULT_NODES = 2_000_000


class SolveError(ValueError):
    """A position the solver does not take: not phase two, or a seat not in play."""


class Verdict(enum.Enum):
    """What a seat can force from a position."""

    #: It can make sure another seat is the goat.
    ESCAPES = "escapes"
    #: The others can make sure it is the goat.
    GOAT = "goat"
    #: Neither: each side can keep the game going round (see the module's description).
    OPEN = "open"


@attrs.frozen
class Solution:
    """The answer for one seat and one position."""

    #: The seat asked about.
    seat: int
    #: What it can force; ``None`` if the budget ran out first.
    verdict: Verdict | None
    #: When the seat is to move: its moves that keep the verdict (with
    #: ``ESCAPES``, those that bring the end nearer; with ``GOAT``, every move).
    #: When another seat is to move: its moves that keep the verdict for ``seat``.
    moves: tuple[Move, ...]
    #: With ``ESCAPES`` or ``GOAT``: the most moves the game lasts under best play
    #: (the winning side hurrying, the losing side holding on).
    length: int | None
    #: The positions gathered.
    nodes: int
    #: Whether the answer is complete (``False``: the budget ran out).
    complete: bool


def _stalled(state: State) -> bool:
    return any(event.kind is EventKind.STALLED for event in state.events)


def solve(
    state: State,
    seat: int | None = None,
    *,
    max_nodes: int = DEFAULT_NODES,
    seconds: float | None = None,
) -> Solution:
    """Whether ``seat`` (by default the seat to move) can escape being the goat
    from ``state``, a phase-two position, whatever the others do (see the module's
    description). ``max_nodes`` and ``seconds`` bound the work: past either, the
    answer has ``verdict=None`` and ``complete=False``."""
    if not isinstance(state, PhaseTwoState):
        raise SolveError(f"the solver takes phase-two positions, not a {type(state).__name__}")
    if seat is None:
        if state.is_over:
            raise SolveError("the game is over: name the seat to ask about")
        seat = state.to_act[0]
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players:
        raise SolveError(f"seat must be a seat from 0 to {state.players - 1}, not {seat!r}")
    deadline = None if seconds is None else time.monotonic() + seconds

    # 1. Every position the game can reach, with its moves and where they lead.
    index: dict[State, int] = {state: 0}
    states: list[State] = [state]
    children: list[list[tuple[Move, int]]] = []
    parents: list[list[int]] = [[]]
    todo = 0
    while todo < len(states):
        if len(states) > max_nodes or (
            deadline is not None and todo % 256 == 0 and time.monotonic() > deadline
        ):
            return Solution(seat, None, (), None, len(states), False)
        current = states[todo]
        edges: list[tuple[Move, int]] = []
        if not current.is_over:
            for move in current.legal_moves():
                after = current.apply(move)
                number = index.get(after)
                if number is None:
                    number = len(states)
                    index[after] = number
                    states.append(after)
                    parents.append([])
                edges.append((move, number))
                parents[number].append(todo)
        children.append(edges)
        todo += 1

    # 2. Labels from the ends back: a position of the seat's is won as soon as one
    # move wins, lost once every move loses; a position of the others' the other
    # way round. What is never labelled is open.
    count = len(states)
    label: list[Verdict | None] = [None] * count
    length: list[int] = [0] * count
    left = [len(edges) for edges in children]
    queue: deque[int] = deque()
    for number, current in enumerate(states):
        if current.is_over and not _stalled(current):
            label[number] = Verdict.GOAT if current.loser == seat else Verdict.ESCAPES
            queue.append(number)
    while queue:
        if deadline is not None and len(queue) % 256 == 0 and time.monotonic() > deadline:
            return Solution(seat, None, (), None, count, False)
        done = queue.popleft()
        verdict = label[done]
        for parent in parents[done]:
            if label[parent] is not None:
                continue
            mine = states[parent].to_act[0] == seat
            good = Verdict.ESCAPES if mine else Verdict.GOAT
            if verdict is good:
                label[parent] = good
                length[parent] = length[done] + 1
                queue.append(parent)
            else:
                left[parent] -= 1
                if left[parent] == 0:  # every move leads to the other side's win
                    label[parent] = verdict
                    length[parent] = max(length[child] for _, child in children[parent]) + 1
                    queue.append(parent)

    verdict = label[0] or Verdict.OPEN
    moves = _keeping(children[0], label, length, verdict, state, seat)
    return Solution(
        seat,
        verdict,
        moves,
        None if verdict is Verdict.OPEN else length[0],
        count,
        True,
    )


def _keeping(
    edges: Sequence[tuple[Move, int]],
    label: Sequence[Verdict | None],
    length: Sequence[int],
    verdict: Verdict,
    state: State,
    seat: int,
) -> tuple[Move, ...]:
    """The moves from the root that keep ``verdict``: for the side that forces it,
    those that shorten the way to the end (a move back round a cycle would keep
    the label but never arrive)."""
    if state.is_over:
        return ()
    value = {number: label[number] or Verdict.OPEN for _, number in edges}
    keep = [(move, number) for move, number in edges if value[number] is verdict]
    mine = state.to_act[0] == seat
    forcing = (verdict is Verdict.ESCAPES and mine) or (verdict is Verdict.GOAT and not mine)
    if forcing and keep:
        best = min(length[number] for _, number in keep)
        keep = [(move, number) for move, number in keep if length[number] == best]
    return tuple(move for move, _ in keep)
