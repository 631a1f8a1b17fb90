"""Runs that survive hostile bots and hostile files: every game ends, nothing
hangs, nothing a bot writes is obeyed, no saved file is believed blindly."""

from __future__ import annotations

import copy
import csv
import json
import math
import multiprocessing
import os
import pickle
import re
import shlex
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import skitgubbe as sg
from skitgubbe.bots.command import LOG_CAP, CommandBot
from skitgubbe.cli import main
from skitgubbe.render.replay import page_games
from skitgubbe.runner.backends import MAX_LOST_WORKERS
from skitgubbe.tournament import TournamentError, resume, tournament
from skitgubbe.tournament.match import match
from skitgubbe.tournament.run import read

from .helpers import KEY, needs_extra
from .hostile_bots import PickUpBot
from .test_command_bots import gone

PICKUP = f"{Path(__file__).with_name('hostile_bots.py')}:PickUpBot"


def test_p2_out_three_bots_that_only_pick_up_finish_a_match_that_says_they_stalled() -> None:
    """P2-OUT: three bots that only pick up would play for ever; the quiet limit
    ends each game, the match finishes and its table says how the games ended."""
    result = match(sg.presets.PAGAT, [PickUpBot(), PickUpBot(), PickUpBot()], 2, workers=1)
    assert not result.interrupted and result.games_played == 2
    assert len(result.stalled) == len(result.rows) == 6
    assert all(row.forfeit is None for row in result.rows)
    assert "stalled: 6 of 6 games ended at the quiet limit (1,000 moves" in result.table()
    greedy = match(sg.presets.PAGAT, ["greedy", "greedy", "random"], 2, workers=1, key=KEY)
    assert not greedy.stalled and "stalled" not in greedy.table()


def test_p2_out_a_tournament_of_bots_that_only_pick_up_finishes_and_resumes(
    tmp_path: Path,
) -> None:
    """P2-OUT: a tournament of such bots finishes, says its games stalled, and a
    resumed copy of its file finishes with the same table."""
    needs_extra("openskill", "tournament")
    save = tmp_path / "t.jsonl"
    bots = [PICKUP] * 3
    whole = tournament(sg.presets.PAGAT, bots, 3, rounds=2, workers=1, save=save, key=KEY)
    assert not whole.interrupted and len(whole.stalled) == len(whole.games) == 6
    assert "stalled: 6 of 6 games ended at the quiet limit" in whole.table()
    lines = save.read_text().splitlines(keepends=True)
    assert all('"stalled": true' in line for line in lines[1:])
    cut = tmp_path / "cut.jsonl"
    cut.write_text(lines[0] + lines[1])
    again = resume(cut, workers=1, bots=bots)
    assert again.table() == whole.table()
    assert len(read(cut)[1]) == whole.schedule.units


# -- no process outlives its run -----------------------------------------------------

BROKEN = Path(__file__).resolve().parent.parent / "examples" / "bots" / "broken_bot.py"


def hostile_programs(tmp_path: Path, marker: str) -> tuple[str, str]:
    """A wrapper script whose bot (a grandchild of the run) forfeits by an illegal
    move, and a bot that forks a child and then crashes; both carry ``marker`` in
    their command lines."""
    wrapper = tmp_path / "run.sh"
    wrapper.write_text(f"{shlex.quote(sys.executable)} {BROKEN} illegal {marker}-wrapped\n")
    forking = tmp_path / "forking.py"
    forking.write_text(
        "import os, runpy, sys, time\n"
        "if os.fork() == 0:\n"
        "    time.sleep(600)\n"
        "    os._exit(0)\n"
        f"sys.argv = [{str(BROKEN)!r}, 'crash']\n"
        f"runpy.run_path({str(BROKEN)!r}, run_name='__main__')\n"
    )
    return (
        f"cmd:wrapped=sh {shlex.quote(str(wrapper))}",
        f"cmd:forking={shlex.quote(sys.executable)} {shlex.quote(str(forking))} {marker}-forked",
    )


@pytest.mark.skipif(not Path("/proc/self/cmdline").exists(), reason="needs Linux's /proc")
@pytest.mark.parametrize("workers", [1, 2])
def test_no_process_of_a_wrapper_or_forking_bot_outlives_a_match_or_tournament(
    tmp_path: Path, workers: int
) -> None:
    """A wrapper script's bot and a bot that forks a child both forfeit: after the
    match, and after the tournament, no process of theirs is left, in this process
    (one worker) or in a pool's workers."""
    marker = f"hostile-{uuid.uuid4().hex[:12]}"
    wrapped, forking = hostile_programs(tmp_path, marker)
    result = match(sg.presets.FLURST, [wrapped, forking, "random"], 2, workers=workers, key=KEY)
    reasons = {row.forfeit.reason for row in result.forfeits if row.forfeit is not None}
    assert reasons == {"illegal move", "crashed"}
    assert gone(marker)
    needs_extra("openskill", "tournament")
    played = tournament(
        sg.presets.FLURST,
        [wrapped, forking, "random", "greedy"],
        3,
        rounds=1,
        workers=workers,
        key=KEY,
        log_dir=tmp_path / "logs",
    )
    assert played.forfeits
    assert gone(marker)


# -- a dead worker is not a hung run ---------------------------------------------------


def kill_a_worker() -> bool:
    """SIGKILL one of this process's pool workers, as the OOM killer would; whether
    one was still there to kill (a worker may exit between being listed and killed,
    as when its pool is already shutting down)."""
    for worker in multiprocessing.active_children():
        try:
            os.kill(worker.pid or 0, signal.SIGKILL)
        except ProcessLookupError:
            continue
        return True
    return False


def test_a_worker_killed_mid_match_has_its_deals_played_again(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A pool worker killed with SIGKILL mid-match: its deals are played again in a
    new worker, the run says so, and the match ends with the games of a run that
    lost nothing."""
    kills: list[int] = []

    def kill_once(done: int, total: int) -> None:
        if not kills and kill_a_worker():
            kills.append(done)

    bots = ["greedy", "random", "random"]
    hit = match(sg.presets.FLURST, bots, 60, seed=3, workers=2, key=KEY, progress=kill_once)
    assert kills and not hit.interrupted
    assert "a worker process died (killed, or out of memory)" in capsys.readouterr().err
    clean = match(sg.presets.FLURST, bots, 60, seed=3, workers=2, key=KEY)
    assert hit.rows == clean.rows


def test_workers_that_keep_dying_stop_the_run_with_what_finished(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A worker killed at every step: after MAX_LOST_WORKERS new pools the run stops,
    says why, and keeps every deal that finished."""
    needs_extra("openskill", "tournament")

    def kill_always(done: int, total: int) -> None:
        if done:
            kill_a_worker()

    result = tournament(
        sg.presets.FLURST,
        ["greedy", "random", "random", "greedy"],
        3,
        rounds=3,
        workers=2,
        key=KEY,
        progress=kill_always,
    )
    assert result.interrupted and 0 < len(result.games) < result.schedule.games
    err = capsys.readouterr().err
    assert f"died (killed, or out of memory) {MAX_LOST_WORKERS + 1} times: the run stops" in err


def _deaf_to_termination() -> None:  # pragma: no cover - runs in a worker
    signal.signal(signal.SIGTERM, signal.SIG_IGN)


def _stuck(seconds: float) -> float:  # pragma: no cover - runs in a worker
    time.sleep(seconds)
    return seconds


def test_a_run_that_ends_never_waits_for_ever_for_a_worker_that_does_not_stop(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A worker that does not stop when told (here it ignores SIGTERM inside a long
    task; in CI one waited for ever on the pool's queue after another worker
    stopped while holding it) is killed after STOP_GRACE seconds: the run ends."""
    from concurrent.futures import ProcessPoolExecutor

    from skitgubbe.runner import backends

    monkeypatch.setattr(backends, "STOP_GRACE", 0.5)
    pool = ProcessPoolExecutor(1, initializer=_deaf_to_termination)
    pool.submit(_stuck, 0.0).result(timeout=60)  # the worker is up and deaf
    pool.submit(_stuck, 120.0)
    time.sleep(0.3)
    processes = list(pool._processes.values())
    started = time.monotonic()
    backends._stop_pool(pool)
    assert time.monotonic() - started < 10
    assert processes and not any(process.is_alive() for process in processes)


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_counts_every_deal_finished(workers: int) -> None:
    """Ctrl-C keeps every deal finished in every rotation, not only those before
    the first chunk still being played: at least as many as progress had shown."""
    shown: list[int] = []

    def stop(done: int, total: int) -> None:
        shown.append(done)
        if done >= 30:
            raise KeyboardInterrupt

    bots = ["greedy", "random", "random"]
    result = match(sg.presets.FLURST, bots, 400, seed=5, workers=workers, key=KEY, progress=stop)
    assert result.interrupted and result.games_played >= shown[-1] >= 30
    deals = sorted({row.deal for row in result.rows})
    assert len(result.rows) == 3 * len(deals)  # every rotation of every deal kept
    clean = match(sg.presets.FLURST, bots, deals[-1] + 1, seed=5, workers=1, key=KEY)
    assert set(result.rows) <= set(clean.rows)
    assert multiprocessing.active_children() == []


# -- a program's output is bounded, and shown, never obeyed ------------------------------

RANDOM_BOT = BROKEN.with_name("random_bot.py")


def flooding_bot(tmp_path: Path, megabytes: int) -> str:
    """A bot that writes ``megabytes`` of standard error at its first choice, then
    an escape sequence that would clear a terminal, then plays at random."""
    script = tmp_path / "flood.py"
    script.write_text(
        "import runpy, sys\n"
        "class Flood:\n"
        "    def __init__(self, out): self.out, self.done = out, False\n"
        "    def write(self, text):\n"
        "        if not self.done:\n"
        "            self.done = True\n"
        "            block = b'x' * 1023 + b'\\n'\n"
        f"            for _ in range({megabytes} * 1024):\n"
        "                sys.stderr.buffer.write(block)\n"
        "            sys.stderr.write('\\x1b[2J\\x1b[Hcleared your screen\\n')\n"
        "            sys.stderr.flush()\n"
        "        return self.out.write(text)\n"
        "    def flush(self): self.out.flush()\n"
        "sys.stdout = Flood(sys.stdout)\n"
        f"sys.argv = [{str(RANDOM_BOT)!r}]\n"
        f"runpy.run_path({str(RANDOM_BOT)!r}, run_name='__main__')\n"
    )
    return f"cmd:flood={shlex.quote(sys.executable)} {shlex.quote(str(script))}"


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux's /proc")
def test_a_bot_flooding_standard_error_leaves_a_capped_log_and_a_flat_runner(
    tmp_path: Path,
) -> None:
    """A bot writes 300 MB to standard error: the match plays on, the runner's
    memory stays under 200 MB, its log stays under LOG_CAP and says what it
    dropped, ending with the bot's last lines."""
    flood = flooding_bot(tmp_path, 300)
    logs = tmp_path / "logs"
    code = (
        "import sys\n"
        "from skitgubbe.cli import main\n"
        "bots = sys.argv[1] + ',greedy,random'\n"
        "status = main(['match', '--preset', 'flurst', '--bots', bots, '--games', '2',\n"
        "               '--jobs', '1', '--no-progress', '--bot-logs', sys.argv[2]])\n"
        # the peak of this process's own memory: getrusage's would include the
        # memory of the process that started it, which it keeps across exec
        "status_lines = open('/proc/self/status').read().splitlines()\n"
        "print('peak', [l.split()[1] for l in status_lines if l.startswith('VmHWM')][0])\n"
        "sys.exit(status)\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", code, flood, str(logs)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    peak_kib = int(run.stdout.rsplit("peak", 1)[1])
    assert peak_kib < 200 * 1024, (peak_kib, run.stdout[-600:])
    (log,) = logs.iterdir()
    assert log.stat().st_size <= LOG_CAP
    text = log.read_bytes()
    assert b"bytes of standard error dropped here" in text
    assert text.rstrip().endswith(b"cleared your screen")


def test_logs_a_run_made_are_removed_unless_a_folder_is_given(tmp_path: Path) -> None:
    bot = sg.bots.make_bot(f"cmd:{sys.executable} {RANDOM_BOT}")
    assert isinstance(bot, CommandBot) and not bot.keep_logs
    match(sg.presets.FLURST, [bot, "greedy", "random"], 1, workers=1, key=KEY)
    assert not bot.log_dir.exists()
    kept = sg.bots.make_bot(f"cmd:{sys.executable} {RANDOM_BOT}", log_dir=tmp_path / "kept")
    match(sg.presets.FLURST, [kept, "greedy", "random"], 1, workers=1, key=KEY)
    assert [path.suffix for path in (tmp_path / "kept").iterdir()] == [".log"]


def test_names_and_standard_error_are_shown_not_obeyed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bot named like a spreadsheet formula and one whose standard error holds
    an escape sequence: the tournament's table shows the escape as text, and the
    CSV holds the name as text, not as a formula."""
    needs_extra("openskill", "tournament")
    named = tmp_path / "named.py"
    named.write_text(
        "from skitgubbe.bots import RandomBot\n"
        "class Formula(RandomBot):\n"
        "    def __init__(self):\n"
        "        super().__init__()\n"
        "        self.name = '=HYPERLINK(\"http://example.invalid\")'\n"
        "class Escape(RandomBot):\n"
        "    def __init__(self):\n"
        "        super().__init__()\n"
        "        self.name = 'esc\\x1b[2Jape'\n"
    )
    crash = tmp_path / "crash.py"
    crash.write_text(
        "import sys\nsys.stderr.write('\\x1b[2J\\x1b[Hgone [/bold]\\n')\nsys.exit(3)\n"
    )
    board = tmp_path / "board.csv"
    status = main(
        [
            "tournament",
            "--bots",
            f"{named}:Formula,{named}:Escape,cmd:{sys.executable} {crash},greedy",
            "--players",
            "3",
            "--jobs",
            "1",
            "--no-progress",
            "--csv",
            str(board),
        ]
    )
    out = capsys.readouterr().out
    assert status == 0
    assert "\x1b" not in out and "esc\\x1b[2Jape" in out
    assert "stderr: \\x1b[2J\\x1b[Hgone [/bold]" in out
    rows = list(csv.DictReader(board.open()))
    assert {row["bot"] for row in rows} >= {'\'=HYPERLINK("http://example.invalid")'}
    assert not any(row["bot"].startswith("=") for row in rows)


def test_a_player_named_like_markup_or_script_is_shown_as_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``[/bold]`` as a player's name no longer breaks the rich table, and a name
    that opens an HTML comment and a script cannot reach the replay page's
    markup: every ``<`` in its data is escaped."""
    page = tmp_path / "s.html"
    names = "[/bold],<!--<script>,Cy"
    assert main(["session", "--players", names, "--games", "1", "--html", str(page)]) == 0
    assert "[/bold]" in capsys.readouterr().out
    html = page.read_text()
    data = html.split('id="data" data-encoding="gzip base64">')[1].split("</script>")[0]
    assert re.fullmatch(r"[A-Za-z0-9+/=]+", data)  # nothing that could end the element
    assert page_games(html)[0]["title"].startswith("game 1: [/bold], <!--<script>")


# -- the protocol's own order and clock ------------------------------------------------


def recording_bot(tmp_path: Path, on_end: str = "", crash_at: int = 0) -> tuple[str, Path]:
    """A program that records every message it gets (one file per start) and
    answers the first legal move; it sleeps ``on_end`` seconds before its ``ok``
    to ``end``, and its first start exits at choice ``crash_at``."""
    script = tmp_path / "recorder.py"
    script.write_text(
        "import json, os, sys, time\n"
        f"folder = {str(tmp_path)!r}\n"
        "start = len([f for f in os.listdir(folder) if f.startswith('start-')])\n"
        "out = open(os.path.join(folder, f'start-{start}.jsonl'), 'w')\n"
        "choices = 0\n"
        "for line in sys.stdin:\n"
        "    out.write(line); out.flush()\n"
        "    message = json.loads(line)\n"
        "    if message['type'] == 'choose':\n"
        "        choices += 1\n"
        f"        if start == 0 and choices == {crash_at}:\n"
        "            sys.exit(3)\n"
        "        print(message['moves'][0], flush=True)\n"
        "        continue\n"
        f"    if message['type'] == 'end' and {on_end or 0}:\n"
        f"        time.sleep({on_end or 0})\n"
        "    print('ok', flush=True)\n"
    )
    return f"cmd:{shlex.quote(sys.executable)} {shlex.quote(str(script))}", tmp_path


def messages(folder: Path, start: int) -> list[str]:
    lines = (folder / f"start-{start}.jsonl").read_text().splitlines()
    return [json.loads(line)["type"] for line in lines]


def test_a_program_restarted_after_a_forfeit_gets_hello_first(tmp_path: Path) -> None:
    spec, folder = recording_bot(tmp_path, crash_at=5)
    bot = sg.bots.make_bot(spec, log_dir=tmp_path / "logs")
    result = match(sg.presets.FLURST, [bot, "greedy", "random"], 1, workers=1, key=KEY)
    assert [row.forfeit.reason for row in result.forfeits if row.forfeit] == ["crashed"]
    assert messages(folder, 0)[:2] == ["hello", "reset"] and "end" not in messages(folder, 0)
    again = messages(folder, 1)
    assert again[:3] == ["hello", "reset", "choose"] and again.count("end") == 2


def test_time_taken_over_end_and_reset_is_on_the_bots_clock(tmp_path: Path) -> None:
    """A program that dawdles 1.5 s over each ``end``: its ``ok`` is read with the
    next game's ``reset``, on that game's clock, so with 1 s for a game it
    forfeits the next game on time; it no longer stalls a run unpunished."""
    spec, _ = recording_bot(tmp_path, on_end="1.5")
    bot = sg.bots.make_bot(spec, log_dir=tmp_path / "logs")
    result = match(
        sg.presets.FLURST,
        [bot, "greedy", "random"],
        1,
        workers=1,
        key=KEY,
        limits=sg.runner.Limits(move=0.5, game=1.0),
    )
    (forfeit,) = [row.forfeit for row in result.forfeits if row.forfeit is not None]
    assert forfeit.reason == "timed out" and "to get ready for the game" in forfeit.detail
    assert [row.rotation for row in result.forfeits] == [1]  # then started afresh


# -- saved files are checked, not believed -------------------------------------------

TAMPER_BOTS = ["greedy", "random", "cmd:false", "random"]


@pytest.fixture(scope="module")
def saved_tournament(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    """The lines of a finished tournament's file, one bot forfeiting every game."""
    needs_extra("openskill", "tournament")
    save = tmp_path_factory.mktemp("saved") / "t.jsonl"
    tournament(
        sg.presets.FLURST, TAMPER_BOTS, 3, rounds=1, workers=1, save=save, key=KEY, max_forfeits=99
    )
    return [json.loads(line) for line in save.read_text().splitlines()]


def forfeited(lines: list[dict[str, Any]]) -> tuple[int, int]:
    """The line and game of the first forfeit."""
    for number, line in enumerate(lines[1:], 1):
        for index, game in enumerate(line["games"]):
            if game["forfeit"] is not None:
                return number, index
    raise AssertionError("no forfeit in the file")


def set_game(field: str, value: object) -> Callable[[list[dict[str, Any]]], None]:
    def change(lines: list[dict[str, Any]]) -> None:
        lines[1]["games"][0][field] = value

    return change


def set_header(field: str, value: object) -> Callable[[list[dict[str, Any]]], None]:
    def change(lines: list[dict[str, Any]]) -> None:
        lines[0][field] = value

    return change


def duplicate_game(lines: list[dict[str, Any]]) -> None:
    lines[1]["games"][1] = lines[1]["games"][0]


def no_games(lines: list[dict[str, Any]]) -> None:
    lines[1]["games"] = []


def forge_forfeit(lines: list[dict[str, Any]]) -> None:
    game = lines[1]["games"][0]
    game["forfeit"] = {
        "seat": (game["goat"] + 1) % 3,
        "reason": "crashed",
        "detail": "",
        "stderr": "",
    }


def null_stderr(lines: list[dict[str, Any]]) -> None:
    number, index = forfeited(lines)
    lines[number]["games"][index]["forfeit"]["stderr"] = None


def reorder_bots(lines: list[dict[str, Any]]) -> None:
    lines[0]["bots"] = lines[0]["bots"][::-1]


def huge_rounds_alone(lines: list[dict[str, Any]]) -> None:
    lines[0]["rounds"] = 10**12
    del lines[1:]


def duplicate_table(lines: list[dict[str, Any]]) -> None:
    other = next(
        line for line in lines[2:] if line["games"][0]["seated"] != lines[1]["games"][0]["seated"]
    )
    lines[1]["games"] = other["games"]


TAMPERED: list[tuple[str, Callable[[list[dict[str, Any]]], None], str]] = [
    ("goat 7", set_game("goat", 7), "games[0].goat: a seat from 0 to 2, not 7"),
    ("goat -1", set_game("goat", -1), "games[0]: goat must be at least 0, not -1"),
    ("places all 1", set_game("places", [1, 1, 1]), "games[0].places: places must be 1, 2, ..."),
    ("places too short", set_game("places", [1, 3]), "games[0].places: one per seat, 3, not 2"),
    ("places 1e308", set_game("places", [1e308, 1, 3]), "games[0].places: places must be 1, 2"),
    ("places 'NaN'", set_game("places", ["NaN", 1, 3]), "places must be a number, not 'NaN'"),
    ("places NaN", set_game("places", [math.nan, 1, 3]), "places must be a finite number"),
    ("seated [0,0,0]", set_game("seated", [0, 0, 0]), "games[0].seated: a bot seated twice"),
    ("a game twice", duplicate_game, "games[1].rotation: the game in place 1 must be rotation 1"),
    ("another table's games", duplicate_table, "games[0].seated: unit"),
    ("no games", no_games, "games must hold one game per seating, 3, not 0"),
    ("a forged forfeit", forge_forfeit, "games[0].forfeit.seat: the forfeiting seat is the goat"),
    ("a null stderr", null_stderr, "forfeit.stderr must be text, not None"),
    ("moves 10**9", set_game("moves", 10**9), "games[0].moves: no game under these rules lasts"),
    ("the seed changed", set_header("seed", 1), "line 2: settings"),
    ("the bots reordered", reorder_bots, "line 2: settings"),
    ("rounds 10**12", huge_rounds_alone, "rounds: rounds must be from 1 to 1,000,000,000"),
    (
        "max_forfeits 0",
        set_header("max_forfeits", 0),
        "max_forfeits: max_forfeits must be at least 1",
    ),
]


@pytest.mark.parametrize(
    ("change", "message"),
    [(change, message) for _, change, message in TAMPERED],
    ids=[name for name, _, _ in TAMPERED],
)
def test_a_tampered_tournament_file_is_refused_naming_the_field(
    tmp_path: Path,
    saved_tournament: list[dict[str, Any]],
    change: Callable[[list[dict[str, Any]]], None],
    message: str,
) -> None:
    lines = copy.deepcopy(saved_tournament)
    change(lines)
    path = tmp_path / "t.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    before = path.read_bytes()
    with pytest.raises(TournamentError) as refused:
        resume(path, workers=1, bots=TAMPER_BOTS)
    assert message in str(refused.value)
    assert path.read_bytes() == before  # nothing played, nothing written


def test_an_untouched_tournament_file_resumes(
    tmp_path: Path, saved_tournament: list[dict[str, Any]]
) -> None:
    """The control: the same file, unchanged, and with its last table cut, resumes."""
    path = tmp_path / "t.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in saved_tournament[:-1]))
    result = resume(path, workers=1, bots=TAMPER_BOTS)
    assert not result.interrupted and len(result.games) == result.schedule.games


def session_data() -> dict[str, Any]:
    """A saved session of five games of Flurst, with a goat that changes."""
    from skitgubbe.sessions import Session, play_session

    session = play_session(
        Session.start(sg.presets.FLURST, ["Ann", "Bea", "Cid", "Dan"]), 5, seed=4
    )
    assert len({game.goat for game in session.games}) > 1
    return session.to_dict()


def copy_game(data: dict[str, Any]) -> None:
    data["history"][2] = copy.deepcopy(data["history"][1])


def swap_games(data: dict[str, Any]) -> None:
    history = data["history"]
    history[1], history[2] = history[2], history[1]


def change_first(data: dict[str, Any]) -> None:
    data["first"] = "Cid"


def change_next_deal(data: dict[str, Any]) -> None:
    data["next_deal"] = "deal-passes"


def drop_game(data: dict[str, Any]) -> None:
    del data["history"][1]


SESSION_TAMPERED: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("a game copied", copy_game, r"history\[2\]: game\.(seed|seats|check)"),
    ("two games swapped", swap_games, r"history\[1\]: game\.(seats|check)"),
    ("first changed", change_first, r"history\[0\]: game\.(seats|check)"),
    ("next_deal changed", change_next_deal, r"history\[\d\]: game\.(seats|check)"),
    ("a game left out", drop_game, r"history\[1\]: game\.(seats|check)"),
]


@pytest.mark.parametrize(
    ("change", "message"),
    [(change, message) for _, change, message in SESSION_TAMPERED],
    ids=[name for name, _, _ in SESSION_TAMPERED],
)
def test_a_tampered_session_file_is_refused_naming_the_field(
    change: Callable[[dict[str, Any]], None], message: str
) -> None:
    from skitgubbe.sessions import Session, SessionError

    data = session_data()
    Session.from_dict(copy.deepcopy(data))  # the control: untouched, it loads
    change(data)
    with pytest.raises(SessionError, match=message):
        Session.from_dict(data)


def test_a_version_1_session_with_a_game_copied_is_refused() -> None:
    """Files of version 1 carry no checks; a copied game still deals a seed twice."""
    from skitgubbe.sessions import Session, SessionError

    data = session_data()
    data["version"] = 1
    for step in data["history"]:
        ((_, value),) = step.items()
        value.pop("check")
        value.pop("seats", None)
    Session.from_dict(copy.deepcopy(data))
    copy_game(data)
    with pytest.raises(SessionError, match=r"history\[2\]: game\.seed: history\[1\] dealt"):
        Session.from_dict(data)


# -- outputs never overwrite each other or explode ------------------------------------


@pytest.mark.parametrize(
    "arguments",
    [
        [
            "tournament",
            "--bots",
            "greedy,random,random",
            "--players",
            "3",
            "--save",
            "X",
            "--csv",
            "X",
        ],
        ["tournament", "--resume", "X", "--csv", "./X"],
        ["session", "--players", "A,B,C", "--save", "X", "--html", "X"],
        ["session", "--load", "X", "--html", "X"],
        ["compare", "flurst", "--games", "2", "--csv", "X", "--plot", "X"],
        ["replay", "X", "--html", "X"],
    ],
    ids=[
        "tournament save csv",
        "resume csv",
        "session save html",
        "load html",
        "compare",
        "replay",
    ],
)
def test_two_outputs_naming_one_file_are_refused_before_anything_runs(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    arguments: list[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("X").write_text("kept\n")
    with pytest.raises(SystemExit) as stopped:
        main(arguments)
    assert stopped.value.code == 2
    assert re.search(r"name one file, '(\./)?X': each would overwrite", capsys.readouterr().err)
    assert Path("X").read_text() == "kept\n"


def test_a_record_too_long_for_any_game_is_refused_before_it_is_parsed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    huge = '{"format": "skitgubbe-record", "moves": [' + '"0 play 2C",' * 1_500_000 + "]}"
    with pytest.raises(ValueError, match="more than any game's record"):
        sg.records.Record.from_json(huge)
    path = tmp_path / "huge.json"
    path.write_text(huge)
    with pytest.raises(SystemExit):
        main(["replay", str(path)])
    assert "more than any game's record (16,777,216 at most)" in capsys.readouterr().err


def test_a_match_that_keeps_no_rows_has_the_same_figures() -> None:
    bots = ["greedy", "random", "cmd:false"]
    kept = match(sg.presets.FLURST, bots, 30, seed=2, workers=2, key=KEY)
    flat = match(sg.presets.FLURST, bots, 30, seed=2, workers=2, key=KEY, keep_rows=False)
    assert flat.rows == () and len(kept.rows) == 90
    assert flat.table() == kept.table()
    assert flat.difference(0) == kept.difference(0)
    assert flat.forfeits == kept.forfeits and flat.forfeit_games == 90  # every game


def test_the_main_process_of_a_long_match_stays_flat() -> None:
    """A match that keeps no rows holds a byte a bot a deal: what it holds for 200
    deals is a few kilobytes, where the rows of the same games take some 30 (the
    control; a long match grew by 218 bytes a game before)."""
    bots = ["random", "random", "random"]
    sizes = []
    for keep_rows in (False, True):
        result = match(sg.presets.FLURST, bots, 200, workers=2, key=KEY, keep_rows=keep_rows)
        assert result.games_played == 200
        sizes.append(len(pickle.dumps(result)))
    flat, rows = sizes
    assert flat < 4 * 1024 and rows > 20 * 1024, sizes
