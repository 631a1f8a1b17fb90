"""Bot files loaded by path, as modules that every process can import again.

A bot of yours named as ``path/to/file.py:Name`` is loaded as the module
``skitgubbe.bots.loaded.<stem>_<path in hexadecimal>``. The name says where the
file is, so a worker process started afresh (the ``spawn`` and ``forkserver``
start methods, the default on many platforms) finds the file again when it
unpickles a bot of that module: importing this package installs the finder
that reads such names.

>>> from pathlib import Path
>>> name = module_name(Path("/tmp/my bots/low.py"))
>>> name.startswith("skitgubbe.bots.loaded.low_"), path_of(name) == Path("/tmp/my bots/low.py")
(True, True)
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

__all__ = ["module_name", "path_of"]

_PREFIX = __name__ + "."


def module_name(path: Path) -> str:
    """The module name of the bot file at ``path`` (an absolute path)."""
    stem = "".join(c if c.isalnum() else "_" for c in path.stem)
    return f"{_PREFIX}{stem}_{str(path).encode('utf-8').hex()}"


def path_of(name: str) -> Path:
    """The file a module name of :func:`module_name` stands for."""
    return Path(bytes.fromhex(name.rsplit("_", 1)[1]).decode("utf-8"))


class _Finder(importlib.abc.MetaPathFinder):
    """Finds the modules of bot files by the path their names hold."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith(_PREFIX):
            return None
        try:
            file = path_of(fullname)
        except ValueError:
            return None
        return importlib.util.spec_from_file_location(fullname, file)


if not any(isinstance(finder, _Finder) for finder in sys.meta_path):
    sys.meta_path.append(_Finder())
