"""A study's figure: the length of games and the goat's seat, per variant.

Needs the ``plot`` extra (matplotlib). The figure is drawn without pyplot, so it
needs no display and leaves no global state behind.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from .extras import require

if TYPE_CHECKING:
    from .games import Value
    from .study import StudyResult

__all__ = ["plot"]


def plot(result: StudyResult, path: str | Path, *, dpi: int = 110) -> None:
    """Save a figure of ``result`` as ``path`` (PNG, SVG, PDF: by its extension).

    Left, a histogram of the moves per game under each variant; right, the share
    of games lost from each seat, with the share every seat would have if the
    seats were equal.
    """
    require("plot", "a plot")
    from matplotlib.figure import Figure

    specs = result.specs
    figure = Figure(figsize=(12, 4.8), layout="constrained")
    lengths, goats = figure.subplots(1, 2, width_ratios=(3, 2))

    moves = [_whole_numbers(result.column("moves", index)) for index in range(len(specs))]
    shortest = min((min(values) for values in moves if values), default=0)
    longest = max((max(values) for values in moves if values), default=1)
    step = max(1, (longest - shortest) // 60)
    bins = list(range(shortest, longest + step + 1, step))
    for spec, values in zip(specs, moves, strict=True):
        lengths.hist(values, bins=bins, histtype="step", linewidth=1.4, label=spec)
    lengths.set_xlabel("moves per game")
    lengths.set_ylabel("games")
    lengths.set_title(f"Game length ({result.games_played:,} games, {result.players} players)")
    lengths.legend(fontsize="small")

    seats = range(result.players)
    width = 0.8 / len(specs)
    highest = 1 / result.players
    for index in range(len(specs)):
        goat_seats = result.column("goat", index)
        total = len(goat_seats) or 1
        shares = [sum(1 for v in goat_seats if v == seat) / total for seat in seats]
        places = [seat + (index - (len(specs) - 1) / 2) * width for seat in seats]
        goats.bar(places, shares, width)
        highest = max(highest, *shares)
    goats.axhline(1 / result.players, color="black", linestyle="--", linewidth=1, label="equal")
    goats.set_ylim(0, highest * 1.2)
    goats.set_xticks(list(seats), [f"seat {seat}" for seat in seats])
    goats.set_ylabel("share of games lost")
    goats.set_title("The goat's seat (colours as on the left)")
    goats.legend(fontsize="small", loc="upper right")
    figure.savefig(path, dpi=dpi)


def _whole_numbers(values: list[Value]) -> list[int]:
    return [value for value in values if isinstance(value, int)]
