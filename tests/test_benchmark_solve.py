"""``benchmarks/solve.py``: the positions its budget did not solve, listed so that
they can be studied and solved again on their own (``--unsolved``, ``--seeds``)."""

from __future__ import annotations

import re
import sys
from types import ModuleType

import pytest

import skitgubbe as sg
from skitgubbe.solve import solve

from .helpers import benchmark_script


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return benchmark_script("solve")


def run(
    bench: ModuleType,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    args: str,
) -> str:
    monkeypatch.setattr(sys, "argv", ["solve.py", *args.split()])
    assert bench.main() == 0
    return capsys.readouterr().out


def test_unsolved_positions_are_listed_with_their_hands(
    bench: ModuleType, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    budget = 2_000
    out = run(bench, capsys, monkeypatch, f"--cards 16 --games 30 --max-nodes {budget} --unsolved")
    listed = {int(seed): line for seed, line in re.findall(r"unsolved: seed (\d+): (.*)", out)}
    solved = unsolved = 0
    for seed in range(30):
        state = bench.position(seed, 3, 2, 16)
        if state is None:
            assert seed not in listed
            continue
        if solve(state, max_nodes=budget, one_move=True).complete:  # as the script asks
            solved += 1
            assert seed not in listed
            continue
        unsolved += 1
        line = listed[seed]
        for seat in range(3):
            if seat not in state.out:
                assert f"seat {seat}: {sg.format_cards(state.hand(seat))};" in line
        assert f"trump {state.trump};" in line
        assert line.endswith(f"seat {state.turn} to act")
        for seat, play in zip(state.table_seats, state.table, strict=True):
            assert f"seat {seat} led {sg.format_cards(play)}" in line
    assert solved and unsolved  # the budget splits the positions, so both kinds are checked
    assert len(listed) == unsolved
    row = re.search(r"^\s+16\s+(\d+) of (\d+)", out, re.MULTILINE)
    assert row is not None and (int(row[1]), int(row[2])) == (solved, solved + unsolved)


def test_seeds_try_only_the_named_games(
    bench: ModuleType, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    everything = run(
        bench, capsys, monkeypatch, "--cards 16 --games 30 --max-nodes 2000 --unsolved"
    )
    seeds = [int(seed) for seed in re.findall(r"unsolved: seed (\d+):", everything)][:2]
    named = " ".join(map(str, seeds))
    again = run(
        bench, capsys, monkeypatch, f"--cards 16 --max-nodes 2000 --unsolved --seeds {named}"
    )
    assert re.findall(r"unsolved: seed (\d+):", again) == [str(seed) for seed in seeds]
    assert re.search(rf"^\s+16\s+0 of {len(seeds)}\b", again, re.MULTILINE)


def test_seconds_bound_each_position_as_well(
    bench: ModuleType, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # a microsecond: every position that needs more than the few positions
    # searched between two looks at the clock is left unsolved, however large
    # the budget of positions
    out = run(
        bench,
        capsys,
        monkeypatch,
        "--cards 16 --games 30 --max-nodes 1000000000 --seconds 0.000001 --unsolved",
    )
    assert "budget 1,000,000,000 positions and 1e-06 s" in out
    seeds = [int(seed) for seed in re.findall(r"unsolved: seed (\d+):", out)]
    assert seeds
    for seed in seeds:
        state = bench.position(seed, 3, 2, 16)
        assert solve(state, max_nodes=10**9).complete  # the positions alone would not stop it


def test_the_all_row_gathers_every_size_asked(
    bench: ModuleType, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """With more than one size asked, a last row ``all`` counts the positions of
    every size together: the solved and tried of the rows added up, the worst of
    their worst, and the median of all the times (between the rows' medians)."""
    out = run(bench, capsys, monkeypatch, "--cards 10 12 --games 20 --max-nodes 20000")
    rows = {
        label: (int(solved), int(tried), float(median), float(worst))
        for label, solved, tried, median, worst in re.findall(
            r"^\s*(\d+|all)\s+(\d+) of (\d+)\s+([\d.]+)\s+([\d.]+)", out, re.MULTILINE
        )
    }
    assert set(rows) == {"10", "12", "all"}
    ten, twelve, every = rows["10"], rows["12"], rows["all"]
    assert every[:2] == (ten[0] + twelve[0], ten[1] + twelve[1])
    assert every[3] == max(ten[3], twelve[3])
    assert min(ten[2], twelve[2]) <= every[2] <= max(ten[2], twelve[2])
    one = run(bench, capsys, monkeypatch, "--cards 10 --games 20 --max-nodes 20000")
    assert not re.search(r"^\s*all\b", one, re.MULTILINE)  # one size: no such row
