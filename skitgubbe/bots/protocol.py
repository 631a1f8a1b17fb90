"""What a bot is: :class:`Bot`, a policy that sees only what its player may know.

A bot is asked for a move with two things: its own
:class:`~skitgubbe.views.PlayerView` and its own legal moves. It never receives a
:class:`~skitgubbe.state.State`, so a bot that works in a match also works
against people, and it cannot look at other hands by accident. It answers with
one of the moves it was given, or with ``None`` to let play go on without it,
which it may do only when it is not due (its seat is in ``view.to_act`` but not
in ``view.due``: an out-of-turn sluff it may skip).

Before each game the driver calls :meth:`Bot.reset` with the seat the bot plays
and a seed for that game. A bot must draw all its randomness from that seed and
keep nothing from one game to the next, so that a game's result depends only on
the deal, the seating and the seeds, not on which process played it or which
games it played before.

A bot that thinks for a while can keep to a time limit: if it has the method of
:class:`TimedBot`, a runner playing under limits (:func:`skitgubbe.runner.play_seated`)
calls it with the seconds this choice may take instead of :meth:`Bot.choose`,
and the bot must answer within them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from ..moves import Move
from ..views import PlayerView

__all__ = ["FAILURES", "Bot", "BotError", "BotFailure", "TimedBot", "is_due"]


class BotError(RuntimeError):
    """A bot broke the protocol: an illegal move, or no move when it was due."""


#: The kinds of :class:`BotFailure`, as results name them.
FAILURES = ("crashed", "timed out", "garbage", "illegal move", "error")


class BotFailure(BotError):
    """A bot failed in a way that forfeits its game.

    ``kind`` is one of :data:`FAILURES`: the bot's program ``crashed`` (it exited
    or could not start), ``timed out``, answered ``garbage`` (not a move), chose
    an ``illegal move`` (or passed when due), or raised an ``error`` (a bot in
    this process). ``detail`` says what happened; ``stderr`` holds the end of a
    program's standard error, if any.
    """

    def __init__(self, kind: str, detail: str, stderr: str = "") -> None:
        self.kind = kind
        self.detail = detail
        self.stderr = stderr
        message = f"{kind}: {detail}"
        if stderr:
            message += f"\nits standard error ended with:\n{stderr}"
        super().__init__(message)

    def __reduce__(self) -> tuple[type[BotFailure], tuple[str, str, str]]:
        return BotFailure, (self.kind, self.detail, self.stderr)


@runtime_checkable
class Bot(Protocol):
    """A player of the game: chooses moves from its own view and legal moves."""

    #: A short name for tables and messages (``"greedy"``).
    name: str

    def reset(self, seat: int, seed: int) -> None:
        """Start a new game at ``seat``; draw every random choice of the game from
        ``seed`` and forget everything about earlier games."""
        ...

    def choose(self, view: PlayerView, moves: Sequence[Move]) -> Move | None:
        """One of ``moves``, or ``None`` to decline when ``view.player`` is not due.

        ``moves`` are the player's own legal moves, never empty; ``view`` is what
        the player knows now.
        """
        ...


@runtime_checkable
class TimedBot(Protocol):
    """A bot that keeps to the time it is given (see the module docs)."""

    def choose_timed(self, view: PlayerView, moves: Sequence[Move], seconds: float) -> Move | None:
        """As :meth:`Bot.choose`, answering within ``seconds`` of the call."""
        ...


def is_due(view: PlayerView) -> bool:
    """Whether the game waits for this view's player, who must then choose a move."""
    return view.player in view.due
