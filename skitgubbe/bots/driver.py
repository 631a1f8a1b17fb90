"""The driver: who is asked for a move, in which order, and whole games.

Sluffing happens out of turn, so several seats may act at once (``to_act``)
while the game waits for some of them (``due``). :func:`next_move` settles who
moves next with a fixed, public order:

1. the *optional* seats, those in ``to_act`` but not in ``due`` that hold a
   legal move, clockwise from the first due seat: each is asked in turn and may
   decline (return ``None``); the first that answers with a move makes it;
2. if all of them decline, the due seats, in the order of ``due``: the first is
   asked and must answer with a move.

An optional move is thus always offered before the game moves on without it,
and every seat gets the chance in the same order whatever the bots are. Each
step makes one move; a game ends because the due seats always have a move and
the engine finishes any game in which the due seats keep moving: sluffs use up
cards, and declaring done or gathering happens once per trick.

>>> import skitgubbe as sg
>>> from skitgubbe.bots import GreedyBot, RandomBot, play_game
>>> game = play_game(sg.presets.FLURST, [GreedyBot(), RandomBot(), RandomBot()], seed=3)
>>> game.loser in (0, 1, 2), game.moves == len(game.record.moves)
(True, True)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

import attrs

from ..moves import Move
from ..phase_one import deal
from ..records import Record
from ..rules import Ruleset
from ..simulate import move_bound
from ..specs import as_rules
from ..state import State
from .protocol import Bot, BotError

__all__ = ["GameResult", "SeatTimes", "asking_order", "next_move", "play_game"]

#: Called after each move with the move and the state it made.
Observer = Callable[[Move, State], None]


def asking_order(state: State) -> tuple[int, ...]:
    """The seats asked for a move in ``state``, in order: the optional seats
    clockwise from the first due seat, then the due seats."""
    due = state.due
    if not due:
        return ()
    first = due[0]
    players = state.players
    optional = sorted(
        (seat for seat in state.to_act if seat not in due),
        key=lambda seat: (seat - first) % players,
    )
    return (*optional, *due)


@attrs.define
class SeatTimes:
    """How long one seat's bot took: every call, and the calls with a real choice."""

    #: Times the bot was asked.
    asked: int = 0
    #: Times it had at least two options (two moves, or a move and declining).
    decisions: int = 0
    #: Seconds spent in all its calls.
    seconds: float = 0.0
    #: Seconds spent in the calls with a real choice.
    decision_seconds: float = 0.0


def _ask(bot: Bot, state: State, seat: int, due: bool, times: SeatTimes | None) -> Move | None:
    moves = state.legal_moves(seat)
    if not moves:
        return None
    view = state.view(seat)
    start = time.perf_counter()
    move = bot.choose(view, moves)
    if times is not None:
        spent = time.perf_counter() - start
        times.asked += 1
        times.seconds += spent
        if len(moves) > 1 or not due:
            times.decisions += 1
            times.decision_seconds += spent
    if move is None:
        if due:
            raise BotError(
                f"bot {bot.name!r} at seat {seat} is due and returned no move; a due "
                f"seat must choose one of its {len(moves)} legal moves"
            )
        return None
    if move not in moves:
        raise BotError(
            f"bot {bot.name!r} at seat {seat} chose {move!s}, which is not one of its "
            f"legal moves: {', '.join(str(m) for m in moves)}"
        )
    return move


def next_move(state: State, bots: Sequence[Bot], times: Sequence[SeatTimes] | None = None) -> Move:
    """The next move of ``state``, asking ``bots`` (one per seat) in the order of
    :func:`asking_order`.

    ``times``, one per seat, collects how long each bot takes. Raises
    :class:`~skitgubbe.bots.BotError` if a bot chooses a move that is not legal,
    or declines while due, and :class:`ValueError` if the game is over.
    """
    if state.is_over:
        raise ValueError("the game is over: no seat is asked for a move")
    if len(bots) != state.players:
        raise ValueError(f"give one bot per seat: {state.players} seats, {len(bots)} bots")
    due = state.due
    for seat in asking_order(state):
        move = _ask(bots[seat], state, seat, seat in due, None if times is None else times[seat])
        if move is not None:
            return move
    raise BotError("no seat moved")  # pragma: no cover - a due seat always moves or raises


@attrs.frozen
class GameResult:
    """One finished game between bots."""

    #: The goat's seat.
    loser: int
    #: How many moves the game took.
    moves: int
    #: The rules, the deal and every move, for replay.
    record: Record = attrs.field(repr=False)
    #: How long each seat's bot took.
    times: tuple[SeatTimes, ...] = attrs.field(repr=False)


def play_game(
    rules: Ruleset | str,
    bots: Sequence[Bot],
    seed: int,
    *,
    bot_seeds: Sequence[int] | None = None,
    observe: Observer | None = None,
) -> GameResult:
    """Deal a game from ``seed`` and play it to the goat, one bot per seat.

    Each bot is first reset with its seat and its seed from ``bot_seeds``
    (default: ``seed`` plus the seat). ``observe`` is called after every move
    with the move and the new state, for displays; bots see only their views.
    """
    rules = as_rules(rules)
    players = len(bots)
    if not rules.min_players <= players <= rules.max_players:
        raise ValueError(
            f"these rules seat {rules.min_players}-{rules.max_players} players: give as "
            f"many bots, not {players}"
        )
    seeds = [seed + seat for seat in range(players)] if bot_seeds is None else list(bot_seeds)
    if len(seeds) != players:
        raise ValueError(f"give one bot seed per bot: {players} bots, {len(seeds)} seeds")
    for seat, bot in enumerate(bots):
        bot.reset(seat, seeds[seat])
    first = deal(rules, players=players, seed=seed)
    state: State = first
    times = tuple(SeatTimes() for _ in bots)
    moves: list[Move] = []
    bound = move_bound(rules)
    for _ in range(bound):
        if state.is_over:
            break
        move = next_move(state, bots, times)
        state = state.apply(move)
        moves.append(move)
        if observe is not None:
            observe(move, state)
    else:  # pragma: no cover - the engine ends every game
        raise RuntimeError(f"the game from seed {seed} did not end after {bound} moves")
    assert state.loser is not None
    return GameResult(state.loser, len(moves), Record.of(first, moves), times)
