"""Errors raised by the engine."""

from __future__ import annotations

__all__ = ["IllegalMoveError"]


class IllegalMoveError(ValueError):
    """A move the rules forbid in the current state.

    ``rule`` is the ID of the rule that forbids it (listed in the rules reference), or
    ``None`` when the move breaks no particular rule, such as a card the player
    does not hold or a move out of turn. The message says what is wrong.
    """

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(f"{message} ({rule})" if rule else message)
        self.rule = rule
