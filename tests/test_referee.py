"""The referee: the rules as JSON messages for any program (``python -m skitgubbe referee``)."""

from __future__ import annotations

import io
import json
import random
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import skitgubbe as sg
from skitgubbe.records import Record, replay
from skitgubbe.server.referee import MAX_MESSAGE, SCHEMA_PATH, Referee, serve

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "clients" / "referee_client.js"


def talk(*requests: object) -> list[dict[str, Any]]:
    """The answers :func:`serve` writes to ``requests`` (each a JSON line, or raw text)."""
    lines = b"".join(
        (request if isinstance(request, bytes) else json.dumps(request).encode()) + b"\n"
        for request in requests
    )
    out = io.BytesIO()
    serve(io.BytesIO(lines), out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_a_whole_game_through_the_referee_replays_from_its_record() -> None:
    referee = Referee()
    state = referee.handle(
        {"type": "new", "rules": "swedish_goat", "deal": {"players": 4, "seed": 3}}
    )
    rng = random.Random(3)
    played = []
    while not state["over"]:
        assert state["type"] == "state" and state["legal"]
        move = rng.choice(state["legal"])
        state = referee.handle({"type": "apply", "move": move})
        played.append(move)
    record = Record.from_dict(referee.handle({"type": "record"})["record"])
    assert list(record.moves) == played
    final = replay(record)[-1]
    assert final.is_over and final.loser == state["loser"]
    assert state["events"][-1] == {"kind": "goat", "player": final.loser, "cards": "", "hidden": 0}


def test_the_referee_answers_every_request_in_order_after_its_hello() -> None:
    answers = talk(
        {"type": "legal"},
        {"type": "new", "rules": "flurst", "deal": {"players": 3, "seed": 1}, "id": "a"},
        {"type": "legal", "seat": 1},
        {"type": "apply", "move": "0 play 8D"},
        {"type": "view", "seat": 1},
        {"type": "undo", "to": 0},
        {"type": "record", "id": 9},
    )
    kinds = [answer["type"] for answer in answers]
    assert kinds == ["hello", "error", "state", "legal", "state", "view", "state", "record"]
    assert answers[0]["protocol"] == 1
    assert "no game yet" in answers[1]["error"]
    assert answers[2]["id"] == "a" and answers[2]["to_act"] == [0]
    assert answers[3]["moves"] == []  # seat 1 may do nothing yet
    assert answers[4]["moves_made"] == 1 and answers[4]["last_move"] == "0 play 8D"
    view = sg.PlayerView.from_dict(answers[5]["view"])
    assert view.player == 1 and len(view.hand) == 3
    assert answers[6]["moves_made"] == 0
    assert answers[7]["id"] == 9 and answers[7]["record"]["moves"] == []


@pytest.mark.parametrize(
    ("request_", "message"),
    [
        (b"not json", "the request is not JSON"),
        (b"[1, 2]", "a request is a JSON object"),
        (b'{"type": "NaN", "x": NaN}', "NaN is not a JSON value"),
        ({"type": "shuffle"}, "unknown request type 'shuffle'"),
        ({"type": "apply", "move": "1 play 2C"}, "it is not seat 1's turn"),
        ({"type": "apply", "move": "0 play 1Z"}, "1Z"),
        ({"type": "apply"}, "apply: no field 'move'"),
        ({"type": "apply", "move": "0 play 8D", "seat": 0}, "apply: unknown field 'seat'"),
        ({"type": "view", "seat": 3}, "seat must be a seat from 0 to 2, not 3"),
        ({"type": "view", "seat": True}, "seat must be a seat from 0 to 2, not True"),
        ({"type": "undo", "to": 5}, "to: a number of moves from 0 to 0, not 5"),
        ({"type": "new", "rules": "flurst:high_trump=maybe", "deal": {"players": 3}}, "high_trump"),
        ({"type": "new", "rules": "flurst", "deal": {"players": 9, "seed": 1}}, "not 9"),
        (
            {"type": "new", "rules": "flurst", "deal": {"players": 3}, "moves": ["0 play AS"]},
            "moves[0]",
        ),
    ],
)
def test_a_bad_request_gets_an_error_naming_it_and_the_game_goes_on(
    request_: object, message: str
) -> None:
    answers = talk(
        {"type": "new", "rules": "flurst", "deal": {"players": 3, "seed": 1}},
        request_,
        {"type": "apply", "move": "0 play 8D"},
    )
    assert answers[2]["type"] == "error" and message in answers[2]["error"], answers[2]
    assert answers[3]["type"] == "state" and answers[3]["moves_made"] == 1


def test_a_rule_that_forbids_a_move_is_named_by_its_id() -> None:
    (_, _, refused) = talk(
        {"type": "new", "rules": "flurst", "deal": {"players": 3, "seed": 1}},
        {"type": "apply", "move": "2 play 2C"},
    )
    assert refused["rule"] == "P1-TRICK-ALL"


def test_an_oversized_request_is_read_to_its_end_and_refused() -> None:
    huge = b'{"type": "legal", "pad": "' + b"x" * (MAX_MESSAGE + 10) + b'"}'
    answers = talk(
        {"type": "new", "rules": "flurst", "deal": {"players": 3, "seed": 1}},
        huge,
        {"type": "legal"},
    )
    assert answers[2]["type"] == "error" and "over 4,194,304 bytes" in answers[2]["error"]
    assert answers[3]["type"] == "legal" and answers[3]["moves"]


def test_a_layout_and_a_record_start_games_too() -> None:
    layout = {
        "hands": ["8D 3D 5C", "3C 3S 2D", "KC KS 2H"],
        "stock": "7D QC JS 5H 9H 6C 4C 9D",
        "set_aside": "6S",
        "leader": 0,
    }
    referee = Referee()
    state = referee.handle(
        {"type": "new", "rules": "swedish_goat", "deal": layout, "moves": ["0 play 8D"]}
    )
    assert state["moves_made"] == 1 and state["due"] == [1]
    record = referee.handle({"type": "record"})["record"]
    again = Referee().handle({"type": "new", "record": record})
    assert again == state


def test_a_seats_view_is_unchanged_when_cards_it_never_saw_are_swapped() -> None:
    """What the referee sends as a seat's view names no card that seat never saw."""

    def views(hands: list[str]) -> list[str]:
        referee = Referee()
        layout = {
            "hands": hands,
            "stock": "7D QC JS 5H 9H 6C 4C 9D",
            "set_aside": "6S",
            "leader": 0,
        }
        referee.handle({"type": "new", "rules": "swedish_goat", "deal": layout})
        seen = [json.dumps(referee.handle({"type": "view", "seat": 0}))]
        referee.handle({"type": "apply", "move": "0 play 8D"})
        seen.append(json.dumps(referee.handle({"type": "view", "seat": 0})))
        return seen

    assert views(["8D 3D 5C", "3C 3S 2D", "KC KS 2H"]) == views(
        ["8D 3D 5C", "3C KS 2D", "KC 3S 2H"]
    )
    assert views(["8D 3D 5C", "3C 3S 2D", "KC KS 2H"]) != views(
        ["8D 3D 2D", "3C 3S 5C", "KC KS 2H"]
    )


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node for the JavaScript client")
def test_the_javascript_client_plays_a_whole_game_through_the_referee() -> None:
    run = subprocess.run(
        ["node", str(EXAMPLE), sys.executable, "flurst", "4", "3"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert "is the goat after" in run.stdout


def test_every_request_and_answer_of_a_game_follows_the_shipped_schema() -> None:
    jsonschema = pytest.importorskip("jsonschema", reason="needs jsonschema to check the schema")
    schema = json.loads(SCHEMA_PATH.read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    requests: list[object] = [
        {"type": "new", "rules": "flurst", "deal": {"players": 3, "seed": 2}, "id": 1},
        {"type": "apply", "move": "1 play 2C"},
        {"type": "legal", "seat": 0},
        {"type": "legal"},
        {"type": "view", "seat": 2},
    ]
    answers = talk(*requests)
    referee = Referee()
    state = referee.handle(requests[0])
    rng = random.Random(2)
    while not state["over"]:
        request = {"type": "apply", "move": rng.choice(state["legal"])}
        requests.append(request)
        state = referee.handle(request)
        answers.append(state)
    for request in ({"type": "undo", "to": 3}, {"type": "record"}):
        requests.append(request)
        answers.append(referee.handle(request))
    for message in [*requests, *answers]:
        validator.validate(message)
    assert {answer["type"] for answer in answers} == {
        "hello",
        "state",
        "error",
        "legal",
        "view",
        "record",
    }
    with pytest.raises(jsonschema.ValidationError):
        validator.validate({"type": "apply", "move": "0 play 7C", "seat": 0})
