"""A fixed numbering of moves: every move a state can offer is an integer below
:data:`NUM_ACTIONS`.

Game-AI frameworks want a move to be a number from a fixed range, the same for
every state, and a mask of the legal ones. The acting player is implied (each
player has the whole range), so an action names what is done, not who does it.
Identical cards of two packs are one card here, as they are in a move: ``play
7C`` is one action whichever copy of the 7 of clubs is played, and ``play 7C
7C`` (both copies) is another.

The numbering is stable: it depends on the move alone except where noted, and
it will not change without a new :data:`VERSION`.

===============  =====  =========================================================
Actions          Count  Meaning
===============  =====  =========================================================
0                1      ``PASS``: not an engine move; offered by the framework
                        adapters to a player who may act out of turn and does not
1                1      ``dare`` (P1-DARE)
2                1      ``done``
3                1      ``gather``
4                1      ``pick``: the pick-up the state offers this player (a
                        state never offers a player two pick-ups)
5                1      ``store``: the Mas store, the whole hand of three trumps
6                1      ``swap``: the Mas swap of the 2 of trumps
7-1046           1040   ``play`` of cards of one rank: ``80 * rank + suit pattern``
1047-1358        312    ``play`` of a run of two or more cards:
                        ``78 * suit`` + (length, lowest rank)
1359-2398        1040   ``sluff`` of cards of one rank: ``80 * rank + suit pattern``
2399-2654        256    ``sluff`` of cards of several ranks: the positions of the
                        cards in the player's sorted hand, as a bitmask
===============  =====  =========================================================

A *suit pattern* says how many copies of the rank in each suit the move holds
(0, 1 or 2): ``clubs + 3 * diamonds + 9 * hearts + 27 * spades - 1``, from 0 to
79. Ranks count from the 2 (0) to the ace (12). A run is numbered by suit, then
its length from 2 to 13, then its lowest rank. A sluff of several ranks is the
one kind whose number depends on the state: bit ``i`` stands for the ``i``-th
card of the player's hand sorted by suit then rank, and of two identical cards
the first is taken first. Hands in phase one hold few cards (the hand size is at
most 5), so eight positions are room to spare; a move that needed more would be
refused with :class:`ValueError`.

>>> import skitgubbe as sg
>>> play = sg.parse_move("0 play 7C 7H")
>>> action = move_to_action(play)
>>> action, action_to_string(action)
(416, 'play 7C 7H')
>>> state = sg.start_phase_two(sg.presets.FLURST, ["2C 3C", "7C 8C 9C", "JD"], "D", leader=0)
>>> [action_to_string(a) for a in legal_actions(state, 0)]
['play 2C', 'play 3C', 'play 2C 3C']
>>> action_to_move(state, 0, move_to_action(sg.parse_move("0 play 2C 3C")))
Play(player=0, cards='2C 3C')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from ..cards import Card, Rank, Suit
from ..moves import Dare, Done, Gather, Move, PickUp, Play, Sluff, Store, Swap
from ..state import PhaseOneState, PhaseTwoState, State
from ..views import PlayerView

__all__ = [
    "DARE",
    "DONE",
    "GATHER",
    "HAND_POSITIONS",
    "NUM_ACTIONS",
    "PASS",
    "PICK_UP",
    "PLAY_RUN",
    "PLAY_SET",
    "SLUFF_HAND",
    "SLUFF_SET",
    "STORE",
    "SWAP",
    "VERSION",
    "action_cards",
    "action_to_move",
    "action_to_string",
    "actions_of",
    "legal_actions",
    "legal_mask",
    "move_to_action",
]

#: The version of the numbering; it changes whenever a number changes meaning.
VERSION: Final = 1

#: Not an engine move: a player who may act out of turn lets the chance go.
PASS: Final = 0
#: Turn the top card of the stock and play it.
DARE: Final = 1
#: Declare done with sluffing on the decided trick.
DONE: Final = 2
#: Gather the decided trick.
GATHER: Final = 3
#: The pick-up the state offers.
PICK_UP: Final = 4
#: Mas: store a hand of three trumps.
STORE: Final = 5
#: Mas: swap the 2 of trumps for the turned-up card.
SWAP: Final = 6

#: How many suit patterns there are: 0, 1 or 2 copies in each of four suits, not all 0.
PATTERNS: Final = 3**4 - 1
#: How many runs of two or more cards one suit holds: ``sum(14 - n for n in 2..13)``.
RUNS_PER_SUIT: Final = 78
#: How many hand positions a sluff of several ranks can name.
HAND_POSITIONS: Final = 8

#: The first ``play`` of cards of one rank.
PLAY_SET: Final = 7
#: The first ``play`` of a run.
PLAY_RUN: Final = PLAY_SET + 13 * PATTERNS
#: The first ``sluff`` of cards of one rank.
SLUFF_SET: Final = PLAY_RUN + 4 * RUNS_PER_SUIT
#: The first ``sluff`` of cards of several ranks (by hand positions).
SLUFF_HAND: Final = SLUFF_SET + 13 * PATTERNS
#: Every action is below this number.
NUM_ACTIONS: Final = SLUFF_HAND + (1 << HAND_POSITIONS)

_SIMPLE: dict[type[Move], int] = {
    Dare: DARE,
    Done: DONE,
    Gather: GATHER,
    PickUp: PICK_UP,
    Store: STORE,
    Swap: SWAP,
}
_SIMPLE_NAMES = {
    PASS: "pass",
    DARE: "dare",
    DONE: "done",
    GATHER: "gather",
    PICK_UP: "pick",
    STORE: "store",
    SWAP: "swap",
}
# The first run number of each length, within one suit: runs of length 2 first.
_RUN_START = {length: sum(14 - n for n in range(2, length)) for length in range(2, 14)}


def _pattern(cards: Sequence[Card]) -> int | None:
    """The rank and suit pattern of cards of one rank, or ``None`` for several ranks."""
    rank = cards[0].rank
    pattern = 0
    for card in cards:
        if card.rank != rank:
            return None
        pattern += 3 ** int(card.suit)
    return (int(rank) - 2) * PATTERNS + pattern - 1


def _pattern_cards(number: int) -> tuple[Card, ...]:
    rank, pattern = divmod(number, PATTERNS)
    pattern += 1
    cards: list[Card] = []
    for suit in Suit:
        pattern, copies = divmod(pattern, 3)
        cards.extend([Card(Rank(rank + 2), suit)] * copies)
    return tuple(cards)


def _run_number(cards: Sequence[Card]) -> int:
    """The number of a run of two or more cards (as a play makes them: one suit,
    touching ranks, sorted)."""
    suit = cards[0].suit
    low = int(cards[0].rank)
    length = len(cards)
    if length > 13 or any(
        card.suit != suit or int(card.rank) != low + i for i, card in enumerate(cards)
    ):
        raise ValueError(
            f"no action plays {' '.join(map(str, cards))}: a play is cards of one rank or "
            "a run of one suit"
        )
    return int(suit) * RUNS_PER_SUIT + _RUN_START[length] + low - 2


def _run_cards(number: int) -> tuple[Card, ...]:
    suit, within = divmod(number, RUNS_PER_SUIT)
    length = max(n for n, start in _RUN_START.items() if start <= within)
    low = within - _RUN_START[length] + 2
    return tuple(Card(Rank(low + i), Suit(suit)) for i in range(length))


def _positions(hand: Sequence[Card], cards: Iterable[Card]) -> int:
    """The hand positions of ``cards`` as a bitmask, identical cards first come first."""
    taken = 0
    for card in cards:
        for i, held in enumerate(hand):
            if held == card and not taken >> i & 1:
                taken |= 1 << i
                break
        else:
            raise ValueError(f"{card} is not in the hand {' '.join(map(str, hand))}")
    if taken >> HAND_POSITIONS:
        raise ValueError(
            f"a sluff of several ranks names hand positions below {HAND_POSITIONS} only; "
            f"this hand holds {len(hand)} cards"
        )
    return taken


def move_to_action(move: Move, hand: Sequence[Card] = ()) -> int:
    """The action of ``move``. A sluff of several ranks needs its player's ``hand``
    (sorted, as :attr:`~skitgubbe.views.PlayerView.hand` gives it); the other moves
    need nothing but themselves.

    >>> import skitgubbe as sg
    >>> move_to_action(sg.parse_move("3 dare")), move_to_action(sg.parse_move("1 play 2C 3C"))
    (1, 1047)
    >>> move_to_action(sg.parse_move("0 sluff 7C JH"), sg.parse_cards("7C JH QS"))
    2402
    """
    simple = _SIMPLE.get(type(move))
    if simple is not None:
        return simple
    cards = move.cards
    number = _pattern(cards)
    if isinstance(move, Play):
        return PLAY_SET + number if number is not None else PLAY_RUN + _run_number(cards)
    if isinstance(move, Sluff):
        if number is not None:
            return SLUFF_SET + number
        return SLUFF_HAND + _positions(tuple(hand), cards)
    raise TypeError(f"no action stands for {move!r}")  # pragma: no cover - every kind is above


def action_cards(action: int, hand: Sequence[Card] = ()) -> tuple[Card, ...]:
    """The cards an action names (none for the actions 0-6, which are filled in by
    the state), sorted as in a move."""
    _check(action)
    if action < PLAY_SET:
        return ()
    if action < PLAY_RUN:
        return _pattern_cards(action - PLAY_SET)
    if action < SLUFF_SET:
        return _run_cards(action - PLAY_RUN)
    if action < SLUFF_HAND:
        return _pattern_cards(action - SLUFF_SET)
    bits = action - SLUFF_HAND
    return tuple(sorted(card for i, card in enumerate(hand) if bits >> i & 1))


def _check(action: int) -> None:
    if not 0 <= action < NUM_ACTIONS:
        raise ValueError(f"no action {action}: actions are numbered 0 to {NUM_ACTIONS - 1}")


def action_to_string(action: int) -> str:
    """The action in move notation without the seat (``play 7C 7H``); a sluff of
    several ranks shows its hand positions (``sluff #0 #2``).

    >>> action_to_string(PASS), action_to_string(PLAY_RUN), action_to_string(NUM_ACTIONS - 1)
    ('pass', 'play 2C 3C', 'sluff #0 #1 #2 #3 #4 #5 #6 #7')
    """
    _check(action)
    simple = _SIMPLE_NAMES.get(action)
    if simple is not None:
        return simple
    verb = "play" if action < SLUFF_SET else "sluff"
    if action >= SLUFF_HAND:
        bits = action - SLUFF_HAND
        return verb + "".join(f" #{i}" for i in range(HAND_POSITIONS) if bits >> i & 1)
    return f"{verb} {' '.join(map(str, action_cards(action)))}"


# The bits of one rank in every suit of a pack, lowest rank first.
_RANK_BITS: Final = 1 | 1 << 13 | 1 << 26 | 1 << 39
_PACK: Final = (1 << 52) - 1


def _mask_action(move: Move) -> int:
    """The action of ``move`` read from its mask, or -1 for a sluff of several ranks
    (numbered by hand positions): what :func:`move_to_action` gives, worked out
    without the move's cards (the adapters number every legal move at every step)."""
    kind = type(move)
    if kind is not Play and kind is not Sluff:
        return _SIMPLE[kind]
    mask = move.mask
    low = mask & _PACK
    high = mask >> 52
    union = low | high
    first = (union & -union).bit_length() - 1
    rank = first % 13
    if not union & ~(_RANK_BITS << rank):  # cards of one rank: 80 * rank + suit pattern
        pattern = (
            (low >> rank & 1)
            + (high >> rank & 1)
            + 3 * ((low >> (rank + 13) & 1) + (high >> (rank + 13) & 1))
            + 9 * ((low >> (rank + 26) & 1) + (high >> (rank + 26) & 1))
            + 27 * ((low >> (rank + 39) & 1) + (high >> (rank + 39) & 1))
        )
        return (PLAY_SET if kind is Play else SLUFF_SET) + rank * PATTERNS + pattern - 1
    if kind is Sluff:
        return -1
    # a run: one suit, touching ranks (as the engine makes them, of first copies)
    length = (union >> first).bit_length()
    if not high and union >> first == (1 << length) - 1 and rank + length <= 13:
        return PLAY_RUN + (first // 13) * RUNS_PER_SUIT + _RUN_START[length] + rank
    return PLAY_RUN + _run_number(move.cards)


def _keyed(state: State | PlayerView, moves: tuple[Move, ...], player: int) -> dict[int, Move]:
    """``moves`` keyed by action, in the order given."""
    keyed: dict[int, Move] = {}
    hand: tuple[Card, ...] | None = None
    for move in moves:
        action = _mask_action(move)
        if action < 0:  # a sluff of several ranks: numbered by hand positions
            if hand is None:
                if isinstance(state, PlayerView):
                    hand = state.hand
                elif isinstance(state, PhaseOneState | PhaseTwoState):
                    hand = state.hand(player)  # the view's hand, without the view
                else:  # pragma: no cover - every state is of one phase or the other
                    hand = state.view(player).hand
            action = move_to_action(move, hand)
        keyed[action] = move
    return keyed


def _ascending(actions: Iterable[int]) -> bool:
    """Whether ``actions`` come in ascending order."""
    last = -1
    for action in actions:
        if action < last:
            return False
        last = action
    return True


def actions_of(state: State, player: int, moves: Sequence[Move] | None = None) -> dict[int, Move]:
    """The legal moves of ``player`` in ``state``, keyed by action (in action order).
    ``moves``, if given, are those moves as ``state.legal_moves(player)`` lists them."""
    keyed = _keyed(state, state.legal_moves(player) if moves is None else tuple(moves), player)
    if _ascending(keyed):
        return keyed
    return {action: keyed[action] for action in sorted(keyed)}


def legal_actions(state: State, player: int) -> list[int]:
    """The actions of ``player``'s legal moves in ``state``, ascending (no ``PASS``)."""
    return sorted(_keyed(state, state.legal_moves(player), player))


def legal_mask(state: State, player: int) -> list[bool]:
    """A list of :data:`NUM_ACTIONS` flags, true for each legal action of ``player``."""
    mask = [False] * NUM_ACTIONS
    for action in _keyed(state, state.legal_moves(player), player):
        mask[action] = True
    return mask


def action_to_move(state: State, player: int, action: int) -> Move:
    """The legal move of ``player`` in ``state`` that ``action`` stands for.

    Raises :class:`ValueError` if the action is not legal there (``PASS`` is no
    move).
    """
    _check(action)
    move = _keyed(state, state.legal_moves(player), player).get(action)
    if move is None:
        raise ValueError(
            f"action {action} ({action_to_string(action)}) is not a legal move of seat "
            f"{player} here"
        )
    return move
