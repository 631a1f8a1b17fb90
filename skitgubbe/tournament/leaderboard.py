"""A tournament's leaderboard: ratings from OpenSkill, goat rates and places with intervals.

Ratings come from OpenSkill's Plackett-Luce model (the ``openskill`` package,
extra ``tournament``): every game, in the schedule's order, updates the
ratings of its players from the order they finished in (first out first, the
goat last; players sharing a place tie). Plackett-Luce rates a ranking of any
number of players directly, where Elo rates pairs and TrueSkill's multiplayer
updates need message passing; it is also open source under a permissive
licence with no patent in the way. A bot's rating is ``mu``, its uncertainty
``sigma``; the board is sorted by ``mu - 3 * sigma``, a rating the bot is very
likely to be above, so that a bot with few games does not top it by luck, and
bots dropped for forfeiting come last.

The goat rate and the mean place are estimated table by table: a bot's share of
goats (and its mean place) over the rotations of one table's deal is one value,
and the 95% interval is Student's t interval over those values, which keeps the
pairing of a duplicate deal's rotations.
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Mapping
from pathlib import Path
from typing import Protocol

import attrs

from ..extras import require
from ..rules import Ruleset
from ..runner.stats import Interval, mean_interval
from ..text import csv_cell, printable
from .results import Drop, TournamentGame
from .schedule import Schedule

__all__ = ["COLUMNS", "Leaderboard", "Played", "Standing"]

#: The columns of :meth:`Leaderboard.to_csv`.
COLUMNS = (
    "rank",
    "bot",
    "spec",
    "rating",
    "mu",
    "sigma",
    "goat_rate",
    "goat_rate_low",
    "goat_rate_high",
    "mean_place",
    "mean_place_low",
    "mean_place_high",
    "games",
    "forfeits",
    "dropped_after_table",
)


class Played(Protocol):
    """What the board reads of a tournament's games: a
    :class:`~skitgubbe.tournament.run.TournamentResult` is one. The board needs
    nothing of how the games were played, so this module does not import the
    one that plays them."""

    @property
    def rules(self) -> Ruleset:
        """The rules."""

    @property
    def specs(self) -> tuple[str, ...]:
        """The bots as named."""

    @property
    def bots(self) -> tuple[str, ...]:
        """Their labels in tables."""

    @property
    def schedule(self) -> Schedule:
        """Who played whom."""

    @property
    def games(self) -> tuple[TournamentGame, ...]:
        """The games that count, in the schedule's order."""

    @property
    def dropped(self) -> Mapping[int, Drop]:
        """Dropped bots, by index."""

    @property
    def skipped(self) -> int:
        """Units not played because too few bots were left to fill a table."""

    @property
    def interrupted(self) -> bool:
        """Whether the tournament stopped before every unit was settled."""

    @property
    def preset(self) -> str | None:
        """The preset's name, if the rules are one."""

    @property
    def forfeits(self) -> tuple[TournamentGame, ...]:
        """The games a bot forfeited, in order."""

    @property
    def stalled(self) -> tuple[TournamentGame, ...]:
        """The games that stalled, in order."""


@attrs.frozen
class Standing:
    """One bot's line on the board."""

    #: Its place on the board, from 1.
    rank: int
    #: Its label.
    bot: str
    #: How it was named.
    spec: str
    #: OpenSkill's mean skill.
    mu: float
    #: Its uncertainty.
    sigma: float
    #: The share of its games it was the goat in, with a 95% interval.
    goat_rate: Interval
    #: Its mean place (1 for first out), with a 95% interval.
    mean_place: Interval
    #: Games it played.
    games: int
    #: Games it forfeited.
    forfeits: int
    #: The table after which it was dropped, if it was.
    dropped_after: int | None

    @property
    def rating(self) -> float:
        """``mu - 3 * sigma``: the conservative rating the board is sorted by."""
        return self.mu - 3 * self.sigma


def _ratings(result: Played) -> list[tuple[float, float]]:
    require("tournament", "a tournament's ratings")
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = [model.rating(name=label) for label in result.bots]
    for game in result.games:
        teams = [[ratings[bot]] for bot in game.seated]
        rated = model.rate(teams, ranks=list(game.places))
        for bot, (rating,) in zip(game.seated, rated, strict=True):
            ratings[bot] = rating
    return [(rating.mu, rating.sigma) for rating in ratings]


def _clip(rate: Interval, low: float, high: float) -> Interval:
    if rate.n < 2:
        return rate
    return attrs.evolve(rate, low=max(low, rate.low), high=min(high, rate.high))


@attrs.frozen
class Leaderboard:
    """The bots, best first, with what the tournament says of each."""

    #: The tournament.
    result: Played = attrs.field(repr=False)
    #: One line per bot, best first.
    standings: tuple[Standing, ...]

    @classmethod
    def of(cls, result: Played) -> Leaderboard:
        """Rate the bots of ``result``."""
        ratings = _ratings(result)
        players = result.schedule.players
        goats: dict[int, dict[int, float]] = {bot: {} for bot in range(len(result.bots))}
        places: dict[int, dict[int, float]] = {bot: {} for bot in range(len(result.bots))}
        games = [0] * len(result.bots)
        forfeits = [0] * len(result.bots)
        for game in result.games:
            for seat, bot in enumerate(game.seated):
                games[bot] += 1
                goats[bot][game.unit] = goats[bot].get(game.unit, 0.0) + (
                    1 / players if seat == game.goat else 0.0
                )
                places[bot][game.unit] = (
                    places[bot].get(game.unit, 0.0) + game.places[seat] / players
                )
            if game.forfeit is not None:
                forfeits[game.goat_bot] += 1
        lines = []
        for bot, label in enumerate(result.bots):
            drop = result.dropped.get(bot)
            lines.append(
                Standing(
                    0,
                    label,
                    result.specs[bot],
                    ratings[bot][0],
                    ratings[bot][1],
                    _clip(mean_interval(list(goats[bot].values())), 0.0, 1.0),
                    _clip(mean_interval(list(places[bot].values())), 1.0, float(players)),
                    games[bot],
                    forfeits[bot],
                    None if drop is None else drop.unit,
                )
            )
        lines.sort(key=lambda line: (line.dropped_after is not None, -line.rating, line.bot))
        return cls(result, tuple(attrs.evolve(line, rank=i) for i, line in enumerate(lines, 1)))

    def heading(self) -> str:
        """What was played, in a line."""
        result = self.result
        schedule = result.schedule
        rules = result.preset or "custom rules"
        played = len(result.games)
        line = (
            f"{rules}, {len(result.bots)} bots at tables of {schedule.players}: "
            f"{schedule.rounds} round{'s' if schedule.rounds > 1 else ''} x "
            f"{schedule.tables_per_round} tables x {schedule.players} seatings, seed "
            f"{schedule.seed}; {played:,} games counted"
        )
        if result.skipped:
            line += f", {result.skipped * schedule.players:,} left out for dropped bots"
        if result.interrupted:
            line += " (INTERRUPTED: resume to finish)"
        return line

    def table(self) -> str:
        """The board as text: one line per bot, then every forfeit and drop."""

        def interval(rate: Interval, scale: float, digits: int) -> str:
            if math.isnan(rate.low):
                return "-"
            return f"[{scale * rate.low:.{digits}f}, {scale * rate.high:.{digits}f}]"

        width = max(len("bot"), *(len(printable(line.bot)) for line in self.standings))
        lines = [
            self.heading(),
            f"{'#':>2} {'bot':<{width}} {'rating':>7} {'mu':>6} {'sigma':>5}  {'goat %':>6} "
            f"{'95% interval':<14} {'place':>5} {'95% interval':<12} {'games':>6} {'forfeits':>8}",
        ]
        for line in self.standings:
            mark = " dropped" if line.dropped_after is not None else ""
            lines.append(
                f"{line.rank:>2} {printable(line.bot):<{width}} {line.rating:7.2f} {line.mu:6.2f} "
                f"{line.sigma:5.2f}  {100 * line.goat_rate.mean:6.1f} "
                f"{interval(line.goat_rate, 100, 1):<14} {line.mean_place.mean:5.2f} "
                f"{interval(line.mean_place, 1, 2):<12} {line.games:>6,} {line.forfeits:>8}{mark}"
            )
        lines.append(
            "rating = mu - 3 sigma of OpenSkill's Plackett-Luce model; place 1 is first out; "
            "intervals are 95% over tables' deals"
        )
        stalled = self.result.stalled
        if stalled:
            lines.append(
                f"stalled: {len(stalled):,} of {len(self.result.games):,} games ended at the "
                f"quiet limit ({self.result.rules.quiet_limit:,} moves in a row with no trick "
                "killed and no one out); the player then holding the most cards was the goat"
            )
        forfeits = self.result.forfeits
        if forfeits:
            lines.append(f"forfeits ({len(forfeits)}):")
            for game in forfeits:
                assert game.forfeit is not None
                who = printable(self.result.bots[game.goat_bot])
                lines.append(
                    f"  table {game.unit}, seating {game.rotation}: {who} "
                    f"{game.forfeit.reason}: {printable(game.forfeit.detail)}"
                )
                tail = game.forfeit.stderr.strip().splitlines()
                if tail:
                    lines.append(f"    stderr: {printable(tail[-1][:200])}")
        for bot, drop in sorted(self.result.dropped.items()):
            lines.append(
                f"dropped: {printable(self.result.bots[bot])} after {drop.forfeits} forfeits, "
                f"from table {drop.unit + 1} on"
            )
        return "\n".join(lines)

    def rows(self) -> list[dict[str, object]]:
        """The board as rows of :data:`COLUMNS`."""
        return [
            {
                "rank": line.rank,
                "bot": line.bot,
                "spec": line.spec,
                "rating": round(line.rating, 6),
                "mu": round(line.mu, 6),
                "sigma": round(line.sigma, 6),
                "goat_rate": round(line.goat_rate.mean, 6),
                "goat_rate_low": round(line.goat_rate.low, 6),
                "goat_rate_high": round(line.goat_rate.high, 6),
                "mean_place": round(line.mean_place.mean, 6),
                "mean_place_low": round(line.mean_place.low, 6),
                "mean_place_high": round(line.mean_place.high, 6),
                "games": line.games,
                "forfeits": line.forfeits,
                "dropped_after_table": line.dropped_after,
            }
            for line in self.standings
        ]

    def to_csv(self, target: str | Path | None = None) -> str:
        """The board as CSV text, written to ``target`` too if given."""
        buffer = io.StringIO()
        writer = csv.DictWriter(buffer, fieldnames=COLUMNS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(
            {column: csv_cell(value) for column, value in row.items()} for row in self.rows()
        )
        text = buffer.getvalue()
        if target is not None:
            Path(target).write_text(text, encoding="utf-8")
        return text

    def __str__(self) -> str:
        return self.table()
