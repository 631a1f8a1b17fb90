"""The server under load: many tables at once, every seat a WebSocket bot client.

Starts ``python -m skitgubbe serve`` on a free port with a scratch SQLite file
(pinned to one core, ``--server-core``), makes ``--tables`` tables of
``--players`` people, and connects one WebSocket client per seat from this
process (asyncio, on the other cores). At each table the seat that is due waits
``--think`` seconds on average (as a quick player would) and sends its first
legal move; a table deals its next game when one ends. After ``--seconds`` it
prints the moves a second, the latency from a move sent to the moment every seat
of its table has the new state (p50, p99, worst; over the whole run, and after
the first ``--warmup`` seconds, when 400 seats join at once) and the server's
memory and CPU; then
it kills the server with SIGKILL and checks, in the SQLite file, that every
move any seat was told of is there, in order.

    python benchmarks/server.py --tables 100 --players 4 --seconds 60

Needs the ``server`` extra.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

from skitgubbe.server.store import Store


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def memory(pid: int) -> tuple[float, float]:
    """A process's resident memory now and at its peak, in MiB."""
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        fields[key] = value.strip()
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024


def cpu_seconds(pid: int) -> float:
    """The CPU time a process has used, user and system."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def post(port: int, data: object) -> Any:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/tables", json.dumps(data).encode(), method="POST"
    )
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.loads(answer.read())


class Table:
    """The clients of one table, and what they measured."""

    def __init__(self, table: str, tokens: list[str], think: float) -> None:
        self.id = table
        self.tokens = tokens
        self.think = think
        self.sent: dict[tuple[int, int], float] = {}
        self.arrived: dict[tuple[int, int], int] = {}
        #: When each measured move reached every seat, and how long it took.
        self.latencies: list[tuple[float, float]] = []
        #: The moves the seats were told of, by game and the moves made before each.
        self.told: dict[int, dict[int, str]] = {}
        self.stale = 0
        self.games = 0

    async def seat(self, port: int, token: str, rng: random.Random) -> None:
        url = f"ws://127.0.0.1:{port}/api/tables/{self.id}/ws"
        async with connect(url, max_size=None) as socket_:
            await socket_.send(json.dumps({"type": "join", "token": token}))
            answered = None
            pending: set[asyncio.Task[None]] = set()
            async for text in socket_:
                message = json.loads(text)
                if message["type"] == "error":
                    # two seats due at once may both answer one position: the server
                    # takes the first and refuses the other as stale
                    if "sent for the position after" not in message["error"]:
                        raise RuntimeError(f"table {self.id}: {message['error']}")
                    self.stale += 1
                    continue
                if message["type"] != "state":
                    continue
                game, made = message["game"], message["moves_made"]
                if made > 0:
                    self.told.setdefault(game, {})[made - 1] = message["view"]["last_move"]
                key = (game, made)
                count = self.arrived.get(key, 0) + 1
                self.arrived[key] = count
                if count == len(self.tokens) and key in self.sent:
                    now = time.perf_counter()
                    self.latencies.append((now, now - self.sent.pop(key)))
                if key == answered:
                    continue
                if message["over"]:
                    answered = key
                    if message["seat"] == 0:  # one seat deals the next game
                        self.games += 1
                        await socket_.send(json.dumps({"type": "next"}))
                elif message["seat"] in message["due"]:
                    answered = key
                    move = {"type": "move", "move": message["moves"][0], "number": made}
                    wait = self.think * rng.uniform(0.5, 1.5)
                    # think while reading on: a seat that thinks still hears every state
                    pending.add(asyncio.create_task(self.answer(socket_, move, wait, key)))
                    pending = {task for task in pending if not task.done()}

    async def answer(
        self, socket_: Any, move: dict[str, Any], wait: float, key: tuple[int, int]
    ) -> None:
        """Send ``move`` after ``wait`` seconds, unless the table moved on meanwhile."""
        if wait:
            await asyncio.sleep(wait)
        if (key[0], key[1] + 1) in self.arrived:
            return  # another seat due answered first, and this seat has heard
        self.sent.setdefault((key[0], key[1] + 1), time.perf_counter())
        await socket_.send(json.dumps(move))


async def run_clients(port: int, tables: list[Table], seconds: float) -> None:
    rng = random.Random(1)
    tasks = [
        asyncio.create_task(table.seat(port, token, random.Random(rng.getrandbits(32))))
        for table in tables
        for token in table.tokens
    ]
    done, _ = await asyncio.wait(tasks, timeout=seconds, return_when=asyncio.FIRST_EXCEPTION)
    for task in done:
        if task.exception() is not None:
            raise task.exception()  # type: ignore[misc]
    for task in tasks:
        task.cancel()


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=60, help="how long the tables play")
    parser.add_argument("--rules", default="flurst")
    parser.add_argument(
        "--think", type=float, default=0.2, help="seconds a due seat waits, on average"
    )
    parser.add_argument(
        "--warmup",
        type=float,
        default=5,
        help="seconds at the start (every seat joining at once) left out of the steady figures",
    )
    parser.add_argument("--server-core", type=int, default=0, help="the core the server runs on")
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as scratch:
        path = Path(scratch) / "tables.sqlite"
        command = [sys.executable, "-m", "skitgubbe", "serve", "--port", str(port)]
        server = subprocess.Popen([*command, "--db", str(path)], stderr=subprocess.DEVNULL)
        if hasattr(os, "sched_setaffinity"):
            os.sched_setaffinity(server.pid, {args.server_core})
            others = os.sched_getaffinity(0) - {args.server_core}
            if others:
                os.sched_setaffinity(0, others)
        try:
            for _ in range(400):
                try:
                    with socket.create_connection(("127.0.0.1", port), 0.2):
                        break
                except OSError:
                    time.sleep(0.05)
            names = [f"P{seat}" for seat in range(args.players)]
            tables = []
            for number in range(args.tables):
                made = post(port, {"rules": args.rules, "names": names, "seed": number})
                tokens = [place["token"] for place in made["places"]]
                tables.append(Table(made["table"], tokens, args.think))
            start = time.perf_counter()
            server_cpu, client_cpu = cpu_seconds(server.pid), time.process_time()
            asyncio.run(run_clients(port, tables, args.seconds))
            seconds = time.perf_counter() - start
            server_cpu = cpu_seconds(server.pid) - server_cpu
            client_cpu = time.process_time() - client_cpu
            rss, peak = memory(server.pid)
        finally:
            server.send_signal(signal.SIGKILL)
            server.wait(30)
        store = Store(path)  # what the killed server left on disk
        lost = 0
        for table in tables:
            for game, told in table.told.items():
                kept = list(store.record(table.id, game).moves)
                lost += sum(kept[number : number + 1] != [move] for number, move in told.items())
    every = [(at - start, value * 1000) for table in tables for at, value in table.latencies]
    latencies = [value for _at, value in every]
    steady = [value for at, value in every if at >= args.warmup]
    total = sum(len(told) for table in tables for told in table.told.values())
    games = sum(table.games for table in tables)
    stale = sum(table.stale for table in tables)
    print(
        f"{args.tables} tables of {args.players} seats ({args.rules}) for {seconds:.0f} s, "
        f"{args.think:g} s thinking a move on average; the server on one core"
    )
    print(f"moves: {total:,} = {total / seconds:,.0f} moves/s; games finished: {games}")
    for label, values in (("all", latencies), (f"after the first {args.warmup:g} s", steady)):
        print(
            f"a move sent to every seat's new state ({label}): "
            f"p50 {statistics.median(values):.1f} ms, p99 {percentile(values, 0.99):.1f} ms, "
            f"worst {max(values):.1f} ms"
        )
    print(f"server memory: {rss:.0f} MiB resident at the end, {peak:.0f} MiB at its peak")
    print(
        f"busy: the server {server_cpu / seconds:.0%} of its core, "
        f"the clients {client_cpu / seconds:.0%} of theirs"
    )
    print(f"moves refused as stale (two seats due answered one position): {stale:,}")
    print(f"moves told to a seat but missing from the file after SIGKILL: {lost}")
    return 1 if lost else 0


if __name__ == "__main__":
    sys.exit(main())
