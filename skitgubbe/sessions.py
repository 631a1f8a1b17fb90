"""Sessions: a series of games among the same people, and the rules around the game.

A game of Skitgubbe has no winner, only a goat, and people play it as a series.
The Flurst rules describe how the series works: the goat of one game leads the
first trick of the next (S-GOAT-LEADS; the Swedish Goat Game says the same, and
the Wizards rules have the loser deal instead), the goat may change seat between
games (the "roving goat", S-ROVING-GOAT), ten or twelve people can play at two
tables that trade a player after each round (S-TWO-TABLES), and three people can
play six hands, two each (three-player confusion, S-CONFUSION).

This module is a layer above the engine: it uses only the engine's public names.
A :class:`Session` is a value, like a game state: the people by name, the rules,
every game played so far with its :class:`~skitgubbe.records.Record`, and who
sits where. It deals the next game (:meth:`Session.next_game`), takes the record
of a finished game (:meth:`Session.record`) and returns a new session; any way of
choosing moves can drive it, and :func:`play_session` plays games with random
moves or with one policy per person.

>>> import skitgubbe as sg
>>> from skitgubbe.sessions import Session, play_session
>>> session = Session.start(sg.presets.FLURST, ["Ann", "Bea", "Cid", "Dan"])
>>> game = session.next_game(seed=7)
>>> session.seats, game.to_act   # Ann volunteers as the first goat: she leads
(('Ann', 'Bea', 'Cid', 'Dan'), (0,))
>>> session = play_session(session, games=3, seed=1)
>>> [game.goat for game in session.games]
['Cid', 'Dan', 'Ann']
>>> session.seats   # the last goat, Ann, leads the next game from seat 0
('Ann', 'Bea', 'Cid', 'Dan')
>>> [(row.name, row.goats) for row in session.standings]
[('Ann', 1), ('Bea', 0), ('Cid', 1), ('Dan', 1)]
>>> Session.from_json(session.to_json()) == session
True
"""

from __future__ import annotations

import enum
import functools
import json
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeAlias

import attrs

from . import presets
from .cards import Card, format_cards
from .errors import shown
from .events import EventKind
from .moves import Move
from .phase_one import deal
from .records import Record, replay
from .rules import FirstLead, Ruleset, ruleset_from_dict, ruleset_to_dict
from .state import PhaseOneState, PhaseTwoState, State
from .views import PlayerView

if TYPE_CHECKING:
    from .bots import Bot

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "HAND_NAMES",
    "MAX_MOVES",
    "TWO_TABLES_FORMAT",
    "Chooser",
    "NextDeal",
    "OwnerView",
    "Policy",
    "Replace",
    "Round",
    "Rove",
    "Session",
    "SessionError",
    "SessionGame",
    "Standing",
    "TwoTables",
    "finish_order",
    "next_deal_for",
    "owner_view",
    "play_bot_session",
    "play_session",
    "play_two_tables",
]

#: The value of the ``"format"`` key of a saved session.
FORMAT = "skitgubbe-session"
#: The value of the ``"format"`` key of a saved pair of tables.
TWO_TABLES_FORMAT = "skitgubbe-two-tables"
#: The version of both JSON layouts.
FORMAT_VERSION = 1
#: A game of a session that has not ended after this many moves is taken to be stuck.
MAX_MOVES = 100_000

#: The names of the two hands of each person in three-player confusion, in the
#: order the Flurst rules chant them.
HAND_NAMES = ("right", "left")


class SessionError(ValueError):
    """A session was asked for something its rules or its state do not allow."""


class NextDeal(enum.Enum):
    """How the goat of one game starts the next (S-GOAT-LEADS).

    Seats are numbered as in :func:`skitgubbe.deal`: seat 0 sits at the dealer's
    left, and the dealer holds the last seat.
    """

    #: The goat leads the first trick (Flurst, Goat): the goat sits in seat 0, the
    #: player at the goat's right deals, and the goat is given to the deal as its
    #: ``leader``, whatever the rules' own ``first_lead``.
    GOAT_LEADS = "goat-leads"
    #: The goat deals (Wizards): the goat holds the last seat, and the rules'
    #: ``first_lead`` says who leads (the dealer, under the Wizards rules).
    GOAT_DEALS = "goat-deals"
    #: The goat has no part: the deal passes to the left after each game and the
    #: rules' ``first_lead`` says who leads (the pagat games, which say nothing of
    #: a series).
    DEAL_PASSES = "deal-passes"


def next_deal_for(rules: Ruleset) -> NextDeal:
    """The :class:`NextDeal` that fits ``rules``' ``first_lead`` (D-FIRST-LEAD).

    The previous goat leads where the rules make the goat lead (Flurst, Goat) and
    where the lowest card leads, since pagat's variant "Lowest card or loser
    leads" has the loser lead every deal after the first (see
    :attr:`Session.leader`); the goat deals where
    the dealer leads (Wizards); otherwise the deal passes to the left.

    >>> from skitgubbe import presets
    >>> [next_deal_for(presets.get(name)).value for name in ("flurst", "wizards", "pagat")]
    ['goat-leads', 'goat-deals', 'deal-passes']
    """
    if rules.first_lead is FirstLead.DEALER:
        return NextDeal.GOAT_DEALS
    if rules.first_lead is FirstLead.LEFT_OF_DEALER:
        return NextDeal.DEAL_PASSES
    return NextDeal.GOAT_LEADS


# -- what happened in a session -----------------------------------------------------


def finish_order(states: Iterable[State]) -> tuple[int, ...]:
    """The seats in the order they went out, from every state of one game.

    A seat that starts phase two with no cards and is not in play counts as out
    at that moment (several such seats in seat order); after that, each ``out``
    event (P2-OUT) adds its seat. The goat never goes out.
    """
    order: list[int] = []
    seen_two = False
    for state in states:
        if not seen_two and isinstance(state, PhaseTwoState):
            seen_two = True
            order.extend(seat for seat in state.out if seat not in order)
        for event in state.events:
            if event.kind is EventKind.OUT and event.player not in order:
                order.append(event.player)
    return tuple(order)


@attrs.frozen(repr=False)
class SessionGame:
    """One finished game of a session: its record and who held each seat.

    In three-player confusion each person holds two seats: :attr:`seats` names the
    owner of each seat and :attr:`hands` says which of the owner's hands it is
    (0 for the right hand, 1 for the left; always 0 outside confusion).
    """

    #: The game: rules, deal and moves.
    record: Record
    #: The person in each seat (seat 0 at the dealer's left, the dealer last).
    seats: tuple[str, ...]
    #: Which of its owner's hands each seat is (see :data:`HAND_NAMES`).
    hands: tuple[int, ...]
    #: The goat's seat.
    goat_seat: int
    #: The seats in the order they went out (see :func:`finish_order`).
    out_seats: tuple[int, ...]

    @property
    def goat(self) -> str:
        """The goat: the owner of the last hand holding cards (S-CONFUSION)."""
        return self.seats[self.goat_seat]

    @property
    def first_out(self) -> str | None:
        """The owner of the first hand to go out, if any hand went out."""
        return self.seats[self.out_seats[0]] if self.out_seats else None

    @property
    def seed(self) -> int:
        """The seed the game was dealt from."""
        return self.record.deal.seed

    def __repr__(self) -> str:
        return (
            f"SessionGame(seats={self.seats}, seed={self.seed}, "
            f"moves={len(self.record.moves)}, first_out={self.first_out!r}, goat={self.goat!r})"
        )


@attrs.frozen
class Rove:
    """The goat changed seat between games: now at the left of :attr:`left_of`
    (S-ROVING-GOAT)."""

    #: The goat who moved.
    goat: str
    #: The person at whose left the goat now sits.
    left_of: str


@attrs.frozen
class Replace:
    """A person left the table between games and another took the seat."""

    #: Who left.
    leaving: str
    #: Who took the seat, and any part the leaving person had in starting the next
    #: game (leading or dealing).
    joining: str


#: One step of a session's history.
Step: TypeAlias = SessionGame | Rove | Replace


@attrs.frozen
class Standing:
    """How one person has fared in a session."""

    #: The person.
    name: str
    #: Games played.
    games: int = 0
    #: Games lost: how often this person was the goat.
    goats: int = 0
    #: How often this person was the first to go out (in confusion: owned the
    #: first hand to go out).
    first_out: int = 0

    @property
    def goat_rate(self) -> float:
        """The share of games lost (0.0 before any game)."""
        return self.goats / self.games if self.games else 0.0


# -- one session ---------------------------------------------------------------------


def _names(value: object, what: str) -> tuple[str, ...]:
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise TypeError(f"{what} must be a list of names, not {shown(value)}")
    names = tuple(value)
    for name in names:
        if not isinstance(name, str) or not name.strip():
            raise TypeError(f"{what}: each player is named by non-empty text, not {shown(name)}")
    repeated = [name for name, count in Counter(names).items() if count > 1]
    if repeated:
        raise SessionError(f"{what}: {shown(repeated[0])} is named twice; each name must be unique")
    return names


def _preset_of(rules: Ruleset, preset: str | None) -> str | None:
    if preset is None:
        same = next((name for name, value in presets.ALL.items() if value is rules), None)
        return same or next(iter(presets.equal_presets(rules)), None)
    if presets.get(preset) != rules:
        differ = ", ".join(presets.differences(presets.get(preset), rules))
        raise SessionError(f"the rules are not the preset {shown(preset)}; they differ in {differ}")
    return preset


@attrs.frozen(repr=False)
class Session:
    """A series of games among the same people under one ruleset.

    Build one with :meth:`start`; each method returns a new session and leaves
    the old one as it was. The people sit round the table in the order of
    :attr:`seating` (each at the left of the one before, the last at the right
    of the first). Who sits in which seat of the next game follows
    :attr:`next_deal` (S-GOAT-LEADS): see :attr:`seats`.
    """

    #: The rules of every game.
    rules: Ruleset
    #: The people at the start, round the table.
    players: tuple[str, ...]
    #: The person chosen for the first game, as if the goat of a game before it
    #: (for :attr:`NextDeal.DEAL_PASSES`: the first dealer).
    first: str
    #: How each game is started from the one before (S-GOAT-LEADS).
    next_deal: NextDeal
    #: Whether the goat may change seat between games (S-ROVING-GOAT).
    roving_goat: bool
    #: Three-player confusion: each person plays two hands (S-CONFUSION).
    confusion: bool
    #: The people round the table now, clockwise.
    seating: tuple[str, ...]
    #: The person and hand whose place fixes the next deal: the goat, or the
    #: dealer with :attr:`NextDeal.DEAL_PASSES`.
    anchor: tuple[str, int]
    #: Every game, seat change and replacement so far, in order.
    history: tuple[Step, ...] = ()
    #: The preset's name, if the rules are a preset (names the rules in JSON; it
    #: takes no part in comparing sessions).
    preset: str | None = attrs.field(default=None, eq=False)

    def __repr__(self) -> str:
        """The rules, the people round the table now, the games played and the goat."""
        rules = repr(self.rules) if self.preset is None else f"<Ruleset {self.preset}>"
        return (
            f"Session(rules={rules}, seating={self.seating}, games={len(self.games)}, "
            f"goat={self.goat!r})"
        )

    @classmethod
    def start(
        cls,
        rules: Ruleset,
        players: Sequence[str],
        *,
        first: str | None = None,
        next_deal: NextDeal | str | None = None,
        roving_goat: bool = False,
        confusion: bool = False,
        preset: str | None = None,
    ) -> Session:
        """A new session of ``players`` (names, round the table clockwise).

        ``first`` is the person who volunteers to be the goat before the first game
        (the first name by default); ``next_deal`` defaults to
        :func:`next_deal_for` the rules. With ``confusion`` there must be three
        people and the rules must allow six seats (S-CONFUSION).

        >>> import skitgubbe as sg
        >>> Session.start(sg.presets.FLURST, ["Ann", "Bea"])
        Traceback (most recent call last):
        ...
        skitgubbe.sessions.SessionError: these rules allow 3-8 players, not 2
        """
        if not isinstance(rules, Ruleset):
            raise TypeError(f"rules must be a Ruleset, not {type(rules).__name__}")
        names = _names(players, "players")
        if confusion:
            if len(names) != 3:
                raise SessionError(
                    f"three-player confusion is for 3 players, not {len(names)} (S-CONFUSION)"
                )
            if not rules.min_players <= 6 <= rules.max_players:
                raise SessionError(
                    "three-player confusion plays six hands, and these rules allow "
                    f"{rules.min_players}-{rules.max_players} (S-CONFUSION)"
                )
        elif not rules.min_players <= len(names) <= rules.max_players:
            raise SessionError(
                f"these rules allow {rules.min_players}-{rules.max_players} players, "
                f"not {len(names)}"
            )
        if first is None:
            first = names[0]
        elif first not in names:
            raise SessionError(
                f"first: {shown(first)} is not one of the players {', '.join(names)}"
            )
        if next_deal is None:
            next_deal = next_deal_for(rules)
        elif not isinstance(next_deal, NextDeal):
            try:
                next_deal = NextDeal(next_deal)
            except ValueError:
                allowed = ", ".join(member.value for member in NextDeal)
                raise SessionError(
                    f"next_deal: {shown(next_deal)} is not one of: {allowed}"
                ) from None
        if not isinstance(roving_goat, bool) or not isinstance(confusion, bool):
            raise TypeError("roving_goat and confusion are True or False")
        return cls(
            rules,
            names,
            first,
            next_deal,
            roving_goat,
            confusion,
            names,
            (first, 0),
            (),
            preset=_preset_of(rules, preset),
        )

    # -- what the session knows ---------------------------------------------------

    @property
    def games(self) -> tuple[SessionGame, ...]:
        """The games played so far, in order."""
        return tuple(step for step in self.history if isinstance(step, SessionGame))

    @property
    def goat(self) -> str | None:
        """The goat of the last game, or ``None`` before the first."""
        for step in reversed(self.history):
            if isinstance(step, SessionGame):
                return step.goat
        return None

    @property
    def hands_each(self) -> int:
        """How many hands each person plays: 2 in confusion, else 1."""
        return 2 if self.confusion else 1

    def _positions(self) -> tuple[tuple[str, int], ...]:
        """Every hand round the table, in order of play: in confusion, A right,
        B right, C right, A left, B left, C left (S-CONFUSION)."""
        return tuple((name, hand) for hand in range(self.hands_each) for name in self.seating)

    def _places(self) -> tuple[tuple[str, int], ...]:
        """The owner and hand of each seat of the next game."""
        positions = self._positions()
        at = positions.index(self.anchor)
        shift = 0 if self.next_deal is NextDeal.GOAT_LEADS else 1
        return tuple(
            positions[(at + shift + seat) % len(positions)] for seat in range(len(positions))
        )

    @property
    def seats(self) -> tuple[str, ...]:
        """The person in each seat of the next game (seat 0 at the dealer's left).

        With :attr:`NextDeal.GOAT_LEADS` the last goat (or :attr:`first`) holds
        seat 0 and leads; with :attr:`NextDeal.GOAT_DEALS` the goat holds the last
        seat and deals; with :attr:`NextDeal.DEAL_PASSES` the person at the last
        dealer's left deals. In confusion the goat's losing hand takes that place.
        """
        return tuple(name for name, _ in self._places())

    @property
    def leader(self) -> int | None:
        """The ``leader`` given to the next deal: seat 0 when the goat leads,
        else ``None`` (the rules decide; D-FIRST-LEAD).

        Where the holder of the lowest card leads, the first game keeps that rule
        and later games are led by the goat (pagat, "Lowest card or loser
        leads").
        """
        if self.next_deal is not NextDeal.GOAT_LEADS:
            return None
        if self.rules.first_lead is FirstLead.LOWEST_CARD and self.goat is None:
            return None
        return 0

    def seats_of(self, name: str, game: SessionGame | None = None) -> tuple[int, ...]:
        """The seats ``name`` holds in ``game``, or in the next game by default."""
        seats = self.seats if game is None else game.seats
        held = tuple(seat for seat, owner in enumerate(seats) if owner == name)
        if not held:
            raise SessionError(
                f"{shown(name)} has no seat at this table ({', '.join(self.seating)})"
            )
        return held

    @property
    def standings(self) -> tuple[Standing, ...]:
        """Each person's games, goats and first-outs, in order of first appearance."""
        order = list(self.players)
        for step in self.history:
            if isinstance(step, Replace) and step.joining not in order:
                order.append(step.joining)
        games: Counter[str] = Counter()
        goats: Counter[str] = Counter()
        first: Counter[str] = Counter()
        for game in self.games:
            games.update(set(game.seats))
            goats[game.goat] += 1
            if game.first_out is not None:
                first[game.first_out] += 1
        return tuple(Standing(name, games[name], goats[name], first[name]) for name in order)

    # -- playing ------------------------------------------------------------------

    def next_game(self, seed: int) -> PhaseOneState:
        """The next game, dealt from ``seed`` with the people in :attr:`seats`.

        >>> import skitgubbe as sg
        >>> session = Session.start(sg.presets.WIZARDS, ["Ann", "Bea", "Cid"], first="Bea")
        >>> session.seats, session.next_game(seed=3).to_act  # Bea deals and leads
        (('Cid', 'Ann', 'Bea'), (2,))
        """
        return deal(self.rules, players=len(self.seats), seed=seed, leader=self.leader)

    def record(self, record: Record) -> Session:
        """The session with ``record``, a finished game dealt by :meth:`next_game`.

        The record is replayed: it must use the session's rules, start from the
        deal :meth:`next_game` makes from its seed, and end with a goat.
        """
        if not isinstance(record, Record):
            raise TypeError(
                f"a session records a game's Record, not {type(record).__name__}: a state "
                "keeps no moves, so build one with Record.of(dealt_state, moves)"
            )
        if record.rules != self.rules:
            differ = ", ".join(presets.differences(self.rules, record.rules))
            raise SessionError(f"the game was played under other rules (they differ in {differ})")
        if record.deal.hands is not None:
            raise SessionError("a session deals its games from seeds; this game was laid out")
        expected = self.next_game(record.deal.seed).deal
        if record.deal != expected:
            raise SessionError(
                f"the session's next game seats {', '.join(self.seats)} with leader "
                f"{expected.leader}; this game was dealt for {record.deal.players} seats "
                f"with leader {record.deal.leader}"
            )
        states = replay(record)
        if not states[-1].is_over:
            raise SessionError(f"the game is not over after its {len(record.moves)} moves")
        return self._with_game(record, states[-1], finish_order(states))

    def _with_game(self, record: Record, final: State, out: tuple[int, ...]) -> Session:
        loser = final.loser
        if loser is None:  # pragma: no cover - every finished game has a goat
            raise SessionError("the game ended without a goat")
        places = self._places()
        game = SessionGame(
            record,
            tuple(name for name, _ in places),
            tuple(hand for _, hand in places),
            loser,
            out,
        )
        anchor = places[loser] if self.next_deal is not NextDeal.DEAL_PASSES else places[0]
        return attrs.evolve(self, anchor=anchor, history=(*self.history, game))

    @property
    def goat_spots(self) -> tuple[str, ...]:
        """The people at whose left the goat may sit now (S-ROVING-GOAT): empty
        unless the goat may move (see :meth:`move_goat`)."""
        goat = self.goat
        if not self.roving_goat or goat is None or isinstance(self.history[-1], Rove):
            return ()
        right = self.seating[self.seating.index(goat) - 1]
        return tuple(name for name in self.seating if name not in (goat, right))

    def move_goat(self, left_of: str) -> Session:
        """The session after the last goat moves to the left of ``left_of``
        (S-ROVING-GOAT: "after each game, the goat gets to move to a different spot
        in the table", Flurst rules). Once between games, with ``roving_goat`` on.

        >>> import skitgubbe as sg
        >>> session = Session.start(sg.presets.FLURST, ["Ann", "Bea", "Cid", "Dan"],
        ...                         roving_goat=True)
        >>> session = play_session(session, games=1, seed=1)
        >>> session.goat, session.seating
        ('Cid', ('Ann', 'Bea', 'Cid', 'Dan'))
        >>> session = session.move_goat(left_of="Dan")
        >>> session.seating, session.seats  # Cid now leads from between Dan and Ann
        (('Ann', 'Bea', 'Dan', 'Cid'), ('Cid', 'Ann', 'Bea', 'Dan'))
        """
        if not self.roving_goat:
            raise SessionError(
                "the goat keeps its seat: the roving goat is a variation; start the "
                "session with roving_goat=True (S-ROVING-GOAT)"
            )
        goat = self.goat
        if goat is None:
            raise SessionError("there is no goat before the first game (S-ROVING-GOAT)")
        if isinstance(self.history[-1], Rove):
            raise SessionError(f"{goat} has already moved since the last game (S-ROVING-GOAT)")
        if left_of not in self.seating:
            raise SessionError(f"{shown(left_of)} is not at the table ({', '.join(self.seating)})")
        if left_of == goat:
            raise SessionError(f"{goat} cannot sit at their own left")
        rest = [name for name in self.seating if name != goat]
        if len(rest) < 2:
            raise SessionError("with two players every seat is the same spot (S-ROVING-GOAT)")
        at = self.seating.index(goat)
        if self.seating[at - 1] == left_of:
            raise SessionError(
                f"{goat} already sits at the left of {left_of}: the goat moves to a "
                "different spot (S-ROVING-GOAT)"
            )
        rest.insert(rest.index(left_of) + 1, goat)
        return attrs.evolve(self, seating=tuple(rest), history=(*self.history, Rove(goat, left_of)))

    def replace_player(self, leaving: str, joining: str) -> Session:
        """The session after ``joining`` takes the seat of ``leaving`` between games,
        with any part ``leaving`` had in starting the next game (as at two tables,
        S-TWO-TABLES)."""
        if leaving not in self.seating:
            raise SessionError(f"{shown(leaving)} is not at the table ({', '.join(self.seating)})")
        if not isinstance(joining, str) or not joining.strip():
            raise TypeError(f"a player is named by non-empty text, not {shown(joining)}")
        if joining in self.seating:
            raise SessionError(f"{shown(joining)} is already at the table")
        seating = tuple(joining if name == leaving else name for name in self.seating)
        name, hand = self.anchor
        anchor = (joining if name == leaving else name, hand)
        return attrs.evolve(
            self,
            seating=seating,
            anchor=anchor,
            history=(*self.history, Replace(leaving, joining)),
        )

    # -- what a person sees -------------------------------------------------------

    def view(self, state: State, name: str) -> OwnerView:
        """What ``name`` sees of ``state``, a state of the next game (the one
        :meth:`next_game` deals): in confusion, both hands at once. For a game
        already recorded, use :func:`owner_view` with :meth:`seats_of` that game."""
        return owner_view(state, self._seats_in(state, name), name)

    def moves(self, state: State, name: str) -> tuple[Move, ...]:
        """The legal moves of every seat ``name`` holds in ``state``."""
        seats = self._seats_in(state, name)
        return tuple(move for move in state.legal_moves() if move.player in seats)

    def _seats_in(self, state: State, name: str) -> tuple[int, ...]:
        if state.players != len(self.seats):
            raise SessionError(
                f"this state has {state.players} seats; the session's games have {len(self.seats)}"
            )
        return self.seats_of(name)

    # -- saving -------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The session as plain data, ready for :func:`json.dumps`.

        Keys: ``format``, ``version``, ``preset`` (when the rules are a preset),
        ``rules``, ``players``, ``first``, ``next_deal``, ``roving_goat``,
        ``confusion`` and ``history``: a list of ``{"game": {"seed", "moves"}}``,
        ``{"rove": {"left_of"}}`` and ``{"replace": {"leaving", "joining"}}``.
        """
        data: dict[str, Any] = {"format": FORMAT, "version": FORMAT_VERSION}
        data.update(_rules_data(self.rules, self.preset))
        data.update(
            players=list(self.players),
            first=self.first,
            next_deal=self.next_deal.value,
            roving_goat=self.roving_goat,
            confusion=self.confusion,
            history=[_step_data(step) for step in self.history],
        )
        return data

    def to_json(self, indent: int | None = None) -> str:
        """The session as JSON text (see :meth:`to_dict`)."""
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Session:
        """Read a session written by :meth:`to_dict`, replaying every step: each
        game must be legal and dealt as the session deals it."""
        _check_keys(
            data,
            FORMAT,
            (
                "players",
                "first",
                "next_deal",
                "roving_goat",
                "confusion",
                "history",
            ),
        )
        rules, preset = _read_rules(data)
        try:
            session = cls.start(
                rules,
                _field(data, "players", list),
                first=_field(data, "first", str),
                next_deal=_field(data, "next_deal", str),
                roving_goat=_field(data, "roving_goat", bool),
                confusion=_field(data, "confusion", bool),
                preset=preset,
            )
        except TypeError as error:
            raise SessionError(str(error)) from None
        for index, step in enumerate(_field(data, "history", list)):
            try:
                session = session._replay_step(step)
            except (ValueError, TypeError) as error:
                raise SessionError(f"history[{index}]: {error}") from None
        return session

    def _replay_step(self, step: object) -> Session:
        if not isinstance(step, dict) or len(step) != 1:
            raise SessionError('a step is an object with one key: "game", "rove" or "replace"')
        ((kind, value),) = step.items()
        if kind == "game":
            return self.record(_read_game(self, value))
        if kind == "rove":
            _only_keys(value, ("left_of",))
            return self.move_goat(_field(value, "left_of", str))
        if kind == "replace":
            _only_keys(value, ("leaving", "joining"))
            return self.replace_player(_field(value, "leaving", str), _field(value, "joining", str))
        raise SessionError(f'unknown step {shown(kind)} (expected "game", "rove" or "replace")')

    @classmethod
    def from_json(cls, text: str | bytes) -> Session:
        """Read a session written by :meth:`to_json` (see :meth:`from_dict`)."""
        return cls.from_dict(_load(text))


# -- JSON helpers -------------------------------------------------------------------


def _rules_data(rules: Ruleset, preset: str | None) -> dict[str, Any]:
    data: dict[str, Any] = {}
    if preset is not None:
        data["preset"] = preset
    data["rules"] = ruleset_to_dict(rules)
    return data


def _step_data(step: Step) -> dict[str, Any]:
    if isinstance(step, SessionGame):
        return {"game": _game_data(step)}
    if isinstance(step, Rove):
        return {"rove": {"left_of": step.left_of}}
    return {"replace": {"leaving": step.leaving, "joining": step.joining}}


def _game_data(game: SessionGame) -> dict[str, Any]:
    return {"seed": game.record.deal.seed, "moves": list(game.record.moves)}


def _read_game(session: Session, value: object) -> Record:
    _only_keys(value, ("seed", "moves"))
    assert isinstance(value, dict)
    seed = _field(value, "seed", int)
    moves = _field(value, "moves", list)
    if not all(isinstance(move, str) for move in moves):
        raise SessionError("moves: each move is written as text")
    return Record.of(session.next_game(seed), moves, preset=session.preset)


def _json_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data = dict(pairs)
    if len(data) != len(pairs):
        raise ValueError("a key appears twice in one object")
    return data


def _reject_constant(text: str) -> Any:
    raise ValueError(f"{text} is not a JSON value")


def _load(text: str | bytes) -> Any:
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise SessionError(f"not JSON: the bytes are not UTF-8 ({error.reason})") from None
    if not isinstance(text, str):
        raise TypeError(f"saved sessions are JSON text, not {type(text).__name__}")
    try:
        return json.loads(text, object_pairs_hook=_json_object, parse_constant=_reject_constant)
    except RecursionError:
        raise SessionError("not a saved session: its lists and objects nest too deeply") from None
    except ValueError as error:
        raise SessionError(f"not JSON: {error}") from None


def _only_keys(data: object, known: tuple[str, ...]) -> None:
    if not isinstance(data, dict):
        raise SessionError(f"expected an object with {', '.join(known)}, not {shown(data)}")
    for key in data:
        if key not in known:
            raise SessionError(f"{key}: unknown field (expected {', '.join(known)})")


def _field(data: Mapping[str, Any], key: str, kind: type) -> Any:
    if key not in data:
        raise SessionError(f"{key}: missing")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise SessionError(f"{key}: expected {kind.__name__}, not {shown(value)}")
    return value


def _check_keys(data: object, form: str, keys: tuple[str, ...]) -> None:
    if not isinstance(data, Mapping):
        raise SessionError(f"a saved session is a JSON object, not {type(data).__name__}")
    if data.get("format") != form:
        raise SessionError(f"format: expected {shown(form)}, not {shown(data.get('format'))}")
    if data.get("version") != FORMAT_VERSION or isinstance(data.get("version"), bool):
        raise SessionError(
            f"version: this library reads version {FORMAT_VERSION}, "
            f"not {shown(data.get('version'))}"
        )
    _only_keys(dict(data), ("format", "version", "preset", "rules", *keys))


def _read_rules(data: Mapping[str, Any]) -> tuple[Ruleset, str | None]:
    name = data.get("preset")
    if name is not None and (not isinstance(name, str) or name not in presets.ALL):
        raise SessionError(
            f"preset: no preset {shown(name)}; the presets are: {', '.join(presets.NAMES)}"
        )
    if "rules" not in data:
        if name is None:
            raise SessionError("rules: missing (give the rules, or a preset's name as preset)")
        return presets.get(name), name
    try:
        rules = ruleset_from_dict(_field(data, "rules", dict))
    except ValueError as error:
        raise SessionError(f"rules: {error}") from None
    return rules, _preset_of(rules, name)


# -- a person's view of several seats --------------------------------------------------


def _union(groups: Iterable[Iterable[Card]]) -> tuple[Card, ...]:
    """The multiset union: each card as often as the group holding it most."""
    most: Counter[Card] = Counter()
    for group in groups:
        most |= Counter(group)
    return tuple(sorted(most.elements()))


def _common(groups: Sequence[Iterable[Card]]) -> tuple[Card, ...]:
    """The multiset intersection: each card as often as the group holding it least."""
    least: Counter[Card] = Counter(groups[0])
    for group in groups[1:]:
        least &= Counter(group)
    return tuple(sorted(least.elements()))


@attrs.frozen(repr=False)
class OwnerView:
    """What one person sees who holds one or more seats: in three-player
    confusion, both hands at once (S-CONFUSION: "you may look at both hands
    simultaneously", Flurst rules). The knowledge is the union of the seats'
    :class:`~skitgubbe.views.PlayerView`, which stay available in :attr:`views`.
    """

    #: The person.
    name: str
    #: The seats the person holds, in seat order.
    seats: tuple[int, ...]
    #: Each seat's own view, in the order of :attr:`seats`.
    views: tuple[PlayerView, ...]

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """The cards of each own seat, in the order of :attr:`seats`."""
        return tuple(view.hand for view in self.views)

    def __repr__(self) -> str:
        hands = [format_cards(hand) for hand in self.hands]
        return f"OwnerView(name={self.name!r}, seats={self.seats}, hands={hands})"

    @property
    def hand(self) -> tuple[Card, ...]:
        """Every card the person holds, in all their seats, sorted."""
        return tuple(sorted(card for view in self.views for card in view.hand))

    @property
    def known(self) -> tuple[tuple[Card, ...], ...]:
        """For every seat of the table, the cards the person knows are there: what
        any of their seats knows."""
        return tuple(
            _union(view.known[seat] for view in self.views) for seat in range(self.players)
        )

    @property
    def unseen(self) -> tuple[Card, ...]:
        """The cards the person cannot place: those none of their seats can place."""
        return _common([view.unseen for view in self.views])

    @property
    def players(self) -> int:
        """How many seats the table has."""
        return self.views[0].players

    @property
    def to_act(self) -> tuple[int, ...]:
        """The person's seats that may act now."""
        return tuple(seat for seat in self.views[0].to_act if seat in self.seats)

    @property
    def due(self) -> tuple[int, ...]:
        """The person's seats the game waits for."""
        return tuple(seat for seat in self.views[0].due if seat in self.seats)

    @property
    def loser(self) -> int | None:
        """The goat's seat once the game is over."""
        return self.views[0].loser

    def to_dict(self) -> dict[str, Any]:
        """The view as plain data: ``name``, ``seats`` and each seat's view."""
        return {
            "name": self.name,
            "seats": list(self.seats),
            "views": [view.to_dict() for view in self.views],
        }

    def to_json(self, indent: int | None = None) -> str:
        """The view as JSON text (see :meth:`to_dict`)."""
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str | bytes) -> OwnerView:
        """Read a view written by :meth:`to_json`."""
        data = _load(text)
        _only_keys(data, ("name", "seats", "views"))
        try:
            views = tuple(PlayerView.from_dict(view) for view in _field(data, "views", list))
        except ValueError as error:
            raise SessionError(f"views: {error}") from None
        seats = tuple(_field(data, "seats", list))
        if not views or seats != tuple(view.player for view in views):
            raise SessionError(
                f"seats: {shown(seats)} are not the seats of the views, one view a seat"
            )
        if len({(view.rules, view.hand_sizes, view.phase) for view in views}) != 1:
            raise SessionError("views: the views are not of one game at one moment")
        return cls(_field(data, "name", str), seats, views)


def owner_view(state: State, seats: Iterable[int], name: str = "") -> OwnerView:
    """What the person ``name`` holding ``seats`` sees of ``state``.

    >>> import skitgubbe as sg
    >>> state = sg.deal(sg.presets.FLURST, players=6, seed=2)
    >>> view = owner_view(state, (0, 3), "Ann")
    >>> view.hands == (state.hand(0), state.hand(3)), view.known[3] == state.hand(3)
    (True, True)
    """
    held = tuple(sorted(set(seats)))
    if not held:
        raise SessionError("a view needs at least one seat")
    return OwnerView(name, held, tuple(state.view(seat) for seat in held))


# -- playing whole games ----------------------------------------------------------------

#: Chooses a move for whoever may act in a game: ``choose(state) -> move``.
Chooser: TypeAlias = Callable[[State], Move]
#: One person's policy: given their view and their own legal moves, a move, or
#: ``None`` to let others act first (a person not due may wait).
Policy: TypeAlias = Callable[[OwnerView, tuple[Move, ...]], Move | None]


def _random_chooser(rng: random.Random) -> Chooser:
    def choose(state: State) -> Move:
        return rng.choice(state.legal_moves())

    return choose


def _policies_chooser(
    policies: Mapping[str, Policy], seats: tuple[str, ...], rng: random.Random
) -> Chooser:
    owners = list(dict.fromkeys(seats))
    missing = [name for name in owners if name not in policies]
    if missing:
        raise SessionError(f"no policy for {', '.join(missing)}")

    def choose(state: State) -> Move:
        acting = [name for name in owners if any(seats[s] == name for s in state.to_act)]
        rng.shuffle(acting)  # a fair chance to act first out of turn
        for name in acting:
            held = tuple(seat for seat, owner in enumerate(seats) if owner == name)
            moves = tuple(move for move in state.legal_moves() if move.player in held)
            if not moves:
                continue
            move = policies[name](owner_view(state, held, name), moves)
            if move is not None:
                if move not in moves:
                    raise SessionError(f"{name}'s policy chose {move}, which is not legal here")
                return move
        raise SessionError(
            f"{', '.join(seats[s] for s in state.due)} must act, but no policy made a move"
        )

    return choose


def _play_game(state: State, choose: Chooser) -> tuple[list[Move], State, tuple[int, ...]]:
    moves: list[Move] = []
    out: list[int] = []
    seen_two = False
    for _ in range(MAX_MOVES):
        if state.is_over:
            return moves, state, tuple(out)
        move = choose(state)
        moves.append(move)
        state = state.apply(move)
        if not seen_two and isinstance(state, PhaseTwoState):
            seen_two = True
            out.extend(seat for seat in state.out if seat not in out)
        out.extend(
            event.player
            for event in state.events
            if event.kind is EventKind.OUT and event.player not in out
        )
    raise SessionError(f"a game did not end after {MAX_MOVES} moves")


def _chooser(
    choose: Chooser | Mapping[str, Policy] | None, seats: tuple[str, ...], rng: random.Random
) -> Chooser:
    if choose is None:
        return _random_chooser(rng)
    if isinstance(choose, Mapping):
        return _policies_chooser(choose, seats, rng)
    return choose


def _game_seed(rng: random.Random) -> int:
    return rng.getrandbits(64)


def play_session(
    session: Session,
    games: int,
    choose: Chooser | Mapping[str, Policy] | None = None,
    seed: int = 0,
    *,
    on_game: Callable[[Session], None] | None = None,
) -> Session:
    """``session`` after ``games`` more games, each dealt and played to the goat.

    ``choose`` picks every move: by default uniformly at random among
    ``state.legal_moves()``; a function ``choose(state) -> move``; or a mapping
    from each person's name to a :data:`Policy`, which sees only that person's
    :class:`OwnerView` and legal moves (people who may act are asked in a random
    order, and the first move offered is made). The same ``seed`` plays the same
    games. ``on_game``, if given, is called with the session after each game, so
    that a program keeps every finished game if it is stopped midway.
    """
    if not isinstance(games, int) or games < 0:
        raise ValueError(f"games must be a whole number from 0, not {shown(games)}")
    rng = random.Random(seed)
    for _ in range(games):
        state = session.next_game(_game_seed(rng))
        moves, final, out = _play_game(state, _chooser(choose, session.seats, rng))
        record = Record.of(state, moves, preset=session.preset)
        session = session._with_game(record, final, out)
        if on_game is not None:
            on_game(session)
    return session


def play_bot_session(
    session: Session,
    games: int,
    bots: str | Mapping[str, str],
    seed: int = 0,
    *,
    on_game: Callable[[Session], None] | None = None,
) -> Session:
    """``session`` after ``games`` more games played by bots of :mod:`skitgubbe.bots`.

    ``bots`` names the kind of bot each person plays with (``{"Ann": "search",
    ...}``), or one kind for everybody. Each seat gets a new bot of its owner's
    kind for every game, seeded from the game, and
    :func:`skitgubbe.bots.next_move` arbitrates out-of-turn moves. A bot sees
    only its own seat's view; in three-player confusion a person's two hands are
    played by two bots of the person's kind, each seeing its own hand. The same
    ``seed`` plays the same games; ``on_game`` is called after each, as in
    :func:`play_session`.

    >>> from skitgubbe import presets
    >>> session = Session.start(presets.FLURST, ["Ann", "Bea", "Cid"])
    >>> session = play_bot_session(session, 2, {"Ann": "greedy", "Bea": "random",
    ...                                          "Cid": "random"}, seed=1)
    >>> len(session.games), sum(row.goats for row in session.standings)
    (2, 2)
    """
    from .bots import MatchError, bot_name, make_bot

    kinds = dict.fromkeys(session.players, bots) if isinstance(bots, str) else dict(bots)
    for name in session.players:
        kind = kinds.get(name)
        if kind is None:
            raise SessionError(f"no bot named for {shown(name)}: name one for every player")
        try:
            kinds[name] = bot_name(kind)
        except MatchError as error:
            raise SessionError(str(error)) from None
    if not isinstance(games, int) or games < 0:
        raise ValueError(f"games must be a whole number from 0, not {shown(games)}")
    rng = random.Random(seed)
    for _ in range(games):
        game_seed = _game_seed(rng)
        state = session.next_game(game_seed)
        table = [make_bot(kinds[name]) for name in session.seats]
        for seat, bot in enumerate(table):
            bot.reset(seat, (game_seed + seat) % 2**64)
        moves, final, out = _play_game(state, functools.partial(_bots_move, bots=table))
        record = Record.of(state, moves, preset=session.preset)
        session = session._with_game(record, final, out)
        if on_game is not None:
            on_game(session)
    return session


def _bots_move(state: State, bots: list[Bot]) -> Move:
    from .bots import next_move

    return next_move(state, bots)


# -- two tables --------------------------------------------------------------------------


@attrs.frozen(repr=False)
class Round:
    """One round at two tables: a game at each, and the two people who changed
    tables after it (S-TWO-TABLES)."""

    #: The game at the winners' table.
    winners: SessionGame
    #: The game at the losers' table.
    losers: SessionGame
    #: The winners' goat, who moved down to the losers' table.
    down: str
    #: The first out at the losers' table, who moved up to the winners' table.
    up: str

    def __repr__(self) -> str:
        return (
            f"Round(winners_goat={self.winners.goat!r}, losers_goat={self.losers.goat!r}, "
            f"down={self.down!r}, up={self.up!r})"
        )


@attrs.frozen(repr=False)
class TwoTables:
    """Two tables playing at once (S-TWO-TABLES, Flurst rules): after each round
    the goat of the winners' table moves down to the losers' table and the first
    player out at the losers' table moves up, each taking the other's seat (and
    the other's part in starting the next game there, S-GOAT-LEADS).

    Each table is a :class:`Session`; the standings add up both.
    """

    #: The winners' table.
    winners: Session
    #: The losers' table.
    losers: Session
    #: Every round so far.
    rounds: tuple[Round, ...] = ()

    def __repr__(self) -> str:
        rounds = len(self.rounds)
        return f"TwoTables(winners={self.winners!r}, losers={self.losers!r}, rounds={rounds})"

    @classmethod
    def start(
        cls,
        rules: Ruleset,
        winners: Sequence[str],
        losers: Sequence[str],
        *,
        next_deal: NextDeal | str | None = None,
        preset: str | None = None,
    ) -> TwoTables:
        """Two tables of people (names round each table clockwise); the first name
        at each table volunteers as its first goat.

        >>> import skitgubbe as sg
        >>> TwoTables.start(sg.presets.FLURST, ["Ann", "Bea", "Cid"], ["Dan", "Eve", "Ann"])
        Traceback (most recent call last):
        ...
        skitgubbe.sessions.SessionError: 'Ann' cannot sit at both tables
        """
        top = _names(winners, "winners")
        bottom = _names(losers, "losers")
        both = [name for name in top if name in bottom]
        if both:
            raise SessionError(f"{shown(both[0])} cannot sit at both tables")
        return cls(
            Session.start(rules, top, next_deal=next_deal, preset=preset),
            Session.start(rules, bottom, next_deal=next_deal, preset=preset),
        )

    @property
    def rules(self) -> Ruleset:
        """The rules at both tables."""
        return self.winners.rules

    def table_of(self, name: str) -> str:
        """``"winners"`` or ``"losers"``: where ``name`` sits now."""
        if name in self.winners.seating:
            return "winners"
        if name in self.losers.seating:
            return "losers"
        raise SessionError(f"{shown(name)} sits at neither table")

    @property
    def standings(self) -> tuple[Standing, ...]:
        """Each person's games, goats and first-outs at both tables together."""
        total: dict[str, Standing] = {}
        for table in (self.winners, self.losers):
            for row in table.standings:
                old = total.get(row.name, Standing(row.name))
                total[row.name] = Standing(
                    row.name,
                    old.games + row.games,
                    old.goats + row.goats,
                    old.first_out + row.first_out,
                )
        return tuple(total.values())

    def next_round(
        self, winners_seed: int, losers_seed: int
    ) -> tuple[PhaseOneState, PhaseOneState]:
        """The next games at the winners' and the losers' table, from two seeds."""
        return self.winners.next_game(winners_seed), self.losers.next_game(losers_seed)

    def record_round(self, winners: Record, losers: Record) -> TwoTables:
        """The tables after a round: both games recorded (see
        :meth:`Session.record`), then the two moves between tables."""
        return self._after(self.winners.record(winners), self.losers.record(losers))

    def _after(self, top: Session, bottom: Session) -> TwoTables:
        down = top.games[-1].goat
        up = bottom.games[-1].first_out
        if up is None:
            raise SessionError(
                "nobody went out at the losers' table, so nobody moves up (S-TWO-TABLES)"
            )
        played = Round(top.games[-1], bottom.games[-1], down, up)
        return TwoTables(
            top.replace_player(down, up),
            bottom.replace_player(up, down),
            (*self.rounds, played),
        )

    def to_dict(self) -> dict[str, Any]:
        """The tables as plain data: ``format``, ``version``, ``preset``,
        ``rules``, ``winners`` and ``losers`` (the people at the start),
        ``next_deal`` and ``rounds`` (each ``{"winners": game, "losers": game}``
        with a game as in :meth:`Session.to_dict`)."""
        data: dict[str, Any] = {"format": TWO_TABLES_FORMAT, "version": FORMAT_VERSION}
        data.update(_rules_data(self.rules, self.winners.preset))
        data.update(
            winners=list(self.winners.players),
            losers=list(self.losers.players),
            next_deal=self.winners.next_deal.value,
            rounds=[
                {"winners": _game_data(one.winners), "losers": _game_data(one.losers)}
                for one in self.rounds
            ],
        )
        return data

    def to_json(self, indent: int | None = None) -> str:
        """The tables as JSON text (see :meth:`to_dict`)."""
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TwoTables:
        """Read tables written by :meth:`to_dict`, replaying every round."""
        _check_keys(data, TWO_TABLES_FORMAT, ("winners", "losers", "next_deal", "rounds"))
        rules, preset = _read_rules(data)
        try:
            tables = cls.start(
                rules,
                _field(data, "winners", list),
                _field(data, "losers", list),
                next_deal=_field(data, "next_deal", str),
                preset=preset,
            )
        except TypeError as error:
            raise SessionError(str(error)) from None
        for index, one in enumerate(_field(data, "rounds", list)):
            try:
                _only_keys(one, ("winners", "losers"))
                tables = tables.record_round(
                    _read_game(tables.winners, _field(one, "winners", dict)),
                    _read_game(tables.losers, _field(one, "losers", dict)),
                )
            except (ValueError, TypeError) as error:
                raise SessionError(f"rounds[{index}]: {error}") from None
        return tables

    @classmethod
    def from_json(cls, text: str | bytes) -> TwoTables:
        """Read tables written by :meth:`to_json` (see :meth:`from_dict`)."""
        return cls.from_dict(_load(text))


def play_two_tables(
    tables: TwoTables,
    rounds: int,
    choose: Chooser | Mapping[str, Policy] | None = None,
    seed: int = 0,
) -> TwoTables:
    """``tables`` after ``rounds`` more rounds, each game played as in
    :func:`play_session` (a mapping of policies needs everyone at both tables)."""
    if not isinstance(rounds, int) or rounds < 0:
        raise ValueError(f"rounds must be a whole number from 0, not {shown(rounds)}")
    rng = random.Random(seed)
    for _ in range(rounds):
        played = []
        for table in (tables.winners, tables.losers):
            state = table.next_game(_game_seed(rng))
            moves, final, out = _play_game(state, _chooser(choose, table.seats, rng))
            played.append(
                table._with_game(Record.of(state, moves, preset=table.preset), final, out)
            )
        tables = tables._after(played[0], played[1])
    return tables
