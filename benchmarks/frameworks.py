"""Skitgubbe in OpenSpiel and PettingZoo: how IS-MCTS plays, and how fast the
environment runs.

``--ismcts``: OpenSpiel's own IS-MCTS bot (``open_spiel.python.algorithms.ismcts``)
plays 4-player Flurst against three uniformly random players (random among the
legal actions, ``PASS`` included). Game ``g`` is deal number ``g`` (``deals=65536``)
and the bot sits at seat ``g % 4``, so every seat and every deal counts alike. A
random player is the goat in a quarter of the games; the script prints how often
the bot is, its 95% Wilson interval, and the exact one-sided binomial p-value
against a quarter::

    taskset -c 0 python benchmarks/frameworks.py --ismcts --games 500 --simulations 10

``--speed``: whole random games of 4-player Flurst, by the engine alone (one
``legal_moves()`` and one ``apply`` a move, as ``benchmarks/games.py`` plays) and
through the PettingZoo environment (``env.last()`` every step, so an observation
and an action mask every step, and a random legal action from the mask: its
entries read as booleans, for ``numpy`` finds the nonzero entries of an ``int8``
array several times slower than those of a boolean one). Prints games per second
of each and their ratio, the median of ``--repeat`` runs::

    taskset -c 0 python benchmarks/frameworks.py --speed --games 100

``--speed --free-observations`` adds a third run with the observation vector
made free (the environment's encoder replaced by one constant vector, the mask
still built every step): the most that a faster encoder could give.

``--classic``: steps per second of random games through our environment and
through PettingZoo's classic card environments, taking turns for ``--seconds``
each, ``--repeat`` rounds, by the same loop (``env.last()`` every step, a random
legal action from the mask). An environment whose package is missing is named
and left out (the Texas and Leduc hold'em environments need ``rlcard`` and
``pygame``, Hanabi OpenSpiel through ``shimmy``)::

    taskset -c 0 python benchmarks/frameworks.py --classic --seconds 3 --repeat 3
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from typing import Any
from unittest import mock

import numpy as np

import skitgubbe as sg
from skitgubbe.integrations import observations
from skitgubbe.integrations.pettingzoo import SkitgubbeEnv

PRESET = "flurst"
PLAYERS = 4


def ismcts_game(game_number: int, simulations: int, rollouts: int) -> tuple[bool, int]:
    """One game with IS-MCTS at seat ``game_number % 4``: whether it is the goat,
    and how many searches it made."""
    import pyspiel
    from open_spiel.python.algorithms import ismcts

    from skitgubbe.integrations.openspiel import EngineRolloutEvaluator

    # numbered deals, so that game g is deal g
    params = {"preset": PRESET, "players": PLAYERS, "deals": 1 << 16}
    game = pyspiel.load_game("python_skitgubbe", params)
    evaluator = EngineRolloutEvaluator(rollouts, seed=game_number)
    bot = ismcts.ISMCTSBot(
        game, evaluator, 2.0, simulations, random_state=np.random.RandomState(game_number)
    )
    rng = random.Random(game_number)
    seat = game_number % PLAYERS
    state = game.new_initial_state()
    state.apply_action(game_number)
    searches = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        if state.current_player() == seat:
            searches += len(legal) > 1
            action = bot.step(state)
        else:
            action = rng.choice(legal)
        state.apply_action(action)
    return state.returns()[seat] < 0, searches


def wilson(successes: int, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a proportion."""
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = (
        z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    )
    return centre - half, centre + half


def binomial_at_most(successes: int, trials: int, p: float) -> float:
    """P(X <= successes) for X ~ Binomial(trials, p): the one-sided p-value."""
    return sum(math.comb(trials, k) * p**k * (1 - p) ** (trials - k) for k in range(successes + 1))


def run_ismcts(games: int, simulations: int, rollouts: int, jobs: int) -> None:
    start = time.perf_counter()
    numbers = range(games)
    with ProcessPoolExecutor(jobs) as pool:
        results = list(
            pool.map(ismcts_game, numbers, [simulations] * games, [rollouts] * games, chunksize=4)
        )
    elapsed = time.perf_counter() - start
    goats = sum(goat for goat, _ in results)
    searches = sum(count for _, count in results)
    low, high = wilson(goats, games)
    print(
        f"IS-MCTS ({simulations} simulations, {rollouts} engine rollout each) against 3 random "
        f"players, {PRESET} with {PLAYERS} players, {games} games"
    )
    print(f"  goat in {goats} games: {goats / games:.3f} [95% CI {low:.3f}-{high:.3f}]")
    print(f"  a random player: 0.250; one-sided p = {binomial_at_most(goats, games, 0.25):.2g}")
    print(f"  {searches / games:.0f} searches a game, {elapsed:.0f} s with {jobs} worker(s)")


def engine_games(games: int) -> float:
    start = time.perf_counter()
    rules = sg.presets.get(PRESET)
    for seed in range(games):
        choose = random.Random(seed).choice
        state: sg.State = sg.deal(rules, players=PLAYERS, seed=seed)
        while not state.is_over:
            state = state.apply(choose(state.legal_moves()))
    return games / (time.perf_counter() - start)


def environment_games(games: int, free_observations: bool = False) -> tuple[float, float]:
    """Games per second through the environment, and steps per game; with
    ``free_observations``, every observation vector is one constant array."""
    environment = SkitgubbeEnv(preset=PRESET, players=PLAYERS)
    constant = np.zeros(observations.SIZE, np.float32)
    free = mock.patch("skitgubbe.integrations.pettingzoo.encode_state", lambda *_: constant)
    with free if free_observations else nullcontext():
        start = time.perf_counter()
        played = _play(environment, games)
        elapsed = time.perf_counter() - start
    return games / elapsed, played / games


def _game(environment: Any, seed: int, choose: Callable[[list[int]], int]) -> int:
    """Play one random game from ``environment.reset(seed=seed)``: the number of
    steps, an observation and its mask read at every one."""
    steps = 0
    environment.reset(seed=seed)
    for _ in environment.agent_iter():
        observation, _, termination, truncation, _ = environment.last()
        if termination or truncation:
            environment.step(None)
        else:
            legal = observation["action_mask"].view(np.bool_).nonzero()[0]
            environment.step(choose(legal.tolist()))
        steps += 1
    return steps


def _play(environment: SkitgubbeEnv, games: int) -> int:
    """Play ``games`` random games; the number of steps."""
    return sum(_game(environment, seed, random.Random(seed).choice) for seed in range(games))


#: PettingZoo's classic card environments, by module.
CLASSIC = (
    "leduc_holdem_v4",
    "texas_holdem_v4",
    "texas_holdem_no_limit_v6",
    "hanabi_v5",
)


def _steps_for(environment: Any, seconds: float, rng: random.Random) -> float:
    """Steps per second of whole random games, for about ``seconds``."""
    steps = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        steps += _game(environment, rng.randrange(1 << 30), rng.choice)
    return steps / elapsed


def run_classic(seconds: float, repeat: int) -> None:
    """Our environment beside PettingZoo's classic card environments, in turn."""
    import importlib

    environments: dict[str, Any] = {
        f"skitgubbe ({PRESET}, {PLAYERS})": SkitgubbeEnv(preset=PRESET, players=PLAYERS)
    }
    for name in CLASSIC:
        try:
            environments[name] = importlib.import_module(f"pettingzoo.classic.{name}").env()
        except ImportError as error:
            print(f"{name}: left out ({error})")
    rng = random.Random(1)
    rates: dict[str, list[float]] = {label: [] for label in environments}
    for _ in range(repeat):
        for label, environment in environments.items():
            rates[label].append(_steps_for(environment, seconds, rng))
    ours = statistics.median(rates[next(iter(environments))])
    print(f"{'environment':<30} {'steps/s':>10}  {'ours ÷ it':>9}   (median of {repeat})")
    for label, values in rates.items():
        rate = statistics.median(values)
        print(f"{label:<30} {rate:>10,.0f}  {ours / rate:>9.2f}")


def run_speed(games: int, repeat: int, free_observations: bool) -> None:
    """Engine and environment runs taken in turn, so that a slow spell of the
    machine falls on both; the medians and the median of the paired ratios."""
    engine, environment, free, steps = [], [], [], 0.0
    for _ in range(repeat):
        engine.append(engine_games(games))
        rate, steps = environment_games(games)
        environment.append(rate)
        if free_observations:
            free.append(environment_games(games, free_observations=True)[0])
    print(f"random games of {PRESET} with {PLAYERS} players, median of {repeat} runs of {games}")
    print(f"  engine:      {statistics.median(engine):7.1f} games/s")
    print(
        f"  PettingZoo:  {statistics.median(environment):7.1f} games/s ({steps:.0f} steps a game, "
        "observation and mask every step)"
    )
    ratios = [rate / base for rate, base in zip(environment, engine, strict=True)]
    print(f"  ratio:       {statistics.median(ratios):7.2f} (median of the paired runs)")
    if free_observations:
        ratios = [rate / base for rate, base in zip(free, engine, strict=True)]
        print(
            f"  free observations: {statistics.median(free):7.1f} games/s, "
            f"ratio {statistics.median(ratios):.2f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ismcts", action="store_true", help="IS-MCTS against random players")
    parser.add_argument("--speed", action="store_true", help="environment against engine speed")
    parser.add_argument(
        "--classic", action="store_true", help="beside PettingZoo's classic card environments"
    )
    parser.add_argument("--seconds", type=float, default=3.0, help="with --classic (3)")
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--simulations", type=int, default=10)
    parser.add_argument("--rollouts", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--free-observations",
        action="store_true",
        help="with --speed, also run with the observation vector made free",
    )
    args = parser.parse_args()
    if not (args.ismcts or args.speed or args.classic):
        parser.error("choose --ismcts, --speed or --classic")
    if args.classic:
        run_classic(args.seconds, args.repeat)
    if args.speed:
        run_speed(args.games, args.repeat, args.free_observations)
    if args.ismcts:
        run_ismcts(args.games, args.simulations, args.rollouts, args.jobs)


if __name__ == "__main__":
    main()
