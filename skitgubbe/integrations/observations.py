"""A player's view as a fixed-size vector of numbers, and as readable text.

:func:`encode` turns a :class:`~skitgubbe.views.PlayerView` into a vector of
:data:`SIZE` numbers (``float32``), the same size for every ruleset and player
count: room is made for :data:`MAX_PLAYERS` seats, and unused seats are zero.
Seats are *relative*: row 0 is the observing player, row 1 the next seat
clockwise, and so on. A card row has 52 entries, one per card of a pack in the
engine's order (clubs, diamonds, hearts, spades; 2 to ace within a suit), each
the number of copies (0, 1 or 2 with two packs). :data:`FIELDS` lists the fields
in order; the table of the documentation is :func:`field_table`.

The view is what a player with a perfect memory knows, so the vector is an
information state: nothing of the past that the player saw is missing from it,
except the order of the table beyond its last :data:`TABLE_ROWS` entries.

:func:`information_state_string` gives the same facts as text, one per line,
for people and for search algorithms that key their trees by text.

>>> import skitgubbe as sg
>>> view = sg.deal(sg.presets.FLURST, players=4, seed=7).view(0)
>>> vector = encode(view)
>>> vector.shape == (SIZE,), int(vector[field_slice("hand")].sum())
(True, 3)
>>> print(information_state_string(view).splitlines()[0])
seat 0 of 4, phase one
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from ..cards import CARDS_IN_PACK, PACK_MASK, cards_of, format_cards
from ..moves import MAX_SEAT
from ..state import Phase
from ..views import PlayerView
from ._extras import missing

try:
    import numpy as np
    import numpy.typing as npt
except ImportError as error:  # pragma: no cover - every extra of the integrations has numpy
    raise ImportError(missing("numpy", "pettingzoo", "observation vectors")) from error

__all__ = [
    "FIELDS",
    "MAX_PLAYERS",
    "SIZE",
    "TABLE_ROWS",
    "Field",
    "encode",
    "field_slice",
    "field_table",
    "information_state_string",
]

#: The most seats a vector has room for: every seat a move can name.
MAX_PLAYERS = MAX_SEAT + 1
#: How many of the latest table entries the vector holds.
TABLE_ROWS = 16


@attrs.frozen
class Field:
    """One field of the vector: its name, how many numbers, and what they say."""

    name: str
    size: int
    meaning: str


_CARD_ROWS = (
    Field("hand", 52, "copies of each card in the player's hand"),
    Field(
        "known",
        (MAX_PLAYERS - 1) * 52,
        "for each other seat (relative, 1 to 15), the copies of each card known to be in its hand",
    ),
    Field(
        "won",
        MAX_PLAYERS * 52,
        "phase one: for each seat (relative), the copies of each card it has won",
    ),
    Field(
        "table",
        TABLE_ROWS * 52,
        f"the latest {TABLE_ROWS} entries of the table, latest first: phase two, the plays; "
        "phase one, the plays, dares and sluffs of the trick",
    ),
    Field("out_of_play", 52, "cards out of play: killed, or set aside and shown"),
    Field("unseen", 52, "cards the player cannot place"),
    Field("exposed", 52, "cards of the player's hand every other player knows are there"),
    Field("upcard", 52, "phase one: the trump card shown under the stock, while it lies there"),
)
_CARD_ROW_COUNT = sum(field.size for field in _CARD_ROWS) // 52

_SEAT_FIELDS = (
    ("seats", "1 for each seat at the table"),
    ("hand_sizes", "how many cards each seat holds"),
    ("hidden_sizes", "how many cards of each seat's hand the player cannot name"),
    ("to_act", "1 for each seat that may act now"),
    ("due", "1 for each seat the game waits for"),
    ("turn", "1 at the seat due to play"),
    ("leader", "phase one: 1 at the seat that led the current trick"),
    ("trick_winner", "phase one: 1 at the winner of the decided trick"),
    ("sluffed", "phase one: 1 for each seat that has used its sluff on this trick"),
    ("done", "phase one: 1 for each seat that has declared done"),
    ("out", "phase two: 1 for each seat out of the game"),
    ("needy", "phase two: 1 for each seat that received the dreck"),
    ("blamattis", "phase two: 1 for each Blåmattis who still owes a pick-up"),
    ("loser", "1 at the goat once the game is over"),
    ("passed", "1 for each seat that passed its chance in this engine state (adapters)"),
)

#: Every field of the vector, in order.
FIELDS: tuple[Field, ...] = (
    *_CARD_ROWS,
    *(Field(name, MAX_PLAYERS, meaning + " (relative seats)") for name, meaning in _SEAT_FIELDS),
    Field("phase", 3, "one-hot: phase one, phase two, over"),
    Field("trump", 4, "one-hot trump suit (clubs, diamonds, hearts, spades) once it is known"),
    Field("heading", 13, "phase one: one-hot rank heading the current round (2 to ace)"),
    Field("table_size", 1, "how many entries the table holds"),
    Field("stock_size", 1, "phase one: how many cards the stock holds"),
    Field("reserve_size", 1, "how many cards the avstickshög holds"),
    Field("trick_size", 1, "phase two: how many plays kill the current trick"),
    Field("forced", 1, "phase two: 1 while a forced pick-up is under way"),
    Field("packs", 1, "how many packs are in play"),
)
#: How many numbers the vector holds.
SIZE = sum(field.size for field in FIELDS)

_OFFSETS: dict[str, int] = {}
_at = 0
for _field in FIELDS:
    _OFFSETS[_field.name] = _at
    _at += _field.size
del _at, _field
_PHASES = {Phase.ONE: 0, Phase.TWO: 1, Phase.OVER: 2}
_CARD_BITS = sum(field.size for field in _CARD_ROWS)
_CARD_BYTES = (_CARD_BITS + 7) // 8
# Where each field lies after the card rows.
_TAIL = {name: offset - _CARD_BITS for name, offset in _OFFSETS.items()}
_TAIL_SIZE = SIZE - _CARD_BITS
_KNOWN, _WON, _TABLE, _OUT = (_OFFSETS[name] for name in ("known", "won", "table", "out_of_play"))


def field_slice(name: str) -> slice:
    """Where field ``name`` lies in the vector."""
    start = _OFFSETS[name]
    size = next(field.size for field in FIELDS if field.name == name)
    return slice(start, start + size)


def field_table() -> str:
    """The fields as a reStructuredText list table, for the documentation."""
    lines = [
        ".. list-table::",
        "   :header-rows: 1",
        "   :widths: 15 10 10 65",
        "",
        "   * - Field",
        "     - Offset",
        "     - Size",
        "     - Meaning",
    ]
    for field in FIELDS:
        lines += [
            f"   * - ``{field.name}``",
            f"     - {_OFFSETS[field.name]}",
            f"     - {field.size}",
            f"     - {field.meaning}",
        ]
    return "\n".join(lines) + "\n"


def encode(
    view: PlayerView, passed: Iterable[int] = (), out: npt.NDArray[np.float32] | None = None
) -> npt.NDArray[np.float32]:
    """The vector of ``view``: a ``numpy`` array of :data:`SIZE` ``float32`` numbers.

    ``passed`` names the seats that passed in this engine state (the adapters'
    one-at-a-time scheme, see :mod:`skitgubbe.integrations.turns`). With ``out``
    (an array of the right size) the vector is written there.
    """
    hand_sizes = view.hand_sizes
    players = len(hand_sizes)
    order, where = _seating(players, view.player)
    known_masks = view.known_masks
    # Card rows, laid end to end: 52 bits a row, first copies and second copies apart.
    low = high = 0
    shift = 0

    def row(mask: int) -> None:
        nonlocal low, high
        if mask:
            low |= (mask & PACK_MASK) << shift
            high |= (mask >> CARDS_IN_PACK) << shift

    row(view.hand_mask)
    shift = _KNOWN
    for seat in order[1:]:
        row(known_masks[seat])
        shift += 52
    if view.won_masks:
        shift = _WON
        for seat in order:
            row(view.won_masks[seat])
            shift += 52
    table = view.table_masks or tuple(event.mask for event in view.trick)
    shift = _TABLE
    for mask in table[: -TABLE_ROWS - 1 : -1]:
        row(mask)
        shift += 52
    shift = _OUT
    row(view.killed_mask | view.out_of_play_mask)
    shift += 52
    row(view.unseen_mask)
    shift += 52
    row(view.exposed_mask)
    shift += 52
    if view.upcard is not None:
        row(1 << view.upcard.index)

    vector = np.empty(SIZE, np.float32) if out is None else out
    vector[:_CARD_BITS] = np.unpackbits(
        np.frombuffer(low.to_bytes(_CARD_BYTES, "little"), np.uint8),
        count=_CARD_BITS,
        bitorder="little",
    )
    if high:
        vector[:_CARD_BITS] += np.unpackbits(
            np.frombuffer(high.to_bytes(_CARD_BYTES, "little"), np.uint8),
            count=_CARD_BITS,
            bitorder="little",
        )

    # The rest are small whole numbers: written into bytes, then copied at once.
    tail = bytearray(_TAIL_SIZE)
    base = _TAIL["seats"]
    tail[base : base + players] = b"\x01" * players
    sizes = _TAIL["hand_sizes"]
    hidden = _TAIL["hidden_sizes"]
    for seat, (size, known) in enumerate(zip(hand_sizes, known_masks, strict=True)):
        tail[sizes + where[seat]] = min(size, 255)
        tail[hidden + where[seat]] = min(size - known.bit_count(), 255)
    for name, seats in (
        ("to_act", view.to_act),
        ("due", view.due),
        ("sluffed", view.sluffed),
        ("done", view.done),
        ("out", view.out),
        ("needy", view.needy),
        ("blamattis", view.blamattis),
        ("passed", passed),
    ):
        base = _TAIL[name]
        for seat in seats:
            tail[base + where[seat]] = 1
    for name, one in (
        ("turn", view.turn),
        ("leader", view.leader),
        ("trick_winner", view.trick_winner),
        ("loser", view.loser),
    ):
        if one is not None:
            tail[_TAIL[name] + where[one]] = 1
    tail[_TAIL["phase"] + _PHASES[view.phase]] = 1
    if view.trump is not None:
        tail[_TAIL["trump"] + view.trump] = 1
    if view.heading is not None:
        tail[_TAIL["heading"] + view.heading - 2] = 1
    tail[_TAIL["table_size"]] = min(len(table), 255)
    tail[_TAIL["stock_size"]] = view.stock_size
    tail[_TAIL["reserve_size"]] = view.reserve_size
    tail[_TAIL["trick_size"]] = view.trick_size
    tail[_TAIL["forced"]] = view.forced
    tail[_TAIL["packs"]] = view.rules.packs
    vector[_CARD_BITS:] = np.frombuffer(tail, np.uint8)
    return vector


_SEATING: dict[tuple[int, int], tuple[tuple[int, ...], dict[int, int]]] = {}


def _seating(players: int, me: int) -> tuple[tuple[int, ...], dict[int, int]]:
    """The seats in relative order from ``me``, and each seat's relative place."""
    key = (players, me)
    found = _SEATING.get(key)
    if found is None:
        order = tuple((me + step) % players for step in range(players))
        found = _SEATING[key] = (order, {seat: i for i, seat in enumerate(order)})
    return found


def _text(name: str, value: object) -> str | None:
    """A field of the view as text, or ``None`` when it is empty."""
    if value is None or value == () or value is False or (type(value) is int and value == 0):
        return None
    if name.endswith("_mask") and isinstance(value, int):
        return format_cards(cards_of(value))
    if name.endswith("_masks") and isinstance(value, tuple):
        return " | ".join(format_cards(cards_of(mask)) or "-" for mask in value)
    if isinstance(value, tuple):
        return " ".join(str(item) for item in value)
    if hasattr(value, "value") and not isinstance(value, int):
        return str(value.value)
    return str(value)


_SKIPPED = {"rules", "player", "phase"}


def information_state_string(view: PlayerView, passed: Iterable[int] = ()) -> str:
    """What the player knows, as text: a heading line, then one line per fact
    that is not empty, ``name: value``, cards in card notation (a list of masks
    per seat is split by ``|``). ``passed`` is as for :func:`encode`."""
    lines = [f"seat {view.player} of {view.players}, phase {view.phase.value}"]
    for field in attrs.fields(PlayerView):
        if field.name in _SKIPPED:
            continue
        text = _text(field.name, getattr(view, field.name))
        if text is not None:
            lines.append(f"{field.name.removesuffix('_masks').removesuffix('_mask')}: {text}")
    passed = tuple(passed)
    if passed:
        lines.append("passed: " + " ".join(map(str, passed)))
    return "\n".join(lines)
