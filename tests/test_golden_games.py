"""Golden transcripts of whole games: one seeded game per preset, deal to goat.

Each preset is dealt with seed 1 for three players (two where the preset allows
no more, or needs them) and played by a seeded uniformly random driver. The
transcript lists the deal, then every move with its events, the phase changes
and the goat. Any change of behaviour in phase one, the intermission or phase
two shows up as a changed line. After an intended change, rewrite the
transcripts with

    SKITGUBBE_REGENERATE=1 python -m pytest tests/test_golden_games.py

and review the difference before committing it.
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

import pytest

import skitgubbe as sg
from skitgubbe import presets
from skitgubbe.records import Record, replay
from skitgubbe.simulate import random_moves

GOLDEN = Path(__file__).parent / "golden"
SEED = 1


def players_for(rules: sg.Ruleset) -> int:
    """Three players where the preset allows them, else the nearest allowed count."""
    return max(rules.min_players, min(3, rules.max_players))


def deal_lines(state: sg.PhaseOneState) -> list[str]:
    lines = [f"seat {p}: {sg.format_cards(state.hand(p))}" for p in range(state.players)]
    lines.append(f"stock (top first): {sg.format_cards(state.stock)}")
    if state.set_aside:
        lines.append(f"set aside: {sg.format_cards(state.set_aside)}")
    if state.reserve:
        lines.append(f"avstickshög: {sg.format_cards(state.reserve)}")
    lines.append(f"trump card {state.trump_card}; seat {state.first_leader} leads")
    return lines


def phase_two_lines(state: sg.PhaseTwoState) -> list[str]:
    lines = [f"-- phase two: trump {state.trump}, {state.to_act[0]} to play"]
    lines += [f"seat {p}: {sg.format_cards(state.hand(p))}" for p in range(state.players)]
    if state.out:
        lines.append(f"out: {', '.join(map(str, state.out))}")
    return lines


def transcript(name: str) -> tuple[list[str], Record]:
    """The seeded game of the preset ``name`` as lines, and its record."""
    rules = presets.get(name)
    players = players_for(rules)
    start = sg.deal(rules, players=players, seed=SEED)
    lines = [f"preset {name}, {players} players, seed {SEED}", *deal_lines(start)]
    before: sg.State = start
    moves = []
    for number, (move, after) in enumerate(random_moves(start, SEED)):
        moves.append(move)
        lines.append(f"{number:4} {move}")
        lines += [f"       {event}" for event in after.events]
        if before.phase is sg.Phase.ONE and isinstance(after, sg.PhaseTwoState):
            lines += phase_two_lines(after) if not after.is_over else ["-- phase one over"]
        if after.is_over:
            lines.append(f"-- game over after {number + 1} moves: seat {after.loser} is the goat")
        before = after
    return lines, Record.of(start, moves)


@pytest.mark.parametrize("name", presets.NAMES)
def test_seeded_game_matches_its_golden_transcript(name: str) -> None:
    path = GOLDEN / f"game_{name}.txt"
    lines, record = transcript(name)
    assert replay(record)[-1].loser is not None
    if os.environ.get("SKITGUBBE_REGENERATE"):
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    if not path.exists():
        pytest.fail(f"{path.name} is missing: run with SKITGUBBE_REGENERATE=1 to write it")
    expected = path.read_text(encoding="utf-8").splitlines()
    if lines != expected:
        first = next(
            (
                n
                for n, (got, want) in enumerate(zip(lines, expected, strict=False), start=1)
                if got != want
            ),
            min(len(lines), len(expected)) + 1,
        )
        diff = difflib.unified_diff(
            expected, lines, f"golden/{path.name}", "this run", n=2, lineterm=""
        )
        shown = "\n".join(list(diff)[:60])
        pytest.fail(f"{path.name} differs from line {first} on:\n{shown}", pytrace=False)
