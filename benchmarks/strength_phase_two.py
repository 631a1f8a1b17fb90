"""How well a bot plays phase two alone: from the first position of phase two,
the bot in one seat and three SearchBots in the others, with 95% intervals.

    python benchmarks/strength_phase_two.py --positions 100 --bots pimc@0.1 --workers 2
    python benchmarks/strength_phase_two.py --positions 40 --bots pimc@0.01,pimc@0.1,pimc@1
    python benchmarks/strength_phase_two.py --positions 50 --bots "" --playouts 30,100,400,1500

The positions are the first of phase two in 4-player Flurst games played by
``GreedyBot``-like playouts (deals from ``--seed`` on, kept when all four seats
are still in), so phase one is the same for every bot measured: what differs is
phase two alone. Each position is played four times, the bot in each seat once.
With several bots, each after the first is also compared with the first
position by position (the same positions, seats and seeds), which shows far
smaller differences than two rates side by side.
In phase two every hand is known to a player who remembers phase one, and a
``SearchBot`` then plays the same move every time, so four SearchBots make each
seat the goat in exactly a quarter of the games: 25% is even, and the interval
(over positions) says how far from it a bot is.

``--playouts N,M,...`` adds a ``PimcBot`` searching N lines of its tree a
decision (named ``pimc#N``) instead of a time: the same search on any machine,
however loaded, so that what more search buys is measured apart from the
clock.

Run it on the compiled build (``SKITGUBBE_MYPYC=1 python setup.py build_ext
--inplace``) for the figures the README gives.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from collections.abc import Sequence

import skitgubbe
from skitgubbe import presets
from skitgubbe.bots import Bot, PimcBot, SearchBot, make_bot
from skitgubbe.bots.playouts import playout_move
from skitgubbe.runner.stats import mean_interval
from skitgubbe.state import PhaseTwoState, State

PLAYERS = 4


def bot_named(name: str) -> Bot:
    """The bot of a ``--bots`` name, or ``pimc#N``: the PIMC bot searching N lines."""
    if name.startswith("pimc#"):
        return PimcBot(None, playouts=int(name.removeprefix("pimc#")), name=name)
    return make_bot(name)


def positions(count: int, seed: int) -> list[PhaseTwoState]:
    """The first phase-two positions of greedy games with every seat still in."""
    found: list[PhaseTwoState] = []
    deal = seed
    while len(found) < count:
        state: State = skitgubbe.deal(presets.FLURST, players=PLAYERS, seed=deal)
        deal += 1
        while not isinstance(state, PhaseTwoState) and not state.is_over:
            state = state.apply(playout_move(state, state.due[0]))
        if (
            isinstance(state, PhaseTwoState)
            and not state.is_over
            and state.active.bit_count() == PLAYERS
        ):
            found.append(state)
    return found


def described(starts: Sequence[PhaseTwoState]) -> str:
    """The first words of a report on ``starts``: the game, how many positions
    and which build plays them."""
    build = "compiled" if skitgubbe.COMPILED else "pure"
    return f"4-player Flurst, {len(starts)} phase-two starting positions (x4 seats), {build} build"


def play(task: tuple[str, PhaseTwoState, int, int]) -> tuple[bool, int, float]:
    """One game from ``state`` with the bot named in ``seat``: whether it was the
    goat, its decisions and the seconds they took."""
    name, state, seat, index = task
    bots: list[Bot] = [SearchBot() for _ in range(PLAYERS)]
    bots[seat] = bot_named(name)
    for place, each in enumerate(bots):
        each.reset(place, 1000 * index + place)
    decisions, seconds = 0, 0.0
    current: State = state
    while not current.is_over:
        mover = current.due[0]
        view, moves = current.view(mover), current.legal_moves(mover)
        start = time.perf_counter()
        move = bots[mover].choose(view, moves)
        if mover == seat and len(moves) > 1:
            decisions += 1
            seconds += time.perf_counter() - start
        assert move is not None
        current = current.apply(move)
    return current.loser == seat, decisions, seconds


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--bots", default="pimc@0.1", help="bot names, comma-separated")
    parser.add_argument(
        "--playouts", default="", help="lines a decision of PimcBots, comma-separated"
    )
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv)
    names = [name.strip() for name in args.bots.split(",") if name.strip()]
    for text in args.playouts.split(","):
        if text.strip():
            if not text.strip().isdigit() or int(text) < 1:
                parser.error(f"--playouts takes whole numbers of at least 1, not {text!r}")
            names.append(f"pimc#{int(text)}")
    if not names:
        parser.error("name at least one bot (--bots or --playouts)")
    for name in names:
        bot_named(name)  # a bad name is refused before any game
    starts = positions(args.positions, args.seed)
    print(
        f"{described(starts)}, {args.workers} worker(s); the bot in one seat, three "
        "SearchBots in the others (25% is even)"
    )
    rates: dict[str, list[float]] = {}
    with multiprocessing.Pool(args.workers) as pool:
        for name in names:
            begun = time.perf_counter()
            tasks = [
                (name, state, seat, index)
                for index, state in enumerate(starts)
                for seat in range(PLAYERS)
            ]
            results = pool.map(play, tasks, chunksize=1)
            per_position = [
                sum(goat for goat, _, _ in results[PLAYERS * i : PLAYERS * (i + 1)]) / PLAYERS
                for i in range(len(starts))
            ]
            rate = mean_interval(per_position)
            decisions = sum(d for _, d, _ in results)
            seconds = sum(s for _, _, s in results)
            print(
                f"{name:>12}: goat {100 * rate.mean:5.1f}% [{100 * rate.low:5.1f}, "
                f"{100 * rate.high:5.1f}] in {len(results)} games, "
                f"{seconds / max(decisions, 1):.3f} s a decision, "
                f"{time.perf_counter() - begun:.0f} s",
                flush=True,
            )
            rates[name] = per_position
    first = names[0]
    for name in names[1:]:
        # the same positions and seats: the difference position by position is
        # far less noisy than either rate alone
        paired = [b - a for a, b in zip(rates[first], rates[name], strict=True)]
        change = mean_interval(paired)
        print(
            f"{name:>12} minus {first}: {100 * change.mean:+5.1f} points "
            f"[{100 * change.low:+5.1f}, {100 * change.high:+5.1f}], paired by position"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
