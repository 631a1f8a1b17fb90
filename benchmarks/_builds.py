"""What the scripts that compare the two builds share: the pure source.

The compiled build is built in place (``SKITGUBBE_MYPYC=1 python setup.py
build_ext --inplace``); the pure build is a copy of ``skitgubbe/`` without its
compiled modules, made in a temporary folder for the length of a run.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
INSTRUCTIONS = re.compile(r"I\s+refs:\s+([\d,]+)")


def compiled_in_place() -> bool:
    """Whether compiled modules lie beside the source in ``skitgubbe/``."""
    return any((ROOT / "skitgubbe").glob("*.so"))


@contextmanager
def pure_source() -> Iterator[Path]:
    """A folder holding a copy of ``skitgubbe/`` without compiled modules: put it
    first on ``PYTHONPATH`` to run the pure build. Removed afterwards."""
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        shutil.copytree(
            ROOT / "skitgubbe",
            folder / "skitgubbe",
            ignore=shutil.ignore_patterns("*.so", "__pycache__"),
        )
        yield folder


def counted(program: str, source: Path, arguments: list[str]) -> tuple[int, str]:
    """The instructions ``python -c program *arguments`` executes in the build in
    ``source``, counted by ``valgrind --tool=cachegrind``, and what it printed."""
    with tempfile.TemporaryDirectory() as folder:
        done = subprocess.run(
            [
                "valgrind",
                "--tool=cachegrind",
                "--cache-sim=no",
                f"--cachegrind-out-file={folder}/out",
                sys.executable,
                "-c",
                program,
                *arguments,
            ],
            capture_output=True,
            text=True,
            check=True,
            cwd=source,
            # string hashes seeded alike in every run, and NumPy's maths library
            # without threads of its own that spin while they wait (they would
            # add instructions by the clock), so that the counts repeat
            env={
                **os.environ,
                "PYTHONPATH": str(source),
                "PYTHONHASHSEED": "0",
                "OPENBLAS_NUM_THREADS": "1",
                "OMP_NUM_THREADS": "1",
            },
        )
    found = INSTRUCTIONS.search(done.stderr)
    if found is None:
        raise SystemExit(f"cachegrind printed no instruction count:\n{done.stderr[-2000:]}")
    return int(found.group(1).replace(",", "")), done.stdout
