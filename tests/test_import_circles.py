"""The package's modules import one another without circles, but for the two
the design accepts.

Every import of a ``skitgubbe`` module counts, at the top of a module, inside a
function or under ``TYPE_CHECKING`` alike: each ties the two modules together
even where Python would not fail at import time. ``from .. import presets``
counts as an import of ``skitgubbe.presets``, not of the package, which is only
its way in. A new circle fails here with the modules that form it; untie it with
the type both sides need in a module both import (as
:class:`skitgubbe.compare.summary.Studied` and
:class:`skitgubbe.tournament.leaderboard.Played` do).
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "skitgubbe"

#: The circles left, each with its reason (``../shared/DESIGN.md``).
ACCEPTED = {
    # Ruleset.__repr__ names the closest preset.
    frozenset({"skitgubbe.presets", "skitgubbe.rules"}),
    # A state's and a view's _repr_svg_ draw with render/svg, imported inside
    # the method, as python-chess's Board._repr_svg_ does with chess.svg.
    frozenset(
        {"skitgubbe.knowledge", "skitgubbe.render.svg", "skitgubbe.state", "skitgubbe.views"}
    ),
}


def modules(root: Path) -> dict[str, Path]:
    """Every module under ``root`` (a package directory) by its dotted name."""
    found = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imports(found: Mapping[str, Path]) -> dict[str, set[str]]:
    """The modules of ``found`` that each of them imports, anywhere in its text."""
    graph: dict[str, set[str]] = {name: set() for name in found}
    for name, path in found.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - node.level + 1]
                    module = ".".join(base + ([node.module] if node.module else []))
                else:
                    module = node.module or ""
                named = [f"{module}.{alias.name}" for alias in node.names]
                targets = [target for target in named if target in found]
                if len(targets) < len(named):  # some names are the module's own
                    targets.append(module)
            else:
                continue
            graph[name].update(t for t in targets if t in found and t != name)
    return graph


def circles(graph: Mapping[str, set[str]]) -> set[frozenset[str]]:
    """The groups of two modules or more that all reach one another (the strongly
    connected components, by Tarjan's algorithm, kept iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: set[frozenset[str]] = set()
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, targets = work[-1]
            step = next(targets, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(graph[step]))))
                elif step in on_stack:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                group = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.add(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.add(frozenset(group))
    return found


def test_the_only_import_circles_are_the_accepted_ones() -> None:
    graph = imports(modules(PACKAGE))
    assert "skitgubbe.compare.study" in graph and len(graph) > 80
    assert circles(graph) == ACCEPTED


def test_a_new_circle_is_found(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("from . import a\n")
    (package / "a.py").write_text("from .sub import b\n")
    (package / "sub" / "__init__.py").write_text("")
    (package / "sub" / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..a import X\n"
    )
    (package / "c.py").write_text("from . import a\n")
    found = modules(package)
    assert set(found) == {"pkg", "pkg.a", "pkg.sub", "pkg.sub.b", "pkg.c"}
    assert circles(imports(found)) == {frozenset({"pkg.a", "pkg.sub.b"})}
