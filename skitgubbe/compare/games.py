"""One game of a study: its seeds, its play, and what is measured of it.

Game ``i`` of a study with seed ``s`` is dealt from the same deal seed, and its
moves are chosen from the same stream of random numbers, under every variant
(common random numbers): a difference between variants is then a difference
their rules make, not luck of the deal. :func:`game_seeds` derives both seeds;
:func:`play_game` plays the game; :func:`measure_game` reads one row of
:data:`COLUMNS` from the states it passes through, from their events
(:class:`~skitgubbe.events.EventKind`) and public properties only.

>>> from skitgubbe import presets
>>> deal_seed, move_seed = game_seeds(7, 0)
>>> row = dict(zip(MEASURES, measure_game(play_game(presets.FLURST, 4, deal_seed, move_seed))))
>>> row["moves"] == row["moves_phase_one"] + row["moves_phase_two"]
True
>>> 0 <= row["goat"] < 4
True
"""

from __future__ import annotations

import enum
import hashlib
import random
from collections.abc import Iterable, Iterator, Sequence

import attrs

from ..events import Event, EventKind
from ..phase_one import deal
from ..rules import Ruleset
from ..simulate import MAX_MOVES
from ..state import Phase, State

__all__ = [
    "COLUMNS",
    "IDENTITY",
    "MEASURES",
    "Column",
    "Kind",
    "Value",
    "game_seeds",
    "measure_game",
    "play_game",
]


class Kind(enum.Enum):
    """What a column holds, which decides how it is summarised."""

    #: Names the game: the variant, its index, its seeds, the players.
    IDENTITY = "identity"
    #: A whole number of things (moves, tricks, cards): summarised by its mean.
    COUNT = "count"
    #: Yes or no: summarised by the share of games where it holds.
    FLAG = "flag"
    #: A seat number: summarised by its distribution over the seats.
    SEAT = "seat"
    #: One of a few words: summarised by the share of each.
    CATEGORY = "category"


@attrs.frozen
class Column:
    """One column of a study's records."""

    #: The column's name in every export.
    name: str
    #: What it holds.
    kind: Kind
    #: What it means, in a sentence.
    doc: str
    #: Whether summaries show it unless asked for others.
    headline: bool = False


#: A value in a study's records: a whole number, a flag, a word, or nothing.
Value = int | bool | str | None


def _kind_name(kind: EventKind) -> str:
    return kind.name.lower()


#: Event kinds with a measure of their own name; every other kind is counted as
#: ``n_<kind>`` (``n_dared``, ``n_sluffed``, ...), including kinds the engine adds later.
_NAMED_COUNTS: dict[EventKind, tuple[str, str]] = {
    EventKind.WON: ("tricks", "Phase-one tricks won."),
    EventKind.KILLED: ("kills", "Phase-two tricks killed."),
    EventKind.PICKED_UP: ("pick_ups", "Phase-two pick-ups."),
}
_COUNTED_KINDS: tuple[EventKind, ...] = tuple(
    kind for kind in EventKind if kind not in _NAMED_COUNTS
)

#: The columns that say which game and variant a row is.
IDENTITY: tuple[Column, ...] = (
    Column("variant", Kind.IDENTITY, "The variant's spec."),
    Column("game", Kind.IDENTITY, "The game's number in the study, from 0."),
    Column("deal_seed", Kind.IDENTITY, "The seed given to skitgubbe.deal."),
    Column("move_seed", Kind.IDENTITY, "The seed of the random choices of moves."),
    Column("players", Kind.IDENTITY, "Players at the table."),
)

_MEASURES: tuple[Column, ...] = (
    Column("moves", Kind.COUNT, "Moves in the whole game.", headline=True),
    Column("moves_phase_one", Kind.COUNT, "Moves made in phase one.", headline=True),
    Column("moves_phase_two", Kind.COUNT, "Moves made in phase two.", headline=True),
    *(Column(name, Kind.COUNT, doc, headline=True) for name, doc in _NAMED_COUNTS.values()),
    Column(
        "phase_one_end",
        Kind.CATEGORY,
        "How phase one ended: 'between-tricks' (no trick on the table) or 'mid-trick' "
        "(an unfinished trick was taken back or dealt out).",
        headline=True,
    ),
    Column("unfinished_cards", Kind.COUNT, "Cards of the trick left unfinished by phase one."),
    Column("dreck", Kind.FLAG, "The dreck was handed out.", headline=True),
    Column("empty_hands", Kind.COUNT, "Players with no card when phase two began.", headline=True),
    Column("largest_hand", Kind.COUNT, "The largest hand when phase two began."),
    Column("smallest_hand", Kind.COUNT, "The smallest hand when phase two began."),
    Column(
        "phase_two_leader",
        Kind.SEAT,
        "The first seat to act in phase two (empty if the game ended before).",
        headline=True,
    ),
    Column("goat", Kind.SEAT, "The goat's seat.", headline=True),
    Column(
        "leader_is_goat",
        Kind.FLAG,
        "The first seat to act in phase two became the goat.",
        headline=True,
    ),
    *(
        Column(f"n_{_kind_name(kind)}", Kind.COUNT, f"Events '{kind.value}'.")
        for kind in _COUNTED_KINDS
    ),
)

#: The names of the measured columns, in the order of :func:`measure_game`'s row.
MEASURES: tuple[str, ...] = tuple(column.name for column in _MEASURES)

#: Every column of a study's records: :data:`IDENTITY`, then the measures.
COLUMNS: tuple[Column, ...] = (*IDENTITY, *_MEASURES)


def game_seeds(seed: int, game: int) -> tuple[int, int]:
    """The deal seed and the move seed of game number ``game`` of a study seeded ``seed``.

    Both are 48-bit numbers hashed from the study's seed and the game's number, so
    that studies with different seeds share no deals.

    >>> game_seeds(1, 0) == game_seeds(1, 0) != game_seeds(2, 0)
    True
    """
    digest = hashlib.blake2b(f"skitgubbe study {seed} game {game}".encode(), digest_size=12)
    raw = digest.digest()
    return int.from_bytes(raw[:6], "big"), int.from_bytes(raw[6:], "big")


def play_game(
    rules: Ruleset,
    players: int,
    deal_seed: int,
    move_seed: int,
    bots: Sequence[str] = (),
) -> Iterator[State]:
    """Deal a game and play it to the end; yield every state, the dealt one first.

    Without ``bots``, every move is chosen uniformly among all the moves listed
    (:meth:`~skitgubbe.state.State.legal_moves`: sluffs, ``done`` and ``gather``
    included), by a random generator seeded with ``move_seed``. With ``bots``,
    one bot name per seat (see :func:`skitgubbe.bots.make_bot`), each seat is
    played by a bot of that kind (made once per process and kept, so that a
    program bot's program lives across the games), reset with a seed from
    ``move_seed`` and its seat,
    and :func:`skitgubbe.bots.next_move` arbitrates between them. This function
    is the only place where a study chooses moves.
    """
    state: State = deal(rules, players=players, seed=deal_seed)
    yield state
    if bots:
        from ..bots import next_move
        from ..runner.games import kept_bots

        table = kept_bots(bots)
        for seat, bot in enumerate(table):
            bot.reset(seat, (move_seed * 1_000_003 + seat) % 2**64)
        for _ in range(MAX_MOVES):
            if state.is_over:
                return
            state = state.apply(next_move(state, table))
            yield state
    else:
        choose = random.Random(move_seed).choice
        for _ in range(MAX_MOVES):
            if state.is_over:
                return
            state = state.apply(choose(state.legal_moves()))
            yield state
    raise RuntimeError(
        f"game with deal seed {deal_seed} and move seed {move_seed} did not end "
        f"after {MAX_MOVES} moves"
    )


# Phase-one events that put cards on the table, and those that clear it.
_PUTS = frozenset({EventKind.PLAYED, EventKind.DARED, EventKind.SLUFFED})
_CLEARS = frozenset({EventKind.WON, EventKind.TOOK, EventKind.PICKED_LED})


def measure_game(states: Iterable[State]) -> tuple[Value, ...]:
    """The measures of one game (:data:`MEASURES`, in order) from all its states.

    ``states`` runs from the dealt state to the end of the game, as
    :func:`play_game` yields them.
    """
    counts = dict.fromkeys(EventKind, 0)
    moves = [0, 0]
    iterator = iter(states)
    state = next(iterator)
    in_phase_one = state.phase is Phase.ONE
    on_table: list[Event] = []
    unfinished: int | None = None
    first_two: State | None = None
    for state in iterator:
        moves[0 if in_phase_one else 1] += 1
        for event in state.events:
            kind = event.kind
            counts[kind] += 1
            if unfinished is None:  # still following phase one's table
                if kind in _PUTS:
                    on_table.append(event)
                elif kind in _CLEARS:
                    on_table.clear()
                elif kind is EventKind.PHASE_ONE_OVER:
                    unfinished = sum(len(put.cards) for put in on_table)
        if in_phase_one and state.phase is not Phase.ONE:
            in_phase_one = False
            first_two = state
    final = state
    if not final.is_over:
        raise ValueError("measure_game needs the states of a whole game, to its end")
    sizes = first_two.view(0).hand_sizes if first_two is not None else ()
    leader = first_two.to_act[0] if first_two is not None and first_two.to_act else None
    ending = None if unfinished is None else "mid-trick" if unfinished else "between-tricks"
    return (
        moves[0] + moves[1],
        moves[0],
        moves[1],
        *(counts[kind] for kind in _NAMED_COUNTS),
        ending,
        unfinished or 0,
        counts[EventKind.GAVE_DRECK] + counts[EventKind.GOT_DRECK] > 0,
        sum(1 for size in sizes if size == 0),
        max(sizes, default=0),
        min(sizes, default=0),
        leader,
        final.loser,
        leader is not None and leader == final.loser,
        *(counts[kind] for kind in _COUNTED_KINDS),
    )
