"""What one player sees and knows: :class:`PlayerView`.

A view holds everything a player with a perfect memory knows at a moment of the
game, and nothing more: their own hand, the cards known to be in each other hand,
the cards each seat won in phase one, the cards out of play, the cards they
cannot place and how many hidden cards each place holds, the trick on the table,
who may act, and what they saw of the last move. A bot that reads only views
loses nothing by forgetting the past.

What is public follows the rules (see the rulings): cards are played, sluffed,
dared and picked up face up; won tricks, a Koira split and a dealt-out trick are
dealt face up; the cards left in hand when phase one ends are shown (pagat); the
cards given to the dreck are laid on the table. Cards drawn from the stock or the
avstickshög are seen by their drawer only, and so are the dreck cards each player
receives when the dreck is shared among several.

Inside, cards are multiset masks (see :mod:`skitgubbe.cards`), as in the states;
the properties give ``Card`` objects. :meth:`PlayerView.to_dict` and
:meth:`PlayerView.to_json` give a plain form a server can send as it is.
"""

from __future__ import annotations

import enum
import functools
import json
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from .cards import (
    CARDS_IN_PACK,
    Card,
    Rank,
    Suit,
    cards_of,
    format_cards,
    parse_cards,
)
from .errors import shown
from .events import Event, EventKind
from .knowledge import (
    _ONE_PACK,
    _TWO_PACKS,
    _add,
    add_masks,
    phase_one_heading,
    phase_one_known,
    phase_one_trump,
    phase_one_unseen,
    phase_two_exposed,
    phase_two_known,
    phase_two_unseen,
)
from .moves import Move, parse_move
from .rules import Ruleset, TrumpCard, ruleset_from_dict, ruleset_to_dict

if TYPE_CHECKING:
    from .state import Phase, PhaseOneState, PhaseTwoState

__all__ = [
    "PRIVATE_EVENTS",
    "PlayerView",
    "phase_one_heading",
    "phase_one_view",
    "phase_two_view",
    "view_problem",
]

#: Events whose cards only their own player sees: another player sees how many.
PRIVATE_EVENTS = frozenset({EventKind.DREW_STOCK, EventKind.DREW, EventKind.GOT_DRECK})

_LOG_KINDS = (EventKind.PLAYED, EventKind.DARED, EventKind.SLUFFED)


def _key(name: str) -> str:
    """The JSON key of a field: its name without ``_mask`` or ``_masks``, since the
    plain form writes cards as card text, not as masks."""
    return name.removesuffix("_masks").removesuffix("_mask")


def _seats(bits: int) -> tuple[int, ...]:
    return tuple(seat for seat in range(bits.bit_length()) if bits >> seat & 1)


@attrs.frozen(repr=False)
class PlayerView:
    """What one player sees and knows at a moment of the game.

    Phase-one facts are empty in phase two and the other way round. Masks are the
    engine's multiset masks; each has a property giving ``Card`` objects.
    """

    #: The rules in force.
    rules: Ruleset
    #: The seat whose view this is.
    player: int
    #: The current phase.
    phase: Phase
    #: The player's own cards, as a mask (see :attr:`hand`).
    hand_mask: int
    #: For each seat, the cards this player knows are in that seat's hand (their
    #: own seat: their whole hand), as masks (see :attr:`known`).
    known_masks: tuple[int, ...]
    #: How many cards each seat holds.
    hand_sizes: tuple[int, ...]
    #: The trump suit, once it is known.
    trump: Suit | None
    #: The seats that may act now (public; some may hold nothing they could sluff).
    to_act: tuple[int, ...]
    #: The seats the game waits for: each must act before play goes on.
    due: tuple[int, ...]
    #: The goat, once the game is over.
    loser: int | None
    #: The move that led here (moves are made face up).
    last_move: Move | None
    #: What this player saw of the last move: other players' draws are counted,
    #: not named (see :attr:`~skitgubbe.events.Event.hidden`).
    events: tuple[Event, ...]
    #: The cards of this player's own hand that every other player knows are
    #: there, as a mask (see :attr:`exposed`).
    exposed_mask: int
    #: The cards this player cannot place: each lies in one of the hidden places
    #: (see :attr:`hidden_sizes`, :attr:`hidden_stock`, :attr:`hidden_aside`,
    #: :attr:`reserve_size`), as a mask (see :attr:`unseen`).
    unseen_mask: int
    #: How many cards the face-down avstickshög holds (P2-AVSTICKSHOG).
    reserve_size: int = 0
    #: Phase one: the cards each seat has won, as masks (played face up; they
    #: become part of that seat's phase-two hand).
    won_masks: tuple[int, ...] = ()
    #: Phase one: how many cards the stock holds.
    stock_size: int = 0
    #: Phase one: the trump card shown face up under the stock, while it lies
    #: there (D-TRUMP-EXPOSED, P1-MAS).
    upcard: Card | None = None
    #: Phase one: the trump card, when it is shown from the start (D-TRUMP-EXPOSED,
    #: P1-MAS). Once phase one is over it lies in its holder's hand or out of play.
    trump_card: Card | None = None
    #: Phase one: the seat that drew the trump card, if anyone has.
    trump_holder: int | None = None
    #: Phase one: the seat that led the first trick.
    first_leader: int | None = None
    #: Phase one: the seat that led the current trick.
    leader: int | None = None
    #: The seat due to play (phase one: to the trick, ``None`` once it is decided;
    #: phase two: the player to act).
    turn: int | None = None
    #: Phase one: the seats of the current round of the trick, in order (a replay
    #: holds the tied seats).
    round_seats: tuple[int, ...] = ()
    #: Phase one: the plays made so far in the current round, one mask per seat of
    #: :attr:`round_seats` in order.
    round_plays: tuple[int, ...] = ()
    #: Phase one: the current trick so far: who played, dared and sluffed what.
    trick: tuple[Event, ...] = ()
    #: Phase one: the rank heading the current round (or the round just tied).
    heading: Rank | None = None
    #: Phase one: the seats that have used their sluff on this trick (the window,
    #: or Atlanta's one sluff).
    sluffed: tuple[int, ...] = ()
    #: Phase one: the seats that have declared done on the decided trick.
    done: tuple[int, ...] = ()
    #: Phase one: the winner of the current trick once it is decided.
    trick_winner: int | None = None
    #: Phase one: the winner of the last completed trick (P1-LAST-TRICK).
    last_trick_winner: int | None = None
    #: Phase two: the plays on the table, earliest first, as masks.
    table_masks: tuple[int, ...] = ()
    #: Phase two: the seat that made each play of :attr:`table_masks`, in the same
    #: order (every player saw it made).
    table_seats: tuple[int, ...] = ()
    #: Phase two: the cards of killed tricks, out of the game.
    killed_mask: int = 0
    #: Cards known to be out of play for the whole game: in phase two a set-aside
    #: trump card once shown; cards a laid-out deal leaves out.
    out_of_play_mask: int = 0
    #: Phase two: how many plays kill the current trick.
    trick_size: int = 0
    #: Phase two: moves in a row that have killed no trick and put no player out;
    #: the game ends when they reach the rules' ``quiet_limit``. Mas's phase one:
    #: moves in a row that have won no trick, stored no trumps and drawn no card;
    #: phase one ends when they reach it.
    quiet: int = 0
    #: Phase two: the seats that are out of the game.
    out: tuple[int, ...] = ()
    #: Phase two: the Blåmattis who still owe a pick-up (I-BLAMATTIS).
    blamattis: tuple[int, ...] = ()
    #: Phase two: whether a forced pick-up is under way (P2-FORCED-PICK).
    forced: bool = False
    #: Phase two: the seat whose led last card awaits an answer (P2-AVSTICKSHOG).
    lead_out: int | None = None
    #: Phase two: the cards dealt from a dreck shared among several players and not
    #: played since, as a mask; each lies with one of :attr:`needy`.
    dreck_pool_mask: int = 0
    #: Phase two: the seats that received the dreck (I-DRECK).
    needy: tuple[int, ...] = ()

    # -- printing --------------------------------------------------------------------

    def _others_known(self) -> dict[int, str]:
        return {
            seat: format_cards(cards)
            for seat, cards in enumerate(self.known)
            if seat != self.player and cards
        }

    def _repr_svg_(self) -> str:
        """The view as a picture, drawn from the view alone: cards it does not know
        are face down (see :mod:`skitgubbe.render.svg`). A notebook shows it by itself."""
        from .render.svg import svg

        return svg(self)

    def __repr__(self) -> str:
        """One line, cards in card notation: the seat, the phase, the rules, the
        player's hand, what they know of other hands, the trick or the table, and
        who may act."""
        parts = [
            f"player={self.player}",
            f"phase={self.phase.value}",
            f"rules={self.rules!r}",
            f"hand={format_cards(self.hand)!r}",
            f"hand_sizes={self.hand_sizes}",
        ]
        if known := self._others_known():
            parts.append(f"known={known}")
        if self.trump is not None:
            parts.append(f"trump={self.trump.letter}")
        if self.phase.value == "one":
            parts.append(f"stock={self.stock_size}")
            parts.append(f"trick={[str(event) for event in self.trick]}")
        else:
            parts.append(f"table={[format_cards(play) for play in self.table]}")
        parts.append(f"to_act={self.to_act}")
        parts.append(f"due={self.due}")
        if self.loser is not None:
            parts.append(f"loser={self.loser}")
        return f"PlayerView({', '.join(parts)})"

    def __str__(self) -> str:
        """A few lines a person can read: the hand, each seat, the trick or table,
        who may act and the last move as this player saw it."""
        phase = {"one": "phase one", "two": "phase two", "over": "the game is over"}
        from .presets import name_of

        lines = [f"Seat {self.player}'s view ({name_of(self.rules)}, {phase[self.phase.value]})"]

        _line(lines, "hand", format_cards(self.hand) or "-")
        if self.trump is not None:
            _line(lines, "trump", self.trump.letter)
        elif self.upcard is not None:
            _line(lines, "trump", f"not yet turned; the upcard is {self.upcard}")
        known = self._others_known()
        others = [seat for seat in range(self.players) if seat != self.player]
        for seat in others:
            size = self.hand_sizes[seat]
            text = f"seat {seat}: {size} card{'s' if size != 1 else ''}"
            if seat in known:
                text += f", holds {known[seat]}"
            if seat in self.out:
                text += ", out"
            _line(lines, "others" if seat == others[0] else "", text)
        if self.phase.value == "one":
            _line(lines, "stock", f"{self.stock_size} cards")
            _line(lines, "trick", ", ".join(str(event) for event in self.trick) or "-")
            won = [f"{seat}: {format_cards(cards)}" for seat, cards in enumerate(self.won) if cards]
            if won:
                _line(lines, "won", "; ".join(won))
        else:
            _line(lines, "table", " / ".join(format_cards(play) for play in self.table) or "-")
        if self.loser is not None:
            _line(lines, "goat", f"seat {self.loser}")
        else:
            due = " ".join(map(str, self.due))
            _line(lines, "to act", f"{' '.join(map(str, self.to_act))} (due: {due})")
        if self.last_move is not None:
            seen = ", ".join(str(event) for event in self.events)
            _line(lines, "last move", f"{self.last_move}" + (f": {seen}" if seen else ""))
        return "\n".join(lines)

    # -- cards ---------------------------------------------------------------------

    @property
    def players(self) -> int:
        """How many seats the table has."""
        return len(self.hand_sizes)

    @property
    def hand(self) -> tuple[Card, ...]:
        """The player's own cards, sorted by suit then rank."""
        return cards_of(self.hand_mask)

    @property
    def known(self) -> tuple[tuple[Card, ...], ...]:
        """For each seat, the cards this player knows are in that hand."""
        return tuple(cards_of(mask) for mask in self.known_masks)

    @property
    def hidden_sizes(self) -> tuple[int, ...]:
        """For each seat, how many cards of its hand this player cannot name."""
        return tuple(
            size - known.bit_count()
            for size, known in zip(self.hand_sizes, self.known_masks, strict=True)
        )

    @property
    def hidden_stock(self) -> int:
        """How many stock cards are face down (a shown trump card under it is not)."""
        return self.stock_size - (self.upcard is not None)

    @property
    def hidden_aside(self) -> int:
        """How many cards lie aside face down in phase one: a set-aside trump card
        (D-TRUMP-SET-ASIDE), or the trump card its drawer keeps unseen (D-TRUMP-LAST)."""
        if self.phase.value != "one":
            return 0
        mode = self.rules.trump_card
        if mode is TrumpCard.SET_ASIDE:
            return 1
        return int(mode is TrumpCard.LAST and self.trump_holder is not None)

    @property
    def exposed(self) -> tuple[Card, ...]:
        """The cards of this player's hand that every other player knows are there."""
        return cards_of(self.exposed_mask)

    @property
    def unseen(self) -> tuple[Card, ...]:
        """The cards this player cannot place, sorted."""
        return cards_of(self.unseen_mask)

    @property
    def won(self) -> tuple[tuple[Card, ...], ...]:
        """Phase one: the cards each seat has won."""
        return tuple(cards_of(mask) for mask in self.won_masks)

    @property
    def won_sizes(self) -> tuple[int, ...]:
        """Phase one: how many cards each seat has won."""
        return tuple(mask.bit_count() for mask in self.won_masks)

    @property
    def table(self) -> tuple[tuple[Card, ...], ...]:
        """The cards on the table: in phase two the plays, earliest first; in phase
        one every play, dare and sluff of the trick, in order."""
        if self.table_masks:
            return tuple(cards_of(mask) for mask in self.table_masks)
        return tuple(event.cards for event in self.trick)

    @property
    def killed(self) -> tuple[Card, ...]:
        """Phase two: the cards of killed tricks."""
        return cards_of(self.killed_mask)

    @property
    def out_of_play(self) -> tuple[Card, ...]:
        """The cards known to be out of play: killed, or set aside and shown."""
        return cards_of(add_masks(self.killed_mask, self.out_of_play_mask))

    # -- a plain form ------------------------------------------------------------------

    def to_dict(self, *, rules: bool = True) -> dict[str, Any]:
        """The view as plain data (JSON types only): cards as card text, seats as
        numbers, settings by their values, moves and events in notation. A field
        holding cards as a mask is written under its name without ``_mask``
        (``hand``, ``known``, ``won``, ``table``, ``unseen``, ...). :meth:`from_dict`
        reads it back. ``rules=False`` leaves the rules out, for a reader that
        has them already (the bots' line protocol sends them once a game)."""
        data: dict[str, Any] = {}
        for name, key, plain in _plain_fields():
            if plain is None:
                if rules:
                    data[key] = ruleset_to_dict(self.rules)
                continue
            data[key] = plain(getattr(self, name))
        return data

    def to_json(self, indent: int | None = None) -> str:
        """The view as JSON text (see :meth:`to_dict`)."""
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PlayerView:
        """Read a view written by :meth:`to_dict`; raise :class:`ValueError` naming a
        bad field, or saying why no game could give the view (:func:`view_problem`),
        so that what is read can be sampled and searched like a view of a state."""
        from .state import Phase

        if not isinstance(data, Mapping):
            raise ValueError(f"a view is a JSON object, not {type(data).__name__}")
        values: dict[str, Any] = {}
        for field in attrs.fields(PlayerView):
            key = _key(field.name)
            if key not in data:
                if field.default is attrs.NOTHING:
                    raise ValueError(f"{key}: missing")
                continue
            try:
                values[field.name] = _read(field.name, data[key], Phase)
            except (ValueError, TypeError, KeyError) as error:
                raise ValueError(f"{key}: {error}") from None
        unknown = set(data) - {_key(field.name) for field in attrs.fields(PlayerView)}
        if unknown:
            raise ValueError(f"unknown fields: {', '.join(sorted(unknown))}")
        view = cls(**values)
        problem = view_problem(view)
        if problem is not None:
            raise ValueError(f"not a view a game can give: {problem}")
        return view

    @classmethod
    def from_json(cls, text: str | bytes) -> PlayerView:
        """Read a view written by :meth:`to_json`."""
        from .jsontext import MAX_NESTING, too_deep

        raw = text.decode("utf-8", "replace") if isinstance(text, bytes) else text
        if isinstance(raw, str) and too_deep(raw):
            raise ValueError(
                f"not a JSON view: its lists and objects nest more than {MAX_NESTING} levels deep"
            )
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as error:
            raise ValueError(f"not a JSON view: {error}") from None
        return cls.from_dict(data)


def _line(lines: list[str], label: str, text: str) -> None:
    """Add one labelled line of a view's text to ``lines``."""
    lines.append(f"  {label:<10} {text}")


@functools.lru_cache(maxsize=8192)
def _mask_text(mask: int) -> str:
    return format_cards(cards_of(mask))


def _masks_text(masks: tuple[int, ...]) -> list[str]:
    return [_mask_text(mask) for mask in masks]


def _plain_converter(name: str) -> Callable[[Any], Any] | None:
    """How :meth:`PlayerView.to_dict` writes the field ``name`` (``None``: the rules)."""
    if name == "rules":
        return None
    if name.endswith("_mask"):
        return _mask_text
    if name.endswith("_masks") or name == "round_plays":
        return _masks_text
    if name in ("events", "trick"):
        return _events_plain
    return _plain_value


@functools.cache
def _plain_fields() -> tuple[tuple[str, str, Callable[[Any], Any] | None], ...]:
    return tuple(
        (field.name, _key(field.name), _plain_converter(field.name))
        for field in attrs.fields(PlayerView)
    )


@functools.lru_cache(maxsize=8192)
def _event_plain(event: Event) -> dict[str, Any]:
    return {
        "kind": event.kind.name.lower(),
        "player": event.player,
        "cards": format_cards(event.cards),
        "hidden": event.hidden,
    }


def _events_plain(events: tuple[Event, ...]) -> list[dict[str, Any]]:
    # each a copy, so that a caller changing the dict does not change the cache
    return [dict(_event_plain(event)) for event in events]


def _plain_value(value: Any) -> Any:
    kind = type(value)
    if kind is int or kind is bool or kind is str or value is None:
        return value
    if kind is tuple:
        return list(value)
    if isinstance(value, Suit):
        return value.letter
    if isinstance(value, Rank):
        return value.text
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, (Card, Move)):
        return str(value)
    if isinstance(value, tuple):
        return list(value)
    return value


def _mask(text: Any) -> int:
    if not isinstance(text, str):
        raise TypeError(f"expected card text, not {shown(text)}")
    mask = 0
    for card in parse_cards(text):
        mask = _add(mask, 1 << card.index)
    return mask


def _read(name: str, value: Any, phase: type[Phase]) -> Any:
    if name == "rules":
        return ruleset_from_dict(value)
    if name == "phase":
        return phase(value)
    if name.endswith("_mask"):
        return _mask(value)
    if name.endswith("_masks") or name == "round_plays":
        return tuple(_mask(item) for item in _list(value))
    if name in ("events", "trick"):
        return tuple(_event(item) for item in _list(value))
    if name == "trump":
        return None if value is None else Suit.parse(value)
    if name in ("upcard", "trump_card"):
        return None if value is None else Card.parse(value)
    if name == "heading":
        return None if value is None else Card.parse(f"{value}C").rank
    if name == "last_move":
        return None if value is None else parse_move(value)
    if name == "forced":
        if not isinstance(value, bool):
            raise TypeError(f"expected true or false, not {shown(value)}")
        return value
    if isinstance(value, list):
        return tuple(_int(item) for item in value)
    return None if value is None else _int(value)


def _event(value: Any) -> Event:
    item = _dict(value)
    kind = item.get("kind")
    if not isinstance(kind, str) or kind.upper() not in EventKind.__members__:
        names = ", ".join(member.name.lower() for member in EventKind)
        raise ValueError(f"an event's kind is one of: {names}; not {shown(kind)}")
    return Event(
        EventKind[kind.upper()],
        _int(item.get("player")),
        _mask(item.get("cards", "")),
        _int(item.get("hidden", 0)),
    )


def _list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise TypeError(f"expected a list, not {shown(value)}")
    return value


def _dict(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise TypeError(f"expected an object, not {shown(value)}")
    return value


def _int(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"expected a whole number, not {shown(value)}")
    return value


# -- checking views read from outside ----------------------------------------------------

#: The fields that hold seats, as tuples, and those that hold one seat or ``None``.
_SEAT_TUPLES = (
    "to_act",
    "due",
    "round_seats",
    "sluffed",
    "done",
    "out",
    "blamattis",
    "needy",
    "table_seats",
)
_SEAT_OR_NONE = (
    "loser",
    "first_leader",
    "leader",
    "turn",
    "trump_holder",
    "trick_winner",
    "last_trick_winner",
    "lead_out",
)


def _contains(outer: int, inner: int) -> bool:
    """Whether the multiset mask ``inner`` is part of ``outer``."""
    return not (inner & ~outer & _ONE_PACK) and not (
        inner >> CARDS_IN_PACK & ~(outer >> CARDS_IN_PACK)
    )


def _seat_problem(name: str, value: object, players: int) -> str | None:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
        return f"{name}: {shown(value)} is not a seat of a table of {players}"
    return None


def view_problem(view: PlayerView) -> str | None:
    """What makes ``view`` one no game could give its player, or ``None``.

    A view read from outside (:meth:`PlayerView.from_dict`) is checked as fully
    as the engine's own views hold: the table fits the rules, every seat named is
    a seat, every count fits the pack, the player's hand is what they know of it,
    and every card of the pack lies in exactly one place the view names, with as
    many unseen cards as the hidden places hold.
    """
    rules = view.rules
    sizes = view.hand_sizes
    if not isinstance(sizes, tuple) or not all(
        isinstance(size, int) and not isinstance(size, bool) for size in sizes
    ):
        return f"hand_sizes: {shown(sizes)} is not a list of whole numbers"
    players = len(sizes)
    if not rules.min_players <= players <= rules.max_players:
        return f"these rules seat {rules.min_players}-{rules.max_players} players, not {players}"
    problem = _seat_problem("player", view.player, players)
    if problem:
        return problem
    for name in _SEAT_TUPLES:
        seats = getattr(view, name)
        if not isinstance(seats, tuple):
            return f"{name}: expected a list of seats, not {shown(seats)}"
        for seat in seats:
            problem = _seat_problem(name, seat, players)
            if problem:
                return problem
        if name in ("to_act", "due") and len(set(seats)) != len(seats):
            return f"{name}: a seat is named twice in {shown(seats)}"
    if not set(view.due) <= set(view.to_act):
        return f"due: {shown(view.due)} are not all among to_act {shown(view.to_act)}"
    for name in _SEAT_OR_NONE:
        value = getattr(view, name)
        if value is not None:
            problem = _seat_problem(name, value, players)
            if problem:
                return problem
    for event in (*view.events, *view.trick):
        problem = _seat_problem("events", event.player, players)
        if problem:
            return problem
    pack = CARDS_IN_PACK * rules.packs
    counts = (
        ("hand_sizes", sizes),
        ("stock_size", (view.stock_size,)),
        ("reserve_size", (view.reserve_size,)),
        ("trick_size", (view.trick_size,)),
        ("events", tuple(event.hidden for event in (*view.events, *view.trick))),
    )
    for name, values in counts:
        for value in values:
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= pack:
                return f"{name}: {shown(value)} is not a count of cards from 0 to {pack}"
    if len(view.known_masks) != players:
        return f"known: expected one entry per seat ({players}), not {len(view.known_masks)}"
    if len(view.won_masks) not in (0, players):
        return f"won: expected one entry per seat ({players}) or none, not {len(view.won_masks)}"
    if len(view.table_seats) != len(view.table_masks):
        return (
            f"table_seats: expected one seat per play on the table ({len(view.table_masks)}), "
            f"not {len(view.table_seats)}"
        )
    quiet = view.quiet
    if not isinstance(quiet, int) or isinstance(quiet, bool) or not 0 <= quiet <= rules.quiet_limit:
        return f"quiet: {shown(quiet)} is not a count of moves up to the quiet limit"
    if len(view.round_plays) > len(view.round_seats):
        return "round_plays: more plays than seats in the round"
    if (
        view.phase.value == "one"
        and view.trick_winner is None
        and len(view.round_plays) == len(view.round_seats)
    ):
        return "round_seats: no seat is left to play in the round, yet nobody has won the trick"
    if (view.loser is None) is (view.phase.value == "over"):
        return f"loser: {shown(view.loser)} does not fit the phase {view.phase.value!r}"
    if view.phase.value != "one" and view.trump is None:
        return "trump: phase two has a trump suit"
    limit = 1 << pack
    masks = [
        view.hand_mask,
        view.exposed_mask,
        view.unseen_mask,
        view.killed_mask,
        view.out_of_play_mask,
        view.dreck_pool_mask,
        *view.known_masks,
        *view.won_masks,
        *view.round_plays,
        *view.table_masks,
        *(event.mask for event in (*view.events, *view.trick)),
    ]
    if any(mask >= limit for mask in masks):
        return f"a card appears more often than the {rules.packs} pack(s) of these rules hold it"
    if view.known_masks[view.player] != view.hand_mask:
        return "known: the player's own entry is not their hand"
    if view.hand_mask.bit_count() != sizes[view.player]:
        held = view.hand_mask.bit_count()
        return f"hand_sizes: the player holds {held} cards, not {sizes[view.player]}"
    for seat, known in enumerate(view.known_masks):
        if known.bit_count() > sizes[seat]:
            return f"known: {known.bit_count()} cards known in seat {seat}'s {sizes[seat]}"
    if not _contains(view.hand_mask, view.exposed_mask):
        return "exposed: cards the player does not hold"
    total = 0
    table = view.table_masks or tuple(event.mask for event in view.trick)
    for mask in (
        *view.known_masks,
        *view.won_masks,
        *table,
        view.killed_mask,
        view.out_of_play_mask,
        view.unseen_mask,
    ):
        if _contains(_TWO_PACKS if rules.packs == 2 else _ONE_PACK, add_masks(total, mask)):
            total = add_masks(total, mask)
        else:
            return "a card lies in two places at once"
    if view.phase.value == "one":
        aside = view.upcard
        if aside is None and rules.trump_card is TrumpCard.EXPOSED:
            aside = view.trump_card
        if aside is not None:
            total = add_masks(total, 1 << aside.index)
    full = _TWO_PACKS if rules.packs == 2 else _ONE_PACK
    if total != full:
        return "the cards the view places are not the whole pack"
    hidden = sum(view.hidden_sizes) + view.hidden_stock + view.hidden_aside + view.reserve_size
    if view.unseen_mask.bit_count() != hidden:
        return f"unseen: {view.unseen_mask.bit_count()} cards, but the hidden places hold {hidden}"
    return None


# -- building views -------------------------------------------------------------------


def _seen_events(events: tuple[Event, ...], player: int, known: Sequence[int]) -> tuple[Event, ...]:
    """The events as ``player`` saw them: the cards of another player's draws that
    ``player`` does not know are counted, not named."""
    seen = []
    for event in events:
        if event.kind in PRIVATE_EVENTS and event.player != player and event.mask:
            named = event.mask & known[event.player]  # copies counted: a bitwise and
            if named != event.mask:
                hidden = event.mask.bit_count() - named.bit_count() + event.hidden
                event = Event(event.kind, event.player, named, hidden)
        seen.append(event)
    return tuple(seen)


def phase_one_view(state: PhaseOneState, player: int) -> PlayerView:
    """``player``'s view of a phase-one state."""
    rules = state.rules
    shown, lying = phase_one_trump(state)
    trump_card = Card.from_index(shown) if shown >= 0 else None
    upcard = trump_card if lying else None
    known = phase_one_known(state, player)
    winner = state.winner
    heading = phase_one_heading(state)
    return PlayerView(
        rules=rules,
        player=player,
        phase=state.phase,
        hand_mask=known[player],
        known_masks=tuple(known),
        hand_sizes=tuple(mask.bit_count() for mask in state.hand_masks),
        trump=trump_card.suit if trump_card is not None else None,
        to_act=state.to_act,
        due=state.due,
        loser=None,
        last_move=state.last_move,
        events=_seen_events(state.notes, player, known),
        exposed_mask=state.known_masks[player],
        unseen_mask=phase_one_unseen(state, known, shown, lying),
        reserve_size=len(state.reserve_cards),
        won_masks=state.won_masks,
        stock_size=len(state.stock_cards) - state.drawn,
        upcard=upcard,
        trump_card=trump_card,
        trump_holder=None if state.holder < 0 else state.holder,
        first_leader=state.first_leader,
        leader=state.leader,
        quiet=state.quiet,
        turn=None if winner >= 0 else state.order[state.position],
        round_seats=state.order,
        round_plays=state.round_plays,
        trick=tuple(Event(_LOG_KINDS[kind], seat, mask) for kind, seat, mask in state.log),
        heading=None if heading < 0 else Rank(heading + 2),
        sluffed=_seats(state.sluffed),
        done=_seats(state.done),
        trick_winner=None if winner < 0 else winner,
        last_trick_winner=None if state.last_winner < 0 else state.last_winner,
        out_of_play_mask=state.absent_mask,
    )


def phase_two_view(state: PhaseTwoState, player: int) -> PlayerView:
    """``player``'s view of a phase-two state (or of the final state)."""
    known = phase_two_known(state, player)
    return PlayerView(
        rules=state.rules,
        player=player,
        phase=state.phase,
        hand_mask=state.hand_masks[player],
        known_masks=tuple(known),
        hand_sizes=tuple(mask.bit_count() for mask in state.hand_masks),
        trump=state.trump,
        to_act=state.to_act,
        due=state.due,
        loser=state.loser,
        last_move=state.last_move,
        events=_seen_events(state.events, player, known),
        exposed_mask=phase_two_exposed(state, player),
        unseen_mask=phase_two_unseen(state, known),
        reserve_size=len(state.reserve_cards),
        turn=None if state.turn < 0 else state.turn,
        table_masks=state.table_masks,
        table_seats=state.table_seats,
        quiet=state.quiet,
        killed_mask=state.killed_mask,
        out_of_play_mask=state.out_of_play_mask,
        trick_size=state.trick_size,
        out=state.out,
        blamattis=_seats(state.blamattis),
        forced=state.forced,
        lead_out=None if state.lead_out < 0 else state.lead_out,
        dreck_pool_mask=state.dreck_pool,
        needy=_seats(state.needy),
    )
