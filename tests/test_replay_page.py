"""The replay page: one offline file, checked in a real browser (headless Chromium)."""

from __future__ import annotations

import itertools
import random
import re
import shutil
import subprocess
from pathlib import Path

import attrs
import pytest

import skitgubbe as sg
from skitgubbe.cli import main
from skitgubbe.records import Record
from skitgubbe.render import replay_html
from skitgubbe.render.replay import frames, page_games, said, unpack
from skitgubbe.simulate import random_moves

BROWSER = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--enable-logging=stderr",
    "--v=0",
    "--window-size=960,620",
]


def record(seed: int = 3, players: int = 4) -> Record:
    first = sg.deal(sg.presets.FLURST, players=players, seed=seed)
    return Record.of(first, [move for move, _ in random_moves(first, seed)], preset="flurst")


def page_data(page: str) -> dict[str, object]:
    return {"games": page_games(page)}


def test_the_page_holds_every_step_and_needs_no_network() -> None:
    game = record()
    page = replay_html(game)
    games = page_data(page)["games"]
    assert isinstance(games, list) and len(games) == 1
    assert len(unpack(games[0])[0]) == len(game.moves) + 1
    assert games[0]["moves"] == list(game.moves)
    assert not re.search(r"(src|href)=\"(https?:)?//", page), "the page loads nothing"
    assert len(page.encode()) < 1_000_000


def test_a_seat_perspective_hides_what_that_seat_does_not_know() -> None:
    game = record()
    states = sg.records.replay(game)
    frames = unpack(page_data(replay_html(game))["games"][0])[0]  # type: ignore[index]
    for state, frame in zip(states[::25], frames[::25], strict=True):
        for seat in range(state.players):
            view = state.view(seat)
            shown = sorted(
                row[3]
                for row in frame
                if row[0] == "c" and (len(row) < 10 or row[9] < 0 or row[9] >> seat & 1)
            )
            on_table = [str(c) for cards in view.table for c in cards]
            expected = [str(c) for hand in view.known for c in hand] + on_table
            if view.trump_card is not None:
                expected.append(str(view.trump_card))
            assert shown == sorted(expected)


def test_watch_and_replay_write_the_page(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    html = tmp_path / "game.html"
    assert (
        main(["watch", "--preset", "flurst", "--players", "4", "--seed", "3", "--html", str(html)])
        == 0
    )
    saved = tmp_path / "game.json"
    game = record()
    saved.write_text(game.to_json())
    again = tmp_path / "again.html"
    assert main(["replay", str(saved), "--html", str(again)]) == 0
    out = capsys.readouterr().out
    assert "Wrote the replay of the game to" in out and f"{len(game.moves)} moves" in out
    assert page_data(again.read_text())["games"] == page_data(replay_html(game))["games"]
    assert html.stat().st_size < 1_000_000


def test_a_session_writes_all_its_games_in_one_page(tmp_path: Path) -> None:
    html = tmp_path / "session.html"
    status = main(
        ["session", "--players", "Ann,Bea,Cid", "--games", "3", "--html", str(html), "--plain"]
    )
    assert status == 0
    games = page_data(html.read_text())["games"]
    assert isinstance(games, list) and len(games) == 3
    assert games[0]["title"].startswith("game 1: ")


def screenshot(page: Path, step: int, out: Path) -> str:
    assert BROWSER is not None
    result = subprocess.run(
        [
            BROWSER,
            *FLAGS,
            f"--user-data-dir={out.parent / f'profile{step}'}",
            "--virtual-time-budget=10000",  # the page unpacks its games before it draws
            f"--screenshot={out}",
            page.as_uri() if step is None else f"{page.as_uri()}#{step}",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert out.exists(), result.stderr[-2000:]
    return result.stderr


@pytest.mark.skipif(BROWSER is None, reason="needs Chromium (Debian's chromium package)")
def test_the_replay_in_headless_chromium_draws_steps_that_differ(tmp_path: Path) -> None:
    image = pytest.importorskip("PIL.Image", reason="needs Pillow to read the screenshots")
    page = tmp_path / "game.html"
    assert (
        main(["watch", "--preset", "flurst", "--players", "4", "--seed", "3", "--html", str(page)])
        == 0
    )
    shots = []
    for step in (0, 40):
        png = tmp_path / f"step{step}.png"
        log = screenshot(page, step, png)
        assert ":CONSOLE" not in log, f"the page logged: {log}"
        picture = image.open(png).convert("RGB")
        colours = picture.getcolors(maxcolors=1 << 20)
        assert colours is not None and len(colours) > 50, "the screenshot is blank"
        shots.append(picture.tobytes())
    assert shots[0] != shots[1]


@pytest.mark.skipif(BROWSER is None, reason="needs Chromium (Debian's chromium package)")
def test_the_browser_check_sees_an_error_when_a_page_has_one(tmp_path: Path) -> None:
    page = tmp_path / "broken.html"
    page.write_text("<html><body><script>throw new Error('boom')</script></body></html>")
    assert ":CONSOLE" in screenshot(page, 0, tmp_path / "broken.png")


def dom(page: Path, step: int | None, folder: Path) -> str:
    """The page's document after its script ran, opened at ``step`` (``None``:
    an address that names no step)."""
    assert BROWSER is not None
    result = subprocess.run(
        [
            BROWSER,
            *FLAGS,
            f"--user-data-dir={folder / f'dom{step}'}",
            "--virtual-time-budget=10000",  # the page unpacks its games before it draws
            "--dump-dom",
            page.as_uri() if step is None else f"{page.as_uri()}#{step}",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    return result.stdout


@pytest.mark.skipif(BROWSER is None, reason="needs Chromium (Debian's chromium package)")
def test_the_replay_reads_as_a_game_at_three_steps_of_each_phase(tmp_path: Path) -> None:
    """Each step says in words what it did; in phase one every seat shows what it
    won (``won 0`` too) and the rings have a legend; in phase two every play on the
    table is labelled with its seat; a 16-card hand lies in one row."""
    game = record()
    states = sg.replay(game)
    two = next(i for i, state in enumerate(states) if isinstance(state, sg.PhaseTwoState))
    page = tmp_path / "game.html"
    page.write_text(replay_html(game), encoding="utf-8")
    data = page_data(page.read_text(encoding="utf-8"))["games"]
    assert isinstance(data, list)
    said = unpack(data[0])[1]
    for step in (5, two // 2, two - 1, two + 1, (two + len(states)) // 2, len(states) - 1):
        text = dom(page, step, tmp_path)
        shown = re.search(r'<p id="said"[^>]*>(.*?)</p>', text, re.S)
        assert shown is not None and shown.group(1) == f"{step}. {said[step]}"
        assert said[step].startswith(f"seat {game.moves[step - 1].split()[0]} ")
        board = re.search(r'<div id="board">(.*?)</svg></div>', text, re.S)
        assert board is not None
        picture = board.group(1)
        state = states[step]
        if isinstance(state, sg.PhaseOneState):
            assert picture.count(", won ") == state.players
            assert "ring: due to move" in picture and "ring: may sluff now" in picture
        elif isinstance(state, sg.PhaseTwoState) and not state.is_over and state.table:
            assert "under each play: its seat" in picture
    assert "is the goat" in said[-1]
    # the bottom seat's large hand: one row, each card at least a rank and suit apart
    sizes = {i: state.view(0).hand_sizes[0] for i, state in enumerate(states) if i >= two}
    big = max(sizes, key=lambda i: sizes[i])
    assert sizes[big] >= 12
    from skitgubbe.render.svg import layout

    cards = [item for item in layout(states[big]) if item.kind == "card" and item.owner == 0]
    assert len({item.y for item in cards}) == 1
    xs = sorted(item.x for item in cards)
    assert min(b - a for a, b in itertools.pairwise(xs)) >= 20


def test_a_page_holds_each_step_as_its_changes_and_stays_small() -> None:
    """The page stores each item once and each step as its changes: read back, every
    step's items are those of the open picture; a game of thousands of moves under
    two packs makes a page within ten times its record (it was 40 times)."""
    game = record()
    states = sg.records.replay(game)
    (packed,) = page_games(replay_html(game))
    items, said_here = unpack(packed)
    assert items == frames(states, game.preset)
    assert said_here == ["the deal", *(said(state) for state in states[1:])]
    rules = attrs.evolve(sg.presets.PAGAT, packs=2, max_players=16)
    first = sg.deal(rules, players=13, seed=0)
    state: sg.State = first
    moves, rng = [], random.Random(0)
    while not state.is_over:
        legal = state.legal_moves()
        picks = [move for move in legal if isinstance(move, sg.moves.PickUp)]
        move = rng.choice(picks) if picks and rng.random() < 0.9 else rng.choice(legal)
        state = state.apply(move)
        moves.append(move)
    long = sg.records.Record.of(first, moves)
    assert len(moves) > 2000
    assert len(replay_html(long).encode()) < 10 * len(long.to_json().encode())
