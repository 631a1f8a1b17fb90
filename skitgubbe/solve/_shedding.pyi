from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol

class _Budget(Protocol):
    used: int
    @property
    def nodes(self) -> int: ...
    @property
    def deadline(self) -> float: ...

class Bounds:
    def __init__(self, players: int) -> None: ...
    def get(self, key: int, default: int, /) -> int: ...
    def __setitem__(self, key: int, value: int, /) -> None: ...
    def __len__(self) -> int: ...
    def items(self) -> list[tuple[int, int]]: ...
    def __reduce__(
        self,
    ) -> tuple[type[Bounds], tuple[int], None, None, Iterator[tuple[int, int]]]: ...

class Race:
    def __init__(
        self,
        filters: Sequence[Sequence[int]],
        beaten_by: Sequence[int],
        trumps: int,
        whole: Sequence[bool],
        groups: Sequence[int],
        pick: int = -1,
        quiet_limit: int = 0,
        layout: int = 104,
    ) -> None: ...
    @property
    def nodes(self) -> int: ...
    def __reduce__(self) -> tuple[type[Race], tuple[Any, ...], tuple[int, bytes]]: ...
    def __setstate__(self, state: tuple[int, bytes], /) -> None: ...
    def leads(self, hand: int, other: int, max_nodes: int, deadline: float) -> int: ...
    def answered(
        self, rest: int, other: int, lead: int, max_nodes: int, deadline: float
    ) -> int: ...
    def __len__(self) -> int: ...
    def key(
        self, hands: tuple[int, ...], plays: tuple[int, ...], turn: int, size: int, active: int
    ) -> int: ...
    def force(
        self,
        table: dict[int, int],
        line: dict[int, int],
        seat: int,
        escape: bool,
        race: Callable[[tuple[tuple[int, ...], tuple[int, ...], int, int, int, int, int]], int]
        | None,
        budget: _Budget,
        longest: int,
        hands: tuple[int, ...],
        plays: tuple[int, ...],
        turn: int,
        size: int,
        active: int,
        quiet: int,
        goat: int,
    ) -> int | None: ...
    def graph(
        self,
        seat: int,
        budget: _Budget,
        limit: int,
        hands: tuple[int, ...],
        plays: tuple[int, ...],
        turn: int,
        size: int,
        active: int,
        quiet: int,
        goat: int,
    ) -> int | None: ...
    def prove(
        self,
        table: object,
        seat: int,
        escape: bool,
        hands: tuple[int, ...],
        plays: tuple[int, ...],
        turn: int,
        size: int,
        active: int,
        quiet: int,
        goat: int,
        depth: int,
        max_nodes: int,
        deadline: float,
    ) -> int | None: ...
