"""Where games are played: this process, a pool of processes, or Ray.

The work is cut into chunks of consecutive numbers (games, or deals); a chunk's
results depend only on what is played and the chunk's numbers, never on the
backend that plays it or on how many processes there are. :func:`run_pool` and
:func:`run_ray` hand every finished chunk to ``on_chunk`` as it comes and return
whether they were interrupted: on Ctrl-C they stop their workers, keep the
chunks already finished and return ``True``. :class:`Reporter` shows progress.

Studies (:mod:`skitgubbe.compare`), matches and tournaments
(:mod:`skitgubbe.tournament`) all run here.
"""

from __future__ import annotations

import contextlib
import math
import multiprocessing
import os
import queue
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, TypeVar, cast

__all__ = [
    "CHUNKS_PER_WORKER",
    "MAX_CHUNK",
    "MAX_GAMES",
    "START_METHOD_VARIABLE",
    "Chunk",
    "Reporter",
    "available_cores",
    "chunks",
    "run_lazy",
    "run_pool",
    "run_ray",
]

#: Numbers ``start`` (included) to ``stop`` (excluded).
Chunk = tuple[int, int]

#: The most games in one chunk: enough to make a chunk's overhead small, few
#: enough for an even share of work at the end and frequent progress.
MAX_CHUNK = 100
#: Chunks per worker aimed at when the work is small.
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


#: The environment variable that chooses how worker processes start (``fork``,
#: ``forkserver`` or ``spawn``), to try a run as another platform would do it.
START_METHOD_VARIABLE = "SKITGUBBE_START_METHOD"


def _start_method() -> str | None:
    """How to start worker processes: as :data:`START_METHOD_VARIABLE` says if it is
    set; else forking a single-threaded process on Linux (quick), else a fork server
    (safe beside threads), else the platform's default."""
    methods = multiprocessing.get_all_start_methods()
    asked = os.environ.get(START_METHOD_VARIABLE)
    if asked:
        if asked not in methods:
            raise ValueError(
                f"{START_METHOD_VARIABLE}={asked!r}: this platform starts processes by "
                + ", ".join(methods)
            )
        return asked
    if sys.platform.startswith("linux") and threading.active_count() == 1:
        return "fork"
    return "forkserver" if "forkserver" in methods else None


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the main process, which stops them (and the bot
    programs a worker started die with it, see :mod:`skitgubbe.bots.command`)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


_T = TypeVar("_T")
_R = TypeVar("_R")


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
    work: Callable[[_T], tuple[Chunk, _R]],
    tasks: Callable[[int], Sequence[_T]],
    workers: int | None,
    address: str | None,
    on_chunk: Callable[[Chunk, _R], None],
    on_start: Callable[[], None],
) -> bool:
    """Run ``work`` on each task as a Ray task; True if interrupted.

    Connects to the cluster at ``address`` (or starts a local one with
    ``workers`` CPUs) unless Ray is already initialised, in which case that
    connection is used and kept. ``tasks`` gets the cluster's CPU count and
    returns the tasks, chunked for it.
    """
    import ray

    with _ray_cluster(workers, address) as cpus:
        remote = ray.remote(num_cpus=1)(work)
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


def run_lazy(
    work: Callable[[_T], _R],
    tasks: Callable[[], _T | None],
    workers: int,
    on_result: Callable[[_T, _R], None],
    on_start: Callable[[], None],
    *,
    backend: str = "process",
    address: str | None = None,
) -> bool:
    """Run ``work`` on tasks drawn one at a time by calling ``tasks``, only when a
    worker is free, and hand each task and its result to ``on_result``; True if
    Ctrl-C stopped it. ``tasks`` returns ``None`` when it has nothing to start
    now; the run ends when it has nothing to start and nothing is running.

    Drawing late lets ``tasks`` decide what to play from what has finished (a
    tournament reseats the tables of a bot it dropped). ``backend`` is
    ``"process"`` (``workers`` processes; 1 runs here) or ``"ray"`` (a cluster at
    ``address``, or a local one with ``workers`` CPUs).
    """
    if backend == "ray":
        return _lazy_ray(work, tasks, workers, address, on_result, on_start)
    if workers <= 1:
        on_start()
        try:
            while (task := tasks()) is not None:
                on_result(task, work(task))
        except KeyboardInterrupt:
            return True
        return False
    context = multiprocessing.get_context(_start_method())
    pool = context.Pool(workers, initializer=_ignore_interrupts)
    finished: queue.Queue[tuple[int, Any, BaseException | None]] = queue.Queue()
    pending: dict[int, _T] = {}
    try:
        on_start()
        number = 0
        while True:
            while len(pending) < 2 * workers:
                task = tasks()
                if task is None:
                    break
                pending[number] = task
                done_with, failed_with = _reporters(finished, number)
                pool.apply_async(work, (task,), callback=done_with, error_callback=failed_with)
                number += 1
            if not pending:
                return False
            done, result, error = finished.get()
            task = pending.pop(done)
            if error is not None:
                raise error
            on_result(task, cast(_R, result))
    except KeyboardInterrupt:
        return True
    finally:
        pool.terminate()
        pool.join()


def _reporters(
    finished: queue.Queue[tuple[int, Any, BaseException | None]], number: int
) -> tuple[Callable[[Any], None], Callable[[BaseException], None]]:
    """The pool's callbacks for task ``number``: each puts the outcome in ``finished``."""

    def done_with(result: Any) -> None:
        finished.put((number, result, None))

    def failed_with(error: BaseException) -> None:
        finished.put((number, None, error))

    return done_with, failed_with


def _lazy_ray(
    work: Callable[[_T], _R],
    tasks: Callable[[], _T | None],
    workers: int | None,
    address: str | None,
    on_result: Callable[[_T, _R], None],
    on_start: Callable[[], None],
) -> bool:
    import ray

    with _ray_cluster(workers, address) as cpus:
        remote = ray.remote(num_cpus=1)(work)
        pending: dict[object, _T] = {}
        on_start()
        try:
            while True:
                while len(pending) < 2 * cpus:
                    task = tasks()
                    if task is None:
                        break
                    pending[remote.remote(task)] = task
                if not pending:
                    return False
                done, _ = ray.wait(list(pending), num_returns=1)
                for ref in done:
                    on_result(pending.pop(ref), ray.get(ref))
        except KeyboardInterrupt:
            for ref in pending:
                ray.cancel(ref, force=True)
            return True


@contextlib.contextmanager
def _ray_cluster(workers: int | None, address: str | None) -> Iterator[int]:
    """Inside, a connection to Ray and the cluster's CPU count.

    Connects to the cluster at ``address`` (or starts a local one with
    ``workers`` CPUs) unless Ray is already initialised, in which case that
    connection is used and kept; a connection made here is closed after.
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
        yield max(1, int(resources.get("CPU", 1)))
    finally:
        if started:
            ray.shutdown()


class Reporter:
    """Progress of a long run of games (a study, a match, a tournament): nothing, a function
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

    def note(self, text: str) -> None:
        """Print a line on standard error, above the progress bar if one is shown."""
        if self.bar is not None and self.bar.running:
            self.bar.progress.console.print(text, markup=False, highlight=False)
        else:
            print(text, file=sys.stderr)

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
