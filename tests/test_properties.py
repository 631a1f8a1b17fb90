"""Invariants of phase two under random legal play, for every preset and variant.

Random hands (sometimes empty, sometimes with cards out of play) are played out
with uniformly random legal moves; at every step the invariants are checked.
"""

from __future__ import annotations

import pickle
import random
from collections import Counter
from collections.abc import Iterator

from hypothesis import HealthCheck, given, settings

import skitgubbe as sg
from skitgubbe.cards import touching_runs
from skitgubbe.simulate import play_out, random_moves

from .strategies import phase_two_states

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def everywhere(state: sg.PhaseTwoState) -> Counter[sg.Card]:
    """Every card of the game, wherever it is."""
    cards: Counter[sg.Card] = Counter()
    for player in range(state.players):
        cards.update(state.hand(player))
    for play in state.table:
        cards.update(play)
    cards.update(state.killed)
    cards.update(state.reserve)
    return cards


def walk(state: sg.PhaseTwoState, seed: int) -> Iterator[tuple[sg.PhaseTwoState, sg.Move]]:
    """Each state of a random game with the move played from it."""
    previous = state
    for move, after in random_moves(state, seed):
        assert isinstance(after, sg.PhaseTwoState)
        yield previous, move
        previous = after


@SETTINGS
@given(phase_two_states())
def test_random_play_ends_with_exactly_one_goat(setup: tuple[sg.PhaseTwoState, int]) -> None:
    """P2-OUT: the last player holding cards is the goat; everyone else is out."""
    state, seed = setup
    final = play_out(state, seed)
    assert final.is_over and final.phase is sg.Phase.OVER
    assert final.loser is not None
    assert final.to_act == () and final.legal_moves() == ()
    assert isinstance(final, sg.PhaseTwoState)
    assert final.loser not in final.out
    assert [e.player for e in final.events if e.kind is sg.EventKind.GOAT] == [final.loser]


@SETTINGS
@given(phase_two_states())
def test_every_card_is_always_in_exactly_one_place(setup: tuple[sg.PhaseTwoState, int]) -> None:
    state, seed = setup
    start = everywhere(state)
    for before, move in walk(state, seed):
        assert everywhere(before.apply(move)) == start


@SETTINGS
@given(phase_two_states())
def test_apply_never_changes_its_input(setup: tuple[sg.PhaseTwoState, int]) -> None:
    state, seed = setup
    for before, move in walk(state, seed):
        frozen = pickle.dumps(before)
        hands = [before.hand(p) for p in range(before.players)]
        table, events = before.table, before.events
        before.apply(move)
        assert pickle.dumps(before) == frozen
        assert [before.hand(p) for p in range(before.players)] == hands
        assert (before.table, before.events) == (table, events)


@SETTINGS
@given(phase_two_states())
def test_every_listed_move_is_accepted_and_names_a_player_to_act(
    setup: tuple[sg.PhaseTwoState, int],
) -> None:
    state, seed = setup
    for before, _ in walk(state, seed):
        moves = before.legal_moves()
        assert moves, "a game that is not over always offers a move"
        assert len(set(moves)) == len(moves)
        for move in moves:
            assert move.player in before.to_act
            assert before.is_legal(move) and before.is_legal(str(move))
            before.check(move)
            assert before.explain(move) is None
            before.apply(move)


def candidates(state: sg.PhaseTwoState, rng: random.Random) -> Iterator[sg.Move]:
    """Well-formed moves, legal or not: plays from every hand, pick-ups of table cards."""
    for player in range(state.players):
        hand = state.hand(player)
        for run in touching_runs(hand):
            for start in range(len(run)):
                yield sg.Play(player, run[start : start + rng.randint(1, len(run) - start)])
        if len(hand) >= 2:
            yield sg.Play(player, rng.sample(hand, 2))
        yield sg.Play(player, [rng.choice(sg.one_pack())])
        table = [card for play in state.table for card in play]
        if table:
            yield sg.PickUp(player, rng.sample(table, rng.randint(1, len(table))))
        yield sg.PickUp(player, [rng.choice(sg.one_pack())])


@SETTINGS
@given(phase_two_states())
def test_moves_not_listed_are_refused_with_a_reason(setup: tuple[sg.PhaseTwoState, int]) -> None:
    state, seed = setup
    rng = random.Random(seed)
    for before, _ in walk(state, seed):
        legal = set(before.legal_moves())
        pool = list(candidates(before, rng))
        for move in rng.sample(pool, min(len(pool), 6)):
            if move in legal:
                continue
            assert not before.is_legal(move)
            error = before.explain(move)
            assert isinstance(error, sg.IllegalMoveError) and str(error)
            try:
                before.apply(move)
            except sg.IllegalMoveError as refusal:
                assert str(refusal) == str(error)
            else:
                raise AssertionError(f"{move} is not listed but was accepted")


@SETTINGS
@given(phase_two_states())
def test_replaying_the_moves_gives_equal_states(setup: tuple[sg.PhaseTwoState, int]) -> None:
    state, seed = setup
    record = [(str(move), after) for move, after in random_moves(state, seed)]
    replayed = state
    for text, expected in record:
        replayed = replayed.apply(sg.parse_move(text))
        assert replayed == expected and hash(replayed) == hash(expected)
        assert pickle.loads(pickle.dumps(replayed)) == expected


@SETTINGS
@given(phase_two_states())
def test_views_show_only_what_the_player_may_see(setup: tuple[sg.PhaseTwoState, int]) -> None:
    state, seed = setup
    for before, _ in walk(state, seed):
        open_cards = Counter(card for play in before.table for card in play)
        open_cards.update(before.killed)
        for player in range(before.players):
            view = before.view(player)
            assert view.hand == before.hand(player)
            assert view.hand_sizes == tuple(before.hand_size(p) for p in range(before.players))
            seen = Counter(view.hand) + Counter(c for play in view.table for c in play)
            seen.update(view.killed)
            assert seen <= Counter(before.hand(player)) + open_cards
            assert view.reserve_size == len(before.reserve)
