"""``play``: a game in the terminal, one seat yours, the others bots.

``python -m skitgubbe play --preset flurst --players 4 --seat 0 --bots greedy``
deals a game and asks you for a move whenever your seat may act: it shows your
hand (sorted, suits coloured when the terminal allows; ``NO_COLOR`` or
``--no-color`` turns colours off), the table, the trump, the stock, the others'
hand sizes and what happened since you last acted, then the numbered legal
moves. Answer with a number or a move's text (``play 7C``, ``0 sluff 3S``);
when you are not due, ``0`` (or an empty line) lets play go on without you.
``help`` (or ``?``) explains the answers; ``hint`` asks the phase-two solver
what your seat can force from here (phase two only, where every hand is known to
a player who remembers phase one); ``quit`` ends the game.
``--record game.json`` saves the game record, and ``--analyse`` prints the
solver's verdict on every phase-two move once the game is over, your blunders
named (as ``python -m skitgubbe analyse`` does). ``quit``, end of input or
Ctrl-C ends the game cleanly (the record so far is still saved).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

from .. import presets
from ..bots import MatchError, make_bot
from ..bots.driver import play_game
from ..bots.protocol import Bot, is_due
from ..cards import Card, Suit
from ..events import Event, EventKind
from ..moves import Done, Move, parse_move
from ..records import Record
from ..runner.keys import bot_seed, new_key
from ..sampling import sample
from ..solve import ANALYSIS_NODES, Solver, Verdict, analyse
from ..state import Phase, PhaseTwoState, State
from ..views import PlayerView
from .commands import BOTS_HELP, Command, output_problem

__all__ = ["COMMAND", "Hints", "HumanBot", "Quit", "Stopped"]

_RED = (Suit.DIAMONDS, Suit.HEARTS)


class Stopped(Exception):
    """The person at the human seat ended the game (end of input or Ctrl-C)."""


class Quit(Stopped):
    """The person at the human seat answered ``quit``: the game ends, and the
    command with it, as the person asked (status 0)."""


def use_colour(stream: TextIO, refused: bool = False) -> bool:
    """Whether to colour ``stream``: a terminal, and neither ``NO_COLOR`` nor ``refused``."""
    if refused or os.environ.get("NO_COLOR"):
        return False
    return stream.isatty()


def show_cards(cards: Sequence[Card], colour: bool) -> str:
    """Cards in the notation the moves use, grouped by suit (``3C 7C 9C  2D KD``),
    red suits in red when ``colour``."""
    groups: list[str] = []
    for suit in Suit:
        ranks = [f"{card.rank.text}{suit.letter}" for card in cards if card.suit is suit]
        if not ranks:
            continue
        text = " ".join(ranks)
        if colour and suit in _RED:
            text = f"\033[31m{text}\033[0m"
        groups.append(text)
    return "  ".join(groups) or "(none)"


#: Events said otherwise than by their kind's name.
_PHRASES = {
    EventKind.GOAT: "is the goat",
    EventKind.STALLED: "holds the most cards when play stalls (the quiet limit)",
    EventKind.STALLED_PHASE_ONE: (
        "is due as phase one stalls (the quiet limit): the stock is dealt out"
    ),
    EventKind.OUT: "is out",
    EventKind.DONE: "declared done",
    EventKind.TIED: "tied: the tied players play again",
    EventKind.THREE_CARDS: "has three cards",
    EventKind.ONE_CARD: "has one card",
    EventKind.LEADS: "leads",
}


#: The verbs of :data:`_PHRASES` said of "you".
_SECOND_PERSON = {"is": "are", "has": "have", "leads": "lead", "holds": "hold"}


def describe(event: Event, me: int) -> str:
    """One event in words, from seat ``me``'s side (others' draws are only counted)."""
    who = "you" if event.player == me else f"seat {event.player}"
    if event.kind in _PHRASES:
        phrase = _PHRASES[event.kind]
        if who == "you":  # "you are out", "you have one card", "you lead"
            verb, _, rest = phrase.partition(" ")
            verb = _SECOND_PERSON.get(verb, verb)
            phrase = f"{verb} {rest}" if rest else verb
        return f"{who} {phrase}"
    return f"{who} {str(event).split(' ', 1)[1]}"


#: Words that ask for help, and words that end the game, at the prompt.
HELP_WORDS = frozenset({"help", "?", "h"})
QUIT_WORDS = frozenset({"quit", "exit", "q"})
#: Words that let the rest of this trick's chances to sluff go by.
PASS_WORDS = frozenset({"pass", "p"})
HINT_WORDS = frozenset({"hint"})


def numbers(low: int, high: int) -> str:
    """The move numbers a person may answer: ``1 to 4``, or just ``1``."""
    return f"{low}" if low == high else f"{low} to {high}"


def answers_help(due: bool, moves: int) -> str:
    """What a person may answer at the prompt."""
    lines = [
        f"Answer with a move's number ({numbers(1, moves)}), or its text without your seat:",
        "  play 7C    play 7C 8C    sluff 3S    dare    done    gather    pick 2C 3C",
    ]
    if not due:
        lines.append("You are not due: 0 or an empty line lets play go on without you.")
    lines.append("pass lets every chance to sluff on this trick go by (and says done when asked).")
    lines.append("hint asks the solver what you can force from here (phase two).")
    lines.append("help or ? shows this; quit ends the game (--record still saves it).")
    return "\n".join(lines)


class HumanBot:
    """A seat played by a person: it shows the view and reads a move.

    ``read`` returns the next line of input (raising :class:`EOFError` at the end)
    and ``write`` prints; ``explain`` says why a move is refused (the referee's
    reason, with its rule ID), or returns ``None`` for a legal one.
    """

    def __init__(
        self,
        read: Callable[[str], str],
        write: Callable[[str], None],
        explain: Callable[[Move], str | None],
        colour: bool = False,
        hint: Callable[[PlayerView], str] | None = None,
    ) -> None:
        self.name = "you"
        self.read = read
        self.write = write
        self.explain = explain
        self.colour = colour
        #: What ``hint`` answers, from the seat's view (``None``: no hints).
        self.hint = hint
        #: What happened since this seat last acted, in words.
        self.news: list[str] = []
        #: The trick whose chances to sluff the person let go by (its leader and the
        #: cards won so far, which tell one trick from the next).
        self.passing: tuple[int, ...] | None = None

    def reset(self, seat: int, seed: int) -> None:
        """A new game: forget the news of the last."""
        self.news = []
        self.passing = None

    def show(self, view: PlayerView) -> None:
        """Print what the player knows now."""
        write = self.write
        me = view.player
        due = is_due(view)
        header = f"--- seat {me}, phase {view.phase.value}"
        if view.trump is not None:
            header += f", trump {view.trump.symbol}"
        if view.phase is Phase.ONE:
            header += f", stock {view.stock_size}"
            if view.upcard is not None:
                header += f" (upcard {show_cards([view.upcard], self.colour)})"
        write(header + (" --- your turn" if due else " --- you may act out of turn"))
        if self.news:
            write("Since you last acted:")
            for line in self.news:
                write(f"  {line}")
            self.news = []
        if view.trick:  # phase one: who put what on the trick
            write(
                "Trick: "
                + " | ".join(
                    f"{event.player} {event.kind.value} {show_cards(event.cards, self.colour)}"
                    for event in view.trick
                )
            )
        elif view.table:
            write("Table: " + " | ".join(show_cards(play, self.colour) for play in view.table))
        else:
            write("Table: (empty)")
        others = []
        for seat, size in enumerate(view.hand_sizes):
            if seat == me:
                continue
            text = f"seat {seat}: {size} card{'s' if size != 1 else ''}"
            known = view.known[seat]
            if known:
                text += f" (known {show_cards(known, self.colour)})"
            others.append(text)
        write("Others: " + "; ".join(others))
        write(f"Your hand: {show_cards(view.hand, self.colour)}")

    def choose(self, view: PlayerView, moves: Sequence[Move]) -> Move | None:
        """Show the view and the numbered moves; read a number or a move's text."""
        due = is_due(view)
        if self.passing is not None and self.passing == trick_key(view):
            decided, passed = _passing_answer(moves, due)
            if decided:
                return passed
        self.show(view)
        if not due:
            self.write("  0. let play go on")
        for number, move in enumerate(moves, 1):
            self.write(f"  {number}. {str(move).split(' ', 1)[1]}")
        while True:
            try:
                text = self.read("> ").strip()
            except (EOFError, KeyboardInterrupt):
                raise Stopped from None
            word = text.lower()
            if word in QUIT_WORDS:
                raise Quit
            if word in PASS_WORDS and view.phase is Phase.ONE:
                self.passing = trick_key(view)
                decided, passed = _passing_answer(moves, due)
                if decided:
                    self.write("Letting this trick's chances to sluff go by.")
                    return passed
                self.write(
                    "You are due to play: choose a move; the rest of this trick's chances "
                    "to sluff will go by."
                )
                continue
            if word in HELP_WORDS:
                self.write(answers_help(due, len(moves)))
                continue
            if word in HINT_WORDS:
                self.write(self.hint(view) if self.hint else "No hints in this game.")
                continue
            chosen, reason = self._parse(text, view, moves, due)
            if reason is None:
                return chosen
            self.write(f"Not accepted: {reason}. Try again, or type help.")

    def _parse(
        self, text: str, view: PlayerView, moves: Sequence[Move], due: bool
    ) -> tuple[Move | None, str | None]:
        low = 0 if not due else 1
        if text == "" and not due:
            return None, None
        if text.isdigit():
            number = int(text)
            if number == 0 and not due:
                return None, None
            if 1 <= number <= len(moves):
                return moves[number - 1], None
            return None, f"{text} is not a move number: choose {numbers(low, len(moves))}"
        if not text:
            return None, f"you are due: choose a move, {numbers(1, len(moves))}"
        typed = text
        if not text[0].isdigit():
            text = f"{view.player} {text}"
        try:
            move = parse_move(text)
        except ValueError as error:
            # speak of what the person typed, not of the seat number added to it
            return None, str(error).replace(repr(text), repr(typed))
        if move.player != view.player:
            return None, f"you play seat {view.player}, not seat {move.player}"
        if move in moves:
            return move, None
        return None, self.explain(move) or f"{str(move)!r} is not one of the moves listed"


def trick_key(view: PlayerView) -> tuple[int, ...]:
    """What tells one phase-one trick from the next: the cards won so far change
    only when a trick is gathered."""
    return (view.leader if view.leader is not None else -1, *view.won_sizes)


def _passing_answer(moves: Sequence[Move], due: bool) -> tuple[bool, Move | None]:
    """The answer of a seat letting the trick's sluffs go by, after whether there is
    one: nothing when it is not due, ``done`` when that is what it is due to say;
    none when it must choose a move itself."""
    if not due:
        return True, None
    for move in moves:
        if isinstance(move, Done):
            return True, move
    return False, None


def configure(parser: argparse.ArgumentParser) -> None:
    """The options of ``play``."""
    parser.add_argument("--preset", default="flurst", choices=presets.NAMES)
    parser.add_argument("--players", type=int, default=4, help="players at the table (4)")
    parser.add_argument("--seat", type=int, default=0, help="your seat, from 0 (0)")
    parser.add_argument(
        "--bots",
        default="greedy",
        help="the other seats' bot, or one per other seat separated by commas (greedy); "
        + BOTS_HELP,
    )
    parser.add_argument("--seed", type=int, default=None, help="the deal's seed (random)")
    parser.add_argument("--record", type=Path, default=None, help="save the game record here")
    parser.add_argument("--no-color", action="store_true", help="no colours")
    parser.add_argument(
        "--analyse",
        action="store_true",
        help="after the game, the solver's verdict on every phase-two move, your blunders named",
    )


class Hints:
    """What ``hint`` answers: the solver's verdict for the seat from its view, in
    phase two once every hand is known to it (one solver for the game, so that
    what it proved for one hint serves the next)."""

    def __init__(self) -> None:
        self.solver = Solver()

    def __call__(self, view: PlayerView) -> str:
        if view.phase is not Phase.TWO:
            return "No hint in phase one: the solver judges phase two, where every hand is known."
        if view.unseen_mask:
            return "No hint here: some cards are hidden from you, and the solver needs them all."
        position = sample(view, random.Random(0))  # every card placed: the position itself
        answer = self.solver.solve(position, view.player, max_nodes=ANALYSIS_NODES)
        moves = ", ".join(str(move).split(" ", 1)[1] for move in answer.moves)
        if answer.verdict is None:
            return (
                f"The solver: beyond its budget here ({ANALYSIS_NODES:,} positions); "
                "fewer cards, and it will tell."
            )
        if answer.verdict is Verdict.ESCAPES:
            return f"The solver: you can escape whatever the others do, with {moves}."
        if answer.verdict is Verdict.GOAT:
            if isinstance(position, PhaseTwoState) and position.active.bit_count() == 2:
                return "The solver: against the best defence you are the goat, whatever you play."
            return (
                "The solver: the others playing together could make you the goat whatever "
                "you play; playing each for itself, they may not."
            )
        return f"The solver: no one can force an end here; {moves} keep it so."


def _analysed(record: Record, seat: int, write: Callable[[str], None]) -> None:
    """Print the analysis of the game played, the blunders of ``seat`` named."""
    started = time.perf_counter()

    def report(done: int, total: int) -> None:
        if done < total and done % 5 == 0:
            spent = time.perf_counter() - started
            print(
                f"\ranalysing: {done} of {total} phase-two moves ({spent:.0f} s)",
                end="",
                file=sys.stderr,
                flush=True,
            )

    analysis = analyse(record, progress=report)
    print("\r" + " " * 60 + "\r", end="", file=sys.stderr, flush=True)
    write("The solver's verdicts on phase two (seat, before the move, after it):")
    write(analysis.table())
    mine = [step for step in analysis.blunders if step.player == seat]
    for step in mine:
        write(f"Your blunder at move {step.index + 1}, {step.move}: {step.note}")
    if analysis.steps and not mine:
        write("You made no blunder the solver could judge.")


def _bots(text: str, players: int, seat: int, human: Bot) -> list[Bot]:
    names = [name for name in text.split(",") if name.strip()]
    if len(names) == 1:
        names = names * (players - 1)
    if len(names) != players - 1:
        raise MatchError(
            f"give one bot for all other seats, or one per other seat: {players - 1} other "
            f"seats, {len(names)} bots"
        )
    others = [make_bot(name) for name in names]
    return [human if index == seat else others.pop(0) for index in range(players)]


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Play a game with a person at ``--seat``; 0 at the end or on ``quit``, 130 if
    stopped by Ctrl-C or the end of input."""
    rules = presets.get(args.preset)
    players = args.players
    if not rules.min_players <= players <= rules.max_players:
        parser.error(
            f"{args.preset} seats {rules.min_players}-{rules.max_players} players, not {players}"
        )
    if not 0 <= args.seat < players:
        parser.error(f"--seat must be a seat from 0 to {players - 1}, not {args.seat}")
    problem = None if args.record is None else output_problem(args.record)
    if problem is not None:
        parser.error(f"--record: {problem}")
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    if not 0 <= seed < 2**64:
        parser.error(f"--seed must be a whole number from 0 to 2**64 - 1, not {seed}")
    out = sys.stdout
    current: list[State] = []
    moves: list[Move] = []

    def write(text: str) -> None:
        print(text, file=out, flush=True)

    def explain(move: Move) -> str | None:
        error = current[-1].explain(move) if current else None
        return None if error is None else str(error)

    human = HumanBot(input, write, explain, use_colour(out, args.no_color), Hints())
    try:
        bots = _bots(args.bots, players, args.seat, human)
    except MatchError as error:
        parser.error(str(error))
    seat = args.seat

    def observe(move: Move, state: State) -> None:
        current.append(state)
        del current[:-1]
        moves.append(move)
        human.news.extend(describe(event, seat) for event in state.view(seat).events)
        if state.is_over:
            for line in human.news:
                write(f"  {line}")
            human.news = []

    from ..phase_one import deal

    first = deal(rules, players=players, seed=seed)
    key = new_key()  # the bots' seeds tell nothing of the deal
    current.append(first)
    write(f"{args.preset}, {players} players, seed {seed}; you are seat {seat}")
    status = 0
    try:
        result = play_game(
            rules,
            bots,
            seed,
            bot_seeds=[bot_seed(key, "play", seed, "seat", s) for s in range(players)],
            observe=observe,
        )
        who = "You are" if result.loser == seat else f"Seat {result.loser} is"
        write(f"{who} the goat after {result.moves} moves.")
    except Quit:
        write(f"Game ended after {len(moves)} moves, as you asked.")
        status = 0
    except (Stopped, KeyboardInterrupt):
        write(f"Game stopped after {len(moves)} moves.")
        status = 130
    record = Record.of(first, moves)
    if args.record is not None:
        args.record.write_text(record.to_json(indent=1), encoding="utf-8")
        write(f"Saved the game record as {args.record}")
    if args.analyse and status == 0:
        try:
            _analysed(record, seat, write)
        except KeyboardInterrupt:
            write("Analysis stopped.")
            status = 130
    return status


#: The ``play`` command: a seat for a person at the terminal, against bots.
COMMAND = Command(
    "play",
    "play a game in the terminal against bots",
    __doc__.split("\n\n")[0].strip() if __doc__ else "",
    configure,
    run,
)
