"""Bots: players that see only what their seat may know.

A layer above the engine: it uses the engine's public names only, and the engine
never imports it.

* :class:`Bot` is the protocol: a bot chooses from its own
  :class:`~skitgubbe.views.PlayerView` and its own legal moves (never a state),
  and may decline an out-of-turn move.
* :class:`RandomBot`, :class:`GreedyBot`, :class:`SearchBot` and
  :class:`PimcBot` are four bots of rising strength; the last plays phase two
  with the solver and grows stronger with the time it is given.
* :class:`CommandBot` is a program in any language that speaks the line
  protocol on its standard input and output (see :mod:`skitgubbe.bots.command`).
* :func:`make_bot` and :func:`parse_bots` make bots from their names
  (see :mod:`skitgubbe.bots.names`).
* :func:`next_move` and :func:`play_game` are the driver: the fixed order in
  which seats are asked (see :mod:`skitgubbe.bots.driver`).

Matches and tournaments between bots are in :mod:`skitgubbe.tournament`.
"""

from __future__ import annotations

from .basic import GreedyBot, RandomBot, greedy_choice
from .command import PROTOCOL_VERSION, SCHEMA_PATH, CommandBot
from .driver import GameResult, SeatTimes, asking_order, next_move, play_game
from .names import BOT_NAMES, MatchError, bot_name, make_bot, parse_bots
from .pimc import PimcBot
from .protocol import FAILURES, Bot, BotError, BotFailure, TimedBot, is_due
from .search import SearchBot

__all__ = [
    "BOT_NAMES",
    "FAILURES",
    "PROTOCOL_VERSION",
    "SCHEMA_PATH",
    "Bot",
    "BotError",
    "BotFailure",
    "CommandBot",
    "GameResult",
    "GreedyBot",
    "MatchError",
    "PimcBot",
    "RandomBot",
    "SearchBot",
    "SeatTimes",
    "TimedBot",
    "asking_order",
    "bot_name",
    "greedy_choice",
    "is_due",
    "make_bot",
    "next_move",
    "parse_bots",
    "play_game",
]
