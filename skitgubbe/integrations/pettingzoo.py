"""Skitgubbe as a PettingZoo AEC environment, and one seat as a Gymnasium
environment (extra ``pettingzoo``).

:class:`SkitgubbeEnv` plays one game at a time among ``player_0`` …
``player_{n-1}`` (agent ``player_i`` sits at seat ``i``). One agent acts at a
time, in the order of :mod:`skitgubbe.integrations.turns`; actions are those of
:mod:`skitgubbe.integrations.actions` (``PASS`` is action 0). Each observation is
a dict: ``"observation"``, the agent's view as the vector of
:mod:`skitgubbe.integrations.observations`, and ``"action_mask"``, one ``int8``
per action, 1 for each legal action of the agent to act (all 0 for the others).
At the end the goat is rewarded ``-1`` and every other agent ``1 / (n - 1)``;
a game stopped at ``max_decisions`` is truncated with no reward.

>>> env = SkitgubbeEnv(preset="flurst", players=4)
>>> env.reset(seed=1)
>>> for agent in env.agent_iter():
...     observation, reward, termination, truncation, info = env.last()
...     if termination or truncation:
...         action = None
...     else:
...         legal = observation["action_mask"].nonzero()[0]
...         action = int(env.np_random.choice(legal))
...     env.step(action)
>>> sorted(env.rewards.values()) if env.rewards else "all agents done"
'all agents done'

:class:`SingleSeatEnv` is a Gymnasium environment for one seat against
opponents: each opponent is a bot of :mod:`skitgubbe.bots` (or its name, such
as ``"greedy"``), or a function of its view and its legal moves that returns a
move, or ``None`` to pass where passing is allowed; by default every opponent
picks uniformly among its legal actions, ``PASS`` included.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import skitgubbe as sg

from ..bots import Bot, make_bot
from ..extras import require
from ._extras import missing
from .actions import NUM_ACTIONS, PASS, move_to_action
from .observations import SIZE, encode_state
from .params import ruleset_and_players
from .turns import Turns

try:
    import gymnasium
    import numpy as np
    import numpy.typing as npt
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ImportError as error:
    raise ImportError(missing("pettingzoo", "pettingzoo", "the PettingZoo environment")) from error

__all__ = ["Opponent", "SingleSeatEnv", "SkitgubbeEnv", "env"]

#: An opponent of :class:`SingleSeatEnv`: its view and its legal moves in, a move
#: (or ``None`` to pass, where allowed) out.
Opponent = Callable[[sg.PlayerView, Sequence[sg.Move]], "sg.Move | None"]
#: The decisions after which a game stops, truncated, by default.
DEFAULT_MAX_DECISIONS = 1_000_000
_OBSERVATION_HIGH = 255.0


def _observation_space() -> spaces.Dict:
    return spaces.Dict(
        {
            "observation": spaces.Box(0.0, _OBSERVATION_HIGH, (SIZE,), np.float32),
            "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), np.int8),
        }
    )


def _mask(actions: Sequence[int]) -> npt.NDArray[np.int8]:
    mask = bytearray(NUM_ACTIONS)
    for action in actions:
        mask[action] = 1
    return np.frombuffer(mask, np.int8)


def _render(turns: Turns, seat: int | None) -> str:
    """The game as text, as ``seat`` (or the referee, with ``None``) sees it."""
    state = turns.state
    name = sg.presets.closest(state.rules)
    lines = [f"skitgubbe ({name} rules), {state.players} players, phase {state.phase.value}"]
    if state.is_over:
        lines.append(f"seat {state.loser} is the goat")
    view = state.view(seat if seat is not None else 0)
    if view.trump is not None:
        lines.append(f"trump {view.trump}")
    table = " | ".join(sg.format_cards(cards) for cards in view.table)
    lines.append(f"table: {table or '-'}")
    for each in range(state.players):
        shown = each == seat or seat is None
        cards = (
            sg.format_cards(state.view(each).hand) if shown else f"{view.hand_sizes[each]} cards"
        )
        lines.append(f"seat {each}: {cards}")
    if not turns.is_over:
        lines.append(f"to decide: seat {turns.player}")
    return "\n".join(lines)


class SkitgubbeEnv(AECEnv):  # type: ignore[misc]
    """The AEC environment of a ruleset: ``preset`` or ``variant`` and ``players``
    as for the OpenSpiel game (:func:`~.params.ruleset_and_players`)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human", "rgb_array"],
        "name": "skitgubbe_v0",
        "is_parallelizable": False,
        "render_fps": 2,
    }

    def __init__(
        self,
        preset: str = "flurst",
        players: int = 0,
        variant: str = "",
        render_mode: str | None = None,
        max_decisions: int = DEFAULT_MAX_DECISIONS,
    ) -> None:
        super().__init__()
        self.rules, self.players = ruleset_and_players(
            {"preset": preset, "players": players, "variant": variant}
        )
        modes: list[str] = self.metadata["render_modes"]
        if render_mode is not None and render_mode not in modes:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        if render_mode == "rgb_array":
            require("frames", 'render_mode="rgb_array"')
        self.render_mode = render_mode
        self.max_decisions = max_decisions
        self.possible_agents = [f"player_{seat}" for seat in range(self.players)]
        self.agents = list(self.possible_agents)
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        space = _observation_space()
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = {agent: spaces.Discrete(NUM_ACTIONS) for agent in self.possible_agents}
        self._deals = random.Random()
        self.turns: Turns | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game; ``seed`` makes it, and the deals after it, repeatable."""
        if seed is not None:
            self._deals.seed(seed)
            self.np_random, _ = gymnasium.utils.seeding.np_random(seed)
        deal = sg.deal(self.rules, players=self.players, seed=self._deals.getrandbits(32))
        self.turns = Turns(deal, max_decisions=self.max_decisions)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self._player()]
        if self.render_mode == "human":
            self.render()

    def _player(self) -> int:
        assert self.turns is not None and self.turns.player is not None
        return self.turns.player

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's observation dict (``"observation"``, ``"action_mask"``)."""
        turns = self.turns
        assert turns is not None, "reset the environment first"
        seat = self._seats[agent]
        return {
            "observation": encode_state(turns.state, seat, turns.order[: turns.passed]),
            "action_mask": np.frombuffer(turns.action_mask(seat), np.int8),
        }

    def step(self, action: int | None) -> None:
        """The agent to act takes ``action`` (``None`` once it is done)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.turns is not None and action is not None
        self.turns = turns = self.turns.apply(int(action))
        # Every reward is 0 until the game ends, so only the last step clears and
        # adds rewards.
        if turns.is_over:
            self._clear_rewards()
            for seat, result in enumerate(turns.returns()):
                name = self.possible_agents[seat]
                self.rewards[name] = result
                self.terminations[name] = not turns.is_draw
                self.truncations[name] = turns.is_draw
            self._accumulate_rewards()
        else:
            self.agent_selection = self.possible_agents[turns.order[turns.passed]]
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | npt.NDArray[np.uint8] | None:
        """``ansi`` and ``human``: the game as text, the hand of the agent to act and
        the other hands counted. ``rgb_array``: the table with every card open as
        an ``H x W x 3`` ``uint8`` frame (see :mod:`skitgubbe.render.raster`)."""
        if self.turns is None:
            return None
        if self.render_mode == "rgb_array":
            from ..render.raster import frame

            return frame(self.turns.state)
        seat = self.turns.player
        text = _render(self.turns, seat if seat is not None else None)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def env(**kwargs: Any) -> SkitgubbeEnv:
    """A :class:`SkitgubbeEnv` (the PettingZoo habit of a module-level ``env``)."""
    return SkitgubbeEnv(**kwargs)


class SingleSeatEnv(gymnasium.Env[npt.NDArray[np.float32], np.int64]):
    """One seat of a game as a Gymnasium environment, the other seats played by
    ``opponents`` (one per other seat, or uniformly random).

    Observations are the vector of the seat's view; ``info["action_mask"]`` marks
    the legal actions. The reward comes at the end: ``-1`` as the goat, else
    ``1 / (players - 1)``.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 - as Gymnasium has it

    def __init__(
        self,
        preset: str = "flurst",
        players: int = 0,
        variant: str = "",
        seat: int = 0,
        opponents: Sequence[Opponent | Bot | str] | None = None,
        max_decisions: int = DEFAULT_MAX_DECISIONS,
        render_mode: str | None = None,
    ) -> None:
        self.rules, self.players = ruleset_and_players(
            {"preset": preset, "players": players, "variant": variant}
        )
        if not 0 <= seat < self.players:
            raise ValueError(f"seat must be 0 to {self.players - 1}, not {seat}")
        others = [other for other in range(self.players) if other != seat]
        if opponents is not None and len(opponents) != len(others):
            raise ValueError(f"give one opponent for each of the {len(others)} other seats")
        self.seat = seat
        self.opponents: dict[int, Opponent | Bot] = {
            other: make_bot(opponent) if isinstance(opponent, str) else opponent
            for other, opponent in zip(others, opponents or (), strict=False)
        }
        self.max_decisions = max_decisions
        self.render_mode = render_mode
        self.observation_space = spaces.Box(0.0, _OBSERVATION_HIGH, (SIZE,), np.float32)
        self.action_space = spaces.Discrete(NUM_ACTIONS)
        self._rng = random.Random()
        self.turns: Turns | None = None

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Deal a new game and play the opponents up to the seat's first decision.

        A ``seed`` makes the deal and the random opponents repeat; ``options`` is
        accepted, as Gymnasium asks, and not used. Returns the seat's observation
        and the info with its ``action_mask``.
        """
        super().reset(seed=seed)
        if seed is not None:
            self._rng.seed(seed)
        deal = sg.deal(self.rules, players=self.players, seed=self._rng.getrandbits(32))
        for other, opponent in self.opponents.items():
            if isinstance(opponent, Bot):
                opponent.reset(other, self._rng.getrandbits(32))
        self.turns = Turns(deal, max_decisions=self.max_decisions)
        self._play_opponents()
        return self._observation(), self._info()

    def _opponent_action(self, turns: Turns, seat: int) -> int:
        opponent = self.opponents.get(seat)
        if opponent is None:
            return self._rng.choice(turns.legal_actions())
        keyed = turns.moves()
        moves = [keyed[action] for action in sorted(keyed)]  # in action order
        if not moves:
            return PASS
        view = turns.state.view(seat)
        move = opponent.choose(view, moves) if isinstance(opponent, Bot) else opponent(view, moves)
        if move is None:
            if not turns.may_pass:
                raise ValueError(f"the opponent at seat {seat} passed, but it is due to move")
            return PASS
        return move_to_action(move, turns.state.view(seat).hand)

    def _play_opponents(self) -> None:
        turns = self.turns
        assert turns is not None
        while not turns.is_over and turns.player != self.seat:
            assert turns.player is not None
            turns = turns.apply(self._opponent_action(turns, turns.player))
        self.turns = turns

    def _observation(self) -> npt.NDArray[np.float32]:
        turns = self.turns
        assert turns is not None
        return encode_state(turns.state, self.seat, turns.order[: turns.passed])

    def _info(self) -> dict[str, Any]:
        turns = self.turns
        assert turns is not None
        actions = turns.legal_actions() if turns.player == self.seat else []
        return {"action_mask": _mask(actions), "decisions": turns.decisions}

    def step(
        self, action: np.int64 | int
    ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        """The seat takes ``action``; the opponents play until it is the seat's turn
        again or the game is over."""
        assert self.turns is not None, "reset the environment first"
        self.turns = self.turns.apply(int(action))
        self._play_opponents()
        turns = self.turns
        reward = turns.returns()[self.seat] if turns.is_over else 0.0
        terminated = turns.state.is_over
        return self._observation(), reward, terminated, turns.is_draw, self._info()

    def render(self) -> str | None:
        """The table as the seat sees it, as text (``render_mode="ansi"``); ``None``
        before the first reset."""
        return None if self.turns is None else _render(self.turns, self.seat)
