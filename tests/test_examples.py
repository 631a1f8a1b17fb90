"""The examples and the command line run, and say what they should."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from skitgubbe.__main__ import main

from .helpers import needs_extra

EXAMPLES = Path(__file__).parent.parent / "examples"


def run(*args: str) -> str:
    done = subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, check=True, timeout=120
    )
    return done.stdout


def test_first_position_example_runs() -> None:
    out = run(str(EXAMPLES / "first_position.py"))
    assert "Refused: KH does not beat 2C 3C (P2-BEAT-SUIT)" in out
    assert "Event: 2 killed 2C 3C 7C 8C 9C 10C JC" in out


def test_compare_variants_example_runs() -> None:
    out = run(str(EXAMPLES / "compare_variants.py"), "--games", "5", "--jobs", "1")
    assert "high-trump rule" in out and "moves/game" in out
    assert "against flurst [95% CI]" in out and len(out.splitlines()) == 8


@pytest.mark.parametrize("preset", ["flurst", "pagat", "two_player", "mattis"])
def test_command_line_plays_a_game_to_the_goat(
    preset: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--preset", preset, "--seed", "4"]) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert last.startswith("Seat ") and "is the goat after" in last


def test_command_line_refuses_a_wrong_player_count(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--preset", "pagat", "--players", "9"])
    assert "these rules allow 2-4 players, not 9" in capsys.readouterr().err


def test_bot_match_example_runs() -> None:
    out = run(
        str(EXAMPLES / "bot_match.py"), "--preset", "swedish_goat", "--games", "5", "--jobs", "1"
    )
    assert "swedish_goat: 5 deals, 4 players" in out
    assert "5 deals x 4 seatings = 20 games" in out
    rates = [
        float(line.split()[1])
        for line in out.splitlines()
        if line.startswith(("careful", "random#"))
    ]
    assert len(rates) == 4 and abs(sum(rates) - 100) < 0.5  # every game has exactly one goat


def test_command_line_deals_phase_two_hands_on_request(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--preset", "flurst", "--phase-two", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "trump" in out.splitlines()[1] and "phase one is over" not in out
    assert out.splitlines()[-1].startswith("Seat ")


def test_session_example_runs() -> None:
    out = run(str(EXAMPLES / "session.py"), "--games", "12")
    assert "Saved and replayed 12 games: identical = True" in out
    goats = [
        int(line.split("goat in")[1].split()[0]) for line in out.splitlines() if "goat in" in line
    ]
    assert len(goats) == 4 and sum(goats) == 12  # every game has exactly one goat


def test_openspiel_example_plays_a_game_with_ismcts() -> None:
    needs_extra("pyspiel", "openspiel")
    out = run(str(EXAMPLES / "openspiel_ismcts.py"), "--simulations", "2", "--preset", "pagat")
    lines = out.splitlines()
    assert lines[0].startswith("python_skitgubbe(") and "IS-MCTS at seat 0" in lines[0]
    assert lines[-1].startswith("Seat ") and "is the goat" in lines[-1]
    out = run(
        str(EXAMPLES / "openspiel_ismcts.py"), "--simulations", "2", "--opponents", "pimc@0.01"
    )
    lines = out.splitlines()
    assert "IS-MCTS at seat 0, pimc@0.01 elsewhere" in lines[0]
    assert lines[-1].startswith("Seat ") and "is the goat" in lines[-1]


def test_pettingzoo_example_plays_a_game_each_way() -> None:
    needs_extra("pettingzoo", "pettingzoo")
    out = run(str(EXAMPLES / "pettingzoo_random.py"), "--preset", "pagat", "--players", "3")
    lines = out.splitlines()
    assert lines[0] == "skitgubbe (pagat rules), 3 players, phase one"
    assert any(line.startswith("PettingZoo: player_") and "is the goat" in line for line in lines)
    assert lines[-1].startswith("Gymnasium: seat 0 ends with reward ")
    out = run(str(EXAMPLES / "pettingzoo_random.py"), "--opponents", "pimc@0.01")
    assert out.splitlines()[-1].endswith(" against pimc@0.01")
