"""A table the server runs: its session of games, its seats, clocks and bots.

A :class:`Table` is the part of the server that knows the game; it has no
network in it, so that tests and other hosts can drive it directly. It is made
from a :class:`~skitgubbe.server.store.Store` and rebuilt from it after a
restart: its session (game after game, the goat leading the next as
:class:`~skitgubbe.sessions.Session` seats them, S-GOAT-LEADS), the current
game's moves replayed, and each seat's token checked against the digests the
store keeps.

The people at a table are numbered in the order they were named; person ``p``
claims their place with token ``p`` and sits, game by game, where the session
puts them. Every message to a person is built from their seat's
:class:`~skitgubbe.views.PlayerView` alone (:meth:`Table.message`); a spectator
gets the table's public view (:func:`public_view`), the part every seat knows.

>>> import skitgubbe as sg
>>> from skitgubbe.server.store import Store
>>> store = Store(":memory:")
>>> table, tokens = Table.create(store, sg.presets.FLURST, ["Ann", "Bea", "Cid"], seed=5)
>>> table.person_of(tokens[1]), table.person_of("forged")
(1, None)
>>> message = table.message(1)
>>> message["type"], message["seat"], message["you"], len(message["view"]["hand"].split())
('state', 1, 'Bea', 3)
>>> table.message(None)["view"]["hand"]   # a spectator sees no hand
''
"""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from .. import presets
from ..bots import make_bot
from ..bots.names import BOT_NAMES
from ..bots.protocol import Bot
from ..deals import Deal
from ..errors import shown
from ..events import Event
from ..moves import Move, parse_move
from ..records import Record
from ..render.replay import said_to
from ..render.svg import items_svg, layout
from ..rules import Ruleset, ruleset_to_dict
from ..runner.games import OutOrder
from ..sessions import Session
from ..state import PhaseOneState, State
from ..text import printable
from ..views import PlayerView
from .store import Store

__all__ = [
    "MAX_NAME",
    "TIMEOUTS",
    "BotTurn",
    "Clock",
    "Table",
    "TableError",
    "public_view",
]

#: The longest name or title, in characters.
MAX_NAME = 40
#: What a seat's timeout does: a library bot moves for it, or it forfeits.
TIMEOUTS = ("forfeit", *(f"bot:{name}" for name in BOT_NAMES))
#: How many of the last moves a message repeats, in words.
LAST_MOVES = 8


class TableError(ValueError):
    """A request the table refuses: its message says why; the table goes on."""


@attrs.frozen
class Clock:
    """A table's time limits, counted by the server for the seats it waits for.

    ``move`` is the seconds a seat has for each move it is due to make, ``bank``
    its seconds for a whole game (``None``: no limit); ``timeout`` is what
    happens when either runs out: ``"bot:NAME"`` (one of :data:`TIMEOUTS`) has
    that library bot move for the seat, ``"forfeit"`` makes the seat the goat
    of the game at once, as a bot's forfeit does in the line protocol.
    """

    move: float | None = None
    bank: float | None = None
    timeout: str = "bot:greedy"

    def __attrs_post_init__(self) -> None:
        for name in ("move", "bank"):
            value = getattr(self, name)
            if value is not None and (
                isinstance(value, bool)
                or not isinstance(value, int | float)
                or not 0.05 <= value <= 86_400
            ):
                raise TableError(
                    f"clock.{name}: seconds from 0.05 to 86400, or null for none, "
                    f"not {shown(value)}"
                )
        if self.timeout not in TIMEOUTS:
            raise TableError(
                f"clock.timeout: one of {', '.join(TIMEOUTS)}, not {shown(self.timeout)}"
            )

    def to_dict(self) -> dict[str, Any]:
        """The clock as plain data."""
        return {"move": self.move, "bank": self.bank, "timeout": self.timeout}


def _name(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise TableError(f"{what}: a name is text, not {shown(value)}")
    text = value.strip()
    if not text or len(text) > MAX_NAME:
        raise TableError(f"{what}: a name of 1 to {MAX_NAME} characters, not {shown(value)}")
    return text


def _mask_and(masks: Sequence[int]) -> int:
    common = masks[0]
    for mask in masks[1:]:
        common &= mask
    return common


def _mask_or(masks: Sequence[int]) -> int:
    every = 0
    for mask in masks:
        every |= mask
    return every


def _public_events(seen: Sequence[tuple[Event, ...]]) -> tuple[Event, ...]:
    """The events every seat saw: a card named only if every seat saw it named."""
    events = []
    for versions in zip(*seen, strict=True):
        first = versions[0]
        if all(version == first for version in versions):
            events.append(first)
            continue
        common = _mask_and([version.mask for version in versions])
        total = len(first.cards) + first.hidden
        named = len(Event(first.kind, first.player, common).cards)
        events.append(Event(first.kind, first.player, common, total - named))
    return tuple(events)


def public_view(state: State) -> PlayerView:
    """What every seat knows: the view of a spectator.

    It is seat 0's view with everything only some seats know taken out: no hand
    of its own, of each hand only the cards every seat knows are there, events
    naming only the cards every seat saw, and every card some seat cannot place
    unseen.

    >>> import skitgubbe as sg
    >>> view = public_view(sg.deal(sg.presets.FLURST, players=3, seed=1))
    >>> view.hand, view.known, len(view.unseen)
    ((), ((), (), ()), 52)
    """
    return _public_of([state.view(seat) for seat in range(state.players)])


def _public_of(views: Sequence[PlayerView]) -> PlayerView:
    """The public view, from every seat's view of one position."""
    base = views[0]
    players = len(views)
    known = tuple(_mask_and([view.known_masks[seat] for view in views]) for seat in range(players))
    return attrs.evolve(
        base,
        hand_mask=0,
        known_masks=known,
        exposed_mask=0,
        unseen_mask=_mask_or([view.unseen_mask for view in views])
        | _mask_or([view.hand_mask & ~known[seat] for seat, view in enumerate(views)]),
        events=_public_events([view.events for view in views]),
        trick=_public_events([view.trick for view in views]),
    )


#: The longest name a picture shows whole.
PICTURE_NAME = 14


def _picture(view: PlayerView, spectator: bool, names: Sequence[str]) -> str:
    """The picture of ``view`` as SVG elements, for the page to place in its table:
    each seat labelled with its person's name (escaped as any text of a picture
    is), a seat's own hand left out (the page draws it large, below), a
    spectator's labels saying "public view", not "seen by seat 0 (you)"."""
    items = []
    for item in layout(view):
        if item.kind == "text" and item.owner >= 0 and item.text.startswith(f"seat {item.owner}"):
            name = names[item.owner]
            if len(name) > PICTURE_NAME:
                name = name[: PICTURE_NAME - 1] + "\u2026"
            item = attrs.evolve(item, text=name + item.text[len(f"seat {item.owner}") :])
        items.append(item)
    if not spectator:
        items = [
            item
            for item in items
            if not (item.owner == view.player and item.kind in ("card", "back"))
        ]
    else:
        items = [
            attrs.evolve(
                item,
                text=item.text.replace(" (you)", "").replace(
                    f"seen by seat {view.player}", "public view"
                ),
            )
            for item in items
        ]
    return items_svg(items)


@attrs.define
class _Game:
    """The game going on (or just over)."""

    number: int
    first: PhaseOneState
    #: The position now (the earlier ones are not kept: the moves rebuild them).
    state: State
    moves: list[Move]
    #: Each seat's person, by index.
    people: tuple[int, ...]
    #: The seat that forfeited, with why, if the game ended that way.
    forfeit: tuple[int, str] | None = None
    #: What each seat saw of each move, in words (the last few).
    words: list[tuple[str, list[str]]] = attrs.Factory(list)
    #: The seats in the order they went out.
    out: OutOrder = attrs.Factory(OutOrder)

    @property
    def over(self) -> bool:
        return self.forfeit is not None or self.state.is_over

    @property
    def goat(self) -> int | None:
        if self.forfeit is not None:
            return self.forfeit[0]
        return self.state.loser


@attrs.define
class _Seen:
    """One position as each seat (and last a spectator) sees it, kept until the
    next move: the views and the standings, and, once someone asks, each view as
    plain data, the legal moves and the picture."""

    key: tuple[int, int, bool]
    state: State
    over: bool
    views: list[PlayerView]
    standings: list[dict[str, Any]]
    dicts: dict[int, dict[str, Any]] = attrs.Factory(dict)
    legal: dict[int, list[str]] = attrs.Factory(dict)
    pictures: dict[int, str] = attrs.Factory(dict)

    def data(self, index: int) -> dict[str, Any]:
        """View ``index`` (-1: the spectator's) as plain data, rules left out."""
        data = self.dicts.get(index)
        if data is None:
            data = self.views[index].to_dict(rules=False)
            if index == -1:
                data["player"] = None
            self.dicts[index] = data
        return data

    def moves(self, index: int) -> list[str]:
        """Seat ``index``'s legal moves in notation (none for -1 or once over)."""
        moves = self.legal.get(index)
        if moves is None:
            moves = []
            if index >= 0 and not self.over:
                moves = [str(move) for move in self.state.legal_moves(index)]
            self.legal[index] = moves
        return moves


@attrs.frozen
class BotTurn:
    """A bot's turn at a table: :meth:`think` asks the bot (the slow part, to run
    off the server's loop), and :meth:`Table.bot_moved` takes its answer."""

    #: The bot's seat, and the moves made when it was asked.
    seat: int
    made: int
    bot: Bot
    view: PlayerView
    moves: tuple[Move, ...]
    #: The seconds it has, when the table has a clock.
    seconds: float | None
    #: For a bot's first turn of a game: the seed, rules and players to start it with.
    setup: tuple[int, Ruleset, int] | None = None

    def think(self) -> tuple[Move | None, str | None]:
        """The bot's move, or ``None`` with what went wrong: a program that
        crashed, timed out or answered garbage, a bot that raised."""
        try:
            if self.setup is not None:
                seed, rules, players = self.setup
                self.bot.reset(self.seat, seed)
                prepare = getattr(self.bot, "prepare", None)
                if prepare is not None:
                    prepare(rules, players)
            timed = getattr(self.bot, "choose_within", None) or getattr(
                self.bot, "choose_timed", None
            )
            if timed is not None and self.seconds is not None:
                return timed(self.view, list(self.moves), self.seconds), None
            return self.bot.choose(self.view, list(self.moves)), None
        except Exception as error:  # a bot that fails loses its move, not the table
            return None, f"its bot failed: {type(error).__name__}: {error}"


def _forfeited(game: _Game, seat: int, reason: str) -> None:
    game.forfeit = (seat, reason)
    game.words.append(("", [f"seat {seat} forfeits: {reason}"] * (game.state.players + 1)))


class Table:
    """One table: its people, its session, the game going on, its clock and bots
    (see the module's description). Build one with :meth:`create`, or
    :meth:`load` one the store holds."""

    def __init__(
        self,
        store: Store,
        table_id: str,
        *,
        clock: Callable[[], float] = time.monotonic,
        bot_specs: Mapping[str, str] | None = None,
    ) -> None:
        self.store = store
        self.id = table_id
        self.now = clock
        self.rules, players = store.rules(table_id)
        self.title, settings = store.table(table_id)
        self.names: tuple[str, ...] = tuple(
            settings.get("names", [f"seat {i}" for i in range(players)])
        )
        self.spec: str = settings.get("spec", presets.name_of(self.rules))
        self.clock = Clock(**settings.get("clock", {}))
        #: The bot spec playing each person's place, or ``None`` for a person.
        self.bots: tuple[str | None, ...] = tuple(settings.get("bots", [None] * players))
        self.layout: dict[str, Any] | None = settings.get("layout")
        self._bot_specs = dict(bot_specs or {})
        self._bots: dict[int, Bot] = {}
        self._bot_games: dict[int, int] = {}
        self._cache: _Seen | None = None
        self.session = Session.start(self.rules, self.names)
        self.game: _Game | None = None
        #: When each seat waited for became due, and each seat's bank left.
        self._due_since: dict[int, float] = {}
        self._bank: dict[int, float] = {}
        self._load()

    # -- making and loading ---------------------------------------------------------

    @classmethod
    def create(
        cls,
        store: Store,
        rules: Ruleset,
        names: Sequence[str],
        *,
        title: str = "",
        spec: str | None = None,
        clock: Clock | None = None,
        bots: Sequence[str | None] | None = None,
        bot_specs: Mapping[str, str] | None = None,
        layout: Deal | None = None,
        seed: int | None = None,
    ) -> tuple[Table, tuple[str, ...]]:
        """A new table and each person's secret token (shown once: the store keeps
        only digests). ``bots`` gives a place to a bot by name (a library bot, or
        a name in ``bot_specs``, the server's own list of allowed programs);
        ``layout`` deals the first game as laid out (the table then plays that one
        game); ``seed`` deals the first game from it (else a random one)."""
        people = [_name(name, f"names[{index}]") for index, name in enumerate(names)]
        if len(set(people)) != len(people):
            raise TableError(f"names: each person needs a name of their own, not {people}")
        title = "" if not title else _name(title, "title")
        clock = clock or Clock()
        if bots is not None and not isinstance(bots, list | tuple):
            raise TableError(f"bots: a list, one bot name or null per person, not {shown(bots)}")
        given: list[str | None] = list(bots) if bots is not None else [None] * len(people)
        if len(given) != len(people):
            raise TableError(f"bots: one entry per person ({len(people)}), not {len(given)}")
        allowed = dict(bot_specs or {})
        for index, bot in enumerate(given):
            if bot is not None:
                given[index] = _bot_choice(bot, allowed, f"bots[{index}]")
        if all(bot is not None for bot in given):
            raise TableError("bots: leave at least one place for a person")
        if not rules.min_players <= len(people) <= rules.max_players:
            raise TableError(
                f"these rules seat {rules.min_players}-{rules.max_players} players, "
                f"not {len(people)}"
            )
        settings: dict[str, Any] = {
            "names": people,
            "spec": spec or presets.name_of(rules),
            "clock": clock.to_dict(),
            "bots": given,
        }
        if layout is not None:
            settings["layout"] = True
        table_id, tokens = store.create_table(rules, len(people), title, settings)
        if layout is not None:
            store.start_game(table_id, 0, layout=layout)
        else:
            seed = seed if seed is not None else secrets.randbelow(2**63)
            session = Session.start(rules, people)
            store.start_game(table_id, seed, session.leader)
        return cls(store, table_id, bot_specs=allowed), tokens

    @classmethod
    def load(
        cls, store: Store, table_id: str, *, bot_specs: Mapping[str, str] | None = None
    ) -> Table:
        """The table ``table_id`` as the store holds it, its games replayed."""
        return cls(store, table_id, bot_specs=bot_specs)

    def _load(self) -> None:
        games = self.store.games(self.id)
        for number, forfeit, reason in games:
            record = self.store.record(self.id, number)
            people = self._seating()
            game = _Game(number, record.start(), record.start(), [], people)
            self.game = game
            started, made = self.store.times(self.id, number)
            # the banks as they stood at the last move, charged by the times the
            # store wrote (a game from an older store: from its first move on)
            self._due_since = {} if started is None else dict.fromkeys(game.state.due, started)
            self._bank = {}
            for index, text in enumerate(record.moves):
                move = parse_move(text)
                game.state = game.state.apply(move)
                self._charge(game.state, made[index])
                game.out.see(game.state)
                game.moves.append(move)
                if index >= len(record.moves) - LAST_MOVES:  # only the last are told
                    game.words.append((str(move), self._words()))
            if forfeit is not None:
                _forfeited(game, forfeit, reason or "forfeited")
            del game.words[:-LAST_MOVES]
            if game.over and number < len(games) - 1:
                self._finish(game)
        if self.game is not None and self.game.over:
            self._finish(self.game)
        self._restart_clocks(keep_banks=True)

    def _seating(self) -> tuple[int, ...]:
        """The person in each seat of the next game."""
        if self.layout:
            return tuple(range(len(self.names)))
        return tuple(self.names.index(name) for name in self.session.seats)

    def _finish(self, game: _Game) -> None:
        """Take a finished game into the session."""
        self._cache = None  # the standings change
        if self.layout:
            return
        record = Record.of(game.first, game.moves)
        forfeit = None if game.forfeit is None else game.forfeit[0]
        self.session = self.session.played(record, game.state, game.out.order, forfeit=forfeit)

    # -- who is who -------------------------------------------------------------------

    def person_of(self, token: object) -> int | None:
        """The person ``token`` belongs to, or ``None`` for a token of no one here."""
        if not isinstance(token, str):
            return None
        return self.store.seat_of(self.id, token)

    def seat_of(self, person: int) -> int:
        """The seat ``person`` holds in the game going on."""
        assert self.game is not None
        return self.game.people.index(person)

    @property
    def people(self) -> tuple[int, ...]:
        """The people who play themselves (not given to a bot)."""
        return tuple(index for index, bot in enumerate(self.bots) if bot is None)

    # -- playing ----------------------------------------------------------------------

    def _seen(self) -> _Seen:
        """What each seat, and last a spectator, sees of the position now: worked
        out once per position, whoever asks."""
        game = self.game
        assert game is not None
        key = (game.number, len(game.moves), game.forfeit is not None)
        seen = self._cache
        if seen is None or seen.key != key:
            state = game.state
            views = [state.view(seat) for seat in range(state.players)]
            views.append(_public_of(views))
            standings = [
                {"name": row.name, "games": row.games, "goats": row.goats}
                for row in self.session.standings
            ]
            seen = _Seen(key, state, game.over, views, standings)
            self._cache = seen
        return seen

    def _words(self) -> list[str]:
        """What each seat was told of the last move, and last what everyone was."""
        return [said_to(view) for view in self._seen().views]

    def move(self, person: int, text: object, number: object = None) -> None:
        """Play ``text``, a move in notation, for ``person``: refused with a
        :class:`TableError` (or the rules' :class:`~skitgubbe.errors.IllegalMoveError`)
        naming why, the table unchanged. ``number``, if given, is the number of
        moves the sender saw made: a move sent for a position already gone is
        refused as stale."""
        game = self._going()
        if not isinstance(text, str):
            raise TableError(f"move: a move in notation, such as '0 play 7C', not {shown(text)}")
        if number is not None and number != len(game.moves):
            raise TableError(
                f"move: sent for the position after {shown(number)} moves; the game has "
                f"{len(game.moves)} now (see the latest state)"
            )
        try:
            move = parse_move(text)
        except ValueError as error:
            raise TableError(f"move: {error}") from None
        seat = self.seat_of(person)
        if move.player != seat:
            raise TableError(f"move: {text} is a move for seat {move.player}; you hold seat {seat}")
        self._apply(move)

    def _going(self) -> _Game:
        if self.game is None or self.game.over:
            raise TableError("the game is over: start the next one")
        return self.game

    def _apply(self, move: Move) -> None:
        """Check ``move``, write it, then take it: the store commits before anyone
        is told."""
        game = self._going()
        after = game.state.apply(move)  # raises IllegalMoveError, nothing changed
        self.store.add_move(self.id, game.number, len(game.moves), str(move), after=after)
        self._charge(after)
        game.state = after
        game.out.see(after)
        game.moves.append(move)
        game.words.append((str(move), self._words()))
        del game.words[:-LAST_MOVES]
        if after.is_over:
            self._finish(game)

    def next_game(self, seed: int | None = None) -> None:
        """Deal the next game of the session (the last must be over)."""
        if self.game is not None and not self.game.over:
            raise TableError("the game is still going on: finish it first")
        if self.layout:
            raise TableError("this table plays one laid-out game, and it is over")
        seed = seed if seed is not None else secrets.randbelow(2**63)
        number = self.store.start_game(self.id, seed, self.session.leader)
        first = self.store.record(self.id, number).start()
        self.game = _Game(number, first, first, [], self._seating())
        self._restart_clocks()

    # -- clocks -------------------------------------------------------------------------

    def _restart_clocks(self, *, keep_banks: bool = False) -> None:
        """Start the clocks of the seats due now, the banks full (a new game) or
        as they stand (a table loaded: the wait under way when the server
        stopped starts again, and the time it was down is no one's)."""
        self._due_since = {}
        if not keep_banks:
            self._bank = {}
        if self.game is not None and not self.game.over:
            now = self.now()
            self._due_since = {seat: now for seat in self.game.state.due}

    def _charge(self, after: State, now: float | None = None) -> None:
        """After a move: seats no longer due pay their time from their bank; seats
        newly due start their clock. ``now`` is the table's clock unless given
        (a table loaded gives the times the store wrote)."""
        now = self.now() if now is None else now
        for seat, since in list(self._due_since.items()):
            if seat not in after.due:
                if self.clock.bank is not None:
                    self._bank[seat] = self._bank_left(seat) - max(0.0, now - since)
                del self._due_since[seat]
        for seat in after.due:
            self._due_since.setdefault(seat, now)

    def _bank_left(self, seat: int) -> float:
        return self._bank.get(seat, self.clock.bank if self.clock.bank is not None else 0.0)

    def time_left(self, seat: int) -> float | None:
        """The seconds ``seat`` has left to move, if it is due and the table has a
        clock."""
        since = self._due_since.get(seat)
        if since is None or (self.clock.move is None and self.clock.bank is None):
            return None
        spent = self.now() - since
        left = []
        if self.clock.move is not None:
            left.append(self.clock.move - spent)
        if self.clock.bank is not None:
            left.append(self._bank_left(seat) - spent)
        return max(0.0, min(left))

    def deadline(self) -> float | None:
        """When the next seat's time runs out (on the table's clock), if any does."""
        times = [self.time_left(seat) for seat in self._due_since]
        known = [left for left in times if left is not None]
        return self.now() + min(known) if known else None

    def expire(self) -> list[str]:
        """Act for every seat whose time has run out, as the clock's ``timeout``
        says; what was done, in words."""
        done: list[str] = []
        for seat in sorted(self._due_since):
            game = self.game
            if game is None or game.over or seat not in self._due_since:
                break
            left = self.time_left(seat)
            if left is None or left > 0:
                continue
            person = self.names[game.people[seat]]
            if self.clock.timeout == "forfeit":
                self.forfeit(seat, f"{person}'s time ran out")
                done.append(f"seat {seat} ({person}) ran out of time and forfeits")
            else:
                name = self.clock.timeout.removeprefix("bot:")
                move = self._library_move(name, seat)
                self._apply(move)
                done.append(f"seat {seat} ({person}) ran out of time: {name} played {move}")
        return done

    def forfeit(self, seat: int, reason: str) -> None:
        """End the game with ``seat`` the goat (its time ran out, its bot failed)."""
        game = self._going()
        self.store.forfeit(self.id, game.number, seat, reason)
        _forfeited(game, seat, reason)
        del game.words[:-LAST_MOVES]
        self._due_since = {}
        self._finish(game)

    # -- bots -----------------------------------------------------------------------------

    def _library_move(self, name: str, seat: int) -> Move:
        assert self.game is not None
        state = self.game.state
        bot = BOT_NAMES[name]()
        bot.reset(seat, random.Random(f"{self.id}/{self.game.number}/{seat}").getrandbits(32))
        moves = state.legal_moves(seat)
        chosen = bot.choose(state.view(seat), moves)
        return chosen if chosen is not None else moves[0]

    def bot_turn(self) -> BotTurn | None:
        """The bot seat to ask now and what to ask it (see :class:`BotTurn`), or
        ``None`` if no bot is due."""
        game = self.game
        if game is None or game.over:
            return None
        for seat in game.state.due:
            person = game.people[seat]
            spec = self.bots[person]
            if spec is None:
                continue
            bot = self._bots.get(person)
            setup = None
            if bot is None or self._bot_games.get(person) != game.number:
                bot = bot or self._make_bot(spec)
                seed = random.Random(f"{self.id}/{game.number}/{seat}").getrandbits(32)
                setup = (seed, self.rules, game.state.players)
                self._bot_games[person] = game.number
                self._bots[person] = bot
            moves = tuple(game.state.legal_moves(seat))
            return BotTurn(
                seat,
                len(game.moves),
                bot,
                game.state.view(seat),
                moves,
                self.time_left(seat),
                setup,
            )
        return None

    def _make_bot(self, spec: str) -> Bot:
        program = self._bot_specs.get(spec)
        return make_bot(program if program is not None else spec)

    def bot_moved(self, seat: int, made: int, move: Move | None, failure: str | None) -> None:
        """Take a bot's answer for ``seat``, asked after ``made`` moves: a legal
        move is played; a failure, or a move for a position gone, falls to the
        clock's timeout (a library bot moves, or the seat forfeits)."""
        game = self.game
        if game is None or game.over or len(game.moves) != made:
            return
        if failure is None and move is not None and move in game.state.legal_moves(seat):
            self._apply(move)
            return
        self._bot_games.pop(game.people[seat], None)  # started afresh when next asked
        reason = failure or f"its bot chose {move}, not a legal move"
        if self.clock.timeout == "forfeit":
            self.forfeit(seat, reason)
        else:
            self._apply(self._library_move(self.clock.timeout.removeprefix("bot:"), seat))

    def close(self) -> None:
        """Stop the programs of the table's bots."""
        for bot in self._bots.values():
            close = getattr(bot, "close", None)
            if close is not None:
                close()
        self._bots.clear()

    # -- messages ---------------------------------------------------------------------------

    def hello(self, person: int | None) -> dict[str, Any]:
        """The first message a connection gets: the table and who it is."""
        return {
            "type": "hello",
            "protocol": 1,
            "table": self.id,
            "title": self.title,
            "spec": self.spec,
            "rules": ruleset_to_dict(self.rules),
            "names": list(self.names),
            "bots": [None if bot is None else str(bot) for bot in self.bots],
            "you": None if person is None else person,
            "clock": self.clock.to_dict(),
        }

    def message(self, person: int | None, *, picture: bool = False) -> dict[str, Any]:
        """The state of the table as ``person`` may see it (``None``: a spectator):
        its seat's view, its legal moves, who is due, the clocks, the last moves
        in words as its seat saw them, the session's standings and, over, the
        goat. ``picture`` adds the picture's items for the page to draw."""
        game = self.game
        assert game is not None
        state = game.state
        seat = None if person is None else game.people.index(person)
        seen = self._seen()
        index = -1 if seat is None else seat
        goat = game.goat
        message: dict[str, Any] = {
            "type": "state",
            "game": game.number,
            "moves_made": len(game.moves),
            "you": None if person is None else self.names[person],
            "seat": seat,
            "seats": [self.names[p] for p in game.people],
            "view": seen.data(index),
            "moves": seen.moves(index),
            "due": list(state.due) if not game.over else [],
            "time_left": [self.time_left(s) for s in range(state.players)],
            "last": [
                {"move": move, "said": words[-1 if seat is None else seat]}
                for move, words in game.words
            ],
            "over": game.over,
            "goat": None if goat is None else self.names[game.people[goat]],
            "forfeit": None if game.forfeit is None else game.forfeit[1],
            "standings": seen.standings,
        }
        if picture:
            drawn = seen.pictures.get(index)
            if drawn is None:
                drawn = _picture(seen.views[index], seat is None, message["seats"])
                seen.pictures[index] = drawn
            message["picture"] = drawn
        return message

    def record(self, number: int) -> Record:
        """Game ``number``'s record; only a game that is over can be had (a game
        going on would show every hand)."""
        if not isinstance(number, int) or not 0 <= number <= (
            self.game.number if self.game else -1
        ):
            raise TableError(f"no game {shown(number)} at this table")
        assert self.game is not None
        if number == self.game.number and not self.game.over:
            raise TableError("the game is still going on: its record shows every hand")
        return self.store.record(self.id, number)


def _bot_choice(value: object, allowed: Mapping[str, str], what: str) -> str:
    if not isinstance(value, str):
        raise TableError(f"{what}: a bot's name, not {shown(value)}")
    if value in allowed:
        return value
    # only the library's own bots by name: never a module, a file or a command
    # that whoever makes a table would have the server load or run
    if value.strip().lower() in BOT_NAMES:
        return value.strip().lower()
    names = [*BOT_NAMES, *allowed]
    raise TableError(
        f"{what}: no bot {printable(value)!r} here; the server offers: {', '.join(names)}"
    )
