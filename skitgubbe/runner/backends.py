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
import multiprocessing.util
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar, cast

from ..text import printable

__all__ = [
    "CHUNKS_PER_WORKER",
    "MAX_CHUNK",
    "MAX_GAMES",
    "MAX_LOST_WORKERS",
    "START_METHOD_VARIABLE",
    "STOP_GRACE",
    "STOP_WAIT",
    "Chunk",
    "Interrupted",
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


_T = TypeVar("_T")
_R = TypeVar("_R")


class Interrupted(KeyboardInterrupt):
    """Ctrl-C inside a chunk of work, carrying what the chunk finished.

    A work function that can stop between games raises it with the chunk it
    finished (``(start, reached)``) and that part's results; the backends hand
    them on like any finished chunk, so Ctrl-C keeps every finished game.
    """

    def __init__(self, chunk: Chunk, result: Any) -> None:
        super().__init__(chunk, result)
        self.chunk = chunk
        self.result = result


#: Whether this worker is inside a task (Ctrl-C stops the task then) or idle.
_busy = False
#: Whether this worker was asked to stop: it starts no more tasks.
_stopping = False


def _worker_interrupt(signum: int, frame: object) -> None:  # pragma: no cover - in workers
    """Ctrl-C in a worker: stop the task at hand (its work function keeps what it
    finished, see :class:`Interrupted`) and start no other."""
    global _stopping
    _stopping = True
    if _busy:
        raise KeyboardInterrupt


def _worker_terminate(signum: int, frame: object) -> None:  # pragma: no cover - in workers
    """A worker told to stop at once stops the bot programs it started first."""
    from ..bots.command import close_all

    close_all()
    os._exit(128 + signum)


def _start_worker() -> None:  # pragma: no cover - runs in the workers
    """Set a worker up: Ctrl-C and termination as above, and on a normal exit the
    bot programs it started are stopped with every process they started."""
    from ..bots.command import close_all

    signal.signal(signal.SIGINT, _worker_interrupt)
    signal.signal(signal.SIGTERM, _worker_terminate)
    multiprocessing.util.Finalize(None, close_all, exitpriority=10)


def _in_worker(work: Callable[[_T], _R], task: _T) -> _R:  # pragma: no cover - in workers
    """Run one task in a worker, open to Ctrl-C while it runs."""
    global _busy
    if _stopping:
        raise KeyboardInterrupt
    _busy = True
    try:
        return work(task)
    finally:
        _busy = False


#: How many times a run replaces its pool after a worker process died (killed,
#: or out of memory) before it stops, keeping what finished.
MAX_LOST_WORKERS = 3
#: Seconds a run waits, after Ctrl-C, for its workers to hand in what they finished.
STOP_WAIT = 10.0
#: Seconds a run gives its workers to stop their bot programs and exit when it
#: ends; a worker still running then is killed.
STOP_GRACE = 5.0


def _say(text: str) -> None:
    print(text, file=sys.stderr)


def run_pool(
    work: Callable[[_T], tuple[Chunk, _R]],
    tasks: Iterable[_T],
    workers: int,
    on_chunk: Callable[[Chunk, _R], None],
    on_start: Callable[[], None],
    note: Callable[[str], None] = _say,
) -> bool:
    """Run ``work`` on each task here (one worker) or in a pool of processes, handing
    each result to ``on_chunk`` as it comes; True if Ctrl-C (or workers dying
    again and again) stopped it.

    ``work`` must be a module-level function, so that the pool can send it. A
    work function that raises :class:`Interrupted` on Ctrl-C has the part of its
    chunk that it finished kept. A worker process that dies (killed, or out of
    memory) has its tasks played again in a new pool, up to
    :data:`MAX_LOST_WORKERS` times, each said through ``note``; after that the run
    stops with what finished.
    """
    todo = iter(tasks)

    def next_task() -> _T | None:
        return next(todo, None)

    def on_result(task: _T, result: tuple[Chunk, _R]) -> None:
        on_chunk(*result)

    def on_partial(task: _T, stopped: Interrupted) -> None:
        on_chunk(stopped.chunk, stopped.result)

    return _run(work, next_task, workers, on_result, on_start, note, on_partial)


def run_lazy(
    work: Callable[[_T], _R],
    tasks: Callable[[], _T | None],
    workers: int,
    on_result: Callable[[_T, _R], None],
    on_start: Callable[[], None],
    *,
    backend: str = "process",
    address: str | None = None,
    note: Callable[[str], None] = _say,
) -> bool:
    """Run ``work`` on tasks drawn one at a time by calling ``tasks``, only when a
    worker is free, and hand each task and its result to ``on_result``; True if
    Ctrl-C (or workers dying again and again) stopped it. ``tasks`` returns
    ``None`` when it has nothing to start now; the run ends when it has nothing
    to start and nothing is running.

    Drawing late lets ``tasks`` decide what to play from what has finished (a
    tournament reseats the tables of a bot it dropped). ``backend`` is
    ``"process"`` (``workers`` processes; 1 runs here) or ``"ray"`` (a cluster at
    ``address``, or a local one with ``workers`` CPUs). Lost workers are dealt
    with as in :func:`run_pool`.
    """
    if backend == "ray":
        return _lazy_ray(work, tasks, workers, address, on_result, on_start)
    return _run(work, tasks, workers, on_result, on_start, note, None)


def _run(
    work: Callable[[_T], _R],
    tasks: Callable[[], _T | None],
    workers: int,
    on_result: Callable[[_T, _R], None],
    on_start: Callable[[], None],
    note: Callable[[str], None],
    on_partial: Callable[[_T, Interrupted], None] | None,
) -> bool:
    """The process backend: at most ``2 * workers`` tasks in flight, drawn as
    workers free up; see :func:`run_pool` and :func:`run_lazy`."""
    if workers <= 1:
        on_start()
        try:
            while (task := tasks()) is not None:
                on_result(task, work(task))
        except Interrupted as stopped:
            if on_partial is not None and task is not None:
                on_partial(task, stopped)
            return True
        except KeyboardInterrupt:
            return True
        return False
    # The pool is made before the progress bar starts its thread.
    context = multiprocessing.get_context(_start_method())
    retry: list[_T] = []  # tasks a dead worker took with it, to be run first

    def draw() -> _T | None:
        return retry.pop(0) if retry else tasks()

    lost = 0
    started = False
    while True:
        pool = ProcessPoolExecutor(workers, mp_context=context, initializer=_start_worker)
        pending: dict[Future[_R], _T] = {}
        try:
            if not started:
                on_start()
                started = True
            while True:
                while len(pending) < 2 * workers:
                    task = draw()
                    if task is None:
                        break
                    pending[pool.submit(_in_worker, work, task)] = task
                if not pending:
                    return False
                done, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    task = pending.pop(future)
                    error = future.exception()
                    if isinstance(error, BrokenProcessPool):
                        retry.append(task)
                        continue
                    if error is not None:
                        raise error
                    on_result(task, future.result())
                if retry:
                    raise BrokenProcessPool
        except BrokenProcessPool:
            retry.extend(pending.values())
            lost += 1
            if lost > MAX_LOST_WORKERS:
                note(
                    f"a worker process died (killed, or out of memory) {lost} times: the run "
                    f"stops here, keeping everything that finished; {len(retry)} pieces of "
                    "work were not finished"
                )
                return True
            note(
                f"a worker process died (killed, or out of memory): its {len(retry)} "
                f"unfinished pieces of work are played again in new workers ({lost} of "
                f"{MAX_LOST_WORKERS} such restarts)"
            )
            continue
        except KeyboardInterrupt:
            _collect(pool, pending, on_result, on_partial)
            return True
        finally:
            _stop_pool(pool)


def _collect(
    pool: ProcessPoolExecutor,
    pending: dict[Future[_R], _T],
    on_result: Callable[[_T, _R], None],
    on_partial: Callable[[_T, Interrupted], None] | None,
) -> None:
    """After Ctrl-C: stop the workers' tasks (each keeps what it finished) and take
    in what they hand back, for at most :data:`STOP_WAIT` seconds; a second Ctrl-C
    gives up at once."""
    for future in pending:
        future.cancel()
    for process in _workers(pool):
        with contextlib.suppress(OSError):
            os.kill(process, signal.SIGINT)
    try:
        done, _ = wait(pending, timeout=STOP_WAIT)
    except KeyboardInterrupt:
        return
    for future in done:
        if future.cancelled():
            continue
        error = future.exception()
        with contextlib.suppress(KeyboardInterrupt):  # progress shown may ask to stop again
            if error is None:
                on_result(pending[future], future.result())
            elif isinstance(error, Interrupted) and on_partial is not None:
                on_partial(pending[future], error)


def _workers(pool: ProcessPoolExecutor) -> list[int]:
    """The process ids of the pool's workers."""
    processes = getattr(pool, "_processes", None) or {}
    return [int(pid) for pid in processes]


def _stop_pool(pool: ProcessPoolExecutor) -> None:
    """Stop the pool's workers now (each stops the programs it started) and wait
    for them to exit, :data:`STOP_GRACE` seconds at most: a worker still there
    then is killed. Never waits for ever: a worker told to stop while another
    held the pool's queue could otherwise wait for that queue for ever, and the
    pool's shutdown with it."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    for process in processes:
        with contextlib.suppress(OSError, AttributeError):
            process.terminate()
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    deadline = time.monotonic() + STOP_GRACE
    if isinstance(manager, threading.Thread):  # it joins every worker, then ends
        manager.join(timeout=STOP_GRACE)
    for process in processes:
        with contextlib.suppress(OSError, AttributeError, ValueError):
            process.join(timeout=max(0.0, deadline - time.monotonic()))
    for process in processes:
        with contextlib.suppress(OSError, AttributeError, ValueError):
            if process.is_alive():
                process.kill()
                process.join(timeout=STOP_GRACE)
    if isinstance(manager, threading.Thread):
        manager.join(timeout=STOP_GRACE)


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
        unit: str = "games",
    ) -> None:
        self.games = games
        self.done = 0
        self.callback: Callable[[int, int], None] | None = None
        self.bar: _Bar | None = None
        if callable(progress):
            self.callback = progress
        elif progress:
            self.bar = _Bar(games, variants, label, unit)

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
        text = printable(text, lines=True)
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

    def __init__(
        self, games: int, variants: int, label: str | None = None, unit: str = "games"
    ) -> None:
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
            TextColumn(f"{unit},"),
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
