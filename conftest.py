"""Collection rules for the whole test run: files that need an optional extra.

The OpenSpiel, PettingZoo and server modules import their frameworks at the top, and the
frameworks page runs examples with both; their doctests cannot even be collected
without the extra. With ``pip install -e '.[dev]'`` alone each such file is
reported as one skipped test that names the extra to install, instead of a
collection error.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Generator, Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent

#: The optional extras, each with the modules it installs that the tests import.
EXTRAS: dict[str, tuple[str, ...]] = {
    "openspiel": ("pyspiel",),
    "pettingzoo": ("pettingzoo", "gymnasium"),
    "ray": ("ray",),
    "server": ("starlette", "uvicorn", "websockets"),
    "browser": ("playwright",),
}

#: The files that cannot be collected without an extra, and the extras they need.
NEEDS: dict[str, tuple[str, ...]] = {
    "skitgubbe/integrations/openspiel.py": ("openspiel",),
    "skitgubbe/integrations/pettingzoo.py": ("pettingzoo",),
    "docs/frameworks.rst": ("openspiel", "pettingzoo"),
    "skitgubbe/server/app.py": ("server",),
    "tests/server_clients.py": ("server",),
}


def missing_extras(extras: tuple[str, ...]) -> tuple[str, ...]:
    """The extras of ``extras`` with a module that cannot be imported."""
    return tuple(
        extra
        for extra in extras
        if any(importlib.util.find_spec(module) is None for module in EXTRAS[extra])
    )


def skip_reason(extras: tuple[str, ...]) -> str:
    """Why a test is skipped when ``extras`` are missing, with the command to fix it."""
    names = " and ".join(repr(extra) for extra in extras)
    word = "extra" if len(extras) == 1 else "extras"
    return f"needs the {names} {word}: pip install 'skitgubbe[{','.join(extras)}]'"


class MissingExtra(pytest.Item):
    """Stands for a file that needs a missing extra: skipped, naming the extra."""

    def __init__(self, *, reason: str, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.reason = reason

    def runtest(self) -> None:
        pytest.skip(self.reason)

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, 0, f"{self.name}: {self.reason}"


class NeedsExtra(pytest.File):
    """A file that cannot be collected here: it needs an extra that is not
    installed, or it is compiled."""

    def __init__(self, *, reason: str, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.reason = reason

    def collect(self) -> Iterator[pytest.Item]:
        yield MissingExtra.from_parent(self, name=self.path.name, reason=self.reason)


@pytest.hookimpl(wrapper=True)
def pytest_collect_file(
    file_path: Path, parent: pytest.Collector
) -> Generator[None, list[pytest.Collector], list[pytest.Collector]]:
    collected = yield
    try:
        relative = file_path.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return collected
    if relative.endswith(".py") and any(file_path.parent.glob(f"{file_path.stem}.*.so")):
        # compiled by mypyc in place: Python imports the extension, whose doctests
        # the pure build runs
        reason = "compiled by mypyc: its doctests run in the pure build"
        return [NeedsExtra.from_parent(parent, path=file_path, reason=reason)]
    missing = missing_extras(NEEDS.get(relative, ()))
    if not missing or not collected:
        return collected
    return [NeedsExtra.from_parent(parent, path=file_path, reason=skip_reason(missing))]
