"""A whole game in one HTML file: step through it in any browser, offline.

:func:`replay_html` writes a page that holds the game and everything needed to
show it: no network, no CDN, no image file. It shows the picture of the
position (see :mod:`skitgubbe.render.svg`) beside the list of moves; buttons,
the arrow keys (Home and End too) and a slider step through the game; a menu
chooses the perspective, any seat (cards that seat does not know are face
down) or every card open; the address names the step (``game.html#40`` opens
at move 40) and follows it, so a step can be linked.

Given ``notes`` (one text for each move, as
:meth:`skitgubbe.solve.Analysis.notes` writes them for a game the solver
judged), the page shows each step's note under the board, marks in the
list of moves those whose note starts with ``??`` (a blunder), has a
button (and the B key) that goes to the next blunder, and opens at the first
blunder when its address names no step.

The page holds each position's items as laid out for the open picture, and for
every card in a hand the seats that know it; the browser draws the chosen
perspective from them. Each item is stored once and each step as its changes to
the step before (:func:`pack`), so a page stays within a few times the size of
its record however long the game. Card faces are drawn once, as SVG symbols, and placed
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

import base64
import difflib
import gzip
import json
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any
from xml.sax.saxutils import escape

from ..cards import format_cards, one_pack
from ..events import Event, EventKind
from ..presets import name_of
from ..records import Record, replay
from ..state import State
from ..views import PlayerView
from .svg import CARD_H, CARD_W, HEIGHT, WIDTH, Item, defs, layout, table_svg

__all__ = ["frames", "pack", "page_games", "replay_html", "said", "said_to", "unpack"]

_KINDS = {"card": "c", "back": "b", "text": "t", "suit": "s", "mark": "m"}
_ANCHORS = {"start": "s", "middle": "m", "end": "e"}


def _known_by(state: State, items: Sequence[Item]) -> list[int]:
    """For each item, the seats (as bits) that may see it face up: a hand's card
    only those whose view knows it (each copy once), anything else everyone."""
    players = state.players
    everyone = (1 << players) - 1
    views = [state.view(seat) for seat in range(players)]
    known = [view.known for view in views]  # each view works out what it knows once
    sizes = views[0].hand_sizes
    # a seat whose view knows as many of a hand's cards as it holds knows them all
    whole = [
        sum(1 << seat for seat in range(players) if len(known[seat][owner]) == sizes[owner])
        for owner in range(players)
    ]
    left: dict[tuple[int, int], Counter[str]] = {}
    masks = []
    for item in items:
        owner = item.owner
        if item.kind != "card" or owner < 0:
            masks.append(everyone)
            continue
        mask = whole[owner]
        for seat in range(players):
            if mask >> seat & 1:
                continue
            counts = left.get((seat, owner))
            if counts is None:
                counts = left[seat, owner] = Counter(map(str, known[seat][owner]))
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
    return list(_frames(states, name))


def _frames(states: Iterable[State], name: str | None) -> Iterator[list[list[Any]]]:
    for state in states:
        items = layout(state, name=name)
        players = state.players
        everyone = (1 << players) - 1
        masks = _known_by(state, items)
        yield [
            _compact(item, -1 if m == everyone else m) for item, m in zip(items, masks, strict=True)
        ]


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
    EventKind.STALLED_PHASE_ONE: "is due as phase one stalls: the stock is dealt out",
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
    public = [all(seen[index] == event for seen in views) for index, event in enumerate(events)]
    return _said(events, public)


def _said(events: Sequence[Event], named: Sequence[bool]) -> str:
    """``events`` in words: an event's cards named where ``named`` says so, else
    counted."""
    parts = []
    for event, public in zip(events, named, strict=True):
        if event.kind is EventKind.PHASE_ONE_OVER:
            parts.append("phase one is over")
            continue
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


def said_to(view: PlayerView) -> str:
    """What the move that led to ``view`` did, in words, as its seat saw it: the
    cards it saw are named, the others counted.

    >>> import skitgubbe as sg
    >>> state = sg.start_phase_two(sg.presets.PAGAT, ["2C 9C", "3C", "4C KC"], "D", leader=0)
    >>> said_to(state.apply("0 play 2C").apply("1 play 3C").view(2))
    'seat 1 played 3C; seat 1 is out'
    """
    return _said(view.events, [True] * len(view.events))


def _game(record: Record, title: str | None, notes: Sequence[str] | None = None) -> dict[str, Any]:
    states = replay(record)
    first = states[0]
    game: dict[str, Any] = {
        "title": title or f"{name_of(first.rules)}, {first.players} players",
        "players": first.players,
        "moves": list(record.moves),
    }
    words = ["the deal", *map(said, states[1:])]
    game.update(pack(_frames(states, record.preset), words))
    if notes is not None:
        if len(notes) != len(record.moves):
            raise ValueError(
                f"give one note per move: {len(record.moves)} moves, {len(notes)} notes"
            )
        for note in notes:
            if not isinstance(note, str):
                raise TypeError(f"a note is text, not {type(note).__name__}")
        game["notes"] = list(notes)
    return game


def pack(steps: Iterable[Sequence[Sequence[Any]]], words: Sequence[str]) -> dict[str, Any]:
    """A game's frames and words as the page holds them: each item once
    (``rows``), each step as its changes to the step before (``steps``: splices
    ``[at, removed, *row numbers]``, last first), each phrase once (``phrases``)
    and each step's phrase by number (``said``). A long game repeats nearly all of
    each position in the next, so this keeps a page within a few times its record.
    :func:`unpack` turns it back.

    >>> packed = pack([[["t", 1], ["t", 2]], [["t", 1], ["t", 3]]], ["a", "a"])
    >>> packed["rows"], packed["steps"], packed["said"]
    ([['t', 1], ['t', 2], ['t', 3]], [[[0, 0, 0, 1]], [[1, 1, 2]]], [0, 0])
    >>> unpack(packed) == ([[["t", 1], ["t", 2]], [["t", 1], ["t", 3]]], ["a", "a"])
    True
    """
    numbers: dict[str, int] = {}
    rows: list[Any] = []
    packed_steps: list[list[list[int]]] = []
    previous: list[int] = []
    for frame in steps:
        ids = []
        for row in frame:
            key = json.dumps(row, separators=(",", ":"))
            if key not in numbers:
                numbers[key] = len(rows)
                rows.append(list(row))
            ids.append(numbers[key])
        matcher = difflib.SequenceMatcher(None, previous, ids, autojunk=False)
        splices = [
            [i1, i2 - i1, *ids[j1:j2]]
            for tag, i1, i2, j1, j2 in matcher.get_opcodes()
            if tag != "equal"
        ]
        packed_steps.append(splices[::-1])
        previous = ids
    phrases: dict[str, int] = {}
    for text in words:
        phrases.setdefault(text, len(phrases))
    return {
        "rows": rows,
        "steps": packed_steps,
        "phrases": list(phrases),
        "said": [phrases[text] for text in words],
    }


def page_games(page: str) -> list[dict[str, Any]]:
    """The games a page written by :func:`replay_html` holds, as its script reads
    them (each as :func:`pack` wrote it; :func:`unpack` gives its steps).

    >>> import skitgubbe as sg
    >>> from skitgubbe.records import Record
    >>> first = sg.deal(sg.presets.FLURST, players=3, seed=2)
    >>> games = page_games(replay_html(Record.of(first, [])))
    >>> len(games), games[0]["players"], unpack(games[0])[1]
    (1, 3, ['the deal'])
    """
    found = re.search(
        r'<script type="application/octet-stream" id="data"[^>]*>(.*?)</script>', page, re.S
    )
    if found is None:
        raise ValueError("not a replay page: it holds no games")
    games: list[dict[str, Any]] = json.loads(gzip.decompress(base64.b64decode(found.group(1))))[
        "games"
    ]
    return games


def unpack(game: Mapping[str, Any]) -> tuple[list[list[Any]], list[str]]:
    """Each step's items and words from a game as :func:`pack` wrote it, as the
    page's script reads them."""
    rows = game["rows"]
    ids: list[int] = []
    out = []
    for splices in game["steps"]:
        for at, removed, *added in splices:
            ids[at : at + removed] = added
        out.append([rows[i] for i in ids])
    return out, [game["phrases"][i] for i in game["said"]]


def replay_html(
    records: Record | Sequence[Record],
    *,
    title: str | None = None,
    titles: Sequence[str] | None = None,
    notes: Sequence[Sequence[str]] | None = None,
) -> str:
    """One offline HTML page replaying ``records`` (one record, or several with a
    menu to choose between them; see the module's description). ``titles`` names
    each game, ``title`` the page; ``notes`` gives each game's notes, one text
    per move (``""`` for none)."""
    games = [records] if isinstance(records, Record) else list(records)
    if not games:
        raise ValueError("give at least one record to replay")
    for record in games:
        if not isinstance(record, Record):
            raise TypeError(f"replay records, not {type(record).__name__}")
    if titles is not None and len(titles) != len(games):
        raise ValueError(f"give one title per game: {len(games)} games, {len(titles)} titles")
    if notes is not None and len(notes) != len(games):
        raise ValueError(f"give notes for each game: {len(games)} games, {len(notes)} lists")
    data = [
        _game(
            record,
            None if titles is None else titles[i],
            None if notes is None else notes[i],
        )
        for i, record in enumerate(games)
    ]
    first = games[0]
    heading = title or (
        f"{first.preset or name_of(first.rules)}, {first.deal.players} players"
        + (f", {len(games)} games" if len(games) > 1 else "")
    )
    # gzipped, then base64: the page's script element holds letters, digits, "+",
    # "/" and "=", so nothing in the data ("</script>", "<!--") can end it early
    text = json.dumps({"games": data}, separators=(",", ":"))
    payload = base64.b64encode(gzip.compress(text.encode(), compresslevel=9, mtime=0)).decode()
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
#controls {{ display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin-top: 8px; }}
#controls button, #step {{ white-space: nowrap; }}
#slider {{ flex: 1; min-width: 60px; }}
#said {{ margin: 8px 0 0; min-height: 2.6em; }}
#note {{ margin: 4px 0 0; min-height: 1.3em; color: #333; }}
#note.blunder, #moves li.blunder {{ color: #b00020; }}
#moves li.blunder::after {{ content: " ??"; font-weight: bold; }}
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
<button id="blunder" title="the next blunder (B)" hidden>?? &#x25B6;</button>
<span id="step"></span>
</div>
<p id="said" aria-live="polite"></p>
<p id="note"></p>
<p><label>Perspective <select id="seat"></select></label>
<label id="gamebox"> Game <select id="game-menu"></select></label></p>
</div>
<div id="side"><ol id="moves" start="0"></ol></div>
</div>
<script type="application/octet-stream" id="data" data-encoding="gzip base64">{data}</script>
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
// The games are JSON, gzipped and in base64 (a long game's positions repeat a lot);
// the browser's own DecompressionStream unpacks them.
async function loadGames() {
  const text = document.getElementById("data").textContent.trim();
  const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return JSON.parse(await new Response(stream).text()).games;
}

loadGames().then((games) => {

const gameMenu = document.getElementById("game-menu");
let which = 0;
let game = games[0];
let last = game.steps.length - 1;
const board = document.getElementById("board");
const slider = document.getElementById("slider");
const stepLabel = document.getElementById("step");
const seatMenu = document.getElementById("seat");
const list = document.getElementById("moves");
const RED = { C: false, D: true, H: true, S: false };
const ANCHOR = { s: "start", m: "middle", e: "end" };
let step = 0;
let blunders = [];  // the steps of the blunders marked in the notes

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

// Each step holds its changes to the one before; every MARK-th step's items are
// kept whole (made once per game), and a step is rebuilt from the mark below it.
const MARK = 128;

function splice(ids, splices) {
  for (const [at, removed, ...added] of splices) ids.splice(at, removed, ...added);
}

function itemsAt(game, step) {
  if (!game.marks) {
    game.marks = [];
    const ids = [];
    game.steps.forEach((splices, index) => {
      splice(ids, splices);
      if (index % MARK === 0) game.marks.push(ids.slice());
    });
  }
  const ids = game.marks[Math.floor(step / MARK)].slice();
  for (let index = step - (step % MARK) + 1; index <= step; index++) {
    splice(ids, game.steps[index]);
  }
  return ids.map((id) => game.rows[id]);
}

function show(to, fromHash) {
  step = Math.max(0, Math.min(last, to));
  const seat = Number(seatMenu.value);
  const body = itemsAt(game, step).map((row) => draw(row, seat)).join("");
  board.innerHTML = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" ` +
    `width="${WIDTH}" height="${HEIGHT}" font-family="sans-serif">${TABLE}${body}</svg>`;
  slider.value = step;
  stepLabel.textContent = `move ${step} of ${last}`;
  document.getElementById("said").textContent =
    step ? `${step}. ${game.phrases[game.said[step]]}` : game.phrases[game.said[0]];
  const note = document.getElementById("note");
  const text = game.notes && step ? game.notes[step - 1] : "";
  note.textContent = text;
  note.className = text.startsWith("??") ? "blunder" : "";
  const nextBlunder = document.getElementById("blunder");
  nextBlunder.hidden = blunders.length === 0;
  if (blunders.length) {
    const ahead = blunders.find((at) => at > step) ?? blunders[0];
    nextBlunder.dataset.step = String(ahead);
    nextBlunder.setAttribute("aria-label", `the next blunder: move ${ahead}`);
  }
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
  // "#40" is step 40 of the first game; "#2:40" step 40 of game 2 (from 0); no
  // step named: the first game's first blunder, if it was analysed, else the deal
  if (!location.hash.slice(1)) {
    const notes = games[0].notes || [];
    return [0, notes.findIndex((text) => text.startsWith("??")) + 1];
  }
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
  last = game.steps.length - 1;
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
  blunders = game.notes
    ? game.notes.flatMap((text, index) => (text.startsWith("??") ? [index + 1] : []))
    : [];
  list.innerHTML = "";
  const start = document.createElement("li");
  start.textContent = "the deal";
  list.appendChild(start);
  game.moves.forEach((move, index) => {
    const item = document.createElement("li");
    item.textContent = `${index + 1}. ${move}`;
    if (game.notes && game.notes[index].startsWith("??")) {
      item.classList.add("blunder");
      item.title = game.notes[index];
    }
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
document.getElementById("blunder").addEventListener("click", (event) => {
  show(Number(event.currentTarget.dataset.step));
});
document.addEventListener("keydown", (event) => {
  if (event.target === seatMenu) return;
  const moves = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: last };
  if ((event.key === "b" || event.key === "B") && blunders.length) {
    moves[event.key] = Number(document.getElementById("blunder").dataset.step);
  }
  if (event.key in moves) {
    event.preventDefault();
    show(moves[event.key]);
  }
});
window.addEventListener("hashchange", () => go(fromAddress(), true));
choose(fromAddress()[0]);
go(fromAddress(), true);
});
"""
