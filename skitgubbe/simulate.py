"""Random deals, random rulesets and random play: for demos, benchmarks and tests.

>>> from skitgubbe import presets
>>> state = random_phase_two(presets.FLURST, players=3, seed=1)
>>> [state.hand_size(p) for p in range(3)]
[18, 17, 17]
>>> final = play_out(state, seed=1)
>>> final.is_over and final.loser is not None
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from typing import Protocol, TypeVar

import attrs

from .cards import Suit, one_pack, two_packs
from .moves import Done, Gather, Move
from .phase_two import start_phase_two
from .rules import (
    AntiTrump,
    Beat,
    Claim,
    CompleteSuit,
    Dreck,
    EmptyHand,
    FirstLead,
    LastTrickSluff,
    OpeningLeader,
    PhaseOneEnd,
    PickUp,
    Ruleset,
    Runs,
    Sluff,
    Ties,
    Trick,
    TrumpCard,
    Unfinished,
)
from .specs import as_rules
from .state import PhaseOneState, PhaseTwoState, State

__all__ = [
    "MAX_MOVES",
    "Chooser",
    "all_done",
    "build_ruleset",
    "close_trick",
    "move_bound",
    "play_out",
    "random_moves",
    "random_phase_two",
    "random_ruleset",
]

_T = TypeVar("_T")

#: A random game longer than this many moves is taken to be stuck.
MAX_MOVES = 100_000


def move_bound(rules: Ruleset) -> int:
    """More moves than any game under ``rules`` can last, however it is played.

    Phase one plays each card out of the stock and the hands once: a trick takes
    at most a play, a sluff and a ``done`` from each seat and a gather. In phase
    two every stretch of ``quiet_limit`` moves kills a trick (which takes its
    cards out of play) or puts a player out, or the game ends (P2-OUT). Mas's
    phase one, where a card that is not beaten is picked up, likewise wins a
    trick, stores trumps or draws a card every ``quiet_limit`` moves, or ends
    (P1-MAS, a ruling). A loop that runs past this bound has met a bug in the
    engine, not a slow game.

    >>> import skitgubbe as sg
    >>> move_bound(sg.presets.FLURST)
    63518
    """
    cards = 52 * rules.packs
    seats = rules.max_players
    bound = cards * (3 * seats + 4) + (cards + seats + 2) * (rules.quiet_limit + 1)
    if rules.trick is Trick.MAS:  # each card drawn, or won in a trick, at most once
        bound += 2 * cards * (rules.quiet_limit + 1)
    return bound


def random_phase_two(
    rules: Ruleset | str, players: int, seed: int, *, leader: int = 0
) -> PhaseTwoState:
    """A phase-two state from a shuffled pack dealt out one card at a time.

    The trump suit is drawn at random; with an avstickshög its cards come off the
    top of the pack first. The same seed always gives the same state.
    """
    rules = as_rules(rules)
    rng = random.Random(seed)
    pack = list(one_pack() if rules.packs == 1 else two_packs())
    rng.shuffle(pack)
    reserve, rest = pack[: rules.avstickshog], pack[rules.avstickshog :]
    hands = [rest[seat::players] for seat in range(players)]
    trump = rng.choice(list(Suit))
    return start_phase_two(rules, hands, trump, leader, reserve=reserve)


def random_moves(
    state: State, seed: int, max_moves: int | None = None
) -> Iterator[tuple[Move, State]]:
    """Play uniformly random legal moves to the end, yielding each move and its result.

    Raises :class:`RuntimeError` if the game has not ended after ``max_moves``
    (default: :func:`move_bound`, which no game reaches).
    """
    if max_moves is None:
        max_moves = move_bound(state.rules)
    rng = random.Random(seed)
    for _ in range(max_moves):
        if state.is_over:
            return
        move = rng.choice(state.legal_moves())
        state = state.apply(move)
        yield move, state
    raise RuntimeError(f"no end after {max_moves} random moves")


def play_out(state: State, seed: int) -> State:
    """The final state of a game played on from ``state`` with random legal moves."""
    final = state
    for _, final in random_moves(state, seed):  # noqa: B007
        pass
    return final


def all_done(state: State, seats: Iterable[int] | None = None) -> State:
    """The state after every seat of ``seats`` (default: every seat) that may declare
    ``done`` has done so, in seat order, as many times as the rules ask.

    In phase one each seat that may still sluff on a decided trick must say
    ``done`` before it is gathered (P1-SLUFF-ANYTIME, P1-SLUFF-WINDOW); a script or
    a test that cares about one seat's sluff lets the others decline at once.
    Only legal ``done`` moves are applied, so nothing the engine refuses happens;
    a state where no such seat may declare done is returned as it is.

    >>> import skitgubbe as sg
    >>> state = sg.deal(sg.presets.SWEDISH_GOAT, hands=["8D 3D 5C", "3C 3S 2D", "KC KS 2H"],
    ...                 stock="7D QC JS 5H 9H 6C 4C 9D", set_aside="6S", leader=0)
    >>> for move in ("0 play 8D", "1 play 2D", "2 play KC"):
    ...     state = state.apply(move)
    >>> state.due, state.trick_winner            # seats 0 and 1 must say done
    ((0, 1), 2)
    >>> all_done(state, seats=[1]).due          # only seat 1 declines
    (0,)
    >>> after = all_done(state)                 # both decline: the winner may sluff or gather
    >>> after.due, [str(move) for move in after.legal_moves()]
    ((2,), ['2 sluff 2H', '2 sluff KS', '2 sluff 2H KS', '2 gather'])
    """
    chosen = range(state.players) if seats is None else sorted(set(seats))
    for _ in range(MAX_MOVES):
        move = next(
            (Done(seat) for seat in chosen if state.is_legal(Done(seat))),
            None,
        )
        if move is None:
            return state
        state = state.apply(move)
    raise RuntimeError(f"seats still declaring done after {MAX_MOVES} moves")  # pragma: no cover


def close_trick(state: State) -> State:
    """The state after a decided phase-one trick is closed: every seat declares
    done (:func:`all_done`), then the winner gathers it, as often as the rules ask
    before the next trick can be led. Any other state is returned as it is.

    >>> import skitgubbe as sg
    >>> state = sg.deal(sg.presets.SWEDISH_GOAT, hands=["8D 3D 5C", "3C 3S 2D", "KC KS 2H"],
    ...                 stock="7D QC JS 5H 9H 6C 4C 9D", set_aside="6S", leader=0)
    >>> for move in ("0 play 8D", "1 play 2D", "2 play KC"):
    ...     state = state.apply(move)
    >>> state = close_trick(state)
    >>> state.trick, state.due
    ((), (2,))
    """
    for _ in range(MAX_MOVES):
        if not isinstance(state, PhaseOneState) or state.trick_winner is None:
            return state
        gather = Gather(state.trick_winner)
        after = all_done(state)
        if after.is_legal(gather):
            after = after.apply(gather)
        if after is state:  # pragma: no cover - nothing the rules allow closes it
            return state
        state = after
    raise RuntimeError(f"no trick closed after {MAX_MOVES} moves")  # pragma: no cover


class Chooser(Protocol):
    """Picks one of ``options`` for the setting ``name``; see :func:`build_ruleset`."""

    def __call__(self, name: str, options: Sequence[_T]) -> _T: ...


def _bools(default: bool) -> tuple[bool, bool]:
    return (default, not default)


def _first(default: _T, values: Sequence[_T]) -> tuple[_T, ...]:
    """``values`` with ``default`` first, so that a shrinking search ends at the default."""
    return (default, *(value for value in values if value != default))


def build_ruleset(choose: Chooser) -> tuple[Ruleset, int]:
    """A valid ruleset, and a player count it allows, from one choice per setting.

    ``choose(name, options)`` picks each setting among the values that fit the
    choices made before it, so that every combination it can return is playable:
    every field of :class:`~skitgubbe.rules.Ruleset`, every value, one or two packs
    and any player count the rules allow. Each list of options starts with the
    default of the Flurst rules, so that a choice of the first option everywhere
    gives back the Flurst rules. :func:`random_ruleset` chooses at random; the tests
    let Hypothesis choose.

    >>> rules, players = build_ruleset(lambda name, options: options[0])
    >>> rules == Ruleset(), players
    (True, 3)
    """
    default = Ruleset()
    picked: dict[str, object] = {}

    def pick(name: str, options: Sequence[_T]) -> _T:
        value = choose(name, options)
        picked[name] = value
        return value

    packs = pick("packs", (1, 2))
    trick = pick("trick", _first(default.trick, list(Trick)))
    if trick is Trick.MAS:
        trump_cards: Sequence[TrumpCard] = (TrumpCard.TURNED_UP,)
    elif trick.with_trumps:
        trump_cards = (TrumpCard.EXPOSED, TrumpCard.TURNED_UP)
    else:
        trump_cards = _first(default.trump_card, list(TrumpCard))
    trump_card = pick("trump_card", trump_cards)
    simple = trick is Trick.ALL
    multi = pick("multi", _bools(False) if simple else (False,))
    ties = pick("ties", _first(default.ties, list(Ties)) if simple else (Ties.REPLAY,))
    by_rank = trick is Trick.TWO or simple
    must_match = pick("must_match", _bools(True) if by_rank else (False,))
    must_match_trick = pick("must_match_trick", _bools(False))
    dare = pick("dare", _bools(True) if trick is not Trick.MAS else (False,))
    all_players = trick.all_players
    sluff = pick("sluff", _first(default.sluff, list(Sluff)) if all_players else (Sluff.NONE,))
    racing = sluff not in (Sluff.NONE, Sluff.WINDOW, Sluff.ATLANTA)
    claim = pick("claim", _first(default.claim, list(Claim)) if racing else (Claim.AFTER_DONE,))
    aces_low = pick("aces_low", _bools(False))
    bottom = trump_card in (TrumpCard.LAST, TrumpCard.EXPOSED)
    restaurant = pick("restaurant", _bools(False) if bottom else (False,))
    first_lead = pick("first_lead", _first(default.first_lead, list(FirstLead)))
    end = pick("end", _first(default.end, list(PhaseOneEnd)))
    limited = sluff in (Sluff.ANYTIME, Sluff.ANYTIME_MAY_EMPTY) and end in (
        PhaseOneEnd.NO_CARD,
        PhaseOneEnd.TALON,
    )
    last_trick_sluff = pick(
        "last_trick_sluff",
        _first(default.last_trick_sluff, list(LastTrickSluff))
        if limited
        else (LastTrickSluff.ALLOWED,),
    )
    unfinished = pick("unfinished", _first(default.unfinished, list(Unfinished)))
    if trump_card is TrumpCard.SET_ASIDE:
        leaders: Sequence[OpeningLeader] = (OpeningLeader.LAST_TRICK,)
    else:
        leaders = _first(default.opening_leader, list(OpeningLeader))
    opening_leader = pick("opening_leader", leaders)
    dreck = pick("dreck", _first(default.dreck, list(Dreck)))
    dreck_below = pick("dreck_below", _first(6, range(13)))
    dreck_trump_rank = pick(
        "dreck_trump_rank", _bools(False) if dreck is not Dreck.NONE else (False,)
    )
    runs = pick("runs", _first(default.runs, list(Runs)))
    beat = pick("beat", _first(default.beat, list(Beat)))
    anti_trump = pick("anti_trump", _first(default.anti_trump, list(AntiTrump)))
    high_trump = pick("high_trump", _bools(False))
    pick_up = pick("pick_up", _first(default.pick_up, list(PickUp)))
    forced_pick = pick("forced_pick", _bools(False))
    kill_on_trump = pick("kill_on_trump", _bools(False))
    complete_suit_kills = pick(
        "complete_suit_kills", _bools(False) if runs is not Runs.SINGLE else (False,)
    )
    complete_suit = pick("complete_suit", _first(default.complete_suit, list(CompleteSuit)))
    empty_hand = pick("empty_hand", _first(default.empty_hand, list(EmptyHand)))
    quiet_limit = pick("quiet_limit", _first(default.quiet_limit, (12, 40, 200)))
    hand_size = pick("hand_size", _first(3, range(1, 6)))
    aside = 1 if trump_card is TrumpCard.SET_ASIDE else 0
    most = min(8 * packs, (52 * packs - aside) // hand_size)
    max_players = pick("max_players", _first(min(8, most), range(2, most + 1)))
    min_players = pick("min_players", _first(min(3, max_players), range(2, max_players + 1)))
    if max_players == 2:
        room = min(40 * packs, 52 * packs - 2 * hand_size - aside)
        avstickshog = pick("avstickshog", _first(0, range(room + 1)))
    else:
        avstickshog = pick("avstickshog", (0,))
    rules = Ruleset(
        min_players=min_players,
        max_players=max_players,
        packs=packs,
        hand_size=hand_size,
        first_lead=first_lead,
        trump_card=trump_card,
        restaurant=restaurant,
        trick=trick,
        multi=multi,
        aces_low=aces_low,
        ties=ties,
        must_match=must_match,
        must_match_trick=must_match_trick,
        dare=dare,
        sluff=sluff,
        claim=claim,
        last_trick_sluff=last_trick_sluff,
        end=end,
        unfinished=unfinished,
        opening_leader=opening_leader,
        dreck=dreck,
        dreck_below=dreck_below,
        dreck_trump_rank=dreck_trump_rank,
        runs=runs,
        beat=beat,
        anti_trump=anti_trump,
        high_trump=high_trump,
        pick_up=pick_up,
        forced_pick=forced_pick,
        kill_on_trump=kill_on_trump,
        complete_suit_kills=complete_suit_kills,
        complete_suit=complete_suit,
        avstickshog=avstickshog,
        empty_hand=empty_hand,
        quiet_limit=quiet_limit,
    )
    missing = {field.name for field in attrs.fields(Ruleset)} - set(picked)
    if missing:  # pragma: no cover - a new setting must be given a choice above
        raise AssertionError(f"build_ruleset makes no choice for: {', '.join(sorted(missing))}")
    usual = min(max(3, min_players), max_players)
    players = choose("players", _first(usual, range(min_players, max_players + 1)))
    return rules, players


def random_ruleset(rng: random.Random) -> tuple[Ruleset, int]:
    """A random valid ruleset and a player count it allows (see :func:`build_ruleset`).

    >>> rules, players = random_ruleset(random.Random(5))
    >>> rules.min_players <= players <= rules.max_players
    True
    """
    return build_ruleset(lambda name, options: rng.choice(options))
