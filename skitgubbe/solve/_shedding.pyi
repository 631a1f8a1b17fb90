from collections.abc import Sequence

class Race:
    def __init__(
        self,
        filters: Sequence[Sequence[int]],
        beaten_by: Sequence[int],
        trumps: int,
        whole: Sequence[bool],
        groups: Sequence[int],
    ) -> None: ...
    @property
    def nodes(self) -> int: ...
    def leads(self, hand: int, other: int, max_nodes: int, deadline: float) -> int: ...
    def answered(
        self, rest: int, other: int, lead: int, max_nodes: int, deadline: float
    ) -> int: ...
    def __len__(self) -> int: ...
