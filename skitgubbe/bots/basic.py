"""Two simple bots: :class:`RandomBot` and :class:`GreedyBot`.

:class:`RandomBot` is the yardstick: it picks uniformly among its legal moves
and, when it is not due, the choice of doing nothing. :class:`GreedyBot` follows
a few fixed rules of thumb, written out in :func:`greedy_choice`, and loses
clearly less often than random players (see ``benchmarks/bots.py``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..cards import Card, Suit
from ..moves import Dare, Done, Gather, Move, PickUp, Play, Sluff, Store, Swap
from ..rules import Trick
from ..state import Phase
from ..views import PlayerView
from .protocol import is_due

__all__ = ["HIGH_CARD", "LOW_CARD", "GreedyBot", "RandomBot", "greedy_choice", "phase_two_key"]

#: Phase one: a card this low (or lower), valued as in phase one, is worth
#: sluffing onto another player's trick.
LOW_CARD = 7
#: Phase one: a card this high (or higher) is played early to win a trick.
HIGH_CARD = 12


class RandomBot:
    """Uniformly random play: every legal move, and declining when not due, is
    equally likely. Seeded by :meth:`reset`."""

    def __init__(self, name: str = "random") -> None:
        self.name = name
        self._rng = random.Random(0)

    def reset(self, seat: int, seed: int) -> None:
        """Seed the random choices of a new game."""
        self._rng = random.Random(seed)

    def choose(self, view: PlayerView, moves: Sequence[Move]) -> Move | None:
        """Any legal move, or (when not due) nothing, with equal chances."""
        if is_due(view):
            return moves[self._rng.randrange(len(moves))]
        pick = self._rng.randrange(len(moves) + 1)
        return moves[pick] if pick < len(moves) else None

    def __repr__(self) -> str:
        return f"RandomBot(name={self.name!r})"


class GreedyBot:
    """Fixed rules of thumb for both phases (see :func:`greedy_choice`); no
    randomness, so :meth:`reset` has nothing to seed."""

    def __init__(self, name: str = "greedy") -> None:
        self.name = name

    def reset(self, seat: int, seed: int) -> None:
        """Nothing to do: the bot keeps no state and draws no random numbers."""

    def choose(self, view: PlayerView, moves: Sequence[Move]) -> Move | None:
        """The move :func:`greedy_choice` picks."""
        return greedy_choice(view, moves)

    def __repr__(self) -> str:
        return f"GreedyBot(name={self.name!r})"


def _rank_value(rank: int, aces_low: bool) -> int:
    """A rank's strength in phase one: the rank, aces below twos under P1-ACES-LOW."""
    return 1 if aces_low and rank == 14 else int(rank)


def _value(card: Card, aces_low: bool) -> int:
    return _rank_value(card.rank, aces_low)


def _trumps(move: Move, trump: Suit | None) -> int:
    return sum(card.suit == trump for card in move.cards)


def phase_two_key(move: Move, trump: Suit | None) -> tuple[int, int, int]:
    """How costly a phase-two play is, for sorting: its trumps, its lowest rank,
    and minus its size (of two plays from the same card, the longer sheds more)."""
    return (_trumps(move, trump), min(card.rank for card in move.cards), -len(move.cards))


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

    def value(move: Move) -> int:
        return max(_value(card, aces_low) for card in move.cards)

    if view.rules.trick is Trick.MAS and view.round_plays:
        # Mas: every play listed to a follower beats the led card, a low trump
        # included; win with the cheapest, sparing the trumps.
        trump = view.trump
        return min(plays, key=lambda m: (_trumps(m, trump), value(m)))
    # A replay starts afresh: until someone plays to it, any card heads it.
    heading = 0
    if view.heading is not None and view.round_plays:
        heading = _rank_value(view.heading, aces_low)
    last = len(view.round_plays) == len(view.round_seats) - 1
    beating = [m for m in plays if value(m) > heading]
    if beating and last:
        return min(beating, key=lambda m: (value(m), len(m.cards)))
    if beating and not last:
        best = max(beating, key=value)
        if value(best) >= HIGH_CARD:
            return best
    quiet = [m for m in plays if value(m) != heading] or plays
    picks = [m for m in moves if isinstance(m, PickUp)]
    if picks and not beating:
        return picks[0]
    return min(quiet, key=lambda m: (value(m), len(m.cards)))
