"""A study's figure: the length of games and the goat's seat, per variant; and
the same study played by different bots, side by side.

Needs the ``plot`` extra (matplotlib). The figure is drawn without pyplot, so it
needs no display and leaves no global state behind.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from ..extras import require

if TYPE_CHECKING:
    from .games import Value
    from .study import StudyResult

__all__ = ["plot", "plot_side_by_side"]


def plot(result: StudyResult, path: str | Path, *, dpi: int = 110) -> None:
    """Save a figure of ``result`` as ``path`` (PNG, SVG, PDF: by its extension).

    Small multiples, one row per variant, so that no curve hides another: on the
    left the histogram of moves per game under that variant, with the first
    variant's (the baseline's) outlined in grey on every row; on the right the
    share of games lost from each seat, with the share every seat would have if
    the seats were equal. Rows share their axes, so they compare at a glance.
    """
    require("plot", "a plot")
    from matplotlib.figure import Figure

    specs = result.specs
    rows = len(specs)
    figure = Figure(figsize=(10, 1.1 + 1.45 * rows), layout="constrained")
    axes = figure.subplots(
        rows, 2, width_ratios=(3, 1.4), sharex="col", sharey="col", squeeze=False
    )

    moves = [_whole_numbers(result.column("moves", index)) for index in range(rows)]
    shortest = min((min(values) for values in moves if values), default=0)
    longest = max((max(values) for values in moves if values), default=1)
    step = max(1, (longest - shortest) // 60)
    bins = list(range(shortest, longest + step + 1, step))
    seats = list(range(result.players))
    equal = 1 / result.players
    colours = [f"C{index % 10}" for index in range(rows)]
    for index, (spec, values) in enumerate(zip(specs, moves, strict=True)):
        lengths, goats = axes[index]
        lengths.hist(values, bins=bins, color=colours[index], alpha=0.75, label=spec)
        if index:
            lengths.hist(moves[0], bins=bins, histtype="step", color="0.35", linewidth=1.0)
        lengths.set_ylabel("games")
        lengths.text(
            0.99, 0.9, spec, transform=lengths.transAxes, ha="right", va="top", fontsize="medium"
        )
        goat_seats = result.column("goat", index)
        total = len(goat_seats) or 1
        shares = [sum(1 for value in goat_seats if value == seat) / total for seat in seats]
        goats.bar(seats, shares, 0.7, color=colours[index], alpha=0.75)
        goats.axhline(equal, color="black", linestyle="--", linewidth=1)
        goats.set_ylabel("goat share")
    axes[0][0].set_title(
        f"Moves per game ({result.games_played:,} games, {result.players} players); "
        f"grey outline: {specs[0]}",
        fontsize="medium",
    )
    axes[0][1].set_title("The goat's seat (dashed: equal)", fontsize="medium")
    axes[-1][0].set_xlabel("moves per game")
    axes[-1][1].set_xticks(seats, [f"seat {seat}" for seat in seats])
    figure.savefig(path, dpi=dpi)


def plot_side_by_side(
    results: Sequence[StudyResult],
    path: str | Path,
    labels: Sequence[str] | None = None,
    *,
    dpi: int = 110,
) -> None:
    """Save a figure of the same variants played by different bots as ``path``.

    One row per variant and, for each study, two columns (with its label above
    them): the histogram of moves per game (the baseline's outlined in grey) and
    the share of games lost from each seat. Histograms share one axis of moves
    across every study, so that a change in the length of games shows as a shift
    between columns. ``labels`` as in :func:`~skitgubbe.compare.summary.side_by_side`.
    """
    require("plot", "a plot")
    from matplotlib.figure import Figure

    if len(results) < 2:
        raise ValueError(f"plot_side_by_side needs two studies or more, not {len(results)}")
    specs = results[0].specs
    if any(result.specs != specs for result in results):
        raise ValueError("the studies must play the same variants, in the same order")
    if labels is None:
        labels = [", ".join(dict.fromkeys(r.bots)) or "random moves" for r in results]
    if len(labels) != len(results):
        raise ValueError(f"{len(labels)} labels for {len(results)} studies")
    rows = len(specs)
    studies = len(results)
    figure = Figure(figsize=(5.2 * studies, 1.3 + 1.6 * rows), layout="constrained")
    axes = figure.subplots(
        rows, 2 * studies, width_ratios=(3, 1.4) * studies, sharey=False, squeeze=False
    )
    moves = [
        [_whole_numbers(result.column("moves", index)) for index in range(rows)]
        for result in results
    ]
    every = [value for study in moves for values in study for value in values]
    shortest, longest = (min(every), max(every)) if every else (0, 1)
    step = max(1, (longest - shortest) // 60)
    bins = list(range(shortest, longest + step + 1, step))
    for column, (result, label, study) in enumerate(zip(results, labels, moves, strict=True)):
        seats = list(range(result.players))
        for index, (spec, values) in enumerate(zip(specs, study, strict=True)):
            lengths, goats = axes[index][2 * column], axes[index][2 * column + 1]
            colour = f"C{index % 10}"
            lengths.hist(values, bins=bins, color=colour, alpha=0.75)
            if index:
                lengths.hist(study[0], bins=bins, histtype="step", color="0.35", linewidth=1.0)
            lengths.set_xlim(shortest, longest + step)
            lengths.text(
                0.99, 0.9, spec, transform=lengths.transAxes, ha="right", va="top", fontsize="small"
            )
            if index == 0:
                lengths.set_title(
                    f"{label}: moves per game ({result.games_played:,} games)", fontsize="medium"
                )
                goats.set_title("the goat's seat", fontsize="medium")
            if column == 0:
                lengths.set_ylabel("games")
            goat_seats = result.column("goat", index)
            total = len(goat_seats) or 1
            shares = [sum(1 for value in goat_seats if value == seat) / total for seat in seats]
            goats.bar(seats, shares, 0.7, color=colour, alpha=0.75)
            goats.axhline(1 / result.players, color="black", linestyle="--", linewidth=1)
            goats.set_ylim(0, max(0.5, max(shares) * 1.15))
            goats.set_xticks(seats, [str(seat) for seat in seats])
        axes[-1][2 * column].set_xlabel("moves per game")
        axes[-1][2 * column + 1].set_xlabel("seat (dashed: equal)")
    figure.suptitle(
        f"The same deals played by different bots ({results[0].players} players); "
        f"grey outline: {specs[0]}",
        fontsize="medium",
    )
    figure.savefig(path, dpi=dpi)


def _whole_numbers(values: list[Value]) -> list[int]:
    return [value for value in values if isinstance(value, int)]
