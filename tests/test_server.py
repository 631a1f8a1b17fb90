"""The server as people and programs meet it: a real ``serve`` process on a real
port with a real SQLite file, WebSocket clients, and SIGKILL."""

from __future__ import annotations

import contextlib
import http.client
import json
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from email.message import Message
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the server's tests need the 'server' extra")
pytest.importorskip("uvicorn", reason="the server's tests need the 'server' extra")
pytest.importorskip("websockets", reason="the server's tests need the 'server' extra")

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from skitgubbe.records import Record, replay
from skitgubbe.render.replay import page_games
from skitgubbe.server.app import MAX_OUTBOX, SCHEMA_PATH, TOO_SLOW
from skitgubbe.state import PhaseTwoState

from .helpers import forged
from .server_clients import Client, Served, play, serving

NAMES = ["Ann", "Bea", "Cid", "Dan"]


def check_schema(*clients: Client) -> int:
    """Every message the clients got fits the protocol's JSON Schema."""
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(json.loads(SCHEMA_PATH.read_text()))
    count = 0
    for client in clients:
        for message in client.received:
            validator.validate(message)
            count += 1
    return count


def test_a_game_survives_the_server_killed_and_the_record_is_the_moves_sent(
    tmp_path: Path,
) -> None:
    db = tmp_path / "tables.sqlite"
    with serving(db) as served:
        status, made = served.post("/api/tables", {"rules": "flurst", "names": NAMES, "seed": 12})
        assert status == 201, made
        table = made["table"]
        tokens = [place["token"] for place in made["places"]]
        assert all(place["link"] == f"/t/{table}#{place['token']}" for place in made["places"])
        clients = [Client(served, table, token) for token in tokens]
        sent = play(clients, until=40)
        assert len(sent) == 40
        for client in clients:
            client.wait(40)
        served.kill()  # SIGKILL: no chance to write anything more
        for client in clients:
            client.close()
    with serving(db) as served:  # the same file, a new process
        clients = [Client(served, table, token) for token in tokens]
        states = [client.wait(40) for client in clients]
        assert {state["moves_made"] for state in states} == {40}
        assert [state["you"] for state in states] == NAMES
        assert all(state["view"]["hand"] for state in states)  # each seat's view is back
        sent += play(clients)
        final = clients[0].wait(len(sent))
        assert final["over"] and final["goat"] in NAMES
        assert check_schema(*clients) >= 4 * (len(sent) - 40)  # a state a move, at least
        status, body = served.get(f"/api/tables/{table}/games/0/record")
        assert status == 200
        record = Record.from_json(body)
        assert list(record.moves) == sent
        assert replay(record)[-1].loser is not None
        path = tmp_path / "game.json"
        path.write_bytes(body)
        page = tmp_path / "game.html"
        subprocess.run(
            [sys.executable, "-m", "skitgubbe", "replay", str(path), "--html", str(page)],
            check=True,
            capture_output=True,
        )
        assert page.read_text().startswith("<!DOCTYPE html>")
        # the next game: the goat leads it from seat 0
        clients[0].send({"type": "next"})
        nxt = clients[1].wait(0, game=1)
        assert nxt["seats"][0] == final["goat"] and nxt["moves_made"] == 0
        for client in clients:
            client.close()


def test_a_hostile_client_gets_errors_and_the_table_plays_on(tmp_path: Path) -> None:
    with serving(tmp_path / "tables.sqlite") as served:
        status, made = served.post("/api/tables", {"rules": "flurst", "names": NAMES, "seed": 5})
        assert status == 201
        table = made["table"]
        tokens = [place["token"] for place in made["places"]]
        clients = [Client(served, table, token) for token in tokens]
        watcher = Client(served, table, None)
        states = [client.wait(0) for client in clients]
        first = states[0]
        due = first["due"][0]
        mover = next(c for c in clients if c.state["seat"] == due)
        other = next(c for c in clients if c.state["seat"] != due)
        # another seat's move
        other.send({"type": "move", "move": mover.state["moves"][0]})
        assert re.search(rf"is a move for seat {due}; you hold seat", other.wait_error())
        # garbage, and a message that is not an object
        other.send("{not json")
        assert "not JSON" in other.wait_error()
        other.send(json.dumps({"type": "shout"}))
        assert "unknown message type 'shout'" in other.wait_error()
        # a 1 MiB message
        other.send(json.dumps({"type": "move", "move": "x" * (1 << 20)}))
        assert "more than 65,536" in other.wait_error()
        # a spectator cannot move
        watcher.send({"type": "move", "move": mover.state["moves"][0]})
        assert "a spectator watches" in watcher.wait_error()
        # a flood: 1,000 messages as fast as they go
        for _ in range(1000):
            other.send({"type": "pass"})
        assert "too many messages" in other.wait_error()
        time.sleep(2 * 1000 / 20 / 20)  # the flooder's allowance fills up again
        # a forged token: refused, the connection closed
        forged_client = Client(served, table, forged(tokens[0]))
        assert "that token is no seat's" in forged_client.wait_error()
        forged_client.close()
        # the table plays on to its goat
        sent = play(clients)
        final = watcher.wait(len(sent))
        assert final["over"] and final["goat"] in NAMES
        assert check_schema(*clients, watcher) >= 5 * len(sent)
        # the spectator never got a hand, nor any card only one seat knew
        states = [m for m in watcher.received if m["type"] == "state"]
        assert len(states) > 20
        for state in states:
            assert state["view"]["hand"] == "" and state["seat"] is None
            assert state["moves"] == []
        for client in [*clients, watcher]:
            client.close()


def test_the_server_moves_for_a_seat_whose_time_ran_out(tmp_path: Path) -> None:
    """The clock is the server's: a seat that does not move within the table's
    limit has the timeout's bot move for it, and every seat is told."""
    with serving(tmp_path / "tables.sqlite") as served:
        status, made = served.post(
            "/api/tables",
            {"rules": "flurst", "players": 3, "seed": 3, "clock": {"move": 0.4}},
        )
        assert status == 201
        clients = [Client(served, made["table"], place["token"]) for place in made["places"]]
        first = clients[0].wait(0)
        due = first["due"][0]
        assert first["time_left"][due] == pytest.approx(0.4, abs=0.2)
        start = time.monotonic()
        after = clients[1].wait(1, timeout=10)  # nobody moves: the server does
        assert 0.3 < time.monotonic() - start < 5
        assert after["view"]["last_move"].startswith(f"{due} ")
        for client in clients:
            client.close()


@pytest.mark.parametrize(
    ("body", "status", "message"),
    [
        ({"rules": "flurst:high_trump=maybe", "players": 4}, 400, "high_trump"),
        ({"rules": "chess", "players": 4}, 400, "chess"),
        ({"rules": "flurst", "players": 1}, 400, "players"),
        ({"rules": "flurst", "players": 3, "colour": "red"}, 400, "unknown field 'colour'"),
        ({"rules": "flurst", "names": ["<b>", "Bea"], "bots": [None, "cmd:sh"]}, 400, "no bot"),
        (b"x" * 70_000, 413, "more than 65,536"),
        (b"{", 400, ""),
    ],
)
def test_a_table_that_cannot_be_made_gets_an_error_naming_why(
    tmp_path: Path, body: object, status: int, message: str
) -> None:
    with serving(tmp_path / "tables.sqlite") as served:
        got, answer = served.post("/api/tables", body)
        assert got == status and answer["type"] == "error" and message in answer["error"]


def test_the_page_needs_nothing_from_elsewhere_and_a_game_going_on_has_no_record(
    tmp_path: Path,
) -> None:
    with serving(tmp_path / "tables.sqlite") as served:
        status, page = served.get("/")
        assert status == 200
        text = page.decode()
        assert not re.search(r"""(src|href)=["']https?:""", text)
        assert "<script src" not in text and "@import" not in text
        _, made = served.post("/api/tables", {"rules": "flurst", "players": 3, "title": "<i>x"})
        table = made["table"]
        status, _ = served.get(f"/t/{table}")
        assert status == 200
        status, hello = served.get(f"/api/tables/{table}")
        assert status == 200 and json.loads(hello)["title"] == "<i>x"  # the page escapes it
        status, body = served.get(f"/api/tables/{table}/games/0/record")
        assert status == 404 and b"still going on" in body
        status, body = served.get("/api/tables/nothing")
        assert status == 404


def test_bots_fill_empty_places_and_a_program_needs_the_servers_word(tmp_path: Path) -> None:
    program = f"cmd:{sys.executable} examples/bots/random_bot.py"
    with serving(tmp_path / "tables.sqlite", "--bot", f"example={program}") as served:
        status, made = served.post(
            "/api/tables",
            {"rules": "flurst", "names": NAMES, "bots": [None, "greedy", "example", "random"]},
        )
        assert status == 201, made
        person = Client(served, made["table"], made["places"][0]["token"])
        play([person])
        final = person.state
        assert final["over"] and final["goat"] in NAMES
        assert final["moves_made"] > 40
        _, hello = served.get(f"/api/tables/{made['table']}")
        assert "cmd:" not in hello.decode()  # the program's command is never shown
        person.close()


def test_a_client_that_stops_reading_is_closed_and_the_table_plays_on(tmp_path: Path) -> None:
    """A spectator that reads nothing (a tiny receive buffer, and its library stops
    taking frames off the socket after one) would have every state queued for it
    for as long as the table plays; past MAX_OUTBOX it is sent nothing more and is
    closed with TOO_SLOW, while the seat plays on."""
    with serving(tmp_path / "tables.sqlite") as served:
        status, made = served.post(
            "/api/tables",
            {"rules": "flurst", "names": NAMES, "bots": [None, "random", "random", "random"]},
        )
        assert status == 201, made
        table = made["table"]
        quiet = socket.socket()
        quiet.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        quiet.connect(("127.0.0.1", served.port))
        slow = connect(
            f"ws://127.0.0.1:{served.port}/api/tables/{table}/ws",
            sock=quiet,
            max_size=None,
            max_queue=1,
            ping_interval=None,
            legacy=True,
        )
        slow.send(json.dumps({"type": "join", "token": None, "picture": True}))
        person = Client(served, table, made["places"][0]["token"])
        started = time.monotonic()
        states = 2  # the hello and the first state
        while states < MAX_OUTBOX + 500:
            play([person])
            states += person.state["moves_made"]
            person.send({"type": "next"})
            person.wait(0, game=person.state["game"] + 1)
            states += 1
        assert time.monotonic() - started < 20  # before keepalive pings could end it
        # the spectator reads at last: what was queued for it, then the close
        got = 0
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                slow.recv(timeout=10)
                got += 1
        assert closed.value.rcvd is not None
        assert closed.value.rcvd.code == TOO_SLOW
        assert "messages behind" in closed.value.rcvd.reason
        assert got < states - 200  # it was not sent everything
        # the seat's connection was served throughout, and a new spectator is let in
        again = Client(served, table, None)
        assert again.wait(0)["game"] == person.state["game"]
        person.close()
        again.close()


def analysts() -> list[int]:
    """The processes making an analysis for a server (see ``skitgubbe.server.analyst``)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                words = (entry / "cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if b"skitgubbe.server.analyst" in words:
                found.append(int(entry.name))
    return found


def long_get(served: Served, path: str) -> tuple[int, Message, bytes]:
    """GET with time enough for an analysis: the status, the headers, the body."""
    try:
        with urllib.request.urlopen(served.url + path, timeout=300) as answer:
            return answer.status, answer.headers, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def an_analyst_starts(within: float = 30) -> bool:
    """Whether a process making an analysis is seen within ``within`` seconds."""
    deadline = time.monotonic() + within
    while not analysts() and time.monotonic() < deadline:
        time.sleep(0.005)
    return bool(analysts())


def ask_quietly(served: Served, path: str) -> None:
    """GET, for a server about to be stopped: no answer is no error."""
    with contextlib.suppress(OSError, http.client.HTTPException):
        long_get(served, path)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_finished_game_is_analysed_once_apart_from_the_tables_and_kept(tmp_path: Path) -> None:
    """The analysis runs in a process of its own while the server answers; a
    second request meanwhile is told to come back; what is kept is served again
    after a restart, a spoilt copy is made again rather than believed, and a
    server killed while it analyses leaves no process behind."""
    db = tmp_path / "tables.sqlite"
    with serving(db) as served:
        _, made = served.post(
            "/api/tables",
            {"rules": "flurst", "names": NAMES, "seed": 2, "bots": [None, *["greedy"] * 3]},
        )
        table = made["table"]
        game = f"/api/tables/{table}/games/0"
        person = Client(served, table, made["places"][0]["token"])
        status, body = served.get(f"{game}/analysis")
        assert status == 404 and b"still going on" in body  # it would show every hand
        play([person])
        assert person.state["over"]
        person.close()
        status, page = served.get(f"{game}/replay")
        assert status == 200
        (plain,) = page_games(page.decode())
        assert not any(plain.get("notes") or [])  # not analysed yet
        assert served.get(f"{game}/analysis?format=xml")[0] == 400

        answers: list[tuple[int, Message, bytes]] = []
        asking = threading.Thread(
            target=lambda: answers.append(long_get(served, f"{game}/analysis?format=json"))
        )
        asking.start()
        assert an_analyst_starts(), "no process was started for the analysis"
        started = time.perf_counter()
        status, _ = served.get(f"/api/tables/{table}")
        answered = time.perf_counter() - started
        busy, headers, body = long_get(served, f"{game}/analysis")
        asking.join(300)
        assert status == 200 and answered < 1.0  # the server answers meanwhile
        assert busy == 503 and headers.get("Retry-After") == "10"
        assert b"analysing another game" in body
        ((status, _, body),) = answers
        assert status == 200, body
        data = json.loads(body)
        record = Record.from_dict(data["record"])
        assert [step["move"] for step in data["steps"]] == [
            record.moves[step["index"]] for step in data["steps"]
        ]
        assert data["steps"] and all(
            isinstance(replay(record)[step["index"]], PhaseTwoState) for step in data["steps"]
        )
        assert not analysts()  # the process ended with its analysis

    with serving(db) as served:  # kept: served again without a process started
        status, _, page = long_get(served, f"{game}/analysis")
        assert status == 200 and not analysts()
        (analysed,) = page_games(page.decode())
        notes = analysed["notes"]
        assert len(notes) == len(record.moves)
        phase_two = {step["index"] for step in data["steps"]}
        assert all(bool(note) == (index in phase_two) for index, note in enumerate(notes))
        assert sum(note.startswith("??") for note in notes) == sum(
            step["blunder"] for step in data["steps"]
        )
        status, page = served.get(f"{game}/replay")  # the replay has the verdicts now
        assert page_games(page.decode())[0]["notes"] == notes

        # a spoilt copy is not shown: the analysis is made again; a server
        # stopped (Ctrl-C) or killed meanwhile leaves no process of it behind
    for stop in (signal.SIGINT, signal.SIGKILL):
        spoilt = sqlite3.connect(db)
        spoilt.execute("UPDATE analyses SET data = ?", (json.dumps({"notes": ["x"]}),))
        spoilt.commit()
        spoilt.close()
        with serving(db) as served:
            asked = threading.Thread(target=ask_quietly, args=(served, f"{game}/analysis"))
            asked.start()
            assert an_analyst_starts(), "the spoilt analysis was believed"
            started = time.monotonic()
            served.kill(stop)  # waits for the server to exit
            assert time.monotonic() - started < 6, stop  # Ctrl-C: within its grace of 2 s
            deadline = time.monotonic() + 1  # well before the analysis would end by itself
            while analysts() and time.monotonic() < deadline:
                time.sleep(0.02)
            assert not analysts(), f"the analysis outlived the server ({stop.name})"
            asked.join(30)
