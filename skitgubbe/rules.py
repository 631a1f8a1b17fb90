"""The :class:`Ruleset`: every rule setting of the engine, as one frozen value.

Each field implements one or more rule IDs (see the rules reference); the IDs and a
short description are kept in the field's metadata, so that programs (and the
generated rules reference in the docs) can read them:

>>> import attrs
>>> attrs.fields(Ruleset).pick_up.metadata["rules"][:2]
('P2-PICK-TOP', 'P2-PICK-TOP-JOINED')

A variant is a changed field, made with :func:`attrs.evolve`; combinations that
cannot be played are refused when the ruleset is built:

>>> Ruleset(runs=Runs.SINGLE, complete_suit_kills=True)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
skitgubbe.rules.RulesetError: complete_suit_kills needs runs: ... (P2-COMPLETE-SUIT)
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

__all__ = [
    "AntiTrump",
    "Beat",
    "EmptyHand",
    "PickUp",
    "Ruleset",
    "RulesetError",
    "Runs",
]


class RulesetError(ValueError):
    """A ruleset whose settings cannot be played together."""


class Runs(enum.Enum):
    """What a phase-two play may hold."""

    #: Only single cards (P2-PLAY-SINGLE).
    SINGLE = "single"
    #: A single card or a run of any length (P2-PLAY-RUNS).
    ANY = "any"
    #: A single card or a run of at least three cards (P2-RUN-MIN3, Mattis variant).
    MIN_THREE = "min-three"
    #: A single card or a run that begins with the 2 (P2-RUN-FROM-2, Koira variant).
    FROM_TWO = "from-two"


class Beat(enum.Enum):
    """Which plays beat the top play in phase two."""

    #: A higher play of the same suit, or a trump on a non-trump (P2-BEAT-SUIT).
    SUIT = "suit"
    #: Any higher non-trump of any suit, or a trump on a non-trump (P2-BEAT-ANY-SUIT).
    ANY_SUIT = "any-suit"


class AntiTrump(enum.Enum):
    """Whether there is an anti-trump suit, and which (P2-ANTI-TRUMP)."""

    #: No anti-trumps.
    NONE = "none"
    #: The other suit of the trump's colour.
    SAME_COLOUR = "same-colour"
    #: "Electric clubs": clubs, or spades when clubs are trump.
    ELECTRIC_CLUBS = "electric-clubs"


class PickUp(enum.Enum):
    """What a player who does not beat must pick up."""

    #: The top play only (P2-PICK-TOP).
    TOP = "top"
    #: The top play and every card in suit sequence with it (P2-PICK-TOP-JOINED).
    TOP_JOINED = "top-joined"
    #: The lowest (earliest) play (P2-PICK-BOTTOM).
    BOTTOM = "bottom"
    #: The lowest play and every card in suit sequence with it (P2-PICK-BOTTOM-JOINED).
    BOTTOM_JOINED = "bottom-joined"
    #: Only the single lowest card; a run stays one play until it is gone (P2-PICK-LOWEST-CARD).
    LOWEST_CARD = "lowest-card"


class EmptyHand(enum.Enum):
    """What happens to a player who starts phase two with no cards."""

    #: The player is out and safe (I-EMPTY).
    SAFE = "safe"
    #: Blåmattis: the player stays in and must pick up at the first turn (I-BLAMATTIS).
    BLAMATTIS = "blamattis"
    #: A Blåmattis loses at once (I-BLAMATTIS variant).
    BLAMATTIS_LOSES = "blamattis-loses"


def _setting(default: Any, doc: str, *rules: str, validator: Any = None) -> Any:
    """A ruleset field whose metadata records its description and rule IDs."""
    if validator is None:
        validator = attrs.validators.instance_of(type(default))
    return attrs.field(default=default, validator=validator, metadata={"doc": doc, "rules": rules})


def _whole_number(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{attribute.name} must be a whole number, not {value!r}")


def _int_setting(default: int, doc: str, *rules: str) -> Any:
    return _setting(default, doc, *rules, validator=_whole_number)


@attrs.frozen
class Ruleset:
    """Every rule setting of a game, as one frozen, hashable value.

    The defaults are the Flurst rules' phase two; :mod:`skitgubbe.presets` names a
    ruleset for each documented rule system. Make a variant with
    :func:`attrs.evolve`; impossible combinations raise :class:`RulesetError`.
    The fields, their rule IDs and their meaning are listed in the rules reference.
    """

    min_players: int = _int_setting(3, "Fewest players the rule system allows at the table.")
    max_players: int = _int_setting(8, "Most players the rule system allows at the table.")
    packs: int = _int_setting(
        1,
        "Packs shuffled together: 1, or 2 for the double deck, where identical cards "
        "never touch and a play holds at most one copy of a card.",
        "D-DECK",
        "D-DOUBLE",
        "P2-RUN-DOUBLE",
    )
    runs: Runs = _setting(
        Runs.ANY,
        "What one phase-two play may hold: single cards only, or runs of touching "
        "cards (of any length, of three or more, or starting from the 2).",
        "P2-PLAY-SINGLE",
        "P2-PLAY-RUNS",
        "P2-RUN-MIN3",
        "P2-RUN-FROM-2",
    )
    beat: Beat = _setting(
        Beat.ANY_SUIT,
        "Which plays beat the top play: only higher cards of its suit, or higher "
        "cards of any non-trump suit; a trump beats any non-trump either way.",
        "P2-BEAT-SUIT",
        "P2-BEAT-ANY-SUIT",
    )
    anti_trump: AntiTrump = _setting(
        AntiTrump.NONE,
        "A second special suit that trumps cannot beat and that beats nothing of "
        "another suit: none, the other suit of the trump's colour, or electric clubs.",
        "P2-ANTI-TRUMP",
    )
    high_trump: bool = _setting(
        False,
        "The highest trump still in the game may only be played as a kill; a leader "
        "holding nothing else passes the lead to the right.",
        "P2-HIGH-TRUMP",
    )
    pick_up: PickUp = _setting(
        PickUp.BOTTOM_JOINED,
        "What a player who does not beat picks up: the top play, the top play with "
        "the cards in suit sequence with it, the lowest play, the lowest play with "
        "its sequence, or only the lowest card.",
        "P2-PICK-TOP",
        "P2-PICK-TOP-JOINED",
        "P2-PICK-BOTTOM",
        "P2-PICK-BOTTOM-JOINED",
        "P2-PICK-LOWEST-CARD",
    )
    forced_pick: bool = _setting(
        False,
        "After a pick-up every following player must pick up too, until the table is empty.",
        "P2-FORCED-PICK",
    )
    kill_on_trump: bool = _setting(
        False,
        "A trump played on a non-trump kills the trick at once.",
        "P2-KILL-ON-TRUMP",
    )
    complete_suit_kills: bool = _setting(
        False,
        "Playing a complete 2-A run of one suit kills the trick.",
        "P2-COMPLETE-SUIT",
    )
    avstickshog: int = _int_setting(
        0,
        "Size of the avstickshög, the two-player reserve pile (0 for none): after each "
        "kill both players draw from it, the killer first, and going out does not end "
        "the game while it lasts.",
        "P2-AVSTICKSHOG",
    )
    empty_hand: EmptyHand = _setting(
        EmptyHand.SAFE,
        "A player who starts phase two with no cards is out and safe, stays in as a "
        "Blåmattis who must pick up at the first turn, or loses at once.",
        "I-EMPTY",
        "I-BLAMATTIS",
    )

    def __attrs_post_init__(self) -> None:
        problems = list(_problems(self))
        if problems:
            raise RulesetError("; ".join(problems))

    def rule_ids(self, field: str) -> tuple[str, ...]:
        """The rule IDs implemented by the setting named ``field``."""
        rules: tuple[str, ...] = attrs.fields_dict(Ruleset)[field].metadata["rules"]
        return rules


def _problems(rules: Ruleset) -> list[str]:
    problems: list[str] = []
    if rules.packs not in (1, 2):
        problems.append(f"packs must be 1 or 2, not {rules.packs} (D-DOUBLE)")
    most = 8 * rules.packs
    if not 2 <= rules.min_players <= rules.max_players <= most:
        problems.append(
            f"player range {rules.min_players}-{rules.max_players} is not within "
            f"2-{most} for {rules.packs} pack(s)"
        )
    if rules.complete_suit_kills and rules.runs is Runs.SINGLE:
        problems.append(
            "complete_suit_kills needs runs: a complete suit can only be played as one "
            "run (P2-COMPLETE-SUIT)"
        )
    if rules.avstickshog:
        if rules.avstickshog < 0 or rules.avstickshog > 40 * rules.packs:
            problems.append(
                f"avstickshog must be between 0 and {40 * rules.packs} cards, "
                f"not {rules.avstickshog} (P2-AVSTICKSHOG)"
            )
        if rules.max_players != 2:
            problems.append(
                "avstickshog is a two-player rule: set min_players and max_players to 2 "
                "(P2-AVSTICKSHOG)"
            )
    return problems
