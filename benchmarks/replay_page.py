"""How big a replay page is beside its record, for long games.

Plays games of many moves (``--players`` seats, two packs, players that pick up
rather often, so play goes round and round before tricks die) and writes each as
a record and as a replay page, printing the sizes, their ratio and the time the
page takes. The page stores every step as its changes to the step before, so
the ratio should stay under ten however long the game:

    python benchmarks/replay_page.py --players 13 --games 3 --pick 0.97 --quiet 10000
"""

from __future__ import annotations

import argparse
import random
import time

import attrs

from skitgubbe import presets
from skitgubbe.moves import PickUp
from skitgubbe.phase_one import deal
from skitgubbe.records import Record
from skitgubbe.render.replay import replay_html
from skitgubbe.state import State


def long_game(players: int, seed: int, pick: float, quiet: int = 1000) -> Record:
    """A game where each player picks up with chance ``pick`` when it may, under
    the pagat rules with two packs and a quiet limit of ``quiet`` moves."""
    rules = attrs.evolve(presets.PAGAT, packs=2, max_players=16, quiet_limit=quiet)
    rng = random.Random(seed)
    first = deal(rules, players=players, seed=seed)
    state: State = first
    moves = []
    while not state.is_over:
        legal = state.legal_moves()
        picks = [move for move in legal if isinstance(move, PickUp)]
        move = rng.choice(picks) if picks and rng.random() < pick else rng.choice(legal)
        state = state.apply(move)
        moves.append(move)
    return Record.of(first, moves)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=13)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--pick", type=float, default=0.9, help="chance of picking up")
    parser.add_argument("--quiet", type=int, default=1000, help="the rules' quiet limit")
    args = parser.parse_args()
    print(f"{'seed':>4} {'moves':>7} {'record KB':>10} {'page KB':>9} {'ratio':>6} {'seconds':>8}")
    for seed in range(args.games):
        record = long_game(args.players, seed, args.pick, args.quiet)
        size = len(record.to_json().encode())
        start = time.perf_counter()
        page = len(replay_html(record).encode())
        seconds = time.perf_counter() - start
        print(
            f"{seed:>4} {len(record.moves):>7,} {size / 1024:>10,.0f} {page / 1024:>9,.0f} "
            f"{page / size:>6.1f} {seconds:>8.1f}"
        )


if __name__ == "__main__":
    main()
