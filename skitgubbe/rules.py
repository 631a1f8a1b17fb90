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
from collections.abc import Mapping
from typing import Any

import attrs

from .errors import shown

__all__ = [
    "MAX_QUIET_LIMIT",
    "AntiTrump",
    "Beat",
    "Claim",
    "CompleteSuit",
    "Dreck",
    "EmptyHand",
    "FirstLead",
    "LastTrickSluff",
    "OpeningLeader",
    "PhaseOneEnd",
    "PickUp",
    "Ruleset",
    "RulesetError",
    "Runs",
    "Sluff",
    "Ties",
    "Trick",
    "TrumpCard",
    "Unfinished",
    "ruleset_from_dict",
    "ruleset_to_dict",
]


#: The largest ``quiet_limit``: beyond it a game of bots that only pick up would
#: run for hours before the limit ended it.
MAX_QUIET_LIMIT = 10_000


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


class FirstLead(enum.Enum):
    """Who leads the first trick of phase one (D-FIRST-LEAD).

    Seat 0 sits at the dealer's left and the dealer holds the last seat, so the
    deal goes round in seat order.
    """

    #: The player at the dealer's left, seat 0 (pagat, Helmfrid).
    LEFT_OF_DEALER = "left-of-dealer"
    #: The dealer, the last seat (Wizards).
    DEALER = "dealer"
    #: The goat of the previous game, given as ``leader`` to :func:`~skitgubbe.deal`;
    #: seat 0 when there was none (Flurst, Goat).
    PREVIOUS_GOAT = "previous-goat"
    #: The holder of the lowest card dealt; of several, the first in deal order
    #: (Helmfrid variant "Lowest card or loser leads").
    LOWEST_CARD = "lowest-card"


class TrumpCard(enum.Enum):
    """Which card decides trump, and where it lies during phase one."""

    #: The last card of the stock; its drawer sets it aside unseen and takes it
    #: into hand after phase one (D-TRUMP-LAST).
    LAST = "last"
    #: One card set aside face down at the deal; its suit is trump and it stays out
    #: of play (D-TRUMP-SET-ASIDE).
    SET_ASIDE = "set-aside"
    #: As :attr:`LAST`, but the card is shown from the start (D-TRUMP-EXPOSED).
    EXPOSED = "exposed"
    #: Turned face up under the stock and drawn into hand as its last card (P1-MAS).
    TURNED_UP = "turned-up"


class Trick(enum.Enum):
    """The shape of a phase-one trick."""

    #: The leader and the next player; higher rank wins; a tie bounces (P1-TRICK-TWO).
    TWO = "two"
    #: Every player plays once; highest rank wins (P1-TRICK-ALL).
    ALL = "all"
    #: Mas: two-card tricks won by a higher card of the suit led or a trump; a
    #: follower who does not beat picks up the led card (P1-MAS).
    MAS = "mas"
    #: Two-card tricks won by the highest trump, else the highest card of the suit
    #: led (P1-TRUMP-TRICKS).
    TRUMPS = "trumps"
    #: Every player plays once; the highest trump wins, else the highest card of
    #: the suit led (P1-TRICK-ALL with P1-TRUMP-TRICKS).
    ALL_TRUMPS = "all-trumps"

    @property
    def all_players(self) -> bool:
        """Whether every player plays to each trick (not only two)."""
        return self is Trick.ALL or self is Trick.ALL_TRUMPS

    @property
    def with_trumps(self) -> bool:
        """Whether a trump wins the trick, else the highest card of the suit led."""
        return self is Trick.TRUMPS or self is Trick.ALL_TRUMPS


class Ties(enum.Enum):
    """What a tie for the highest rank does in phase one."""

    #: The tied players play again until one is highest (P1-TIE-REPLAY).
    REPLAY = "replay"
    #: A rank played by two or more beats unique ranks; the heading tie is
    #: replayed (P1-TIE-BEATS-UNIQUE).
    BEATS_UNIQUE = "beats-unique"
    #: Koira: the tied players take their cards back and the rest of the trick is
    #: dealt among them (P1-TIE-SPLIT).
    SPLIT = "split"
    #: Mattis's reading of tied ranks beating unique ones: every player of a rank
    #: played more than once plays again, not only the players of the highest such
    #: rank (P1-TIE-BEATS-UNIQUE).
    ALL_TIED = "all-tied"

    @property
    def beats_unique(self) -> bool:
        """Whether a rank played more than once beats ranks played once."""
        return self is Ties.BEATS_UNIQUE or self is Ties.ALL_TIED


class Sluff(enum.Enum):
    """When players may sluff (add matching cards to a trick out of turn)."""

    #: No sluffing (P1-SLUFF-NONE).
    NONE = "none"
    #: One chance each once the trick is settled (P1-SLUFF-WINDOW).
    WINDOW = "window"
    #: Any player, ranks in the trick, any time until it is gathered (P1-SLUFF-UNLIMITED).
    UNLIMITED = "unlimited"
    #: Only the rank of the player's own latest play to the trick (P1-SLUFF-OWN).
    OWN = "own"
    #: Any time, any card matching the trick, with both of Flurst's limits
    #: (P1-SLUFF-ANYTIME).
    ANYTIME = "anytime"
    #: As :attr:`ANYTIME` without the limit on emptying one's hand (Wizards, and the
    #: Goat rules, which limit sluffing on the last trick instead: ``last_trick_sluff``).
    ANYTIME_MAY_EMPTY = "anytime-may-empty"
    #: Once per trick after playing, ranks played that are not winning (P1-SLUFF-ATLANTA).
    ATLANTA = "atlanta"


class Claim(enum.Enum):
    """When the winner may gather a decided trick that others may still sluff on.

    It applies wherever sluffing goes on after the trick is decided: unlimited
    sluffing, sluffing one's own rank (Helmfrid's variants of P1-SLUFF-UNLIMITED and
    P1-SLUFF-OWN) and any-time sluffing (P1-SLUFF-ANYTIME, where the Flurst rules
    ask the winner to wait). Under Atlanta's rule and the single window every
    player's chance is waited for, so only :attr:`AFTER_DONE` goes with them.
    """

    #: At any time once the trick is decided: sluffs race the winner, who ends the
    #: race by gathering (pagat).
    RACE = "race"
    #: Only once every other player who may still sluff has declared done.
    AFTER_DONE = "after-done"


class LastTrickSluff(enum.Enum):
    """Who may sluff on the last trick of phase one (P1-SLUFF-LAST-TRICK).

    The last trick is one played when the stock can give no more cards and a
    player will hold no card when the next trick would start: one holds none now,
    or holds one card and is still due to play it to this trick (ruling; with
    ``end=talon``, every trick played once the stock is empty). Sluffs do not count
    towards that reckoning, as the Goat rules say players must guess.
    """

    #: No limit of its own.
    ALLOWED = "allowed"
    #: A player sluffs on it only once it can no longer take it: not while it is
    #: still due to play to it, or heads a round that may be tied, and never as its
    #: winner (the Goat rules' list).
    ONCE_LOST = "once-lost"
    #: Nobody sluffs on it until its winner is certain (the parenthesis and the end
    #: of the worked example in the Goat rules).
    ONCE_DECIDED = "once-decided"


class CompleteSuit(enum.Enum):
    """How a complete suit kills the trick under ``complete_suit_kills`` (P2-COMPLETE-SUIT)."""

    #: When a play completes the whole suit, 2 to ace, on the table, across plays
    #: (pagat puts this rule among the joined sequences).
    ACROSS_PLAYS = "across-plays"
    #: Only when one play holds the whole suit, 2 to ace.
    ONE_PLAY = "one-play"


class PhaseOneEnd(enum.Enum):
    """When phase one ends."""

    #: When a player due to play has no card and cannot dare (P1-END-NO-CARD).
    NO_CARD = "no-card"
    #: When the trick in which the stock ran out is complete (P1-END-TALON).
    TALON = "talon"
    #: With an empty stock, a new trick starts only if everyone holds two cards
    #: (P1-END-TALON sub-variant).
    TALON_TWO_CARDS = "talon-two-cards"
    #: Players without cards are skipped while two players hold cards (P1-END-SKIP).
    SKIP = "skip"
    #: Players without cards are skipped until every card is played; a replay that
    #: cannot go on is split among the tied players (P1-END-SKIP, Koira).
    SKIP_ALL = "skip-all"


class Unfinished(enum.Enum):
    """What becomes of a trick left unfinished when phase one ends."""

    #: Everyone takes back what they put on it, sluffs included (P1-END-NO-CARD).
    TAKE_BACK = "take-back"
    #: Its cards are shuffled and dealt out from seat 0 (P1-END-DEAL-OUT).
    DEAL_OUT = "deal-out"


class OpeningLeader(enum.Enum):
    """Who leads the first trick of phase two (I-LEADER)."""

    #: The player who drew the trump card (pagat, Helmfrid, Mas).
    TRUMP_DRAWER = "trump-drawer"
    #: The winner of the last completed phase-one trick (P1-LAST-TRICK; Flurst,
    #: Goat, Wizards).
    LAST_TRICK = "last-trick"


class Dreck(enum.Enum):
    """The low cards every player gives up when someone holds too few (I-DRECK)."""

    #: No redistribution.
    NONE = "none"
    #: All 2-5: 16 cards (Helmfrid).
    LOW = "low"
    #: All 2-5 and the 6 of trump: 17 cards (Flurst, Goat, Wizards, Atlanta).
    LOW_AND_SIX_OF_TRUMP = "low-and-six-of-trump"


def _setting(default: Any, doc: str, *rules: str, validator: Any = None) -> Any:
    """A ruleset field whose metadata records its description and rule IDs.

    By default the value must be of the default's type (``True`` or ``False``, or a
    member of the enumeration); nothing is converted, since reading text is the
    parsers' job. A wrong value raises :class:`TypeError` naming the field, the
    value and what is allowed.
    """
    if validator is None:
        kind = type(default)

        def validator(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
            if isinstance(value, kind):
                return
            import sys

            # Name a class as the package exports it (rules.PickUp is PickUpRule).
            package = sys.modules.get(__package__ or "")
            exported = getattr(package, "__all__", ())

            def public(cls: type) -> str:
                names = (n for n in exported if getattr(package, n, None) is cls)
                return next(names, cls.__name__)

            if isinstance(value, str):
                given = f"the text {shown(value)}"
            elif isinstance(value, enum.Enum):
                given = f"{public(type(value))}.{value.name}"
            else:
                given = f"{shown(value)} ({type(value).__name__})"
            if kind is bool:
                raise TypeError(f"{attribute.name} must be True or False, not {given}")
            if not issubclass(kind, enum.Enum):
                raise TypeError(f"{attribute.name} must be a {kind.__name__}, not {given}")
            name = public(kind)
            article = "an" if name[0] in "AEIOU" else "a"
            values = [str(member.value) for member in kind]
            message = (
                f"{attribute.name} must be {article} {name} (one of: {', '.join(values)}), "
                f"not {given}"
            )
            text = value.value if isinstance(value, enum.Enum) else value
            if isinstance(text, str) and text in values:
                message += f": use {name}({text!r})"
            elif isinstance(text, str) and text.upper().replace("-", "_") in kind.__members__:
                message += f": use {name}.{text.upper().replace('-', '_')}"
            raise TypeError(message)

    return attrs.field(default=default, validator=validator, metadata={"doc": doc, "rules": rules})


def _whole_number(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    """A whole number (not ``True`` or ``False``) of at most 18 digits.

    Whether the number makes sense is checked with the other settings; the bound
    keeps arithmetic and messages on absurd input short.
    """
    if type(value) is int and -(10**18) < value < 10**18:
        return
    if type(value) is not int:  # not a bool, nor an enumeration's member
        given = (
            f"the text {shown(value)}"
            if isinstance(value, str)
            else f"{shown(value)} ({type(value).__name__})"
        )
        raise TypeError(f"{attribute.name} must be a whole number, not {given}")
    raise RulesetError(
        f"{attribute.name} must be a whole number of at most 18 digits, not {shown(value)}"
    )


def _int_setting(default: int, doc: str, *rules: str) -> Any:
    """A ruleset field holding a whole number (see :func:`_whole_number`)."""
    return _setting(default, doc, *rules, validator=_whole_number)


@attrs.frozen(repr=False)
class Ruleset:
    """Every rule setting of a game, as one frozen, hashable value.

    The defaults are the Flurst rules; :mod:`skitgubbe.presets` names a
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
    hand_size: int = _int_setting(
        3,
        "Cards in a phase-one hand: dealt one at a time, and refilled from the stock "
        "after every play or sluff while it lasts.",
        "D-HAND-3",
        "D-HAND-2",
        "P1-DRAW",
    )
    first_lead: FirstLead = _setting(
        FirstLead.PREVIOUS_GOAT,
        "Who leads the first trick: the player at the dealer's left, the dealer, the "
        "previous goat, or the holder of the lowest card dealt.",
        "D-FIRST-LEAD",
    )
    trump_card: TrumpCard = _setting(
        TrumpCard.LAST,
        "The card that decides trump: the last card of the stock (hidden or shown), a "
        "card set aside at the deal and kept out of play, or Mas's turned-up card.",
        "D-TRUMP-LAST",
        "D-TRUMP-SET-ASIDE",
        "D-TRUMP-EXPOSED",
        "I-TRUMP",
    )
    restaurant: bool = _setting(
        False,
        "Restaurant rules: the bottom card of the stock replenishes a play, never a sluff.",
        "D-RESTAURANT",
    )
    trick: Trick = _setting(
        Trick.ALL,
        "The shape of a phase-one trick: two players, every player, Mas's beat-or-pick "
        "tricks, or tricks of two or of every player won by the highest trump, else "
        "the highest card of the suit led.",
        "P1-TRICK-TWO",
        "P1-TRICK-ALL",
        "P1-MAS",
        "P1-TRUMP-TRICKS",
    )
    multi: bool = _setting(
        False,
        "A phase-one play may be one, two or three cards of one rank.",
        "P1-MULTI",
    )
    aces_low: bool = _setting(
        False,
        "Aces rank below the 2 in phase one (only).",
        "P1-ACES-LOW",
    )
    ties: Ties = _setting(
        Ties.REPLAY,
        "What a tie does: the tied players play again; tied ranks beat unique ones "
        "(the players of the highest tied rank play again, or in Mattis's reading the "
        "players of every tied rank); or the trick is split among the tied players.",
        "P1-TIE-REPLAY",
        "P1-TIE-BEATS-UNIQUE",
        "P1-TIE-SPLIT",
    )
    must_match: bool = _setting(
        True,
        "Compulsory ties: a player who can match the highest rank played so far (or, "
        "when tied ranks beat unique ones, any rank played) must do so and may not dare.",
        "P1-MUST-MATCH",
    )
    must_match_trick: bool = _setting(
        False,
        "With compulsory ties, a replay must match the highest rank played to the whole "
        "trick, earlier rounds included, not only the highest of the replay so far (Atlanta "
        "read literally); the first player of a replay is bound too.",
        "P1-MUST-MATCH",
    )
    dare: bool = _setting(
        True,
        "A player due to play may turn the top card of the stock and play it; never "
        "the card that decides trump.",
        "P1-DARE",
    )
    sluff: Sluff = _setting(
        Sluff.ANYTIME,
        "When and what players may sluff onto a trick out of turn.",
        "P1-SLUFF-NONE",
        "P1-SLUFF-WINDOW",
        "P1-SLUFF-UNLIMITED",
        "P1-SLUFF-OWN",
        "P1-SLUFF-ANYTIME",
        "P1-SLUFF-ATLANTA",
    )
    claim: Claim = _setting(
        Claim.AFTER_DONE,
        "Under unlimited, own-rank and any-time sluffing: whether the winner may gather "
        "the decided trick at once, ending the sluffing, or only once every other player "
        "who may still sluff has declared done. The single window and Atlanta's rule "
        "always wait.",
        "P1-SLUFF-UNLIMITED",
        "P1-SLUFF-OWN",
        "P1-SLUFF-ANYTIME",
    )
    last_trick_sluff: LastTrickSluff = _setting(
        LastTrickSluff.ALLOWED,
        "Under any-time sluffing: who may sluff on the last trick of phase one, once "
        "the stock is empty and a player is about to run out: anyone, only a player "
        "who can no longer take it, or nobody until it is decided.",
        "P1-SLUFF-LAST-TRICK",
    )
    end: PhaseOneEnd = _setting(
        PhaseOneEnd.NO_CARD,
        "When phase one ends: a player due to play has no card, the trick that emptied "
        "the stock is complete, or players without cards are skipped.",
        "P1-END-NO-CARD",
        "P1-END-TALON",
        "P1-END-SKIP",
    )
    unfinished: Unfinished = _setting(
        Unfinished.TAKE_BACK,
        "A trick left unfinished at the end of phase one is taken back by those who "
        "put cards on it, or shuffled and dealt out; either way every player's phase-two "
        "hand is their won cards plus their hand.",
        "P1-END-NO-CARD",
        "P1-END-DEAL-OUT",
        "I-COLLECT",
    )
    opening_leader: OpeningLeader = _setting(
        OpeningLeader.LAST_TRICK,
        "Who leads phase two: the drawer of the trump card, or the winner of the last "
        "completed phase-one trick.",
        "I-LEADER",
        "P1-LAST-TRICK",
    )
    dreck: Dreck = _setting(
        Dreck.LOW_AND_SIX_OF_TRUMP,
        "The cards every player gives up when someone holds too few after phase one: "
        "none, the 2-5, or the 2-5 and the 6 of trump.",
        "I-DRECK",
    )
    dreck_below: int = _int_setting(
        6,
        "A player holding fewer cards than this after phase one receives the dreck; "
        "doubled with two packs (6 becomes 12). Ignored when dreck_trump_rank is set.",
        "I-DRECK",
        "D-DOUBLE",
    )
    dreck_trump_rank: bool = _setting(
        False,
        "The dreck threshold is the rank of the trump card (jack 11 ... ace 14).",
        "I-DRECK",
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
        "Completing a whole suit, 2 to ace, kills the trick.",
        "P2-COMPLETE-SUIT",
    )
    complete_suit: CompleteSuit = _setting(
        CompleteSuit.ACROSS_PLAYS,
        "With complete_suit_kills: whether the suit may be completed on the table across "
        "several plays, or only by one play holding all of it.",
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

    quiet_limit: int = _int_setting(
        1000,
        "Phase two ends once this many moves in a row have killed no trick and put no "
        "player out, so that every game ends: the player then holding the most cards is "
        "the goat, and of several, the first in turn from the player to move (ruling). "
        "Mas's phase one ends once this many moves in a row have won no trick, stored no "
        "trumps and drawn no card: the stock is dealt out from the player due (ruling).",
        "P2-OUT",
        "P1-MAS",
    )

    def __attrs_post_init__(self) -> None:
        problems = list(_problems(self))
        if problems:
            raise RulesetError("; ".join(problems))

    def __repr__(self) -> str:
        """The closest preset and the settings that differ from it, short enough to
        read in the repr of a view, a record or a session; :func:`ruleset_to_dict`
        gives every setting.

        >>> import attrs
        >>> from skitgubbe import presets
        >>> presets.FLURST, attrs.evolve(presets.FLURST, high_trump=True, dreck_below=5)
        (<Ruleset flurst>, <Ruleset flurst + dreck_below=5, high_trump>)
        """
        from .presets import name_of  # the presets are built from this module

        return f"<Ruleset {name_of(self)}>"

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
    problems.extend(_phase_one_problems(rules))
    if rules.complete_suit_kills and rules.runs is Runs.SINGLE:
        if rules.complete_suit is CompleteSuit.ONE_PLAY:
            problems.append(
                "complete_suit_kills needs runs: with complete_suit=one-play the suit "
                "must be played as one run (P2-COMPLETE-SUIT)"
            )
        elif rules.max_players < 13:
            problems.append(
                "complete_suit_kills needs runs: with single cards a trick of at most "
                f"{rules.max_players} plays never holds a whole suit (P2-COMPLETE-SUIT)"
            )
    if not 1 <= rules.quiet_limit <= MAX_QUIET_LIMIT:
        problems.append(
            f"quiet_limit must be from 1 to {MAX_QUIET_LIMIT:,} moves, not "
            f"{rules.quiet_limit}: every game must end, and soon (P2-OUT)"
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


def _phase_one_problems(rules: Ruleset) -> list[str]:
    problems: list[str] = []
    if not 1 <= rules.hand_size <= 5:
        problems.append(f"hand_size must be between 1 and 5, not {rules.hand_size} (D-HAND-3)")
    extra = (1 if rules.trump_card is TrumpCard.SET_ASIDE else 0) + max(rules.avstickshog, 0)
    if rules.max_players * rules.hand_size + extra > 52 * rules.packs:
        problems.append(
            f"{rules.max_players} hands of {rules.hand_size} cards do not fit in "
            f"{rules.packs} pack(s) (D-HAND-3)"
        )
    two_card = not rules.trick.all_players
    if two_card and rules.multi:
        problems.append("multi needs all-player tricks (P1-MULTI)")
    if two_card and rules.ties is not Ties.REPLAY:
        problems.append(f"ties={rules.ties.value} needs all-player tricks (P1-TIE-REPLAY)")
    if two_card and rules.sluff is not Sluff.NONE:
        problems.append(f"sluff={rules.sluff.value} needs all-player tricks (P1-SLUFF-NONE)")
    if rules.claim is Claim.RACE and rules.sluff in (Sluff.NONE, Sluff.WINDOW, Sluff.ATLANTA):
        problems.append(
            f"claim=race needs sluffing after the trick is decided; with sluff="
            f"{rules.sluff.value} the trick is gathered once every chance is used or "
            "passed: use claim=after-done (P1-SLUFF-UNLIMITED)"
        )
    if rules.last_trick_sluff is not LastTrickSluff.ALLOWED:
        if rules.sluff not in (Sluff.ANYTIME, Sluff.ANYTIME_MAY_EMPTY):
            problems.append(
                f"last_trick_sluff={rules.last_trick_sluff.value} limits any-time sluffing: "
                f"it needs sluff=anytime or anytime-may-empty, not {rules.sluff.value}; "
                "with other sluffing set last_trick_sluff=allowed (P1-SLUFF-LAST-TRICK)"
            )
        if rules.end not in (PhaseOneEnd.NO_CARD, PhaseOneEnd.TALON):
            problems.append(
                f"last_trick_sluff={rules.last_trick_sluff.value} needs end=no-card or "
                f"talon, where the last trick can be told; not {rules.end.value} "
                "(P1-SLUFF-LAST-TRICK)"
            )
    if rules.trick is Trick.MAS:
        if rules.trump_card is not TrumpCard.TURNED_UP:
            problems.append("Mas tricks need trump_card=turned-up (P1-MAS)")
        if rules.dare or rules.must_match:
            problems.append("Mas tricks have neither dare nor must_match (P1-MAS)")
    if rules.trick.with_trumps:
        if rules.must_match:
            problems.append(
                "must_match needs tricks won by rank alone, not trump tricks (P1-TRUMP-TRICKS)"
            )
        if rules.trump_card not in (TrumpCard.EXPOSED, TrumpCard.TURNED_UP):
            problems.append(
                "trump tricks need a trump known from the start: trump_card=exposed or "
                "turned-up (P1-TRUMP-TRICKS)"
            )
        if rules.multi:
            problems.append(
                "trump tricks compare single cards by suit and rank: multi needs tricks "
                "won by rank alone (P1-TRUMP-TRICKS)"
            )
        if rules.ties is not Ties.REPLAY:
            problems.append(
                f"ties={rules.ties.value} needs tricks won by rank alone; with trump tricks "
                "only identical cards of two packs tie, and they play again (P1-TRUMP-TRICKS)"
            )
    if rules.restaurant and rules.trump_card not in (TrumpCard.LAST, TrumpCard.EXPOSED):
        problems.append(
            "restaurant rules need the trump card at the bottom of the stock: "
            "trump_card=last or exposed (D-RESTAURANT)"
        )
    if (
        rules.opening_leader is OpeningLeader.TRUMP_DRAWER
        and rules.trump_card is TrumpCard.SET_ASIDE
    ):
        problems.append(
            "nobody draws a set-aside trump card, so it cannot choose the opening "
            "leader: use opening_leader=last-trick (I-LEADER)"
        )
    if rules.dreck is Dreck.NONE and rules.dreck_trump_rank:
        problems.append("dreck_trump_rank needs a dreck to hand out (I-DRECK)")
    if rules.dreck_below < 0:
        problems.append(f"dreck_below must be 0 or more, not {rules.dreck_below} (I-DRECK)")
    return problems


def ruleset_to_dict(rules: Ruleset) -> dict[str, Any]:
    """Every setting by name, as plain data: enumerations by their value.

    >>> ruleset_to_dict(Ruleset())["pick_up"]
    'bottom-joined'
    """
    return {
        field.name: (value.value if isinstance(value, enum.Enum) else value)
        for field in attrs.fields(Ruleset)
        for value in (getattr(rules, field.name),)
    }


def ruleset_from_dict(data: Mapping[str, Any], base: Ruleset | None = None) -> Ruleset:
    """The ruleset written by :func:`ruleset_to_dict`.

    A setting left out takes its value from ``base``, or is refused when no
    ``base`` is given. Raises :class:`ValueError` naming the bad setting, or
    :class:`RulesetError` when the settings cannot be played together.
    """
    if not isinstance(data, Mapping):
        raise ValueError(f"rules are an object of settings, not {type(data).__name__}")
    fields = attrs.fields(Ruleset)
    names = [field.name for field in fields]
    unknown = [key for key in data if key not in names]
    if unknown:
        raise ValueError(f"unknown setting {shown(unknown[0])} (the settings: {', '.join(names)})")
    values: dict[str, Any] = {}
    for field in fields:
        if field.name not in data:
            if base is None:
                raise ValueError(f"{field.name}: missing")
            values[field.name] = getattr(base, field.name)
            continue
        raw = data[field.name]
        kind = type(field.default)
        if issubclass(kind, enum.Enum):
            allowed = ", ".join(str(member.value) for member in kind)
            if not isinstance(raw, str):
                raise ValueError(f"{field.name}: expected one of {allowed}, not {shown(raw)}")
            try:
                values[field.name] = kind(raw)
            except ValueError:
                raise ValueError(f"{field.name}: {shown(raw)} is not one of: {allowed}") from None
        elif kind is bool:
            if not isinstance(raw, bool):
                raise ValueError(f"{field.name}: expected true or false, not {shown(raw)}")
            values[field.name] = raw
        else:
            if not isinstance(raw, int) or isinstance(raw, bool):
                raise ValueError(f"{field.name}: expected a whole number, not {shown(raw)}")
            values[field.name] = raw
    return Ruleset(**values)
