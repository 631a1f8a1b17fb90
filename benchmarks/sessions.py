"""Long sessions of random games, saved to JSON and replayed: the sessions' soak.

Plays a session of ``--games`` random games under each of the Flurst rules, the
Swedish Goat Game and the Wizards rules (``--players`` people, the roving goat
moved after every tenth game under Flurst), and a two-table session of
``--rounds`` rounds (Flurst, two tables of ``--players``). Each is written to
JSON, read back (which replays every game and checks every move) and compared
with the original; any difference or error fails the run. Prints the time each
part takes and the standings' totals:

    python benchmarks/sessions.py --games 1000 --rounds 200
"""

from __future__ import annotations

import argparse
import sys
import time

from skitgubbe import presets
from skitgubbe.sessions import Session, TwoTables, play_session, play_two_tables

NAMES = ("Ann", "Bea", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou")


def _session(preset: str, players: int, games: int, seed: int) -> Session:
    roving = preset == "flurst"
    session = Session.start(presets.get(preset), NAMES[:players], roving_goat=roving)
    done = 0
    while done < games:
        step = min(10, games - done)
        session = play_session(session, step, seed=seed + done)
        done += step
        if roving and done < games:
            session = session.move_goat(left_of=session.goat_spots[0])
    return session


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="games per rule system (1000)")
    parser.add_argument("--rounds", type=int, default=200, help="rounds at two tables (200)")
    parser.add_argument("--players", type=int, default=4, help="people per table (4)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    failed = False
    for preset in ("flurst", "swedish_goat", "wizards"):
        start = time.perf_counter()
        session = _session(preset, args.players, args.games, args.seed)
        played = time.perf_counter()
        text = session.to_json()
        loaded = Session.from_json(text)
        replayed = time.perf_counter()
        same = loaded == session and loaded.to_json() == text
        failed |= not same
        goats = ", ".join(f"{row.name} {row.goats}" for row in session.standings)
        print(
            f"{preset}: {len(session.games)} games in {played - start:.1f} s, "
            f"replayed from {len(text) // 1024} KiB of JSON in {replayed - played:.1f} s, "
            f"{'identical' if same else 'DIFFERENT'}; goats: {goats}"
        )
    start = time.perf_counter()
    tables = TwoTables.start(
        presets.FLURST, NAMES[: args.players], NAMES[args.players : 2 * args.players]
    )
    tables = play_two_tables(tables, args.rounds, seed=args.seed)
    played = time.perf_counter()
    text = tables.to_json()
    loaded_tables = TwoTables.from_json(text)
    replayed = time.perf_counter()
    same = loaded_tables == tables and loaded_tables.to_json() == text
    failed |= not same
    print(
        f"two tables: {len(tables.rounds)} rounds in {played - start:.1f} s, replayed in "
        f"{replayed - played:.1f} s, {'identical' if same else 'DIFFERENT'}; "
        f"winners' table now {', '.join(tables.winners.seating)}"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
