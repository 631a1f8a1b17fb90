"""``python -m skitgubbe``: the command line (see :mod:`skitgubbe.cli`)."""

from __future__ import annotations

import sys

from .cli import main

__all__ = ["main"]

if __name__ == "__main__":
    try:
        raise SystemExit(main())
    except BrokenPipeError:  # the output was cut short, as by ``| head``
        sys.stderr.close()
        raise SystemExit(0) from None
