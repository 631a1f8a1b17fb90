"""The PettingZoo environment passes PettingZoo's own API test on every preset; the
Gymnasium single-seat environment plays whole games against its opponents."""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Sequence

import numpy as np
import pytest

from .helpers import missing_extra_message, needs_extra

needs_extra("pettingzoo", "pettingzoo")

from pettingzoo.test import api_test  # noqa: E402

import skitgubbe as sg  # noqa: E402
from skitgubbe.integrations.actions import NUM_ACTIONS, PASS  # noqa: E402
from skitgubbe.integrations.observations import SIZE  # noqa: E402
from skitgubbe.integrations.pettingzoo import SingleSeatEnv, SkitgubbeEnv, env  # noqa: E402
from skitgubbe.render.svg import HEIGHT, WIDTH  # noqa: E402


@pytest.mark.filterwarnings("ignore:Observation space for each agent")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.parametrize("name", sorted(sg.presets.ALL))
def test_pettingzoo_api_test_passes_for_every_preset(name: str) -> None:
    rules = sg.presets.get(name)
    api_test(SkitgubbeEnv(preset=name, players=rules.max_players), num_cycles=300)


def play_random(environment: SkitgubbeEnv, seed: int) -> int:
    """Play one game with random legal actions; the number of steps."""
    environment.reset(seed=seed)
    rng = random.Random(seed)
    steps = 0
    for agent in environment.agent_iter():
        observation, _, termination, truncation, _ = environment.last()
        assert observation["observation"].shape == (SIZE,)
        mask = observation["action_mask"]
        assert mask.shape == (NUM_ACTIONS,) and mask.dtype == np.int8
        if termination or truncation:
            action = None
            assert not mask.any()
        else:
            legal = np.flatnonzero(mask).tolist()
            assert environment.turns is not None and legal == environment.turns.legal_actions()
            assert agent == f"player_{environment.turns.player}"
            action = rng.choice(legal)
        environment.step(action)
        steps += 1
    return steps


def test_whole_games_end_with_one_goat_rewarded_minus_one() -> None:
    environment = env(preset="flurst", players=4)
    rewards: list[float] = []
    for seed in range(3):
        play_random(environment, seed)
        assert environment.turns is not None
        loser = environment.turns.state.loser
        assert loser is not None
        rewards = environment.turns.returns()
        assert rewards[loser] == -1.0 and sum(rewards) == pytest.approx(0.0)
    assert not environment.agents


def test_only_the_agent_to_act_sees_legal_actions() -> None:
    environment = SkitgubbeEnv(preset="flurst", players=4)
    environment.reset(seed=7)
    acting = environment.agent_selection
    for agent in environment.possible_agents:
        mask = environment.observe(agent)["action_mask"]
        assert mask.any() == (agent == acting)


def test_the_same_seed_deals_the_same_game() -> None:
    first, second = SkitgubbeEnv(preset="pagat"), SkitgubbeEnv(preset="pagat")
    first.reset(seed=11)
    second.reset(seed=11)
    assert first.turns == second.turns
    assert play_random(first, 12) == play_random(second, 12)


def test_a_game_stopped_at_max_decisions_is_truncated_without_reward() -> None:
    environment = SkitgubbeEnv(preset="pagat", players=3, max_decisions=6)
    environment.reset(seed=1)
    for _ in range(6):
        environment.step(
            int(np.flatnonzero(environment.observe(environment.agent_selection)["action_mask"])[0])
        )
    assert all(environment.truncations.values())
    assert not any(environment.terminations.values())
    assert set(environment.rewards.values()) == {0.0}


def test_rgb_array_frames_are_the_open_picture_as_pixels() -> None:
    needs_extra("resvg_py", "frames")
    from skitgubbe.render.raster import frame

    environment = SkitgubbeEnv(preset="flurst", players=4, render_mode="rgb_array")
    environment.reset(seed=3)
    first = environment.render()
    assert isinstance(first, np.ndarray)
    assert first.shape == (HEIGHT, WIDTH, 3) == (480, 720, 3) and first.dtype == np.uint8
    assert environment.turns is not None
    assert np.array_equal(first, frame(environment.turns.state))
    assert len(np.unique(first.reshape(-1, 3), axis=0)) > 20  # not blank
    for _ in range(8):
        observation, *_ = environment.last()
        environment.step(int(np.flatnonzero(observation["action_mask"])[0]))
    later = environment.render()
    assert isinstance(later, np.ndarray) and not np.array_equal(first, later)
    assert "rgb_array" in SkitgubbeEnv.metadata["render_modes"]


def test_render_shows_the_hand_of_the_agent_to_act_and_counts_the_others() -> None:
    environment = SkitgubbeEnv(preset="pagat", players=3, render_mode="ansi")
    environment.reset(seed=3)
    text = environment.render()
    assert isinstance(text, str)
    lines = text.splitlines()
    assert lines[0] == "skitgubbe (pagat rules), 3 players, phase one"
    assert lines[-1] == "to decide: seat 0"
    assert "seat 1: 3 cards" in lines and "seat 2: 3 cards" in lines
    assert environment.turns is not None
    assert f"seat 0: {sg.format_cards(environment.turns.state.view(0).hand)}" in lines


def test_a_single_seat_plays_whole_games_against_random_opponents() -> None:
    seat_env = SingleSeatEnv(preset="flurst", players=4, seat=2)
    rng = random.Random(0)
    for seed in range(3):
        observation, info = seat_env.reset(seed=seed)
        done = False
        reward = 0.0
        while not done:
            assert seat_env.turns is not None and seat_env.turns.player == 2
            assert observation.shape == (SIZE,)
            action = rng.choice(np.flatnonzero(info["action_mask"]).tolist())
            observation, reward, terminated, truncated, info = seat_env.step(action)
            done = terminated or truncated
        assert seat_env.turns is not None and seat_env.turns.state.is_over
        assert reward == (-1.0 if seat_env.turns.state.loser == 2 else 1 / 3)


def test_opponents_are_functions_of_their_view_and_moves() -> None:
    seen: list[int] = []

    def first_move(view: sg.PlayerView, moves: Sequence[sg.Move]) -> sg.Move | None:
        seen.append(view.player)
        assert all(move.player == view.player for move in moves)
        return moves[0]

    seat_env = SingleSeatEnv(preset="pagat", players=3, opponents=[first_move, first_move])
    _, info = seat_env.reset(seed=4)
    done = False
    while not done:
        action = int(np.flatnonzero(info["action_mask"])[-1])
        _, _, terminated, truncated, info = seat_env.step(action)
        done = terminated or truncated
    assert set(seen) == {1, 2}
    with pytest.raises(ValueError, match="give one opponent for each of the 2 other seats"):
        SingleSeatEnv(preset="pagat", players=3, opponents=[first_move])


def test_an_opponent_that_passes_when_due_is_refused() -> None:
    def passes(view: sg.PlayerView, moves: Sequence[sg.Move]) -> sg.Move | None:
        return None

    seat_env = SingleSeatEnv(preset="pagat", players=3, seat=1, opponents=[passes, passes])
    with pytest.raises(ValueError, match="the opponent at seat 0 passed, but it is due to move"):
        seat_env.reset(seed=1)
    assert PASS == 0


def test_a_missing_extra_is_named() -> None:
    message = missing_extra_message("pettingzoo", "skitgubbe.integrations.pettingzoo")
    assert "pip install 'skitgubbe[pettingzoo]'" in message


def test_the_engine_imports_no_integration() -> None:
    code = (
        "import sys, skitgubbe, skitgubbe.simulate\n"
        "heavy = ('numpy', 'pyspiel', 'pettingzoo')\n"
        "print(sorted(m for m in sys.modules if 'integrations' in m or m in heavy))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_single_seat_environment_plays_against_the_librarys_bots() -> None:
    """Opponents may be bots of skitgubbe.bots, by name or as objects: a whole game
    against three greedy bots ends with a reward, and a bad name is refused."""
    from skitgubbe.bots import GreedyBot

    single = SingleSeatEnv(preset="flurst", players=4, opponents=["greedy", GreedyBot(), "random"])
    _, info = single.reset(seed=3)
    rng = random.Random(3)
    reward = 0.0
    for _ in range(100_000):
        action = rng.choice(np.flatnonzero(info["action_mask"]).tolist())
        _, reward_now, terminated, truncated, info = single.step(action)
        reward = float(reward_now)
        if terminated or truncated:
            break
    assert terminated and reward in (-1.0, 1 / 3)
    with pytest.raises(ValueError, match="no bot named 'clever'"):
        SingleSeatEnv(preset="flurst", players=4, opponents=["clever", "greedy", "greedy"])
