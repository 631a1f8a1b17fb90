"""The intermission: from the end of phase one to the first phase-two state.

It needs no moves. The cards left in hand are shown (pagat); the unfinished
trick is taken back or dealt out (P1-END-NO-CARD, P1-END-DEAL-OUT); every
player's cards are collected (I-COLLECT); the trump card is turned and joins its
drawer's cards unless it was set aside (I-TRUMP); if someone holds too few cards
the dreck is handed out (I-DRECK); empty hands are out or Blåmattis (I-EMPTY,
I-BLAMATTIS); and the opening leader is found (I-LEADER).

Everything here happens face up but the dreck's deal: when it is shared among
several players, each sees only their own share, so those cards start phase two
hidden from the others.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .cards import CARDS_IN_PACK, Card, Suit, add_cards, iter_indexes
from .events import Event, EventKind
from .phase_two import begin
from .rules import Dreck, OpeningLeader, Ruleset, TrumpCard, Unfinished
from .state import PhaseTwoState

if TYPE_CHECKING:
    from .state import PhaseOneState

__all__ = ["dreck_cards", "dreck_threshold", "finish_phase_one"]


def dreck_cards(rules: Ruleset, trump: Suit) -> int:
    """The cards every player gives up to the dreck, as a mask of both copies (I-DRECK).

    >>> from skitgubbe import presets
    >>> from skitgubbe.cards import cards_of
    >>> len(cards_of(dreck_cards(presets.FLURST, Suit.SPADES)))
    17
    """
    if rules.dreck is Dreck.NONE:
        return 0
    low = 0
    for suit in range(4):
        low |= 0b1111 << (13 * suit)  # the 2, 3, 4 and 5
    if rules.dreck is Dreck.LOW_AND_SIX_OF_TRUMP:
        low |= 1 << (13 * trump + 4)
    if rules.packs == 2:
        low |= low << CARDS_IN_PACK
    return low


def dreck_threshold(rules: Ruleset, trump_card: Card) -> int:
    """How many cards a player needs to avoid the dreck (I-DRECK, D-DOUBLE)."""
    if rules.dreck is Dreck.NONE:
        return 0
    base = int(trump_card.rank) if rules.dreck_trump_rank else rules.dreck_below
    return base * rules.packs


def _rng(state: PhaseOneState, shuffles: int) -> random.Random:
    return random.Random(state._deal.seed * 1_000_003 + shuffles)


def finish_phase_one(state: PhaseOneState, stuck: int, *, stalled: bool = False) -> PhaseTwoState:
    """The first phase-two state after ``state``, where phase one has just ended.

    ``stuck`` is the seat whose turn found no card (or that would lead next); if
    the trump card still lies in the stock, that seat takes it (a ruling). With
    ``stalled`` (Mas's phase one reached the quiet limit, see
    :mod:`skitgubbe.phase_one.mas`) the stock is dealt out instead, a card at a
    time in turn from ``stuck``; whoever gets the turned-up card holds it.
    """
    rules = state._rules
    players = state.players
    notes = [*state._notes]
    if stalled:
        notes.append(Event(EventKind.STALLED_PHASE_ONE, stuck))
    notes.append(Event(EventKind.PHASE_ONE_OVER, max(stuck, 0)))
    for seat, hand in enumerate(state._hand_masks):
        if hand:
            notes.append(Event(EventKind.SHOWED, seat, hand))
    collected = [hand | 0 for hand in state._hand_masks]
    for seat in range(players):
        collected[seat] = _merge(collected[seat], state._won_masks[seat])
    shuffles = state._shuffles

    # The unfinished trick (P1-END-NO-CARD, P1-END-DEAL-OUT).
    if state._table_mask:
        if rules.unfinished is Unfinished.TAKE_BACK:
            for seat, cards in enumerate(state._by_seat):
                if cards:
                    collected[seat] = _merge(collected[seat], cards)
                    notes.append(Event(EventKind.TOOK, seat, cards))
        else:
            dealt = list(iter_indexes(state._table_mask))
            shuffles += 1
            _rng(state, shuffles).shuffle(dealt)
            got = [0] * players
            for n, index in enumerate(dealt):
                got[n % players] = add_cards(got[n % players], 1 << index)
            for seat, share in enumerate(got):
                if share:
                    collected[seat] = _merge(collected[seat], share)
                    notes.append(Event(EventKind.TOOK, seat, share))

    # The trump card (I-TRUMP).
    trump_card = Card.from_index(state._indicator)
    holder = state._holder
    left = state._stock_cards[state._drawn :]
    if left and stalled:
        # Ruling: a stalled phase one deals the stock out, from the seat due to play.
        shares = [0] * players
        for place, index in enumerate(left):
            seat = (stuck + place) % players
            shares[seat] = add_cards(shares[seat], 1 << index)
            if index == state._indicator:
                holder = seat
        for seat, share in enumerate(shares):
            if share:
                collected[seat] = _merge(collected[seat], share)
                notes.append(Event(EventKind.TOOK, seat, share))
    elif left:
        # Ruling: the seat whose turn found no card takes what the stock still holds.
        # From a shuffled deal that is only the trump card (left by a restaurant-rules
        # sluff); a layout with short hands and no daring may leave more.
        holder = max(stuck, 0)
        rest = 0
        for index in left:
            rest = add_cards(rest, 1 << index)
        collected[holder] = _merge(collected[holder], rest)
        notes.append(Event(EventKind.TOOK, holder, rest))
    elif holder >= 0 and rules.trump_card in (TrumpCard.LAST, TrumpCard.EXPOSED):
        collected[holder] = add_cards(collected[holder], 1 << state._indicator)
    trump = trump_card.suit
    # A trump card nobody drew, as one set aside (D-TRUMP-SET-ASIDE), is turned by
    # the dealer, who holds the last seat.
    turner = holder if holder >= 0 else players - 1
    notes.append(Event(EventKind.TRUMP, turner, 1 << state._indicator))

    # The dreck (I-DRECK).
    needed = dreck_threshold(rules, trump_card)
    needy = [seat for seat in range(players) if collected[seat].bit_count() < needed]
    hidden = [0] * players
    pool = 0
    if needy:
        low = dreck_cards(rules, trump)
        pile: list[int] = []
        for seat in range(players):
            given = collected[seat] & low
            if given:
                collected[seat] &= ~low
                notes.append(Event(EventKind.GAVE_DRECK, seat, given))
                pile.extend(iter_indexes(given))
        shuffles += 1
        _rng(state, shuffles).shuffle(pile)
        got = [0] * len(needy)
        for n, index in enumerate(pile):
            got[n % len(needy)] = add_cards(got[n % len(needy)], 1 << index)
        for seat, share in zip(needy, got, strict=True):
            collected[seat] = _merge(collected[seat], share)
            if share:
                notes.append(Event(EventKind.GOT_DRECK, seat, share))
            if len(needy) > 1:  # each sees only their own share
                hidden[seat] = share
                pool = _merge(pool, share)

    # The opening leader (I-LEADER).
    if rules.opening_leader is OpeningLeader.LAST_TRICK and state._last_winner >= 0:
        leader = state._last_winner
    elif holder >= 0 and rules.trump_card is not TrumpCard.SET_ASIDE:
        leader = holder
    else:
        leader = state._first_leader

    return begin(
        rules,
        tuple(collected),
        trump,
        leader,
        state._reserve_cards,
        hidden=tuple(hidden),
        dreck_pool=pool,
        needy=sum(1 << seat for seat in needy),
        notes=notes,
        out_of_play=_merge(state._set_aside_mask, state._absent_mask),
        last_move=state._last_move,
    )


def _merge(hand: int, cards: int) -> int:
    hand = add_cards(hand, cards & ((1 << CARDS_IN_PACK) - 1))
    high = cards >> CARDS_IN_PACK
    return add_cards(hand, high) if high else hand
