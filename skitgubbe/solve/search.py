"""Phase two solved: who can escape being the goat, whatever the others do.

In phase two every hand is known to a player who remembers phase one, so a
position is a game of perfect information. :func:`solve` answers, for one seat,
whether it can escape being the goat whatever all the other seats do together
(with two seats left that is the whole game: one of them is the goat; with more
it is the paranoid question, the others played as one against it), and which of
its moves keep it safe. :class:`Solver` does the same and keeps what it proved
for the next question, as a bot that asks move after move wants.

What a position is worth
------------------------

Picking up can bring a position back, so a game may go round for ever. A
position is :attr:`Verdict.ESCAPES` when the seat can force the game to end with
another seat the goat, :attr:`Verdict.GOAT` when the others can force it to be
the goat, and :attr:`Verdict.OPEN` when neither can force an end: each side can
keep the game going round. Under the rules a game that goes round ends at the
quiet limit with the seat holding the most cards the goat (P2-QUIET); the solver
does not count towards that limit, and says ``OPEN`` instead of guessing which
side would be left holding more then. A seat that has gone out has escaped,
whatever the others do after: the game ends, at that limit at the latest, with a
seat still in play the goat. So the searches stop there, and a forcing line's
length counts the moves until the seat goes out or the game ends.

How it searches
---------------

Each verdict is a proof search, as a double-dummy solver for bridge asks "can
this side make the target?" rather than "how many tricks?": can the seat force
its escape within ``n`` moves, and can the others force it to be the goat within
``n``, for ``n`` = 1, 2, 3 ... until one of them can. Going round a cycle only
spends moves, so a bound of moves makes cycles harmless, and the first ``n``
that works is the quickest forcing line. The search goes depth first and stops
at the first move that proves the point for the side that wants it (a cut),
trying first the moves most likely to (going out, killing the trick, shedding
the most cards; picking up last), and first of all a move the table already
knows to be good enough. A table keyed by the position keeps, for each position
met, bounds on the moves its forcing side needs, so a position reached in two
ways or asked about again is not searched again, and no line is searched that
cannot end in time: a seat needs at least one play for each run of touching
cards in its hand to empty it (as a bridge solver counts quick tricks), and
the others move between its plays, save after a kill; the others, to make it
the goat, must all empty theirs, and the seat moves at least once for each
round of the others' moves. The
table is keyed by relative ranks, as bridge solvers key theirs: where no rule
names a rank, positions that differ only in which cards were killed share an
entry when the cards in play stand the same way to each other.

Where no side can force an end, or only by a long line, the bound grows and
grows; there the whole graph of positions reachable from the one asked about
settles it instead, labelled backwards from the ends of the game as endgame
tables are built for chess. The solver tries the graph each time the search has
spent four times what the last try was allowed (sixteen times where moves are
not counted, below), with as much again, so the two together cost at most a few
times the cheaper of them.

Unless the quickest line is asked for (``quickest=True``), the solver does not
count moves: it asks only whether a side can force its goal at all, which is
many times quicker than finding the quickest line.

With two seats left the game cannot go round: each trick holds one play before
the answer, so a pick-up gives the lead back to a player holding fewer cards and
a kill takes cards out of the game. There the verdict is searched by the
*race*: depth first with a table of answers, stopping at the first move that
wins. Under most rules (one pack, no rule that names a card, a pick-up that takes
the whole lead) a trick of two seats is a lead and one answer: a play that beats
the lead kills both and its player leads next, a pick-up takes the lead and hands
the lead back. There the race runs on the two hands' masks alone, making no
states: its table is keyed by the leader's hand and the other's, whichever seats
hold them, and shared by every question under the same rules. Its key merges
more than relative ranks, as a double-dummy solver merges the ranks that make
no difference: where the rules compare suits by rank in groups (Flurst's three
plain suits, the trump alone; or each suit alone), a card counts by its place
among its group's ranks in play, by whose hand holds it and by the cards of its
suit it touches; and as the suits of a group beat and are beaten alike, a block
of touching cards counts the same in whichever of them it lies. So positions
that differ only in ranks no card holds, or in which suit of a group holds a
block, share an answer (``_Shedding.key``); on two-seat Flurst positions
of 16 to 24 cards the race searches fewer than half the positions it searched
keyed by relative ranks alone. A position won by the
quick line (below) is not kept: it is quicker to see again. It merges more
still where one seat holds junk: cards that every other card in play beats,
alone, in blocks touching nothing in play outside them. Where every card of the
answering seat beats a lead, picking it up is never better than beating it (a
lemma the tests check with the engine's own search); so junk stays with its
holder until it is led and beaten, meets the same answers whichever cards it
is, and counts only by its blocks. The race lays it out one way before it keys
a position (``_Shedding.canonical``), and does not search the pick-up of a lead
that every card of the answering seat beats once each beat has failed. On
two-seat Flurst positions of 24 cards that halves the positions searched again.
The compiled
build runs this race in C (``_shedding.c``), which tries the same moves in the
same order, counts the same positions and keeps the same answers, about six
times as fast.

With three seats or more a line can come back, and each side's goal is searched
depth first with the line's positions kept aside: a line that comes back to a
position on it does not reach the goal (the other side could keep it going
round), and a failure is kept in the table only when it rests on no position
higher on the line, for then it holds however the position is reached; a
success never rests on the line. Such a search can wander down long lines
before it tries a short one, and proving a failure where lines go round may take
it long, so the escape, the goat and the deepening proof search take turns, each
given as much again each turn, and the whole graph as well once the turns grow
long: the first to settle the verdict gives it. On the hard positions of real
games the proof search settles most, so it is given the most: the other two
searches a thirty-second of its turn each (never less than 2,000 positions, so
that they still settle the easy positions, and those no side can force, at
once), and the graph a sixteenth of what was spent. As its line need not be the
quickest there, it deepens two moves at a time. A success kept in the table holds
how many moves its line takes, and the forcing side's moves are named shortest
line first, so that a :class:`Solver` asked move after move, its side playing the
first move named, follows a line to its end (a fresh solver at each move may
find another line, and with lines that can come back, another and another).
Where the rules let the race run on masks and no pick-up is forced, no
avstickshög is drawn from and no trump kills at once, the proof search and the
searches that count no moves make no states either, with any number of seats:
they play the engine's moves on the masks of the hands and of the plays on the
table, in the engine's order and to the engine's positions, keyed as the
engine's are, so they search the same positions in less time (save that a
position of two seats goes to the race only where the race on masks takes it).

The race and the proof search know a line that wins at once, as a bridge solver
counts quick tricks: a leader that can lead its hand away block by block, the
other seat able to beat at most the last lead, goes out whatever the other does.
The race on masks knows a second such win, by top cards: cards of one seat that
each beat, alone, every other card in play below them. A seat with a top card
for each of its other pieces but the last (one more where it must first answer
a lead) beats every lead with a top card, leads the pieces one by one and goes
out, unless the other seat can empty its hand first; that is ruled out by
counting the other's blocks of touching cards against its plays and the
pick-ups that could join two of them (``_Shedding.settled``). On the
two-seat Flurst positions of real games it halves the positions searched.
A two-seat line that does come back (under rules where a pick-up leaves plays on
the table) hands the question to the searches for three seats.

Each answer says how many positions it searched, and a solver given too small a
budget (``max_nodes``, ``seconds``) says it ran out instead of answering.

>>> import skitgubbe as sg
>>> state = sg.start_phase_two(sg.presets.PAGAT, ["2C 9C KH", "3C 5D"], "D", leader=0)
>>> answer = solve(state)   # seat 0 is to move: every one of its 3 moves loses
>>> answer.verdict, len(answer.moves)
(<Verdict.GOAT: 'goat'>, 3)
>>> solve(state, seat=1).verdict
<Verdict.ESCAPES: 'escapes'>
>>> solve(state, quickest=True).length   # and the game lasts at most 3 more moves
3

With three seats each is asked alone against the other two:

>>> state = sg.start_phase_two(sg.presets.PAGAT, ["2C 9C", "3C", "4C KC"], "D", leader=0)
>>> [solve(state, seat=seat).verdict.value for seat in range(3)]
['goat', 'open', 'escapes']
"""

from __future__ import annotations

import enum
import time
from collections import deque
from collections.abc import Callable, Sequence
from typing import Final, Protocol

import attrs

from ..cards import CARDS_IN_PACK, PACK_MASK, count_cards
from ..events import EventKind
from ..moves import Move, PickUp
from ..phase_two import (
    _BOTTOM,
    _BOTTOM_JOINED,
    _TOP,
    _TOP_JOINED,
    Context,
    _joined,
    _next_active,
    _slots,
)
from ..rules import PickUp as PickUpRule
from ..rules import Runs
from ..state import PhaseTwoRules, PhaseTwoState, State

__all__ = ["DEFAULT_NODES", "Solution", "SolveError", "Solver", "Verdict", "solve"]


class _NativeRace(Protocol):
    """The compiled build's searches on masks in C (``_shedding.c``): the moves,
    answers and counted positions of :class:`_Race`'s own race on masks, and,
    made with the rules of :class:`_Positions`, those of :meth:`_Proof._prove`
    and :meth:`_Force._force` (which read and write the caller's tables)."""

    @property
    def nodes(self) -> int: ...  # pragma: no cover - a protocol

    def leads(
        self, hand: int, other: int, max_nodes: int, deadline: float
    ) -> int: ...  # pragma: no cover - a protocol

    def answered(
        self, rest: int, other: int, lead: int, max_nodes: int, deadline: float
    ) -> int: ...  # pragma: no cover - a protocol

    def __len__(self) -> int: ...  # pragma: no cover - a protocol

    def key(
        self, hands: tuple[int, ...], plays: tuple[int, ...], turn: int, size: int, active: int
    ) -> int: ...  # pragma: no cover - a protocol

    def force(
        self,
        table: dict[int, int],
        line: dict[int, int],
        seat: int,
        escape: bool,
        race: Callable[[_Position], int] | None,
        budget: _Budget,
        longest: int,
        hands: tuple[int, ...],
        plays: tuple[int, ...],
        turn: int,
        size: int,
        active: int,
        quiet: int,
        goat: int,
    ) -> int | None: ...  # pragma: no cover - a protocol

    def graph(
        self,
        seat: int,
        budget: _Budget,
        limit: int,
        hands: tuple[int, ...],
        plays: tuple[int, ...],
        turn: int,
        size: int,
        active: int,
        quiet: int,
        goat: int,
    ) -> int | None: ...  # pragma: no cover - a protocol

    def prove(
        self,
        table: _Bounds,
        seat: int,
        escape: bool,
        hands: tuple[int, ...],
        plays: tuple[int, ...],
        turn: int,
        size: int,
        active: int,
        quiet: int,
        goat: int,
        depth: int,
        max_nodes: int,
        deadline: float,
    ) -> int | None: ...  # pragma: no cover - a protocol


class _Bounds(Protocol):
    """A table of the proof search's bounds (see :class:`_Proof`): a dict, or in
    the compiled build the C table (``_shedding.Bounds``) that the search on
    masks in C keeps its bounds in, keyed by the same numbers."""

    def get(self, key: int, default: int, /) -> int: ...  # pragma: no cover - a protocol

    def __setitem__(self, key: int, value: int, /) -> None: ...  # pragma: no cover - a protocol

    def __len__(self) -> int: ...  # pragma: no cover - a protocol


class _NativeRaceType(Protocol):
    """What makes a :class:`_NativeRace`: a :class:`_Shedding`'s fields, and for
    the proof search on masks (:meth:`_NativeRace.prove`) the pick-up's kind
    (see :data:`_PICK_KINDS`, -1 for none), the quiet limit and :func:`_layout`."""

    def __call__(
        self,
        filters: Sequence[Sequence[int]],
        beaten_by: Sequence[int],
        trumps: int,
        whole: Sequence[bool],
        groups: Sequence[int],
        pick: int = -1,
        quiet_limit: int = 0,
        layout: int = 104,
    ) -> _NativeRace: ...  # pragma: no cover - a protocol


#: What makes a :class:`_NativeRace`, or ``None`` in the pure build, where the
#: race and the proof search on masks are Python's alone.
_NATIVE_RACE: _NativeRaceType | None
#: What makes the compiled build's table of bounds for a game of so many seats,
#: or ``None``.
_NATIVE_BOUNDS: Callable[[int], _Bounds] | None
try:
    from ._shedding import Bounds as _NATIVE_BOUNDS
    from ._shedding import Race as _NATIVE_RACE
except ImportError:  # the pure build
    _NATIVE_RACE = None
    _NATIVE_BOUNDS = None

#: The most positions :func:`solve` searches for one answer unless told otherwise.
DEFAULT_NODES = 2_000_000
#: The most positions a :class:`Solver` keeps proved between questions; past it,
#: it forgets them all and starts again.
TABLE_LIMIT: Final = 4_000_000

#: No bound: the forcing side cannot force its goal at all.
_NEVER: Final = 0xFFFF
#: How deep (in moves for each card in play) the depth-first search goes before
#: the whole graph of positions decides (see :meth:`Solver.solve`).
_DEEPEST_FACTOR: Final = 3
#: How many positions the search spends before it first tries the whole graph,
#: and the least turn of a search that counts no moves.
_GRAPH_FIRST: Final = 2_000
#: The whole graph is tried, with a limit of positions, once the searches have
#: spent this many times that limit (see :meth:`Solver._settled`).
_GRAPH_AFTER: Final = 16
#: Each search that counts no moves is given this part of the proof search's turn
#: (see :meth:`Solver._settled`).
_FORCE_SHARE: Final = 32
#: How many moves the proof search deepens at a time where moves are not
#: counted (see :meth:`Solver._settled`).
_DEEPEN_BY: Final = 2
#: How often (in positions) the search looks at the clock.
_CLOCK_EVERY: Final = 256


class SolveError(ValueError):
    """A position the solver does not take: not phase two, or a seat not in play."""


class Verdict(enum.Enum):
    """What a seat can force from a position."""

    #: It can make sure another seat is the goat.
    ESCAPES = "escapes"
    #: The others can make sure it is the goat.
    GOAT = "goat"
    #: Neither: each side can keep the game going round (see the module's description).
    OPEN = "open"


@attrs.frozen
class Solution:
    """The answer for one seat and one position."""

    #: The seat asked about.
    seat: int
    #: What it can force; ``None`` if the budget ran out first.
    verdict: Verdict | None
    #: The moves of the seat to act that keep the verdict. For the side that
    #: forces it, those that force it (where moves are counted, those that force
    #: it quickest); for the other side, every move (none helps); with ``OPEN``,
    #: those that keep the game open.
    moves: tuple[Move, ...]
    #: With ``ESCAPES`` or ``GOAT``, where moves are counted (asked with
    #: ``quickest=True``, see :meth:`Solver.solve`): the most moves until the
    #: seat's fate is sealed (it goes out or the game ends) under best play (the
    #: side that forces the verdict hurrying, the other side holding on).
    #: ``None`` where they are not.
    length: int | None
    #: The positions searched for this answer.
    nodes: int
    #: Whether the answer is complete (``False``: the budget ran out).
    complete: bool


class _OutOfBudget(Exception):
    """The search reached its budget of positions or time."""


def _key(state: PhaseTwoState) -> int:
    """What decides how a position plays on, as one number. The killed cards
    follow from the others (every card is in a hand, on the table, in the
    avstickshög or killed), and the plays' seats, the order seats went out and
    the hidden cards change no move. Where the rules never name a rank (see
    :func:`_layout`), the ranks are relative: see :func:`_squeeze`.

    The number holds the mask of each hand still in play (a seat out of play
    holds nothing) and each play's, ``width`` bits apiece (a pack's cards, or
    two packs'), then the turn, the seats in play and the trick's counts, then
    how many hands and plays there are: read from its low end, it gives the
    position back, so two positions share a number only if they share all of
    it. A number rather than a tuple of masks: a table of millions of them is
    hashed and freed faster, and the garbage collector never walks it."""
    flags = (
        (state._turn + 1)  # -1 once the game is over
        | state._trick_size << 5
        | int(state._forced) << 10
        | (state._lead_out + 1) << 11
        | len(state._reserve_cards) << 16
        | state._active << 24
        | state._blamattis << 40
    )
    return _key_of(_layout(state), state._hand_masks, state._table_masks, state._active, flags)


def _key_of(
    layout: int, hands: tuple[int, ...], table: tuple[int, ...], active: int, flags: int
) -> int:
    """:func:`_key` of a position with these ``hands``, plays on the ``table``,
    seats in play and ``flags`` (the turn, the seats in play and the trick's counts)."""
    width = layout >> 1
    squeeze: list[int] | None = None
    if layout & 1:
        live = 0
        for mask in hands:
            live |= mask
        for mask in table:
            live |= mask
        levels = (live | live >> 13 | live >> 26 | live >> 39) & 0x1FFF
        if levels & (levels + 1):  # not every rank from the 2 up: squeeze the gaps
            squeeze = _SQUEEZES.get(levels)
            if squeeze is None:
                if len(_SQUEEZES) >= _SQUEEZES_LIMIT:
                    _SQUEEZES.clear()
                squeeze = _SQUEEZES[levels] = _squeeze(levels)
    key = 0
    if squeeze is None:
        for seat, mask in enumerate(hands):
            if active >> seat & 1:  # a seat out of play holds nothing
                key = key << width | mask
        for mask in table:
            key = key << width | mask
    else:
        for seat, mask in enumerate(hands):
            if active >> seat & 1:
                key = key << width | _squeezed_mask(mask, squeeze)
        for mask in table:
            key = key << width | _squeezed_mask(mask, squeeze)
    return (key << 56 | flags) << 8 | len(hands) << 4 | len(table)


def _layout(state: PhaseTwoState) -> int:
    """How :func:`_key` lays out positions under ``state``'s rules: the bits a
    mask takes (``width``, one pack's cards or two packs'), shifted up by one, and
    in the low bit whether ranks may be relative: one pack, no avstickshög, and
    no rule that names a rank (a run from the 2, a complete suit)."""
    context = state._context
    known = _LAYOUTS.get(context)
    if known is None:
        rules = state.rules
        squeezable = (
            rules.packs == 1
            and rules.avstickshog == 0
            and rules.runs is not Runs.FROM_TWO
            and not rules.complete_suit_kills
        )
        known = _LAYOUTS[context] = CARDS_IN_PACK * rules.packs << 1 | int(squeezable)
    return known


_LAYOUTS: dict[PhaseTwoRules, int] = {}


def _squeeze(levels: int) -> list[int]:
    """Relative ranks, as a double-dummy solver for bridge keys its positions:
    for ranks in play ``levels`` (13 bits, the 2 lowest), where each card of the
    pack lies when the ranks no card in play holds (in any suit) are dropped,
    except that a gap stays a gap (two cards whose ranks lay apart still do, by
    one rank). Every rule the key serves compares ranks (across suits too) or
    asks whether two cards of a suit touch, and both answers are the same before
    and after, so two positions with one key play alike, whichever cards were
    killed."""
    place = [0] * 13
    at = -1
    last = -2
    for rank in range(13):
        if levels >> rank & 1:
            at = 0 if at < 0 else at + (1 if rank == last + 1 else 2)
            place[rank] = at
            last = rank
    return [13 * suit + place[rank] for suit in range(4) for rank in range(13)]


def _squeezed_mask(mask: int, squeeze: list[int]) -> int:
    """A mask of one pack's cards with relative ranks (``squeeze`` from :func:`_squeeze`)."""
    squeezed = 0
    while mask:
        low = mask & -mask
        squeezed |= 1 << squeeze[low.bit_length() - 1]
        mask ^= low
    return squeezed


# The relative ranks of each set of ranks in play met, emptied at its limit.
_SQUEEZES: dict[int, list[int]] = {}
_SQUEEZES_LIMIT = 256


#: The lowest card of each suit.
_SUIT_STARTS: Final = 1 | 1 << 13 | 1 << 26 | 1 << 39


def _plays_needed(hand: int) -> int:
    """The fewest plays that empty ``hand``: each play is a run of touching cards
    of one suit, so it takes at least one play for each block of them (and one
    more for each second copy of a card)."""
    first = hand & PACK_MASK
    starts = first & ~(first << 1) | first & _SUIT_STARTS
    return starts.bit_count() + (hand >> CARDS_IN_PACK).bit_count()


def _beside(cards: int) -> int:
    """The cards a rank above or below one of ``cards`` in its suit (one pack)."""
    return ((cards << 1) & ~_SUIT_STARTS | (cards >> 1) & ~(_SUIT_STARTS << 12)) & PACK_MASK


def _can_join(piece: int, live: int) -> int:
    """1 where the cards just below and just above ``piece`` (touching cards of
    one suit) in its suit are both among ``live``, else 0."""
    low = piece & -piece
    high = piece.bit_length() - 1
    return int(
        low & _SUIT_STARTS == 0
        and high % 13 != 12
        and live >> (low.bit_length() - 2) & 1 == 1
        and live >> (high + 1) & 1 == 1
    )


def _moves_needed(state: PhaseTwoState, seat: int, escape: bool) -> int:
    """A lower bound on the moves it takes to force the goal (see :class:`_Proof`):
    the seat must empty its hand to escape; the others must empty theirs to make
    it the goat.

    To escape, the seat makes at least ``plays`` plays, and the others move
    between them: after a play that does not kill the trick another seat acts,
    and a kill needs a play on the table made since the seat last played. So of
    the gaps between its plays no two in a row are empty, and where another seat
    acts first that is one move more. A lead that kills at once (a complete
    suit) breaks that, so under such rules the plays alone count.

    To make it the goat, the others make at least their ``plays``, and the seat
    moves between them: the turn goes round the seats in play in order, so
    between two moves of the seat each other seat moves at most once, and one
    of them once more where it kills and leads the next trick (a second kill
    would need the seat's play). So at most ``others + 1`` of their moves come
    between two of the seat's, and where the seat acts first that is one move
    more. A kill before the trick is full (a complete suit, a trump on a plain
    card) or a lead passed back (the high trump) breaks that: under such rules
    their plays alone count."""
    hands = state._hand_masks
    if escape:
        plays = _plays_needed(hands[seat])
        context = state._context
        # under other rules than the engine's, or where a complete suit led kills, the plays alone
        if plays and isinstance(context, Context) and not context.complete_suit:
            plays += (plays - 1) // 2 + (state._turn != seat)
        return plays
    needed = 0
    others = 0
    active = state._active
    for other, hand in enumerate(hands):
        if other != seat and active >> other & 1:
            needed += _plays_needed(hand)
            others += 1
    context = state._context
    if (
        needed
        and isinstance(context, Context)
        and not context.complete_suit
        and not context.kill_on_trump
        and not context.high_trump
    ):
        needed += (needed - 1) // (others + 1) + (state._turn == seat)
    return needed


def _blocks(hand: int) -> list[int]:
    """``hand`` (one pack) cut into its blocks of touching cards, each a mask."""
    blocks: list[int] = []
    for suit in range(4):
        cards = hand >> (13 * suit) & 0x1FFF
        while cards:
            low = cards & -cards
            run = ((cards + low) & ~cards) - low  # the set bits from ``low`` up to a gap
            blocks.append(run << (13 * suit))
            cards &= ~run
    return blocks


def _quick_line(state: PhaseTwoState) -> int:
    """With two seats left and the table empty: the length in moves of a line in
    which the seat to lead sheds its hand a block of touching cards at a time,
    every lead but the last one that the other seat cannot beat (its only move is
    to pick it up, and the lead comes back), the last one putting it out; 0 when
    the line below does not work. It is tried in one order: a block the other
    seat can beat now goes last (at most one may), the rest weakest first, trumps
    after the others, so that what the other seat picks up is weaker than what
    comes after it. The engine makes every move, so every rule holds; the line
    only ever proves a win (as a bridge solver's quick tricks do), it never
    refutes one."""
    hand = state._hand_masks[state._turn]
    if hand >> CARDS_IN_PACK:
        return 0  # a second pack: the blocks are not simply runs
    context = state._context
    if _two_beatable(state, context, hand):
        return 0
    legal = context.legal_moves(state)
    leads: dict[int, Move] = {move.mask: move for move in legal if not isinstance(move, PickUp)}
    trumps = 0x1FFF << (13 * int(state._trump))
    plan: list[tuple[int, Move]] = []
    for block in _blocks(hand):
        if block in leads:
            plan.append((block, leads[block]))
            continue
        for card in range(CARDS_IN_PACK):  # single cards, where the block is not a play
            bit = 1 << card
            if block & bit:
                if bit not in leads:
                    return 0
                plan.append((bit, leads[bit]))
    if len(plan) == 1:
        return 1  # it leads its whole hand and is out
    plan.sort(key=lambda item: (item[0] & trumps != 0, (item[0].bit_length() - 1) % 13))
    leader = state._turn
    beatable = -1
    for index, (_, move) in enumerate(plan):  # weakest first: two beatable end it soonest
        after = context.successor(state, move)
        if after._turn >= 0 and any(
            not isinstance(answer, PickUp) for answer in context.legal_moves(after)
        ):
            if beatable >= 0:
                return 0  # two leads the other seat can beat
            beatable = index
    last = plan.pop(beatable if beatable >= 0 else 0)
    current = state
    for _, move in plan:
        if move not in context.legal_moves(current):
            return 0
        current = context.successor(current, move)
        if current._turn < 0:
            return 0
        answers = context.legal_moves(current)
        if len(answers) != 1 or not isinstance(answers[0], PickUp):
            return 0
        current = context.successor(current, answers[0])
        if current._turn != leader or current._table_masks:
            return 0
    if last[1] not in context.legal_moves(current):
        return 0
    current = context.successor(current, last[1])
    if current._turn >= 0 or current._goat == leader or _stalled(current):
        return 0
    return 2 * len(plan) + 1


def _two_beatable(state: PhaseTwoState, context: PhaseTwoRules, hand: int) -> bool:
    """Whether the other seat could beat two of the blocks of the leader's
    ``hand`` (by :attr:`Context.plan`, which the engine's answers follow), so
    that :func:`_quick_line` cannot work: a cheap test of masks before the line's
    moves are made. Where the plan alone does not say what the other seat may
    answer (it must pick up, or a complete suit kills), it says no and leaves it
    to the line."""
    if not isinstance(context, Context) or state._blamattis or context.complete_suit:
        return False
    other = state._active & ~(1 << state._turn)
    # first copies only: with two packs this may count fewer blocks than the
    # engine's answers allow, never more, so the test never stops a line that works
    theirs = state._hand_masks[other.bit_length() - 1] & PACK_MASK
    plans = context.plan
    beatable = 0
    for block in _blocks(hand):
        top = block.bit_length() - 1
        above = ~((2 << (top % 13)) - 1)
        for entry in plans[top // 13]:
            pattern = theirs >> (13 * (entry >> 1)) & 0x1FFF
            if entry & 1:
                pattern &= above
            if pattern:
                beatable += 1
                if beatable == 2:
                    return True
                break
    return False


def _stalled(state: State) -> bool:
    return any(event.kind is EventKind.STALLED for event in state.events)


def _ordered(state: PhaseTwoState, moves: tuple[Move, ...]) -> list[Move]:
    """The moves of the seat to act, those most likely to do it good first: going
    out, then killing the trick, then, where the race on masks takes the rules,
    the weaker plays (the more cards in the hands beat a play's lowest card, see
    :data:`_WEAKER_FIRST`), then shedding more cards, lower cards before higher;
    picking up last."""
    hand = state._hand_masks[state._turn] & PACK_MASK
    kills = len(state._table_masks) + 1 >= state._trick_size
    shedding = _Shedding.for_context(state._context)
    live = 0
    if shedding is not None:
        for held in state._hand_masks:
            live |= held
    order: list[int] = []  # each move's place in the order, then its index
    for index, move in enumerate(moves):
        mask = move.mask
        if isinstance(move, PickUp):
            score = 0
        else:
            beaters = 0
            if shedding is not None and mask:
                low = (mask & -mask).bit_length() - 1
                beaters = (live & shedding.beaten_by[low]).bit_count()
            score = (
                (1 << 31 if mask & PACK_MASK == hand else 0)
                | (1 << 30 if kills else 0)
                | beaters << 20
                | mask.bit_count() << 16
                | (63 - ((mask.bit_length() - 1) % 13)) << 8
            )
        order.append(((1 << 32) - score) << 12 | index)
    order.sort()
    return [moves[entry & 0xFFF] for entry in order]


#: A position of :class:`_Proof` on masks (see :class:`_Positions`): each seat's
#: hand (a seat out of play holds nothing), the plays on the table, the seat to
#: act (-1 once the game is over), the size of the trick, the seats in play, the
#: moves since a card left the game or a seat went out (P2-QUIET), and the goat
#: (-1 while the game goes on, -2 where it stalled).
_Position = tuple[tuple[int, ...], tuple[int, ...], int, int, int, int, int]


class _Positions:
    """Phase two on masks, for :class:`_Proof`, where the rules let it play so:
    those of :class:`_Shedding` (one pack, no rule that names a card, a pick-up
    of whole plays), and no avstickshög, forced pick-up or kill on a trump; and no
    Blåmattis in the position (see :meth:`takes`). Any number of seats.

    It makes the engine's moves in the order :func:`_ordered` gives them, and the
    engine's positions after them, as :data:`_Position` tuples keyed as
    :func:`_key` keys the engine's, so the proof search shares one table between
    the two and counts the same positions; it makes no :class:`PhaseTwoState`,
    which is most of the engine's time in a search. The tests hold it to the
    engine move by move."""

    def __init__(self, context: Context, shedding: _Shedding, layout: int) -> None:
        self.context = context
        self.shedding = shedding
        self.plan = context.plan
        self.code = context.runs_code
        self.pick = context.pick_code
        self.quiet_limit = context.quiet_limit
        self.layout = layout
        #: the compiled build's proof search on masks in C (``None`` in the pure
        #: build): :meth:`_Proof.prove` hands it every position it takes
        self.native: _NativeRace | None = None
        if _NATIVE_RACE is not None:
            self.native = _NATIVE_RACE(
                shedding.filters,
                shedding.beaten_by,
                shedding.trumps,
                shedding.whole,
                shedding.groups,
                _PICK_KINDS.index(self.pick),
                self.quiet_limit,
                layout,
            )

    @staticmethod
    def for_state(state: PhaseTwoState) -> _Positions | None:
        """The positions on masks under ``state``'s rules, or ``None`` where the
        rules need the engine."""
        context = state._context
        if context in _POSITIONS:
            return _POSITIONS[context]
        positions: _Positions | None = None
        shedding = _Shedding.for_context(context)
        if (
            shedding is not None
            and isinstance(context, Context)
            and not context.forced_pick
            and not context.avstickshog
            and not context.kill_on_trump
        ):
            positions = _Positions(context, shedding, _layout(state))
        _POSITIONS[context] = positions
        return positions

    @staticmethod
    def takes(state: PhaseTwoState) -> bool:
        """Whether ``state`` is a position of :data:`_Position`'s kind: nothing
        that the rules the class takes leave out (a Blåmattis, a pick-up forced,
        an avstickshög) is in it."""
        return (
            not state._blamattis
            and not state._forced
            and state._lead_out < 0
            and not state._reserve_cards
        )

    @staticmethod
    def of(state: PhaseTwoState) -> _Position:
        """``state`` as a :data:`_Position`."""
        goat = state._goat
        if state._turn < 0 and _stalled(state):
            goat = -2
        return (
            state._hand_masks,
            state._table_masks,
            state._turn,
            state._trick_size,
            state._active,
            state._quiet,
            goat,
        )

    def key(self, position: _Position) -> int:
        """:func:`_key` of ``position``."""
        hands, table, turn, size, active, _, _ = position
        if self.native is not None:
            return self.native.key(hands, table, turn, size, active)
        flags = (turn + 1) | size << 5 | active << 24
        return _key_of(self.layout, hands, table, active, flags)

    def moves(self, position: _Position, ordered: bool = True) -> list[int]:
        """The moves of the seat to act (with ``ordered=False``, in the engine's
        order, as ``legal_moves`` gives them): each play's mask, and 0 for the
        pick-up, last. In order, as :func:`_ordered` has them: going out first,
        then the weaker plays (the more cards in the hands beat a play's lowest
        card, see :data:`_WEAKER_FIRST`), then more cards, then the lower top
        card."""
        hands, table, turn, _, _, _, _ = position
        hand = hands[turn]
        code = self.code
        beaten_by = self.shedding.beaten_by
        live = 0
        for held in hands:
            live |= held
        plays: list[int] = []
        order: list[int] = []  # each play's place in the order, then its index
        suits: tuple[int, ...] = _ALL_SUITS
        above = -1
        if table:
            top = table[-1].bit_length() - 1
            above = ~((2 << (top % 13)) - 1)
            suits = self.plan[top // 13]
        for entry in suits:
            shift = 13 * (entry >> 1)
            pattern = hand >> shift & 0x1FFF
            if entry & 1:
                pattern &= above
            if not pattern:
                continue
            for slot in _slots(pattern, code):
                start = slot // 13
                end = slot % 13
                play = (((2 << end) - 1) ^ ((1 << start) - 1)) << shift
                # going out first, then the weaker, then more cards, then the
                # lower top card
                beaters = (live & beaten_by[shift + start]).bit_count()
                place = (
                    (0 if play == hand else 1) << 14
                    | (_WEAKER_FIRST - beaters) << 8
                    | (16 - (end - start + 1)) << 4
                    | end
                )
                order.append(place << 12 | len(plays))
                plays.append(play)
        if ordered:
            order.sort()
            plays = [plays[entry & 0xFFF] for entry in order]
        if table:
            plays.append(0)
        return plays

    def after(self, position: _Position, move: int) -> _Position:
        """The position after ``move`` (a play's mask, or 0 to pick up), as the
        engine's successor has it."""
        hands, table, turn, size, active, quiet, _ = position
        before = active
        lead = -1  # the seat due to lead a new trick, if the trick ended
        killed = False
        if move:
            hand = hands[turn] ^ move
            hands = (*hands[:turn], hand, *hands[turn + 1 :])
            if len(table) + 1 >= size:  # P2-KILL
                table = ()
                killed = True
                lead = turn
            else:
                table = (*table, move)
            if not hand:  # P2-OUT
                active &= ~(1 << turn)
        else:
            picked, table = self._picked(table)
            hands = (*hands[:turn], hands[turn] | picked, *hands[turn + 1 :])
            if not table:  # P2-EMPTIED
                lead = _next_active(active, turn)
        quiet = 0 if killed or active != before else quiet + 1
        if not active & (active - 1):
            return (hands, table, -1, size, active, quiet, active.bit_length() - 1)
        if quiet >= self.quiet_limit:
            return (hands, table, -1, size, active, quiet, -2)  # P2-QUIET: stalled
        if lead >= 0:
            if not active >> lead & 1:
                lead = _next_active(active, lead)
            return (hands, table, lead, active.bit_count(), active, quiet, -1)
        return (hands, table, _next_active(active, turn), size, active, quiet, -1)

    def _picked(self, table: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
        """The cards the seat to act picks up from ``table``, and the plays left."""
        pick = self.pick
        if pick in (_BOTTOM_JOINED, _TOP_JOINED):
            start = table[-1] if pick == _TOP_JOINED else table[0]
            if len(table) == 1:
                return start, ()
            picked = _joined(table, start)
            return picked, tuple(play for play in table if not play & picked)
        if pick == _BOTTOM:
            return table[0], table[1:]
        assert pick == _TOP
        return table[-1], table[:-1]

    def needed(self, position: _Position, seat: int, escape: bool) -> int:
        """:func:`_moves_needed` of ``position``."""
        hands, _, turn, _, active, _, _ = position
        if escape:
            plays = _plays_needed(hands[seat])
            if plays:  # no complete suit here: a lead never kills at once
                plays += (plays - 1) // 2 + (turn != seat)
            return plays
        needed = 0
        others = 0
        for other, hand in enumerate(hands):
            if other != seat and active >> other & 1:
                needed += _plays_needed(hand)
                others += 1
        if needed:  # no kill before the trick is full here, and no lead passed back
            needed += (needed - 1) // (others + 1) + (turn == seat)
        return needed

    def races(self, position: _Position) -> bool:
        """Whether the race on masks takes ``position``, one of two seats (see
        :meth:`_Shedding.takes`)."""
        hands, table, _, size, _, quiet, _ = position
        return self.shedding.takes_masks(hands, table, size, quiet)

    def quick(self, position: _Position) -> int:
        """:func:`_quick_line` of a position of two seats with the table empty,
        where no line of it can stall (else 0, as where the line does not work)."""
        hands, _, turn, _, active, quiet, _ = position
        hand = hands[turn]
        other = hands[(active & ~(1 << turn)).bit_length() - 1]
        if quiet + 2 * (hand | other).bit_count() + 4 >= self.quiet_limit:
            return 0
        leads = self.shedding.quick(hand, other)
        return 2 * leads - 1 if leads else 0


#: The suits a lead may come from, as :attr:`Context.plan`'s entries (any card).
_ALL_SUITS: Final = (0, 2, 4, 6)
#: The pick-ups of :class:`_Positions` in the order the C search numbers them.
_PICK_KINDS: Final = (_TOP, _TOP_JOINED, _BOTTOM, _BOTTOM_JOINED)
#: The positions on masks of each set of rules met (``None``: the rules need the engine).
_POSITIONS: Final[dict[PhaseTwoRules, _Positions | None]] = {}


class _Proof:
    """One proof search: can ``forcer`` force its goal from a position within a
    number of moves? The goal is the escape of ``seat`` when ``escape`` is true,
    else that ``seat`` is the goat.

    The table holds, for each position searched, bounds on the number of moves
    the forcing side needs (none when it cannot force the goal at all): a lower
    bound ``low`` and an upper bound ``high``, kept as ``low << 16 | high`` with
    :data:`_NEVER` for "no bound". Bounds hold whatever line led to a position,
    so the table serves every line and every later question.

    :meth:`prove` returns the upper bound it proved (``<= depth``), or ``-low``
    with ``low > depth`` when the goal cannot be forced within ``depth`` moves."""

    def __init__(
        self,
        seat: int,
        escape: bool,
        table: _Bounds,
        max_nodes: int,
        deadline: float,
    ) -> None:
        self.seat = seat
        self.escape = escape
        self.table = table
        self.nodes = 0
        self.max_nodes = max_nodes
        self.deadline = deadline

    def prove(self, state: PhaseTwoState, depth: int) -> int:
        positions = _Positions.for_state(state)
        if positions is not None and _Positions.takes(state):
            position = _Positions.of(state)
            if positions.native is not None and not isinstance(self.table, dict):
                # the C table: the search in C reads it
                return self._prove_natively(positions.native, position, depth)
            return self._prove(positions, position, positions.key(position), depth)
        key = _key(state)
        known = self.table.get(key, _NEVER)
        high = known & _NEVER
        if high <= depth:
            return high
        low = known >> 16
        if low > depth:
            return -low
        active = state._active
        if not active >> self.seat & 1:  # out of play: it has escaped
            self.table[key] = 0 if self.escape else _NEVER << 16 | _NEVER
            return 0 if self.escape else -_NEVER
        if state._turn < 0:
            if (state._goat != self.seat) == self.escape and not _stalled(state):
                self.table[key] = 0
                return 0
            self.table[key] = _NEVER << 16 | _NEVER
            return -_NEVER
        if not state._table_masks and active.bit_count() == 2 and active >> self.seat & 1:
            quick = _quick_line(state)
            if quick:
                if (state._turn == self.seat) != self.escape:
                    # the other side wins by force: the goal can never be forced
                    self.table[key] = _NEVER << 16 | _NEVER
                    return -_NEVER
                high = min(high, quick)
                if quick <= depth:
                    self.table[key] = low << 16 | quick
                    return quick
        needed = max(_moves_needed(state, self.seat, self.escape), 1)  # it is not over
        if needed > depth:
            self.table[key] = needed << 16 | high
            return -needed
        self.nodes += 1
        if self.nodes > self.max_nodes or (
            self.nodes % _CLOCK_EVERY == 0 and time.monotonic() > self.deadline
        ):
            raise _OutOfBudget
        forcing = (state._turn == self.seat) == self.escape
        context = state._context
        table = self.table
        children = [
            context.successor(state, move) for move in _ordered(state, context.legal_moves(state))
        ]
        if forcing:
            # a move already proved quick enough settles it at once
            for child in children:
                bound = table.get(_key(child), _NEVER) & _NEVER
                if bound < depth:
                    table[key] = low << 16 | (bound + 1)
                    return bound + 1
            least = _NEVER
            for child in children:
                found = self.prove(child, depth - 1)
                if found >= 0:
                    table[key] = low << 16 | (found + 1)
                    return found + 1
                least = min(least, -found)
            least = min(least + 1, _NEVER)
            table[key] = least << 16 | high
            return -least
        # a move already refuted settles it at once
        for child in children:
            bound = table.get(_key(child), _NEVER) >> 16
            if bound >= depth:
                least = min(bound + 1, _NEVER)
                table[key] = least << 16 | high
                return -least
        longest = 0
        for child in children:
            found = self.prove(child, depth - 1)
            if found < 0:
                least = min(-found + 1, _NEVER)
                table[key] = least << 16 | high
                return -least
            longest = max(longest, found)
        table[key] = low << 16 | (longest + 1)
        return longest + 1

    def _prove_natively(self, native: _NativeRace, position: _Position, depth: int) -> int:
        """:meth:`_prove` in C (the compiled build): the same table entries, and
        the same positions counted."""
        hands, table, turn, size, active, quiet, goat = position
        found = native.prove(
            self.table,
            self.seat,
            self.escape,
            hands,
            table,
            turn,
            size,
            active,
            quiet,
            goat,
            depth,
            self.max_nodes - self.nodes,
            self.deadline,
        )
        self.nodes += native.nodes
        if found is None:
            raise _OutOfBudget
        return found

    def _prove(self, positions: _Positions, position: _Position, key: int, depth: int) -> int:
        """:meth:`prove` on masks: the same search, position for position."""
        known = self.table.get(key, _NEVER)
        high = known & _NEVER
        if high <= depth:
            return high
        low = known >> 16
        if low > depth:
            return -low
        seat = self.seat
        escape = self.escape
        _, table, turn, _, active, _, goat = position
        if not active >> seat & 1:  # out of play: it has escaped
            self.table[key] = 0 if escape else _NEVER << 16 | _NEVER
            return 0 if escape else -_NEVER
        if turn < 0:
            if goat >= 0 and (goat != seat) == escape:  # not stalled (-2)
                self.table[key] = 0
                return 0
            self.table[key] = _NEVER << 16 | _NEVER
            return -_NEVER
        if not table and active.bit_count() == 2:
            quick = positions.quick(position)
            if quick:
                if (turn == seat) != escape:
                    # the other side wins by force: the goal can never be forced
                    self.table[key] = _NEVER << 16 | _NEVER
                    return -_NEVER
                high = min(high, quick)
                if quick <= depth:
                    self.table[key] = low << 16 | quick
                    return quick
        needed = max(positions.needed(position, seat, escape), 1)  # it is not over
        if needed > depth:
            self.table[key] = needed << 16 | high
            return -needed
        self.nodes += 1
        if self.nodes > self.max_nodes or (
            self.nodes % _CLOCK_EVERY == 0 and time.monotonic() > self.deadline
        ):
            raise _OutOfBudget
        forcing = (turn == seat) == escape
        table_ = self.table
        children = [positions.after(position, move) for move in positions.moves(position)]
        keys = [positions.key(child) for child in children]
        if forcing:
            # a move already proved quick enough settles it at once
            for child_key in keys:
                bound = table_.get(child_key, _NEVER) & _NEVER
                if bound < depth:
                    table_[key] = low << 16 | (bound + 1)
                    return bound + 1
            least = _NEVER
            for index, child in enumerate(children):
                found = self._prove(positions, child, keys[index], depth - 1)
                if found >= 0:
                    table_[key] = low << 16 | (found + 1)
                    return found + 1
                least = min(least, -found)
            least = min(least + 1, _NEVER)
            table_[key] = least << 16 | high
            return -least
        # a move already refuted settles it at once
        for child_key in keys:
            bound = table_.get(child_key, _NEVER) >> 16
            if bound >= depth:
                least = min(bound + 1, _NEVER)
                table_[key] = least << 16 | high
                return -least
        longest = 0
        for index, child in enumerate(children):
            found = self._prove(positions, child, keys[index], depth - 1)
            if found < 0:
                least = min(-found + 1, _NEVER)
                table_[key] = least << 16 | high
                return -least
            longest = max(longest, found)
        table_[key] = low << 16 | (longest + 1)
        return longest + 1


class _Cyclic(Exception):
    """A line of the race came back to a position on it: the race cannot settle it."""


class _Race:
    """The verdict alone with two seats left: a depth-first search for whether
    ``seat`` escapes, with every position's answer kept (1 escapes, 0 goat).

    With two seats, each trick has one play before the answer (beat it and kill
    the trick, or pick it up), so a pick-up hands the lead back to a player with
    fewer cards and a kill takes cards out of the game: no line comes back to a
    position, and a plain search with a table is exact. Not counting moves, it
    stops at the first move that wins, where the proof search must find the
    quickest. A line that does come back (rules under which a pick-up leaves
    plays on the table) raises :class:`_Cyclic`, and the proof search decides.
    """

    def __init__(
        self,
        seat: int,
        table: dict[int, int],
        max_nodes: int,
        deadline: float,
        shedding: _Shedding | None = None,
        shed: dict[int, int] | None = None,
        native: _NativeRace | None = None,
        seen: dict[int, int] | None = None,
    ) -> None:
        self.seat = seat
        self.table = table
        self.nodes = 0
        self.max_nodes = max_nodes
        self.deadline = deadline
        self.path: set[int] = set()
        #: the race on masks, where the rules allow it, with its table
        self.shedding = shedding
        self.shed: dict[int, int] = {} if shed is None else shed
        #: the answers of the race on masks by the masks themselves, as the
        #: positions were met: a cache in front of :attr:`shed` (keyed by relative
        #: ranks, slower to key), that changes nothing the race counts or keeps
        self.seen: dict[int, int] = {} if seen is None else seen
        #: the same race in C, with its own table, where the build has it
        self.native = native

    def escapes(self, state: PhaseTwoState) -> int:
        """1 if :attr:`seat` escapes from ``state`` whatever the other seat does, else 0."""
        seat = self.seat
        if state._turn < 0:
            if _stalled(state):
                raise _Cyclic
            return int(state._goat != seat)
        shedding = self.shedding
        if shedding is not None and shedding.takes(state):
            return self.on_masks(state._hand_masks, state._table_masks, state._turn, state._active)
        key = _key(state)
        known = self.table.get(key, -1)
        if known >= 0:
            return known
        if key in self.path:
            raise _Cyclic
        if not state._table_masks and _quick_line(state):
            result = int(state._turn == seat)
            self.table[key] = result
            return result
        self.nodes += 1
        if self.nodes > self.max_nodes or (
            self.nodes % _CLOCK_EVERY == 0 and time.monotonic() > self.deadline
        ):
            raise _OutOfBudget
        mine = int(state._turn == seat)
        context = state._context
        table = self.table
        self.path.add(key)
        result = 1 - mine
        for move in _ordered(state, context.legal_moves(state)):
            if self.escapes(context.successor(state, move)) == mine:
                result = mine
                break
        self.path.discard(key)
        table[key] = result
        return result

    def _count(self) -> None:
        """Count a position searched; past the budget, stop."""
        self.nodes += 1
        if self.nodes > self.max_nodes or (
            self.nodes % _CLOCK_EVERY == 0 and time.monotonic() > self.deadline
        ):
            raise _OutOfBudget

    def on_masks(
        self, hands: tuple[int, ...], table: tuple[int, ...], turn: int, active: int
    ) -> int:
        """:meth:`escapes` by the race on masks, from a position that
        :meth:`_Shedding.takes` (the seats' ``hands``, the plays on the
        ``table``, the seat to act and the seats in play)."""
        other = (active & ~(1 << turn)).bit_length() - 1
        native = self.native
        if native is not None:
            budget = self.max_nodes - self.nodes
            if table:
                answer = native.answered(hands[other], hands[turn], table[0], budget, self.deadline)
            else:
                answer = native.leads(hands[turn], hands[other], budget, self.deadline)
            self.nodes += native.nodes
            if answer < 0:
                raise _OutOfBudget
            leader_escapes = answer == 1
            return int(leader_escapes == ((other if table else turn) == self.seat))
        if table:  # ``other`` led it
            return int(
                (self._answered(hands[other], hands[turn], table[0]) == 1) == (other == self.seat)
            )
        return int((self._leads(hands[turn], hands[other]) == 1) == (turn == self.seat))

    def _leads(self, hand: int, other: int) -> int:
        """1 if the seat to lead from ``hand`` escapes, the other holding ``other``, else 0."""
        seen = self.seen
        position = hand | other << CARDS_IN_PACK
        known = seen.get(position, -1)
        if known >= 0:
            return known
        if len(seen) >= _SEEN_KEPT:
            seen.clear()
        shedding = self.shedding
        assert shedding is not None
        # a quick line is not kept in the table (the race in C sees it again
        # sooner than it would find it kept), so that both keep the same answers
        if shedding.quick(hand, other):
            seen[position] = 1
            return 1
        hand, other = shedding.canonical(hand, other)  # the junk laid out alike: one game
        key = shedding.key(hand, other)
        known = self.shed.get(key, -1)
        if known >= 0:
            seen[position] = known
            return known
        known = shedding.settled(hand, other)  # the top cards decide it
        if known >= 0:
            self.shed[key] = known
            seen[position] = known
            return known
        self._count()
        order = _lead_order(shedding, hand, other)
        beaten_by = shedding.beaten_by
        live = hand | other
        ends = self._finishers(hand, other)
        junk = shedding.junk_of(hand, other) if shedding.shifting else 0
        shapes: set[int] = set()
        lone = 0  # the single cards touching no card in play led so far, all lost
        result = 0
        for entry in order:
            lead = (entry >> 2 & 0x1FFF) << (13 * (entry & 3))
            if lead == hand:  # it leads its last cards and is out
                result = 1
                break
            if not lead & (lead - 1) and not _beside(lead) & live:
                if lone and shedding.stronger_twin(lone, lead, live):
                    continue  # a twin of a lone card that lost, as strong: it loses too
                lone |= lead
            if ends:
                beaters = beaten_by[lead.bit_length() - 1]
                if any(not end & ~beaters for end in ends):
                    continue  # the other beats it and goes out: it loses
            if lead & junk:
                # a lead like one tried from another junk block as long: swapping
                # the two blocks is one game (see canonical), so it answers alike
                shape = _junk_shape(junk, lead)
                if shape in shapes:
                    continue
                shapes.add(shape)
            if self._answered(hand ^ lead, other, lead):
                result = 1
                break
        self.shed[key] = result
        seen[position] = result
        return result

    def _known(self, hand: int, other: int) -> int:
        """:meth:`_leads`'s answer where it is known without a search (a quick
        line, or an answer kept), else -1; nothing counted or kept."""
        known = self.seen.get(hand | other << CARDS_IN_PACK, -1)
        if known >= 0:
            return known
        shedding = self.shedding
        assert shedding is not None
        if shedding.quick(hand, other):
            return 1
        hand, other = shedding.canonical(hand, other)
        return self.shed.get(shedding.key(hand, other), -1)

    def _finishers(self, hand: int, other: int) -> list[int]:
        """The plays of ``other`` (where it holds :data:`_FINISHERS_MOST` cards at
        most) that end the game for it: its last cards, a play after which its
        quick line (:meth:`_Shedding.quick`) puts it out against ``hand``, or,
        where it holds a top card, a play after which its top cards do
        (:meth:`_Shedding.tops_win`, with a block of ``hand`` to spare).

        A lead from ``hand`` that one of them beats loses at once, unsearched:
        the other beats it so, leads next and goes out. The quick line holds
        against what ``hand`` keeps after its lead as it does against ``hand``:
        on that line the leader only picks up, never beating a piece before the
        last, and with fewer cards it can beat no more of them; and the top
        cards' line holds since the lead ends one of the leader's blocks at
        most."""
        found: list[int] = []
        if count_cards(other) > _FINISHERS_MOST:
            return found
        shedding = self.shedding
        assert shedding is not None
        # where it holds a top card, also the plays after which its top cards
        # put it out against ``hand`` with a block of it to spare (tops_win):
        # so they do against what ``hand`` keeps after its lead
        topped = shedding.one_way and shedding.tops(other, hand) != 0
        for suit in range(4):
            pattern = other >> (13 * suit) & 0x1FFF
            if pattern:
                for play in shedding.runs(pattern):
                    end = (play & 0x1FFF) << (13 * suit)
                    if (
                        end == other
                        or shedding.quick(other ^ end, hand)
                        or (topped and shedding.tops_win(other ^ end, hand, 1))
                    ):
                        found.append(end)
        return found

    def _answered(self, rest: int, other: int, lead: int) -> int:
        """1 if the seat that led ``lead``, holding ``rest`` after it, escapes
        whatever the other seat, holding ``other``, answers, else 0."""
        shedding = self.shedding
        assert shedding is not None
        filters = shedding.filters[lead.bit_length() - 1]
        # trumps last; more cards first, then the lower top card; and no beat from
        # inside a block where the one from its bottom is as good (see unled)
        order: list[int] = []
        for index in range(0, len(filters), 2):
            shift = filters[index]
            pattern = other >> shift & filters[index + 1]
            if pattern:
                trumps = _TRUMPS_LAST if shedding.trumps >> shift & 1 else 0
                unled = shedding.unled(other, rest | lead, lead, shift // 13)
                for play in shedding.runs(pattern):
                    if (play & 0x1FFF) << shift == other:  # it beats with its last cards: out
                        return 0
                    if play & -play & unled:
                        continue
                    order.append(play << 2 | shift // 13 | trumps)
        if order:
            self._count()
            order.sort()
            # where each of its cards beats the lead, picking it up is no better
            # than a beat (see _Shedding.canonical): the beats alone answer it;
            # else the pick-up first where the table already holds that the
            # leader, leading again, loses: then no beat need be searched
            beaten_by_each = (
                shedding.shifting and not other & ~shedding.beaten_by[lead.bit_length() - 1]
            )
            if not beaten_by_each and self._known(rest, other | lead) == 0:
                return 0
            for entry in order:
                beat = (entry >> 2 & 0x1FFF) << (13 * (entry & 3))
                if self._leads(other ^ beat, rest):  # the killer leads next
                    return 0
            if beaten_by_each:
                return 1  # each of its cards beats the lead: picking it up is no better
        return self._leads(rest, other | lead)  # picked up: the leader leads again


def _lead_order(shedding: _Shedding, hand: int, other: int) -> list[int]:
    """The leads of ``hand`` against ``other`` in the order :meth:`_Race._leads`
    tries them, each as ``play << 2 | suit`` with the bits that order them (the
    lead is ``(entry >> 2 & 0x1FFF) << (13 * (entry & 3))``): the plays the other
    seat can beat first, then those it cannot, then trumps; within each, the
    weaker first (see :data:`_WEAKER_FIRST`), then more cards, then the lower
    top card; and no lead from inside a block where the one from its bottom is
    as good (see :meth:`_Shedding.unled`)."""
    beaten_by = shedding.beaten_by
    live = hand | other
    order: list[int] = []
    for suit in range(4):
        pattern = hand >> (13 * suit) & 0x1FFF
        if pattern:
            trumps = _TRUMPS_LAST if shedding.trumps >> (13 * suit) & 1 else 0
            unled = shedding.unled(hand, other, other, suit)
            for play in shedding.runs(pattern):
                low = play & -play
                if low & unled:
                    continue
                unbeaten = 0 if other & beaten_by[13 * suit + (play >> 13 & 15)] else _UNBEATEN_LAST
                beaters = (live & beaten_by[13 * suit + low.bit_length() - 1]).bit_count()
                order.append(play << 2 | suit | trumps | unbeaten | (_WEAKER_FIRST - beaters) << 23)
    order.sort()
    return order


def _junk_shape(junk: int, lead: int) -> int:
    """The shape of a ``lead`` from the ``junk`` of the seat that leads it: the
    cards of its block of touching junk, those of the block below the lead, and
    the lead's, as ``block << 8 | below << 4 | led``. Two leads of one shape
    from two blocks answer alike (see :meth:`_Shedding.canonical`)."""
    low = lead & -lead
    suit = (low.bit_length() - 1) // 13
    pattern = junk >> (13 * suit) & 0x1FFF
    bottom = top = low >> (13 * suit)
    while bottom > 1 and pattern & bottom >> 1:
        bottom >>= 1
    while pattern & top << 1:
        top <<= 1
    block = (top << 1) - bottom
    below = (block & ((low >> (13 * suit)) - 1)).bit_count()
    return block.bit_count() << 8 | below << 4 | lead.bit_count()


class _Shedding:
    """The race of :class:`_Race` on masks alone, where the rules let two seats
    play it so: one pack, no rule that names a card (the high trump, a complete
    suit), a pick-up that takes the whole play (never the lowest card alone), and
    no avstickshög, Blåmattis or forced pick-up in play. Then a trick is a lead
    and one answer: a play that beats it kills both (the killer leads next), or a
    pick-up of the lead (its player leads again); a seat that plays its last card
    is out, and the other is the goat.

    Its positions are the leader's hand and the other's, whichever seats hold
    them, and each holds whether the leader escapes: a table keyed by
    :meth:`key` (by relative ranks and blocks of touching cards, where the
    rules allow) shared by every question under one set of rules. It makes no
    :class:`PhaseTwoState` and asks the engine nothing; :class:`_Race` hands it
    every position it takes (see :meth:`takes`), and the tests hold it to the
    engine's race position by position."""

    def __init__(self, context: Context) -> None:
        self.code = context.runs_code
        self.trumps = context.trump_bits
        #: for each top card (0 to 51), the suits that may beat it, as pairs of
        #: the suit's shift and the 13-bit pattern of its cards that may be the
        #: lowest of a play that beats it
        self.filters: list[tuple[int, ...]] = []
        #: for each top card, the mask of cards that may be the lowest of a play
        #: that beats it (a single card always may: it beats alone)
        self.beaten_by: list[int] = []
        for top in range(CARDS_IN_PACK):
            above = 0x1FFF & ~((2 << (top % 13)) - 1)
            pairs: list[int] = []
            union = 0
            for entry in context.plan[top // 13]:
                allowed = above if entry & 1 else 0x1FFF
                shift = 13 * (entry >> 1)
                pairs.append(shift)
                pairs.append(allowed)
                union |= allowed << shift
            self.filters.append(tuple(pairs))
            self.beaten_by.append(union)
        self.quiet_limit = context.quiet_limit
        #: for each card, the cards it beats alone: those it beats as a single
        #: card when it is the highest card of the play on the table
        self.beats = [
            sum(1 << top for top in range(CARDS_IN_PACK) if self.beaten_by[top] >> card & 1)
            for card in range(CARDS_IN_PACK)
        ]
        #: whether no two cards each beat the other: :meth:`settled` needs it
        self.one_way = not any(
            self.beats[card] & (1 << other) and self.beats[other] & (1 << card)
            for card in range(CARDS_IN_PACK)
            for other in range(card)
        )
        #: for each block of touching cards of one suit, at ``13 * low + high``
        #: (rank indexes), whether the rules allow it as one play
        self.whole: list[bool] = []
        for low in range(13):
            for high in range(13):
                block = ((2 << high) - 1) ^ ((1 << low) - 1)
                self.whole.append(
                    low <= high and any(play & 0x1FFF == block for play in self.runs(block))
                )
        #: whether a block's plays depend on its length alone (not on where it
        #: lies) and no two cards beat each other: then :meth:`canonical` may
        #: move the junk
        self.shifting = self.one_way and all(
            self.whole[13 * low + high] == self.whole[high - low]
            for low in range(13)
            for high in range(low, 13)
        )
        #: for each suit, the group of suits whose ranks it compares with, where
        #: the table is keyed by relative ranks (see :meth:`key`); empty where the
        #: rules name a rank and the key is the masks themselves
        self.groups: tuple[int, ...] = self._groups()
        #: whether the race in Python plays from a block of touching cards only
        #: from its bottom where :meth:`unled` allows (the race in C always does):
        #: the tests turn it off to count what it saves
        self.bottom_plays = True
        #: each group's suits, as a mask of their cards
        self._group_masks = tuple(
            sum(0x1FFF << (13 * suit) for suit in range(4) if self.groups[suit] == group)
            for group in range(len(set(self.groups)))
        )
        #: :meth:`_moves_for` by the cards in play (a pick-up leaves them as they were)
        self._moves: dict[int, tuple[tuple[tuple[int, int, int], ...], int]] = {}
        #: :meth:`_moves_of` by a group's cards in play
        self._group_moves: dict[int, tuple[tuple[int, int, int], ...]] = {}
        #: :meth:`_plan_for` by the cards in play
        self._plans: dict[int, _KeyPlan] = {}

    def _groups(self) -> tuple[int, ...]:
        """:attr:`groups`: where whether a card beats another depends, for each two
        suits, on nothing (always, or never) or only on the beater's rank being
        higher, and whether touching cards are one play on their number alone,
        the suits joined by "higher beats" are each a group, provided the suits
        of a group are alike to every other suit (see :meth:`key`);
        else none."""
        whole = self.whole
        if any(
            whole[13 * low + high] != whole[high - low]
            for low in range(13)
            for high in range(low, 13)
        ):
            return ()  # a play depends on its ranks, not on its length alone
        group = [0, 1, 2, 3]
        # for each two suits, how the second beats the first: 0 never, 1 always,
        # 2 by a higher rank
        how = [[0] * 4 for _ in range(4)]
        for top_suit in range(4):
            for suit in range(4):
                # for each rank of the top card, the ranks of ``suit`` that beat it
                # (the top card itself left out)
                beaters = [
                    self.beaten_by[13 * top_suit + rank] >> (13 * suit)
                    & 0x1FFF
                    & ~(1 << rank if suit == top_suit else 0)
                    for rank in range(13)
                ]
                others = [0x1FFF & ~(1 << rank if suit == top_suit else 0) for rank in range(13)]
                if beaters == others or not any(beaters):
                    how[top_suit][suit] = int(beaters == others)
                    continue  # always, or never: ranks make no difference
                if any(beaters[rank] != 0x1FFF & ~((2 << rank) - 1) for rank in range(13)):
                    return ()  # the ranks of the two suits compare otherwise
                how[top_suit][suit] = 2
                joined, into = group[suit], group[top_suit]
                group = [into if named == joined else named for named in group]
        # the key moves blocks between the suits of a group: they must beat each
        # other by rank alone, and be beaten by and beat every other suit alike
        for first in range(4):
            for second in range(4):
                if group[first] != group[second] or first == second:
                    continue
                if how[first][second] != 2 or how[first][first] != 2:
                    return ()
                for third in range(4):
                    if group[third] != group[first] and (
                        how[first][third] != how[second][third]
                        or how[third][first] != how[third][second]
                    ):
                        return ()
        names = sorted(set(group))
        return tuple(names.index(named) for named in group)

    def key(self, hand: int, other: int) -> int:
        """The table's key of the leader's ``hand`` against ``other``, by
        relative ranks where :attr:`groups` allows (else ``hand | other << 52``).

        Within a group of suits compared by rank, a card matters only by its
        rank among the group's ranks in play, whose hand holds it, and which
        cards of its suit it touches; and as the group's suits beat each other
        alike, which suit holds a block of touching cards makes no difference.
        So the key is, group by group, the group's number of cards in play and
        its blocks sorted (by their lowest rank among the group's ranks in play,
        then their length, then which of their cards the leader holds), each
        block written as the steps up from the last block's lowest rank and its
        length (each as that many ones less one for the length, then a 0) and,
        for each card, whether the leader holds it; with bit 127 set. Positions
        with one key are one game under other names: the same plays, beating
        each other the same way. A position whose key
        would not fit 127 bits is keyed as :meth:`_packed_key` keys it (fewer
        bits, no bit 127: the two kinds never meet)."""
        if not self.groups:
            return hand | other << CARDS_IN_PACK
        live = hand | other
        key = at = 0
        plans = self._plans
        for suits in self._group_masks:
            held = live & suits
            plan = plans.get(held)
            if plan is None:
                plan = self._plan_for(held)
            part, length, singles, ties = plan
            for shift, width, base in singles:
                part |= (hand >> shift & width) << base
            for sources, bases in ties:
                owned = sorted(hand >> shift & width for shift, width in sources)
                for cards, base in zip(owned, bases, strict=True):
                    part |= cards << base
            key |= part << at
            at += length
        if at > 127:
            return self._packed_key(hand, other)
        return key | 1 << 127

    def _plan_for(self, held: int) -> _KeyPlan:
        """:meth:`key`'s plan of one group while ``held`` are its cards in play
        (kept): its bits that no hand changes and their number; and for each
        block, where its cards lie in the hands (the shift of the lowest and the
        width) and where in the group's bits the leader's cards go, the blocks
        of the same lowest rank and length set apart, as which of them goes
        where depends on the leader's cards."""
        ranks = (held | held >> 13 | held >> 26 | held >> 39) & 0x1FFF
        found: list[int] = []  # lowest << 12 | length << 8 | the lowest card
        for suit in range(4):
            pattern = held >> (13 * suit) & 0x1FFF
            while pattern:
                low = pattern & -pattern
                run = ((pattern + low) & ~pattern) - low
                pattern ^= run
                found.append(
                    (ranks & (low - 1)).bit_count() << 12
                    | run.bit_count() << 8
                    | 13 * suit + low.bit_length() - 1
                )
        found.sort()
        bits = held.bit_count()  # 6 bits
        at = 6
        previous = index = 0
        singles: list[tuple[int, int, int]] = []
        ties: list[tuple[tuple[tuple[int, int], ...], tuple[int, ...]]] = []
        count = len(found)
        while index < count:
            shape = found[index] >> 8
            lowest, length = shape >> 4, shape & 15
            same = index + 1
            while same < count and found[same] >> 8 == shape:
                same += 1
            bases: list[int] = []
            for _ in range(index, same):
                bits |= ((1 << (lowest - previous)) - 1) << at  # the steps up, then a 0
                at += lowest - previous + 1
                previous = lowest
                bits |= ((1 << (length - 1)) - 1) << at  # the length: ones, then a 0
                at += length
                bases.append(at)
                at += length
            width = (1 << length) - 1
            if same == index + 1:
                singles.append((found[index] & 0xFF, width, bases[0]))
            else:
                sources = tuple((entry & 0xFF, width) for entry in found[index:same])
                ties.append((sources, tuple(bases)))
            index = same
        plan = (bits, at, tuple(singles), tuple(ties))
        if len(self._plans) >= _MOVES_KEPT:
            self._plans.clear()
        self._plans[held] = plan
        return plan

    def _packed_key(self, hand: int, other: int) -> int:
        """``hand | other << 52`` by relative ranks, for positions too big for
        :meth:`key`: each group keeps the ranks that some card in play
        holds, and of each run of ranks between two of them that no card holds,
        one rank, only where a suit holds cards on both sides (else two cards of
        that suit would touch), and every card moves down past the ranks left
        out."""
        live = hand | other
        found = self._moves.get(live)
        if found is None:
            found = self._moves_for(live)
        moves, packed_live = found
        for staying, moving, by in moves:
            hand = hand & staying | (hand & moving) >> by
        # every card in play is in one hand or the other
        return hand | (packed_live ^ hand) << CARDS_IN_PACK

    def _moves_for(self, live: int) -> tuple[tuple[tuple[int, int, int], ...], int]:
        """:meth:`key`'s moves while ``live`` are the cards in play, kept, and the
        cards in play moved so."""
        moves: tuple[tuple[int, int, int], ...] = ()
        kept = self._group_moves
        for suits in self._group_masks:
            held = live & suits
            group = kept.get(held)
            if group is None:
                if len(kept) >= _MOVES_KEPT:
                    kept.clear()
                group = kept[held] = self._moves_of(held)
            moves += group
        packed = live
        for staying, moving, by in moves:
            packed = packed & staying | (packed & moving) >> by
        if len(self._moves) >= _MOVES_KEPT:
            self._moves.clear()
        found = self._moves[live] = (moves, packed)
        return found

    def _moves_of(self, held: int) -> tuple[tuple[int, int, int], ...]:
        """How :meth:`key` moves the cards of one group down while ``held`` are
        its cards in play: for each run of ranks left out, highest first, the
        cards that stay, the cards that move (the group's cards above the run)
        and by how many places."""
        if not held:
            return ()
        suits = [suit for suit in range(4) if held >> (13 * suit) & 0x1FFF]
        patterns = [held >> (13 * suit) & 0x1FFF for suit in suits]
        ranks = 0
        for pattern in patterns:
            ranks |= pattern
        low = ranks & -ranks
        high = 1 << (ranks.bit_length() - 1)
        gaps = ~ranks & (high - 1) & ~(low - 1)
        starts = gaps & ~(gaps << 1)
        dropped = (high - 1) & ~ranks  # the ranks above the highest move nothing
        while starts:
            start = starts & -starts
            starts ^= start
            above = ranks & ~((start << 1) - 1)
            after = above & -above
            before = start >> 1
            if any(pattern & before and pattern & after for pattern in patterns):
                dropped ^= start  # kept, so that the suit's two cards do not touch
        moves: list[tuple[int, int, int]] = []
        whole_pack = (1 << CARDS_IN_PACK) - 1
        while dropped:
            top = dropped.bit_length() - 1
            bottom = top
            while bottom > 0 and dropped >> (bottom - 1) & 1:
                bottom -= 1
            dropped &= (1 << bottom) - 1
            above_run = 0x1FFF & ~((2 << top) - 1)
            moving = 0
            for suit in suits:
                moving |= above_run << (13 * suit)
            moves.append((whole_pack & ~moving, moving, top - bottom + 1))
        return tuple(moves)

    @staticmethod
    def for_context(context: PhaseTwoRules) -> _Shedding | None:
        """The masks' race of ``context``'s rules, or ``None`` where they need
        the engine (see the class)."""
        if context in _SHEDDINGS:
            return _SHEDDINGS[context]
        shedding: _Shedding | None = None
        if isinstance(context, Context):
            rules = context.rules
            if (
                rules.packs == 1
                and not context.high_trump
                and not context.complete_suit
                and context.pick is not PickUpRule.LOWEST_CARD
            ):
                shedding = _Shedding(context)
        _SHEDDINGS[context] = shedding
        return shedding

    def takes(self, state: PhaseTwoState) -> bool:
        """Whether the race on masks plays on exactly as the engine from ``state``,
        a position of two seats with its game not over: a trick of two plays at
        most, a lead or none on the table, nothing waiting on either seat, and
        too few cards left for the game to stall (P2-QUIET) on any line: a
        pick-up shortens the leader's hand, so at most two moves a card pass
        before a kill."""
        if state._forced or state._blamattis or state._lead_out >= 0 or state._reserve_cards:
            return False
        return self.takes_masks(
            state._hand_masks, state._table_masks, state._trick_size, state._quiet
        )

    def takes_masks(
        self, hands: tuple[int, ...], table: tuple[int, ...], size: int, quiet: int
    ) -> bool:
        """:meth:`takes` of a position with nothing waiting on a seat, by its
        ``hands``, the plays on the ``table``, the size of the trick and the
        moves since a card left the game (P2-QUIET)."""
        if size != 2 or len(table) > 1:
            return False
        cards = 0
        for mask in hands:
            cards += mask.bit_count()
        for mask in table:
            cards += mask.bit_count()
        return quiet + 2 * cards + 4 < self.quiet_limit

    def runs(self, pattern: int) -> tuple[int, ...]:
        """The plays the rules allow from one suit's cards ``pattern`` (13 bits),
        more cards first, then the lower top card (the race's order among plays
        as weak, see :data:`_WEAKER_FIRST`), each as ``(16 - cards) << 17 | top
        << 13 | play``: the play is the low 13 bits, and the numbers sort in
        that order."""
        index = pattern | self.code << 13
        found = _RUN_MASKS[index]
        if found is None:
            plays: list[int] = []
            for slot in _slots(pattern, self.code):
                start = slot // 13
                end = slot % 13
                play = ((2 << end) - 1) ^ ((1 << start) - 1)
                plays.append((16 - (end - start + 1)) << 17 | end << 13 | play)
            plays.sort()
            found = _RUN_MASKS[index] = tuple(plays)
        return found

    def quick(self, hand: int, other: int) -> int:
        """Whether the leader of ``hand`` goes out by :func:`_quick_line`'s line:
        its blocks of touching cards led weakest first, trumps last, every one but
        the last one that the other seat (holding what it picked up) cannot beat.
        The number of leads of the line if it does, else 0."""
        beaten_by = self.beaten_by
        code = self.code << 13
        pieces: list[int] = []
        beatable = 0
        for suit in range(4):
            shift = 13 * suit
            pattern = hand >> shift & 0x1FFF
            if not pattern:
                continue
            found = _PIECES[pattern | code]
            if found is None:
                found = _PIECES[pattern | code] = self._pieces_of(pattern)
            for piece, top in found:
                pieces.append(piece << shift)
                if other & beaten_by[shift + top]:
                    beatable += 1
                    if beatable > 1:
                        return 0
        if len(pieces) == 1 or self._quick_line(pieces, other):
            return len(pieces)
        return 0

    def tops(self, hand: int, other: int) -> int:
        """The top cards of ``hand`` against ``other``: its cards taken strongest
        first (trumps, then the other suits, each by rank from the ace down, and
        suit by suit within a rank) for as long as each beats, alone, every card
        in play but itself and those taken before it. The first that does not
        ends them."""
        live = hand | other
        beats = self.beats
        taken = 0
        trumps = hand & self.trumps
        for pool in (trumps, hand ^ trumps):
            while pool:
                ranks = (pool | pool >> 13 | pool >> 26 | pool >> 39) & 0x1FFF
                cards = pool & _SUIT_STARTS << (ranks.bit_length() - 1)
                pool ^= cards
                while cards:
                    card = cards & -cards
                    cards ^= card
                    if live & ~taken & ~card & ~beats[card.bit_length() - 1]:
                        return taken
                    taken |= card
        return taken

    def _pieces(self, hand: int) -> int:
        """How many pieces :meth:`quick` would lead of ``hand``: its blocks of
        touching cards, or their single cards where a block is not a play."""
        code = self.code << 13
        count = 0
        for suit in range(4):
            pattern = hand >> (13 * suit) & 0x1FFF
            if pattern:
                found = _PIECES[pattern | code]
                if found is None:
                    found = _PIECES[pattern | code] = self._pieces_of(pattern)
                count += len(found)
        return count

    def _joins(self, hand: int, tops: int, live: int) -> int:
        """How many of the pieces of ``hand`` outside its ``tops`` (as
        :meth:`_pieces` counts them) and of the top cards, each alone, have a
        card in play (among ``live``) just below and just above them in their
        suit: the most of them a pick-up could use to join two blocks of the
        picker's hand."""
        code = self.code << 13
        rest = hand & ~tops
        joins = 0
        for suit in range(4):
            shift = 13 * suit
            pattern = rest >> shift & 0x1FFF
            if pattern:
                found = _PIECES[pattern | code]
                assert found is not None  # counted by _pieces first
                for piece, _top in found:
                    joins += _can_join(piece << shift, live)
        while tops:
            card = tops & -tops
            tops ^= card
            joins += _can_join(card, live)
        return joins

    def stronger_twin(self, lone: int, lead: int, live: int) -> bool:
        """Whether the single card ``lead``, touching no card in play
        (``live``), is the twin of one of the cards ``lone``, no weaker: every
        card in play but the two beats both or neither as the lowest card of a
        play, and each beats the same of them, and that card cannot beat
        ``lead``.

        Holding the stronger of two such twins is never worse than holding the
        weaker with the other seat holding the stronger: each side can play its
        card wherever the other would play its own, any play that beats one
        beats the other, and a pick-up or a kill of either leaves the two
        positions one game. So a leader leading the weaker twin does as well as
        leading the stronger (the answers are the same, and after a pick-up it
        keeps the stronger): where the weaker lost, the stronger loses too.
        Touching no card in play, a twin is never part of a longer play, now or
        later (cards only leave play). A card merely no weaker than another
        (beating all it beats, beaten by no more) is not a twin: it is not
        always the better one to hold, since a card led and picked up changes
        sides (a trump picked up beats whatever its old holder leads next)."""
        card = lead.bit_length() - 1
        beaten_by = self.beaten_by
        beats = self.beats
        while lone:
            tried = lone & -lone
            lone ^= tried
            weaker = tried.bit_length() - 1
            rest = live & ~(tried | lead)
            if (
                not (beaten_by[weaker] ^ beaten_by[card]) & rest
                and not (beats[weaker] ^ beats[card]) & rest
                and not beaten_by[card] & tried
            ):
                return True
        return False

    def tops_win(self, hand: int, other: int, spare: int) -> bool:
        """:meth:`settled`'s answer 1, with ``spare`` of the other seat's blocks
        to spare: whether the leader's top cards put it out (as :meth:`settled`
        plays them) whatever the other seat does. With one to spare it holds
        as well against the other seat's hand less any play: the top cards
        stay top cards against fewer cards, the leader's pieces stay as they
        are, fewer cards in play make no more joins, and a play ends one block
        at most."""
        live = hand | other
        # each block of touching cards outside the top cards is one piece at least
        tops = self.tops(hand, other)
        if not tops or _plays_needed(hand & ~tops) > tops.bit_count() + 1:
            return False
        count = tops.bit_count()
        pieces = self._pieces(hand & ~tops)
        blocks = _plays_needed(other) - spare
        plays = 2 * (pieces - 1)  # two for each piece beaten but the last
        picked = pieces + count - 1  # each lead but the last
        return (
            count >= pieces - 1
            and blocks > plays
            and (blocks > plays + picked or blocks > plays + self._joins(hand, tops, live))
        )

    def settled(self, hand: int, other: int) -> int:
        """The race's answer where the top cards decide it: 1 where the leader,
        holding ``hand``, goes out whatever the other seat does, 0 where the
        other seat, holding ``other``, does, and -1 where neither is sure.

        A seat whose top cards (:meth:`tops`) beat everything else in play plays
        so: it beats every lead with its lowest top card left, and leads its
        other pieces (as :meth:`quick` cuts them) one by one, first leading
        away, lowest first, any top cards beyond those it still needs to beat
        with. Nothing can beat a top card it leads, so the other picks it up.
        Each piece the other beats costs one top card (to beat the next lead),
        except the last, which puts the seat out. So ``m`` top cards and ``k``
        other pieces win for the leader where ``m >= k - 1``, and for the
        seat answering a lead (one top card spent on it first) where
        ``m >= k``, as long as the other seat cannot empty its hand on the
        way: each of its plays ends one of its blocks of touching cards at
        most, and each pick-up at most joins two of them, only where the
        cards just below and just above what it picks up are in play. So its
        blocks must outnumber its plays (two for each piece it beats but the
        last, and the lead first where it leads) and the pick-ups that could
        join two of them. Under rules where two cards beat each other, no
        card is sure: -1."""
        if not self.one_way:
            return -1
        if self.tops_win(hand, other, 0):
            return 1
        live = hand | other
        tops = self.tops(other, hand)
        if tops and _plays_needed(other & ~tops) <= tops.bit_count():
            count = tops.bit_count()
            pieces = self._pieces(other & ~tops)
            blocks = _plays_needed(hand)
            plays = max(2 * pieces - 1, 1)  # the lead, then two for each piece beaten
            picked = max(pieces + count - 2, 0)
            if (
                count >= pieces
                and blocks > plays
                and (blocks > plays + picked or blocks > plays + self._joins(other, tops, live))
            ):
                return 0
        return -1

    def junk_of(self, mine: int, theirs: int) -> int:
        """The junk of ``mine`` against ``theirs``: the most of its cards such
        that every other card in play beats each of them alone, and no block of
        touching cards among them touches a card in play outside them.

        No card of the other seat's can beat junk, pick it up or join it: where
        every card of a seat beats a lead, picking it up is never better than
        beating it (see :meth:`canonical`), so junk stays in its hand until it
        leads it and is beaten. It counts only by its blocks."""
        beats = self.beats
        junk = mine
        cards = theirs
        while cards and junk:
            card = cards & -cards
            cards ^= card
            junk &= beats[card.bit_length() - 1]
        live = mine | theirs
        while junk:
            kept = junk
            cards = mine & ~junk
            while cards and kept:
                card = cards & -cards
                cards ^= card
                kept &= beats[card.bit_length() - 1]
            outside = live & ~kept
            found = kept
            for suit in range(4):
                if not found:
                    break
                pattern = kept >> (13 * suit) & 0x1FFF
                near = outside >> (13 * suit) & 0x1FFF
                while pattern:
                    low = pattern & -pattern
                    run = ((pattern + low) & ~pattern) - low
                    pattern ^= run
                    if (run << 1 | run >> 1) & near:
                        found &= ~(run << (13 * suit))
            if found == junk:
                break
            junk = found
        return junk

    def unled(self, hand: int, other: int, crossed: int, suit: int) -> int:
        """The cards of ``hand`` in ``suit`` (its 13-bit pattern) that no play the
        race tries from ``hand`` starts from (see :meth:`_Race._leads` and
        :meth:`_Race._answered`): in each block of touching cards, every card
        above the lowest, where the rules shift (:attr:`shifting`) and key by
        relative ranks (:attr:`groups`), ``other`` does not hold the card just
        below the block, and ``crossed`` holds no card of another suit of the
        block's group (whose ranks compare with it) with a rank within the
        block. For a lead, both are the other seat's hand; for a beat, ``other``
        is what the leader kept and the lead, and ``crossed`` the lead alone.

        Then of the plays of one number of cards from the block, the one from its
        bottom is as good as any other for the seat that plays it. A lead from
        the block is beaten by the same plays whichever it is (the other seat's
        cards of the group lie below the block or above it), and a beat from it
        beats the lead whichever it is (the lead lies below or above it). Once
        the play is killed, the one from the bottom leaves its seat the top of
        the block, in one block: cards as high as another play leaves or higher,
        touching as many. A lead picked up gives the other seat the lowest
        cards, which touch none of its own, and leaves the leader's above them
        in one block. A card raised, touching no fewer of its seat's cards, is
        never worse for that seat: it beats what it beat and is beaten by no
        more; so where the other seat's cards lie among the block's ranks makes
        no difference once the play is made. Tried before the others of its
        number (the lower cards first), the play from the bottom is the first
        that wins wherever one of them does: the verdicts and the moves named
        stay the same, and only the positions where every play loses are
        searched the quicker. The engine's race, which tries every move, holds
        it to that in the tests, under every preset's rules and settings drawn
        at random."""
        if not self.shifting or not self.groups or not self.bottom_plays:
            return 0
        shift = 13 * suit
        group = self.groups[suit]
        crossing = 0  # the cards ``crossed`` of the other suits of its group, by rank
        for second in range(4):
            if second != suit and self.groups[second] == group:
                crossing |= crossed >> (13 * second) & 0x1FFF
        near = other >> shift & 0x1FFF
        pattern = hand >> shift & 0x1FFF
        unled = 0
        while pattern:
            low = pattern & -pattern
            block = ((pattern + low) & ~pattern) - low
            pattern ^= block
            if not near & low >> 1 and not crossing & block:
                unled |= block ^ low
        return unled

    def _laid(self, mine: int, theirs: int, junk: int) -> int:
        """The cards :meth:`canonical` lays ``junk`` out on, or 0 where it does not fit."""
        lengths = sorted((block.bit_count() for block in _blocks(junk)), reverse=True)
        rest = (mine | theirs) & ~junk
        plain = rest & ~self.trumps
        ranks = (plain | plain >> 13 | plain >> 26 | plain >> 39) & 0x1FFF
        ceiling = (ranks & -ranks).bit_length() - 1 if ranks else 13  # the lowest such rank
        starts = [0, 0, 0, 0]
        laid = 0
        for length in lengths:
            for suit in range(4):
                if self.trumps >> (13 * suit) & 0x1FFF:
                    continue
                end = starts[suit] + length  # the rank just above the block
                if end < ceiling or (
                    end == ceiling and end < 13 and not rest >> (13 * suit + end) & 1
                ):
                    break
            else:
                return 0
            laid |= ((1 << length) - 1) << (13 * suit + starts[suit])
            starts[suit] += length + 1
        return laid

    def canonical(self, hand: int, other: int) -> tuple[int, int]:
        """The position of the leader's ``hand`` against ``other`` with the junk
        (:meth:`junk_of`) that one of them holds laid out the same way whatever
        its cards were: its blocks, longest first, each in the first suit
        without trumps where it fits from the lowest rank up, one rank apart,
        below every card in play outside it that is not a trump. The position
        itself where the rules do not allow it (:attr:`shifting`), there is no
        junk, or it does not fit.

        The two are one game. Junk stays with its holder: every card of the
        other seat's beats a lead of it, and where every card of the answering
        seat beats a lead, picking it up is never better than beating it (a
        lemma the tests check against a search of every move). So a junk card
        only ever leaves the game with the play that beats it; no card beats
        the other's cards with it; no pick-up joins it to another (its blocks
        touch nothing in play); and whatever the cards, each lead of junk
        meets the same answers. Matching each block to one as long takes the
        plays of one position to the other's, one for one."""
        if not self.shifting:
            return hand, other
        junk = self.junk_of(hand, other)
        if junk:
            return self._junk_moved(hand, other, junk), other
        junk = self.junk_of(other, hand)
        if junk:
            return hand, self._junk_moved(other, hand, junk)
        return hand, other

    def _junk_moved(self, mine: int, theirs: int, junk: int) -> int:
        """``mine`` with its ``junk`` laid out by :meth:`_laid`, where it fits
        and stays junk so (else ``mine`` itself)."""
        laid = self._laid(mine, theirs, junk)
        if laid and laid != junk:
            changed = mine & ~junk | laid
            if self.junk_of(changed, theirs) == laid:
                return changed
        return mine

    def _pieces_of(self, pattern: int) -> tuple[tuple[int, int], ...]:
        """The pieces :meth:`quick` leads from one suit's cards ``pattern``, each
        with its top card's rank index: each block of touching cards, or its single
        cards where the block is not a play."""
        pieces: list[tuple[int, int]] = []
        while pattern:
            low = pattern & -pattern
            run = ((pattern + low) & ~pattern) - low
            pattern ^= run
            top = run.bit_length() - 1
            if self.whole[13 * (low.bit_length() - 1) + top]:
                pieces.append((run, top))
            else:  # the block is not a play: its single cards are
                while run:
                    card = run & -run
                    run ^= card
                    pieces.append((card, card.bit_length() - 1))
        return tuple(pieces)

    def _quick_line(self, pieces: list[int], other: int) -> bool:
        """:meth:`quick` once at most one of the ``pieces`` (the blocks of the
        leader's hand that are plays, and the single cards of those that are
        not) can be beaten: the line itself, the other seat holding what it
        picked up."""
        trumps = self.trumps
        order: list[int] = []
        for index, piece in enumerate(pieces):
            top = piece.bit_length() - 1
            order.append((int(piece & trumps != 0) << 4 | top % 13) << 8 | index)
        order.sort()
        beaten_by = self.beaten_by
        beatable = -1
        for place, entry in enumerate(order):
            if other & beaten_by[pieces[entry & 0xFF].bit_length() - 1]:
                beatable = place
        order.pop(beatable if beatable >= 0 else 0)
        held = other
        for entry in order:
            piece = pieces[entry & 0xFF]
            if held & beaten_by[piece.bit_length() - 1]:
                return False
            held |= piece
        return True


#: One group's plan of :meth:`_Shedding.key` (see :meth:`_Shedding._plan_for`):
#: the bits no hand changes, their number, the blocks alone in their lowest rank
#: and length (shift, width, where the leader's cards go) and the sets of blocks
#: that share them (shifts and widths, and where they go in their sorted order).
_KeyPlan = tuple[
    int,
    int,
    tuple[tuple[int, int, int], ...],
    tuple[tuple[tuple[tuple[int, int], ...], tuple[int, ...]], ...],
]
#: In the race's order of plays (each ``play << 2 | suit``, from
#: :meth:`_Shedding.runs`, sorted), the bit that puts trumps after every other
#: play, and the bit that puts a lead the other seat cannot beat after those
#: it can: a seat that keeps its trumps and tries first the leads that may be
#: beaten finds its way out sooner (from 0.57 to 0.25 of the positions at 18 to 24 cards).
_TRUMPS_LAST: Final = 1 << 31
_UNBEATEN_LAST: Final = 1 << 30
#: Below those bits, at bit 23, the leads of each kind are ordered weaker
#: first: ``_WEAKER_FIRST`` less the number of cards in play (both hands) that
#: beat the lead's lowest card. Tried weakest first, the lead that wins, where
#: one does, tends to come sooner: the hardest 24-card position of
#: ``benchmarks/solve.py`` (seed 107) takes 284,195 positions where it took
#: 10,764,207 with more cards first and the lower top card.
_WEAKER_FIRST: Final = 63
#: The most positions :attr:`_Race.seen` holds before it starts again.
_SEEN_KEPT: Final = 1_000_000
#: The most cards the other seat may hold where the race looks for its finishers
#: (:meth:`_Race._finishers`): past it they are many to try and seldom there.
_FINISHERS_MOST: Final = 6
#: The most sets of cards in play :meth:`_Shedding.key` keeps its moves for.
_MOVES_KEPT: Final = 50_000


#: The masks' race of each set of rules met (``None``: the rules need the engine).
_SHEDDINGS: Final[dict[PhaseTwoRules, _Shedding | None]] = {}
#: The plays of one suit's cards under each ``runs`` setting, by ``pattern |
#: code << 13``, as :meth:`_Shedding.runs` gives them.
_RUN_MASKS: Final[list[tuple[int, ...] | None]] = [None] * (len(Runs) << 13)
#: :meth:`_Shedding._pieces_of` of one suit's cards under each ``runs`` setting,
#: by ``pattern | code << 13``.
_PIECES: Final[list[tuple[tuple[int, int], ...] | None]] = [None] * (len(Runs) << 13)


#: A forcing search's answer for a goal it cannot force on any line (see :class:`_Force`).
_FAIL: Final = -(1 << 30)
#: A forcing search's answer where a line grew longer than :data:`_LONGEST_LINE`:
#: undecided. It rests on a place above the first, so it is kept nowhere.
_CUT: Final = -1
#: The most positions a line of :class:`_Force` holds: a search goes no deeper,
#: so that it fits the interpreter's recursion limit with room to spare (each
#: position is one call; the race below it and the caller's own calls need the
#: rest). Lines this long are where the other side keeps the game going round;
#: the proof search and the whole graph settle those.
_LONGEST_LINE: Final = 500


class _Force:
    """Whether ``forcer`` can force its goal at all from a position, counting no
    moves: with three seats or more, where picking up can bring a line back, as
    :class:`_Race` does with two. The goal is the escape of ``seat`` when
    ``escape`` is true, else that ``seat`` is the goat.

    Depth first, stopping at the first move that reaches the goal for the side
    that wants it. A line that comes back to a position on it does not reach the
    goal there (the other side may keep it going round); but that answer holds for
    this line only, so a failure that rests on a position higher on the line is
    not kept. A failure that rests on no position above its own holds on every
    line (the other side can keep the game from the goal for ever from there), and
    a success never rests on the line, so both are kept, as the answers to graph
    history problems in game search are kept.

    :meth:`force` returns, for a goal it forces, the most moves the line it found
    takes (a forcing seat that plays the kept move with the fewest, move after
    move, gets there); for a goal it cannot force, ``-2 - place``, where
    ``place`` is the highest place on the line the failure rests on (``_FAIL``:
    none, it holds on every line). A line longer than :data:`_LONGEST_LINE` is
    not followed: its answer :data:`_CUT` rests on a place above the first
    (``-1``), so nothing that rests on it is kept, and at the first position it
    means undecided."""

    def __init__(
        self, solver: Solver, seat: int, escape: bool, table: dict[int, int], budget: _Budget
    ) -> None:
        self.solver = solver
        self.seat = seat
        self.escape = escape
        self.table = table
        self.budget = budget
        self.line: dict[int, int] = {}
        self.race = True  # whether two-seat positions go to the race

    def force(self, state: PhaseTwoState, key: int = -1) -> int:
        """See the class; ``key`` is ``state``'s key where the caller has it."""
        positions = _Positions.for_state(state)
        if positions is not None and _Positions.takes(state):
            position = _Positions.of(state)
            if positions.native is not None:
                return self._force_natively(positions, positions.native, position)
            return self._force(positions, position, positions.key(position))
        seat = self.seat
        escape = self.escape
        active = state._active
        if not active >> seat & 1:  # out of play: it has escaped
            return 0 if escape else _FAIL
        if state._turn < 0:
            return 0 if (state._goat != seat) == escape and not _stalled(state) else _FAIL
        if key < 0:
            key = _key(state)
        table = self.table
        known = table.get(key)
        if known is not None:
            return known
        place = self.line.get(key)
        if place is not None:
            return -2 - place
        if len(self.line) >= _LONGEST_LINE:
            return _CUT
        if self.race and active.bit_count() == 2 and active >> seat & 1:
            try:
                escapes = self.solver._race(state, seat, self.budget)
            except _Cyclic:
                self.race = False  # these rules bring two-seat lines back
            else:
                value = 1 if bool(escapes) == escape else _FAIL
                table[key] = value
                return value
        self.budget.spend()
        forcing = (state._turn == seat) == escape
        context = state._context
        children = [
            context.successor(state, move) for move in _ordered(state, context.legal_moves(state))
        ]
        # an answer the table already holds settles it at once
        keys: list[int] = []
        for child in children:
            child_key = -1
            if child._turn >= 0:
                child_key = _key(child)
                found = table.get(child_key)
                if found is not None and (found >= 0) == forcing:
                    value = found + 1 if forcing else _FAIL
                    table[key] = value
                    return value
            keys.append(child_key)
        place = len(self.line)
        self.line[key] = place
        try:
            if forcing:
                rests = _NO_PLACE
                value = 0
                for index, child in enumerate(children):
                    found = self.force(child, keys[index])
                    if found >= 0:
                        value = found + 1
                        break
                    rests = min(rests, -2 - found)
                else:
                    value = -2 - rests
            else:
                longest = 0
                for index, child in enumerate(children):
                    found = self.force(child, keys[index])
                    if found < 0:
                        value = found
                        break
                    longest = max(longest, found)
                else:
                    value = longest + 1
        finally:
            del self.line[key]
        if value < 0 and -2 - value >= place:
            value = _FAIL  # it rests on no position above it: it holds on every line
        if value >= 0 or value == _FAIL:
            table[key] = value
        return value

    def _force_natively(
        self, positions: _Positions, native: _NativeRace, position: _Position
    ) -> int:
        """:meth:`_force` in C (the compiled build): the same table entries, and
        the same positions counted."""
        solver = self.solver
        seat = self.seat
        budget = self.budget
        race: Callable[[_Position], int] | None = None
        if self.race:

            def race(child: _Position) -> int:
                return solver._race_masks(positions, child, seat, budget)

        hands, table, turn, size, active, quiet, goat = position
        found = native.force(
            self.table,
            self.line,
            seat,
            self.escape,
            race,
            budget,
            _LONGEST_LINE,
            hands,
            table,
            turn,
            size,
            active,
            quiet,
            goat,
        )
        if found is None:
            raise _OutOfBudget
        return found

    def _force(self, positions: _Positions, position: _Position, key: int) -> int:
        """:meth:`force` on masks (see :class:`_Positions`): the same search,
        save that a position of two seats goes to the race only where the race
        on masks takes it (elsewhere the race on the engine's states would)."""
        seat = self.seat
        escape = self.escape
        _, _, turn, _, active, _, goat = position
        if not active >> seat & 1:  # out of play: it has escaped
            return 0 if escape else _FAIL
        if turn < 0:
            return 0 if goat >= 0 and (goat != seat) == escape else _FAIL
        table = self.table
        known = table.get(key)
        if known is not None:
            return known
        place = self.line.get(key)
        if place is not None:
            return -2 - place
        if len(self.line) >= _LONGEST_LINE:
            return _CUT
        if self.race and active.bit_count() == 2 and positions.races(position):
            escapes = self.solver._race_masks(positions, position, seat, self.budget)
            value = 1 if bool(escapes) == escape else _FAIL
            table[key] = value
            return value
        self.budget.spend()
        forcing = (turn == seat) == escape
        children = [positions.after(position, move) for move in positions.moves(position)]
        # an answer the table already holds settles it at once
        keys: list[int] = []
        for child in children:
            child_key = -1
            if child[2] >= 0:
                child_key = positions.key(child)
                found = table.get(child_key)
                if found is not None and (found >= 0) == forcing:
                    value = found + 1 if forcing else _FAIL
                    table[key] = value
                    return value
            keys.append(child_key)
        place = len(self.line)
        self.line[key] = place
        try:
            if forcing:
                rests = _NO_PLACE
                value = 0
                for index, child in enumerate(children):
                    found = self._force(positions, child, keys[index])
                    if found >= 0:
                        value = found + 1
                        break
                    rests = min(rests, -2 - found)
                else:
                    value = -2 - rests
            else:
                longest = 0
                for index, child in enumerate(children):
                    found = self._force(positions, child, keys[index])
                    if found < 0:
                        value = found
                        break
                    longest = max(longest, found)
                else:
                    value = longest + 1
        finally:
            del self.line[key]
        if value < 0 and -2 - value >= place:
            value = _FAIL  # it rests on no position above it: it holds on every line
        if value >= 0 or value == _FAIL:
            table[key] = value
        return value


#: The place on the line of a failure that rests on none.
_NO_PLACE: Final = -2 - _FAIL


class Solver:
    """A phase-two solver that keeps what it proved from one question to the
    next: a bot that asks before each of its moves finds most of the answer
    already there, and a side that plays the first of :attr:`Solution.moves` move
    after move follows one line to its end (asked with ``quickest=True``, it sees
    :attr:`Solution.length` fall by one each move).

    It holds at most four million positions, then forgets them and starts again.
    """

    def __init__(self) -> None:
        self._tables: dict[tuple[object, ...], dict[int, int]] = {}
        #: the proof search's tables of bounds, by rules, seats out, seat and goal
        self._bound_tables: dict[tuple[object, ...], _Bounds] = {}
        #: the C races on masks (the compiled build), by rules, with their tables
        self._races: dict[PhaseTwoRules, _NativeRace] = {}
        self._size = 0

    def _table(
        self, state: PhaseTwoState, seat: int, escape: bool | None, forcing: bool = False
    ) -> dict[int, int]:
        """The table of one question: answers for the race (``escape`` ``None``),
        or with ``forcing`` answers of the search that counts no moves
        (:class:`_Force`) for the goal ``escape`` names (the proof search's are
        :meth:`_bounds`)."""
        name = (state._context, state._out_of_play_mask, seat, escape, forcing)
        table = self._tables.get(name)
        if table is None:
            table = self._tables[name] = {}
        return table

    def _bounds(self, state: PhaseTwoState, seat: int, escape: bool) -> _Bounds:
        """The proof search's table of bounds for one question: in the compiled
        build, where the search runs on masks in C, the C table it reads."""
        name = (state._context, state._out_of_play_mask, seat, escape)
        table = self._bound_tables.get(name)
        if table is None:
            positions = _Positions.for_state(state)
            if (
                _NATIVE_BOUNDS is not None
                and positions is not None
                and positions.native is not None
            ):
                table = _NATIVE_BOUNDS(state.players)
            else:
                plain: dict[int, int] = {}
                table = plain
            self._bound_tables[name] = table
        return table

    def _prove(
        self, state: PhaseTwoState, seat: int, escape: bool, depth: int, budget: _Budget
    ) -> int:
        """Whether the goal (see :class:`_Proof`) can be forced within ``depth``
        moves: the moves it takes, or ``-low``."""
        table = self._bounds(state, seat, escape)
        before = len(table)
        search = _Proof(seat, escape, table, budget.nodes - budget.used, budget.deadline)
        try:
            return search.prove(state, depth)
        finally:
            self._spent(budget, search.nodes, len(table) - before)

    def _race(self, state: PhaseTwoState, seat: int, budget: _Budget) -> int:
        """1 if ``seat`` escapes from a two-seat ``state``, else 0 (see :class:`_Race`)."""
        table = self._table(state, seat, None)
        shedding = _Shedding.for_context(state._context)
        context = state._context
        native = self._native_race(context, shedding) if shedding is not None else None
        shed = self._shed_table(context) if shedding is not None and native is None else {}
        seen = self._shed_table(context, "seen") if shedding is not None and native is None else {}
        held = len(native) if native is not None else 0
        before = len(table) + len(shed) + held
        search = _Race(
            seat, table, budget.nodes - budget.used, budget.deadline, shedding, shed, native, seen
        )
        try:
            return search.escapes(state)
        finally:
            held = len(native) if native is not None else 0
            self._spent(budget, search.nodes, len(table) + len(shed) + held - before)

    def _race_masks(
        self, positions: _Positions, position: _Position, seat: int, budget: _Budget
    ) -> int:
        """:meth:`_race` of a position on masks that the race on masks takes
        (:meth:`_Positions.races`)."""
        context = positions.context
        shedding = positions.shedding
        native = self._native_race(context, shedding)
        shed = self._shed_table(context) if native is None else {}
        seen = self._shed_table(context, "seen") if native is None else {}
        held = len(native) if native is not None else 0
        before = len(shed) + held
        search = _Race(
            seat, {}, budget.nodes - budget.used, budget.deadline, shedding, shed, native, seen
        )
        hands, table, turn, _, active, _, _ = position
        try:
            return search.on_masks(hands, table, turn, active)
        finally:
            held = len(native) if native is not None else 0
            self._spent(budget, search.nodes, len(shed) + held - before)

    def _native_race(self, context: PhaseTwoRules, shedding: _Shedding) -> _NativeRace | None:
        """The compiled build's race on masks in C under the ``context``'s rules,
        with the table it keeps (``None`` in the pure build)."""
        if _NATIVE_RACE is None:
            return None
        race = self._races.get(context)
        if race is None:
            race = self._races[context] = _NATIVE_RACE(
                shedding.filters,
                shedding.beaten_by,
                shedding.trumps,
                shedding.whole,
                shedding.groups,
            )
        return race

    def _shed_table(self, context: PhaseTwoRules, kind: str = "shedding") -> dict[int, int]:
        """The table of the race on masks under the ``context``'s rules (see
        :class:`_Shedding`), or with ``kind="seen"`` its cache (:attr:`_Race.seen`),
        forgotten with it."""
        name = (context, kind)
        table = self._tables.get(name)
        if table is None:
            table = self._tables[name] = {}
        return table

    def _force(self, state: PhaseTwoState, seat: int, escape: bool, budget: _Budget) -> int:
        """Whether the goal (see :class:`_Force`) can be forced at all: the moves of
        the line found, :data:`_FAIL`, or :data:`_CUT` where a line grew too long
        to decide."""
        table = self._table(state, seat, escape, forcing=True)
        before = len(table)
        try:
            return _Force(self, seat, escape, table, budget).force(state)
        finally:
            self._spent(budget, 0, len(table) - before)

    def _spent(self, budget: _Budget, nodes: int, kept: int) -> None:
        """Count a search's positions against the budget and its new table entries
        against :data:`TABLE_LIMIT` (past it, every table is forgotten)."""
        budget.used += nodes
        self._size += kept
        if self._size > TABLE_LIMIT:
            self._tables.clear()
            self._bound_tables.clear()
            self._races.clear()
            self._size = 0

    def solve(
        self,
        state: State,
        seat: int | None = None,
        *,
        max_nodes: int = DEFAULT_NODES,
        seconds: float | None = None,
        quickest: bool = False,
        one_move: bool = False,
    ) -> Solution:
        """Whether ``seat`` (by default the seat to move) can escape being the goat
        from ``state``, a phase-two position, whatever the others do (see the
        module's description). ``max_nodes`` and ``seconds`` bound the work: past
        either, the answer has ``verdict=None`` and ``complete=False``.

        By default moves are not counted (see the module's description):
        :attr:`Solution.length` is ``None`` and :attr:`Solution.moves` holds every
        move that keeps the verdict, for the side that forces it the one of the
        shortest line found first; with ``one_move=True`` only that one, when the
        side to move forces the verdict (the others are not searched, which saves
        most of the time). ``quickest=True`` asks for the quickest forcing line
        instead, with its length, at the cost of the proof search."""
        if not isinstance(state, PhaseTwoState):
            raise SolveError(f"the solver takes phase-two positions, not a {type(state).__name__}")
        if seat is None:
            if state.is_over:
                raise SolveError("the game is over: name the seat to ask about")
            seat = state.to_act[0]
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players:
            raise SolveError(f"seat must be a seat from 0 to {state.players - 1}, not {seat!r}")
        deadline = float("inf") if seconds is None else time.monotonic() + seconds
        budget = _Budget(max_nodes, deadline)
        try:
            if not quickest and _two_seats(state, seat):
                try:
                    return self._solve_race(state, seat, budget, one_move)
                except _Cyclic:
                    pass
            if not quickest and not state.is_over:
                return self._solve_forced(state, seat, budget, one_move)
            return self._solve(state, seat, budget)
        except _OutOfBudget:
            return Solution(seat, None, (), None, budget.used, False)

    def _solve_race(
        self, state: PhaseTwoState, seat: int, budget: _Budget, one_move: bool
    ) -> Solution:
        escapes = self._race(state, seat, budget)
        context = state._context
        legal = context.legal_moves(state)
        moves = legal
        if bool(escapes) == (state._turn == seat):  # the side to move wins: the moves that keep it
            table = self._table(state, seat, None)
            ordered = _ordered(state, legal)  # the race's order: its own move first
            shedding = _Shedding.for_context(context)
            if shedding is not None and shedding.takes(state) and not state._table_masks:
                # the race on masks leads in its own order: the leads it refuted
                # before the one that won are found refuted in its table
                hands = state._hand_masks
                other = hands[(state._active & ~(1 << state._turn)).bit_length() - 1]
                place = {
                    (entry >> 2 & 0x1FFF) << (13 * (entry & 3)): index
                    for index, entry in enumerate(_lead_order(shedding, hands[state._turn], other))
                }
                ordered.sort(key=lambda move: place.get(move.mask & PACK_MASK, len(place)))
            kept: list[Move] = []
            if one_move:
                for move in ordered:  # the move the race stored, if it stored one
                    child = context.successor(state, move)
                    if child._turn < 0:
                        known = -1 if _stalled(child) else int(child._goat != seat)
                    else:
                        known = table.get(_key(child), -1)
                    if known == escapes:
                        kept = [move]
                        break
            for move in ordered if not kept else ():
                if self._race(context.successor(state, move), seat, budget) == escapes:
                    kept.append(move)
                    if one_move:
                        break
            moves = tuple(kept)
        verdict = Verdict.ESCAPES if escapes else Verdict.GOAT
        return Solution(seat, verdict, moves, None, budget.used, True)

    def _solve_forced(
        self, state: PhaseTwoState, seat: int, budget: _Budget, one_move: bool
    ) -> Solution:
        """The answer from the searches that count no moves (see :meth:`_settle`)."""
        verdict, length = self._settle(state, seat, budget)
        if length is not None and (verdict is Verdict.ESCAPES) == (state._turn == seat):
            # the deepening or the whole graph decided: the quickest line names the moves
            return attrs.evolve(self._counted(state, seat, budget, verdict, length), length=None)
        context = state._context
        legal = context.legal_moves(state)
        after = [(move, context.successor(state, move)) for move in _ordered(state, legal)]
        moves = legal
        if verdict is Verdict.OPEN:
            moves = tuple(
                move for move, child in after if self._settle(child, seat, budget)[0] is verdict
            )
        elif (verdict is Verdict.ESCAPES) == (state._turn == seat):
            # the forcing side: the moves that force it, the one whose line is
            # shortest first (a seat that plays it move after move gets there)
            table = self._table(state, seat, verdict is Verdict.ESCAPES, forcing=True)
            forcing: list[tuple[int, int, Move]] = []
            for index, (move, child) in enumerate(after):
                if child._turn < 0:
                    found = 0 if self._settle(child, seat, budget)[0] is verdict else -1
                else:
                    found = table.get(_key(child), -1)
                    if (
                        found < 0
                        and not one_move
                        and self._settle(child, seat, budget)[0] is verdict
                    ):
                        found = table.get(_key(child), _NEVER)
                if found >= 0:
                    forcing.append((found, index, move))
            if not forcing:  # the table was emptied since: settle each move
                answer = self._solve_forced(state, seat, budget, False)
                return attrs.evolve(answer, moves=answer.moves[:1])
            forcing.sort()
            moves = tuple(move for _, _, move in forcing[: 1 if one_move else None])
        return Solution(seat, verdict, moves, None, budget.used, True)

    def _settle(
        self, state: PhaseTwoState, seat: int, budget: _Budget
    ) -> tuple[Verdict, int | None]:
        """The verdict, and the length of the quickest forcing line where the
        search that found it counts moves (``None`` where :class:`_Force` found it,
        or it is open)."""
        verdict, length = self._settled(state, seat, budget)
        return verdict, length if verdict is not Verdict.OPEN else None

    def _settled(
        self, state: PhaseTwoState, seat: int, budget: _Budget
    ) -> tuple[Verdict, int | None]:
        """See :meth:`_settle`.

        Three searches take turns, each given as much again as the last time it
        ran out: the escape and the goat searched without counting moves, and the
        proof search deepening :data:`_DEEPEN_BY` moves at a time (which finds a
        short forcing line soonest, where the others may wander down long lines
        first; the line need not be the quickest, so it skips every other depth,
        each of which would search the shallower ones again); what each
        proved stays in its table for its next turn. The proof search settles
        most hard positions, so it is given the most: each of the others a
        :data:`_FORCE_SHARE`-th of its turn, never less than :data:`_GRAPH_FIRST`
        (they settle the easy ones, and a position no one can force, at once).
        Where the turns grow long, the whole graph of positions is tried as well
        (see :meth:`_verdict`), with a limit of a :data:`_GRAPH_AFTER`-th of what
        the searches spent: on a real game's hard positions it is larger than
        that. It alone goes on once the others cannot (a line too long to
        follow, a deepening past any forced line of a real game)."""
        if state._turn < 0:
            return self._verdict(state, seat, budget)
        failed: set[bool] = set()
        undecided: set[bool] = set()  # a line grew too long: no more turns
        allowance = _GRAPH_FIRST
        start = budget.used
        graph = _GRAPH_FIRST
        depth = 1
        deepest = _deepest(state)
        while True:
            for escape in (True, False):
                if escape in failed or escape in undecided:
                    continue
                turn = self._turn(budget, max(_GRAPH_FIRST, allowance // _FORCE_SHARE))
                try:
                    found = self._force(state, seat, escape, turn)
                except _OutOfBudget:
                    self._turn_over(budget, turn)
                    continue
                budget.used = turn.used
                if found >= 0:
                    return (Verdict.ESCAPES if escape else Verdict.GOAT), None
                (undecided if found == _CUT else failed).add(escape)
            if len(failed) == 2:
                return Verdict.OPEN, None
            if depth > deepest and len(failed) + len(undecided) == 2:
                settled = _label_graph(state, seat, budget, budget.nodes)
                assert settled is not None  # pragma: no cover - the budget raises first
                return settled
            turn = self._turn(budget, allowance)
            try:
                # Past the deepest forced line a real game has, the deepening
                # stops (its bounds only count so far): the other searches and
                # the whole graph go on taking turns.
                while depth <= deepest and turn.used < turn.nodes:
                    escaped = self._prove(state, seat, True, depth, turn)
                    if escaped >= 0:
                        budget.used = turn.used
                        return Verdict.ESCAPES, escaped
                    goat = self._prove(state, seat, False, depth, turn)
                    if goat >= 0:
                        budget.used = turn.used
                        return Verdict.GOAT, goat
                    if escaped == goat == -_NEVER:
                        budget.used = turn.used
                        return Verdict.OPEN, None
                    depth += _DEEPEN_BY
            except _OutOfBudget:
                self._turn_over(budget, turn)
            else:
                budget.used = turn.used
            allowance *= 2
            if budget.used - start > _GRAPH_AFTER * graph:
                settled = _label_graph(state, seat, budget, graph)
                if settled is not None:
                    return settled
                graph *= 4

    @staticmethod
    def _turn(budget: _Budget, allowance: int) -> _Budget:
        """A part of ``budget``: ``allowance`` more positions at most."""
        turn = _Budget(min(budget.nodes, budget.used + allowance), budget.deadline)
        turn.used = budget.used
        return turn

    @staticmethod
    def _turn_over(budget: _Budget, turn: _Budget) -> None:
        """A part of ``budget`` ran out: count what it spent, and raise if the whole
        budget has run out too."""
        budget.used = turn.used
        if budget.used > budget.nodes or time.monotonic() > budget.deadline:
            raise _OutOfBudget

    def _solve(self, state: PhaseTwoState, seat: int, budget: _Budget) -> Solution:
        verdict, length = self._verdict(state, seat, budget)
        return self._counted(state, seat, budget, verdict, length)

    def _counted(
        self,
        state: PhaseTwoState,
        seat: int,
        budget: _Budget,
        verdict: Verdict,
        length: int | None,
    ) -> Solution:
        """The answer of the proof search, whose verdict and quickest ``length`` are known."""
        moves: tuple[Move, ...] = ()
        if not state.is_over:
            mine = state._turn == seat
            legal = state._context.legal_moves(state)
            after = [(move, state._context.successor(state, move)) for move in legal]
            if verdict is Verdict.OPEN:
                moves = tuple(
                    move
                    for move, child in after
                    if self._verdict(child, seat, budget)[0] is Verdict.OPEN
                )
            elif (verdict is Verdict.ESCAPES) != mine:
                moves = legal  # the side that cannot stop it: every move loses
            else:
                assert length is not None
                escape = verdict is Verdict.ESCAPES
                moves = tuple(
                    move
                    for move, child in after
                    if self._prove(child, seat, escape, length - 1, budget) >= 0
                )
        return Solution(seat, verdict, moves, length, budget.used, True)

    def _verdict(
        self, state: PhaseTwoState, seat: int, budget: _Budget
    ) -> tuple[Verdict, int | None]:
        """The verdict, deepening the search a move at a time for each side in
        turn, so that the first proof found is the quickest; past a depth no
        forced line in a real game reaches, the whole graph of positions decides."""
        if not state._active >> seat & 1:
            return Verdict.ESCAPES, 0  # out of play: it has escaped
        if state.is_over:
            if _stalled(state):
                return Verdict.OPEN, None
            return (Verdict.GOAT if state._goat == seat else Verdict.ESCAPES), 0
        start = budget.used
        graph = _GRAPH_FIRST
        for depth in range(1, _deepest(state) + 1):
            escaped = self._prove(state, seat, True, depth, budget)
            if escaped >= 0:
                return Verdict.ESCAPES, escaped
            goat = self._prove(state, seat, False, depth, budget)
            if goat >= 0:
                return Verdict.GOAT, goat
            if escaped == goat == -_NEVER:
                return Verdict.OPEN, None
            if budget.used - start > graph:
                # Long lines or cycles: the whole graph may be the smaller task.
                # Each try is given as much as the search has spent so far, so
                # the tries cost at most a few times the cheaper way.
                settled = _label_graph(state, seat, budget, graph)
                if settled is not None:
                    return settled
                graph *= 4
        settled = _label_graph(state, seat, budget, budget.nodes)
        assert settled is not None  # pragma: no cover - the budget raises first
        return settled


def _deepest(state: PhaseTwoState) -> int:
    """How deep the proof search deepens in ``state`` before the whole graph of
    positions decides: past any forced line a real game has, and below
    :data:`_NEVER`, which the proof search's bounds reserve for "no bound"."""
    cards = sum(mask.bit_count() for mask in state._hand_masks)
    cards += sum(mask.bit_count() for mask in state._table_masks)
    return min(_DEEPEST_FACTOR * cards + 8, _NEVER - 1)


def _two_seats(state: PhaseTwoState, seat: int) -> bool:
    """Whether ``state`` is being played by two seats, ``seat`` one of them."""
    active = state._active
    return state._turn >= 0 and active.bit_count() == 2 and bool(active >> seat & 1)


class _Budget:
    """What one question may spend (positions, and a time on the monotonic
    clock), and what it has spent."""

    def __init__(self, nodes: int, deadline: float) -> None:
        self.nodes = nodes
        self.deadline = deadline
        self.used = 0

    def spend(self) -> None:
        """Count one more position, and raise :class:`_OutOfBudget` past the
        positions allowed or (looked at every ``_CLOCK_EVERY`` positions) past
        the deadline."""
        self.used += 1
        if self.used > self.nodes or (
            self.used % _CLOCK_EVERY == 0 and time.monotonic() > self.deadline
        ):
            raise _OutOfBudget


def solve(
    state: State,
    seat: int | None = None,
    *,
    max_nodes: int = DEFAULT_NODES,
    seconds: float | None = None,
    quickest: bool = False,
    one_move: bool = False,
) -> Solution:
    """Whether ``seat`` (by default the seat to move) can escape being the goat
    from ``state``, a phase-two position, whatever the others do: a fresh
    :class:`Solver`'s answer (see :meth:`Solver.solve`)."""
    return Solver().solve(
        state,
        seat,
        max_nodes=max_nodes,
        seconds=seconds,
        quickest=quickest,
        one_move=one_move,
    )


def _label_graph(
    state: PhaseTwoState, seat: int, budget: _Budget, limit: int
) -> tuple[Verdict, int | None] | None:
    """The verdict from the whole graph of positions reachable from ``state``,
    labelled backwards from the ends of the game, as endgame tables are built
    for chess: a position of the side that wants an end is won as soon as one move
    wins, lost once every move loses; what is never labelled is open. Exact, and
    needs every position: ``None`` when there are more than ``limit``.

    It walks the positions on masks where :class:`_Positions` takes ``state``,
    else the engine's states: the same positions in the same order."""
    positions = _Positions.for_state(state)
    if positions is not None and _Positions.takes(state):
        return _label_positions(positions, _Positions.of(state), seat, budget, limit)
    index: dict[int, int] = {_key(state): 0}
    states: list[PhaseTwoState] = [state]
    children: list[list[int]] = []
    parents: list[list[int]] = [[]]
    todo = 0
    while todo < len(states):
        if _too_big(budget, todo, limit):
            return None
        current = states[todo]
        edges: list[int] = []
        if current._turn >= 0 and current._active >> seat & 1:
            context = current._context
            for move in context.legal_moves(current):
                after = context.successor(current, move)
                key = _key(after)
                number = index.get(key)
                if number is None:
                    number = len(states)
                    index[key] = number
                    states.append(after)
                    parents.append([])
                edges.append(number)
                parents[number].append(todo)
        children.append(edges)
        todo += 1
    ends: list[Verdict | None] = []
    for current in states:
        if not current._active >> seat & 1:  # out of play: it has escaped
            ends.append(Verdict.ESCAPES)
        elif current._turn < 0 and not _stalled(current):
            ends.append(Verdict.GOAT if current._goat == seat else Verdict.ESCAPES)
        else:
            ends.append(None)
    return _labelled([current._turn for current in states], ends, children, parents, seat)


def _label_positions(
    positions: _Positions, root: _Position, seat: int, budget: _Budget, limit: int
) -> tuple[Verdict, int | None] | None:
    """:func:`_label_graph` on masks, from ``root``: in C in the compiled build."""
    native = positions.native
    if native is None:
        return _walk_positions(positions, root, seat, budget, limit)
    hands, table, turn, size, active, quiet, goat = root
    found = native.graph(
        seat, budget, min(limit, _MOST_IN_GRAPH), hands, table, turn, size, active, quiet, goat
    )
    if found is None:
        raise _OutOfBudget
    if found < 0:
        return None
    if not found & 3:
        return Verdict.OPEN, None
    return (Verdict.ESCAPES if found & 3 == 1 else Verdict.GOAT), found >> 2


#: More positions than a graph of phase two holds (and than C's numbers count).
_MOST_IN_GRAPH: Final = (1 << 31) - 1


def _walk_positions(
    positions: _Positions, root: _Position, seat: int, budget: _Budget, limit: int
) -> tuple[Verdict, int | None] | None:
    """:func:`_label_positions` in Python."""
    index: dict[int, int] = {positions.key(root): 0}
    found: list[_Position] = [root]
    children: list[list[int]] = []
    parents: list[list[int]] = [[]]
    todo = 0
    while todo < len(found):
        if _too_big(budget, todo, limit):
            return None
        current = found[todo]
        edges: list[int] = []
        if current[2] >= 0 and current[4] >> seat & 1:
            for move in positions.moves(current, ordered=False):
                after = positions.after(current, move)
                key = positions.key(after)
                number = index.get(key)
                if number is None:
                    number = len(found)
                    index[key] = number
                    found.append(after)
                    parents.append([])
                edges.append(number)
                parents[number].append(todo)
        children.append(edges)
        todo += 1
    ends: list[Verdict | None] = []
    for _, _, turn, _, active, _, goat in found:
        if not active >> seat & 1:  # out of play: it has escaped
            ends.append(Verdict.ESCAPES)
        elif turn < 0 and goat >= 0:  # over, and not stalled (-2)
            ends.append(Verdict.GOAT if goat == seat else Verdict.ESCAPES)
        else:
            ends.append(None)
    return _labelled([current[2] for current in found], ends, children, parents, seat)


def _too_big(budget: _Budget, todo: int, limit: int) -> bool:
    """Whether a graph of more than ``limit`` positions reaches its ``todo``-th;
    else count it against ``budget`` (and raise past it)."""
    if todo >= limit:
        return True
    budget.used += 1
    if budget.used > budget.nodes or (
        todo % _CLOCK_EVERY == 0 and time.monotonic() > budget.deadline
    ):
        raise _OutOfBudget
    return False


def _labelled(
    turns: list[int],
    ends: list[Verdict | None],
    children: list[list[int]],
    parents: list[list[int]],
    seat: int,
) -> tuple[Verdict, int | None]:
    """The labelling of :func:`_label_graph`, of a graph of positions numbered
    from 0 (the first), with the seat to act in each (``turns``), the verdict of
    each that ends it (``ends``), and each one's ``children`` and ``parents``."""
    count = len(turns)
    label: list[Verdict | None] = list(ends)
    length = [0] * count
    left = [len(edges) for edges in children]
    queue: deque[int] = deque(number for number in range(count) if ends[number] is not None)
    while queue:
        done = queue.popleft()
        verdict = label[done]
        for parent in parents[done]:
            if label[parent] is not None:
                continue
            good = Verdict.ESCAPES if turns[parent] == seat else Verdict.GOAT
            if verdict is good:
                label[parent] = good
                length[parent] = length[done] + 1
                queue.append(parent)
            else:
                left[parent] -= 1
                if left[parent] == 0:  # every move leads to the other side's win
                    label[parent] = verdict
                    length[parent] = max(length[child] for child in children[parent]) + 1
                    queue.append(parent)
    verdict = label[0]
    if verdict is None:
        return Verdict.OPEN, None
    return verdict, length[0]
