"""Who plays whom: balanced tables, duplicate deals, seeds.

A tournament of ``n`` bots at tables of ``players`` is played in *rounds*. A
round seats every set of ``players`` bots once (every combination), so that
every two bots meet equally often; each such table gets one deal, played once
per rotation of its bots through the seats (a *duplicate* deal, so that the
luck of the cards and of the seat cancels, and every bot plays every seat). The
order round each table is shuffled from the seed, so that no bot always sits
after the same one.

A *unit* is one table's deal with all its rotations; units are numbered
through the rounds, and the order of units within a round is shuffled too, so
that a tournament stopped early has played an even spread of tables. Every seed
comes from the tournament's seed and the unit's number, so a unit plays the
same games on any backend, in any order, in a run or after a resume; the bots'
seeds are hashed with the tournament's secret key too (see
:mod:`skitgubbe.runner.keys`), so that no bot can deal its game again.

>>> schedule = Schedule(bots=7, players=4, rounds=2, seed=1, key="0f" * 16)
>>> schedule.tables_per_round, schedule.units, schedule.games
(35, 70, 280)
>>> unit = schedule.unit(0)
>>> len(unit.seating), len(set(unit.seating)), len(unit.bot_seeds)
(4, 4, 4)
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import math
import random

import attrs

from ..runner.keys import bot_seed

__all__ = ["MAX_TABLES", "Schedule", "Unit"]

#: The most tables in a round: more bots than this allows at a table size would
#: make a round longer than any tournament worth running.
MAX_TABLES = 20_000


@attrs.frozen
class Unit:
    """One table's duplicate deal: the bots round the table and their seeds."""

    #: The unit's number in the tournament.
    number: int
    #: Its round.
    round: int
    #: The bots (by index) at seats 0, 1, ... in rotation 0; in rotation ``r``
    #: the bot ``seating[i]`` sits at seat ``(i + r) % players``.
    seating: tuple[int, ...]
    #: The seed the deal is dealt from, in every rotation.
    deal_seed: int
    #: Each bot's seed (in the order of :attr:`seating`), the same in every rotation.
    bot_seeds: tuple[int, ...]

    def seated(self, rotation: int) -> tuple[int, ...]:
        """The bots at seats 0, 1, ... in ``rotation``."""
        players = len(self.seating)
        return tuple(self.seating[(seat - rotation) % players] for seat in range(players))

    def seeds(self, rotation: int) -> tuple[int, ...]:
        """The seeds of the bots at seats 0, 1, ... in ``rotation``."""
        players = len(self.seating)
        return tuple(self.bot_seeds[(seat - rotation) % players] for seat in range(players))


def _digest(*parts: object) -> bytes:
    text = " ".join(str(part) for part in ("skitgubbe tournament", *parts))
    return hashlib.blake2b(text.encode(), digest_size=48).digest()


@functools.lru_cache(maxsize=4)
def _round_order(seed: int, round_: int, tables: int) -> tuple[int, ...]:
    order = list(range(tables))
    random.Random(_digest(seed, "round", round_)).shuffle(order)
    return tuple(order)


@attrs.frozen
class Schedule:
    """The tables of a tournament of ``bots`` bots at tables of ``players``."""

    #: Bots in the tournament.
    bots: int
    #: Players at each table.
    players: int
    #: Rounds: every table of bots, once each.
    rounds: int
    #: The tournament's seed.
    seed: int
    #: The secret key the bots' seeds are hashed with (see
    #: :mod:`skitgubbe.runner.keys`); ``None`` for the seeds of tournament files of
    #: version 1, which came from the seed alone.
    key: str | None = None
    _tables: tuple[tuple[int, ...], ...] = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        if self.players < 2:
            raise ValueError(f"a table seats at least 2 players, not {self.players}")
        if self.bots < self.players:
            raise ValueError(
                f"{self.bots} bots cannot fill a table of {self.players}: give at least "
                f"{self.players} bots (a bot may be named twice)"
            )
        count = math.comb(self.bots, self.players)
        if count > MAX_TABLES:
            raise ValueError(
                f"{self.bots} bots at tables of {self.players} make {count:,} tables a round, "
                f"more than {MAX_TABLES:,}: hold smaller tournaments, or play at larger tables"
            )
        if self.rounds < 1:
            raise ValueError(f"play at least one round, not {self.rounds}")
        tables = tuple(itertools.combinations(range(self.bots), self.players))
        object.__setattr__(self, "_tables", tables)

    @classmethod
    def for_games(
        cls, bots: int, players: int, games: int, seed: int, key: str | None = None
    ) -> Schedule:
        """The fewest whole rounds that play at least ``games`` games."""
        per_round = math.comb(bots, players) * players if bots >= players else players
        return cls(bots, players, max(1, math.ceil(games / per_round)), seed, key)

    @property
    def tables_per_round(self) -> int:
        """Tables in a round: every set of :attr:`players` bots."""
        return len(self._tables)

    @property
    def units(self) -> int:
        """Units (tables' deals) in the tournament."""
        return self.rounds * self.tables_per_round

    @property
    def games(self) -> int:
        """Games in the tournament: a game per rotation of every unit."""
        return self.units * self.players

    def unit(self, number: int) -> Unit:
        """Unit ``number`` (from 0 to :attr:`units` - 1)."""
        if not 0 <= number < self.units:
            raise IndexError(f"no unit {number}: this schedule has units 0 to {self.units - 1}")
        round_, place = divmod(number, self.tables_per_round)
        order = _round_order(self.seed, round_, self.tables_per_round)
        raw = _digest(self.seed, "unit", number)
        seating = list(self._tables[order[place]])
        random.Random(raw).shuffle(seating)
        deal_seed = int.from_bytes(raw[:6], "big")
        if self.key is None:  # version 1 files: seeds a bot could trace to the deal
            seeds = tuple(
                int.from_bytes(hashlib.blake2b(raw + bytes([i])).digest()[:6], "big")
                for i in range(self.players)
            )
        else:
            seeds = tuple(
                bot_seed(self.key, "tournament", self.seed, "unit", number, "bot", i)
                for i in range(self.players)
            )
        return Unit(number, round_, tuple(seating), deal_seed, seeds)
