"""Pictures of positions: one self-contained SVG of a state or of a player's view.

:func:`svg` draws what one perspective may see. A :class:`~skitgubbe.views.PlayerView`
is drawn from the view alone: its own hand and every card it knows face up,
the other cards of each hand face down, so the picture cannot show a card the
player does not know. A state is drawn with every hand open, or from one seat
(``seat=``), in which case it is that seat's view that is drawn.

The picture shows every hand round the table (the perspective's own at the
bottom, the others clockwise from its left), the stock with its count, the trump
card or suit, the cards on the table with the seat that played each (in phase
two, the plays in order), what each seat has won, whose move it is and who is
due, the cards out of play, the last move and the variant's name. Cards are
vector shapes with drawn suit symbols; text uses the generic ``sans-serif``
family, so the picture needs no image file and no particular font.

The drawing is made in two steps: :func:`layout` places *items* (cards, card
backs, text, markers) on a 720-pixel-wide canvas, and :func:`to_svg` writes
them as SVG.

>>> import skitgubbe as sg
>>> state = sg.deal(sg.presets.FLURST, players=4, seed=3)
>>> picture = svg(state)
>>> picture.startswith("<svg"), picture.count('class="face"')   # every hand open
(True, 12)
>>> svg(state.view(1)).count('class="face"')   # seat 1's hand: the rest face down
3
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Literal
from xml.sax.saxutils import escape

import attrs

from ..cards import Card, Suit
from ..presets import name_of
from ..state import Phase, PhaseOneState, PhaseTwoState, State
from ..views import PlayerView

__all__ = [
    "HEIGHT",
    "WIDTH",
    "Item",
    "defs",
    "items_svg",
    "layout",
    "svg",
    "table_svg",
    "to_svg",
    "view_of",
]

#: The canvas's width, in pixels.
WIDTH = 720
#: The canvas's height, in pixels.
HEIGHT = 480
#: A card's size.
CARD_W = 38
CARD_H = 54

#: The least step between overlapping cards: a card's rank ("10" included) and
#: suit stay in view.
_MIN_STEP = 20.0
#: The room a hand may take across the bottom (and the top) of the picture.
_WIDE_ROOM = WIDTH - 40.0
#: How wide the row of cards on the table is at most while it is not crowded.
_TABLE_ROOM = 250.0
#: How much further apart two plays on a crowded table lie than two cards of one
#: play, in steps between cards.
_GROUP_GAP = 0.5
#: How far a second row of a large hand sits below the first.
_ROW_GAP = 30.0
#: The height of the middle of the seats' ring.
_MIDDLE_Y = 240.0

_SUIT_COLOUR = {True: "#c62828", False: "#1b1b1b"}
_FELT = "#1f6f4a"
_SLUFF = "#ffd54f"
#: The colours of the rings round the names of the seats due and those that may act.
_DUE = "#ffd54f"
_ACT = "#a5d6a7"
_SUIT_PATHS = {
    # drawn in a 20 x 20 box
    Suit.DIAMONDS: "M10 0 L19 10 L10 20 L1 10 Z",
    Suit.HEARTS: "M10 19 C3 13 0 9 0 5.5 C0 2.5 2.5 0 5.5 0 C7.5 0 9 1 10 3 C11 1 12.5 0 14.5 0 "
    "C17.5 0 20 2.5 20 5.5 C20 9 17 13 10 19 Z",
    Suit.SPADES: "M10 0 C13 5 20 8 20 12.5 C20 15.5 17.5 17 15 17 C13 17 11.5 16 10.8 14.5 "
    "L12.5 20 L7.5 20 L9.2 14.5 C8.5 16 7 17 5 17 C2.5 17 0 15.5 0 12.5 C0 8 7 5 10 0 Z",
    Suit.CLUBS: "M10 0 C12.8 0 14.5 2 14.5 4.6 C14.5 6 13.9 7.2 13 8 C13.6 7.7 14.3 7.5 15 7.5 "
    "C17.8 7.5 20 9.6 20 12.3 C20 15 17.8 17 15 17 C13.2 17 11.8 16.2 10.9 14.9 L12.5 20 "
    "L7.5 20 L9.1 14.9 C8.2 16.2 6.8 17 5 17 C2.2 17 0 15 0 12.3 C0 9.6 2.2 7.5 5 7.5 "
    "C5.7 7.5 6.4 7.7 7 8 C6.1 7.2 5.5 6 5.5 4.6 C5.5 2 7.2 0 10 0 Z",
}


@attrs.frozen
class Item:
    """One thing placed on the canvas.

    ``kind`` is ``"card"`` (``text`` is the card, such as ``7C``), ``"back"`` (a
    face-down card), ``"text"``, ``"suit"`` (a large suit symbol, ``text`` its
    letter) or ``"mark"`` (a ring round a seat's name: ``text`` is ``due`` or
    ``act``). ``x`` and ``y`` are its top left corner (a text's baseline start,
    or its middle with ``anchor="middle"``)."""

    kind: Literal["card", "back", "text", "suit", "mark"]
    x: float
    y: float
    text: str = ""
    size: float = 12.0
    anchor: Literal["start", "middle", "end"] = "start"
    colour: str = "#ffffff"
    bold: bool = False
    #: For a card or back in a hand, or a seat's name, the seat (else -1).
    owner: int = -1


def view_of(subject: State | PlayerView, seat: int | None = None) -> tuple[PlayerView, bool]:
    """The view a picture is drawn from, and whether it is open (every hand shown).

    A view is drawn as it is. A state seen from ``seat`` is that seat's view; a
    state with no seat given is drawn open: seat 0's view of the public facts,
    with every hand known."""
    if isinstance(subject, PlayerView):
        if seat is not None and seat != subject.player:
            raise ValueError(
                f"a view is drawn from its own seat ({subject.player}), not from seat {seat}"
            )
        return subject, False
    if not isinstance(subject, State):
        raise TypeError(f"draw a state or a player's view, not {type(subject).__name__}")
    if seat is not None:
        return subject.view(seat), False
    if not isinstance(subject, PhaseOneState | PhaseTwoState):  # pragma: no cover - no other kind
        raise TypeError(f"no picture of a {type(subject).__name__}")
    base = subject.view(0)
    hands = tuple(_mask(subject.hand(player)) for player in range(subject.players))
    return attrs.evolve(base, known_masks=hands), True


def _mask(cards: Sequence[Card]) -> int:
    mask = 0
    for card in cards:
        bit = 1 << card.index
        mask |= bit << 52 if mask & bit else bit
    return mask


def _seat_centre(index: int, players: int) -> tuple[float, float]:
    """The middle of the ``index``-th seat clockwise from the bottom."""
    angle = math.pi / 2 + 2 * math.pi * index / players
    return WIDTH / 2 + 250 * math.cos(angle), _MIDDLE_Y + 168 * math.sin(angle)


def _row(cards: int, room: float) -> float:
    """The step between overlapping cards so that ``cards`` fit in ``room`` pixels."""
    if cards <= 1:
        return 0.0
    return max(_MIN_STEP, min(CARD_W + 3.0, (room - CARD_W) / (cards - 1)))


def _hand_items(
    known: Sequence[Card],
    hidden: int,
    x: float,
    y: float,
    room: float,
    owner: int,
    grow: int = 0,
) -> tuple[list[Item], float, float]:
    """A hand centred at ``x``: known cards face up, then ``hidden`` backs, in rows
    of overlapping cards that leave each card's rank and suit in view; with the
    top and bottom of what it covers. The first row's top is at ``y`` and more
    rows go down (``grow`` 1) or up (-1), or the rows are centred there (0)."""
    count = len(known) + hidden
    per_row = max(1, int((room - CARD_W) // _MIN_STEP) + 1)
    rows = max(1, math.ceil(count / per_row))
    per_row = math.ceil(count / rows) if count else 0
    kinds: list[tuple[Literal["card", "back"], str]] = [("card", str(card)) for card in known]
    kinds += [("back", "")] * hidden
    items = []
    top = y - _ROW_GAP * (rows - 1) * (1 - grow) / 2
    for row in range(rows):
        part = kinds[row * per_row : (row + 1) * per_row]
        step = _row(len(part), room)
        left = x - (CARD_W + step * (len(part) - 1)) / 2
        for i, (kind, text) in enumerate(part):
            items.append(Item(kind, left + step * i, top + _ROW_GAP * row, text, owner=owner))
    return items, top, top + _ROW_GAP * (rows - 1) + CARD_H


def layout(
    subject: State | PlayerView, seat: int | None = None, *, name: str | None = None
) -> list[Item]:
    """The items of the picture of ``subject`` (see :func:`svg`)."""
    view, open_ = view_of(subject, seat)
    players = view.players
    me = 0 if open_ else view.player
    rules_name = name or name_of(view.rules)
    items: list[Item] = []
    phase = {Phase.ONE: "phase one", Phase.TWO: "phase two"}.get(view.phase, "game over")
    perspective = "all cards open" if open_ else f"seen by seat {view.player}"
    items.append(Item("text", 12, 20, f"{rules_name}, {players} players", 14, bold=True))
    items.append(Item("text", WIDTH - 12, 20, f"{phase}, {perspective}", 12, "end"))
    room = max(110.0, min(230.0, 900.0 / players))
    won = view.won
    seats: list[list[Item]] = [[] for _ in range(players)]
    taken: list[tuple[_Box, list[_Box]]] = [(box, [box]) for box in _CENTRE_BOXES]
    known_hands, sizes = view.known, view.hand_sizes

    # the smaller hands first, each where it sits, the seats at the top and the
    # bottom last (they have most room); a larger one then takes the first of its
    # ways (wider rows, rows growing away from the middle) that touches nothing
    # placed
    def order(index: int) -> tuple[bool, int]:
        return abs(_seat_centre(index, players)[0] - WIDTH / 2) < 1, sizes[(me + index) % players]

    for index in sorted(range(players), key=order):
        player = (me + index) % players
        label = f"seat {player}" + (" (you)" if player == me and not open_ else "")
        if view.phase is not Phase.ONE and player in view.out:
            label += ", out"
        if view.loser == player:
            label += ", the goat"
        if won:
            label += f", won {len(won[player])}"
        best: tuple[float, list[Item], _Box, list[_Box]] | None = None
        known = known_hands[player]
        for way in _ways(index, players, room):
            placed = _seat_items(view, index, player, known, label, way)
            boxes = _boxes(placed)
            whole = _union(boxes)
            clash = sum(_outside(box) for box in boxes)
            for around, others in taken:
                if _overlap(whole, around):
                    for box in boxes:
                        if _overlap(box, around):
                            clash += sum(_overlap(box, other) for other in others)
            if best is None or clash < best[0]:
                best = (clash, placed, whole, boxes)
            if not clash:
                break
        assert best is not None
        seats[index] = best[1]
        taken.append((best[2], best[3]))
    for placed in seats:
        items += placed
    items += _centre(view, _free_width(items, WIDTH / 2, _TRICK_Y))
    footer = []
    if view.last_move is not None:
        footer.append(f"last move: {view.last_move}")
    if view.loser is None and view.due:
        footer.append("due: " + ", ".join(f"seat {seat}" for seat in view.due))
    if footer:
        items.append(Item("text", 12, HEIGHT - 10, ";  ".join(footer), 12))
    if view.loser is None:  # what the rings round the seats' names say
        items.append(Item("text", WIDTH - 12, HEIGHT - 10, "ring: due to move", 11, "end", _DUE))
        if view.phase is Phase.ONE:
            items.append(
                Item("text", WIDTH - 12, HEIGHT - 24, "ring: may sluff now", 11, "end", _ACT)
            )
    return items


#: The middle of the row of cards on the table, and of the stock and the trump.
_TRICK_Y = 196.0
_LOW_Y = 276.0
#: The room kept clear between the cards on the table and a hand or a seat's name.
_CLEAR = 6.0


def _free_width(items: Sequence[Item], cx: float, cy: float) -> float:
    """How wide a row of cards centred at ``(cx, cy)``, with the seats under its
    plays, may be without touching a hand or a seat's name in ``items``."""
    top, bottom = cy - CARD_H / 2 - _CLEAR, cy + CARD_H / 2 + 16 + _CLEAR
    half = cx - _CLEAR
    for item in items:
        box = _box(item) if item.kind != "text" or item.owner >= 0 else None  # names only
        if box is None:
            continue
        left, high, right, low = box
        if low <= top or high >= bottom:
            continue
        if right <= cx:
            half = min(half, cx - right - _CLEAR)
        elif left >= cx:
            half = min(half, left - cx - _CLEAR)
    return max(2 * half, 2 * CARD_W)


_Box = tuple[float, float, float, float]
#: What the middle of the table needs clear of hands: the least of the row of
#: cards on the table, and the stock and the trump below it.
_CENTRE_BOXES: tuple[_Box, ...] = (
    (WIDTH / 2 - 60, _TRICK_Y - CARD_H / 2, WIDTH / 2 + 60, _TRICK_Y + CARD_H / 2 + 16),
    (WIDTH / 2 - 100, _LOW_Y - CARD_H / 2, WIDTH / 2 + 100, _LOW_Y + CARD_H / 2 + 16),
)
#: Where the hands and the seats' names may lie: below the heading, above the footer.
_ROOM_BOX: _Box = (4.0, 24.0, WIDTH - 4.0, HEIGHT - 24.0)


def _ways(index: int, players: int, room: float) -> list[tuple[float, int]]:
    """The ways a seat's hand may lie, the usual first: its rows' room and which
    way more rows go (0 centred on the seat, 1 down, -1 up)."""
    cx, cy = _seat_centre(index, players)
    away = 0 if abs(cy - _MIDDLE_Y) < 1 else (1 if cy > _MIDDLE_Y else -1)
    ways: list[tuple[float, int]] = []
    if abs(cx - WIDTH / 2) < 1:  # the bottom or the top: the picture's width, or less
        ways.append((_WIDE_ROOM, 0))
        edge = _WIDE_ROOM
    else:
        edge = max(2 * min(cx, WIDTH - cx) - 16, 110.0)
    for wider in (1.0, 1.5, 2.0, 3.0, 4.0):
        width = min(room * wider, edge)
        for grow in dict.fromkeys((0, away)):
            if (width, grow) not in ways:
                ways.append((width, grow))
    return ways


def _seat_items(
    view: PlayerView,
    index: int,
    player: int,
    known: Sequence[Card],
    label: str,
    way: tuple[float, int],
) -> list[Item]:
    """A seat's hand (``known`` of it face up), name and ring, its hand laid out
    ``way`` (see :func:`_ways`)."""
    cx, cy = _seat_centre(index, view.players)
    room, grow = way
    items, top, bottom = _hand_items(
        known, view.hand_sizes[player] - len(known), cx, cy - CARD_H / 2, room, player, grow
    )
    ly = bottom + 15 if index == 0 else top - 8
    if player in view.due:
        items.append(Item("mark", cx, ly - 4, "due"))
    elif player in view.to_act:
        items.append(Item("mark", cx, ly - 4, "act"))
    items.append(Item("text", cx, ly, label, 12, "middle", bold=player in view.due, owner=player))
    return items


def _box(item: Item) -> _Box | None:
    """The box (left, top, right, bottom) a card or a line of text (centred, as
    the seats' names are) covers; ``None`` for anything else."""
    if item.kind in ("card", "back"):
        return item.x, item.y, item.x + CARD_W, item.y + CARD_H
    if item.kind == "text":
        half = 0.3 * item.size * len(item.text)
        return item.x - half, item.y - 12, item.x + half, item.y + 3
    return None


def _boxes(items: Sequence[Item]) -> list[_Box]:
    """The boxes a seat's items cover: each card, and its name."""
    return [box for box in map(_box, items) if box is not None]


def _union(boxes: Sequence[_Box]) -> _Box:
    """The least box round ``boxes``."""
    return (
        min(box[0] for box in boxes),
        min(box[1] for box in boxes),
        max(box[2] for box in boxes),
        max(box[3] for box in boxes),
    )


def _overlap(first: _Box, second: _Box) -> float:
    """The area two boxes share."""
    across = min(first[2], second[2]) - max(first[0], second[0])
    down = min(first[3], second[3]) - max(first[1], second[1])
    return across * down if across > 0 and down > 0 else 0.0


def _outside(box: _Box) -> float:
    """The area of ``box`` outside :data:`_ROOM_BOX`."""
    area = (box[2] - box[0]) * (box[3] - box[1])
    return area - _overlap(box, _ROOM_BOX)


def _centre(view: PlayerView, room: float) -> list[Item]:
    """The middle of the table: the trick above (at most ``room`` wide), the
    stock and the trump below."""
    items: list[Item] = []
    cx, top, low = WIDTH / 2, _TRICK_Y, _LOW_Y
    if view.phase is Phase.ONE:
        if view.stock_size:
            items.append(Item("back", cx - 80 - CARD_W / 2, low - CARD_H / 2))
            items.append(
                Item(
                    "text", cx - 80, low + CARD_H / 2 + 13, f"stock {view.stock_size}", 11, "middle"
                )
            )
        shown = view.trump_card if view.trump_card is not None else view.upcard
        if shown is not None:
            items.append(Item("card", cx + 80 - CARD_W / 2, low - CARD_H / 2, str(shown)))
            items.append(Item("text", cx + 80, low + CARD_H / 2 + 13, "trump card", 11, "middle"))
        elif view.trump is not None:
            items += _trump_suit(view.trump, cx + 80, low)
        elif view.hidden_aside:
            items.append(Item("back", cx + 80 - CARD_W / 2, low - CARD_H / 2))
            items.append(Item("text", cx + 80, low + CARD_H / 2 + 13, "set aside", 11, "middle"))
        plays: list[tuple[int | None, Sequence[Card], str]] = [
            (event.player, event.cards, event.kind.value) for event in view.trick
        ]
        items += _table(plays, cx, top, room)
    else:
        if view.trump is not None:
            items += _trump_suit(view.trump, cx + 80, low)
        plays = [
            (seat, cards, "") for seat, cards in zip(view.table_seats, view.table, strict=True)
        ]
        items += _table(plays, cx, top, room)
        if plays:
            items.append(
                Item("text", cx, top + CARD_H / 2 + 28, "under each play: its seat", 10, "middle")
            )
        gone = len(view.out_of_play)  # killed tricks and cards set aside
        if gone:
            items.append(Item("text", cx - 80, low + 4, f"out of play {gone}", 11, "middle"))
    return items


def _trump_suit(suit: Suit, x: float, y: float) -> list[Item]:
    return [
        Item("suit", x - 14, y - 22, suit.letter, 28),
        Item("text", x, y + 26, "trump", 11, "middle"),
    ]


def _table(
    plays: Sequence[tuple[int | None, Sequence[Card], str]],
    cx: float,
    cy: float,
    room: float,
) -> list[Item]:
    """The cards on the table, in the order played, each group labelled with its
    seat, in a row at most ``room`` wide: the cards overlap more as more are
    played, each play set off from the next by a step more, or by half a step
    where the row is crowded."""
    items: list[Item] = []
    groups = [cards for _, cards, _ in plays if cards]
    count = sum(len(cards) for cards in groups)
    if not count:
        return [Item("text", cx, cy + 4, "no cards on the table", 11, "middle", "#cfe8da")]
    # a step's room between plays in a row up to _TABLE_ROOM wide; else in all the
    # room there is; else (crowded) the plays closer together
    for gap, width in ((1.0, min(room, _TABLE_ROOM)), (1.0, room), (_GROUP_GAP, room)):
        steps = count - 1 + gap * (len(groups) - 1)
        if not steps or (width - CARD_W) / steps >= _MIN_STEP:
            break
    step = min(CARD_W + 3.0, (width - CARD_W) / steps) if steps else 0.0
    x = cx - (CARD_W + step * steps) / 2
    order = 0
    sluffs = False
    for player, cards, kind in plays:
        if not cards:
            continue
        order += 1
        start = x
        for card in cards:
            items.append(Item("card", x, cy - CARD_H / 2, str(card)))
            x += step
        sluff = kind == "sluffed"
        label = f"{order}" if player is None else f"{player}"
        items.append(
            Item(
                "text",
                (start + x - step + CARD_W) / 2,
                cy + CARD_H / 2 + 14,
                label,
                11,
                "middle",
                _SLUFF if sluff else "#ffffff",
                bold=sluff,
            )
        )
        sluffs = sluffs or sluff
        x += gap * step
    if sluffs:
        items.append(
            Item("text", cx, cy + CARD_H / 2 + 28, "seats in yellow sluffed", 10, "middle", _SLUFF)
        )
    return items


def _face_symbol(text: str) -> str:
    """The symbol ``f-<card>`` drawing a card's face."""
    card = Card.parse(text)
    colour = _SUIT_COLOUR[card.suit.is_red]
    suit = card.suit.letter
    return (
        f'<symbol id="f-{card}" viewBox="0 0 {CARD_W} {CARD_H}" width="{CARD_W}" '
        f'height="{CARD_H}"><rect x="0.5" y="0.5" width="{CARD_W - 1}" height="{CARD_H - 1}" '
        f'rx="4" fill="#ffffff" stroke="#555" stroke-width="0.8"/>'
        f'<text x="4" y="14" font-size="13" font-weight="bold" font-family="sans-serif" '
        f'fill="{colour}">{card.rank.text}</text>'
        f'<use href="#suit-{suit}" x="4" y="18" width="10" height="10" fill="{colour}"/>'
        f'<use href="#suit-{suit}" x="15" y="28" width="19" height="19" fill="{colour}"/>'
        "</symbol>"
    )


def defs(cards: Sequence[str] = ()) -> str:
    """The shapes pictures refer to: the four suits, a card's back and the faces of
    ``cards`` (card text), as one ``<defs>`` element."""
    paths = "".join(
        f'<symbol id="suit-{suit.letter}" viewBox="0 0 20 20" width="20" height="20">'
        f'<path d="{path}"/></symbol>'
        for suit, path in _SUIT_PATHS.items()
    )
    back = (
        '<pattern id="stripes" width="6" height="6" patternUnits="userSpaceOnUse">'
        '<rect width="6" height="6" fill="#1c3f8c"/><path d="M0 6 L6 0" stroke="#6f8fd6" '
        'stroke-width="1.2"/></pattern>'
        f'<symbol id="back" viewBox="0 0 {CARD_W} {CARD_H}" width="{CARD_W}" height="{CARD_H}">'
        f'<rect x="0.75" y="0.75" width="{CARD_W - 1.5}" height="{CARD_H - 1.5}" rx="4" '
        'fill="url(#stripes)" stroke="#ffffff" stroke-width="1.5"/></symbol>'
    )
    faces = "".join(_face_symbol(card) for card in sorted(set(cards)))
    return f"<defs>{paths}{back}{faces}</defs>"


def _item_svg(item: Item) -> str:
    if item.kind == "card":
        return (
            f'<use class="face" data-card="{item.text}" href="#f-{item.text}" '
            f'x="{item.x:.1f}" y="{item.y:.1f}" width="{CARD_W}" height="{CARD_H}"/>'
        )
    if item.kind == "back":
        return (
            f'<use class="back" href="#back" x="{item.x:.1f}" y="{item.y:.1f}" '
            f'width="{CARD_W}" height="{CARD_H}"/>'
        )
    if item.kind == "suit":
        suit = Suit.parse(item.text)
        return (
            f'<use href="#suit-{suit.letter}" x="{item.x:.1f}" y="{item.y:.1f}" '
            f'width="{item.size:g}" height="{item.size:g}" fill="{_SUIT_COLOUR[suit.is_red]}" '
            'stroke="#ffffff" stroke-width="0.6"/>'
        )
    if item.kind == "mark":
        colour = _DUE if item.text == "due" else _ACT
        return (
            f'<rect class="mark-{item.text}" x="{item.x - 52:.1f}" y="{item.y - 11:.1f}" '
            f'width="104" height="18" rx="9" fill="none" stroke="{colour}" stroke-width="2"/>'
        )
    weight = ' font-weight="bold"' if item.bold else ""
    return (
        f'<text x="{item.x:.1f}" y="{item.y:.1f}" font-size="{item.size:g}" '
        f'text-anchor="{item.anchor}" fill="{item.colour}"{weight}>{escape(item.text)}</text>'
    )


def table_svg() -> str:
    """The felt and the table under every picture."""
    return (
        f'<rect width="{WIDTH}" height="{HEIGHT}" rx="14" fill="{_FELT}"/>'
        f'<ellipse cx="{WIDTH / 2}" cy="236" rx="170" ry="88" fill="#24805a" stroke="#2f9368" '
        'stroke-width="2"/>'
    )


def items_svg(items: Sequence[Item]) -> str:
    """The items as SVG elements, without the document round them: for a page
    that holds the shapes (:func:`defs`) and the table (:func:`table_svg`) once."""
    return "".join(_item_svg(item) for item in items)


def to_svg(items: Sequence[Item], title: str = "") -> str:
    """The items as one SVG document (no external file, generic fonts only)."""
    body = items_svg(items)
    heading = f"<title>{escape(title)}</title>" if title else ""
    cards = [item.text for item in items if item.kind == "card"]
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="{WIDTH}" height="{HEIGHT}" font-family="sans-serif">{heading}{defs(cards)}'
        f"{table_svg()}{body}</svg>"
    )


def svg(subject: State | PlayerView, seat: int | None = None, *, name: str | None = None) -> str:
    """One self-contained SVG picture of a state or a view (see the module's
    description); ``name`` is the variant's name to show (by default the closest
    preset's, and what differs from it)."""
    view, open_ = view_of(subject, seat)
    shown = name or name_of(view.rules)
    title = f"{shown}: " + ("all cards open" if open_ else f"seat {view.player}")
    return to_svg(layout(subject, seat, name=name), title)
