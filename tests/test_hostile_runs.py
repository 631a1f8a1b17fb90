"""Runs that survive hostile bots and hostile files: every game ends, nothing
hangs, nothing a bot writes is obeyed, no saved file is believed blindly."""

from __future__ import annotations

import multiprocessing
import os
import shlex
import signal
import sys
import uuid
from pathlib import Path

import pytest

import skitgubbe as sg
from skitgubbe.runner.backends import MAX_LOST_WORKERS
from skitgubbe.tournament import resume, tournament
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


def kill_a_worker() -> None:
    """SIGKILL one of this process's pool workers, as the OOM killer would."""
    workers = multiprocessing.active_children()
    assert workers
    os.kill(workers[0].pid or 0, signal.SIGKILL)


def test_a_worker_killed_mid_match_has_its_deals_played_again(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A pool worker killed with SIGKILL mid-match: its deals are played again in a
    new worker, the run says so, and the match ends with the games of a run that
    lost nothing."""
    kills: list[int] = []

    def kill_once(done: int, total: int) -> None:
        if not kills:
            kills.append(done)
            kill_a_worker()

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
