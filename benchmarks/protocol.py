"""What the line protocol costs: a random bot as a program against the random bot in process.

Plays the same deals twice, in turn and ``--repeat`` times each: once with a
:class:`~skitgubbe.bots.RandomBot` at every seat, once with the example
program ``examples/bots/random_bot.py`` (``cmd:``) at every seat, one program
per seat kept across the games. Prints each side's median moves per second
(moves made by the game, over wall time, the programs' time included) and
their ratio; the bar is a tenth. Run it on one core, the programs on the same
core::

    taskset -c 0 python benchmarks/protocol.py --games 200 --repeat 3
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import skitgubbe as sg
from skitgubbe.bots import Bot, RandomBot, make_bot
from skitgubbe.runner import Limits, play_seated

ROOT = Path(__file__).resolve().parent.parent
BOT = ROOT / "examples" / "bots" / "random_bot.py"
LIMITS = Limits(move=10.0, game=600.0)


def moves_per_second(rules: sg.Ruleset, bots: list[Bot], games: int) -> float:
    """Moves per second over ``games`` games with ``bots`` at the seats."""
    moves = 0
    start = time.perf_counter()
    for game in range(games):
        seeds = tuple(game * 10 + seat for seat in range(len(bots)))
        outcome = play_seated(rules, bots, game, seeds, LIMITS)
        if outcome.forfeit is not None:
            raise RuntimeError(f"game {game}: {outcome.forfeit}")
        moves += outcome.moves
    return moves / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--preset", default="flurst")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    rules = sg.presets.get(args.preset)
    local: list[Bot] = [RandomBot() for _ in range(args.players)]
    with tempfile.TemporaryDirectory() as logs:
        programs = [
            make_bot(f"cmd:{sys.executable} {BOT}", log_dir=logs) for _ in range(args.players)
        ]
        moves_per_second(rules, programs, 2)  # start the programs before timing
        inside, over = [], []
        for _ in range(args.repeat):
            inside.append(moves_per_second(rules, local, args.games))
            over.append(moves_per_second(rules, programs, args.games))
    a, b = statistics.median(inside), statistics.median(over)
    build = "compiled" if sg.COMPILED else "pure"
    print(f"{args.preset}, {args.players} players, {args.games} games x {args.repeat}, {build}")
    print(f"in-process random bot : {a:10,.0f} moves/s")
    print(f"cmd: random bot       : {b:10,.0f} moves/s")
    print(f"ratio                 : {b / a:10.3f}  ({'meets' if b / a >= 0.1 else 'FAILS'} 1/10)")


if __name__ == "__main__":
    main()
