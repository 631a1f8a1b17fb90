"""``watch``: a whole game between random players, printed move by move.

This is what ``python -m skitgubbe`` does when no command is named:
``python -m skitgubbe --preset flurst --players 4 --seed 7``. ``--phase-two``
skips phase one and deals random phase-two hands.
"""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path

from .. import presets
from ..cards import format_cards
from ..events import EventKind
from ..moves import Move
from ..phase_one import deal
from ..records import Record
from ..simulate import random_moves, random_phase_two
from ..state import Phase, PhaseOneState, PhaseTwoState, State
from .commands import Command, output_problem, write_replay

_SHOWN = {
    EventKind.DARED: "dares",
    EventKind.TIED: "ties: the tied players play again",
    EventKind.WON: "wins the trick",
    EventKind.TOOK: "takes",
    EventKind.DREW_TRUMP_CARD: "draws the trump card and sets it aside",
    EventKind.PICKED_LED: "picks up the led card",
    EventKind.STORED: "stores three trumps",
    EventKind.SWAPPED: "swaps the 2 of trumps for the turned-up card",
    EventKind.PHASE_ONE_OVER: "-- phase one is over --",
    EventKind.TRUMP: "turns the trump card:",
    EventKind.GAVE_DRECK: "gives to the dreck",
    EventKind.GOT_DRECK: "gets from the dreck",
    EventKind.KILLED: "kills",
    EventKind.EMPTIED: "empties the table",
    EventKind.THREE_CARDS: "three cards!",
    EventKind.ONE_CARD: "one card!",
    EventKind.OUT: "is out",
    EventKind.DREW: "draws",
    EventKind.LEAD_PASSED: "cannot lead; the lead passes",
    EventKind.LEADS: "leads",
    EventKind.STALLED: "holds the most cards when play stalls",
    EventKind.STALLED_PHASE_ONE: "is due as phase one stalls: the stock is dealt out",
    EventKind.GOAT: "is the goat",
}
_WITH_CARDS = {
    EventKind.DARED,
    EventKind.WON,
    EventKind.TOOK,
    EventKind.PICKED_LED,
    EventKind.STORED,
    EventKind.TRUMP,
    EventKind.GAVE_DRECK,
    EventKind.GOT_DRECK,
    EventKind.KILLED,
}


#: How a card reached a phase-one trick, when not by a play.
_HOW = {EventKind.SLUFFED: "sluff ", EventKind.DARED: "dare "}


def _table(state: State) -> str:
    if isinstance(state, PhaseOneState):
        # in the order the cards came, each with its seat: "0 3D | 1 KC | 0 sluff 3S"
        return (
            " | ".join(
                f"{event.player} {_HOW.get(event.kind, '')}{format_cards(event.cards)}"
                for event in state.trick
            )
            or "-"
        )
    if isinstance(state, PhaseTwoState):
        return " | ".join(format_cards(play) for play in state.table) or "-"
    return "-"  # pragma: no cover - every state is one of the two


def fit(text: str, room: int) -> str:
    """``text`` if it fits in ``room`` characters, else its end, from a ``|``
    boundary where one fits, after ``...``: the latest cards matter most.

    >>> fit("0 3S | 1 KC | 2 5D", 12)
    '... | 2 5D'
    """
    if len(text) <= room:
        return text
    tail = text[-(room - 3) :]
    cut = tail.find(" | ")
    return "..." + (tail[cut:] if cut >= 0 else tail)


def configure(parser: argparse.ArgumentParser) -> None:
    """The options of ``watch``."""
    parser.add_argument("--preset", default="flurst", choices=presets.NAMES)
    parser.add_argument("--players", type=int, default=None, help="default: 3 where allowed")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--phase-two", action="store_true", help="deal random phase-two hands")
    parser.add_argument(
        "--html",
        type=Path,
        default=None,
        help="also write the game as a replay page to step through in a browser",
    )


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Deal a game and print it, played with uniformly random legal moves."""
    rules = presets.get(args.preset)
    players = args.players or max(rules.min_players, min(3, rules.max_players))
    if args.html is not None:
        if args.phase_two:
            parser.error("--html replays a game from its deal: leave out --phase-two")
        problem = output_problem(args.html)
        if problem is not None:
            parser.error(f"--html: {problem}")
    state: State
    try:
        if args.phase_two:
            state = random_phase_two(rules, players, args.seed)
        else:
            state = deal(rules, players=players, seed=args.seed)
    except ValueError as error:
        parser.error(str(error))

    print(f"{args.preset}, {players} players, seed {args.seed}")
    if isinstance(state, PhaseTwoState):
        print(f"  trump {state.trump.symbol}")
    for seat in range(players):
        hand = state.hand(seat) if isinstance(state, (PhaseOneState, PhaseTwoState)) else ()
        print(f"  seat {seat}: {format_cards(hand)}")
    count = 0
    phase = state.phase
    first = state
    moves: list[Move] = []
    # the table column fits the terminal (or COLUMNS; 80 when not a terminal)
    room = max(20, shutil.get_terminal_size().columns - 4 - 2 - 20 - 8)
    for move, after in random_moves(state, args.seed):
        count += 1
        moves.append(move)
        print(f"{count:4}. {move!s:<20} table: {fit(_table(after), room)}")
        for event in after.events:
            if event.kind in _SHOWN:
                cards = f" {format_cards(event.cards)}" if event.kind in _WITH_CARDS else ""
                print(f"        seat {event.player} {_SHOWN[event.kind]}{cards}")
        if after.phase is not phase and after.phase is Phase.TWO:
            assert isinstance(after, PhaseTwoState)
            print(f"  trump {after.trump.symbol}; phase two hands:")
            for seat in range(players):
                print(f"  seat {seat}: {format_cards(after.hand(seat)) or '(none: out)'}")
        phase = after.phase
        state = after
    print(f"Seat {state.loser} is the goat after {count} moves.")
    if args.html is not None:
        assert isinstance(first, PhaseOneState)
        write_replay(args.html, [Record.of(first, moves, preset=args.preset)])
    return 0


#: The ``watch`` command (the default): one game between bots, move by move.
COMMAND = Command(
    "watch",
    "watch a whole game between random players, move by move (the default)",
    "Play a game of Skitgubbe between random players.",
    configure,
    run,
)
