"""Playing whole games of a session: with random moves, with one policy per person
(:func:`play_session`), or with bots (:func:`play_bot_session`)."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping
from typing import TypeAlias

from ..bots import Bot, MatchError, bot_name, next_move
from ..errors import shown
from ..moves import Move
from ..records import Record
from ..runner.games import OutOrder, kept_bots
from ..runner.keys import bot_seed, check_key, new_key
from ..simulate import move_bound
from ..state import State
from .common import MAX_MOVES, SessionError
from .owner_view import OwnerView, owner_view
from .session import Session

__all__ = ["Chooser", "Policy", "play_bot_session", "play_session"]


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
    out = OutOrder()
    bound = max(MAX_MOVES, move_bound(state.rules))
    for _ in range(bound):
        if state.is_over:
            return moves, state, tuple(out.order)
        move = choose(state)
        moves.append(move)
        state = state.apply(move)
        out.see(state)
    raise SessionError(f"a game did not end after {bound} moves")


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
    key: str | None = None,
) -> Session:
    """``session`` after ``games`` more games played by bots of :mod:`skitgubbe.bots`.

    ``bots`` names the kind of bot each person plays with (``{"Ann": "search",
    ...}``), or one kind for everybody. Each seat gets a bot of its owner's kind
    (kept from game to game, so that a program bot's program lives across the
    session), reset and seeded from each game, and
    :func:`skitgubbe.bots.next_move` arbitrates out-of-turn moves. A bot sees
    only its own seat's view; in three-player confusion a person's two hands are
    played by two bots of the person's kind, each seeing its own hand. The deals
    come from ``seed``; each bot's seed is hashed with ``key``, a secret drawn
    afresh unless given (see :mod:`skitgubbe.runner.keys`), so that no bot can deal
    its game again. The same ``seed`` and ``key`` play the same games;
    ``on_game`` is called after each, as in :func:`play_session`.

    >>> from skitgubbe import presets
    >>> session = Session.start(presets.FLURST, ["Ann", "Bea", "Cid"])
    >>> session = play_bot_session(session, 2, {"Ann": "greedy", "Bea": "random",
    ...                                          "Cid": "random"}, seed=1)
    >>> len(session.games), sum(row.goats for row in session.standings)
    (2, 2)
    """

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
    key = new_key() if key is None else check_key(key)
    key = new_key() if key is None else check_key(key)
    rng = random.Random(seed)
    for _ in range(games):
        game_seed = _game_seed(rng)
        state = session.next_game(game_seed)
        table = kept_bots([kinds[name] for name in session.seats])
        for seat, bot in enumerate(table):
            bot.reset(seat, bot_seed(key, "session", game_seed, "seat", seat))
        moves, final, out = _play_game(state, functools.partial(_bots_move, bots=table))
        record = Record.of(state, moves, preset=session.preset)
        session = session._with_game(record, final, out)
        if on_game is not None:
            on_game(session)
    return session


def _bots_move(state: State, bots: list[Bot]) -> Move:

    return next_move(state, bots)
