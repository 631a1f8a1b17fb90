"""Bots in any language: a program that speaks the line protocol on its standard streams.

``cmd:python examples/bots/random_bot.py`` names a bot that is a separate
program. :class:`CommandBot` starts it (without a shell), writes one JSON object
per line to its standard input and reads one line back for each; the program's
standard error goes to a log file. The protocol is documented on its own page
(``docs/protocol.rst``) and its messages are described by the JSON Schema
:data:`SCHEMA_PATH` shipped in the package:

* ``hello``: the protocol version, the rules as a dict, the number of players;
  sent before a program's first game and whenever the rules or the table change;
* ``reset``: the seat and the seed of a new game;
* ``choose``: the player's view (as :meth:`~skitgubbe.views.PlayerView.to_dict`
  writes it, without ``rules``, which came in ``hello``), its legal moves in
  notation, whether it is due, and the seconds it has to answer;
* ``end``: the goat's seat and the order the others went out in.

The answer to ``choose`` is one of the moves as written, or ``pass`` to let play
go on when the player is not due; the answer to every other message is ``ok``.

One program runs per bot and lives across the games of a run: in each worker
process, a bot's program is found again by the bot's identity, so a match of
many chunks starts it once per worker. A program that fails (exits, answers
late, answers something that is not a move, or an illegal move) raises
:class:`~skitgubbe.bots.protocol.BotFailure` naming what happened with the tail
of its standard error; the program is stopped then and started again at the
bot's next game. Programs run in a session of their own, so Ctrl-C reaches the
run, which stops them, and not the programs. On Linux each runs under a guard
(``skitgubbe/bots/_guard.py``) that kills the program with every process it
started when the process that started it dies (a worker killed with
``SIGKILL`` can stop nothing itself).
"""

from __future__ import annotations

import atexit
import contextlib
import errno
import json
import os
import re
import select
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import uuid
import weakref
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

from ..errors import shown
from ..moves import Move
from ..rules import Ruleset, ruleset_to_dict
from ..views import PlayerView
from .protocol import BotFailure

__all__ = [
    "CLOSE_GRACE",
    "DEFAULT_MOVE_TIME",
    "LOG_CAP",
    "PROTOCOL_VERSION",
    "SCHEMA_PATH",
    "SETUP_TIME",
    "CommandBot",
    "close_all",
    "command_of",
    "is_command_spec",
    "name_and_command",
]

#: The version of the line protocol, sent in ``hello``.
PROTOCOL_VERSION = 1
#: The JSON Schema of the protocol's messages, shipped in the package.
SCHEMA_PATH = Path(__file__).with_name("protocol.schema.json")
#: Seconds a program has to answer ``choose`` unless a run sets its own limit.
DEFAULT_MOVE_TIME = 2.0
#: Seconds a program has to answer ``hello``, ``reset`` and ``end``: it may still
#: be starting (an interpreter, a model to load) when ``hello`` comes.
SETUP_TIME = 5.0
#: The most of a program's standard error quoted in a failure.
STDERR_TAIL = 1_500
#: The longest answer read: a move is a short line.
MAX_ANSWER = 64 * 1024
#: The most bytes a program's log file grows to in one process: past it the
#: program's standard error is read and dropped, and when the program stops the
#: log says how much was dropped and ends with the last lines it wrote.
LOG_CAP = 1024 * 1024
#: The bytes of a program's last output kept in memory, for a failure's report
#: and the end of a capped log.
_TAIL_KEPT = 4096
#: The most standard error read in one go before looking at the clock again.
_READ_AT_ONCE = 4 * 1024 * 1024

_PREFIX = "cmd:"


def is_command_spec(text: str) -> bool:
    """Whether ``text`` names a program bot (``cmd:...``).

    >>> is_command_spec("cmd:python bot.py"), is_command_spec("greedy")
    (True, False)
    """
    return text.strip().startswith(_PREFIX)


#: A display name before the program: ``cmd:NAME=PROGRAM ARGS``.
_NAMED = re.compile(r"([A-Za-z0-9_.#+-]{1,40})=(?=\S)")


def name_and_command(spec: str) -> tuple[str | None, list[str]]:
    """The display name (if any) and the program and arguments of
    ``cmd:[NAME=]PROGRAM ARGS...``, the words split as a shell would split them
    (quotes group them) but run without one. ``python`` (or ``python3``) names the
    Python running this library when no such program is on the ``PATH``.

    >>> name_and_command("cmd:python 'my bots/bot.py' --fast")[1][1:]
    ['my bots/bot.py', '--fast']
    >>> name_and_command("cmd:low=python bot.py")[0]
    'low'
    """
    text = spec.strip()
    if not text.startswith(_PREFIX):
        raise ValueError(f"bot {spec!r}: a program bot is written cmd:PROGRAM ARGS")
    rest = text[len(_PREFIX) :].strip()
    named = _NAMED.match(rest)
    name = None
    if named is not None:
        name, rest = named.group(1), rest[named.end() :]
    try:
        words = shlex.split(rest)
    except ValueError as error:
        raise ValueError(f"bot {spec!r}: cannot split the command into words: {error}") from None
    if not words:
        raise ValueError(f"bot {spec!r}: name the program to run after cmd:")
    if shutil.which(words[0]) is None:
        if words[0] in ("python", "python3"):
            words[0] = sys.executable  # the Python running this library
        else:
            raise ValueError(
                f"bot {spec!r}: there is no program {words[0]!r} (not a file, and not on the PATH)"
            )
    return name, words


def command_of(spec: str) -> list[str]:
    """The program and arguments of ``cmd:[NAME=]PROGRAM ARGS`` (see
    :func:`name_and_command`).

    >>> command_of("cmd:python 'my bots/bot.py' --fast")[1:]
    ['my bots/bot.py', '--fast']
    """
    return name_and_command(spec)[1]


def _label(words: Sequence[str]) -> str:
    """A short name for tables: the script's file name if one is given (``bot.js``),
    else the program's."""
    for word in reversed(words[1:]):
        if not word.startswith("-") and re.search(r"\.[A-Za-z]+$", word):
            return Path(word).name
    return Path(words[0]).name


#: Seconds a program has, once a run is over and its input closed, to exit on
#: its own before it is killed (a forfeiting program gets 0.2).
CLOSE_GRACE = 2.0

#: Live programs of this process, by bot identity.
_LIVE: dict[str, _Program] = {}


def close_all() -> None:
    """Stop every program this process started (at exit)."""
    for program in list(_LIVE.values()):
        if program.owner == os.getpid():
            program.stop()
    _LIVE.clear()


atexit.register(close_all)

#: How often, in seconds, a wait for an answer looks whether the program exited.
_POLL = 0.1


class _Program:
    """One running program: its process, the lines it has sent, its log.

    Its standard error comes through a pipe that is read while the program is
    waited for, into the log file up to :data:`LOG_CAP` bytes and into a short
    tail kept in memory; so however much a program writes, neither the log nor
    this process grows without bound.
    """

    def __init__(self, words: Sequence[str], log: Path) -> None:
        self.log = log
        log.parent.mkdir(parents=True, exist_ok=True)
        self.log_file = open(log, "ab")  # noqa: SIM115 - open while the program runs
        self.logged = self.log_file.tell()
        self.dropped = 0
        self._log(f"--- {time.strftime('%Y-%m-%d %H:%M:%S')} {shlex.join(words)}\n".encode())
        self.log_file.flush()
        self.tail = bytearray()
        try:
            self.process = subprocess.Popen(
                _guarded(words),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                bufsize=0,
                start_new_session=True,
                preexec_fn=_die_with_parent,
            )
        except OSError as error:
            self.log_file.close()
            detail = f"could not start {shlex.join(words)}: {error}"
            raise BotFailure("crashed", detail, "") from None
        assert self.process.stdin is not None and self.process.stdout is not None
        assert self.process.stderr is not None
        self.stdin: IO[bytes] = self.process.stdin
        self.fd = self.process.stdout.fileno()
        self.err_fd: int | None = self.process.stderr.fileno()
        os.set_blocking(self.err_fd, False)
        self.buffer = b""
        #: Messages sent without waiting for their ``ok`` (``end``), whose answers
        #: are read before the answer to the next message.
        self.owed: list[str] = []
        #: The process that started the program (a forked worker inherits the
        #: parent's table of programs but must start its own).
        self.owner = os.getpid()
        #: The rules and players of the last ``hello``.
        self.greeted: tuple[Ruleset, int] | None = None

    def read_stderr(self) -> None:
        """Take in what the program has written to standard error, without waiting."""
        taken = 0
        while self.err_fd is not None and taken < _READ_AT_ONCE:
            try:
                chunk = os.read(self.err_fd, 65536)
            except BlockingIOError:
                return
            except OSError:
                chunk = b""
            if not chunk:
                self.err_fd = None  # closed: the program has exited, or shut it
                return
            taken += len(chunk)
            self.tail += chunk
            if len(self.tail) > _TAIL_KEPT:
                del self.tail[: len(self.tail) - _TAIL_KEPT]
            self.dropped += len(chunk) - self._log(chunk, reserve=_TAIL_KEPT + 256)

    def _log(self, data: bytes, reserve: int = 0) -> int:
        """Write what of ``data`` fits in the log under :data:`LOG_CAP`, less
        ``reserve`` bytes; the bytes written."""
        room = max(0, LOG_CAP - reserve - self.logged)
        if room:
            self.log_file.write(data[:room])
            self.logged += min(room, len(data))
        return min(room, len(data))

    def stderr_tail(self) -> str:
        """The end of what the program wrote to standard error since it started."""
        self.read_stderr()
        text = self.tail.decode(errors="replace")
        if len(self.tail) == _TAIL_KEPT:  # the first line may be cut: drop it
            text = text.partition("\n")[2] or text
        return text.rstrip("\n")[-STDERR_TAIL:]

    def fail(self, kind: str, detail: str) -> BotFailure:
        """Stop the program and describe its failure."""
        self.stop()
        return BotFailure(kind, detail, self.stderr_tail())

    def _exited(self, doing: str) -> BotFailure:
        try:
            status = self.process.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            return self.fail("crashed", f"closed its standard output {doing}")
        how = f"exited with status {status}" if status >= 0 else f"was killed by signal {-status}"
        return self.fail("crashed", f"{how} {doing}")

    def send(self, message: dict[str, Any], what: str) -> None:
        """Write ``message`` as one line."""
        try:
            self.stdin.write(json.dumps(message, separators=(",", ":")).encode() + b"\n")
            self.stdin.flush()
        except (BrokenPipeError, ConnectionResetError, ValueError):
            raise self._exited(f"without answering {what}") from None

    def post(self, message: dict[str, Any], what: str) -> None:
        """Send ``message`` without waiting: its ``ok`` is read before the answer to
        the next message, within that message's time."""
        self.send(message, what)
        self.owed.append(what)

    def ask(self, message: dict[str, Any], seconds: float, what: str) -> str:
        """Send ``message`` and read one line of answer within ``seconds``, after
        the ``ok`` owed to any message posted before it."""
        self.send(message, what)
        deadline = time.monotonic() + seconds
        while self.owed:
            earlier = self.owed.pop(0)
            answer = self._line(deadline, seconds, earlier)
            if answer != "ok":
                raise self.fail("garbage", f"answered {earlier} with {_quoted(answer)}, not ok")
        return self._line(deadline, seconds, what)

    def _line(self, deadline: float, seconds: float, what: str) -> str:
        """The next line the program writes, by ``deadline``; its standard error is
        taken in meanwhile."""
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            # wake now and then to see whether the program itself has exited: a
            # child it left behind may hold the pipe open, so no end of file comes
            watched = [self.fd] if self.err_fd is None else [self.fd, self.err_fd]
            ready = left > 0 and select.select(watched, [], [], min(left, _POLL))[0]
            if ready and self.err_fd in ready:
                self.read_stderr()
                if self.fd not in ready:
                    continue
            if not ready and left > 0:
                if self.process.poll() is not None:
                    raise self._exited(f"without answering {what}")
                continue
            if not ready:
                if self.buffer:
                    raise self.fail(
                        "timed out",
                        f"wrote {len(self.buffer)} bytes in answer to {what} but no end of "
                        f"line within {seconds:.3g} s (does it end each answer with a "
                        "newline?)",
                    )
                raise self.fail(
                    "timed out",
                    f"gave no answer to {what} within {seconds:.3g} s (did it write a "
                    "whole line and flush its output?)",
                )
            chunk = os.read(self.fd, 65536)
            if not chunk:
                raise self._exited(f"without answering {what}")
            self.buffer += chunk
            if len(self.buffer) > MAX_ANSWER and b"\n" not in self.buffer:
                raise self.fail("garbage", f"answered {what} with a line over {MAX_ANSWER} bytes")
        line, _, self.buffer = self.buffer.partition(b"\n")
        try:
            return line.decode().strip()
        except UnicodeDecodeError:
            raise self.fail("garbage", f"answered {what} with bytes that are not UTF-8") from None

    def stop(self, grace: float = 0.2) -> None:
        """Close the program's input, give it ``grace`` seconds to exit, then kill
        it and every process it started (its whole process group: a wrapper
        script's program, a child it forked)."""
        if self.process.poll() is None:
            with contextlib.suppress(OSError):
                self.stdin.close()
            try:
                self.process.wait(timeout=grace)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        else:
            with contextlib.suppress(OSError):
                self.stdin.close()
        with contextlib.suppress(OSError):  # the group is gone once all of it has exited
            os.killpg(self.process.pid, signal.SIGKILL)
        if self.process.stdout is not None:
            self.process.stdout.close()
        self.read_stderr()
        if self.process.stderr is not None:
            self.process.stderr.close()
        self.err_fd = None
        if not self.log_file.closed:
            if self.dropped:
                self._log(
                    f"\n--- {self.dropped:,} bytes of standard error dropped here: a log keeps "
                    f"at most {LOG_CAP:,} bytes; the program's last {len(self.tail):,} bytes "
                    "follow ---\n".encode()
                    + bytes(self.tail)
                )
            self.log_file.close()


#: The guard a program runs under on Linux (``skitgubbe/bots/_guard.py``).
_GUARD = str(Path(__file__).with_name("_guard.py"))


def _guarded(words: Sequence[str]) -> list[str]:
    """The command that runs ``words``: under the guard on Linux, where it stops
    every process of the program once this process dies; as it is elsewhere. A
    program that cannot be found raises :class:`FileNotFoundError` here, as
    starting it would."""
    if not sys.platform.startswith("linux"):
        return list(words)
    if shutil.which(words[0]) is None:
        raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), words[0])
    return [sys.executable, "-I", "-S", _GUARD, str(os.getpid()), *words]


def _die_with_parent() -> None:  # pragma: no cover - runs in the child, before exec
    """On Linux, have the guard told when the process that started it dies (a
    worker process killed, or stopped by Ctrl-C, cannot stop its programs itself):
    it then stops every process of the program."""
    if sys.platform.startswith("linux"):
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def _remove_logs(folder: Path, owner: int) -> None:
    """Remove a folder of logs made for a bot, in the process that made it."""
    if os.getpid() == owner:
        shutil.rmtree(folder, ignore_errors=True)


class CommandBot:
    """A bot that is a separate program speaking the line protocol.

    ``spec`` is ``cmd:PROGRAM ARGS`` (see :func:`command_of`). ``move_time`` is
    the seconds the program has to answer ``choose`` when it is asked through
    :meth:`choose` (a run with limits asks through :meth:`choose_within`).
    Standard error is appended to a log file in ``log_dir``, named after the
    bot and the process that runs it (:attr:`log`), up to :data:`LOG_CAP` bytes
    a file. Without ``log_dir`` the logs go to a folder of the system's temporary
    directory made for this bot, removed when the bot is closed (a match or
    tournament closes its bots when it ends) or collected; give ``log_dir`` to
    keep them.

    A bot can be pickled into worker processes: its program is not, and each
    worker starts its own when it first needs it.
    """

    def __init__(
        self,
        spec: str,
        *,
        name: str | None = None,
        move_time: float = DEFAULT_MOVE_TIME,
        log_dir: str | Path | None = None,
    ) -> None:
        self.spec = spec.strip()
        given, self.words = name_and_command(self.spec)
        self.name = name or given or _label(self.words)
        if not move_time > 0:
            raise ValueError(
                f"move_time must be a positive number of seconds, not {shown(move_time)}"
            )
        self.move_time = float(move_time)
        self.identity = uuid.uuid4().hex
        self._maker = os.getpid()
        #: Whether the logs are the caller's to keep (``log_dir`` was given).
        self.keep_logs = log_dir is not None
        if log_dir is not None:
            self.log_dir = Path(log_dir)
        else:
            self.log_dir = Path(tempfile.mkdtemp(prefix="skitgubbe-bot-logs-"))
            weakref.finalize(self, _remove_logs, self.log_dir, os.getpid())
        self._seat = 0
        self._seed = 0
        self._pending_reset = False
        self._started = False

    def __repr__(self) -> str:
        return f"CommandBot({self.spec!r}, name={self.name!r})"

    def __getstate__(self) -> dict[str, Any]:
        return dict(self.__dict__)

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)

    @property
    def log(self) -> Path:
        """The file this process's program writes its standard error to."""
        slug = re.sub(r"[^A-Za-z0-9_.-]+", "_", self.name)
        return self.log_dir / f"{slug}-{self.identity[:8]}-{os.getpid()}.log"

    def _program(self) -> _Program:
        program = _LIVE.get(self.identity)
        if program is not None and program.owner != os.getpid():
            program = None  # the parent's, inherited by a fork: leave it to the parent
        if program is None or program.process.poll() is not None:
            if program is not None:
                program.stop()
            program = _Program(self.words, self.log)
            _LIVE[self.identity] = program
        return program

    def _drop(self) -> None:
        _LIVE.pop(self.identity, None)
        self._started = False  # a failed game is not told its end: no restart for it

    def _ask(self, message: dict[str, Any], seconds: float, what: str) -> str:
        program = self._program()
        try:
            return program.ask(message, seconds, what)
        except BotFailure:
            self._drop()
            raise

    def _ok(self, message: dict[str, Any], what: str) -> None:
        answer = self._ask(message, SETUP_TIME, what)
        if answer != "ok":
            program = _LIVE.pop(self.identity, None)
            detail = f"answered {what} with {_quoted(answer)}, not ok"
            if program is not None:
                raise program.fail("garbage", detail)
            raise BotFailure("garbage", detail, "")  # pragma: no cover - the program is live

    def reset(self, seat: int, seed: int) -> None:
        """Remember the new game's seat and seed; they are sent before its first choice."""
        self._seat, self._seed = seat, seed
        self._pending_reset = True
        self._started = False

    def prepare(self, rules: Ruleset, players: int) -> None:
        """Start the program if it is not running, and send ``hello`` (if the rules
        or the table changed) and the ``reset`` of the game at hand, each answered
        within :data:`SETUP_TIME` seconds. :meth:`choose` does this itself when
        needed; a run calls it before the game, so that a program's start-up does
        not count against its time for a move."""
        program = self._program()
        greeted = program.greeted
        if (
            greeted is None
            or greeted[1] != players
            or (greeted[0] is not rules and greeted[0] != rules)
        ):
            self._ok(
                {
                    "type": "hello",
                    "protocol": PROTOCOL_VERSION,
                    "rules": ruleset_to_dict(rules),
                    "players": players,
                },
                "hello",
            )
            program.greeted = (rules, players)
            self._pending_reset = True
        if self._pending_reset:
            self._ok({"type": "reset", "seat": self._seat, "seed": self._seed}, "reset")
            self._pending_reset = False
        self._started = True

    def choose(self, view: PlayerView, moves: Sequence[Move]) -> Move | None:
        """Ask the program, giving it ``move_time`` seconds."""
        return self.choose_within(view, moves, self.move_time)

    def choose_within(self, view: PlayerView, moves: Sequence[Move], seconds: float) -> Move | None:
        """Ask the program for one of ``moves``, giving it ``seconds`` to answer.

        Raises :class:`~skitgubbe.bots.protocol.BotFailure` if the program has
        exited, answers late, answers with something that is not one of the
        moves listed or ``pass``, or passes when it is due.
        """
        self.prepare(view.rules, view.players)
        due = view.player in view.due
        data = view.to_dict(rules=False)
        texts = [str(move) for move in moves]
        answer = self._ask(
            {"type": "choose", "view": data, "moves": texts, "due": due, "time": seconds},
            seconds,
            "choose",
        )
        if answer == "pass":
            if due:
                raise self._failed("illegal move", "passed when it was due")
            return None
        for text, move in zip(texts, moves, strict=True):
            if answer == text:
                return move
        from ..moves import parse_move

        try:
            chosen = parse_move(answer)
        except ValueError:
            raise self._failed(
                "garbage", f"answered choose with {_quoted(answer)}, which is not a move"
            ) from None
        if chosen in moves:
            return chosen
        raise self._failed(
            "illegal move",
            f"chose {_quoted(answer)}, which is not one of its legal moves: {', '.join(texts)}",
        )

    def _failed(self, kind: str, detail: str) -> BotFailure:
        self._started = False
        program = _LIVE.pop(self.identity, None)
        tail = program.stderr_tail() if program is not None else ""
        if program is not None:
            program.stop()
        return BotFailure(kind, detail, tail)

    def end(self, goat: int, order: Sequence[int]) -> None:
        """Tell the program the game's goat and the order the others went out in;
        nothing is sent if the program never played in this game. Its ``ok`` is
        not waited for here: it is read before the answer to the next message, in
        that message's time (so a program slow to take in the end of a game is
        slow to start the next, on that game's clock)."""
        if not self._started:
            return
        self._started = False
        program = _LIVE.get(self.identity)
        if program is None or program.owner != os.getpid():
            return  # pragma: no cover - a started bot has its program here
        try:
            program.post({"type": "end", "goat": goat, "out": list(order)}, "end")
        except BotFailure:
            self._drop()
            raise

    def stop_program(self, grace: float = 0.2) -> None:
        """Stop this bot's program in this process, with every process it started,
        after ``grace`` seconds for it to exit on its own; the next game starts it
        again (a run does this when the bot forfeits)."""
        self._started = False
        program = _LIVE.pop(self.identity, None)
        if program is not None and program.owner == os.getpid():
            program.stop(grace)

    def close(self) -> None:
        """Stop this bot's program in this process, giving it up to
        :data:`CLOSE_GRACE` seconds to take in the last ``end`` and exit; logs it
        made without being given ``log_dir`` are removed."""
        self.stop_program(CLOSE_GRACE)
        if not self.keep_logs:
            _remove_logs(self.log_dir, getattr(self, "_maker", -1))


def _quoted(text: str) -> str:
    return repr(text if len(text) <= 80 else text[:77] + "...")
