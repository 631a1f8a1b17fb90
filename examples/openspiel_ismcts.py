"""OpenSpiel's IS-MCTS plays Skitgubbe: one game of 4-player Flurst against three
random players, then the goat.

Importing ``skitgubbe.integrations.openspiel`` registers the game
``python_skitgubbe`` with ``pyspiel`` (install the extra: ``pip install
'skitgubbe[openspiel]'``); from then on it is an OpenSpiel game like any other.

Run: python examples/openspiel_ismcts.py --simulations 10 --deal 3
"""

from __future__ import annotations

import argparse
import random

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts

from skitgubbe.integrations.openspiel import EngineRolloutEvaluator


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", default="flurst")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--simulations", type=int, default=10)
    parser.add_argument("--deal", type=int, default=3)
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
    state = game.new_initial_state()
    state.apply_action(args.deal)  # the chance node: which deal
    print(f"{game}: IS-MCTS at seat 0, random players elsewhere")
    decisions = 0
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
        decisions += 1
    returns = state.returns()
    goat = returns.index(min(returns))
    print(f"{decisions} decisions; returns {[round(r, 3) for r in returns]}")
    print(f"Seat {goat} is the goat" + (" (the IS-MCTS seat)" if goat == 0 else ""))


if __name__ == "__main__":
    main()
