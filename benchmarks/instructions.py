"""Instructions a move, counted by cachegrind, in the pure build and the compiled one.

    SKITGUBBE_MYPYC=1 python setup.py build_ext --inplace
    python benchmarks/instructions.py --preset swedish_goat --players 3 --games 200

Timings on a shared machine swing by a quarter from run to run; the number of
instructions a program executes does not. A first run, outside valgrind, deals
``--games`` seeded games, plays each to the goat with uniformly random legal moves
(one move is one ``legal_moves()`` plus one ``apply``, as in
``benchmarks/games.py``) and notes how many moves were offered at each step. Then
each build runs three programs under ``valgrind --tool=cachegrind``, all reading
those notes: one plays the same games again (and checks they went as noted); one
only deals them and makes the same random choices (``rng.choice`` among as many
numbers: the same random draws); one deals them and draws one random number a
move. The first minus the second, divided by the moves played, is what a move
costs the engine and the loop that calls it (in a function, as a program would
have it); the interpreter's start-up, the imports and the random choice (about
2,000 instructions) cancel out. The first minus the third counts the random
choice in, as this script did before, and is printed beside it. (Before, the loop
also ran at a module's top level, where every name is a dictionary lookup: that
added about 1,500 instructions a move.) The pure build is a copy of
``skitgubbe/`` without its compiled modules; the script prints both builds'
figures, their ratio, and whether both builds offered the same moves at every
step.
Needs ``valgrind`` (``apt-get install valgrind``).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from _builds import counted, pure_source

ROOT = Path(__file__).resolve().parent.parent

#: The measured program: ``play`` plays the games, ``deal`` only deals them and
#: draws the random numbers a game of that many moves draws.
PROGRAM = """
import random, sys
import skitgubbe as sg
from skitgubbe.simulate import MAX_MOVES


def main(what, preset, players, games, path):
    # in a function: its names are local variables, not the module's dict
    rules = sg.presets.get(preset)
    offers = []
    if what != "record":
        with open(path) as file:
            offers = [[int(word) for word in line.split(",") if word] for line in file]
    largest = max((size for sizes in offers for size in sizes), default=0)
    choices = [tuple(range(size)) for size in range(largest + 1)]
    total = 0
    lines = []
    differ = 0
    for seed in range(int(games)):
        state = sg.deal(rules, players=int(players), seed=seed)
        rng = random.Random(seed)
        if what == "choose":
            for size in offers[seed]:
                rng.choice(choices[size])
            continue
        if what == "draw":
            for _ in offers[seed]:
                rng.random()
            continue
        sizes = []
        while not state.is_over and len(sizes) < MAX_MOVES:
            moves = state.legal_moves()
            sizes.append(len(moves))
            state = state.apply(rng.choice(moves))
        total += len(sizes)
        if what == "record":
            lines.append(",".join(map(str, sizes)))
        elif sizes != offers[seed]:
            differ += 1
    if what == "record":
        with open(path, "w") as file:
            file.write("\\n".join(lines) + "\\n")
    print(sg.COMPILED, total, differ)


main(*sys.argv[1:6])
"""


@dataclass
class Figures:
    """What one build's runs counted."""

    #: instructions a move: ``legal_moves()`` and ``apply``, the loop around them
    move: float
    #: the same with the random choice among the offered moves counted in, as this
    #: script measured before (the control drew one random number a move)
    with_choice: float
    #: whether the build ran its compiled modules
    compiled: bool
    #: the number of legal moves offered at each move of each game
    offers: str
    #: moves played in all
    moves: int


def per_move(source: Path, preset: str, players: int, games: int) -> Figures:
    """What a move costs in the build in ``source``."""
    with tempfile.TemporaryDirectory() as folder:
        offers = str(Path(folder) / "offers")
        common = [preset, str(players), str(games), offers]
        # the moves offered at each step, noted by a run outside valgrind; the
        # counted runs all read them, so reading them cancels out
        subprocess.run(
            [sys.executable, "-c", PROGRAM, "record", *common],
            check=True,
            cwd=source,
            env={**os.environ, "PYTHONPATH": str(source), "PYTHONHASHSEED": "0"},
            stdout=subprocess.DEVNULL,
        )
        playing, out = counted(PROGRAM, source, ["play", *common])
        choosing, _ = counted(PROGRAM, source, ["choose", *common])
        drawing, _ = counted(PROGRAM, source, ["draw", *common])
        flag, total, differ = out.split()
        if differ != "0":
            raise SystemExit(f"{differ} games played differently in two runs of one build")
        moves = int(total)
        return Figures(
            move=(playing - choosing) / moves,
            with_choice=(playing - drawing) / moves,
            compiled=flag == "True",
            offers=Path(offers).read_text(),
            moves=moves,
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", default="swedish_goat")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        print("valgrind is not installed: apt-get install valgrind")
        return 1
    with pure_source() as pure:
        figures: dict[str, Figures] = {}
        for name, source in (("pure", pure), ("compiled", ROOT)):
            figures[name] = per_move(source, args.preset, args.players, args.games)
            if figures[name].compiled != (name == "compiled"):
                print(f"the {name} run ran the wrong build: build the compiled modules first")
                return 1
    print(
        f"{args.preset}, {args.players} players, {args.games} random games "
        "(instructions counted by cachegrind; start-up, dealing and choosing left out)"
    )
    for name, figure in figures.items():
        print(
            f"  {name:8} {figure.move:>9,.0f} instructions a move "
            f"({figure.with_choice:,.0f} with the random choice; {figure.moves:,} moves)"
        )
    ratio = figures["pure"].move / figures["compiled"].move
    print(f"  pure / compiled: {ratio:.2f}")
    same = figures["pure"].offers == figures["compiled"].offers
    answer = "yes" if same else "NO"
    print(f"  the same games (moves offered at each step) in both builds: {answer}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
