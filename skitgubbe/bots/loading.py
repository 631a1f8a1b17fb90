"""Bots named on the command line: the library's own, or yours from a module or a file.

A bot spec is one of

* a library bot's name, ``random``, ``greedy`` or ``search`` (case and spaces
  around it are ignored);
* ``module:Name``, an importable module and a name in it, such as
  ``mybots.low:LowBot``;
* ``path/to/file.py:Name``, a Python file and a name in it; the file is loaded
  once per process, whatever the directory it is in.

``Name`` is a bot class, or any callable that takes no argument and returns a
new bot (see :class:`~skitgubbe.bots.protocol.Bot`). Every failure, from a
missing file to an object that is not a bot, raises :class:`BotSpecError`
saying what to fix (:func:`~skitgubbe.bots.make_bot` raises it as a
:class:`~skitgubbe.bots.MatchError`).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from .loaded import module_name
from .protocol import Bot

__all__ = ["BotSpecError", "factory", "is_bot_spec", "load_bot"]


class BotSpecError(ValueError):
    """A bot spec that names no bot: a module or file that cannot be loaded, a
    missing name, or an object that does not make bots."""


def is_bot_spec(text: str) -> bool:
    """Whether ``text`` names a bot of your own (``module:Name`` or ``file.py:Name``)
    rather than one of the library's.

    >>> is_bot_spec("greedy"), is_bot_spec("mybots:LowBot"), is_bot_spec("bots/low.py:LowBot")
    (False, True, True)
    """
    return ":" in text


def _load_file(spec: str, where: str) -> ModuleType:
    path = Path(where).expanduser().resolve()
    if not path.is_file():
        raise BotSpecError(f"bot {spec!r}: there is no file {where!r}")
    if path.suffix != ".py":
        raise BotSpecError(f"bot {spec!r}: {where!r} is not a Python file")
    name = module_name(path)
    if name in sys.modules:
        return sys.modules[name]
    try:
        # through the finder of skitgubbe.bots.loaded, so that a worker process
        # started afresh loads the same file by the same name
        return importlib.import_module(name)
    except BaseException as error:
        sys.modules.pop(name, None)
        if not isinstance(error, Exception):
            raise
        raise BotSpecError(
            f"bot {spec!r}: running {where!r} failed: {type(error).__name__}: {error}"
        ) from error


def _load_module(spec: str, where: str) -> ModuleType:
    try:
        return importlib.import_module(where)
    except ImportError as error:
        raise BotSpecError(
            f"bot {spec!r}: cannot import module {where!r} ({error}); give an importable "
            "module, or a file as path/to/file.py:Name"
        ) from error
    except Exception as error:
        raise BotSpecError(
            f"bot {spec!r}: importing {where!r} failed: {type(error).__name__}: {error}"
        ) from error


def factory(spec: str) -> Callable[[], Bot]:
    """What ``module:Name`` or ``file.py:Name`` names: a callable making bots.

    Loads the module or file; does not make a bot.
    """
    where, _, name = spec.strip().rpartition(":")
    if not where or not name:
        raise BotSpecError(f"bot {spec!r}: write module:Name or path/to/file.py:Name")
    module = _load_file(spec, where) if where.endswith(".py") else _load_module(spec, where)
    found = getattr(module, name, None)
    if found is None:
        public = sorted(key for key in vars(module) if not key.startswith("_"))
        raise BotSpecError(
            f"bot {spec!r}: {where!r} has no {name!r}; it has: {', '.join(public) or 'nothing'}"
        )
    if not callable(found):
        raise BotSpecError(
            f"bot {spec!r}: {name} is a {type(found).__name__}, not a bot class or a "
            "function that makes bots"
        )
    maker: Callable[[], Bot] = found
    return maker


def load_bot(spec: str) -> Bot:
    """A new bot from ``module:Name`` or ``path/to/file.py:Name``.

    Raises :class:`BotSpecError` when the module or file cannot be loaded, the name
    is missing, calling it with no argument fails, or what it returns is not a
    bot (it needs ``name``, ``reset`` and ``choose``).
    """
    maker = factory(spec)
    try:
        bot = maker()
    except Exception as error:
        raise BotSpecError(
            f"bot {spec!r}: calling {getattr(maker, '__name__', spec)}() with no argument "
            f"failed: {type(error).__name__}: {error}"
        ) from error
    if not isinstance(bot, Bot):
        lacking = [part for part in ("name", "reset", "choose") if not hasattr(bot, part)]
        raise BotSpecError(
            f"bot {spec!r}: {type(bot).__name__} is not a bot: it lacks "
            f"{', '.join(lacking)} (see skitgubbe.bots.Bot)"
        )
    return bot
