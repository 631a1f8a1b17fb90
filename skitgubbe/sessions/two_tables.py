"""Ten or twelve people at two tables that trade players after every round
(S-TWO-TABLES): :class:`TwoTables`, its rounds and its JSON."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from ..errors import shown
from ..records import Record
from ..rules import Ruleset
from ..state import PhaseOneState
from .common import (
    TWO_TABLES_FORMAT,
    TWO_TABLES_VERSION,
    SessionError,
    _check_keys,
    _field,
    _load,
    _only_keys,
    _read_rules,
    _rules_data,
)
from .playing import Chooser, Policy, _chooser, _game_seed, _play_game
from .session import NextDeal, Session, SessionGame, Standing, _game_data, _names, _read_game

__all__ = ["Round", "TwoTables", "play_two_tables"]


# -- two tables --------------------------------------------------------------------------


@attrs.frozen(repr=False)
class Round:
    """One round at two tables: a game at each, and the two people who changed
    tables after it (S-TWO-TABLES)."""

    #: The game at the winners' table.
    winners: SessionGame
    #: The game at the losers' table.
    losers: SessionGame
    #: The winners' goat, who moved down to the losers' table.
    down: str
    #: The first out at the losers' table, who moved up to the winners' table.
    up: str

    def __repr__(self) -> str:
        return (
            f"Round(winners_goat={self.winners.goat!r}, losers_goat={self.losers.goat!r}, "
            f"down={self.down!r}, up={self.up!r})"
        )


@attrs.frozen(repr=False)
class TwoTables:
    """Two tables playing at once (S-TWO-TABLES, Flurst rules): after each round
    the goat of the winners' table moves down to the losers' table and the first
    player out at the losers' table moves up, each taking the other's seat (and
    the other's part in starting the next game there, S-GOAT-LEADS).

    Each table is a :class:`Session`; the standings add up both.
    """

    #: The winners' table.
    winners: Session
    #: The losers' table.
    losers: Session
    #: Every round so far.
    rounds: tuple[Round, ...] = ()

    def __repr__(self) -> str:
        rounds = len(self.rounds)
        return f"TwoTables(winners={self.winners!r}, losers={self.losers!r}, rounds={rounds})"

    @classmethod
    def start(
        cls,
        rules: Ruleset,
        winners: Sequence[str],
        losers: Sequence[str],
        *,
        next_deal: NextDeal | str | None = None,
        preset: str | None = None,
    ) -> TwoTables:
        """Two tables of people (names round each table clockwise); the first name
        at each table volunteers as its first goat.

        >>> import skitgubbe as sg
        >>> TwoTables.start(sg.presets.FLURST, ["Ann", "Bea", "Cid"], ["Dan", "Eve", "Ann"])
        Traceback (most recent call last):
        ...
        skitgubbe.sessions.common.SessionError: 'Ann' cannot sit at both tables
        """
        top = _names(winners, "winners")
        bottom = _names(losers, "losers")
        both = [name for name in top if name in bottom]
        if both:
            raise SessionError(f"{shown(both[0])} cannot sit at both tables")
        return cls(
            Session.start(rules, top, next_deal=next_deal, preset=preset),
            Session.start(rules, bottom, next_deal=next_deal, preset=preset),
        )

    @property
    def rules(self) -> Ruleset:
        """The rules at both tables."""
        return self.winners.rules

    def table_of(self, name: str) -> str:
        """``"winners"`` or ``"losers"``: where ``name`` sits now."""
        if name in self.winners.seating:
            return "winners"
        if name in self.losers.seating:
            return "losers"
        raise SessionError(f"{shown(name)} sits at neither table")

    @property
    def standings(self) -> tuple[Standing, ...]:
        """Each person's games, goats and first-outs at both tables together."""
        total: dict[str, Standing] = {}
        for table in (self.winners, self.losers):
            for row in table.standings:
                old = total.get(row.name, Standing(row.name))
                total[row.name] = Standing(
                    row.name,
                    old.games + row.games,
                    old.goats + row.goats,
                    old.first_out + row.first_out,
                )
        return tuple(total.values())

    def next_round(
        self, winners_seed: int, losers_seed: int
    ) -> tuple[PhaseOneState, PhaseOneState]:
        """The next games at the winners' and the losers' table, from two seeds."""
        return self.winners.next_game(winners_seed), self.losers.next_game(losers_seed)

    def record_round(self, winners: Record, losers: Record) -> TwoTables:
        """The tables after a round: both games recorded (see
        :meth:`Session.record`), then the two moves between tables."""
        return self._after(self.winners.record(winners), self.losers.record(losers))

    def _after(self, top: Session, bottom: Session) -> TwoTables:
        down = top.games[-1].goat
        up = bottom.games[-1].first_out
        if up is None:
            raise SessionError(
                "nobody went out at the losers' table, so nobody moves up (S-TWO-TABLES)"
            )
        played = Round(top.games[-1], bottom.games[-1], down, up)
        return TwoTables(
            top.replace_player(down, up),
            bottom.replace_player(up, down),
            (*self.rounds, played),
        )

    def to_dict(self) -> dict[str, Any]:
        """The tables as plain data: ``format``, ``version``, ``preset``,
        ``rules``, ``winners`` and ``losers`` (the people at the start),
        ``next_deal`` and ``rounds`` (each ``{"winners": game, "losers": game}``
        with a game as in :meth:`Session.to_dict`)."""
        data: dict[str, Any] = {"format": TWO_TABLES_FORMAT, "version": TWO_TABLES_VERSION}
        data.update(_rules_data(self.rules, self.winners.preset))
        data.update(
            winners=list(self.winners.players),
            losers=list(self.losers.players),
            next_deal=self.winners.next_deal.value,
            rounds=[
                {"winners": _game_data(one.winners), "losers": _game_data(one.losers)}
                for one in self.rounds
            ],
        )
        return data

    def to_json(self, indent: int | None = None) -> str:
        """The tables as JSON text (see :meth:`to_dict`)."""
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TwoTables:
        """Read tables written by :meth:`to_dict`, replaying every round."""
        _check_keys(
            data,
            TWO_TABLES_FORMAT,
            ("winners", "losers", "next_deal", "rounds"),
            (TWO_TABLES_VERSION,),
        )
        rules, preset = _read_rules(data)
        try:
            tables = cls.start(
                rules,
                _field(data, "winners", list),
                _field(data, "losers", list),
                next_deal=_field(data, "next_deal", str),
                preset=preset,
            )
        except TypeError as error:
            raise SessionError(str(error)) from None
        for index, one in enumerate(_field(data, "rounds", list)):
            try:
                _only_keys(one, ("winners", "losers"))
                tables = tables.record_round(
                    _round_game(tables.winners, _field(one, "winners", dict)),
                    _round_game(tables.losers, _field(one, "losers", dict)),
                )
            except (ValueError, TypeError) as error:
                raise SessionError(f"rounds[{index}]: {error}") from None
        return tables

    @classmethod
    def from_json(cls, text: str | bytes) -> TwoTables:
        """Read tables written by :meth:`to_json` (see :meth:`from_dict`)."""
        return cls.from_dict(_load(text))


def play_two_tables(
    tables: TwoTables,
    rounds: int,
    choose: Chooser | Mapping[str, Policy] | None = None,
    seed: int = 0,
) -> TwoTables:
    """``tables`` after ``rounds`` more rounds, each game played as in
    :func:`play_session` (a mapping of policies needs everyone at both tables)."""
    if not isinstance(rounds, int) or rounds < 0:
        raise ValueError(f"rounds must be a whole number from 0, not {shown(rounds)}")
    rng = random.Random(seed)
    for _ in range(rounds):
        played = []
        for table in (tables.winners, tables.losers):
            state = table.next_game(_game_seed(rng))
            moves, final, out = _play_game(state, _chooser(choose, table.seats, rng))
            played.append(
                table._with_game(Record.of(state, moves, preset=table.preset), final, out)
            )
        tables = tables._after(played[0], played[1])
    return tables


def _round_game(session: Session, value: object) -> Record:
    """A game of a round as the file gives it; two tables have no forfeits."""
    record, forfeit = _read_game(session, value)
    if forfeit is not None:
        raise SessionError("forfeit: the games of two tables are played to their end")
    return record
