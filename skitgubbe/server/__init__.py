"""Tables over the network, and the referee any program can ask.

* :mod:`skitgubbe.server.referee`: the rules as JSON messages, for a program in
  any language (``python -m skitgubbe referee`` speaks them as JSON lines);
* :mod:`skitgubbe.server.store`: tables, seats and their tokens, and every
  accepted move in one SQLite file, committed before anyone is told;
* :mod:`skitgubbe.server.tables`: a table's session, seats, clocks and bots, and
  what each person and each spectator may be sent (no network: any host can
  drive one);
* :mod:`skitgubbe.server.app`: the server people play at from a browser
  (``python -m skitgubbe serve``, the ``server`` extra).
"""

from __future__ import annotations

from .referee import MAX_MESSAGE, PROTOCOL, SCHEMA_PATH, Referee, RefereeError, serve

__all__ = ["MAX_MESSAGE", "PROTOCOL", "SCHEMA_PATH", "Referee", "RefereeError", "serve"]
