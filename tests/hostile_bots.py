"""Bots that play only legal moves and still try to stop a run, for the tests of
hostile runs (loaded by path, as ``tests/hostile_bots.py:PickUpBot``)."""

from __future__ import annotations

from collections.abc import Sequence

import skitgubbe as sg


class PickUpBot:
    """Picks up whenever it may, and otherwise makes its first legal move: three of
    them never kill a trick and never go out, so only the quiet limit ends a game."""

    name = "pickup"

    def reset(self, seat: int, seed: int) -> None:
        pass

    def choose(self, view: sg.PlayerView, moves: Sequence[sg.Move]) -> sg.Move | None:
        for move in moves:
            if isinstance(move, sg.moves.PickUp):
                return move
        return moves[0] if moves else None


class RaisingBot:
    """Raises whenever it is asked for a move."""

    name = "raiser"

    def reset(self, seat: int, seed: int) -> None:
        pass

    def choose(self, view: sg.PlayerView, moves: Sequence[sg.Move]) -> sg.Move | None:
        raise RuntimeError("this bot always fails")
