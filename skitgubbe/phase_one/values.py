"""Phase-one card values: ranks in phase-one order, the play heading a round,
trump tricks and compulsory ties.

Suits do not matter in phase one (except in trump tricks), so a play is judged by
its rank's *value*: the rank itself, or with aces low (P1-ACES-LOW) one step
below the 2.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..cards import CARDS_IN_PACK, PACK_MASK, add_cards, rank_sets, remove_cards
from ..rules import Ties
from ..state import PhaseOneRules, PhaseOneState

__all__ = [
    "RANKSET_CARDS",
    "RANK_BITS",
    "RANK_CARDS",
    "give",
    "heading",
    "leading",
    "obliged",
    "rank",
    "ranks_of",
    "submultisets",
    "take",
    "trump_trick_winner",
]

# The settings compared on hot paths, as constants compiled code reads natively.
_TIES_ALL_TIED: Final = Ties.ALL_TIED

#: The 13 rank bits of a set of ranks (bit 0 is the 2, bit 12 the ace).
RANK_BITS: Final = (1 << 13) - 1
#: The cards of each physical rank (0 is the 2, 12 the ace), both copies.
RANK_CARDS: Final = tuple(
    sum(1 << (13 * suit + rank) for suit in range(4)) * (1 | 1 << CARDS_IN_PACK)
    for rank in range(13)
)
#: The cards of each set of ranks (a 13-bit mask), both copies.
RANKSET_CARDS: Final[tuple[int, ...]] = rank_sets(2)

#: The kinds of entries in a trick's log: a play, a dare, a sluff.
PLAY: Final = 0
DARE: Final = 1
SLUFF: Final = 2


def ranks_of(mask: int) -> int:
    """The set of physical ranks in a multiset mask, as 13 bits (bit 0 is the 2)."""
    fold = (mask | mask >> CARDS_IN_PACK) & PACK_MASK
    return (fold | fold >> 13 | fold >> 26 | fold >> 39) & RANK_BITS


def rank(index: int) -> int:
    """The physical rank (0 is the 2) of a card number, either copy."""
    return index % CARDS_IN_PACK % 13


def take(hand: int, cards: int) -> int:
    """Remove the multiset ``cards`` (all held) from the multiset ``hand``."""
    if not hand >> CARDS_IN_PACK:  # no second copy held: the cards' bits are cleared
        return hand ^ cards
    hand = remove_cards(hand, cards & PACK_MASK)
    high = cards >> CARDS_IN_PACK
    return remove_cards(hand, high) if high else hand


def give(hand: int, cards: int) -> int:
    """Add the multiset ``cards`` to the multiset ``hand``."""
    if not hand & cards and not cards >> CARDS_IN_PACK:  # no card doubled: a union
        return hand | cards
    hand = add_cards(hand, cards & PACK_MASK)
    high = cards >> CARDS_IN_PACK
    return add_cards(hand, high) if high else hand


def submultisets(mask: int) -> list[int]:
    """Every non-empty sub-multiset of a multiset mask, smallest mask first."""
    found = []
    sub = mask
    while sub:
        if not (sub >> CARDS_IN_PACK) & ~sub & PACK_MASK:
            found.append(sub)
        sub = (sub - 1) & mask
    found.reverse()
    return found


def value_of(rules: PhaseOneRules, play: int) -> int:
    """The phase-one value of a play (all its cards share one rank)."""
    return rules.by_rank[rank((play & -play).bit_length() - 1)]


def heading(rules: PhaseOneRules, plays: Sequence[int]) -> tuple[int, list[int]]:
    """The value heading a round of plays, and the indexes of the plays that play
    again if the round ends now (one index: that play wins).

    With tied ranks beating unique ones (P1-TIE-BEATS-UNIQUE) the highest tied
    rank heads; in Mattis's reading every tied play is among those to play again.
    """
    values = [value_of(rules, play) for play in plays]
    if rules.beats_unique:
        tied = [value for value in set(values) if values.count(value) > 1]
        if tied:
            best = max(tied)
            if rules.ties is _TIES_ALL_TIED:  # Mattis: every tied rank plays again
                return best, [i for i, value in enumerate(values) if value in tied]
            return best, [i for i, value in enumerate(values) if value == best]
    best = max(values)
    return best, [i for i, value in enumerate(values) if value == best]


def trump_trick_winner(rules: PhaseOneRules, trump: int, plays: Sequence[int]) -> list[int]:
    """P1-TRUMP-TRICKS: the indexes of the best plays (several only with identical
    cards of two packs): the highest trump, else the highest card of the suit led."""
    led = ((plays[0] & -plays[0]).bit_length() - 1) % CARDS_IN_PACK // 13
    by_rank = rules.by_rank

    def strength(play: int) -> int:
        index = ((play & -play).bit_length() - 1) % CARDS_IN_PACK
        suit = index // 13
        level = 2 if suit == trump else 1 if suit == led else 0
        return level * 16 + by_rank[index % 13] if level else -1

    values = [strength(play) for play in plays]
    best = max(values)
    return [i for i, value in enumerate(values) if value == best]


def leading(rules: PhaseOneRules, trump: int, plays: Sequence[int]) -> list[int]:
    """The indexes of the plays that lead a round so far (several when tied)."""
    if rules.with_trumps:
        return trump_trick_winner(rules, trump, plays)
    return heading(rules, plays)[1]


def obliged(state: PhaseOneState, player: int) -> int:
    """The cards ``player`` must choose from to match (P1-MUST-MATCH), else 0.

    The plays to match are the current round's, or with ``must_match_trick`` every
    play of the trick so far (so the first player of a replay is bound too).
    """
    rules = state._context
    if not rules.must_match:
        return 0
    considered: Sequence[int]
    if rules.must_match_trick:
        if not state._plays_mask:
            return 0
        considered = [mask for kind, _, mask in state._log if kind != SLUFF]
    elif not state._position:
        return 0
    else:
        considered = state._round_plays
    hand = state._hand_masks[player]
    values = rules
    if rules.beats_unique:
        counts: dict[int, int] = {}
        for play in considered:
            played = rank((play & -play).bit_length() - 1)
            counts[played] = counts.get(played, 0) + 1
        tie = max((values.by_rank[r] for r, n in counts.items() if n > 1), default=-1)
        best = -1
        for played in counts:
            if values.by_rank[played] >= tie and hand & rules.rank_sets[1 << played]:
                best = max(best, values.by_rank[played])
        if best < 0:
            return 0
        return hand & rules.rank_sets[1 << values.low_rank[best]]
    if rules.must_match_trick:
        best = max(value_of(rules, play) for play in considered)
        return hand & rules.rank_sets[1 << values.low_rank[best]]
    return hand & rules.rank_sets[1 << values.low_rank[state._top]]
