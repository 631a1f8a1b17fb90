"""The python_skitgubbe game of OpenSpiel: its own random-simulation checks on every
preset, resampling for IS-MCTS, and games played by OpenSpiel's IS-MCTS bot."""

from __future__ import annotations

import pickle
import random
from typing import Any

import numpy as np
import pytest

from .helpers import missing_extra_message, needs_extra

pyspiel: Any = needs_extra("pyspiel", "openspiel")

import skitgubbe as sg  # noqa: E402
from skitgubbe.integrations import openspiel  # noqa: E402
from skitgubbe.integrations.actions import PASS, move_to_action  # noqa: E402
from skitgubbe.phase_one.dealing import lay_out  # noqa: E402


def load(**params: object) -> openspiel.SkitgubbeGame:
    game = pyspiel.load_game("python_skitgubbe", params)
    assert isinstance(game, openspiel.SkitgubbeGame)
    return game


def dealt(game: openspiel.SkitgubbeGame, deal: int = 3) -> openspiel.SkitgubbeState:
    """The state after the deal: deal number ``deal``, or with the default card by
    card deal, the cards drawn by a generator seeded with ``deal``."""
    state = game.new_initial_state()
    assert state.is_chance_node()
    if game.deals:
        state.apply_action(deal)
        return state
    rng = random.Random(deal)
    while state.is_chance_node():
        cards, chances = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(cards, chances)[0])
    return state


@pytest.mark.parametrize("name", sorted(sg.presets.ALL))
def test_openspiel_random_simulation_checks_pass_for_every_preset(name: str) -> None:
    rules = sg.presets.get(name)
    game = load(preset=name, players=rules.min_players)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_the_game_is_registered_by_importing_the_module_with_its_parameters() -> None:
    game = load(preset="atlanta")
    assert game.num_players() == 3
    assert game.num_distinct_actions() == 2655
    assert game.max_chance_outcomes() == 52  # the cards of the pack, dealt one by one
    assert game.get_type().short_name == "python_skitgubbe"
    assert game.observation_tensor_size() == game.information_state_tensor_size() == 2970
    assert load(variant="flurst:high_trump=true", players=5).rules.high_trump is True
    with pytest.raises(ValueError, match="these rules allow 3-3 players, not 4"):
        load(preset="atlanta", players=4)


def test_the_deal_is_the_chance_outcome_and_the_engine_deals_the_same_cards() -> None:
    game = load(preset="flurst", players=4, deals=10)
    state = game.new_initial_state()
    assert state.chance_outcomes() == [(deal, 0.1) for deal in range(10)]
    state.apply_action(7)
    assert state.turns is not None
    assert state.turns.state == sg.deal(sg.presets.FLURST, players=4, seed=7)
    engine = state.turns.state
    assert engine.to_act == (0,) and state.current_player() == 0
    assert state.legal_actions() == sorted(move_to_action(m) for m in engine.legal_moves(0))


@pytest.mark.parametrize(("variant", "copies"), [("flurst", 1), ("flurst:packs=2", 2)])
def test_the_pack_is_dealt_card_by_card_with_exact_chances(variant: str, copies: int) -> None:
    """As OpenSpiel's card games deal: a chance node per card, each card left as
    likely as its copies left, and the game is the shuffled deal of that order."""
    game = load(variant=variant, players=4)
    state = game.new_initial_state()
    first = state.chance_outcomes()
    assert [card for card, _ in first] == list(range(52))
    assert all(chance == pytest.approx(1 / 52) for _, chance in first)
    state.apply_action(50)  # the KS
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 50) == "deal KS"
    after = dict(state.chance_outcomes())
    total = 52 * copies - 1
    assert after.get(50, 0.0) == pytest.approx((copies - 1) / total)
    assert after[0] == pytest.approx(copies / total)
    order = [50]
    if copies == 2:
        state.apply_action(50)  # the second KS of two packs
        order.append(50)
    with pytest.raises(Exception, match="not a card left to deal"):
        state.apply_action(50)  # no KS is left
    rng = random.Random(5)
    while state.is_chance_node():
        cards, chances = zip(*state.chance_outcomes(), strict=True)
        card = rng.choices(cards, chances)[0]
        order.append(card)
        state.apply_action(card)
    assert len(order) == 52 * copies and state.turns is not None
    assert sorted(order) == sorted(list(range(52)) * copies)
    layout = lay_out(game.rules, 4, [sg.Card.from_index(card) for card in order])
    engine = state.turns.state
    assert isinstance(engine, sg.PhaseOneState)
    assert [engine.hand(seat) for seat in range(4)] == [tuple(sorted(h)) for h in layout.hands]
    assert engine.stock == layout.stock


def test_resampling_during_the_deal_shows_no_card_dealt() -> None:
    game = load(preset="flurst", players=4)
    state = game.new_initial_state()
    for card in range(10):
        state.apply_action(card)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    guesses = [state.resample_from_infostate(0, sampler) for _ in range(5)]
    assert all(len(guess.dealt) == 10 for guess in guesses)
    assert any(guess.dealt != state.dealt for guess in guesses)
    assert len({tuple(guess.dealt) for guess in guesses}) > 1


def test_the_information_state_is_the_view_and_who_passed() -> None:
    state = dealt(load(preset="flurst", players=4), deal=7)
    state.apply_action(state.legal_actions()[1])  # seat 0 leads
    player = state.current_player()
    assert state.legal_actions()[0] == PASS
    before = state.information_state_string(player)
    state.apply_action(PASS)
    after = state.information_state_string(player)
    assert after == before + f"\npassed: {player}"
    tensor = np.asarray(state.information_state_tensor(player))
    assert tensor.shape == (2970,) and tensor.sum() > 0


def test_a_public_observer_is_refused_rather_than_shown_a_hand() -> None:
    game = load(preset="pagat", players=3)
    public = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    with pytest.raises(ValueError, match="observes as one player only"):
        game.make_py_observer(public)


def test_resampled_states_keep_the_information_state_and_the_legal_actions() -> None:
    rng = random.Random(4)
    state = dealt(load(preset="helmfrid", players=4))
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    differs = 0
    for _ in range(60):
        if state.is_terminal():
            break
        player = state.current_player()
        guess = state.resample_from_infostate(player, sampler)
        assert guess.information_state_string(player) == state.information_state_string(player)
        assert guess.legal_actions() == state.legal_actions()
        assert guess.current_player() == player
        assert guess.turns is not None and state.turns is not None
        differs += guess.turns.state != state.turns.state
        state.apply_action(rng.choice(state.legal_actions()))
    assert differs > 0


def test_a_state_clones_and_pickles() -> None:
    state = dealt(load(preset="pagat", players=3))
    state.apply_action(state.legal_actions()[0])
    clone = state.clone()
    assert clone.history() == state.history() and str(clone) == str(state)
    copy = pickle.loads(pickle.dumps(state))
    assert copy.history() == state.history()
    assert copy.information_state_string(0) == state.information_state_string(0)


def test_a_clone_mid_deal_deals_on_alone_and_shares_the_game() -> None:
    """A copy made during the deal goes on by itself: dealing in one changes
    nothing in the other; both keep the one game (games do not change), and a
    pickled state comes back with its deal."""
    game = load(preset="flurst", players=4)
    state = game.new_initial_state()
    for card in (5, 9, 13):
        state.apply_action(card)
    clone = state.clone()
    assert clone.get_game() is state.get_game()
    clone.apply_action(20)
    assert state.dealt == [5, 9, 13] and clone.dealt == [5, 9, 13, 20]
    assert 20 in dict(state.chance_outcomes()) and 20 not in dict(clone.chance_outcomes())
    assert 5 not in state.legal_actions() and len(clone.legal_actions()) == 48
    copy = pickle.loads(pickle.dumps(clone))
    assert copy.dealt == clone.dealt and copy.history() == clone.history()
    rng = random.Random(3)
    for each in (state, copy):
        while each.is_chance_node():
            each.apply_action(rng.choice(each.legal_actions()))
    assert copy.turns is not None and copy.turns.state.players == 4


def test_returns_are_zero_sum_with_minus_one_for_the_goat() -> None:
    rng = random.Random(2)
    state = dealt(load(preset="pagat", players=3))
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    returns = state.returns()
    assert sorted(returns) == [-1.0, 0.5, 0.5]
    assert state.turns is not None and state.turns.state.loser is not None
    assert returns[state.turns.state.loser] == -1.0


@pytest.mark.parametrize("params", [{}, {"deals": 5}, {"max_decisions": 30}])
def test_the_questions_answered_in_python_agree_with_pyspiels_own(params: dict[str, int]) -> None:
    # SkitgubbeState answers legal_actions and the node kinds itself, skipping
    # pybind11's round trips; pyspiel.State's own methods (C++, calling back into
    # the game) must answer the same at every node: chance, decisions, the end.
    game = load(preset="flurst", players=4, **params)
    rng = random.Random(4)
    kinds = set()
    for _ in range(3):
        state = game.new_initial_state()
        while True:
            player = state.current_player()
            kinds.add(
                "chance"
                if player < 0 and not state.is_terminal()
                else "end"
                if player < 0
                else "player"
            )
            assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
            assert state.is_player_node() == pyspiel.State.is_player_node(state)
            assert state.legal_actions() == pyspiel.State.legal_actions(state)
            for seat in range(-4, 5):
                try:
                    expected = pyspiel.State.legal_actions(state, seat)
                except pyspiel.SpielError as error:
                    with pytest.raises(pyspiel.SpielError, match=str(error)):
                        state.legal_actions(seat)
                    kinds.add("refused")
                else:
                    assert state.legal_actions(seat) == expected
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
    assert kinds == {"chance", "player", "end", "refused"}


def test_a_game_stopped_at_max_decisions_is_a_draw() -> None:
    state = dealt(load(preset="pagat", players=3, max_decisions=4))
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[-1])
    assert state.returns() == [0.0, 0.0, 0.0]


def test_openspiel_ismcts_plays_whole_games() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = load(preset="pagat", players=3)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 8, random_state=np.random.RandomState(2))
    rng = random.Random(3)
    state = dealt(game, deal=11)
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
    assert sorted(state.returns())[0] == -1.0


def test_the_ismcts_bot_plays_matches_by_name_and_repeats_its_games() -> None:
    """Named as module:Name wherever bots are taken, it plays whole games
    (phase one and two, other rules than Flurst), a seed repeats them, and it
    is refused a budget that is no number of simulations."""
    from skitgubbe.bots import Bot, GreedyBot, make_bot
    from skitgubbe.runner import play_seated

    bot = make_bot("skitgubbe.integrations.openspiel:IsmctsBot")
    assert isinstance(bot, openspiel.IsmctsBot) and bot.name == "ismcts@100"

    def game(rules: sg.Ruleset, players: int) -> tuple[sg.Move, ...]:
        seats: list[Bot] = [openspiel.IsmctsBot(6)]
        seats += [GreedyBot() for _ in range(players - 1)]
        seeds = tuple(range(1, players + 1))
        return play_seated(rules, seats, 7, seeds, record=True).record

    first = game(sg.presets.PAGAT, 3)
    assert first and first == game(sg.presets.PAGAT, 3)
    assert game(sg.presets.FLURST, 4)
    for bad in (0, 2.5, True):
        with pytest.raises(ValueError, match="simulations must be a whole number"):
            openspiel.IsmctsBot(bad)  # type: ignore[arg-type]


def test_a_missing_extra_is_named() -> None:
    message = missing_extra_message("pyspiel", "skitgubbe.integrations.openspiel")
    assert "pip install 'skitgubbe[openspiel]'" in message
