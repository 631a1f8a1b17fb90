"""Phase two solved, and games judged by it.

* :mod:`skitgubbe.solve.search`: the solver. For any phase-two position and
  seat, :func:`solve` says whether the seat can force its escape, the others
  can force it to be the goat, or neither can (the game may go round), with the
  moves that keep that verdict (and, asked, the length of the quickest forcing
  line).
  :class:`Solver` keeps what it proved from one question to the next.
* :mod:`skitgubbe.solve.analysis`: :func:`analyse` judges every phase-two move
  of a game's record and marks the blunders, the moves that threw away an
  escape the player could have forced.

A layer above the engine: it imports the engine alone, and the bots build on it.
"""

from __future__ import annotations

from .analysis import ANALYSIS_NODES, Analysis, Step, analyse
from .search import DEFAULT_NODES, Solution, SolveError, Solver, Verdict, solve

__all__ = [
    "ANALYSIS_NODES",
    "DEFAULT_NODES",
    "Analysis",
    "Solution",
    "SolveError",
    "Solver",
    "Step",
    "Verdict",
    "analyse",
    "solve",
]
