"""The tests on every supported Python: ``nox`` (or ``nox -s tests-3.12``).

Each session makes a virtual environment for one interpreter, installs the
package with its ``dev`` extra there, and runs the whole test suite. An
interpreter that is not on this machine is skipped, saying so; ``.ci/run`` puts
every interpreter it finds on the ``PATH`` first.
"""

from __future__ import annotations

import nox

#: The Pythons the package supports (``requires-python`` in pyproject.toml).
PYTHONS = ["3.11", "3.12", "3.13"]

nox.options.sessions = ["tests"]
nox.options.error_on_missing_interpreters = False


@nox.session(python=PYTHONS)
def tests(session: nox.Session) -> None:
    """Install ``.[dev]`` and run the test suite."""
    session.install("-e", ".[dev]")
    session.run(
        "python",
        "-m",
        "pytest",
        "-p",
        "no:cacheprovider",
        *session.posargs,
    )
