"""Phase one, collecting cards: the deal, legal moves and transitions.

A trick is played in rounds. The first round holds every player due to play
(two of them in two-card tricks); a tie starts a replay round of the tied players
(P1-TIE-REPLAY). Sluffing is out of turn: every player who may sluff now is
listed in :meth:`~skitgubbe.state.State.legal_moves` beside the player due to
play. A decided trick stays on the table while anyone may still sluff on it;
the winner gathers it once the others are done, and it is gathered without a
move when nobody can act on it any more. When phase one ends the intermission
(:mod:`skitgubbe.intermission`) deals out the phase-two hands at once.

Everything here is a function of the state; a transition works on a mutable
copy of its fields and freezes that copy into the next state.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

import attrs

from .cards import (
    CARDS_IN_PACK,
    PACK_MASK,
    Card,
    add_cards,
    cards_of,
    check_copies,
    format_cards,
    iter_indexes,
    mask_of,
    one_pack,
    parse_cards,
    remove_cards,
    two_packs,
)
from .errors import IllegalMoveError
from .events import Event, EventKind
from .intermission import finish_phase_one
from .moves import Dare, Done, Gather, Move, PickUp, Play, Sluff, Store, Swap
from .rules import FirstLead, PhaseOneEnd, Ruleset, Ties, Trick, TrumpCard
from .rules import Sluff as SluffRule
from .state import Deal, PhaseOneState, State

__all__ = ["deal"]

_RANK_BITS = (1 << 13) - 1
#: The cards of each physical rank (0 is the 2, 12 the ace), both copies.
_RANK_CARDS = tuple(
    sum(1 << (13 * suit + rank) for suit in range(4)) * (1 | 1 << CARDS_IN_PACK)
    for rank in range(13)
)
#: The cards of each set of ranks (a 13-bit mask).
_RANKSET_CARDS: list[int] = [0] * (1 << 13)
for _set in range(1, 1 << 13):
    _low = _set & -_set
    _RANKSET_CARDS[_set] = _RANKSET_CARDS[_set ^ _low] | _RANK_CARDS[_low.bit_length() - 1]

_PLAY, _DARE, _SLUFF = 0, 1, 2
_SLUFF_RULE = {
    SluffRule.NONE: "P1-SLUFF-NONE",
    SluffRule.WINDOW: "P1-SLUFF-WINDOW",
    SluffRule.UNLIMITED: "P1-SLUFF-UNLIMITED",
    SluffRule.OWN: "P1-SLUFF-OWN",
    SluffRule.ANYTIME: "P1-SLUFF-ANYTIME",
    SluffRule.ANYTIME_MAY_EMPTY: "P1-SLUFF-ANYTIME",
    SluffRule.ATLANTA: "P1-SLUFF-ATLANTA",
}
_ANYTIME = (SluffRule.ANYTIME, SluffRule.ANYTIME_MAY_EMPTY)


def ranks_of(mask: int) -> int:
    """The set of physical ranks in a multiset mask, as 13 bits (bit 0 is the 2)."""
    fold = (mask | mask >> CARDS_IN_PACK) & PACK_MASK
    return (fold | fold >> 13 | fold >> 26 | fold >> 39) & _RANK_BITS


def _rank(index: int) -> int:
    return index % CARDS_IN_PACK % 13


def _take(hand: int, cards: int) -> int:
    """Remove the multiset ``cards`` from the multiset ``hand``."""
    hand = remove_cards(hand, cards & PACK_MASK)
    high = cards >> CARDS_IN_PACK
    return remove_cards(hand, high) if high else hand


def _give(hand: int, cards: int) -> int:
    """Add the multiset ``cards`` to the multiset ``hand``."""
    hand = add_cards(hand, cards & PACK_MASK)
    high = cards >> CARDS_IN_PACK
    return add_cards(hand, high) if high else hand


def _submultisets(mask: int) -> list[int]:
    """Every non-empty sub-multiset of a multiset mask, smallest mask first."""
    found = []
    sub = mask
    while sub:
        if not (sub >> CARDS_IN_PACK) & ~sub & PACK_MASK:
            found.append(sub)
        sub = (sub - 1) & mask
    found.reverse()
    return found


class _Values:
    """Phase-one card values of one ruleset: rank order, aces low or high."""

    __slots__ = ("by_rank", "low_rank")

    def __init__(self, aces_low: bool) -> None:
        #: value of each physical rank
        self.by_rank = tuple((rank + 1) % 13 if aces_low else rank for rank in range(13))
        #: physical rank of each value
        self.low_rank = tuple(self.by_rank.index(value) for value in range(13))


_VALUES = {False: _Values(False), True: _Values(True)}

# Move caches: phase-one moves are sub-multisets of a few cards, so these stay
# small; they are cleared if they ever grow past a limit.
_CACHE_LIMIT = 300_000
_SUBSETS: dict[tuple[type[Move], int, int], tuple[Move, ...]] = {}


def _moves_of(cls: type[Move], player: int, mask: int) -> tuple[Move, ...]:
    """One move of ``cls`` for each non-empty sub-multiset of ``mask``."""
    key = (cls, player, mask)
    moves = _SUBSETS.get(key)
    if moves is None:
        if len(_SUBSETS) > _CACHE_LIMIT:
            _SUBSETS.clear()
        moves = _SUBSETS[key] = tuple(cls.from_mask(player, sub) for sub in _submultisets(mask))
    return moves


def _singles(cls: type[Move], player: int, mask: int) -> tuple[Move, ...]:
    """One move of ``cls`` for each distinct card of ``mask``."""
    key = (cls, player, -1 - mask)
    moves = _SUBSETS.get(key)
    if moves is None:
        if len(_SUBSETS) > _CACHE_LIMIT:
            _SUBSETS.clear()
        moves = _SUBSETS[key] = tuple(
            cls.from_mask(player, 1 << i) for i in iter_indexes(mask & PACK_MASK)
        )
    return moves


# -- facts of a state --------------------------------------------------------


def _cards_left(rules: Ruleset, stock: int, drawn: int, holder: int) -> int:
    """Stock cards that may be drawn into hand or dared (the trump card excluded)."""
    left = stock - drawn
    if left and holder < 0 and rules.trump_card is not TrumpCard.SET_ASIDE:
        left -= 1  # the trump card lies at the bottom
    return left


def _normal_left(state: PhaseOneState) -> int:
    return _cards_left(state.rules, len(state.stock_cards), state.drawn, state.holder)


def _can_dare(state: PhaseOneState) -> bool:
    return state.rules.dare and _normal_left(state) > 0


def _heading(rules: Ruleset, plays: Sequence[int]) -> tuple[int, list[int]]:
    """The value heading a round of all-player plays and the indexes holding it."""
    by_rank = _VALUES[rules.aces_low].by_rank
    values = [by_rank[_rank((play & -play).bit_length() - 1)] for play in plays]
    if rules.ties.beats_unique:
        tied = [value for value in set(values) if values.count(value) > 1]
        if tied:
            best = max(tied)
            if rules.ties is Ties.ALL_TIED:  # Mattis: every tied rank plays again
                return best, [i for i, value in enumerate(values) if value in tied]
            return best, [i for i, value in enumerate(values) if value == best]
    best = max(values)
    return best, [i for i, value in enumerate(values) if value == best]


def _trump_trick_winner(state: PhaseOneState, plays: Sequence[int]) -> list[int]:
    """P1-TRUMP-TRICKS: the indexes of the best plays (two only with identical cards)."""
    trump = state.indicator % CARDS_IN_PACK // 13
    led = ((plays[0] & -plays[0]).bit_length() - 1) % CARDS_IN_PACK // 13
    by_rank = _VALUES[state.rules.aces_low].by_rank

    def strength(play: int) -> int:
        index = ((play & -play).bit_length() - 1) % CARDS_IN_PACK
        suit = index // 13
        level = 2 if suit == trump else 1 if suit == led else 0
        return level * 16 + by_rank[index % 13] if level else -1

    values = [strength(play) for play in plays]
    best = max(values)
    return [i for i, value in enumerate(values) if value == best]


def _obliged(state: PhaseOneState, player: int) -> int:
    """The cards ``player`` must choose from to match (P1-MUST-MATCH), else 0.

    The plays to match are the current round's, or with ``must_match_trick`` every
    play of the trick so far (the first player of a replay is bound too).
    """
    rules = state.rules
    if not rules.must_match:
        return 0
    if rules.must_match_trick:
        if not state.plays_mask:
            return 0
        considered: Sequence[int] = [mask for kind, _, mask in state.log if kind != _SLUFF]
    elif not state.position:
        return 0
    else:
        considered = state.round_plays
    hand = state.hand_masks[player]
    by_rank = _VALUES[rules.aces_low].by_rank
    if rules.ties.beats_unique:
        counts: dict[int, int] = {}
        for play in considered:
            rank = _rank((play & -play).bit_length() - 1)
            counts[rank] = counts.get(rank, 0) + 1
        tie = max((by_rank[r] for r, n in counts.items() if n > 1), default=-1)
        best = -1
        for rank in counts:
            if by_rank[rank] >= tie and hand & _RANK_CARDS[rank]:
                best = max(best, by_rank[rank])
        if best < 0:
            return 0
        return hand & _RANK_CARDS[_VALUES[rules.aces_low].low_rank[best]]
    if rules.must_match_trick:
        best_value = max(by_rank[_rank((play & -play).bit_length() - 1)] for play in considered)
        return hand & _RANK_CARDS[_VALUES[rules.aces_low].low_rank[best_value]]
    return hand & _RANK_CARDS[_VALUES[rules.aces_low].low_rank[state.top]]


def _may_still_play(state: PhaseOneState, seat: int) -> bool:
    """Whether ``seat`` may yet have to play to the undecided trick (P1-SLUFF-ANYTIME b)."""
    if state.winner >= 0:
        return False
    if seat in state.order[state.position :]:
        return True
    if seat not in state.order[: state.position]:
        return False
    return state.order.index(seat) in _leading(state.rules, state, state.round_plays)


def _leading(rules: Ruleset, state: PhaseOneState, plays: Sequence[int]) -> list[int]:
    """The indexes of the plays of a round that lead it so far (several when tied)."""
    if rules.trick.with_trumps:
        return _trump_trick_winner(state, plays)
    return _heading(rules, plays)[1]


def _sluffable(state: PhaseOneState, seat: int) -> int:
    """The cards ``seat`` may sluff now, as a mask (0 if none)."""
    rules = state.rules
    mode = rules.sluff
    if mode is SluffRule.NONE or not state.table_mask:
        return 0
    bit = 1 << seat
    if state.done & bit:
        return 0
    hand = state.hand_masks[seat]
    if mode is SluffRule.WINDOW:
        if state.winner < 0 or state.sluffed & bit:
            return 0
        return hand & _RANKSET_CARDS[ranks_of(state.table_mask)]
    if mode is SluffRule.UNLIMITED:
        return hand & _RANKSET_CARDS[ranks_of(state.table_mask)]
    if mode is SluffRule.OWN:
        return hand & _RANKSET_CARDS[state.own[seat]]
    if mode is SluffRule.ATLANTA:
        if state.sluffed & bit or not state.own[seat]:
            return 0
        winning = 1 << _VALUES[rules.aces_low].low_rank[state.top]
        return hand & _RANKSET_CARDS[ranks_of(state.plays_mask) & ~winning]
    # P1-SLUFF-ANYTIME
    cards = hand & _RANKSET_CARDS[ranks_of(state.table_mask)]
    if cards and state.winner < 0 and seat in state.order[state.position :] and state.position:
        # limit (a): not the currently highest rank before one's own play
        cards &= ~_RANK_CARDS[_VALUES[rules.aces_low].low_rank[state.top]]
    return cards


# -- legal moves --------------------------------------------------------------


def legal_moves(state: PhaseOneState) -> tuple[Move, ...]:
    """Every legal move of every player who may act, grouped by seat."""
    rules = state.rules
    if rules.trick is Trick.MAS:
        return _mas_moves(state)
    mode = rules.sluff
    winner = state.winner
    table = state.table_mask
    if mode is SluffRule.NONE or not table:
        return _plays(state, state.order[state.position])
    hands = state.hand_masks
    if mode is SluffRule.OWN or mode is SluffRule.ATLANTA:
        candidates = [seat for seat, own in enumerate(state.own) if own and hands[seat]]
    else:
        matching = _RANKSET_CARDS[ranks_of(table)]
        candidates = [seat for seat, hand in enumerate(hands) if hand & matching]
    player = state.order[state.position] if winner < 0 else -1
    if not candidates:
        return _plays(state, player) if player >= 0 else ()
    moves: list[Move] = []
    blocking = False
    window = mode is SluffRule.WINDOW
    limit_b = mode is SluffRule.ANYTIME and _normal_left(state) == 0
    winner_sluffs = False
    for seat in range(len(hands)):
        if seat == player:
            moves.extend(_plays(state, seat))
        if seat not in candidates:
            continue
        cards = _sluffable(state, seat)
        if not cards:
            continue
        sluffs = _moves_of(Sluff, seat, cards)
        if limit_b and _may_still_play(state, seat):
            hand = hands[seat]
            sluffs = tuple(move for move in sluffs if move.mask != hand)
            if not sluffs:
                continue
        moves.extend(sluffs)
        if winner >= 0:
            if seat != winner or window:
                moves.append(Done.from_mask(seat, 0))
                blocking = True
            else:
                winner_sluffs = True
    if winner_sluffs and not blocking:
        # the winner may gather once nobody else can still sluff (P1-SLUFF-ANYTIME)
        at = max(i for i, move in enumerate(moves) if move.player == winner) + 1
        moves.insert(at, Gather.from_mask(winner, 0))
    return tuple(moves)


_PLAYS: dict[tuple[int, int, int, bool], tuple[Move, ...]] = {}
#: The single-card play of each seat and card, and each seat's dare: shared moves.
_SINGLE_PLAYS = tuple(
    tuple(Play.from_mask(seat, 1 << index) for index in range(CARDS_IN_PACK)) for seat in range(16)
)
_DARES = tuple(Dare.from_mask(seat, 0) for seat in range(16))


def _plays(state: PhaseOneState, player: int) -> tuple[Move, ...]:
    """The plays (and the dare) of the seat due to play."""
    rules = state.rules
    hand = state.hand_masks[player]
    obliged = _obliged(state, player)
    dare = not obliged and _can_dare(state)
    if not rules.multi:
        row = _SINGLE_PLAYS[player]
        moves: list[Move] = []
        cards = (obliged or hand) & PACK_MASK
        while cards:
            low = cards & -cards
            moves.append(row[low.bit_length() - 1])
            cards ^= low
        if dare:
            moves.append(_DARES[player])
        return tuple(moves)
    key = (player, hand, obliged, dare)
    found = _PLAYS.get(key)
    if found is None:
        if len(_PLAYS) > _CACHE_LIMIT:
            _PLAYS.clear()
        found = _PLAYS[key] = _make_plays(player, hand, obliged, dare, multi=True)
    return found


def _make_plays(
    player: int, hand: int, obliged: int, dare: bool, *, multi: bool
) -> tuple[Move, ...]:
    if obliged:
        if multi:
            return tuple(m for m in _moves_of(Play, player, obliged) if m.mask.bit_count() <= 3)
        return _singles(Play, player, obliged)
    moves: list[Move] = []
    if multi:
        for rank in range(13):
            cards = hand & _RANK_CARDS[rank]
            if cards:
                moves.extend(
                    move for move in _moves_of(Play, player, cards) if move.mask.bit_count() <= 3
                )
        moves.sort(key=lambda move: move.mask)
    else:
        moves.extend(_singles(Play, player, hand))
    if dare:
        moves.append(Dare.from_mask(player, 0))
    return tuple(moves)


def _mas_moves(state: PhaseOneState) -> tuple[Move, ...]:
    players = len(state.hand_masks)
    per_seat: list[list[Move]] = [[] for _ in range(players)]
    player = state.order[state.position]
    hand = state.hand_masks[player]
    if state.position == 0:
        per_seat[player].extend(_singles(Play, player, hand))
    else:
        led = state.round_plays[0]
        per_seat[player].extend(_singles(Play, player, _mas_beaters(state, led, hand)))
        per_seat[player].append(PickUp.from_mask(player, led))
    if state.drawn < len(state.stock_cards):
        trump = state.indicator % CARDS_IN_PACK // 13
        trumps = _RANK_BITS << (13 * trump)
        trumps |= trumps << CARDS_IN_PACK
        two = 1 << (13 * trump)
        upcard_is_two = state.indicator % CARDS_IN_PACK == 13 * trump
        for seat in range(players):
            held = state.hand_masks[seat]
            if held.bit_count() == 3 and not held & ~trumps:
                per_seat[seat].append(Store.from_mask(seat, held))
            if held & two and not upcard_is_two:
                per_seat[seat].append(Swap.from_mask(seat, two))
    return tuple(move for moves in per_seat for move in moves)


def _mas_beaters(state: PhaseOneState, led: int, hand: int) -> int:
    """P1-MAS: the cards of ``hand`` that beat the led card."""
    index = (led.bit_length() - 1) % CARDS_IN_PACK
    suit = index // 13
    trump = state.indicator % CARDS_IN_PACK // 13
    beaters = (_RANK_BITS << (13 * suit)) & ~((2 << index) - 1)  # higher cards of the suit
    if suit != trump:
        beaters |= _RANK_BITS << (13 * trump)
    beaters |= beaters << CARDS_IN_PACK
    return hand & beaters


# -- transitions --------------------------------------------------------------


class _Work:
    """A mutable copy of a phase-one state's fields, for one transition."""

    __slots__ = (
        "by_seat",
        "done",
        "drawn",
        "hands",
        "holder",
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
        self.hands = list(state.hand_masks)
        self.won = list(state.won_masks)
        self.drawn = state.drawn
        self.holder = state.holder
        self.leader = state.leader
        self.order = state.order
        self.position = state.position
        self.round_plays = state.round_plays
        self.log = state.log
        self.by_seat = list(state.by_seat)
        self.table_mask = state.table_mask
        self.plays_mask = state.plays_mask
        self.top = state.top
        self.own = list(state.own)
        self.sluffed = state.sluffed
        self.done = state.done
        self.winner = state.winner
        self.last_winner = state.last_winner
        self.shuffles = state.shuffles
        self.notes: list[Event] = []
        #: the seat whose turn found no card when phase one ended, else -1
        self.stuck = -1

    # facts, as in the functions above but on the work copy

    def normal_left(self) -> int:
        state = self.state
        return _cards_left(state.rules, len(state.stock_cards), self.drawn, self.holder)

    def can_play(self, seat: int) -> bool:
        return bool(self.hands[seat]) or (self.state.rules.dare and self.normal_left() > 0)

    def freeze(self, move: Move | None) -> PhaseOneState:
        state = self.state
        return PhaseOneState(
            state.rules,
            state.deal,
            tuple(self.hands),
            tuple(self.won),
            state.stock_cards,
            self.drawn,
            state.indicator,
            self.holder,
            state.set_aside_mask,
            state.reserve_cards,
            state.first_leader,
            self.leader,
            self.order,
            self.position,
            self.round_plays,
            self.log,
            tuple(self.by_seat),
            self.table_mask,
            self.plays_mask,
            self.top,
            tuple(self.own),
            self.sluffed,
            self.done,
            self.winner,
            self.last_winner,
            self.shuffles,
            move,
            tuple(self.notes),
        )

    def rng(self) -> random.Random:
        self.shuffles += 1
        return random.Random(self.state.deal.seed * 1_000_003 + self.shuffles)

    # drawing

    def refill(self, seat: int, *, sluff: bool = False) -> None:
        """P1-DRAW: draw back up to the hand size while the stock lasts."""
        state = self.state
        rules = state.rules
        stock = state.stock_cards
        need = rules.hand_size - self.hands[seat].bit_count()
        drew = 0
        trump_card_aside = False
        while need > 0 and self.drawn < len(stock):
            index = stock[self.drawn]
            mode = rules.trump_card
            if self.drawn == len(stock) - 1 and mode is not TrumpCard.SET_ASIDE:
                if sluff and rules.restaurant:
                    break  # D-RESTAURANT: the bottom card never replenishes a sluff
                self.holder = seat
                if mode is not TrumpCard.TURNED_UP:
                    # D-TRUMP-LAST, D-TRUMP-EXPOSED: set aside unseen, not into hand
                    self.drawn += 1
                    trump_card_aside = True
                    break
            self.drawn += 1
            self.hands[seat] = add_cards(self.hands[seat], 1 << index)
            drew = add_cards(drew, 1 << index)
            need -= 1
        if drew:
            self.notes.append(Event(EventKind.DREW_STOCK, seat, drew))
        if trump_card_aside:
            self.notes.append(Event(EventKind.DREW_TRUMP_CARD, seat))

    # tricks

    def put(self, seat: int, cards: int, kind: int) -> None:
        if self.state.rules.packs == 1:  # no second copies: a union is enough
            self.table_mask |= cards
            self.by_seat[seat] |= cards
        else:
            self.table_mask = _give(self.table_mask, cards)
            self.by_seat[seat] = _give(self.by_seat[seat], cards)
        self.log = (*self.log, (kind, seat, cards))

    def play(self, seat: int, cards: int, kind: int) -> None:
        """A play (or dare) by the seat due to play."""
        self.put(seat, cards, kind)
        self.plays_mask = _give(self.plays_mask, cards)
        self.round_plays = (*self.round_plays, cards)
        self.position += 1
        rules = self.state.rules
        rank = _rank(cards.bit_length() - 1)
        self.own[seat] = 1 << rank
        value = _VALUES[rules.aces_low].by_rank[rank]
        if rules.ties.beats_unique:
            self.top, _ = _heading(rules, self.round_plays)
        elif rules.trick.with_trumps:  # the rank of the play winning the round so far
            best = _trump_trick_winner(self.state, self.round_plays)[0]
            self.top = _VALUES[rules.aces_low].by_rank[
                _rank(self.round_plays[best].bit_length() - 1)
            ]
        elif self.position == 1 or value > self.top or rules.trick is Trick.MAS:
            self.top = value

    def start_trick(self, leader: int) -> bool:
        """Begin a trick led by ``leader``; False if phase one ends instead."""
        state = self.state
        rules = state.rules
        players = len(self.hands)
        self.table_mask = self.plays_mask = 0
        self.log = ()
        self.by_seat = [0] * players
        self.round_plays = ()
        self.position = 0
        self.top = -1
        self.own = [0] * players
        self.sluffed = self.done = 0
        self.winner = -1
        end = rules.end
        if rules.trick is Trick.MAS:
            if self.holder >= 0:  # P1-MAS: the turned-up card has been drawn
                self.stuck = leader
                return False
            self.leader = leader
            self.order = (leader, (leader + 1) % players)
            return True
        self.stuck = leader
        stock_empty = self.drawn >= len(state.stock_cards)
        if end is PhaseOneEnd.TALON and stock_empty:
            return False
        if (
            end is PhaseOneEnd.TALON_TWO_CARDS
            and stock_empty
            and any(hand.bit_count() < 2 for hand in self.hands)
        ):
            return False
        seats = [(leader + i) % players for i in range(players)]
        if end is PhaseOneEnd.SKIP or end is PhaseOneEnd.SKIP_ALL:
            seats = [seat for seat in seats if self.can_play(seat)]
            if not seats or (end is PhaseOneEnd.SKIP and len(seats) < 2):
                return False
            leader = seats[0]
        if not rules.trick.all_players:
            seats = seats[:2]
        self.leader = leader
        self.order = tuple(seats)
        return True

    def next_due(self) -> bool:
        """Bring the trick to rest: settle complete rounds, skip or stop on players
        without cards. False if phase one ends."""
        rules = self.state.rules
        end = rules.end
        skipping = end is PhaseOneEnd.SKIP or end is PhaseOneEnd.SKIP_ALL
        while True:
            if self.winner >= 0:
                if self.waiting():
                    return True
                if not self.gather():
                    return False
                continue
            if self.position < len(self.order):
                seat = self.order[self.position]
                if self.can_play(seat):
                    return True
                if not skipping:  # P1-END-NO-CARD
                    self.stuck = seat
                    return False
                if self.is_replay():
                    if end is PhaseOneEnd.SKIP:
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
        plays = sum(1 for kind, _, _ in self.log if kind != _SLUFF)
        return plays > len(self.round_plays)

    def resolve_round(self) -> bool:
        """Decide the complete round: a winner, or a tie. False if phase one ends."""
        rules = self.state.rules
        plays = self.round_plays
        if rules.trick.with_trumps:
            best = _trump_trick_winner(self.state, plays)
        elif rules.ties.beats_unique:
            self.top, best = _heading(rules, plays)
        else:  # the highest value is kept up to date by play()
            by_rank = _VALUES[rules.aces_low].by_rank
            top = self.top
            best = [
                i for i, play in enumerate(plays) if by_rank[_rank(play.bit_length() - 1)] == top
            ]
        if len(best) == 1:
            self.winner = self.order[best[0]]
            return True
        tied = tuple(self.order[i] for i in best)
        if rules.ties is Ties.SPLIT:
            tied_plays = [plays[i] for i in best]
            rest = self.table_mask
            for cards in tied_plays:
                rest = _take(rest, cards)
            if rest:
                return self.tie_split(tied, tied_plays)
            # Ruling: with nothing else in the trick to deal out, the tie is played
            # off as a war instead (P1-TIE-SPLIT, P1-TIE-REPLAY).
        tied_cards = 0
        for i in best:
            tied_cards = _give(tied_cards, plays[i])
        self.notes.append(Event(EventKind.TIED, tied[0], tied_cards))
        self.order = tied
        self.position = 0
        self.round_plays = ()
        return True

    def waiting(self) -> bool:
        """Whether anyone may still act on the decided trick (sluff, done or gather).

        The state built to find out is kept in :attr:`rest`: if anyone may act,
        it is the next state.
        """
        if self.state.rules.sluff is SluffRule.NONE:
            return False
        probe = self.freeze(self.move)
        moves = legal_moves(probe)
        if moves:
            object.__setattr__(probe, "_legal", moves)
            self.rest = probe
            return True
        return False

    def gather(self) -> bool:
        """The winner takes the trick and leads the next. False if phase one ends."""
        winner = self.winner
        self.won[winner] = _give(self.won[winner], self.table_mask)
        self.notes.append(Event(EventKind.WON, winner, self.table_mask))
        self.last_winner = winner
        return self.start_trick(winner)

    def tie_split(self, tied: tuple[int, ...], tied_plays: list[int]) -> bool:
        """P1-TIE-SPLIT: the tied take their cards back; the rest, sorted upwards, is
        dealt among them from the last tied player counter-clockwise."""
        rest = self.table_mask
        for seat, cards in zip(tied, tied_plays, strict=True):
            self.hands[seat] = _give(self.hands[seat], cards)
            rest = _take(rest, cards)
        by_rank = _VALUES[self.state.rules.aces_low].by_rank
        ordered = sorted(iter_indexes(rest), key=lambda i: (by_rank[i % 13], i // 13))
        receivers = tied[::-1]
        got = [0] * len(receivers)
        for n, index in enumerate(ordered):
            got[n % len(receivers)] = add_cards(got[n % len(receivers)], 1 << index)
        for seat, cards in zip(receivers, got, strict=True):
            self.won[seat] = _give(self.won[seat], cards)
            self.notes.append(Event(EventKind.TOOK, seat, cards))
        return self.start_trick(tied[0])

    def koira_split(self) -> None:
        """P1-END-SKIP (Koira): a replay that cannot go on is shuffled and split
        among the tied players' piles, one card at a time."""
        cards = list(iter_indexes(self.table_mask))
        self.rng().shuffle(cards)
        tied = self.order
        got = [0] * len(tied)
        for n, index in enumerate(cards):
            got[n % len(tied)] = add_cards(got[n % len(tied)], 1 << index)
        for seat, share in zip(tied, got, strict=True):
            self.won[seat] = _give(self.won[seat], share)
            self.notes.append(Event(EventKind.TOOK, seat, share))


def successor(state: PhaseOneState, move: Move) -> State:
    """The state after a legal ``move``."""
    work = _Work(state, move)
    seat = move.player
    kind = type(move)
    rules = state.rules
    going = True
    if kind is Play or kind is Dare:
        if kind is Dare:
            cards = 1 << state.stock_cards[state.drawn]
            work.drawn += 1
            work.notes.append(Event(EventKind.DARED, seat, cards))
        else:
            cards = move.mask
            work.hands[seat] = _take(work.hands[seat], cards)
            work.notes.append(Event(EventKind.PLAYED, seat, cards))
        if rules.trick is Trick.MAS:
            going = _mas_play(work, seat, cards)
        else:
            work.play(seat, cards, _DARE if kind is Dare else _PLAY)
            if kind is Play:
                work.refill(seat)
            going = work.next_due()
    elif kind is Sluff:
        work.hands[seat] = _take(work.hands[seat], move.mask)
        work.notes.append(Event(EventKind.SLUFFED, seat, move.mask))
        work.put(seat, move.mask, _SLUFF)
        work.sluffed |= 1 << seat
        work.refill(seat, sluff=True)
        going = work.next_due()
    elif kind is Done:
        work.done |= 1 << seat
        if rules.sluff is SluffRule.WINDOW:
            work.sluffed |= 1 << seat
        work.notes.append(Event(EventKind.DONE, seat))
        going = work.next_due()
    elif kind is Gather:
        going = work.gather() and work.next_due()
    elif kind is PickUp:  # Mas
        led = work.round_plays[0]
        work.table_mask = 0
        work.hands[seat] = _give(work.hands[seat], led)
        work.notes.append(Event(EventKind.PICKED_LED, seat, led))
        going = work.start_trick((seat + 1) % state.players)
    elif kind is Store:  # Mas
        work.hands[seat] = 0
        work.won[seat] = _give(work.won[seat], move.mask)
        work.notes.append(Event(EventKind.STORED, seat, move.mask))
        work.refill(seat)
        if work.position == 0 and work.holder >= 0:  # between tricks: phase one ends now
            work.stuck = work.leader
            going = False
    elif kind is Swap:  # Mas
        upcard = 1 << state.indicator
        work.hands[seat] = add_cards(_take(work.hands[seat], move.mask), upcard)
        stock = list(state.stock_cards)
        stock[-1] = (move.mask.bit_length() - 1) % CARDS_IN_PACK
        work.notes.append(Event(EventKind.SWAPPED, seat, move.mask))
        return _with_stock(work.freeze(move), tuple(stock))
    if not going:
        return finish_phase_one(work.freeze(move), work.stuck)
    return work.rest or work.freeze(move)


def _with_stock(state: PhaseOneState, stock: tuple[int, ...]) -> PhaseOneState:
    return attrs.evolve(state, stock_cards=stock, indicator=stock[-1])


def _mas_play(work: _Work, seat: int, cards: int) -> bool:
    """P1-MAS: a lead, or a follower's beat that wins the trick."""
    work.play(seat, cards, _PLAY)  # Mas has no daring
    work.refill(seat)
    if work.position == 1:
        return True
    work.winner = seat
    return work.gather()


# -- explanations ---------------------------------------------------------------


def explain(state: PhaseOneState, move: Move) -> IllegalMoveError | None:
    """Why ``move`` is illegal here (naming the rule), or ``None`` if it is legal."""
    if move in state.legal_moves():
        return None
    rules = state.rules
    seat = move.player
    kind = type(move)
    players = state.players
    if seat >= players:
        return IllegalMoveError(f"there is no seat {seat} at a table of {players}")
    hand = state.hand_masks[seat]
    held = _take_check(hand, move.mask)
    trick_rule = {
        Trick.TWO: "P1-TRICK-TWO",
        Trick.ALL: "P1-TRICK-ALL",
        Trick.MAS: "P1-MAS",
        Trick.TRUMPS: "P1-TRUMP-TRICKS",
        Trick.ALL_TRUMPS: "P1-TRUMP-TRICKS",
    }[rules.trick]
    if kind is Play or kind is Dare:
        if state.winner >= 0 or state.order[state.position] != seat:
            due = "nobody" if state.winner >= 0 else f"seat {state.order[state.position]}"
            return IllegalMoveError(
                f"it is not seat {seat}'s turn to play: {due} is due", trick_rule
            )
        if kind is Dare:
            if not rules.dare:
                return IllegalMoveError("these rules have no daring", "P1-DARE")
            if _obliged(state, seat):
                return IllegalMoveError(
                    f"seat {seat} must match the highest rank and may not dare", "P1-MUST-MATCH"
                )
            return IllegalMoveError(
                "the stock holds no card that may be dared (the trump card may not be)",
                "P1-DARE",
            )
        if not move.mask:
            return IllegalMoveError("a play names its cards", trick_rule)
        if not held:
            return IllegalMoveError(f"seat {seat} does not hold {format_cards(move.cards)}")
        if rules.trick is Trick.MAS and state.position:
            return IllegalMoveError(
                f"{format_cards(move.cards)} does not beat the led card: beat it with a higher "
                "card of its suit or a trump, or pick it up",
                "P1-MAS",
            )
        if len(ranks_of_list(move.mask)) > 1 or (move.mask.bit_count() > (3 if rules.multi else 1)):
            if rules.multi:
                return IllegalMoveError("a play is one, two or three cards of one rank", "P1-MULTI")
            return IllegalMoveError("a play is a single card", trick_rule)
        if _obliged(state, seat):
            return IllegalMoveError(
                f"seat {seat} must play a card of the highest rank played so far "
                f"({format_cards(cards_of(_obliged(state, seat)))})",
                "P1-MUST-MATCH",
            )
        return IllegalMoveError(f"{move} is not a legal play", trick_rule)
    if kind is Sluff:
        rule = _SLUFF_RULE[rules.sluff]
        if rules.sluff is SluffRule.NONE:
            return IllegalMoveError("these rules have no sluffing", rule)
        if not move.mask:
            return IllegalMoveError("a sluff names its cards", rule)
        if not held:
            return IllegalMoveError(f"seat {seat} does not hold {format_cards(move.cards)}")
        if not state.table_mask:
            return IllegalMoveError("there is no trick to sluff on yet", rule)
        if state.done >> seat & 1:
            return IllegalMoveError(f"seat {seat} has declared done on this trick", rule)
        if move.mask & ~_sluffable(state, seat):
            return IllegalMoveError(
                f"seat {seat} may not sluff {format_cards(move.cards)} now: "
                + _sluff_reason(state, seat),
                rule,
            )
        return IllegalMoveError(
            f"seat {seat} may not sluff the last card of a hand while still due to play "
            "with the stock empty",
            "P1-SLUFF-ANYTIME",
        )
    if kind is Done or kind is Gather:
        rule = _SLUFF_RULE[rules.sluff]
        if state.winner < 0:
            return IllegalMoveError("the trick is not decided yet", rule)
        if kind is Gather:
            if seat != state.winner:
                return IllegalMoveError(f"only the winner, seat {state.winner}, gathers", rule)
            return IllegalMoveError(
                "the trick cannot be gathered while other players may still sluff on it", rule
            )
        return IllegalMoveError(f"seat {seat} has nothing to declare done on", rule)
    if kind is PickUp:
        if rules.trick is not Trick.MAS:
            return IllegalMoveError("phase one has no picking up in these rules", trick_rule)
        return IllegalMoveError("only the follower picks up, and only the led card", "P1-MAS")
    if kind is Store or kind is Swap:
        if rules.trick is not Trick.MAS:
            return IllegalMoveError(f"a {kind.verb} belongs to Mas", "P1-MAS")
        if kind is Store:
            return IllegalMoveError(
                "only a hand of exactly three trumps may be stored, while the stock lasts",
                "P1-MAS",
            )
        return IllegalMoveError(
            "only the 2 of trumps may be swapped for the turned-up card, while it lies there",
            "P1-MAS",
        )
    return IllegalMoveError(f"a {kind.verb} is not a phase-one move", trick_rule)


def ranks_of_list(mask: int) -> list[int]:
    """The physical ranks present in a mask."""
    ranks = ranks_of(mask)
    return [rank for rank in range(13) if ranks >> rank & 1]


def _take_check(hand: int, cards: int) -> bool:
    """Whether the multiset ``hand`` holds the multiset ``cards`` (both canonical)."""
    return not cards & ~hand


def _sluff_reason(state: PhaseOneState, seat: int) -> str:
    mode = state.rules.sluff
    if mode is SluffRule.WINDOW:
        if state.winner < 0:
            return "the sluffing window opens once the trick is decided"
        return "only cards of ranks in the trick, once per trick"
    if mode is SluffRule.OWN:
        return "only cards of the rank of one's own latest play to the trick"
    if mode is SluffRule.ATLANTA:
        if not state.own[seat]:
            return "only after playing to the trick"
        if state.sluffed >> seat & 1:
            return "only once per trick"
        return "only ranks already played to the trick that are not winning"
    if mode in _ANYTIME and state.winner < 0 and seat in state.order[state.position :]:
        return "only cards matching the trick, and not the highest rank before one's own play"
    return "only cards matching a rank in the trick"


# -- the deal -------------------------------------------------------------------


def deal(
    rules: Ruleset,
    players: int | None = None,
    seed: int | None = None,
    *,
    hands: Sequence[str | Iterable[Card | str]] | None = None,
    stock: str | Iterable[Card | str] = (),
    set_aside: str | Iterable[Card | str] = (),
    reserve: str | Iterable[Card | str] = (),
    leader: int | None = None,
) -> PhaseOneState:
    """Deal a game: a seeded shuffle, or an exact layout.

    A shuffled deal takes ``players`` and ``seed``; the same seed always gives the
    same game. Seat 0 sits at the dealer's left and the dealer holds the last
    seat: the pack is dealt one card at a time in seat order (D-HAND-3). An
    avstickshög is set aside first (P2-AVSTICKSHOG), a set-aside trump card after
    the hands (D-TRUMP-SET-ASIDE); with a turned-up trump the next card goes face
    up under the stock (P1-MAS).

    A layout takes ``hands`` (one per seat), ``stock`` (top card first; its last
    card is the trump card unless the rules set one aside), ``set_aside`` and
    ``reserve``. It may hold fewer cards than the pack, for tests and puzzles.

    ``leader`` chooses who leads the first trick (the previous goat with
    ``FirstLead.PREVIOUS_GOAT``); by default ``rules.first_lead`` decides
    (D-FIRST-LEAD).

    >>> from skitgubbe import presets
    >>> state = deal(presets.FLURST, players=4, seed=7)
    >>> state.players, state.stock_size, [state.hand_size(p) for p in range(4)]
    (4, 40, [3, 3, 3, 3])
    """
    if not isinstance(rules, Ruleset):
        raise TypeError(f"rules must be a Ruleset, not {type(rules).__name__}")
    if hands is None:
        if players is None:
            raise ValueError("deal needs players=N for a shuffled deal, or hands=... for a layout")
        if not isinstance(players, int) or isinstance(players, bool):
            raise TypeError(f"players must be a whole number, not {players!r}")
        _check_players(rules, players)
        if seed is None:
            seed = random.SystemRandom().randrange(2**32)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be a whole number, not {seed!r}")
        spec = Deal(players, seed, leader)
        pack = [card.index for card in (one_pack() if rules.packs == 1 else two_packs())]
        random.Random(seed).shuffle(pack)
        reserve_cards = tuple(pack[: rules.avstickshog])
        rest = pack[rules.avstickshog :]
        dealt = players * rules.hand_size
        hand_masks = [0] * players
        for n, index in enumerate(rest[:dealt]):
            hand_masks[n % players] = add_cards(hand_masks[n % players], 1 << index)
        rest = rest[dealt:]
        set_aside_mask = 0
        if rules.trump_card is TrumpCard.SET_ASIDE:
            set_aside_mask, rest = 1 << rest[0], rest[1:]
        elif rules.trump_card is TrumpCard.TURNED_UP:
            rest = [*rest[1:], rest[0]]
        stock_cards = tuple(rest)
    else:
        if players is not None and players != len(hands):
            raise ValueError(f"players={players} but {len(hands)} hands are laid out")
        if isinstance(hands, str):
            raise TypeError("hands must be a sequence with one hand per seat, not one string")
        players = len(hands)
        _check_players(rules, players)
        seed = 0 if seed is None else seed
        parsed = [parse_cards(hand) for hand in hands]
        stock_list = parse_cards(stock)
        aside = parse_cards(set_aside)
        reserve_list = parse_cards(reserve)
        spec = Deal(
            players,
            seed,
            leader,
            tuple(format_cards(hand) for hand in parsed),
            format_cards(stock_list),
            format_cards(aside),
            format_cards(reserve_list),
        )
        for seat, hand in enumerate(parsed):
            if len(hand) > rules.hand_size:
                raise ValueError(
                    f"seat {seat} is dealt {len(hand)} cards, more than the hand size "
                    f"{rules.hand_size} (D-HAND-3)"
                )
        hand_masks = [mask_of(hand) for hand in parsed]
        stock_cards = tuple(card.index for card in stock_list)
        if rules.trump_card is TrumpCard.SET_ASIDE:
            if len(aside) != 1:
                raise ValueError(
                    f"these rules set one trump card aside: give set_aside='<card>', not "
                    f"{len(aside)} cards (D-TRUMP-SET-ASIDE)"
                )
            set_aside_mask = 1 << aside[0].index
        else:
            if aside:
                raise ValueError(
                    "these rules set no card aside: the trump card is the last card of the "
                    "stock (D-TRUMP-LAST)"
                )
            if not stock_cards:
                raise ValueError(
                    "the stock must hold at least the trump card, its last card (D-TRUMP-LAST)"
                )
            set_aside_mask = 0
        if len(reserve_list) != rules.avstickshog:
            raise ValueError(
                f"these rules set aside an avstickshög of {rules.avstickshog} cards, not "
                f"{len(reserve_list)} (P2-AVSTICKSHOG)"
            )
        reserve_cards = tuple(card.index for card in reserve_list)
        check_copies(
            [
                *hand_masks,
                set_aside_mask,
                *(1 << i for i in stock_cards),
                *(1 << i for i in reserve_cards),
            ],
            rules.packs,
            "laid out",
        )
    if rules.trump_card is TrumpCard.SET_ASIDE:
        indicator = (set_aside_mask.bit_length() - 1) % CARDS_IN_PACK
    else:
        indicator = stock_cards[-1]
    first = _first_leader(rules, hand_masks, leader, players)
    state = PhaseOneState(
        rules,
        spec,
        tuple(hand_masks),
        (0,) * players,
        stock_cards,
        0,
        indicator,
        -1,
        set_aside_mask,
        reserve_cards,
        first,
        first,
        (),
        0,
        (),
        (),
        (0,) * players,
        0,
        0,
        -1,
        (0,) * players,
        0,
        0,
        -1,
        -1,
        0,
    )
    work = _Work(state)
    if not (work.start_trick(first) and work.next_due()):
        raise ValueError("this layout ends phase one before anyone can play (P1-END-NO-CARD)")
    return work.freeze(None)


def _check_players(rules: Ruleset, players: int) -> None:
    if not rules.min_players <= players <= rules.max_players:
        raise ValueError(
            f"these rules allow {rules.min_players}-{rules.max_players} players, not {players}"
        )


def _first_leader(rules: Ruleset, hands: Sequence[int], leader: int | None, players: int) -> int:
    """D-FIRST-LEAD."""
    if leader is not None:
        if not isinstance(leader, int) or isinstance(leader, bool) or not 0 <= leader < players:
            raise ValueError(f"the leader must be a seat from 0 to {players - 1}, not {leader!r}")
        return leader
    mode = rules.first_lead
    if mode is FirstLead.DEALER:
        return players - 1
    if mode is FirstLead.LOWEST_CARD:
        by_rank = _VALUES[rules.aces_low].by_rank
        best = (99, 0)
        for seat, hand in enumerate(hands):
            for index in iter_indexes(hand):
                value = by_rank[index % 13]
                if value < best[0]:
                    best = (value, seat)
        return best[1]
    return 0
