"""A determinized Monte Carlo search bot: :class:`SearchBot`.

At each decision where it is due and has more than one move, the bot samples
complete states consistent with its view (:func:`skitgubbe.sample`: the hidden
cards placed uniformly at random), plays each of its candidate moves in each
sampled state, plays the game on with a fast greedy policy, and keeps the move
with the best average outcome. All candidates are tried on the same samples, so
their scores differ by the move, not by the luck of the sample.

An outcome is scored by how late the player goes out: 0 for going out first,
1 for the goat, evenly between (``place / (players - 1)``); a playout stops as
soon as the player is out. Out-of-turn choices (when the bot is not due) are
left to :func:`~skitgubbe.bots.greedy_choice`.

In phase two a player who remembers phase one knows every hand: every sample
is then the position itself and every playout of a move ends alike, so the bot
plays each candidate once there, whatever its budget.

The budget is a number of playouts per decision (the ``playouts`` argument of
:class:`SearchBot`), so that a seed gives the same game on any machine; an
optional time limit (``seconds``) stops earlier on a slow one, at the price of
that reproducibility. Under a runner's time limit (a :class:`~skitgubbe.bots.TimedBot`)
it also stops in time: it thinks for at most :data:`TIME_SHARE` of the time it
is given, starts no round of playouts it expects to overrun, drops a round cut
short, and falls back on the greedy choice if not one round fits.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from ..errors import shown
from ..moves import Move, Play
from ..sampling import sample
from ..state import Phase
from ..views import PlayerView
from .playouts import PLAYOUT_LIMIT, greedy_choice, phase_two_key, playout, playout_move
from .protocol import is_due

__all__ = [
    "DEFAULT_CANDIDATES",
    "DEFAULT_PLAYOUTS",
    "MIN_SAMPLES",
    "PLAYOUT_LIMIT",
    "TIME_SHARE",
    "SearchBot",
    "playout_move",
]

#: Playouts per decision by default: under 0.2 s a decision on one core (4-player Flurst).
DEFAULT_PLAYOUTS = 32
#: The most moves compared at one decision by default; the rest are cut by the
#: greedy order (cheapest plays first).
DEFAULT_CANDIDATES = 6
#: Samples per candidate, at least, where some card is hidden.
MIN_SAMPLES = 4
#: The share of the time a runner gives a decision that the bot spends searching:
#: the rest is left for sampling a world, answering, and a loaded machine.
TIME_SHARE = 0.5


class SearchBot:
    """Determinized Monte Carlo search with greedy playouts (see the module docs).

    ``playouts`` is the budget per decision, shared among at most ``candidates``
    moves (each gets at least :data:`MIN_SAMPLES` samples, or one where every
    hand is known); ``seconds``, if given, also stops the search once that much
    time has passed (no longer reproducible). The random samples come from the
    seed given to :meth:`reset`.
    """

    def __init__(
        self,
        playouts: int = DEFAULT_PLAYOUTS,
        *,
        candidates: int = DEFAULT_CANDIDATES,
        seconds: float | None = None,
        name: str = "search",
    ) -> None:
        if not isinstance(playouts, int) or playouts < 1:
            raise ValueError(
                f"playouts must be a whole number of at least 1, not {shown(playouts)}"
            )
        if not isinstance(candidates, int) or candidates < 2:
            raise ValueError(
                f"candidates must be a whole number of at least 2, not {shown(candidates)}"
            )
        if seconds is not None and not seconds > 0:
            raise ValueError(f"seconds must be more than 0, not {shown(seconds)}")
        self.name = name
        self.playouts = playouts
        self.candidates = candidates
        self.seconds = seconds
        self._rng = random.Random(0)
        #: Playouts made since the bot was made, over every game it played.
        self.playouts_made = 0
        #: Seconds its searches took, over every game it played.
        self.search_seconds = 0.0

    @property
    def playouts_per_second(self) -> float:
        """How fast the bot has searched: playouts made a second of searching, over
        every game it played (0 before its first search)."""
        return self.playouts_made / self.search_seconds if self.search_seconds else 0.0

    def reset(self, seat: int, seed: int) -> None:
        """Seed the samples of a new game."""
        self._rng = random.Random(seed)

    def choose(self, view: PlayerView, moves: Sequence[Move]) -> Move | None:
        """The candidate with the best mean playout score, or the greedy choice
        when not due or when there is only one move."""
        return self._search(view, moves, self.seconds)

    def choose_timed(self, view: PlayerView, moves: Sequence[Move], seconds: float) -> Move | None:
        """As :meth:`choose`, done well within ``seconds`` (see the module docs)."""
        budget = TIME_SHARE * seconds
        return self._search(
            view, moves, budget if self.seconds is None else min(budget, self.seconds)
        )

    def _search(
        self, view: PlayerView, moves: Sequence[Move], seconds: float | None
    ) -> Move | None:
        if not is_due(view) or len(moves) == 1:
            return greedy_choice(view, moves)
        options = _candidates(view, moves, self.candidates)
        if len(options) == 1:
            return options[0]
        if view.phase is Phase.TWO and not view.unseen_mask:
            rounds = 1  # every world is the position itself: more rounds repeat this one
        else:
            rounds = max(MIN_SAMPLES, math.ceil(self.playouts / len(options)))
        start = time.perf_counter()
        deadline = math.inf if seconds is None else start + seconds
        totals = [0.0] * len(options)
        me = view.player
        played = 0
        done = 0
        while done < rounds:
            now = time.perf_counter()
            if done and now + (now - start) / done > deadline:
                break  # the next round would likely overrun
            world = sample(view, self._rng)
            scores = []
            for move in options:
                score = playout(world.apply(move), me, deadline)
                if score is None:
                    break
                scores.append(score)
                if time.perf_counter() > deadline:
                    break
            played += len(scores)
            if len(scores) < len(options):
                break  # a round cut short is dropped: every candidate keeps the same worlds
            totals = [total + score for total, score in zip(totals, scores, strict=True)]
            done += 1
        self.playouts_made += played
        self.search_seconds += time.perf_counter() - start
        if not done:
            return greedy_choice(view, options)
        best = min(range(len(options)), key=lambda index: totals[index])
        return options[best]

    def __repr__(self) -> str:
        extra = "" if self.seconds is None else f", seconds={self.seconds}"
        return f"SearchBot(playouts={self.playouts}, candidates={self.candidates}{extra})"


def _candidates(view: PlayerView, moves: Sequence[Move], most: int) -> list[Move]:
    """The moves worth comparing: all of them, or the first ``most`` in the
    greedy order (plays cheapest first) with the greedy choice always among them."""
    if len(moves) <= most:
        return list(moves)
    chosen = greedy_choice(view, moves)
    trump = view.trump
    ordered = sorted(
        moves, key=lambda m: (not isinstance(m, Play), phase_two_key(m, trump) if m.cards else ())
    )
    kept = ordered[:most]
    if chosen is not None and chosen not in kept:
        kept[-1] = chosen
    return kept
