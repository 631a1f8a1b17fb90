"""Where a server keeps its tables: one SQLite file, written before anyone is told.

A table is its rules, its seats (each claimed with a secret token, of which only
a digest is kept) and its games, each a deal and the moves accepted so far.
:meth:`Store.add_move` writes a move and commits it before it returns, so that a
move a player was told of survives the server being killed; a table is rebuilt
by replaying its moves (:meth:`Store.record`). The file runs in SQLite's WAL
mode, and its schema carries a version (``PRAGMA user_version``) that
:class:`Store` migrates on opening. Each game keeps when it began and each move
when it was made (:meth:`Store.times`), so that a table rebuilt after a restart
knows how much of each seat's time bank is spent; and a finished game's
analysis by the solver, once made (:meth:`Store.analysis`).

>>> import skitgubbe as sg
>>> store = Store(":memory:")
>>> table, tokens = store.create_table(sg.presets.FLURST, players=3, title="Friday")
>>> game = store.start_game(table, seed=7)
>>> store.add_move(table, game, 0, "0 play 5C")
Traceback (most recent call last):
...
skitgubbe.errors.IllegalMoveError: seat 0 does not hold 5C
>>> first = store.record(table, game).start().legal_moves()[0]
>>> store.add_move(table, game, 0, str(first))
1
>>> store.seat_of(table, tokens[2]), store.seat_of(table, "forged")
(2, None)
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import sqlite3
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from ..deals import Deal
from ..errors import shown
from ..moves import parse_move
from ..records import FORMAT, FORMAT_VERSION, Record
from ..rules import Ruleset, ruleset_from_dict, ruleset_to_dict
from ..state import State

__all__ = ["SCHEMA_VERSION", "Store", "StoreError"]

#: The version of the database's layout; :class:`Store` migrates older files.
SCHEMA_VERSION = 4

#: Each step from one version of the layout to the next, in order.
_MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        """CREATE TABLE tables (
            id TEXT PRIMARY KEY,
            title TEXT NOT NULL,
            rules TEXT NOT NULL,
            players INTEGER NOT NULL,
            created REAL NOT NULL
        )""",
        """CREATE TABLE seats (
            table_id TEXT NOT NULL REFERENCES tables(id),
            seat INTEGER NOT NULL,
            token_digest TEXT NOT NULL,
            name TEXT,
            PRIMARY KEY (table_id, seat)
        )""",
        """CREATE TABLE games (
            table_id TEXT NOT NULL REFERENCES tables(id),
            number INTEGER NOT NULL,
            seed INTEGER NOT NULL,
            leader INTEGER,
            PRIMARY KEY (table_id, number)
        )""",
        """CREATE TABLE moves (
            table_id TEXT NOT NULL,
            game INTEGER NOT NULL,
            number INTEGER NOT NULL,
            move TEXT NOT NULL,
            made REAL NOT NULL,
            PRIMARY KEY (table_id, game, number),
            FOREIGN KEY (table_id, game) REFERENCES games(table_id, number)
        )""",
    ),
    (
        # a table's settings (names, clock, bots), a laid-out deal, a game's forfeit
        "ALTER TABLE tables ADD COLUMN settings TEXT NOT NULL DEFAULT '{}'",
        "ALTER TABLE games ADD COLUMN deal TEXT",
        "ALTER TABLE games ADD COLUMN forfeit INTEGER",
        "ALTER TABLE games ADD COLUMN reason TEXT",
    ),
    (
        # when a game began (its first wait), in seconds since the epoch
        "ALTER TABLE games ADD COLUMN started REAL",
    ),
    (
        # a finished game's analysis by the solver, made once and kept
        """CREATE TABLE analyses (
            table_id TEXT NOT NULL,
            game INTEGER NOT NULL,
            data TEXT NOT NULL,
            PRIMARY KEY (table_id, game),
            FOREIGN KEY (table_id, game) REFERENCES games(table_id, number)
        )""",
    ),
)


class StoreError(ValueError):
    """A request the store refuses: an unknown table or game, a move out of turn."""


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Store:
    """The tables in the SQLite file at ``path`` (``":memory:"`` for none).
    ``clock`` gives the time written with each game and move (seconds since the
    epoch, as ``time.time()`` gives them)."""

    def __init__(self, path: str | Path, *, clock: Callable[[], float] = time.time) -> None:
        self.path = str(path)
        self.clock = clock
        self._db = sqlite3.connect(self.path, isolation_level=None)
        self._db.execute("PRAGMA foreign_keys = ON")
        if self.path != ":memory:":
            self._db.execute("PRAGMA journal_mode = WAL")
            self._db.execute("PRAGMA synchronous = FULL")
        self._migrate()
        #: Replayed positions, by table and game, kept so that a move is checked
        #: against the position without replaying the whole game.
        self._positions: dict[tuple[str, int], State] = {}
        #: Moves written, by table and game.
        self._counts: dict[tuple[str, int], int] = {}

    def _migrate(self) -> None:
        (version,) = self._db.execute("PRAGMA user_version").fetchone()
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"{self.path!r} was written by a newer skitgubbe (layout {version}; this one "
                f"knows {SCHEMA_VERSION} and older)"
            )
        for step in range(version, SCHEMA_VERSION):
            self._db.execute("BEGIN IMMEDIATE")
            for statement in _MIGRATIONS[step]:
                self._db.execute(statement)
            self._db.execute(f"PRAGMA user_version = {step + 1}")
            self._db.execute("COMMIT")

    @property
    def version(self) -> int:
        """The file's layout version."""
        (version,) = self._db.execute("PRAGMA user_version").fetchone()
        return int(version)

    def close(self) -> None:
        """Close the file."""
        self._db.close()

    # -- tables and seats ----------------------------------------------------------

    def create_table(
        self,
        rules: Ruleset,
        players: int,
        title: str = "",
        settings: Mapping[str, Any] | None = None,
    ) -> tuple[str, tuple[str, ...]]:
        """A new table: its id and each seat's secret token (shown once, never
        stored). ``settings`` is kept as JSON for whoever runs the table."""
        if not rules.min_players <= players <= rules.max_players:
            raise StoreError(
                f"these rules seat {rules.min_players}-{rules.max_players} players, not {players}"
            )
        table = secrets.token_urlsafe(9)
        tokens = tuple(secrets.token_urlsafe(24) for _ in range(players))
        with self._transaction():
            self._db.execute(
                "INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?)",
                (
                    table,
                    title,
                    json.dumps(ruleset_to_dict(rules)),
                    players,
                    self.clock(),
                    json.dumps(dict(settings or {})),
                ),
            )
            self._db.executemany(
                "INSERT INTO seats VALUES (?, ?, ?, NULL)",
                [(table, seat, _digest(token)) for seat, token in enumerate(tokens)],
            )
        return table, tokens

    def rules(self, table: str) -> tuple[Ruleset, int]:
        """A table's rules and players."""
        row = self._db.execute(
            "SELECT rules, players FROM tables WHERE id = ?", (table,)
        ).fetchone()
        if row is None:
            raise StoreError(f"no table {shown(table)}")
        return ruleset_from_dict(json.loads(row[0])), int(row[1])

    def table(self, table: str) -> tuple[str, dict[str, Any]]:
        """A table's title and settings."""
        row = self._db.execute(
            "SELECT title, settings FROM tables WHERE id = ?", (table,)
        ).fetchone()
        if row is None:
            raise StoreError(f"no table {shown(table)}")
        return str(row[0]), dict(json.loads(row[1]))

    def tables(self) -> list[str]:
        """Every table's id, oldest first."""
        return [str(row[0]) for row in self._db.execute("SELECT id FROM tables ORDER BY created")]

    def seat_of(self, table: str, token: str) -> int | None:
        """The seat ``token`` claims at ``table``, or ``None`` for a token of no seat
        there (each digest compared in constant time)."""
        if not isinstance(token, str):
            return None
        given = _digest(token)
        found = None
        rows = self._db.execute(
            "SELECT seat, token_digest FROM seats WHERE table_id = ?", (table,)
        ).fetchall()
        for seat, digest in rows:
            if hmac.compare_digest(given, digest):
                found = int(seat)
        return found

    # -- games and moves -------------------------------------------------------------

    def start_game(
        self, table: str, seed: int, leader: int | None = None, *, layout: Deal | None = None
    ) -> int:
        """A new game at ``table``, dealt from ``seed`` (or laid out as ``layout``
        says): its number."""
        _rules, players = self.rules(table)
        deal_text = None
        if layout is not None:
            if layout.players != players:
                raise StoreError(
                    f"the table has {players} seats; the layout deals {layout.players}"
                )
            deal_text = json.dumps(_deal_data(layout))
            seed, leader = layout.seed, layout.leader
        with self._transaction():
            (count,) = self._db.execute(
                "SELECT COUNT(*) FROM games WHERE table_id = ?", (table,)
            ).fetchone()
            self._db.execute(
                "INSERT INTO games (table_id, number, seed, leader, deal, started) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (table, count, seed, leader, deal_text, self.clock()),
            )
        return int(count)

    def games(self, table: str) -> list[tuple[int, int | None, str | None]]:
        """Each game of ``table`` in order: its number, and the seat that forfeited
        it with the reason (``None`` for a game played to its end or going on)."""
        return [
            (int(number), None if seat is None else int(seat), reason)
            for number, seat, reason in self._db.execute(
                "SELECT number, forfeit, reason FROM games WHERE table_id = ? ORDER BY number",
                (table,),
            )
        ]

    def forfeit(self, table: str, game: int, seat: int, reason: str) -> None:
        """Write that ``seat`` forfeited game ``game`` of ``table``: the game ends
        there, the seat the goat."""
        with self._transaction():
            changed = self._db.execute(
                "UPDATE games SET forfeit = ?, reason = ? WHERE table_id = ? AND number = ? "
                "AND forfeit IS NULL",
                (seat, reason, table, game),
            ).rowcount
        if changed != 1:
            raise StoreError(f"no game {shown(game)} going on at table {shown(table)}")

    def record(self, table: str, game: int) -> Record:
        """Game ``game`` of ``table`` as a record of the moves written so far."""
        rules, players = self.rules(table)
        row = self._db.execute(
            "SELECT seed, leader, deal FROM games WHERE table_id = ? AND number = ?",
            (table, game),
        ).fetchone()
        if row is None:
            raise StoreError(f"no game {shown(game)} at table {shown(table)}")
        from ..phase_one import deal

        if row[2] is not None:
            first = Record.from_dict(
                {
                    "format": FORMAT,
                    "version": FORMAT_VERSION,
                    "rules": ruleset_to_dict(rules),
                    "deal": json.loads(row[2]),
                    "moves": [],
                }
            ).start()
        else:
            first = deal(rules, players=players, seed=int(row[0]), leader=row[1])
        moves = [
            text
            for (text,) in self._db.execute(
                "SELECT move FROM moves WHERE table_id = ? AND game = ? ORDER BY number",
                (table, game),
            )
        ]
        return Record.of(first, moves)

    def analysis(self, table: str, game: int) -> object:
        """The analysis kept for game ``game`` of ``table`` (the JSON
        :meth:`save_analysis` was given, read back), or ``None`` if none is kept
        or what is kept is not JSON. Whoever shows it checks it first."""
        row = self._db.execute(
            "SELECT data FROM analyses WHERE table_id = ? AND game = ?", (table, game)
        ).fetchone()
        if row is None:
            return None
        try:
            return json.loads(row[0])
        except (TypeError, ValueError):
            return None

    def save_analysis(self, table: str, game: int, data: Mapping[str, Any]) -> None:
        """Keep ``data`` (JSON) as the analysis of game ``game`` of ``table``, in
        place of any kept before."""
        with self._transaction():
            self._db.execute(
                "INSERT OR REPLACE INTO analyses VALUES (?, ?, ?)",
                (table, game, json.dumps(dict(data), separators=(",", ":"))),
            )

    def times(self, table: str, game: int) -> tuple[float | None, list[float]]:
        """When game ``game`` of ``table`` began (``None`` for a game a store
        older than layout 3 began) and when each of its moves was made, in
        seconds since the epoch."""
        row = self._db.execute(
            "SELECT started FROM games WHERE table_id = ? AND number = ?", (table, game)
        ).fetchone()
        if row is None:
            raise StoreError(f"no game {shown(game)} at table {shown(table)}")
        made = [
            float(when)
            for (when,) in self._db.execute(
                "SELECT made FROM moves WHERE table_id = ? AND game = ? ORDER BY number",
                (table, game),
            )
        ]
        return (None if row[0] is None else float(row[0])), made

    def position(self, table: str, game: int) -> State:
        """The position now: the game's moves replayed (kept for the next move)."""
        key = (table, game)
        state = self._positions.get(key)
        if state is None:
            record = self.record(table, game)
            state = record.start()
            for text in record.moves:
                state = state.apply(parse_move(text))
            self._positions[key] = state
        return state

    def add_move(
        self, table: str, game: int, number: int, move: str, *, after: State | None = None
    ) -> int:
        """Check ``move`` against the position after ``number`` moves and write it,
        committed before this returns; the number of moves now. A move the rules
        refuse raises their :class:`~skitgubbe.errors.IllegalMoveError`, and one
        for a position already moved on from (``number`` stale) a
        :class:`StoreError`: nothing is written either way. A caller that has
        played the move on the same position already gives the state it reached
        as ``after``, and the move is not played twice."""
        state = self.position(table, game)
        made = self._counts.get((table, game))
        if made is None:
            (made,) = self._db.execute(
                "SELECT COUNT(*) FROM moves WHERE table_id = ? AND game = ?", (table, game)
            ).fetchone()
        if number != made:
            raise StoreError(
                f"the move was made for the position after {number} moves; the game has {made}"
            )
        parsed = parse_move(move)
        if after is None:
            after = state.apply(parsed)
        with self._transaction():
            self._db.execute(
                "INSERT INTO moves VALUES (?, ?, ?, ?, ?)",
                (table, game, number, str(parsed), self.clock()),
            )
        self._positions[table, game] = after
        self._counts[table, game] = number + 1
        return number + 1

    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)


def _deal_data(layout: Deal) -> dict[str, Any]:
    data: dict[str, Any] = {
        "players": layout.players,
        "seed": layout.seed,
        "leader": layout.leader,
    }
    if layout.hands is not None:
        data.update(
            hands=list(layout.hands),
            stock=layout.stock,
            set_aside=layout.set_aside,
            reserve=layout.reserve,
        )
    return data


class _Transaction:
    """``BEGIN IMMEDIATE`` ... ``COMMIT`` (``ROLLBACK`` if the block raised)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        self.db.execute("ROLLBACK" if kind is not None else "COMMIT")
