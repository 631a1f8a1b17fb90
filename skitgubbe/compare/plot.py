"""A study's figure: the length of games and the goat's seat, per variant.

Needs the ``plot`` extra (matplotlib). The figure is drawn without pyplot, so it
needs no display and leaves no global state behind.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ..extras import require

if TYPE_CHECKING:
    from .games import Value
    from .study import StudyResult

__all__ = ["plot"]


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


def _whole_numbers(values: list[Value]) -> list[int]:
    return [value for value in values if isinstance(value, int)]
