"""Summaries of a study: means, paired differences and seat distributions.

Each measure's mean comes with a confidence interval (Student's t, from
:func:`scipy.stats.ttest_1samp`); a yes-or-no measure's mean is the share of
games where it holds, and each value of a category (``phase_one_end``) is
summarised as such a share. Because the variants play the same games, the
difference between a variant and the baseline is measured game by game: its
interval is the paired t interval of the per-game differences, much narrower
than the difference of two independent means. Seat columns (the goat's seat)
are counted seat by seat, with a chi-square test (:func:`scipy.stats.chisquare`)
of the hypothesis that every seat is equally likely.

An interval from values without spread (every game the same, or two identical
variants) is that value exactly. Needs the ``compare`` extra (numpy, scipy, rich).
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

import attrs

from ..extras import require
from ..runner.stats import Interval
from .games import COLUMNS, Column, Kind, Value

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt
    from rich.console import RenderableType
    from rich.table import Table

__all__ = [
    "Contrast",
    "Difference",
    "Interval",
    "Mean",
    "SeatCounts",
    "SideBySide",
    "Studied",
    "Summary",
    "check_measures",
    "side_by_side",
    "summarize",
]

_BY_NAME: dict[str, Column] = {column.name: column for column in COLUMNS}


class Studied(Protocol):
    """What a summary reads of a study: a
    :class:`~skitgubbe.compare.study.StudyResult` is one. A summary needs nothing
    of how the games were played, so this module does not import the one that
    plays them."""

    @property
    def specs(self) -> tuple[str, ...]:
        """The variants' specs, in the study's order."""

    @property
    def players(self) -> int:
        """Players at each table."""

    @property
    def games(self) -> int:
        """The games asked for."""

    @property
    def games_played(self) -> int:
        """The games played under every variant."""

    @property
    def interrupted(self) -> bool:
        """Whether the study stopped before every game was played."""

    @property
    def bots(self) -> tuple[str, ...]:
        """The bots at the seats, by name; empty for random moves."""

    def column(self, name: str, variant: int | str | None = None) -> list[Value]:
        """The values of column ``name``, of every row or of one variant's rows."""

    def variant_index(self, variant: int | str) -> int:
        """The index of ``variant`` (an index or a spec) among the variants."""


@attrs.frozen
class Mean:
    """A measure's mean under one variant."""

    #: The measure (a column, or ``column=value`` for a category's share).
    measure: str
    #: The variant's spec.
    variant: str
    #: The mean and its interval.
    estimate: Interval


@attrs.frozen
class Difference:
    """A measure's mean paired difference, variant minus baseline, game by game."""

    #: The measure.
    measure: str
    #: The variant's spec.
    variant: str
    #: The baseline variant's spec.
    baseline: str
    #: The mean difference and its interval.
    estimate: Interval
    #: The two-sided p-value of a paired t-test (1 when every difference is 0).
    p_value: float


@attrs.frozen
class SeatCounts:
    """How often each seat held a seat column's value (the goat, ...) under one variant."""

    #: The seat column.
    measure: str
    #: The variant's spec.
    variant: str
    #: Games per seat, seat 0 first.
    counts: tuple[int, ...]
    #: The chi-square statistic against equal chances for every seat.
    chi2: float
    #: Its p-value: small when the seats are not equally likely.
    p_value: float

    @property
    def shares(self) -> tuple[float, ...]:
        """The share of games per seat."""
        total = sum(self.counts)
        return tuple(count / total if total else math.nan for count in self.counts)


@attrs.frozen
class Summary:
    """What a study found, per measure and variant; printed, three tables.

    :meth:`mean`, :meth:`difference` and :meth:`seats` look one figure up;
    :meth:`records` gives every figure as tidy rows.
    """

    #: The variants' specs.
    variants: tuple[str, ...]
    #: The spec of the variant differences are taken against.
    baseline: str
    #: Players at each table.
    players: int
    #: Games played under every variant.
    games_played: int
    #: Games asked for.
    games: int
    #: Whether the study was interrupted (then the figures cover the games played).
    interrupted: bool
    #: The confidence level of the intervals.
    confidence: float
    #: The measures summarised, in order.
    measures: tuple[str, ...]
    #: Every measure's mean under every variant.
    means: tuple[Mean, ...]
    #: Every measure's paired difference, for every variant but the baseline.
    differences: tuple[Difference, ...]
    #: The seat columns' distributions.
    seat_counts: tuple[SeatCounts, ...]
    #: The bots at the seats, by name; empty for random moves.
    bots: tuple[str, ...] = ()

    def mean(self, measure: str, variant: str | int = 0) -> Interval:
        """The mean of ``measure`` under ``variant`` (a spec or an index)."""
        spec = self._spec(variant)
        for mean in self.means:
            if mean.measure == measure and mean.variant == spec:
                return mean.estimate
        raise KeyError(f"no measure {measure!r}; the measures are: {', '.join(self.measures)}")

    def difference(self, measure: str, variant: str | int) -> Difference:
        """The paired difference of ``measure``, ``variant`` minus the baseline."""
        spec = self._spec(variant)
        for difference in self.differences:
            if difference.measure == measure and difference.variant == spec:
                return difference
        raise KeyError(f"no difference of {measure!r} for {spec!r} against {self.baseline!r}")

    def seats(self, measure: str = "goat", variant: str | int = 0) -> SeatCounts:
        """The distribution of seat column ``measure`` under ``variant``."""
        spec = self._spec(variant)
        for counts in self.seat_counts:
            if counts.measure == measure and counts.variant == spec:
                return counts
        raise KeyError(f"no seat counts of {measure!r} for {spec!r}")

    def _spec(self, variant: str | int) -> str:
        if isinstance(variant, int):
            return self.variants[variant]
        return variant

    def records(self) -> list[dict[str, object]]:
        """Every figure as a tidy row: ``kind`` (mean, difference, seat), ``measure``,
        ``variant``, ``value``, ``low``, ``high``, ``n``, ``p_value`` and ``seat``."""
        rows: list[dict[str, object]] = []
        for mean in self.means:
            rows.append(_row("mean", mean.measure, mean.variant, mean.estimate))
        for difference in self.differences:
            row = _row("difference", difference.measure, difference.variant, difference.estimate)
            row["p_value"] = difference.p_value
            rows.append(row)
        for counts in self.seat_counts:
            for seat, count in enumerate(counts.counts):
                rows.append(
                    {
                        "kind": "seat",
                        "measure": counts.measure,
                        "variant": counts.variant,
                        "value": count,
                        "low": None,
                        "high": None,
                        "n": sum(counts.counts),
                        "p_value": counts.p_value,
                        "seat": seat,
                    }
                )
        return rows

    def tables(self) -> list[RenderableType]:
        """The summary as rich renderables: a heading and three tables."""
        return _tables(self)

    def render(self, width: int | None = None) -> str:
        """The summary as plain text, ``width`` characters wide at most (by default
        as wide as the tables need)."""
        return _render(self.tables(), width)

    def __str__(self) -> str:
        return self.render()


@attrs.frozen
class Contrast:
    """One measure's paired difference (variant minus baseline) in studies played
    by different bots on the same deals, and how much it changed between the
    first study and the last."""

    #: The measure.
    measure: str
    #: The variant's spec.
    variant: str
    #: The baseline's spec.
    baseline: str
    #: The baseline's mean in each study, in the order of the studies.
    means: tuple[Interval, ...]
    #: The paired difference in each study.
    differences: tuple[Interval, ...]
    #: The last study's difference minus the first's, with Welch's interval
    #: (the studies' games are independent: the deals are the same, the play not).
    change: Interval
    #: The two-sided p-value of Welch's test that the change is 0.
    p_value: float


@attrs.frozen
class SideBySide:
    """The same study played by different bots (:func:`side_by_side`): what a
    rule does under each, and whether its effect changes. Printed, two tables."""

    #: A label for each study: who played it.
    labels: tuple[str, ...]
    #: The variants' specs.
    variants: tuple[str, ...]
    #: The spec differences are taken against.
    baseline: str
    #: Games played in each study.
    games_played: tuple[int, ...]
    #: The confidence level of the intervals.
    confidence: float
    #: Every measure and variant but the baseline, in order.
    contrasts: tuple[Contrast, ...]
    #: The goat's seat under each variant, one tuple per study.
    goat_seats: tuple[tuple[SeatCounts, ...], ...]

    def contrast(self, measure: str, variant: str | int = 1) -> Contrast:
        """The contrast of ``measure`` for ``variant`` (a spec or an index)."""
        spec = self.variants[variant] if isinstance(variant, int) else variant
        for contrast in self.contrasts:
            if contrast.measure == measure and contrast.variant == spec:
                return contrast
        raise KeyError(f"no contrast of {measure!r} for {spec!r}")

    def records(self) -> list[dict[str, object]]:
        """Every contrast as tidy rows, one per measure, variant and study, with the
        change (the same on every study's row)."""
        rows: list[dict[str, object]] = []
        for contrast in self.contrasts:
            for label, mean, difference in zip(
                self.labels, contrast.means, contrast.differences, strict=True
            ):
                rows.append(
                    {
                        "measure": contrast.measure,
                        "variant": contrast.variant,
                        "bots": label,
                        "baseline_mean": mean.mean,
                        "difference": difference.mean,
                        "low": difference.low,
                        "high": difference.high,
                        "change": contrast.change.mean,
                        "change_low": contrast.change.low,
                        "change_high": contrast.change.high,
                        "change_p_value": contrast.p_value,
                    }
                )
        return rows

    def tables(self) -> list[RenderableType]:
        """The comparison as rich renderables."""
        return _side_tables(self)

    def render(self, width: int | None = None) -> str:
        """The comparison as plain text (see :meth:`Summary.render`)."""
        return _render(self.tables(), width)

    def __str__(self) -> str:
        return self.render()


def side_by_side(
    results: Sequence[Studied],
    labels: Sequence[str] | None = None,
    baseline: int | str = 0,
    measures: Sequence[str] | None = None,
    confidence: float = 0.95,
) -> SideBySide:
    """Compare studies of the same variants played by different bots.

    Each study's paired differences (variant minus ``baseline``) are set side by
    side, and the change from the first study's difference to the last's gets
    Welch's interval: the studies share their deals but not their moves, so
    their differences are independent estimates. ``labels`` name the studies
    (by default their bots, or "random moves"). The studies must have the same
    variants, in the same order, and the same players.
    """
    require("compare", "a comparison of studies")
    import numpy as np
    from scipy import stats

    if len(results) < 2:
        raise ValueError(f"side_by_side needs two studies or more, not {len(results)}")
    first = results[0]
    for other in results[1:]:
        if other.specs != first.specs or other.players != first.players:
            raise ValueError(
                "the studies must play the same variants with the same players: "
                f"{', '.join(first.specs)} ({first.players} players) against "
                f"{', '.join(other.specs)} ({other.players} players)"
            )
    if labels is None:
        labels = [", ".join(dict.fromkeys(r.bots)) or "random moves" for r in results]
    if len(labels) != len(results):
        raise ValueError(f"{len(labels)} labels for {len(results)} studies")
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be between 0 and 1, not {confidence!r}")
    base = first.variant_index(baseline)
    specs = first.specs
    means_of, _ = _choose(measures)
    per_study = [dict(_measured(result, means_of)) for result in results]
    names = list(dict.fromkeys(name for found in per_study for name in found))
    contrasts: list[Contrast] = []
    for name in names:
        arrays = [
            found.get(name) or [np.zeros(result.games_played)] * len(specs)
            for found, result in zip(per_study, results, strict=True)
        ]
        for index, spec in enumerate(specs):
            if index == base:
                continue
            deltas = [study[index] - study[base] for study in arrays]
            deltas = [delta[~np.isnan(delta)] for delta in deltas]
            change, p_value = _welch(deltas[-1], deltas[0], confidence, stats)
            contrasts.append(
                Contrast(
                    measure=name,
                    variant=spec,
                    baseline=specs[base],
                    means=tuple(_interval(study[base], confidence)[0] for study in arrays),
                    differences=tuple(_interval(delta, confidence)[0] for delta in deltas),
                    change=change,
                    p_value=p_value,
                )
            )
    goat_seats = tuple(
        tuple(summarize(result, measures=["goat"]).seat_counts) for result in results
    )
    return SideBySide(
        labels=tuple(labels),
        variants=specs,
        baseline=specs[base],
        games_played=tuple(result.games_played for result in results),
        confidence=confidence,
        contrasts=tuple(contrasts),
        goat_seats=goat_seats,
    )


def _welch(
    later: npt.NDArray[np.float64], earlier: npt.NDArray[np.float64], confidence: float, stats: Any
) -> tuple[Interval, float]:
    """The difference of two independent means, ``later`` minus ``earlier``, with
    Welch's interval and p-value."""
    n = min(len(later), len(earlier))
    mean = float(later.mean() - earlier.mean()) if n else math.nan
    if n < 2:
        return Interval(mean, math.nan, math.nan, n), math.nan
    if bool((later == later[0]).all()) and bool((earlier == earlier[0]).all()):
        return Interval(mean, mean, mean, n), 1.0 if mean == 0 else 0.0
    test = stats.ttest_ind(later, earlier, equal_var=False)
    low, high = test.confidence_interval(confidence_level=confidence)
    return Interval(mean, float(low), float(high), n), float(test.pvalue)


def _side_tables(side: SideBySide) -> list[RenderableType]:
    from rich.text import Text

    level = f"{side.confidence:.0%}"
    played = ", ".join(
        f"{label}: {games:,} games"
        for label, games in zip(side.labels, side.games_played, strict=True)
    )
    tables: list[RenderableType] = [
        Text(f"The same deals played by different bots ({played}); intervals at {level}"),
    ]
    for spec in side.variants:
        if spec == side.baseline:
            continue
        tables.append(
            Text(
                f"{spec} minus {side.baseline}, game by game, under each; "
                f"change: {side.labels[-1]} minus {side.labels[0]} (Welch), "
                "* the interval excludes 0"
            )
        )
        table = _table(
            "measure",
            *(f"{label}: {side.baseline}" for label in side.labels),
            *(f"{label}: difference" for label in side.labels),
            "change",
        )
        for contrast in side.contrasts:
            if contrast.variant != spec:
                continue
            share = _is_share(contrast.measure)
            mark = " *" if contrast.change.excludes_zero else "  "
            table.add_row(
                contrast.measure,
                *(_number(mean.mean, share) for mean in contrast.means),
                *(_cell(difference, share, sign=True) for difference in contrast.differences),
                _cell(contrast.change, share, sign=True) + mark,
            )
        tables.append(table)
    tables.append(Text("The goat's seat (chi-square test of equal chances: p)"))
    seats = _table("bots", "variant", *(f"seat {seat}" for seat in range(_players(side))), "p")
    for label, counts_of in zip(side.labels, side.goat_seats, strict=True):
        for counts in counts_of:
            seats.add_row(
                label,
                counts.variant,
                *(_number(share, True) for share in counts.shares),
                "n/a" if math.isnan(counts.p_value) else f"{counts.p_value:.3g}",
            )
    tables.append(seats)
    return tables


def _players(side: SideBySide) -> int:
    return len(side.goat_seats[0][0].counts) if side.goat_seats and side.goat_seats[0] else 0


def _render(tables: list[RenderableType], width: int | None) -> str:
    from rich.console import Console

    console = Console(file=io.StringIO(), width=width or 10_000, color_system=None)
    with console.capture() as captured:
        for table in tables:
            console.print(table)
    return "\n".join(line.rstrip() for line in captured.get().splitlines()) + "\n"


def _row(kind: str, measure: str, variant: str, estimate: Interval) -> dict[str, object]:
    return {
        "kind": kind,
        "measure": measure,
        "variant": variant,
        "value": estimate.mean,
        "low": estimate.low,
        "high": estimate.high,
        "n": estimate.n,
        "p_value": None,
        "seat": None,
    }


def check_measures(measures: Sequence[str] | None) -> None:
    """Raise :class:`KeyError` naming a measure that is not a measured column."""
    _choose(measures)


def _choose(measures: Sequence[str] | None) -> tuple[list[Column], list[Column]]:
    """The columns to summarise as means, and the seat columns."""
    if measures is None:
        chosen = [column for column in COLUMNS if column.headline]
    else:
        if isinstance(measures, str):
            measures = [measures]
        chosen = []
        for name in measures:
            column = _BY_NAME.get(name)
            if column is None or column.kind is Kind.IDENTITY:
                names = [c.name for c in COLUMNS if c.kind is not Kind.IDENTITY]
                raise KeyError(f"no measure {name!r}; the measures are: {', '.join(names)}")
            chosen.append(column)
    return (
        [column for column in chosen if column.kind is not Kind.SEAT],
        [column for column in chosen if column.kind is Kind.SEAT],
    )


def _interval(values: npt.NDArray[np.float64], confidence: float) -> tuple[Interval, float]:
    """The mean of ``values`` with its t interval, and the p-value of mean zero."""
    from scipy import stats

    n = len(values)
    mean = float(values.mean()) if n else math.nan
    if n < 2:
        return Interval(mean, math.nan, math.nan, n), math.nan
    if bool((values == values[0]).all()):  # no spread: the value is exact
        return Interval(mean, mean, mean, n), 1.0 if mean == 0 else 0.0
    test = stats.ttest_1samp(values, 0.0)
    low, high = test.confidence_interval(confidence_level=confidence)
    return Interval(mean, float(low), float(high), n), float(test.pvalue)


def summarize(
    result: Studied,
    baseline: int | str = 0,
    measures: Sequence[str] | None = None,
    confidence: float = 0.95,
) -> Summary:
    """Summarise a study's rows (see the module's description).

    ``baseline`` is the variant the others are compared with (an index or a
    spec); ``measures`` the columns to summarise (by default the headline ones:
    moves, tricks, kills, pick-ups, how phase one ended, the dreck, empty hands,
    the phase-two leader and the goat).
    """
    require("compare", "a summary")
    from scipy import stats

    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be between 0 and 1, not {confidence!r}")
    base = result.variant_index(baseline)
    specs = result.specs
    means_of, seats_of = _choose(measures)
    measured = _measured(result, means_of)

    means: list[Mean] = []
    differences: list[Difference] = []
    for name, arrays in measured:
        for index, spec in enumerate(specs):
            means.append(Mean(name, spec, _interval(arrays[index], confidence)[0]))
        for index, spec in enumerate(specs):
            if index == base:
                continue
            estimate, p_value = _interval(arrays[index] - arrays[base], confidence)
            differences.append(Difference(name, spec, specs[base], estimate, p_value))

    seat_counts: list[SeatCounts] = []
    for column in seats_of:
        for index, spec in enumerate(specs):
            seats = [0] * result.players
            for seat in result.column(column.name, index):
                if isinstance(seat, int):
                    seats[seat] += 1
            if sum(seats):
                test = stats.chisquare(seats)
                chi2, p_value = float(test.statistic), float(test.pvalue)
            else:
                chi2 = p_value = math.nan
            seat_counts.append(SeatCounts(column.name, spec, tuple(seats), chi2, p_value))

    return Summary(
        variants=specs,
        baseline=specs[base],
        players=result.players,
        games_played=result.games_played,
        games=result.games,
        interrupted=result.interrupted,
        confidence=confidence,
        measures=tuple(name for name, _ in measured),
        means=tuple(means),
        differences=tuple(differences),
        seat_counts=tuple(seat_counts),
        bots=result.bots,
    )


def _measured(
    result: Studied, columns: Sequence[Column]
) -> list[tuple[str, list[npt.NDArray[np.float64]]]]:
    """Each measure's values, one array per variant (a category: one 0-or-1
    measure per value)."""
    import numpy as np

    count = len(result.specs)
    measured: list[tuple[str, list[npt.NDArray[np.float64]]]] = []
    for column in columns:
        per_variant = [result.column(column.name, index) for index in range(count)]
        if column.kind is Kind.CATEGORY:
            values = sorted({v for vs in per_variant for v in vs if v is not None}, key=str)
            for value in values:
                measured.append(
                    (
                        f"{column.name}={value}",
                        [np.array([v == value for v in vs], dtype=float) for vs in per_variant],
                    )
                )
        else:
            measured.append(
                (
                    column.name,
                    [
                        np.array([math.nan if v is None else v for v in vs], dtype=float)
                        for vs in per_variant
                    ],
                )
            )

    return measured


def _is_share(measure: str) -> bool:
    column = _BY_NAME.get(measure.split("=", 1)[0])
    return column is not None and column.kind in (Kind.FLAG, Kind.CATEGORY)


def _number(value: float, share: bool, sign: bool = False) -> str:
    if math.isnan(value):
        return "n/a"
    if round(value * 100 if share else value, 2) == 0:
        value = 0.0  # never "-0.00"
    if share:
        return f"{value * 100:+.1f}%" if sign else f"{value * 100:.1f}%"
    return f"{value:+.2f}" if sign else f"{value:.2f}"


def _cell(estimate: Interval, share: bool, sign: bool = False) -> str:
    text = _number(estimate.mean, share, sign)
    if math.isnan(estimate.low):
        return text
    return f"{text} [{_number(estimate.low, share, sign)}, {_number(estimate.high, share, sign)}]"


def _table(*columns: str) -> Table:
    from rich import box
    from rich.table import Table

    table = Table(box=box.SIMPLE)
    table.add_column(columns[0], no_wrap=True)
    for column in columns[1:]:
        table.add_column(column, justify="right")
    return table


def _tables(summary: Summary) -> list[RenderableType]:
    from rich.text import Text

    level = f"{summary.confidence:.0%}"
    played = f"{summary.games_played:,} games"
    if summary.interrupted:
        played = f"INTERRUPTED: {summary.games_played:,} of {summary.games:,} games played"
    tables: list[RenderableType] = [
        Text(
            f"{played}, {summary.players} players"
            + (f" ({', '.join(summary.bots)})" if summary.bots else ", random moves")
            + f"; intervals at {level} confidence"
        ),
        Text(f"Means [{level} CI]"),
    ]
    means = _table("measure", *summary.variants)
    for measure in summary.measures:
        share = _is_share(measure)
        means.add_row(
            measure, *(_cell(summary.mean(measure, spec), share) for spec in summary.variants)
        )
    tables.append(means)

    others = [spec for spec in summary.variants if spec != summary.baseline]
    if others:
        tables.append(
            Text(
                f"Paired differences against {summary.baseline} [{level} CI]; "
                "* the interval excludes 0"
            )
        )
        differences = _table("measure", *others)
        for measure in summary.measures:
            share = _is_share(measure)
            cells = []
            for spec in others:
                found = summary.difference(measure, spec)
                mark = " *" if found.estimate.excludes_zero else "  "
                cells.append(_cell(found.estimate, share, sign=True) + mark)
            differences.add_row(measure, *cells)
        tables.append(differences)

    for measure in dict.fromkeys(counts.measure for counts in summary.seat_counts):
        tables.append(Text(f"{measure} by seat (chi-square test of equal chances)"))
        seats = _table("variant", *(f"seat {seat}" for seat in range(summary.players)), "chi2", "p")
        for spec in summary.variants:
            counts = summary.seats(measure, spec)
            seats.add_row(
                spec,
                *(_number(share, True) for share in counts.shares),
                "n/a" if math.isnan(counts.chi2) else f"{counts.chi2:.1f}",
                "n/a" if math.isnan(counts.p_value) else f"{counts.p_value:.3g}",
            )
        tables.append(seats)
    return tables
