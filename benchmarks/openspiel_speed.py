"""Random games of ``python_skitgubbe`` beside OpenSpiel's own games, in one run.

Each game is played from its initial state to the end by the loop OpenSpiel's
own examples use: at a chance node an outcome drawn by its probability, else a
legal action drawn uniformly; every chance node and every decision counts as a
step. The games take turns, ``--repeat`` rounds of ``--seconds`` each, and the
script prints each game's median steps per second. It also times the
information state tensor (``state.information_state_tensor(player)``, which
hearts offers and ours equals the observation tensor) at the decision nodes of
random games, in microseconds a call. Run on one core::

    taskset -c 0 python benchmarks/openspiel_speed.py --seconds 5 --repeat 3

Needs the ``openspiel`` extra.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

import open_spiel.python.games  # noqa: F401  (registers OpenSpiel's Python games)
import pyspiel

import skitgubbe.integrations.openspiel  # noqa: F401  (registers python_skitgubbe)

#: The games compared: ours, then OpenSpiel's Python games and C++ card games.
GAMES: dict[str, tuple[str, dict[str, Any]]] = {
    "python_skitgubbe (flurst, 4)": (
        "python_skitgubbe",
        {"preset": "flurst", "players": 4},
    ),
    "python_block_dominoes": ("python_block_dominoes", {}),
    "python_kuhn_poker": ("python_kuhn_poker", {}),
    "python_liars_poker": ("python_liars_poker", {}),
    "hearts (C++)": ("hearts", {}),
    "crazy_eights (C++)": ("crazy_eights", {}),
}
#: The games whose observation tensors are timed.
TENSORS = ("python_skitgubbe (flurst, 4)", "hearts (C++)")


def play(game: Any, rng: random.Random) -> int:
    """Steps of one random game: chance nodes and decisions."""
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, chances = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, chances)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    return steps


def steps_per_second(game: Any, seconds: float, rng: random.Random) -> float:
    """Steps per second over whole games, for about ``seconds``."""
    steps = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        steps += play(game, rng)
    return steps / elapsed


def tensor_microseconds(game: Any, calls: int, rng: random.Random) -> float:
    """Microseconds a call of ``information_state_tensor`` at random decision nodes."""
    total = 0.0
    done = 0
    while done < calls:
        state = game.new_initial_state()
        while not state.is_terminal() and done < calls:
            if state.is_chance_node():
                outcomes, chances = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, chances)[0])
                continue
            player = state.current_player()
            start = time.perf_counter()
            state.information_state_tensor(player)
            total += time.perf_counter() - start
            done += 1
            state.apply_action(rng.choice(state.legal_actions()))
    return 1e6 * total / calls


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=5.0, help="per game and round (5)")
    parser.add_argument("--repeat", type=int, default=3, help="rounds, games in turn (3)")
    parser.add_argument("--calls", type=int, default=3000, help="tensor calls timed (3000)")
    args = parser.parse_args()
    loaded = {label: pyspiel.load_game(name, params) for label, (name, params) in GAMES.items()}
    rng = random.Random(1)
    rates: dict[str, list[float]] = {label: [] for label in loaded}
    for _ in range(args.repeat):
        for label, game in loaded.items():
            rates[label].append(steps_per_second(game, args.seconds, rng))
    ours = statistics.median(rates[next(iter(loaded))])
    print(f"{'game':<30} {'steps/s':>10}  {'ours ÷ it':>9}   (median of {args.repeat})")
    for label, values in rates.items():
        rate = statistics.median(values)
        print(f"{label:<30} {rate:>10,.0f}  {ours / rate:>9.2f}")
    print()
    for label in TENSORS:
        micro = tensor_microseconds(loaded[label], args.calls, rng)
        print(f"information state tensor, {label:<30} {micro:8.1f} µs a call")


if __name__ == "__main__":
    main()
