"""The build: the pure package by default, or with ``SKITGUBBE_MYPYC=1`` the
engine's hot modules compiled by mypyc from the same source, and two C sources
compiled beside them: the writer of observation vectors
(``skitgubbe/integrations/_scatter.c``) and the solver's two-seat race on masks
(``skitgubbe/solve/_shedding.c``).

    SKITGUBBE_MYPYC=1 pip install .          # or pip install -e . with it

Everything else (the name, the version, the dependencies) is in pyproject.toml.
The compiled build needs mypy while it builds; it is asked for here, as a build
requirement, only when the compiled build is.
"""

from __future__ import annotations

import os

from setuptools import Extension, setup

#: The modules mypyc compiles, from the bottom of the engine up.
COMPILED_MODULES = [
    "skitgubbe/cards.py",
    "skitgubbe/moves.py",
    "skitgubbe/events.py",
    "skitgubbe/state.py",
    "skitgubbe/phase_two.py",
    "skitgubbe/phase_one/values.py",
    "skitgubbe/phase_one/sluffing.py",
    "skitgubbe/phase_one/tricks.py",
    "skitgubbe/phase_one/mas.py",
    "skitgubbe/phase_one/play.py",
    "skitgubbe/intermission.py",
    "skitgubbe/views.py",
    "skitgubbe/knowledge.py",
    "skitgubbe/sampling.py",
    "skitgubbe/solve/search.py",
    "skitgubbe/bots/playouts.py",
    "skitgubbe/bots/tree.py",
    "skitgubbe/integrations/actions.py",
    "skitgubbe/integrations/turns.py",
    "skitgubbe/integrations/observations.py",
]
#: The compiled modules' shared library, kept inside the package so that it is
#: found wherever the package is: ``skitgubbe/native__mypyc``.
GROUP = "skitgubbe.native"
#: The C source the compiled build adds: what numpy and big integers do in the
#: pure build's observation vectors, done in one pass (see its header).
SCATTER = Extension("skitgubbe.integrations._scatter", ["skitgubbe/integrations/_scatter.c"])
#: The solver's two-seat race on masks in C (see its header): the pure race's
#: moves and answers, without boxed integers and dictionaries.
SHEDDING = Extension("skitgubbe.solve._shedding", ["skitgubbe/solve/_shedding.c"])
#: What compiling needs: the mypy the ``dev`` extra checks the code with, and the
#: engine's own dependency, whose types mypy reads.
BUILD_REQUIRES = ["mypy==2.4.1", "attrs>=23.1"]


def compiled() -> bool:
    """Whether the compiled build is asked for."""
    return os.environ.get("SKITGUBBE_MYPYC", "") == "1"


def ext_modules() -> list[object] | None:
    """The compiled modules, an empty list for the pure build, or ``None`` while
    mypy is not installed yet (pip first asks for the build requirements)."""
    if not compiled():
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        return None
    return [*mypycify(COMPILED_MODULES, opt_level="3", group_name=GROUP), SCATTER, SHEDDING]


modules = ext_modules()
setup(ext_modules=modules or [], setup_requires=BUILD_REQUIRES if modules is None else [])
