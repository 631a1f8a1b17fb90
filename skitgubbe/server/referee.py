"""The referee: the rules for any program, as JSON messages.

A program in another language (a web game, a Godot or Unity table, a bot
arena) that wants the rules without porting them asks a :class:`Referee`. Each
request is a JSON object with a ``type`` (and, if it likes, an ``id``, which the
answer repeats); each answer is one JSON object. ``python -m skitgubbe referee``
speaks them as JSON lines on standard input and output (:func:`serve`).

Requests:

* ``new``: a game. ``rules`` is a spec (``"flurst:high_trump=true"``) or every
  setting as an object; ``deal`` is ``{"players", "seed"}`` for a shuffle or a
  layout as a record writes it (``hands``, ``stock``, ``set_aside``,
  ``reserve``, ``leader``; the seed is 0 and the leader the rules' unless
  given); ``moves`` (optional) are played at once. Or ``record``: a whole game
  record to go on from.
* ``legal``: the legal moves, of every seat or of ``seat``.
* ``apply``: play ``move`` (notation, ``"0 play 7C"``).
* ``view``: what ``seat`` sees, as :meth:`~skitgubbe.views.PlayerView.to_dict`
  writes it.
* ``undo``: go back to the position after ``to`` moves.
* ``record``: the game so far, as :meth:`~skitgubbe.records.Record.to_dict`.

``new``, ``apply`` and ``undo`` answer with a ``state``: the moves made, the
phase, who may act and who is due, the legal moves, the events of the last move
and, once over, the goat. This answer is the referee's own, for the table as a
whole (its events name cards a seat may not have seen): a program hosting
players sends each one only its ``view``. Anything wrong (malformed JSON, an
unknown request, a move the rules forbid, a message over
:data:`MAX_MESSAGE` bytes) gets an ``error`` naming the problem (and the rule
ID when a rule forbids a move), and the game stays as it was.

>>> referee = Referee()
>>> answer = referee.handle({"type": "new", "rules": "flurst", "deal": {"players": 3, "seed": 1}})
>>> answer["type"], answer["moves_made"], answer["to_act"]
('state', 0, [0])
>>> answer = referee.handle({"type": "apply", "move": "1 play 2C", "id": 7})
>>> answer["type"], answer["id"], answer["rule"], answer["error"]
('error', 7, 'P1-TRICK-ALL', "it is not seat 1's turn to play: seat 0 is due (P1-TRICK-ALL)")
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import IO, Any

from .. import __version__
from ..errors import IllegalMoveError, shown
from ..events import Event
from ..jsontext import MAX_NESTING, too_deep
from ..moves import Move, parse_move
from ..records import FORMAT, FORMAT_VERSION, Record, ReplayError
from ..rules import Ruleset, ruleset_from_dict, ruleset_to_dict
from ..specs import as_rules
from ..state import PhaseOneState, State

__all__ = ["MAX_MESSAGE", "PROTOCOL", "SCHEMA_PATH", "Referee", "RefereeError", "serve"]

#: The version of the referee's messages, sent in its ``hello``.
PROTOCOL = 1
#: The JSON Schema of the requests and answers, shipped in the package.
SCHEMA_PATH = Path(__file__).with_name("referee.schema.json")
#: The longest request read, in bytes: a whole record of a long game fits.
MAX_MESSAGE = 4 * 1024 * 1024

_REQUESTS = ("new", "legal", "apply", "view", "undo", "record")


class RefereeError(ValueError):
    """A request the referee cannot answer: its message says why."""


class Referee:
    """One game at a time, asked by messages (see the module's description)."""

    def __init__(self) -> None:
        self._first: PhaseOneState | None = None
        self._states: list[State] = []
        self._moves: list[Move] = []
        self._preset: str | None = None

    def hello(self) -> dict[str, Any]:
        """The first message :func:`serve` writes."""
        return {"type": "hello", "protocol": PROTOCOL, "library": __version__}

    def handle(self, message: object) -> dict[str, Any]:
        """The answer to one request (an ``error`` answer for a bad one)."""
        ident = message.get("id") if isinstance(message, Mapping) else None
        try:
            if not isinstance(message, Mapping):
                raise RefereeError(f"a request is a JSON object, not {shown(message)}")
            kind = message.get("type")
            if kind not in _REQUESTS:
                raise RefereeError(
                    f"unknown request type {shown(kind)}; the requests are: " + ", ".join(_REQUESTS)
                )
            handlers = {
                "new": self._new,
                "legal": self._legal,
                "apply": self._apply,
                "view": self._view,
                "undo": self._undo,
                "record": self._record,
            }
            answer = handlers[kind](message)
        except IllegalMoveError as error:
            answer = {"type": "error", "error": str(error), "rule": error.rule}
        except (RefereeError, ValueError, TypeError, ReplayError) as error:
            answer = {"type": "error", "error": str(error), "rule": None}
        if ident is not None:
            answer["id"] = ident
        return answer

    def handle_line(self, line: bytes | str) -> dict[str, Any]:
        """The answer to one request as a line of JSON text."""
        if len(line) > MAX_MESSAGE:
            return _error(f"the request is {len(line):,} bytes, more than {MAX_MESSAGE:,}")
        try:
            text = line.decode() if isinstance(line, bytes) else line
        except UnicodeDecodeError as error:
            return _error(f"the request is not UTF-8 text ({error.reason})")
        if too_deep(text):
            return _error(f"the request nests lists and objects more than {MAX_NESTING} deep")
        try:
            message = json.loads(text, parse_constant=_no_constant)
        except ValueError as error:
            return _error(f"the request is not JSON: {error}")
        return self.handle(message)

    # -- requests -----------------------------------------------------------------

    def _new(self, message: Mapping[str, Any]) -> dict[str, Any]:
        _only(message, ("type", "id", "rules", "deal", "moves", "record"))
        if "record" in message:
            if any(key in message for key in ("rules", "deal", "moves")):
                raise RefereeError("give a record, or rules and a deal, not both")
            record = Record.from_dict(_field(message, "record", Mapping))
        else:
            rules = _rules(message.get("rules"))
            given = _field(message, "deal", Mapping)
            deal: dict[str, Any] = {"seed": 0, "leader": None}
            if isinstance(given.get("hands"), list):
                deal.update(players=len(given["hands"]), stock="", set_aside="", reserve="")
            deal.update(given)
            moves = message.get("moves", [])
            record = Record.from_dict(
                {
                    "format": FORMAT,
                    "version": FORMAT_VERSION,
                    "rules": ruleset_to_dict(rules),
                    "deal": deal,
                    "moves": moves,
                }
            )
        first = record.start()
        states: list[State] = [first]
        moves = [parse_move(text) for text in record.moves]
        for number, move in enumerate(moves):
            try:
                states.append(states[-1].apply(move))
            except IllegalMoveError as error:
                raise IllegalMoveError(f"moves[{number}] ({move}): {error}", error.rule) from None
        self._first, self._states, self._moves = first, states, moves
        self._preset = record.preset
        return self._state()

    def _legal(self, message: Mapping[str, Any]) -> dict[str, Any]:
        _only(message, ("type", "id", "seat"))
        state = self._now()
        seat = _seat(message, state) if "seat" in message else None
        moves = state.legal_moves() if seat is None else state.legal_moves(seat)
        return {"type": "legal", "seat": seat, "moves": [str(move) for move in moves]}

    def _apply(self, message: Mapping[str, Any]) -> dict[str, Any]:
        _only(message, ("type", "id", "move"))
        state = self._now()
        text = _field(message, "move", str)
        move = parse_move(text)
        after = state.apply(move)
        self._states.append(after)
        self._moves.append(move)
        return self._state()

    def _view(self, message: Mapping[str, Any]) -> dict[str, Any]:
        _only(message, ("type", "id", "seat"))
        state = self._now()
        seat = _seat(message, state)
        return {"type": "view", "seat": seat, "view": state.view(seat).to_dict()}

    def _undo(self, message: Mapping[str, Any]) -> dict[str, Any]:
        _only(message, ("type", "id", "to"))
        self._now()
        to = message.get("to")
        if isinstance(to, bool) or not isinstance(to, int) or not 0 <= to <= len(self._moves):
            raise RefereeError(
                f"to: a number of moves from 0 to {len(self._moves)}, not {shown(to)}"
            )
        del self._states[to + 1 :]
        del self._moves[to:]
        return self._state()

    def _record(self, message: Mapping[str, Any]) -> dict[str, Any]:
        _only(message, ("type", "id"))
        self._now()
        assert self._first is not None
        record = Record.of(self._first, self._moves, preset=self._preset)
        return {"type": "record", "record": record.to_dict()}

    # -- answers ------------------------------------------------------------------

    def _now(self) -> State:
        if not self._states:
            raise RefereeError('no game yet: start one with {"type": "new", ...}')
        return self._states[-1]

    def _state(self) -> dict[str, Any]:
        state = self._states[-1]
        return {
            "type": "state",
            "moves_made": len(self._moves),
            "phase": "one" if isinstance(state, PhaseOneState) else "two",
            "to_act": list(state.to_act),
            "due": list(state.due),
            "over": state.is_over,
            "loser": state.loser,
            "legal": [str(move) for move in state.legal_moves()],
            "last_move": str(self._moves[-1]) if self._moves else None,
            "events": [_event(event) for event in state.events],
        }


def _event(event: Event) -> dict[str, Any]:
    return {
        "kind": event.kind.name.lower(),
        "player": event.player,
        "cards": " ".join(str(card) for card in event.cards),
        "hidden": event.hidden,
    }


def _error(text: str) -> dict[str, Any]:
    return {"type": "error", "error": text, "rule": None}


def _no_constant(text: str) -> Any:
    raise ValueError(f"{text} is not a JSON value")


def _only(message: Mapping[str, Any], known: tuple[str, ...]) -> None:
    unknown = [key for key in message if key not in known]
    if unknown:
        raise RefereeError(
            f"{message.get('type')}: unknown field {shown(unknown[0])} (it takes "
            + ", ".join(key for key in known if key not in ("type", "id"))
            + ")"
        )


def _field(message: Mapping[str, Any], key: str, kind: type) -> Any:
    if key not in message:
        raise RefereeError(f"{message.get('type')}: no field {key!r}")
    value = message[key]
    if not isinstance(value, kind):
        raise RefereeError(
            f"{message.get('type')}: {key} must be {kind.__name__}, not {shown(value)}"
        )
    return value


def _rules(value: object) -> Ruleset:
    if isinstance(value, str):
        return as_rules(value)
    if isinstance(value, Mapping):
        return ruleset_from_dict(value)
    raise RefereeError(f"new: rules must be a spec or an object of settings, not {shown(value)}")


def _seat(message: Mapping[str, Any], state: State) -> int:
    seat = message.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players:
        raise RefereeError(
            f"{message.get('type')}: seat must be a seat from 0 to {state.players - 1}, "
            f"not {shown(seat)}"
        )
    return seat


def serve(source: IO[bytes] | None = None, sink: IO[bytes] | None = None) -> None:
    """Answer requests read as JSON lines from ``source`` (standard input) with
    JSON lines on ``sink`` (standard output), after a ``hello``, until the input
    ends. A line longer than :data:`MAX_MESSAGE` is read to its end and refused."""
    source = source if source is not None else sys.stdin.buffer
    sink = sink if sink is not None else sys.stdout.buffer
    referee = Referee()

    def write(answer: dict[str, Any]) -> None:
        sink.write(json.dumps(answer, separators=(",", ":")).encode() + b"\n")
        sink.flush()

    write(referee.hello())
    while True:
        line = source.readline(MAX_MESSAGE + 1)
        if not line:
            return
        if len(line) > MAX_MESSAGE and not line.endswith(b"\n"):
            size = len(line)
            while line and not line.endswith(b"\n"):  # the rest of the line, dropped
                line = source.readline(MAX_MESSAGE + 1)
                size += len(line)
            write(_error(f"the request is over {MAX_MESSAGE:,} bytes ({size:,}): refused"))
            continue
        if line.strip():
            write(referee.handle_line(line.rstrip(b"\r\n")))
