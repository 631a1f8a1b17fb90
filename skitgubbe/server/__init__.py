"""Tables over the network, and the referee any program can ask.

* :mod:`skitgubbe.server.referee`: the rules as JSON messages, for a program in
  any language (``python -m skitgubbe referee`` speaks them as JSON lines);
* :mod:`skitgubbe.server.store`: tables, seats and their tokens, and every
  accepted move in one SQLite file, committed before anyone is told.
"""

from __future__ import annotations

from .referee import MAX_MESSAGE, PROTOCOL, SCHEMA_PATH, Referee, RefereeError, serve

__all__ = ["MAX_MESSAGE", "PROTOCOL", "SCHEMA_PATH", "Referee", "RefereeError", "serve"]
