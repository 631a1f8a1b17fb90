"""The analysis of a game: every phase-two move judged by the solver.

:func:`analyse` replays a :class:`~skitgubbe.records.Record` and, for each move
of phase two, asks the solver (:class:`~skitgubbe.solve.Solver`, one for the
whole game, so that what it proved for one move serves the next) what the
player who made it could force before the move and what it can force after it.
A move is a *blunder* when its player could make sure of escaping before it
(:attr:`~skitgubbe.solve.Verdict.ESCAPES`, whatever the others do together) and
cannot after it; the step names the moves that would have kept the escape.

Where one of a player's verdicts follows from another, it is not searched for.
The verdicts are the paranoid ones (whatever the others do together), so:

* a player that can escape after its move could escape before it (that move
  keeps it), and one that can be made the goat before its move can be made the
  goat after it (every move leaves it so);
* a player that can be made the goat before its next move could be made the
  goat after its last one (the others could have played the moves in between
  on purpose).

A verdict found so is as exact as one searched; the step names it in
:attr:`Step.inferred`, and the table marks it with a ``*``.

The moves are judged from the last back to the first, so that what the solver
proved near the end serves the larger positions before it. A position beyond the
budget (``max_nodes`` positions for each question, and ``seconds`` if given) is
left unjudged: its verdict is ``None`` and the step says so; once
:data:`GIVE_UP` positions in a row are beyond it, the earlier ones (larger
still) are left unjudged without asking. With ``total_seconds``, the whole analysis keeps
within that time: the moves not reached by then (the earlier ones, larger) are
left unjudged too, and :attr:`Analysis.out_of_time` says so. The analysis never
guesses.

A record that stops in phase two (a game still being played) is judged too, and
:attr:`Analysis.now` says what the seat to move can force in the position it
stopped at, with the moves that keep it.

For example, for a saved game::

    from skitgubbe.records import Record
    from skitgubbe.solve import analyse

    analysis = analyse(Record.from_json(open("game.json").read()))
    print(analysis.table())
    for step in analysis.blunders:
        print(step.note)

or ``python -m skitgubbe analyse game.json`` (``--html`` writes the replay page
with each step's verdict).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

import attrs

from ..records import Record, replay
from ..state import PhaseTwoState, State
from .search import DEFAULT_NODES, Solution, Solver, Verdict

__all__ = ["ANALYSIS_NODES", "GIVE_UP", "Analysis", "Step", "analyse"]

#: The most positions the solver spends on one question of an analysis by default.
ANALYSIS_NODES = 100_000
#: After this many positions in a row beyond the budget, going back from the end
#: of the game, the earlier positions are not asked about.
GIVE_UP = 3


@attrs.frozen
class Step:
    """One phase-two move, judged."""

    #: The move's number in the record, from 0.
    index: int
    #: The move, in notation.
    move: str
    #: The seat that made it.
    player: int
    #: What the player could force before the move; ``None``: beyond the budget.
    before: Verdict | None
    #: What it can force after it; ``None``: beyond the budget.
    after: Verdict | None
    #: The moves that would have kept the escape, when the move threw it away.
    keeping: tuple[str, ...] = ()
    #: Which of ``"before"`` and ``"after"`` follow from a neighbouring verdict of
    #: the same player rather than from a search (see the module's description).
    inferred: tuple[str, ...] = ()

    @property
    def blunder(self) -> bool:
        """Whether the move turned a position the player could escape from into
        one it cannot."""
        return self.before is Verdict.ESCAPES and self.after not in (Verdict.ESCAPES, None)

    @property
    def judged(self) -> bool:
        """Whether the solver answered both questions within its budget."""
        return self.before is not None and self.after is not None

    @property
    def note(self) -> str:
        """The step in a sentence, as the replay page shows it."""
        if not self.judged:
            return f"seat {self.player}: beyond the solver's budget, not judged"
        assert self.before is not None and self.after is not None
        said = f"seat {self.player}: {_SAID[self.before]} before, {_SAID[self.after]} after"
        if self.blunder:
            kept = ", ".join(self.keeping[:3]) + (" ..." if len(self.keeping) > 3 else "")
            said += f": a blunder ({kept} would have kept the escape)"
        return said


_SAID = {
    Verdict.ESCAPES: "escapes",
    Verdict.GOAT: "can be made the goat",
    Verdict.OPEN: "open",
}


@attrs.frozen
class Analysis:
    """A game's phase-two moves, judged (see the module's description)."""

    #: The record analysed.
    record: Record
    #: One step for each phase-two move, in order.
    steps: tuple[Step, ...]
    #: The budget each question had, in positions.
    max_nodes: int
    #: For a record that stops in phase two before the game is over: what the
    #: seat to move can force there (its verdict ``None`` beyond the budget),
    #: and the moves that keep it. ``None`` for a finished game, or one that
    #: stops before phase two.
    now: Solution | None = None
    #: Whether the analysis ran out of its ``total_seconds`` before the first
    #: phase-two move (the moves it did not reach are left unjudged).
    out_of_time: bool = False

    @property
    def blunders(self) -> tuple[Step, ...]:
        """The steps that threw an escape away."""
        return tuple(step for step in self.steps if step.blunder)

    @property
    def unjudged(self) -> tuple[Step, ...]:
        """The steps beyond the solver's budget."""
        return tuple(step for step in self.steps if not step.judged)

    def notes(self) -> list[str]:
        """For each move of the record, its step's note, or ``""`` for a move of
        phase one (what :func:`skitgubbe.render.replay_html` takes as ``notes``)."""
        notes = [""] * len(self.record.moves)
        for step in self.steps:
            notes[step.index] = ("?? " if step.blunder else "") + step.note
        return notes

    def table(self) -> str:
        """The steps as a table to read: move, seat, before, after, and the
        blunders marked with the moves that kept the escape (or a line saying
        that the game has not reached phase two, where there is nothing to judge)."""
        if not self.steps and self.now is None:
            return "no phase-two moves to judge: the game has not reached phase two"
        lines = [f"{'move':>5}  {'':<18} {'before':<9} {'after':<9}"] if self.steps else []
        for step in self.steps:
            before = _shown(step.before, "before" in step.inferred)
            after = _shown(step.after, "after" in step.inferred)
            mark = ""
            if step.blunder:
                mark = "  ?? blunder; kept by " + ", ".join(step.keeping[:3])
            lines.append(f"{step.index + 1:>5}. {step.move:<18} {before:<9} {after:<9}{mark}")
        if any(step.inferred for step in self.steps):
            lines.append("* follows from the same player's verdict at a neighbouring move")
        if self.unjudged:
            lines.append("? beyond the solver's budget: not judged")
        if self.now is not None:
            lines.append(_now_said(self.now))
        if self.out_of_time:
            lines.append("the analysis ran out of time: the earlier moves were not asked about")
        blunders, unjudged = len(self.blunders), len(self.unjudged)
        lines.append(
            f"{len(self.steps)} phase-two moves, {blunders} blunder{'s' * (blunders != 1)}"
            + (
                f", {unjudged} beyond the solver's budget ({self.max_nodes:,} positions)"
                if unjudged
                else ""
            )
        )
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """The analysis as plain data (JSON): the record and each step."""
        return {
            "record": self.record.to_dict(),
            "max_nodes": self.max_nodes,
            "out_of_time": self.out_of_time,
            "now": None
            if self.now is None
            else {
                "seat": self.now.seat,
                "verdict": None if self.now.verdict is None else self.now.verdict.value,
                "moves": [str(move) for move in self.now.moves],
            },
            "steps": [
                {
                    "index": step.index,
                    "move": step.move,
                    "player": step.player,
                    "before": None if step.before is None else step.before.value,
                    "after": None if step.after is None else step.after.value,
                    "blunder": step.blunder,
                    "keeping": list(step.keeping),
                    "inferred": list(step.inferred),
                }
                for step in self.steps
            ],
        }


def analyse(
    record: Record,
    *,
    max_nodes: int = ANALYSIS_NODES,
    seconds: float | None = None,
    solver: Solver | None = None,
    progress: Callable[[int, int], None] | None = None,
    total_seconds: float | None = None,
) -> Analysis:
    """Judge every phase-two move of ``record`` (see the module's description):
    each question may search ``max_nodes`` positions (and ``seconds``, if given),
    and the whole analysis ``total_seconds`` (if given).
    ``progress``, if given, is called after each move with the phase-two moves
    judged so far and their number.

    Raises :class:`~skitgubbe.records.ReplayError` if a move of the record is
    illegal, and :class:`ValueError` for a budget that is not a positive number.
    """
    if isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes < 1:
        raise ValueError(f"max_nodes must be a whole number of at least 1, not {max_nodes!r}")
    if max_nodes > DEFAULT_NODES * 50:
        raise ValueError(f"max_nodes may be at most {DEFAULT_NODES * 50:,}, not {max_nodes:,}")
    for name, value in (("seconds", seconds), ("total_seconds", total_seconds)):
        if value is not None and not (
            isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0
        ):
            raise ValueError(f"{name} must be more than 0, not {value!r}")
    started = time.perf_counter()
    deadline = math.inf if total_seconds is None else started + total_seconds

    def asked() -> float | None:
        """The seconds the next question may take: its own, and what is left."""
        if deadline == math.inf:
            return seconds
        left = max(deadline - time.perf_counter(), 1e-6)
        return left if seconds is None else min(seconds, left)

    states = replay(record)
    solver = Solver() if solver is None else solver
    last = states[-1]
    now = None
    if isinstance(last, PhaseTwoState) and not last.is_over:
        now = solver.solve(last, max_nodes=max_nodes, seconds=asked())
    out_of_time = False
    steps: list[Step] = []
    beyond = 0
    phase_two = [
        index
        for index in range(len(record.moves))
        if isinstance(states[index], PhaseTwoState) and not states[index].is_over
    ]
    #: each player's verdict before its next move (the one judged last)
    next_before: dict[int, Verdict | None] = {}
    for index in reversed(phase_two):
        if progress is not None:
            progress(len(steps), len(phase_two))
        state = states[index]
        assert isinstance(state, PhaseTwoState)
        after = states[index + 1]
        move = after.last_move
        assert move is not None
        player = move.player
        assert state.to_act == (player,)  # phase two has no move out of turn
        out_of_time = out_of_time or time.perf_counter() >= deadline
        if beyond >= GIVE_UP or out_of_time:
            steps.append(Step(index, record.moves[index], player, None, None))
            next_before[player] = None
            continue
        inferred: list[str] = []
        later: Verdict | None
        if next_before.get(player) is Verdict.GOAT:
            later = Verdict.GOAT  # the others could have played on to it
            inferred.append("after")
        else:
            later = _after(solver, after, player, max_nodes, asked()).verdict
        keeping: tuple[str, ...] = ()
        if later is Verdict.ESCAPES:
            verdict: Verdict | None = Verdict.ESCAPES  # the move made keeps it
            inferred.insert(0, "before")
        else:
            before = solver.solve(state, player, max_nodes=max_nodes, seconds=asked())
            verdict = before.verdict
            if verdict is Verdict.ESCAPES and later is not None:
                keeping = tuple(str(kept) for kept in before.moves)
            if verdict is Verdict.GOAT and later is None:
                later = Verdict.GOAT  # every move leaves it so
                inferred.append("after")
        beyond = beyond + 1 if verdict is None else 0
        next_before[player] = verdict
        steps.append(
            Step(index, record.moves[index], player, verdict, later, keeping, tuple(inferred))
        )
    steps.reverse()
    if progress is not None:
        progress(len(steps), len(phase_two))
    return Analysis(record, tuple(steps), max_nodes, now, out_of_time)


def _now_said(now: Solution) -> str:
    """The line of the table for the position a record stops at."""
    said = f"now: seat {now.seat} to move"
    if now.verdict is None:
        return said + ": beyond the solver's budget, not judged"
    moves = ", ".join(str(move) for move in now.moves)
    if now.verdict is Verdict.ESCAPES:
        return said + f" escapes; kept by {moves}"
    if now.verdict is Verdict.GOAT:
        return said + " can be made the goat whatever it plays"
    return said + f" is open (no one can force it); kept so by {moves}"


def _shown(verdict: Verdict | None, inferred: bool) -> str:
    """A verdict as the table shows it: ``?`` beyond the budget, ``*`` inferred."""
    return "?" if verdict is None else verdict.value + "*" * inferred


def _after(
    solver: Solver, state: State, player: int, max_nodes: int, seconds: float | None
) -> Solution:
    """The player's verdict after its move: a player out of the game has escaped."""
    if isinstance(state, PhaseTwoState) and not state.is_over and player in state.out:
        return Solution(player, Verdict.ESCAPES, (), 0, 0, True)
    return solver.solve(state, player, max_nodes=max_nodes, seconds=seconds)
