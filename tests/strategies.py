"""Hypothesis strategies: random phase-two set-ups over every preset and variant."""

from __future__ import annotations

import random
from typing import Any

import attrs
from hypothesis import strategies as st

import skitgubbe as sg
from skitgubbe import presets
from skitgubbe.simulate import build_ruleset

#: Settings a random variant may change, with the values it may take.
VARIANTS: dict[str, st.SearchStrategy[Any]] = {
    "runs": st.sampled_from(sg.Runs),
    "beat": st.sampled_from(sg.Beat),
    "anti_trump": st.sampled_from(sg.AntiTrump),
    "high_trump": st.booleans(),
    "pick_up": st.sampled_from(sg.PickUpRule),
    "forced_pick": st.booleans(),
    "kill_on_trump": st.booleans(),
    "complete_suit_kills": st.booleans(),
    "complete_suit": st.sampled_from(sg.CompleteSuit),
    "empty_hand": st.sampled_from(sg.EmptyHand),
    "packs": st.sampled_from([1, 2]),
}


@st.composite
def rulesets(draw: st.DrawFn) -> sg.Ruleset:
    """A preset, sometimes with a few settings changed."""
    rules = draw(st.sampled_from(list(presets.ALL.values())))
    changes = draw(st.fixed_dictionaries({}, optional=VARIANTS))
    if changes.get("runs") is sg.Runs.SINGLE or rules.runs is sg.Runs.SINGLE:
        changes.pop("complete_suit_kills", None)
        if "runs" not in changes:
            changes["runs"] = rules.runs
    try:
        return attrs.evolve(rules, **changes)
    except sg.RulesetError:
        return rules


def random_setup(rules: sg.Ruleset, players: int, seed: int) -> sg.PhaseTwoState:
    """Uneven random hands (sometimes empty), a random trump and leader."""
    rng = random.Random(seed)
    pack = list(sg.one_pack() if rules.packs == 1 else sg.two_packs())
    rng.shuffle(pack)
    reserve = pack[: rng.randint(0, rules.avstickshog)]
    pack = pack[len(reserve) :]
    if rng.random() < 0.5:
        pack = pack[: rng.randint(1, len(pack))]  # some cards out of play
    cuts = sorted(rng.randint(0, len(pack)) for _ in range(players - 1))
    if rng.random() < 0.7:  # mostly no empty hands
        cuts = sorted(len(pack) * (i + 1) // players for i in range(players - 1))
    bounds = [0, *cuts, len(pack)]
    hands = [pack[bounds[i] : bounds[i + 1]] for i in range(players)]
    if not any(hands):
        hands[0] = pack[:1] or list(sg.one_pack()[:1])
    trump = rng.choice(list(sg.Suit))
    leader = rng.randrange(players)
    return sg.start_phase_two(rules, hands, trump, leader, reserve=reserve)


@st.composite
def phase_two_states(draw: st.DrawFn) -> tuple[sg.PhaseTwoState, int]:
    """A random phase-two start and a seed for the random play that follows: under a
    preset with a few settings changed, or under any ruleset."""
    if draw(st.booleans()):
        rules, players = draw(any_rulesets())
    else:
        rules = draw(rulesets())
        players = draw(st.integers(rules.min_players, min(rules.max_players, 8)))
    seed = draw(st.integers(0, 2**32 - 1))
    return random_setup(rules, players, seed), seed


@st.composite
def any_rulesets(draw: st.DrawFn) -> tuple[sg.Ruleset, int]:
    """Any valid ruleset (every setting, every value, one or two packs) and a player
    count it allows; shrinks towards the Flurst rules with three players."""

    def choose(name: str, options: Any) -> Any:
        return draw(st.sampled_from(options), label=name)

    return build_ruleset(choose)
