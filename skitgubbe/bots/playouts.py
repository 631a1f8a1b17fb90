"""The greedy rules of thumb and the playouts the search bots are made of.

Everything here runs thousands of times a second inside
:class:`~skitgubbe.bots.SearchBot`, :class:`~skitgubbe.bots.PimcBot` and
:class:`~skitgubbe.bots.tree.TreeSearch`, so the compiled build compiles this
module with the engine (its functions, no classes: the bots that use them stay
plain classes that a program may subclass):

* :func:`greedy_choice`, the move :class:`~skitgubbe.bots.GreedyBot` makes;
* :func:`phase_two_key` and :func:`play_cost`, how costly a phase-two play
  is (the second as one number, read from the play's mask);
* :func:`playout_move` and :func:`playout`, a seat's move in a playout and a
  whole playout scored for one seat.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence

from ..cards import CARDS_IN_PACK, PACK_MASK, SUIT_BITS, Card, Suit
from ..knowledge import phase_one_heading
from ..moves import Dare, Done, Gather, Move, PickUp, Play, Sluff, Store, Swap
from ..rules import Trick
from ..state import Phase, PhaseOneState, PhaseTwoState, State
from ..views import PlayerView
from .protocol import is_due

__all__ = [
    "HIGH_CARD",
    "LOW_CARD",
    "PLAYOUT_LIMIT",
    "greedy_choice",
    "phase_two_key",
    "play_cost",
    "playout",
    "playout_move",
    "trump_bits",
]

#: Phase one: a card this low (or lower), valued as in phase one, is worth
#: sluffing onto another player's trick.
LOW_CARD = 7
#: Phase one: a card this high (or higher) is played early to win a trick.
HIGH_CARD = 12


#: A playout this long is cut short and scored as a middle place.
PLAYOUT_LIMIT = 5_000


def trump_bits(trump: Suit | None) -> int:
    """The mask of every card of the trump suit (0 without one), for
    :func:`play_cost`."""
    return 0 if trump is None else SUIT_BITS << (13 * trump)


def play_cost(mask: int, trumps: int) -> int:
    """:func:`phase_two_key` of the play of the cards in ``mask`` as one number
    that sorts the same way, given the trump suit's mask (:func:`trump_bits`)."""
    return _trump_count(mask, trumps) << 10 | _lowest_rank(mask) << 6 | (63 - mask.bit_count())


def _trump_count(mask: int, trumps: int) -> int:
    """How many cards of the multiset ``mask`` are trumps (``trumps``: one pack's)."""
    return (mask & trumps).bit_count() + (mask >> CARDS_IN_PACK & trumps).bit_count()


def _rank_value(rank: int, aces_low: bool) -> int:
    """A rank's strength in phase one: the rank, aces below twos under P1-ACES-LOW."""
    return 1 if aces_low and rank == 14 else int(rank)


def _value(card: Card, aces_low: bool) -> int:
    return _rank_value(card.rank, aces_low)


def _trumps(move: Move, trump: Suit | None) -> int:
    return 0 if trump is None else _trump_count(move.mask, SUIT_BITS << (13 * trump))


def _lowest_rank(mask: int) -> int:
    """The lowest rank (2 to 14) among the cards of a multiset mask."""
    folded = (mask | mask >> CARDS_IN_PACK) & PACK_MASK
    ranks = (folded | folded >> 13 | folded >> 26 | folded >> 39) & SUIT_BITS
    return (ranks & -ranks).bit_length() + 1


def phase_two_key(move: Move, trump: Suit | None) -> tuple[int, int, int]:
    """How costly a phase-two play is, for sorting: its trumps, its lowest rank,
    and minus its size (of two plays from the same card, the longer sheds more)."""
    return (_trumps(move, trump), _lowest_rank(move.mask), -move.mask.bit_count())


def greedy_choice(view: PlayerView, moves: Sequence[Move]) -> Move | None:
    """The move a greedy player makes, or ``None`` to let play go on.

    Phase one (won cards become the phase-two hand, so high cards are worth
    winning with and low cards are worth passing on):

    * store three trumps and swap the 2 of trumps for the upcard when allowed (Mas);
    * gather a trick it has won as soon as it may, so nobody sluffs onto it;
    * sluff only cards valued :data:`LOW_CARD` or less, only onto a trick it is not
      winning, and only while the stock can refill the hand; otherwise decline,
      or declare done when due;
    * when due to play: as the last to play in the round, win with the cheapest
      card that beats the heading rank if it has one; earlier in the round, play
      its highest card if it is valued :data:`HIGH_CARD` or more and beats the
      heading; otherwise play its lowest card, avoiding a tie; dare only when
      nothing else is allowed, and pick up (Mas) only when it cannot beat: a
      follower in Mas beats with its cheapest listed play, sparing trumps.

    Phase two (shed cards, keep the strong ones):

    * play rather than pick up; among plays, the one with the fewest trumps,
      then the lowest lowest card, then the most cards (a low run sheds most);
    * pick up only when no play is allowed.
    """
    if view.phase is Phase.ONE:
        return _phase_one(view, moves)
    plays = [move for move in moves if isinstance(move, Play)]
    if plays:
        trump = view.trump
        return min(plays, key=lambda m: phase_two_key(m, trump))
    return moves[0]


def _phase_one(view: PlayerView, moves: Sequence[Move]) -> Move | None:
    aces_low = view.rules.aces_low
    for kind in (Store, Swap, Gather):
        for move in moves:
            if isinstance(move, kind):
                return move
    mine = view.trick_winner == view.player
    if view.stock_size > 0 and not mine:
        sluffs = [
            m
            for m in moves
            if isinstance(m, Sluff) and all(_value(c, aces_low) <= LOW_CARD for c in m.cards)
        ]
        if sluffs:
            return min(sluffs, key=lambda m: max(_value(c, aces_low) for c in m.cards))
    if not is_due(view):
        return None
    for move in moves:
        if isinstance(move, Done):
            return move
    plays = [move for move in moves if isinstance(move, Play)]
    if not plays:
        for move in moves:
            if not isinstance(move, (Sluff, Dare)):
                return move  # a Mas pick-up
        dares = [move for move in moves if isinstance(move, Dare)]
        return dares[0] if dares else moves[0]

    if view.rules.trick is Trick.MAS and view.round_plays:
        # Mas: every play listed to a follower beats the led card, a low trump
        # included; win with the cheapest, sparing the trumps.
        trump = view.trump
        return min(plays, key=lambda m: (_trumps(m, trump), _top_value(m, aces_low)))
    heading = -1 if view.heading is None else view.heading - 2
    pick = next((move for move in moves if isinstance(move, PickUp)), None)
    return _play_or_pick(plays, pick, aces_low, heading, view.round_plays, view.round_seats)


def _top_value(move: Move, aces_low: bool) -> int:
    return _top_of(move.mask, aces_low)


def _top_of(mask: int, aces_low: bool) -> int:
    """The strength in phase one (:func:`_rank_value`) of the strongest card of a
    multiset mask."""
    folded = (mask | mask >> CARDS_IN_PACK) & PACK_MASK
    ranks = (folded | folded >> 13 | folded >> 26 | folded >> 39) & SUIT_BITS
    if aces_low and ranks >> 12:
        ranks &= 0xFFF
        if not ranks:
            return 1  # aces alone
    return ranks.bit_length() + 1


def _play_or_pick(
    plays: Sequence[Move],
    pick: Move | None,
    aces_low: bool,
    heading: int,
    round_plays: Sequence[object],
    round_seats: Sequence[int],
) -> Move:
    """The greedy play to a phase-one trick (not in Mas), from the rank heading
    the round (0 for the 2 to 12 for the ace, -1 for none), the plays made to
    the round and the seats in it; ``pick`` is the first pick-up offered, if any."""
    # A replay starts afresh: until someone plays to it, any card heads it.
    value = 0
    if heading >= 0 and round_plays:
        value = _rank_value(heading + 2, aces_low)
    last = len(round_plays) == len(round_seats) - 1
    tops = [_top_of(move.mask, aces_low) for move in plays]
    # the cheapest beat (lowest top, then fewest cards) and the strongest one
    cheapest = -1
    strongest = -1
    for index, top in enumerate(tops):
        if top > value:
            if cheapest < 0 or (top, len(plays[index].cards)) < (
                tops[cheapest],
                len(plays[cheapest].cards),
            ):
                cheapest = index
            if strongest < 0 or top > tops[strongest]:
                strongest = index
    if cheapest >= 0 and last:
        return plays[cheapest]
    if strongest >= 0 and tops[strongest] >= HIGH_CARD:
        return plays[strongest]
    if pick is not None and cheapest < 0:
        return pick
    quiet = -1  # the cheapest play that does not tie the heading rank
    for index, top in enumerate(tops):
        if top != value and (
            quiet < 0 or (top, len(plays[index].cards)) < (tops[quiet], len(plays[quiet].cards))
        ):
            quiet = index
    if quiet < 0:  # every play ties: the cheapest of them
        quiet = min(range(len(plays)), key=lambda index: len(plays[index].cards))
    return plays[quiet]


def playout_move(state: State, seat: int) -> Move:
    """The move the playouts make for a due ``seat``: the greedy choice, without
    out-of-turn sluffs, reading only what the seat's view would show."""
    moves = state.legal_moves(seat)
    if len(moves) == 1:
        return moves[0]
    if isinstance(state, PhaseTwoState):
        trumps = trump_bits(state.trump)
        best: Move | None = None
        lowest = 0
        for move in moves:
            if isinstance(move, Play):
                cost = play_cost(move.mask, trumps)
                if best is None or cost < lowest:
                    best, lowest = move, cost
        return moves[0] if best is None else best
    plays: list[Move] = []
    pick: Move | None = None
    firsts: list[Move | None] = [None, None, None, None]  # a Store, Swap, Gather, Done
    for move in moves:
        if isinstance(move, Play):
            plays.append(move)
        elif isinstance(move, PickUp):
            if pick is None:
                pick = move
        else:
            kind = (
                0
                if isinstance(move, Store)
                else 1
                if isinstance(move, Swap)
                else 2
                if isinstance(move, Gather)
                else 3
                if isinstance(move, Done)
                else -1
            )
            if kind >= 0 and firsts[kind] is None:
                firsts[kind] = move
    for first in firsts:
        if first is not None:
            return first
    if not plays and pick is None:
        return moves[0]
    rules = state.rules
    if isinstance(state, PhaseOneState) and rules.trick is not Trick.MAS and seat in state.due:
        # what greedy_choice does with the seat's view, read from the state
        # itself: building the whole view at every move of a playout costs more
        # than the rest of the move
        if not plays:
            assert pick is not None
            return pick
        heading = phase_one_heading(state)
        return _play_or_pick(plays, pick, rules.aces_low, heading, state.round_plays, state.order)
    plain = [m for m in moves if not isinstance(m, (Sluff, Dare))]
    chosen = greedy_choice(state.view(seat), plain)
    return moves[0] if chosen is None else chosen


def playout(state: State, me: int, deadline: float = math.inf) -> float | None:
    """Play ``state`` on with :func:`playout_move` until ``me`` is out or the game
    ends; ``me``'s place as a score from 0 (first out) to 1 (the goat). ``None``
    if the clock passes ``deadline`` first (looked at every 32 moves: a playout
    that goes round in circles may last up to the rules' quiet limit)."""
    players = state.players
    for made in range(PLAYOUT_LIMIT):
        if made % 32 == 31 and time.perf_counter() > deadline:
            return None
        if state.is_over:
            return 1.0 if state.loser == me else _place(state, me, players)
        if isinstance(state, PhaseTwoState) and me in state.out:
            return _place(state, me, players)
        state = state.apply(playout_move(state, state.due[0]))
    return 0.5  # pragma: no cover - playouts end long before


def _place(state: State, me: int, players: int) -> float:
    """``me``'s place once out: how many seats went out no later, as a fraction."""
    assert isinstance(state, PhaseTwoState)
    still = players - len(state.out)
    return (players - 1 - still) / (players - 1)
