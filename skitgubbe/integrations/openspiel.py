"""Skitgubbe as an OpenSpiel game: ``python_skitgubbe``.

Importing this module registers the game with ``pyspiel`` (extra
``openspiel``), so that OpenSpiel's algorithms load it by name::

    import pyspiel
    import skitgubbe.integrations.openspiel  # registers python_skitgubbe

    game = pyspiel.load_game("python_skitgubbe", {"preset": "flurst", "players": 4})

Parameters:

``preset``
    A preset name (:data:`skitgubbe.presets.ALL`), ``flurst`` by default.
``variant``
    A variant spec (:func:`skitgubbe.compare.parse_variant`, for example
    ``flurst:high_trump=true``); when not empty it names the ruleset instead of
    ``preset``.
``players``
    How many seats; 0 (the default) takes 4, or the nearest count the ruleset
    allows.
``deals``
    0 (the default) deals the pack card by card; a positive number opens the
    game with one chance node choosing among that many numbered deals instead.
``max_decisions``
    The game stops as a draw after this many decisions (moves and passes),
    1,000,000 by default; random games end long before.

The game opens with the deal, as OpenSpiel's own card games deal: one chance
node per card of the pack, each choosing a card among those not yet dealt
(with two packs, a card still held twice is twice as likely), so that
``chance_outcomes()`` lists at most 52 outcomes with exact probabilities. The
order drawn is the pack's order from the top, dealt as a shuffled
:func:`skitgubbe.deal` would deal it (:func:`skitgubbe.phase_one.dealing.lay_out`),
and the engine's later shuffles (the dreck, a dealt-out trick) are seeded from
that order, so chance acts only during the deal; no player sees it. With
``deals`` set, one chance node chooses the seed of :func:`skitgubbe.deal`
instead. Then one player acts at a time, in
the order of :mod:`skitgubbe.integrations.turns`; actions are numbered by
:mod:`skitgubbe.integrations.actions` (``PASS`` is action 0). Returns are ``-1``
for the goat and ``1 / (players - 1)`` for every other seat (zero-sum); a game
stopped at ``max_decisions`` returns 0 to all.

The information state of a player is their :class:`~skitgubbe.views.PlayerView`
(what a player with a perfect memory knows) and the seats that passed in the
current engine state: as a tensor by :func:`~skitgubbe.integrations.observations.encode`
(worked out from the state by :func:`~skitgubbe.integrations.observations.encode_state`),
as text by :func:`~skitgubbe.integrations.observations.information_state_string`.
The observation is the same. :meth:`SkitgubbeState.resample_from_infostate`
deals the unseen cards with :func:`skitgubbe.sample`, so OpenSpiel's IS-MCTS
(``open_spiel.python.algorithms.ismcts``) plays the game; with
:class:`EngineRolloutEvaluator` its random rollouts run on the engine directly.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import skitgubbe as sg

from ..bots import greedy_choice, is_due
from ..cards import CARDS_IN_PACK
from ..phase_one.dealing import deal_order
from ._extras import missing
from .actions import NUM_ACTIONS, PASS, action_to_string
from .observations import FIELDS as OBSERVATION_FIELDS
from .observations import SIZE, encode_state, field_slice, information_state_string
from .params import ruleset_and_players
from .turns import Dealing, Turns

try:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import mcts
except ImportError as error:
    raise ImportError(missing("pyspiel", "openspiel", "the OpenSpiel game")) from error

__all__ = [
    "DEFAULT_DEALS",
    "DEFAULT_SIMULATIONS",
    "GAME_TYPE",
    "EngineRolloutEvaluator",
    "IsmctsBot",
    "SkitgubbeGame",
    "SkitgubbeObserver",
    "SkitgubbeState",
    "ruleset_and_players",
]

#: By default the pack is dealt card by card (``deals=0``); a positive ``deals``
#: opens with one chance node choosing among that many numbered deals.
DEFAULT_DEALS = 0


def _number(player: Any, default: int) -> int:
    """An OpenSpiel player id as a plain number; ``default`` for a stand-in of
    ``pyspiel`` that has no numbers (the documentation is built without it)."""
    try:
        return int(player)
    except TypeError:
        return default


#: OpenSpiel's player numbers of chance and of the end, as plain numbers (asked for
#: several times a step).
_CHANCE = _number(pyspiel.PlayerId.CHANCE, -1)
_TERMINAL = _number(pyspiel.PlayerId.TERMINAL, -4)
#: The decisions after which a game stops as a draw, by default.
DEFAULT_MAX_DECISIONS = 1_000_000
_DEFAULTS: dict[str, Any] = {
    "preset": "flurst",
    "variant": "",
    "players": 0,
    "deals": DEFAULT_DEALS,
    "max_decisions": DEFAULT_MAX_DECISIONS,
}

#: The game's type, as registered with ``pyspiel``.
GAME_TYPE = pyspiel.GameType(
    short_name="python_skitgubbe",
    long_name="Python Skitgubbe",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=sg.moves.MAX_SEAT + 1,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


class SkitgubbeGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game of a ruleset and a player count."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        full = {**_DEFAULTS, **(params or {})}
        self.rules, self.players = ruleset_and_players(full)
        self.deals = int(full["deals"])
        self.max_decisions = int(full["max_decisions"])
        if self.deals < 0 or self.max_decisions < 1:
            raise ValueError("deals must be 0 (card by card) or more, and max_decisions at least 1")
        #: How often each card is in the pack: one pack or two.
        self.pack = (1 if self.rules.packs == 1 else 2,) * CARDS_IN_PACK
        #: How many cards the pack holds.
        self.cards = sum(self.pack)
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=self.deals or CARDS_IN_PACK,
            num_players=self.players,
            min_utility=-1.0,
            max_utility=1.0 / (self.players - 1),
            utility_sum=0.0,
            max_game_length=self.max_decisions,
        )
        super().__init__(GAME_TYPE, info, full)

    def new_initial_state(self) -> SkitgubbeState:
        """The state before the deal: a chance node."""
        return SkitgubbeState(self)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its parameters, so that a copy (and each copy of a state, which
        OpenSpiel makes by pickling) is built whole again."""
        return (SkitgubbeGame, (dict(self.get_parameters()),))

    def __deepcopy__(self, memo: object) -> SkitgubbeGame:
        """The game itself: a game does not change, and OpenSpiel's copies of a state
        share their game (a copy of a state deep-copies each of its attributes)."""
        return self

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> SkitgubbeObserver:
        """The observer of information states and observations (both are the view).

        Only a player's own information is offered: an observation type without
        private information (a public observer) is refused, since the view holds
        the player's hand.
        """
        if iig_obs_type is not None and (
            iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
            or not iig_obs_type.public_info
        ):
            raise ValueError(
                "python_skitgubbe observes as one player only: its own and the public "
                "information (private_info=SINGLE_PLAYER, public_info=True)"
            )
        return SkitgubbeObserver(params)


class SkitgubbeState(pyspiel.State):  # type: ignore[misc]
    """A position of the game: before the deal, or a :class:`~.turns.Turns`."""

    def __init__(self, game: SkitgubbeGame) -> None:
        super().__init__(game)
        self._game = game
        self._turns: Turns | None = None
        # OpenSpiel asks who acts several times a step: the answer is kept.
        self._player = _CHANCE
        # The deal card by card so far (copied whole when OpenSpiel clones a state).
        self._dealing = Dealing(list(game.pack))

    @property
    def dealt(self) -> list[int]:
        """The cards dealt so far, as card numbers from the top of the pack."""
        return self._dealing.dealt

    @property
    def turns(self) -> Turns | None:
        """The position once the pack is dealt, ``None`` while it is being dealt."""
        return self._turns

    @turns.setter
    def turns(self, turns: Turns | None) -> None:
        self._turns = turns
        player = None if turns is None else turns.player
        self._player = _CHANCE if turns is None else _TERMINAL if player is None else player

    def current_player(self) -> int:
        """The seat to act, ``pyspiel.PlayerId.CHANCE`` before the deal, or
        ``pyspiel.PlayerId.TERMINAL`` at the end."""
        return self._player

    def _legal_actions(self, player: int) -> list[int]:
        turns = self._turns
        assert turns is not None and player == self._player
        return turns.legal_actions()

    # The questions a Python loop asks at every step are answered here, in Python,
    # with what ``pyspiel.State`` would answer: its own methods would call back into
    # this class through pybind11 (``current_player``, then ``_legal_actions``) and
    # copy the actions into a C++ vector and out again. OpenSpiel's C++ code still
    # goes through those calls and gets the same answers.

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions of ``player`` (the player to act by default), ascending:
        at a chance node the cards or deals chance may choose, whoever asks; none
        for a player who is not to act, or at the end. Like ``pyspiel.State``, asking
        for a pseudo-player (a negative number) while a player acts is an error."""
        turns = self._turns
        if turns is not None:
            now = self._player
            if now == _TERMINAL:
                return []
            if player is not None and player != now:
                if player < 0:
                    raise pyspiel.SpielError(f"Called LegalActions for pseudo-player {player}")
                return []
            return turns.legal_actions()
        deals = self._game.deals
        if deals:
            return list(range(deals))
        return self._dealing.actions()

    def is_chance_node(self) -> bool:
        """Whether chance acts next (during the deal)."""
        return self._player == _CHANCE

    def is_player_node(self) -> bool:
        """Whether a player acts next."""
        return self._player >= 0

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The next card of the pack, each card left as likely as the copies of it
        left (or, with ``deals``, the numbered deals, each as likely)."""
        deals = self._game.deals
        if deals:
            return [(deal, 1.0 / deals) for deal in range(deals)]
        return self._dealing.outcomes()

    def _apply_action(self, action: int) -> None:
        turns = self._turns
        if turns is not None:  # the setter of ``turns``, in place: it runs at every step
            turns = turns.apply(action)  # OpenSpiel passes a plain int
            self._turns = turns
            player = turns.player
            self._player = _TERMINAL if player is None else player
            return
        game = self._game
        if game.deals:
            state = sg.deal(game.rules, players=game.players, seed=int(action))
            self.turns = Turns(state, max_decisions=game.max_decisions)
            return
        dealing = self._dealing
        dealing.deal(int(action))
        if len(dealing) == game.cards:
            self.turns = Turns(
                _deal_in_order(game, dealing.dealt), max_decisions=game.max_decisions
            )

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self._game.deals:
                return f"deal {action}"
            return f"deal {sg.Card.from_index(int(action))}"
        return action_to_string(action)

    def is_terminal(self) -> bool:
        """Whether the game is over: a goat, or stopped at the decision limit."""
        return self._player == _TERMINAL

    def returns(self) -> list[float]:
        """``-1`` for the goat, ``1 / (players - 1)`` for the others; 0 before the end."""
        if self.turns is None:
            return [0.0] * self._game.players
        return self.turns.returns()

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> SkitgubbeState:
        """A state the current information state of ``player_id`` could stand for:
        the cards that player cannot see dealt at random (:func:`skitgubbe.sample`)."""
        turns = self.turns
        clone = SkitgubbeState(self._game)
        if turns is None:  # during the deal nobody has seen a card: any cards may be out
            seed = int(probability_sampler() * (1 << 53))
            pack = [card for card, copies in enumerate(self._game.pack) for _ in range(copies)]
            random.Random(seed).shuffle(pack)
            for card in pack[: len(self._dealing)]:
                clone._apply_action(card)
        else:
            seed = int(probability_sampler() * (1 << 53))
            guess = sg.sample(turns.state.view(player_id), random.Random(seed))
            clone.turns = Turns(guess, turns.passed, turns.decisions, turns.max_decisions)
        return clone

    def __str__(self) -> str:
        if self.turns is None:
            if self._game.deals:
                return "before the deal"
            return f"dealing: {len(self._dealing)} of {self._game.cards} cards dealt"
        state = self.turns.state
        hands = "\n".join(
            f"{seat}: {sg.format_cards(state.view(seat).hand)}" for seat in range(state.players)
        )
        return f"{state.phase.value}; to act {state.to_act}, due {state.due}\n{hands}"


def _deal_in_order(game: SkitgubbeGame, order: list[int]) -> sg.PhaseOneState:
    """The game of a pack dealt in ``order`` (card numbers, top first); the engine's
    later shuffles are seeded from the order itself."""
    seed = int.from_bytes(hashlib.blake2b(bytes(order), digest_size=8).digest(), "big")
    return deal_order(game.rules, game.players, order, seed)


class SkitgubbeObserver:
    """Information states and observations: the player's view and who passed."""

    def __init__(self, params: Mapping[str, Any] | None) -> None:
        if params:
            raise ValueError(f"the observer takes no parameters, not {dict(params)}")
        self.tensor = np.zeros(SIZE, np.float32)
        self.dict = {
            field.name: self.tensor[field_slice(field.name)] for field in OBSERVATION_FIELDS
        }

    def set_from(self, state: SkitgubbeState, player: int) -> None:
        """Write ``player``'s information state of ``state`` into ``tensor``."""
        turns = state.turns
        if turns is None:
            self.tensor.fill(0)
            return
        passed = turns.order[: turns.passed]
        encode_state(turns.state, player, passed, out=self.tensor)

    def string_from(self, state: SkitgubbeState, player: int) -> str:
        """``player``'s information state of ``state`` as text."""
        turns = state.turns
        if turns is None:
            return f"seat {player}, before the deal"
        passed = turns.order[: turns.passed]
        return information_state_string(turns.state.view(player), passed)


class EngineRolloutEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """An evaluator for OpenSpiel's MCTS and IS-MCTS bots: the mean result of
    ``rollouts`` random games played on from the state by the engine itself,
    each move chosen uniformly among ``legal_moves()``, as OpenSpiel's
    ``RandomRolloutEvaluator`` does through the game's actions but several times
    faster. The prior is uniform."""

    def __init__(self, rollouts: int = 1, seed: int | None = None) -> None:
        if rollouts < 1:
            raise ValueError(f"rollouts must be at least 1, not {rollouts}")
        self.rollouts = rollouts
        self._rng = random.Random(seed)

    def evaluate(self, state: SkitgubbeState) -> Any:
        """The mean returns of the random games, one number per seat."""
        turns = state.turns
        assert turns is not None, "the deal comes first"
        players = turns.state.players
        if turns.is_over:
            return np.array(turns.returns())
        total = np.zeros(players)
        choose = self._rng.choice
        share = 1.0 / (players - 1)
        for _ in range(self.rollouts):
            engine = turns.state
            for _ in range(max(0, turns.max_decisions - turns.decisions)):
                if engine.is_over:
                    break
                engine = engine.apply(choose(engine.legal_moves()))
            if engine.loser is not None:
                total += share
                total[engine.loser] -= 1.0 + share
        return total / self.rollouts

    def prior(self, state: SkitgubbeState) -> list[tuple[int, float]]:
        """Every legal action as likely."""
        actions = state.legal_actions()
        return [(action, 1.0 / len(actions)) for action in actions]


#: Simulations a decision of :class:`IsmctsBot` by default.
DEFAULT_SIMULATIONS = 100


class IsmctsBot:
    """OpenSpiel's information-set Monte Carlo tree search (``ISMCTSBot``, Cowling,
    Powley and Whitehouse's IS-MCTS) as a library bot, for matches, ladders and
    studies beside the library's own: ``--bots
    skitgubbe.integrations.openspiel:IsmctsBot``.

    At each decision where it is due with more than one move, the bot rebuilds an
    OpenSpiel state of ``python_skitgubbe`` from its view (the hidden cards dealt
    by :func:`skitgubbe.sample`; the search deals them again for every
    simulation, so which deal does not matter) and runs ``simulations``
    simulations, each dealing the hidden cards again with the library's sampler
    and ended by ``rollouts`` random games played on by the engine
    (:class:`EngineRolloutEvaluator`). Out-of-turn choices are left to
    :func:`~skitgubbe.bots.greedy_choice`. A seed repeats its games."""

    def __init__(
        self, simulations: int = DEFAULT_SIMULATIONS, *, uct_c: float = 2.0, rollouts: int = 1
    ) -> None:
        if isinstance(simulations, bool) or not isinstance(simulations, int) or simulations < 1:
            raise ValueError(
                f"simulations must be a whole number of at least 1, not {simulations!r}"
            )
        self.name = f"ismcts@{simulations}"
        self.simulations = simulations
        self.uct_c = uct_c
        self.rollouts = rollouts
        self._rng = random.Random(0)
        self._games: dict[tuple[str, int], SkitgubbeGame] = {}

    def reset(self, seat: int, seed: int) -> None:
        """Seed a new game."""
        self._rng = random.Random(seed)

    def choose(self, view: sg.PlayerView, moves: Sequence[sg.Move]) -> sg.Move | None:
        """The move the search chose; the greedy choice when not due."""
        from open_spiel.python.algorithms import ismcts

        if len(moves) == 1 or not is_due(view):
            return greedy_choice(view, moves)
        turns = Turns(sg.sample(view, self._rng))
        while turns.player != view.player and turns.may_pass:
            turns = turns.apply(PASS)  # the seats offered before this one let it act
        if turns.player != view.player:
            return greedy_choice(view, moves)
        game = self._game(view)
        state = SkitgubbeState(game)
        state.turns = turns
        seed = self._rng.randrange(2**32)
        bot = ismcts.ISMCTSBot(
            game,
            EngineRolloutEvaluator(rollouts=self.rollouts, seed=seed),
            uct_c=self.uct_c,
            max_simulations=self.simulations,
            random_state=np.random.RandomState(seed),
        )
        # OpenSpiel's own resampling draws from an unseeded sampler: the library's
        # sampler, seeded, deals the hidden cards instead, so a seed repeats a game
        deals = random.Random(seed)
        bot.set_resampler(
            lambda position, player: position.resample_from_infostate(player, deals.random)
        )
        return turns.moves()[bot.step(state)]

    def _game(self, view: sg.PlayerView) -> SkitgubbeGame:
        """A game of the view's seat count (the search plays on the engine's own
        states, so of the game's rules only the seat count matters)."""
        preset = sg.presets.closest(view.rules)
        key = (preset, view.players)
        if key not in self._games:
            self._games[key] = SkitgubbeGame({"preset": preset, "players": view.players})
        return self._games[key]

    def __repr__(self) -> str:
        return f"IsmctsBot({self.simulations})"


pyspiel.register_game(GAME_TYPE, SkitgubbeGame)
