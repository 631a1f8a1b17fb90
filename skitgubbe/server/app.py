"""The server: tables people play at from a browser, over HTTP and WebSockets.

:func:`create_app` makes the ASGI application (Starlette) and :func:`run`
serves it with uvicorn; ``python -m skitgubbe serve`` does both. Both need the
``server`` extra (``pip install 'skitgubbe[server]'``).

What it serves:

* ``GET /``: the page (lobby and table), drawn in the browser from what the
  server sends; no file from anywhere else.
* ``POST /api/tables``: a new table, from JSON ``{"rules": "flurst", "names":
  [...], "title", "bots", "clock", "seed"}``; the answer gives each person's
  invitation link, with their secret token after ``#`` (a fragment, which a
  browser never sends to a server, so no log holds it).
* ``GET /api/tables/ID``: the table's ``hello`` (public).
* ``GET /api/tables/ID/games/N/record``: a finished game's record, as
  :meth:`~skitgubbe.records.Record.to_json` writes it (``replay --html`` opens
  it). A game going on has none: it would show every hand.
* ``GET /api/tables/ID/games/N/replay``: a finished game's replay page
  (:func:`~skitgubbe.render.replay_html`), with the solver's verdicts if the
  game has been analysed.
* ``GET /api/tables/ID/games/N/analysis``: a finished game analysed by the
  solver (:func:`~skitgubbe.solve.analyse`,
  :data:`~skitgubbe.solve.ANALYSIS_NODES` positions and
  :data:`ANALYSIS_SECONDS` a question, :data:`ANALYSIS_TIME` in all), as the replay page with every
  phase-two move's verdict, or with ``?format=json`` as data
  (:meth:`~skitgubbe.solve.Analysis.to_dict`). The first request makes it, in a
  process of its own (:mod:`skitgubbe.server.analyst`) so that every table goes
  on meanwhile, and the store keeps it; one game is analysed at a time, and a
  request while one is being made is answered ``503`` with ``Retry-After``.
* ``WS /api/tables/ID/ws``: the table's messages. The client first sends
  ``{"type": "join", "token": ...}`` (no token: a spectator) and gets a
  ``hello`` and a ``state``; after every change it gets a new ``state`` (see
  :meth:`~skitgubbe.server.tables.Table.message`). It sends ``{"type": "move",
  "move": "0 play 7C", "number": N}``, ``{"type": "pass"}`` or ``{"type":
  "next"}`` (deal the next game once one is over). Anything wrong gets an
  ``error`` naming it, and the table goes on: a move for another seat, a
  forged token, a message that is not JSON, a message over
  :data:`MAX_CLIENT_MESSAGE` bytes, more than :data:`RATE` messages a second.
  A client that stops reading is sent nothing once :data:`MAX_OUTBOX` messages
  wait for it, and closed with :data:`TOO_SLOW`.

Every accepted move is committed to the SQLite file before any client is told
(:class:`~skitgubbe.server.store.Store`); a server started again on the same
file picks every table up at the same move.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import gc
import html
import json
import signal
import sys
import time
from collections.abc import AsyncIterator, Mapping
from importlib import resources
from pathlib import Path
from typing import Any

from .. import __version__
from ..cards import one_pack
from ..errors import IllegalMoveError, shown
from ..extras import require
from ..records import Record
from ..render import replay_html
from ..render.svg import defs, table_svg
from ..solve import ANALYSIS_NODES
from ..specs import as_rules
from ..text import printable
from .analyst import checked
from .store import Store, StoreError
from .tables import Clock, Table, TableError

require("server", "the server of tables")

from starlette.applications import Starlette  # noqa: E402
from starlette.requests import Request  # noqa: E402
from starlette.responses import HTMLResponse, JSONResponse, Response  # noqa: E402
from starlette.routing import Route, WebSocketRoute  # noqa: E402
from starlette.websockets import WebSocket, WebSocketDisconnect  # noqa: E402

__all__ = [
    "ANALYSIS_LIMIT",
    "ANALYSIS_SECONDS",
    "ANALYSIS_TIME",
    "MAX_CLIENT_MESSAGE",
    "MAX_OUTBOX",
    "PROTOCOL",
    "RATE",
    "SCHEMA_PATH",
    "TOO_SLOW",
    "WS_MAX_SIZE",
    "Server",
    "create_app",
    "run",
]

#: The version of the table messages, sent in each ``hello``.
PROTOCOL = 1
#: The JSON Schema of the messages between a client and the server.
SCHEMA_PATH = Path(__file__).with_name("table.schema.json")
#: The longest message a client may send, in bytes; a longer one gets an error.
MAX_CLIENT_MESSAGE = 64 * 1024
#: The longest message the WebSocket layer reads at all: past it the connection is
#: closed (code 1009); between the two the client gets an error and stays.
WS_MAX_SIZE = 4 * 1024 * 1024
#: Messages a second a connection may send that are refused or change nothing, on
#: average (bursts of twice as many); a move or a deal that is acted on does not count.
RATE = 20.0
#: Messages that may wait to be sent to one client. A client this far behind has
#: stopped reading (or reads far too slowly): it is sent nothing more, and its
#: connection is closed with code :data:`TOO_SLOW` once the network lets the
#: close through, so that what waits for it cannot grow without end; it rejoins
#: to get the table as it is then.
MAX_OUTBOX = 256
#: The longest the solver may think about one question of a game's analysis, in
#: seconds (as well as :data:`ANALYSIS_NODES` positions).
ANALYSIS_SECONDS = 0.5
#: The time a game's analysis keeps within, in seconds: the moves it has not
#: reached by then (the earlier ones) are left unjudged, and it says so.
ANALYSIS_TIME = 60.0
#: The longest the process making an analysis may run, in seconds (well past
#: :data:`ANALYSIS_TIME`); past it the process is stopped and the request
#: answered with an error.
ANALYSIS_LIMIT = 120.0
#: The close code of a connection dropped for falling :data:`MAX_OUTBOX` messages
#: behind (4000 and up are the application's own; 408 as in HTTP's timeout).
TOO_SLOW = 4408


class _Connection:
    """One client of one table: its person (``None``: a spectator) and what waits
    to be sent to it."""

    def __init__(self, socket: WebSocket, person: int | None, picture: bool) -> None:
        self.socket = socket
        self.person = person
        self.picture = picture
        self.outbox: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self.tokens = 2 * RATE
        self.last = time.monotonic()
        self.dropped = 0
        self.warned = 0.0
        #: set once the client fell :data:`MAX_OUTBOX` messages behind
        self.behind = False
        self._writer: asyncio.Task[None] | None = None

    def allow(self) -> bool:
        """Whether the rate limit lets one more message in (a token bucket)."""
        now = time.monotonic()
        self.tokens = min(2 * RATE, self.tokens + (now - self.last) * RATE)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        self.dropped += 1
        return False

    def refund(self) -> None:
        """Give back the allowance of a message that was acted on: only refused
        and idle messages count against the rate."""
        self.tokens = min(2 * RATE, self.tokens + 1)

    def send(self, message: dict[str, Any]) -> None:
        if self.behind:
            return
        if self.outbox.qsize() >= MAX_OUTBOX:
            self.drop()
            return
        self.outbox.put_nowait(message)

    def start(self) -> None:
        """Start sending what is queued, in a task of its own."""
        self._writer = asyncio.get_running_loop().create_task(self.writer())

    def drop(self) -> None:
        """Give up on a client that stopped reading: forget what waits for it, stop
        the send it is stuck in, and close the connection with :data:`TOO_SLOW`
        (the close goes out when the network takes it; the connection ends then)."""
        self.behind = True
        while not self.outbox.empty():
            self.outbox.get_nowait()
        if self._writer is not None:
            self._writer.cancel()
        self._writer = asyncio.get_running_loop().create_task(self._close_behind())

    async def _close_behind(self) -> None:
        with contextlib.suppress(Exception):
            await self.socket.close(
                code=TOO_SLOW,
                reason=f"more than {MAX_OUTBOX} messages behind: join again for the table as it is",
            )

    async def stop(self) -> None:
        """Stop sending (the connection has ended)."""
        self.outbox.put_nowait(None)
        if self._writer is not None:
            if self.behind:
                self._writer.cancel()
            # the writer's own end (an error, or the cancel above) is not this
            # task's: gather hands it back, and a cancel of this task still passes
            await asyncio.gather(self._writer, return_exceptions=True)

    async def writer(self) -> None:
        while True:
            message = await self.outbox.get()
            if message is None:
                return
            await self.socket.send_text(json.dumps(message, separators=(",", ":")))


class Server:
    """The tables of one database file, and the connections to them."""

    def __init__(self, path: str | Path, *, bot_specs: Mapping[str, str] | None = None) -> None:
        self.store = Store(path)
        self.bot_specs = dict(bot_specs or {})
        self.tables: dict[str, Table] = {}
        for table_id in self.store.tables():
            self.tables[table_id] = Table.load(self.store, table_id, bot_specs=self.bot_specs)
        self.connections: dict[str, set[_Connection]] = {}
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self._thinking: set[str] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        #: Whether an analysis is being made, and the process making it.
        self._analysing = False
        self._analyst: asyncio.subprocess.Process | None = None

    def close(self) -> None:
        if self._analyst is not None and self._analyst.returncode is None:
            self._analyst.kill()
        for timer in self._timers.values():
            timer.cancel()
        for table in self.tables.values():
            table.close()
        self.store.close()

    # -- tables ----------------------------------------------------------------------

    def create(self, data: object) -> dict[str, Any]:
        """A new table from a request's JSON (see the module's description)."""
        if not isinstance(data, dict):
            raise TableError(f"a table is a JSON object, not {shown(data)}")
        known = ("rules", "names", "players", "title", "bots", "clock", "seed")
        unknown = [key for key in data if key not in known]
        if unknown:
            raise TableError(f"unknown field {shown(unknown[0])}; a table takes {', '.join(known)}")
        spec = data.get("rules", "flurst")
        if not isinstance(spec, str):
            raise TableError(
                f"rules: a ruleset spec such as 'flurst:high_trump=true', not {shown(spec)}"
            )
        rules = as_rules(spec)
        names = data.get("names")
        if names is None:
            players = data.get("players", 4)
            if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 20:
                raise TableError(f"players: a number of players, not {shown(players)}")
            names = [f"Player {index + 1}" for index in range(players)]
        if not isinstance(names, list):
            raise TableError(f"names: a list of names, not {shown(names)}")
        clock = data.get("clock") or {}
        if not isinstance(clock, dict) or any(k not in ("move", "bank", "timeout") for k in clock):
            raise TableError(f"clock: an object of move, bank and timeout, not {shown(clock)}")
        seed = data.get("seed")
        if seed is not None and (
            isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63
        ):
            raise TableError(f"seed: a whole number from 0 to 2**63 - 1, not {shown(seed)}")
        title = data.get("title", "")
        table, tokens = Table.create(
            self.store,
            rules,
            names,
            title=title if isinstance(title, str) else _refuse("title", title),
            spec=spec,
            clock=Clock(**clock),
            bots=data.get("bots"),
            bot_specs=self.bot_specs,
            seed=seed,
        )
        self.tables[table.id] = table
        self._changed(table)
        return {
            "table": table.id,
            "places": [
                {
                    "name": name,
                    "bot": table.bots[index],
                    "link": None if table.bots[index] else f"/t/{table.id}#{tokens[index]}",
                    "token": None if table.bots[index] else tokens[index],
                }
                for index, name in enumerate(table.names)
            ],
            "watch": f"/t/{table.id}",
        }

    def table(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise TableError(f"no table {shown(table_id)} here")
        return table

    # -- after every change ------------------------------------------------------------

    def _changed(self, table: Table) -> None:
        """Tell every client, then set the clock and ask a bot if one is due."""
        for connection in self.connections.get(table.id, ()):
            if not connection.behind:
                connection.send(table.message(connection.person, picture=connection.picture))
        self._arm(table)
        self._ask_bot(table)

    def _arm(self, table: Table) -> None:
        old = self._timers.pop(table.id, None)
        if old is not None:
            old.cancel()
        deadline = table.deadline()
        if deadline is None:
            return
        loop = asyncio.get_running_loop()
        delay = max(0.0, deadline - table.now())
        self._timers[table.id] = loop.call_later(delay + 0.01, self._expire, table)

    def _expire(self, table: Table) -> None:
        self._timers.pop(table.id, None)
        done = table.expire()
        if done:
            self._changed(table)
        else:
            self._arm(table)

    def _ask_bot(self, table: Table) -> None:
        if table.id in self._thinking:
            return
        turn = table.bot_turn()
        if turn is None:
            return
        self._thinking.add(table.id)

        async def ask() -> None:
            try:
                move, failure = await asyncio.to_thread(turn.think)
            finally:
                self._thinking.discard(table.id)
            before = len(table.game.moves) if table.game else -1
            table.bot_moved(turn.seat, turn.made, move, failure)
            if (table.game is not None and len(table.game.moves) != before) or (
                table.game is not None and table.game.over
            ):
                self._changed(table)
            else:
                self._ask_bot(table)

        task = asyncio.get_running_loop().create_task(ask())
        self._tasks.add(task)  # held until done: the loop keeps only a weak reference
        task.add_done_callback(self._tasks.discard)

    # -- a client's messages -------------------------------------------------------------

    def _handle(self, table: Table, connection: _Connection, text: str | bytes) -> None:
        """One message from a client: acted on, or answered with an error."""
        if not connection.allow():
            now = time.monotonic()
            if now - connection.warned >= 1.0:
                connection.warned = now
                connection.send(
                    _error(
                        f"too many messages: at most {RATE:g} a second; "
                        f"{connection.dropped} dropped unread so far"
                    )
                )
            return
        if len(text) > MAX_CLIENT_MESSAGE:
            connection.send(
                _error(f"the message is {len(text):,} bytes, more than {MAX_CLIENT_MESSAGE:,}")
            )
            return
        try:
            message = json.loads(text)
        except ValueError as error:
            connection.send(_error(f"the message is not JSON: {error}"))
            return
        kind = message.get("type") if isinstance(message, dict) else None
        try:
            if kind == "move":
                self._person(connection, "move")
                assert connection.person is not None
                table.move(connection.person, message.get("move"), message.get("number"))
            elif kind == "pass":
                self._person(connection, "pass")
                assert connection.person is not None and table.game is not None
                seat = table.seat_of(connection.person)
                if seat in table.game.state.due and not table.game.over:
                    raise TableError(f"seat {seat} is due: it must move, it cannot pass")
                return
            elif kind == "next":
                self._person(connection, "next")
                table.next_game()
            elif kind == "join":
                raise TableError("this connection has joined already")
            else:
                raise TableError(
                    f"unknown message type {shown(kind)}; a client sends move, pass or next"
                )
        except IllegalMoveError as error:
            connection.send(_error(str(error), error.rule))
            return
        except (TableError, StoreError, ValueError) as error:
            connection.send(_error(str(error)))
            return
        connection.refund()  # a message that moved the game on costs nothing
        self._changed(table)

    def _person(self, connection: _Connection, what: str) -> None:
        if connection.person is None:
            raise TableError(f"{what}: a spectator watches; join with a seat's token to play")

    async def _websocket(self, socket: WebSocket) -> None:
        """A client's connection to a table (see the module's description)."""
        await socket.accept()
        table_id = socket.path_params["table"]
        table = self.tables.get(table_id)
        if table is None:
            await socket.send_json(_error(f"no table {shown(table_id)} here"))
            await socket.close(code=4404)
            return
        try:
            first = await asyncio.wait_for(socket.receive_text(), timeout=30)
        except (TimeoutError, WebSocketDisconnect, KeyError):
            with contextlib.suppress(Exception):
                await socket.close(code=4400)
            return
        join: Any = None
        with contextlib.suppress(ValueError):
            join = json.loads(first) if len(first) <= MAX_CLIENT_MESSAGE else None
        if not isinstance(join, dict) or join.get("type") != "join":
            await socket.send_json(
                _error('the first message joins the table: {"type": "join", "token": ...}')
            )
            await socket.close(code=4400)
            return
        token = join.get("token")
        person = None
        if token is not None:
            person = table.person_of(token)
            if person is None or table.bots[person] is not None:
                await socket.send_json(
                    _error("that token is no seat's at this table: check the invitation link")
                )
                await socket.close(code=4403)
                return
        connection = _Connection(socket, person, join.get("picture") is True)
        self.connections.setdefault(table.id, set()).add(connection)
        connection.start()
        connection.send(table.hello(person))
        connection.send(table.message(person, picture=connection.picture))
        try:
            while True:
                received = await socket.receive()
                if received["type"] == "websocket.disconnect":
                    break
                data = received.get("text")
                if data is None:
                    data = received.get("bytes") or b""
                self._handle(table, connection, data)
        except WebSocketDisconnect:
            pass
        finally:
            self.connections[table.id].discard(connection)
            await connection.stop()

    # -- HTTP ---------------------------------------------------------------------------------

    async def _page(self, request: Request) -> Response:
        return HTMLResponse(_page_text())

    async def _new_table(self, request: Request) -> Response:
        body = await request.body()
        if len(body) > MAX_CLIENT_MESSAGE:
            return JSONResponse(
                _error(f"the request is {len(body):,} bytes, more than {MAX_CLIENT_MESSAGE:,}"),
                status_code=413,
            )
        try:
            answer = self.create(json.loads(body))
        except (ValueError, TypeError) as error:
            return JSONResponse(_error(str(error)), status_code=400)
        return JSONResponse(answer, status_code=201)

    async def _table_hello(self, request: Request) -> Response:
        try:
            table = self.table(request.path_params["table"])
        except TableError as error:
            return JSONResponse(_error(str(error)), status_code=404)
        return JSONResponse(table.hello(None))

    async def _record(self, request: Request) -> Response:
        try:
            table = self.table(request.path_params["table"])
            number = int(request.path_params["game"])
            record = table.record(number)
        except (TableError, ValueError) as error:
            return JSONResponse(_error(str(error)), status_code=404)
        name = f"skitgubbe-{table.id}-game-{number}.json"
        return Response(
            record.to_json(indent=1),
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="{name}"'},
        )

    def _finished(self, request: Request) -> tuple[Table, int, Record]:
        """The table, number and record of the finished game a request names."""
        table = self.table(request.path_params["table"])
        number = int(request.path_params["game"])
        return table, number, table.record(number)

    def _title(self, table: Table, number: int) -> str:
        return f"{table.title or 'Skitgubbe'}: game {number + 1}"

    async def _replay(self, request: Request) -> Response:
        try:
            table, number, record = self._finished(request)
        except (TableError, ValueError) as error:
            return JSONResponse(_error(str(error)), status_code=404)
        data = checked(self.store.analysis(table.id, number), record)
        notes = None if data is None else [data["notes"]]
        return HTMLResponse(replay_html(record, title=self._title(table, number), notes=notes))

    async def _analysis(self, request: Request) -> Response:
        try:
            table, number, record = self._finished(request)
        except (TableError, ValueError) as error:
            return JSONResponse(_error(str(error)), status_code=404)
        shape = request.query_params.get("format", "html")
        if shape not in ("html", "json"):
            return JSONResponse(
                _error(f"format: html or json, not {printable(shape)!r}"), status_code=400
            )
        data = checked(self.store.analysis(table.id, number), record)
        if data is None:
            if self._analysing:
                busy = "the server is analysing another game; try again in a little while"
                return _failed(busy, 503, shape, retry=10)
            self._analysing = True
            try:
                data = await self._analyse(record)
            except RuntimeError as error:
                return _failed(str(error), 500, shape)
            finally:
                self._analysing = False
            self.store.save_analysis(table.id, number, data)
        if shape == "json":
            return JSONResponse({"record": record.to_dict(), **data["analysis"]})
        page = replay_html(record, title=self._title(table, number), notes=[data["notes"]])
        return HTMLResponse(page)

    async def _analyse(self, record: Record) -> dict[str, Any]:
        """``record``'s analysis, made by :mod:`skitgubbe.server.analyst` in a
        process of its own, checked; :class:`RuntimeError` if it fails or takes
        longer than :data:`ANALYSIS_LIMIT`."""
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "skitgubbe.server.analyst",
            str(ANALYSIS_NODES),
            str(ANALYSIS_SECONDS),
            str(ANALYSIS_TIME),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            preexec_fn=_stop_with_parent,
        )
        self._analyst = process
        try:
            out, err = await asyncio.wait_for(
                process.communicate(record.to_json().encode()), ANALYSIS_LIMIT
            )
        except TimeoutError:
            process.kill()
            await process.wait()
            raise RuntimeError(
                f"the analysis took longer than {ANALYSIS_LIMIT:g} s and was stopped"
            ) from None
        except asyncio.CancelledError:  # the server is stopping: the analysis with it
            process.kill()
            raise
        finally:
            self._analyst = None
        if process.returncode != 0:
            last = err.decode(errors="replace").strip().splitlines()[-1:] or ["no message"]
            raise RuntimeError(f"the analysis failed: {last[0]}")
        try:
            data = checked(json.loads(out), record)
        except ValueError:
            data = None
        if data is None:
            raise RuntimeError("the analysis failed: its answer was not an analysis of the game")
        return data


def _failed(text: str, status: int, shape: str, retry: int | None = None) -> Response:
    """An analysis that cannot be had now: an error as JSON, or for a person
    (``shape`` html) a short page saying why, which loads itself again after
    ``retry`` seconds if given."""
    headers = {} if retry is None else {"Retry-After": str(retry)}
    if shape == "json":
        return JSONResponse(_error(text), status_code=status, headers=headers)
    again = "" if retry is None else f'<meta http-equiv="refresh" content="{retry}">'
    page = (
        f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">{again}'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>Analysis</title></head><body><p>{html.escape(text)}.</p></body></html>"
    )
    return HTMLResponse(page, status_code=status, headers=headers)


def _stop_with_parent() -> None:  # pragma: no cover - runs in the child, before exec
    """On Linux, have the kernel stop the analysing process if the server dies."""
    if sys.platform.startswith("linux"):
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


def _refuse(what: str, value: object) -> str:
    raise TableError(f"{what}: text, not {shown(value)}")


def _error(text: str, rule: str | None = None) -> dict[str, Any]:
    return {"type": "error", "error": text, "rule": rule}


@functools.cache
def _page_text() -> str:
    """The page: the card shapes and the table drawn once, the rest by its script."""
    page = resources.files(__package__).joinpath("page.html").read_text(encoding="utf-8")
    cards = [str(card) for card in one_pack()]
    return (
        page.replace("{{version}}", __version__)
        .replace("{{defs}}", defs(cards))
        .replace("{{table}}", table_svg())
    )


def create_app(path: str | Path, *, bot_specs: Mapping[str, str] | None = None) -> Starlette:
    """The ASGI application serving the tables in the SQLite file at ``path``
    (made if missing). ``bot_specs`` names the programs the server may run for
    an empty seat, beyond the library's bots: ``{"mybot": "cmd:./mybot"}``; a
    table's creator chooses among the names, never a command of their own."""
    server = Server(path, bot_specs=bot_specs)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        for table in server.tables.values():
            server._arm(table)
            server._ask_bot(table)
        yield
        server.close()

    app = Starlette(
        routes=[
            Route("/", server._page),
            Route("/t/{table}", server._page),
            Route("/api/tables", server._new_table, methods=["POST"]),
            Route("/api/tables/{table}", server._table_hello),
            Route("/api/tables/{table}/games/{game:int}/record", server._record),
            Route("/api/tables/{table}/games/{game:int}/replay", server._replay),
            Route("/api/tables/{table}/games/{game:int}/analysis", server._analysis),
            WebSocketRoute("/api/tables/{table}/ws", server._websocket),
        ],
        lifespan=lifespan,
    )
    app.state.server = server
    return app


def run(
    path: str | Path = "skitgubbe.sqlite",
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    bot_specs: Mapping[str, str] | None = None,
) -> None:
    """Serve the tables of ``path`` on ``host:port`` with uvicorn until stopped."""
    import uvicorn

    app = create_app(path, bot_specs=bot_specs)
    # The tables loaded, and the engine's states and views made at every move, are
    # many small objects that live on: Python's full garbage collections scan them
    # all, a pause of up to a tenth of a second under load (benchmarks/server.py).
    # What is loaded now is set aside from those scans, and collections run less
    # often; objects without cycles are freed as soon as they are dropped, as ever.
    gc.freeze()
    gc.set_threshold(20_000, 20, 100)
    uvicorn.run(
        app,
        host=host,
        port=port,
        ws="websockets-sansio",
        ws_max_size=WS_MAX_SIZE,
        # a state is a few KB: compressing each costs the server more than it saves
        ws_per_message_deflate=False,
        log_level="warning",
        # stopped (Ctrl-C, SIGTERM), a request still being answered (an analysis)
        # is given this long, then cancelled
        timeout_graceful_shutdown=2,
    )
