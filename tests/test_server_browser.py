"""The server's page in a real browser: four people and a spectator in headless
Chromium play a whole game by clicking, and each page shows only what its seat
may see."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from skitgubbe.records import Record, replay
from skitgubbe.render.replay import page_games
from skitgubbe.render.svg import layout
from skitgubbe.server.tables import public_view

pytest.importorskip("starlette", reason="the browser test needs the 'server' extra")
pytest.importorskip("websockets", reason="the browser test needs the 'server' extra")
playwright = pytest.importorskip(
    "playwright.sync_api", reason="the browser test needs the 'browser' extra (Playwright)"
)

from .server_clients import serving  # noqa: E402

BROWSER = shutil.which("chromium") or shutil.which("chromium-browser")
#: A name that is markup: every page must show it as text.
HOSTILE = "<img src=x onerror=alert(1)>"
NAMES = ["Ann", HOSTILE, "Cid", "Dan"]

#: What a page shows: its game, moves made, seat, and every card face on it.
SNAPSHOT = """() => {
  const play = document.getElementById("play");
  const faces = [...document.querySelectorAll("#picture use, #hand use")]
    .map((use) => use.getAttribute("href"))
    .filter((href) => href.startsWith("#f-"))
    .map((href) => href.slice(3));
  return { game: play.dataset.game, moves: play.dataset.moves, seat: play.dataset.seat,
           over: play.dataset.over, faces };
}"""


def moves_made(page: Any) -> int:
    value = page.evaluate("() => document.getElementById('play').dataset.moves || '-1'")
    return int(value)


@pytest.mark.skipif(BROWSER is None, reason="needs Chromium (Debian's chromium package)")
def test_four_people_and_a_spectator_play_a_whole_game_by_clicking(tmp_path: Path) -> None:
    with serving(tmp_path / "tables.sqlite") as served:
        status, made = served.post(
            "/api/tables",
            {"rules": "flurst", "names": NAMES, "seed": 21, "title": "<script>alert(2)</script>"},
        )
        assert status == 201
        table = made["table"]
        links = [served.url + place["link"] for place in made["places"]]
        with playwright.sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=BROWSER, headless=True)
            problems: list[str] = []
            pages = []
            for link in [*links, served.url + made["watch"]]:
                context = browser.new_context(viewport={"width": 1000, "height": 800})
                page = context.new_page()
                page.on(
                    "console",
                    lambda message: (
                        problems.append(message.text) if message.type == "error" else None
                    ),
                )
                page.on("pageerror", lambda error: problems.append(str(error)))
                page.on("dialog", lambda dialog: problems.append(f"a dialog: {dialog.message}"))
                page.goto(link)
                pages.append(page)
            seen: list[list[dict[str, Any]]] = [[] for _ in pages]
            made_now = 0
            for clicks in range(2000):
                for page in pages:
                    page.wait_for_function(
                        f"() => Number(document.getElementById('play').dataset.moves) >= {made_now}"
                    )
                for index, page in enumerate(pages):
                    seen[index].append(page.evaluate(SNAPSHOT))
                if (
                    pages[4].evaluate("() => document.getElementById('play').dataset.over")
                    == "true"
                ):
                    break
                mover = next(page for page in pages[:4] if page.locator("#status.you").count())
                card = mover.locator("#hand svg.card.playable")
                if clicks % 2 == 0 and card.count():
                    card.first.click()  # a card with one move plays it; else its moves show
                    mover.wait_for_function(
                        "() => Number(document.getElementById('play').dataset.moves) > "
                        f"{made_now} || document.querySelector('#hand .chosen') !== null"
                    )
                if moves_made(mover) == made_now:  # a button: a move, or one of a card's
                    mover.locator("#moves button").first.click()
                made_now += 1
            else:
                raise AssertionError("the game did not end in 2000 moves")
            assert pages[4].locator("#over.shown").count() == 1
            for page in pages:  # the names and the title were shown as text, never run
                assert page.locator("img").count() == 0
                assert HOSTILE in page.locator("#seats").inner_text()
                assert page.locator("#title").inner_text() == "<script>alert(2)</script>"
                assert "<img" in page.locator("#picture").text_content()
            goat = pages[4].locator("#goat").inner_text()
            assert any(goat.startswith(name) for name in NAMES)
            # the spectator opens the game's analysis: its replay page, the title
            # shown as text, phase two's moves judged
            with pages[4].context.expect_page(timeout=300_000) as opened:
                pages[4].locator("#analysis").click()
            analysis = opened.value
            analysis.on("pageerror", lambda error: problems.append(str(error)))
            analysis.on("dialog", lambda dialog: problems.append(f"a dialog: {dialog.message}"))
            analysis.wait_for_load_state(timeout=300_000)
            assert analysis.locator("h1").inner_text() == "<script>alert(2)</script>: game 1"
            (game,) = page_games(analysis.content())
            assert any(game["notes"]) and all(
                not note or note.startswith(("seat ", "?? seat ")) for note in game["notes"]
            )
            browser.close()
        assert problems == [], problems
        status, body = served.get(f"/api/tables/{table}/games/0/record")
        assert status == 200
    states = replay(Record.from_json(body))
    assert len(states) - 1 == made_now and states[-1].is_over
    # every page showed exactly the card faces its seat's picture has, at every step
    checked = 0
    for index, snapshots in enumerate(seen):
        for snapshot in snapshots:
            state = states[int(snapshot["moves"])]
            view = public_view(state) if index == 4 else state.view(int(snapshot["seat"]))
            expected = Counter(item.text for item in layout(view) if item.kind == "card")
            assert Counter(snapshot["faces"]) == expected, (index, snapshot["moves"])
            checked += 1
    assert checked >= 5 * made_now
