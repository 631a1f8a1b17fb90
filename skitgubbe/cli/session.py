"""``session``: a series of random games among named players, and its standings.

``python -m skitgubbe session --preset flurst --players Ann,Bea,Cid,Dan --games 100``
plays the games with uniformly random moves, the goat of each game leading (or
dealing) the next (S-GOAT-LEADS), and prints how often each player was the goat
and the first out. ``--confusion`` plays three-player confusion (S-CONFUSION);
``--save FILE`` writes the session as JSON and ``--load FILE`` goes on with a
saved one (its settings are the saved ones; the seed of the new games is
``--seed`` plus the number of games already played). The table is drawn with
rich when it is installed (the ``compare`` extra), in plain text otherwise or
with ``--plain``.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from pathlib import Path

from .. import presets
from ..errors import shown
from ..runner.backends import MAX_GAMES
from ..sessions import NextDeal, Session, SessionError, Standing, play_bot_session, play_session
from ..text import printable
from .commands import BOTS_HELP, Command, clashing_files, output_problem, write_replay

__all__ = ["COMMAND", "standings_text"]


def configure(parser: argparse.ArgumentParser) -> None:
    """The options of ``session``."""
    parser.add_argument("--preset", default="flurst", choices=presets.NAMES)
    parser.add_argument(
        "--players",
        default="Ann,Bea,Cid,Dan",
        help="names round the table, separated by commas (Ann,Bea,Cid,Dan)",
    )
    parser.add_argument("--games", type=int, default=10, help="games to play (10)")
    parser.add_argument("--seed", type=int, default=0, help="the seed of the games (0)")
    parser.add_argument("--first", default=None, help="the first game's goat (the first name)")
    parser.add_argument(
        "--next-deal",
        choices=[member.value for member in NextDeal],
        default=None,
        help="how the goat starts the next game (as the rules say)",
    )
    parser.add_argument("--confusion", action="store_true", help="three players, six hands")
    parser.add_argument(
        "--bots",
        default=None,
        help="bots instead of random moves: one for everybody, or one per player in "
        f"the order of --players; {BOTS_HELP}",
    )
    parser.add_argument("--load", type=Path, default=None, help="go on with a saved session")
    parser.add_argument("--save", type=Path, default=None, help="write the session as JSON")
    parser.add_argument(
        "--html",
        type=Path,
        default=None,
        help="write the session's games as one page to replay in a browser",
    )
    parser.add_argument("--plain", action="store_true", help="plain text, even with rich")


def standings_text(standings: tuple[Standing, ...]) -> str:
    """The standings as a plain-text table, one player a line.

    >>> print(standings_text((Standing("Ann", 4, 1, 2), Standing("Bea", 4, 3, 0))))
    player  games  goat  goat %  first out
    Ann         4     1    25.0          2
    Bea         4     3    75.0          0
    """
    width = max(len("player"), *(len(printable(row.name)) for row in standings))
    lines = [f"{'player':<{width}}  games  goat  goat %  first out"]
    for row in standings:
        lines.append(
            f"{printable(row.name):<{width}}  {row.games:5}  {row.goats:4}  "
            f"{100 * row.goat_rate:6.1f}  {row.first_out:9}"
        )
    return "\n".join(lines)


def _print_rich(session: Session) -> None:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    table = Table(title=f"{len(session.games)} games of {session.preset or 'a variant'}")
    for heading in ("player", "games", "goat", "goat %", "first out"):
        table.add_column(heading, justify="left" if heading == "player" else "right")
    for row in session.standings:
        table.add_row(
            Text(printable(row.name)),  # a name is shown as written, never read as markup
            str(row.games),
            str(row.goats),
            f"{100 * row.goat_rate:.1f}",
            str(row.first_out),
        )
    Console().print(table)


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Play the games and print the standings."""
    if not 0 <= args.games <= MAX_GAMES:
        parser.error(f"--games must be from 0 to {MAX_GAMES:,}, not {shown(args.games)}")
    for clash in (
        clashing_files([("--save", args.save), ("--html", args.html)]),
        clashing_files([("--load", args.load), ("--html", args.html)]),
    ):
        if clash is not None:
            parser.error(clash)
    for option, path in (("--save", args.save), ("--html", args.html)):
        problem = None if path is None else output_problem(path)
        if problem is not None:
            parser.error(f"{option}: {problem}")
    try:
        if args.load is not None:
            session = Session.from_json(args.load.read_bytes())
        else:
            names = [name.strip() for name in args.players.split(",")]
            session = Session.start(
                presets.get(args.preset),
                names,
                first=args.first,
                next_deal=args.next_deal,
                confusion=args.confusion,
            )
    except (OSError, ValueError, TypeError) as error:
        parser.error(str(error))
    finished = [session]  # the session after the last game that finished
    interrupted = False
    try:
        # a loaded session goes on with seeds of its own, not those of its first games
        seed = args.seed + len(session.games) if args.load is not None else args.seed
        if args.bots is None:
            session = play_session(session, args.games, seed=seed, on_game=finished.append)
        else:
            kinds = [kind.strip() for kind in args.bots.split(",")]
            if len(kinds) == 1:
                bots: str | dict[str, str] = kinds[0]
            elif len(kinds) == len(session.players):
                bots = dict(zip(session.players, kinds, strict=True))
            else:
                parser.error(
                    f"--bots: one kind for everybody or one per player: "
                    f"{len(session.players)} players, {len(kinds)} bots"
                )
            session = play_bot_session(
                session, args.games, bots, seed=seed, on_game=finished.append
            )
    except SessionError as error:  # pragma: no cover - random play always ends
        parser.error(str(error))
    except KeyboardInterrupt:
        session = finished[-1]
        interrupted = True
        print(
            f"Interrupted: {len(session.games)} games finished are kept.",
            file=sys.stderr,
        )
    if args.save is not None:
        try:
            args.save.write_text(session.to_json(), encoding="utf-8")
        except OSError as error:
            print(f"{parser.prog}: cannot save the session: {error}", file=sys.stderr)
            return 1
    if args.html is not None and session.games:
        titles = [
            f"game {number}: {', '.join(game.seats)}; goat {game.goat}"
            for number, game in enumerate(session.games, 1)
        ]
        write_replay(args.html, [game.record for game in session.games], titles)
    if not args.plain and importlib.util.find_spec("rich") is not None:
        _print_rich(session)
    else:
        print(f"{len(session.games)} games of {session.preset or 'a variant'}")
        print(standings_text(session.standings))
    return 130 if interrupted else 0


#: The ``session`` command: a series of games with the session rules.
COMMAND = Command(
    "session",
    "play a series of random games among named players and print the standings",
    "Play a session of Skitgubbe: the goat of each game leads or deals the next.",
    configure,
    run,
)
