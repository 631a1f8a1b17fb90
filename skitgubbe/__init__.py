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

from . import moves, presets
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
from .deals import Deal
from .errors import IllegalMoveError
from .events import Event, EventKind
from .moves import Dare, Done, Gather, Move, PickUp, Play, Sluff, Store, Swap, parse_move
from .phase_one import deal
from .phase_two import anti_trump_suit, start_phase_two
from .records import Record, ReplayError, replay
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
    Ruleset,
    RulesetError,
    Runs,
    Ties,
    Trick,
    TrumpCard,
    Unfinished,
)
from .rules import PickUp as PickUpRule
from .rules import Sluff as SluffRule
from .sampling import sample
from .specs import VariantError, as_rules, format_variant, parse_variant
from .state import Phase, PhaseOneState, PhaseTwoState, State
from .views import PlayerView

__version__ = "0.1.0"

#: Whether this is the build compiled by mypyc (``SKITGUBBE_MYPYC=1 pip install .``)
#: rather than the pure Python one; the two play identical games.
COMPILED: bool = not moves.__file__.endswith(".py")

__all__ = [
    "COMPILED",
    "AntiTrump",
    "Beat",
    "Card",
    "Claim",
    "CompleteSuit",
    "Dare",
    "Deal",
    "Done",
    "Dreck",
    "EmptyHand",
    "Event",
    "EventKind",
    "FirstLead",
    "Gather",
    "IllegalMoveError",
    "LastTrickSluff",
    "Move",
    "OpeningLeader",
    "Phase",
    "PhaseOneEnd",
    "PhaseOneState",
    "PhaseTwoState",
    "PickUp",
    "PickUpRule",
    "Play",
    "PlayerView",
    "Rank",
    "Record",
    "ReplayError",
    "Ruleset",
    "RulesetError",
    "Runs",
    "Sluff",
    "SluffRule",
    "State",
    "Store",
    "Suit",
    "Swap",
    "Ties",
    "Trick",
    "TrumpCard",
    "Unfinished",
    "VariantError",
    "anti_trump_suit",
    "as_rules",
    "deal",
    "format_cards",
    "format_variant",
    "is_run",
    "one_pack",
    "parse_card",
    "parse_cards",
    "parse_move",
    "parse_variant",
    "presets",
    "replay",
    "sample",
    "start_phase_two",
    "touching_runs",
    "two_packs",
]
