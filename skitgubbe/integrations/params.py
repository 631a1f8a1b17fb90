"""The parameters that name a game, shared by the OpenSpiel game and the
PettingZoo environments: a preset or a variant spec, and a player count."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import skitgubbe as sg

__all__ = ["ruleset_and_players"]


def ruleset_and_players(params: Mapping[str, Any]) -> tuple[sg.Ruleset, int]:
    """The ruleset and player count that game parameters name.

    ``variant`` (a spec of :func:`skitgubbe.compare.parse_variant`), when not
    empty, names the ruleset; else ``preset`` does (``flurst`` by default).
    ``players`` 0 or missing takes 4, or the nearest count the ruleset allows.

    >>> rules, players = ruleset_and_players({"preset": "atlanta"})
    >>> rules == sg.presets.get("atlanta"), players
    (True, 3)
    """
    variant = str(params.get("variant", ""))
    if variant:
        from ..compare import parse_variant

        rules = parse_variant(variant)
    else:
        rules = sg.presets.get(str(params.get("preset", "flurst")))
    players = int(params.get("players", 0))
    if players == 0:
        players = min(max(4, rules.min_players), rules.max_players)
    if not rules.min_players <= players <= rules.max_players:
        raise ValueError(
            f"these rules allow {rules.min_players}-{rules.max_players} players, not {players}"
        )
    return rules, players
