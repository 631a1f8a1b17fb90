"""Instructions a move, counted by cachegrind, in the pure build and the compiled one.

    SKITGUBBE_MYPYC=1 python setup.py build_ext --inplace
    python benchmarks/instructions.py --preset swedish_goat --players 3 --games 200

Timings on a shared machine swing by a quarter from run to run; the number of
instructions a program executes does not. Each build runs two programs under
``valgrind --tool=cachegrind``: one deals ``--games`` seeded games and plays each
to the goat with uniformly random legal moves (one move is one ``legal_moves()``
plus one ``apply``, as in ``benchmarks/games.py``), and one only deals the same
games and draws as many random numbers. The difference, divided by the moves
played, is what a move costs; the interpreter's start-up and the imports cancel
out. The pure build is a copy of ``skitgubbe/`` without its compiled modules; it
prints both figures, their ratio, and whether both builds played the same moves.
Needs ``valgrind`` (``apt-get install valgrind``).
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

from _builds import counted, pure_source

ROOT = Path(__file__).resolve().parent.parent

#: The measured program: ``play`` plays the games, ``deal`` only deals them and
#: draws the random numbers a game of that many moves draws.
PROGRAM = """
import random, sys
import skitgubbe as sg
from skitgubbe.simulate import MAX_MOVES

what, preset, players, games = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
counts = [int(word) for word in sys.argv[5].split(",")] if len(sys.argv) > 5 else []
rules = sg.presets.get(preset)
total = 0
for seed in range(games):
    state = sg.deal(rules, players=players, seed=seed)
    rng = random.Random(seed)
    if what == "deal":
        for _ in range(counts[seed]):
            rng.random()
        continue
    moves = 0
    while not state.is_over and moves < MAX_MOVES:
        state = state.apply(rng.choice(state.legal_moves()))
        moves += 1
    total += moves
    print(moves)
print(sg.COMPILED, total)
"""


def per_move(source: Path, preset: str, players: int, games: int) -> tuple[float, str, list[str]]:
    """Instructions a move in the build in ``source``, whether it is compiled,
    and the moves each game lasted."""
    common = [preset, str(players), str(games)]
    playing, out = counted(PROGRAM, source, ["play", *common])
    lines = out.split()
    counts, (flag, total) = lines[:-2], lines[-2:]
    dealing, _ = counted(PROGRAM, source, ["deal", *common, ",".join(counts)])
    return (playing - dealing) / int(total), flag, counts


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
        figures: dict[str, tuple[float, list[str]]] = {}
        for name, source in (("pure", pure), ("compiled", ROOT)):
            cost, flag, moves = per_move(source, args.preset, args.players, args.games)
            if (flag == "True") != (name == "compiled"):
                print(f"the {name} run ran the wrong build: build the compiled modules first")
                return 1
            figures[name] = (cost, moves)
    print(
        f"{args.preset}, {args.players} players, {args.games} random games "
        "(instructions counted by cachegrind, start-up and dealing left out)"
    )
    for name, (cost, moves) in figures.items():
        played = sum(map(int, moves))
        print(f"  {name:8} {cost:>9,.0f} instructions a move ({played:,} moves)")
    ratio = figures["pure"][0] / figures["compiled"][0]
    print(f"  pure / compiled: {ratio:.2f}")
    same = figures["pure"][1] == figures["compiled"][1]
    print(f"  the same games (moves in each) in both builds: {'yes' if same else 'NO'}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
