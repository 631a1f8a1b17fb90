"""Bots as programs over the line protocol, time limits and forfeits."""

from __future__ import annotations

import json
import os
import pickle
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import pytest

import skitgubbe as sg
from skitgubbe.bots import (
    SCHEMA_PATH,
    CommandBot,
    GreedyBot,
    MatchError,
    RandomBot,
    make_bot,
)
from skitgubbe.moves import Move
from skitgubbe.runner import Limits, Outcome, play_seated
from skitgubbe.tournament import match
from skitgubbe.views import PlayerView

from .helpers import KEY

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "bots"
PYTHON_BOT = f"cmd:{sys.executable} {EXAMPLES / 'random_bot.py'}"
NODE_BOT = f"cmd:node {EXAMPLES / 'random_bot.js'}"
SEEDS = (11, 12, 13, 14)


def broken(mode: str) -> str:
    return f"cmd:{sys.executable} {EXAMPLES / 'broken_bot.py'} {mode}"


ONE_SECOND = Limits(move=1.0)


def play(spec: str, tmp_path: Path, limits: Limits = ONE_SECOND) -> Outcome:
    bots = [make_bot(spec, log_dir=tmp_path), GreedyBot(), RandomBot(), RandomBot()]
    return play_seated(sg.presets.FLURST, bots, 5, SEEDS, limits)


def test_the_python_example_bot_plays_whole_games_over_the_protocol(tmp_path: Path) -> None:
    outcome = play(PYTHON_BOT, tmp_path)
    assert outcome.forfeit is None and outcome.moves > 20
    assert sorted(outcome.places) == [1.0, 2.0, 3.0, 4.0]


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node for the JavaScript example")
def test_the_node_example_bot_plays_a_match(tmp_path: Path) -> None:
    bot = make_bot(NODE_BOT, log_dir=tmp_path)
    result = match(sg.presets.FLURST, [bot, "greedy", "random"], games=3, seed=2, workers=1)
    assert result.games_played == 3 and not result.forfeits


@pytest.mark.skipif(shutil.which("cc") is None, reason="needs a C compiler (cc) for the C example")
def test_the_c_example_bot_builds_with_libc_alone_and_plays_every_preset(tmp_path: Path) -> None:
    """The C example reads the messages whatever their key order and length: it
    plays whole games of every preset (two packs, Mas, avstickshög) without a
    forfeit, and its answers are the same game after game from the same seeds."""
    binary = tmp_path / "random_bot"
    subprocess.run(
        [
            "cc",
            "-O2",
            "-Wall",
            "-Wextra",
            "-Werror",
            "-std=c11",
            "-o",
            str(binary),
            str(EXAMPLES / "random_bot.c"),
        ],
        check=True,
    )
    spec = f"cmd:{binary}"
    for name in sg.presets.NAMES:
        rules = sg.presets.get(name)
        players = min(max(3, rules.min_players), rules.max_players)
        bots = [make_bot(spec, log_dir=tmp_path), GreedyBot(), RandomBot(), RandomBot()]
        outcome = play_seated(rules, bots[:players], 5, SEEDS[:players], ONE_SECOND, record=True)
        assert outcome.forfeit is None, (name, outcome.forfeit)
        again = play_seated(rules, bots[:players], 5, SEEDS[:players], ONE_SECOND, record=True)
        assert again.record == outcome.record


def test_a_program_bot_plays_the_same_game_from_the_same_seeds(tmp_path: Path) -> None:
    first = play_seated(
        sg.presets.FLURST,
        [make_bot(PYTHON_BOT, log_dir=tmp_path), GreedyBot(), RandomBot()],
        9,
        (1, 2, 3),
        record=True,
    )
    again = play_seated(
        sg.presets.FLURST,
        [make_bot(PYTHON_BOT, log_dir=tmp_path), GreedyBot(), RandomBot()],
        9,
        (1, 2, 3),
        record=True,
    )
    assert first.record == again.record and first.loser == again.loser


@pytest.mark.parametrize(
    ("spec", "reason", "stderr"),
    [
        ("cmd:false", "crashed", ""),
        (broken("illegal"), "illegal move", "breaking the protocol (illegal)"),
        (broken("garbage"), "garbage", "breaking the protocol (garbage)"),
        (broken("crash"), "crashed", "RuntimeError: broken_bot crashed on purpose"),
    ],
)
def test_a_failing_program_forfeits_and_is_the_goat(
    spec: str, reason: str, stderr: str, tmp_path: Path
) -> None:
    outcome = play(spec, tmp_path)
    assert outcome.forfeit is not None
    assert outcome.forfeit.reason == reason and outcome.forfeit.seat == 0
    assert outcome.loser == 0 and outcome.places[0] == 4.0
    assert stderr in outcome.forfeit.stderr


def test_a_program_that_hangs_forfeits_on_its_time_limit(tmp_path: Path) -> None:
    start = time.monotonic()
    outcome = play(broken("hang"), tmp_path, Limits(move=0.3))
    assert time.monotonic() - start < 5
    assert outcome.forfeit is not None and outcome.forfeit.reason == "timed out"
    assert "within 0.3 s" in outcome.forfeit.detail


@pytest.mark.parametrize(
    ("mode", "said"),
    [
        ("noflush", "did it write a whole line and flush its output?"),
        ("nonewline", "but no end of line within 0.3 s (does it end each answer with a newline?)"),
    ],
)
def test_a_program_that_does_not_flush_a_whole_line_is_told_why_it_timed_out(
    tmp_path: Path, mode: str, said: str
) -> None:
    outcome = play(broken(mode), tmp_path, Limits(move=0.3))
    assert outcome.forfeit is not None and outcome.forfeit.reason == "timed out"
    assert said in outcome.forfeit.detail


def test_a_program_that_never_answers_forfeits_without_stopping_the_run(tmp_path: Path) -> None:
    outcome = play("cmd:sleep 1000", tmp_path)
    assert outcome.forfeit is not None and outcome.forfeit.reason == "timed out"
    assert "hello" in outcome.forfeit.detail


def test_a_program_is_started_again_after_it_forfeits(tmp_path: Path) -> None:
    bot = make_bot(broken("garbage"), log_dir=tmp_path)
    result = match(sg.presets.FLURST, [bot, "greedy", "random"], games=2, seed=1, workers=1)
    # every game reaches the tenth choice again: a fresh program each time
    assert len(result.forfeits) == 6
    assert all(
        row.forfeit is not None and row.forfeit.reason == "garbage" for row in result.forfeits
    )
    log = Path(bot.log).read_text()  # type: ignore[attr-defined]
    assert log.count("breaking the protocol (garbage)") == 6


def test_a_program_lives_across_the_games_of_a_run(tmp_path: Path) -> None:
    bot = make_bot(PYTHON_BOT, log_dir=tmp_path)
    match(sg.presets.FLURST, [bot, "greedy", "random"], games=3, seed=1, workers=1)
    assert isinstance(bot, CommandBot)
    assert bot.log.read_text().count("--- ") == 1  # one start in nine games


class Raising:
    name = "raising"

    def reset(self, seat: int, seed: int) -> None:
        pass

    def choose(self, view: PlayerView, moves: Sequence[Move]) -> Move | None:
        raise ZeroDivisionError("oops")


class Slow(RandomBot):
    def choose(self, view: PlayerView, moves: Sequence[Move]) -> Move | None:
        time.sleep(0.05)
        return super().choose(view, moves)


def test_a_bot_in_this_process_that_raises_or_is_slow_forfeits() -> None:
    rules = sg.presets.FLURST
    raised = play_seated(rules, [GreedyBot(), Raising(), RandomBot()], 3, (1, 2, 3))
    assert raised.forfeit is not None and raised.forfeit.reason == "error"
    assert "ZeroDivisionError: oops" in raised.forfeit.detail and raised.loser == 1
    slow = play_seated(rules, [GreedyBot(), RandomBot(), Slow()], 3, (1, 2, 3), Limits(move=0.01))
    assert slow.forfeit is not None and slow.forfeit.reason == "timed out" and slow.loser == 2


def test_a_game_limit_counts_every_move_of_the_game() -> None:
    outcome = play_seated(
        sg.presets.FLURST, [GreedyBot(), RandomBot(), Slow()], 3, (1, 2, 3), Limits(1.0, 0.2)
    )
    assert outcome.forfeit is not None and "game limit" in outcome.forfeit.detail


def test_a_program_that_is_not_there_is_refused_by_name() -> None:
    with pytest.raises(MatchError, match="there is no program 'no-such-bot-program'"):
        make_bot("cmd:no-such-bot-program --fast")
    with pytest.raises(MatchError, match="name the program to run after cmd:"):
        make_bot("cmd:  ")


def test_a_program_bot_pickles_without_its_program(tmp_path: Path) -> None:
    bot = make_bot(PYTHON_BOT, log_dir=tmp_path)
    assert isinstance(bot, CommandBot)
    copy = pickle.loads(pickle.dumps(bot))
    assert (
        copy.identity == bot.identity and copy.words == bot.words and copy.name == "random_bot.py"
    )


def test_every_message_sent_follows_the_shipped_schema(tmp_path: Path) -> None:
    jsonschema = pytest.importorskip("jsonschema", reason="needs jsonschema to check the schema")
    schema = json.loads(SCHEMA_PATH.read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    recorder = tmp_path / "recorder.py"
    recorder.write_text(
        "import sys\n"
        f"out = open({str(tmp_path / 'messages.jsonl')!r}, 'w')\n"
        "for line in sys.stdin:\n"
        "    out.write(line); out.flush()\n"
        "    moves = __import__('json').loads(line).get('moves')\n"
        "    print(moves[0] if moves else 'ok', flush=True)\n"
    )
    program = make_bot(f"cmd:{sys.executable} {recorder}", log_dir=tmp_path)
    assert isinstance(program, CommandBot)
    outcome = play_seated(sg.presets.FLURST, [program, GreedyBot(), GreedyBot()], 4, (1, 2, 3))
    assert outcome.forfeit is None
    # ``end`` is sent without waiting for its ``ok``: give the program time to record it
    record = tmp_path / "messages.jsonl"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        lines = record.read_text().splitlines()
        if lines and json.loads(lines[-1])["type"] == "end":
            break
        time.sleep(0.01)
    program.close()
    messages = [json.loads(line) for line in record.read_text().splitlines()]
    assert [m["type"] for m in messages[:3]] == ["hello", "reset", "choose"]
    assert messages[-1]["type"] == "end" and messages[-1]["goat"] == outcome.loser
    validator = jsonschema.Draft202012Validator(schema)
    for message in messages:
        validator.validate(message)
    # a view sent can be read back with the rules from hello
    view = dict(messages[2]["view"], rules=messages[0]["rules"])
    assert PlayerView.from_dict(view).player == 0


def test_workers_start_their_own_programs_even_after_this_process_used_the_bot(
    tmp_path: Path,
) -> None:
    bot = make_bot(PYTHON_BOT, log_dir=tmp_path)
    here = match(sg.presets.FLURST, [bot, "greedy", "random"], games=4, seed=3, workers=1, key=KEY)
    forked = match(
        sg.presets.FLURST, [bot, "greedy", "random"], games=4, seed=3, workers=2, key=KEY
    )
    assert here.rows == forked.rows and not forked.forfeits


def test_a_program_bot_may_carry_a_display_name_and_python_is_this_python(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``cmd:NAME=PROGRAM ARGS`` names the bot in tables; ``python`` runs the
    interpreter running the library when no ``python`` is on the PATH."""
    named = make_bot(f"cmd:low-1=python {EXAMPLES / 'random_bot.py'}", log_dir=tmp_path)
    assert named.name == "low-1"
    monkeypatch.setenv("PATH", str(tmp_path))  # no python here
    bot = make_bot(f"cmd:python {EXAMPLES / 'random_bot.py'}", log_dir=tmp_path)
    assert getattr(bot, "words")[0] == sys.executable  # noqa: B009
    result = match(sg.presets.FLURST, [bot, "greedy", "random"], games=1, seed=1, workers=1)
    assert not result.forfeits and result.bots[0] == "random_bot.py"
    with pytest.raises(MatchError, match="there is no program 'nowhere'"):
        make_bot("cmd:x=nowhere --fast")


def processes_running(marker: str) -> list[int]:
    """The processes whose command line holds ``marker`` (Linux's /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                line = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            except OSError:
                continue
            if marker in line and "sh -c" not in line:
                found.append(int(entry.name))
    return found


@pytest.mark.skipif(not Path("/proc/self/cmdline").exists(), reason="needs Linux's /proc")
def test_no_process_a_program_started_outlives_its_forfeit(tmp_path: Path) -> None:
    """A wrapper that starts a child (here ``sleep``) and hangs forfeits on time,
    and the child is stopped with it; a program that exits with status 3 while a
    child it left holds its output open is reported as exited, not as timed out."""
    hang = broken("hang").removeprefix("cmd:")
    outcome = play(f"cmd:sh -c 'sleep 301.25 & exec {hang}'", tmp_path, Limits(move=0.3))
    assert outcome.forfeit is not None and outcome.forfeit.reason == "timed out"
    assert gone("sleep 301.25")
    start = time.monotonic()
    outcome = play("cmd:sh -c 'sleep 302.25 & exit 3'", tmp_path, Limits(move=2.0))
    assert outcome.forfeit is not None and outcome.forfeit.reason == "crashed"
    assert "exited with status 3" in outcome.forfeit.detail
    assert time.monotonic() - start < 4  # told at once, not after the hello's 5 s
    assert gone("sleep 302.25")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux stops them (prctl)")
def test_no_process_of_a_program_outlives_the_process_that_started_it(tmp_path: Path) -> None:
    """The process that started a wrapper script's bot is killed with SIGKILL (as
    the OOM killer kills a worker): it can stop nothing itself, yet every process
    of the program is stopped, the bot and the child the wrapper left running
    alike."""
    marker = f"{time.monotonic_ns()}-started-by-a-killed-worker"
    wrapper = tmp_path / "run.sh"
    wrapper.write_text(
        f"{shlex.quote(sys.executable)} -c 'import time; time.sleep(600)' {marker}-left &\n"
        f"{shlex.quote(sys.executable)} {EXAMPLES / 'random_bot.py'} {marker}-bot\n"
    )
    worker = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time\n"
            "import skitgubbe as sg\n"
            "from skitgubbe.bots import make_bot\n"
            f"bot = make_bot({f'cmd:sh {wrapper}'!r}, log_dir={str(tmp_path)!r})\n"
            "bot.prepare(sg.presets.FLURST, 3)\n"
            "print('ready', flush=True)\n"
            "time.sleep(600)\n",
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert worker.stdout is not None and worker.stdout.readline() == "ready\n"
        deadline = time.monotonic() + 5
        while len(processes_running(marker)) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(processes_running(marker)) >= 2  # the bot and what the wrapper left
    finally:
        worker.kill()
        worker.wait()
    assert gone(marker)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the guard runs on Linux")
def test_the_guard_stops_what_a_program_left_running_when_it_ends() -> None:
    """A program that ends leaving a child running: the guard kills the child
    before it exits itself, and exits as the program did. (When the process that
    started a bot dies, the bot's input closes before the guard hears of the
    death, so the program may end first; the guard must not leave its child.)"""
    guard = Path(sg.__file__).parent / "bots" / "_guard.py"
    marker = "sleep 303.25"
    done = subprocess.run(
        [
            sys.executable,
            "-I",
            "-S",
            str(guard),
            str(os.getpid()),
            "sh",
            "-c",
            f"{marker} & exit 3",
        ],
        start_new_session=True,
        timeout=60,
    )
    assert done.returncode == 3
    assert processes_running(marker) == []  # at once: nothing else would stop it


def gone(marker: str) -> bool:
    """Whether every process holding ``marker`` is gone within 20 s (a process sent
    SIGKILL lingers a moment before it dies, and on a machine busy with two test
    runs at once the guard may wait seconds to be scheduled; the processes the
    tests start sleep for minutes, so a process left behind still fails)."""
    deadline = time.monotonic() + 20
    while processes_running(marker) and time.monotonic() < deadline:
        time.sleep(0.05)
    return processes_running(marker) == []
