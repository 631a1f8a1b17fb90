"""Bots by name: the library's, yours from a module or a file, or a program.

A bot's name, as ``--bots`` and :func:`make_bot` take it, is one of

* a library bot, ``random``, ``greedy``, ``search`` or ``pimc`` (:data:`BOT_NAMES`);
  ``pimc@SECONDS`` is the :class:`~skitgubbe.bots.PimcBot` thinking that many
  seconds a decision (``pimc@1``; ``pimc`` alone thinks 0.1 s);
* ``module:Name`` or ``path/to/file.py:Name``, a bot class of your own (see
  :mod:`skitgubbe.bots.loading`);
* ``cmd:PROGRAM ARGS``, a program in any language that speaks the line protocol
  (see :mod:`skitgubbe.bots.command`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from pathlib import Path

from .basic import GreedyBot, RandomBot
from .command import CommandBot, is_command_spec
from .loading import BotSpecError, is_bot_spec, load_bot
from .pimc import PimcBot
from .protocol import Bot
from .search import SearchBot

__all__ = ["BOT_NAMES", "MatchError", "bot_name", "make_bot", "parse_bots"]

#: The bots known by name, each made with its defaults.
BOT_NAMES: dict[str, Callable[[], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "search": SearchBot,
    "pimc": PimcBot,
}

#: ``pimc@SECONDS``: the PIMC bot with its time a decision.
_TIMED = re.compile(r"pimc@(\d+(?:\.\d*)?|\.\d+)")


def _timed_seconds(kind: str) -> float | None:
    """The seconds in ``pimc@SECONDS``, or ``None`` for any other name; raises
    :class:`MatchError` for a time that is not a positive number."""
    if not kind.startswith("pimc@"):
        return None
    found = _TIMED.fullmatch(kind)
    seconds = float(found.group(1)) if found else math.nan
    if not 0 < seconds <= 3600:
        raise MatchError(
            f"{kind!r}: give the PIMC bot's seconds a decision as a number above 0 and "
            "at most 3600, as in pimc@0.5"
        )
    return seconds


class MatchError(ValueError):
    """Bots, or a match between them, that cannot be played as asked; nothing was played."""


def bot_name(name: str) -> str:
    """The bot ``name`` names, written as :func:`make_bot` takes it: a library bot
    as :data:`BOT_NAMES` keys it (spaces around it dropped, case ignored), or a
    bot of your own, ``module:Name`` or ``path/to/file.py:Name`` (see
    :mod:`skitgubbe.bots.loading`), or a program, ``cmd:PROGRAM ARGS`` (see
    :mod:`skitgubbe.bots.command`), checked by making one (a program is not
    started, but it must exist).

    >>> bot_name(" Greedy")
    'greedy'

    Raises :class:`MatchError` naming the known bots if there is no such bot, or
    saying why a bot of your own cannot be made.
    """
    if not isinstance(name, str):
        raise MatchError(f"name a bot with text, not {type(name).__name__} {name!r}")
    if is_bot_spec(name):
        make_bot(name)
        return name.strip()
    kind = name.strip().lower()
    if _timed_seconds(kind) is not None:
        return kind
    if kind not in BOT_NAMES:
        raise MatchError(
            f"no bot named {name!r}; the bots are: {', '.join(BOT_NAMES)}, a bot of "
            "your own as module:Name or path/to/file.py:Name, or a program as cmd:PROGRAM ARGS "
            "(pimc@SECONDS gives the pimc bot its time a decision)"
        )
    return kind


def make_bot(name: str, *, log_dir: str | Path | None = None) -> Bot:
    """A new bot: a library bot by name (one of :data:`BOT_NAMES`, see
    :func:`bot_name`), ``module:Name`` or ``path/to/file.py:Name`` for a bot
    class (or a function making bots) of your own, or ``cmd:PROGRAM ARGS`` for a
    program speaking the line protocol (a :class:`~skitgubbe.bots.CommandBot`
    whose standard error goes to a file in ``log_dir``).

    >>> make_bot("greedy").name
    'greedy'
    >>> make_bot("pimc@0.5")
    PimcBot(seconds=0.5)
    >>> make_bot("clever")
    Traceback (most recent call last):
    ...
    skitgubbe.bots.names.MatchError: no bot named 'clever'; the bots are: random, greedy, \
search, pimc, a bot of your own as module:Name or path/to/file.py:Name, or a program as \
cmd:PROGRAM ARGS (pimc@SECONDS gives the pimc bot its time a decision)
    >>> make_bot("skitgubbe.bots.basic:RandomBot").name
    'random'
    >>> make_bot("cmd:python3 examples/bots/random_bot.py").name
    'random_bot.py'
    """
    if isinstance(name, str) and is_command_spec(name):
        try:
            return CommandBot(name, log_dir=log_dir)
        except ValueError as error:
            raise MatchError(str(error)) from error
    if isinstance(name, str) and is_bot_spec(name):
        try:
            return load_bot(name)
        except BotSpecError as error:
            raise MatchError(str(error)) from error
    kind = bot_name(name)
    seconds = _timed_seconds(kind)
    if seconds is not None:
        return PimcBot(seconds, name=kind)
    return BOT_NAMES[kind]()


def parse_bots(
    text: str, players: int | None = None, *, log_dir: str | Path | None = None
) -> list[Bot]:
    """The bots named in ``text``, separated by commas (``"search,greedy,random"``;
    a program's command can hold no comma).

    With ``players``, exactly that many names are required; ``log_dir`` is where
    programs' standard error goes (see :func:`make_bot`).
    """
    names = [name for name in text.split(",") if name.strip()]
    if not names:
        raise MatchError(f"name at least one bot; the bots are: {', '.join(BOT_NAMES)}")
    if players is not None and len(names) != players:
        raise MatchError(f"give one bot per player: {players} players, {len(names)} bots")
    return [make_bot(name, log_dir=log_dir) for name in names]
