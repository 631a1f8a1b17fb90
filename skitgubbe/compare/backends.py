"""Where a study's games are played: this process, a pool of processes, or Ray.

The games are cut into chunks of consecutive game numbers; a chunk plays each of
its games under every variant and returns their rows. A chunk's rows depend only
on the study (its variants, players and seed) and the chunk's game numbers, so
the rows are the same whichever backend plays them, and in how many processes.

Each backend hands every finished chunk to ``on_chunk`` and returns whether it
was interrupted: on Ctrl-C it stops its workers, keeps the chunks already
finished and returns ``True``.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import signal
import sys
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import TypeVar, cast

from ..rules import Ruleset
from .games import Value, game_seeds, measure_game, play_game

__all__ = [
    "Chunk",
    "Reporter",
    "Task",
    "available_cores",
    "chunks",
    "play_chunk",
    "run_local",
    "run_pool",
    "run_ray",
]

#: Game numbers ``start`` (included) to ``stop`` (excluded).
Chunk = tuple[int, int]
#: What a worker needs to play a chunk: the variants' specs and rules, the
#: players, the study's seed, the chunk and the bots' names (none: random moves).
Task = tuple[tuple[str, ...], tuple[Ruleset, ...], int, int, Chunk, tuple[str, ...]]
#: Called with each finished chunk and its rows.
OnChunk = Callable[[Chunk, list[tuple[Value, ...]]], None]

#: The most games in one chunk: enough to make a chunk's overhead small, few
#: enough for an even share of work at the end and frequent progress.
MAX_CHUNK = 100
#: Chunks per worker aimed at when the study is small.
CHUNKS_PER_WORKER = 24


def available_cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - platforms without affinity
        return os.cpu_count() or 1


#: The most games a study or deals a match plays: a billion games take weeks on a
#: machine, so a larger number is a mistake, refused before any plan is made.
MAX_GAMES = 10**9


def chunks(games: int, workers: int, size: int | None = None) -> list[Chunk]:
    """Game numbers ``0 .. games - 1`` cut into chunks for ``workers`` workers.

    >>> chunks(10, 1, size=4)
    [(0, 4), (4, 8), (8, 10)]
    >>> len(chunks(20_000, 2))
    200
    """
    if size is None:
        size = max(1, min(MAX_CHUNK, math.ceil(games / (workers * CHUNKS_PER_WORKER))))
    return [(start, min(start + size, games)) for start in range(0, games, size)]


def play_chunk(task: Task) -> tuple[Chunk, list[tuple[Value, ...]]]:
    """Play a chunk's games under every variant; the chunk and its rows, game by game."""
    specs, rulesets, players, seed, (start, stop), bots = task
    rows: list[tuple[Value, ...]] = []
    for game in range(start, stop):
        deal_seed, move_seed = game_seeds(seed, game)
        for spec, rules in zip(specs, rulesets, strict=True):
            try:
                measures = measure_game(play_game(rules, players, deal_seed, move_seed, bots))
            except Exception as error:  # name the game, so that it can be replayed
                raise RuntimeError(
                    f"{spec}, {players} players, game {game} (deal seed {deal_seed}, move seed "
                    f"{move_seed}): {type(error).__name__}: {error}"
                ) from error
            rows.append((spec, game, deal_seed, move_seed, players, *measures))
    return (start, stop), rows


def _start_method() -> str | None:
    """How to start worker processes: forking a single-threaded process on Linux
    (quick), else a fork server (safe beside threads), else the platform's default."""
    methods = multiprocessing.get_all_start_methods()
    if sys.platform.startswith("linux") and threading.active_count() == 1:
        return "fork"
    return "forkserver" if "forkserver" in methods else None


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the main process, which stops them."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


_T = TypeVar("_T")
_R = TypeVar("_R")


def run_local(
    tasks: Sequence[Task], workers: int, on_chunk: OnChunk, on_start: Callable[[], None]
) -> bool:
    """Play ``tasks`` here (one worker) or in a pool of processes; True if interrupted."""
    return run_pool(play_chunk, tasks, workers, on_chunk, on_start)


def run_pool(
    work: Callable[[_T], tuple[Chunk, _R]],
    tasks: Sequence[_T],
    workers: int,
    on_chunk: Callable[[Chunk, _R], None],
    on_start: Callable[[], None],
) -> bool:
    """Run ``work`` on each task here (one worker) or in a pool of processes, handing
    each result to ``on_chunk`` as it comes; True if Ctrl-C stopped it.

    ``work`` must be a module-level function, so that the pool can send it.
    """
    if workers <= 1:
        on_start()
        try:
            for task in tasks:
                on_chunk(*work(task))
        except KeyboardInterrupt:
            return True
        return False
    # The pool is made before the progress bar starts its thread.
    context = multiprocessing.get_context(_start_method())
    pool = context.Pool(workers, initializer=_ignore_interrupts)
    try:
        on_start()
        for chunk, rows in pool.imap_unordered(work, tasks):
            on_chunk(chunk, rows)
    except KeyboardInterrupt:
        return True
    finally:
        pool.terminate()
        pool.join()
    return False


def run_ray(
    tasks: Callable[[int], Sequence[Task]],
    workers: int | None,
    address: str | None,
    on_chunk: OnChunk,
    on_start: Callable[[], None],
) -> bool:
    """Play the tasks as Ray tasks; True if interrupted.

    Connects to the cluster at ``address`` (or starts a local one with
    ``workers`` CPUs) unless Ray is already initialised, in which case that
    connection is used and kept. ``tasks`` gets the cluster's CPU count and
    returns the tasks, chunked for it.
    """
    import ray

    started = not ray.is_initialized()
    if started:
        ray.init(
            address=address,
            num_cpus=None if address is not None else workers,
            include_dashboard=False,
            log_to_driver=False,
            configure_logging=False,
        )
    try:
        resources = cast(Callable[[], Mapping[str, float]], ray.cluster_resources)()
        cpus = max(1, int(resources.get("CPU", 1)))
        remote = ray.remote(num_cpus=1)(play_chunk)
        pending = [remote.remote(task) for task in tasks(cpus)]
        on_start()
        try:
            while pending:
                done, pending = ray.wait(pending, num_returns=1)
                for ref in done:
                    on_chunk(*ray.get(ref))
        except KeyboardInterrupt:
            for ref in pending:
                ray.cancel(ref, force=True)
            return True
        return False
    finally:
        if started:
            ray.shutdown()


class Reporter:
    """Progress of a long run of games (a study, a match): nothing, a function
    called with the games done and the games in all, or a progress bar on
    standard error (``progress=True``, extra ``compare``)."""

    def __init__(
        self,
        progress: bool | Callable[[int, int], None],
        games: int,
        variants: int,
        label: str | None = None,
    ) -> None:
        self.games = games
        self.done = 0
        self.callback: Callable[[int, int], None] | None = None
        self.bar: _Bar | None = None
        if callable(progress):
            self.callback = progress
        elif progress:
            self.bar = _Bar(games, variants, label)

    def __enter__(self) -> Reporter:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()

    def start(self) -> None:
        if self.bar is not None:
            self.bar.start()

    def advance(self, games: int) -> None:
        self.done += games
        if self.bar is not None:
            self.bar.advance(games)
        if self.callback is not None:
            self.callback(self.done, self.games)


class _Bar:
    """A rich progress bar on standard error: games played, elapsed and time left."""

    def __init__(self, games: int, variants: int, label: str | None = None) -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        self.progress = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("games,"),
            TimeElapsedColumn(),
            TextColumn("elapsed,"),
            TimeRemainingColumn(),
            TextColumn("left"),
            console=Console(stderr=True),
        )
        if label is None:
            label = f"Playing {variants} variant{'s' if variants != 1 else ''}"
        self.task = self.progress.add_task(label, total=games)
        self.running = False

    def start(self) -> None:
        self.progress.start()
        self.running = True

    def advance(self, games: int) -> None:
        self.progress.advance(self.task, games)

    def stop(self) -> None:
        if self.running:
            self.progress.stop()
            self.running = False
