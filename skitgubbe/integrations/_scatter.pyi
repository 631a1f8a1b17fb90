from collections.abc import Sequence
from typing import Any

def fill(
    out: Any,
    width: int,
    tail_start: int,
    tail: bytes,
    rows: tuple[Sequence[int], ...],
    numbers: tuple[Sequence[float], ...],
    /,
) -> None: ...
