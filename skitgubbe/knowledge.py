"""What a player knows of the cards, worked out from a state: the masks that
views (:mod:`skitgubbe.views`) and observation vectors
(:mod:`skitgubbe.integrations.observations`) are built from.

Cards are multiset masks (see :mod:`skitgubbe.cards`): with two packs the second
copy of a card lies 52 bits above the first. The compiled build compiles this
module with the engine, since the adapters work these facts out at every step.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Final

from .cards import CARDS_IN_PACK, PACK_MASK, remove_cards
from .rules import TrumpCard

if TYPE_CHECKING:
    from .state import PhaseOneState, PhaseTwoState

__all__ = [
    "add_masks",
    "phase_one_heading",
    "phase_one_known",
    "phase_one_trump",
    "phase_one_unseen",
    "phase_two_exposed",
    "phase_two_known",
    "phase_two_unseen",
    "take_masks",
    "unseen_of",
]

_ONE_PACK: Final = PACK_MASK
_TWO_PACKS: Final = PACK_MASK | PACK_MASK << CARDS_IN_PACK
_SHOWN_TRUMP_CARDS: Final = (TrumpCard.EXPOSED, TrumpCard.TURNED_UP)
_EXPOSED: Final = TrumpCard.EXPOSED


def _take(hand: int, cards: int) -> int:
    """The multiset ``hand`` less the multiset ``cards`` (all held)."""
    hand = remove_cards(hand, cards & PACK_MASK)
    high = cards >> CARDS_IN_PACK
    return remove_cards(hand, high) if high else hand


def _add(hand: int, cards: int) -> int:
    """The multiset union of ``hand`` and ``cards``, copies counted."""
    low = cards & PACK_MASK
    already = hand & low
    hand = hand | low | already << CARDS_IN_PACK
    high = cards >> CARDS_IN_PACK
    return hand | high << CARDS_IN_PACK if high else hand


def add_masks(first: int, second: int) -> int:
    """The multiset union of two masks, copies counted."""
    return _add(first, second) if first and second else first | second


def take_masks(hand: int, cards: int) -> int:
    """The multiset ``hand`` less the multiset ``cards`` (all held)."""
    return _take(hand, cards)


def unseen_of(packs: int, *places: Iterable[int]) -> int:
    """The cards of ``packs`` packs that lie in none of the ``places`` (groups of
    multiset masks that together hold each card at most as often as the packs do)."""
    if packs == 1:
        placed = 0
        for group in places:
            for mask in group:  # one pack: places never share a card
                placed |= mask
        return _ONE_PACK & ~placed
    unseen = _TWO_PACKS
    for group in places:
        for mask in group:
            if mask:
                unseen = _take(unseen, mask)
    return unseen


def phase_one_known(state: PhaseOneState, player: int) -> list[int]:
    """For each seat, the cards ``player`` knows are in its hand in phase one: its
    own whole hand, and of every other hand the cards everyone knows are there."""
    known = list(state.known_masks)
    known[player] = state.hand_masks[player]
    return known


def phase_one_trump(state: PhaseOneState) -> tuple[int, bool]:
    """The card number of the trump card if it is shown (else -1), and whether it
    still lies under the stock."""
    shown = state.rules.trump_card in _SHOWN_TRUMP_CARDS
    return (state.indicator if shown else -1), state.drawn < len(state.stock_cards)


def phase_one_unseen(state: PhaseOneState, known: Iterable[int], shown: int, lying: bool) -> int:
    """The cards a phase-one player who knows ``known`` of the hands cannot place,
    given the trump card as :func:`phase_one_trump` gives it."""
    aside: tuple[int, ...] = ()
    if shown >= 0 and (lying or state.rules.trump_card is _EXPOSED):
        aside = (1 << shown,)  # under the stock, or aside and shown
    places = (state.table_mask, state.absent_mask)
    return unseen_of(state.rules.packs, known, state.won_masks, places, aside)


def phase_one_heading(state: PhaseOneState) -> int:
    """The rank heading the current round of a phase-one trick as 0 (the 2) to 12
    (the ace), or -1."""
    top = state.top
    if top < 0:
        return -1
    return (top + 12) % 13 if state.rules.aces_low else top  # the value's physical rank


def phase_two_known(state: PhaseTwoState, player: int) -> Sequence[int]:
    """For each seat, the cards ``player`` knows are in its hand.

    Every card of a hand is known but its hidden ones; a player who shared the
    dreck with exactly one other knows that the rest of it is with that player.
    """
    hands = state.hand_masks
    pool = state.dreck_pool
    if not pool and not any(state.hidden_masks):
        return hands  # nothing hidden: every hand is known
    known = [
        hand if not hidden else _take(hand, hidden)
        for hand, hidden in zip(hands, state.hidden_masks, strict=True)
    ]
    known[player] = hands[player]
    others = state.needy & ~(1 << player)
    if pool and state.needy >> player & 1 and others and not others & (others - 1):
        other = others.bit_length() - 1
        theirs = _take(pool, pool & hands[player])  # the pool less this player's share
        known[other] = _add(known[other], theirs)
    return known


def phase_two_unseen(state: PhaseTwoState, known: Iterable[int]) -> int:
    """The cards a phase-two player who knows ``known`` of the hands cannot place."""
    places = (state.killed_mask, state.out_of_play_mask)
    return unseen_of(state.rules.packs, known, state.table_masks, places)


def phase_two_exposed(state: PhaseTwoState, player: int) -> int:
    """The cards of ``player``'s hand that every other player knows are there."""
    hidden = state.hidden_masks[player]
    hand = state.hand_masks[player]
    return _take(hand, hidden) if hidden else hand
