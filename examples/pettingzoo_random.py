"""Skitgubbe in PettingZoo and Gymnasium: a game of random agents through the AEC
environment, then one seat as a Gymnasium environment against random opponents
(or library bots: ``--opponents pimc`` seats the PIMC bot at every other seat).

Install the extra first: ``pip install 'skitgubbe[pettingzoo]'``.

Run: python examples/pettingzoo_random.py --preset flurst --players 4 --seed 1
     python examples/pettingzoo_random.py --opponents pimc@0.05
"""

from __future__ import annotations

import argparse

import numpy as np

from skitgubbe.integrations.pettingzoo import SingleSeatEnv, SkitgubbeEnv


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", default="flurst")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--opponents", default="", help="a library bot for the Gymnasium seat's opponents"
    )
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)

    env = SkitgubbeEnv(preset=args.preset, players=args.players, render_mode="ansi")
    env.reset(seed=args.seed)
    print(env.render())
    steps = 0
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            if reward < 0:
                print(f"PettingZoo: {agent} is the goat after {steps} steps")
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(rng.choice(legal)))
        steps += 1

    opponents = [args.opponents] * (args.players - 1) if args.opponents else None
    seat = SingleSeatEnv(preset=args.preset, players=args.players, seat=0, opponents=opponents)
    observation, info = seat.reset(seed=args.seed)
    done = False
    reward = 0.0
    while not done:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        observation, reward, terminated, truncated, info = seat.step(action)
        done = terminated or truncated
    against = args.opponents or "random opponents"
    print(f"Gymnasium: seat 0 ends with reward {reward:.3f} against {against}")


if __name__ == "__main__":
    main()
