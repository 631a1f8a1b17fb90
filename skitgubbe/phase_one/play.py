"""Phase one's legal moves and transitions: the rules of each area put together.

Sluffing is out of turn: :func:`legal_moves` lists every legal move of every
seat, the player due to play and every seat that may sluff. Who may act
(:func:`to_act_seats`) and whom the game waits for (:func:`due_seats`) are
public; which moves a seat has depends on its hand.

:class:`Rules` is the :class:`~skitgubbe.state.PhaseOneRules` every phase-one
state holds: the settings phase one reads, worked out once a ruleset, and the
functions of this module, which the states call through it.
"""

from __future__ import annotations

from typing import Final

from ..cards import CARDS_IN_PACK, PACK_MASK, cards_of, format_cards
from ..errors import IllegalMoveError
from ..events import Event, EventKind, seat_events
from ..intermission import finish_phase_one
from ..moves import Dare, Done, Gather, Move, PickUp, Play, Sluff, Store, Swap
from ..rules import LastTrickSluff, Ruleset, Trick
from ..rules import Sluff as SluffRule
from ..state import PhaseOneRules, PhaseOneState, State
from ..views import PlayerView, phase_one_view
from . import mas, sluffing
from .tricks import Work
from .values import DARE, PLAY, RANK_CARDS, SLUFF, obliged, ranks_of, submultisets

__all__ = [
    "Rules",
    "context_for",
    "due_seats",
    "explain",
    "legal_moves",
    "successor",
    "to_act_seats",
]

# The settings compared on hot paths, as constants compiled code reads natively.
_SLUFF_NONE: Final = SluffRule.NONE
_LAST_ALLOWED: Final = LastTrickSluff.ALLOWED
_LAST_ONCE_LOST: Final = LastTrickSluff.ONCE_LOST
_SLUFF_WINDOW: Final = SluffRule.WINDOW
_TRICK_ALL: Final = Trick.ALL
_TRICK_ALL_TRUMPS: Final = Trick.ALL_TRUMPS
_TRICK_MAS: Final = Trick.MAS
_TRICK_TRUMPS: Final = Trick.TRUMPS
_TRICK_TWO: Final = Trick.TWO

_TRICK_RULE: Final = {
    _TRICK_TWO: "P1-TRICK-TWO",
    _TRICK_ALL: "P1-TRICK-ALL",
    _TRICK_MAS: "P1-MAS",
    _TRICK_TRUMPS: "P1-TRUMP-TRICKS",
    _TRICK_ALL_TRUMPS: "P1-TRUMP-TRICKS",
}

#: The single-card play of each seat and card, and each seat's dare: shared moves.
_SINGLE_PLAYS: Final = tuple(
    tuple(Play.from_mask(seat, 1 << index) for index in range(CARDS_IN_PACK)) for seat in range(16)
)
_DARES: Final = tuple(Dare.from_mask(seat, 0) for seat in range(16))
# Multi-card plays (P1-MULTI) by (seat, hand, obliged cards, dare): a hand of a few
# cards has few plays; the cache is emptied when it reaches its limit.
_CACHE_LIMIT: Final = 20_000
_MULTI_PLAYS: Final[dict[tuple[int, int, int, bool], tuple[Move, ...]]] = {}


# -- who acts ------------------------------------------------------------------------


def to_act_seats(state: PhaseOneState) -> int:
    """The seats that may act now, as bits: public, so that it reveals no hand."""
    if state._context.mas:
        return mas.to_act_seats(state)
    return sluffing.to_act_seats(state)


def due_seats(state: PhaseOneState) -> int:
    """The seats the game waits for, as bits: the player due to play, or those who
    must declare done or gather (public)."""
    if state._context.mas:
        return 1 << state._order[state._position]
    return sluffing.due_seats(state)


# -- legal moves ---------------------------------------------------------------------


def legal_moves(state: PhaseOneState) -> tuple[Move, ...]:
    """Every legal move of every seat that may act, grouped by seat."""
    return state._context.legal_moves(state)


def _plays(state: PhaseOneState, player: int) -> tuple[Move, ...]:
    """The plays (and the dare) of the seat due to play."""
    rules = state._context
    hand = state._hand_masks[player]
    bound = obliged(state, player)
    dare = not bound and rules.dare and sluffing.normal_left(state) > 0
    if not rules.multi:
        row = _SINGLE_PLAYS[player]
        moves: list[Move] = []
        cards = (bound or hand) & PACK_MASK
        while cards:
            low = cards & -cards
            moves.append(row[low.bit_length() - 1])
            cards ^= low
        if dare:
            moves.append(_DARES[player])
        return tuple(moves)
    key = (player, hand, bound, dare)
    found = _MULTI_PLAYS.get(key)
    if found is None:
        if len(_MULTI_PLAYS) >= _CACHE_LIMIT:
            _MULTI_PLAYS.clear()
        found = _MULTI_PLAYS[key] = _multi_plays(player, hand, bound, dare)
    return found


def _multi_plays(player: int, hand: int, bound: int, dare: bool) -> tuple[Move, ...]:
    """P1-MULTI: one, two or three cards of one rank (of the obliged rank if bound)."""
    moves: list[Move] = []
    for rank in range(13):
        cards = (bound or hand) & RANK_CARDS[rank]
        if cards:
            moves.extend(
                Play.from_mask(player, sub) for sub in submultisets(cards) if sub.bit_count() <= 3
            )
    moves.sort(key=lambda move: move.mask)
    if dare:
        moves.append(_DARES[player])
    return tuple(moves)


# -- transitions -----------------------------------------------------------------------


def successor(state: PhaseOneState, move: Move) -> State:
    """The state after a legal ``move``."""
    return state._context.successor(state, move)


def _counted(work: Work, move: Move) -> State:
    """The state after a move of Mas's phase one that did not end it, with its
    quiet count; or, at the quiet limit, the first phase-two state (see
    :func:`skitgubbe.phase_one.mas.quiet_count`)."""
    quiet = mas.quiet_count(work)
    if quiet < 0:
        return finish_phase_one(work.freeze(move), work.stuck, stalled=True)
    after = work.rest or work.freeze(move)
    after._quiet = quiet
    return after


def _after_done(state: PhaseOneState, move: Move) -> PhaseOneState | None:
    """The state after ``done`` when the decided trick still waits for someone, built
    without a work copy (the most frequent move of a game with sluffing); ``None``
    when the trick is then gathered, which the full transition handles.

    Declaring done changes nothing but who is entitled: the hands, the table and so
    the cards each seat may sluff stay as they were. The legal moves are those of
    ``state`` without the declarer's, unless the winner is now offered ``gather``.
    """
    seat = move._player
    bit = 1 << seat
    before = sluffing.entitled(state)
    seats = before & ~bit
    if not seats:
        return None
    sluffed = state._sluffed | bit if state._context.sluff is _SLUFF_WINDOW else state._sluffed
    after = PhaseOneState(
        state._context,
        state._deal,
        state._hand_masks,
        state._known_masks,
        state._won_masks,
        state._stock_cards,
        state._drawn,
        state._indicator,
        state._holder,
        state._set_aside_mask,
        state._reserve_cards,
        state._first_leader,
        state._leader,
        state._order,
        state._position,
        state._round_plays,
        state._log,
        state._by_seat,
        state._table_mask,
        state._plays_mask,
        state._top,
        state._own,
        sluffed,
        state._done | bit,
        state._winner,
        state._last_winner,
        state._shuffles,
        move,
        (_DONES[seat],),
        state._absent_mask,
    )
    after._entitled = seats
    legal = state._legal
    if legal is not None and sluffing.gatherer(after, seats) == sluffing.gatherer(state, before):
        after._legal = tuple([listed for listed in legal if listed._player != seat])
    return after


#: The event of each seat's ``done``: shared values.
_DONES: Final = seat_events(EventKind.DONE)


# -- explanations ---------------------------------------------------------------------


def explain(state: PhaseOneState, move: Move) -> IllegalMoveError | None:
    """Why ``move`` is illegal here (naming the rule), or ``None`` if it is legal."""
    if move in state.legal_moves():
        return None
    rules = state._context
    seat = move.player
    kind = type(move)
    players = state.players
    if seat >= players:
        return IllegalMoveError(f"there is no seat {seat} at a table of {players}")
    hand = state._hand_masks[seat]
    held = not move.mask & ~hand
    trick_rule = _TRICK_RULE[rules.trick]
    if kind is Play or kind is Dare:
        return _explain_play(state, move, held, trick_rule)
    if kind is Sluff:
        rule = sluffing.SLUFF_RULE[rules.sluff]
        if rules.sluff is _SLUFF_NONE:
            return IllegalMoveError("these rules have no sluffing", rule)
        if not move.mask:
            return IllegalMoveError("a sluff names its cards", rule)
        if not held:
            return IllegalMoveError(f"seat {seat} does not hold {format_cards(move.cards)}")
        if not state._table_mask:
            return IllegalMoveError("there is no trick to sluff on yet", rule)
        if state._done >> seat & 1:
            return IllegalMoveError(f"seat {seat} has declared done on this trick", rule)
        if (
            rules.last_trick_sluff is not _LAST_ALLOWED
            and sluffing.last_trick(state)
            and sluffing.last_trick_barred(state) >> seat & 1
        ):
            return IllegalMoveError(
                f"seat {seat} may not sluff on the last trick of phase one "
                + (
                    "until it can no longer take it"
                    if rules.last_trick_sluff is _LAST_ONCE_LOST
                    else "until the trick is decided"
                ),
                "P1-SLUFF-LAST-TRICK",
            )
        if move.mask & ~sluffing.sluffable(state, seat):
            return IllegalMoveError(
                f"seat {seat} may not sluff {format_cards(move.cards)} now: "
                + sluffing.sluff_reason(state, seat),
                rule,
            )
        return IllegalMoveError(
            f"seat {seat} may not sluff {format_cards(move.cards)}: with the stock empty it "
            "would run out of cards before making every play it may owe this trick "
            "(its play, and the replay of a tie it would be in)",
            "P1-SLUFF-ANYTIME",
        )
    if kind is Done or kind is Gather:
        return _explain_claim(state, move)
    if kind is PickUp:
        if not rules.mas:
            return IllegalMoveError("phase one has no picking up in these rules", trick_rule)
        return IllegalMoveError("only the follower picks up, and only the led card", "P1-MAS")
    if kind is Store or kind is Swap:
        if not rules.mas:
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


def _explain_play(
    state: PhaseOneState, move: Move, held: bool, trick_rule: str
) -> IllegalMoveError:
    rules = state._context
    seat = move.player
    if state._winner >= 0 or state._order[state._position] != seat:
        due = "nobody" if state._winner >= 0 else f"seat {state._order[state._position]}"
        return IllegalMoveError(f"it is not seat {seat}'s turn to play: {due} is due", trick_rule)
    if type(move) is Dare:
        if not rules.dare:
            return IllegalMoveError("these rules have no daring", "P1-DARE")
        if obliged(state, seat):
            return IllegalMoveError(
                f"seat {seat} must match "
                + ("a rank already played" if rules.beats_unique else "the highest rank")
                + " and may not dare",
                "P1-MUST-MATCH",
            )
        return IllegalMoveError(
            "the stock holds no card that may be dared (the trump card may not be)", "P1-DARE"
        )
    if not move.mask:
        return IllegalMoveError("a play names its cards", trick_rule)
    if not held:
        return IllegalMoveError(f"seat {seat} does not hold {format_cards(move.cards)}")
    if rules.mas and state._position:
        return IllegalMoveError(
            f"{format_cards(move.cards)} does not beat the led card: beat it with a higher "
            "card of its suit or a trump, or pick it up",
            "P1-MAS",
        )
    ranks = ranks_of(move.mask)
    if ranks & (ranks - 1) or move.mask.bit_count() > (3 if rules.multi else 1):
        if rules.multi:
            return IllegalMoveError("a play is one, two or three cards of one rank", "P1-MULTI")
        return IllegalMoveError("a play is a single card", trick_rule)
    bound = obliged(state, seat)
    if bound:
        what = (
            # P1-TIE-BEATS-UNIQUE: the highest rank already played that it holds
            "a card of the highest rank already played that it holds"
            if rules.beats_unique
            else "a card of the highest rank played so far"
        )
        return IllegalMoveError(
            f"seat {seat} must play {what} ({format_cards(cards_of(bound))})",
            "P1-MUST-MATCH",
        )
    return IllegalMoveError(f"{move} is not a legal play", trick_rule)


def _explain_claim(state: PhaseOneState, move: Move) -> IllegalMoveError:
    """Why a ``done`` or ``gather`` is refused."""
    rules = state._context
    seat = move.player
    rule = sluffing.SLUFF_RULE[rules.sluff]
    if rules.sluff is _SLUFF_NONE:
        return IllegalMoveError("without sluffing a decided trick is gathered at once", rule)
    if state._winner < 0:
        return IllegalMoveError("the trick is not decided yet", rule)
    seats = sluffing.entitled(state)
    if type(move) is Gather:
        if seat != state._winner:
            return IllegalMoveError(f"only the winner, seat {state._winner}, gathers", rule)
        if rules.sluff is _SLUFF_WINDOW:
            return IllegalMoveError(
                "the trick is gathered once everyone has used or passed the window", rule
            )
        waiting = [str(other) for other in range(state.players) if seats >> other & 1]
        return IllegalMoveError(
            "the trick cannot be gathered until the others have declared done (seats "
            f"{', '.join(waiting)} have not)",
            rule,
        )
    if state._done >> seat & 1:
        return IllegalMoveError(f"seat {seat} has already declared done on this trick", rule)
    if sluffing.races(state):
        return IllegalMoveError(
            "nobody declares done under the race rule: the winner ends the sluffing by gathering",
            rule,
        )
    if seat == state._winner:
        return IllegalMoveError("the winner gathers the trick instead of declaring done", rule)
    return IllegalMoveError(f"seat {seat} may not sluff on this trick: nothing to declare", rule)


class Rules(PhaseOneRules):
    """The rules of phase one for one ruleset, as its states hold them: the
    settings phase one reads (see :class:`~skitgubbe.state.PhaseOneRules`) and the
    functions of this module."""

    __slots__ = ()

    def __reduce__(self) -> tuple[object, ...]:
        return (context_for, (self.rules,))

    def legal_moves(self, state: PhaseOneState) -> tuple[Move, ...]:
        """Every legal move of every seat that may act, grouped by seat."""
        if self.mas:
            return mas.legal_moves(state)
        seats = state._entitled  # sluffing.entitled, once worked out
        if seats < 0:
            seats = sluffing.entitled(state)
        winner = state._winner
        if winner < 0:
            player = state._order[state._position]
            if not seats:
                return _plays(state, player)
            moves: list[Move] = []
            cards = sluffing.sluffable_by_seat(state, seats)
            for seat in range(len(state._hand_masks)):
                if seat == player:
                    moves.extend(_plays(state, seat))
                if cards[seat]:
                    moves.extend(sluffing.sluffs(state, seat, cards[seat]))
            return tuple(moves)
        declaring = sluffing.declarers(state, seats)
        gathering = sluffing.gatherer(state, seats)
        moves = []
        cards = sluffing.sluffable_by_seat(state, seats)
        for seat in range(len(state._hand_masks)):
            if cards[seat]:
                moves.extend(sluffing.sluffs(state, seat, cards[seat]))
            if declaring >> seat & 1:
                moves.append(sluffing.DONES[seat])
            if gathering and seat == winner:
                moves.append(sluffing.GATHERS[seat])
        return tuple(moves)

    def successor(self, state: PhaseOneState, move: Move) -> State:
        """The state after a legal ``move``."""
        kind = type(move)
        if kind is Done:
            waiting = _after_done(state, move)
            if waiting is not None:
                return waiting
        work = Work(state, move)
        seat = move._player
        rules = self
        going = True
        if kind is Play or kind is Dare:
            if kind is Dare:
                cards = 1 << state._stock_cards[state._drawn]
                work.drawn += 1
                work.notes.append(Event(EventKind.DARED, seat, cards))
            else:
                cards = move._mask
                work.notes.append(Event(EventKind.PLAYED, seat, cards))
            if rules.mas:
                going = mas.lead_or_beat(work, seat, cards)
                if going:
                    return _counted(work, move)
            else:
                if kind is Play:
                    work.take_from_hand(seat, cards)
                work.play(seat, cards, DARE if kind is Dare else PLAY)
                if kind is Play:
                    work.refill(seat)
                going = work.next_due()
        elif kind is Sluff:
            cards = move._mask
            work.take_from_hand(seat, cards)
            work.notes.append(Event(EventKind.SLUFFED, seat, cards))
            work.put(seat, cards, SLUFF)
            work.sluffed |= 1 << seat
            work.refill(seat, sluff=True)
            going = work.next_due()
        elif kind is Done:
            work.done |= 1 << seat
            if rules.sluff is _SLUFF_WINDOW:
                work.sluffed |= 1 << seat
            work.notes.append(_DONES[seat])
            going = work.next_due()
        elif kind is Gather:
            going = work.gather() and work.next_due()
        else:  # Mas's pick-up, store or swap
            going = mas.act(work, move)
            if going:
                return _counted(work, move)
        if not going:
            return finish_phase_one(work.freeze(move), work.stuck)
        return work.rest or work.freeze(move)

    def explain(self, state: PhaseOneState, move: Move) -> IllegalMoveError | None:
        return explain(state, move)

    def to_act_seats(self, state: PhaseOneState) -> int:
        return to_act_seats(state)

    def due_seats(self, state: PhaseOneState) -> int:
        return due_seats(state)

    def view(self, state: PhaseOneState, player: int) -> PlayerView:
        return phase_one_view(state, player)


#: The contexts by the identity of their ruleset: a state's ``rules`` is the very
#: ruleset it was dealt with, even where an equal one was dealt before (records
#: name a preset by it). A context keeps its ruleset, so an identity is not
#: reused while its context is kept.
_CONTEXTS: Final[dict[int, Rules]] = {}
#: Contexts kept at most; a program that tries many rulesets empties the cache.
_CONTEXTS_LIMIT: Final = 1_024


def context_for(rules: Ruleset) -> Rules:
    """The shared rules of phase one for ``rules``, which its states hold."""
    context = _CONTEXTS.get(id(rules))
    if context is None or context.rules is not rules:
        if len(_CONTEXTS) >= _CONTEXTS_LIMIT:
            _CONTEXTS.clear()
        context = _CONTEXTS[id(rules)] = Rules(rules)
    return context
