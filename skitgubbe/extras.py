"""The optional extras of the layers above the engine, checked before they are needed.

The engine needs only ``attrs``. Summaries, tables and progress bars need the
``compare`` extra, plots the ``plot`` extra, Ray clusters the ``ray`` extra,
tournament ratings the ``tournament`` extra, pictures as pixels the
``frames`` extra and the server of tables the ``server`` extra; each is imported only where it is
used. :func:`require` checks that an extra is
installed, so that a study is refused before it starts rather than failing at its
end.
"""

from __future__ import annotations

import importlib.util

__all__ = ["EXTRAS", "MissingExtraError", "require"]

#: The modules each extra provides.
EXTRAS: dict[str, tuple[str, ...]] = {
    "compare": ("numpy", "scipy", "rich"),
    "plot": ("matplotlib",),
    "ray": ("ray",),
    "tournament": ("openskill", "rich"),
    "frames": ("resvg_py", "PIL", "numpy"),
    "server": ("starlette", "uvicorn", "websockets"),
}


class MissingExtraError(ImportError):
    """A feature needs an optional extra that is not installed."""


def require(extra: str, purpose: str) -> None:
    """Raise :class:`MissingExtraError` unless every module of ``extra`` can be imported.

    ``purpose`` says what needs it, for the message:

    >>> require("compare", "a summary")
    """
    missing = [module for module in EXTRAS[extra] if importlib.util.find_spec(module) is None]
    if missing:
        raise MissingExtraError(
            f"{purpose} needs {', '.join(missing)}, from the optional extra {extra!r}: "
            f"pip install 'skitgubbe[{extra}]'"
        )
