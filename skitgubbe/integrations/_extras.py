"""The message of an ImportError when an integration's optional extra is missing."""

from __future__ import annotations

__all__ = ["missing"]


def missing(module: str, extra: str, purpose: str) -> str:
    """Say which extra to install for ``purpose`` when ``module`` cannot be imported.

    >>> print(missing("pyspiel", "openspiel", "the OpenSpiel game"))
    the OpenSpiel game needs pyspiel, which the 'openspiel' extra installs: \
pip install 'skitgubbe[openspiel]'
    """
    return (
        f"{purpose} needs {module}, which the {extra!r} extra installs: "
        f"pip install 'skitgubbe[{extra}]'"
    )
