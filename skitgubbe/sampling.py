"""Sampling the hidden cards: a whole state consistent with what one player knows.

Search bots that cannot see the other hands play out *determinizations*: states
in which every card the player cannot place has been put somewhere it could be.
:func:`sample` takes a :class:`~skitgubbe.views.PlayerView` and a random
generator and deals the view's unseen cards uniformly at random over its hidden
places: the hidden part of every other hand, the face-down stock (in a random
order), a face-down card lying aside, and the avstickshög. Every known card stays
where it is known to be and every place keeps its size, so the sampled state
gives the player the same view, and the same legal moves, as the real one.

>>> import random
>>> import skitgubbe as sg
>>> state = sg.deal(sg.presets.FLURST, players=4, seed=7)
>>> view = state.view(0)
>>> guess = sg.sample(view, random.Random(1))
>>> guess.view(0) == view, guess.legal_moves(0) == state.legal_moves(0)
(True, True)
>>> guess.hand(0) == state.hand(0), guess.hand(1) == state.hand(1)
(True, False)

Where a card is known *not* to be is not kept: a player who does not match a
card they were bound to match shows that they hold no card of that rank, and
:func:`sample` does not use this. The rulings list what is public.

A sampled state is a state like any other and may be played on; its future
shuffles (the dreck, a dealt-out trick) come from a new random seed, since the
real seed is hidden. Its :attr:`~skitgubbe.state.PhaseOneState.deal` is not a
deal that leads to it, so it makes no game record.
"""

from __future__ import annotations

import random

from .cards import CARDS_IN_PACK, PACK_MASK, add_cards, iter_indexes, remove_cards
from .deals import Deal
from .events import Event, EventKind
from .phase_one.play import context_for as phase_one_context
from .phase_one.values import give
from .phase_two import context_for
from .rules import TrumpCard
from .state import Phase, PhaseOneState, PhaseTwoState, State
from .views import PlayerView

__all__ = ["sample"]

_LOG_CODES = {EventKind.PLAYED: 0, EventKind.DARED: 1, EventKind.SLUFFED: 2}


def _take(hand: int, cards: int) -> int:
    hand = remove_cards(hand, cards & PACK_MASK)
    high = cards >> CARDS_IN_PACK
    return remove_cards(hand, high) if high else hand


def _bits(seats: tuple[int, ...]) -> int:
    return sum(1 << seat for seat in seats)


def _deal_hidden(view: PlayerView, rng: random.Random) -> tuple[list[int], list[int]]:
    """The unseen cards in a random order, and each other seat's hidden cards drawn
    from the front of that order (as masks)."""
    unseen = list(iter_indexes(view.unseen_mask))
    rng.shuffle(unseen)
    hidden = [0] * view.players
    at = 0
    for seat, count in enumerate(view.hidden_sizes):
        if seat == view.player:
            continue
        for index in unseen[at : at + count]:
            hidden[seat] = add_cards(hidden[seat], 1 << index)
        at += count
    return unseen[at:], hidden


def sample(view: PlayerView, rng: random.Random) -> State:
    """A complete state that gives ``view.player`` exactly ``view``: every unseen
    card placed uniformly at random among the hidden places that could hold it."""
    if not isinstance(view, PlayerView):
        raise TypeError(f"sample needs a PlayerView, not {type(view).__name__}")
    if not isinstance(rng, random.Random):
        raise TypeError(f"sample needs a random.Random generator, not {type(rng).__name__}")
    if view.phase is Phase.ONE:
        return _phase_one(view, rng)
    return _phase_two(view, rng)


def _phase_one(view: PlayerView, rng: random.Random) -> PhaseOneState:
    rules = view.rules
    player = view.player
    rest, hidden = _deal_hidden(view, rng)
    hands = []
    known = []
    for seat, mask in enumerate(view.known_masks):
        if seat == player:
            hands.append(view.hand_mask)
            known.append(view.exposed_mask)
        else:
            hands.append(give(mask, hidden[seat]))
            known.append(mask)
    stock = rest[: view.hidden_stock]
    rest = rest[view.hidden_stock :]
    aside = rest[: view.hidden_aside]
    reserve = tuple(rest[view.hidden_aside :])
    if view.upcard is not None:
        stock.append(view.upcard.index)
    set_aside_mask = 0
    if rules.trump_card is TrumpCard.SET_ASIDE:
        set_aside_mask = 1 << aside[0]
        indicator = aside[0]
    elif view.trump_card is not None:
        indicator = view.trump_card.index
    elif aside:  # the trump card lies face down with its holder (D-TRUMP-LAST)
        indicator = aside[0]
    else:  # the trump card is the bottom card of the stock
        indicator = stock[-1]
    log = tuple((_LOG_CODES[event.kind], event.player, event.mask) for event in view.trick)
    by_seat = [0] * view.players
    table = plays = 0
    own = [0] * view.players
    for kind, seat, mask in log:
        by_seat[seat] = give(by_seat[seat], mask)
        table = give(table, mask)
        if kind != 2:
            plays = give(plays, mask)
            own[seat] = 1 << ((mask.bit_length() - 1) % CARDS_IN_PACK % 13)
    top = -1
    if view.heading is not None:
        top = phase_one_context(rules).by_rank[view.heading - 2]
    round_seats = view.round_seats
    winner = -1 if view.trick_winner is None else view.trick_winner
    leader = view.leader if view.leader is not None else 0
    return PhaseOneState(
        phase_one_context(rules),
        Deal(view.players, rng.randrange(2**63)),
        tuple(hands),
        tuple(known),
        view.won_masks,
        tuple(stock),
        0,
        indicator,
        -1 if view.trump_holder is None else view.trump_holder,
        set_aside_mask,
        reserve,
        view.first_leader if view.first_leader is not None else leader,
        leader,
        round_seats,
        len(view.round_plays),
        view.round_plays,
        log,
        tuple(by_seat),
        table,
        plays,
        top,
        tuple(own),
        _bits(view.sluffed),
        _bits(view.done),
        winner,
        -1 if view.last_trick_winner is None else view.last_trick_winner,
        0,
        view.last_move,
        view.events,
        view.out_of_play_mask,
        view.quiet,
    )


def _phase_two(view: PlayerView, rng: random.Random) -> PhaseTwoState:
    rules = view.rules
    player = view.player
    rest, hidden = _deal_hidden(view, rng)
    needy = _bits(view.needy)
    inferred = 0
    others = needy & ~(1 << player)
    pool = view.dreck_pool_mask
    if pool and needy >> player & 1 and others and not others & (others - 1):
        inferred = _take(pool, pool & view.hand_mask)  # the other needy seat's share
    hands = []
    secret = []
    for seat, mask in enumerate(view.known_masks):
        if seat == player:
            hands.append(view.hand_mask)
            secret.append(_take(view.hand_mask, view.exposed_mask))
            continue
        hands.append(give(mask, hidden[seat]))
        if inferred and others >> seat & 1:
            secret.append(give(hidden[seat], inferred))
        else:
            secret.append(hidden[seat])
    trump = view.trump
    if trump is None:  # pragma: no cover - phase two always knows its trump
        raise ValueError("a phase-two view names its trump suit")
    over = view.phase is Phase.OVER
    return PhaseTwoState(
        rules,
        trump,
        tuple(hands),
        tuple(secret),
        view.table_masks,
        -1 if over or view.turn is None else view.turn,
        view.trick_size,
        ((1 << view.players) - 1) & ~_bits(view.out),
        _bits(view.blamattis),
        view.forced,
        view.killed_mask,
        tuple(rest),
        -1 if view.loser is None else view.loser,
        -1 if view.lead_out is None else view.lead_out,
        pool,
        needy,
        context_for(rules, trump),
        view.last_move,
        tuple(Event(e.kind, e.player, e.mask, e.hidden) for e in view.events),
        view.out_of_play_mask,
        True,  # the notes already hold the last move's own event
        view.table_seats,
        view.quiet,
        view.out,
    )
