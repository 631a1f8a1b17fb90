"""The game state: an immutable value, one class per phase.

A state knows everything (every hand, face-down piles, the order of the stock)
and what everyone knows of each hand; :meth:`State.view` gives what one player
may see and know (see :mod:`skitgubbe.views`). :meth:`State.apply` returns a new
state and never changes the old one; unchanged parts are shared.

This module is the engine's data: it imports only the vocabulary below it
(cards, moves, events, rules, deals). The rules of each phase live above it, in
:mod:`skitgubbe.phase_one` and :mod:`skitgubbe.phase_two`. A state reaches them
through the context it holds, a :class:`PhaseOneRules` or :class:`PhaseTwoRules`
that those modules make and hand from state to state: ``state.apply(move)`` is
``state._context.successor(state, move)``, a plain method call, and no module
imports the module that calls it. The layout is described for contributors on
the documentation's "Inside the engine" page.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Final

from .cards import Card, Suit, cards_of, count_cards, format_cards, rank_sets
from .deals import Deal
from .errors import IllegalMoveError, no_seat, shown
from .events import Event, EventKind
from .moves import Move, Play, parse_move
from .rules import Claim, LastTrickSluff, PhaseOneEnd, Ruleset, Ties, Trick, TrumpCard
from .rules import Sluff as SluffRule

if TYPE_CHECKING:
    from .views import PlayerView

__all__ = ["Phase", "PhaseOneRules", "PhaseOneState", "PhaseTwoRules", "PhaseTwoState", "State"]


class Phase(enum.Enum):
    """Where the game stands."""

    #: Collecting cards by taking tricks.
    ONE = "one"
    #: Beat it or eat it: getting rid of cards.
    TWO = "two"
    #: The game is over; :attr:`State.loser` is the goat.
    OVER = "over"


def _seats(bits: int) -> tuple[int, ...]:
    """The seats whose bits are set, in seat order."""
    seats = []
    while bits:
        low = bits & -bits
        seats.append(low.bit_length() - 1)
        bits ^= low
    return tuple(seats)


def _check_seat(player: object, players: int) -> int:
    """``player`` if it is a seat of the table; raise naming the problem otherwise."""
    if not isinstance(player, int) or isinstance(player, bool):
        raise TypeError(f"a seat is a whole number from 0 to {players - 1}, not {shown(player)}")
    if not 0 <= player < players:
        raise ValueError(no_seat(player, players))
    return player


class State:
    """What every state offers, whatever the phase.

    Subclasses hold the phase's data; the rules live in the phase modules. A
    state is a value: its fields are read-only properties.
    """

    __slots__ = ("_legal", "_rules")

    _rules: Ruleset
    #: The legal moves, once worked out.
    _legal: tuple[Move, ...] | None

    @property
    def rules(self) -> Ruleset:
        """The rules in force."""
        return self._rules

    @property
    def phase(self) -> Phase:
        """The current phase, or :attr:`Phase.OVER`."""
        raise NotImplementedError

    @property
    def players(self) -> int:
        """How many seats the table has."""
        raise NotImplementedError

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats that may act now (empty once the game is over).

        This is public: every player sees who may act. A seat listed here may hold
        no card it could sluff, and then has no legal move; the seats in
        :attr:`due` always have one.
        """
        raise NotImplementedError

    @property
    def due(self) -> tuple[int, ...]:
        """The seats the game waits for: each must act before play goes on.

        The player due to play, or, on a decided phase-one trick, the players who
        must declare done or the winner who must gather. Public, like
        :attr:`to_act`, which holds every seat listed here.
        """
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase is Phase.OVER

    @property
    def loser(self) -> int | None:
        """The goat's seat once the game is over, else ``None``."""
        raise NotImplementedError

    @property
    def places(self) -> tuple[int, ...]:
        """The seats in the order they went out of phase two so far (those who began
        it with no cards first, in seat order), and the goat last once the game is
        over: place 1 first. Empty in phase one."""
        return ()

    def returns(self) -> tuple[float, ...]:
        """Each seat's result, as OpenSpiel's ``returns()`` gives it: ``-1`` for the
        goat and ``1 / (players - 1)`` for every other seat once the game is over,
        so that they sum to zero; all zero before.

        >>> import skitgubbe as sg
        >>> state = sg.start_phase_two(sg.presets.PAGAT, ["2C", "3C 4C", ""], "D", 0)
        >>> state.places, state.returns()  # seat 2 began phase two with no cards
        ((2,), (0.0, 0.0, 0.0))
        >>> over = state.apply("0 play 2C")  # seat 0 goes out: seat 1 is the goat
        >>> over.places, over.returns()
        ((2, 0, 1), (0.5, -1.0, 0.5))
        """
        players = self.players
        loser = self.loser
        if loser is None:
            return (0.0,) * players
        share = 1.0 / (players - 1)
        return tuple(-1.0 if seat == loser else share for seat in range(players))

    @property
    def last_move(self) -> Move | None:
        """The move that made this state, if any."""
        raise NotImplementedError

    @property
    def events(self) -> tuple[Event, ...]:
        """What the move that made this state caused, in order.

        This is the referee's record: it names every card, another player's draws
        included. A player sees the events through :meth:`view`.
        """
        raise NotImplementedError

    def legal_moves(self, player: object = None) -> tuple[Move, ...]:
        """Every legal move of every player who may act now, or of ``player`` only."""
        raise NotImplementedError

    def explain(self, move: Move) -> IllegalMoveError | None:
        """Why ``move`` is illegal here, or ``None`` if it is legal."""
        raise NotImplementedError

    def view(self, player: object) -> PlayerView:
        """What ``player`` may see and know of this state (see :mod:`skitgubbe.views`)."""
        raise NotImplementedError

    def _repr_svg_(self) -> str:
        """The position as a picture with every hand open: a notebook shows it by
        itself (see :mod:`skitgubbe.render.svg`)."""
        from .render.svg import svg

        return svg(self)

    def is_legal(self, move: object) -> bool:
        """Whether ``move`` (a move or its text) is legal now."""
        if isinstance(move, str):
            try:
                move = parse_move(move)
            except ValueError:
                return False
        return move in self.legal_moves()

    def check(self, move: object) -> None:
        """Raise :class:`IllegalMoveError`, naming the rule, if ``move`` is illegal."""
        self._validated(move)

    def apply(self, move: object) -> State:
        """The state after ``move`` (a move or its text); this state is unchanged.

        Raises :class:`IllegalMoveError` naming the rule if the move is illegal.
        """
        raise NotImplementedError

    def _validated(self, move: object) -> Move:
        """``move`` as a move object, once it is known to be legal here."""
        legal = self._legal
        if legal is None:
            legal = self.legal_moves()
        for listed in legal:
            if listed is move:  # listed moves are shared values: the usual, quick case
                return move
        if isinstance(move, str):
            move = parse_move(move)
        elif not isinstance(move, Move):
            raise TypeError(f"a move is a Move or its text, not {move!r}")
        if move not in legal:
            error = self.explain(move)
            if error is None:  # pragma: no cover - explain and legal_moves must agree
                raise AssertionError(f"{move} is refused but no rule forbids it")
            raise error
        return move

    def _moves_of(self, moves: tuple[Move, ...], player: object) -> tuple[Move, ...]:
        if player is None:
            return moves
        _check_seat(player, self.players)
        return tuple(move for move in moves if move.player == player)


class PhaseOneRules:
    """The rules of phase one as a phase-one state consults them: the settings of
    a ruleset that phase one reads on every move, worked out once.

    Each state holds one (its context), made by :mod:`skitgubbe.phase_one.play`
    for its ruleset, which adds the rules' functions, and passed from state to
    state; so this module needs no rules module: the arrows point from the rules
    to the states. It is read-only and shared by every state of the same ruleset.
    """

    __slots__ = (
        "aces_low",
        "all_players",
        "beats_unique",
        "by_rank",
        "claim",
        "dare",
        "end",
        "hand_size",
        "last_trick_sluff",
        "low_rank",
        "mas",
        "multi",
        "must_match",
        "must_match_trick",
        "one_pack",
        "races",
        "rank_sets",
        "restaurant",
        "rules",
        "sluff",
        "ties",
        "trick",
        "trump_card",
        "with_trumps",
    )

    #: The ruleset.
    rules: Ruleset
    #: Its settings that phase one reads (see :class:`~skitgubbe.rules.Ruleset`).
    trick: Trick
    sluff: SluffRule
    claim: Claim
    ties: Ties
    trump_card: TrumpCard
    end: PhaseOneEnd
    multi: bool
    dare: bool
    aces_low: bool
    must_match: bool
    must_match_trick: bool
    restaurant: bool
    hand_size: int
    last_trick_sluff: LastTrickSluff
    #: Whether the game is Mas (P1-MAS), whether trumps take tricks, whether every
    #: player plays to each trick, and whether a rank played more than once beats.
    mas: bool
    with_trumps: bool
    all_players: bool
    beats_unique: bool
    #: Whether the game is played with one pack (no second copies).
    one_pack: bool
    #: The cards of each set of ranks for the game's packs
    #: (:func:`~skitgubbe.cards.rank_sets`).
    rank_sets: tuple[int, ...]
    #: Whether the winner may gather at once, racing the sluffers (``Claim.RACE``).
    races: bool
    #: The phase-one value of each physical rank (0 is the 2), and the physical
    #: rank of each value (P1-ACES-LOW).
    by_rank: tuple[int, ...]
    low_rank: tuple[int, ...]

    def __init__(self, rules: Ruleset) -> None:
        by_rank = tuple((rank + 1) % 13 if rules.aces_low else rank for rank in range(13))
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "trick", rules.trick)
        object.__setattr__(self, "sluff", rules.sluff)
        object.__setattr__(self, "claim", rules.claim)
        object.__setattr__(self, "ties", rules.ties)
        object.__setattr__(self, "trump_card", rules.trump_card)
        object.__setattr__(self, "end", rules.end)
        object.__setattr__(self, "multi", rules.multi)
        object.__setattr__(self, "dare", rules.dare)
        object.__setattr__(self, "aces_low", rules.aces_low)
        object.__setattr__(self, "must_match", rules.must_match)
        object.__setattr__(self, "must_match_trick", rules.must_match_trick)
        object.__setattr__(self, "restaurant", rules.restaurant)
        object.__setattr__(self, "hand_size", rules.hand_size)
        object.__setattr__(self, "last_trick_sluff", rules.last_trick_sluff)
        object.__setattr__(self, "mas", rules.trick is Trick.MAS)
        object.__setattr__(self, "with_trumps", rules.trick.with_trumps)
        object.__setattr__(self, "all_players", rules.trick.all_players)
        object.__setattr__(self, "beats_unique", rules.ties.beats_unique)
        object.__setattr__(self, "one_pack", rules.packs == 1)
        object.__setattr__(self, "rank_sets", rank_sets(rules.packs))
        object.__setattr__(
            self,
            "races",
            rules.claim is Claim.RACE
            and rules.sluff
            in (SluffRule.UNLIMITED, SluffRule.OWN, SluffRule.ANYTIME, SluffRule.ANYTIME_MAY_EMPTY),
        )
        object.__setattr__(self, "by_rank", by_rank)
        object.__setattr__(self, "low_rank", tuple(by_rank.index(value) for value in range(13)))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"the rules of phase one are read-only: cannot set {name}")

    def legal_moves(self, state: PhaseOneState) -> tuple[Move, ...]:
        """Every legal move of every seat that may act in ``state``."""
        raise NotImplementedError

    def successor(self, state: PhaseOneState, move: Move) -> State:
        """The state after the legal ``move``."""
        raise NotImplementedError

    def explain(self, state: PhaseOneState, move: Move) -> IllegalMoveError | None:
        """Why ``move`` is illegal in ``state``, or ``None``."""
        raise NotImplementedError

    def to_act_seats(self, state: PhaseOneState) -> int:
        """The seats that may act in ``state``, as bits."""
        raise NotImplementedError

    def due_seats(self, state: PhaseOneState) -> int:
        """The seats ``state`` waits for, as bits."""
        raise NotImplementedError

    def view(self, state: PhaseOneState, player: int) -> PlayerView:
        """What ``player`` may see and know of ``state``."""
        raise NotImplementedError


class PhaseTwoRules:
    """The rules of phase two, with one trump suit, as a phase-two state consults
    them: made by :mod:`skitgubbe.phase_two` (its ``Context``) and held by each
    state, as :class:`PhaseOneRules` is in phase one."""

    __slots__ = ()

    def legal_moves(self, state: PhaseTwoState) -> tuple[Move, ...]:
        """Every legal move of the player to act in ``state``."""
        raise NotImplementedError

    def successor(self, state: PhaseTwoState, move: Move) -> PhaseTwoState:
        """The state after the legal ``move``."""
        raise NotImplementedError

    def explain(self, state: PhaseTwoState, move: Move) -> IllegalMoveError | None:
        """Why ``move`` is illegal in ``state``, or ``None``."""
        raise NotImplementedError

    def view(self, state: PhaseTwoState, player: int) -> PlayerView:
        """What ``player`` may see and know of ``state``."""
        raise NotImplementedError


class PhaseTwoState(State):
    """A phase-two state ("beat it or eat it").

    Inside, hands and piles are multiset masks (see :mod:`skitgubbe.cards`); use
    :meth:`hand`, :attr:`table` and the other properties for ``Card`` objects.
    Two states are equal when the game stands the same and everyone knows the
    same (the events that led there do not count, nor does :attr:`quiet`, the
    clock that ends a stalled game: like a position in chess, a position may come
    back).
    """

    __slots__ = (
        "_active",
        "_blamattis",
        "_context",
        "_dreck_pool",
        "_forced",
        "_goat",
        "_hand_masks",
        "_hidden_masks",
        "_killed_mask",
        "_last_move",
        "_lead_out",
        "_needy",
        "_notes",
        "_opening",
        "_out_of_play_mask",
        "_out_order",
        "_quiet",
        "_reserve_cards",
        "_table_masks",
        "_table_seats",
        "_trick_size",
        "_trump",
        "_turn",
    )

    def __init__(
        self,
        rules: Ruleset,
        trump: Suit,
        hand_masks: tuple[int, ...],
        hidden_masks: tuple[int, ...],
        table_masks: tuple[int, ...],
        turn: int,
        trick_size: int,
        active: int,
        blamattis: int,
        forced: bool,
        killed_mask: int,
        reserve_cards: tuple[int, ...],
        goat: int,
        lead_out: int,
        dreck_pool: int,
        needy: int,
        context: PhaseTwoRules,
        last_move: Move | None = None,
        notes: tuple[Event, ...] = (),
        out_of_play_mask: int = 0,
        opening: bool = False,
        table_seats: tuple[int, ...] = (),
        quiet: int = 0,
        out_order: tuple[int, ...] = (),
    ) -> None:
        self._rules = rules
        self._trump = trump
        self._hand_masks = hand_masks
        self._hidden_masks = hidden_masks
        self._table_masks = table_masks
        self._turn = turn
        self._trick_size = trick_size
        self._active = active
        self._blamattis = blamattis
        self._forced = forced
        self._killed_mask = killed_mask
        self._reserve_cards = reserve_cards
        self._goat = goat
        self._lead_out = lead_out
        self._dreck_pool = dreck_pool
        self._needy = needy
        self._context = context
        self._last_move = last_move
        self._notes = notes
        self._out_of_play_mask = out_of_play_mask
        self._opening = opening
        self._table_seats = table_seats
        self._quiet = quiet
        self._out_order = out_order
        self._legal = None

    @property
    def trump(self) -> Suit:
        """The trump suit."""
        return self._trump

    @property
    def hand_masks(self) -> tuple[int, ...]:
        """Each seat's hand, as a multiset mask."""
        return self._hand_masks

    @property
    def hidden_masks(self) -> tuple[int, ...]:
        """The cards of each hand that the other players cannot see: cards received
        from the dreck when it was shared among several players, and cards drawn
        from the avstickshög. Every other card of a hand is known to all."""
        return self._hidden_masks

    @property
    def table_masks(self) -> tuple[int, ...]:
        """The plays on the table, earliest first, each a mask."""
        return self._table_masks

    @property
    def turn(self) -> int:
        """The seat to act, or -1 once the game is over."""
        return self._turn

    @property
    def trick_size(self) -> int:
        """How many plays kill the current trick (players in the game when it began)."""
        return self._trick_size

    @property
    def active(self) -> int:
        """A bit for each seat still in the game."""
        return self._active

    @property
    def blamattis(self) -> int:
        """A bit for each Blåmattis still owing a pick-up (I-BLAMATTIS)."""
        return self._blamattis

    @property
    def forced(self) -> bool:
        """Whether a forced pick-up is under way (P2-FORCED-PICK)."""
        return self._forced

    @property
    def killed_mask(self) -> int:
        """The killed cards, as a multiset mask."""
        return self._killed_mask

    @property
    def reserve_cards(self) -> tuple[int, ...]:
        """The avstickshög, top card first, as card numbers (P2-AVSTICKSHOG)."""
        return self._reserve_cards

    @property
    def goat(self) -> int:
        """The goat's seat, or -1."""
        return self._goat

    @property
    def lead_out(self) -> int:
        """Avstickshög: the seat whose led last card awaits an answer, or -1."""
        return self._lead_out

    @property
    def dreck_pool(self) -> int:
        """The cards dealt from a dreck shared among several players and not played
        since: each of them lies in the hand of one of :attr:`needy`."""
        return self._dreck_pool

    @property
    def needy(self) -> int:
        """A bit for each seat that received the dreck (I-DRECK)."""
        return self._needy

    @property
    def last_move(self) -> Move | None:
        """The move that made this state, if any."""
        return self._last_move

    @property
    def notes(self) -> tuple[Event, ...]:
        """The events of that move."""
        return self._notes

    @property
    def out_of_play_mask(self) -> int:
        """Cards out of play for the whole game, such as a set-aside trump card."""
        return self._out_of_play_mask

    @property
    def opening(self) -> bool:
        """Whether :attr:`notes` already holds the last move's own event: in the state
        that opens phase two (its move was a phase-one move) and in sampled states."""
        return self._opening

    @property
    def table_seats(self) -> tuple[int, ...]:
        """The seat that made each play on the table, earliest first: everyone saw it."""
        return self._table_seats

    @property
    def quiet(self) -> int:
        """Moves in a row that have killed no trick and put no player out; phase two
        ends when it reaches the rules' ``quiet_limit``."""
        return self._quiet

    def _key(self) -> tuple[object, ...]:
        return (
            self.out_of_play_mask,
            self.rules,
            self.trump,
            self.hand_masks,
            self.hidden_masks,
            self.table_masks,
            self._table_seats,
            self._out_order,
            self.turn,
            self.trick_size,
            self.active,
            self.blamattis,
            self.forced,
            self.killed_mask,
            self.reserve_cards,
            self.goat,
            self.lead_out,
            self.dreck_pool,
            self.needy,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PhaseTwoState):
            return NotImplemented
        return self is other or self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        hands = ", ".join(f"'{' '.join(map(str, self.hand(p)))}'" for p in range(self.players))
        table = ", ".join(f"'{' '.join(map(str, play))}'" for play in self.table)
        return (
            f"PhaseTwoState(trump={self.trump.letter}, hands=[{hands}], table=[{table}], "
            f"to_act={self.to_act}, loser={self.loser})"
        )

    def __reduce__(self) -> tuple[object, ...]:
        return (
            PhaseTwoState,
            (
                self._rules,
                self._trump,
                self._hand_masks,
                self._hidden_masks,
                self._table_masks,
                self._turn,
                self._trick_size,
                self._active,
                self._blamattis,
                self._forced,
                self._killed_mask,
                self._reserve_cards,
                self._goat,
                self._lead_out,
                self._dreck_pool,
                self._needy,
                self._context,
                self._last_move,
                self._notes,
                self._out_of_play_mask,
                self._opening,
                self._table_seats,
                self._quiet,
                self._out_order,
            ),
        )

    # -- the public surface --------------------------------------------------

    @property
    def phase(self) -> Phase:
        return Phase.OVER if self._turn < 0 else Phase.TWO

    @property
    def players(self) -> int:
        return len(self.hand_masks)

    @property
    def is_over(self) -> bool:
        return self._turn < 0

    @property
    def to_act(self) -> tuple[int, ...]:
        turn = self._turn
        return () if turn < 0 else (turn,)

    @property
    def due(self) -> tuple[int, ...]:
        turn = self._turn
        return () if turn < 0 else (turn,)

    @property
    def loser(self) -> int | None:
        return None if self.goat < 0 else self.goat

    @property
    def events(self) -> tuple[Event, ...]:
        move = self.last_move
        if move is None or self.opening:
            return self.notes
        kind = EventKind.PLAYED if isinstance(move, Play) else EventKind.PICKED_UP
        return (Event(kind, move.player, move.mask), *self.notes)

    @property
    def table(self) -> tuple[tuple[Card, ...], ...]:
        """The plays on the table, earliest (lowest) first."""
        return tuple(cards_of(play) for play in self.table_masks)

    @property
    def killed(self) -> tuple[Card, ...]:
        """The cards of killed tricks, out of the game."""
        return cards_of(self.killed_mask)

    @property
    def reserve(self) -> tuple[Card, ...]:
        """The avstickshög, top card first (P2-AVSTICKSHOG)."""
        return tuple(Card.from_index(i) for i in self.reserve_cards)

    @property
    def out(self) -> tuple[int, ...]:
        """The seats that are out of the game (safe), in the order they went out."""
        return self._out_order

    @property
    def places(self) -> tuple[int, ...]:
        goat = self._goat
        return self._out_order if goat < 0 else (*self._out_order, goat)

    def hand(self, player: object) -> tuple[Card, ...]:
        """The cards ``player`` holds, sorted by suit then rank."""
        return cards_of(self.hand_masks[_check_seat(player, self.players)])

    def hand_size(self, player: object) -> int:
        """How many cards ``player`` holds."""
        return count_cards(self.hand_masks[_check_seat(player, self.players)])

    def legal_moves(self, player: object = None) -> tuple[Move, ...]:
        moves = self._legal
        if moves is None:
            moves = self._legal = self._context.legal_moves(self)
        return moves if player is None else self._moves_of(moves, player)

    def apply(self, move: object) -> PhaseTwoState:
        legal = self._legal
        if legal is not None:
            for listed in legal:  # a listed move, as in _validated: the usual case
                if listed is move:
                    return self._context.successor(self, listed)
        return self._context.successor(self, self._validated(move))

    def explain(self, move: Move) -> IllegalMoveError | None:
        return self._context.explain(self, move)

    def view(self, player: object) -> PlayerView:
        return self._context.view(self, _check_seat(player, self.players))


class PhaseOneState(State):
    """A phase-one state: collecting cards by taking tricks.

    Hands, won piles and the table are multiset masks inside (see
    :mod:`skitgubbe.cards`); use :meth:`hand`, :meth:`won`, :attr:`table` and the
    other properties for ``Card`` objects. The state knows everything, the stock
    order included; :meth:`view` shows what one player may see. Applying the move
    that ends phase one returns the first :class:`PhaseTwoState` (the
    intermission is automatic).

    A state is made from the rules of phase one for its ruleset (its context,
    see :class:`PhaseOneRules`); :func:`skitgubbe.deal` makes the first one.
    """

    __slots__ = (
        "_absent_mask",
        "_by_seat",
        "_context",
        "_deal",
        "_done",
        "_drawn",
        "_entitled",
        "_first_leader",
        "_hand_masks",
        "_holder",
        "_indicator",
        "_known_masks",
        "_last_move",
        "_last_winner",
        "_leader",
        "_log",
        "_notes",
        "_order",
        "_own",
        "_plays_mask",
        "_position",
        "_quiet",
        "_reserve_cards",
        "_round_plays",
        "_set_aside_mask",
        "_shuffles",
        "_sluffed",
        "_stock_cards",
        "_table_mask",
        "_top",
        "_winner",
        "_won_masks",
    )

    def __init__(
        self,
        context: PhaseOneRules,
        deal: Deal,
        hand_masks: tuple[int, ...],
        known_masks: tuple[int, ...],
        won_masks: tuple[int, ...],
        stock_cards: tuple[int, ...],
        drawn: int,
        indicator: int,
        holder: int,
        set_aside_mask: int,
        reserve_cards: tuple[int, ...],
        first_leader: int,
        leader: int,
        order: tuple[int, ...],
        position: int,
        round_plays: tuple[int, ...],
        log: tuple[tuple[int, int, int], ...],
        by_seat: tuple[int, ...],
        table_mask: int,
        plays_mask: int,
        top: int,
        own: tuple[int, ...],
        sluffed: int,
        done: int,
        winner: int,
        last_winner: int,
        shuffles: int,
        last_move: Move | None = None,
        notes: tuple[Event, ...] = (),
        absent_mask: int = 0,
        quiet: int = 0,
    ) -> None:
        self._rules = context.rules
        self._context = context
        self._deal = deal
        self._hand_masks = hand_masks
        self._known_masks = known_masks
        self._won_masks = won_masks
        self._stock_cards = stock_cards
        self._drawn = drawn
        self._indicator = indicator
        self._holder = holder
        self._set_aside_mask = set_aside_mask
        self._reserve_cards = reserve_cards
        self._first_leader = first_leader
        self._leader = leader
        self._order = order
        self._position = position
        self._round_plays = round_plays
        self._log = log
        self._by_seat = by_seat
        self._table_mask = table_mask
        self._plays_mask = plays_mask
        self._top = top
        self._own = own
        self._sluffed = sluffed
        self._done = done
        self._winner = winner
        self._last_winner = last_winner
        self._shuffles = shuffles
        self._last_move = last_move
        self._notes = notes
        self._absent_mask = absent_mask
        self._quiet = quiet
        self._legal = None
        #: The seats entitled to sluff, as bits, once worked out (-1 before).
        self._entitled = -1

    @property
    def deal(self) -> Deal:
        """How the game was dealt."""
        return self._deal

    @property
    def hand_masks(self) -> tuple[int, ...]:
        """Each seat's hand, as a multiset mask."""
        return self._hand_masks

    @property
    def known_masks(self) -> tuple[int, ...]:
        """The cards of each hand that everyone knows are there: cards picked up or
        taken back from the table, a turned-up trump card drawn into hand."""
        return self._known_masks

    @property
    def won_masks(self) -> tuple[int, ...]:
        """Each seat's won cards (and Mas's stored trumps), as a multiset mask."""
        return self._won_masks

    @property
    def stock_cards(self) -> tuple[int, ...]:
        """The stock as dealt, top card first, as card numbers (see :attr:`drawn`)."""
        return self._stock_cards

    @property
    def drawn(self) -> int:
        """How many cards have left the top of the stock."""
        return self._drawn

    @property
    def indicator(self) -> int:
        """The card number of the card that decides trump."""
        return self._indicator

    @property
    def holder(self) -> int:
        """The seat that drew the trump card, or -1 while it lies in the stock or aside."""
        return self._holder

    @property
    def set_aside_mask(self) -> int:
        """The set-aside trump card, as a mask (D-TRUMP-SET-ASIDE), else 0."""
        return self._set_aside_mask

    @property
    def reserve_cards(self) -> tuple[int, ...]:
        """The avstickshög, top card first, as card numbers (P2-AVSTICKSHOG)."""
        return self._reserve_cards

    @property
    def first_leader(self) -> int:
        """The seat that led the first trick."""
        return self._first_leader

    @property
    def leader(self) -> int:
        """The seat that led the current trick."""
        return self._leader

    @property
    def order(self) -> tuple[int, ...]:
        """The seats due to play in the current round, in order (a replay holds the
        tied seats)."""
        return self._order

    @property
    def position(self) -> int:
        """How many of :attr:`order` have played this round."""
        return self._position

    @property
    def round_plays(self) -> tuple[int, ...]:
        """The masks played so far this round, one per seat of :attr:`order`."""
        return self._round_plays

    @property
    def log(self) -> tuple[tuple[int, int, int], ...]:
        """The current trick's public record: (kind, seat, mask) with kind 0 play,
        1 dare, 2 sluff."""
        return self._log

    @property
    def by_seat(self) -> tuple[int, ...]:
        """What each seat has put on the table this trick (for taking back)."""
        return self._by_seat

    @property
    def table_mask(self) -> int:
        """Every card on the table."""
        return self._table_mask

    @property
    def plays_mask(self) -> int:
        """The cards played (not sluffed) to the trick."""
        return self._plays_mask

    @property
    def top(self) -> int:
        """The phase-one value heading the latest round with plays, or -1."""
        return self._top

    @property
    def own(self) -> tuple[int, ...]:
        """Each seat's latest played rank as a rank bit (P1-SLUFF-OWN), else 0."""
        return self._own

    @property
    def sluffed(self) -> int:
        """A bit for each seat that has used its sluff (P1-SLUFF-ATLANTA, P1-SLUFF-WINDOW)."""
        return self._sluffed

    @property
    def done(self) -> int:
        """A bit for each seat that has declared done on the decided trick."""
        return self._done

    @property
    def winner(self) -> int:
        """The winner of the current trick once it is decided, else -1."""
        return self._winner

    @property
    def last_winner(self) -> int:
        """The winner of the last completed trick, or -1 (P1-LAST-TRICK)."""
        return self._last_winner

    @property
    def shuffles(self) -> int:
        """How many shuffles the game has used since the deal."""
        return self._shuffles

    @property
    def last_move(self) -> Move | None:
        """The move that made this state, if any."""
        return self._last_move

    @property
    def notes(self) -> tuple[Event, ...]:
        """The events of that move."""
        return self._notes

    @property
    def absent_mask(self) -> int:
        """Cards of the pack that a laid-out deal leaves out: out of play for the game."""
        return self._absent_mask

    @property
    def quiet(self) -> int:
        """Mas (P1-MAS): moves in a row that have won no trick, stored no trumps and
        drawn no card; phase one ends when it reaches the rules' ``quiet_limit``
        (a ruling, see :attr:`~skitgubbe.rules.Ruleset.quiet_limit`). Always 0
        under other rules, whose phase one plays every card once."""
        return self._quiet

    def _key(self) -> tuple[object, ...]:
        # The seed counts: it decides the shuffles still to come.
        return (
            self._deal.seed,
            self._rules,
            self._hand_masks,
            self._known_masks,
            self._won_masks,
            self._stock_cards,
            self._drawn,
            self._indicator,
            self._holder,
            self._set_aside_mask,
            self._reserve_cards,
            self._first_leader,
            self._leader,
            self._order,
            self._position,
            self._round_plays,
            self._log,
            self._by_seat,
            self._table_mask,
            self._plays_mask,
            self._top,
            self._own,
            self._sluffed,
            self._done,
            self._winner,
            self._last_winner,
            self._shuffles,
            self._absent_mask,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PhaseOneState):
            return NotImplemented
        return self is other or self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        hands = ", ".join(f"'{format_cards(self.hand(p))}'" for p in range(self.players))
        return (
            f"PhaseOneState(hands=[{hands}], table='{format_cards(self.table)}', "
            f"stock={self.stock_size}, to_act={self.to_act})"
        )

    def __reduce__(self) -> tuple[object, ...]:
        return (
            PhaseOneState,
            (
                self._context,
                self._deal,
                self._hand_masks,
                self._known_masks,
                self._won_masks,
                self._stock_cards,
                self._drawn,
                self._indicator,
                self._holder,
                self._set_aside_mask,
                self._reserve_cards,
                self._first_leader,
                self._leader,
                self._order,
                self._position,
                self._round_plays,
                self._log,
                self._by_seat,
                self._table_mask,
                self._plays_mask,
                self._top,
                self._own,
                self._sluffed,
                self._done,
                self._winner,
                self._last_winner,
                self._shuffles,
                self._last_move,
                self._notes,
                self._absent_mask,
                self._quiet,
            ),
        )

    # -- the public surface --------------------------------------------------

    @property
    def phase(self) -> Phase:
        return Phase.ONE

    @property
    def players(self) -> int:
        return len(self.hand_masks)

    @property
    def is_over(self) -> bool:
        return False

    @property
    def loser(self) -> int | None:
        return None

    @property
    def to_act(self) -> tuple[int, ...]:
        return _seats(self._context.to_act_seats(self))

    @property
    def due(self) -> tuple[int, ...]:
        return _seats(self._context.due_seats(self))

    @property
    def turn(self) -> int | None:
        """The seat due to play to the trick, or ``None`` once it is decided."""
        return None if self.winner >= 0 else self.order[self.position]

    @property
    def trump(self) -> Suit:
        """The suit that will be trump (the state knows it; views show it once known)."""
        return Card.from_index(self.indicator).suit

    @property
    def trump_card(self) -> Card:
        """The card that decides trump, wherever it lies."""
        return Card.from_index(self.indicator)

    @property
    def trump_holder(self) -> int | None:
        """The seat that drew the trump card, if anyone has."""
        return None if self.holder < 0 else self.holder

    @property
    def events(self) -> tuple[Event, ...]:
        return self.notes

    @property
    def stock(self) -> tuple[Card, ...]:
        """The cards left in the stock, top card first (the trump card last if it is there)."""
        return tuple(Card.from_index(i) for i in self.stock_cards[self.drawn :])

    @property
    def stock_size(self) -> int:
        """How many cards the stock holds."""
        return len(self.stock_cards) - self.drawn

    @property
    def set_aside(self) -> tuple[Card, ...]:
        """The set-aside trump card, out of play (D-TRUMP-SET-ASIDE)."""
        return cards_of(self.set_aside_mask)

    @property
    def reserve(self) -> tuple[Card, ...]:
        """The avstickshög, top card first (P2-AVSTICKSHOG)."""
        return tuple(Card.from_index(i) for i in self.reserve_cards)

    @property
    def table(self) -> tuple[Card, ...]:
        """Every card on the table: played, dared and sluffed."""
        return cards_of(self.table_mask)

    @property
    def trick(self) -> tuple[Event, ...]:
        """The current trick so far: who played, dared and sluffed what, in order."""
        return tuple(Event(LOG_KINDS[kind], seat, mask) for kind, seat, mask in self.log)

    @property
    def trick_winner(self) -> int | None:
        """The winner of the current trick once it is decided, else ``None``."""
        return None if self.winner < 0 else self.winner

    @property
    def last_trick_winner(self) -> int | None:
        """The winner of the last completed trick, if any (P1-LAST-TRICK)."""
        return None if self.last_winner < 0 else self.last_winner

    def hand(self, player: object) -> tuple[Card, ...]:
        """The cards ``player`` holds, sorted by suit then rank."""
        return cards_of(self.hand_masks[_check_seat(player, self.players)])

    def hand_size(self, player: object) -> int:
        """How many cards ``player`` holds."""
        return count_cards(self.hand_masks[_check_seat(player, self.players)])

    def won(self, player: object) -> tuple[Card, ...]:
        """The cards ``player`` has won (face down), sorted."""
        return cards_of(self.won_masks[_check_seat(player, self.players)])

    def legal_moves(self, player: object = None) -> tuple[Move, ...]:
        moves = self._legal
        if moves is None:
            moves = self._legal = self._context.legal_moves(self)
        return moves if player is None else self._moves_of(moves, player)

    def apply(self, move: object) -> State:
        legal = self._legal
        if legal is not None:
            for listed in legal:  # a listed move, as in _validated: the usual case
                if listed is move:
                    return self._context.successor(self, listed)
        return self._context.successor(self, self._validated(move))

    def explain(self, move: Move) -> IllegalMoveError | None:
        return self._context.explain(self, move)

    def view(self, player: object) -> PlayerView:
        return self._context.view(self, _check_seat(player, self.players))


#: The event kind of each kind of entry in a phase-one trick's log.
LOG_KINDS: Final = (EventKind.PLAYED, EventKind.DARED, EventKind.SLUFFED)
