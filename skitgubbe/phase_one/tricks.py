"""Tricks and ties: a phase-one transition, worked out on a mutable copy of the state.

A trick is played in rounds. The first round holds every player due to play (two
of them in two-card tricks); a tie starts a replay round of the tied players
(P1-TIE-REPLAY), or splits the trick (P1-TIE-SPLIT). A decided trick stays on
the table while anyone is entitled to sluff on it (see :mod:`.sluffing`), then
goes to the winner, who leads the next. :class:`Work` carries one transition:
it copies the state's fields (those a move seldom changes stay shared until
changed), changes them, and freezes them into the next state.

Besides the cards, the work keeps what everyone knows of each hand
(:attr:`~skitgubbe.state.PhaseOneState.known_masks`): cards picked up from the
table or taken back into hand were seen by all; cards drawn from the stock were
not. A card that leaves a hand is no longer known to be there.
"""

from __future__ import annotations

import random
from typing import Final

from ..cards import CARDS_IN_PACK, add_cards, iter_indexes, remove_cards, replace_at
from ..events import Event, EventKind
from ..moves import Move
from ..rules import PhaseOneEnd, Ties, TrumpCard
from ..rules import Sluff as SluffRule
from ..state import PhaseOneState
from . import sluffing
from .values import SLUFF, give, heading, rank, take, trump_trick_winner

__all__ = ["Work", "discard"]

# The settings compared on hot paths, as constants compiled code reads natively.
_END_SKIP: Final = PhaseOneEnd.SKIP
_END_SKIP_ALL: Final = PhaseOneEnd.SKIP_ALL
_END_TALON: Final = PhaseOneEnd.TALON
_END_TALON_TWO_CARDS: Final = PhaseOneEnd.TALON_TWO_CARDS
_SLUFF_NONE: Final = SluffRule.NONE
_TIES_SPLIT: Final = Ties.SPLIT
_TRUMP_CARD_SET_ASIDE: Final = TrumpCard.SET_ASIDE
_TRUMP_CARD_TURNED_UP: Final = TrumpCard.TURNED_UP


def discard(known: int, cards: int) -> int:
    """``known`` without those of ``cards`` it holds (multisets; cards not there are
    simply not removed)."""
    if not known:
        return 0
    for index in iter_indexes(cards):
        bit = 1 << index
        if known & bit:
            known = remove_cards(known, bit)
    return known


class Work:
    """A mutable copy of a phase-one state's fields, for one transition."""

    __slots__ = (
        "by_seat",
        "done",
        "drawn",
        "hands",
        "holder",
        "indicator",
        "known",
        "last_winner",
        "leader",
        "log",
        "move",
        "notes",
        "order",
        "own",
        "plays_mask",
        "position",
        "rest",
        "round_plays",
        "shuffles",
        "sluffed",
        "state",
        "stock_cards",
        "stuck",
        "table_mask",
        "top",
        "winner",
        "won",
    )

    def __init__(self, state: PhaseOneState, move: Move | None = None) -> None:
        self.state = state
        self.move = move
        #: the next state, when :meth:`waiting` has already built it
        self.rest: PhaseOneState | None = None
        self.hands = list(state._hand_masks)
        # the fields a transition changes seldom stay the state's tuples until
        # changed (a changed one is a new tuple): nothing to copy or freeze
        self.known = state._known_masks
        self.won = state._won_masks
        self.stock_cards = state._stock_cards
        self.drawn = state._drawn
        self.indicator = state._indicator
        self.holder = state._holder
        self.leader = state._leader
        self.order = state._order
        self.position = state._position
        self.round_plays = state._round_plays
        self.log = state._log
        self.by_seat = state._by_seat
        self.table_mask = state._table_mask
        self.plays_mask = state._plays_mask
        self.top = state._top
        self.own = state._own
        self.sluffed = state._sluffed
        self.done = state._done
        self.winner = state._winner
        self.last_winner = state._last_winner
        self.shuffles = state._shuffles
        self.notes: list[Event] = []
        #: the seat whose turn found no card when phase one ended, else -1
        self.stuck = -1

    # facts, as in the functions of the sluffing module but on the work copy

    def normal_left(self) -> int:
        state = self.state
        return sluffing.cards_left(
            len(state._stock_cards), self.drawn, self.holder, state._context.trump_card
        )

    def can_play(self, seat: int) -> bool:
        return bool(self.hands[seat]) or (self.state._context.dare and self.normal_left() > 0)

    def freeze(self, move: Move | None) -> PhaseOneState:
        state = self.state
        return PhaseOneState(
            state._context,
            state._deal,
            tuple(self.hands),
            self.known,
            self.won,
            self.stock_cards,
            self.drawn,
            self.indicator,
            self.holder,
            state._set_aside_mask,
            state._reserve_cards,
            state._first_leader,
            self.leader,
            self.order,
            self.position,
            self.round_plays,
            self.log,
            self.by_seat,
            self.table_mask,
            self.plays_mask,
            self.top,
            self.own,
            self.sluffed,
            self.done,
            self.winner,
            self.last_winner,
            self.shuffles,
            move,
            tuple(self.notes),
            state._absent_mask,
        )

    def rng(self) -> random.Random:
        """The generator of the game's next shuffle (from the deal's seed)."""
        self.shuffles += 1
        return random.Random(self.state._deal.seed * 1_000_003 + self.shuffles)

    # hands

    def take_from_hand(self, seat: int, cards: int) -> None:
        """``cards`` leave ``seat``'s hand (played, sluffed, stored or swapped)."""
        self.hands[seat] = take(self.hands[seat], cards)
        if self.known[seat]:
            self.known = replace_at(self.known, seat, discard(self.known[seat], cards))

    def show_into_hand(self, seat: int, cards: int) -> None:
        """``cards`` go into ``seat``'s hand in everyone's sight."""
        self.hands[seat] = give(self.hands[seat], cards)
        self.known = replace_at(self.known, seat, give(self.known[seat], cards))

    def refill(self, seat: int, *, sluff: bool = False) -> None:
        """P1-DRAW: draw back up to the hand size while the stock lasts."""
        state = self.state
        rules = state._context
        stock = state._stock_cards
        need = rules.hand_size - self.hands[seat].bit_count()
        drew = 0
        trump_card_aside = False
        mode = rules.trump_card
        drawn = self.drawn
        last = len(stock) - 1
        while need > 0 and drawn <= last:
            index = stock[drawn]
            if drawn == last and mode is not _TRUMP_CARD_SET_ASIDE:
                if sluff and rules.restaurant:
                    break  # D-RESTAURANT: the bottom card never replenishes a sluff
                self.holder = seat
                if mode is not _TRUMP_CARD_TURNED_UP:
                    # D-TRUMP-LAST, D-TRUMP-EXPOSED: set aside unseen, not into hand
                    drawn += 1
                    trump_card_aside = True
                    break
                # P1-MAS: the turned-up card goes into hand, in everyone's sight
                self.known = replace_at(self.known, seat, add_cards(self.known[seat], 1 << index))
            drawn += 1
            bit = 1 << index  # a second copy of a card held is the only case for add_cards
            held = self.hands[seat]
            self.hands[seat] = add_cards(held, bit) if held & bit else held | bit
            drew = add_cards(drew, bit) if drew & bit else drew | bit
            need -= 1
        self.drawn = drawn
        if drew:
            self.notes.append(Event(EventKind.DREW_STOCK, seat, drew))
        if trump_card_aside:
            self.notes.append(Event(EventKind.DREW_TRUMP_CARD, seat))

    # tricks

    def put(self, seat: int, cards: int, kind: int) -> None:
        """``cards`` of ``seat`` go on the table (a play, a dare or a sluff)."""
        if self.state._context.one_pack:  # no second copies: a union is enough
            self.table_mask |= cards
            self.by_seat = replace_at(self.by_seat, seat, self.by_seat[seat] | cards)
        else:
            self.table_mask = give(self.table_mask, cards)
            self.by_seat = replace_at(self.by_seat, seat, give(self.by_seat[seat], cards))
        self.log = (*self.log, (kind, seat, cards))

    def play(self, seat: int, cards: int, kind: int) -> None:
        """A play (or dare) by the seat due to play."""
        self.put(seat, cards, kind)
        self.plays_mask = give(self.plays_mask, cards)
        self.round_plays = (*self.round_plays, cards)
        self.position += 1
        rules = self.state._context
        played = (cards.bit_length() - 1) % CARDS_IN_PACK % 13  # its rank (values.rank)
        self.own = replace_at(self.own, seat, 1 << played)
        value = rules.by_rank[played]
        if rules.beats_unique:
            self.top, _ = heading(rules, self.round_plays)
        elif rules.with_trumps:  # the rank of the play winning the round so far
            trump = self.state._indicator % CARDS_IN_PACK // 13
            best = trump_trick_winner(rules, trump, self.round_plays)[0]
            self.top = rules.by_rank[rank(self.round_plays[best].bit_length() - 1)]
        elif self.position == 1 or value > self.top or rules.mas:
            self.top = value

    def start_trick(self, leader: int) -> bool:
        """Begin a trick led by ``leader``; False if phase one ends instead."""
        state = self.state
        rules = state._context
        players = len(self.hands)
        self.table_mask = self.plays_mask = 0
        self.log = ()
        self.by_seat = (0,) * players
        self.round_plays = ()
        self.position = 0
        self.top = -1
        self.own = (0,) * players
        self.sluffed = self.done = 0
        self.winner = -1
        end = rules.end
        if rules.mas:
            if self.holder >= 0:  # P1-MAS: the turned-up card has been drawn
                self.stuck = leader
                return False
            self.leader = leader
            self.order = (leader, (leader + 1) % players)
            # P1-MAS: a hand below the hand size draws while the stock lasts. Only a
            # laid-out deal can start a trick so: in play every hand is refilled.
            for seat in self.order:
                if self.hands[seat].bit_count() < rules.hand_size:
                    self.refill(seat)
            return True
        self.stuck = leader
        stock_empty = self.drawn >= len(state._stock_cards)
        if end is _END_TALON and stock_empty:
            return False
        if (
            end is _END_TALON_TWO_CARDS
            and stock_empty
            and any(hand.bit_count() < 2 for hand in self.hands)
        ):
            return False
        seats = [(leader + i) % players for i in range(players)]
        if end is _END_SKIP or end is _END_SKIP_ALL:
            seats = [seat for seat in seats if self.can_play(seat)]
            if not seats or (end is _END_SKIP and len(seats) < 2):
                return False
            leader = seats[0]
        if not rules.all_players:
            seats = seats[:2]
        self.leader = leader
        self.order = tuple(seats)
        return True

    def next_due(self) -> bool:
        """Bring the trick to rest: settle complete rounds, skip or stop on players
        without cards, gather a decided trick nobody may act on. False if phase one
        ends."""
        rules = self.state._context
        end = rules.end
        skipping = end is _END_SKIP or end is _END_SKIP_ALL
        while True:
            if self.winner >= 0:
                if self.waiting():
                    return True
                if not self.gather():
                    return False
                continue
            if self.position < len(self.order):
                seat = self.order[self.position]
                if self.hands[seat] or self.can_play(seat):  # a card in hand: no call
                    return True
                if not skipping:  # P1-END-NO-CARD
                    self.stuck = seat
                    return False
                if self.is_replay():
                    if end is _END_SKIP:
                        self.stuck = seat
                        return False
                    self.koira_split()  # P1-END-SKIP, Koira
                    if not self.start_trick(self.order[0]):
                        return False
                    continue
                self.order = self.order[: self.position] + self.order[self.position + 1 :]
                continue
            if not self.round_plays:  # everyone due was skipped
                if not self.start_trick(self.leader):
                    return False
                continue
            if not self.resolve_round():
                return False

    def is_replay(self) -> bool:
        """Whether the current round replays a tie (the trick has earlier plays)."""
        plays = sum(1 for kind, _, _ in self.log if kind != SLUFF)
        return plays > len(self.round_plays)

    def resolve_round(self) -> bool:
        """Decide the complete round: a winner, or a tie. False if phase one ends."""
        rules = self.state._context
        plays = self.round_plays
        if rules.with_trumps:
            trump = self.state._indicator % CARDS_IN_PACK // 13
            best = trump_trick_winner(rules, trump, plays)
        elif rules.beats_unique:
            self.top, best = heading(rules, plays)
        else:  # the highest value is kept up to date by play()
            by_rank = rules.by_rank
            top = self.top
            best = [
                i
                for i, play in enumerate(plays)
                if by_rank[(play.bit_length() - 1) % CARDS_IN_PACK % 13] == top
            ]
        if len(best) == 1:
            self.winner = self.order[best[0]]
            return True
        tied = tuple(self.order[i] for i in best)
        if rules.ties is _TIES_SPLIT:
            tied_plays = [plays[i] for i in best]
            rest = self.table_mask
            for cards in tied_plays:
                rest = take(rest, cards)
            if rest:
                return self.tie_split(tied, tied_plays)
            # Ruling: with nothing else in the trick to deal out, the tie is played
            # off as a war instead (P1-TIE-SPLIT, P1-TIE-REPLAY).
        tied_cards = 0
        for i in best:
            tied_cards = give(tied_cards, plays[i])
        self.notes.append(Event(EventKind.TIED, tied[0], tied_cards))
        self.order = tied
        self.position = 0
        self.round_plays = ()
        return True

    def waiting(self) -> bool:
        """Whether anyone is entitled to act on the decided trick (sluff, declare
        done or gather). The state built to find out is kept in :attr:`rest`: if
        anyone may act, it is the next state."""
        if self.state._context.sluff is _SLUFF_NONE:
            return False
        probe = self.freeze(self.move)
        if sluffing.entitled(probe):
            self.rest = probe
            return True
        return False

    def gather(self) -> bool:
        """The winner takes the trick and leads the next. False if phase one ends."""
        winner = self.winner
        self.won = replace_at(self.won, winner, give(self.won[winner], self.table_mask))
        self.notes.append(Event(EventKind.WON, winner, self.table_mask))
        self.last_winner = winner
        return self.start_trick(winner)

    def tie_split(self, tied: tuple[int, ...], tied_plays: list[int]) -> bool:
        """P1-TIE-SPLIT: the tied take their cards back; the rest, sorted upwards, is
        dealt among them from the last tied player counter-clockwise."""
        rest = self.table_mask
        for seat, cards in zip(tied, tied_plays, strict=True):
            self.show_into_hand(seat, cards)
            rest = take(rest, cards)
        by_rank = self.state._context.by_rank
        ordered = sorted(iter_indexes(rest), key=lambda i: (by_rank[i % 13], i // 13))
        receivers = tied[::-1]
        got = [0] * len(receivers)
        for n, index in enumerate(ordered):
            got[n % len(receivers)] = add_cards(got[n % len(receivers)], 1 << index)
        for seat, cards in zip(receivers, got, strict=True):
            self.won = replace_at(self.won, seat, give(self.won[seat], cards))
            self.notes.append(Event(EventKind.TOOK, seat, cards))
        return self.start_trick(tied[0])

    def koira_split(self) -> None:
        """P1-END-SKIP (Koira): a replay that cannot go on is shuffled and split
        among the tied players' piles, one card at a time, face up."""
        cards = list(iter_indexes(self.table_mask))
        self.rng().shuffle(cards)
        tied = self.order
        got = [0] * len(tied)
        for n, index in enumerate(cards):
            got[n % len(tied)] = add_cards(got[n % len(tied)], 1 << index)
        for seat, share in zip(tied, got, strict=True):
            self.won = replace_at(self.won, seat, give(self.won[seat], share))
            self.notes.append(Event(EventKind.TOOK, seat, share))
