"""Bots at the table: a simple strategy against random players, over whole games.

Each bot sees only its own :meth:`~skitgubbe.state.State.view` and its own legal
moves. Sluffing is out of turn, so at every step the driver asks one of the seats
that may act (chosen at random) for a move.

Run: python examples/bot_match.py --preset flurst --games 200
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from collections.abc import Callable, Sequence

import skitgubbe as sg

Bot = Callable[[sg.PlayerView, Sequence[sg.Move], random.Random], sg.Move]


def random_bot(view: sg.PlayerView, moves: Sequence[sg.Move], rng: random.Random) -> sg.Move:
    """Any legal move, uniformly."""
    return rng.choice(moves)


def _weight(move: sg.Move) -> int:
    """How strong the cards of a move are (aces high; phase two only cares about rank)."""
    return sum(card.rank for card in move.cards)


def careful_bot(view: sg.PlayerView, moves: Sequence[sg.Move], rng: random.Random) -> sg.Move:
    """Phase one: never sluff, lead low, keep the high cards for the tricks that matter.
    Phase two: beat with the cheapest play, pick up only when nothing beats."""
    if view.phase is sg.Phase.ONE:
        quiet = [m for m in moves if isinstance(m, (sg.Done, sg.Gather))]
        if quiet:
            return quiet[0]
        plays = [m for m in moves if isinstance(m, sg.Play)]
        if plays:
            return min(plays, key=_weight)
        return moves[0]
    plays = [m for m in moves if isinstance(m, sg.Play)]
    if plays:
        return min(plays, key=lambda m: (len(m.cards) == 1, _weight(m)))
    return moves[0]


def play_game(rules: sg.Ruleset, bots: Sequence[Bot], seed: int) -> int:
    """Play one game between ``bots`` (one per seat); return the goat's seat."""
    rng = random.Random(seed)
    state: sg.State = sg.deal(rules, players=len(bots), seed=seed)
    while not state.is_over:
        seat = rng.choice(sorted({move.player for move in state.legal_moves()}))
        mine = state.legal_moves(seat)
        state = state.apply(bots[seat](state.view(seat), mine, rng))
    assert state.loser is not None
    return state.loser


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="flurst", choices=sg.presets.NAMES)
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    rules = sg.presets.get(args.preset)
    players = max(rules.min_players, min(4, rules.max_players))
    bots: list[Bot] = [careful_bot, *[random_bot] * (players - 1)]
    goats = Counter(play_game(rules, bots, seed) for seed in range(args.games))
    print(f"{args.preset}: {args.games} games, {players} players; seat 0 plays carefully")
    for seat in range(players):
        name = "careful" if seat == 0 else "random"
        print(f"  seat {seat} ({name:>7}): goat in {goats[seat]:>4} games")


if __name__ == "__main__":
    main()
