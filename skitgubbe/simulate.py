"""Random deals and random play: for demos, benchmarks and tests.

>>> from skitgubbe import presets
>>> state = random_phase_two(presets.FLURST, players=3, seed=1)
>>> [state.hand_size(p) for p in range(3)]
[18, 17, 17]
>>> final = play_out(state, seed=1)
>>> final.is_over and final.loser is not None
True
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from .cards import Suit, one_pack, two_packs
from .moves import Move
from .phase_two import start_phase_two
from .rules import Ruleset
from .state import PhaseTwoState, State

__all__ = ["MAX_MOVES", "play_out", "random_moves", "random_phase_two"]

#: A random game longer than this many moves is taken to be stuck.
MAX_MOVES = 100_000


def random_phase_two(rules: Ruleset, players: int, seed: int, *, leader: int = 0) -> PhaseTwoState:
    """A phase-two state from a shuffled pack dealt out one card at a time.

    The trump suit is drawn at random; with an avstickshög its cards come off the
    top of the pack first. The same seed always gives the same state.
    """
    rng = random.Random(seed)
    pack = list(one_pack() if rules.packs == 1 else two_packs())
    rng.shuffle(pack)
    reserve, rest = pack[: rules.avstickshog], pack[rules.avstickshog :]
    hands = [rest[seat::players] for seat in range(players)]
    trump = rng.choice(list(Suit))
    return start_phase_two(rules, hands, trump, leader, reserve=reserve)


def random_moves(state: State, seed: int) -> Iterator[tuple[Move, State]]:
    """Play uniformly random legal moves to the end, yielding each move and its result."""
    rng = random.Random(seed)
    for _ in range(MAX_MOVES):
        if state.is_over:
            return
        move = rng.choice(state.legal_moves())
        state = state.apply(move)
        yield move, state
    raise RuntimeError(f"no end after {MAX_MOVES} random moves")


def play_out(state: State, seed: int) -> State:
    """The final state of a game played on from ``state`` with random legal moves."""
    final = state
    for _, final in random_moves(state, seed):  # noqa: B007
        pass
    return final
