"""The runner: seeded games between bots, played on a backend.

Below matches, studies, tournaments and sessions, above the bots:

* :mod:`skitgubbe.runner.backends` plays chunks of work here, in a pool of
  processes or on Ray, with progress and Ctrl-C handled;
* :mod:`skitgubbe.runner.games` plays one seeded game between bots under time
  limits, and turns a bot that fails (an illegal move, a crash, a hang, an answer
  that is not a move) into a forfeit rather than an error;
* :mod:`skitgubbe.runner.keys` makes bots' seeds with a secret key, so that no
  bot can deal its game again from its seed;
* :mod:`skitgubbe.runner.stats` has the means and intervals their tables show.
"""

from __future__ import annotations

from .backends import MAX_GAMES, Chunk, Reporter, available_cores, chunks, run_pool, run_ray
from .games import DEFAULT_LIMITS, Forfeit, Limits, Outcome, OutOrder, play_seated
from .stats import Interval, mean_interval

__all__ = [
    "DEFAULT_LIMITS",
    "MAX_GAMES",
    "Chunk",
    "Forfeit",
    "Interval",
    "Limits",
    "OutOrder",
    "Outcome",
    "Reporter",
    "available_cores",
    "chunks",
    "mean_interval",
    "play_seated",
    "run_pool",
    "run_ray",
]
