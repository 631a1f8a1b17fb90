"""Bots against bots: matches at one table, and tournaments with ratings.

* :func:`match` plays duplicate deals between bots at one table, each deal once
  per rotation of the bots through the seats (see
  :mod:`skitgubbe.tournament.match`).
* :func:`tournament` seats many bots at balanced tables
  (:mod:`~skitgubbe.tournament.schedule`), lets failing bots forfeit, saves
  every finished table for :func:`~skitgubbe.tournament.run.resume`
  (:mod:`~skitgubbe.tournament.run`), and rates the bots on a leaderboard
  (:mod:`~skitgubbe.tournament.leaderboard`, extra ``tournament``).
"""

from __future__ import annotations

from .match import BotStats, GameRow, MatchResult, bot_seeds, match
from .results import TournamentGame
from .run import TournamentError, TournamentResult, resume, tournament
from .schedule import Schedule, Unit

__all__ = [
    "BotStats",
    "GameRow",
    "MatchResult",
    "Schedule",
    "TournamentError",
    "TournamentGame",
    "TournamentResult",
    "Unit",
    "bot_seeds",
    "match",
    "resume",
    "tournament",
]
