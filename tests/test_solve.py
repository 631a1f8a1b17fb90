"""The phase-two solver, proved against a plain search and against itself.

The oracle is a minimax over every line of play with no table and no pruning:
a position met again on the line being searched counts as open (the side that
could force an end never needs to go round), the seat asked about takes the best
of its moves, the others the worst for it. On every small position generated
here it must agree with :func:`skitgubbe.solve.solve`, which searches depth
first with a bound on the moves and a table. A second, independent reference is
the labelling of the whole graph of positions backwards from the ends of the
game (the solver's last resort), which takes larger positions than the plain
search can.
"""

from __future__ import annotations

import pickle
import random
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable, Iterator

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import skitgubbe as sg
from skitgubbe.cards import cards_of, format_cards, mask_of, one_pack
from skitgubbe.events import EventKind
from skitgubbe.moves import PickUp, Play
from skitgubbe.rules import AntiTrump, Beat, Runs
from skitgubbe.rules import PickUp as PickUpRule
from skitgubbe.simulate import move_bound
from skitgubbe.solve import Solution, SolveError, Solver, Verdict, search, solve
from skitgubbe.solve.search import (
    _CUT,
    _POSITIONS,
    _beside,
    _Budget,
    _Cyclic,
    _junk_shape,
    _key,
    _label_graph,
    _moves_needed,
    _ordered,
    _OutOfBudget,
    _Positions,
    _quick_line,
    _Race,
    _Shedding,
)
from skitgubbe.state import PhaseTwoState, State

ORDER = {Verdict.GOAT: 0, Verdict.OPEN: 1, Verdict.ESCAPES: 2}
#: Every preset whose phase two plays from hands alone (no avstickshög to draw).
RULES = [
    rules
    for name, rules in sg.presets.ALL.items()
    if rules.avstickshog == 0 and rules.max_players >= 2
]


class TooBig(Exception):
    """The plain search met more lines than a test can wait for."""


def oracle(state: State, seat: int, budget: int = 30_000) -> Verdict:
    """Plain minimax over every line (see the module's description); raises
    :class:`TooBig` past ``budget`` positions searched (a position whose pick-ups
    make many cycles has very many lines)."""
    calls = [0]

    def search(state: State, line: frozenset[State]) -> Verdict:
        calls[0] += 1
        if calls[0] > budget:
            raise TooBig
        return _minimax(state, seat, line, search)

    # its lines are as long as the game: deeper than the interpreter's default
    # limit allows; raised for these calls only, so that no other test runs with it
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20_000))
    try:
        return search(state, frozenset())
    finally:
        sys.setrecursionlimit(limit)


def _minimax(
    state: State,
    seat: int,
    line: frozenset[State],
    search: Callable[[State, frozenset[State]], Verdict],
) -> Verdict:
    if isinstance(state, PhaseTwoState) and seat in state.out:
        return Verdict.ESCAPES  # the game ends (at the quiet limit at the latest) without it
    if state.is_over:
        if any(event.kind is EventKind.STALLED for event in state.events):
            return Verdict.OPEN
        return Verdict.GOAT if state.loser == seat else Verdict.ESCAPES
    if state in line:
        return Verdict.OPEN
    line = line | {state}
    values = [search(state.apply(move), line) for move in state.legal_moves()]
    pick = max if state.to_act[0] == seat else min
    return pick(values, key=ORDER.__getitem__)


def sealed(state: State, seat: int) -> Verdict | None:
    """The seat's fate once it is sealed: out of play (escaped, whatever the
    others do after), or the game over; ``None`` while it is not."""
    out = isinstance(state, PhaseTwoState) and seat in state.out
    if out or (state.is_over and state.loser != seat):
        return Verdict.ESCAPES
    return Verdict.GOAT if state.is_over else None


def small_position(rng: random.Random, cards: int) -> PhaseTwoState:
    """A phase-two position of 2 to 4 seats with ``cards`` cards in hands, dealt at random."""
    rules = rng.choice(RULES)
    players = rng.randint(max(2, rules.min_players), min(4, rules.max_players))
    pack = list(one_pack())
    rng.shuffle(pack)
    hands: list[list[sg.Card]] = [[] for _ in range(players)]
    for index in range(cards):
        hands[index % players if index < players else rng.randrange(players)].append(pack[index])
    trump = rng.choice("CDHS")
    return sg.start_phase_two(
        rules, [format_cards(hand) for hand in hands], trump, leader=rng.randrange(players)
    )


def positions(count: int, seed: int) -> list[PhaseTwoState]:
    rng = random.Random(seed)
    return [small_position(rng, rng.randint(2, 5)) for _ in range(count)]


def test_the_solver_agrees_with_plain_minimax_on_small_positions() -> None:
    checked = {Verdict.GOAT: 0, Verdict.OPEN: 0, Verdict.ESCAPES: 0}
    too_big = 0
    for state in positions(80, seed=1):
        for seat in range(state.players):
            if seat in state.out:
                continue
            answer = solve(state, seat)
            assert answer.complete
            try:
                expected = oracle(state, seat)
            except TooBig:
                too_big += 1
                continue
            assert answer.verdict is expected, (state, seat)
            checked[answer.verdict] += 1
    # a position that goes round has too many lines for the plain search: the open
    # verdicts are checked against their moves below
    assert checked[Verdict.GOAT] >= 20 and checked[Verdict.ESCAPES] >= 20, checked
    assert sum(checked.values()) >= 5 * too_big, (checked, too_big)


def test_the_solver_agrees_with_the_whole_graph_up_to_ten_cards() -> None:
    """Every preset without an avstickshög, 2 to 4 seats, 2 to 10 cards (those
    whose graph has at most 20,000 positions); the length of the quickest forcing
    line agrees too."""
    rng = random.Random(5)
    checked = {Verdict.GOAT: 0, Verdict.OPEN: 0, Verdict.ESCAPES: 0}
    largest = 0
    for _ in range(60):
        state = small_position(rng, rng.randint(2, 10))
        for seat in range(state.players):
            if seat in state.out:
                continue
            try:
                settled = _label_graph(state, seat, _Budget(10**9, float("inf")), 20_000)
            except _OutOfBudget:  # pragma: no cover - the budget is not reached
                continue
            if settled is None:
                continue
            expected, length = settled
            answer = solve(state, seat, quickest=True)
            assert (answer.verdict, answer.length) == (expected, length), (state, seat)
            assert solve(state, seat).verdict is expected, (state, seat)
            checked[expected] += 1
            largest = max(largest, sum(map(state.hand_size, range(state.players))))
    assert largest >= 9
    # open positions are rare here, a seat out of play having escaped: the tests
    # below and the one of the search that counts no moves meet more of them
    assert checked[Verdict.GOAT] >= 20 and checked[Verdict.ESCAPES] >= 20, checked


def test_the_search_that_counts_no_moves_agrees_with_the_whole_graph() -> None:
    """With three seats or more, the searches for the escape and for the goat
    that count no moves (and keep a failure only when it rests on no position
    higher on the line) each agree with the whole graph, alone: the escape is
    forced exactly when the graph says it escapes, the goat exactly when it says
    goat, and neither when it is open. Positions that go round are among them."""
    rng = random.Random(11)
    checked = {Verdict.GOAT: 0, Verdict.OPEN: 0, Verdict.ESCAPES: 0}
    left = 0
    for _ in range(200):
        if min(checked.values()) >= 4:
            break
        state = small_position(rng, rng.randint(3, 9))
        if len(state.out) > state.players - 3 or state.is_over:
            continue
        for seat in range(state.players):
            if seat in state.out:
                continue
            settled = _label_graph(state, seat, _Budget(10**9, float("inf")), 5_000)
            if settled is None:
                continue
            expected = settled[0]
            solver = Solver()
            try:  # where lines go round and round it may take long: those are left
                found = [
                    solver._force(state, seat, escape, _Budget(20_000, float("inf")))
                    for escape in (True, False)
                ]
            except _OutOfBudget:
                left += 1
                continue
            if _CUT in found:  # pragma: no cover - a line too long to follow
                left += 1
                continue
            escapes, goat = (value >= 0 for value in found)
            assert (escapes, goat) == (
                expected is Verdict.ESCAPES,
                expected is Verdict.GOAT,
            ), (state, seat)
            checked[expected] += 1
    assert min(checked.values()) >= 4 and sum(checked.values()) >= 10 * left, (checked, left)


def test_a_solver_asked_move_after_move_follows_its_line_to_the_end() -> None:
    """Three seats from real games, answers without counting moves: the forcing
    side playing the first move named, by one solver asked again at each move,
    and the others playing any move, the game ends as the verdict says."""
    followed = 0
    for seed in range(120):
        rng = random.Random(seed)
        state: State = sg.deal(sg.presets.FLURST, players=3, seed=seed)
        while not state.is_over and (
            not isinstance(state, PhaseTwoState) or sum(map(state.hand_size, range(3))) > 8
        ):
            state = state.apply(rng.choice(state.legal_moves()))
        if state.is_over or not isinstance(state, PhaseTwoState) or state.out:
            continue
        seat = state.to_act[0]
        solver = Solver()
        answer = solver.solve(state, seat, one_move=True)
        if answer.verdict is Verdict.OPEN or not answer.complete:
            continue
        current: State = state
        for _ in range(move_bound(state.rules)):
            if sealed(current, seat) is not None:
                break
            step = solver.solve(current, seat, one_move=True)
            assert step.verdict is answer.verdict
            forcing = (step.verdict is Verdict.ESCAPES) == (current.to_act[0] == seat)
            legal = current.legal_moves()
            current = current.apply(step.moves[0] if forcing else rng.choice(legal))
        assert sealed(current, seat) is answer.verdict
        followed += 1
        if followed >= 12:
            break
    assert followed >= 12


def test_a_line_too_long_to_follow_is_cut_within_the_recursion_limit() -> None:
    """A 10-card three-seat position from a real game where the search for the
    goat, not counting moves, goes down a line of over a thousand positions (the
    others keep picking up): under the interpreter's default recursion limit it
    stops at ``_LONGEST_LINE`` positions instead of raising ``RecursionError``, and the
    solver still answers (within its budget, or saying it ran out)."""
    rng = random.Random(21)
    state: State = sg.deal(sg.presets.FLURST, players=3, seed=21)
    while not isinstance(state, PhaseTwoState) or sum(map(state.hand_size, range(3))) > 10:
        state = state.apply(rng.choice(state.legal_moves()))
    assert not state.is_over and not state.out
    seat = state.to_act[0]
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(1_000)
    try:
        try:
            found = Solver()._force(state, seat, False, _Budget(10_000, float("inf")))
        except _OutOfBudget:
            found = None
        answer = Solver().solve(state, seat, max_nodes=30_000)
    finally:
        sys.setrecursionlimit(limit)
    assert found is None or found < 0  # the goat is not forced here, or not yet known
    # its whole graph has over 400,000 positions: each escape named is checked
    # one move on instead, where the seat must still be able to escape
    assert answer.complete and answer.verdict is Verdict.ESCAPES and answer.moves
    for move in answer.moves:
        after = state.apply(move)
        assert Solver().solve(after, seat, max_nodes=30_000).verdict is Verdict.ESCAPES, move


def test_a_solver_keeps_what_it_proved() -> None:
    """Asked again, a solver answers from its table; the answer is the same."""
    state = sg.start_phase_two(
        sg.presets.SWEDISH_GOAT, ["2C 5C 9D KH 4S", "3C 7D 8D QH AS"], "H", leader=0
    )
    solver = Solver()
    first = solver.solve(state)
    again = solver.solve(state)
    assert again.nodes < first.nodes
    assert (again.verdict, again.moves, again.length) == (first.verdict, first.moves, first.length)
    assert solve(state) == first


def test_a_used_solver_pickles_with_what_it_proved() -> None:
    """A solver that has answered questions (two seats and three) can be pickled,
    as a bot holding one is, in both builds; the copy keeps what the solver
    proved, so it answers again after as few positions as the solver itself.
    In the compiled build the race's table in C goes into the pickle as bytes,
    and bytes that are not such a table are refused, naming what is wrong."""
    two = sg.start_phase_two(
        sg.presets.FLURST, ["2C 5D 9H 7S KS 4D", "3C AS 4H 8D JC", ""], "S", leader=0
    )
    three = sg.start_phase_two(sg.presets.FLURST, ["2C 5D 9H", "3C AS 4H", "8D 7S"], "S", leader=0)
    big = sg.start_phase_two(  # keyed by blocks (see _Shedding.key)
        sg.presets.FLURST, ["2C 5D 9H 7S KS 4D 6C 7C", "3C AS 4H 8D JC QH TD", ""], "S", leader=0
    )
    solver = Solver()
    first = [solver.solve(state, 0) for state in (two, three, big)]
    copy = pickle.loads(pickle.dumps(solver))
    for state, answer in zip((two, three, big), first, strict=True):
        again, copied = solver.solve(state, 0), copy.solve(state, 0)
        assert copied == again and copied.verdict is answer.verdict
        assert copied.nodes < answer.nodes or answer.nodes == 0
    if not sg.COMPILED:
        return
    from skitgubbe.solve._shedding import Bounds, Race

    race = next(iter(solver._races.values()))
    assert isinstance(race, Race) and len(race) > 0
    made, (nodes, kept) = race.__reduce__()[1:]
    assert len(kept) == 17 * len(race) and nodes == race.nodes
    assert any(kept[at + 15] >> 7 for at in range(0, len(kept), 17))  # a key of blocks
    fresh = Race(*made)  # the arguments it was made with
    fresh.__setstate__((nodes, kept))
    assert len(fresh) == len(race)
    for forged, problem in [
        ((0, kept[:-1]), "not 17 a position"),
        ((0, bytes(8) + (1).to_bytes(8, "little") + b"\x02"), "answer of 0 or 1"),
        ((0, (3).to_bytes(8, "little") + (1).to_bytes(8, "little") + b"\x01"), "apart"),
        ((0, (1 << 60).to_bytes(8, "little") + bytes(8) + b"\x01"), "one pack"),
        ((0, bytes(8) + (1 << 63).to_bytes(8, "little") + b"\x01"), "blocks"),  # no cards
        (
            (0, (2**64 - 1).to_bytes(8, "little") + (1 << 63).to_bytes(8, "little") + b"\x01"),
            "blocks",
        ),
    ]:
        with pytest.raises(ValueError, match=problem):
            Race(*made).__setstate__(forged)
    with pytest.raises(ValueError, match="has kept nothing"):
        fresh.__setstate__((nodes, kept))
    table = Bounds(3)
    table[12345] = 7 | 9 << 16
    table[1 << 200] = 3
    assert sorted(pickle.loads(pickle.dumps(table)).items()) == sorted(table.items())


def test_an_open_position_lets_each_side_keep_it_open() -> None:
    """From an open position the seat asked about has a move that keeps it open
    and none that escapes, when it moves; when another seat moves, no move makes
    it the goat and one keeps it open."""
    opened = 0
    rng = random.Random(92)
    for _ in range(400):
        state = small_position(rng, rng.randint(3, 5))
        for seat in range(state.players):
            if seat in state.out or solve(state, seat).verdict is not Verdict.OPEN:
                continue
            after = [solve(state.apply(move), seat).verdict for move in state.legal_moves()]
            if state.to_act[0] == seat:
                assert Verdict.ESCAPES not in after and Verdict.OPEN in after
            else:
                assert Verdict.GOAT not in after and Verdict.OPEN in after
            opened += 1
        if opened >= 12:
            break
    assert opened >= 12


def test_the_solver_agrees_with_minimax_on_positions_from_real_games() -> None:
    """Random Flurst games played into phase two and on until few cards are left."""
    rng = random.Random(4)
    checked = 0
    for seed in range(200):
        state: State = sg.deal(sg.presets.FLURST, players=3, seed=seed)
        while not state.is_over and (
            not isinstance(state, PhaseTwoState)
            or sum(state.hand_size(seat) for seat in range(3)) > 6
        ):
            state = state.apply(rng.choice(state.legal_moves()))
        if state.is_over or not isinstance(state, PhaseTwoState):
            continue
        for seat in range(3):
            if seat not in state.out:
                try:
                    expected = oracle(state, seat)
                except TooBig:
                    continue
                assert solve(state, seat).verdict is expected
                checked += 1
        if checked >= 24:
            break
    assert checked >= 24


def test_the_bound_on_moves_holds_on_every_line_played() -> None:
    """The proof search's lower bound on the moves a goal takes (a seat's plays
    to go out, and the others' moves between them) holds on any line, so on
    lines played here: for each position of phase two and each seat in play, the
    moves until the seat went out (or, for the goat, until the others all did)
    are at least the bound. The lines are short ones, mostly the solver's own
    first move (going out, killing, shedding most), where a kill and the lead
    after it come one after the other: a bound that counted a move between them
    fails here."""
    rng = random.Random(11)
    tight = tight_goat = 0
    for number in range(120):
        rules = RULES[number % len(RULES)]
        players = rng.randint(max(3, rules.min_players), min(5, rules.max_players))
        state: State = sg.deal(rules, players=players, seed=number)
        while not isinstance(state, PhaseTwoState) and not state.is_over:
            state = state.apply(rng.choice(state.legal_moves()))
        line: list[PhaseTwoState] = []
        while isinstance(state, PhaseTwoState):
            line.append(state)
            if state.is_over:
                break
            moves = state.legal_moves()
            ordered = _ordered(state, moves)
            state = state.apply(ordered[0] if rng.random() < 0.8 else rng.choice(moves))
        if not line:
            continue
        end = len(line) - 1
        for at, position in enumerate(line[:-1]):
            for seat in range(position.players):
                if seat in position.out:
                    continue
                gone = next(
                    (later for later in range(at + 1, end + 1) if seat in line[later].out), None
                )
                if gone is not None:
                    needed = _moves_needed(position, seat, True)
                    assert gone - at >= needed, (position, seat)
                    tight += gone - at == needed
                elif line[end].is_over and line[end].loser == seat:
                    needed = _moves_needed(position, seat, False)
                    assert end - at >= needed, (position, seat)
                    tight_goat += end - at == needed
    assert tight >= 100 and tight_goat >= 50, (tight, tight_goat)  # lines as short as the bound


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.integers(2, 6))
def test_a_positions_verdict_is_the_best_of_its_moves(seed: int, cards: int) -> None:
    """The verdict of a position is the best its mover can reach among the
    verdicts of the positions its moves lead to (best for the seat asked about
    when it moves, worst for it when another seat does)."""
    state = small_position(random.Random(seed), cards)
    seat = state.to_act[0]
    for asked in {seat, (seat + 1) % state.players}:
        if asked in state.out:
            continue
        answer = solve(state, asked)
        children = [solve(state.apply(move), asked).verdict for move in state.legal_moves()]
        pick = max if seat == asked else min
        best = pick(children, key=lambda verdict: ORDER[verdict])  # type: ignore[index]
        assert answer.verdict is best
        # the moves named keep the verdict
        kept = [solve(state.apply(move), asked).verdict for move in answer.moves]
        assert kept and all(verdict is answer.verdict for verdict in kept)


@pytest.mark.parametrize("quickest", [True, False])
def test_a_forcing_line_ends_the_game(quickest: bool) -> None:
    """Following the named moves for the side that forces the verdict (and any
    move for the other side) seals the seat's fate as the verdict says (it goes
    out, or the game ends with it the goat or not): within its
    length when the quickest line is asked for, within the rules' bound when not
    (moves are counted only where the race does not decide)."""
    raced = 0
    for state in positions(40, seed=7):
        seat = state.to_act[0]
        answer = solve(state, seat, quickest=quickest)
        if answer.verdict is Verdict.OPEN:
            continue
        if quickest:
            assert answer.length is not None
        raced += answer.length is None
        current: State = state
        for _ in range(answer.length or move_bound(state.rules)):
            if sealed(current, seat) is not None:
                break
            step = solve(current, seat, quickest=quickest)
            mine = current.to_act[0] == seat
            forcing = (step.verdict is Verdict.ESCAPES) == mine
            move = step.moves[0] if forcing else current.legal_moves()[-1]
            current = current.apply(move)
        assert sealed(current, seat) is answer.verdict
    assert raced >= (0 if quickest else 10)  # the race decided these


def test_a_budget_too_small_says_so_and_bad_input_is_refused() -> None:
    state = sg.start_phase_two(sg.presets.PAGAT, ["2C 9C KH 5S", "3C 5D 8H QS"], "D", leader=0)
    answer = solve(state, max_nodes=2)
    assert answer.verdict is None and not answer.complete and answer.nodes > 2
    assert solve(state).complete and solve(state).nodes > 2
    with pytest.raises(SolveError, match="phase-two positions"):
        solve(sg.deal(sg.presets.FLURST, players=3, seed=1))
    with pytest.raises(SolveError, match="seat must be a seat from 0 to 1"):
        solve(state, seat=2)


def test_a_leader_whose_leads_cannot_be_beaten_goes_out_at_once() -> None:
    """The quick line: two seats, the leader's blocks of touching cards all but
    one unbeatable by the other seat, which can only pick them up; the last one
    (the one the other could beat) is led last and puts the leader out."""
    # spades are trump; seat 1 holds no spade and nothing above a 4
    state = sg.start_phase_two(sg.presets.FLURST, ["2C KS AS", "3D 4D", ""], "S", leader=0)
    assert _quick_line(state) == 3  # KS-AS (picked up), then 2C: out
    answer = solve(state)
    assert answer.verdict is Verdict.ESCAPES
    # 2C first lets 3D kill and lead; KS alone is picked up and AS then 2C go out
    assert sorted(str(move) for move in answer.moves) == ["0 play KS", "0 play KS AS"]
    assert solve(state, quickest=True).length == 3
    # two leads the other can beat: no quick line, and a search finds seat 0 loses
    state = sg.start_phase_two(sg.presets.FLURST, ["2C 3D", "AS", ""], "S", leader=0)
    assert _quick_line(state) == 0
    assert solve(state).verdict is Verdict.GOAT


def two_seat_positions(cards: int, count: int) -> list[PhaseTwoState]:
    """Random 4-player Flurst games played until two seats are left holding at
    most ``cards`` cards between them, the table empty."""
    found = []
    for seed in range(400):
        rng = random.Random(seed)
        state: State = sg.deal(sg.presets.FLURST, players=4, seed=seed)
        while not state.is_over:
            if isinstance(state, PhaseTwoState) and len(state.out) == 2:
                held = sum(map(state.hand_size, range(4)))
                if held <= cards and not state.table:
                    found.append(state)
                    break
            state = state.apply(rng.choice(state.legal_moves()))
        if len(found) >= count:
            break
    return found


def test_the_race_agrees_with_the_proof_search_on_two_seats_from_real_games() -> None:
    """With two seats left from real 4-player games, the verdict without counting
    moves is the verdict of the proof search (itself checked against plain
    minimax above), and the moves it names are exactly those that keep it."""
    states = two_seat_positions(8, 12)
    assert len(states) >= 8
    forcing = 0
    for state in states:
        for seat in (seat for seat in range(4) if seat not in state.out):
            raced = solve(state, seat)
            proved = solve(state, seat, quickest=True)
            assert raced.length is None and raced.verdict is proved.verdict, (state, seat)
            keeping = {
                move
                for move in state.legal_moves()
                if solve(state.apply(move), seat, quickest=True).verdict is raced.verdict
            }
            one = solve(state, seat, one_move=True)
            assert one.verdict is raced.verdict
            if (raced.verdict is Verdict.ESCAPES) == (state.to_act[0] == seat):
                assert set(raced.moves) == keeping and set(proved.moves) <= keeping
                assert len(one.moves) == 1 and one.moves[0] in keeping
                forcing += 1
            else:
                assert set(raced.moves) == set(one.moves) == set(state.legal_moves())
    assert forcing >= 4


def test_positions_alike_but_for_the_killed_cards_share_a_key_and_a_verdict() -> None:
    """Where no rule names a rank, a position is keyed by relative ranks, as a
    bridge solver keys its table: the ranks no card in play holds are dropped, a
    gap kept as a gap. 3-4 of clubs against the 9 of hearts plays as 5-6 of clubs
    against the jack; 3 and 5 of clubs (not touching) is another position; and
    Koira's runs from the 2 (P2-RUN-FROM-2) name a rank, so there the ranks stay."""
    flurst = sg.presets.FLURST
    touching = sg.start_phase_two(flurst, ["3C 4C", "9H", ""], "D", leader=0)
    higher = sg.start_phase_two(flurst, ["5C 6C", "JH", ""], "D", leader=0)
    apart = sg.start_phase_two(flurst, ["3C 5C", "9H", ""], "D", leader=0)
    assert _key(touching) == _key(higher) != _key(apart)
    assert [solve(state, 0).verdict for state in (touching, higher)] == [Verdict.ESCAPES] * 2
    assert solve(apart, 0).verdict is Verdict.GOAT  # 3C or 5C, the 9H kills it and goes out
    koira = "koira:runs=from-two"
    assert _key(sg.start_phase_two(koira, ["2C 3C", "9H", "8H"], "D", leader=0)) != _key(
        sg.start_phase_two(koira, ["3C 4C", "9H", "8H"], "D", leader=0)
    )


def _varied_rules(rng: random.Random) -> sg.Ruleset:
    """A preset, or a preset with its phase-two settings drawn at random."""
    rules = rng.choice(RULES)
    if rng.random() < 0.5:
        return rules
    return attrs.evolve(
        rules,
        runs=rng.choice(list(Runs)),
        beat=rng.choice(list(Beat)),
        pick_up=rng.choice(list(PickUpRule)),
        anti_trump=rng.choice(list(AntiTrump)),
        kill_on_trump=rng.random() < 0.3,
    )


def masks(cards: list[sg.Card]) -> int:
    """The mask of ``cards`` (bit ``13 * suit + rank index``)."""
    return sum(1 << (13 * int(card.suit.value) + int(card.rank) - 2) for card in cards)


def _race(state: PhaseTwoState, seat: int, shedding: _Shedding | None) -> int | None:
    """The race's verdict for ``seat`` (1 escapes), with or without the masks'
    race; ``None`` where a line comes back."""
    try:
        return _Race(seat, {}, 10**7, float("inf"), shedding, {}).escapes(state)
    except _Cyclic:
        return None


def test_the_race_on_masks_agrees_with_the_engines_race() -> None:
    """Two seats: the race on masks (no states made, its own moves, its own quick
    line) gives every position the verdict of the race that asks the engine, under
    every preset's phase-two rules and settings drawn at random, before a lead and
    after one, for both seats."""
    rng = random.Random(7)
    taken = {0: 0, 1: 0}
    for _ in range(700):
        rules = _varied_rules(rng)
        pack = list(one_pack())
        rng.shuffle(pack)
        cards = rng.randint(2, 11)
        hands: list[list[sg.Card]] = [[pack[0]], [pack[1]]]
        for card in pack[2:cards]:
            hands[rng.randrange(2)].append(card)
        hands += [[] for _ in range(rules.min_players - 2)]  # seats out before phase two
        state: State = sg.start_phase_two(
            rules,
            [format_cards(hand) for hand in hands],
            rng.choice("CDHS"),
            leader=rng.randrange(2),
        )
        if rng.random() < 0.5 and not state.is_over:
            state = state.apply(rng.choice(state.legal_moves()))
        if state.is_over:
            continue
        assert isinstance(state, PhaseTwoState)
        shedding = _Shedding.for_context(state._context)
        if shedding is None or not shedding.takes(state):
            continue
        for seat in (0, 1):  # the seats in play
            verdict = _race(state, seat, shedding)
            assert verdict is not None and verdict == _race(state, seat, None), (state, seat)
            taken[verdict] += 1
    assert min(taken.values()) >= 150, taken


def _flurst_position(leader: str, other: str, trump: str) -> tuple[PhaseTwoState, _Shedding]:
    """A two-seat Flurst position, seat 0 (holding ``leader``) to lead against
    seat 1 (``other``), and the race on masks that takes it."""
    state = sg.start_phase_two(sg.presets.FLURST, [leader, other, ""], trump, leader=0)
    assert isinstance(state, PhaseTwoState)
    shedding = _Shedding.for_context(state._context)
    assert shedding is not None and shedding.takes(state)
    return state, shedding


def test_a_lead_the_other_finishes_on_is_lost_unsearched() -> None:
    """Two seats: where the other seat holds a play after which it goes out by
    its quick line (a finisher), every lead that play beats is lost at once,
    since the other beats it so and goes out; the race counts no position for
    such a lead, in both builds, and the engine's race (no such rule) agrees.
    A lead no finisher beats is still searched."""
    # hearts are trump. Seat 1 beats anything seat 0 leads with a king and then
    # leads the other king, its last card; neither seat has a quick line and the
    # top cards settle nothing, so the race must look at the leads
    state, shedding = _flurst_position("9C 10C JC QC 7D 2S", "KD KS", "H")
    hand, other = state._hand_masks[0], state._hand_masks[1]
    assert not shedding.quick(hand, other) and shedding.settled(hand, other) < 0
    race = _Race(0, {}, 10**7, float("inf"), shedding, {})
    kings = [mask_of(sg.parse_cards(card)) for card in ("KD", "KS")]
    assert race._finishers(hand, other) == kings
    assert race._leads(hand, other) == 0 == _race(state, 0, None)
    assert race.nodes == 1  # the position itself; without the rule, one more for each of 12 leads
    # with the ace of clubs, seat 0 has a lead the kings cannot beat: it is searched
    ace = sg.start_phase_two(
        sg.presets.FLURST, ["9C 10C JC QC AC 7D 2S", "KD KS", ""], "H", leader=0
    )
    assert isinstance(ace, PhaseTwoState)
    hand = ace._hand_masks[0]
    assert shedding.settled(hand, other) < 0
    with_ace = _Race(0, {}, 10**7, float("inf"), shedding, {})
    assert with_ace._leads(hand, other) == _race(ace, 0, None)
    assert with_ace.nodes > 1
    if search._NATIVE_RACE is not None:  # the race in C counts as the race in Python
        for cards, verdict, nodes in ((state._hand_masks[0], 0, 1), (hand, None, with_ace.nodes)):
            native = search._NATIVE_RACE(
                shedding.filters,
                shedding.beaten_by,
                shedding.trumps,
                shedding.whole,
                shedding.groups,
            )
            answer = native.leads(cards, other, 10**7, float("inf"))
            assert answer == (verdict if verdict is not None else _race(ace, 0, None))
            assert native.nodes == nodes


def test_a_lead_the_other_finishes_on_by_its_top_cards_is_lost_unsearched() -> None:
    """Two seats: a play of the other seat's after which its top cards put it
    out, with a block of the leader's to spare, is a finisher too
    (_Shedding.tops_win): a lead it beats is lost without a search, and the
    engine's race agrees. Diamonds are trump; seat 1 beats a low lead with the
    eight of spades, the jack or the king, and is left with the ace of trumps
    and two cards seat 0 could beat: no quick line, but the ace wins the lead
    back once, and seat 0's seven blocks outlast the plays it gets."""
    state, shedding = _flurst_position("2C 3C 5C 9C AC 9H AH 4S 5S", "AD 8S JS KC", "D")
    hand, other = state._hand_masks[0], state._hand_masks[1]
    assert not shedding.quick(hand, other) and shedding.settled(hand, other) < 0
    ends = [mask_of(sg.parse_cards(card)) for card in ("KC", "8S", "JS")]
    for end in ends:
        assert not shedding.quick(other ^ end, hand) and shedding.tops_win(other ^ end, hand, 1)
    ace = mask_of(sg.parse_cards("AD"))
    assert not shedding.tops_win(other ^ ace, hand, 1)  # no top card left
    race = _Race(0, {}, 10**7, float("inf"), shedding, {})
    assert race._finishers(hand, other) == ends
    # each lead the engine's race tries loses, those the finishers beat among them
    for lead in state.legal_moves():
        assert _race(state.apply(lead), 0, None) == 0
    assert race._leads(hand, other) == 0 == _race(state, 0, None)
    assert race.nodes == 13  # 18 before these finishers: only the aces' leads are searched
    if search._NATIVE_RACE is not None:  # the race in C counts as the race in Python
        native = search._NATIVE_RACE(
            shedding.filters, shedding.beaten_by, shedding.trumps, shedding.whole, shedding.groups
        )
        assert native.leads(hand, other, 10**7, float("inf")) == 0 and native.nodes == 13


def test_the_race_tries_the_leads_the_other_can_beat_before_the_rest() -> None:
    """Two seats: the race's order of plays (a leader's leads that the other seat
    can beat first, then those it cannot, then trumps; an answering seat's
    trumps last) finds the refutations sooner. This position, from seed 199 of
    ``benchmarks/solve.py`` at 18 cards, is solved in 1,518 positions in either
    build (1,770 before the leads of each kind were tried weaker first, see
    the next test; 1,892 before a lone card as strong as a twin that lost was lost
    unsearched, see _Shedding.stronger_twin; 2,018 before a lead beaten by a
    play after which the other seat's top cards put it out was lost unsearched,
    see _Race._finishers; 2,012 while an answer looked up the pick-up first also
    where each card of the answering seat beats the lead, 2,089 while the race led from
    each of the leader's junk blocks as long, 2,111 before an answer looked up
    the pick-up's kept answer first, 2,425 while the race still tried the plays
    from inside a block, see
    :meth:`_Shedding.unled`); in the order before (more cards first, then the
    lower top card, whatever the suit) it took 35,719, past the budget here."""
    answer, escapes, nodes = _race_counted(
        ["", "2C 3C KD 9H 6S 9S", "5C JC AC 2D 3D 8D AH 4S 7S 8S QS KS"], "D", 1, 5_000
    )
    assert answer.complete and answer.verdict is Verdict.GOAT
    assert answer.nodes == 1_518
    # the race in Python, on the same masks, counts the same positions
    assert escapes == 0 and nodes == 1_518


def test_the_searches_of_three_seats_try_the_weaker_moves_first() -> None:
    """Three seats: the searches of any number of seats try going out first,
    then the weaker plays (the more cards in the hands beat a play's lowest
    card), then more cards, then the lower top card, as the race leads. Here
    (seed 87 of ``benchmarks/solve.py --seats 3`` at 12 cards) seat 0 cannot
    make sure of escaping: both builds prove it in 640 positions, where the
    order by the number of cards alone took 36,815, past the budget here; the
    answer names every move, since each of them loses."""
    state = sg.start_phase_two(
        sg.presets.FLURST, ["4D 9H 2S 3S", "3C", "", "2D 3D 9D 7H QH KH 7S"], "C", leader=0
    )
    assert isinstance(state, PhaseTwoState) and state.out == (2,)
    answer = solve(state, max_nodes=5_000, one_move=True)
    assert answer.complete and answer.verdict is Verdict.GOAT
    assert answer.nodes == 640
    assert set(answer.moves) == set(state.legal_moves())


def _race_counted(
    hands: list[str], trump: str, leader: int, budget: int
) -> tuple[Solution, int, int]:
    """A two-seat Flurst position of ``hands`` with ``leader`` to lead: the
    solver's answer (one move) within ``budget`` positions, and the Python
    race's answer for the leader and the positions it counted."""
    state = sg.start_phase_two(sg.presets.FLURST, hands, trump, leader=leader)
    assert isinstance(state, PhaseTwoState)
    shedding = _Shedding.for_context(state._context)
    assert shedding is not None and shedding.takes(state)
    answer = solve(state, max_nodes=budget, one_move=True)
    other = next(seat for seat, hand in enumerate(hands) if hand and seat != leader)
    race = _Race(leader, {}, budget, float("inf"), shedding, {})
    escapes = race._leads(state._hand_masks[leader], state._hand_masks[other])
    return answer, escapes, race.nodes


def test_the_race_tries_the_weaker_leads_of_each_kind_first() -> None:
    """Two seats: among the leads of each kind (those the other seat can beat,
    those it cannot, trumps) the race tries first the lead whose lowest card
    the most cards in play beat (``_WEAKER_FIRST``), then more cards, then the
    lower top card. Seat 2 escapes here (seed 85 of ``benchmarks/solve.py`` at
    20 cards, after seat 0 picked up the 5 of hearts): the race proves it in 262
    positions, where the order by the number of cards alone (more first, then
    the lower top card, whatever the suit) took 107,690, past the budget here;
    the solver, which also finds the move that keeps it, counts 265 in either
    build, trying the leader's moves in the race's order (3,882 in the order of
    the search on states: the leads it tried before the one that wins were
    leads the race never refuted)."""
    answer, escapes, nodes = _race_counted(
        ["4H 5H", "", "4C 2D 3D 8D 9D 10D KD AD 3H 10H AH 2S 3S 4S 7S JS QS KS AS"], "C", 2, 10_000
    )
    assert answer.complete and answer.verdict is Verdict.ESCAPES
    assert answer.nodes == 265
    assert escapes == 1 and nodes == 262


def _dense_position(rng: random.Random, rules: sg.Ruleset, most: int) -> PhaseTwoState | None:
    """Two seats holding cards drawn from a few touching ranks of two to four
    suits (so that the cards beat, touch and join each other often), seat 0 to
    lead; ``None`` where the rules end it at once."""
    suits = rng.sample("CDHS", rng.randint(2, 4))
    low = rng.randint(2, 9)
    ranks = [rank for rank in range(low, low + rng.randint(3, 6)) if rank <= 14]
    names = {11: "J", 12: "Q", 13: "K", 14: "A"}
    pool = [f"{names.get(rank, rank)}{suit}" for suit in suits for rank in ranks]
    cards = rng.sample(pool, rng.randint(3, min(most, len(pool))))
    cut = rng.randint(1, len(cards) - 1)
    state = sg.start_phase_two(
        rules,
        [" ".join(cards[:cut]), " ".join(cards[cut:])] + [""] * (rules.min_players - 2),
        rng.choice(suits),
        leader=0,
    )
    return state if isinstance(state, PhaseTwoState) and not state.is_over else None


def _whole_pack_position(rng: random.Random, rules: sg.Ruleset, most: int) -> PhaseTwoState | None:
    """Two seats holding 5 to ``most`` cards drawn from the whole pack, seat 0
    to lead; ``None`` where the rules end it at once."""
    cards = rng.sample([str(card) for card in one_pack()], rng.randint(5, most))
    cut = rng.randint(2, len(cards) - 1)
    state = sg.start_phase_two(
        rules,
        [" ".join(cards[:cut]), " ".join(cards[cut:])] + [""] * (rules.min_players - 2),
        rng.choice("CDHS"),
        leader=0,
    )
    return state if isinstance(state, PhaseTwoState) and not state.is_over else None


def _raced_positions(
    seed: int,
    tries: int,
    most: int,
    draw: Callable[[random.Random, sg.Ruleset, int], PhaseTwoState | None] = _dense_position,
) -> Iterator[tuple[PhaseTwoState, _Shedding]]:
    """Of ``tries`` positions drawn by ``draw`` (dense ones by default,
    ``most`` cards at most) under rules drawn from ``seed``, each the race on
    masks takes, with its race."""
    rng = random.Random(seed)
    for _ in range(tries):
        rules = _varied_rules(rng)
        position = draw(rng, rules, most)
        if position is None:
            continue
        shedding = _Shedding.for_context(position._context)
        if shedding is not None and shedding.takes(position):
            yield position, shedding


def test_picking_up_a_lead_every_card_beats_is_never_the_only_escape() -> None:
    """The lemma the race's junk rests on (_Shedding.canonical): where every card
    of the seat answering a lead beats it alone, picking it up never escapes
    where every beat loses. Checked by the engine's race (which knows nothing
    of junk) on each lead of dense two-seat positions, under every set of rules
    whose junk the race lays out."""
    checked = escapes = 0
    for state, shedding in _raced_positions(23, 1500, 10):
        if not shedding.shifting:
            continue  # the race lays out no junk under these rules
        rules = state.rules
        for lead in state.legal_moves():
            led = state.apply(lead)
            if led.is_over or led.table_seats != (0,):
                continue
            assert isinstance(led, PhaseTwoState) and shedding.takes(led)
            top = led._table_masks[0].bit_length() - 1
            if led._hand_masks[1] & ~shedding.beaten_by[top]:
                continue  # a card of seat 1 does not beat it
            picked = beaten = None
            for answer in led.legal_moves():
                after = led.apply(answer)
                escaped = int(after.goat != 1) if after.is_over else _race(after, 1, None)
                if escaped is None:
                    break  # a line comes back: the proof search's business
                if isinstance(answer, PickUp):
                    picked = escaped
                else:
                    beaten = max(beaten or 0, escaped)
            else:
                if picked is None or beaten is None:
                    continue
                checked += 1
                escapes += picked
                assert not picked or beaten, (rules, state.hand(0), state.hand(1), lead)
    assert checked >= 400 and escapes >= 100, (checked, escapes)


def _flurst_race(leader: str, other: str, trump: str) -> tuple[_Shedding, int, int]:
    """The race on masks of a two-seat Flurst position, seat 0 (holding
    ``leader``) to lead against seat 1 (``other``), under rules whose junk the
    race lays out and whose plays it may leave out, with the two hands' masks."""
    state, shedding = _flurst_position(leader, other, trump)
    assert shedding.shifting
    return shedding, state._hand_masks[0], state._hand_masks[1]


def test_junk_laid_out_alike_keeps_the_verdict() -> None:
    """Two seats: the cards of one seat that everything else in play beats,
    touching nothing outside them (junk), count by their blocks alone: the race
    lays them out one way (_Shedding.canonical), so that positions alike but
    for which junk a seat holds share one answer. The verdict of each position
    and of its junk laid out is the engine's race's; two positions whose junk
    differs in its cards but not its blocks meet at one position; and the race
    counts fewer positions for it."""
    shedding, hand, other = _flurst_race("2C 3C 5D 9S QC", "JD KH 10S", "H")
    # seat 1's cards all beat 2C 3C 5D and 9S, but 9S touches 10S, and the jack
    # and the ten do not beat the queen: the junk is 2C 3C and 5D, two blocks
    assert shedding.junk_of(hand, other) == mask_of(sg.parse_cards("2C 3C 5D"))
    assert shedding.junk_of(other, hand) == 0
    laid, kept = shedding.canonical(hand, other)
    # laid out in clubs from the 2 up, longest first, a rank apart
    assert kept == other and laid == mask_of(sg.parse_cards("2C 3C 5C 9S QC"))
    # the same blocks of other cards: the same position laid out
    alike = mask_of(sg.parse_cards("5S 6S 7C 9S QC"))
    assert shedding.canonical(alike, other) == (laid, other)
    moved = 0
    for position, shedding in _raced_positions(5, 900, 11):
        rules = position.rules
        hand, other = position._hand_masks[0], position._hand_masks[1]
        pair = shedding.canonical(hand, other)
        if pair == (hand, other):
            continue
        moved += 1
        truth = _race(position, 0, None)
        assert _Race(0, {}, 10**7, float("inf"), shedding, {})._leads(hand, other) == truth
        redealt = sg.start_phase_two(
            rules,
            [format_cards(cards_of(pair[0])), format_cards(cards_of(pair[1]))]
            + [""] * (rules.min_players - 2),
            position.trump,
            leader=0,
        )
        assert isinstance(redealt, PhaseTwoState)
        assert _race(redealt, 0, None) == truth, (rules, position.hand(0), position.hand(1))
    assert moved >= 100, moved


def test_leads_of_one_shape_from_junk_blocks_as_long_answer_alike() -> None:
    """Two seats: a lead from one block of the leader's junk answers as the lead
    of the same cards of another block as long does (swapping the two blocks is
    one game, _Shedding.canonical), so the race leads one of each shape
    (_junk_shape). Where the blocks differ in length, so may the answers: here
    2C escapes and 5H, from the block 5H 6H, does not. Checked by the engine's
    race, which knows nothing of junk, on two-seat positions drawn from the
    whole pack under every set of rules whose junk the race lays out: after
    each lead of junk, whether the leader escapes; every shape led from two
    blocks or more gives one verdict."""
    shedding, hand, other = _flurst_race("2C 5H 6H JS", "7C 4S 5S 8S 9S", "S")
    junk = shedding.junk_of(hand, other)
    assert junk == mask_of(sg.parse_cards("2C 5H 6H"))
    state = sg.start_phase_two(
        sg.presets.FLURST, ["2C 5H 6H JS", "7C 4S 5S 8S 9S", ""], "S", leader=0
    )
    assert isinstance(state, PhaseTwoState)
    escapes: dict[int, int | None] = {}
    for name in ("2C", "5H", "6H", "5H 6H"):
        led = state.apply(Play(0, sg.parse_cards(name)))
        assert isinstance(led, PhaseTwoState)
        escapes[_junk_shape(junk, mask_of(sg.parse_cards(name)))] = _race(led, 0, None)
    assert list(escapes.values()) == [1, 0, 0, 1]  # four shapes, and 2C escapes where 5H does not
    alike = 0
    for state, raced in _raced_positions(7, 6000, 14, _whole_pack_position):
        if not raced.shifting:
            continue  # the race lays out no junk under these rules
        hand, other = state._hand_masks[0], state._hand_masks[1]
        junk = raced.junk_of(hand, other)
        verdicts: dict[int, list[int | None]] = {}
        for lead in state.legal_moves():
            if isinstance(lead, PickUp):
                continue
            led_cards = mask_of(lead.cards)
            if not led_cards & junk or led_cards == hand:
                continue
            assert not led_cards & ~junk  # a play that holds junk is junk
            escaped = _race(state.apply(lead), 0, None)
            verdicts.setdefault(_junk_shape(junk, led_cards), []).append(escaped)
        for shape, found in verdicts.items():
            assert len(set(found)) == 1, (state.rules, state.hand(0), state.hand(1), shape)
        alike += sum(1 for found in verdicts.values() if len(found) > 1)
    assert alike >= 300, alike


def test_a_lone_card_as_strong_as_a_twin_that_lost_loses_too() -> None:
    """Two seats: a single card touching no card in play is the twin of another
    where every other card in play beats both or neither and each beats the same
    of them (_Shedding.stronger_twin). Leading the weaker twin does at least as
    well as leading the stronger, so once the weaker lost the race leads the
    stronger no more, in both builds; never the other way round, as here, where
    diamonds are trump and 2D escapes but 4D does not. Checked by the engine's
    race, which knows nothing of twins, on two-seat positions drawn from the
    whole pack under every set of rules the race takes: for every pair of twin
    leads, the stronger escapes only where the weaker does."""
    state, shedding = _flurst_position("2D 4D JD 2H", "KC", "D")
    hand, other = state._hand_masks[0], state._hand_masks[1]
    low, high = (mask_of(sg.parse_cards(card)) for card in ("2D", "4D"))
    assert shedding.stronger_twin(low, high, hand | other)
    assert not shedding.stronger_twin(high, low, hand | other)  # 4D beats 2D
    between = mask_of(sg.parse_cards("3D"))  # a card in play between them
    assert not shedding.stronger_twin(low, high, hand | other | between)
    escapes = [_race(state.apply(Play(0, sg.parse_cards(card))), 0, None) for card in ("2D", "4D")]
    assert escapes == [1, 0]
    pairs = apart = 0
    for state, raced in _raced_positions(11, 3000, 10, _whole_pack_position):
        hand, other = state._hand_masks[0], state._hand_masks[1]
        live = hand | other
        lone = {
            mask_of(move.cards): move
            for move in state.legal_moves()
            if isinstance(move, Play)
            and len(move.cards) == 1
            and not _beside(mask_of(move.cards)) & live
            and mask_of(move.cards) != hand
        }
        escaped: dict[int, int | None] = {}
        for weaker in lone:
            for stronger in lone:
                if stronger == weaker or not raced.stronger_twin(weaker, stronger, live):
                    continue
                for card in (weaker, stronger):
                    if card not in escaped:
                        escaped[card] = _race(state.apply(lone[card]), 0, None)
                first, second = escaped[weaker], escaped[stronger]
                assert first is not None and second is not None
                assert second <= first, (state.rules, state.hand(0), state.hand(1), lone[stronger])
                pairs += 1
                apart += first > second
    assert pairs >= 2000 and apart >= 100, (pairs, apart)


def test_a_card_stronger_than_another_is_not_always_better_to_hold() -> None:
    """Why twins must answer every other card alike (_Shedding.stronger_twin):
    a card no weaker than another against every card in play is not always the
    better one to hold, so the rule cannot be widened to such pairs. Flurst,
    spades trump, 9H against the leader: holding 10D the leader escapes (led
    last, 10D is picked up and beats nothing the leader still holds), holding
    6S in its place it does not (picked up, the trump beats every card the
    leader leads after it). The engine's race says so; the race on masks agrees
    and holds 6S for no twin of 10D."""
    escapes = []
    for held in ("10D", "6S"):
        state, shedding = _flurst_position(f"4C JC QC 2D {held}", "9H", "S")
        escapes.append((_race(state, 0, None), _race(state, 0, shedding)))
    assert escapes == [(1, 1), (0, 0)]
    _, shedding = _flurst_position("4C JC QC 2D 10D 6S", "9H", "S")
    weaker, stronger = (mask_of(sg.parse_cards(card)) for card in ("10D", "6S"))
    live = mask_of(sg.parse_cards("4C JC QC 2D 10D 6S 9H"))
    # 6S beats every card 10D beats and more, and nothing beats it that does not beat 10D
    assert (
        not shedding.beats[weaker.bit_length() - 1]
        & ~shedding.beats[stronger.bit_length() - 1]
        & live
    )
    assert (
        not shedding.beaten_by[stronger.bit_length() - 1]
        & ~shedding.beaten_by[weaker.bit_length() - 1]
        & live
    )
    assert not shedding.stronger_twin(weaker, stronger, live)


def _bottom_of(cards: int, hand: int) -> int:
    """The play of as many cards as ``cards`` from the bottom of the block of
    touching cards of ``hand`` that ``cards`` lies in."""
    low = cards & -cards
    suit = (low.bit_length() - 1) // 13
    block = hand >> (13 * suit) & 0x1FFF
    bottom = low >> (13 * suit)
    while bottom > 1 and block & bottom >> 1:
        bottom >>= 1
    count = bin(cards).count("1")
    return (((bottom << count) - 1) ^ (bottom - 1)) << (13 * suit)


def _left_out(shedding: _Shedding, state: PhaseTwoState, other: int, crossed: int) -> int:
    """How many plays of the seat to act in ``state`` the race leaves out
    (_Shedding.unled, against ``other`` and ``crossed``), each checked by the engine's race to
    escape only where the play of as many cards from its block's bottom does."""
    seat = state.turn
    hand = state._hand_masks[seat]
    inside = sum(shedding.unled(hand, other, crossed, suit) << (13 * suit) for suit in range(4))
    if not inside:
        return 0
    escapes: dict[int, int] = {}
    for move in state.legal_moves():
        if isinstance(move, PickUp):
            continue
        after = state.apply(move)
        escaped = int(after.goat != seat) if after.is_over else _race(after, seat, None)
        assert escaped is not None
        escapes[mask_of(move.cards)] = escaped
    left = 0
    for cards, escaped in escapes.items():
        if cards & -cards & inside:
            left += 1
            bottom = escapes[_bottom_of(cards, hand)]
            assert escaped <= bottom, (state.rules, state.hand(0), state.hand(1), state.table)
    return left


def test_a_play_from_inside_a_block_is_left_for_the_one_from_its_bottom() -> None:
    """Two seats: where the other side holds neither the card just below a block
    of a seat's touching cards nor one of a rank within it that compares with
    it, the race leads or beats from the block only from its bottom
    (_Shedding.unled): of the plays of one number of cards from it, that one is
    as good as any. Checked against the engine's race, which tries every move:
    on dense positions under every set of rules the race plays, each lead and
    each beat left out escapes only where the play of as many cards from the
    bottom does, and the race's verdict is the engine's, in fewer positions than
    with every play tried."""
    shedding, hand, other = _flurst_race("5D 6D 7D 9C 10C", "8D 2C KS", "H")
    diamonds, clubs = 1, 0
    # 6D and 7D, above the block's bottom; seat 1 holds 8D above it, not 4D
    assert shedding.unled(hand, other, other, diamonds) == mask_of(sg.parse_cards("6D 7D")) >> 13
    # the 10 of clubs: seat 1's 2C lies below the 8, not just below the 9
    assert shedding.unled(hand, other, other, clubs) == mask_of(sg.parse_cards("10C"))
    below = mask_of(sg.parse_cards("4D 2C KS"))  # 4D just below the diamonds
    assert shedding.unled(hand, below, below, diamonds) == 0
    checked = leads = beats = fewer = 0
    for position, shedding in _raced_positions(31, 1200, 10):
        hand, other = position._hand_masks[0], position._hand_masks[1]
        truth = _race(position, 0, None)
        if truth is None:
            continue
        left = _left_out(shedding, position, other, other)
        leads += left
        for lead in position.legal_moves():
            led = position.apply(lead)
            if led.is_over or led.table_seats != (0,):
                continue
            assert isinstance(led, PhaseTwoState)
            lead_mask = led._table_masks[0]
            beaten = _left_out(shedding, led, led._hand_masks[0] | lead_mask, lead_mask)
            beats += beaten
            left += beaten
        if not left:
            continue
        checked += 1
        race = _Race(0, {}, 10**7, float("inf"), shedding, {})
        assert race._leads(hand, other) == truth, (position.rules, position.hand(0))
        every = _Race(0, {}, 10**7, float("inf"), shedding, {})
        shedding.bottom_plays = False  # every play tried (the shedding is shared: put back)
        try:
            assert every._leads(hand, other) == truth
        finally:
            shedding.bottom_plays = True
        assert race.nodes <= every.nodes
        fewer += race.nodes < every.nodes
    assert checked >= 150 and leads >= 300 and beats >= 300 and fewer >= 20, (
        checked,
        leads,
        beats,
        fewer,
    )


def test_top_cards_settle_a_race_without_a_search() -> None:
    """Two seats: a seat whose top cards beat everything else in play, alone,
    wins by beating every lead with one and leading its other pieces, once it
    has a top card for every piece but the last (leading) or for every piece
    (answering a lead), and the other seat has too many blocks of touching
    cards to go out on the way. The race takes such a position without counting
    one, and the race that asks the engine (no such rule) agrees."""
    # spades are trump. Seat 0 leads: AS and KS are its top cards, 4C and 7H
    # its pieces; seat 1 can beat both pieces, so there is no quick line, and
    # holds seven blocks
    escapes = sg.start_phase_two(
        sg.presets.FLURST, ["AS KS 4C 7H", "2D 5D 8D JD 3H 9C QC", ""], "S", leader=0
    )
    # seat 0 leads eight blocks against the top card AS and a piece
    loses = sg.start_phase_two(
        sg.presets.FLURST, ["2D 5D 8D JD 3H 9C QC KS", "AS 4C", ""], "S", leader=0
    )
    for state, settled in ((escapes, 1), (loses, 0)):
        assert isinstance(state, PhaseTwoState)
        shedding = _Shedding.for_context(state._context)
        assert shedding is not None and shedding.takes(state)
        hand, other = state._hand_masks[0], state._hand_masks[1]
        assert shedding.quick(hand, other) == 0
        assert shedding.settled(hand, other) == settled, state
        race = _Race(0, {}, 10**7, float("inf"), shedding, {})
        assert race._leads(hand, other) == settled == _race(state, 0, None)
        assert race.nodes == 0
    # one top card and one piece against one block: seat 0 leads 2D 3D, all it
    # holds, and goes out, so the top card settles nothing
    state = sg.start_phase_two(sg.presets.FLURST, ["2D 3D", "AS 4C", ""], "S", leader=0)
    assert isinstance(state, PhaseTwoState)
    shedding = _Shedding.for_context(state._context)
    assert shedding is not None and shedding.one_way
    assert shedding.settled(state._hand_masks[0], state._hand_masks[1]) == -1
    assert _race(state, 0, None) == 1
    engine = _Race(0, {}, 10**7, float("inf"), None, {})
    assert engine.escapes(escapes) == 1 and engine.nodes > 20  # what the rule saves
    # under rules where two cards could each beat the other no card is sure
    shedding.one_way = False
    try:
        assert shedding.settled(escapes._hand_masks[0], escapes._hand_masks[1]) == -1
    finally:
        shedding.one_way = True


def test_top_cards_settle_only_races_they_decide() -> None:
    """Wherever the top cards settle a race (:meth:`_Shedding.settled`), under
    every preset's phase-two rules and settings drawn at random, the race that
    asks the engine, which has no such rule, gives the same verdict; and both
    answers come up many times."""
    rng = random.Random(17)
    settled = {0: 0, 1: 0}
    for _ in range(3000):
        rules = _varied_rules(rng) if rng.random() < 0.5 else sg.presets.FLURST
        pack = list(one_pack())
        rng.shuffle(pack)
        cards = rng.randint(2, 11)
        cut = rng.randint(1, cards - 1)
        state = sg.start_phase_two(
            rules,
            [format_cards(pack[:cut]), format_cards(pack[cut:cards])]
            + [""] * (rules.min_players - 2),
            rng.choice("CDHS"),
            leader=0,
        )
        if state.is_over:
            continue
        assert isinstance(state, PhaseTwoState)
        shedding = _Shedding.for_context(state._context)
        if shedding is None or not shedding.takes(state):
            continue
        answer = shedding.settled(state._hand_masks[0], state._hand_masks[1])
        if answer >= 0:
            assert _race(state, 0, None) == answer, state
            settled[answer] += 1
    assert min(settled.values()) >= 150, settled


def test_positions_the_race_keys_alike_have_one_verdict() -> None:
    """The race's table is keyed by relative ranks (``_Shedding.key``): within
    each group of suits compared by rank, a card counts by its place among the
    group's ranks in play, and a block of touching cards not by its suit.
    Positions given one key must be one game: drawn from a few ranks of three
    suits, so that
    many share a key, every position of a key gets the same verdict from the
    race that asks the engine, under rules that compare suits in groups
    (Flurst), each suit alone (pagat), and runs of three at least (Mattis)."""
    rng = random.Random(5)
    small = [card for card in one_pack() if str(card)[-1] in "CHS" and card.rank <= 9]
    merged = 0
    for rules in (sg.presets.FLURST, sg.presets.PAGAT, sg.presets.MATTIS):
        verdicts: dict[int, set[int]] = {}
        positions: dict[int, set[tuple[int, int]]] = {}
        for _ in range(900):
            cards = rng.sample(small, rng.randint(3, 7))
            cut = rng.randint(1, len(cards) - 1)
            state = sg.start_phase_two(
                rules,
                [format_cards(cards[:cut]), format_cards(cards[cut:])]
                + [""] * (rules.min_players - 2),
                "S",
                leader=0,
            )
            assert isinstance(state, PhaseTwoState)
            shedding = _Shedding.for_context(state._context)
            assert shedding is not None and shedding.groups
            hand, other = state._hand_masks[0], state._hand_masks[1]
            key = shedding.key(hand, other)
            if not shedding.takes(state):
                continue
            verdict = _race(state, 0, None)  # the engine's race, keyed by states
            assert verdict is not None
            verdicts.setdefault(key, set()).add(verdict)
            positions.setdefault(key, set()).add((hand, other))
        for key, found in verdicts.items():
            assert len(found) == 1, (rules, positions[key])
        merged += sum(len(kept) > 1 for kept in positions.values())
    assert merged >= 150, merged
    # the groups: Flurst compares the three plain suits with each other, the trump
    # (spades) alone; pagat each suit alone; runs from the 2 name a rank: no groups
    groups = {}
    for name, rules in [
        ("flurst", sg.presets.FLURST),
        ("pagat", sg.presets.PAGAT),
        ("from two", attrs.evolve(sg.presets.KOIRA, runs=Runs.FROM_TWO)),
    ]:
        hands = ["2C", "3C"] + [""] * (rules.min_players - 2)
        state = sg.start_phase_two(rules, hands, "S", leader=0)
        assert isinstance(state, PhaseTwoState)
        shedding = _Shedding.for_context(state._context)
        assert shedding is not None
        groups[name] = shedding.groups
    assert groups == {"flurst": (0, 0, 0, 1), "pagat": (0, 1, 2, 3), "from two": ()}


def test_a_block_moved_to_another_suit_of_its_group_keeps_the_key() -> None:
    """Under Flurst's rules the three plain suits beat each other by rank alone,
    so which of them holds a block of touching cards makes no difference: a
    position with a block moved to another plain suit, where it touches nothing,
    is one game and has the race's key (``_Shedding.key``), where the
    packed key of relative ranks told them apart. Moved where it touches a block
    of that suit, or to the trump suit, it is another game with another key; the
    engine's race gives the moved positions of one key one verdict."""
    base = sg.start_phase_two(sg.presets.FLURST, ["2C", "3C", ""], "S", leader=0)
    assert isinstance(base, PhaseTwoState)
    shedding = _Shedding.for_context(base._context)
    assert shedding is not None and shedding.groups == (0, 0, 0, 1)

    def key_of(hand: str, other: str) -> tuple[int, int, int]:
        leader, rest = masks(list(sg.parse_cards(hand))), masks(list(sg.parse_cards(other)))
        assert (leader | rest).bit_count() >= 14
        return (
            shedding.key(leader, rest),
            shedding._packed_key(leader, rest),
            leader | rest << 52,
        )

    other = "6H 7H 8D TC QC AD 5S"
    first = key_of("4C 5C 9D JD KH 2S 7S", other)
    moved = key_of("4D 5D 9D JD KH 2S 7S", other)  # 8D above does not touch 5D
    touching = key_of("4H 5H 9D JD KH 2S 7S", other)  # 4H 5H 6H 7H: one block
    trumps = key_of("4S 6S 9D JD KH 2S 7S", other)  # no longer plain
    assert first[0] == moved[0] and first[1] != moved[1]
    assert touching[0] != first[0] and trumps[0] != first[0]
    assert first[0] >> 127 == 1 and first[1] >> 104 == 0  # the two kinds never meet
    # random positions of 14 cards and their twins, a block moved to another
    # plain suit where it touches nothing: one key, one verdict from the engine
    rng = random.Random(3)
    plain = [card for card in one_pack() if str(card)[-1] in "CDH"]
    twins = 0
    while twins < 12:
        cards = rng.sample(plain, 12) + list(sg.parse_cards("4S 9S"))
        rng.shuffle(cards)
        hands = [masks(cards[:7]), masks(cards[7:])]
        live = hands[0] | hands[1]
        suit = rng.randrange(3)
        pattern = live >> (13 * suit) & 0x1FFF
        low = pattern & -pattern
        block = (((pattern + low) & ~pattern) - low) << (13 * suit)
        to = rng.choice([other for other in range(3) if other != suit])
        landed = block >> (13 * suit) << (13 * to)
        near = landed | landed << 1 | landed >> 1
        if live & near & (0x1FFF << (13 * to)):
            continue  # it would land on or touch a card of that suit
        twin = [hand & ~block | (hand & block) >> (13 * suit) << (13 * to) for hand in hands]
        keys, found = set(), set()
        for pair in (hands, twin):
            state = sg.start_phase_two(
                sg.presets.FLURST,
                [format_cards(cards_of(pair[0])), format_cards(cards_of(pair[1])), ""],
                "S",
                0,
            )
            assert isinstance(state, PhaseTwoState) and list(state._hand_masks[:2]) == pair
            keys.add(shedding.key(pair[0], pair[1]))
            found.add(_race(state, 0, None))
        assert len(keys) == 1 and len(found) == 1 and None not in found, (hands, twin)
        twins += 1


@pytest.mark.skipif(
    not sg.COMPILED,
    reason="the race in C is part of the compiled build: "
    "SKITGUBBE_MYPYC=1 python setup.py build_ext --inplace",
)
def test_the_race_in_c_plays_the_race_on_masks_in_python_position_for_position() -> None:
    """The compiled build's race on masks in C (``_shedding.c``) gives the verdict
    of the race on masks in Python, after the same number of positions, before a
    lead and after one, under every preset's phase-two rules and settings drawn
    at random; past its budget it says so, keeps what it proved, and answers when
    asked again; and the solver uses it."""
    make = search._NATIVE_RACE
    assert make is not None, "the compiled build lost its race in C"
    rng = random.Random(11)
    verdicts = {0: 0, 1: 0}
    stopped = 0
    for _ in range(400):
        rules = _varied_rules(rng)
        pack = list(one_pack())
        rng.shuffle(pack)
        state = sg.start_phase_two(
            rules,
            [format_cards(pack[:6]), format_cards(pack[6 : rng.randint(8, 16)])]
            + [""] * (rules.min_players - 2),
            rng.choice("CDHS"),
            leader=0,
        )
        assert isinstance(state, PhaseTwoState)
        shedding = _Shedding.for_context(state._context)
        if shedding is None:
            continue
        hand, other = state._hand_masks[0], state._hand_masks[1]
        lead = 1 << (hand.bit_length() - 1)  # its highest card alone
        native = make(
            shedding.filters, shedding.beaten_by, shedding.trumps, shedding.whole, shedding.groups
        )
        python = _Race(0, {}, 10**7, float("inf"), shedding, {})
        verdict = native.leads(hand, other, 10**7, float("inf"))
        assert verdict == python._leads(hand, other), (rules, hand, other)
        assert native.nodes == python.nodes and len(native) == len(python.shed)
        verdicts[verdict] += 1
        python.nodes = 0
        answered = native.answered(hand ^ lead, other, lead, 10**7, float("inf"))
        assert answered == python._answered(hand ^ lead, other, lead)
        assert native.nodes == python.nodes and len(native) == len(python.shed)
        fresh = make(
            shedding.filters, shedding.beaten_by, shedding.trumps, shedding.whole, shedding.groups
        )
        if python.nodes > 3:
            assert fresh.answered(hand ^ lead, other, lead, 3, float("inf")) == -1
            assert fresh.nodes == 4  # it stops at the position past its budget
            stopped += 1
        assert fresh.answered(hand ^ lead, other, lead, 10**7, float("inf")) == answered
    assert min(verdicts.values()) >= 60 and stopped >= 60, (verdicts, stopped)
    # 14 to 20 cards in play, and 48 (each suit but a card in its middle) whose
    # keys of blocks do not fit (_Shedding._packed_key): the two stop after the
    # same positions, past a budget, keeping the same number of answers
    relative = packed = 0
    for turn in range(40):
        pack = list(one_pack())
        if turn >= 30:
            pack = [card for card in pack if card.rank != 8 + "CDHS".index(str(card)[-1])]
        rng.shuffle(pack)
        cut = rng.randint(5, 10) if turn < 30 else rng.randint(15, 33)
        last = rng.randint(14, 20) if turn < 30 else 48
        hand, other = masks(pack[:cut]), masks(pack[cut:last])
        state = sg.start_phase_two(sg.presets.FLURST, ["2C", "3C", ""], rng.choice("CDHS"), 0)
        assert isinstance(state, PhaseTwoState)
        shedding = _Shedding.for_context(state._context)
        assert shedding is not None and shedding.groups
        relative += shedding.key(hand, other) != hand | other << 52
        packed += shedding.key(hand, other) == shedding._packed_key(hand, other)
        native = make(
            shedding.filters, shedding.beaten_by, shedding.trumps, shedding.whole, shedding.groups
        )
        python = _Race(0, {}, 20_000, float("inf"), shedding, {})
        verdict = native.leads(hand, other, 20_000, float("inf"))
        try:
            assert verdict == python._leads(hand, other)
        except search._OutOfBudget:
            assert verdict == -1
        assert native.nodes == python.nodes and len(native) == len(python.shed)
    assert relative >= 20 and packed >= 5, (relative, packed)
    solver = Solver()
    state = sg.start_phase_two(sg.presets.FLURST, ["2C 5D 9H 7S", "3C KS 4H", ""], "S", leader=0)
    assert solver.solve(state, 0).verdict == solve(state, 0).verdict
    assert list(solver._races) == [state._context] and len(solver._races[state._context]) > 0
    flurst = _Shedding.for_context(state._context)
    assert flurst is not None
    fields = (flurst.filters, flurst.beaten_by, flurst.trumps, flurst.whole)
    with pytest.raises(ValueError, match="52 filters"):
        make(flurst.filters[:51], flurst.beaten_by, flurst.trumps, flurst.whole, flurst.groups)
    with pytest.raises(ValueError, match="past the 52"):
        make(*fields, flurst.groups).leads(1 << 60, 1, 10, float("inf"))
    with pytest.raises(ValueError, match="one group for each of the 4 suits"):
        make(*fields, (0, 0, 1))
    with pytest.raises(ValueError, match="a suit's group is 4, not 0 to 3"):
        make(*fields, (0, 0, 1, 4))


class _Alarm(Exception):
    """Raised by the signal handler of the test below, as Ctrl-C raises KeyboardInterrupt."""


@pytest.mark.skipif(
    not sg.COMPILED or not hasattr(signal, "setitimer"),
    reason="the race in C is part of the compiled build (SKITGUBBE_MYPYC=1 python setup.py "
    "build_ext --inplace), and the test needs setitimer",
)
def test_a_signal_stops_the_race_in_c_and_what_it_proved_stays() -> None:
    """A long race in C runs Python's signal handlers as it goes, so Ctrl-C
    (KeyboardInterrupt) stops it at once, and the positions it settled stay in
    its table. The position: 19 cards against 3 that the race takes minutes on;
    without the handlers run, the budget of positions would stop it only after
    seconds."""
    state = sg.start_phase_two(
        sg.presets.FLURST,
        ["2C 3C 6C 9C 10C 4D 8D 9D 10D 3H 4H 6H 8H 3S 8S 9S 10S QS KS", "4C 7C 7H", ""],
        "H",
        leader=0,
    )
    shedding = _Shedding.for_context(state._context)
    make = search._NATIVE_RACE
    assert shedding is not None and make is not None
    native = make(
        shedding.filters, shedding.beaten_by, shedding.trumps, shedding.whole, shedding.groups
    )

    def alarm(signum: int, frame: object) -> None:
        raise _Alarm

    before = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, 0.3)
    start = time.monotonic()
    try:
        with pytest.raises(_Alarm):
            native.leads(state._hand_masks[0], state._hand_masks[1], 50_000_000, float("inf"))
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, before)
    assert time.monotonic() - start < 3
    assert len(native) > 1000


@pytest.mark.skipif(
    not sg.COMPILED,
    reason="the race in C is part of the compiled build: "
    "SKITGUBBE_MYPYC=1 python setup.py build_ext --inplace",
)
def test_the_race_in_c_runs_deep_lines_in_a_thread_with_a_small_stack() -> None:
    """The race in C keeps each level's moves off the C stack, so a solver asked
    from a thread with little stack (512 KB is the default of a thread on some
    systems) follows deep lines: the whole pack in two hands, in a thread of
    64 KB, in a process of its own (a stack overflow ends a process). The race
    with its moves on the stack dies there."""
    program = textwrap.dedent(
        """
        import random, threading
        import skitgubbe as sg
        from skitgubbe.cards import cards_of, format_cards, mask_of, one_pack
        from skitgubbe.solve import solve
        pack = list(one_pack())
        random.Random(1).shuffle(pack)
        state = sg.start_phase_two(
            sg.presets.SWEDISH_GOAT,
            [format_cards(pack[:26]), format_cards(pack[26:])],
            "S",
            leader=0,
        )
        threading.stack_size(64 * 1024)
        answers = []
        thread = threading.Thread(target=lambda: answers.append(solve(state, max_nodes=300_000)))
        thread.start()
        thread.join()
        print(answers[0].nodes, answers[0].complete)
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["300001", "False"]


def test_the_race_on_masks_is_used_only_where_it_plays_as_the_engine() -> None:
    """Rules that name a card (the high trump, a complete suit), a pick-up of the
    lowest card alone, two packs: the engine's race. A trick begun by three seats,
    or a game near its quiet limit (P2-QUIET): the engine's race for that position."""
    hands = ["2C 5D 9H", "3C KS", ""]
    flurst = sg.presets.FLURST
    for rules in (
        attrs.evolve(flurst, high_trump=True),
        attrs.evolve(flurst, complete_suit_kills=True),
        attrs.evolve(flurst, pick_up=PickUpRule.LOWEST_CARD),
    ):
        state = sg.start_phase_two(rules, hands, "S", leader=0)
        assert _Shedding.for_context(state._context) is None, rules
    state = sg.start_phase_two(flurst, hands, "S", leader=0)
    shedding = _Shedding.for_context(state._context)
    assert shedding is not None and shedding.takes(state)
    near = sg.start_phase_two(attrs.evolve(flurst, quiet_limit=2 * 5 + 4), hands, "S", leader=0)
    near_shedding = _Shedding.for_context(near._context)
    assert near_shedding is not None and not near_shedding.takes(near)
    # three seats began the trick: two plays before a kill, though one seat is out
    three = sg.start_phase_two(flurst, ["2C", "3C KS", "9H 5D"], "S", leader=0)
    three = three.apply(three.legal_moves()[0])  # seat 0 leads its last card and is out
    assert isinstance(three, PhaseTwoState) and 0 in three.out and three._trick_size == 3
    assert shedding.for_context(three._context) is shedding and not shedding.takes(three)
    for seat in (1, 2):
        assert _race(three, seat, shedding) == _race(three, seat, None)


def test_the_positions_on_masks_play_as_the_engine_move_for_move() -> None:
    """The proof search's positions on masks give, on random lines of 2 to 4
    seats under every preset's rules and settings drawn at random, the engine's
    moves in the order the search tries them, the engine's position after each
    (the hands, the plays on the table, the turn, the trick, the seats in play,
    the quiet count, the goat or a stall), its key, its bound on moves and its
    quick line."""
    rng = random.Random(11)
    seen = {"kill": 0, "pick-up leaving plays": 0, "out": 0, "smaller trick": 0}
    seen |= {"goat": 0, "stalled": 0}
    steps = 0
    for _ in range(120):
        state: State = _random_phase_two(rng, 1, 14)
        players = state.players
        while isinstance(state, PhaseTwoState) and not state.is_over:
            found = _Positions.for_state(state)
            if found is None or not _Positions.takes(state):
                break
            position = _Positions.of(state)
            context = state._context
            ordered = _ordered(state, context.legal_moves(state))
            assert found.moves(position) == [
                0 if isinstance(move, sg.PickUp) else move.mask for move in ordered
            ], state
            assert found.key(position) == _key(state)
            legal = context.legal_moves(state)  # and in the engine's order, for the whole graph
            assert found.moves(position, ordered=False) == [
                0 if isinstance(move, sg.PickUp) else move.mask for move in legal
            ]
            for seat in range(players):
                if seat not in state.out:
                    for escape in (True, False):
                        needed = _moves_needed(state, seat, escape)
                        assert found.needed(position, seat, escape) == needed
            if not state._table_masks and len(state.out) == players - 2:
                quick = found.quick(position)
                assert quick in (0, _quick_line(state)), state
            for move in ordered:
                after = context.successor(state, move)
                mask = 0 if isinstance(move, sg.PickUp) else move.mask
                assert found.after(position, mask) == _Positions.of(after), (state, move)
                assert found.key(found.after(position, mask)) == _key(after)
                steps += 1
                if any(event.kind is EventKind.KILLED for event in after.events):
                    seen["kill"] += 1
                if isinstance(move, sg.PickUp) and after._table_masks:
                    seen["pick-up leaving plays"] += 1
                if len(after.out) > len(state.out):
                    seen["out"] += 1
                if 0 < after._trick_size < state._trick_size:
                    seen["smaller trick"] += 1
                if after.is_over:
                    stalled = any(event.kind is EventKind.STALLED for event in after.events)
                    seen["stalled" if stalled else "goat"] += 1
            state = context.successor(state, rng.choice(ordered))
    assert steps > 3000 and min(seen.values()) >= 20, (steps, seen)


def test_the_searches_on_masks_search_as_the_searches_on_states(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """On positions of three seats and two taken from real Flurst and Mattis
    games, the searches on masks answer as the searches on the engine's states:
    the proof search gives the same bound at each depth after the same number
    of positions; the search that counts no moves finds the same goals
    forceable (it may count other positions: on masks, a position of two seats
    goes to the race only where the race on masks takes it); the whole graph
    gives the same verdict and length after the same number of positions, and
    stops at the same limit; and the solver's verdict, its length where moves
    are counted, and the verdict after each move it names are the same."""
    cases: list[tuple[PhaseTwoState, int, bool]] = []
    for rules, cards in ((sg.presets.FLURST, 7), (sg.presets.MATTIS, 6), (sg.presets.FLURST, 9)):
        taken = len(cases)
        for seed in range(60):
            rng = random.Random(seed)
            state: State = sg.deal(rules, players=4, seed=seed)
            while not state.is_over:
                if (
                    isinstance(state, PhaseTwoState)
                    and len(state.out) >= 1
                    and sum(map(state.hand_size, range(4))) <= cards
                ):
                    if _Positions.takes(state):
                        seat = seed % 4
                        while seat in state.out:
                            seat = (seat + 1) % 4
                        cases.append((state, seat, seed % 3 == 0))
                    break
                state = state.apply(rng.choice(state.legal_moves()))
            if len(cases) - taken == 8:
                break
    assert len(cases) >= 20 and any(len(state.out) == 1 for state, _, _ in cases)
    on = [_searched(state, seat, quickest) for state, seat, quickest in cases]
    contexts = {state._context for state, _, _ in cases}
    # these rules play on masks, so the searches above did; now on states alone
    assert all(_POSITIONS[context] is not None for context in contexts)
    for context in contexts:
        monkeypatch.setitem(_POSITIONS, context, None)
    off = [_searched(state, seat, quickest) for state, seat, quickest in cases]
    for (state, seat, _), mine, theirs in zip(cases, on, off, strict=True):
        assert mine[:-1] == theirs[:-1], (state, seat)
        for move in mine[-1]:  # each move named keeps the verdict
            child = state.apply(move)
            assert solve(child, seat=seat, max_nodes=200_000).verdict is mine[0], (state, move)
    assert {answer[0] for answer in on} >= {Verdict.ESCAPES, Verdict.GOAT}


def _random_phase_two(rng: random.Random, quiet_from: int, most_cards: int) -> State:
    """The start of a random phase two of 2 to 4 seats, under every preset's rules
    and settings drawn at random, a third of them with a quiet limit from
    ``quiet_from`` to ``quiet_from + 11``, with ``most_cards`` cards at most."""
    rules = _varied_rules(rng)
    if rng.random() < 0.3:
        rules = attrs.evolve(rules, quiet_limit=rng.randint(quiet_from, quiet_from + 11))
    players = rng.randint(max(2, rules.min_players), min(4, rules.max_players))
    pack = list(one_pack())
    rng.shuffle(pack)
    cards = rng.randint(players, most_cards)
    hands: list[list[sg.Card]] = [[] for _ in range(players)]
    for index in range(cards):
        hands[index if index < players else rng.randrange(players)].append(pack[index])
    return sg.start_phase_two(
        rules, [format_cards(hand) for hand in hands], rng.choice("CDHS"), leader=0
    )


def _positions_on_masks(seed: int, count: int) -> list[tuple[PhaseTwoState, _Positions]]:
    """Random positions of 2 to 4 seats that the searches on masks take, under
    every preset's rules and settings drawn at random, some with plays on the
    table, with their rules' positions on masks."""
    rng = random.Random(seed)
    found: list[tuple[PhaseTwoState, _Positions]] = []
    while len(found) < count:
        state: State = _random_phase_two(rng, 4, 11)
        for _ in range(rng.randint(0, 3)):
            if isinstance(state, PhaseTwoState) and not state.is_over:
                state = state.apply(rng.choice(state.legal_moves()))
        if not isinstance(state, PhaseTwoState) or state.is_over:
            continue
        positions = _Positions.for_state(state)
        if positions is not None and _Positions.takes(state):
            found.append((state, positions))
    return found


def test_the_proof_search_in_c_proves_as_the_one_in_python() -> None:
    """The compiled build's proof search on masks in C (``_Positions.native``)
    gives, on random positions, the bound of the search on masks in Python at
    each depth for each seat and goal, after the same number of positions,
    leaving the same table (its own, in C, against a dict); and where the
    budget runs out, it runs out at the same position, with the same table."""
    if search._NATIVE_RACE is None:
        pytest.skip("the searches in C are the compiled build's (SKITGUBBE_MYPYC=1)")
    from skitgubbe.solve._shedding import Bounds

    rng = random.Random(5)
    compared = stopped = 0
    kinds: set[int] = set()
    for state, positions in _positions_on_masks(5, 110):
        native = positions.native
        assert native is not None
        kinds.add(positions.pick)
        position = _Positions.of(state)
        key = positions.key(position)
        for seat in range(state.players):
            for escape in (True, False):
                mine = Bounds(state.players)  # the C table
                theirs: dict[int, int] = {}
                for depth in range(1, 13):
                    in_c = search._Proof(seat, escape, mine, 10**7, float("inf"))
                    in_python = search._Proof(seat, escape, theirs, 10**7, float("inf"))
                    found = in_c._prove_natively(native, position, depth)
                    assert found == in_python._prove(positions, position, key, depth), state
                    assert in_c.nodes == in_python.nodes, (state, depth)
                    assert dict(mine.items()) == theirs and len(mine) == len(theirs)
                    compared += 1
                budget = rng.randint(1, 200)  # the same question, stopped part way
                mine = Bounds(state.players)
                theirs.clear()
                searches = [
                    search._Proof(seat, escape, mine, budget, float("inf")),
                    search._Proof(seat, escape, theirs, budget, float("inf")),
                ]
                outcomes: list[int | None] = []
                for proof, in_c_too in zip(searches, (True, False), strict=True):
                    try:
                        if in_c_too:
                            outcomes.append(proof._prove_natively(native, position, 12))
                        else:
                            outcomes.append(proof._prove(positions, position, key, 12))
                    except _OutOfBudget:
                        outcomes.append(None)
                assert outcomes[0] == outcomes[1] and dict(mine.items()) == theirs, state
                assert searches[0].nodes == searches[1].nodes
                stopped += outcomes[0] is None
    assert compared > 4000 and stopped > 50 and len(kinds) == 4, (compared, stopped, kinds)


def test_the_c_table_of_bounds_keeps_what_it_is_given_and_refuses_the_rest() -> None:
    """The compiled build's table of bounds is a mapping of the keys of one
    number of seats' positions to bounds: it gives back what it keeps (the
    latest for a key), counts its keys, lists them, and refuses what no
    position has (a key too long or negative, a bound that is not two 16-bit
    numbers, a deletion) with a message that says so, keeping what it held."""
    if search._NATIVE_RACE is None:
        pytest.skip("the table in C is the compiled build's (SKITGUBBE_MYPYC=1)")
    from skitgubbe.solve._shedding import Bounds

    rng = random.Random(3)
    table = Bounds(3)
    kept: dict[int, int] = {}
    for _ in range(20_000):  # past several growths
        key = rng.getrandbits(rng.choice((8, 64, 200, 380)))
        kept[key] = rng.getrandbits(32)
        table[key] = kept[key]
    assert len(table) == len(kept) and dict(table.items()) == kept
    assert all(table.get(key, -7) == value for key, value in kept.items())
    assert table.get(1 << 400, -7) == -7 and table.get(-5, -7) == -7
    with pytest.raises(ValueError, match="not one of a position of 3 seats"):
        table[1 << 400] = 1
    with pytest.raises(ValueError, match="two 16-bit numbers"):
        table[5] = 1 << 32
    with pytest.raises(TypeError, match="must be an int"):
        table.get("5", 0)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="never deleted"):
        del table[5]  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="2 to 8 seats"):
        Bounds(9)
    assert len(table) == len(kept) and dict(table.items()) == kept


def test_the_whole_graph_in_c_labels_as_the_one_in_python() -> None:
    """The compiled build's whole graph on masks in C gives, on random positions,
    for each seat, the verdict and length of the one in Python after the same
    positions counted, stops at the same limit, and runs out of budget at the
    same position."""
    if search._NATIVE_RACE is None:
        pytest.skip("the searches in C are the compiled build's (SKITGUBBE_MYPYC=1)")
    rng = random.Random(4)
    outcomes: set[str] = set()
    for state, positions in _positions_on_masks(12, 120):
        position = _Positions.of(state)
        for seat in range(state.players):
            nodes = rng.choice((10**7, 10**7, rng.randint(1, 300)))
            limit = rng.choice((10**6, rng.randint(1, 300)))
            found: list[tuple[object, int]] = []
            for walk in (search._label_positions, search._walk_positions):
                budget = _Budget(nodes, float("inf"))
                try:
                    answer: object = walk(positions, position, seat, budget, limit)
                except _OutOfBudget:
                    answer = "out of budget"
                found.append((answer, budget.used))
            assert found[0] == found[1], (state, seat, nodes, limit)
            answer = found[0][0]
            if isinstance(answer, tuple):
                outcomes.add(str(answer[0]))
            else:
                outcomes.add("too big" if answer is None else str(answer))
    assert outcomes >= {"out of budget", "too big", str(Verdict.ESCAPES), str(Verdict.GOAT)}, (
        outcomes
    )


def test_the_search_that_counts_no_moves_in_c_forces_as_the_one_in_python() -> None:
    """The compiled build's search that counts no moves on masks in C gives, on
    random positions, for each seat and goal, the answer of the one in Python,
    with the race on or off, after the same positions counted (the races'
    included), leaving the same table and an empty line; and where the budget
    runs out, it runs out at the same position, with the same table."""
    if search._NATIVE_RACE is None:
        pytest.skip("the searches in C are the compiled build's (SKITGUBBE_MYPYC=1)")
    rng = random.Random(8)
    compared = stopped = raced = 0
    answers: set[str] = set()
    for state, positions in _positions_on_masks(9, 110):
        native = positions.native
        assert native is not None
        position = _Positions.of(state)
        key = positions.key(position)
        for seat in range(state.players):
            for escape in (True, False):
                limit = rng.choice((5_000, 5_000, rng.randint(1, 60)))
                results: list[tuple[int | None, int, dict[int, int], dict[int, int]]] = []
                race = rng.random() < 0.7
                for in_c in (True, False):
                    budget = _Budget(limit, float("inf"))
                    table: dict[int, int] = {}
                    solver = Solver()
                    forcing = search._Force(solver, seat, escape, table, budget)
                    forcing.race = race
                    try:
                        if in_c:
                            found: int | None = forcing._force_natively(positions, native, position)
                        else:
                            found = forcing._force(positions, position, key)
                    except _OutOfBudget:
                        found = None
                    results.append((found, budget.used, table, forcing.line))
                    raced += bool(solver._races)  # a position went to the race in C
                assert results[0] == results[1], (state, seat, escape)
                assert not results[0][3]  # every position left the line
                found = results[0][0]
                compared += 1
                stopped += found is None
                if found is not None:
                    answers.add("forced" if found >= 0 else "cut" if found == _CUT else "not")
    assert compared > 400 and stopped > 20 and raced > 40, (compared, stopped, raced)
    assert answers == {"forced", "not"} or answers == {"forced", "not", "cut"}, answers


Searched = tuple[
    Verdict | None,
    int | None,
    bool,
    list[tuple[int, int]],
    list[bool],
    list[tuple[tuple[Verdict, int | None] | None, int]],
    tuple[sg.Move, ...],
]


def _searched(state: PhaseTwoState, seat: int, quickest: bool) -> Searched:
    """What each search finds for ``seat``: the solver's verdict and length, the
    proof search's bounds and positions at depths 1 to 15 for each goal, whether
    the search that counts no moves can force each goal, the whole graph's
    verdict and positions (and where a limit of 40 positions stops it), and last
    the moves the solver names."""
    answer = solve(state, seat=seat, quickest=quickest, max_nodes=200_000)
    bounds: list[tuple[int, int]] = []
    forced: list[bool] = []
    for escape in (True, False):
        solver = Solver()
        for depth in range(1, 16):
            budget = _Budget(10**7, float("inf"))
            bounds.append((solver._prove(state, seat, escape, depth, budget), budget.used))
        forced.append(Solver()._force(state, seat, escape, _Budget(10**7, float("inf"))) >= 0)
    graphs: list[tuple[tuple[Verdict, int | None] | None, int]] = []
    for limit in (40, 5_000):
        budget = _Budget(10**7, float("inf"))
        graphs.append((_label_graph(state, seat, budget, limit), budget.used))
    return (answer.verdict, answer.length, answer.complete, bounds, forced, graphs, answer.moves)


def test_an_answer_takes_the_kept_pick_up_before_searching_a_beat() -> None:
    """Two seats: where the table already holds that the leader, picked up and
    leading again, loses, the answering seat's pick-up refutes the lead at once
    (_Race._answered): one position counted, where a race that holds nothing
    searches the beats first. Seat 0 leads 9D; seat 1 could kill it with the
    jack of clubs or the queen of spades, not with its three or seven of spades
    (where each of its cards beats the lead, the beats alone answer it)."""
    shedding, hand, other = _flurst_race("6S 9D 8D KC 7C", "3S JC 7S QS", "H")
    lead = mask_of(sg.parse_cards("9D"))
    rest = hand ^ lead
    picked = sg.start_phase_two(
        sg.presets.FLURST, [format_cards(cards_of(rest)), "3S JC 7S QS 9D", ""], "H", leader=0
    )
    assert isinstance(picked, PhaseTwoState)
    assert not shedding.quick(rest, other | lead)
    assert shedding.settled(*shedding.canonical(rest, other | lead)) < 0
    fresh = _Race(0, {}, 10**6, float("inf"), shedding, {})
    assert fresh._answered(rest, other, lead) == 0 and fresh.nodes > 1
    race = _Race(0, {}, 10**6, float("inf"), shedding, {})
    # the engine's race agrees: picked up, the leader leads again and loses
    assert race._leads(rest, other | lead) == 0 == _race(picked, 0, None)
    race.nodes = 0
    assert race._answered(rest, other, lead) == 0 and race.nodes == 1
    if search._NATIVE_RACE is not None:  # the race in C takes it as the race in Python
        native = search._NATIVE_RACE(
            shedding.filters, shedding.beaten_by, shedding.trumps, shedding.whole, shedding.groups
        )
        assert native.answered(rest, other, lead, 10**6, float("inf")) == 0
        assert native.nodes == fresh.nodes
        native = search._NATIVE_RACE(
            shedding.filters, shedding.beaten_by, shedding.trumps, shedding.whole, shedding.groups
        )
        assert native.leads(rest, other | lead, 10**6, float("inf")) == 0
        assert native.answered(rest, other, lead, 10**6, float("inf")) == 0
        assert native.nodes == 1
