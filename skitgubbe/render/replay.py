"""A whole game in one HTML file: step through it in any browser, offline.

:func:`replay_html` writes a page that holds the game and everything needed to
show it: no network, no CDN, no image file. It shows the picture of the
position (see :mod:`skitgubbe.render.svg`) beside the list of moves; buttons,
the arrow keys (Home and End too) and a slider step through the game; a menu
chooses the perspective, any seat (cards that seat does not know are face
down) or every card open; the address names the step (``game.html#40`` opens
at move 40) and follows it, so a step can be linked.

The page holds each position's items as laid out for the open picture, and for
every card in a hand the seats that know it; the browser draws the chosen
perspective from them. Card faces are drawn once, as SVG symbols, and placed
where they lie, so a whole game stays small (a Flurst game is well under a
megabyte).

>>> import skitgubbe as sg
>>> from skitgubbe.records import Record
>>> from skitgubbe.simulate import random_moves
>>> first = sg.deal(sg.presets.FLURST, players=3, seed=2)
>>> moves = [move for move, _ in random_moves(first, 2)]
>>> page = replay_html(Record.of(first, moves))
>>> page.startswith("<!DOCTYPE html>") and "http" not in page.split("<script")[0].lower()
True
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from typing import Any
from xml.sax.saxutils import escape

from ..cards import format_cards, one_pack
from ..events import EventKind
from ..presets import name_of
from ..records import Record, replay
from ..state import State
from .svg import CARD_H, CARD_W, HEIGHT, WIDTH, Item, defs, layout, table_svg

__all__ = ["frames", "replay_html", "said"]

_KINDS = {"card": "c", "back": "b", "text": "t", "suit": "s", "mark": "m"}
_ANCHORS = {"start": "s", "middle": "m", "end": "e"}


def _known_by(state: State, items: Sequence[Item]) -> list[int]:
    """For each item, the seats (as bits) that may see it face up: a hand's card
    only those whose view knows it (each copy once), anything else everyone."""
    players = state.players
    everyone = (1 << players) - 1
    views = [state.view(seat) for seat in range(players)]
    left: dict[tuple[int, int], Counter[str]] = {}
    for seat, view in enumerate(views):
        for owner, known in enumerate(view.known):
            left[seat, owner] = Counter(str(card) for card in known)
    masks = []
    for item in items:
        if item.kind != "card" or item.owner < 0:
            masks.append(everyone)
            continue
        mask = 0
        for seat in range(players):
            counts = left[seat, item.owner]
            if counts[item.text] > 0:
                counts[item.text] -= 1
                mask |= 1 << seat
        masks.append(mask)
    return masks


def _compact(item: Item, known: int) -> list[Any]:
    row: list[Any] = [_KINDS[item.kind], round(item.x, 1), round(item.y, 1), item.text]
    extra: list[Any] = [
        item.size,
        _ANCHORS[item.anchor],
        item.colour,
        int(item.bold),
        item.owner,
        known,
    ]
    defaults: list[Any] = [12.0, "s", "#ffffff", 0, -1, -1]
    while extra and extra[-1] == defaults[len(extra) - 1]:
        extra.pop()
    return row + extra


def frames(states: Sequence[State], name: str | None = None) -> list[list[list[Any]]]:
    """Each state's items, compact: ``[kind, x, y, text, size, anchor, colour, bold,
    owner, seats that see it]`` with trailing defaults left off; ``name`` is the
    variant's name to show."""
    out = []
    for state in states:
        items = layout(state, name=name)
        players = state.players
        everyone = (1 << players) - 1
        masks = _known_by(state, items)
        out.append(
            [
                _compact(item, -1 if m == everyone else m)
                for item, m in zip(items, masks, strict=True)
            ]
        )
    return out


#: How each event is said, after the seat ("seat 2 played 7C").
_WORDS = {
    EventKind.PLAYED: "played",
    EventKind.PICKED_UP: "picked up",
    EventKind.KILLED: "killed the trick:",
    EventKind.EMPTIED: "emptied the table",
    EventKind.THREE_CARDS: "has three cards left",
    EventKind.ONE_CARD: "has one card left",
    EventKind.OUT: "is out",
    EventKind.DREW: "drew from the avstickshög",
    EventKind.LEAD_PASSED: "cannot lead: the lead passes on",
    EventKind.LEADS: "leads",
    EventKind.STALLED: "holds the most cards as play stalls",
    EventKind.GOAT: "is the goat",
    EventKind.DARED: "dared and turned up",
    EventKind.SLUFFED: "sluffed",
    EventKind.DONE: "is done sluffing",
    EventKind.TIED: "tied: the tied players play again",
    EventKind.WON: "won the trick:",
    EventKind.TOOK: "took",
    EventKind.DREW_STOCK: "drew from the stock",
    EventKind.DREW_TRUMP_CARD: "drew the trump card",
    EventKind.PICKED_LED: "picked up the led card",
    EventKind.STORED: "stored",
    EventKind.SWAPPED: "swapped the 2 of trumps for",
    EventKind.SHOWED: "showed the cards left in hand:",
    EventKind.TRUMP: "turned the trump card:",
    EventKind.GAVE_DRECK: "gave to the dreck",
    EventKind.GOT_DRECK: "got from the dreck",
}


def said(state: State) -> str:
    """What the move that made ``state`` did, in words, naming only the cards every
    seat saw (another seat's draw is counted, not named).

    >>> import skitgubbe as sg
    >>> state = sg.start_phase_two(sg.presets.PAGAT, ["2C 9C", "3C", "4C KC"], "D", leader=0)
    >>> said(state.apply("0 play 2C").apply("1 play 3C"))
    'seat 1 played 3C; seat 1 is out'
    """
    views = [state.view(seat).events for seat in range(state.players)]
    events = state.events
    if any(len(seen) != len(events) for seen in views):  # pragma: no cover - one event each
        views = [events] * state.players
    parts = []
    for index, event in enumerate(events):
        if event.kind is EventKind.PHASE_ONE_OVER:
            parts.append("phase one is over")
            continue
        public = all(seen[index] == event for seen in views)
        text = f"seat {event.player} {_WORDS.get(event.kind, event.kind.value)}"
        count = len(event.cards) + event.hidden
        if public and event.cards:
            text += " " + format_cards(event.cards)
            if event.hidden:
                text += f" and {event.hidden} more"
        elif count:
            text += f" {count} card" + ("s" if count > 1 else "")
        parts.append(text.removesuffix(":"))
    return "; ".join(parts)


def _game(record: Record, title: str | None) -> dict[str, Any]:
    states = replay(record)
    first = states[0]
    return {
        "title": title or f"{name_of(first.rules)}, {first.players} players",
        "players": first.players,
        "moves": list(record.moves),
        "frames": frames(states, record.preset),
        "said": ["the deal", *(said(state) for state in states[1:])],
    }


def replay_html(
    records: Record | Sequence[Record],
    *,
    title: str | None = None,
    titles: Sequence[str] | None = None,
) -> str:
    """One offline HTML page replaying ``records`` (one record, or several with a
    menu to choose between them; see the module's description). ``titles`` names
    each game, ``title`` the page."""
    games = [records] if isinstance(records, Record) else list(records)
    if not games:
        raise ValueError("give at least one record to replay")
    for record in games:
        if not isinstance(record, Record):
            raise TypeError(f"replay records, not {type(record).__name__}")
    if titles is not None and len(titles) != len(games):
        raise ValueError(f"give one title per game: {len(games)} games, {len(titles)} titles")
    data = [_game(record, None if titles is None else titles[i]) for i, record in enumerate(games)]
    first = games[0]
    heading = title or (
        f"{first.preset or name_of(first.rules)}, {first.deal.players} players"
        + (f", {len(games)} games" if len(games) > 1 else "")
    )
    # every "<" escaped: neither "</script>" nor "<!--" (which would change how the
    # page's parser reads the rest of the script element) can appear in the data
    payload = json.dumps({"games": data}, separators=(",", ":")).replace("<", "\\u003c")
    return _PAGE.format(
        title=escape(heading),
        width=WIDTH,
        height=HEIGHT,
        defs=defs([str(card) for card in one_pack()]),
        table=table_svg(),
        data=payload,
        script=_SCRIPT,
        card_w=CARD_W,
        card_h=CARD_H,
    )


_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
body {{ font-family: sans-serif; margin: 12px; background: #f4f4f0; color: #222; }}
h1 {{ font-size: 18px; margin: 0 0 10px; }}
#main {{ display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }}
#left {{ flex: 1 1 480px; min-width: 0;
  max-width: min(100%, calc((100vh - 170px) * {width} / {height})); }}
#board svg {{ display: block; width: 100%; height: auto; }}
#side {{ flex: 0 1 260px; min-width: 200px; }}
#moves {{ height: min({height}px, 70vh); overflow-y: auto; margin: 0; padding: 0 0 0 8px;
  list-style: none; border: 1px solid #ccc; background: #fff; font-family: monospace; }}
#moves li {{ padding: 1px 4px; cursor: pointer; }}
#moves li.now {{ background: #ffe082; }}
#controls {{ display: flex; gap: 8px; align-items: center; margin-top: 8px; }}
#slider {{ flex: 1; min-width: 60px; }}
#said {{ margin: 8px 0 0; min-height: 2.6em; }}
</style></head>
<body>
<h1>{title}</h1>
<svg width="0" height="0" style="position:absolute" aria-hidden="true">{defs}</svg>
<div id="main">
<div id="left"><div id="board"></div>
<div id="controls">
<button id="first" title="first (Home)">&#x25C0;&#x25C0;</button>
<button id="back" title="back (left arrow)">&#x25C0;</button>
<input id="slider" type="range" min="0" value="0" aria-label="step">
<button id="next" title="forward (right arrow)">&#x25B6;</button>
<button id="last" title="last (End)">&#x25B6;&#x25B6;</button>
<span id="step"></span>
</div>
<p id="said" aria-live="polite"></p>
<p><label>Perspective <select id="seat"></select></label>
<label id="gamebox"> Game <select id="game-menu"></select></label></p>
</div>
<div id="side"><ol id="moves" start="0"></ol></div>
</div>
<script type="application/json" id="data">{data}</script>
<script>
const TABLE = '{table}';
const WIDTH = {width}, HEIGHT = {height};
const SIZE = 'width="{card_w}" height="{card_h}"';
{script}
</script>
</body></html>
"""

_SCRIPT = r"""
"use strict";
const games = JSON.parse(document.getElementById("data").textContent).games;
const gameMenu = document.getElementById("game-menu");
let which = 0;
let game = games[0];
let last = game.frames.length - 1;
const board = document.getElementById("board");
const slider = document.getElementById("slider");
const stepLabel = document.getElementById("step");
const seatMenu = document.getElementById("seat");
const list = document.getElementById("moves");
const RED = { C: false, D: true, H: true, S: false };
const ANCHOR = { s: "start", m: "middle", e: "end" };
let step = 0;

function esc(text) {
  return String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function draw(row, seat) {
  const [kind, x, y, text, size = 12, anchor = "s", colour = "#ffffff", bold = 0,
         owner = -1, seen = -1] = row;
  if (kind === "c") {
    if (seat >= 0 && seen >= 0 && !(seen & (1 << seat))) {
      return `<use class="back" href="#back" x="${x}" y="${y}" ${SIZE}/>`;
    }
    return `<use class="face" data-card="${text}" href="#f-${text}" x="${x}" y="${y}" ${SIZE}/>`;
  }
  if (kind === "b") return `<use class="back" href="#back" x="${x}" y="${y}" ${SIZE}/>`;
  if (kind === "s") {
    const fill = RED[text] ? "#c62828" : "#1b1b1b";
    return `<use href="#suit-${text}" x="${x}" y="${y}" width="${size}" height="${size}" ` +
      `fill="${fill}" stroke="#ffffff" stroke-width="0.6"/>`;
  }
  if (kind === "m") {
    const stroke = text === "due" ? "#ffd54f" : "#a5d6a7";
    return `<rect x="${x - 52}" y="${y - 11}" width="104" height="18" rx="9" fill="none" ` +
      `stroke="${stroke}" stroke-width="2"/>`;
  }
  let shown = text;
  if (owner >= 0 && owner === seat) shown = shown.replace(/^seat (\d+)/, "seat $1 (you)");
  if (x > WIDTH / 2 && anchor === "e" && text.indexOf("all cards open") >= 0 && seat >= 0) {
    shown = shown.replace("all cards open", `seen by seat ${seat}`);
  }
  const weight = bold ? ' font-weight="bold"' : "";
  return `<text x="${x}" y="${y}" font-size="${size}" text-anchor="${ANCHOR[anchor]}" ` +
    `fill="${colour}"${weight}>${esc(shown)}</text>`;
}

function show(to, fromHash) {
  step = Math.max(0, Math.min(last, to));
  const seat = Number(seatMenu.value);
  const body = game.frames[step].map((row) => draw(row, seat)).join("");
  board.innerHTML = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" ` +
    `width="${WIDTH}" height="${HEIGHT}" font-family="sans-serif">${TABLE}${body}</svg>`;
  slider.value = step;
  stepLabel.textContent = `move ${step} of ${last}`;
  document.getElementById("said").textContent =
    step ? `${step}. ${game.said[step]}` : game.said[0];
  for (const item of list.children) item.classList.remove("now");
  const now = list.children[step];
  if (now) {
    now.classList.add("now");
    // scroll the list alone, never the page (on a phone the list is below the board)
    const top = now.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top + now.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = top - list.clientHeight / 2;
    }
  }
  if (!fromHash) history.replaceState(null, "", which ? `#${which}:${step}` : `#${step}`);
}

function fromAddress() {
  // "#40" is step 40 of the first game; "#2:40" step 40 of game 2 (from 0)
  const parts = location.hash.slice(1).split(":");
  const number = (text) => {
    const value = parseInt(text, 10);
    return Number.isNaN(value) ? 0 : value;
  };
  return parts.length > 1 ? [number(parts[0]), number(parts[1])] : [0, number(parts[0])];
}

function choose(index) {
  which = Math.max(0, Math.min(games.length - 1, index));
  game = games[which];
  last = game.frames.length - 1;
  gameMenu.value = String(which);
  seatMenu.innerHTML = "";
  const open = document.createElement("option");
  open.value = "-1";
  open.textContent = "all cards open";
  seatMenu.appendChild(open);
  for (let seat = 0; seat < game.players; seat++) {
    const option = document.createElement("option");
    option.value = String(seat);
    option.textContent = `seat ${seat}`;
    seatMenu.appendChild(option);
  }
  list.innerHTML = "";
  const start = document.createElement("li");
  start.textContent = "the deal";
  list.appendChild(start);
  game.moves.forEach((move, index) => {
    const item = document.createElement("li");
    item.textContent = `${index + 1}. ${move}`;
    list.appendChild(item);
  });
  Array.from(list.children).forEach((item, index) => {
    item.addEventListener("click", () => show(index));
  });
  slider.max = String(last);
}

function go([gameIndex, stepIndex], fromHash) {
  if (gameIndex !== which || list.children.length === 0) choose(gameIndex);
  show(stepIndex, fromHash);
}

games.forEach((one, index) => {
  const option = document.createElement("option");
  option.value = String(index);
  option.textContent = one.title;
  gameMenu.appendChild(option);
});
if (games.length < 2) document.getElementById("gamebox").style.display = "none";
gameMenu.addEventListener("change", () => go([Number(gameMenu.value), 0]));
slider.addEventListener("input", () => show(Number(slider.value)));
seatMenu.addEventListener("change", () => show(step));
document.getElementById("first").addEventListener("click", () => show(0));
document.getElementById("back").addEventListener("click", () => show(step - 1));
document.getElementById("next").addEventListener("click", () => show(step + 1));
document.getElementById("last").addEventListener("click", () => show(last));
document.addEventListener("keydown", (event) => {
  if (event.target === seatMenu) return;
  const moves = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: last };
  if (event.key in moves) {
    event.preventDefault();
    show(moves[event.key]);
  }
});
window.addEventListener("hashchange", () => go(fromAddress(), true));
choose(fromAddress()[0]);
go(fromAddress(), true);
"""
