"""The command line: commands, the default command, and ``compare``."""

from __future__ import annotations

import contextlib
import csv
import io
import json
import math
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import skitgubbe as sg
from skitgubbe.cli import COMMANDS, commands, main


def test_without_a_command_the_default_command_watches_a_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--preset", "flurst", "--players", "4", "--seed", "7"]) == 0
    implied = capsys.readouterr().out
    assert main(["watch", "--preset", "flurst", "--players", "4", "--seed", "7"]) == 0
    assert capsys.readouterr().out == implied
    assert implied.splitlines()[0] == "flurst, 4 players, seed 7"
    assert implied.splitlines()[-1].startswith("Seat ")


def test_help_lists_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["--help"])
    assert exited.value.code == 0
    out = capsys.readouterr().out
    assert "--preset" in out
    for name, command in COMMANDS.items():
        assert f"{name}" in out and command.summary in out


def run_compare(*args: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(["compare", *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_compare_prints_the_diff_the_summary_and_writes_every_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, out, _ = run_compare(
        "flurst",
        "swedish_goat",
        "flurst:high_trump=true",
        "--players",
        "4",
        "--games",
        "12",
        "--jobs",
        "1",
        "--csv",
        str(tmp_path / "games.csv"),
        "--jsonl",
        str(tmp_path / "games.jsonl"),
        "--plot",
        str(tmp_path / "games.png"),
        capsys=capsys,
    )
    assert status == 0
    assert "Rules: swedish_goat against flurst" in out
    assert "aces_low          false     true               P1-ACES-LOW" in out
    assert "Rules: flurst:high_trump=true against flurst" in out
    assert "12 games, 4 players" in out and "Means [95% CI]" in out
    assert "Paired differences against flurst" in out and "goat by seat" in out
    with open(tmp_path / "games.csv", encoding="utf-8") as file:
        rows = list(csv.DictReader(file))
    assert len(rows) == 36 and {row["variant"] for row in rows} == {
        "flurst",
        "swedish_goat",
        "flurst:high_trump=true",
    }
    lines = (tmp_path / "games.jsonl").read_text(encoding="utf-8").splitlines()
    assert [json.loads(line)["game"] for line in lines[:3]] == [0, 0, 0]
    if (tmp_path / "games.png").exists():  # with the plot extra
        assert (tmp_path / "games.png").read_bytes()[:4] == b"\x89PNG"


def test_compare_takes_a_baseline_and_measures(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_compare(
        "flurst",
        "flurst:runs=single",
        "--players",
        "3",
        "--games",
        "6",
        "--jobs",
        "1",
        "--baseline",
        "flurst:runs=single",
        "--measures",
        "moves,kills",
        capsys=capsys,
    )
    assert status == 0
    assert "Paired differences against flurst:runs=single" in out
    assert "kills" in out and "pick_ups" not in out


def test_compare_plays_the_study_once_for_each_set_of_bots_side_by_side(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, out, _ = run_compare(
        "flurst",
        "flurst:high_trump=true",
        "--games",
        "8",
        "--jobs",
        "1",
        "--bots",
        "random",
        "--bots",
        "greedy,random,random,random",
        "--csv",
        str(tmp_path / "games.csv"),
        "--plot",
        str(tmp_path / "games.png"),
        capsys=capsys,
    )
    assert status == 0
    assert "Study 1 of 2: played by random" in out
    assert "Study 2 of 2: played by greedy,random,random,random" in out
    assert "8 games, 4 players (random, random, random, random)" in out
    assert "The same deals played by different bots" in out
    assert "change: greedy,random,random,random minus random (Welch)" in out
    seeds = []
    for number in (1, 2):
        with open(tmp_path / f"games.{number}.csv", encoding="utf-8") as file:
            rows = list(csv.DictReader(file))
        assert len(rows) == 16
        seeds.append([row["deal_seed"] for row in rows])
    assert seeds[0] == seeds[1]  # the same deals
    assert not (tmp_path / "games.csv").exists()
    if (tmp_path / "games.png").exists():  # with the plot extra
        assert (tmp_path / "games.png").read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["flurts"], "no preset 'flurts' (did you mean flurst?)"),
        (["flurst", "atlanta"], "atlanta allows 3-3 players, not 4"),
        (["flurst", "--games", "0"], "games must be at least 1, not 0"),
        (["flurst", "--jobs", "0"], "workers must be at least 1"),
        (["flurst", "--measures", "length"], "no measure 'length'"),
        (["flurst", "--baseline", "wizards"], "--baseline 'wizards' is not one of the variants"),
        (["flurst", "--csv", "/no/such/folder/games.csv"], "--csv: no folder '/no/such/folder'"),
        (["flurst", "--address", "auto"], "address names a Ray cluster"),
        (["flurst", "--bots", "greedy", "--bots", "grredy"], "grredy"),
    ],
)
def test_compare_refuses_bad_arguments_before_playing(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["compare", *args])
    assert exited.value.code == 2
    captured = capsys.readouterr()
    assert message in captured.err and captured.out == ""


def interrupt(
    command: list[str], ready: str, seconds: float, times: int = 1, gap: float = 0.05
) -> tuple[subprocess.Popen[str], str, str]:
    """Run ``command`` in a process group of its own; once a line of its output
    starts with ``ready``, wait ``seconds`` and send SIGINT to the whole group, as
    a terminal's Ctrl-C does (``times`` times, ``gap`` seconds apart). The process,
    and the rest of its output and errors."""
    process = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        assert process.stdout is not None
        for line in process.stdout:
            if line.startswith(ready):
                break
        time.sleep(seconds)
        for _ in range(times):
            with contextlib.suppress(ProcessLookupError):  # it may have ended already
                os.killpg(process.pid, signal.SIGINT)
            time.sleep(gap)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:  # pragma: no cover - only if the test fails
            os.killpg(process.pid, signal.SIGKILL)
    return process, out, err


@pytest.mark.parametrize("times", [1, 2, 5])
def test_ctrl_c_stops_the_workers_and_keeps_the_games_finished(tmp_path: Path, times: int) -> None:
    """A real Ctrl-C: SIGINT to the whole process group, as a terminal sends it, once
    or pressed again while the study stops: the first stops it, the rest are ignored
    until the games finished are summarised and written."""
    csv_path = tmp_path / "games.csv"
    command = [
        sys.executable,
        "-m",
        "skitgubbe",
        "compare",
        "flurst",
        "flurst:high_trump=true",
        "--players",
        "3",
        "--games",
        "1000000",
        "--jobs",
        "2",
        "--csv",
        str(csv_path),
    ]
    # The diff is printed before the study starts; 3 s lets the first games finish.
    process, out, err = interrupt(command, "high_trump:", 3, times=times, gap=0.05)
    assert process.returncode == 130, err
    assert "Interrupted: the figures below cover the" in err and "Traceback" not in err
    assert "KeyboardInterrupt" not in err
    assert "INTERRUPTED:" in out and "of 1,000,000 games played" in out
    assert f"to {csv_path}" in out
    with open(csv_path, encoding="utf-8") as file:
        rows = list(csv.DictReader(file))
    games = [row["game"] for row in rows]
    assert games[0::2] == games[1::2]  # whole games only: both variants of each
    time.sleep(0.5)
    with pytest.raises(ProcessLookupError):  # no worker left in the process group
        os.killpg(process.pid, 0)


def test_compare_names_a_missing_extra(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import importlib.util

    real = importlib.util.find_spec

    def without_scipy(name: str, *args: object) -> object:
        return None if name == "scipy" else real(name)

    monkeypatch.setattr(importlib.util, "find_spec", without_scipy)
    with pytest.raises(SystemExit):
        main(["compare", "flurst", "--games", "2"])
    err = capsys.readouterr().err
    assert "compare needs scipy, from the optional extra 'compare'" in err
    assert err.rstrip().endswith("pip install 'skitgubbe[compare]'")


def test_match_prints_one_row_per_bot_with_its_goat_rate(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["--preset", "flurst", "--players", "3", "--bots", "greedy,random,random"]
    assert main(["match", *args, "--games", "3", "--jobs", "1", "--no-progress"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0] == "flurst, 3 players: greedy, random, random"
    assert "3 deals x 3 seatings = 9 games, seed 0" in out
    rows = [line.split() for line in lines if line.split()[0] in ("greedy", "random#1", "random#2")]
    assert len(rows) == 3
    assert math.isclose(sum(float(row[1]) for row in rows), 100.0, abs_tol=0.2)


def test_long_commands_print_progress_lines_when_standard_error_is_no_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Under nohup or in a CI log no bar can be drawn: a line now and then says how far it is.
    monkeypatch.setattr(commands, "PROGRESS_EVERY", 0.0)
    args = ["--preset", "flurst", "--players", "3", "--bots", "greedy,random,random"]
    assert main(["match", *args, "--games", "3", "--jobs", "1"]) == 0
    err = capsys.readouterr().err
    assert "match: 3 of 3 deals (100%)" in err
    assert main(["tournament", *args, "--games", "2", "--jobs", "1"]) == 0
    err = capsys.readouterr().err
    assert "tournament: 6 of 6 games (100%)" in err, err
    # the default waits half a minute, so that short runs stay quiet
    monkeypatch.setattr(commands, "PROGRESS_EVERY", 30.0)
    assert main(["match", *args, "--games", "3", "--jobs", "1"]) == 0
    assert "deals (" not in capsys.readouterr().err


def test_progress_is_a_bar_on_a_terminal_and_nothing_when_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert commands.progress_option(True, "match") is False
    assert isinstance(commands.progress_option(False, "match"), commands.ProgressLines)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert commands.progress_option(False, "match") is True


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "greedy,clever,random"], "no bot named 'clever'; the bots are: random"),
        (["--bots", "greedy,random", "--players", "4"], "4 players, 2 bots"),
        (["--preset", "atlanta", "--bots", "greedy,random"], "atlanta seats 3-3 players, not 2"),
        (
            ["--bots", "greedy,random,random", "--games", "0"],
            "--games must be from 1 to 1,000,000,000, not 0",
        ),
    ],
)
def test_match_refuses_bad_options_with_a_reason(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["match", *args])
    assert exited.value.code == 2
    assert message in capsys.readouterr().err


def test_ctrl_c_stops_a_match_and_reports_the_deals_finished() -> None:
    command = [
        sys.executable,
        "-m",
        "skitgubbe",
        "match",
        "--bots",
        "greedy,random,random",
        "--games",
        "1000000",
        "--jobs",
        "2",
    ]
    process, out, err = interrupt(command, "flurst, 3 players", 6)
    assert process.returncode == 130, err
    assert "Interrupted: the figures below cover the" in err and "Traceback" not in err
    assert "INTERRUPTED:" in out and "of 1,000,000 deals" in out and "greedy" in out


def play(
    script: str, *args: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str]:
    """Run ``play`` with ``script`` as its input."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(script))
    status = main(["play", "--preset", "flurst", "--players", "3", "--seed", "4", *args])
    return status, capsys.readouterr().out


def test_play_with_scripted_input_finishes_and_saves_a_record(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    status, out = play("1\n" * 5000, "--record", str(path), monkeypatch=monkeypatch, capsys=capsys)
    assert status == 0
    assert out.splitlines()[0] == "flurst, 3 players, seed 4; you are seat 0"
    assert "Your hand: " in out and "Others: seat 1: 3 cards; seat 2: 3 cards" in out
    assert "  1. play " in out and "  0. let play go on" in out  # sluffs offered out of turn
    assert "Since you last acted:" in out and "seat 1 drew from the stock 1 card" in out
    assert "\033[" not in out  # not a terminal: no colours
    last = [line for line in out.splitlines() if "the goat after" in line][-1]
    record = sg.Record.from_json(path.read_text(encoding="utf-8"))
    final = sg.replay(record)[-1]
    assert final.is_over
    goat = "You are" if final.loser == 0 else f"Seat {final.loser} is"
    assert last.startswith(f"{goat} the goat after {len(record.moves)} moves")


def test_play_answers_a_bad_entry_with_the_reason_and_ends_at_end_of_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    script = "99\neat 2C\n2 play 2C\nplay AH\n\n"
    status, out = play(script, "--record", str(path), monkeypatch=monkeypatch, capsys=capsys)
    assert status == 130
    assert "Not accepted: 99 is not a move number: choose 1 to 4. Try again, or type help." in out
    assert "Not accepted: unknown move verb 'eat'" in out
    assert "Not accepted: you play seat 0, not seat 2" in out
    assert "Not accepted: seat 0 does not hold AH. Try again, or type help." in out
    assert "Not accepted: you are due: choose a move, 1 to 4" in out
    assert out.rstrip().endswith(f"Saved the game record as {path}")
    assert "Game stopped after 0 moves." in out
    assert sg.Record.from_json(path.read_text(encoding="utf-8")).moves == ()


def test_play_colours_red_suits_only_on_a_terminal_without_no_color(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from skitgubbe.cli.play import show_cards, use_colour

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    cards = sg.parse_cards("2H 3C KD")
    assert show_cards(cards, False) == "3C  KD  2H"
    assert show_cards(cards, True) == "3C  \033[31mKD\033[0m  \033[31m2H\033[0m"
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert use_colour(Terminal()) and not use_colour(io.StringIO())
    assert not use_colour(Terminal(), refused=True)
    monkeypatch.setenv("NO_COLOR", "1")
    assert not use_colour(Terminal())


def test_play_refuses_a_bad_seat_and_a_wrong_number_of_bots(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--players", "3", "--seat", "3"])
    assert "--seat must be a seat from 0 to 2, not 3" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["play", "--players", "4", "--bots", "greedy,random"])
    assert "3 other seats, 2 bots" in capsys.readouterr().err


def test_play_explains_its_answers_quits_and_quotes_what_was_typed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    script = "help\n?\nfrob 7C\n1\nquit\n"
    status, out = play(script, "--record", str(path), monkeypatch=monkeypatch, capsys=capsys)
    assert status == 0  # quit is an answer, not a failure
    assert out.count("Answer with a move's number (1 to 4)") == 2  # help and ? alike
    assert "quit ends the game" in out
    assert "unknown move verb 'frob' in 'frob 7C'" in out  # as typed, no seat added
    assert "'0 frob 7C'" not in out
    record = sg.Record.from_json(path.read_text(encoding="utf-8"))
    assert len(record.moves) >= 1  # the move picked by its number was played, then quit
    assert "Game ended after" in out and "as you asked" in out
    status, out = play("1\n", monkeypatch=monkeypatch, capsys=capsys)  # input ends
    assert status == 130 and "Game stopped after" in out


def test_play_refuses_a_negative_seed_and_help_shows_no_markup(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["play", "--seed", "-1"])
    assert stop.value.code == 2
    error = capsys.readouterr().err
    assert "--seed must be a whole number from 0 to 2**64 - 1, not -1" in error
    assert "Traceback" not in error
    for name in COMMANDS:
        with pytest.raises(SystemExit):
            main([name, "--help"])
        shown = capsys.readouterr().out
        assert "``" not in shown and ":func:" not in shown and ":class:" not in shown, name


def test_ctrl_c_in_a_session_saves_the_games_finished(tmp_path: Path) -> None:
    save = tmp_path / "session.json"
    command = [
        sys.executable,
        "-m",
        "skitgubbe",
        "session",
        "--players",
        "Ann,Bea,Cid",
        "--games",
        "100000",
        "--save",
        str(save),
        "--plain",
    ]
    process = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        time.sleep(4)
        for _ in range(3):
            os.killpg(process.pid, signal.SIGINT)
            time.sleep(0.05)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:  # pragma: no cover - only if the test fails
            os.killpg(process.pid, signal.SIGKILL)
    assert process.returncode == 130, err
    assert "Traceback" not in err and "games finished are kept" in err
    session = sg.sessions.Session.from_json(save.read_text(encoding="utf-8"))
    assert 0 < len(session.games) < 100000
    assert f"{len(session.games)} games of flurst" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["compare", "flurst", "--games", "1" + "0" * 30], "games must be at most 1,000,000,000"),
        (["match", "--bots", "greedy,random,random", "--games", "1" + "0" * 30], "from 1 to"),
        (["session", "--games", "1" + "0" * 30], "--games must be from 0 to 1,000,000,000"),
        (["compare", "flurst", "--games", "2", "--csv", "{tmp}"], "is a folder: name a file"),
        (["session", "--games", "1", "--save", "/nonexistent/x.json"], "--save: no folder"),
        (["play", "--record", "{tmp}"], "--record: "),
    ],
)
def test_outputs_and_sizes_are_checked_before_any_game(
    args: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main([arg.replace("{tmp}", str(tmp_path)) for arg in args])
    assert exited.value.code == 2
    error = capsys.readouterr().err
    assert message in error and "Traceback" not in error


def test_play_pass_lets_the_tricks_sluffs_go_by_and_never_says_1_to_1(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``pass`` when out of turn lets the rest of the trick's chances to sluff go by
    (and says ``done`` when that is due), so the person is asked again only to
    play; a range of one move number is said as that number."""
    from skitgubbe.cli.play import answers_help, numbers

    assert numbers(1, 1) == "1" and numbers(0, 3) == "0 to 3"
    assert "(1)" in answers_help(True, 1) and "1 to 1" not in answers_help(True, 1)
    status, out = play("pass\n1\n" * 3000, monkeypatch=monkeypatch, capsys=capsys)
    assert status == 0 and "the goat after" in out
    assert "the rest of this trick's chances to sluff will go by" in out
    assert "you declared done" in out and "you is" not in out
    assert "1 to 1" not in out
    # asked far less often out of turn than a person who answers every chance
    _, every = play("0\n1\n" * 3000, monkeypatch=monkeypatch, capsys=capsys)
    assert out.count("you may act out of turn") < every.count("you may act out of turn")


def test_play_hint_gives_the_solvers_verdict_in_phase_two_from_the_seats_view() -> None:
    """``hint`` at seed 2's move 125 of a greedy 3-player game (seat 0 about to
    throw its escape away with AS): the escape and the moves that keep it; after
    the blunder, the goat against the best defence; none in phase one."""
    from skitgubbe.bots import GreedyBot, play_game
    from skitgubbe.cli.play import Hints

    record = play_game(sg.presets.FLURST, [GreedyBot() for _ in range(3)], seed=2).record
    states = sg.replay(record)
    hints = Hints()
    assert record.moves[124] == "0 play AS"
    assert hints(states[124].view(0)) == (
        "The solver: you can escape whatever the others do, with play 6C, play 8C."
    )
    assert hints(states[125].view(0)) == (
        "The solver: against the best defence you are the goat, whatever you play."
    )
    assert hints(states[0].view(0)).startswith("No hint in phase one")
    four = sg.replay(play_game(sg.presets.FLURST, [GreedyBot() for _ in range(4)], seed=3).record)
    start = next(state for state in four if isinstance(state, sg.PhaseTwoState))
    assert hints(start.view(0)).startswith("The solver: beyond its budget here")


def test_play_analyse_prints_the_verdicts_after_the_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out = play("hint\n" + "1\n" * 5000, "--analyse", monkeypatch=monkeypatch, capsys=capsys)
    assert status == 0
    assert "No hint in phase one: the solver judges phase two" in out
    after = out.split("the goat after", 1)[1]
    assert "The solver's verdicts on phase two" in after
    assert re.search(r"\d+ phase-two moves, \d+ blunders?", after)
    assert "You made no blunder the solver could judge." in after or "Your blunder at" in after


def test_play_says_what_happened_to_you_in_the_second_person() -> None:
    from skitgubbe.cli.play import describe
    from skitgubbe.events import Event, EventKind

    said = {
        kind: (describe(Event(kind, 0), 0), describe(Event(kind, 1), 0))
        for kind in (EventKind.OUT, EventKind.ONE_CARD, EventKind.LEADS, EventKind.STALLED)
    }
    assert said[EventKind.OUT] == ("you are out", "seat 1 is out")
    assert said[EventKind.ONE_CARD] == ("you have one card", "seat 1 has one card")
    assert said[EventKind.LEADS] == ("you lead", "seat 1 leads")
    assert said[EventKind.STALLED][0].startswith("you hold the most cards")
    assert said[EventKind.STALLED][1].startswith("seat 1 holds the most cards")
