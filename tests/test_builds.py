"""The compiled build plays the pure build's games, move for move.

The compiled build (``SKITGUBBE_MYPYC=1``) is made from the same source as the
pure one. With the compiled modules built in place, this test plays the same
seeded random games of every preset in a copy of the pure source and here, and
compares a digest of every move and event of every game.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import skitgubbe as sg

ROOT = Path(__file__).resolve().parent.parent
GAMES = 200  # per preset: 2,200 games in all

PROGRAM = f"""
import hashlib
import skitgubbe as sg
from skitgubbe.simulate import random_moves

digest = hashlib.blake2b()
for name, rules in sg.presets.ALL.items():
    players = max(rules.min_players, min(4, rules.max_players))
    for seed in range({GAMES}):
        state = sg.deal(rules, players=players, seed=seed)
        for move, after in random_moves(state, seed):
            digest.update(str(move).encode())
            digest.update(" ".join(map(str, after.events)).encode())
print(sg.COMPILED, digest.hexdigest())
"""


def play(source: Path) -> tuple[str, str]:
    """Whether the build in ``source`` is compiled, and the digest of its games."""
    out = subprocess.run(
        [sys.executable, "-c", PROGRAM],
        capture_output=True,
        text=True,
        check=True,
        cwd=source,
        env={"PYTHONPATH": str(source), "PATH": ""},
    )
    compiled, digest = out.stdout.split()
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
    compiled_flag, compiled_digest = play(ROOT)
    pure_flag, pure_digest = play(pure)
    assert (compiled_flag, pure_flag) == ("True", "False")
    assert compiled_digest == pure_digest
