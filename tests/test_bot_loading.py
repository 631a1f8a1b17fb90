"""Bots of your own named as ``module:Name`` or ``path/to/file.py:Name``: in the
library's functions and on every command line that takes ``--bots``."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import skitgubbe as sg
from skitgubbe.bots import MatchError, bot_name, make_bot, parse_bots
from skitgubbe.bots.loading import BotSpecError, load_bot
from skitgubbe.cli import main
from skitgubbe.compare import StudyError, seat_bots
from skitgubbe.sessions import Session, SessionError, play_bot_session
from skitgubbe.tournament import match

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "bot_match.py"

LOW_BOT = '''
import skitgubbe as sg
from skitgubbe.bots import is_due


class LowBot:
    """Plays its first legal move when due, never sluffs."""

    name = "low"

    def reset(self, seat, seed):
        pass

    def choose(self, view, moves):
        if not is_due(view):
            return None
        return moves[0]


def make():
    return LowBot()


NOT_A_BOT = 3


class Empty:
    pass


class NeedsArguments:
    def __init__(self, depth):
        self.depth = depth
'''


@pytest.fixture
def low_bot_file(tmp_path: Path) -> Path:
    path = tmp_path / "low_bot.py"
    path.write_text(LOW_BOT, encoding="utf-8")
    return path


def test_a_bot_class_loads_from_a_file(low_bot_file: Path) -> None:
    bot = make_bot(f"{low_bot_file}:LowBot")
    assert bot.name == "low" and isinstance(bot, sg.bots.Bot)
    assert make_bot(f"{low_bot_file}:make").name == "low"  # a function making bots
    # loaded once per process: the same class each time
    assert type(make_bot(f"{low_bot_file}:LowBot")) is type(bot)


def test_a_bot_class_loads_from_a_module(
    low_bot_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(low_bot_file.parent))
    monkeypatch.delitem(sys.modules, "low_bot", raising=False)
    assert make_bot("low_bot:LowBot").name == "low"
    assert bot_name(" low_bot:LowBot ") == "low_bot:LowBot"
    assert make_bot("skitgubbe.bots.basic:GreedyBot").name == "greedy"


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("no_such_module_here:Bot", "cannot import module 'no_such_module_here'"),
        ("missing/file.py:Bot", "there is no file 'missing/file.py'"),
        ("{file}:Missing", "has no 'Missing'; it has: Empty, LowBot, NOT_A_BOT"),
        ("{file}:NOT_A_BOT", "NOT_A_BOT is a int, not a bot class"),
        ("{file}:Empty", "Empty is not a bot: it lacks name, reset, choose"),
        ("{file}:NeedsArguments", "calling NeedsArguments() with no argument failed"),
        ("{file}:", "write module:Name or path/to/file.py:Name"),
    ],
)
def test_a_bad_bot_spec_says_what_to_fix(low_bot_file: Path, spec: str, message: str) -> None:
    spec = spec.format(file=low_bot_file)
    with pytest.raises(BotSpecError, match=message.replace("(", r"\(").replace(")", r"\)")):
        load_bot(spec)
    with pytest.raises(MatchError, match="bot '"):
        make_bot(spec)


def test_a_file_that_fails_to_run_is_named(tmp_path: Path) -> None:
    broken = tmp_path / "broken.py"
    broken.write_text("raise RuntimeError('no luck')\n", encoding="utf-8")
    with pytest.raises(BotSpecError, match=r"running '.*broken.py' failed: RuntimeError: no luck"):
        load_bot(f"{broken}:Bot")


def test_bots_of_your_own_play_matches_studies_and_sessions(low_bot_file: Path) -> None:
    spec = f"{low_bot_file}:LowBot"
    bots = parse_bots(f"{spec},greedy,random")
    result = match(sg.presets.FLURST, bots, 2, seed=1, workers=2)
    assert result.bots == ("low", "greedy", "random") and result.games_played == 2
    assert seat_bots(f"{spec}, greedy", 2) == (spec, "greedy")
    states = list(sg.compare.play_game(sg.presets.FLURST, 3, 5, 6, bots=seat_bots(spec, 3)))
    assert states[-1].is_over
    session = Session.start(sg.presets.FLURST, ["Ann", "Bea", "Cid"])
    session = play_bot_session(session, 1, {"Ann": spec, "Bea": "greedy", "Cid": "random"})
    assert len(session.games) == 1
    with pytest.raises(StudyError, match="no bot named 'clever'"):
        seat_bots("clever", 3)
    with pytest.raises(SessionError, match="Empty is not a bot"):
        play_bot_session(session, 1, f"{low_bot_file}:Empty")


def test_match_command_runs_a_bot_from_a_file(capsys: pytest.CaptureFixture[str]) -> None:
    bots = f"{EXAMPLE}:CarefulBot,greedy,random,random"
    assert main(["match", "--bots", bots, "--games", "2", "--jobs", "1", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "careful" in out and "greedy" in out and "moves per game" in out


def test_commands_refuse_a_bot_that_cannot_be_loaded(capsys: pytest.CaptureFixture[str]) -> None:
    for command in (
        ["match", "--bots", "nowhere.py:Bot,greedy,random"],
        ["compare", "flurst", "--games", "2", "--bots", "nowhere.py:Bot"],
        ["session", "--players", "Ann,Bea,Cid", "--games", "1", "--bots", "nowhere.py:Bot"],
        ["play", "--players", "3", "--bots", "nowhere.py:Bot"],
    ):
        with pytest.raises(SystemExit) as stop:
            main(command)
        assert stop.value.code == 2, command
        error = capsys.readouterr().err
        assert "there is no file 'nowhere.py'" in error and "Traceback" not in error, command


@pytest.mark.parametrize("method", ["spawn", "forkserver"])
def test_a_bot_from_a_file_plays_in_workers_started_afresh(
    low_bot_file: Path, method: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Workers started by ``spawn`` or ``forkserver`` (the default on many platforms,
    and on Linux from Python 3.14) load the bot's file again by its module's name."""
    from skitgubbe.runner.backends import START_METHOD_VARIABLE

    monkeypatch.setenv(START_METHOD_VARIABLE, method)
    bots = [f"{low_bot_file}:LowBot", "greedy", "random"]
    result = match(sg.presets.FLURST, bots, 4, seed=1, workers=2)
    assert result.games_played == 4 and not result.forfeits
    monkeypatch.setenv(START_METHOD_VARIABLE, "teleport")
    with pytest.raises(ValueError, match="SKITGUBBE_START_METHOD='teleport'"):
        match(sg.presets.FLURST, bots, 4, seed=1, workers=2)
