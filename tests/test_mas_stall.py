"""Mas's phase one always ends: its quiet limit (P1-MAS, a ruling; ``Ruleset.quiet_limit``).

In Mas a follower who cannot beat picks the led card up, and nobody draws while
every hand holds three cards or more, so players who always answer the same way
can pass the same cards round for ever. Phase one ends once ``quiet_limit`` moves
in a row have won no trick, stored no trumps and drawn no card: the stock is
dealt out a card at a time from the seat due to play, and phase two begins.
"""

from __future__ import annotations

import random

import attrs
import pytest

import skitgubbe as sg
from skitgubbe.bots import GreedyBot, next_move
from skitgubbe.simulate import move_bound


def greedy_states(rules: sg.Ruleset, seed: int, most: int) -> list[sg.State]:
    """The states of three GreedyBots playing the deal of ``seed``, for at most
    ``most`` moves."""
    bots = [GreedyBot() for _ in range(3)]
    for seat, bot in enumerate(bots):
        bot.reset(seat, seed + seat)
    state: sg.State = sg.deal(rules, players=3, seed=seed)
    states = [state]
    while not state.is_over and len(states) <= most:
        state = state.apply(next_move(state, bots))
        states.append(state)
    return states


def test_p1_mas_greedy_bots_that_pass_cards_round_end_phase_one_at_the_quiet_limit() -> None:
    """P1-MAS: from seed 1 three GreedyBots lead cards the next seat cannot beat and
    pick them up, round and round; with the longest limit allowed phase one still
    goes on after 9,500 moves, the same position coming back. With the default
    limit, phase one ends after 1,000 quiet moves, the stock is dealt out from the
    seat due, the seat dealt the turned-up card leads phase two, and the game ends."""
    endless = attrs.evolve(sg.presets.MAS, quiet_limit=sg.rules.MAX_QUIET_LIMIT)
    endless_states = greedy_states(endless, 1, 9_500)
    last = endless_states[-1]
    assert isinstance(last, sg.PhaseOneState) and last.quiet > 8_000
    assert last in endless_states[-20:-1]  # the same position again (the count aside)

    states = greedy_states(sg.presets.MAS, 1, move_bound(sg.presets.MAS))
    assert states[-1].is_over
    first_two = next(index for index, s in enumerate(states) if isinstance(s, sg.PhaseTwoState))
    before, after = states[first_two - 1], states[first_two]
    assert isinstance(before, sg.PhaseOneState) and isinstance(after, sg.PhaseTwoState)
    assert before.quiet == sg.presets.MAS.quiet_limit - 1
    going_on = endless_states[first_two]  # the same move without the limit
    assert isinstance(going_on, sg.PhaseOneState)
    due = going_on.due[0]
    kinds = [(event.kind, event.player) for event in after.events]
    stalled = kinds.index((sg.EventKind.STALLED_PHASE_ONE, due))
    assert kinds[stalled + 1] == (sg.EventKind.PHASE_ONE_OVER, due)
    left = going_on.stock_cards[going_on.drawn :]
    assert len(left) > 3
    dealt = dict.fromkeys(range(3), 0)
    for event in after.events:
        if event.kind is sg.EventKind.TOOK and not event.mask & going_on.table_mask:
            dealt[event.player] += event.mask.bit_count()
    # a card at a time from the seat due: it and the next seats get one more
    assert [dealt[(due + place) % 3] for place in range(3)] == [
        (len(left) - place + 2) // 3 for place in range(3)
    ]
    receiver = (due + len(left) - 1) % 3  # dealt the turned-up card, the last
    assert sg.Card.from_index(going_on.indicator) in after.hand(receiver)
    assert after.to_act == (receiver,)  # the drawer of the turned-up card leads (I-LEADER)


def test_p1_mas_a_won_trick_a_store_or_a_draw_starts_the_quiet_count_again() -> None:
    """P1-MAS: in random games every move that wins no trick, stores nothing and
    draws no card adds one to the count, any other sets it to 0; with a limit of 3
    phase one ends at the third quiet move in a row, never before."""
    rules = attrs.evolve(sg.presets.MAS, quiet_limit=3)
    stalls = 0
    for seed in range(30):
        rng = random.Random(seed)
        state: sg.State = sg.deal(rules, players=3, seed=seed)
        while isinstance(state, sg.PhaseOneState):
            seat = rng.choice([seat for seat in state.to_act if state.legal_moves(seat)])
            after = state.apply(rng.choice(state.legal_moves(seat)))
            if isinstance(after, sg.PhaseOneState):
                progress = after.drawn != state.drawn or after.won_masks != state.won_masks
                assert after.quiet == (0 if progress else state.quiet + 1)
                assert after.quiet < 3
            elif any(event.kind is sg.EventKind.STALLED_PHASE_ONE for event in after.events):
                assert state.quiet == 2
                stalls += 1
            state = after
    assert stalls >= 5


def test_p1_mas_the_count_is_public_and_only_mas_keeps_one() -> None:
    """P1-MAS: each seat's view shows the count (every move is public); states that
    differ only in it compare equal; other rules' phase one never counts."""
    state: sg.State = sg.deal(sg.presets.MAS, players=3, seed=1)
    bots = [GreedyBot() for _ in range(3)]
    for _ in range(40):
        state = state.apply(next_move(state, bots))
    assert isinstance(state, sg.PhaseOneState) and state.quiet > 0
    assert {state.view(seat).quiet for seat in range(3)} == {state.quiet}
    made, fields = state.__reduce__()[:2]
    assert made is sg.PhaseOneState and isinstance(fields, tuple)
    fresh = sg.PhaseOneState(*fields[:-1])  # the same state, counted from 0
    assert fresh.quiet == 0 and fresh == state and hash(fresh) == hash(state)
    flurst: sg.State = sg.deal(sg.presets.FLURST, players=3, seed=1)
    while isinstance(flurst, sg.PhaseOneState):
        assert flurst.quiet == 0
        flurst = flurst.apply(next_move(flurst, bots))


def test_p1_mas_a_record_that_goes_on_past_the_quiet_limit_says_where_phase_one_stalled() -> None:
    """P1-MAS: a record of seed 1 played on past 1,000 quiet moves (as an earlier
    release let it) is refused at the first move after phase one stalled, and the
    error says that phase one stalled there and why. A move refused in a game that
    never stalled says nothing of it."""
    endless = attrs.evolve(sg.presets.MAS, quiet_limit=sg.rules.MAX_QUIET_LIMIT)
    moves: list[sg.Move] = []
    for state in greedy_states(endless, 1, 1_100)[1:]:
        assert state.last_move is not None
        moves.append(state.last_move)
    record = sg.Record(sg.presets.MAS, sg.Deal(3, 1), moves)
    with pytest.raises(sg.ReplayError, match=r"^move 1020 .*; phase one stalled at move 1019, "):
        sg.replay(record)
    sg.replay(sg.Record(endless, sg.Deal(3, 1), moves))  # the same moves, under their rules
    cut = sg.Record(sg.presets.MAS, sg.Deal(3, 1), moves[:5] + moves[6:7])
    with pytest.raises(sg.ReplayError) as caught:
        sg.replay(cut)
    assert "stalled" not in str(caught.value)


def test_p1_mas_a_move_refused_long_after_phase_one_stalled_is_not_blamed_on_the_stall() -> None:
    """P1-MAS: in a game of the Mas rules that did stall, a move refused in phase
    two for another reason (a card played twice) says nothing of the stall: the
    moves before it are of phase two, which a phase one without the quiet limit
    would not have accepted."""
    states = greedy_states(sg.presets.MAS, 1, 1_100)
    moves: list[sg.Move] = []
    for state in states[1:]:
        assert state.last_move is not None
        moves.append(state.last_move)
    kinds = [event.kind for state in states for event in state.events]
    assert sg.EventKind.STALLED_PHASE_ONE in kinds
    played = [at for at, move in enumerate(moves) if isinstance(move, sg.Play)]
    last = next(at for at in played if at > 1_030)  # well into phase two
    again = [*moves[: last + 1], moves[last]]  # the same card once more
    with pytest.raises(sg.ReplayError) as caught:
        sg.replay(sg.Record(sg.presets.MAS, sg.Deal(3, 1), again))
    assert caught.value.index == last + 1
    assert "stalled" not in str(caught.value)
