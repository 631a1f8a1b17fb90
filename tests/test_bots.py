"""Bots: the protocol, the driver's arbitration, the three bots and matches."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import attrs
import pytest

import skitgubbe as sg
from skitgubbe.bots import (
    BOT_NAMES,
    BotError,
    GreedyBot,
    MatchError,
    RandomBot,
    SearchBot,
    asking_order,
    greedy_choice,
    is_due,
    make_bot,
    next_move,
    parse_bots,
    play_game,
)
from skitgubbe.bots.playouts import playout, playout_move
from skitgubbe.bots.search import _candidates
from skitgubbe.moves import Dare, PickUp, Play, Sluff
from skitgubbe.runner.stats import mean_interval
from skitgubbe.tournament import match

from .helpers import KEY


def table_size(rules: sg.Ruleset) -> int:
    return max(rules.min_players, min(4, rules.max_players))


class Spy:
    """Wraps a bot and checks what it is given: a view of its own seat and its own
    legal moves, never a state."""

    def __init__(self, inner: RandomBot | GreedyBot | SearchBot) -> None:
        self.inner = inner
        self.name = f"spy-{inner.name}"
        self.seat = -1
        self.asked_due = 0
        self.asked_optional = 0

    def reset(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.inner.reset(seat, seed)

    def choose(self, view: sg.PlayerView, moves: Sequence[sg.Move]) -> sg.Move | None:
        assert type(view) is sg.PlayerView and not isinstance(view, sg.State)
        fields = attrs.fields(sg.PlayerView)
        assert not any(isinstance(getattr(view, f.name), sg.State) for f in fields)
        assert view.player == self.seat and moves
        assert all(isinstance(m, sg.Move) and m.player == self.seat for m in moves)
        if is_due(view):
            self.asked_due += 1
        else:
            self.asked_optional += 1
        return self.inner.choose(view, moves)


@pytest.mark.parametrize("name", sg.presets.NAMES)
def test_random_and_greedy_bots_finish_a_game_under_every_preset(name: str) -> None:
    rules = sg.presets.get(name)
    players = table_size(rules)
    for seed in range(3):
        bots = [GreedyBot() if seat % 2 else RandomBot() for seat in range(players)]
        game = play_game(rules, bots, seed=seed)
        assert 0 <= game.loser < players
        final = sg.replay(game.record)[-1]
        assert final.is_over and final.loser == game.loser
        assert game.moves == len(game.record.moves)


@pytest.mark.parametrize("name", ["flurst", "helmfrid", "mas", "two_player"])
def test_bots_receive_only_their_own_views_and_moves(name: str) -> None:
    rules = sg.presets.get(name)
    players = table_size(rules)
    kinds: list[RandomBot | GreedyBot | SearchBot] = [
        RandomBot(),
        GreedyBot(),
        RandomBot(),
        GreedyBot(),
    ]
    if name == "flurst":
        kinds[2] = SearchBot(2, candidates=2)
    spies = [Spy(kinds[seat % len(kinds)]) for seat in range(players)]
    play_game(rules, spies, seed=5)
    assert all(spy.asked_due > 0 for spy in spies)
    if name == "flurst":  # sluffs anytime: seats are asked out of turn
        assert sum(spy.asked_optional for spy in spies) > 0


def after_a_lead() -> sg.State:
    """Flurst, seat 0 led 3D: seat 1 is due, seat 0 may sluff 3S out of turn."""
    state = sg.deal(sg.presets.FLURST, players=4, seed=7).apply("0 play 3D")
    assert state.due == (1,) and "0 sluff 3S" in [str(m) for m in state.legal_moves()]
    return state


class Scripted:
    """Answers from a list, and logs the seats it was asked at."""

    def __init__(self, seat: int, answer: str | None, log: list[int]) -> None:
        self.name = f"scripted{seat}"
        self.seat = seat
        self.answer = answer
        self.log = log

    def reset(self, seat: int, seed: int) -> None:
        pass

    def choose(self, view: sg.PlayerView, moves: Sequence[sg.Move]) -> sg.Move | None:
        self.log.append(self.seat)
        if self.answer is None:
            return None if not is_due(view) else moves[0]
        return sg.parse_move(self.answer)


def test_optional_seats_are_asked_clockwise_from_the_due_seat_then_the_due_seat() -> None:
    state = after_a_lead()
    order = asking_order(state)
    assert order[-1] == 1 and order.index(0) < len(order) - 1
    optional = [seat for seat in order if seat != 1]
    assert optional == sorted(optional, key=lambda seat: (seat - 1) % 4)
    log: list[int] = []
    bots = [Scripted(seat, None, log) for seat in range(4)]
    move = next_move(state, bots)
    assert move.player == 1 and log == [0, 1]  # seats 2 and 3 hold no legal move


def test_an_optional_seat_that_acts_moves_before_the_due_seat() -> None:
    state = after_a_lead()
    log: list[int] = []
    bots = [Scripted(0, "0 sluff 3S", log), *(Scripted(s, None, log) for s in (1, 2, 3))]
    assert str(next_move(state, bots)) == "0 sluff 3S" and log == [0]


def test_a_due_bot_must_move_and_only_legally() -> None:
    state = after_a_lead()
    log: list[int] = []

    class Lazy(Scripted):
        def choose(self, view: sg.PlayerView, moves: Sequence[sg.Move]) -> sg.Move | None:
            return None

    with pytest.raises(BotError, match="seat 1 is due and returned no move"):
        next_move(state, [Lazy(seat, None, log) for seat in range(4)])
    cheat = [
        Scripted(0, None, log),
        Scripted(1, "1 play AS", log),
        *(Scripted(s, None, log) for s in (2, 3)),
    ]
    with pytest.raises(BotError, match=r"chose 1 play AS, which is not one of its legal moves"):
        next_move(state, cheat)
    with pytest.raises(ValueError, match="one bot per seat: 4 seats, 3 bots"):
        next_move(state, [GreedyBot()] * 3)


def test_greedy_choice_phase_two_plays_cheapest_and_picks_up_only_when_forced() -> None:
    state = sg.start_phase_two(sg.presets.FLURST, ["2C 3C", "7C 8C 9C JD", "KD"], "D", leader=0)
    lead = greedy_choice(state.view(0), state.legal_moves(0))
    assert lead is not None and str(lead) == "0 play 2C 3C"  # lowest card, longest run
    state = state.apply(lead)
    assert str(greedy_choice(state.view(1), state.legal_moves(1))) == "1 play 7C 8C 9C"
    state = state.apply("1 play 7C")
    moves = state.legal_moves(2)
    assert str(greedy_choice(state.view(2), moves)) == "2 play KD"  # a play, though trump


@pytest.mark.parametrize("name", sorted(sg.presets.ALL))
def test_the_playouts_move_is_the_greedy_choice_from_the_seat_s_view(name: str) -> None:
    # playout_move reads phase one from the state, not from a view it would have
    # to build: it must choose what greedy_choice chooses from the seat's view,
    # leaving out only the sluffs and dares the playouts never make
    rules = sg.presets.ALL[name]
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        players = max(rules.min_players, min(4, rules.max_players))
        state: sg.State = sg.deal(rules, players=players, seed=seed)
        while not state.is_over:
            seat = state.due[0]
            moves = state.legal_moves(seat)
            plain = [m for m in moves if not isinstance(m, (Sluff, Dare))]
            if len(moves) > 1 and any(isinstance(m, (Play, PickUp)) for m in plain):
                assert playout_move(state, seat) == greedy_choice(state.view(seat), plain)
                checked += 1
            state = state.apply(rng.choice(state.legal_moves()))
    assert checked > 100


def test_random_bot_is_seeded_and_sometimes_declines() -> None:
    state = after_a_lead()
    view, moves = state.view(0), state.legal_moves(0)
    first, second = RandomBot(), RandomBot()
    first.reset(0, 11)
    second.reset(0, 11)
    answers = [first.choose(view, moves) for _ in range(40)]
    assert answers == [second.choose(view, moves) for _ in range(40)]
    assert None in answers and any(answer is not None for answer in answers)


def test_search_bot_is_reproducible_from_its_seed() -> None:
    rules = sg.presets.FLURST
    games = [
        play_game(
            rules, [SearchBot(2, candidates=2), GreedyBot(), RandomBot()], 2, bot_seeds=[5, 0, 1]
        )
        for _ in range(2)
    ]
    assert games[0].record == games[1].record
    with pytest.raises(ValueError, match="playouts must be a whole number of at least 1"):
        SearchBot(0)


def test_greedy_bot_is_the_goat_less_often_than_random_bots() -> None:
    bots = ["greedy", "random", "random", "random"]
    result = match(sg.presets.FLURST, bots, 12, 4, workers=1, key=KEY)
    assert result.goat_rate("greedy").mean < 0.25
    assert result.difference("greedy").high < 0


def test_a_match_result_names_what_it_expected_of_wrong_arguments() -> None:
    result = match(sg.presets.FLURST, ["greedy", "random", "random"], 2, seed=1, workers=1)
    assert result.difference(0, 1) == result.difference("greedy", ["random#1"])
    assert result.difference(0, (1, 2)) == result.difference(0)
    with pytest.raises(TypeError, match=r"a bot \(an index or label\) or a sequence of bots"):
        result.difference(0, 1.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"by its index \(0 to 2\) or its label"):
        result.goat_rate(None)  # type: ignore[arg-type]
    with pytest.raises(KeyError, match="no bot 3 in this match; its bots are 0 to 2"):
        result.difference(3)
    with pytest.raises(ValueError, match="not with itself"):
        result.difference(1, ["random#1"])


def test_a_match_is_the_same_whatever_the_number_of_workers() -> None:
    bots = ["greedy", "random", "random"]
    one = match(sg.presets.FLURST, bots, 6, seed=3, workers=1, key=KEY)
    two = match(sg.presets.FLURST, bots, 6, seed=3, workers=2, key=KEY)
    assert one.rows == two.rows and one == two
    other = match(sg.presets.FLURST, bots, 6, seed=4, workers=1)
    assert other.rows != one.rows


def test_a_match_plays_each_deal_once_per_rotation() -> None:
    result = match(sg.presets.FLURST, ["greedy", "random", "random"], 3, seed=1, workers=1)
    assert result.games_played == 3 and len(result.rows) == 9
    for deal in range(3):
        rows = [row for row in result.rows if row.deal == deal]
        assert [row.rotation for row in rows] == [0, 1, 2]
        assert len({row.deal_seed for row in rows}) == 1
        assert all(row.goat == (row.goat_seat - row.rotation) % 3 for row in rows)
    assert math.isclose(sum(result.goat_rate(bot).mean for bot in range(3)), 1.0)
    assert result.bots == ("greedy", "random#1", "random#2")
    table = result.table()
    assert "random#2" in table and "goat %" in table and "moves per game" in table


def test_a_match_refuses_bad_bots_with_a_reason() -> None:
    with pytest.raises(MatchError, match="no bot named 'clever'; the bots are: random, greedy"):
        make_bot("clever")
    with pytest.raises(MatchError, match="give one bot per player: 4 players, 3 bots"):
        parse_bots("greedy,random,random", 4)
    with pytest.raises(MatchError, match="these rules seat 3-3 players"):
        match(sg.presets.ATLANTA, ["greedy", "random"], 1, workers=1)
    assert set(BOT_NAMES) == {"random", "greedy", "search", "pimc"}


def test_the_interval_is_students_t() -> None:
    from scipy import stats

    values = [random.Random(9).random() for _ in range(7)]
    got = mean_interval(values)
    mean = sum(values) / 7
    low, high = stats.t.interval(0.95, 6, loc=mean, scale=stats.sem(values))
    assert math.isclose(got.low, low, rel_tol=2e-3) and math.isclose(got.high, high, rel_tol=2e-3)
    assert math.isnan(mean_interval([1.0]).low)


def test_the_engine_does_not_import_the_bots() -> None:
    import subprocess
    import sys

    code = "import sys, skitgubbe; print('skitgubbe.bots' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def test_search_bot_searches_when_due_and_leaves_out_of_turn_choices_to_greedy() -> None:
    state = after_a_lead()
    bot = SearchBot(8, seconds=1e-6)
    bot.reset(1, 3)
    due_view, due_moves = state.view(1), state.legal_moves(1)
    assert len(due_moves) > 1 and bot.choose(due_view, due_moves) in due_moves
    view, moves = state.view(0), state.legal_moves(0)
    assert bot.choose(view, moves) == greedy_choice(view, moves)
    with pytest.raises(ValueError, match="seconds must be more than 0"):
        SearchBot(seconds=0)


def test_greedy_beats_with_a_low_trump_in_mas_rather_than_pick_up() -> None:
    """P1-MAS: a follower must beat the led card or pick it up, and a trump beats
    any other suit; the greedy bot beats with the 3 of trumps (diamonds) rather
    than pick up the king of hearts, and spares its trumps when it can."""
    state = sg.deal(
        sg.presets.MAS, hands=["KH 4S 6S", "3D 5S 7S", "9C 10C JC"], stock="2H 8H 9H QD", leader=0
    ).apply("0 play KH")
    assert [str(m) for m in state.legal_moves(1)] == ["1 play 3D", "1 pick KH"]
    bot = GreedyBot()
    bot.reset(1, 0)
    assert str(bot.choose(state.view(1), state.legal_moves(1))) == "1 play 3D"

    spare = sg.deal(
        sg.presets.MAS, hands=["5H 4S 6S", "3D AH 7S", "9C 10C JC"], stock="2H 8H 9H QD", leader=0
    ).apply("0 play 5H")
    assert [str(m) for m in spare.legal_moves(1)] == ["1 play 3D", "1 play AH", "1 pick 5H"]
    assert str(bot.choose(spare.view(1), spare.legal_moves(1))) == "1 play AH"


def test_a_match_table_explains_why_bots_of_one_kind_differ() -> None:
    twins = match(sg.presets.FLURST, ["random", "random", "greedy"], 2, seed=1, workers=1)
    assert "the random bots are alike" in twins.table()
    assert "always plays after the same neighbour" in twins.table()
    apart = match(sg.presets.FLURST, ["search", "random", "greedy"], 1, seed=1, workers=1)
    assert "alike" not in apart.table()


def test_a_search_bot_reports_its_playouts_per_second() -> None:
    bot = SearchBot(8, candidates=2)
    assert bot.playouts_per_second == 0.0
    play_game(sg.presets.FLURST, [bot, GreedyBot(), GreedyBot()], 1, bot_seeds=[1, 2, 3])
    assert bot.playouts_made >= 8 and bot.search_seconds > 0
    assert bot.playouts_per_second == bot.playouts_made / bot.search_seconds


def test_a_search_bot_plays_each_move_once_where_every_hand_is_known() -> None:
    """In phase two every world is the position itself: the bot spends one playout
    a candidate, not its whole budget, and still picks the move whose playout
    ends best; in phase one it samples its budget's worth."""
    state: sg.State = sg.deal(sg.presets.FLURST, players=4, seed=3)
    while not isinstance(state, sg.PhaseTwoState):
        state = state.apply(playout_move(state, state.due[0]))
    seat = state.due[0]
    view, moves = state.view(seat), state.legal_moves(seat)
    assert not view.unseen_mask and len(moves) > 2
    bot = SearchBot(64, candidates=3)
    chosen = bot.choose(view, moves)
    assert bot.playouts_made == 3
    options = _candidates(view, moves, 3)
    scores = [playout(state.apply(move), seat) for move in options]
    assert chosen == options[scores.index(min(s for s in scores if s is not None))]
    before = bot.playouts_made
    first = sg.deal(sg.presets.FLURST, players=4, seed=3)
    mover = first.due[0]
    bot.choose(first.view(mover), first.legal_moves(mover))
    assert bot.playouts_made - before >= 64
