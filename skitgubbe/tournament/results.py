"""The games of a tournament as its file keeps them: each game's seating, places
and goat (:class:`TournamentGame`), and the bots dropped for forfeiting
(:class:`Drop`).

:mod:`~skitgubbe.tournament.run` plays and saves them, and
:mod:`~skitgubbe.tournament.leaderboard` rates the bots from them; both import
them from here, so neither imports the other's module at its top.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from ..bots.protocol import FAILURES
from ..errors import shown
from ..runner.games import Forfeit
from . import checks
from .checks import text, whole

__all__ = ["Drop", "TournamentGame"]


@attrs.frozen
class TournamentGame:
    """One game of a tournament."""

    #: The table's deal it belongs to (see :class:`~skitgubbe.tournament.schedule.Unit`).
    unit: int
    #: The rotation of the bots through the seats.
    rotation: int
    #: The bot (its index in the tournament) at each seat.
    seated: tuple[int, ...]
    #: Each seat's place, 1 for the first out; shared places are averaged.
    places: tuple[float, ...]
    #: The goat's seat.
    goat: int
    #: Moves made.
    moves: int
    #: The forfeit that ended the game, if a bot failed.
    forfeit: Forfeit | None = None
    #: Whether the game stalled (see :attr:`skitgubbe.runner.Outcome.stalled`).
    stalled: bool = False

    @property
    def goat_bot(self) -> int:
        """The goat's bot."""
        return self.seated[self.goat]

    def to_dict(self) -> dict[str, Any]:
        """The game as plain data, as a tournament file holds it."""
        return {
            "rotation": self.rotation,
            "seated": list(self.seated),
            "places": list(self.places),
            "goat": self.goat,
            "moves": self.moves,
            "forfeit": None if self.forfeit is None else attrs.asdict(self.forfeit),
            "stalled": self.stalled,
        }

    @classmethod
    def from_dict(cls, unit: int, data: Mapping[str, Any]) -> TournamentGame:
        """Read a game written by :meth:`to_dict`; :class:`ValueError` names a field
        that is missing, unknown or of the wrong kind (a resumed tournament then
        checks the values against its schedule)."""
        if not isinstance(data, Mapping):
            raise ValueError(f"a game must be an object, not {shown(data)}")
        fields = ("rotation", "seated", "places", "goat", "moves", "forfeit", "stalled")
        unknown = [key for key in data if key not in fields]
        if unknown:
            raise ValueError(f"unknown field {shown(unknown[0])}")
        missing = [key for key in fields[:6] if key not in data]
        if missing:
            raise ValueError(f"no field {missing[0]!r}")
        for key in ("seated", "places"):
            if not isinstance(data[key], list):
                raise ValueError(f"{key} must be a list, not {shown(data[key])}")
        forfeit = data["forfeit"]
        stalled = data.get("stalled", False)
        if not isinstance(stalled, bool):
            raise ValueError(f"stalled must be true or false, not {shown(stalled)}")
        return cls(
            unit,
            whole(data["rotation"], "rotation", 0),
            tuple(whole(bot, "seated", 0) for bot in data["seated"]),
            tuple(checks.number(place, "places") for place in data["places"]),
            whole(data["goat"], "goat", 0),
            whole(data["moves"], "moves", 0),
            None if forfeit is None else _forfeit(forfeit),
            stalled,
        )


def _forfeit(data: object) -> Forfeit:
    """A forfeit read from a tournament file."""
    if not isinstance(data, Mapping):
        raise ValueError(f"forfeit must be null or an object, not {shown(data)}")
    fields = ("seat", "reason", "detail", "stderr")
    unknown = [key for key in data if key not in fields]
    missing = [key for key in fields if key not in data]
    if unknown or missing:
        problem = f"unknown field {shown(unknown[0])}" if unknown else f"no field {missing[0]!r}"
        raise ValueError(f"forfeit: {problem}")
    reason = text(data["reason"], "forfeit.reason")
    if reason not in FAILURES:
        raise ValueError(
            f"forfeit.reason must be one of {', '.join(FAILURES)}, not {shown(reason)}"
        )
    return Forfeit(
        whole(data["seat"], "forfeit.seat", 0),
        reason,
        text(data["detail"], "forfeit.detail"),
        text(data["stderr"], "forfeit.stderr"),
    )


@attrs.frozen
class Drop:
    """A bot dropped for forfeiting too often."""

    #: The bot's index.
    bot: int
    #: The table's deal (unit) after which it played no more.
    unit: int
    #: Its forfeits by then.
    forfeits: int
