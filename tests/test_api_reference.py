"""The API reference has every public name.

The documentation is read with Sphinx (the ``dummy`` builder: every page and
every docstring, no HTML written), and every name in the ``__all__`` of every
public module must be an object the reference documents: under that module, or
the same object documented under another public module that exports it.
"""

from __future__ import annotations

import importlib
import pickle
import pkgutil
from pathlib import Path
from types import ModuleType

import pytest

import skitgubbe

DOCS = Path(__file__).resolve().parent.parent / "docs"


def public_modules() -> dict[str, ModuleType]:
    """Every module of the package whose dotted name has no part starting with ``_``,
    that imports here (a module needing a missing extra is left to its extra's tests)."""
    found: dict[str, ModuleType] = {"skitgubbe": skitgubbe}
    for info in pkgutil.walk_packages(skitgubbe.__path__, "skitgubbe."):
        if any(part.startswith("_") for part in info.name.split(".")):
            continue
        try:
            found[info.name] = importlib.import_module(info.name)
        except ImportError:
            continue
    return found


def documented(tmp_path: Path) -> set[str]:
    """The full names of the Python objects the built reference documents."""
    sphinx_build = pytest.importorskip("sphinx.cmd.build")
    out = tmp_path / "docs"
    status = sphinx_build.build_main(["-q", "-b", "dummy", str(DOCS), str(out)])
    assert status == 0, "the documentation did not build"
    with open(out / ".doctrees" / "environment.pickle", "rb") as file:
        env = pickle.load(file)
    return set(env.domaindata["py"]["objects"])


def missing_names(objects: set[str], modules: dict[str, ModuleType]) -> list[str]:
    missing = []
    for name, module in modules.items():
        for public in getattr(module, "__all__", ()):
            if f"{name}.{public}" in objects:
                continue
            value = getattr(module, public)
            elsewhere = any(
                f"{other}.{public}" in objects and getattr(found, public, None) is value
                for other, found in modules.items()
            )
            if not elsewhere:
                missing.append(f"{name}.{public}")
    return missing


@pytest.mark.skipif(
    skitgubbe.COMPILED,
    reason="the reference is built from the pure build: compiled classes give autodoc no source",
)
def test_every_public_name_is_in_the_api_reference(tmp_path: Path) -> None:
    modules = public_modules()
    assert "skitgubbe.runner.keys" in modules and len(modules) > 40
    objects = documented(tmp_path)
    assert missing_names(objects, modules) == []
    # the check fails on a name the reference lacks
    assert missing_names(objects - {"skitgubbe.runner.keys.bot_seed"}, modules) == [
        "skitgubbe.runner.keys.bot_seed"
    ]
