"""Sluffing: who may add matching cards to a trick out of turn, and when a decided
trick is gathered.

The model keeps apart what everyone can see from what only a hand shows. Whether
a seat is *entitled* to sluff now depends only on public facts: the rule in
force, the trick on the table, who has played to it, the sizes of the hands and
the stock, and who has said they are done. Every entitled seat may act, whether
or not it holds a matching card; the cards it may sluff depend on its hand.

Once the trick is decided, the winner gathers it. Under the race rule
(``Claim.RACE``, unlimited sluffing and sluffing one's own rank) the winner may
gather at once; otherwise every other entitled seat must first declare done.
Under the single window every entitled seat, the winner too, sluffs or declares
done, and the trick is then gathered without a move. A trick is gathered without
a move as soon as no seat is entitled to act on it, so that the timing of a
gather never tells anyone what a hand holds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..moves import Done, Gather, Move, Sluff
from ..rules import LastTrickSluff, PhaseOneEnd, Ties, TrumpCard
from ..rules import Sluff as SluffRule
from .values import leading, ranks_of, submultisets

if TYPE_CHECKING:
    from ..state import PhaseOneState

__all__ = [
    "DONES",
    "GATHERS",
    "SLUFF_RULE",
    "cards_left",
    "declarers",
    "due_seats",
    "entitled",
    "gatherer",
    "last_trick",
    "last_trick_barred",
    "may_still_play",
    "sluffable",
    "sluffable_by_seat",
    "sluffs",
    "to_act_seats",
]

# The settings compared on hot paths, as constants compiled code reads natively.
_SLUFF_ANYTIME: Final = SluffRule.ANYTIME
_SLUFF_ANYTIME_MAY_EMPTY: Final = SluffRule.ANYTIME_MAY_EMPTY
_SLUFF_ATLANTA: Final = SluffRule.ATLANTA
_SLUFF_NONE: Final = SluffRule.NONE
_SLUFF_OWN: Final = SluffRule.OWN
_SLUFF_UNLIMITED: Final = SluffRule.UNLIMITED
_SLUFF_WINDOW: Final = SluffRule.WINDOW
_TIES_SPLIT: Final = Ties.SPLIT
_LAST_ALLOWED: Final = LastTrickSluff.ALLOWED
_LAST_ONCE_LOST: Final = LastTrickSluff.ONCE_LOST
_END_TALON: Final = PhaseOneEnd.TALON
_TRUMP_CARD_SET_ASIDE: Final = TrumpCard.SET_ASIDE

#: The rule ID of each sluffing rule.
SLUFF_RULE: Final = {
    _SLUFF_NONE: "P1-SLUFF-NONE",
    _SLUFF_WINDOW: "P1-SLUFF-WINDOW",
    _SLUFF_UNLIMITED: "P1-SLUFF-UNLIMITED",
    _SLUFF_OWN: "P1-SLUFF-OWN",
    _SLUFF_ANYTIME: "P1-SLUFF-ANYTIME",
    _SLUFF_ANYTIME_MAY_EMPTY: "P1-SLUFF-ANYTIME",
    _SLUFF_ATLANTA: "P1-SLUFF-ATLANTA",
}
#: Each seat's ``done``: shared move values.
DONES: Final = tuple(Done.from_mask(seat, 0) for seat in range(16))
#: Each seat's ``gather``: shared move values.
GATHERS: Final = tuple(Gather.from_mask(seat, 0) for seat in range(16))

# Sluff moves by ``cards << 4 | seat``: sub-multisets of a few cards, so the
# cache stays small; it is emptied when it grows past its limit, which bounds its memory.
_CACHE_LIMIT: Final = 20_000
_SLUFFS: Final[dict[int, tuple[Move, ...]]] = {}


def cards_left(stock: int, drawn: int, holder: int, trump_card: TrumpCard) -> int:
    """Stock cards that may still be drawn into hand or dared (not the trump card)."""
    left = stock - drawn
    if left and holder < 0 and trump_card is not _TRUMP_CARD_SET_ASIDE:
        left -= 1  # the trump card lies at the bottom
    return left


def normal_left(state: PhaseOneState) -> int:
    """Stock cards left to draw or dare, the trump card at the bottom left out."""
    return cards_left(
        len(state._stock_cards), state._drawn, state._holder, state._context.trump_card
    )


def may_still_play(state: PhaseOneState, seat: int) -> bool:
    """Whether ``seat`` may yet have to play to the undecided trick: it is due in the
    current round, or its play leads a round that a later play could tie."""
    if state._winner >= 0:
        return False
    if seat in state._order[state._position :]:
        return True
    if seat not in state._order[: state._position]:
        return False
    trump = state._indicator % 52 // 13
    return state._order.index(seat) in leading(state._context, trump, state._round_plays)


def entitled(state: PhaseOneState) -> int:
    """The seats entitled to sluff now, as bits: a public fact (see the module docs).

    Seats that have declared done are left out.
    """
    known = state._entitled
    if known >= 0:
        return known
    bits = state._entitled = _entitled(state)
    return bits


def _entitled(state: PhaseOneState) -> int:
    rules = state._context
    mode = rules.sluff
    if mode is _SLUFF_NONE or not state._table_mask:
        return 0
    decided = state._winner >= 0
    if mode is _SLUFF_WINDOW and not decided:
        return 0
    bits = 0
    for seat, hand in enumerate(state._hand_masks):
        if hand:
            bits |= 1 << seat
    bits &= ~state._done
    if mode is _SLUFF_WINDOW:
        return bits & ~state._sluffed
    if mode is _SLUFF_ATLANTA or mode is _SLUFF_OWN:
        own = state._own
        for seat in range(len(own)):
            if not own[seat]:
                bits &= ~(1 << seat)
        return bits & ~state._sluffed if mode is _SLUFF_ATLANTA else bits
    if mode is _SLUFF_ANYTIME and not decided and normal_left(state) == 0:
        for seat, hand in enumerate(state._hand_masks):
            if bits >> seat & 1 and hand.bit_count() == 1 and may_still_play(state, seat):
                bits &= ~(1 << seat)  # P1-SLUFF-ANYTIME (b): a sluff would empty the hand
    if rules.last_trick_sluff is not _LAST_ALLOWED and bits and last_trick(state):
        bits &= ~last_trick_barred(state)
    return bits


def last_trick(state: PhaseOneState) -> bool:
    """Whether the trick on the table is the last of phase one, from public facts
    (P1-SLUFF-LAST-TRICK; the ruling is in :class:`~skitgubbe.rules.LastTrickSluff`):
    the stock can give no card, and a seat will hold none when the next trick would
    start, counting the plays still due to this trick but no sluff."""
    if len(state._stock_cards) > state._drawn:
        return False
    if state._context.end is _END_TALON:
        return True
    due = state._order[state._position :] if state._winner < 0 else ()
    for seat, hand in enumerate(state._hand_masks):
        if not hand or (seat in due and hand.bit_count() == 1):
            return True
    return False


def last_trick_barred(state: PhaseOneState) -> int:
    """The seats the last-trick limit keeps from sluffing now, as bits, on what
    :func:`last_trick` says is the last trick (P1-SLUFF-LAST-TRICK)."""
    if state._winner >= 0:
        # decided: only its winner, who takes it, is still kept from sluffing on it
        return 1 << state._winner if state._context.last_trick_sluff is _LAST_ONCE_LOST else 0
    if state._context.last_trick_sluff is not _LAST_ONCE_LOST:
        return (1 << len(state._hand_masks)) - 1  # nobody, until it is decided
    barred = 0
    for seat in range(len(state._hand_masks)):
        if may_still_play(state, seat):
            barred |= 1 << seat  # it may still take the trick
    return barred


def races(state: PhaseOneState) -> bool:
    """Whether the winner may gather at once, racing the sluffers (``Claim.RACE``)."""
    return state._context.races


def declarers(state: PhaseOneState, seats: int) -> int:
    """The seats offered ``done`` on the decided trick, among the entitled ``seats``."""
    if state._context.sluff is _SLUFF_WINDOW:
        return seats
    if state._context.races:
        return 0
    return seats & ~(1 << state._winner)


def gatherer(state: PhaseOneState, seats: int) -> bool:
    """Whether the winner is offered ``gather`` on the decided trick, given the
    entitled ``seats``; with no one entitled the trick is gathered without a move."""
    if not seats or state._context.sluff is _SLUFF_WINDOW:
        return False
    return state._context.races or not seats & ~(1 << state._winner)


def to_act_seats(state: PhaseOneState) -> int:
    """The seats that may act now, as bits: public."""
    seats = entitled(state)
    if state._winner < 0:
        return seats | 1 << state._order[state._position]
    if gatherer(state, seats):
        seats |= 1 << state._winner
    return seats


def due_seats(state: PhaseOneState) -> int:
    """The seats the game waits for, as bits: each must act before play goes on.

    The seat due to play to the trick; once it is decided, the seats that must
    declare done, or else the winner, who must gather.
    """
    if state._winner < 0:
        return 1 << state._order[state._position]
    seats = entitled(state)
    waiting = declarers(state, seats)
    if waiting:
        return waiting
    return 1 << state._winner if gatherer(state, seats) else 0


def sluffable(state: PhaseOneState, seat: int) -> int:
    """The cards ``seat`` may sluff now, as a mask (0 if none)."""
    rules = state._context
    mode = rules.sluff
    if mode is _SLUFF_NONE or not state._table_mask:
        return 0
    bit = 1 << seat
    if state._done & bit:
        return 0
    hand = state._hand_masks[seat]
    if mode is _SLUFF_WINDOW:
        if state._winner < 0 or state._sluffed & bit:
            return 0
        return hand & rules.rank_sets[ranks_of(state._table_mask)]
    if mode is _SLUFF_UNLIMITED:
        return hand & rules.rank_sets[ranks_of(state._table_mask)]
    if mode is _SLUFF_OWN or mode is _SLUFF_ATLANTA:
        # only an entitled seat may sluff under these rules (see sluffable_by_seat)
        return sluffable_by_seat(state, entitled(state) & bit)[seat]
    # P1-SLUFF-ANYTIME
    cards = hand & rules.rank_sets[ranks_of(state._table_mask)]
    if cards and state._winner < 0 and seat in state._order[state._position :] and state._position:
        # limit (a): not the currently highest rank before one's own play
        cards &= ~rules.rank_sets[1 << rules.low_rank[state._top]]
    return cards


def sluffable_by_seat(state: PhaseOneState, seats: int) -> list[int]:
    """The cards each of the entitled ``seats`` may sluff now, by seat (0 for the
    others): :func:`sluffable` for every seat at once, with what they share worked
    out once (the ranks on the table, limit (a))."""
    rules = state._context
    mode = rules.sluff
    sets = rules.rank_sets
    hands = state._hand_masks
    found = [0] * len(hands)
    if mode is _SLUFF_OWN:
        # an entitled seat has played to the trick and not said done
        own = state._own
        for seat in range(len(hands)):
            if seats >> seat & 1:
                found[seat] = hands[seat] & sets[own[seat]]
        return found
    if mode is _SLUFF_ATLANTA:
        # an entitled seat has played to the trick, not sluffed and not said done
        winning = 1 << rules.low_rank[state._top]
        allowed = sets[ranks_of(state._plays_mask) & ~winning]
        for seat in range(len(hands)):
            if seats >> seat & 1:
                found[seat] = hands[seat] & allowed
        return found
    # ANYTIME, ANYTIME_MAY_EMPTY, UNLIMITED and WINDOW: ranks on the table; an
    # entitled seat has not said done (nor sluffed, in the window)
    allowed = sets[ranks_of(state._table_mask)]
    pending: tuple[int, ...] = ()
    heading = 0
    if (
        (mode is _SLUFF_ANYTIME or mode is _SLUFF_ANYTIME_MAY_EMPTY)
        and state._winner < 0
        and state._position
    ):
        pending = state._order[state._position :]  # limit (a)
        heading = sets[1 << rules.low_rank[state._top]]
    for seat in range(len(hands)):
        if seats >> seat & 1:
            cards = hands[seat] & allowed
            if cards and pending and seat in pending:
                cards &= ~heading
            found[seat] = cards
    return found


def sluffs(state: PhaseOneState, seat: int, cards: int | None = None) -> tuple[Move, ...]:
    """The sluff moves of ``seat`` now (none if it holds no card it may sluff);
    ``cards`` is :func:`sluffable`'s answer when it is already known."""
    if cards is None:
        cards = sluffable(state, seat)
    if not cards:
        return ()
    key = cards << 4 | seat
    moves = _SLUFFS.get(key)
    if moves is None:
        if len(_SLUFFS) >= _CACHE_LIMIT:
            _SLUFFS.clear()
        moves = _SLUFFS[key] = tuple(Sluff.from_mask(seat, sub) for sub in submultisets(cards))
    if (
        state._context.sluff is _SLUFF_ANYTIME
        and normal_left(state) == 0
        and may_still_play(state, seat)
    ):
        hand = state._hand_masks[seat]
        moves = tuple(move for move in moves if not runs_out(state, seat, hand & ~move.mask))
    return moves


def runs_out(state: PhaseOneState, seat: int, left: int) -> bool:
    """Whether ``seat``, left holding ``left`` after a sluff, would run out of cards
    before it has made every play it may owe the undecided trick (P1-SLUFF-ANYTIME
    limit (b), with the stock empty).

    It owes a play while it is due in the current round, and one more for the
    replay if that play would leave it tied for the lead, or heading a round that
    a later play could still tie. With one card left its play is forced, so the
    public facts of the round say whether it owes the replay too.
    """
    if not left:
        return True  # not the whole hand, whatever is owed
    if left & (left - 1) or seat not in state._order[state._position :]:
        return False  # two cards or more, or no play owed in this round
    rules = state._context
    if rules.ties is _TIES_SPLIT:
        return False  # a tie is split, never replayed (P1-TIE-SPLIT)
    plays = (*state._round_plays, left)
    trump = state._indicator % 52 // 13
    ahead = leading(rules, trump, plays)
    if len(plays) - 1 not in ahead:
        return False  # the forced play loses the round: nothing more is owed
    # a seat due after this one could still tie it, if it holds a card to play
    hands = state._hand_masks
    later = any(hands[other] for other in state._order[state._position + 1 :])
    return len(ahead) > 1 or later


def sluff_reason(state: PhaseOneState, seat: int) -> str:
    """Why ``seat`` may not sluff the cards it named, in words."""
    mode = state._context.sluff
    if mode is _SLUFF_WINDOW:
        if state._winner < 0:
            return "the sluffing window opens once the trick is decided"
        return "only cards of ranks in the trick, once per trick"
    if mode is _SLUFF_OWN:
        return "only cards of the rank of one's own latest play to the trick"
    if mode is _SLUFF_ATLANTA:
        if not state._own[seat]:
            return "only after playing to the trick"
        if state._sluffed >> seat & 1:
            return "only once per trick"
        return "only ranks already played to the trick that are not winning"
    anytime = mode in (_SLUFF_ANYTIME, _SLUFF_ANYTIME_MAY_EMPTY)
    if anytime and state._winner < 0 and seat in state._order[state._position :]:
        return "only cards matching the trick, and not the highest rank before one's own play"
    return "only cards matching a rank in the trick"
