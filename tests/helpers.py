"""Small helpers shared by the scenario tests: play moves, read positions as text."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import skitgubbe as sg
from skitgubbe.simulate import close_trick


def play(state: sg.PhaseTwoState, *moves: str) -> sg.PhaseTwoState:
    """The state after ``moves``, each of which must be legal."""
    for move in moves:
        state = state.apply(move)
    return state


def table(state: sg.PhaseTwoState) -> list[str]:
    """The plays on the table, earliest first, in card notation."""
    return [sg.format_cards(cards) for cards in state.table]


def hand(state: sg.PhaseTwoState, player: int) -> str:
    """The hand of ``player`` in card notation."""
    return sg.format_cards(state.hand(player))


def killed(state: sg.PhaseTwoState) -> str:
    """The killed cards in card notation."""
    return sg.format_cards(state.killed)


def kinds(state: sg.PhaseTwoState) -> list[tuple[sg.EventKind, int]]:
    """The events of the last move, as (kind, player) pairs."""
    return [(event.kind, event.player) for event in state.events]


def legal(state: sg.State) -> set[str]:
    """The legal moves, in move notation."""
    return {str(move) for move in state.legal_moves()}


def refusal(state: sg.State, move: str) -> str | None:
    """The rule ID that refuses ``move``; fails if the move is legal."""
    with pytest.raises(sg.IllegalMoveError) as error:
        state.check(move)
    assert not state.is_legal(move)
    return error.value.rule


def cards(text: str) -> tuple[sg.Card, ...]:
    """Cards in the sorted order that hands and won piles use."""
    return tuple(sorted(sg.parse_cards(text)))


def step(state: sg.State, *moves: str) -> sg.PhaseOneState:
    """The phase-one state after ``moves``, each of which must be legal."""
    for move in moves:
        state = state.apply(move)
        assert isinstance(state, sg.PhaseOneState), f"phase one ended at {move}"
    assert isinstance(state, sg.PhaseOneState)
    return state


def finish(state: sg.State, *moves: str) -> sg.PhaseTwoState:
    """The first phase-two state, reached by the last of ``moves``."""
    for move in moves[:-1]:
        state = step(state, move)
    after = state.apply(moves[-1])
    assert isinstance(after, sg.PhaseTwoState), "phase one did not end"
    return after


def settle(state: sg.State) -> sg.State:
    """The state after a decided phase-one trick is closed: every seat the game waits
    for declares done, then the winner gathers (P1-SLUFF-ANYTIME, P1-SLUFF-WINDOW)."""
    return close_trick(state)


def missing_extra_message(blocked: str, module: str) -> str:
    """What importing ``module`` prints when the package ``blocked`` is missing (in
    a fresh interpreter, with ``blocked`` made unimportable)."""
    code = (
        f"import sys; sys.modules[{blocked!r}] = None\n"
        f"try:\n    import {module}\n"
        "except ImportError as error:\n    print(error)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return out.stdout


def needs_extra(module: str, extra: str) -> Any:
    """Import ``module``, or skip the test, naming the optional ``extra`` to install."""
    reason = f"needs the {extra!r} extra: pip install 'skitgubbe[{extra}]'"
    return pytest.importorskip(module, reason=reason)


#: A fixed secret key for runs that must play the same games twice (see
#: :mod:`skitgubbe.runner.keys`); a real run draws its own.
KEY = "5e" * 16


def forged(token: str) -> str:
    """``token`` with its last character changed: always another token (a fixed
    replacement letter would leave one token in 64 as it was)."""
    return token[:-1] + ("A" if token[-1] != "A" else "B")


#: The folder of the benchmark scripts, beside ``tests``.
BENCHMARKS = Path(__file__).parent.parent / "benchmarks"


def benchmark_script(name: str) -> ModuleType:
    """The benchmark script ``benchmarks/NAME.py`` loaded as a module, so that a
    test can call its functions without running it."""
    spec = importlib.util.spec_from_file_location(f"{name}_benchmark", BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
