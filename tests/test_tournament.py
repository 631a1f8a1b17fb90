"""Tournaments: balanced tables, reseating after drops, ratings, resuming."""

from __future__ import annotations

import itertools
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import skitgubbe as sg
from skitgubbe.cli import main
from skitgubbe.tournament import (
    Schedule,
    TournamentError,
    TournamentResult,
    resume,
    tournament,
)
from skitgubbe.tournament.run import Settler, read, settle

from .helpers import KEY, needs_extra

needs_extra("openskill", "tournament")

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "bots"
CRASHING = "cmd:false"


@settings(max_examples=30, deadline=None)
@given(st.integers(3, 7), st.integers(2, 4), st.integers(0, 10**6))
def test_a_round_seats_every_pair_equally_and_every_bot_in_every_seat(
    bots: int, players: int, seed: int
) -> None:
    if bots < players:
        return
    schedule = Schedule(bots, players, 1, seed)
    pairs: Counter[tuple[int, int]] = Counter()
    seats: Counter[tuple[int, int]] = Counter()
    for number in range(schedule.units):
        unit = schedule.unit(number)
        assert sorted(set(unit.seating)) == sorted(unit.seating)
        pairs.update(itertools.combinations(sorted(unit.seating), 2))
        for rotation in range(players):
            seats.update((bot, seat) for seat, bot in enumerate(unit.seated(rotation)))
    assert len(set(pairs.values())) == 1 and len(pairs) == bots * (bots - 1) // 2
    assert len(set(seats.values())) == 1 and len(seats) == bots * players


def test_games_are_rounded_up_to_whole_rounds() -> None:
    schedule = Schedule.for_games(5, 3, 31, seed=0)
    assert (schedule.tables_per_round, schedule.rounds, schedule.games) == (10, 2, 60)


def small(**kwargs: object) -> TournamentResult:
    arguments: dict[str, object] = {
        "rules": sg.presets.FLURST,
        "bots": ["greedy", "random", "random", "greedy"],
        "players": 3,
        "rounds": 1,
        "seed": 3,
        "workers": 1,
        "key": KEY,
    }
    arguments.update(kwargs)
    return tournament(**arguments)  # type: ignore[arg-type]


def test_a_tournament_rates_greedy_above_random() -> None:
    result = small(rounds=3)
    board = result.leaderboard()
    assert len(result.games) == result.schedule.games == 3 * 4 * 3
    assert {line.bot for line in board.standings[:2]} == {"greedy#1", "greedy#2"}
    assert [line.rank for line in board.standings] == [1, 2, 3, 4]
    assert all(line.games == 27 for line in board.standings)
    ratings = [line.rating for line in board.standings]
    assert ratings == sorted(ratings, reverse=True)
    goat = {line.bot: line.goat_rate.mean for line in board.standings}
    assert goat["greedy#1"] < goat["random#1"]


def test_the_same_seed_gives_the_same_table_on_one_worker_or_two() -> None:
    assert small(workers=1).table() == small(workers=2).table()


def test_a_bot_that_forfeits_too_often_is_dropped_and_its_seats_go_to_the_others() -> None:
    result = small(bots=["greedy", "random", CRASHING, "random"], max_forfeits=2, rounds=2)
    assert 2 in result.dropped
    drop = result.dropped[2]
    assert drop.forfeits >= 2
    later = [game for game in result.games if game.unit > drop.unit]
    assert later and all(2 not in game.seated for game in later)
    assert all(len(set(game.seated)) == 3 for game in result.games)
    assert len(result.games) == result.schedule.games  # reseated, not left out
    reasons = {game.forfeit.reason for game in result.forfeits if game.forfeit is not None}
    assert reasons == {"crashed"}
    text = result.table()
    assert "dropped: false after" in text and "crashed: exited with status 1" in text
    assert result.leaderboard().standings[-1].bot == "false"


def test_a_killed_tournament_resumes_to_the_table_of_an_uninterrupted_one(tmp_path: Path) -> None:
    bots = ["greedy", "random", CRASHING, "random"]
    straight = small(bots=bots, max_forfeits=2, rounds=2, save=tmp_path / "straight.jsonl")
    lines = (tmp_path / "straight.jsonl").read_bytes().split(b"\n")
    cut = b"\n".join(lines[:4]) + b"\n" + lines[4][:30]  # killed while writing a line
    (tmp_path / "cut.jsonl").write_bytes(cut)
    header, units, _ = read(tmp_path / "cut.jsonl")
    assert len(units) == 3 and header["bots"] == bots
    resumed = resume(tmp_path / "cut.jsonl", workers=2, bots=bots)
    assert not resumed.interrupted
    assert resumed.table() == straight.table()
    _, again, _ = read(tmp_path / "cut.jsonl")
    assert set(again) == set(range(resumed.schedule.units))
    # the running walk and the whole walk agree on who was dropped where
    settler = Settler(resumed.schedule, 2)
    settler.advance(again)
    assert settler.prefix == resumed.schedule.units
    assert settler.dropped == settle(resumed.schedule, again, 2).dropped == resumed.dropped


def test_ctrl_c_keeps_what_finished_and_resume_plays_only_the_rest(tmp_path: Path) -> None:
    save = tmp_path / "t.jsonl"
    seen: list[int] = []

    def stop_half_way(done: int, total: int) -> None:
        seen.append(done)
        if done >= total // 2:
            raise KeyboardInterrupt

    stopped = small(rounds=2, save=save, progress=stop_half_way)
    assert stopped.interrupted and 0 < len(stopped.games) < stopped.schedule.games
    finished = len(read(save)[1])
    resumed = resume(save, workers=1)
    assert len(read(save)[1]) == resumed.schedule.units  # nothing played twice
    assert finished < resumed.schedule.units
    assert resumed.table() == small(rounds=2).table()


def test_bad_tournaments_are_refused_before_any_game(tmp_path: Path) -> None:
    with pytest.raises(TournamentError, match="these rules seat 3-8 players, not 2"):
        small(players=2)
    with pytest.raises(TournamentError, match="2 bots cannot fill a table of 3"):
        small(bots=["greedy", "random"])
    with pytest.raises(TournamentError, match="no bot named 'clever'"):
        small(bots=["greedy", "random", "clever"])
    taken = tmp_path / "taken.jsonl"
    taken.write_text("x\n")
    with pytest.raises(TournamentError, match="already holds a tournament: resume it"):
        small(save=taken)
    with pytest.raises(TournamentError, match="does not start with a tournament"):
        resume(taken)


def test_the_tournament_command_prints_a_leaderboard_and_writes_csv(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bot = f"cmd:{sys.executable} {EXAMPLES / 'random_bot.py'}"
    status = main(
        [
            "tournament",
            "--bots",
            f"greedy,random,{bot}",
            "--players",
            "3",
            "--jobs",
            "1",
            "--csv",
            str(tmp_path / "board.csv"),
            "--bot-logs",
            str(tmp_path),
        ]
    )
    out = capsys.readouterr().out
    assert status == 0
    assert "3 bots at tables of 3: 1 round x 1 tables x 3 seatings" in out
    csv = (tmp_path / "board.csv").read_text().splitlines()
    assert csv[0].startswith("rank,bot,spec,rating,mu,sigma,goat_rate") and len(csv) == 4
    # the board is ordered by rating (three games are too few to say who is better:
    # the example program plays its own random moves)
    rows = [line.split(",") for line in csv[1:]]
    ratings = [float(row[3]) for row in rows]
    assert ratings == sorted(ratings, reverse=True) and [row[0] for row in rows] == ["1", "2", "3"]
    assert all(row[1] in out for row in rows)


def test_a_tournament_on_ray_ends_with_the_same_table() -> None:
    needs_extra("ray", "ray")
    bots = ["greedy", "random", f"cmd:{sys.executable} {EXAMPLES / 'random_bot.py'}", "random"]
    on_ray = small(bots=bots, workers=2, backend="ray")
    assert on_ray.table() == small(bots=bots).table()


def test_resume_refuses_settings_that_its_file_holds(tmp_path: Path) -> None:
    save = tmp_path / "t.jsonl"
    small(save=save)
    with pytest.raises(SystemExit):
        main(["tournament", "--resume", str(save), "--move-time", "5"])


def test_games_means_deals_in_match_and_tournament_alike(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--games N`` plays N deals, each once per seating, in both commands."""
    common = ["--bots", "greedy,random,random", "--games", "2", "--jobs", "1", "--no-progress"]
    assert main(["match", "--players", "3", *common]) == 0
    assert "2 deals x 3 seatings = 6 games" in capsys.readouterr().out
    assert main(["tournament", "--players", "3", *common]) == 0
    out = capsys.readouterr().out
    assert "2 rounds x 1 tables x 3 seatings" in out
