"""A real server in a process of its own, and WebSocket clients of its tables.

The tests of the server, its browser test and its benchmark start
``python -m skitgubbe serve`` on a free port with a SQLite file, talk to it
over HTTP and WebSockets as any client would, and kill it at the end.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from websockets.sync.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Served:
    """``python -m skitgubbe serve`` on ``port`` with its tables in ``db``."""

    def __init__(self, db: Path, port: int | None = None, *extra: str) -> None:
        self.db = db
        self.port = port or free_port()
        self.extra = extra
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Served:
        command = [sys.executable, "-m", "skitgubbe", "serve", "--db", str(self.db)]
        command += ["--port", str(self.port), *self.extra]
        self.process = subprocess.Popen(
            command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                assert self.process.stderr is not None
                raise RuntimeError(f"serve exited: {self.process.stderr.read().decode()}")
            with (
                contextlib.suppress(OSError),
                socket.create_connection(("127.0.0.1", self.port), 0.2),
            ):
                return self
            time.sleep(0.05)
        raise RuntimeError("serve did not start listening in 30 s")

    def kill(self, sig: int = signal.SIGKILL) -> None:
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, sig)
            self.process.wait(10)

    def post(self, path: str, data: object) -> tuple[int, Any]:
        body = data if isinstance(data, bytes) else json.dumps(data).encode()
        request = urllib.request.Request(self.url + path, body, method="POST")
        request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=10) as answer:
                return answer.status, json.loads(answer.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())

    def get(self, path: str) -> tuple[int, bytes]:
        try:
            with urllib.request.urlopen(self.url + path, timeout=10) as answer:
                return answer.status, answer.read()
        except urllib.error.HTTPError as error:
            return error.code, error.read()


@contextlib.contextmanager
def serving(db: Path, *extra: str) -> Iterator[Served]:
    served = Served(db, None, *extra).start()
    try:
        yield served
    finally:
        served.kill()


class Client:
    """One WebSocket connection to a table: a seat's (with its token) or a
    spectator's; every message it got is kept."""

    def __init__(self, served: Served, table: str, token: str | None) -> None:
        self.socket: ClientConnection = connect(
            f"ws://127.0.0.1:{served.port}/api/tables/{table}/ws", max_size=None, legacy=True
        )
        self.received: list[dict[str, Any]] = []
        self.state: dict[str, Any] = {}
        self.errors: list[str] = []
        self.send({"type": "join", "token": token})

    def send(self, message: object) -> None:
        self.socket.send(message if isinstance(message, str | bytes) else json.dumps(message))

    def read(self, timeout: float) -> bool:
        """Read one message if one comes within ``timeout`` seconds."""
        try:
            text = self.socket.recv(timeout=timeout)
        except TimeoutError:
            return False
        message = json.loads(text)
        self.received.append(message)
        if message["type"] == "state":
            self.state = message
        elif message["type"] == "error":
            self.errors.append(message["error"])
        return True

    def wait(self, made: int, timeout: float = 20, game: int | None = None) -> dict[str, Any]:
        """The state once ``made`` moves are made (or the game is over)."""
        deadline = time.monotonic() + timeout
        while True:
            state = self.state
            if (
                state
                and (game is None or state["game"] == game)
                and (state["moves_made"] >= made or state["over"])
            ):
                return state
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no state with {made} moves in {timeout} s: {state}")
            self.read(left)

    def wait_error(self, timeout: float = 10) -> str:
        seen = len(self.errors)
        deadline = time.monotonic() + timeout
        while len(self.errors) == seen:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no error came")
            self.read(left)
        return self.errors[-1]

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.socket.close()


def play(clients: list[Client], until: int | None = None, timeout: float = 60) -> list[str]:
    """Play the game from the seats' connections (bots may hold the other places):
    whoever is due sends the first of its moves for the position it was told of,
    until ``until`` moves are made or the game is over; the moves sent."""
    sent: list[str] = []
    for client in clients:
        client.wait(0)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for client in clients:
            while client.read(0):
                pass
        latest = max(
            (client.state for client in clients), key=lambda s: (s["game"], s["moves_made"])
        )
        made = latest["moves_made"]
        if latest["over"] or (until is not None and made >= until):
            return sent
        mover = next(
            (
                client
                for client in clients
                if client.state["moves_made"] == made
                and client.state["game"] == latest["game"]
                and client.state["seat"] in client.state["due"]
            ),
            None,
        )
        if mover is None:  # a bot is due, or a seat has not heard yet
            for client in clients:
                client.read(0.005)
            continue
        move = mover.state["moves"][0]
        mover.send({"type": "move", "move": move, "number": made})
        sent.append(move)
        mover.wait(made + 1)
    raise TimeoutError(f"the game did not end in {timeout} s")
