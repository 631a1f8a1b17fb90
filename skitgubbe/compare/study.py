"""Paired studies: the same games played under several variants.

:func:`study` deals game ``i`` from the same seed under every variant and draws
its moves from the same stream of random numbers (see
:mod:`skitgubbe.compare.games`), so each game is a pair (or a set) of games that
differ only by their rules. The result holds one tidy row per game and variant,
with the :data:`~skitgubbe.compare.games.COLUMNS`; summaries are computed from
those rows.

>>> result = study(["flurst", "flurst:high_trump=true"], players=4, games=6, seed=1, workers=1)
>>> result.games_played, len(result.rows), result.interrupted
(6, 12, False)
>>> [row["variant"] for row in result.records()[:2]]
['flurst', 'flurst:high_trump=true']
"""

from __future__ import annotations

import csv
import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, TYPE_CHECKING

import attrs

from ..errors import shown
from ..extras import require
from ..rules import Ruleset
from ..runner.backends import MAX_GAMES, Chunk, Reporter, available_cores, chunks
from ..specs import Variant
from .backends import Task, run_local, run_ray
from .games import COLUMNS, Value

if TYPE_CHECKING:
    from .summary import Summary

__all__ = ["BACKENDS", "Progress", "StudyError", "StudyResult", "seat_bots", "study"]

#: Called after each finished chunk with the games played so far and the games asked for.
Progress = Callable[[int, int], None]

#: The backends :func:`study` can run on.
BACKENDS = ("process", "ray")

_NAMES: tuple[str, ...] = tuple(column.name for column in COLUMNS)


class StudyError(ValueError):
    """A study that cannot be run as asked; nothing was played."""


Row = tuple[Value, ...]


@attrs.frozen
class StudyResult:
    """The games of a study: one row per game and variant, in :data:`COLUMNS` order.

    Rows come game by game, and within a game in the order of :attr:`variants`.
    If the study was interrupted, only whole games are kept (every variant of
    each), :attr:`interrupted` is true and :attr:`games_played` is smaller than
    :attr:`games`.
    """

    #: The variants, in the order they were given.
    variants: tuple[Variant, ...]
    #: Players at each table.
    players: int
    #: The games asked for.
    games: int
    #: The study's seed.
    seed: int
    #: The rows, each a tuple of values in :data:`COLUMNS` order.
    rows: tuple[Row, ...] = attrs.field(repr=False)
    #: Whether the study was stopped before every game was played.
    interrupted: bool = False
    #: The bots at the seats, by name, seat 0 first; empty for random moves.
    bots: tuple[str, ...] = ()

    @property
    def columns(self) -> tuple[str, ...]:
        """The column names."""
        return _NAMES

    @property
    def games_played(self) -> int:
        """How many games were played (under every variant)."""
        return len(self.rows) // len(self.variants)

    @property
    def specs(self) -> tuple[str, ...]:
        """The variants' specs, as in the ``variant`` column."""
        return tuple(variant.spec for variant in self.variants)

    def records(self) -> list[dict[str, Value]]:
        """The rows as dictionaries, ready for ``pandas.DataFrame`` or ``polars.DataFrame``."""
        return [dict(zip(_NAMES, row, strict=True)) for row in self.rows]

    def column(self, name: str, variant: int | str | None = None) -> list[Value]:
        """The values of column ``name``, of every row or of one variant's rows.

        ``variant`` is a variant's index or spec.
        """
        index = _column_index(name)
        rows: Sequence[Row] = self.rows
        if variant is not None:
            rows = rows[self.variant_index(variant) :: len(self.variants)]
        return [row[index] for row in rows]

    def variant_index(self, variant: int | str) -> int:
        """The index of ``variant`` (an index, or a spec in any form) among :attr:`variants`."""
        if isinstance(variant, int) and not isinstance(variant, bool):
            if 0 <= variant < len(self.variants):
                return variant
        elif isinstance(variant, str):
            try:
                spec = variant if variant in self.specs else Variant.of(variant).spec
            except ValueError:
                spec = variant
            if spec in self.specs:
                return self.specs.index(spec)
        raise KeyError(
            f"no variant {variant!r} in this study; its variants: {', '.join(self.specs)}"
        )

    def to_csv(self, target: str | Path | IO[str]) -> None:
        """Write the rows as CSV with a header line: ``true``/``false`` for flags, an
        empty cell for a missing value."""
        with _opened(target) as out:
            writer = csv.writer(out, lineterminator="\n")
            writer.writerow(_NAMES)
            for row in self.rows:
                writer.writerow(_csv_cell(value) for value in row)

    def to_jsonl(self, target: str | Path | IO[str]) -> None:
        """Write the rows as JSON lines: one object per game and variant."""
        with _opened(target) as out:
            for record in self.records():
                out.write(json.dumps(record) + "\n")

    def summary(
        self,
        baseline: int | str = 0,
        measures: Sequence[str] | None = None,
        confidence: float = 0.95,
    ) -> Summary:
        """Means with confidence intervals, paired differences and seat distributions.

        See :func:`skitgubbe.compare.summary.summarize`; needs the ``compare`` extra.
        """
        from .summary import summarize

        return summarize(self, baseline=baseline, measures=measures, confidence=confidence)


def _column_index(name: str) -> int:
    try:
        return _NAMES.index(name)
    except ValueError:
        raise KeyError(f"no column {name!r}; the columns are: {', '.join(_NAMES)}") from None


def _csv_cell(value: Value) -> Value:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return value


class _opened:
    """A file to write: a path (opened and closed here) or an open text file."""

    def __init__(self, target: str | Path | IO[str]) -> None:
        self.target = target
        self.file: IO[str] | None = None

    def __enter__(self) -> IO[str]:
        if isinstance(self.target, (str, Path)):
            self.file = open(self.target, "w", encoding="utf-8", newline="")
            return self.file
        return self.target

    def __exit__(self, *exc: object) -> None:
        if self.file is not None:
            self.file.close()


def _whole(name: str, value: object, least: int, most: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise StudyError(f"{name} must be a whole number, not {shown(value)}")
    if value < least:
        raise StudyError(f"{name} must be at least {least}, not {shown(value)}")
    if most is not None and value > most:
        raise StudyError(f"{name} must be at most {most:,}, not {shown(value)}")
    return value


def _variants(variants: Sequence[str | Ruleset | Variant]) -> tuple[Variant, ...]:
    if isinstance(variants, (str, Ruleset, Variant)):
        variants = [variants]
    resolved: list[Variant] = []
    for given in variants:
        try:
            variant = Variant.of(given)
        except TypeError as error:
            raise StudyError(str(error)) from None
        except ValueError as error:
            raise StudyError(str(error)) from None
        if any(variant.spec == earlier.spec for earlier in resolved):
            raise StudyError(f"the variant {variant.spec!r} is listed twice")
        resolved.append(variant)
    if not resolved:
        raise StudyError("a study needs at least one variant")
    return tuple(resolved)


def check_study(
    variants: Sequence[str | Ruleset | Variant],
    players: int,
    games: int,
    seed: int = 0,
    *,
    workers: int | None = None,
    backend: str = "process",
    address: str | None = None,
    chunk_size: int | None = None,
    bots: str | Sequence[str] | None = None,
) -> tuple[Variant, ...]:
    """Check a study's arguments as :func:`study` does; the variants, resolved.

    Raises :class:`StudyError` naming the first problem found (a bad spec, a
    player count a variant does not allow, a bad number of games, ...) and
    :class:`~skitgubbe.extras.MissingExtraError` for a backend whose
    extra is not installed.
    """
    resolved = _variants(variants)
    _whole("players", players, 2)
    for variant in resolved:
        rules = variant.rules
        if not rules.min_players <= players <= rules.max_players:
            raise StudyError(
                f"{variant.spec} allows {rules.min_players}-{rules.max_players} players, "
                f"not {players}"
            )
    _whole("games", games, 1, MAX_GAMES)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise StudyError(f"seed must be a whole number, not {shown(seed)}")
    if workers is not None:
        _whole("workers", workers, 1)
    if chunk_size is not None:
        _whole("chunk_size", chunk_size, 1)
    if backend not in BACKENDS:
        raise StudyError(f"no backend {backend!r}; the backends are: {', '.join(BACKENDS)}")
    if address is not None and backend != "ray":
        raise StudyError("address names a Ray cluster: use it with backend='ray'")
    if backend == "ray":
        require("ray", "backend='ray'")
    seat_bots(bots, players)
    return resolved


def seat_bots(bots: str | Sequence[str] | None, players: int) -> tuple[str, ...]:
    """The bot at each seat, by name: ``bots`` is one name for every seat, names
    separated by commas, or a sequence of names, one per seat; ``None`` (or
    nothing) means uniformly random moves. Raises :class:`StudyError` naming an
    unknown bot (with the known ones) or a wrong number of bots.

    >>> seat_bots("greedy", 3)
    ('greedy', 'greedy', 'greedy')
    >>> seat_bots("search, greedy,greedy", 3)
    ('search', 'greedy', 'greedy')
    """
    from ..bots import MatchError, bot_name

    if bots is None:
        return ()
    names = bots.split(",") if isinstance(bots, str) else list(bots)
    if not all(isinstance(name, str) for name in names):
        raise StudyError(f"bots are given by name, not {bots!r}")
    try:
        names = [bot_name(name) for name in names]
    except MatchError as error:
        raise StudyError(str(error)) from None
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise StudyError(
            f"give one bot for every seat, or one for all: {players} players, {len(names)} bots"
        )
    return tuple(names)


def study(
    variants: Sequence[str | Ruleset | Variant],
    players: int,
    games: int,
    seed: int = 0,
    *,
    workers: int | None = None,
    backend: str = "process",
    address: str | None = None,
    progress: bool | Progress = False,
    chunk_size: int | None = None,
    bots: str | Sequence[str] | None = None,
) -> StudyResult:
    """Play ``games`` random games under each of ``variants``, paired game by game.

    ``variants`` are specs (``"flurst:high_trump=true"``), rulesets or
    :class:`~skitgubbe.compare.specs.Variant` values; ``players`` sit at every
    table. Game ``i`` gets the same deal and the same random choices under every
    variant, and the same ``seed`` gives the same rows whatever the backend and
    the number of workers.

    ``backend="process"`` plays in ``workers`` processes (default: every core
    this process may use; 1 plays here, without a pool). ``backend="ray"`` plays
    Ray tasks on the cluster at ``address`` (``"auto"``, ``"ray://host:10001"``,
    ...), or on a local cluster of ``workers`` CPUs when no address is given; if
    Ray is already initialised, its connection is used. ``chunk_size`` sets the
    games per task (by default, small enough for every worker to get several).

    ``bots`` seats bots of :mod:`skitgubbe.bots` instead of random moves: one
    name for every seat (``"greedy"``), or one per seat (``"search,greedy,greedy,
    greedy"`` or a sequence); every variant's game ``i`` then gets the same
    bots with the same seeds. See :func:`seat_bots`.

    ``progress=True`` shows a progress bar with the time left on standard error
    (the ``compare`` extra); a function is called instead with the games played
    so far and the games asked for.

    Everything is checked before any game is played (see :func:`check_study`).
    Ctrl-C stops the workers and returns the games finished so far, with
    :attr:`StudyResult.interrupted` set.
    """
    resolved = check_study(
        variants,
        players,
        games,
        seed,
        workers=workers,
        backend=backend,
        address=address,
        chunk_size=chunk_size,
        bots=bots,
    )
    seated = seat_bots(bots, players)
    if progress is True:
        require("compare", "a progress bar")
    specs = tuple(variant.spec for variant in resolved)
    rulesets = tuple(variant.rules for variant in resolved)

    def tasks(parallelism: int) -> list[Task]:
        return [
            (specs, rulesets, players, seed, chunk, seated)
            for chunk in chunks(games, parallelism, chunk_size)
        ]

    finished: dict[Chunk, list[Row]] = {}
    with Reporter(progress, games, len(resolved)) as report:

        def on_chunk(chunk: Chunk, rows: list[Row]) -> None:
            finished[chunk] = rows
            report.advance(chunk[1] - chunk[0])

        if backend == "ray":
            interrupted = run_ray(tasks, workers, address, on_chunk, report.start)
        else:
            count = workers or available_cores()
            planned = tasks(count)
            interrupted = run_local(planned, min(count, len(planned)), on_chunk, report.start)
    rows = tuple(row for chunk in sorted(finished) for row in finished[chunk])
    return StudyResult(resolved, players, games, seed, rows, interrupted, seated)
