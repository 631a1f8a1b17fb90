"""``benchmarks/analysis.py``: the moves it counts as judged, beyond the budget
and blunders are those of the analysis of the same games."""

from __future__ import annotations

import re
import sys
from types import ModuleType

import pytest

from skitgubbe.solve import analyse

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
