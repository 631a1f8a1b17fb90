"""The server under load: many tables at once, every seat a WebSocket bot client.

Starts ``python -m skitgubbe serve`` on a free port with a scratch SQLite file
(pinned to one core with ``--server-core``), makes ``--tables`` tables of
``--players`` people, and connects one WebSocket client per seat from this
process (asyncio, on the other core). At each table the seat that is due waits
``--think`` seconds, as a quick player would, and sends its first legal move;
every table plays ``--games`` games. It prints the moves a second, the latency
from a move sent to the moment every seat of its table has the new state (p50,
p99, worst), and the server's memory; then it checks that nothing was lost: each
game's record, downloaded, holds exactly the moves its seats were told of, in
order.

    python benchmarks/server.py --tables 100 --players 4

Needs the ``server`` extra.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
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


def post(port: int, data: object) -> Any:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/tables", json.dumps(data).encode(), method="POST"
    )
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.loads(answer.read())


class Table:
    """The clients of one table, and what they measured."""

    def __init__(self, table: str, tokens: list[str], games: int, think: float) -> None:
        self.id = table
        self.tokens = tokens
        self.games = games
        self.think = think
        self.sent: dict[tuple[int, int], float] = {}
        self.arrived: dict[tuple[int, int], int] = {}
        self.latencies: list[float] = []
        #: The moves sent, by game and the number of moves made before each.
        self.moves: dict[int, dict[int, str]] = {}
        self.stale = 0
        self.done = asyncio.Event()
        self.finished = 0

    async def seat(self, port: int, token: str, rng: random.Random) -> None:
        url = f"ws://127.0.0.1:{port}/api/tables/{self.id}/ws"
        async with connect(url, max_size=None) as socket_:
            await socket_.send(json.dumps({"type": "join", "token": token}))
            asked = None
            async for text in socket_:
                message = json.loads(text)
                if message["type"] == "error":
                    # two seats due at once may both answer the same position: the
                    # server takes the first and refuses the other as stale
                    if "sent for the position after" not in message["error"]:
                        raise RuntimeError(f"table {self.id}: {message['error']}")
                    self.stale += 1
                    continue
                if message["type"] != "state":
                    continue
                key = (message["game"], message["moves_made"])
                if message["moves_made"] > 0:
                    # the move that made this state, as every seat was told of it
                    made = message["view"]["last_move"]
                    self.moves.setdefault(message["game"], {})[message["moves_made"] - 1] = made
                count = self.arrived.get(key, 0) + 1
                self.arrived[key] = count
                if count == len(self.tokens) and key in self.sent:
                    self.latencies.append(time.perf_counter() - self.sent.pop(key))
                if message["over"]:
                    if key != asked:  # each seat hears it once; the due seat deals next
                        asked = key
                        if message["seat"] == 0:
                            self.finished += 1
                            if self.finished >= self.games:
                                self.done.set()
                            else:
                                await socket_.send(json.dumps({"type": "next"}))
                    if self.done.is_set():
                        return
                    continue
                if message["seat"] in message["due"] and key != asked:
                    asked = key
                    if self.think:
                        await asyncio.sleep(self.think * rng.uniform(0.5, 1.5))
                    move = message["moves"][0]
                    self.sent[message["game"], message["moves_made"] + 1] = time.perf_counter()
                    await socket_.send(
                        json.dumps({"type": "move", "move": move, "number": message["moves_made"]})
                    )


async def run_clients(port: int, tables: list[Table]) -> None:
    rng = random.Random(1)
    tasks = [
        asyncio.create_task(table.seat(port, token, random.Random(rng.getrandbits(32))))
        for table in tables
        for token in table.tokens
    ]

    async def all_done() -> None:
        for table in tables:
            await table.done.wait()

    finished = asyncio.create_task(all_done())
    pending: set[asyncio.Task[Any]] = {*tasks, finished}
    while not finished.done():
        done, pending = await asyncio.wait(pending, return_when=asyncio.FIRST_COMPLETED)
        for task in done:
            if task is not finished and task.exception() is not None:
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
    parser.add_argument("--games", type=int, default=1, help="games each table plays")
    parser.add_argument("--rules", default="flurst")
    parser.add_argument(
        "--think", type=float, default=0.2, help="seconds a due seat waits before it moves"
    )
    parser.add_argument("--server-core", type=int, default=0, help="the core the server runs on")
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as scratch:
        command = [sys.executable, "-m", "skitgubbe", "serve", "--port", str(port)]
        command += ["--db", str(Path(scratch) / "tables.sqlite")]
        server = subprocess.Popen(command, stderr=subprocess.DEVNULL)
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
                tables.append(Table(made["table"], tokens, args.games, args.think))
            start = time.perf_counter()
            asyncio.run(run_clients(port, tables))
            seconds = time.perf_counter() - start
            rss, peak = memory(server.pid)
            lost = 0
            for table in tables:
                for game, moves in table.moves.items():
                    url = f"http://127.0.0.1:{port}/api/tables/{table.id}/games/{game}/record"
                    with urllib.request.urlopen(url, timeout=60) as answer:
                        record = json.loads(answer.read())
                    told = [moves[number] for number in sorted(moves)]
                    lost += record["moves"] != told or sorted(moves) != list(range(len(told)))
        finally:
            server.terminate()
            server.wait(30)
    latencies = [value * 1000 for table in tables for value in table.latencies]
    total = sum(len(told) for table in tables for told in table.moves.values())
    stale = sum(table.stale for table in tables)
    print(
        f"{args.tables} tables of {args.players} seats ({args.rules}), {args.games} game(s) each, "
        f"{args.think:g} s thinking a move; the server on one core"
    )
    print(f"moves: {total:,} in {seconds:.1f} s = {total / seconds:,.0f} moves/s")
    print(
        f"a move sent to every seat's new state: p50 {statistics.median(latencies):.1f} ms, "
        f"p99 {percentile(latencies, 0.99):.1f} ms, worst {max(latencies):.1f} ms"
    )
    print(f"server memory: {rss:.0f} MiB resident at the end, {peak:.0f} MiB at its peak")
    print(f"moves refused as stale (two seats due answered one position): {stale}")
    print(f"games whose record differs from the moves the seats were told of: {lost}")
    return 1 if lost else 0


if __name__ == "__main__":
    sys.exit(main())
