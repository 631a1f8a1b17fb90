"""Hypothesis fuzzing of every command-line option that takes a number or a path.

Whatever the value, a command either does its work (exit status 0) or refuses
before any game with a usage message (status 2); it never prints a traceback.
Each command starts from small, quick settings, and the fuzzed option is given
last, so that it is the one argparse keeps.
"""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import skitgubbe as sg
from skitgubbe.cli import main
from skitgubbe.compare import VariantError, parse_variant
from skitgubbe.sessions import Session, SessionError, play_session

FUZZ = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

#: Each command with quick settings, and its options that take a whole number.
COMMANDS: dict[str, tuple[list[str], tuple[str, ...]]] = {
    "watch": (["watch", "--preset", "pagat", "--players", "3", "--seed", "1"], ("--seed",)),
    "match": (
        ["match", "--bots", "greedy,random,random", "--games", "1", "--jobs", "1", "--no-progress"],
        ("--games", "--seed", "--jobs", "--players"),
    ),
    "compare": (
        ["compare", "pagat", "--players", "3", "--games", "1", "--jobs", "1", "--no-progress"],
        ("--games", "--seed", "--jobs", "--players"),
    ),
    "session": (
        ["session", "--players", "Ann,Bea,Cid", "--games", "1", "--plain"],
        ("--games", "--seed"),
    ),
    "play": (["play", "--preset", "pagat", "--players", "3", "--seed", "1"], ("--seat", "--seed")),
}
OPTIONS = [(name, option) for name, (_, options) in COMMANDS.items() for option in options]

#: Numbers at the edges: negative, zero, small, past every limit, too long to print.
NUMBERS = st.one_of(
    st.integers(-3, 3),
    st.sampled_from([2**31, 2**63, 2**64, 10**9 + 1, 10**18, 10**30, -(10**30)]),
).map(str) | st.sampled_from(["1" + "0" * 5000, "-0", "+1", "1e3", "0x10", "", " 2", "٢"])


def run(args: list[str], monkeypatch: pytest.MonkeyPatch, capsys: Any) -> tuple[int, str]:
    """The exit status of ``args`` and what it printed on standard error."""
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    try:
        status = main(args)
    except SystemExit as stop:
        status = stop.code if isinstance(stop.code, int) else 1
    return status, capsys.readouterr().err


@FUZZ
@given(st.sampled_from(OPTIONS), NUMBERS)
def test_a_number_option_runs_or_is_refused_with_a_reason(
    monkeypatch: pytest.MonkeyPatch, capsys: Any, choice: tuple[str, str], value: str
) -> None:
    command, option = choice
    base, _ = COMMANDS[command]
    status, err = run([*base, option, value], monkeypatch, capsys)
    assert "Traceback" not in err
    if status == 2:
        assert option in err or "seat" in err or "players" in err or "games" in err, err
    else:
        assert status in (0, 130), err  # play ends with 130 when the person quits


PATH_OPTIONS = [
    ("compare", "--csv"),
    ("compare", "--jsonl"),
    ("session", "--save"),
    ("session", "--load"),
    ("play", "--record"),
]


@FUZZ
@given(
    st.sampled_from(PATH_OPTIONS),
    st.sampled_from(["folder", "missing/x.json", "garbage", "empty", "new.json", "deep"]),
)
def test_a_path_option_runs_or_is_refused_with_a_reason(
    monkeypatch: pytest.MonkeyPatch,
    capsys: Any,
    tmp_path_factory: pytest.TempPathFactory,
    choice: tuple[str, str],
    kind: str,
) -> None:
    command, option = choice
    folder = tmp_path_factory.mktemp("paths")
    paths = {
        "folder": folder,
        "missing/x.json": folder / "missing" / "x.json",
        "garbage": folder / "garbage.json",
        "empty": folder / "empty.json",
        "new.json": folder / "new.json",
        "deep": folder / "deep.json",
    }
    paths["garbage"].write_bytes(b"\xff\x00 not json")
    paths["empty"].write_text("", encoding="utf-8")
    paths["deep"].write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    base, _ = COMMANDS[command]
    status, err = run([*base, option, str(paths[kind])], monkeypatch, capsys)
    assert "Traceback" not in err
    assert status in (0, 2, 130), err
    if status == 2:
        assert option in err, err


# -- specs and saved sessions as text --------------------------------------------------


@FUZZ
@given(st.text(max_size=60) | st.sampled_from(sg.presets.NAMES).map(lambda name: name + ":"))
def test_any_text_is_a_spec_or_is_refused_briefly(text: str) -> None:
    try:
        rules = parse_variant(text)
    except VariantError as error:
        assert len(str(error)) < 400
        return
    assert isinstance(rules, sg.Ruleset) and text.isascii()


SAVED = json.loads(
    play_session(Session.start(sg.presets.FLURST, ["Ann", "Bea", "Cid"]), 2, seed=1).to_json()
)
JSON_VALUES: st.SearchStrategy[Any] = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 10)
    | st.sampled_from([10**30, "flurst", "game", "rove", "Ann", "0 play 2C"])
    | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)


@FUZZ
@given(st.dictionaries(st.sampled_from(sorted(SAVED)), JSON_VALUES, min_size=1, max_size=2))
def test_a_saved_session_with_any_fields_changed_is_read_or_refused(
    changes: dict[str, Any],
) -> None:
    data = {**SAVED, **changes}
    try:
        session = Session.from_json(json.dumps(data))
    except (SessionError, ValueError, TypeError):
        return
    assert Session.from_json(session.to_json()) == session


@FUZZ
@given(st.binary(max_size=80) | st.text(max_size=80))
def test_any_bytes_or_text_is_a_saved_session_or_refused(text: bytes | str) -> None:
    try:
        Session.from_json(text)
    except (SessionError, ValueError, TypeError):
        return


def test_a_saved_session_round_trips() -> None:
    assert Session.from_json(json.dumps(SAVED)).to_json() == json.dumps(SAVED)


def test_the_path_fuzz_covers_every_option_that_takes_a_path() -> None:
    assert {option for _, option in PATH_OPTIONS} == {
        "--csv",
        "--jsonl",
        "--save",
        "--load",
        "--record",
    }
