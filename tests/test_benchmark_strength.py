"""``benchmarks/strength.py``: pooling saved runs of other seeds, and the files it refuses.

The strength runs themselves take hours; these tests play no game. They check
that the script refuses, before it plays anything, a file it must not pool, and
that pooled figures are the ones over every deal.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

import pytest

import skitgubbe as sg
from skitgubbe.bots import PimcBot, greedy_choice
from skitgubbe.bots.protocol import is_due
from skitgubbe.moves import Move
from skitgubbe.runner import mean_interval
from skitgubbe.state import Phase, PhaseTwoState, State
from skitgubbe.views import PlayerView

from .helpers import benchmark_script


@pytest.fixture(scope="module")
def strength() -> ModuleType:
    return benchmark_script("strength")


def saved(path: Path, seed: int, key: str, per_deal: dict[str, list[float]]) -> Path:
    deals = len(next(iter(per_deal.values())))
    run = {"seed": seed, "key": key, "deals": deals, "per_deal": per_deal}
    path.write_text(json.dumps(run), encoding="utf-8")
    return path


def refusal(strength: ModuleType, capsys: pytest.CaptureFixture[str], *args: str) -> str:
    with pytest.raises(SystemExit) as stop:
        strength.main(["--deals", "1", "--budgets", "0.01", *args])
    assert stop.value.code == 2
    return capsys.readouterr().err


def test_files_of_another_key_or_a_repeated_seed_are_refused_before_any_game(
    strength: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    key = strength.DEFAULT_KEY
    rates = {"pimc@0.01": [0.25, 0.0]}
    other_key = saved(tmp_path / "k.json", 7, "ab" * 16, rates)
    assert "k.json was played with another key" in refusal(
        strength, capsys, "--add", str(other_key)
    )
    same_seed = saved(tmp_path / "s.json", 2026, key, rates)
    err = refusal(strength, capsys, "--add", str(same_seed))
    assert "s.json was played with seed 2026, as this run is: its deals repeat" in err
    first = saved(tmp_path / "a.json", 7, key, rates)
    twice = saved(tmp_path / "b.json", 7, key, rates)
    err = refusal(strength, capsys, "--add", str(first), "--add", str(twice))
    assert f"b.json was played with seed 7, as {first} is: its deals repeat" in err
    (tmp_path / "bad.json").write_text("[1, 2]", encoding="utf-8")
    err = refusal(strength, capsys, "--add", str(tmp_path / "bad.json"))
    assert "bad.json is not a file written by --save" in err
    err = refusal(strength, capsys, "--against", str(first))
    assert "a.json was played with another seed or key: its deals are not these" in err


def test_pooled_rates_are_over_every_deal_and_paired_by_deal(
    strength: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mine = {"pimc@0.01": [0.5, 0.25, 0.0], "pimc@1": [0.25, 0.0, 0.0]}
    theirs = {"pimc@0.01": [0.25, 0.75], "pimc@1": [0.0, 0.25]}
    path = saved(tmp_path / "other.json", 9, strength.DEFAULT_KEY, theirs)
    rates = strength.pooled(mine, [json.loads(path.read_text())], [path])
    expected = mean_interval([0.5, 0.25, 0.0, 0.25, 0.75])
    assert math.isclose(rates["pimc@0.01"].mean, expected.mean)
    assert math.isclose(rates["pimc@0.01"].high, expected.high)
    assert rates["pimc@1"].n == 5
    out = capsys.readouterr().out
    assert "over 5 deals, this run's and other.json:" in out
    change = mean_interval([-0.25, -0.25, 0.0, -0.25, -0.5])
    assert f"pimc@1 minus pimc@0.01: {100 * change.mean:+5.1f} points" in out


def test_a_file_without_every_bot_of_the_run_is_refused(
    strength: ModuleType, tmp_path: Path
) -> None:
    mine = {"pimc@0.01": [0.5], "pimc@1": [0.25]}
    path = saved(tmp_path / "part.json", 9, strength.DEFAULT_KEY, {"pimc@0.01": [0.25]})
    with pytest.raises(SystemExit, match=r"part\.json does not hold every bot of this run"):
        strength.pooled(mine, [json.loads(path.read_text())], [path])


def test_files_played_against_other_bots_and_unknown_rivals_are_refused(
    strength: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--others`` names the bot of the three other seats: a file saved against
    other bots is not pooled or compared with this run, a file of old (no
    ``others``: SearchBots) is taken as played against SearchBots, and a name no
    bot has is refused, each before any game."""
    key = strength.DEFAULT_KEY
    rates = {"pimc@0.01": [0.25, 0.0]}
    timed = {"seed": 7, "key": key, "deals": 2, "others": "pimc@0.01", "per_deal": rates}
    path = tmp_path / "odds.json"
    path.write_text(json.dumps(timed), encoding="utf-8")
    err = refusal(strength, capsys, "--add", str(path))
    assert "odds.json was played against other bots than search" in err
    timed["seed"] = 2026
    path.write_text(json.dumps(timed), encoding="utf-8")
    err = refusal(strength, capsys, "--against", str(path), "--others", "greedy")
    assert "odds.json was played against other bots than greedy" in err
    old = saved(tmp_path / "old.json", 7, key, rates)
    err = refusal(strength, capsys, "--add", str(old), "--others", "pimc@0.1")
    assert "old.json was played against other bots than pimc@0.1" in err
    err = refusal(strength, capsys, "--others", "nobody")
    assert "--others:" in err and "nobody" in err


def test_greedy_phase_one_leaves_phase_two_to_the_bot_and_is_not_pooled_with_it(
    strength: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--phase-one greedy``: the bot's phase-one choices are the greedy rules'
    (the bot itself is not asked), its phase-two choices the bot's; a run of it
    is not pooled with a run of the bot itself, nor the other way, and compared
    with one (``--against``) bot by bot: ``greedy+pimc@S`` with ``pimc@S``."""
    asked: list[Phase] = []

    class Spy(PimcBot):
        def choose(self, view: PlayerView, moves: Sequence[Move]) -> Move | None:
            asked.append(view.phase)
            return super().choose(view, moves)

    bot = strength.GreedyPhaseOne(Spy(None, playouts=8, name="pimc@0.01"))
    assert bot.name == "greedy+pimc@0.01"
    bot.reset(0, 3)
    state: State = sg.deal(sg.presets.FLURST, players=4, seed=3)
    played_one = False
    while not isinstance(state, PhaseTwoState):
        seat = state.due[0]
        view, moves = state.view(seat), state.legal_moves(seat)
        move = greedy_choice(view, moves)
        if seat == 0 and is_due(view) and len(moves) > 1:
            assert bot.choose(view, moves) == move
            played_one = True
        state = state.apply(move if move is not None else moves[0])
    assert played_one and asked == []
    seat = state.due[0]
    view, moves = state.view(seat), state.legal_moves(seat)
    assert bot.choose(view, moves) in moves
    assert asked == [Phase.TWO]
    key = strength.DEFAULT_KEY
    rates = {"greedy+pimc@0.01": [0.25, 0.0]}
    run = {"seed": 7, "key": key, "deals": 2, "phase_one": "greedy", "per_deal": rates}
    path = tmp_path / "greedy.json"
    path.write_text(json.dumps(run), encoding="utf-8")
    assert "greedy.json was played with another --phase-one" in refusal(
        strength, capsys, "--add", str(path)
    )
    old = saved(tmp_path / "old.json", 7, key, {"pimc@0.01": [0.25, 0.0]})
    err = refusal(strength, capsys, "--add", str(old), "--phase-one", "greedy")
    assert "old.json was played with another --phase-one" in err
    assert strength.counterpart("greedy+pimc@0.1", "greedy", "search") == "pimc@0.1"
    assert strength.counterpart("pimc@0.1", "search", "greedy") == "greedy+pimc@0.1"
    assert strength.counterpart("pimc@0.1", "search", "search") == "pimc@0.1"
    assert strength.counterpart("greedy+pimc@1", "greedy", "greedy") == "greedy+pimc@1"
