"""An evening of Flurst: a session of games in which the goat leads the next one.

Four people play ``--games`` games with random moves, except Ann, who plays a
careful policy that sees only her own view. After every game the goat may move
(the roving goat): here a goat who lost twice in a row moves to the left of the
player who went out first. The session is saved to JSON, read back (which
replays every game) and the standings are printed.

Run: python examples/session.py --games 50
"""

from __future__ import annotations

import argparse
import random

import skitgubbe as sg
from skitgubbe.sessions import OwnerView, Policy, Session, play_session


def careful(view: OwnerView, moves: tuple[sg.Move, ...]) -> sg.Move | None:
    """Play the lowest cards; in phase one never sluff or dare, only play and end."""
    plays = [move for move in moves if isinstance(move, sg.Play)]
    quiet = [move for move in moves if isinstance(move, (sg.Done, sg.Gather))]
    if quiet:
        return quiet[0]
    if plays:
        return min(plays, key=lambda move: sum(card.rank for card in move.cards))
    return moves[0] if view.due else None


def random_policy(rng: random.Random) -> Policy:
    def choose(view: OwnerView, moves: tuple[sg.Move, ...]) -> sg.Move | None:
        return rng.choice(moves)

    return choose


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    names = ["Ann", "Bea", "Cid", "Dan"]
    policies = {name: random_policy(rng) for name in names}
    policies["Ann"] = careful
    session = Session.start(sg.presets.FLURST, names, roving_goat=True)
    for number in range(args.games):
        session = play_session(session, 1, policies, seed=args.seed * 1000 + number)
        games = session.games
        last = games[-1]
        if len(games) > 1 and games[-2].goat == last.goat and last.first_out is not None:
            right = session.seating[session.seating.index(last.goat) - 1]
            if last.first_out not in (last.goat, right):
                session = session.move_goat(left_of=last.first_out)
                print(f"After game {len(games)}, {last.goat} moves to {last.first_out}'s left")

    loaded = Session.from_json(session.to_json())
    print(f"Saved and replayed {len(loaded.games)} games: identical = {loaded == session}")
    print("Seating now:", ", ".join(session.seating))
    for row in session.standings:
        print(f"{row.name}: goat in {row.goats} of {row.games} games, first out {row.first_out}")


if __name__ == "__main__":
    main()
