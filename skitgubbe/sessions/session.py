"""One series of games among the same people: :class:`Session`, its games, standings,
the goat's moves between games (S-ROVING-GOAT) and its JSON."""

from __future__ import annotations

import enum
import hashlib
import json
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TypeAlias

import attrs

from .. import presets
from ..errors import shown
from ..moves import Move
from ..phase_one import deal
from ..records import Record, replay
from ..rules import FirstLead, Ruleset
from ..runner.games import OutOrder
from ..specs import as_rules
from ..state import PhaseOneState, State
from .common import (
    FORMAT,
    FORMAT_VERSION,
    SessionError,
    _check_keys,
    _field,
    _load,
    _only_keys,
    _preset_of,
    _read_rules,
    _rules_data,
)
from .owner_view import OwnerView, owner_view

__all__ = [
    "NextDeal",
    "Replace",
    "Rove",
    "Session",
    "SessionGame",
    "Standing",
    "finish_order",
    "next_deal_for",
]


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
    out = OutOrder()
    for state in states:
        out.see(state)
    return tuple(out.order)


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
    #: Whether the goat forfeited (a clock ran out, a bot failed) rather than
    #: being left holding cards; the record then stops where the game did.
    forfeit: bool = False

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
        rules: Ruleset | str,
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
        skitgubbe.sessions.common.SessionError: these rules allow 3-8 players, not 2
        """
        rules = as_rules(rules)
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

    def record(self, record: Record, *, forfeit: int | None = None) -> Session:
        """The session with ``record``, a finished game dealt by :meth:`next_game`.

        The record is replayed: it must use the session's rules, start from the
        deal :meth:`next_game` makes from its seed, and end with a goat; or, with
        ``forfeit``, stop while going on, the game lost by the person in that seat
        (their time ran out, or their bot failed), who is its goat.
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
        if forfeit is not None:
            if states[-1].is_over:
                raise SessionError("the game is over: no one can forfeit it")
            if isinstance(forfeit, bool) or not isinstance(forfeit, int):
                raise SessionError(f"forfeit: a seat, not {shown(forfeit)}")
            if not 0 <= forfeit < record.deal.players or forfeit in finish_order(states):
                raise SessionError(f"forfeit: seat {forfeit} is not a seat still playing the game")
        elif not states[-1].is_over:
            raise SessionError(f"the game is not over after its {len(record.moves)} moves")
        return self._with_game(record, states[-1], finish_order(states), forfeit)

    def played(
        self,
        record: Record,
        final: State,
        out: Sequence[int],
        *,
        forfeit: int | None = None,
    ) -> Session:
        """The session with a game its host has just played through the engine,
        not replayed: ``final`` is the state ``record``'s moves reached and ``out``
        the seats in the order they went out (followed move by move, as
        :class:`~skitgubbe.runner.games.OutOrder` does); with ``forfeit``, the
        seat that forfeited. A server finishing a long game needs no second pass
        over it; a game from elsewhere goes through :meth:`record`, which checks
        every move.
        """
        if record.rules != self.rules or record.deal != self.next_game(record.deal.seed).deal:
            raise SessionError(
                "the game was not dealt by this session's next_game: record it with record()"
            )
        if forfeit is None and not final.is_over:
            raise SessionError("the game is not over: name the seat that forfeited it")
        if forfeit is not None and final.is_over:
            raise SessionError("the game is over: no one can forfeit it")
        return self._with_game(record, final, tuple(out), forfeit)

    def _with_game(
        self, record: Record, final: State, out: tuple[int, ...], forfeit: int | None = None
    ) -> Session:
        loser = final.loser if forfeit is None else forfeit
        if loser is None:  # pragma: no cover - every finished game has a goat
            raise SessionError("the game ended without a goat")
        places = self._places()
        game = SessionGame(
            record,
            tuple(name for name, _ in places),
            tuple(hand for _, hand in places),
            loser,
            out,
            forfeit is not None,
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
        >>> from skitgubbe.sessions import play_session
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
        ``confusion`` and ``history``: a list of ``{"game": {"seed", "moves",
        "seats"}}``, ``{"rove": {"left_of"}}`` and ``{"replace": {"leaving",
        "joining"}}``, each with a ``check``: a digest of the step and the check
        before it (the first chained to the session's other keys), so that a
        step changed, moved, copied or left out, or a changed ``first`` or
        ``next_deal``, is found when the session is read.
        """
        data: dict[str, Any] = {"format": FORMAT, "version": FORMAT_VERSION}
        data.update(_rules_data(self.rules, self.preset))
        data.update(
            players=list(self.players),
            first=self.first,
            next_deal=self.next_deal.value,
            roving_goat=self.roving_goat,
            confusion=self.confusion,
        )
        check = _chain("", data)
        history = []
        for step in self.history:
            ((kind, value),) = _step_data(step).items()
            if isinstance(step, SessionGame):
                value["seats"] = list(step.seats)
            check = _chain(check, value)
            history.append({kind: {**value, "check": check}})
        data["history"] = history
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
        version = data["version"]
        check = _chain("", {key: value for key, value in data.items() if key != "history"})
        seeds: dict[int, int] = {}
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
                if version >= 2:  # the step is replayed first, so a bad move is named
                    step, given, check = _unchecked(step, check)
                session = session._replay_step(step, seeds, index)
                if version >= 2 and given != check:
                    kind = next(iter(step))
                    raise SessionError(
                        f"{kind}.check: {shown(given)} does not follow from the steps before "
                        "it and the session's settings: a step was changed, moved, copied or "
                        "left out, or a setting (such as first or next_deal) was changed"
                    )
            except (ValueError, TypeError) as error:
                raise SessionError(f"history[{index}]: {error}") from None
        return session

    def _replay_step(self, step: object, seeds: dict[int, int], index: int) -> Session:
        if not isinstance(step, dict) or len(step) != 1:
            raise SessionError('a step is an object with one key: "game", "rove" or "replace"')
        ((kind, value),) = step.items()
        if kind == "game":
            if isinstance(value, dict) and "seats" in value:
                value = dict(value)
                seats = value.pop("seats")
                if seats != list(self.seats):
                    raise SessionError(
                        f"game.seats: the session seats {', '.join(self.seats)} for this game, "
                        f"not {shown(seats)}: its first, next_deal or an earlier step was "
                        "changed"
                    )
            record, forfeit = _read_game(self, value)
            seed = record.deal.seed
            if seed is not None and seed in seeds:
                raise SessionError(
                    f"game.seed: history[{seeds[seed]}] dealt the seed {seed} already: a "
                    "session never deals a seed twice, so this game was copied"
                )
            if seed is not None:
                seeds[seed] = index
            return self.record(record, forfeit=forfeit)
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


def _chain(before: str, value: Mapping[str, Any]) -> str:
    """The check of a step: a digest of the check before it and the step's data."""
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256((before + text).encode()).hexdigest()[:16]


def _unchecked(step: object, before: str) -> tuple[dict[str, Any], object, str]:
    """A version 2 step without its ``check``, the check it gives, and the check
    that follows from the one ``before``."""
    if not isinstance(step, dict) or len(step) != 1:
        raise SessionError('a step is an object with one key: "game", "rove" or "replace"')
    ((kind, value),) = step.items()
    if not isinstance(value, dict):
        raise SessionError(f"{kind}: expected an object, not {shown(value)}")
    given = value.get("check")
    rest = {key: item for key, item in value.items() if key != "check"}
    return {kind: rest}, given, _chain(before, rest)


def _step_data(step: Step) -> dict[str, Any]:
    if isinstance(step, SessionGame):
        return {"game": _game_data(step)}
    if isinstance(step, Rove):
        return {"rove": {"left_of": step.left_of}}
    return {"replace": {"leaving": step.leaving, "joining": step.joining}}


def _game_data(game: SessionGame) -> dict[str, Any]:
    data: dict[str, Any] = {"seed": game.record.deal.seed, "moves": list(game.record.moves)}
    if game.forfeit:
        data["forfeit"] = game.goat_seat
    return data


def _read_game(session: Session, value: object) -> tuple[Record, int | None]:
    _only_keys(value, ("seed", "moves", "forfeit"))
    assert isinstance(value, dict)
    seed = _field(value, "seed", int)
    moves = _field(value, "moves", list)
    forfeit = _field(value, "forfeit", int) if "forfeit" in value else None
    if not all(isinstance(move, str) for move in moves):
        raise SessionError("moves: each move is written as text")
    return Record.of(session.next_game(seed), moves, preset=session.preset), forfeit
