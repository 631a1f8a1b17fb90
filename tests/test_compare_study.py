"""Paired studies: the same games under every variant, whatever the backend."""

from __future__ import annotations

import csv
import importlib.util
import io
import json
import math
import multiprocessing
import threading
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from scipy import stats

import skitgubbe as sg
from skitgubbe import EventKind, presets
from skitgubbe.compare import (
    COLUMNS,
    MEASURES,
    StudyError,
    StudyResult,
    Value,
    game_seeds,
    measure_game,
    play_game,
    study,
)
from skitgubbe.extras import MissingExtraError

from .helpers import needs_extra

VARIANTS = ["flurst", "flurst:high_trump=true", "flurst:runs=single"]
NAMES = [column.name for column in COLUMNS]


@pytest.fixture(scope="module")
def flurst() -> StudyResult:
    """Three-player Flurst and two variants, 200 games each, on two processes."""
    return study(VARIANTS, players=3, games=200, seed=11, workers=2)


def by_variant(result: StudyResult, name: str) -> list[list[Value]]:
    return [result.column(name, index) for index in range(len(result.variants))]


def number(record: dict[str, Value], name: str) -> int:
    value = record[name]
    assert isinstance(value, int)
    return value


# -- the rows -------------------------------------------------------------------------


def test_one_row_per_game_and_variant_in_order(flurst: StudyResult) -> None:
    assert flurst.columns == tuple(NAMES) and len(flurst.rows) == 600
    assert flurst.games_played == 200 and not flurst.interrupted
    records = flurst.records()
    assert [r["variant"] for r in records[:3]] == VARIANTS
    assert [r["game"] for r in records] == [game for game in range(200) for _ in VARIANTS]
    for row in flurst.rows:
        assert len(row) == len(COLUMNS)


def test_every_variant_plays_the_same_deal_with_the_same_random_stream(
    flurst: StudyResult,
) -> None:
    for name in ("deal_seed", "move_seed"):
        first, *others = by_variant(flurst, name)
        assert all(other == first for other in others)
    assert len(set(flurst.column("deal_seed", 0))) == 200
    # The high-trump rule changes phase two only: phase one is the same game, move for move.
    for name in ("moves_phase_one", "tricks", "phase_one_end", "dreck", "n_sluffed"):
        plain, high, _ = by_variant(flurst, name)
        assert plain == high


def test_a_row_replays_from_its_seeds(flurst: StudyResult) -> None:
    record = flurst.records()[7]
    rules = sg.compare.parse_variant(str(record["variant"]))
    assert (record["deal_seed"], record["move_seed"]) == game_seeds(11, number(record, "game"))
    again = measure_game(
        play_game(rules, 3, number(record, "deal_seed"), number(record, "move_seed"))
    )
    assert dict(zip(MEASURES, again, strict=True)) == {name: record[name] for name in MEASURES}


def test_measures_agree_with_the_games_events(flurst: StudyResult) -> None:
    for record in flurst.records():
        phases = number(record, "moves_phase_one") + number(record, "moves_phase_two")
        assert record["moves"] == phases
        assert record["n_goat"] == 1 and record["n_phase_one_over"] == 1
        assert 0 <= number(record, "goat") < 3
        assert record["dreck"] == (number(record, "n_got_dreck") > 0)
        assert record["leader_is_goat"] == (record["phase_two_leader"] == record["goat"])
        assert (record["phase_one_end"] == "mid-trick") == (number(record, "unfinished_cards") > 0)


def took_back(states: Iterator[sg.State]) -> int:
    """Cards taken back after phase one ended, read from the events directly."""
    for state in states:
        kinds = [event.kind for event in state.events]
        if EventKind.PHASE_ONE_OVER in kinds:
            after = state.events[kinds.index(EventKind.PHASE_ONE_OVER) :]
            return sum(len(e.cards) for e in after if e.kind is EventKind.TOOK)
    raise AssertionError("phase one never ended")


@pytest.mark.parametrize("name", ["flurst", "helmfrid", "mattis", "pagat", "mas", "koira"])
def test_an_unfinished_trick_is_what_is_taken_back(name: str) -> None:
    rules = presets.get(name)
    for game in range(12):
        seeds = game_seeds(3, game)
        row = dict(zip(MEASURES, measure_game(play_game(rules, 3, *seeds)), strict=True))
        assert row["unfinished_cards"] == took_back(play_game(rules, 3, *seeds))


# -- the same results whatever runs them --------------------------------------------


def test_the_same_seed_gives_the_same_rows_on_one_or_two_workers() -> None:
    pair = ["swedish_goat", "swedish_goat:pick_up=top"]
    one = study(pair, players=4, games=24, seed=5, workers=1)
    two = study(pair, players=4, games=24, seed=5, workers=2, chunk_size=5)
    assert one.rows == two.rows
    assert study(pair, players=4, games=24, seed=6, workers=1).rows != one.rows


def test_workers_start_safely_beside_other_threads() -> None:
    pair = ["mattis", "koira"]
    alone = study(pair, players=5, games=6, seed=8, workers=2, chunk_size=2)
    waiting = threading.Event()
    other = threading.Thread(target=waiting.wait)
    other.start()
    try:  # a fork server starts the workers now, instead of forking this process
        beside = study(pair, players=5, games=6, seed=8, workers=2, chunk_size=2)
    finally:
        waiting.set()
        other.join()
    assert beside.rows == alone.rows


def test_one_worker_two_workers_and_ray_give_the_same_rows() -> None:
    ray = needs_extra("ray", "ray")
    pair = ["flurst", "wizards"]
    one = study(pair, players=4, games=16, seed=2, workers=1)
    two = study(pair, players=4, games=16, seed=2, workers=2, chunk_size=3)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        distributed = study(pair, players=4, games=16, seed=2, backend="ray", chunk_size=5)
    finally:
        ray.shutdown()
    assert one.rows == two.rows == distributed.rows
    assert not distributed.interrupted and distributed.games_played == 16


# -- interruption ---------------------------------------------------------------------


@pytest.mark.parametrize("workers", [1, 2])
def test_an_interrupted_study_keeps_the_whole_games_finished(workers: int) -> None:
    """Ctrl-C after two chunks keeps those, and every game the chunks still in
    flight had finished, under both variants."""
    seen: list[int] = []

    def stop_after_two_chunks(done: int, total: int) -> None:
        seen.append(done)
        if len(seen) == 2:
            raise KeyboardInterrupt

    result = study(
        ["flurst", "flurst:runs=single"],
        players=3,
        games=10_000,
        seed=1,
        workers=workers,
        chunk_size=4,
        progress=stop_after_two_chunks,
    )
    played = result.games_played
    # the pool keeps up to two chunks a worker in flight: besides the two chunks
    # done, the three others may each have finished whole before the Ctrl-C
    most = 8 + (2 * workers - 1) * 4 if workers > 1 else 8
    assert result.interrupted and 8 <= played <= most and len(result.rows) == 2 * played
    games = result.column("game")
    assert games[0::2] == games[1::2]  # both variants of every game kept
    assert workers == 2 or played == 8
    assert multiprocessing.active_children() == []
    summary = result.summary()
    assert summary.interrupted and f"INTERRUPTED: {played} of 10,000 games played" in str(summary)


# -- refusals before anything runs ---------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"variants": ["flurts"]}, "no preset 'flurts' (did you mean flurst?)"),
        ({"variants": ["flurst:pick_up=any"]}, "pick_up='any' is not one of"),
        ({"variants": ["flurst", "atlanta"]}, "atlanta allows 3-3 players, not 4"),
        ({"variants": ["flurst", "flurst:high_trump=false"]}, "'flurst' is listed twice"),
        ({"variants": []}, "at least one variant"),
        ({"players": 1}, "players must be at least 2"),
        ({"games": 0}, "games must be at least 1, not 0"),
        ({"games": True}, "games must be a whole number, not True"),
        ({"games": 2.5}, "games must be a whole number"),
        ({"seed": "7"}, "seed must be a whole number"),
        ({"workers": 0}, "workers must be at least 1"),
        ({"backend": "dask"}, "no backend 'dask'; the backends are: process, ray"),
        ({"address": "auto"}, "address names a Ray cluster"),
        ({"chunk_size": 0}, "chunk_size must be at least 1"),
        ({"bots": "greedy,clever"}, "no bot named 'clever'; the bots are: random, greedy"),
        ({"bots": ["greedy", "random"]}, "one bot for every seat, or one for all: 4 players"),
    ],
)
def test_a_bad_study_is_refused_before_any_game(
    kwargs: dict[str, object], message: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_games(*args: object) -> None:
        raise AssertionError("a game was played")

    monkeypatch.setattr("skitgubbe.compare.backends.play_chunk", no_games)
    arguments: dict[str, object] = {"variants": ["flurst"], "players": 4, "games": 10, "workers": 1}
    arguments.update(kwargs)
    with pytest.raises(StudyError) as refused:
        study(**arguments)  # type: ignore[arg-type]
    assert message in str(refused.value)


def test_a_missing_extra_is_named_with_its_install_command(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = importlib.util.find_spec

    def without_ray(name: str, *args: object) -> object:
        return None if name == "ray" else real(name)

    monkeypatch.setattr(importlib.util, "find_spec", without_ray)
    with pytest.raises(MissingExtraError, match=r"pip install 'skitgubbe\[ray\]'"):
        study(["flurst"], players=4, games=2, backend="ray")


# -- exports ------------------------------------------------------------------------


def test_csv_has_a_header_and_a_row_per_game_and_variant(flurst: StudyResult) -> None:
    out = io.StringIO()
    flurst.to_csv(out)
    rows = list(csv.DictReader(io.StringIO(out.getvalue())))
    assert len(rows) == 600 and list(rows[0]) == NAMES
    assert rows[0]["variant"] == "flurst" and rows[1]["variant"] == "flurst:high_trump=true"
    assert {row["dreck"] for row in rows} == {"true", "false"}
    assert int(rows[5]["moves"]) == flurst.rows[5][NAMES.index("moves")]


def test_json_lines_hold_one_record_per_game_and_variant(
    flurst: StudyResult, tmp_path: Path
) -> None:
    path = tmp_path / "games.jsonl"
    flurst.to_jsonl(path)
    lines = path.read_text(encoding="utf-8").splitlines()
    assert [json.loads(line) for line in lines] == flurst.records()


def test_exports_load_into_pandas_as_they_are(flurst: StudyResult) -> None:
    pandas = needs_extra("pandas", "dev")
    out = io.StringIO()
    flurst.to_csv(out)
    table = pandas.read_csv(io.StringIO(out.getvalue()))
    lines = io.StringIO()
    flurst.to_jsonl(lines)
    same = pandas.read_json(io.StringIO(lines.getvalue()), lines=True)
    assert table.shape == same.shape == (600, len(NAMES))
    for frame in (table, same, pandas.DataFrame(flurst.records())):
        assert str(frame["dreck"].dtype) == "bool"
        assert str(frame["moves"].dtype) == "int64"
        means = frame.groupby("variant", sort=False)["moves"].mean()
        assert list(means.index) == VARIANTS
        assert means["flurst"] == np.asarray(flurst.column("moves", 0), dtype=float).mean()


# -- summaries ----------------------------------------------------------------------


def test_identical_variants_differ_by_exactly_zero() -> None:
    result = study(["pagat", "myllymatti"], players=3, games=60, seed=4, workers=1)
    summary = result.summary(measures=[c.name for c in COLUMNS if c.kind.value != "identity"])
    assert summary.differences
    for difference in summary.differences:
        assert difference.estimate.mean == difference.estimate.low == 0.0
        assert difference.estimate.high == 0.0 and difference.p_value == 1.0
    assert summary.seats("goat", 0).counts == summary.seats("goat", 1).counts


def test_single_cards_change_the_length_of_a_game(flurst: StudyResult) -> None:
    summary = flurst.summary()
    single = summary.difference("moves", "flurst:runs=single").estimate
    assert single.excludes_zero and single.low > 0  # longer games with single cards only
    same_phase_one = summary.difference("moves_phase_one", "flurst:runs=single").estimate
    assert same_phase_one.mean == same_phase_one.low == same_phase_one.high == 0


def test_means_and_paired_differences_are_t_intervals(flurst: StudyResult) -> None:
    summary = flurst.summary(baseline="flurst:high_trump=true", confidence=0.9)
    moves = [np.array(values, dtype=float) for values in by_variant(flurst, "moves")]
    mean = summary.mean("moves", "flurst")
    expected = stats.t.interval(0.9, 199, loc=moves[0].mean(), scale=stats.sem(moves[0]))
    assert mean.mean == pytest.approx(moves[0].mean())
    assert (mean.low, mean.high) == pytest.approx(expected)
    paired = summary.difference("moves", "flurst:runs=single")
    diffs = moves[2] - moves[1]
    expected = stats.t.interval(0.9, 199, loc=diffs.mean(), scale=stats.sem(diffs))
    assert paired.baseline == "flurst:high_trump=true"
    assert (paired.estimate.low, paired.estimate.high) == pytest.approx(expected)
    assert paired.p_value == pytest.approx(stats.ttest_rel(moves[2], moves[1]).pvalue)
    dreck = summary.mean("dreck", 0)
    assert dreck.mean == pytest.approx(np.asarray(flurst.column("dreck", 0), dtype=float).mean())


def test_the_goats_seat_is_tested_for_equal_chances(flurst: StudyResult) -> None:
    summary = flurst.summary()
    goats = summary.seats("goat", "flurst")
    counts = [flurst.column("goat", 0).count(seat) for seat in range(3)]
    assert goats.counts == tuple(counts) and sum(goats.shares) == pytest.approx(1)
    test = stats.chisquare(counts)
    assert (goats.chi2, goats.p_value) == pytest.approx((test.statistic, test.pvalue))


def test_a_summary_prints_and_exports_its_figures(flurst: StudyResult) -> None:
    summary = flurst.summary(measures=["moves", "phase_one_end", "goat"])
    assert summary.measures == (
        "moves",
        "phase_one_end=between-tricks",
        "phase_one_end=mid-trick",
    )
    text = str(summary)
    assert "200 games, 3 players" in text and "Paired differences against flurst" in text
    assert "goat by seat" in text and all(spec in text for spec in VARIANTS)
    records = summary.records()
    assert {record["kind"] for record in records} == {"mean", "difference", "seat"}
    assert len([r for r in records if r["kind"] == "mean"]) == 3 * 3
    with pytest.raises(KeyError, match="no measure 'length'"):
        flurst.summary(measures=["length"])
    with pytest.raises(KeyError, match="no variant 'wizards'"):
        flurst.summary(baseline="wizards")


def test_a_study_draws_its_figure(flurst: StudyResult, tmp_path: Path) -> None:
    needs_extra("matplotlib", "plot")
    path = tmp_path / "study.png"
    sg.compare.plot(flurst, path)
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    # small multiples: a row per variant, so the figure grows with the variants
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    rows = len(flurst.specs)
    assert width == 1100 and abs(height - (1.1 + 1.45 * rows) * 110) <= 2


def test_an_empty_summary_says_so() -> None:
    variants = (sg.compare.Variant.of("flurst"), sg.compare.Variant.of("wizards"))
    result = StudyResult(variants, players=3, games=50, seed=0, rows=(), interrupted=True)
    summary = result.summary()
    assert result.games_played == 0 and math.isnan(summary.mean("moves").mean)
    assert "n/a" in str(summary)


def test_a_game_that_fails_is_named_with_its_seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    def stuck(states: Iterator[sg.State]) -> tuple[Value, ...]:
        raise RuntimeError("no end after 100000 moves")

    monkeypatch.setattr("skitgubbe.compare.backends.measure_game", stuck)
    deal_seed, move_seed = game_seeds(3, 0)
    with pytest.raises(RuntimeError) as failed:
        study(["koira:ties=split"], players=5, games=2, seed=3, workers=1)
    assert str(failed.value) == (
        f"koira:ties=split, 5 players, game 0 (deal seed {deal_seed}, move seed {move_seed}): "
        "RuntimeError: no end after 100000 moves"
    )


def test_a_study_seats_bots_and_plays_them_the_same_on_any_number_of_workers() -> None:
    """With bots, every variant's game gets the same bots with the same seeds: the
    rows differ from random play, agree on one or two workers, and a greedy player
    is the goat less often than its random opponents."""
    variants = ["flurst", "flurst:high_trump=true"]
    bots = "greedy,random,random,random"
    seated = study(variants, players=4, games=24, seed=3, bots=bots, workers=1)
    again = study(variants, players=4, games=24, seed=3, bots=bots, workers=2)
    randomly = study(variants, players=4, games=24, seed=3, workers=1)
    assert seated.rows == again.rows and seated.bots == ("greedy", "random", "random", "random")
    assert seated.column("moves") != randomly.column("moves")
    assert seated.column("moves_phase_one", 0) == seated.column("moves_phase_one", 1)
    goats = seated.column("goat", 0)
    assert goats.count(0) < min(goats.count(seat) for seat in (1, 2, 3))
    assert "(greedy, random, random, random)" in str(seated.summary(measures=["moves"]))


def test_side_by_side_sets_each_studys_differences_beside_the_others() -> None:
    """The same deals played by random moves and by greedy bots: each column is
    that study's own paired difference, and the change is Welch's test of the
    two studies' per-game differences."""
    variants = ["flurst", "flurst:runs=single"]
    randomly = study(variants, players=3, games=40, seed=5, workers=1)
    greedily = study(variants, players=3, games=40, seed=5, workers=1, bots="greedy")
    side = sg.compare.side_by_side([randomly, greedily], measures=["moves", "dreck", "goat"])
    assert side.labels == ("random moves", "greedy") and side.baseline == "flurst"
    contrast = side.contrast("moves", "flurst:runs=single")
    for index, result in enumerate([randomly, greedily]):
        own = result.summary(measures=["moves"]).difference("moves", 1).estimate
        assert contrast.differences[index] == own
        assert contrast.means[index] == result.summary(measures=["moves"]).mean("moves", 0)
    deltas = [
        np.array(r.column("moves", 1), dtype=float) - np.array(r.column("moves", 0), dtype=float)
        for r in (randomly, greedily)
    ]
    welch = stats.ttest_ind(deltas[1], deltas[0], equal_var=False)
    assert contrast.change.mean == pytest.approx(deltas[1].mean() - deltas[0].mean())
    expected = welch.confidence_interval(confidence_level=0.95)
    assert (contrast.change.low, contrast.change.high) == pytest.approx(tuple(expected))
    assert contrast.p_value == pytest.approx(welch.pvalue)
    # phase one is the same under both variants, whoever plays: the dreck cannot change
    dreck = side.contrast("dreck")
    assert dreck.change.mean == dreck.change.low == dreck.change.high == 0
    assert [counts.variant for counts in side.goat_seats[1]] == variants
    assert side.goat_seats[1][0].counts == tuple(
        greedily.column("goat", 0).count(seat) for seat in range(3)
    )
    text = str(side)
    assert "flurst:runs=single minus flurst" in text and "greedy: difference" in text
    assert len(side.records()) == 2 * 2  # two measures, one variant, two studies
    with pytest.raises(ValueError, match="the same variants"):
        sg.compare.side_by_side([randomly, study(["flurst", "pagat"], 3, 2, workers=1)])
    with pytest.raises(ValueError, match="two studies or more"):
        sg.compare.side_by_side([randomly])
    with pytest.raises(ValueError, match="1 labels for 2 studies"):
        sg.compare.side_by_side([randomly, greedily], labels=["one"])


def test_studies_by_different_bots_draw_one_figure_side_by_side(
    flurst: StudyResult, tmp_path: Path
) -> None:
    needs_extra("matplotlib", "plot")
    path = tmp_path / "side.png"
    sg.compare.plot_side_by_side([flurst, flurst], path, ["one", "two"])
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert abs(width - 2 * 5.2 * 110) <= 2  # a pair of columns per study
    assert abs(height - (1.3 + 1.6 * len(flurst.specs)) * 110) <= 2
    with pytest.raises(ValueError, match="two studies or more"):
        sg.compare.plot_side_by_side([flurst], path)
