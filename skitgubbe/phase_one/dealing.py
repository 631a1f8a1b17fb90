"""The deal: a seeded shuffle, or an exact layout for tests and puzzles."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

import attrs

from ..cards import (
    CARDS_IN_PACK,
    PACK_MASK,
    Card,
    add_cards,
    cards_argument,
    cards_of,
    check_copies,
    format_cards,
    iter_indexes,
    mask_of,
    one_pack,
    two_packs,
)
from ..deals import Deal
from ..errors import shown
from ..rules import FirstLead, Ruleset, TrumpCard
from ..specs import as_rules
from ..state import PhaseOneState
from .play import context_for
from .tricks import Work
from .values import take

__all__ = ["MAX_SEED", "Layout", "check_seed", "deal", "deal_order", "lay_out"]

#: Seeds are whole numbers from 0 up to (not including) this bound.
MAX_SEED = 2**64

#: What a card argument may be: card text, one card, or several cards or texts.
CardsLike = str | Card | Iterable[Card | str]


def check_seed(seed: object) -> int:
    """``seed`` if it is a whole number from 0 to 2**64 - 1; raise naming it otherwise."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError(f"seed must be a whole number, not {shown(seed)}")
    if not 0 <= seed < MAX_SEED:
        raise ValueError(f"seed must be a whole number from 0 to 2**64 - 1, not {shown(seed)}")
    return seed


def deal(
    rules: Ruleset | str,
    players: int | None = None,
    seed: int | None = None,
    *,
    hands: Sequence[CardsLike] | None = None,
    stock: CardsLike = (),
    set_aside: CardsLike = (),
    reserve: CardsLike = (),
    leader: int | None = None,
) -> PhaseOneState:
    """Deal a game: a seeded shuffle, or an exact layout.

    ``rules`` is a :class:`~skitgubbe.rules.Ruleset` or a spec naming one
    (``"flurst:high_trump=true"``, see :mod:`skitgubbe.specs`). A shuffled deal
    takes ``players`` and ``seed`` (a whole number from 0 to 2**64 - 1; a random
    one if left out); the same seed always gives the same game. Seat 0 sits at the
    dealer's left and the dealer holds the last seat: the pack is dealt one card at
    a time in seat order (D-HAND-3). An avstickshög is set aside first
    (P2-AVSTICKSHOG), a set-aside trump card after the hands (D-TRUMP-SET-ASIDE);
    with a turned-up trump the next card goes face up under the stock (P1-MAS).

    A layout takes ``hands`` (one per seat), ``stock`` (top card first; its last
    card is the trump card unless the rules set one aside), ``set_aside`` and
    ``reserve``, each as card text, a :class:`~skitgubbe.cards.Card` or a list of
    cards. It may hold fewer cards than the pack, for tests and puzzles; its
    ``seed`` (0 if left out) drives the shuffles the rules need later.

    ``leader`` chooses who leads the first trick (the previous goat with
    ``FirstLead.PREVIOUS_GOAT``); by default ``rules.first_lead`` decides
    (D-FIRST-LEAD).

    >>> from skitgubbe import presets
    >>> state = deal(presets.FLURST, players=4, seed=7)
    >>> state.players, state.stock_size, [state.hand_size(p) for p in range(4)]
    (4, 40, [3, 3, 3, 3])
    """
    rules = as_rules(rules)
    if hands is None:
        if players is None:
            raise ValueError("deal needs players=N for a shuffled deal, or hands=... for a layout")
        if not isinstance(players, int) or isinstance(players, bool):
            raise TypeError(f"players must be a whole number, not {shown(players)}")
        for name, value in (("stock", stock), ("set_aside", set_aside), ("reserve", reserve)):
            if value not in ((), "", None):
                raise ValueError(
                    f"{name}= lays out cards, which only a layout does: give hands=... too, "
                    "or leave it out for a shuffled deal"
                )
        check_players(rules, players)
        if seed is None:
            seed = random.SystemRandom().randrange(2**32)
        check_seed(seed)
        spec = Deal(players, seed, leader)
        pack = [card.index for card in (one_pack() if rules.packs == 1 else two_packs())]
        random.Random(seed).shuffle(pack)
        reserve_cards, hand_masks, set_aside_mask, stock_cards = _split(rules, players, pack)
    else:
        if isinstance(hands, (str, Card)) or not isinstance(hands, Sequence):
            raise TypeError("hands must be a sequence with one hand per seat, not " + repr(hands))
        if players is not None and players != len(hands):
            raise ValueError(f"players={shown(players)} but {len(hands)} hands are laid out")
        players = len(hands)
        check_players(rules, players)
        seed = check_seed(0 if seed is None else seed)
        parsed = [cards_argument(hand, f"hands[{seat}]") for seat, hand in enumerate(hands)]
        stock_list = cards_argument(stock, "stock")
        aside = cards_argument(set_aside, "set_aside")
        reserve_list = cards_argument(reserve, "reserve")
        spec = Deal(
            players,
            seed,
            leader,
            tuple(format_cards(hand) for hand in parsed),
            format_cards(stock_list),
            format_cards(aside),
            format_cards(reserve_list),
        )
        for seat, hand in enumerate(parsed):
            if len(hand) > rules.hand_size:
                raise ValueError(
                    f"seat {seat} is dealt {len(hand)} cards, more than the hand size "
                    f"{rules.hand_size} (D-HAND-3)"
                )
        hand_masks = [mask_of(hand) for hand in parsed]
        stock_cards = tuple(card.index for card in stock_list)
        if rules.trump_card is TrumpCard.SET_ASIDE:
            if len(aside) != 1:
                raise ValueError(
                    f"these rules set one trump card aside: give set_aside='<card>', not "
                    f"{len(aside)} cards (D-TRUMP-SET-ASIDE)"
                )
            set_aside_mask = 1 << aside[0].index
        else:
            if aside:
                raise ValueError(
                    "these rules set no card aside: the trump card is the last card of the "
                    "stock (D-TRUMP-LAST)"
                )
            if not stock_cards:
                raise ValueError(
                    "the stock must hold at least the trump card, its last card (D-TRUMP-LAST)"
                )
            set_aside_mask = 0
        if len(reserve_list) != rules.avstickshog:
            raise ValueError(
                f"these rules set aside an avstickshög of {rules.avstickshog} cards, not "
                f"{len(reserve_list)} (P2-AVSTICKSHOG)"
            )
        reserve_cards = tuple(card.index for card in reserve_list)
        check_copies(
            [
                *hand_masks,
                set_aside_mask,
                *(1 << i for i in stock_cards),
                *(1 << i for i in reserve_cards),
            ],
            rules.packs,
            "laid out",
        )
    absent = 0
    if hands is not None:  # the cards a layout leaves out are out of play
        absent = PACK_MASK if rules.packs == 1 else PACK_MASK | PACK_MASK << CARDS_IN_PACK
        for mask in (
            *hand_masks,
            set_aside_mask,
            *(1 << i for i in (*stock_cards, *reserve_cards)),
        ):
            absent = take(absent, mask)
    return _started(
        rules, spec, hand_masks, stock_cards, set_aside_mask, reserve_cards, leader, absent
    )


def deal_order(
    rules: Ruleset | str, players: int, order: Sequence[int], seed: int = 0
) -> PhaseOneState:
    """The game of a whole pack dealt in ``order`` (card numbers,
    :attr:`Card.index <skitgubbe.cards.Card.index>`, top card first): the game
    that :func:`deal` makes of the :func:`lay_out` of that order, its ``seed``
    driving the later shuffles, made without writing the cards as text and
    reading them back (OpenSpiel deals card by card and then asks for this).

    >>> from skitgubbe import presets
    >>> order = list(range(52))
    >>> layout = lay_out(presets.FLURST, 4, [Card.from_index(card) for card in order])
    >>> deal_order(presets.FLURST, 4, order, seed=3) == deal(
    ...     presets.FLURST, seed=3, hands=layout.hands, stock=layout.stock
    ... )
    True

    ``order`` must hold every card of the rules' pack(s) as often as they hold it.
    """
    rules = as_rules(rules)
    check_players(rules, players)
    check_seed(seed)
    cards = list(order)
    if set(map(type, cards)) != {int}:
        raise TypeError("order: give the cards as card numbers (Card.index), top card first")
    if sorted(cards) != _WHOLE[rules.packs]:
        raise ValueError(
            f"order: give every card number of the {rules.packs} pack(s) exactly as often "
            f"as they hold it ({len(_WHOLE[rules.packs])} numbers from 0 to 51), "
            f"not {len(cards)} numbers"
        )
    reserve_cards, hand_masks, set_aside_mask, stock_cards = _split(rules, players, cards)
    spec = Deal(
        players,
        seed,
        None,
        tuple(_text([card.index for card in cards_of(mask)]) for mask in hand_masks),
        _text(stock_cards),
        _text(iter_indexes(set_aside_mask)),
        _text(reserve_cards),
    )
    return _started(rules, spec, hand_masks, stock_cards, set_aside_mask, reserve_cards, None, 0)


#: Every card number of one pack and of two, in order, as :func:`deal_order` checks.
_WHOLE: dict[int, list[int]] = {
    1: list(range(CARDS_IN_PACK)),
    2: sorted(list(range(CARDS_IN_PACK)) * 2),
}


#: Each card number's text.
_NAMES: tuple[str, ...] = tuple(str(Card.from_index(index)) for index in range(CARDS_IN_PACK))


def _text(indexes: Iterable[int]) -> str:
    """Card numbers as card text (what :func:`~skitgubbe.cards.format_cards` writes)."""
    return " ".join([_NAMES[index] for index in indexes])


def _started(
    rules: Ruleset,
    spec: Deal,
    hand_masks: list[int],
    stock_cards: tuple[int, ...],
    set_aside_mask: int,
    reserve_cards: tuple[int, ...],
    leader: int | None,
    absent: int,
) -> PhaseOneState:
    """The first state of a game dealt so, its first trick started."""
    players = len(hand_masks)
    if rules.trump_card is TrumpCard.SET_ASIDE:
        indicator = (set_aside_mask.bit_length() - 1) % CARDS_IN_PACK
    else:
        indicator = stock_cards[-1]
    first = first_leader(rules, hand_masks, leader, players)
    state = PhaseOneState(
        context_for(rules),
        spec,
        tuple(hand_masks),
        (0,) * players,
        (0,) * players,
        stock_cards,
        0,
        indicator,
        -1,
        set_aside_mask,
        reserve_cards,
        first,
        first,
        (),
        0,
        (),
        (),
        (0,) * players,
        0,
        0,
        -1,
        (0,) * players,
        0,
        0,
        -1,
        -1,
        0,
        None,
        (),
        absent,
    )
    work = Work(state)
    if not (work.start_trick(first) and work.next_due()):
        raise ValueError("this layout ends phase one before anyone can play (P1-END-NO-CARD)")
    return work.freeze(None)


def _split(
    rules: Ruleset, players: int, pack: Sequence[int]
) -> tuple[tuple[int, ...], list[int], int, tuple[int, ...]]:
    """A pack in dealing order (card numbers, top first) dealt as the rules deal it:
    the avstickshög, each hand as a mask, the set-aside card's mask and the stock."""
    reserve_cards = tuple(pack[: rules.avstickshog])
    rest = list(pack[rules.avstickshog :])
    dealt = players * rules.hand_size
    hand_masks = [0] * players
    for n, index in enumerate(rest[:dealt]):
        hand_masks[n % players] = add_cards(hand_masks[n % players], 1 << index)
    rest = rest[dealt:]
    set_aside_mask = 0
    if rules.trump_card is TrumpCard.SET_ASIDE:
        set_aside_mask, rest = 1 << rest[0], rest[1:]
    elif rules.trump_card is TrumpCard.TURNED_UP:
        rest = [*rest[1:], rest[0]]
    return reserve_cards, hand_masks, set_aside_mask, tuple(rest)


@attrs.frozen
class Layout:
    """A whole pack dealt as the rules deal it, in the pieces :func:`deal` lays out."""

    #: Each seat's hand.
    hands: tuple[tuple[Card, ...], ...]
    #: The stock, top card first (its last card is the trump card, unless set aside).
    stock: tuple[Card, ...]
    #: The set-aside trump card, if the rules set one aside.
    set_aside: tuple[Card, ...]
    #: The avstickshög, top card first (P2-AVSTICKSHOG).
    reserve: tuple[Card, ...]


def lay_out(rules: Ruleset, players: int, pack: Sequence[Card]) -> Layout:
    """How a pack in a given order (top card first) is dealt under ``rules``: the
    same split as a shuffled :func:`deal`, so that a program that draws the order
    itself, one card at a time (as OpenSpiel's card games deal), gets the same
    game as the shuffle that would give that order.

    >>> import random
    >>> from skitgubbe import presets
    >>> order = list(one_pack())
    >>> random.Random(7).shuffle(order)
    >>> layout = lay_out(presets.FLURST, 4, order)
    >>> layout.hands[0] == deal(presets.FLURST, players=4, seed=7).hand(0)
    True
    >>> laid = deal(presets.FLURST, seed=7, hands=layout.hands, stock=layout.stock)
    >>> laid == deal(presets.FLURST, players=4, seed=7)
    True

    The pack must be the whole pack (or both, with ``rules.packs == 2``), each
    card as often as the packs hold it.
    """
    check_players(rules, players)
    cards = [card for card in pack]
    if not all(isinstance(card, Card) for card in cards):
        raise TypeError("pack: give the cards as Card objects, top card first")
    full = one_pack() if rules.packs == 1 else two_packs()
    if sorted(cards) != sorted(full):
        raise ValueError(
            f"pack: give every card of the {rules.packs} pack(s) exactly as often as they "
            f"hold it ({len(full)} cards), not {len(cards)} cards"
        )
    reserve, hand_masks, aside, stock = _split(rules, players, [card.index for card in cards])

    def of(indexes: Iterable[int]) -> tuple[Card, ...]:
        return tuple(Card.from_index(index) for index in indexes)

    return Layout(
        tuple(cards_of(mask) for mask in hand_masks),
        of(stock),
        of(iter_indexes(aside)),
        of(reserve),
    )


def check_players(rules: Ruleset, players: int) -> None:
    """Raise naming the allowed range if ``rules`` do not allow ``players`` seats."""
    if not rules.min_players <= players <= rules.max_players:
        raise ValueError(
            f"these rules allow {rules.min_players}-{rules.max_players} players, "
            f"not {shown(players)}"
        )


def first_leader(rules: Ruleset, hands: Sequence[int], leader: int | None, players: int) -> int:
    """Who leads the first trick (D-FIRST-LEAD)."""
    if leader is not None:
        if not isinstance(leader, int) or isinstance(leader, bool) or not 0 <= leader < players:
            raise ValueError(
                f"the leader must be a seat from 0 to {players - 1}, not {shown(leader)}"
            )
        return leader
    mode = rules.first_lead
    if mode is FirstLead.DEALER:
        return players - 1
    if mode is FirstLead.LOWEST_CARD:
        by_rank = context_for(rules).by_rank
        best = (99, 0)
        for seat, hand in enumerate(hands):
            for index in iter_indexes(hand):
                value = by_rank[index % 13]
                if value < best[0]:
                    best = (value, seat)
        return best[1]
    return 0
