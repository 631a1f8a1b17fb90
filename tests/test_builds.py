"""The compiled build plays the pure build's games, move for move.

The compiled build (``SKITGUBBE_MYPYC=1``) is made from the same source as the
pure one. With the compiled modules built in place, this test plays the same
seeded random games of every preset, and of random rulesets (one or two packs,
any player count the rules allow), in a copy of the pure source and here, and
compares a digest of every move, event and refusal of every game, and of the
phase-two solver's answers on positions from Flurst games, and of the moves
the library's search bots choose (their playouts, greedy rules and tree search
are compiled too) in Flurst games with a fixed budget of playouts, and of games
played one seat at a time as the OpenSpiel and PettingZoo adapters play them
(their turns, actions and observation vectors are compiled too).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import skitgubbe as sg

ROOT = Path(__file__).resolve().parent.parent
GAMES = 1000  # per preset: 11,000 games
RULESETS = 2000  # games of random rulesets
SOLVED = 60  # Flurst games whose phase two is solved
# positions the solver may search for each answer: about a second in the pure build;
# unbounded, 3-seat 8-card positions took the pure build twenty minutes in all, and
# an answer that runs out of budget is compared as well (positions searched and all)
SOLVE_NODES = 30_000
BOT_GAMES = 4  # 4-player Flurst games of a PimcBot, two SearchBots and a GreedyBot
TURN_GAMES = 300  # games of random rulesets played one seat at a time, observed every step

PROGRAM = f"""
import hashlib
import random
import skitgubbe as sg
from skitgubbe.simulate import random_moves, random_ruleset

digest = hashlib.blake2b()

PROBE = sg.parse_move("0 play AS")

def play(rules, players, seed):
    state = sg.deal(rules, players=players, seed=seed)
    for count, (move, after) in enumerate(random_moves(state, seed)):
        digest.update(str(move).encode())
        digest.update(" ".join(map(str, after.events)).encode())
        if count % 16 == 0:  # a refusal names the same rule in both builds
            digest.update(str(after.explain(PROBE)).encode())

for name, rules in sg.presets.ALL.items():
    players = max(rules.min_players, min(4, rules.max_players))
    for seed in range({GAMES}):
        play(rules, players, seed)
for seed in range({RULESETS}):
    rules, players = random_ruleset(random.Random(seed))
    play(rules, players, seed)
from skitgubbe.solve import Solver
from skitgubbe.state import PhaseTwoState
solver = Solver()
for seed in range({SOLVED}):  # the solver's answers, positions searched and all
    rng = random.Random(seed)
    state = sg.deal(sg.presets.FLURST, players=3, seed=seed)
    while not state.is_over and (
        not isinstance(state, PhaseTwoState)
        or sum(map(state.hand_size, range(3))) > 8
    ):
        state = state.apply(rng.choice(state.legal_moves()))
    if not state.is_over:
        for seat in range(3):
            if seat not in state.out:
                answer = solver.solve(state, seat, max_nodes={SOLVE_NODES})
                digest.update(repr(answer).encode())
from skitgubbe.bots import GreedyBot, PimcBot, SearchBot
for seed in range({BOT_GAMES}):  # every choice of the bots, which count playouts, not seconds
    bots = [PimcBot(None, playouts=16, solve_nodes=2_000), SearchBot(8), GreedyBot(), SearchBot(8)]
    for seat, bot in enumerate(bots):
        bot.reset(seat, 10 * seed + seat)
    state = sg.deal(sg.presets.FLURST, players=4, seed=seed)
    while not state.is_over:
        seat = state.due[0]
        move = bots[seat].choose(state.view(seat), state.legal_moves(seat))
        digest.update(str(move).encode())
        state = state.apply(move)
    digest.update(str((state.loser, bots[0].playouts_made, bots[0].solved)).encode())
from skitgubbe.integrations.turns import Turns
try:
    from skitgubbe.integrations.observations import encode_state
except ImportError:  # no numpy: the observation vectors are left out in both builds
    encode_state = None
for seed in range({TURN_GAMES}):  # one player at a time, as OpenSpiel and PettingZoo play
    rules, players = random_ruleset(random.Random(seed))
    rng = random.Random(seed)
    turns = Turns(sg.deal(rules, players=players, seed=seed), max_decisions=2_000)
    while not turns.is_over:
        actions = turns.legal_actions()
        digest.update(str((turns.player, actions)).encode())
        if encode_state is not None:
            passed = turns.order[: turns.passed]
            digest.update(encode_state(turns.state, turns.player, passed).tobytes())
        turns = turns.apply(rng.choice(actions))
    digest.update(str((turns.returns(), turns.decisions)).encode())
print(sg.COMPILED, digest.hexdigest())
"""


def start(source: Path) -> subprocess.Popen[str]:
    """The program playing the games in the build in ``source``."""
    return subprocess.Popen(
        [sys.executable, "-c", PROGRAM],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=source,
        env={"PYTHONPATH": str(source), "PATH": ""},
    )


def result(program: subprocess.Popen[str]) -> tuple[str, str]:
    """Whether the program's build is compiled, and the digest of its games."""
    out, err = program.communicate()
    assert program.returncode == 0, err[-3000:]
    compiled, digest = out.split()
    return compiled, digest


@pytest.mark.skipif(
    not sg.COMPILED,
    reason="needs the compiled build, built in place: "
    "SKITGUBBE_MYPYC=1 python setup.py build_ext --inplace",
)
def test_the_compiled_build_plays_the_same_games_as_the_pure_build(tmp_path: Path) -> None:
    pure = tmp_path / "pure"
    shutil.copytree(
        ROOT / "skitgubbe",
        pure / "skitgubbe",
        ignore=shutil.ignore_patterns("*.so", "__pycache__"),
    )
    # both at once: the pure build's run is the longer, and the machine has two cores
    programs = [start(ROOT), start(pure)]
    try:
        (compiled_flag, compiled_digest), (pure_flag, pure_digest) = map(result, programs)
    finally:
        for program in programs:
            program.kill()
            program.wait()
    assert (compiled_flag, pure_flag) == ("True", "False")
    assert compiled_digest == pure_digest
