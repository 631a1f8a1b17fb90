"""Tournaments: many bots, balanced tables, ratings, forfeits, and a file to resume from.

:func:`tournament` seats the bots as :mod:`~skitgubbe.tournament.schedule` lays
out, plays every table's deal once per rotation on a backend (this process, a
pool of processes, or Ray), and returns a :class:`TournamentResult` whose
:meth:`~TournamentResult.leaderboard` rates the bots.

Bots run under time limits (:class:`~skitgubbe.runner.Limits`). A bot that
fails forfeits that game and is scored as its goat (see
:mod:`skitgubbe.runner.games`); one that has forfeited ``max_forfeits`` times
is dropped when the table's deal it reached that count in is over, and the
tables it would have sat at later are not played: the others play on.

With ``save``, the tournament writes a file (JSON Lines): a first line with
everything that defines the tournament, then a line for every finished table's
deal, written and flushed as it finishes. :func:`resume` reads it and plays
only what is missing, so a tournament stopped by Ctrl-C or killed goes on with
nothing lost and nothing played twice; a line cut short by a kill is dropped
and its deal played again. Which tables are played, and which are left out for
a dropped bot, is decided in the order of the schedule, whatever order the
games finished in, so a resumed tournament ends with the same table as one run
straight through.
"""

from __future__ import annotations

import json
import os
import random
import shlex
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

from .. import presets
from ..bots.names import MatchError, bot_name, make_bot
from ..bots.protocol import Bot
from ..errors import shown
from ..extras import require
from ..jsontext import MAX_NESTING, too_deep
from ..rules import Ruleset, ruleset_from_dict, ruleset_to_dict
from ..runner.backends import MAX_GAMES, Reporter, available_cores, run_lazy
from ..runner.games import DEFAULT_LIMITS, Limits, close_bots, play_seated
from ..runner.keys import check_key, new_key
from ..simulate import move_bound
from ..specs import as_rules
from . import checks
from .checks import check_places, settings_digest, text, whole
from .results import Drop, TournamentGame
from .schedule import Schedule

if TYPE_CHECKING:
    from .leaderboard import Leaderboard

__all__ = [
    "BACKENDS",
    "DEFAULT_MAX_FORFEITS",
    "FORMAT",
    "FORMAT_VERSION",
    "LIBRARY_BOTS",
    "READS_VERSIONS",
    "Settled",
    "Settler",
    "TournamentError",
    "TournamentResult",
    "labels",
    "play_unit",
    "read",
    "resume",
    "seating_for",
    "settle",
    "tournament",
]

#: The first line's ``format`` in a tournament file.
FORMAT = "skitgubbe-tournament"
#: The version of the file's layout. Version 2 added the secret ``key`` the bots'
#: seeds are hashed with; version 3 a digest of the first line on every other line
#: (``settings``) and each game's ``stalled``. Files of versions 1 and 2 are still
#: read and resumed.
FORMAT_VERSION = 3
#: The versions of tournament files this library reads.
READS_VERSIONS = (1, 2, 3)
#: The bots a tournament file may name that start no program and load no code of
#: anyone's: resuming a file that names any other asks for them again.
LIBRARY_BOTS = ("random", "greedy", "search")
#: Forfeits after which a bot is dropped, unless a tournament says otherwise.
DEFAULT_MAX_FORFEITS = 3
#: The backends a tournament runs on.
BACKENDS = ("process", "ray")


class TournamentError(ValueError):
    """A tournament that cannot be played or resumed as asked; nothing was played."""


_Task = tuple[Ruleset, tuple[Bot, ...], Schedule, int, tuple[int, ...], Limits]


def play_unit(task: _Task) -> tuple[TournamentGame, ...]:
    """Play one table's deal in every rotation, with the bots of ``seating`` round
    the table (a worker's job)."""
    rules, bots, schedule, number, seating, limits = task
    unit = attrs.evolve(schedule.unit(number), seating=seating)
    games = []
    for rotation in range(schedule.players):
        seated = unit.seated(rotation)
        outcome = play_seated(
            rules, [bots[bot] for bot in seated], unit.deal_seed, unit.seeds(rotation), limits
        )
        games.append(
            TournamentGame(
                number,
                rotation,
                seated,
                outcome.places,
                outcome.loser,
                outcome.moves,
                outcome.forfeit,
                outcome.stalled,
            )
        )
    return tuple(games)


def labels(names: Sequence[str]) -> tuple[str, ...]:
    """Each bot's label: its name, numbered where several share it."""
    out = []
    for index, name in enumerate(names):
        if names.count(name) > 1:
            name = f"{name}#{names[:index].count(name) + 1}"
        out.append(name)
    return tuple(out)


def seating_for(schedule: Schedule, number: int, dropped: Sequence[int]) -> tuple[int, ...] | None:
    """The bots round unit ``number``'s table once ``dropped`` are out: each dropped
    bot's seat goes to a bot still in, not already at the table, drawn from the
    seed; ``None`` if too few bots are left to fill a table."""
    seating = schedule.unit(number).seating
    if not dropped or not any(bot in dropped for bot in seating):
        return seating
    left = [bot for bot in range(schedule.bots) if bot not in dropped and bot not in seating]
    gaps = [i for i, bot in enumerate(seating) if bot in dropped]
    if schedule.bots - len(dropped) < schedule.players:
        return None
    rng = random.Random(f"skitgubbe tournament {schedule.seed} reseat {number} {sorted(dropped)}")
    chosen = rng.sample(left, len(gaps))
    seated = list(seating)
    for gap, bot in zip(gaps, chosen, strict=True):
        seated[gap] = bot
    return tuple(seated)


@attrs.frozen
class Settled:
    """What the finished tables say, walked in the schedule's order."""

    #: The games that count, in order.
    games: tuple[TournamentGame, ...]
    #: Dropped bots, by index.
    dropped: Mapping[int, Drop]
    #: Units settled in a row from the first: played as they should be, or left out.
    prefix: int
    #: Per unit still to play, the bots it should seat as far as is known.
    wanted: Mapping[int, tuple[int, ...]]
    #: Units left out because too few bots were left.
    left_out: int


def settle(
    schedule: Schedule, units: Mapping[int, Sequence[TournamentGame]], max_forfeits: int
) -> Settled:
    """Walk the schedule in order: each unit seats its table with the bots dropped
    before it replaced (:func:`seating_for`); a finished unit counts if it was
    played with that seating, and a bot reaching ``max_forfeits`` forfeits by its
    end is dropped there. Units not yet played (or played with a seating that a
    drop before them has since changed) are listed in :attr:`Settled.wanted`;
    their games do not count, and drops are decided only within the unbroken
    prefix of settled units, so that they do not depend on the order games
    finish in."""
    counted: list[TournamentGame] = []
    dropped: dict[int, Drop] = {}
    forfeits = [0] * schedule.bots
    prefix = 0
    in_prefix = True
    wanted: dict[int, tuple[int, ...]] = {}
    left_out = 0
    for number in range(schedule.units):
        seating = seating_for(schedule, number, tuple(dropped))
        if seating is None:
            left_out += 1
            prefix += in_prefix
            continue
        games = units.get(number)
        if games is None or games[0].seated != seating:
            in_prefix = False
            wanted[number] = seating
            continue
        prefix += in_prefix
        counted.extend(games)
        if not in_prefix:
            continue
        for game in games:
            if game.forfeit is not None:
                forfeits[game.goat_bot] += 1
        for bot in seating:
            if forfeits[bot] >= max_forfeits and bot not in dropped:
                dropped[bot] = Drop(bot, number, forfeits[bot])
    return Settled(tuple(counted), dropped, prefix, wanted, left_out)


class Settler:
    """:func:`settle`'s walk, kept between calls: the settled prefix never changes,
    so each call goes on from where the last stopped. A running tournament asks it
    after every finished table; the result is taken from :func:`settle`."""

    def __init__(self, schedule: Schedule, max_forfeits: int) -> None:
        self.schedule = schedule
        self.max_forfeits = max_forfeits
        #: Dropped bots, by index (all at units before :attr:`prefix`).
        self.dropped: dict[int, Drop] = {}
        #: Units settled in a row from the first.
        self.prefix = 0
        self._forfeits = [0] * schedule.bots

    def seating(self, number: int) -> tuple[int, ...] | None:
        """The bots unit ``number`` (at or after the prefix) should seat."""
        return seating_for(self.schedule, number, tuple(self.dropped))

    def played(self, number: int, units: Mapping[int, Sequence[TournamentGame]]) -> bool:
        """Whether unit ``number`` was played with the seating it should have."""
        games = units.get(number)
        return games is not None and games[0].seated == self.seating(number)

    def advance(self, units: Mapping[int, Sequence[TournamentGame]]) -> None:
        """Settle every unit that can be settled now."""
        while self.prefix < self.schedule.units:
            number = self.prefix
            seating = self.seating(number)
            if seating is not None:
                games = units.get(number)
                if games is None or games[0].seated != seating:
                    return
                for game in games:
                    if game.forfeit is not None:
                        self._forfeits[game.goat_bot] += 1
                for bot in seating:
                    if self._forfeits[bot] >= self.max_forfeits and bot not in self.dropped:
                        self.dropped[bot] = Drop(bot, number, self._forfeits[bot])
            self.prefix += 1


@attrs.frozen
class TournamentResult:
    """A tournament's games; :meth:`leaderboard` rates the bots."""

    #: The rules.
    rules: Ruleset = attrs.field(repr=False)
    #: The bots as named (library names, ``module:Name``, ``cmd:...``).
    specs: tuple[str, ...]
    #: Their labels in tables.
    bots: tuple[str, ...]
    #: Who plays whom.
    schedule: Schedule
    #: The time limits.
    limits: Limits
    #: Forfeits that drop a bot.
    max_forfeits: int
    #: The games that count, in the schedule's order.
    games: tuple[TournamentGame, ...] = attrs.field(repr=False)
    #: Dropped bots, by index.
    dropped: Mapping[int, Drop] = attrs.field(repr=False)
    #: Units not played because too few bots were left to fill a table.
    skipped: int = 0
    #: Whether the tournament stopped before every unit was settled.
    interrupted: bool = False
    #: The preset's name, if the rules are one.
    preset: str | None = None

    @property
    def forfeits(self) -> tuple[TournamentGame, ...]:
        """The games a bot forfeited, in order."""
        return tuple(game for game in self.games if game.forfeit is not None)

    @property
    def stalled(self) -> tuple[TournamentGame, ...]:
        """The games that stalled, in order (their goat held the most cards)."""
        return tuple(game for game in self.games if game.stalled)

    def leaderboard(self) -> Leaderboard:
        """Each bot's rating, goat rate and mean place, best first (needs the
        ``tournament`` extra)."""
        from .leaderboard import Leaderboard

        return Leaderboard.of(self)

    def table(self) -> str:
        """The leaderboard as text, with the forfeits and drops below it."""
        return self.leaderboard().table()

    def __str__(self) -> str:
        return self.table()


def _check(
    rules: object,
    bots: object,
    players: object,
    seed: object,
    limits: object,
    max_forfeits: object,
    workers: object,
    backend: object,
) -> None:
    if not isinstance(rules, Ruleset):
        raise TournamentError(f"rules must be a Ruleset, not {type(rules).__name__}")
    if not isinstance(players, int) or isinstance(players, bool):
        raise TournamentError(f"players must be a whole number, not {shown(players)}")
    if not rules.min_players <= players <= rules.max_players:
        raise TournamentError(
            f"these rules seat {rules.min_players}-{rules.max_players} players, not {players}"
        )
    if isinstance(bots, str) or not isinstance(bots, Sequence) or len(bots) < 2:
        raise TournamentError("name at least two bots, as a list of names")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TournamentError(f"seed must be a whole number, not {shown(seed)}")
    if not isinstance(limits, Limits):
        raise TournamentError(f"limits must be Limits, not {type(limits).__name__}")
    if not isinstance(max_forfeits, int) or isinstance(max_forfeits, bool) or max_forfeits < 1:
        raise TournamentError(
            f"max_forfeits must be a whole number from 1, not {shown(max_forfeits)}"
        )
    if workers is not None and (not isinstance(workers, int) or workers < 1):
        raise TournamentError(f"workers must be a whole number of at least 1, not {shown(workers)}")
    if backend not in BACKENDS:
        raise TournamentError(f"backend must be one of {', '.join(BACKENDS)}, not {shown(backend)}")


def tournament(
    rules: Ruleset | str,
    bots: Sequence[str],
    players: int,
    games: int | None = None,
    seed: int = 0,
    *,
    rounds: int | None = None,
    limits: Limits = DEFAULT_LIMITS,
    max_forfeits: int = DEFAULT_MAX_FORFEITS,
    workers: int | None = None,
    backend: str = "process",
    address: str | None = None,
    progress: bool | Callable[[int, int], None] = False,
    save: str | Path | None = None,
    preset: str | None = None,
    log_dir: str | Path | None = None,
    key: str | None = None,
) -> TournamentResult:
    """Play a tournament between ``bots`` (their names: library bots, ``module:Name``,
    ``file.py:Name`` or ``cmd:PROGRAM ARGS``) at tables of ``players``.

    ``games`` is rounded up to whole rounds (every table once, see
    :mod:`~skitgubbe.tournament.schedule`); or give ``rounds``. The same
    ``seed`` plays the same games on any backend and any number of ``workers``
    (default: every core; ``backend="ray"`` runs on a Ray cluster at
    ``address``). ``save`` names a file to record every finished table in, for
    :func:`resume`; ``progress`` shows a bar (``True``) or calls a function with
    the games done and the games in all. Ctrl-C stops and returns what
    finished, with :attr:`TournamentResult.interrupted` set.

    The bots' seeds are hashed with ``key``, a secret drawn afresh unless given
    (see :mod:`skitgubbe.runner.keys`), so that no bot can deal its game again
    from its own seed; the save file keeps it, and no bot is ever sent it. The
    deals come from ``seed``: against programs that may cheat, give a seed they
    cannot guess.
    """
    try:
        rules = as_rules(rules)
    except ValueError as error:
        raise TournamentError(str(error)) from None
    _check(rules, bots, players, seed, limits, max_forfeits, workers, backend)
    try:
        key = new_key() if key is None else check_key(key)
    except ValueError as error:
        raise TournamentError(str(error)) from None
    try:
        specs = tuple(bot_name(bot) for bot in bots)
    except MatchError as error:
        raise TournamentError(str(error)) from None
    if rounds is None:
        if games is None:
            raise TournamentError("give games (rounded up to whole rounds) or rounds")
        if not isinstance(games, int) or isinstance(games, bool) or not 1 <= games <= MAX_GAMES:
            raise TournamentError(
                f"games must be a whole number from 1 to {MAX_GAMES:,}, not {shown(games)}"
            )
    elif not isinstance(rounds, int) or isinstance(rounds, bool) or rounds < 1:
        raise TournamentError(f"rounds must be a whole number from 1, not {shown(rounds)}")
    try:
        if rounds is not None:
            schedule = Schedule(len(specs), players, rounds, seed, key)
        else:
            assert games is not None
            schedule = Schedule.for_games(len(specs), players, games, seed, key)
    except ValueError as error:
        raise TournamentError(str(error)) from None
    if schedule.games > MAX_GAMES:
        raise TournamentError(f"{schedule.games:,} games is more than {MAX_GAMES:,}")
    if preset is None:
        preset = next((name for name in presets.NAMES if presets.get(name) == rules), None)
    header = {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "preset": preset,
        "rules": ruleset_to_dict(rules),
        "bots": list(specs),
        "players": players,
        "rounds": schedule.rounds,
        "seed": seed,
        "key": key,
        "limits": {"move": limits.move, "game": limits.game},
        "max_forfeits": max_forfeits,
    }
    if save is not None:
        path = Path(save)
        if path.exists() and path.stat().st_size > 0:
            raise TournamentError(
                f"{str(path)!r} already holds a tournament: resume it, or give another file"
            )
        with open(path, "w", encoding="utf-8") as out:
            out.write(json.dumps(header) + "\n")
    return _play(
        rules,
        specs,
        schedule,
        limits,
        max_forfeits,
        {},
        workers=workers,
        backend=backend,
        address=address,
        progress=progress,
        save=None if save is None else Path(save),
        preset=preset,
        log_dir=log_dir,
        digest=settings_digest(header),
    )


def read(path: str | Path) -> tuple[dict[str, Any], dict[int, tuple[TournamentGame, ...]], int]:
    """A tournament file's first line, its finished units, and the length in
    bytes of its whole lines (a line cut short by a kill is not counted).

    Each line is checked for its form (every field present and of its kind, and
    in a file of version 3 the digest of the first line); :func:`resume` checks
    the values against the schedule the first line sets out.
    """
    saved = _read(path)
    _check_stamps(saved.header, saved.stamps, str(path))
    return saved.header, saved.units, saved.whole


#: The most bytes of a tournament file read: a line per table's deal is a few
#: hundred bytes, so this holds a tournament of millions of tables.
MAX_FILE_BYTES = 2 * 1024**3


@attrs.frozen
class _Saved:
    """A tournament file as read, each line checked for its form."""

    #: The first line.
    header: dict[str, Any]
    #: The finished units (a unit's last line counts).
    units: dict[int, tuple[TournamentGame, ...]]
    #: The length of the file's whole lines, in bytes.
    whole: int
    #: Per unit, the number of the line it was read from.
    numbers: dict[int, int]
    #: Per line (version 3), the digest of the first line it repeats.
    stamps: dict[int, object]


def _read(path: str | Path) -> _Saved:
    """:func:`read`, with the line each unit came from and the lines' digests."""
    where = str(path)
    try:
        size = Path(path).stat().st_size
        if size > MAX_FILE_BYTES:
            raise TournamentError(
                f"{where!r} holds {size:,} bytes, more than a tournament file may "
                f"({MAX_FILE_BYTES:,})"
            )
        data = Path(path).read_bytes()
    except OSError as error:
        raise TournamentError(f"cannot read the tournament file {where!r}: {error}") from None
    lines = data.split(b"\n")
    whole_bytes = len(data) - len(lines[-1])  # the last piece has no newline: cut short, or empty
    lines = lines[:-1]
    if not lines:
        raise TournamentError(f"{where!r} is empty: it holds no tournament")
    try:
        if too_deep(lines[0].decode("utf-8", "replace")):
            raise ValueError(f"its lists and objects nest more than {MAX_NESTING} levels deep")
        header = json.loads(lines[0])
    except ValueError as error:
        raise TournamentError(
            f"{where!r} does not start with a tournament's settings: {error}"
        ) from None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise TournamentError(f"{where!r} is not a tournament file (no format {FORMAT!r})")
    version = header.get("version")
    if version not in READS_VERSIONS or isinstance(version, bool):
        raise TournamentError(
            f"{where!r} is a tournament file of version {shown(version)}; this "
            f"skitgubbe reads versions {', '.join(map(str, READS_VERSIONS))}"
        )
    digest = settings_digest(header) if version >= 3 else None
    units: dict[int, tuple[TournamentGame, ...]] = {}
    numbers: dict[int, int] = {}
    stamps: dict[int, object] = {}
    for number_, line in enumerate(lines[1:], 2):
        try:
            if too_deep(line.decode("utf-8", "replace")):
                raise ValueError(f"its lists and objects nest more than {MAX_NESTING} levels deep")
            record = json.loads(line)
            if not isinstance(record, dict):
                raise ValueError(f"a table's line is an object, not {shown(record)}")
            known = ("unit", "games", "settings") if digest is not None else ("unit", "games")
            unknown = [key for key in record if key not in known]
            missing = [key for key in known if key not in record]
            if unknown or missing:
                raise ValueError(
                    f"unknown field {shown(unknown[0])}" if unknown else f"no field {missing[0]!r}"
                )
            if digest is not None:
                stamps[number_] = record["settings"]
            unit = whole(record["unit"], "unit", 0)
            games = record["games"]
            if not isinstance(games, list):
                raise ValueError(f"games must be a list, not {shown(games)}")
            parsed = []
            for index, game in enumerate(games):
                try:
                    parsed.append(TournamentGame.from_dict(unit, game))
                except ValueError as error:
                    raise ValueError(f"games[{index}]: {error}") from None
            units[unit] = tuple(parsed)
            numbers[unit] = number_
        except ValueError as error:
            raise TournamentError(f"{where!r}, line {number_}: {error}") from None
    return _Saved(header, units, whole_bytes, numbers, stamps)


def _check_stamps(header: Mapping[str, Any], stamps: Mapping[int, object], where: str) -> None:
    """Every line of a version 3 file repeats the digest of the first line."""
    if header["version"] < 3:
        return
    digest = settings_digest(header)
    for number_, stamp in sorted(stamps.items()):
        if stamp != digest:
            raise TournamentError(
                f"{where!r}, line {number_}: settings {shown(stamp)} is not the digest of the "
                f"first line ({digest}): the first line was changed after this table was "
                "played, or the line comes from another tournament"
            )


#: The fields of a tournament file's first line, by version.
_HEADER_FIELDS: dict[int, tuple[str, ...]] = {
    1: (
        "format",
        "version",
        "preset",
        "rules",
        "bots",
        "players",
        "rounds",
        "seed",
        "limits",
        "max_forfeits",
    ),
}
_HEADER_FIELDS[2] = (*_HEADER_FIELDS[1], "key")
_HEADER_FIELDS[3] = _HEADER_FIELDS[2]


@attrs.frozen
class _Settings:
    """What a tournament file's first line sets out, checked."""

    rules: Ruleset
    specs: tuple[str, ...]
    schedule: Schedule
    limits: Limits
    max_forfeits: int
    preset: str | None


def _settings(header: Mapping[str, Any], where: str) -> _Settings:
    """The first line's settings, each checked; :class:`TournamentError` names the
    field that is wrong."""
    version = header["version"]
    fields = _HEADER_FIELDS[version]
    unknown = [key for key in header if key not in fields]
    missing = [key for key in fields if key not in header and not (key == "key" and version < 2)]
    field = ""
    try:
        if unknown:
            field = unknown[0]
            raise ValueError("unknown field")
        if missing:
            field = missing[0]
            raise ValueError("missing")
        field = "rules"
        rules = ruleset_from_dict(header["rules"])
        field = "preset"
        preset = header["preset"]
        if preset is not None and not isinstance(preset, str):
            raise ValueError(f"must be null or the rules' name, not {shown(preset)}")
        field = "bots"
        bots = header["bots"]
        if not isinstance(bots, list) or len(bots) < 2:
            raise ValueError(f"must be a list of at least two bots, not {shown(bots)}")
        specs = tuple(text(spec, "each bot") for spec in bots)
        for spec in specs:
            bot_name(spec)
        field = "players"
        players = whole(header["players"], "players", rules.min_players, rules.max_players)
        field = "rounds"
        rounds = whole(header["rounds"], "rounds", 1, MAX_GAMES)
        field = "seed"
        seed = whole(header["seed"], "seed")
        field = "key"
        key = header.get("key")
        if version >= 2 or key is not None:
            key = check_key(key)
        field = "limits"
        given = header["limits"]
        if not isinstance(given, dict) or sorted(given) != ["game", "move"]:
            raise ValueError(f"must be an object of move and game seconds, not {shown(given)}")
        limits = Limits(checks.number(given["move"], "move"), checks.number(given["game"], "game"))
        field = "max_forfeits"
        max_forfeits = whole(header["max_forfeits"], "max_forfeits", 1)
        field = "players"
        schedule = Schedule(len(specs), players, rounds, seed, key)
        if schedule.games > MAX_GAMES:
            field = "rounds"
            raise ValueError(
                f"{rounds:,} rounds make {schedule.games:,} games, more than {MAX_GAMES:,}"
            )
    except (ValueError, TypeError, MatchError) as error:
        raise TournamentError(
            f"{where!r}, line 1: the tournament's settings: {field}: {error}"
        ) from None
    return _Settings(rules, specs, schedule, limits, max_forfeits, preset)


def _check_units(
    settings: _Settings,
    units: Mapping[int, Sequence[TournamentGame]],
    numbers: Mapping[int, int],
    where: str,
) -> None:
    """Check every finished unit against the schedule: its number, its seating
    (the schedule's, with the bots dropped before it replaced, or with only some
    of those drops, for a table played before the later drops were known), and
    each game's fields. :class:`TournamentError` names the line and the field."""
    schedule = settings.schedule
    players = schedule.players
    bound = move_bound(settings.rules)
    dropped: dict[int, Drop] = {}
    forfeits = [0] * schedule.bots
    for number_ in sorted(units):
        games = units[number_]
        line = numbers[number_]
        try:
            if number_ >= schedule.units:
                raise ValueError(
                    f"unit {number_} is not in the schedule, whose units are 0 to "
                    f"{schedule.units - 1}"
                )
            if len(games) != players:
                raise ValueError(
                    f"games must hold one game per seating, {players}, not {len(games)}"
                )
            for index, game in enumerate(games):
                try:
                    _check_game(game, index, games[0].seated, schedule.bots, bound)
                except ValueError as error:
                    raise ValueError(f"games[{index}].{error}") from None
        except ValueError as error:
            raise TournamentError(f"{where!r}, line {line}: {error}") from None
    # the seatings, walked in the schedule's order as settle() walks them
    order = list(dropped)
    for number_ in range(schedule.units):
        seating = seating_for(schedule, number_, tuple(order))
        played = units.get(number_)
        if played is not None:
            allowed = {
                seating_for(schedule, number_, tuple(order[:k])) for k in range(len(order) + 1)
            }
            if played[0].seated not in allowed:
                expected = list(seating) if seating is not None else "no table (too few bots)"
                raise TournamentError(
                    f"{where!r}, line {numbers[number_]}: games[0].seated: unit {number_} seats "
                    f"bots {list(played[0].seated)}, but the schedule seats {expected} there"
                )
        if seating is None or played is None or played[0].seated != seating:
            continue
        for game in played:
            if game.forfeit is not None:
                forfeits[game.goat_bot] += 1
        for bot in seating:
            if forfeits[bot] >= settings.max_forfeits and bot not in dropped:
                dropped[bot] = Drop(bot, number_, forfeits[bot])
                order.append(bot)


def _check_game(
    game: TournamentGame, rotation: int, seating: tuple[int, ...], bots: int, bound: int
) -> None:
    """One game's values, against its place in its unit; :class:`ValueError` starts
    with the field's name."""
    players = len(seating)
    if game.rotation != rotation:
        raise ValueError(f"rotation: the game in place {rotation} must be rotation {rotation}")
    if len(game.seated) != players or any(not 0 <= bot < bots for bot in game.seated):
        raise ValueError(f"seated: {players} bots, each from 0 to {bots - 1}")
    if len(set(game.seated)) != players:
        raise ValueError(f"seated: a bot seated twice, {list(game.seated)}")
    rotated = tuple(seating[(seat - rotation) % players] for seat in range(players))
    if game.seated != rotated:
        raise ValueError(
            f"seated: rotation {rotation} of the table {list(seating)} seats "
            f"{list(rotated)}, not {list(game.seated)}"
        )
    if not game.goat < players:
        raise ValueError(f"goat: a seat from 0 to {players - 1}, not {game.goat}")
    if game.moves > bound:
        raise ValueError(f"moves: no game under these rules lasts {game.moves:,} moves")
    if len(game.places) != players:
        raise ValueError(f"places: one per seat, {players}, not {len(game.places)}")
    if game.forfeit is not None:
        if game.stalled:
            raise ValueError("stalled: a game a bot forfeited did not stall")
        if game.forfeit.seat != game.goat:
            raise ValueError(
                f"forfeit.seat: the forfeiting seat is the goat, {game.goat}, not "
                f"{game.forfeit.seat}"
            )
    try:
        check_places(game.places, game.goat, game.forfeit is not None or game.stalled)
    except ValueError as error:
        raise ValueError(f"places: {error}") from None


def resume(
    path: str | Path,
    *,
    workers: int | None = None,
    backend: str = "process",
    address: str | None = None,
    progress: bool | Callable[[int, int], None] = False,
    log_dir: str | Path | None = None,
    bots: Sequence[str] | None = None,
) -> TournamentResult:
    """Go on with the tournament saved in ``path``: play what is missing, appending
    to the file, and return the whole tournament's result.

    A file may come from anyone, and a bot other than the library's (a ``cmd:``
    program, or code named as ``module:Name`` or ``file.py:Name``) runs as you.
    So when the file names such a bot, ``bots`` must name the file's bots again,
    the same ones in the same order; otherwise nothing is started and the error
    lists what the file would run.
    """
    saved = _read(path)
    header, units, whole_bytes, numbers = saved.header, saved.units, saved.whole, saved.numbers
    settings = _settings(header, str(path))
    _check_stamps(header, saved.stamps, str(path))
    _check_units(settings, units, numbers, str(path))
    rules, specs, schedule = settings.rules, settings.specs, settings.schedule
    limits, max_forfeits, preset = settings.limits, settings.max_forfeits, settings.preset
    _check(rules, specs, schedule.players, schedule.seed, limits, max_forfeits, workers, backend)
    foreign = [spec for spec in specs if spec not in LIBRARY_BOTS]
    try:
        named = None if bots is None else tuple(bot_name(bot) for bot in bots)
    except MatchError as error:
        raise TournamentError(str(error)) from None
    if foreign and named != specs:
        raise TournamentError(
            f"{str(path)!r} names bots that would run programs or code as you: "
            + "; ".join(repr(spec) for spec in foreign)
            + ". Nothing was started. To resume it, name the same bots again, in the same "
            f"order: --bots {shlex.quote(','.join(specs))}"
        )
    with open(path, "r+b") as out:  # drop a line cut short, so that appending starts clean
        out.truncate(whole_bytes)
    return _play(
        rules,
        specs,
        schedule,
        limits,
        max_forfeits,
        dict(units),
        workers=workers,
        backend=backend,
        address=address,
        progress=progress,
        save=Path(path),
        preset=preset,
        log_dir=log_dir,
        digest=settings_digest(header) if header["version"] >= 3 else None,
    )


def _play(
    rules: Ruleset,
    specs: tuple[str, ...],
    schedule: Schedule,
    limits: Limits,
    max_forfeits: int,
    units: dict[int, tuple[TournamentGame, ...]],
    *,
    workers: int | None,
    backend: str,
    address: str | None,
    progress: bool | Callable[[int, int], None],
    save: Path | None,
    preset: str | None,
    log_dir: str | Path | None,
    digest: str | None,
) -> TournamentResult:
    if progress is True:
        require("tournament", "a progress bar")
    bots = tuple(make_bot(spec, log_dir=log_dir) for spec in specs)
    names = labels([bot.name for bot in bots])
    count = workers or available_cores()
    players = schedule.players
    announced: set[int] = set()
    running: set[int] = set()
    label = f"{len(bots)} bots, {schedule.rounds} round{'s' if schedule.rounds > 1 else ''}"
    settler = Settler(schedule, max_forfeits)
    settler.advance(units)
    with Reporter(progress, schedule.games, 1, label) as report:

        def announce() -> None:
            for bot, drop in settler.dropped.items():
                if bot not in announced:
                    announced.add(bot)
                    report.note(
                        f"dropped {names[bot]} after {drop.forfeits} forfeits (at table "
                        f"{drop.unit}); its seats go to the others, who play on"
                    )

        ahead = {number for number in units if number >= settler.prefix}

        def progressed() -> None:
            ahead.difference_update([number for number in ahead if number < settler.prefix])
            done = (settler.prefix + len(ahead)) * players
            report.advance(done - report.done)

        announce()
        progressed()

        def next_task() -> _Task | None:
            for number in range(settler.prefix, schedule.units):
                if number in running or settler.played(number, units):
                    continue
                seating = settler.seating(number)
                if seating is None:
                    continue
                running.add(number)
                return (rules, bots, schedule, number, seating, limits)
            return None

        def on_result(task: _Task, games: tuple[TournamentGame, ...]) -> None:
            number = task[3]
            running.discard(number)
            units[number] = games
            if save is not None:
                line: dict[str, Any] = {
                    "unit": number,
                    "games": [game.to_dict() for game in games],
                }
                if digest is not None:  # a file of version 3 or later
                    line["settings"] = digest
                with open(save, "a", encoding="utf-8") as out:
                    out.write(json.dumps(line) + "\n")
                    out.flush()
                    os.fsync(out.fileno())
            ahead.add(number)
            settler.advance(units)
            announce()
            progressed()

        try:
            interrupted = run_lazy(
                play_unit,
                next_task,
                count if backend == "process" else (workers or 0),
                on_result,
                report.start,
                backend=backend,
                address=address,
                note=report.note,
            )
        finally:
            close_bots(bots)
    settled = settle(schedule, units, max_forfeits)
    return TournamentResult(
        rules,
        specs,
        names,
        schedule,
        limits,
        max_forfeits,
        settled.games,
        settled.dropped,
        settled.left_out,
        interrupted or bool(settled.wanted),
        preset,
    )
