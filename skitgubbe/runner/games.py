"""One seeded game between bots, under time limits, where a failing bot forfeits.

:func:`play_seated` deals a game from a seed, seats one bot per seat and asks
them in the driver's order (:func:`skitgubbe.bots.asking_order`). Each bot has
:class:`Limits`: seconds per move, and seconds in all for the game. A bot that
fails forfeits the game and is scored as its goat: it raised, chose a move that
is not legal or declined when due (``illegal move``), took longer than its
limit (``timed out``), or, for a program, exited (``crashed``) or answered
something that is not a move (``garbage``). The game stops there; the
:class:`Outcome` names the forfeit, its reason and the end of the program's
standard error. A program bot is told its time left with each question and is
stopped when it runs out; a bot in this process cannot be stopped, so its time
is checked when it answers.

Places: the seats that went out before the game ended, in order, then the rest
(on a forfeit, the players still in share the places between), the goat last.

Every game ends, whatever legal moves the bots choose: phase two stops once
``quiet_limit`` moves in a row kill no trick and put no one out, and the player
then holding the most cards is the goat (:attr:`Outcome.stalled`). The players
still holding cards share the places between those out and the goat, as on a
forfeit (a ruling: a stalled game says who held most, not who would have gone
out first).

>>> import skitgubbe as sg
>>> from skitgubbe.bots import GreedyBot, RandomBot
>>> outcome = play_seated(sg.presets.FLURST, [GreedyBot(), RandomBot(), RandomBot()], 3, (1, 2, 3))
>>> outcome.forfeit is None, sorted(outcome.places), outcome.places[outcome.loser]
(True, [1.0, 2.0, 3.0], 3.0)
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Sequence

import attrs

from ..bots.driver import SeatTimes, asking_order
from ..bots.names import make_bot
from ..bots.protocol import Bot, BotFailure, TimedBot
from ..errors import shown
from ..events import EventKind
from ..moves import Move
from ..phase_one import deal
from ..rules import Ruleset
from ..simulate import move_bound
from ..specs import as_rules
from ..state import PhaseTwoState, State

__all__ = [
    "DEFAULT_LIMITS",
    "Forfeit",
    "Limits",
    "OutOrder",
    "Outcome",
    "close_bots",
    "kept_bots",
    "play_seated",
]


@attrs.frozen
class Limits:
    """How long a bot may think."""

    #: Seconds for one move.
    move: float = 2.0
    #: Seconds for all its moves in one game.
    game: float = 120.0

    def __attrs_post_init__(self) -> None:
        for name in ("move", "game"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int | float) or not value > 0:
                raise ValueError(
                    f"the {name} limit must be a positive number of seconds, not {shown(value)}"
                )


#: The limits a run uses unless told otherwise.
DEFAULT_LIMITS = Limits()


@attrs.frozen
class Forfeit:
    """A bot that lost its game by failing."""

    #: The seat it played.
    seat: int
    #: One of :data:`skitgubbe.bots.protocol.FAILURES`.
    reason: str
    #: What happened, in a sentence.
    detail: str
    #: The end of its program's standard error, if it wrote any.
    stderr: str = ""

    def __str__(self) -> str:
        return f"seat {self.seat} {self.reason}: {self.detail}"


@attrs.frozen
class Outcome:
    """One finished game."""

    #: The goat's seat: the forfeiting seat, if a bot forfeited.
    loser: int
    #: Each seat's place, 1 for the first out; shared places are averaged.
    places: tuple[float, ...]
    #: Moves made.
    moves: int
    #: The forfeit that ended the game, if any.
    forfeit: Forfeit | None
    #: How long each seat's bot took.
    times: tuple[SeatTimes, ...] = attrs.field(repr=False, eq=False)
    #: Every move, in order (the deal follows from the seed).
    record: tuple[Move, ...] = attrs.field(repr=False, eq=False, default=())
    #: Whether phase two stalled: ``quiet_limit`` moves in a row killed no trick
    #: and put no one out, and the goat is the player who then held the most cards.
    stalled: bool = False

    @property
    def ended(self) -> str:
        """How the game ended: ``"played out"``, ``"stalled"`` or ``"forfeit"``."""
        return (
            "forfeit" if self.forfeit is not None else "stalled" if self.stalled else "played out"
        )


#: Bots made by :func:`kept_bots` in this process, by name and seat.
_TABLES: dict[tuple[str, int], Bot] = {}


def kept_bots(names: Sequence[str]) -> list[Bot]:
    """One bot per seat from the bots' names, made once per process and kept, so
    that a program bot's program lives across the games this process plays."""
    table = []
    for seat, name in enumerate(names):
        bot = _TABLES.get((name, seat))
        if bot is None:
            bot = _TABLES[name, seat] = make_bot(name)
        table.append(bot)
    return table


def close_bots(bots: Sequence[Bot]) -> None:
    """Stop the programs of the bots that run one (their ``close``), with every
    process those started: a run does this in its own process when it ends, and
    each worker process does it as it exits."""
    for bot in bots:
        close = getattr(bot, "close", None)
        if close is not None:
            with contextlib.suppress(Exception):
                close()


class OutOrder:
    """The seats in the order they went out, followed state by state.

    A seat that starts phase two with no cards and is not in play counts as out
    at that moment (several such seats in seat order); after that, each ``out``
    event (P2-OUT) adds its seat. The goat never goes out.
    """

    def __init__(self) -> None:
        #: The seats out so far, first first.
        self.order: list[int] = []
        self._in_two = False

    def see(self, state: State) -> None:
        """Take in the state a move made."""
        order = self.order
        if not self._in_two and isinstance(state, PhaseTwoState):
            self._in_two = True
            order.extend(seat for seat in state.out if seat not in order)
        for event in state.events:
            if event.kind is EventKind.OUT and event.player not in order:
                order.append(event.player)


def _places(players: int, order: Sequence[int], loser: int) -> tuple[float, ...]:
    places = [0.0] * players
    for place, seat in enumerate(order, 1):
        places[seat] = float(place)
    rest = [seat for seat in range(players) if seat != loser and seat not in order]
    if rest:
        shared = len(order) + (len(rest) + 1) / 2
        for seat in rest:
            places[seat] = shared
    places[loser] = float(players)
    return tuple(places)


class _Timer:
    """What one seat's bot has spent, against its limits."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.times = SeatTimes()

    def allowance(self) -> float:
        return max(0.0, min(self.limits.move, self.limits.game - self.times.seconds))

    def check(self, spent: float, allowed: float) -> None:
        if spent > allowed:
            which = "move" if allowed >= self.limits.move else "game"
            raise BotFailure(
                "timed out",
                f"took {spent:.3g} s to move, with {allowed:.3g} s left (the {which} limit)",
            )


def _ask(bot: Bot, state: State, seat: int, due: bool, timer: _Timer) -> Move | None:
    moves = state.legal_moves(seat)
    if not moves:
        return None
    view = state.view(seat)
    allowed = timer.allowance()
    if allowed <= 0:
        raise BotFailure("timed out", f"used up its {timer.limits.game:.3g} s for the game")
    start = time.perf_counter()
    within = getattr(bot, "choose_within", None)  # a program bot keeps to its time itself
    move: Move | None
    try:
        if within is not None:
            move = within(view, moves, allowed)
        elif isinstance(bot, TimedBot):
            move = bot.choose_timed(view, moves, allowed)
        else:
            move = bot.choose(view, moves)
    except BotFailure:
        raise
    except Exception as error:
        raise BotFailure("error", f"raised {type(error).__name__}: {error}") from error
    spent = time.perf_counter() - start
    times = timer.times
    times.asked += 1
    times.seconds += spent
    if len(moves) > 1 or not due:
        times.decisions += 1
        times.decision_seconds += spent
    if within is None:
        timer.check(spent, allowed)
    if move is None:
        if due:
            raise BotFailure("illegal move", "declined to move when it was due")
        return None
    if move not in moves:
        raise BotFailure(
            "illegal move",
            f"chose {move!s}, which is not one of its legal moves: "
            + ", ".join(str(m) for m in moves),
        )
    return move


def _start(bot: Bot, seat: int, seed: int, rules: Ruleset, players: int, timer: _Timer) -> None:
    """Reset ``bot`` for a new game; a program is started and greeted now. The
    time it takes is on the bot's clock for the game."""
    start = time.perf_counter()
    try:
        bot.reset(seat, seed)
        prepare = getattr(bot, "prepare", None)
        if prepare is not None:
            prepare(rules, players)
    except BotFailure:
        raise
    except Exception as error:
        raise BotFailure("error", f"reset raised {type(error).__name__}: {error}") from error
    spent = time.perf_counter() - start
    timer.times.seconds += spent
    if timer.times.seconds > timer.limits.game:
        raise BotFailure(
            "timed out",
            f"took {spent:.3g} s to get ready for the game, more than its "
            f"{timer.limits.game:.3g} s for the game",
        )


def _finish(bots: Sequence[Bot], loser: int, order: Sequence[int]) -> None:
    """Tell the bots that listen for it how the game ended; a bot failing to hear
    it loses nothing (its program is started again for its next game)."""
    for bot in bots:
        end = getattr(bot, "end", None)
        if end is not None:
            with contextlib.suppress(BotFailure):
                end(loser, tuple(order))


def play_seated(
    rules: Ruleset | str,
    bots: Sequence[Bot],
    deal_seed: int,
    bot_seeds: Sequence[int],
    limits: Limits = DEFAULT_LIMITS,
    *,
    record: bool = False,
) -> Outcome:
    """Deal from ``deal_seed`` and play to the goat, ``bots[seat]`` at each seat,
    each reset with its seed from ``bot_seeds``; a bot that fails forfeits (see
    the module's description). ``record`` keeps every move in the outcome."""
    rules = as_rules(rules)
    players = len(bots)
    if len(bot_seeds) != players:
        raise ValueError(f"give one bot seed per bot: {players} bots, {len(bot_seeds)} seeds")
    state: State = deal(rules, players=players, seed=deal_seed)
    timers = [_Timer(limits) for _ in bots]
    out = OutOrder()
    order = out.order
    moves: list[Move] = []
    seat = 0
    made = 0
    bound = move_bound(rules)
    try:
        for seat, bot in enumerate(bots):
            _start(bot, seat, bot_seeds[seat], rules, players, timers[seat])
        for _ in range(bound):
            if state.is_over:
                break
            due = state.due
            move: Move | None = None
            for seat in asking_order(state):
                move = _ask(bots[seat], state, seat, seat in due, timers[seat])
                if move is not None:
                    break
            assert move is not None
            state = state.apply(move)
            made += 1
            if record:
                moves.append(move)
            out.see(state)
        else:  # pragma: no cover - the engine ends every game
            raise RuntimeError(f"the game from seed {deal_seed} did not end after {bound} moves")
    except BotFailure as failure:
        stop_program = getattr(bots[seat], "stop_program", None)
        if stop_program is not None:  # a program that forfeits starts afresh
            stop_program()
        order = [s for s in order if s != seat]
        forfeit = Forfeit(seat, failure.kind, failure.detail, failure.stderr)
        _finish(bots, seat, order)
        return Outcome(
            seat,
            _places(players, order, seat),
            made,
            forfeit,
            tuple(t.times for t in timers),
            tuple(moves),
        )
    assert state.loser is not None
    _finish(bots, state.loser, order)
    return Outcome(
        state.loser,
        _places(players, order, state.loser),
        made,
        None,
        tuple(t.times for t in timers),
        tuple(moves),
        any(event.kind is EventKind.STALLED for event in state.events),
    )
