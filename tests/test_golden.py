"""Golden transcripts: one seeded phase-two game per preset, compared move by move.

Any change of behaviour (rules, move order, events) shows up as a changed line.
After an intended change, rewrite the transcripts with

    SKITGUBBE_REGENERATE=1 python -m pytest tests/test_golden.py

and review the difference before committing it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import skitgubbe as sg
from skitgubbe import presets
from skitgubbe.simulate import random_moves, random_phase_two

GOLDEN = Path(__file__).parent / "golden"
SEED = 2026


def transcript(name: str) -> list[str]:
    """The seeded game of the preset ``name``, one line per move and event."""
    rules = presets.get(name)
    players = max(rules.min_players, min(4, rules.max_players))
    state = random_phase_two(rules, players, SEED)
    lines = [f"preset {name}, {players} players, seed {SEED}, trump {state.trump}"]
    lines += [f"seat {p}: {sg.format_cards(state.hand(p))}" for p in range(players)]
    if state.reserve:
        lines.append(f"avstickshög: {sg.format_cards(state.reserve)}")
    for move, after in random_moves(state, SEED):
        assert isinstance(after, sg.PhaseTwoState)
        table = " | ".join(sg.format_cards(play) for play in after.table) or "-"
        lines.append(f"{move} / table: {table}")
        lines += [f"  {event}" for event in after.events[1:]]
    return lines


@pytest.mark.parametrize("name", presets.NAMES)
def test_seeded_game_matches_its_golden_transcript(name: str) -> None:
    path = GOLDEN / f"phase_two_{name}.txt"
    lines = transcript(name)
    if os.environ.get("SKITGUBBE_REGENERATE"):
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    expected = path.read_text(encoding="utf-8").splitlines()
    for number, (got, want) in enumerate(zip(lines, expected, strict=False), start=1):
        assert got == want, f"{path.name} line {number} differs"
    assert len(lines) == len(expected), f"{path.name}: {len(lines)} lines, not {len(expected)}"
