"""The analysis of a finished game, made for the server in a process of its own.

The solver is all computation: run in the server's process it would hold the
interpreter (the compiled build's native code never lets go of it) and every
table would wait. So the server (:mod:`skitgubbe.server.app`) starts
``python -m skitgubbe.server.analyst NODES SECONDS TOTAL``, writes the record's JSON to
its standard input and reads the analysis from its standard output, as one JSON
object: :meth:`~skitgubbe.solve.Analysis.to_dict` without the record, the
replay page's notes (:meth:`~skitgubbe.solve.Analysis.notes`) and the table
(:meth:`~skitgubbe.solve.Analysis.table`). See :func:`analysed`.

On Linux the process is told to stop when the server's process dies, so a
server killed while it analyses leaves nothing running.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from typing import Any

from ..records import Record
from ..solve import analyse

__all__ = ["analysed", "checked", "main"]


def analysed(
    record: Record, max_nodes: int, seconds: float | None, total_seconds: float | None = None
) -> dict[str, Any]:
    """``record``'s analysis as the server keeps it (see
    :func:`~skitgubbe.solve.analyse` for the budgets): the analysis as data
    without the record (``"analysis"``), the notes of the replay page
    (``"notes"``) and the table to read (``"table"``)."""
    analysis = analyse(record, max_nodes=max_nodes, seconds=seconds, total_seconds=total_seconds)
    data = analysis.to_dict()
    del data["record"]
    return {"analysis": data, "notes": analysis.notes(), "table": analysis.table()}


def checked(data: object, record: Record) -> dict[str, Any] | None:
    """``data`` if it is an analysis of ``record`` as :func:`analysed` makes one
    (a note for each of its moves, each step a move of the record), else
    ``None``: what was saved is checked before it is shown, never believed."""
    if not isinstance(data, Mapping):
        return None
    notes, analysis, table = data.get("notes"), data.get("analysis"), data.get("table")
    if not isinstance(notes, list) or len(notes) != len(record.moves):
        return None
    if not all(isinstance(note, str) for note in notes) or not isinstance(table, str):
        return None
    if not isinstance(analysis, Mapping) or not isinstance(analysis.get("steps"), list):
        return None
    for step in analysis["steps"]:
        if not isinstance(step, Mapping):
            return None
        index = step.get("index")
        if (
            isinstance(index, bool)
            or not isinstance(index, int)
            or not 0 <= index < len(record.moves)
            or step.get("move") != record.moves[index]
        ):
            return None
    return dict(data)


def main(argv: list[str]) -> int:  # pragma: no cover - runs as its own process
    """``argv``: the positions a question, the seconds a question and the
    seconds of the whole analysis (``0``: no limit); the record on standard
    input, the analysis on standard output."""
    nodes, seconds, total = int(argv[0]), float(argv[1]), float(argv[2])
    record = Record.from_json(sys.stdin.read())
    data = analysed(record, nodes, seconds or None, total or None)
    sys.stdout.write(json.dumps(data, separators=(",", ":")))
    return 0


if __name__ == "__main__":  # pragma: no cover - runs as its own process
    sys.exit(main(sys.argv[1:]))
