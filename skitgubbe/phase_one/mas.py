"""Mas with a turned-up trump (P1-MAS): a phase one of its own.

After the deal a card is turned face up under the stock; its suit is trump. In
two-card tricks the follower beats the led card with a higher card of its suit
or a trump, and wins the trick; otherwise the follower picks the led card up and
the player to the picker's left leads. A hand of exactly three trumps may be
stored for phase two, and the 2 of trumps may be swapped for the turned-up card:
both at any moment while that card lies under the stock (a ruling), so both are
out-of-turn moves. Phase one ends with the trick in which the turned-up card is
drawn.

A player who cannot beat picks the card up, so players who always answer the
same way can play the same cards round for ever, every hand holding three or
more and no card drawn. So phase one also ends, a ruling like phase two's quiet
limit, once ``quiet_limit`` moves in a row have won no trick, stored no trumps
and drawn no card: the cards of the stock are then dealt out one at a time,
from the seat due to play (see :func:`skitgubbe.intermission.finish_phase_one`).

Who may store or swap is public: any seat holding exactly three cards may have
three trumps, and any seat holding a card may have the 2 of trumps. Only the
hand says whether the move is there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..cards import CARDS_IN_PACK, PACK_MASK, iter_indexes, replace_at
from ..events import Event, EventKind
from ..moves import Move, PickUp, Play, Store, Swap
from .tricks import Work
from .values import PLAY, RANK_BITS, give

if TYPE_CHECKING:
    from ..state import PhaseOneState

__all__ = ["act", "beaters", "lead_or_beat", "legal_moves", "quiet_count", "to_act_seats"]

#: The single-card play of each seat and card: shared moves.
_SINGLES: Final = tuple(
    tuple(Play.from_mask(seat, 1 << index) for index in range(CARDS_IN_PACK)) for seat in range(16)
)


def _upcard_lies(state: PhaseOneState) -> bool:
    """Whether the turned-up card still lies under the stock."""
    return state._drawn < len(state._stock_cards)


def _swap_possible(state: PhaseOneState) -> bool:
    """Whether the 2 of trumps may be swapped: the upcard lies there and is not it."""
    trump = state._indicator % CARDS_IN_PACK // 13
    return _upcard_lies(state) and state._indicator % CARDS_IN_PACK != 13 * trump


def beaters(state: PhaseOneState, led: int, hand: int) -> int:
    """The cards of ``hand`` that beat the led card (P1-MAS)."""
    index = (led.bit_length() - 1) % CARDS_IN_PACK
    suit = index // 13
    trump = state._indicator % CARDS_IN_PACK // 13
    beating = (RANK_BITS << (13 * suit)) & ~((2 << index) - 1)  # higher cards of the suit
    if suit != trump:
        beating |= RANK_BITS << (13 * trump)
    beating |= beating << CARDS_IN_PACK
    return hand & beating


def _singles(player: int, mask: int) -> list[Move]:
    row = _SINGLES[player]
    return [row[index] for index in iter_indexes(mask & PACK_MASK)]


def legal_moves(state: PhaseOneState) -> tuple[Move, ...]:
    """Every legal move: the lead, or the follower's beats and pick-up, and every
    seat's store and swap, grouped by seat."""
    players = len(state._hand_masks)
    per_seat: list[list[Move]] = [[] for _ in range(players)]
    player = state._order[state._position]
    hand = state._hand_masks[player]
    if state._position == 0:
        per_seat[player].extend(_singles(player, hand))
    else:
        led = state._round_plays[0]
        per_seat[player].extend(_singles(player, beaters(state, led, hand)))
        per_seat[player].append(PickUp.from_mask(player, led))
    if _upcard_lies(state):
        trump = state._indicator % CARDS_IN_PACK // 13
        trumps = RANK_BITS << (13 * trump)
        trumps |= trumps << CARDS_IN_PACK
        two = 1 << (13 * trump)
        swap = _swap_possible(state)
        for seat in range(players):
            held = state._hand_masks[seat]
            if held.bit_count() == 3 and not held & ~trumps:
                per_seat[seat].append(Store.from_mask(seat, held))
            if swap and held & two:
                per_seat[seat].append(Swap.from_mask(seat, two))
    return tuple(move for moves in per_seat for move in moves)


def to_act_seats(state: PhaseOneState) -> int:
    """The seats that may act now, as bits: public (see the module docs)."""
    seats = 1 << state._order[state._position]
    if _upcard_lies(state):
        swap = _swap_possible(state)
        for seat, held in enumerate(state._hand_masks):
            size = held.bit_count()
            if size == 3 or (swap and size):
                seats |= 1 << seat
    return seats


def lead_or_beat(work: Work, seat: int, cards: int) -> bool:
    """A lead, or a follower's beat that wins the trick. False if phase one ends."""
    work.take_from_hand(seat, cards)
    work.play(seat, cards, PLAY)  # Mas has no daring
    work.refill(seat)
    if work.position == 1:
        return True
    work.winner = seat
    return work.gather()


def pick_up(work: Work, seat: int) -> bool:
    """The follower picks up the led card; the player to the left leads next."""
    led = work.round_plays[0]
    work.table_mask = 0
    work.show_into_hand(seat, led)
    work.notes.append(Event(EventKind.PICKED_LED, seat, led))
    return work.start_trick((seat + 1) % work.state.players)


def store(work: Work, seat: int, cards: int) -> bool:
    """Three trumps are shown and stored for phase two; three new cards are drawn.
    False if that draws the upcard between tricks, which ends phase one."""
    work.take_from_hand(seat, cards)
    work.won = replace_at(work.won, seat, give(work.won[seat], cards))
    work.notes.append(Event(EventKind.STORED, seat, cards))
    work.refill(seat)
    if work.position == 0 and work.holder >= 0:  # between tricks: phase one ends now
        work.stuck = work.leader
        return False
    return True


def swap(work: Work, seat: int, two: int) -> None:
    """The 2 of trumps is exchanged for the upcard, which it replaces at the bottom
    of the stock as the card that decides trump."""
    upcard = 1 << work.indicator
    work.take_from_hand(seat, two)
    work.show_into_hand(seat, upcard)
    stock = list(work.stock_cards)
    stock[-1] = (two.bit_length() - 1) % CARDS_IN_PACK
    work.stock_cards = tuple(stock)
    work.indicator = stock[-1]
    work.notes.append(Event(EventKind.SWAPPED, seat, two))


def act(work: Work, move: Move) -> bool:
    """A follower's pick-up, a store of three trumps or a swap of the 2 of trumps.
    False if phase one ends."""
    kind = type(move)
    if kind is PickUp:
        return pick_up(work, move._player)
    if kind is Store:
        return store(work, move._player, move.mask)
    swap(work, move._player, move.mask)
    return True


def quiet_count(work: Work) -> int:
    """The quiet count after a move of phase one that did not end it: 0 after a
    move that won a trick, stored trumps or drew a card, else one more than
    before; -1 once it reaches ``quiet_limit``, with ``work.stuck`` the seat due
    to play (see the module docs)."""
    state = work.state
    if work.drawn != state._drawn or work.won != state._won_masks:
        return 0
    quiet = state._quiet + 1
    if quiet < state._rules.quiet_limit:
        return quiet
    work.stuck = work.order[work.position] if work.position < len(work.order) else work.leader
    return -1
