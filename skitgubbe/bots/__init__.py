"""Bots: players that see only what their seat may know, and matches between them.

A layer above the engine: it uses the engine's public names only, and the engine
never imports it.

* :class:`Bot` is the protocol: a bot chooses from its own
  :class:`~skitgubbe.views.PlayerView` and its own legal moves (never a state),
  and may decline an out-of-turn move.
* :class:`RandomBot`, :class:`GreedyBot` and :class:`SearchBot` are three bots
  of rising strength.
* :func:`next_move` and :func:`play_game` are the driver: the fixed order in
  which seats are asked (see :mod:`skitgubbe.bots.driver`).
* :func:`match` plays duplicate deals between bots and reports goat rates with
  confidence intervals (see :mod:`skitgubbe.bots.match`).
"""

from __future__ import annotations

from .basic import GreedyBot, RandomBot, greedy_choice
from .driver import GameResult, SeatTimes, asking_order, next_move, play_game
from .match import (
    BOT_NAMES,
    BotStats,
    GameRow,
    MatchError,
    MatchResult,
    bot_name,
    make_bot,
    match,
    parse_bots,
)
from .protocol import Bot, BotError, is_due
from .search import SearchBot

__all__ = [
    "BOT_NAMES",
    "Bot",
    "BotError",
    "BotStats",
    "GameResult",
    "GameRow",
    "GreedyBot",
    "MatchError",
    "MatchResult",
    "RandomBot",
    "SearchBot",
    "SeatTimes",
    "asking_order",
    "bot_name",
    "greedy_choice",
    "is_due",
    "make_bot",
    "match",
    "next_move",
    "parse_bots",
    "play_game",
]
