"""The OpenSpiel game and the PettingZoo environment in the pure build and the
compiled build, side by side, with OpenSpiel's C++ ``hearts`` beside them.

Each pass runs in a fresh process on one build (the pure source copied without
its compiled modules, or the compiled build built in place) and plays, from
fixed seeds, whole random games of 4-player Flurst:

``python_skitgubbe``
    through the loop OpenSpiel's examples use (at a chance node an outcome drawn
    by its probability, else a legal action drawn uniformly); every chance node
    and every decision is a step. C++ ``hearts`` is played by the same loop in
    the same process, as the yardstick the issue names. Once more calling the
    game's ``_apply_action`` itself in place of ``apply_action`` (OpenSpiel's
    C++ ``ApplyAction``, which calls ``current_player`` and ``_apply_action``
    back through pybind11 and keeps the history): what OpenSpiel's calls cost.
    And the same games with every state cloned once (``state.clone()``, timed
    alone), as MCTS and CFR clone: clones per second.
PettingZoo
    through ``env.last()`` at every step (an observation vector and an action
    mask) and a random legal action read from the mask, as
    ``benchmarks/frameworks.py`` plays; and once more with the observation made
    free (one constant vector), which shows what the rest of a step costs.

The passes take turns, ``--repeat`` of each build; the script prints each
build's median steps per second with the lowest and highest, the ratio of the
medians, and whether both builds played the same games (a digest of every
action, worked out once the clock has stopped, so that hashing is not timed).
Needs the ``openspiel`` and ``pettingzoo`` extras and the compiled modules built
in place::

    SKITGUBBE_MYPYC=1 python setup.py build_ext --inplace
    taskset -c 0 python benchmarks/adapters.py --games 60 --repeat 5

``--instructions`` counts instead, with ``valgrind --tool=cachegrind``, the
instructions a step of each loop (``python_skitgubbe``, ``hearts`` and the
PettingZoo environment) in each build: the program run once with ``--games``
games and once with none, the difference divided by the steps, so that the
interpreter's start-up, the imports and loading the game cancel out. A shared
machine moves timings by a quarter from run to run, and these counts not at
all::

    python benchmarks/adapters.py --instructions --games 10
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

from _builds import ROOT, compiled_in_place, counted, pure_source

#: One pass in the build found on ``PYTHONPATH``: ``PASS games [workload,...]``
#: prints whether it is compiled, then ``name steps/s digest steps`` for each
#: workload. It plays PettingZoo by ``benchmarks/frameworks.py``'s loop.
PASS = """
import hashlib, random, sys, time
sys.path.insert(0, BENCHMARKS)
import numpy as np
from frameworks import _game  # the PettingZoo loop of benchmarks/frameworks.py
import open_spiel.python.games  # noqa: F401
import pyspiel
import skitgubbe as sg
import skitgubbe.integrations.openspiel  # noqa: F401
import skitgubbe.integrations.pettingzoo as pz
from skitgubbe.integrations.observations import SIZE

games = int(sys.argv[1])
chosen = sys.argv[2].split(",") if len(sys.argv) > 2 else None


def openspiel_games(name, params, direct=False):
    game = pyspiel.load_game(name, params)
    played = []  # the actions, hashed once the clock has stopped
    start = time.perf_counter()
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, chances = zip(*state.chance_outcomes(), strict=True)
                action = rng.choices(outcomes, chances)[0]
            else:
                action = rng.choice(state.legal_actions())
            if direct:  # the game's own method, without OpenSpiel's C++ and pybind11
                state._apply_action(action)
            else:
                state.apply_action(action)
            played.append(action)
    rate = len(played) / (time.perf_counter() - start)
    return rate, _digest(played), len(played)


def _digest(actions):
    return hashlib.blake2b(b"".join(action.to_bytes(2, "little") for action in actions)).hexdigest()


def openspiel_clones():
    # every state of the games cloned once, as MCTS and CFR clone: clones/s
    game = pyspiel.load_game("python_skitgubbe", {"preset": "flurst", "players": 4})
    digest = hashlib.blake2b()
    clones = 0
    seconds = 0.0
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            start = time.perf_counter()
            copy = state.clone()
            seconds += time.perf_counter() - start
            clones += 1
            if state.is_chance_node():
                outcomes, chances = zip(*state.chance_outcomes(), strict=True)
                action = rng.choices(outcomes, chances)[0]
            else:
                action = rng.choice(copy.legal_actions())
            state.apply_action(action)
            digest.update(action.to_bytes(2, "little"))
    return clones / seconds, digest.hexdigest(), clones


def pettingzoo_games():
    env = pz.SkitgubbeEnv(preset="flurst", players=4)
    played = []  # the actions, hashed once the clock has stopped

    def recorded(choose):
        def choice(legal):
            action = choose(legal)
            played.append(action)
            return action

        return choice

    start = time.perf_counter()
    steps = sum(_game(env, seed, recorded(random.Random(seed).choice)) for seed in range(games))
    return steps / (time.perf_counter() - start), _digest(played), steps


def pettingzoo_free():
    constant = np.zeros(SIZE, np.float32)
    pz.encode_state = lambda *_: constant
    return pettingzoo_games()


WORKLOADS = {
    "openspiel": lambda: openspiel_games("python_skitgubbe", {"preset": "flurst", "players": 4}),
    "openspiel_direct": lambda: openspiel_games(
        "python_skitgubbe", {"preset": "flurst", "players": 4}, direct=True
    ),
    "hearts": lambda: openspiel_games("hearts", {}),
    "openspiel_clone": openspiel_clones,
    "pettingzoo": pettingzoo_games,
    "pettingzoo_free": pettingzoo_free,
}
results = [(name, *WORKLOADS[name]()) for name in chosen or WORKLOADS]
print(sg.COMPILED)
for name, rate, digest, steps in results:
    print(name, rate, digest, steps)
"""
PASS = PASS.replace("BENCHMARKS", repr(str(ROOT / "benchmarks")))

WORKLOADS = {
    "openspiel": "python_skitgubbe, steps/s",
    "openspiel_direct": "  the same, _apply_action called itself",
    "hearts": "  beside it: C++ hearts, same loop",
    "openspiel_clone": "python_skitgubbe, clones/s",
    "pettingzoo": "PettingZoo environment, steps/s",
    "pettingzoo_free": "  the same, observation made free",
}


def one_pass(
    source: Path, games: int, workloads: str = ""
) -> tuple[str, dict[str, tuple[float, str, int]]]:
    """Whether the pass ran compiled, and each workload's steps/s, digest and steps."""
    out = subprocess.run(
        [sys.executable, "-c", PASS, str(games), *([workloads] if workloads else [])],
        capture_output=True,
        text=True,
        check=True,
        cwd=source,
        env={**os.environ, "PYTHONPATH": str(source)},
    ).stdout.split("\n")
    figures = {}
    for line in out[1:]:
        if line:
            name, rate, digest, steps = line.split()
            figures[name] = (float(rate), digest, int(steps))
    return out[0], figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=60, help="games a workload and pass (60)")
    parser.add_argument("--repeat", type=int, default=5, help="passes a build, in turn (5)")
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="count instructions a step with cachegrind instead of timing",
    )
    args = parser.parse_args()
    if not compiled_in_place():
        print("no compiled modules: SKITGUBBE_MYPYC=1 python setup.py build_ext --inplace")
        return 1
    if args.instructions:
        return instructions(args.games)
    rates: dict[tuple[str, str], list[float]] = {}
    digests: dict[tuple[str, str], set[str]] = {}
    with pure_source() as pure:
        for _ in range(args.repeat):
            for build, source in (("pure", pure), ("compiled", ROOT)):
                flag, figures = one_pass(source, args.games)
                if (flag == "True") != (build == "compiled"):
                    print(f"the {build} pass ran the wrong build: build the compiled modules first")
                    return 1
                for name, (rate, digest, _) in figures.items():
                    rates.setdefault((name, build), []).append(rate)
                    digests.setdefault((name, build), set()).add(digest)
    print(
        f"4-player Flurst, {args.games} seeded random games a workload and pass, "
        f"{args.repeat} passes a build, in turn; medians (lowest-highest)"
    )
    print(f"{'':36} {'pure':>22} {'compiled':>22} {'ratio':>6}")
    median = {key: statistics.median(values) for key, values in rates.items()}
    for name, label in WORKLOADS.items():
        cells = []
        for build in ("pure", "compiled"):
            values = rates[name, build]
            cells.append(
                f"{median[name, build]:>8,.0f} ({min(values):,.0f}-{max(values):,.0f})".rjust(22)
            )
        ratio = median[name, "compiled"] / median[name, "pure"]
        print(f"{label:36} {cells[0]} {cells[1]} {ratio:6.2f}")
    for build in ("pure", "compiled"):
        share = median["openspiel", build] / median["hearts", build]
        print(f"python_skitgubbe / hearts, {build}: {share:.2f}")
    same = all(
        len(digests[name, "pure"] | digests[name, "compiled"]) == 1
        for name in (
            "openspiel",
            "openspiel_direct",
            "openspiel_clone",
            "pettingzoo",
            "pettingzoo_free",
        )
    )
    print(f"the same games in both builds: {'yes' if same else 'NO'}")
    return 0 if same else 1


def instructions(games: int) -> int:
    """Instructions a step of each workload, counted by cachegrind, both builds."""
    if shutil.which("valgrind") is None:
        print("valgrind is not installed: apt-get install valgrind")
        return 1
    workloads = ("openspiel", "hearts", "pettingzoo")
    found: dict[tuple[str, str], float] = {}
    with pure_source() as pure:
        for build, source in (("pure", pure), ("compiled", ROOT)):
            for name in workloads:
                # the program with one game and with more: one-off costs (imports,
                # loading the game, first calls) cancel out; hearts's games are
                # short, so it plays four times as many
                more = 1 + games * (4 if name == "hearts" else 1)
                _, first = one_pass(source, 1, name)
                _, whole = one_pass(source, more, name)
                steps = whole[name][2] - first[name][2]
                playing, _ = counted(PASS, source, [str(more), name])
                idle, _ = counted(PASS, source, ["1", name])
                found[name, build] = (playing - idle) / steps
    print(
        f"4-player Flurst, {games} seeded random games a workload; instructions a step "
        "(cachegrind; the program with one game more than another, so start-up, imports "
        "and loading the game cancel out)"
    )
    print(f"{'':36} {'pure':>10} {'compiled':>10} {'pure / compiled':>16}")
    labels = {
        "openspiel": "python_skitgubbe",
        "hearts": "  beside it: C++ hearts, same loop",
        "pettingzoo": "PettingZoo environment",
    }
    for name in workloads:
        pure_cost, compiled_cost = found[name, "pure"], found[name, "compiled"]
        print(
            f"{labels[name]:36} {pure_cost:>10,.0f} {compiled_cost:>10,.0f} "
            f"{pure_cost / compiled_cost:>16.2f}"
        )
    for build in ("pure", "compiled"):
        share = found["hearts", build] / found["openspiel", build]
        print(f"python_skitgubbe / hearts by instructions, {build}: {share:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
