"""Phase two, "beat it or eat it": legal moves and transitions.

The player to act either beats the top play or picks up. A trick
ends when it is killed (as many plays on the table as players in the game when
it began, P2-KILL) or when its last cards are picked up (P2-EMPTIED). A player
who plays their last card is out; the last player left in is the goat (P2-OUT).

Everything here is a function of the state and its :class:`Context`, which
holds the facts of its ruleset and trump suit and is the
:class:`~skitgubbe.state.PhaseTwoRules` every phase-two state holds: the states
call this module through it. This module imports the states and the views below
it, never the other way round.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from .cards import (
    CARDS_IN_PACK,
    PACK_MASK,
    SUIT_BITS,
    Card,
    Suit,
    add_cards,
    cards_argument,
    cards_of,
    check_copies,
    format_cards,
    iter_indexes,
    mask_of,
    remove_cards,
    replace_at,
)
from .errors import IllegalMoveError, no_seat, shown
from .events import Event, EventKind, seat_events
from .moves import MAX_SEAT, Move, PickUp, Play
from .rules import AntiTrump, Beat, CompleteSuit, EmptyHand, Ruleset, Runs
from .rules import PickUp as PickUpRule
from .specs import as_rules
from .state import PhaseTwoRules, PhaseTwoState
from .views import PlayerView, phase_two_view

__all__ = ["anti_trump_suit", "start_phase_two"]

# The settings compared on hot paths, as constants compiled code reads natively.
_RUNS_ANY: Final = Runs.ANY
_RUNS_FROM_TWO: Final = Runs.FROM_TWO
_RUNS_MIN_THREE: Final = Runs.MIN_THREE
_RUNS_SINGLE: Final = Runs.SINGLE

_FULL_SUITS: Final = frozenset(SUIT_BITS << (13 * suit) for suit in range(4))
_PICK_RULE: Final = {
    PickUpRule.TOP: "P2-PICK-TOP",
    PickUpRule.TOP_JOINED: "P2-PICK-TOP-JOINED",
    PickUpRule.BOTTOM: "P2-PICK-BOTTOM",
    PickUpRule.BOTTOM_JOINED: "P2-PICK-BOTTOM-JOINED",
    PickUpRule.LOWEST_CARD: "P2-PICK-LOWEST-CARD",
}
#: The pick-up rules and the runs rules, numbered: a Context holds the numbers.
_PICK_CODES: Final = tuple(PickUpRule)
_TOP: Final = _PICK_CODES.index(PickUpRule.TOP)
_TOP_JOINED: Final = _PICK_CODES.index(PickUpRule.TOP_JOINED)
_BOTTOM: Final = _PICK_CODES.index(PickUpRule.BOTTOM)
_BOTTOM_JOINED: Final = _PICK_CODES.index(PickUpRule.BOTTOM_JOINED)
_LOWEST_CARD: Final = _PICK_CODES.index(PickUpRule.LOWEST_CARD)
_RUNS_CODES: Final = tuple(Runs)
_RUNS_RULE: Final = {
    _RUNS_SINGLE: "P2-PLAY-SINGLE",
    _RUNS_ANY: "P2-PLAY-RUNS",
    _RUNS_MIN_THREE: "P2-RUN-MIN3",
    _RUNS_FROM_TWO: "P2-RUN-FROM-2",
}


def anti_trump_suit(setting: AntiTrump, trump: Suit | str) -> Suit | None:
    """The anti-trump suit for a trump suit, or ``None`` (P2-ANTI-TRUMP).

    >>> anti_trump_suit(AntiTrump.SAME_COLOUR, Suit.HEARTS)
    <Suit.DIAMONDS: 1>
    >>> anti_trump_suit(AntiTrump.ELECTRIC_CLUBS, Suit.CLUBS)
    <Suit.SPADES: 3>
    """
    if not isinstance(setting, AntiTrump):
        raise TypeError(f"setting must be an AntiTrump, not {shown(setting)}")
    trump = Suit.parse(trump)
    if setting is AntiTrump.SAME_COLOUR:
        return Suit(trump ^ 3)  # clubs <-> spades, diamonds <-> hearts
    if setting is AntiTrump.ELECTRIC_CLUBS:
        return Suit.SPADES if trump is Suit.CLUBS else Suit.CLUBS
    return None


class Context(PhaseTwoRules):
    """The facts of one ruleset and trump suit that phase two consults on every move.

    Shared by every state with the same rules and trump, so it is read-only and
    holds only immutable values: the caches of moves stay inside this module,
    out of reach of a state.
    """

    __slots__ = (
        "anti",
        "avstickshog",
        "beat_rule",
        "complete_across",
        "complete_suit",
        "forced_pick",
        "high_trump",
        "kill_on_trump",
        "pick",
        "pick_code",
        "plan",
        "quiet_limit",
        "rules",
        "runs",
        "runs_code",
        "trump",
        "trump_bits",
    )

    rules: Ruleset
    trump: int
    anti: int
    trump_bits: int
    runs: Runs
    pick: PickUpRule
    #: :attr:`pick` as a small number, which compiled code compares natively.
    pick_code: int
    #: :attr:`runs` as a small number, the index of its cache of plays.
    runs_code: int
    high_trump: bool
    forced_pick: bool
    kill_on_trump: bool
    complete_suit: bool
    complete_across: bool
    avstickshog: bool
    beat_rule: str
    quiet_limit: int
    #: for a top play of each suit, the suits that may beat it: ``suit << 1 | 1``
    #: when only cards above the top play's highest card do, ``suit << 1`` when
    #: any card of the suit does (small ints, which compiled code reads natively)
    plan: tuple[tuple[int, ...], ...]

    def __init__(self, rules: Ruleset, trump: Suit) -> None:
        anti = anti_trump_suit(rules.anti_trump, trump)
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "trump", int(trump))
        object.__setattr__(self, "anti", -1 if anti is None else int(anti))
        object.__setattr__(self, "trump_bits", SUIT_BITS << (13 * int(trump)))
        object.__setattr__(self, "runs", rules.runs)
        object.__setattr__(self, "pick", rules.pick_up)
        object.__setattr__(self, "pick_code", _PICK_CODES.index(rules.pick_up))
        object.__setattr__(self, "runs_code", _RUNS_CODES.index(rules.runs))
        object.__setattr__(self, "high_trump", rules.high_trump)
        object.__setattr__(self, "forced_pick", rules.forced_pick)
        object.__setattr__(self, "kill_on_trump", rules.kill_on_trump)
        object.__setattr__(self, "complete_suit", rules.complete_suit_kills)
        object.__setattr__(
            self, "complete_across", rules.complete_suit is CompleteSuit.ACROSS_PLAYS
        )
        object.__setattr__(self, "avstickshog", rules.avstickshog > 0)
        object.__setattr__(self, "quiet_limit", rules.quiet_limit)
        object.__setattr__(
            self, "beat_rule", "P2-BEAT-SUIT" if rules.beat is Beat.SUIT else "P2-BEAT-ANY-SUIT"
        )
        object.__setattr__(self, "plan", tuple(self._plan(top, rules.beat) for top in range(4)))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a phase-two Context is read-only: cannot set {name}")

    def __reduce__(self) -> tuple[object, ...]:
        return (context_for, (self.rules, Suit(self.trump)))

    def legal_moves(self, state: PhaseTwoState) -> tuple[Move, ...]:
        """Every legal move of the player to act: plays first, then the pick-up."""
        player = state._turn
        if player < 0:
            return ()
        table = state._table_masks
        if table and (state._forced or state._blamattis >> player & 1):
            return (_pick_up(player, _picked(state, self)),)
        hand = state._hand_masks[player] & PACK_MASK
        code = self.runs_code << 13
        rows = _ROWS[player] or _seat_plays(player)
        moves: list[Move] = []
        if table:
            top = table[-1].bit_length() - 1
            above = ~((2 << (top % 13)) - 1)
            for entry in self.plan[top // 13]:
                suit = entry >> 1
                pattern = (hand >> (13 * suit)) & SUIT_BITS
                if entry & 1:
                    pattern &= above
                if pattern:
                    row = rows[suit]
                    slots = _SLOTS[pattern | code]
                    if slots is None:
                        slots = _slots(pattern, self.runs_code)
                    for slot in slots:
                        moves.append(row[slot])
        else:
            for suit in range(4):
                pattern = (hand >> (13 * suit)) & SUIT_BITS
                if pattern:
                    row = rows[suit]
                    slots = _SLOTS[pattern | code]
                    if slots is None:
                        slots = _slots(pattern, self.runs_code)
                    for slot in slots:
                        moves.append(row[slot])
        if self.high_trump and moves:
            high = _high_trump_bit(self, state._killed_mask, state._out_of_play_mask)
            allowed = [m for m in moves if not m.mask & high or _kills(state, self, m.mask)]
            # A leader left with only the high trump keeps the lead only when every
            # other player is stuck the same way; the restriction is then waived.
            if allowed or table:
                moves = allowed
        if table:
            picked = _picked(state, self)
            pick_up = _PICK_UPS.get(picked << 5 | player)  # as _pick_up, without the call
            moves.append(_pick_up(player, picked) if pick_up is None else pick_up)
        return tuple(moves)

    def successor(self, state: PhaseTwoState, move: Move) -> PhaseTwoState:
        """The state after the legal ``move``."""
        player = move._player
        mask = move._mask
        hands = list(state._hand_masks)
        hidden = state._hidden_masks
        pool = state._dreck_pool
        table = state._table_masks
        seats = state._table_seats
        active = state._active
        blamattis = state._blamattis
        killed = state._killed_mask
        reserve = state._reserve_cards
        trick_size = state._trick_size
        forced = state._forced
        lead_out = -1
        goat = -1
        notes: list[Event] = []
        new_trick = -1  # the seat due to lead a new trick, if the trick ended

        if type(move) is Play:
            held = hands[player]  # no second copy held: the play's bits are simply cleared
            hand = hands[player] = (
                remove_cards(held, mask) if held >> CARDS_IN_PACK else held ^ mask
            )
            if hidden[player] & mask:  # a hidden card is shown by playing it
                hidden = replace_at(hidden, player, _discard(hidden[player], mask))
            if pool & mask:
                pool = _discard(pool, mask)
            # three cards left or one (a hand's bits cleared one at a time; no count)
            rest = hand & (hand - 1)
            if not rest:
                if hand:
                    notes.append(_ONE_CARD[player])
            else:
                two = rest & (rest - 1)
                if two and not two & (two - 1):
                    notes.append(_THREE_CARDS[player])
            if _kills(state, self, mask):
                union = mask
                for play in table:
                    union |= play
                killed = add_cards(killed, union) if killed & union else killed | union
                notes.append(Event(EventKind.KILLED, player, union))
                table = ()
                seats = ()
                if self.avstickshog and reserve:
                    drawers = (player, _next_active(active, player))
                    reserve, hidden = _draw(hands, hidden, reserve, drawers, notes)
                if not hands[player]:
                    active &= ~(1 << player)
                    notes.append(_OUT[player])
                waiting = state._lead_out
                if waiting >= 0 and not hands[waiting]:
                    active &= ~(1 << waiting)
                    notes.append(_OUT[waiting])
                new_trick = player
            else:
                table = (*table, mask)
                seats = (*seats, player)
                if not hand:
                    if self.avstickshog and reserve and len(table) == 1:
                        lead_out = player  # P2-AVSTICKSHOG: the game waits for the answer
                    else:
                        active &= ~(1 << player)
                        notes.append(_OUT[player])
        else:
            if state._lead_out >= 0:
                goat = player  # P2-AVSTICKSHOG: picking up a led last card loses
            picked, table, seats = _pick(state, self, mask)  # the move names the cards
            held = hands[player]
            hands[player] = add_cards(held, picked) if held & picked else held | picked
            blamattis &= ~(1 << player)
            if table:
                forced = self.forced_pick
            else:
                notes.append(_EMPTIED[player])
                new_trick = _next_active(active, player)

        out_order = state._out_order
        if active != state._active:
            out_order = (*out_order, *(note.player for note in notes if note.kind is _OUT_KIND))
            quiet = 0
        elif killed != state._killed_mask:
            quiet = 0
        else:
            quiet = state._quiet + 1
        if goat < 0:
            if active & (active - 1) == 0:
                goat = active.bit_length() - 1
            elif quiet >= self.quiet_limit:
                # Ruling: the game has stalled; the most cards lose (see
                # Ruleset.quiet_limit).
                first = new_trick if new_trick >= 0 and active >> new_trick & 1 else -1
                goat = _most_cards(
                    hands, active, first if first >= 0 else _next_active(active, player)
                )
                notes.append(Event(EventKind.STALLED, goat))
            elif new_trick >= 0 and blamattis and not any(hands):
                # Ruling: only empty-handed Blåmattis are left and nothing is on the
                # table; the one due to lead the new trick is the goat (I-BLAMATTIS).
                goat = new_trick if active >> new_trick & 1 else _next_active(active, new_trick)
        if goat >= 0:
            notes.append(Event(EventKind.GOAT, goat))
            turn = -1
        elif new_trick >= 0:
            if not active >> new_trick & 1:
                new_trick = _next_active(active, new_trick)
            high = _high_trump_bit(self, killed, state._out_of_play_mask) if self.high_trump else 0
            turn = _leader(self, hands, active, new_trick, notes, high)
            trick_size = active.bit_count()
            forced = False
        else:  # the next seat in the game (_next_active, written out: most moves end here)
            higher = active >> (player + 1)
            if higher:
                turn = player + (higher & -higher).bit_length()
            else:
                turn = (active & -active).bit_length() - 1

        return PhaseTwoState(
            state._rules,
            state._trump,
            tuple(hands),
            hidden,
            table,
            turn,
            trick_size,
            active,
            blamattis,
            forced,
            killed,
            reserve,
            goat,
            lead_out,
            pool,
            state._needy,
            self,
            move,
            tuple(notes) if notes else (),
            state._out_of_play_mask,
            False,
            seats,
            quiet,
            out_order,
        )

    def explain(self, state: PhaseTwoState, move: Move) -> IllegalMoveError | None:
        return explain(state, self, move)

    def view(self, state: PhaseTwoState, player: int) -> PlayerView:
        return phase_two_view(state, player)

    def _plan(self, top: int, beat: Beat) -> tuple[int, ...]:
        """For a top play of suit ``top``: the suits that may beat it, each as
        ``suit << 1 | only_above`` (only cards above the top play's highest card
        beat it, else any card of the suit does)."""
        if top == self.anti:
            return (top << 1 | 1,)
        if top == self.trump:
            return (top << 1 | 1,)
        if beat is Beat.SUIT:
            return (top << 1 | 1, self.trump << 1)
        plain = tuple(s << 1 | 1 for s in range(4) if s not in (self.trump, self.anti))
        return (*plain, self.trump << 1)


_CONTEXTS: Final[dict[tuple[Ruleset, int], Context]] = {}
#: Contexts kept at most; a program that tries many rulesets empties the cache.
_CONTEXTS_LIMIT: Final = 1_024


def context_for(rules: Ruleset, trump: Suit) -> Context:
    """The shared :class:`Context` of ``rules`` with ``trump``."""
    key = (rules, int(trump))
    context = _CONTEXTS.get(key)
    if context is None:
        if len(_CONTEXTS) >= _CONTEXTS_LIMIT:
            _CONTEXTS.clear()
        context = _CONTEXTS[key] = Context(rules, trump)
    return context


# -- plays ----------------------------------------------------------------------

#: The plays the rules allow from the cards of one suit, as slots of a seat's row
#: of plays of that suit (:func:`_seat_plays`), at index ``pattern | runs code <<
#: 13`` (``None`` until first asked for). An index is a suit's pattern of 13 cards
#: and a setting of ``runs``, the same for every seat and suit: a list of ``4 *
#: 8192`` entries, read by index (no hashing, no boxed key).
_SLOTS: Final[list[tuple[int, ...] | None]] = [None] * (len(_RUNS_CODES) << 13)
#: Each seat's rows of plays, one a suit, made when the seat first plays in phase
#: two. A suit's row has a slot for each run: ``13 * low + high`` holds the play of
#: the suit's cards from rank index ``low`` to ``high`` (slots with ``low > high``
#: hold the single card ``low``, never asked for).
_ROWS: Final[list[list[list[Move]]]] = [[] for _ in range(MAX_SEAT + 1)]


def _slots(pattern: int, code: int) -> tuple[int, ...]:
    """Every play the rules allow from the cards of one suit (a 13-bit pattern), as
    slots of a row; ``code`` is the number of the ``runs`` setting
    (``Context.runs_code``)."""
    key = pattern | code << 13
    found = _SLOTS[key]
    if found is not None:
        return found
    runs = _RUNS_CODES[code]
    singles = runs is _RUNS_SINGLE
    slots: list[int] = []
    rest = pattern
    while rest:  # each block of touching cards, lowest first
        low = (rest & -rest).bit_length() - 1
        high = low
        while rest >> (high + 1) & 1:
            high += 1
        rest &= ~((2 << high) - 1)
        for start in range(low, high + 1):
            slots.append(14 * start)  # the single card
            if not singles:
                for end in range(start + 1, high + 1):
                    if _run_allowed(runs, start, end):
                        slots.append(13 * start + end)
    found = _SLOTS[key] = tuple(slots)
    return found


def _seat_plays(player: int) -> list[list[Move]]:
    """The rows, one a suit, of every play of one suit's touching cards ``player``
    could make."""
    rows = _ROWS[player]
    if not rows:
        for suit in range(4):
            row: list[Move] = []
            for start in range(13):
                single = Play.from_mask(player, 1 << (start + 13 * suit))
                for end in range(13):
                    if end <= start:
                        row.append(single)  # the slots never asked for hold it too
                    else:
                        run = ((1 << (end + 1)) - 1) ^ ((1 << start) - 1)
                        row.append(Play.from_mask(player, run << (13 * suit)))
            rows.append(row)
    return rows


def _run_allowed(runs: Runs, start: int, end: int) -> bool:
    """Whether a run of two or more cards from rank index ``start`` to ``end`` may be played."""
    if runs is _RUNS_ANY:
        return True
    if runs is _RUNS_MIN_THREE:
        return end - start >= 2
    if runs is _RUNS_FROM_TWO:
        return start == 0
    return False


def _beats(context: Context, mask: int, top: int) -> bool:
    """Whether the play ``mask`` beats the top play ``top`` (P2-BEAT-*, P2-ANTI-TRUMP)."""
    suit = (mask.bit_length() - 1) // 13
    low = ((mask & -mask).bit_length() - 1) % 13
    high = (top.bit_length() - 1) % 13
    for entry in context.plan[(top.bit_length() - 1) // 13]:
        if entry >> 1 == suit:
            return not entry & 1 or low > high
    return False


#: Pick-up moves, keyed by ``mask << 5 | player``; emptied when it reaches its limit.
_PICK_UPS: Final[dict[int, Move]] = {}
_PICK_UPS_LIMIT: Final = 50_000


def _pick_up(player: int, mask: int) -> Move:
    """The shared pick-up move of ``player`` taking the cards of ``mask``."""
    move = _PICK_UPS.get(mask << 5 | player)
    if move is None:
        if len(_PICK_UPS) >= _PICK_UPS_LIMIT:
            _PICK_UPS.clear()  # bounded, as the plays are
        move = _PICK_UPS[mask << 5 | player] = PickUp.from_mask(player, mask)
    return move


def _kills(state: PhaseTwoState, context: Context, mask: int) -> bool:
    """Whether playing ``mask`` now ends the trick by a kill."""
    table = state._table_masks
    if len(table) + 1 >= state._trick_size:
        return True  # P2-KILL
    trump = context.trump_bits
    if context.kill_on_trump and table and mask & trump and not table[-1] & trump:
        return True  # P2-KILL-ON-TRUMP
    if not context.complete_suit:
        return False
    if not context.complete_across:
        return mask in _FULL_SUITS  # P2-COMPLETE-SUIT, one play
    suit = SUIT_BITS << (13 * ((mask.bit_length() - 1) // 13))
    present = mask
    for play in table:
        present |= play
    return present & suit == suit  # P2-COMPLETE-SUIT: the play completes the suit


def _high_trump_bit(context: Context, killed: int, out_of_play: int) -> int:
    """The bit of the highest trump still in the game (0 if none): the highest not
    killed and not known to be out of play. A card in a face-down pile, such as the
    avstickshög, is still in the game, so every player can tell which trump this
    is (P2-HIGH-TRUMP)."""
    gone = add_cards(killed, out_of_play & PACK_MASK)
    if out_of_play >> CARDS_IN_PACK:
        gone = add_cards(gone, out_of_play >> CARDS_IN_PACK)
    if context.rules.packs == 2:
        gone >>= CARDS_IN_PACK  # a card is gone once both copies are
    present = context.trump_bits & ~gone
    return 1 << (present.bit_length() - 1) if present else 0


# -- picking up -------------------------------------------------------------------


def _joined(table: Sequence[int], start: int) -> int:
    """The cards on the table in unbroken suit sequence with the play ``start``."""
    suit_bits = SUIT_BITS << (13 * ((start.bit_length() - 1) // 13))
    present = 0
    for mask in table:
        present |= mask
    present &= suit_bits
    block = start
    while True:
        grown = block | ((block << 1) & present) | ((block >> 1) & present)
        if grown == block:
            return block
        block = grown


def _lowest_card(
    table: tuple[int, ...], seats: tuple[int, ...]
) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    bottom = table[0]
    low = bottom & -bottom
    rest = bottom ^ low
    if rest:
        return low, (rest, *table[1:]), seats
    return low, table[1:], seats[1:]


#: The joined sequence of a play, by the play's suit and the patterns of the play
#: and of the cards of its suit on the table, as one number: bounded by
#: construction, and emptied when it reaches its limit.
_JOINED: Final[dict[int, int]] = {}
_JOINED_LIMIT: Final = 50_000


def _picked(state: PhaseTwoState, context: Context) -> int:
    """The cards the player to act must pick up."""
    table = state._table_masks
    if state._blamattis >> state._turn & 1:
        bottom = table[0]
        return bottom & -bottom  # I-BLAMATTIS: the lowest card
    pick = context.pick_code
    if pick in (_BOTTOM_JOINED, _TOP_JOINED):
        start = table[-1] if pick == _TOP_JOINED else table[0]
        if len(table) == 1:
            return start
        shift = 13 * ((start.bit_length() - 1) // 13)
        present = 0
        for mask in table:
            present |= mask
        key = shift << 26 | (start >> shift) << 13 | (present >> shift) & SUIT_BITS
        block = _JOINED.get(key)
        if block is None:
            if len(_JOINED) >= _JOINED_LIMIT:
                _JOINED.clear()
            block = _JOINED[key] = _joined(table, start)
        return block
    if pick == _BOTTOM:
        return table[0]
    if pick == _TOP:
        return table[-1]
    bottom = table[0]
    return bottom & -bottom  # P2-PICK-LOWEST-CARD


def _pick(
    state: PhaseTwoState, context: Context, picked: int
) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """What the player to act picks up (``picked``, as :func:`_picked` has it), and
    the table left behind with the seat of each play left."""
    table = state._table_masks
    seats = state._table_seats
    pick = context.pick_code
    if state._blamattis >> state._turn & 1 or pick == _LOWEST_CARD:
        return _lowest_card(table, seats)
    if pick in (_BOTTOM_JOINED, _TOP_JOINED):
        masks = []
        owners = []
        for index, mask in enumerate(table):
            if not mask & picked:
                masks.append(mask)
                owners.append(seats[index])
        if not masks:
            return picked, (), ()
        return picked, tuple(masks), tuple(owners)
    if pick == _BOTTOM:
        return picked, table[1:], seats[1:]
    return picked, table[:-1], seats[:-1]


# -- legal moves --------------------------------------------------------------------


# The events about a seat and no card that phase two reports on most moves, by
# seat: shared values.
_LEAD_PASSED: Final = seat_events(EventKind.LEAD_PASSED)
_LEADS: Final = seat_events(EventKind.LEADS)
_THREE_CARDS: Final = seat_events(EventKind.THREE_CARDS)
_ONE_CARD: Final = seat_events(EventKind.ONE_CARD)
_OUT: Final = seat_events(EventKind.OUT)
_OUT_KIND: Final = EventKind.OUT
_EMPTIED: Final = seat_events(EventKind.EMPTIED)


# -- transitions ------------------------------------------------------------------


def _next_active(active: int, seat: int) -> int:
    """The next seat clockwise after ``seat`` that is still in the game."""
    higher = active >> (seat + 1)
    if higher:
        return seat + (higher & -higher).bit_length()
    return (active & -active).bit_length() - 1


def _previous_active(active: int, seat: int) -> int:
    """The next seat counter-clockwise (to the right) of ``seat`` still in the game."""
    lower = active & ((1 << seat) - 1)
    return (lower or active).bit_length() - 1


def _leader(
    context: Context, hands: Sequence[int], active: int, seat: int, notes: list[Event], high: int
) -> int:
    """Who leads a new trick that ``seat`` is due to lead.

    An empty-handed Blåmattis passes the lead clockwise (I-BLAMATTIS); a player
    holding nothing but the high trump passes it to the right (P2-HIGH-TRUMP).
    """
    leader = seat
    while not hands[leader]:
        leader = _next_active(active, leader)
        if leader == seat:  # pragma: no cover - some player in the game holds cards
            raise AssertionError("no player in the game holds a card")
    if leader != seat:
        notes.append(_LEAD_PASSED[seat])
    if high and hands[leader] & PACK_MASK == high:  # P2-HIGH-TRUMP
        other = _previous_active(active, leader)
        while other != leader:
            if hands[other] and hands[other] & PACK_MASK != high:
                notes.append(_LEAD_PASSED[leader])
                leader = other
                break
            other = _previous_active(active, other)
    notes.append(_LEADS[leader])
    return leader


def _most_cards(hands: Sequence[int], active: int, first: int) -> int:
    """The seat in the game holding the most cards; of several, the first in turn
    from ``first``."""
    players = len(hands)
    best = -1
    most = -1
    for step in range(players):
        seat = (first + step) % players
        if active >> seat & 1:
            size = hands[seat].bit_count()
            if size > most:
                best, most = seat, size
    return best


def _discard(known: int, cards: int) -> int:
    """``known`` without those of ``cards`` it holds (multisets)."""
    for index in iter_indexes(cards):
        bit = 1 << index
        if known & bit:
            known = remove_cards(known, bit)
    return known


def _draw(
    hands: list[int],
    hidden: tuple[int, ...],
    reserve: tuple[int, ...],
    order: Iterable[int],
    notes: list[Event],
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Deal one avstickshög card to each seat of ``order`` while it lasts, face down;
    return the pile left and the new hidden cards of each hand."""
    for seat in order:
        if not reserve:
            break
        bit = 1 << reserve[0]
        hands[seat] = add_cards(hands[seat], bit)
        hidden = replace_at(hidden, seat, add_cards(hidden[seat], bit))
        notes.append(Event(EventKind.DREW, seat, bit))
        reserve = reserve[1:]
    return reserve, hidden


# -- explaining refusals ------------------------------------------------------------


def explain(state: PhaseTwoState, context: Context, move: Move) -> IllegalMoveError | None:
    """Why ``move`` is illegal in ``state`` (naming the rule), or ``None``."""
    if move in context.legal_moves(state):
        return None
    player = move.player
    if state._turn < 0:
        return IllegalMoveError(f"the game is over; seat {state._goat} is the goat", "P2-OUT")
    if type(move) not in (Play, PickUp):
        return IllegalMoveError(f"a {move.verb} is not a move of phase two")
    if player >= state.players:
        return IllegalMoveError(no_seat(player, state.players))
    if not state._active >> player & 1:
        return IllegalMoveError(f"seat {player} is out of the game", "P2-OUT")
    if player != state._turn:
        return IllegalMoveError(f"it is seat {state._turn}'s turn, not seat {player}'s")
    table = state._table_masks
    if type(move) is PickUp:
        if not table:
            return IllegalMoveError("there is nothing on the table to pick up", "P2-EMPTIED")
        picked = _picked(state, context)
        rule = "I-BLAMATTIS" if state._blamattis >> player & 1 else _PICK_RULE[context.pick]
        return IllegalMoveError(
            f"the pick-up takes {format_cards(cards_of(picked))}, not {format_cards(move.cards)}",
            rule,
        )
    return _explain_play(state, context, move)


def _explain_play(state: PhaseTwoState, context: Context, move: Move) -> IllegalMoveError:
    player = move.player
    mask = move.mask
    held = state._hand_masks[player]
    for card in move.cards:
        if not held >> card.index & 1:
            return IllegalMoveError(f"seat {player} does not hold {card}")
        held = remove_cards(held, 1 << card.index)
    table = state._table_masks
    if table and state._blamattis >> player & 1:
        return IllegalMoveError(
            f"seat {player} is a Blåmattis and must first pick up the lowest card",
            "I-BLAMATTIS",
        )
    if table and state._forced:
        return IllegalMoveError(
            "after a pick-up every player picks up until the table is empty", "P2-FORCED-PICK"
        )
    cards = move.cards
    if not cards:
        return IllegalMoveError("a play names at least one card")
    if mask >> CARDS_IN_PACK:
        twice = cards_of(mask >> CARDS_IN_PACK)[0]
        return IllegalMoveError(
            f"identical cards never touch: a play holds one {twice} at most", "P2-RUN-DOUBLE"
        )
    suit = cards[0].suit
    ranks = [card.rank for card in cards]
    touching = ranks == list(range(ranks[0], ranks[0] + len(ranks)))
    if not touching or any(card.suit != suit for card in cards):
        rule = "P2-PLAY-SINGLE" if context.runs is _RUNS_SINGLE else "P2-PLAY-RUNS"
        return IllegalMoveError(f"{format_cards(cards)} is not a run of touching cards", rule)
    if len(cards) > 1 and not _run_allowed(context.runs, ranks[0] - 2, ranks[-1] - 2):
        reason = {
            _RUNS_SINGLE: "only single cards may be played",
            _RUNS_MIN_THREE: "a run must hold at least three cards",
            _RUNS_FROM_TWO: "a run must begin with the 2",
            _RUNS_ANY: "",
        }[context.runs]
        return IllegalMoveError(reason, _RUNS_RULE[context.runs])
    if table and not _beats(context, mask, table[-1]):
        top = table[-1]
        top_suit = (top.bit_length() - 1) // 13
        if context.anti in (suit, top_suit) and suit != top_suit:
            return IllegalMoveError(
                f"{format_cards(cards)} cannot beat {format_cards(cards_of(top))}: "
                "anti-trumps neither beat nor are beaten by another suit",
                "P2-ANTI-TRUMP",
            )
        return IllegalMoveError(
            f"{format_cards(cards)} does not beat {format_cards(cards_of(top))}",
            context.beat_rule,
        )
    return IllegalMoveError(
        f"{format_cards(cards)} holds the highest trump still in the game, which may only "
        "be played as a kill",
        "P2-HIGH-TRUMP",
    )


# -- starting phase two ---------------------------------------------------------------


def start_phase_two(
    rules: Ruleset | str,
    hands: Sequence[str | Card | Iterable[Card | str]],
    trump: Suit | str,
    leader: object,
    *,
    reserve: str | Card | Iterable[Card | str] = (),
) -> PhaseTwoState:
    """A phase-two state from exact hands, for tests, puzzles and replays.

    ``hands`` holds each seat's cards (``Card`` objects or card text), clockwise
    from seat 0; ``trump`` is a :class:`Suit` or its letter; ``leader`` is the seat
    due to lead. ``reserve`` is the two-player avstickshög, top card first
    (P2-AVSTICKSHOG). Empty hands follow ``rules.empty_hand`` (I-EMPTY,
    I-BLAMATTIS); a leader without cards hands the lead on clockwise (I-LEADER).
    Cards in no hand and not in the avstickshög are out of play. Every hand is
    known to every player, as after a phase one (the cards won were played face
    up and those left in hand were shown); the avstickshög is face down.

    >>> from skitgubbe import presets
    >>> state = start_phase_two(presets.FLURST, ["2C 3C", "7C 8C 9C", "JD"], "D", leader=0)
    >>> state.to_act, len(state.legal_moves())
    ((0,), 3)
    """
    rules = as_rules(rules)
    given: object = hands  # checked as what it is, not as what it is declared to be
    if isinstance(given, (str, Card)) or not isinstance(given, Sequence):
        raise TypeError(f"hands must be a sequence with one hand per seat, not {shown(given)}")
    players = len(hands)
    if not rules.min_players <= players <= rules.max_players:
        raise ValueError(
            f"these rules allow {rules.min_players}-{rules.max_players} players, "
            f"not {shown(players)}"
        )
    masks = tuple(
        mask_of(cards_argument(hand, f"hands[{seat}]")) for seat, hand in enumerate(hands)
    )
    reserve_cards = tuple(card.index for card in cards_argument(reserve, "reserve"))
    if reserve_cards and not rules.avstickshog:
        raise ValueError("these rules have no avstickshög to hold a reserve (P2-AVSTICKSHOG)")
    if len(reserve_cards) > rules.avstickshog:
        raise ValueError(
            f"an avstickshög of {len(reserve_cards)} cards, but the rules set aside "
            f"{rules.avstickshog} (P2-AVSTICKSHOG)"
        )
    check_copies([*masks, *(1 << i for i in reserve_cards)], rules.packs)
    trump_suit = Suit.parse(trump)
    if not isinstance(leader, int) or isinstance(leader, bool) or not 0 <= leader < players:
        raise ValueError(f"the leader must be a seat from 0 to {players - 1}, not {shown(leader)}")
    if not any(masks):
        raise ValueError("no player holds a card")
    out_of_play = PACK_MASK if rules.packs == 1 else PACK_MASK | PACK_MASK << CARDS_IN_PACK
    for mask in (*masks, *(1 << i for i in reserve_cards)):
        out_of_play = _take(out_of_play, mask)
    return begin(rules, masks, trump_suit, leader, reserve_cards, out_of_play=out_of_play)


def _take(hand: int, cards: int) -> int:
    """The multiset ``hand`` less the multiset ``cards`` (all held)."""
    hand = remove_cards(hand, cards & PACK_MASK)
    high = cards >> CARDS_IN_PACK
    return remove_cards(hand, high) if high else hand


def begin(
    rules: Ruleset,
    masks: tuple[int, ...],
    trump_suit: Suit,
    leader: int,
    reserve_cards: tuple[int, ...] = (),
    *,
    hidden: tuple[int, ...] | None = None,
    dreck_pool: int = 0,
    needy: int = 0,
    notes: Sequence[Event] = (),
    out_of_play: int = 0,
    last_move: Move | None = None,
) -> PhaseTwoState:
    """The first phase-two state from checked hands (I-EMPTY, I-BLAMATTIS, I-LEADER).

    ``hidden`` holds the cards of each hand the others cannot see (none by
    default); ``dreck_pool`` and ``needy`` say how a shared dreck was dealt.
    """
    players = len(masks)
    empty = [seat for seat, mask in enumerate(masks) if not mask]
    notes = list(notes)
    every = (1 << players) - 1
    blamattis = 0
    goat = -1
    if rules.empty_hand is EmptyHand.SAFE:
        active = every & ~sum(1 << seat for seat in empty)
    else:
        active = every
        if rules.empty_hand is EmptyHand.BLAMATTIS:
            blamattis = sum(1 << seat for seat in empty)
        elif empty:
            # Ruling: of several Blåmattis, the first clockwise from the leader loses.
            goat = min(empty, key=lambda seat: (seat - leader) % players)
    if goat < 0 and active & (active - 1) == 0:
        goat = active.bit_length() - 1
    context = context_for(rules, trump_suit)
    if goat >= 0:
        notes.append(Event(EventKind.GOAT, goat))
        turn = -1
    else:
        first = leader if active >> leader & 1 else _next_active(active, leader)
        high = _high_trump_bit(context, 0, out_of_play) if context.high_trump else 0
        turn = _leader(context, masks, active, first, notes, high)
    return PhaseTwoState(
        rules,
        trump_suit,
        masks,
        (0,) * players if hidden is None else hidden,
        (),
        turn,
        active.bit_count(),
        active,
        blamattis,
        False,
        0,
        reserve_cards,
        goat,
        -1,
        dreck_pool,
        needy,
        context,
        last_move,
        tuple(notes),
        out_of_play,
        last_move is not None,
        (),
        0,
        tuple(seat for seat in range(players) if not active >> seat & 1),
    )
