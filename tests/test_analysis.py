"""The analysis of a game: blunders marked by the solver, each a real one, and
positions beyond the budget said so; the command and the replay page show it."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any, cast

import pytest

import skitgubbe as sg
from skitgubbe.bots import GreedyBot, next_move
from skitgubbe.cli import main
from skitgubbe.records import Record, replay
from skitgubbe.render import replay_html
from skitgubbe.render.replay import page_games
from skitgubbe.solve import Solution, Solver, Verdict, analyse, solve
from skitgubbe.solve.analysis import GIVE_UP
from skitgubbe.state import State

from .test_replay_page import BROWSER, dom

NODES = 20_000


def greedy_record(seed: int, players: int = 3) -> Record:
    """A game of Flurst played by GreedyBots."""
    first = sg.deal(sg.presets.FLURST, players=players, seed=seed)
    bots = [GreedyBot() for _ in range(players)]
    state: State = first
    moves: list[str] = []
    while not state.is_over:
        move = next_move(state, bots)
        moves.append(str(move))
        state = state.apply(move)
    return Record.of(first, moves, preset="flurst")


def test_the_blunders_of_greedy_bots_are_real_ones() -> None:
    """Each marked move: a fresh solver proves its player could escape before it
    and cannot after it, and that every move named as keeping the escape does."""
    blunders = 0
    for seed in (2, 4):
        record = greedy_record(seed)
        analysis = analyse(record, max_nodes=NODES)
        states = replay(record)
        assert [step.index for step in analysis.steps] == sorted(
            index for index, state in enumerate(states[:-1]) if isinstance(state, sg.PhaseTwoState)
        )
        for step in analysis.blunders:
            before, after = states[step.index], states[step.index + 1]
            assert solve(before, step.player).verdict is Verdict.ESCAPES
            assert solve(after, step.player).verdict in (Verdict.GOAT, Verdict.OPEN)
            assert step.keeping and step.move not in step.keeping
            for kept in step.keeping:
                assert solve(before.apply(kept), step.player).verdict is Verdict.ESCAPES
            assert "a blunder" in step.note and step.keeping[0] in step.note
        for step in analysis.steps:  # the moves not marked are not blunders
            if step.judged and not step.blunder:
                assert not (step.before is Verdict.ESCAPES and step.after is not Verdict.ESCAPES)
        blunders += len(analysis.blunders)
    assert blunders >= 2


def test_positions_beyond_the_budget_are_said_so_never_guessed() -> None:
    record = greedy_record(2)
    analysis = analyse(record, max_nodes=1)
    unjudged = analysis.unjudged
    states = replay(record)
    # one position searched settles only the end of the game: the last move (the
    # game ends with it) and what a quick line or top cards settle unsearched
    settled = len(analysis.steps) - len(unjudged)
    assert 1 <= settled < len(analysis.steps) // 4 and not analysis.blunders
    assert all(step.judged for step in analysis.steps[-settled:])
    for step in analysis.steps[-settled - 1 :]:
        answer = solve(states[step.index], step.player, max_nodes=1)
        assert answer.complete == step.judged, step
    assert analysis.steps[-1].before is Verdict.ESCAPES
    assert all("beyond the solver's budget" in step.note for step in unjudged)
    assert (
        analysis.table()
        .splitlines()[-1]
        .endswith(f"{len(unjudged)} beyond the solver's budget (1 positions)")
    )
    # going back from the end, the solver stops asking after GIVE_UP failures in a row:
    # it is asked about the moves it settles at the end and the GIVE_UP before them,
    # never about the rest
    asked: list[State] = []

    class Counting:  # a stand-in (the compiled build's Solver cannot be subclassed)
        def __init__(self) -> None:
            self.solver = Solver()

        def solve(self, state: State, seat: int | None = None, **budget: Any) -> Solution:
            asked.append(state)
            return self.solver.solve(state, seat, **budget)

    done: list[int] = []
    counting = cast(Solver, Counting())
    analyse(record, max_nodes=1, solver=counting, progress=lambda d, t: done.append(d))
    judged = analysis.steps[-settled - GIVE_UP :]
    assert all(states[step.index] in asked for step in judged)
    assert not any(state in asked for state in states[: judged[0].index])
    assert len(analysis.steps) > 2 * len(judged)  # most were never asked about
    assert done == list(range(len(analysis.steps) + 1))
    with pytest.raises(ValueError, match="max_nodes must be a whole number"):
        analyse(record, max_nodes=0)


def test_analyse_prints_the_blunders_and_writes_the_page_and_data(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = greedy_record(2)
    saved = tmp_path / "game.json"
    saved.write_text(record.to_json())
    page, data = tmp_path / "game.html", tmp_path / "analysis.json"
    code = main(
        ["analyse", str(saved), "--nodes", str(NODES), "--html", str(page), "--json", str(data)]
    )
    assert code == 0
    out = capsys.readouterr().out
    analysis = analyse(record, max_nodes=NODES)
    assert f"{len(analysis.blunders)} blunders" in out
    for step in analysis.blunders:
        assert f"move {step.index + 1}, {step.move}: seat {step.player}: escapes before" in out
    saved_data = json.loads(data.read_text())
    assert [step["blunder"] for step in saved_data["steps"]] == [
        step.blunder for step in analysis.steps
    ]
    (game,) = page_games(page.read_text(encoding="utf-8"))
    assert game["notes"] == analysis.notes()
    assert sum(note.startswith("??") for note in game["notes"]) == len(analysis.blunders)


def test_a_game_still_in_phase_one_has_nothing_to_judge_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = greedy_record(2)
    early = Record(record.rules, record.deal, record.moves[:40], preset="flurst")
    assert isinstance(replay(early)[-1], sg.PhaseOneState)
    assert analyse(early).steps == ()
    saved = tmp_path / "early.json"
    saved.write_text(early.to_json())
    assert main(["analyse", str(saved), "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "no phase-two moves to judge: the game has not reached phase two" in out
    assert "before" not in out  # no table of nothing


def test_a_game_stopped_in_phase_two_gets_the_verdict_of_its_last_position(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Seed 2's game stopped just before seat 0's blunder (move 125, ``0 play AS``):
    the analysis says seat 0, to move, escapes, with the moves that keep it."""
    record = greedy_record(2)
    assert analyse(record, max_nodes=NODES).now is None  # the game is over
    assert record.moves[124] == "0 play AS"
    stopped = Record(record.rules, record.deal, record.moves[:124], preset="flurst")
    last = replay(stopped)[-1]
    assert isinstance(last, sg.PhaseTwoState) and last.to_act == (0,)
    analysis = analyse(stopped, max_nodes=NODES)
    assert analysis.now is not None and analysis.now.seat == 0
    assert analysis.now.verdict is Verdict.ESCAPES
    keeping = {str(move) for move in analysis.now.moves}
    assert "0 play AS" not in keeping
    assert keeping == {
        str(move)
        for move in last.legal_moves()
        if solve(last.apply(move), 0).verdict is Verdict.ESCAPES
    }
    saved, data = tmp_path / "stopped.json", tmp_path / "analysis.json"
    saved.write_text(stopped.to_json())
    code = main(
        ["analyse", str(saved), "--no-progress", "--nodes", str(NODES), "--json", str(data)]
    )
    assert code == 0
    out = capsys.readouterr().out
    assert "now: seat 0 to move escapes; kept by " + ", ".join(map(str, analysis.now.moves)) in out
    assert json.loads(data.read_text())["now"] == {
        "seat": 0,
        "verdict": "escapes",
        "moves": [str(move) for move in analysis.now.moves],
    }
    # beyond the budget: said so, not guessed
    tight = analyse(stopped, max_nodes=1)
    assert tight.now is not None and tight.now.verdict is None
    assert "now: seat 0 to move: beyond the solver's budget, not judged" in tight.table()
    assert "? beyond the solver's budget: not judged" in tight.table()


def test_an_analysis_keeps_within_its_total_time_and_says_what_it_left(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """With little time in all, the moves near the end are judged as before and
    the earlier ones, not reached, are left unjudged and said so; with time
    enough, nothing is left for want of it."""
    record = greedy_record(2)
    full = analyse(record, max_nodes=NODES)
    assert not full.out_of_time
    clock = [0.0]

    def ticking() -> float:  # every look at the clock takes a second
        clock[0] += 1.0
        return clock[0]

    real = time.perf_counter
    try:
        time.perf_counter = ticking
        hurried = analyse(record, max_nodes=NODES, total_seconds=12)
    finally:
        time.perf_counter = real
    assert hurried.out_of_time
    reached = [step for step in hurried.steps if step.judged]
    assert reached and len(reached) < len([step for step in full.steps if step.judged])
    for step in hurried.steps:  # what it judged is what the full analysis judged
        if step.judged:
            assert step == full.steps[hurried.steps.index(step)]
    first_reached = hurried.steps.index(reached[0])
    assert all(not step.judged for step in hurried.steps[:first_reached])
    assert "the analysis ran out of time" in hurried.table()
    assert hurried.to_dict()["out_of_time"] is True
    with pytest.raises(ValueError, match="total_seconds must be more than 0"):
        analyse(record, total_seconds=0)
    saved = tmp_path / "game.json"
    saved.write_text(record.to_json())
    with pytest.raises(SystemExit):
        main(["analyse", str(saved), "--total", "-1"])
    assert "--total: give a time above 0" in capsys.readouterr().err


def test_bad_notes_and_bad_budgets_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = greedy_record(2)
    with pytest.raises(ValueError, match="one note per move"):
        replay_html(record, notes=[["x"]])
    with pytest.raises(ValueError, match="notes for each game"):
        replay_html(record, notes=[])
    saved = tmp_path / "game.json"
    saved.write_text(record.to_json())
    with pytest.raises(SystemExit):
        main(["analyse", str(saved), "--nodes", "0"])
    assert "--nodes: give from 1" in capsys.readouterr().err


@pytest.mark.skipif(BROWSER is None, reason="needs Chromium (Debian's chromium package)")
def test_the_replay_page_shows_each_steps_verdict_and_marks_the_blunders(tmp_path: Path) -> None:
    record = greedy_record(2)
    analysis = analyse(record, max_nodes=NODES)
    page = tmp_path / "game.html"
    page.write_text(replay_html(record, notes=[analysis.notes()]), encoding="utf-8")
    blunder = analysis.blunders[0]
    text = dom(page, blunder.index + 1, tmp_path)
    note = re.search(r'<p id="note" class="blunder">(.*?)</p>', text, re.S)
    assert note is not None and note.group(1) == "?? " + blunder.note
    marked = re.findall(r'<li class="blunder[^"]*"[^>]*>(\d+)\. ', text)
    assert [int(number) - 1 for number in marked] == [step.index for step in analysis.blunders]
    quiet = next(step for step in analysis.steps if step.judged and not step.blunder)
    text = dom(page, quiet.index + 1, tmp_path)
    note = re.search(r'<p id="note"[^>]*>(.*?)</p>', text, re.S)
    assert note is not None and note.group(1) == quiet.note
    # the button to the next blunder: from the deal the first, from the first the
    # second, from the last back to the first; none without blunders
    first, second = (step.index + 1 for step in analysis.blunders[:2])
    last = analysis.blunders[-1].index + 1
    for at, ahead in ((0, first), (first, second), (last, first)):
        button = re.search(r'<button id="blunder"[^>]*>', dom(page, at, tmp_path))
        assert button is not None and "hidden" not in button.group(0)
        assert f'data-step="{ahead}"' in button.group(0), (at, button.group(0))
    plain = tmp_path / "plain.html"
    plain.write_text(replay_html(record), encoding="utf-8")
    button = re.search(r'<button id="blunder"[^>]*>', dom(plain, 0, tmp_path))
    assert button is not None and "hidden" in button.group(0)
    # an address that names no step: the first blunder, or the deal without one
    last_step = len(record.moves)
    assert f"move {first} of {last_step}" in dom(page, None, tmp_path)
    assert f"move 0 of {last_step}" in dom(plain, None, tmp_path)


def test_a_verdict_that_follows_from_a_neighbouring_one_is_the_solvers() -> None:
    """A verdict the analysis infers (an escape after a move: before it too; the
    goat before a move or before the player's next move: after it too) is the one
    a fresh solver proves with more budget, and it judges moves that a search
    within the budget alone leaves open."""
    checked = {"before": 0, "after": 0}
    gained = 0
    for seed, players in ((2, 3), (3, 4), (5, 4)):
        record = greedy_record(seed, players)
        states = replay(record)
        analysis = analyse(record, max_nodes=2_000)
        for step in analysis.steps:
            for side in step.inferred:
                state = states[step.index + (side == "after")]
                said = step.before if side == "before" else step.after
                assert said is not None
                alone = solve(state, step.player, max_nodes=2_000)
                gained += alone.verdict is None
                answer = solve(state, step.player, max_nodes=40_000)
                if answer.complete:
                    assert answer.verdict is said, (seed, step, side)
                    checked[side] += 1
    assert checked["before"] >= 3 and checked["after"] >= 3, checked
    assert gained, "no inferred verdict was beyond the budget of a search alone"
