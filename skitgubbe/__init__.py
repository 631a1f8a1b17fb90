"""skitgubbe: a rules engine for the Skitgubbe family of card games.

>>> import skitgubbe as sg
>>> state = sg.start_phase_two(sg.presets.FLURST, ["2C 3C", "7C 8C 9C", "JD"], "D", leader=0)
>>> state = state.apply("0 play 2C 3C")
>>> for move in state.legal_moves():
...     print(move)
1 play 7C
1 play 7C 8C
1 play 7C 8C 9C
1 play 8C
1 play 8C 9C
1 play 9C
1 pick 2C 3C
"""

from . import presets
from .cards import (
    Card,
    Rank,
    Suit,
    format_cards,
    is_run,
    one_pack,
    parse_card,
    parse_cards,
    touching_runs,
    two_packs,
)
from .errors import IllegalMoveError
from .events import Event, EventKind
from .moves import Move, PickUp, Play, parse_move
from .phase_two import anti_trump_suit, start_phase_two
from .rules import AntiTrump, Beat, EmptyHand, Ruleset, RulesetError, Runs
from .rules import PickUp as PickUpRule
from .state import Phase, PhaseTwoState, PlayerView, State

__version__ = "0.1.0"

__all__ = [
    "AntiTrump",
    "Beat",
    "Card",
    "EmptyHand",
    "Event",
    "EventKind",
    "IllegalMoveError",
    "Move",
    "Phase",
    "PhaseTwoState",
    "PickUp",
    "PickUpRule",
    "Play",
    "PlayerView",
    "Rank",
    "Ruleset",
    "RulesetError",
    "Runs",
    "State",
    "Suit",
    "anti_trump_suit",
    "format_cards",
    "is_run",
    "one_pack",
    "parse_card",
    "parse_cards",
    "parse_move",
    "presets",
    "start_phase_two",
    "touching_runs",
    "two_packs",
]
