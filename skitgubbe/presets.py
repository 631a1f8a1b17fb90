"""One :class:`~skitgubbe.rules.Ruleset` for each documented rule system.

Each preset cites its source: pagat (John McLeod's Skitgubbe page and its
variants), the Flurst rules, the Swedish Goat Game (Howell and Merzbacher) and
the Wizards of the Coast rules page. :data:`ALL` maps each name to its ruleset.

>>> sorted(ALL) == sorted(NAMES)
True
>>> get("flurst") is FLURST
True

Every ruleset has a name (:func:`name_of`): a preset's own name, or the closest
preset followed by ``+`` and the settings that differ from it, in the order of
the :class:`~skitgubbe.rules.Ruleset` fields. A setting is written
``field=value``, with an enumeration's value text, ``true`` or ``false``, or a
whole number; a yes-or-no setting switched on is written by its name alone:

>>> import attrs
>>> from skitgubbe.rules import PickUp
>>> name_of(attrs.evolve(FLURST, high_trump=True))
'flurst + high_trump'
>>> name_of(attrs.evolve(FLURST, pick_up=PickUp.TOP, high_trump=True, must_match=False))
'flurst + must_match=false, high_trump, pick_up=top'
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

import attrs

from .errors import shown
from .rules import (
    Beat,
    Dreck,
    EmptyHand,
    FirstLead,
    LastTrickSluff,
    OpeningLeader,
    PhaseOneEnd,
    PickUp,
    Ruleset,
    Runs,
    Sluff,
    Trick,
    TrumpCard,
)

# Phase one of the classic Swedish game (pagat): two-card tricks with bounces,
# daring, no sluffing; the trump card is the last of the stock, and its drawer
# leads phase two; no shit cards.
_CLASSIC: dict[str, Any] = {
    "trick": Trick.TWO,
    "must_match": False,
    "sluff": Sluff.NONE,
    "first_lead": FirstLead.LEFT_OF_DEALER,
    "opening_leader": OpeningLeader.TRUMP_DRAWER,
    "dreck": Dreck.NONE,
}

__all__ = [
    "ALL",
    "ATLANTA",
    "FLURST",
    "HELMFRID",
    "KOIRA",
    "MAS",
    "MATTIS",
    "MYLLYMATTI",
    "NAMES",
    "PAGAT",
    "SWEDISH_GOAT",
    "TWO_PLAYER",
    "WIZARDS",
    "closest",
    "differences",
    "equal_presets",
    "get",
    "name_of",
]

#: pagat, "Skitgubbe": the classic Swedish game for 2-4 (best 3). Phase one:
#: two-card tricks between the leader and the next player, a tie bounces, daring
#: while the stock holds more than its bottom card, no sluffing; that bottom card is
#: the hidden trump card, kept by its drawer. Intermission: no dreck; the trump
#: card's drawer leads. Phase two: single cards, beaten within the suit or by a
#: trump; a player who does not beat picks up the top card only.
PAGAT = Ruleset(
    **_CLASSIC,
    min_players=2,
    max_players=4,
    runs=Runs.SINGLE,
    beat=Beat.SUIT,
    pick_up=PickUp.TOP,
)

#: pagat, "Myllymatti": the Finnish ancestor of the classic game, for 2-4, and
#: played the same way: two-card tricks in phase one, no dreck, and in phase two
#: single cards, with the top card picked up.
MYLLYMATTI = Ruleset(
    **_CLASSIC,
    min_players=2,
    max_players=4,
    runs=Runs.SINGLE,
    beat=Beat.SUIT,
    pick_up=PickUp.TOP,
)

#: pagat, "All Players play to Each Trick" (Sten Helmfrid's version, also in
#: Wikipedia's all-player tricks), for 2-6. Phase one: everyone plays one to three
#: cards of a rank to each trick, ties are replayed, nobody must match, and each
#: player gets one sluffing window once a trick is settled; the bottom card is the
#: hidden trump card. Intermission: if anyone holds fewer than 5 cards, everyone's
#: 2-5 are dealt among those players; the trump card's drawer leads. Phase two: runs, and a
#: player who does not beat picks up the top play with every card in suit
#: sequence with it.
HELMFRID = Ruleset(
    multi=True,
    must_match=False,
    sluff=Sluff.WINDOW,
    first_lead=FirstLead.LEFT_OF_DEALER,
    opening_leader=OpeningLeader.TRUMP_DRAWER,
    dreck=Dreck.LOW,
    dreck_below=5,
    min_players=2,
    max_players=6,
    runs=Runs.ANY,
    beat=Beat.SUIT,
    pick_up=PickUp.TOP_JOINED,
)

#: pagat, "Mattis" (Norway), for 3-8. Phase one: everyone plays a single card
#: to each trick, ties are replayed from hand or stock, no sluffing. Intermission:
#: no dreck; players left without cards stay in as Blåmattis; the trump card's
#: drawer leads. Phase two: runs, and the lowest (earliest) play is picked up.
MATTIS = Ruleset(
    must_match=False,
    sluff=Sluff.NONE,
    first_lead=FirstLead.LEFT_OF_DEALER,
    opening_leader=OpeningLeader.TRUMP_DRAWER,
    dreck=Dreck.NONE,
    min_players=3,
    max_players=8,
    runs=Runs.ANY,
    beat=Beat.SUIT,
    pick_up=PickUp.BOTTOM,
    empty_hand=EmptyHand.BLAMATTIS,
)

#: pagat, "Atlanta Variation" (of Mattis), for exactly 3. Phase one: everyone
#: plays to each trick, ties are compulsory, and each player may sluff once per
#: trick after playing, only ranks played that are not winning. Intermission: if
#: anyone holds fewer than 6 cards, everyone's 2-5 and 6 of trump are dealt as
#: evenly as possible among those players; the trump card's drawer leads. Phase two:
#: runs, and the whole lowest joined run is picked up, even across plays.
ATLANTA = Ruleset(
    sluff=Sluff.ATLANTA,
    first_lead=FirstLead.LEFT_OF_DEALER,
    opening_leader=OpeningLeader.TRUMP_DRAWER,
    min_players=3,
    max_players=3,
    runs=Runs.ANY,
    beat=Beat.SUIT,
    pick_up=PickUp.BOTTOM_JOINED,
)

#: pagat, "Koira" (Finland), for 3-8. Phase one: everyone plays to each trick,
#: ties are replayed, no sluffing; once the stock is gone, players without cards
#: are skipped until every card is played. Intermission: no dreck; the trump
#: card's drawer leads. Phase two: runs, and the lowest play is picked up.
KOIRA = Ruleset(
    must_match=False,
    sluff=Sluff.NONE,
    end=PhaseOneEnd.SKIP_ALL,
    first_lead=FirstLead.LEFT_OF_DEALER,
    opening_leader=OpeningLeader.TRUMP_DRAWER,
    dreck=Dreck.NONE,
    min_players=3,
    max_players=8,
    runs=Runs.ANY,
    beat=Beat.SUIT,
    pick_up=PickUp.BOTTOM,
)

#: pagat, "Mas with turned up trump", for 2-4. Phase one: a card turned up under
#: the stock sets trump; in two-card tricks the follower beats with a higher card
#: of the suit led or a trump, or picks the led card up; three trumps may be
#: stored and the 2 of trumps swapped for the upcard; phase one ends with the
#: trick in which the upcard is drawn. Intermission: no dreck; the upcard's drawer
#: leads. Phase two: as in the classic game.
MAS = Ruleset(
    trick=Trick.MAS,
    trump_card=TrumpCard.TURNED_UP,
    dare=False,
    must_match=False,
    sluff=Sluff.NONE,
    first_lead=FirstLead.LEFT_OF_DEALER,
    opening_leader=OpeningLeader.TRUMP_DRAWER,
    dreck=Dreck.NONE,
    min_players=2,
    max_players=4,
    runs=Runs.SINGLE,
    beat=Beat.SUIT,
    pick_up=PickUp.TOP,
)

#: pagat, "Two Player Game": the classic game for two. A 12-card avstickshög is
#: set aside before the hands are dealt and is not used in phase one; in phase two
#: both players draw from it after each kill, the killer first.
TWO_PLAYER = Ruleset(
    **_CLASSIC,
    min_players=2,
    max_players=2,
    runs=Runs.SINGLE,
    beat=Beat.SUIT,
    pick_up=PickUp.TOP,
    avstickshog=12,
)

#: The Flurst rules ("Skitgubbe, a.k.a. Flurst"), for 3-8 (best 4-5). Phase one:
#: the previous goat leads; everyone plays to each trick, must match the highest
#: rank, may dare, and may sluff matching cards at any time within the two limits;
#: ties go to war; the hidden bottom card decides trump. Intermission: the trump
#: card joins its drawer's cards; if anyone holds fewer than 6, everyone's 2-5 and
#: 6 of trump are dealt among them; the last trick's winner leads. Phase two: runs,
#: beaten by any higher non-trump or any trump, the lowest joined run eaten.
FLURST = Ruleset(
    min_players=3,
    max_players=8,
    runs=Runs.ANY,
    beat=Beat.ANY_SUIT,
    pick_up=PickUp.BOTTOM_JOINED,
)

#: The Swedish Goat Game (Goat; Howell and Merzbacher), for 2-8 (3-6 sensible).
#: Phase one as in the Flurst rules, but aces rank low, the trump card is set
#: aside at the deal and stays out of play, and sluffing is limited on the last
#: trick (a player who may still take it does not sluff) instead of by the size of
#: one's hand. Intermission: the dreck (2-5 and the
#: 6 of trump) for anyone below 6 cards; the last trick's winner leads. Phase two:
#: runs, beaten within the suit led or by a trump, the lowest joined run eaten.
SWEDISH_GOAT = Ruleset(
    sluff=Sluff.ANYTIME_MAY_EMPTY,
    last_trick_sluff=LastTrickSluff.ONCE_LOST,
    aces_low=True,
    trump_card=TrumpCard.SET_ASIDE,
    min_players=2,
    max_players=8,
    runs=Runs.ANY,
    beat=Beat.SUIT,
    pick_up=PickUp.BOTTOM_JOINED,
)

#: The Wizards of the Coast rules page (Wizards, 2002), for 3-6 (the page gives
#: no range). Phase one: the dealer leads; everyone must match, ties go to war, and
#: players may sluff at any time, though not the highest rank before their own
#: play; a set-aside trump card stays out of play. Intermission: the dreck (2-5 and
#: the 6 of trump) for anyone below 6 cards; the last trick's winner leads. Phase
#: two: runs of one suit, beaten in suit or by a higher trump, the lowest run eaten.
WIZARDS = Ruleset(
    first_lead=FirstLead.DEALER,
    trump_card=TrumpCard.SET_ASIDE,
    sluff=Sluff.ANYTIME_MAY_EMPTY,
    min_players=3,
    max_players=6,
    runs=Runs.ANY,
    beat=Beat.SUIT,
    pick_up=PickUp.BOTTOM_JOINED,
)

#: Every preset by name.
ALL: Mapping[str, Ruleset] = MappingProxyType(
    {
        "pagat": PAGAT,
        "myllymatti": MYLLYMATTI,
        "helmfrid": HELMFRID,
        "mattis": MATTIS,
        "atlanta": ATLANTA,
        "koira": KOIRA,
        "mas": MAS,
        "two_player": TWO_PLAYER,
        "flurst": FLURST,
        "swedish_goat": SWEDISH_GOAT,
        "wizards": WIZARDS,
    }
)

#: The preset names, from the classic Swedish game to the American rule sets.
NAMES: tuple[str, ...] = tuple(ALL)


def get(name: str) -> Ruleset:
    """The preset called ``name``; raises :class:`KeyError` listing the names (and
    :class:`TypeError` for a name that is not text)."""
    if not isinstance(name, str):
        raise TypeError(f"a preset is named by text, not {shown(name)} ({type(name).__name__})")
    try:
        return ALL[name]
    except KeyError:
        raise KeyError(f"no preset {shown(name)}; the presets are: {', '.join(NAMES)}") from None


def differences(a: Ruleset, b: Ruleset) -> tuple[str, ...]:
    """The names of the settings in which ``a`` and ``b`` differ, in field order.

    >>> differences(PAGAT, MAS)
    ('trump_card', 'trick', 'dare')
    """
    return tuple(
        field.name
        for field in attrs.fields(Ruleset)
        if getattr(a, field.name) != getattr(b, field.name)
    )


def equal_presets(rules: Ruleset) -> tuple[str, ...]:
    """The names of every preset equal to ``rules``, in the order of :data:`ALL`.

    Two presets can be equal values, as the classic game and Myllymatti are;
    both names are right for those rules:

    >>> equal_presets(MYLLYMATTI)
    ('pagat', 'myllymatti')
    >>> equal_presets(attrs.evolve(FLURST, high_trump=True))
    ()
    """
    return tuple(name for name, preset in ALL.items() if preset == rules)


def closest(rules: Ruleset) -> str:
    """The name of the preset from which ``rules`` differ in the fewest settings.

    Of presets equally close, the first in the order of :data:`ALL`.

    >>> closest(attrs.evolve(SWEDISH_GOAT, high_trump=True))
    'swedish_goat'
    """
    return min(ALL, key=lambda name: len(differences(ALL[name], rules)))


def _setting_text(value: object) -> str:
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def name_of(rules: Ruleset, base: str | None = None) -> str:
    """A name for any ruleset: a preset's name, or a preset and the settings changed.

    The name starts from the preset ``base`` when it is given (a name a person
    chose, such as ``"myllymatti"`` for rules equal to the classic game's), and
    from the :func:`closest` preset otherwise. See the module's description for
    the format.

    >>> name_of(MYLLYMATTI), name_of(MYLLYMATTI, base="myllymatti")
    ('pagat', 'myllymatti')
    >>> name_of(SWEDISH_GOAT, base="flurst")  # doctest: +NORMALIZE_WHITESPACE
    'flurst + min_players=2, trump_card=set-aside, aces_low, sluff=anytime-may-empty,
     last_trick_sluff=once-lost, beat=suit'
    """
    if not isinstance(rules, Ruleset):
        raise TypeError(f"name_of needs a Ruleset, not {shown(rules)} ({type(rules).__name__})")
    name = closest(rules) if base is None else base
    preset = get(name)
    changes = []
    for field in differences(preset, rules):
        value = getattr(rules, field)
        changes.append(field if value is True else f"{field}={_setting_text(value)}")
    return f"{name} + {', '.join(changes)}" if changes else name
