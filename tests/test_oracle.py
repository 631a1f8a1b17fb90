"""Legal moves against a slow oracle written straight from the rules' wording.

The oracle knows nothing of the engine's bitmasks: it tries every run of every
suit, checks it card by card against the hand and the top play, and works out the
pick-up from the cards on the table. On random positions of every preset and
variant the engine must list exactly the oracle's moves.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings

import skitgubbe as sg
from skitgubbe.simulate import random_moves

from .strategies import phase_two_states


def beats(rules: sg.Ruleset, trump: sg.Suit, play: list[sg.Card], top: tuple[sg.Card, ...]) -> bool:
    """P2-BEAT-SUIT, P2-BEAT-ANY-SUIT, P2-ANTI-TRUMP, read literally."""
    anti = sg.anti_trump_suit(rules.anti_trump, trump)
    suit, top_suit = play[0].suit, top[0].suit
    higher = min(c.rank for c in play) > max(c.rank for c in top)
    if top_suit == anti:
        return suit == anti and higher
    if suit == anti:
        return False
    if top_suit == trump:
        return suit == trump and higher
    if suit == trump:
        return True
    return (suit == top_suit or rules.beat is sg.Beat.ANY_SUIT) and higher


def run_allowed(rules: sg.Ruleset, play: list[sg.Card]) -> bool:
    """P2-PLAY-SINGLE, P2-PLAY-RUNS, P2-RUN-MIN3, P2-RUN-FROM-2."""
    if len(play) == 1:
        return True
    return {
        sg.Runs.SINGLE: False,
        sg.Runs.ANY: True,
        sg.Runs.MIN_THREE: len(play) >= 3,
        sg.Runs.FROM_TWO: play[0].rank == sg.Rank.TWO,
    }[rules.runs]


def kills(state: sg.PhaseTwoState, play: list[sg.Card]) -> bool:
    """P2-KILL, P2-KILL-ON-TRUMP, P2-COMPLETE-SUIT (the whole suit in one play, or on
    the table across plays)."""
    rules, table = state.rules, state.table
    if len(table) + 1 >= state.trick_size:
        return True
    on_plain = bool(table) and table[-1][0].suit != state.trump
    if rules.kill_on_trump and play[0].suit == state.trump and on_plain:
        return True
    if not rules.complete_suit_kills:
        return False
    if rules.complete_suit is sg.CompleteSuit.ONE_PLAY:
        return len(play) == 13
    on_table = {card for lying in table for card in lying if card.suit == play[0].suit}
    return len(on_table | set(play)) == 13


def pick_up(state: sg.PhaseTwoState, player: int) -> list[sg.Card]:
    """P2-PICK-*, and a Blåmattis's lowest card (I-BLAMATTIS)."""
    table = state.table
    rule = state.rules.pick_up
    if player in blamattis(state) or rule is sg.PickUpRule.LOWEST_CARD:
        return [min(table[0], key=lambda c: c.rank)]
    if rule is sg.PickUpRule.TOP:
        return list(table[-1])
    if rule is sg.PickUpRule.BOTTOM:
        return list(table[0])
    taken = list(table[0] if rule is sg.PickUpRule.BOTTOM_JOINED else table[-1])
    lying = [card for play in table for card in play]
    grew = True
    while grew:
        grew = False
        for card in lying:
            touching = any(c.suit == card.suit and abs(c.rank - card.rank) == 1 for c in taken)
            if card not in taken and touching:
                taken.append(card)
                grew = True
    return taken


def blamattis(state: sg.PhaseTwoState) -> set[int]:
    return {p for p in range(state.players) if state.blamattis >> p & 1}


def oracle(state: sg.PhaseTwoState) -> set[str]:
    """Every legal move of the player to act, found by trying every run."""
    if state.is_over:
        return set()
    (player,) = state.to_act
    rules, table = state.rules, state.table
    hand = state.hand(player)
    pick = {str(sg.PickUp(player, pick_up(state, player)))} if table else set()
    if table and (state.forced or player in blamattis(state)):
        return pick
    held = set(hand)
    plays = []
    for suit in sg.Suit:
        for low in range(2, 15):
            play: list[sg.Card] = []
            for rank in range(low, 15):  # every run from ``low`` up, while the cards are held
                if sg.Card(rank, suit) not in held:
                    break
                play = [*play, sg.Card(rank, suit)]
                if not run_allowed(rules, play):
                    continue
                if table and not beats(rules, state.trump, play, table[-1]):
                    continue
                plays.append(play)
    if rules.high_trump:
        # still in the game: in a hand, on the table or in the face-down avstickshög
        in_game = [c for p in range(state.players) for c in state.hand(p)]
        in_game += [c for play in table for c in play]
        in_game += state.reserve
        trumps = [c for c in in_game if c.suit == state.trump]
        if trumps:
            high = max(trumps, key=lambda c: c.rank)
            allowed = [p for p in plays if high not in p or kills(state, p)]
            plays = allowed if allowed or table else plays
    return {str(sg.Play(player, play)) for play in plays} | pick


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(phase_two_states())
def test_legal_moves_are_exactly_those_the_rules_allow(setup: tuple[sg.PhaseTwoState, int]) -> None:
    state, seed = setup
    assert {str(m) for m in state.legal_moves()} == oracle(state)
    for _, after in random_moves(state, seed):
        assert isinstance(after, sg.PhaseTwoState)
        assert {str(m) for m in after.legal_moves()} == oracle(after), after
