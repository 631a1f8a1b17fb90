"""A player's view as a fixed-size vector of numbers, and as readable text.

:func:`encode` turns a :class:`~skitgubbe.views.PlayerView` into a vector of
:data:`SIZE` numbers (``float32``), the same size for every ruleset and player
count: room is made for :data:`MAX_PLAYERS` seats, and unused seats are zero.
Seats are *relative*: row 0 is the observing player, row 1 the next seat
clockwise, and so on. A card row has 52 entries, one per card of a pack in the
engine's order (clubs, diamonds, hearts, spades; 2 to ace within a suit), each
the number of copies (0, 1 or 2 with two packs). :data:`FIELDS` lists the fields
in order; the table of the documentation is :func:`field_table`.
:func:`encode_state` gives the same vector from a state and a seat, without
building the view.

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
>>> bool((encode_state(sg.deal(sg.presets.FLURST, players=4, seed=7), 0) == vector).all())
True
>>> print(information_state_string(view).splitlines()[0])
seat 0 of 4, phase one
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Final

import attrs

from ..cards import CARDS, CARDS_IN_PACK, PACK_MASK, cards_of, format_cards
from ..knowledge import (
    add_masks,
    phase_one_heading,
    phase_one_trump,
    phase_one_unseen,
    phase_two_exposed,
    phase_two_known,
    phase_two_unseen,
    take_masks,
)
from ..moves import MAX_SEAT
from ..state import Phase, PhaseOneState, PhaseTwoState, State
from ..views import PlayerView
from ._extras import missing
from .turns import acting_seats

try:
    import numpy as np
    import numpy.typing as npt
except ImportError as error:  # pragma: no cover - every extra of the integrations has numpy
    raise ImportError(missing("numpy", "pettingzoo", "observation vectors")) from error

#: The compiled build's writer of vectors (``_scatter.c``), or ``None`` in the pure
#: build, where numpy writes them: the same numbers either way.
_FILL: Callable[..., None] | None
try:
    from ._scatter import fill as _FILL
except ImportError:
    _FILL = None

__all__ = [
    "FIELDS",
    "MAX_PLAYERS",
    "SIZE",
    "TABLE_ROWS",
    "Field",
    "encode",
    "encode_state",
    "field_slice",
    "field_table",
    "information_state_string",
]

#: The most seats a vector has room for: every seat a move can name.
MAX_PLAYERS: Final = MAX_SEAT + 1
#: How many of the latest table entries the vector holds.
TABLE_ROWS: Final = 16


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
SIZE: Final = sum(field.size for field in FIELDS)

_OFFSETS: dict[str, int] = {}
_at = 0
for _field in FIELDS:
    _OFFSETS[_field.name] = _at
    _at += _field.size
del _at, _field
_PHASES = {Phase.ONE: 0, Phase.TWO: 1, Phase.OVER: 2}
_CARD_BITS: Final = sum(field.size for field in _CARD_ROWS)
# Where each field lies after the card rows.
_TAIL = {name: offset - _CARD_BITS for name, offset in _OFFSETS.items()}
_TAIL_SIZE: Final = SIZE - _CARD_BITS
_KNOWN: Final = _OFFSETS["known"]
_WON: Final = _OFFSETS["won"]
_TABLE: Final = _OFFSETS["table"]
_OUT: Final = _OFFSETS["out_of_play"]
_BYTES: Final = (SIZE + 7) // 8
# Where the seat fields of 0s and 1s and the one-hot fields lie after the card rows.
# (Final constants: the compiled build reads them without a look-up.)
_TO_ACT: Final = _TAIL["to_act"]
_DUE: Final = _TAIL["due"]
_TURN: Final = _TAIL["turn"]
_LEADER: Final = _TAIL["leader"]
_TRICK_WINNER: Final = _TAIL["trick_winner"]
_SLUFFED: Final = _TAIL["sluffed"]
_DONE: Final = _TAIL["done"]
_OUT_SEATS: Final = _TAIL["out"]
_NEEDY: Final = _TAIL["needy"]
_BLAMATTIS: Final = _TAIL["blamattis"]
_LOSER: Final = _TAIL["loser"]
_PASSED: Final = _TAIL["passed"]
_PHASE: Final = _TAIL["phase"]
_TRUMP: Final = _TAIL["trump"]
_HEADING: Final = _TAIL["heading"]
# Where the fields of numbers lie: hand and hidden sizes, then the table, stock,
# reserve and trick sizes, forced and packs side by side.
_SIZES: Final = _OFFSETS["hand_sizes"]
_HIDDEN: Final = _OFFSETS["hidden_sizes"]
_COUNTS: Final = _OFFSETS["table_size"]
# The eight numbers (0 or 1) of each byte's bits, lowest bit first.
_BYTE_BITS = np.unpackbits(
    np.arange(256, dtype=np.uint8)[:, None], axis=1, bitorder="little"
).astype(np.float32)
_ROW_SHIFTS: Final = tuple(52 * row for row in range(TABLE_ROWS))
# Where the writer of the compiled build puts the table's rows (latest first) and
# the hand, out-of-play, unseen, exposed and upcard rows; where the tail starts,
# and its length in bytes.
_TABLE_ROWS_AT: Final = tuple(_TABLE + shift for shift in _ROW_SHIFTS)
_ONE_ROWS_AT: Final = (0, _OUT, _OUT + 52, _OUT + 104, _OUT + 156)
_TAIL_BYTES: Final = (_TAIL_SIZE + 7) // 8
_COUNTS_AT: Final = tuple(range(_COUNTS, _COUNTS + 6))
_EMPTY: Final = np.empty
_FLOAT32: Final = np.float32


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
    seats = (
        _bits(view.to_act) << _TO_ACT
        | _bits(view.due) << _DUE
        | _bits(view.sluffed) << _SLUFFED
        | _bits(view.done) << _DONE
        | _bits(view.out) << _OUT_SEATS
        | _bits(view.needy) << _NEEDY
        | _bits(view.blamattis) << _BLAMATTIS
        | _bits(passed) << _PASSED
    )
    for lane, one in (
        (_TURN, view.turn),
        (_LEADER, view.leader),
        (_TRICK_WINNER, view.trick_winner),
        (_LOSER, view.loser),
    ):
        if one is not None:
            seats |= 1 << lane + one
    flags = 1 << _PHASE + _PHASES[view.phase]
    if view.trump is not None:
        flags |= 1 << _TRUMP + view.trump
    if view.heading is not None:
        flags |= 1 << _HEADING + view.heading - 2
    table = view.table_masks or tuple(event.mask for event in view.trick)
    return _vector(
        view.player,
        view.rules.packs,
        (
            view.hand_mask,
            view.known_masks,
            view.won_masks,
            table,
            add_masks(view.killed_mask, view.out_of_play_mask),
            view.unseen_mask,
            view.exposed_mask,
            0 if view.upcard is None else 1 << view.upcard.index,
        ),
        seats,
        flags,
        list(view.hand_sizes),
        [
            size - known.bit_count()
            for size, known in zip(view.hand_sizes, view.known_masks, strict=True)
        ],
        (len(table), view.stock_size, view.reserve_size, view.trick_size, view.forced),
        out,
    )


def encode_state(
    state: State,
    player: int,
    passed: Iterable[int] = (),
    out: npt.NDArray[np.float32] | None = None,
) -> npt.NDArray[np.float32]:
    """The vector of ``player``'s view of ``state``: ``encode(state.view(player),
    passed, out)``, worked out from the state without building the view."""
    public = _LATEST[0]
    if public[0] is not state or public[1] not in (-1, player):
        public = _public(state, player)
    (_, _, packs, lanes, flags, hands, known, won, table, out_of_play, unseen, upcard, sizes) = (
        public[:13]
    )
    hidden, counts = public[13], public[14]
    hand = hands[player]
    exposed = known[player]
    if hand != exposed:  # the cards of the hand only this player sees
        unseen = unseen & ~hand if packs == 1 else take_masks(unseen, take_masks(hand, exposed))
    return _vector(
        player,
        packs,
        (hand, known, won, table, out_of_play, unseen, exposed, upcard),
        lanes | _bits(passed) << _PASSED,
        flags,
        sizes,
        hidden,
        counts,
        out,
    )


# What every seat sees of a state: the state; the seat it was worked out for, or
# -1 when it is the same for every seat; packs; the seat fields and the one-hot
# fields as bits; the hands; what everyone knows of each hand; the won piles; the
# table; the cards out of play; the cards no one but their holder can place; the
# shown upcard as a mask; the hand sizes, the hidden sizes and the other counts.
_Public = tuple[
    object,
    int,
    int,
    int,
    int,
    Sequence[int],
    Sequence[int],
    Sequence[int],
    Sequence[int],
    int,
    int,
    int,
    list[int],
    Sequence[int],
    tuple[int, int, int, int, int],
]
# The latest state's: the adapters observe one state for several seats in turn.
# (In a list: setting an item costs the compiled build less than a module global.)
_LATEST: Final[list[_Public]] = [
    (None, -1, 1, 0, 0, (), (), (), (), 0, 0, 0, [], (), (0, 0, 0, 0, 0))
]


def _public(state: State, player: int) -> _Public:
    """What every seat sees of ``state`` (as ``player`` sees it, where that differs)."""
    if isinstance(state, PhaseTwoState):
        public = _phase_two(state, player)
    else:
        assert isinstance(state, PhaseOneState)
        public = _phase_one(state)
    _LATEST[0] = public
    return public


def _phase_one(state: PhaseOneState) -> _Public:
    acting, due = acting_seats(state)
    winner = state.winner
    lanes = (
        acting << _TO_ACT
        | due << _DUE
        | state.sluffed << _SLUFFED
        | state.done << _DONE
        | 1 << _LEADER + state.leader
    )
    if winner < 0:
        lanes |= 1 << _TURN + state.order[state.position]
    else:
        lanes |= 1 << _TRICK_WINNER + winner
    flags = 1 << _PHASE
    shown, lying = phase_one_trump(state)
    if shown >= 0:
        flags |= 1 << _TRUMP + CARDS[shown].suit
    heading = phase_one_heading(state)
    if heading >= 0:
        flags |= 1 << _HEADING + heading
    table = [mask for _, _, mask in state.log]
    known = state.known_masks  # every player's knowledge of every hand
    sizes = list(map(int.bit_count, state.hand_masks))
    return (
        state,
        -1,
        state.rules.packs,
        lanes,
        flags,
        state.hand_masks,
        known,
        state.won_masks,
        table,
        state.absent_mask,
        phase_one_unseen(state, known, shown, lying),
        1 << shown if shown >= 0 and lying else 0,
        sizes,
        [size - mask.bit_count() for size, mask in zip(sizes, known, strict=True)],
        (len(table), len(state.stock_cards) - state.drawn, len(state.reserve_cards), 0, 0),
    )


def _phase_two(state: PhaseTwoState, player: int) -> _Public:
    hands = state.hand_masks
    known = phase_two_known(state, player)
    if known is not hands:  # something is hidden: every player's knowledge of it
        known = list(known)
        known[player] = phase_two_exposed(state, player)
    turn = state.turn
    lanes = (
        (~state.active & ((1 << len(hands)) - 1)) << _OUT_SEATS
        | state.needy << _NEEDY
        | state.blamattis << _BLAMATTIS
    )
    if turn >= 0:
        lanes |= 1 << _TO_ACT + turn | 1 << _DUE + turn | 1 << _TURN + turn
        flags = 1 << _PHASE + 1
    else:
        flags = 1 << _PHASE + 2
    if state.goat >= 0:
        lanes |= 1 << _LOSER + state.goat
    flags |= 1 << _TRUMP + state.trump
    table = state.table_masks
    sizes = list(map(int.bit_count, hands))
    return (
        state,
        player if state.dreck_pool else -1,  # a shared dreck: the others' knowledge differs
        state.rules.packs,
        lanes,
        flags,
        hands,
        known,
        (),
        table,
        add_masks(state.killed_mask, state.out_of_play_mask),
        phase_two_unseen(state, known),
        0,
        sizes,
        _NO_HIDDEN[len(hands)]
        if known is hands
        else [size - mask.bit_count() for size, mask in zip(sizes, known, strict=True)],
        (len(table), 0, len(state.reserve_cards), state.trick_size, state.forced),
    )


def _bits(seats: Iterable[int]) -> int:
    bits = 0
    for seat in seats:
        bits |= 1 << seat
    return bits


# Card rows: (hand, known by seat, won by seat, table earliest first, out of play,
# unseen, exposed, upcard), all multiset masks, seats absolute.
_Rows = tuple[int, Sequence[int], Sequence[int], Sequence[int], int, int, int, int]


def _vector(
    player: int,
    packs: int,
    rows: _Rows,
    seats: int,
    flags: int,
    sizes: list[int],
    hidden: Sequence[int],
    counts: tuple[int, int, int, int, int],
    out: npt.NDArray[np.float32] | None,
) -> npt.NDArray[np.float32]:
    """The vector from its parts: the card rows; the seat fields of 0s and 1s as
    bits (absolute seats, each field :data:`MAX_PLAYERS` bits from its lane start);
    the one-hot ``flags`` (phase, trump, heading) as bits from the tail's start;
    the hand sizes and hidden sizes by absolute seat (the player's own is taken
    as 0, whatever ``hidden`` holds there); table, stock, reserve and
    trick sizes and whether a pick-up is forced."""
    players = len(sizes)
    seating = _SEATINGS[players][player]
    # Relative seats: every lane turned at once, ``player`` to its lane's start.
    seats = (seats >> player) & seating.right | (seats << players - player) & seating.left
    fill = _FILL
    if fill is not None:  # the compiled build: every number written in one pass
        hand, known, won, table, out_of_play, unseen, exposed, upcard = rows
        vector = _EMPTY(SIZE, _FLOAT32)
        fill(
            vector,
            52,
            _CARD_BITS,
            (seats | seating.present | flags).to_bytes(_TAIL_BYTES, "little"),
            (
                known,
                seating.known_at,
                won,
                seating.won_at,
                table[: -TABLE_ROWS - 1 : -1],
                _TABLE_ROWS_AT,
                (hand, out_of_play, unseen, exposed, upcard),
                _ONE_ROWS_AT,
            ),
            (sizes, seating.size_at, hidden, seating.hidden_at, (*counts, packs), _COUNTS_AT),
        )
        if out is None:
            return vector
        out[:] = vector
        return out
    bits = (seats | seating.present | flags) << _CARD_BITS
    if packs == 1:
        vector = _unpack(_card_bits(seating, rows) | bits)
    else:
        low, high = _copies(rows)
        vector = _unpack(_card_bits(seating, low) | bits)
        vector += _unpack(_card_bits(seating, high))
    vector[seating.numbers] = [
        *sizes[player:],
        *sizes[:player],
        0,  # the player names every card of their own hand
        *hidden[player + 1 :],
        *hidden[:player],
        *counts,
        packs,
    ]
    if out is None:
        return vector
    out[:] = vector
    return out


def _card_bits(seating: _Seating, rows: _Rows) -> int:
    """The card rows of one copy of each card (masks of 52 bits) laid end to end."""
    hand, known, won, table, out_of_play, unseen, exposed, upcard = rows
    block = 0
    for seat, shift in seating.known:
        block |= known[seat] << shift
    bits = hand | block << _KNOWN
    if won:
        block = 0
        for seat, shift in seating.won:
            block |= won[seat] << shift
        bits |= block << _WON
    if table:
        block = 0
        for mask, shift in zip(reversed(table[-TABLE_ROWS:]), _ROW_SHIFTS, strict=False):
            block |= mask << shift
        bits |= block << _TABLE
    return bits | (out_of_play | unseen << 52 | exposed << 104 | upcard << 156) << _OUT


def _copies(rows: _Rows) -> tuple[_Rows, _Rows]:
    """Two packs: the rows of first copies and the rows of second copies."""
    hand, known, won, table, out_of_play, unseen, exposed, upcard = rows
    table = table[-TABLE_ROWS:]
    low: _Rows = (
        hand & PACK_MASK,
        [mask & PACK_MASK for mask in known],
        [mask & PACK_MASK for mask in won],
        [mask & PACK_MASK for mask in table],
        out_of_play & PACK_MASK,
        unseen & PACK_MASK,
        exposed & PACK_MASK,
        upcard,
    )
    high: _Rows = (
        hand >> CARDS_IN_PACK,
        [mask >> CARDS_IN_PACK for mask in known],
        [mask >> CARDS_IN_PACK for mask in won],
        [mask >> CARDS_IN_PACK for mask in table],
        out_of_play >> CARDS_IN_PACK,
        unseen >> CARDS_IN_PACK,
        exposed >> CARDS_IN_PACK,
        0,
    )
    return low, high


def _unpack(bits: int) -> npt.NDArray[np.float32]:
    """The vector of 0s and 1s of ``bits``: bit ``i`` is number ``i``."""
    return _BYTE_BITS.take(np.frombuffer(bits.to_bytes(_BYTES, "little"), np.uint8), 0).reshape(-1)[
        :SIZE
    ]


class _Seating:
    """How the absolute seats of a table of ``players`` lie as seen from one seat
    (a plain class, so that the compiled build reads its fields natively)."""

    __slots__ = (
        "hidden_at",
        "known",
        "known_at",
        "left",
        "numbers",
        "order",
        "present",
        "right",
        "size_at",
        "where",
        "won",
        "won_at",
    )

    #: The seats in relative order, the observer first.
    order: tuple[int, ...]
    #: Each seat's relative place.
    where: dict[int, int]
    #: (seat, bit shift) of each other seat's row in the known rows.
    known: tuple[tuple[int, int], ...]
    #: (seat, bit shift) of each seat's row in the won rows.
    won: tuple[tuple[int, int], ...]
    #: The seat lanes' bits that hold seats at or after the observer, once turned,
    #: and those that hold seats before it.
    right: int
    left: int
    #: The ``seats`` field: a bit for each seat of the table.
    present: int
    #: Where the hand sizes and hidden sizes (relative seats), then the table,
    #: stock, reserve and trick sizes, forced and packs lie.
    numbers: npt.NDArray[np.intp]
    #: Where each seat's known row and won row starts, and where its hand size and
    #: hidden size lie (-1 for the observer's own known row and hidden size), by
    #: absolute seat, for the compiled build's writer.
    known_at: tuple[int, ...]
    won_at: tuple[int, ...]
    size_at: tuple[int, ...]
    hidden_at: tuple[int, ...]

    def __init__(self, players: int, me: int) -> None:
        order = tuple((me + step) % players for step in range(players))
        lanes = range(_TAIL["seats"], _TAIL["passed"] + 1, MAX_PLAYERS)
        where = [(seat - me) % players for seat in range(players)]
        after = (1 << players - me) - 1
        before = ((1 << players) - 1) & ~after
        self.order = order
        self.where = {seat: i for i, seat in enumerate(order)}
        self.known = tuple((seat, 52 * i) for i, seat in enumerate(order[1:]))
        self.won = tuple((seat, 52 * i) for i, seat in enumerate(order))
        self.right = sum(after << lane for lane in lanes)
        self.left = sum(before << lane for lane in lanes)
        self.present = ((1 << players) - 1) << _TAIL["seats"]
        self.numbers = np.array(
            [
                *range(_SIZES, _SIZES + players),
                *range(_HIDDEN, _HIDDEN + players),
                *range(_COUNTS, _COUNTS + 6),
            ],
            np.intp,
        )
        self.known_at = tuple(-1 if at == 0 else _KNOWN + 52 * (at - 1) for at in where)
        self.won_at = tuple(_WON + 52 * at for at in where)
        self.size_at = tuple(_SIZES + at for at in where)
        self.hidden_at = tuple(-1 if at == 0 else _HIDDEN + at for at in where)


#: How the seats lie, by table size and observer.
_SEATINGS: Final = [
    [_Seating(players, me) for me in range(players)] for players in range(MAX_PLAYERS + 1)
]
#: No hidden cards, by table size.
_NO_HIDDEN: Final = [(0,) * players for players in range(MAX_PLAYERS + 1)]


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
