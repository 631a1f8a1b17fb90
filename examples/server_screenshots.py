"""Pictures of the server's page, as a person sees it on a desktop and on a phone.

Starts ``python -m skitgubbe serve`` on a free port with a scratch database,
makes a Flurst table of one person and three greedy bots, opens the person's
invitation link in headless Chromium (Playwright, the ``browser`` extra, with
Debian's ``chromium``), plays by clicking, and saves screenshots: mid-game at
1200 and at 375 pixels wide, the end of the game on the phone, and the game's
analysis opened from there.

    python examples/server_screenshots.py docs/_static
"""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

from skitgubbe.render.replay import page_games


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def moves_made(page: Page) -> int:
    return int(page.evaluate("() => document.getElementById('play').dataset.moves || '-1'"))


def play(page: Page, moves: int) -> None:
    """Click the person's first move each time they are due, ``moves`` times or
    to the end of the game."""
    for _ in range(moves):
        page.wait_for_selector("#status.you, #over.shown")
        if page.locator("#over.shown").count():
            return
        before = moves_made(page)
        page.locator("#moves button").first.click()
        page.wait_for_function(
            f"() => Number(document.getElementById('play').dataset.moves) > {before}"
        )


def main() -> int:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    out.mkdir(parents=True, exist_ok=True)
    browser_path = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser_path is None:
        print("needs Chromium: apt-get install chromium", file=sys.stderr)
        return 2
    port = free_port()
    with tempfile.TemporaryDirectory() as scratch:
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "skitgubbe",
                "serve",
                "--port",
                str(port),
                "--db",
                str(Path(scratch) / "tables.sqlite"),
            ],
        )
        try:
            for _ in range(200):
                try:
                    with socket.create_connection(("127.0.0.1", port), 0.2):
                        break
                except OSError:
                    time.sleep(0.05)
            table = {
                "rules": "flurst",
                "title": "Friday <night>",
                "names": ["Ann", "Bea", "Cid", "Dan"],
                "bots": [None, "greedy", "greedy", "greedy"],
                "clock": {"move": 60, "bank": 600},
                "seed": 4,
            }
            request = urllib.request.Request(
                f"http://127.0.0.1:{port}/api/tables", json.dumps(table).encode(), method="POST"
            )
            with urllib.request.urlopen(request) as answer:
                made = json.loads(answer.read())
            link = f"http://127.0.0.1:{port}{made['places'][0]['link']}"
            with sync_playwright() as driver:
                browser = driver.chromium.launch(executable_path=browser_path, headless=True)
                desktop = browser.new_page(viewport={"width": 1200, "height": 820})
                desktop.goto(link)
                play(desktop, 9)
                desktop.wait_for_timeout(300)
                desktop.screenshot(path=str(out / "server-desktop.png"))
                phone = browser.new_page(
                    viewport={"width": 375, "height": 812}, device_scale_factor=2, is_mobile=True
                )
                phone.goto(link)
                play(phone, 6)
                phone.wait_for_timeout(300)
                phone.screenshot(path=str(out / "server-phone.png"), full_page=True)
                play(phone, 2000)
                phone.wait_for_selector("#over.shown")
                phone.screenshot(path=str(out / "server-phone-over.png"), full_page=True)
                with phone.context.expect_page(timeout=120_000) as opened:
                    phone.locator("#analysis").click()
                analysis = opened.value
                analysis.wait_for_load_state(timeout=120_000)
                # at the first blunder (or the first move judged): the page's
                # address names a step
                (game,) = page_games(analysis.content())
                notes = game["notes"]
                step = next(
                    (i for i, note in enumerate(notes) if note.startswith("??")),
                    next(i for i, note in enumerate(notes) if " before, " in note),
                )
                analysis.goto(f"{analysis.url}#{step + 1}")
                analysis.reload()
                analysis.wait_for_timeout(300)
                analysis.screenshot(path=str(out / "server-phone-analysis.png"))
                browser.close()
        finally:
            server.terminate()
            server.wait(10)
    names = ["server-desktop.png", "server-phone.png", "server-phone-over.png"]
    for name in [*names, "server-phone-analysis.png"]:
        print(out / name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
