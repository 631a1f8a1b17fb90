"""What a command of the command line is: a name, its options and what it runs."""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from types import FrameType
from typing import TextIO

import attrs

from ..records import MAX_RECORD_BYTES, Record
from ..render.replay import replay_html
from ..runner.keys import check_key, random_seed

__all__ = [
    "BOTS_HELP",
    "KEY_HELP",
    "PROGRESS_EVERY",
    "SEED_HELP",
    "Command",
    "ProgressLines",
    "clashing_files",
    "key_option",
    "output_problem",
    "plain_text",
    "progress_option",
    "read_record",
    "seed_option",
    "single_interrupt",
    "write_replay",
]

#: How ``--bots`` names a bot, for the help of every command that takes bots.
BOTS_HELP = (
    "a bot is random, greedy, search or pimc (pimc@SECONDS: its time a decision, as pimc@1), "
    "or your own: module:Class or path/to/file.py:Class "
    "(a class or function that makes a bot), or a program in any language speaking the "
    "line protocol: 'cmd:PROGRAM ARGS' (no commas)"
)


#: How ``--seed`` is given, for the help of the commands that play bots.
SEED_HELP = (
    "a whole number, or 'random' for one no bot can guess (give that against programs "
    "that may cheat: a bot that guesses the seed can deal the games itself)"
)
#: How ``--key`` is given.
KEY_HELP = (
    "the secret key the bots' seeds are hashed with, 32 hexadecimal digits (drawn at "
    "random unless given; the results show it, to play the same games again)"
)


def seed_option(text: str) -> int:
    """``--seed``: a whole number from 0, or ``random`` for one drawn from the
    operating system's randomness."""
    if text.strip().lower() == "random":
        return random_seed()
    try:
        seed = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected a whole number or 'random', not {text!r}"
        ) from None
    if seed < 0:
        raise argparse.ArgumentTypeError(f"expected a whole number from 0, not {seed}")
    return seed


def key_option(text: str) -> str:
    """``--key``: a key as :func:`~skitgubbe.runner.keys.check_key` takes it."""
    try:
        return check_key(text.strip())
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


@attrs.frozen
class Command:
    """One command: ``python -m skitgubbe NAME [options]``.

    ``configure`` adds the command's options to its parser; ``run`` does the work
    with the parsed options (and the parser, for :meth:`~argparse.ArgumentParser.error`)
    and returns the exit status.
    """

    #: The word that names the command.
    name: str
    #: One line for the list of commands.
    summary: str
    #: The description at the top of the command's ``--help``.
    description: str
    #: Adds the command's options.
    configure: Callable[[argparse.ArgumentParser], None]
    #: Runs the command.
    run: Callable[[argparse.Namespace, argparse.ArgumentParser], int]


_ROLE = re.compile(r":[a-z:]+:`(?:([^`<]*?)\s*<[^`>]*>|~?([^`]*))`")


def plain_text(text: str) -> str:
    """``text``, written in reStructuredText for the documentation, as a terminal
    shows it: literals and references without their markup.

    >>> plain_text("``play``: see :func:`~skitgubbe.tournament.match` and :doc:`the bots <bots>`.")
    'play: see match and the bots.'
    """

    def role(found: re.Match[str]) -> str:
        label, target = found.group(1), found.group(2)
        return label if label is not None else target.rsplit(".", 1)[-1]

    return _ROLE.sub(role, text).replace("``", "")


def output_problem(path: Path) -> str | None:
    """Why a command could not write a file at ``path``, or ``None`` if it can.

    Checked before any game is played, so that a long run never ends in an error
    about where to write its results.
    """
    if path.is_dir():
        return f"{str(path)!r} is a folder: name a file to write"
    folder = path.resolve().parent
    if not folder.is_dir():
        return f"no folder {str(path.parent)!r} to write {path.name!r} in"
    if path.exists() and not os.access(path, os.W_OK):
        return f"{str(path)!r} may not be written"
    if not path.exists() and not os.access(folder, os.W_OK):
        return f"the folder {str(path.parent)!r} may not be written in"
    return None


def clashing_files(files: Sequence[tuple[str, Path | None]]) -> str | None:
    """Why two of a command's files (each an option and its path; ``None`` if not
    given) cannot be used together: two outputs, or an output and an input, that
    are one file, which one would overwrite. ``None`` if they are all apart.

    >>> clashing_files([("--save", Path("t.jsonl")), ("--csv", Path("./t.jsonl"))])
    "--save and --csv name one file, 't.jsonl': each would overwrite the other; give two files"
    >>> clashing_files([("--save", Path("t.jsonl")), ("--csv", None)]) is None
    True
    """
    seen: dict[Path, str] = {}
    for option, path in files:
        if path is None:
            continue
        key = path.resolve()
        if key in seen:
            return (
                f"{seen[key]} and {option} name one file, {str(path)!r}: each would "
                "overwrite the other; give two files"
            )
        seen[key] = option
    return None


def _clock_text(seconds: float) -> str:
    """``seconds`` as a person reads a duration: ``"42s"``, ``"3m05s"``, ``"1h02m"``."""
    whole = int(seconds)
    if whole < 60:
        return f"{whole}s"
    if whole < 3600:
        return f"{whole // 60}m{whole % 60:02d}s"
    return f"{whole // 3600}h{whole // 60 % 60:02d}m"


class ProgressLines:
    """Progress of a long command where no bar can be drawn (standard error is a
    file or a pipe, as under ``nohup`` or in a CI log): called with the work done
    and the work in all, it writes one line at most every ``every`` seconds, with
    the share done, the time spent and the time left at the pace so far.

    Nothing is written in the first ``every`` seconds, so short runs stay quiet.

    >>> ticks = iter([0.0, 10.0, 31.0, 40.0, 70.0])
    >>> lines = ProgressLines("3 bots", stream=sys.stdout, clock=lambda: next(ticks))
    >>> lines(5, 20)  # 10 s in: too soon
    >>> lines(10, 20)
    3 bots: 10 of 20 games (50%), 31s spent, about 31s left
    >>> lines(12, 20)  # 9 s after the last line
    >>> lines(20, 20)
    3 bots: 20 of 20 games (100%), 1m10s spent, about 0s left
    """

    def __init__(
        self,
        label: str,
        unit: str = "games",
        every: float = 30.0,
        stream: TextIO | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.label = label
        self.unit = unit
        self.every = every
        self.stream = stream
        self.clock = clock
        self.started = clock()
        self.last = self.started

    def __call__(self, done: int, total: int) -> None:
        now = self.clock()
        if now - self.last < self.every or total <= 0:
            return
        self.last = now
        spent = now - self.started
        left = spent * (total - done) / done if done else None
        share = f"{done:,} of {total:,} {self.unit} ({100 * done // total}%)"
        pace = f"about {_clock_text(left)} left" if left is not None else "none finished yet"
        stream = sys.stderr if self.stream is None else self.stream
        print(f"{self.label}: {share}, {_clock_text(spent)} spent, {pace}", file=stream)
        stream.flush()


#: Seconds between two lines of :class:`ProgressLines` made by :func:`progress_option`.
PROGRESS_EVERY = 30.0


def progress_option(no_progress: bool, label: str, unit: str = "games") -> bool | ProgressLines:
    """How a command shows its progress: a bar on a terminal (``True``), a line
    every :data:`PROGRESS_EVERY` seconds when standard error is a file or a pipe
    (:class:`ProgressLines`), or nothing with ``--no-progress`` (``False``)."""
    if no_progress:
        return False
    if sys.stderr.isatty():
        return True
    return ProgressLines(label, unit, every=PROGRESS_EVERY)


def _ignore_more(signum: int, frame: FrameType | None) -> None:
    """The first Ctrl-C stops the work; any that follow are ignored while it is saved."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    raise KeyboardInterrupt


@contextlib.contextmanager
def single_interrupt() -> Iterator[None]:
    """Inside, the first Ctrl-C raises :class:`KeyboardInterrupt` as usual and every
    later one is ignored, so that whatever finished is written whole and the exit
    is clean however many interrupts arrive. Once a Ctrl-C has come, later ones
    stay ignored after the block too, while the program ends; without one, the
    handler before is put back. Outside the main thread, nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, _ignore_more)
    try:
        yield
    finally:
        if signal.getsignal(signal.SIGINT) is _ignore_more:  # no Ctrl-C came
            signal.signal(signal.SIGINT, previous)


def read_record(path: Path) -> Record:
    """The game record saved in ``path`` (JSON, as ``play --record`` writes it),
    refused unread if it is larger than any game's record. Raises
    :class:`OSError` if it cannot be read and :class:`ValueError` saying what is
    wrong with it."""
    size = path.stat().st_size
    if size > MAX_RECORD_BYTES:
        raise ValueError(
            f"{size:,} bytes is more than any game's record ({MAX_RECORD_BYTES:,} at most)"
        )
    return Record.from_json(path.read_bytes())


def write_replay(
    path: Path,
    records: Sequence[Record],
    titles: Sequence[str] | None = None,
    notes: Sequence[Sequence[str]] | None = None,
) -> None:
    """Write the replay page of ``records`` to ``path`` (with each game's
    ``notes``, if given) and say so."""

    path.write_text(replay_html(records, titles=titles, notes=notes), encoding="utf-8")
    games = f"{len(records)} games" if len(records) > 1 else "the game"
    print(f"Wrote the replay of {games} to {path}: open it in a browser.")
