"""Errors raised by the engine."""

from __future__ import annotations

__all__ = ["IllegalMoveError"]


class IllegalMoveError(ValueError):
    """A move the rules forbid in the current state.

    ``rule`` is the ID of the rule that forbids it (listed in the rules reference), or
    ``None`` when the move breaks no rule of the catalogue, such as naming a card the
    player does not hold or a seat that is not at the table. A phase-one play out of
    turn names the trick rule that orders the players (P1-TRICK-ALL, P1-TIE-REPLAY's
    replays included); phase two has no rule ID for its turn order. The message says
    what is wrong.
    """

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(f"{message} ({rule})" if rule else message)
        self.rule = rule
