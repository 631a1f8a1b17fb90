"""The server's store: tables in SQLite, written before anyone is told, rebuilt by replay."""

from __future__ import annotations

import hashlib
import json
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

import skitgubbe as sg
from skitgubbe.records import replay
from skitgubbe.server.store import SCHEMA_VERSION, Store, StoreError

from .helpers import forged


def play_some(store: Store, table: str, game: int, moves: int) -> list[str]:
    """The first legal move, ``moves`` times; the moves made."""
    made = []
    for number in range(moves):
        move = str(store.position(table, game).legal_moves()[0])
        store.add_move(table, game, number, move)
        made.append(move)
    return made


def test_a_table_survives_closing_and_opening_its_file(tmp_path: Path) -> None:
    path = tmp_path / "tables.sqlite"
    store = Store(path)
    table, tokens = store.create_table(sg.presets.SWEDISH_GOAT, 4, title="Friday")
    game = store.start_game(table, seed=11)
    made = play_some(store, table, game, 30)
    store.close()
    again = Store(path)
    assert again.version == SCHEMA_VERSION
    record = again.record(table, game)
    assert list(record.moves) == made
    assert replay(record)[-1] == again.position(table, game)
    assert [again.seat_of(table, token) for token in tokens] == [0, 1, 2, 3]
    assert again.seat_of(table, forged(tokens[0])) is None
    assert again.seat_of("another", tokens[0]) is None


def test_a_move_the_rules_refuse_or_made_for_an_old_position_is_not_written(
    tmp_path: Path,
) -> None:
    store = Store(tmp_path / "t.sqlite")
    table, _ = store.create_table(sg.presets.FLURST, 3)
    game = store.start_game(table, seed=1)
    with pytest.raises(sg.IllegalMoveError, match="P1-TRICK-ALL"):
        store.add_move(table, game, 0, "2 play 2C")
    play_some(store, table, game, 2)
    legal = str(store.position(table, game).legal_moves()[0])
    with pytest.raises(StoreError, match="made for the position after 1 moves; the game has 2"):
        store.add_move(table, game, 1, legal)
    assert len(store.record(table, game).moves) == 2
    with pytest.raises(StoreError, match="no table"):
        store.record("nowhere", 0)
    with pytest.raises(StoreError, match="seat 3-8 players, not 9"):
        store.create_table(sg.presets.FLURST, 9)


def test_a_file_from_a_newer_layout_is_refused_and_an_empty_one_migrated(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    sqlite3.connect(path).close()  # a file of layout 0: nothing in it
    assert Store(path).version == SCHEMA_VERSION
    newer = tmp_path / "newer.sqlite"
    db = sqlite3.connect(newer)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    with pytest.raises(StoreError, match="written by a newer skitgubbe"):
        Store(newer)


def test_a_file_of_layout_1_is_migrated_with_its_tables_and_moves(tmp_path: Path) -> None:
    """Layout 2 added a table's settings, laid-out deals and forfeits, layout 3
    when a game began, layout 4 the analyses; a file written with layout 1 opens
    with every table, token and move kept."""
    from skitgubbe.server import store as module

    path = tmp_path / "v1.sqlite"
    db = sqlite3.connect(path, isolation_level=None)
    for statement in module._MIGRATIONS[0]:
        db.execute(statement)
    db.execute("PRAGMA user_version = 1")
    rules = json.dumps(sg.rules.ruleset_to_dict(sg.presets.FLURST))
    db.execute("INSERT INTO tables VALUES ('t1', 'Old', ?, 3, 0)", (rules,))
    token = "an old token"
    db.execute(
        "INSERT INTO seats VALUES ('t1', 0, ?, NULL)", (hashlib.sha256(token.encode()).hexdigest(),)
    )
    db.execute("INSERT INTO games VALUES ('t1', 0, 7, NULL)")
    first = sg.deal(sg.presets.FLURST, players=3, seed=7)
    move = str(first.legal_moves()[0])
    db.execute("INSERT INTO moves VALUES ('t1', 0, 0, ?, 0)", (move,))
    db.close()
    store = Store(path)
    assert store.version == SCHEMA_VERSION == 4
    assert store.times("t1", 0) == (None, [0.0])  # begun before layout 3: not known
    assert store.table("t1") == ("Old", {})
    assert list(store.record("t1", 0).moves) == [move]
    assert store.seat_of("t1", token) == 0
    assert store.games("t1") == [(0, None, None)]
    store.add_move("t1", 0, 1, str(store.position("t1", 0).legal_moves()[0]))
    assert store.analysis("t1", 0) is None
    store.save_analysis("t1", 0, {"notes": ["", ""]})
    assert store.analysis("t1", 0) == {"notes": ["", ""]}


def test_the_store_keeps_when_each_game_began_and_each_move_was_made() -> None:
    now = [1000.0]
    store = Store(":memory:", clock=lambda: now[0])
    table, _ = store.create_table(sg.presets.FLURST, 3)
    game = store.start_game(table, seed=7)
    state = store.position(table, game)
    for number, later in enumerate((2.5, 4.0)):
        now[0] += later
        move = state.legal_moves()[0]
        state = state.apply(move)
        store.add_move(table, game, number, str(move))
    assert store.times(table, game) == (1000.0, [1002.5, 1006.5])
    with pytest.raises(StoreError, match="no game 5"):
        store.times(table, 5)


def test_every_move_reported_survives_kill_9(tmp_path: Path) -> None:
    """A process writes moves and reports each once add_move returns; killed with
    SIGKILL mid-game, its file holds every move it reported, and the game goes on."""
    path = tmp_path / "killed.sqlite"
    store = Store(path)
    table, _ = store.create_table(sg.presets.FLURST, 4)
    game = store.start_game(table, seed=5)
    store.close()
    code = (
        "import sys, time\n"
        "from skitgubbe.server.store import Store\n"
        "store = Store(sys.argv[1])\n"
        "table, game = sys.argv[2], 0\n"
        "for number in range(10**6):\n"
        "    state = store.position(table, game)\n"
        "    if state.is_over: break\n"
        "    store.add_move(table, game, number, str(state.legal_moves()[0]))\n"
        "    print(number + 1, flush=True)\n"
        "    time.sleep(0.01)\n"
    )
    writer = subprocess.Popen(
        [sys.executable, "-c", code, str(path), table], stdout=subprocess.PIPE, text=True
    )
    assert writer.stdout is not None
    reported = 0
    for line in writer.stdout:
        reported = int(line)
        if reported >= 40:
            writer.send_signal(signal.SIGKILL)
            break
    writer.wait()
    again = Store(path)
    moves = len(again.record(table, game).moves)
    assert moves >= reported >= 40
    state = again.position(table, game)
    again.add_move(table, game, moves, str(state.legal_moves()[0]))
    assert len(again.record(table, game).moves) == moves + 1
