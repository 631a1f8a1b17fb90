"""Where a study's games are played: this process, a pool of processes, or Ray.

The games are cut into chunks of consecutive game numbers; a chunk plays each of
its games under every variant and returns their rows (:func:`play_chunk`). A
chunk's rows depend only on the study (its variants, players and seed) and the
chunk's game numbers, so the rows are the same whichever backend plays them, and
in how many processes. The backends themselves are the runner's
(:mod:`skitgubbe.runner.backends`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..rules import Ruleset
from ..runner.backends import Chunk, Interrupted, run_pool
from ..runner.backends import run_ray as _run_ray
from .games import Value, game_seeds, measure_game, play_game

__all__ = ["Task", "play_chunk", "run_local", "run_ray"]

#: What a worker needs to play a chunk: the variants' specs and rules, the
#: players, the study's seed, the chunk and the bots' names (none: random moves).
Task = tuple[tuple[str, ...], tuple[Ruleset, ...], int, int, Chunk, tuple[str, ...]]
#: Called with each finished chunk and its rows.
OnChunk = Callable[[Chunk, list[tuple[Value, ...]]], None]


def play_chunk(task: Task) -> tuple[Chunk, list[tuple[Value, ...]]]:
    """Play a chunk's games under every variant; the chunk and its rows, game by game."""
    specs, rulesets, players, seed, (start, stop), bots = task
    rows: list[tuple[Value, ...]] = []
    game = start
    try:
        for game in range(start, stop):
            deal_seed, move_seed = game_seeds(seed, game)
            played = []
            for spec, rules in zip(specs, rulesets, strict=True):
                try:
                    measures = measure_game(play_game(rules, players, deal_seed, move_seed, bots))
                except Exception as error:  # name the game, so that it can be replayed
                    raise RuntimeError(
                        f"{spec}, {players} players, game {game} (deal seed {deal_seed}, move "
                        f"seed {move_seed}): {type(error).__name__}: {error}"
                    ) from error
                played.append((spec, game, deal_seed, move_seed, players, *measures))
            rows.extend(played)
    except KeyboardInterrupt:  # keep the games played under every variant
        raise Interrupted((start, game), rows) from None
    return (start, stop), rows


def run_local(
    tasks: Sequence[Task], workers: int, on_chunk: OnChunk, on_start: Callable[[], None]
) -> bool:
    """Play ``tasks`` here (one worker) or in a pool of processes; True if interrupted."""
    return run_pool(play_chunk, tasks, workers, on_chunk, on_start)


def run_ray(
    tasks: Callable[[int], Sequence[Task]],
    workers: int | None,
    address: str | None,
    on_chunk: OnChunk,
    on_start: Callable[[], None],
) -> bool:
    """Play the tasks as Ray tasks (see :func:`skitgubbe.runner.backends.run_ray`);
    True if interrupted."""
    return _run_ray(play_chunk, tasks, workers, address, on_chunk, on_start)
