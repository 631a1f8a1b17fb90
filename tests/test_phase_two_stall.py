"""A game always ends: the quiet limit of phase two (a ruling, ``Ruleset.quiet_limit``).

Picking up brings cards back to a hand, so deterministic players can repeat a
position for ever. Phase two ends once ``quiet_limit`` moves in a row have killed no
trick and put no player out; the player holding the most cards is then the goat.
"""

from __future__ import annotations

import attrs
import pytest

import skitgubbe as sg
from skitgubbe.bots import GreedyBot, asking_order

from .helpers import play


def greedy_game(rules: sg.Ruleset, seed: int, most: int) -> tuple[sg.State, bool]:
    """GreedyBots play the deal of ``seed`` for at most ``most`` moves: the last
    state, and whether a phase-two position came back on the way."""
    bots = [GreedyBot() for _ in range(4)]
    state: sg.State = sg.deal(rules, players=4, seed=seed)
    seen: set[object] = set()
    repeated = False
    for _ in range(most):
        if state.is_over:
            break
        for seat in asking_order(state):
            moves = state.legal_moves(seat)
            move = bots[seat].choose(state.view(seat), moves) if moves else None
            if move is not None:
                break
        assert move is not None
        state = state.apply(move)
        if isinstance(state, sg.PhaseTwoState):
            repeated = repeated or state in seen
            seen.add(state)
    return state, repeated


def test_p2_out_two_greedy_bots_that_cycle_end_at_the_quiet_limit() -> None:
    """P2-OUT: under pagat's rules, once one of four seats is out, the three
    GreedyBots left bring the same position back again and again; without the limit
    the game is still going after 5,000 moves. With it the game ends, and the goat
    is the seat holding the most cards."""
    endless = attrs.evolve(sg.presets.PAGAT, quiet_limit=sg.rules.MAX_QUIET_LIMIT)
    state, repeated = greedy_game(endless, 89, 5_000)
    assert repeated and not state.is_over
    assert isinstance(state, sg.PhaseTwoState) and len(state.out) == 1
    final, _ = greedy_game(sg.presets.PAGAT, 89, 5_000)
    assert isinstance(final, sg.PhaseTwoState) and final.is_over
    assert final.quiet == sg.presets.PAGAT.quiet_limit
    stalled = [event.player for event in final.events if event.kind is sg.EventKind.STALLED]
    assert stalled == [final.loser]
    sizes = {seat: final.hand_size(seat) for seat in range(4) if seat not in final.out}
    assert final.loser is not None and sizes[final.loser] == max(sizes.values())


def test_p2_out_a_kill_or_a_player_going_out_starts_the_quiet_count_again() -> None:
    """P2-OUT: plays and pick-ups count towards the limit; a kill sets it back."""
    rules = attrs.evolve(sg.presets.PAGAT, quiet_limit=4)
    state = sg.start_phase_two(rules, ["2C 9C", "3C 4C", "KD"], "D", leader=0)
    state = play(state, "0 play 2C", "1 play 3C")
    assert state.quiet == 2
    state = play(state, "2 play KD")  # the third play kills the trick (P2-KILL)
    assert state.quiet == 0 and state.killed


def test_p2_out_at_the_quiet_limit_the_most_cards_lose() -> None:
    """P2-OUT, ruling: at the limit the seat holding the most cards is the goat:
    seat 2, whose pick-up made its third card, not seat 0, due to move next."""
    rules = attrs.evolve(sg.presets.PAGAT, quiet_limit=2)
    state = sg.start_phase_two(rules, ["2C 9C", "3C 4C 5H", "KD 2S"], "D", leader=1)
    over = play(state, "1 play 3C", "2 pick 3C")
    assert over.is_over and over.quiet == 2
    assert [over.hand_size(seat) for seat in range(3)] == [2, 2, 3]
    assert over.loser == 2


def test_the_quiet_limit_must_let_a_game_be_played() -> None:
    """P2-OUT: a limit below one move, or one so long that a stalled game would run
    for hours, is refused when the ruleset is built."""
    for limit in (0, sg.rules.MAX_QUIET_LIMIT + 1):
        with pytest.raises(sg.RulesetError, match="quiet_limit must be from 1 to 10,000"):
            attrs.evolve(sg.presets.PAGAT, quiet_limit=limit)
    attrs.evolve(sg.presets.PAGAT, quiet_limit=sg.rules.MAX_QUIET_LIMIT)
