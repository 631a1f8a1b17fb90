"""Game records: the rules, the deal and the moves of a game, and their replay.

A :class:`Record` is a plain value: the :class:`~skitgubbe.rules.Ruleset`, the
:class:`~skitgubbe.deals.Deal` (a seeded shuffle or an exact layout) and the moves
in notation. The engine is deterministic, so the record rebuilds every state of
the game (:func:`replay`), and it reads and writes a small JSON format for
saving, sharing and bug reports.

>>> import skitgubbe as sg
>>> from skitgubbe.records import Record, replay
>>> state = sg.deal(sg.presets.FLURST, players=3, seed=1)
>>> record = Record.of(state, ["0 play 8D", "1 play JC"])
>>> record.moves
('0 play 8D', '1 play JC')
>>> Record.from_json(record.to_json()) == record
True
>>> states = replay(record)
>>> len(states), states[0] == state, str(states[-1].last_move)
(3, True, '1 play JC')

A move the rules forbid is refused, naming the move and the reason:

>>> try:
...     replay(Record.of(state, ["0 play 8D", "0 play JD"]))
... except ReplayError as error:
...     print(error.index, error.move, error.cause is not None)
...     print(error)  # doctest: +ELLIPSIS
1 0 play JD True
move 1 ('0 play JD') is illegal: it is not seat 0's turn to play: seat 1 is due (...)
"""

from __future__ import annotations

import enum
import json
from collections.abc import Iterable, Mapping
from typing import Any, cast

import attrs

from . import presets
from .cards import format_cards, parse_cards
from .deals import Deal
from .errors import IllegalMoveError, shown
from .events import EventKind
from .jsontext import MAX_NESTING, too_deep
from .moves import Move, parse_move
from .phase_one import deal as _deal
from .rules import MAX_QUIET_LIMIT, Claim, CompleteSuit, LastTrickSluff, Ruleset
from .rules import Sluff as SluffRule
from .state import PhaseOneState, State

__all__ = [
    "ADDED_SETTINGS",
    "FORMAT",
    "FORMAT_VERSION",
    "MAX_DIGITS",
    "MAX_RECORD_BYTES",
    "READS_VERSIONS",
    "V1_SETTINGS",
    "Record",
    "ReplayError",
    "as_in_version",
    "as_in_version_1",
    "replay",
]

#: The value of the ``"format"`` key that marks a JSON game record.
FORMAT = "skitgubbe-record"
#: The version of the JSON layout written by :meth:`Record.to_dict`. Version 2
#: added the settings ``claim``, ``complete_suit`` and ``must_match_trick``;
#: version 3 the settings ``last_trick_sluff`` and ``quiet_limit``, and ``claim``
#: took effect under any-time sluffing. Earlier versions are still read (see
#: :meth:`Record.from_dict`).
FORMAT_VERSION = 3
#: The record versions this library reads.
READS_VERSIONS = (1, 2, 3)
#: The settings each version added, by version: records of an earlier version lack them.
ADDED_SETTINGS: dict[int, tuple[str, ...]] = {
    2: ("claim", "complete_suit", "must_match_trick"),
    3: ("last_trick_sluff", "quiet_limit"),
}
#: The settings that version 1 records lack.
V1_SETTINGS = ADDED_SETTINGS[2]


def as_in_version(rules: Ruleset, version: int) -> Ruleset:
    """``rules`` with the settings that records of ``version`` lack set as that
    version played them (see :data:`ADDED_SETTINGS`).

    Before version 3 the winner of a trick under any-time sluffing waited for
    everyone's ``done`` whatever ``claim`` said, and no limit kept anyone from
    sluffing on the last trick; phase two had no quiet limit, and such records are
    read with the default one (a game that stalled longer stops replaying there,
    with a :class:`ReplayError`). Before version 2 the winner
    waited under every sluffing rule, only one play of a whole suit killed, and
    compulsory ties looked at the current round.

    >>> from skitgubbe import presets
    >>> as_in_version(presets.SWEDISH_GOAT, 2).last_trick_sluff
    <LastTrickSluff.ALLOWED: 'allowed'>
    """
    changes: dict[str, Any] = {}
    if version < 3:
        changes["last_trick_sluff"] = LastTrickSluff.ALLOWED
        if rules.sluff not in (SluffRule.UNLIMITED, SluffRule.OWN):
            changes["claim"] = Claim.AFTER_DONE
    if version < 2:
        changes["must_match_trick"] = False
        changes["claim"] = Claim.AFTER_DONE
        if rules.complete_suit_kills:
            changes["complete_suit"] = CompleteSuit.ONE_PLAY
    return attrs.evolve(rules, **changes)


def as_in_version_1(rules: Ruleset) -> Ruleset:
    """``rules`` with the settings added since version 1 set as version 1 played
    them: the winner of a trick waits for everyone's ``done`` (``Claim.AFTER_DONE``),
    only one play of a whole suit kills, and compulsory ties look at the current
    round (:func:`as_in_version` of version 1).

    >>> from skitgubbe import presets, SluffRule
    >>> unlimited = attrs.evolve(presets.HELMFRID, sluff=SluffRule.UNLIMITED, claim=Claim.RACE)
    >>> unlimited.claim, as_in_version_1(unlimited).claim
    (<Claim.RACE: 'race'>, <Claim.AFTER_DONE: 'after-done'>)
    """
    return as_in_version(rules, 1)


#: The most digits a number in a record may have: Python's own limit for reading
#: and writing whole numbers as text, so that every record read can be written.
MAX_DIGITS = 4300
#: The longest JSON record read, in bytes (or characters): the longest game the
#: rules allow (:func:`skitgubbe.simulate.move_bound`, two packs and sixteen
#: players) writes under 2 MB, so a longer text is refused before it is parsed.
MAX_RECORD_BYTES = 16 * 1024 * 1024

_TOO_LONG = 10**MAX_DIGITS

_TOP_KEYS = ("format", "version", "preset", "rules", "deal", "moves")
_DEAL_KEYS = ("players", "seed", "leader", "hands", "stock", "set_aside", "reserve")


class ReplayError(ValueError):
    """A record holds a move that cannot be played where it stands.

    ``index`` is the move's position in :attr:`Record.moves` (0 for the first
    move), ``move`` the move itself and ``cause`` the
    :class:`~skitgubbe.errors.IllegalMoveError` that refused it (``None`` for a
    move made after the game was over). :attr:`rule` is the cause's rule ID.
    """

    def __init__(
        self, index: int, move: Move, reason: str, cause: IllegalMoveError | None = None
    ) -> None:
        super().__init__(f"move {index} ({str(move)!r}) {reason}")
        #: The position of the refused move in the record, from 0.
        self.index = index
        #: The refused move.
        self.move = move
        #: Why it was refused, in words.
        self.reason = reason
        #: The engine's refusal, or ``None`` if the game was already over.
        self.cause = cause

    @property
    def rule(self) -> str | None:
        """The ID of the rule that forbids the move, if a rule does."""
        return None if self.cause is None else self.cause.rule

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.index, self.move, self.reason, self.cause))


def _move_texts(moves: Iterable[Move | str]) -> tuple[str, ...]:
    """Each move in canonical notation; a string is parsed first."""
    if isinstance(moves, str):
        raise TypeError("moves must be a sequence of moves, not one string")
    if not isinstance(moves, Iterable) or isinstance(moves, (bytes, bytearray, Mapping)):
        raise TypeError(
            f"moves must be a sequence of moves or their texts, not {shown(moves)} "
            f"({type(moves).__name__})"
        )
    texts: list[str] = []
    for index, move in enumerate(moves):
        if isinstance(move, str):
            try:
                move = parse_move(move)
            except ValueError as error:
                raise ValueError(f"moves[{index}]: {error}") from None
        elif not isinstance(move, Move):
            raise TypeError(
                f"moves[{index}] must be a move or its text, not {shown(move)} "
                f"({type(move).__name__})"
            )
        texts.append(str(move))
    return tuple(texts)


def _check_rules(instance: object, attribute: object, value: Ruleset) -> None:
    if not isinstance(value, Ruleset):
        hint = ": use skitgubbe.presets.get(name) for a preset" if isinstance(value, str) else ""
        raise TypeError(
            f"a record's rules must be a Ruleset, not {shown(value)} ({type(value).__name__}){hint}"
        )


def _check_deal(instance: object, attribute: object, value: Deal) -> None:
    if not isinstance(value, Deal):
        raise TypeError(
            f"a record's deal must be a Deal (the deal a dealt state keeps), not "
            f"{shown(value)} ({type(value).__name__})"
        )


@attrs.frozen(repr=False)
class Record:
    """A whole game as data: the rules, the deal and the moves played from it.

    Build one from a dealt state with :meth:`of`, or directly; the deal is checked
    against the rules at once (a deal that :func:`skitgubbe.deal` refuses is
    refused here with its reason) and kept in the normal form the deal itself
    records. Moves are kept in canonical notation, so two records of the same game
    are equal. Whether the moves are legal is checked by :func:`replay`.

    >>> import skitgubbe as sg
    >>> layout = sg.deal(sg.presets.FLURST, hands=["8D 3D 5C", "3C 3S 2D", "KC KS 2H"],
    ...                  stock="7D QC JS 5H", leader=0)
    >>> record = Record.of(layout, [sg.Play(0, "8D")])
    >>> record.deal.hands, record.moves
    (('8D 3D 5C', '3C 3S 2D', 'KC KS 2H'), ('0 play 8D',))
    >>> record.start() == layout
    True

    Presets that are equal values (the classic game and Myllymatti) keep the
    name a program chose: give it as ``preset``, or build the record from the
    preset object itself.

    >>> game = sg.deal(sg.presets.get("myllymatti"), players=3, seed=1)
    >>> Record.of(game).preset, Record.of(game, preset="pagat").preset
    ('myllymatti', 'pagat')
    """

    #: The rules in force.
    rules: Ruleset = attrs.field(validator=_check_rules)
    #: How the game was dealt.
    deal: Deal = attrs.field(validator=_check_deal)
    #: The moves from the deal on, in notation (see :func:`skitgubbe.parse_move`).
    moves: tuple[str, ...] = attrs.field(default=(), converter=_move_texts)
    #: The name of the preset whose rules these are, or ``None`` for a variant.
    #: A name given must be a preset equal to :attr:`rules`; by default it is the
    #: preset that *is* :attr:`rules` (the object), else the first equal preset.
    #: It names the game and takes no part in comparing records.
    preset: str | None = attrs.field(default=None, kw_only=True, eq=False)

    def __attrs_post_init__(self) -> None:
        try:
            dealt = self._dealt()
        except (ValueError, TypeError) as error:
            raise ValueError(f"deal: {error}") from None
        if dealt.deal != self.deal:  # keep the normal form, such as canonical card text
            object.__setattr__(self, "deal", dealt.deal)
        object.__setattr__(self, "preset", _preset_name(self.rules, self.preset))

    def __repr__(self) -> str:
        """The rules, the deal and the first few moves, with how many there are.

        >>> import skitgubbe as sg
        >>> game = sg.deal(sg.presets.FLURST, players=4, seed=7)
        >>> Record.of(game, ["0 play 3D", "0 sluff 3S", "1 play KC", "2 dare", "3 play QC"])
        Record(rules=<Ruleset flurst>, deal=Deal(players=4, seed=7), moves=<5: 0 play 3D, \
0 sluff 3S, 1 play KC, 2 dare, ...>)
        """
        shown = ", ".join(self.moves[:4]) + (", ..." if len(self.moves) > 4 else "")
        moves = f"<{len(self.moves)}: {shown}>" if self.moves else "()"
        return f"Record(rules={self.rules!r}, deal={self.deal!r}, moves={moves})"

    @classmethod
    def of(
        cls, state: PhaseOneState, moves: Iterable[Move | str] = (), *, preset: str | None = None
    ) -> Record:
        """The record of the game dealt as ``state``, with ``moves`` played from it.

        ``state`` must be the state :func:`skitgubbe.deal` returned, before any
        move; ``moves`` are move objects or their text; ``preset`` is as in
        :attr:`preset`.
        """
        if not isinstance(state, PhaseOneState):
            raise TypeError(
                f"a record starts from a dealt PhaseOneState, not {type(state).__name__}"
            )
        if state.last_move is not None:
            raise ValueError(
                "a record starts from the dealt state, before any move; this state comes "
                f"after {str(state.last_move)!r}"
            )
        return cls(state.rules, state.deal, _move_texts(moves), preset=preset)

    def _dealt(self, rules: Ruleset | None = None) -> PhaseOneState:
        """The dealt state, under ``rules`` if given (else the record's own)."""
        spec = self.deal
        rules = self.rules if rules is None else rules
        if spec.hands is None:
            return _deal(rules, players=spec.players, seed=spec.seed, leader=spec.leader)
        return _deal(
            rules,
            players=spec.players,
            seed=spec.seed,
            hands=list(spec.hands),
            stock=spec.stock,
            set_aside=spec.set_aside,
            reserve=spec.reserve,
            leader=spec.leader,
        )

    def start(self) -> PhaseOneState:
        """The dealt state, before any move (the same deal every time)."""
        return self._dealt()

    # -- reading and writing -------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The record as plain data, ready for :func:`json.dumps`.

        Keys: ``format``, ``version``, ``preset`` (only when the rules equal a
        preset), ``rules`` (every setting by name; enumerations by their value),
        ``deal`` (the layout keys only for a layout) and ``moves``.
        """
        data: dict[str, Any] = {"format": FORMAT, "version": FORMAT_VERSION}
        name = self.preset
        if name is not None:
            data["preset"] = name
        data["rules"] = {
            field.name: _plain(getattr(self.rules, field.name)) for field in attrs.fields(Ruleset)
        }
        spec = self.deal
        deal_data: dict[str, Any] = {
            "players": spec.players,
            "seed": spec.seed,
            "leader": spec.leader,
        }
        if spec.hands is not None:
            deal_data["hands"] = list(spec.hands)
            deal_data["stock"] = spec.stock
            deal_data["set_aside"] = spec.set_aside
            deal_data["reserve"] = spec.reserve
        data["deal"] = deal_data
        data["moves"] = list(self.moves)
        return data

    def to_json(self, indent: int | None = None) -> str:
        """The record as JSON text (see :meth:`to_dict` for its keys)."""
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Record:
        """Read a record written by :meth:`to_dict`.

        ``rules`` may be left out when ``preset`` names a preset; when both are
        given they must agree. Raises :class:`ValueError` naming the bad field and
        saying what it should hold: each field must have its JSON type (a whole
        number is not ``true``, ``1.0`` or ``"1"``), numbers have at most
        :data:`MAX_DIGITS` digits, and nothing is converted.

        Version 1 records, written before the settings of :data:`V1_SETTINGS`
        existed, are read with those settings as version 1 played them
        (:func:`as_in_version_1`). Their moves were made under the earlier model of
        out-of-turn play, where a player who could not sluff was not asked to say
        ``done``: a game with sluffing may therefore stop replaying at such a
        point, with a :class:`ReplayError` naming the move.
        """
        if not isinstance(data, Mapping):
            raise ValueError(f"a game record is a JSON object, not {type(data).__name__}")
        _no_unknown_keys(data, _TOP_KEYS, "")
        if not isinstance(data.get("format"), str) or data["format"] != FORMAT:
            raise ValueError(f"format: expected {FORMAT!r}, not {shown(data.get('format'))}")
        version = data.get("version")
        if type(version) is not int or version not in READS_VERSIONS:
            raise ValueError(
                f"version: this library reads versions "
                f"{', '.join(map(str, READS_VERSIONS))} of records, not {shown(version)}"
            )
        rules = _read_rules(data, version)
        spec = _read_deal(_required(data, "deal", "", dict))
        moves = _required(data, "moves", "", list)
        for index, move in enumerate(moves):
            if not isinstance(move, str):
                raise ValueError(f"moves[{index}]: a move is written as text, not {shown(move)}")
        name = data.get("preset")
        if version < FORMAT_VERSION and name is not None and presets.ALL[name] != rules:
            name = None  # the preset of that name has gained settings since
        return cls(rules, spec, _move_texts(moves), preset=name)

    @classmethod
    def from_json(cls, text: str | bytes | bytearray) -> Record:
        """Read a record written by :meth:`to_json`; see :meth:`from_dict`.

        Bytes are read as UTF-8 (a leading byte-order mark is allowed). Text longer
        than :data:`MAX_RECORD_BYTES` is refused at once. Text that
        is not strict JSON raises :class:`ValueError` saying why: bytes that are
        not UTF-8, ``NaN`` or ``Infinity``, a key given twice in one object, a
        number of more than :data:`MAX_DIGITS` digits, or lists and objects nested
        far deeper than any record's.

        >>> Record.from_json('{"format": "skitgubbe-record", "format": "x"}')
        Traceback (most recent call last):
        ...
        ValueError: not a JSON game record: the key 'format' appears twice in one object
        """
        if isinstance(text, (bytes, bytearray, str)) and len(text) > MAX_RECORD_BYTES:
            raise ValueError(
                f"not a game record to read: {len(text):,} bytes is more than any game's record "
                f"({MAX_RECORD_BYTES:,} at most)"
            )
        if isinstance(text, (bytes, bytearray)):
            try:
                text = bytes(text).decode("utf-8-sig")
            except UnicodeDecodeError as error:
                raise ValueError(
                    f"not a JSON game record: the bytes are not UTF-8 text ({error.reason} at "
                    f"byte {error.start})"
                ) from None
        elif not isinstance(text, str):
            raise TypeError(f"a JSON game record is text or bytes, not {type(text).__name__}")
        if too_deep(text):
            raise ValueError(
                "not a JSON game record: its lists and objects nest more than "
                f"{MAX_NESTING} levels deep"
            )
        try:
            data = json.loads(
                text,
                object_pairs_hook=_json_object,
                parse_int=_json_int,
                parse_constant=_json_constant,
            )
        except RecursionError:
            raise ValueError(
                "not a JSON game record: its lists and objects nest too deeply"
            ) from None
        except ValueError as error:  # a JSONDecodeError, or a refusal of the hooks below
            raise ValueError(f"not a JSON game record: {error}") from None
        return cls.from_dict(data)


def _json_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object, refused if a key appears twice (which one would count?)."""
    data = dict(pairs)
    if len(data) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise ValueError(f"the key {shown(key)} appears twice in one object")
            seen.add(key)
    return data


def _json_int(text: str) -> int:
    """A JSON whole number, refused beyond :data:`MAX_DIGITS` digits."""
    digits = len(text) - text.startswith("-")
    if digits > MAX_DIGITS:
        raise ValueError(f"a number of {digits} digits is too long (at most {MAX_DIGITS})")
    return int(text)


def _json_constant(text: str) -> float:
    """``NaN``, ``Infinity`` and ``-Infinity``, which JSON does not have."""
    raise ValueError(f"{text} is not a JSON value")


def _preset_name(rules: Ruleset, name: object) -> str | None:
    """The preset name a record keeps: ``name`` once checked, or found from ``rules``."""
    if name is None:
        same = next((n for n, preset in presets.ALL.items() if preset is rules), None)
        return same or next(iter(presets.equal_presets(rules)), None)
    if not isinstance(name, str) or name not in presets.ALL:
        raise ValueError(f"preset: no preset {name!r}; the presets are: {', '.join(presets.NAMES)}")
    if presets.ALL[name] != rules:
        differ = ", ".join(presets.differences(presets.ALL[name], rules))
        raise ValueError(f"preset: the rules are not the preset {name!r}; they differ in {differ}")
    return name


def _plain(value: object) -> object:
    return value.value if isinstance(value, enum.Enum) else value


def _kind(kind: type) -> str:
    return {bool: "true or false", int: "a whole number", str: "text", dict: "an object"}.get(
        kind, "a list"
    )


def _required(data: Mapping[str, Any], key: str, where: str, kind: type) -> Any:
    if key not in data:
        raise ValueError(f"{where}{key}: missing")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ValueError(f"{where}{key}: expected {_kind(kind)}, not {shown(value)}")
    if kind is int:
        _check_digits(cast(int, value), f"{where}{key}")
    return value


def _check_digits(value: int, where: str) -> None:
    """Refuse a whole number that a record could not be written with (see MAX_DIGITS)."""
    if not -_TOO_LONG < value < _TOO_LONG:
        raise ValueError(
            f"{where}: expected a whole number of at most {MAX_DIGITS} digits, not {shown(value)}"
        )


def _no_unknown_keys(data: Mapping[str, Any], known: tuple[str, ...], where: str) -> None:
    for key in data:
        if key not in known:
            name = key if isinstance(key, str) and len(key) <= 40 else shown(key)
            raise ValueError(f"{where}{name}: unknown field (expected {', '.join(known)})")


def _read_rules(data: Mapping[str, Any], version: int = FORMAT_VERSION) -> Ruleset:
    name = data.get("preset")
    preset = None
    if name is not None:
        if not isinstance(name, str):
            raise ValueError(f"preset: expected a preset's name (text) or null, not {shown(name)}")
        if name not in presets.ALL:
            raise ValueError(
                f"preset: no preset {shown(name)}; the presets are: {', '.join(presets.NAMES)}"
            )
        preset = presets.ALL[name]
        if version < FORMAT_VERSION:  # the preset's settings as that version played them
            preset = as_in_version(preset, version)
    if "rules" not in data:
        if preset is None:
            raise ValueError("rules: missing (give the rules, or a preset's name as preset)")
        return preset
    given = _required(data, "rules", "", dict)
    lacked = [key for added, keys in ADDED_SETTINGS.items() if added > version for key in keys]
    for key in lacked:
        if key in given:
            raise ValueError(f"rules.{key}: not a setting of version {version} records")
    given = {**given, **{key: _plain(getattr(Ruleset(), key)) for key in lacked}}
    fields = attrs.fields(Ruleset)
    _no_unknown_keys(given, tuple(field.name for field in fields), "rules.")
    values: dict[str, Any] = {}
    for field in fields:
        kind = type(field.default)
        if issubclass(kind, enum.Enum):
            raw = _required(given, field.name, "rules.", str)
            try:
                values[field.name] = kind(raw)
            except ValueError:
                allowed = ", ".join(str(member.value) for member in kind)
                raise ValueError(
                    f"rules.{field.name}: {shown(raw)} is not one of: {allowed}"
                ) from None
        else:
            values[field.name] = _required(given, field.name, "rules.", kind)
    try:
        if version < FORMAT_VERSION and values["sluff"] not in (SluffRule.UNLIMITED, SluffRule.OWN):
            values["claim"] = Claim.AFTER_DONE  # a race that could not take effect then
        rules = Ruleset(**values)
        if version < FORMAT_VERSION:
            rules = as_in_version(rules, version)
    except (ValueError, TypeError) as error:
        raise ValueError(f"rules: {error}") from None
    if preset is not None and rules != preset and version == FORMAT_VERSION:
        # (an older record keeps its rules: the preset of its name may have changed)
        differ = [f.name for f in fields if getattr(rules, f.name) != getattr(preset, f.name)]
        raise ValueError(
            f"preset: the rules are not the preset {name!r}; they differ in {', '.join(differ)}"
        )
    return rules


def _read_deal(data: Mapping[str, Any]) -> Deal:
    _no_unknown_keys(data, _DEAL_KEYS, "deal.")
    players = _required(data, "players", "deal.", int)
    seed = _required(data, "seed", "deal.", int)
    if not 0 <= seed < 2**64:
        raise ValueError(
            f"deal.seed: expected a whole number from 0 to 2**64 - 1, not {shown(seed)}"
        )
    leader = data.get("leader")
    if leader is not None and (not isinstance(leader, int) or isinstance(leader, bool)):
        raise ValueError(f"deal.leader: expected a seat number or null, not {shown(leader)}")
    if leader is not None:
        _check_digits(leader, "deal.leader")
    hands = data.get("hands")
    if hands is None:
        for key in ("stock", "set_aside", "reserve"):
            if data.get(key) not in (None, ""):
                raise ValueError(f"deal.{key}: only a layout (with deal.hands) lays out cards")
        return Deal(players, seed, leader)
    if not isinstance(hands, list):
        raise ValueError(f"deal.hands: expected a list of card texts or null, not {shown(hands)}")
    texts: list[str] = []
    for seat, hand in enumerate(hands):
        texts.append(_card_text(hand, f"deal.hands[{seat}]"))
    piles = {key: _card_text(data.get(key, ""), f"deal.{key}") for key in _DEAL_KEYS[4:]}
    return Deal(
        players, seed, leader, tuple(texts), piles["stock"], piles["set_aside"], piles["reserve"]
    )


def _card_text(value: object, where: str) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{where}: expected card text, not {shown(value)}")
    try:
        return format_cards(parse_cards(value))
    except ValueError as error:
        raise ValueError(f"{where}: {error}") from None


def replay(record: Record) -> tuple[State, ...]:
    """Every state of the recorded game: the dealt state, then one per move.

    Raises :class:`ReplayError` for the first move that is illegal where it
    stands, or that comes after the game is over.
    """
    if not isinstance(record, Record):
        raise TypeError(f"replay takes a Record, not {type(record).__name__}")
    state: State = record.start()
    states = [state]
    for index, text in enumerate(record.moves):
        move = parse_move(text)
        if state.is_over:
            raise ReplayError(
                index, move, f"comes after the game is over (seat {state.loser} is the goat)"
            )
        try:
            state = state.apply(move)
        except IllegalMoveError as error:
            reason = f"is illegal: {error}{_stalled_note(record, states, index)}"
            raise ReplayError(index, move, reason, error) from error
        states.append(state)
    return tuple(states)


def _stalled_note(record: Record, states: list[State], index: int) -> str:
    """A note for move ``index``, refused after phase one stalled (P1-MAS), when
    the record goes on as phase one would have without the quiet limit: a record
    written before phase one had one. The moves up to ``index`` are replayed
    under the largest quiet limit, and only if every one of them is accepted there
    does the note say so (a move refused for any other reason gets none)."""
    stalled = next(
        (
            at
            for at, state in enumerate(states)
            if any(event.kind is EventKind.STALLED_PHASE_ONE for event in state.events)
        ),
        None,
    )
    if stalled is None or record.rules.quiet_limit >= MAX_QUIET_LIMIT:
        return ""
    state: State = record._dealt(attrs.evolve(record.rules, quiet_limit=MAX_QUIET_LIMIT))
    try:
        for text in record.moves[: index + 1]:
            state = state.apply(parse_move(text))
    except IllegalMoveError:
        return ""
    return (
        f"; phase one stalled at move {stalled - 1}, after {record.rules.quiet_limit} "
        "moves in a row that won no trick, stored no trumps and drew no card (the "
        "quiet limit, P1-MAS): a record written by an earlier release, which let "
        "phase one go on, does not replay past it"
    )
