"""A bot that searches for as long as it is given: :class:`PimcBot`.

Perfect-information Monte Carlo, as the strong bridge programs play: the bot
deals the cards it cannot see at random, consistently with what it saw
(:func:`skitgubbe.sample`), so that each deal is a game of perfect information,
plays each of its candidate moves on in each deal, and keeps the move that did
best over all of them.

* **Phase one.** Each round of the search samples a world and plays every
  candidate on in it to the end (or until the bot is out), with the greedy
  policy of :func:`~skitgubbe.bots.playouts.playout_move` for every seat, until
  two seats are left in phase two with few enough cards for the solver
  (:data:`PLAYOUT_SOLVE_CARDS`): from there the playout's result is the
  solver's exact verdict, not a greedy guess. The candidates share the time by
  sequential halving (as Karnin, Koren and Somekh proposed for picking the
  best of several arms on a fixed budget): the time is cut into one stage per
  halving, every stage plays the candidates still in on the same worlds, and
  after each stage but the last the worse half drops out, so the last two
  candidates are compared on the most worlds.
* **Phase two.** A player who remembers phase one knows every hand, so the
  position itself is known: where the position is within the solver's reach
  (two seats left with at most :data:`ROOT_SOLVE_CARDS_TWO` cards in hand, or
  more seats with at most :data:`ROOT_SOLVE_CARDS_MANY`), the bot asks the
  solver (:mod:`skitgubbe.solve`) whether it can force its escape. If it can,
  it plays a move that does (the one of the shortest line the solver found;
  the bot keeps one solver for the game, so move after move it follows that
  line to its end). If the answer is open, it keeps to the moves that
  keep the game open. Otherwise (the others together could make it the goat,
  which with three or more seats means little, since they do not play
  together), and when the position is beyond the solver's reach or its share
  of the time, it searches the known position with
  :class:`~skitgubbe.bots.tree.TreeSearch` (UCT, every seat playing for
  itself, small two-seat endings settled by the solver) for the rest of its
  time. Measured on 100 first positions of phase two in 4-player Flurst, at
  0.1 s a move against three ``SearchBot`` players: goat in 15% of 400 games
  (95% interval 11 to 18%) with the tree search; one greedy playout of each
  move, as the bot played before, gave 30% (25 to 34%) on a like set. More
  search buys little: 30, 100, 400 and 1,500 lines of the tree a decision
  gave 12 to 14% on 60 positions, alike within their intervals, and on 300
  positions 1,000 lines gave 11.1% against 12.7% at 100 (1.6 points fewer,
  paired by position, 95% interval 4.0 fewer to 0.8 more).

Over whole games of 4-player Flurst (``benchmarks/strength.py``, 95%
intervals, a quarter even): at 0.1 s a decision against three ``SearchBot``
players it is the goat in 9.1% of 800 games (7.1 to 11.2%); over 160 deals,
in 13.3% of 640 games at 0.01 s (10.7 to 15.8%) and 7.8% at 0.1 s (5.6 to
10.1%), apart, while 1 s gains little over 0.1 s against them (over another
160 deals 6.4% against 8.0%, 1.6 points fewer paired by deal, from 4.3 fewer
to 1.2 more); against three
copies of itself at a tenth of its time, in 16.2% of 320 games at 0.1 s (12.2
to 20.3%) and 12.2% of 320 at 1 s (8.3 to 16.0%): each step of time is
stronger than the last.

An outcome is scored 1 for the goat and otherwise a fifth of the seat's place
(0 for going out first): being the goat is what the bot most wants to avoid.

Anytime: the bot thinks for ``seconds`` a decision (and for at most
:data:`~skitgubbe.bots.search.TIME_SHARE` of what a runner's time limit gives
it), checks the clock within playouts and the solver, starts no round it
expects to overrun, and answers with the greedy move if not one round fits.
``playouts`` gives a fixed budget instead, for games that a seed repeats on any
machine.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from ..errors import shown
from ..moves import Move
from ..sampling import sample
from ..solve import Solver, Verdict
from ..state import Phase, PhaseTwoState, State
from ..views import PlayerView
from .playouts import PLAYOUT_LIMIT, greedy_choice, playout_move
from .protocol import is_due
from .search import TIME_SHARE
from .search import _candidates as _search_candidates
from .tree import TreeSearch

__all__ = [
    "CANDIDATES",
    "DEFAULT_SECONDS",
    "PLAYOUT_SOLVE_CARDS",
    "PLAYOUT_SOLVE_NODES",
    "ROOT_SOLVE_CARDS_MANY",
    "ROOT_SOLVE_CARDS_TWO",
    "SOLVE_SHARE",
    "PimcBot",
]

#: Seconds a decision by default.
DEFAULT_SECONDS = 0.1
#: Within a playout, a phase-two position with two seats left and at most this
#: many cards in their hands is settled by the solver.
PLAYOUT_SOLVE_CARDS = 8
#: The most positions the solver spends settling one playout (past it the
#: playout goes on greedily).
PLAYOUT_SOLVE_NODES = 1_000
#: The solver is asked about a phase-two decision's own position only when it is
#: within its reach: two seats left with at most this many cards in hand...
ROOT_SOLVE_CARDS_TWO = 26
#: ...or three seats or more with at most this many (beyond, it would spend its
#: share of the time and rarely finish, time the tree search then lacks).
ROOT_SOLVE_CARDS_MANY = 12
#: The share of a phase-two decision's time the solver may spend on the position
#: itself before the bot turns to playouts.
SOLVE_SHARE = 0.5
#: Candidates compared by playouts in phase one (the greedy order picks them).
CANDIDATES = 8


class PimcBot:
    """Perfect-information Monte Carlo with the phase-two solver (see the module
    docs): ``seconds`` a decision, or a fixed number of ``playouts`` a decision
    shared among the candidates (then a seed repeats its games anywhere).
    ``solve_nodes`` bounds the positions the solver spends on a phase-two
    decision's own position (within :data:`SOLVE_SHARE` of its time)."""

    def __init__(
        self,
        seconds: float | None = DEFAULT_SECONDS,
        *,
        playouts: int | None = None,
        solve_nodes: int = 20_000,
        name: str = "pimc",
    ) -> None:
        if seconds is not None and not (isinstance(seconds, (int, float)) and seconds > 0):
            raise ValueError(f"seconds must be more than 0, not {shown(seconds)}")
        if playouts is not None and (
            isinstance(playouts, bool) or not isinstance(playouts, int) or playouts < 1
        ):
            raise ValueError(
                f"playouts must be a whole number of at least 1, not {shown(playouts)}"
            )
        if isinstance(solve_nodes, bool) or not isinstance(solve_nodes, int) or solve_nodes < 1:
            raise ValueError(
                f"solve_nodes must be a whole number of at least 1, not {shown(solve_nodes)}"
            )
        if seconds is None and playouts is None:
            raise ValueError("give the bot seconds, playouts or both")
        self.name = name
        self.seconds = seconds
        self.playouts = playouts
        self.solve_nodes = solve_nodes
        self._rng = random.Random(0)
        self._solver = Solver()
        self._tree = TreeSearch(solver=self._solver)
        #: Playouts made since the bot was made, over every game it played.
        self.playouts_made = 0
        #: Decisions the solver settled alone (phase two, the escape proved).
        self.solved = 0

    def reset(self, seat: int, seed: int) -> None:
        """Seed a new game and forget what the solver proved in the last one."""
        self._rng = random.Random(seed)
        self._solver = Solver()
        self._tree = TreeSearch(solver=self._solver)

    def choose(self, view: PlayerView, moves: Sequence[Move]) -> Move | None:
        """The move that did best (see the module docs); the greedy choice when
        not due."""
        return self._decide(view, moves, self.seconds)

    def choose_timed(self, view: PlayerView, moves: Sequence[Move], seconds: float) -> Move | None:
        """As :meth:`choose`, done well within ``seconds``."""
        budget = TIME_SHARE * seconds
        return self._decide(
            view, moves, budget if self.seconds is None else min(budget, self.seconds)
        )

    def _decide(
        self, view: PlayerView, moves: Sequence[Move], seconds: float | None
    ) -> Move | None:
        if not is_due(view) or len(moves) == 1:
            return greedy_choice(view, moves)
        start = time.perf_counter()
        deadline = math.inf if seconds is None else start + seconds
        options = list(moves)
        known: State | None = None
        if view.phase is Phase.TWO and not view.unseen_mask:
            known = sample(view, self._rng)  # every card is placed: the position itself
            options = self._solved_options(known, view.player, options, start, deadline)
            if len(options) == 1:
                return options[0]
            return self._tree_move(known, options, deadline)
        if len(options) > CANDIDATES:
            options = _candidates(view, options)
        return self._compare(view, options, start, deadline)

    def _tree_move(self, state: State, options: list[Move], deadline: float) -> Move:
        """The move :class:`~skitgubbe.bots.tree.TreeSearch` tried most from the
        known position, within the time left (or :attr:`playouts` lines)."""
        seconds = None if deadline == math.inf else max(deadline - time.perf_counter(), 0.0)
        answer = self._tree.search(state, seconds=seconds, iterations=self.playouts, moves=options)
        self.playouts_made += answer.iterations
        return answer.best

    def _solved_options(
        self, state: State, me: int, moves: list[Move], start: float, deadline: float
    ) -> list[Move]:
        """The moves worth comparing in a known phase-two position: one escape
        alone if the solver proves one, the moves that keep the game open
        if it is open, else every move. A position beyond the solver's reach
        (see :data:`ROOT_SOLVE_CARDS_TWO`) is not asked about."""
        assert isinstance(state, PhaseTwoState)
        cards = sum(mask.bit_count() for mask in state.hand_masks)
        seats = state.active.bit_count()
        if cards > (ROOT_SOLVE_CARDS_TWO if seats == 2 else ROOT_SOLVE_CARDS_MANY):
            return moves
        seconds = None if deadline == math.inf else (deadline - start) * SOLVE_SHARE
        answer = self._solver.solve(
            state, me, max_nodes=self.solve_nodes, seconds=seconds, one_move=True
        )
        if not answer.complete or not answer.moves:
            return moves
        if answer.verdict is Verdict.ESCAPES:
            self.solved += 1
            return [answer.moves[0]]
        if answer.verdict is Verdict.OPEN:
            return list(answer.moves)
        return moves

    def _compare(
        self,
        view: PlayerView,
        options: list[Move],
        start: float,
        deadline: float,
    ) -> Move | None:
        """The candidate with the best total over the sampled worlds, by
        sequential halving: the time (or the playouts) is cut into as many
        stages as halvings leave one candidate, every stage plays the candidates
        still in on the same worlds, and each stage but the last keeps the
        better half for the next (ties kept in the greedy order)."""
        me = view.player
        stages = max(1, (len(options) - 1).bit_length())
        live = list(range(len(options)))
        totals = [0.0] * len(options)
        played = 0
        worlds = 0
        for stage in range(stages):
            if self.playouts is None:
                rounds = math.inf
                end = start + (deadline - start) * (stage + 1) / stages
            else:
                rounds = max(1, self.playouts // stages // len(live))
                end = deadline
            done = 0
            while done < rounds:
                now = time.perf_counter()
                if played and now + (now - start) / played * len(live) > end:
                    break  # the next round would likely overrun the stage
                world = sample(view, self._rng)
                scores = []
                for index in live:
                    score = self._playout(world.apply(options[index]), me, deadline)
                    if score is None:
                        break
                    scores.append(score)
                played += len(scores)
                if len(scores) < len(live):
                    stages = 0  # out of time: a round cut short is dropped, and no stage follows
                    break
                for index, score in zip(live, scores, strict=True):
                    totals[index] += score
                done += 1
            worlds += done
            if stage + 1 >= stages:
                break
            if done:  # halve on what the stage saw
                ranked = sorted(live, key=lambda index: totals[index])
                live = sorted(ranked[: (len(live) + 1) // 2])
        self.playouts_made += played
        if not worlds:
            return greedy_choice(view, options)
        return options[min(live, key=lambda index: totals[index])]

    def _playout(self, state: State, me: int, deadline: float) -> float | None:
        """Play on until ``me`` is out or the game ends; its score (see the module
        docs), or ``None`` if the clock passes ``deadline``."""
        settle = True  # the solver is asked once a playout, where it first may settle it
        for made in range(PLAYOUT_LIMIT):
            if made % 32 == 31 and time.perf_counter() > deadline:
                return None
            if state.is_over:
                return _score(state, me)
            if isinstance(state, PhaseTwoState):
                if me in state.out:
                    return _score(state, me)
                if settle and _small_ending(state, me):
                    settle = False
                    settled = self._settle(state, me, deadline)
                    if settled is not None:
                        return settled
                state = state.apply(playout_move(state, state.due[0]))
                continue
            state = state.apply(playout_move(state, state.due[0]))
        return 0.5  # pragma: no cover - playouts end long before

    def _settle(self, state: PhaseTwoState, me: int, deadline: float) -> float | None:
        """The exact score of a playout from a small two-seat position (see
        :func:`_small_ending`), if the solver settles it within
        :data:`PLAYOUT_SOLVE_NODES`."""
        seconds = None if deadline == math.inf else max(deadline - time.perf_counter(), 1e-6)
        answer = self._solver.solve(
            state, me, max_nodes=PLAYOUT_SOLVE_NODES, seconds=seconds, one_move=True
        )
        if answer.verdict is Verdict.GOAT:
            return 1.0
        if answer.verdict is Verdict.ESCAPES:
            return 0.2 * (state.players - 2) / (state.players - 1)
        return None

    def __repr__(self) -> str:
        budget = [] if self.seconds is None else [f"seconds={self.seconds}"]
        budget += [] if self.playouts is None else [f"playouts={self.playouts}"]
        return f"PimcBot({', '.join(budget)})"


def _small_ending(state: PhaseTwoState, me: int) -> bool:
    """Whether ``me`` is one of two seats left with at most
    :data:`PLAYOUT_SOLVE_CARDS` cards between their hands."""
    active = state.active
    return (
        active.bit_count() == 2
        and bool(active >> me & 1)
        and sum(mask.bit_count() for mask in state.hand_masks) <= PLAYOUT_SOLVE_CARDS
    )


def _score(state: State, me: int) -> float:
    """1 for the goat, else a fifth of ``me``'s place as a fraction (0 first out)."""
    if state.is_over and state.loser == me:
        return 1.0
    assert isinstance(state, PhaseTwoState)
    players = state.players
    still = players - len(state.out)
    return 0.2 * (players - 1 - still) / (players - 1)


def _candidates(view: PlayerView, moves: list[Move]) -> list[Move]:
    """At most :data:`CANDIDATES` moves in the greedy order, the greedy choice
    among them (as :class:`~skitgubbe.bots.SearchBot` picks its candidates)."""
    return _search_candidates(view, moves, CANDIDATES)
