"""Runs that survive hostile bots and hostile files: every game ends, nothing
hangs, nothing a bot writes is obeyed, no saved file is believed blindly."""

from __future__ import annotations

from pathlib import Path

import skitgubbe as sg
from skitgubbe.tournament import resume, tournament
from skitgubbe.tournament.match import match
from skitgubbe.tournament.run import read

from .helpers import KEY, needs_extra
from .hostile_bots import PickUpBot

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
