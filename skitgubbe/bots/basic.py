"""Two simple bots: :class:`RandomBot` and :class:`GreedyBot`.

:class:`RandomBot` is the yardstick: it picks uniformly among its legal moves
and, when it is not due, the choice of doing nothing. :class:`GreedyBot` follows
a few fixed rules of thumb, written out in :func:`greedy_choice`, and loses
clearly less often than random players (see ``benchmarks/bots.py``).

The rules of thumb themselves live in :mod:`skitgubbe.bots.playouts`, which the
compiled build compiles (the search bots play them thousands of times a second);
:func:`greedy_choice`, :func:`phase_two_key`, :data:`LOW_CARD` and
:data:`HIGH_CARD` are named here too.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..moves import Move
from ..views import PlayerView
from .playouts import HIGH_CARD, LOW_CARD, greedy_choice, phase_two_key
from .protocol import is_due

__all__ = [
    "HIGH_CARD",
    "LOW_CARD",
    "GreedyBot",
    "RandomBot",
    "greedy_choice",
    "phase_two_key",
]


class RandomBot:
    """Uniformly random play: every legal move, and declining when not due, is
    equally likely. Seeded by :meth:`reset`."""

    def __init__(self, name: str = "random") -> None:
        self.name = name
        self._rng = random.Random(0)

    def reset(self, seat: int, seed: int) -> None:
        """Seed the random choices of a new game."""
        self._rng = random.Random(seed)

    def choose(self, view: PlayerView, moves: Sequence[Move]) -> Move | None:
        """Any legal move, or (when not due) nothing, with equal chances."""
        if is_due(view):
            return moves[self._rng.randrange(len(moves))]
        pick = self._rng.randrange(len(moves) + 1)
        return moves[pick] if pick < len(moves) else None

    def __repr__(self) -> str:
        return f"RandomBot(name={self.name!r})"


class GreedyBot:
    """Fixed rules of thumb for both phases (see :func:`greedy_choice`); no
    randomness, so :meth:`reset` has nothing to seed."""

    def __init__(self, name: str = "greedy") -> None:
        self.name = name

    def reset(self, seat: int, seed: int) -> None:
        """Nothing to do: the bot keeps no state and draws no random numbers."""

    def choose(self, view: PlayerView, moves: Sequence[Move]) -> Move | None:
        """The move :func:`greedy_choice` picks."""
        return greedy_choice(view, moves)

    def __repr__(self) -> str:
        return f"GreedyBot(name={self.name!r})"
