"""What a player knows: views that are true and leak nothing, and the hidden-card
sampling that gives back the same view and the same legal moves.

Whole random games, of every preset and of any ruleset, are followed step by step.
An independent record of what each player has seen is kept from the referee's
events (played, picked up, won, shown or dealt face up: everyone; drawn or
received from the dreck: the drawer only), and every card a view names must be
among them. Then the unseen cards are dealt again at random (:func:`skitgubbe.sample`):
the player's view and own legal moves must not change. That is the property "two
states that look the same to a player give that player the same legal moves", and
"reshuffling the cards a player cannot see changes nothing that player sees".
"""

from __future__ import annotations

import itertools
import pickle
import random
from collections import Counter

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scipy.stats import chisquare

import skitgubbe as sg
from skitgubbe import presets
from skitgubbe.cards import cards_of, iter_indexes
from skitgubbe.simulate import random_moves

from .strategies import any_rulesets

SETTINGS = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
#: Events whose cards only their own player sees (another player sees how many).
PRIVATE = {sg.EventKind.DREW_STOCK, sg.EventKind.DREW, sg.EventKind.GOT_DRECK}
#: States checked in one game (a long phase two adds nothing new).
STEPS = 400

Game = tuple[sg.Ruleset, int, int]


@st.composite
def games(draw: st.DrawFn) -> Game:
    """A preset or any ruleset, a player count it allows and a seed."""
    if draw(st.booleans()):
        rules, players = draw(any_rulesets())
    else:
        rules = presets.get(draw(st.sampled_from(presets.NAMES)))
        players = draw(st.integers(rules.min_players, min(rules.max_players, 8)))
    return rules, players, draw(st.integers(0, 2**32 - 1))


def first_seen(state: sg.PhaseOneState, player: int) -> set[int]:
    """The cards ``player`` sees at the deal: their hand and a trump card shown face up."""
    seen = set(iter_indexes(state.hand_masks[player]))
    if state.rules.trump_card in (sg.TrumpCard.EXPOSED, sg.TrumpCard.TURNED_UP):
        seen.add(state.indicator)
    return seen


def saw(seen: set[int], state: sg.State, player: int) -> None:
    """Add what ``player`` saw of the move that made ``state``."""
    for event in state.events:
        if event.kind not in PRIVATE or event.player == player:
            seen.update(iter_indexes(event.mask))
    if state.last_move is not None:
        seen.update(iter_indexes(state.last_move.mask))


def named(view: sg.PlayerView) -> set[int]:
    """Every card a view names, in any field."""
    found: set[int] = set()
    for field in attrs.fields(sg.PlayerView):
        if field.name == "unseen_mask":
            continue
        value = getattr(view, field.name)
        items = value if isinstance(value, tuple) else (value,)
        for item in items:
            if isinstance(item, int) and field.name.endswith(("_mask", "_masks", "round_plays")):
                found.update(iter_indexes(item))
            elif isinstance(item, sg.Card):
                found.add(item.index)
            elif isinstance(item, (sg.Event, sg.Move)):
                found.update(iter_indexes(item.mask))
    return found


def contains(whole: int, part: int) -> bool:
    """Whether the multiset mask ``whole`` holds every card of ``part`` (copies too)."""
    return not part & ~whole


def check_view(state: sg.State, player: int, seen: set[int], rng: random.Random) -> None:
    view = state.view(player)
    # a view names only cards its player has seen
    assert named(view) <= seen, (
        f"view({player}) names {cards_of(sum(1 << i for i in named(view) - seen))}"
    )
    # what it says is true
    hands = state.hand_masks  # type: ignore[attr-defined]
    for seat, known in enumerate(view.known_masks):
        assert contains(hands[seat], known), f"view({player}).known[{seat}]"
    assert view.known_masks[player] == hands[player] and view.hand_mask == hands[player]
    assert contains(hands[player], view.exposed_mask)
    assert view.to_act == state.to_act and view.due == state.due
    # every unseen card lies in one hidden place, and the places add up
    places = sum(view.hidden_sizes) + view.hidden_stock + view.hidden_aside + view.reserve_size
    assert view.unseen_mask.bit_count() == places
    # the same view, and the same own legal moves, from a reshuffle of the unseen cards
    guess = sg.sample(view, rng)
    assert guess.view(player) == view
    assert guess.legal_moves(player) == state.legal_moves(player)
    assert guess.to_act == state.to_act and guess.due == state.due
    # a view is a value: it pickles and round-trips through JSON
    assert pickle.loads(pickle.dumps(view)) == view
    assert sg.PlayerView.from_json(view.to_json()) == view


@SETTINGS
@given(games())
def test_views_are_true_leak_nothing_and_sampling_keeps_them(game: Game) -> None:
    """A player's view names only cards that player has seen; it is true; and a state
    sampled from it gives back the same view and the same legal moves: two states
    that look the same to a player give that player the same moves, which is what
    decides P2-HIGH-TRUMP's "highest trump still in the game" from public facts."""
    rules, players, seed = game
    state: sg.State = sg.deal(rules, players=players, seed=seed)
    assert isinstance(state, sg.PhaseOneState)
    seen = [first_seen(state, player) for player in range(players)]
    rng = random.Random(seed)
    for player in range(players):
        check_view(state, player, seen[player], rng)
    for step, (_, after) in enumerate(random_moves(state, seed)):
        if step >= STEPS:
            break
        for player in range(players):
            saw(seen[player], after, player)
            check_view(after, player, seen[player], rng)


@SETTINGS
@given(games())
def test_a_sampled_state_holds_every_card_once_and_plays_on(game: Game) -> None:
    """D-DECK: a sampled state is a whole game: every card of the pack is somewhere,
    and it can be played to the end like any state."""
    rules, players, seed = game
    state: sg.State = sg.deal(rules, players=players, seed=seed)
    rng = random.Random(seed)
    for step, (_, after) in enumerate(random_moves(state, seed)):
        if step % 37:
            continue
        guess = sg.sample(after.view(step % players), rng)
        assert total(guess) == total(after)
        final = guess
        for _, final in random_moves(guess, seed):  # noqa: B007
            pass
        assert final.is_over and final.loser is not None
        if step > 150:
            break


def total(state: sg.State) -> Counter[int]:
    """Every card of the state, wherever it lies, by card number."""
    cards: Counter[int] = Counter()
    masks: list[int] = []
    if isinstance(state, sg.PhaseOneState):
        masks = [*state.hand_masks, *state.won_masks, state.table_mask, state.set_aside_mask]
        cards.update(state.stock_cards[state.drawn :])
        if state.trump_holder is not None and state.rules.trump_card in (
            sg.TrumpCard.LAST,
            sg.TrumpCard.EXPOSED,
        ):
            cards[state.indicator] += 1
        cards.update(state.reserve_cards)
    else:
        assert isinstance(state, sg.PhaseTwoState)
        masks = [*state.hand_masks, *state.table_masks, state.killed_mask, state.out_of_play_mask]
        cards.update(state.reserve_cards)
    for mask in masks:
        cards.update(iter_indexes(mask))
    return cards


def test_sampling_is_uniform() -> None:
    """Every way of placing the unseen cards is equally likely: on a small position
    (four unseen cards: one in each of two hands and two in the stock, whose order
    counts) a chi-square test over 20,000 samples does not reject uniformity."""
    rules = attrs.evolve(presets.SWEDISH_GOAT, dare=False, hand_size=2)
    state = sg.deal(
        rules, hands=["8D 3D", "3C 3S", "KC 2H"], stock="7D QC JS", set_aside="6S", leader=0
    )
    view = state.apply("0 play 8D").view(0)  # seat 0 draws the 7D
    assert view.hidden_sizes == (0, 2, 2) and view.hidden_stock == 2 and view.hidden_aside == 1
    rng = random.Random(2024)
    counts: Counter[tuple[object, ...]] = Counter()
    for _ in range(20_000):
        guess = sg.sample(view, rng)
        assert isinstance(guess, sg.PhaseOneState)
        counts[
            (guess.hand_masks[1], guess.hand_masks[2], guess.stock_cards, guess.set_aside_mask)
        ] += 1
    unseen = len(view.unseen)
    ways = len(list(itertools.permutations(range(unseen)))) // (2 * 2)  # hands are sets
    assert len(counts) == ways
    result = chisquare(list(counts.values()))
    assert result.pvalue > 0.001, result


def test_the_view_names_own_draws_and_counts_others() -> None:
    """Views: after seat 0 plays and draws, seat 0 sees the card it drew; the others see
    that seat 0 drew one card. The referee's record names it for everyone."""
    state = sg.deal(
        presets.SWEDISH_GOAT,
        hands=["8D 3D 5C", "3C 3S 2D", "KC KS 2H"],
        stock="7D QC JS 5H 9H 6C 4C 9D",
        set_aside="6S",
        leader=0,
    ).apply("0 play 3D")
    drawn = [e for e in state.events if e.kind is sg.EventKind.DREW_STOCK]
    assert [str(e) for e in drawn] == ["0 drew from the stock 7D"]
    own = [e for e in state.view(0).events if e.kind is sg.EventKind.DREW_STOCK]
    other = [e for e in state.view(1).events if e.kind is sg.EventKind.DREW_STOCK]
    assert [str(e) for e in own] == ["0 drew from the stock 7D"]
    assert [str(e) for e in other] == ["0 drew from the stock 1 card"]
    assert other[0].count == 1 and other[0].cards == ()


def test_a_picked_up_card_is_known_to_be_in_the_pickers_hand() -> None:
    """Views, P2-PICK-TOP: in phase two a picked-up card is known to every player to be
    in the picker's hand until it is played."""
    state = sg.start_phase_two(presets.PAGAT, ["2C 9H", "3C KS", "5H 6H"], "S", leader=0)
    state = state.apply("0 play 2C").apply("1 pick 2C")
    assert sg.parse_card("2C") in state.view(2).known[1]
    state = state.apply("2 play 5H").apply("0 play 9H").apply("1 play KS")
    assert sg.parse_card("2C") in state.view(2).known[1]


def test_a_shared_dreck_is_seen_only_by_its_receivers() -> None:
    """Views, I-DRECK: when two players share the dreck, each sees their own share, and
    knows that the rest of it went to the other; a player who got nothing from it
    knows only how many cards each received."""
    for seed in range(200):
        dealt = sg.deal(presets.FLURST, players=4, seed=seed)
        state: sg.State = dealt
        for _, state in random_moves(dealt, seed):
            if state.phase is not sg.Phase.ONE:
                break
        assert isinstance(state, sg.PhaseTwoState)
        needy = [e.player for e in state.events if e.kind is sg.EventKind.GOT_DRECK]
        if len(needy) == 2:
            break
    else:  # pragma: no cover - the seeds above are known to hold such a game
        raise AssertionError("no game with two needy players")
    first, second = needy
    bystander = next(seat for seat in range(4) if seat not in needy and state.hand_masks[seat])
    got = {e.player: e.mask for e in state.events if e.kind is sg.EventKind.GOT_DRECK}
    assert contains(state.view(first).known_masks[second], got[second])
    assert not state.view(bystander).known_masks[second] & got[second]
    seen = [e for e in state.view(bystander).events if e.kind is sg.EventKind.GOT_DRECK]
    assert [e.hidden for e in seen] == [got[first].bit_count(), got[second].bit_count()]


def test_a_phase_two_view_names_the_seat_of_every_play_on_the_table() -> None:
    """P2-PICK-BOTTOM-JOINED: every player saw who played each card to the table, so
    the view, its JSON, the protocol's view and the picture carry the seats; a
    pick-up takes the seats of the plays it takes away."""
    state = sg.start_phase_two(sg.presets.FLURST, ["2C 9H", "3C 8S", "4C JD", "KD"], "D", leader=0)
    for move in ("0 play 2C", "1 play 3C", "2 play 4C"):
        state = state.apply(move)
    view = state.view(3)
    assert view.table_seats == (0, 1, 2) and state.table_seats == (0, 1, 2)
    data = view.to_dict()
    assert data["table"] == ["2C", "3C", "4C"] and data["table_seats"] == [0, 1, 2]
    assert sg.PlayerView.from_dict(data) == view
    picked = state.apply("3 pick 2C 3C 4C")
    assert picked.table_seats == () and picked.view(0).table_seats == ()
    state = sg.start_phase_two(sg.presets.PAGAT, ["2C 9H", "3C 8S", "4C JD"], "D", leader=0)
    state = state.apply("0 play 2C").apply("1 play 3C").apply("2 pick 3C")
    assert state.view(1).table_seats == (0,)
    bad = dict(data, table_seats=[0, 1])
    with pytest.raises(ValueError, match="table_seats: expected one seat per play"):
        sg.PlayerView.from_dict(bad)
