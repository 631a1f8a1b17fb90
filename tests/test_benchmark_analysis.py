"""``benchmarks/analysis.py``: the moves it counts as judged, beyond the budget
and blunders are those of the analysis of the same games."""

from __future__ import annotations

import re
import sys
from types import ModuleType

import pytest

from skitgubbe.records import replay
from skitgubbe.solve import analyse
from skitgubbe.state import PhaseTwoState

from .helpers import benchmark_script


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return benchmark_script("analysis")


def test_the_table_counts_what_the_analysis_judged(
    bench: ModuleType, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    budget = 5_000
    monkeypatch.setattr(
        sys, "argv", ["analysis.py", "--players", "3", "--games", "2", "--max-nodes", str(budget)]
    )
    assert bench.main() == 0
    out = capsys.readouterr().out
    assert f"{budget:,} positions a question at most" in out
    found = re.search(r"^\s+3\s+2\s+(\d+)\s+(\d+) \((\d+)%\)\s+(\d+)\s", out, re.MULTILINE)
    assert found is not None, out
    moves, judged, share, blunders = map(int, found.groups())
    analyses = [analyse(bench.greedy_record(seed, 3), max_nodes=budget) for seed in range(2)]
    assert moves == sum(len(analysis.steps) for analysis in analyses)
    assert judged == moves - sum(len(analysis.unjudged) for analysis in analyses)
    assert 0 < judged < moves  # the budget leaves some unjudged: both kinds are counted
    assert share == round(100 * judged / moves)
    assert blunders == sum(len(analysis.blunders) for analysis in analyses)
    # by seats in play: every move counted once, the judged ones among them
    lines = re.findall(r"(\d) seats in play: (\d+) \(\d+%\) of (\d+) judged", out)
    assert sum(int(made) for _, _, made in lines) == moves
    assert sum(int(done) for _, done, _ in lines) == judged
    assert {int(seats) for seats, _, _ in lines} <= {2, 3}
    # by cards in hand, for each number of seats: the same moves again, each
    # counted in the bucket of the cards held before it
    rows = re.findall(r"by cards in hands: (.*)$", out, re.MULTILINE)
    assert len(rows) == len(lines)
    for (seats, done, made), row in zip(lines, rows, strict=True):
        cells = re.findall(r"(\d+)-(\d+): (\d+) \(\d+%\) of (\d+)", row)
        assert sum(int(whole) for *_, whole in cells) == int(made), (seats, row)
        assert sum(int(part) for _, _, part, _ in cells) == int(done), (seats, row)
        assert all(int(high) - int(low) == bench.CARDS_STEP - 1 for low, high, _, _ in cells)
    held: dict[tuple[int, int], int] = {}
    for seed, analysis in enumerate(analyses):
        states = replay(bench.greedy_record(seed, 3))
        for step in analysis.steps:
            state = states[step.index]
            assert isinstance(state, PhaseTwoState)
            playing = [seat for seat in range(3) if seat not in state.out]
            cards = sum(state.hand_size(seat) for seat in playing)
            key = (len(playing), (cards - 1) // bench.CARDS_STEP)
            held[key] = held.get(key, 0) + 1
    shown = {
        (int(seats), (int(low) - 1) // bench.CARDS_STEP): int(whole)
        for (seats, _, _), row in zip(lines, rows, strict=True)
        for low, _, _, whole in re.findall(r"(\d+)-(\d+): (\d+) \(\d+%\) of (\d+)", row)
    }
    assert shown == held
