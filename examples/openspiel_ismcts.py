"""OpenSpiel's IS-MCTS plays Skitgubbe: one game of 4-player Flurst against three
random players (or library bots, ``--opponents pimc``), then the goat.

Importing ``skitgubbe.integrations.openspiel`` registers the game
``python_skitgubbe`` with ``pyspiel`` (install the extra: ``pip install
'skitgubbe[openspiel]'``); from then on it is an OpenSpiel game like any other.

Run: python examples/openspiel_ismcts.py --simulations 10 --deal 3
     python examples/openspiel_ismcts.py --opponents pimc@0.05
"""

from __future__ import annotations

import argparse
import random

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts

from skitgubbe.bots import Bot, make_bot
from skitgubbe.integrations.actions import PASS, move_to_action
from skitgubbe.integrations.openspiel import EngineRolloutEvaluator, SkitgubbeState


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", default="flurst")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--simulations", type=int, default=10)
    parser.add_argument("--deal", type=int, default=3)
    parser.add_argument(
        "--opponents", default="", help="a library bot for the other seats (random, pimc@0.05, ...)"
    )
    args = parser.parse_args()

    # numbered deals (deals=65536), so that --deal names one; by default the game
    # deals card by card, one chance node per card
    params = {"preset": args.preset, "players": args.players, "deals": 1 << 16}
    game = pyspiel.load_game("python_skitgubbe", params)
    bot = ismcts.ISMCTSBot(
        game,
        EngineRolloutEvaluator(rollouts=1, seed=args.deal),
        uct_c=2.0,
        max_simulations=args.simulations,
        random_state=np.random.RandomState(args.deal),
    )
    rng = random.Random(args.deal)
    opponents = {}
    if args.opponents:
        for seat in range(1, args.players):
            opponents[seat] = make_bot(args.opponents)
            opponents[seat].reset(seat, args.deal * 100 + seat)
    state = game.new_initial_state()
    state.apply_action(args.deal)  # the chance node: which deal
    others = args.opponents or "random players"
    print(f"{game}: IS-MCTS at seat 0, {others} elsewhere")
    decisions = 0
    while not state.is_terminal():
        seat = state.current_player()
        if seat == 0:
            action = bot.step(state)
        elif args.opponents:
            action = library_bot_action(state, opponents[seat])
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
        decisions += 1
    returns = state.returns()
    goat = returns.index(min(returns))
    print(f"{decisions} decisions; returns {[round(r, 3) for r in returns]}")
    print(f"Seat {goat} is the goat" + (" (the IS-MCTS seat)" if goat == 0 else ""))


def library_bot_action(state: SkitgubbeState, bot: Bot) -> int:
    """The action of a library bot (a ``skitgubbe.bots.Bot``) at the seat to act:
    it sees that seat's view and its moves, as everywhere else."""
    turns = state.turns
    assert turns is not None  # dealt: the chance node is behind
    seat = state.current_player()
    moves = list(turns.moves().values())
    if not moves:
        return PASS
    view = turns.state.view(seat)
    move = bot.choose(view, moves)
    if move is None:
        return PASS
    return move_to_action(move, view.hand)


if __name__ == "__main__":
    main()
