"""Matches: bots against each other on duplicate deals.

:func:`match` deals ``games`` deals and plays each once per rotation of the bots
through the seats (bot ``i`` sits at seat ``(i + r) % players`` in rotation
``r``), so every bot plays every deal from every seat and the luck of the cards
cancels out. Each bot gets the same seed in every rotation of a deal.

A bot's goat rate is estimated deal by deal: its share of goats over the
rotations of one deal is one value, and the 95% interval is Student's t interval
over those per-deal values, which keeps the pairing of a deal's rotations.
:meth:`MatchResult.difference` compares two bots (or one bot with the average of
others) the same way, deal by deal.

Games run in worker processes (every core by default); the results depend only
on the seed and the key the bots' seeds are hashed with (see :func:`match`),
never on the number of workers. Ctrl-C stops the workers and keeps
every deal finished in every rotation; the deals then being played are left out.

>>> import skitgubbe as sg
>>> result = match(sg.presets.FLURST, ["greedy", "random", "random"], games=4, seed=1, workers=1)
>>> result.games_played, len(result.rows)
(4, 12)
>>> round(sum(result.goat_rate(bot).mean for bot in range(3)), 9)
1.0
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Sequence

import attrs

from ..bots.names import MatchError, make_bot
from ..bots.protocol import Bot
from ..errors import shown
from ..extras import require
from ..rules import Ruleset
from ..runner.backends import (
    CHUNKS_PER_WORKER,
    MAX_GAMES,
    Chunk,
    Interrupted,
    Reporter,
    available_cores,
    run_pool,
)
from ..runner.games import DEFAULT_LIMITS, Forfeit, Limits, close_bots, play_seated
from ..runner.keys import bot_seed, check_key, new_key
from ..runner.stats import Interval, mean_interval
from ..specs import as_rules
from ..text import printable
from .run import labels

__all__ = ["KEPT_FORFEITS", "BotStats", "GameRow", "MatchResult", "bot_seeds", "match"]

#: The most deals in one chunk of work: a deal is several whole games, so chunks
#: are kept small for frequent progress and an even share of work at the end.
MAX_CHUNK = 10


def bot_seeds(seed: int, deal: int, bots: int, key: str) -> tuple[int, tuple[int, ...]]:
    """The deal's seed and each bot's seed for deal number ``deal`` of a match.

    The deal comes from the match's ``seed``; the bots' seeds are hashed with the
    match's secret ``key`` (:mod:`skitgubbe.runner.keys`), so that no bot can work
    out the deal from its own seed.

    >>> key = "0f" * 16
    >>> bot_seeds(1, 0, 2, key) == bot_seeds(1, 0, 2, key) != bot_seeds(2, 0, 2, key)
    True
    >>> bot_seeds(1, 0, 2, key)[0] == bot_seeds(1, 0, 2, "1e" * 16)[0]  # the same deal
    True
    """
    raw = hashlib.blake2b(f"skitgubbe match {seed} deal {deal}".encode(), digest_size=48).digest()
    deal_seed = int.from_bytes(raw[:6], "big")
    seeds = tuple(bot_seed(key, "match", seed, "deal", deal, "bot", i) for i in range(bots))
    return deal_seed, seeds


@attrs.frozen
class GameRow:
    """One game of a match."""

    #: The deal's number in the match, from 0.
    deal: int
    #: The rotation: bot ``i`` sat at seat ``(i + rotation) % players``.
    rotation: int
    #: The seed the deal was dealt from.
    deal_seed: int
    #: The goat's seat.
    goat_seat: int
    #: The goat's bot (its index in the match's bots).
    goat: int
    #: Moves in the game.
    moves: int
    #: The forfeit that ended the game, if a bot failed (its bot is the goat).
    forfeit: Forfeit | None = None
    #: Whether the game stalled (see :attr:`skitgubbe.runner.Outcome.stalled`).
    stalled: bool = False


@attrs.frozen
class BotStats:
    """One bot's figures over a match."""

    #: The bot's label (its name, numbered if several bots share it).
    name: str
    #: The share of games it was the goat in, with its 95% interval.
    goat_rate: Interval
    #: Times it had a real choice (two moves, or a move and declining).
    decisions: int
    #: Mean seconds per such decision.
    seconds_per_decision: float


#: What one worker sends back for a chunk of deals: the rows, and per bot the
#: decisions and the seconds they took.
_ChunkResult = tuple[list[GameRow], list[tuple[int, float]]]
_Task = tuple[Ruleset, tuple[Bot, ...], int, Chunk, Limits, str]


def _play_deals(task: _Task) -> tuple[Chunk, _ChunkResult]:
    """Play a chunk of deals, each in every rotation; on Ctrl-C, raise
    :class:`~skitgubbe.runner.backends.Interrupted` with the deals finished."""
    rules, bots, seed, (start, stop), limits, key = task
    players = len(bots)
    rows: list[GameRow] = []
    times = [(0, 0.0)] * players
    deal = start
    try:
        for deal in range(start, stop):
            deal_rows, deal_times = _play_deal(rules, bots, seed, deal, limits, key)
            rows.extend(deal_rows)
            times = [(a + c, b + d) for (a, b), (c, d) in zip(times, deal_times, strict=True)]
    except KeyboardInterrupt:
        raise Interrupted((start, deal), (rows, times)) from None
    return (start, stop), (rows, times)


def _play_deal(
    rules: Ruleset, bots: tuple[Bot, ...], seed: int, deal: int, limits: Limits, key: str
) -> _ChunkResult:
    """One deal in every rotation: its rows, and per bot its decisions and seconds."""
    players = len(bots)
    rows: list[GameRow] = []
    times = [(0, 0.0)] * players
    deal_seed, seeds = bot_seeds(seed, deal, players, key)
    for rotation in range(players):
        seated = [bots[(seat - rotation) % players] for seat in range(players)]
        seat_seeds = [seeds[(seat - rotation) % players] for seat in range(players)]
        game = play_seated(rules, seated, deal_seed, seat_seeds, limits)
        goat = (game.loser - rotation) % players
        rows.append(
            GameRow(
                deal,
                rotation,
                deal_seed,
                game.loser,
                goat,
                game.moves,
                game.forfeit,
                game.stalled,
            )
        )
        for seat, spent in enumerate(game.times):
            bot = (seat - rotation) % players
            count, seconds = times[bot]
            times[bot] = (count + spent.decisions, seconds + spent.decision_seconds)
    return rows, times


#: The forfeits a match that keeps no rows lists (it counts them all).
KEPT_FORFEITS = 1000


class _Summary:
    """What a match keeps of its games as they come: each deal's goats per bot,
    totals, the first forfeits, and the rows only if asked."""

    def __init__(self, players: int, keep_rows: bool) -> None:
        self.players = players
        self.keep_rows = keep_rows
        self.rows: list[GameRow] = []
        self.goats = bytearray()
        self.total_moves = 0
        self.stalled_games = 0
        self.forfeit_games = 0
        self.forfeit_rows: list[GameRow] = []

    def add(self, rows: Sequence[GameRow]) -> None:
        """Take in whole deals' rows, deal by deal, each deal's rotations together."""
        players = self.players
        for start in range(0, len(rows), players):
            counts = [0] * players
            for row in rows[start : start + players]:
                counts[row.goat] += 1
                self.total_moves += row.moves
                self.stalled_games += row.stalled
                if row.forfeit is not None:
                    self.forfeit_games += 1
                    if self.keep_rows or len(self.forfeit_rows) < KEPT_FORFEITS:
                        self.forfeit_rows.append(row)
            self.goats.extend(counts)
        if self.keep_rows:
            self.rows.extend(rows)


@attrs.frozen
class MatchResult:
    """The games of a match, one :class:`GameRow` each, deal by deal.

    Each deal is played once per rotation of the bots through the seats, which
    cancels the luck of the cards and of the seat. It keeps the order of the bots
    round the table: each bot always plays after the same neighbour. Two bots of
    one kind can then differ by more than their intervals: with ``random,
    random, greedy, greedy`` the first random bot always follows a greedy one and
    the second a random one (on 400 deals of Flurst, 55% and 45% goats). Their
    intervals are right for the table as it was laid; to compare bots free of
    their neighbours, seat them in other orders too.
    """

    #: The rules.
    rules: Ruleset = attrs.field(repr=False)
    #: The bots' labels, in the order given (names numbered where shared).
    bots: tuple[str, ...]
    #: The deals asked for.
    games: int
    #: The match's seed.
    seed: int
    #: Every game, by deal then rotation.
    rows: tuple[GameRow, ...] = attrs.field(repr=False)
    #: Per bot: decisions made and the seconds they took.
    times: tuple[tuple[int, float], ...] = attrs.field(repr=False, eq=False)
    #: Whether Ctrl-C stopped the match before every deal was played.
    interrupted: bool = False
    #: The secret key the bots' seeds were hashed with (see
    #: :mod:`skitgubbe.runner.keys`): give it again, with the seed, to play the
    #: same games.
    key: str = attrs.field(default="", repr=False)
    #: For each deal played, in order, each bot's goats over its rotations (one
    #: byte a bot): all the intervals need, kept whether or not :attr:`rows` are.
    goats: bytes = attrs.field(default=b"", repr=False, eq=False)
    #: Moves in all the games played.
    total_moves: int = attrs.field(default=0, repr=False, eq=False)
    #: Games that stalled.
    stalled_games: int = attrs.field(default=0, repr=False, eq=False)
    #: Games a bot forfeited.
    forfeit_games: int = attrs.field(default=0, repr=False, eq=False)
    #: The rows of the first :data:`KEPT_FORFEITS` forfeits (all of them when
    #: :attr:`rows` are kept).
    forfeit_rows: tuple[GameRow, ...] = attrs.field(default=(), repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        if self.rows and not self.goats:  # made from rows alone: sum them up here
            summary = _Summary(self.players, keep_rows=False)
            summary.add(list(self.rows))
            for name in ("goats", "total_moves", "stalled_games", "forfeit_games"):
                object.__setattr__(self, name, getattr(summary, name))
            object.__setattr__(self, "forfeit_rows", tuple(summary.forfeit_rows))

    @property
    def players(self) -> int:
        """Players at the table."""
        return len(self.bots)

    @property
    def games_played(self) -> int:
        """Deals played, every rotation of each."""
        return len(self.goats) // self.players

    def _index(self, bot: int | str) -> int:
        if isinstance(bot, bool) or not isinstance(bot, int | str):
            raise TypeError(
                f"name a bot by its index (0 to {self.players - 1}) or its label "
                f"({', '.join(self.bots)}), not {type(bot).__name__} {bot!r}"
            )
        if isinstance(bot, int) and 0 <= bot < self.players:
            return bot
        if isinstance(bot, str) and bot in self.bots:
            return self.bots.index(bot)
        raise KeyError(
            f"no bot {bot!r} in this match; its bots are 0 to {self.players - 1}: "
            f"{', '.join(self.bots)}"
        )

    def _per_deal(self, bot: int) -> list[float]:
        """``bot``'s share of goats in each deal played, in the order of the deals
        (after Ctrl-C the deals played need not run without a gap)."""
        players = self.players
        return [count / players for count in self.goats[bot::players]]

    def goat_rate(self, bot: int | str) -> Interval:
        """How often ``bot`` (an index or label) was the goat, with a 95% interval
        over the per-deal shares, cut to the possible range 0 to 1."""
        rate = mean_interval(self._per_deal(self._index(bot)))
        if rate.n < 2:
            return rate
        return attrs.evolve(rate, low=max(0.0, rate.low), high=min(1.0, rate.high))

    def difference(
        self, bot: int | str, others: int | str | Sequence[int | str] | None = None
    ) -> Interval:
        """``bot``'s goat rate minus the mean goat rate of ``others`` (one bot or
        several; default: every other bot), deal by deal, with a 95% interval: below
        0 when ``bot`` is the goat less often. Bots are named by index or label.

        >>> import skitgubbe as sg
        >>> result = match(sg.presets.FLURST, ["greedy", "random", "random"], games=4, seed=1)
        >>> result.difference(0, 1) == result.difference("greedy", ["random#1"])
        True
        >>> result.difference(0, 0)
        Traceback (most recent call last):
        ...
        ValueError: compare bot 0 with at least one other bot, not with itself
        """
        me = self._index(bot)
        if others is None:
            rest = [i for i in range(self.players) if i != me]
        elif isinstance(others, int | str):
            rest = [self._index(others)]
        elif isinstance(others, Sequence):
            rest = [self._index(other) for other in others]
        else:
            raise TypeError(
                "others must be a bot (an index or label) or a sequence of bots, "
                f"not {type(others).__name__}"
            )
        if me in rest:
            raise ValueError(f"compare bot {bot!r} with at least one other bot, not with itself")
        if not rest:
            raise ValueError(f"compare bot {bot!r} with at least one other bot")
        mine = self._per_deal(me)
        theirs = [self._per_deal(other) for other in rest]
        return mean_interval(
            [m - sum(t[d] for t in theirs) / len(rest) for d, m in enumerate(mine)]
        )

    @property
    def mean_moves(self) -> float:
        """Moves per game, on average."""
        played = self.games_played * self.players
        return self.total_moves / played if played else math.nan

    @property
    def forfeits(self) -> tuple[GameRow, ...]:
        """The games a bot forfeited, in order (the row's ``goat`` is the bot); of a
        match that kept no rows, the first :data:`KEPT_FORFEITS`."""
        return self.forfeit_rows

    @property
    def stalled(self) -> tuple[GameRow, ...]:
        """The games that stalled, in order (their goat held the most cards), of a
        match that kept its rows; :attr:`stalled_games` counts them always."""
        return tuple(row for row in self.rows if row.stalled)

    def stats(self) -> list[BotStats]:
        """Each bot's goat rate and decision time, in the order of :attr:`bots`."""
        return [
            BotStats(
                name,
                self.goat_rate(index),
                self.times[index][0],
                self.times[index][1] / self.times[index][0] if self.times[index][0] else 0.0,
            )
            for index, name in enumerate(self.bots)
        ]

    def table(self) -> str:
        """A readable table: one row per bot with its goat rate as a percentage and
        its 95% interval, then the mean game length."""
        played = self.games_played
        lines = [
            f"{played:,} deals x {self.players} seatings = {played * self.players:,} games, "
            f"seed {self.seed}"
            + (f", key {self.key}" if self.key else "")
            + (f" (INTERRUPTED: {played:,} of {self.games:,} deals)" if self.interrupted else ""),
            f"{'bot':<12} {'goat %':>7}  {'95% interval':<16} {'decisions':>10} "
            f"{'ms/decision':>12}",
        ]
        width = max(12, *(len(printable(name)) for name in self.bots))
        lines[1] = f"{'bot':<{width}}" + lines[1][len(f"{'bot':<12}") :]
        for stat in self.stats():
            rate = stat.goat_rate
            interval = (
                f"[{100 * rate.low:5.1f}, {100 * rate.high:5.1f}]"
                if not math.isnan(rate.low)
                else "-"
            )
            lines.append(
                f"{printable(stat.name):<{width}} {100 * rate.mean:7.1f}  {interval:<16} "
                f"{stat.decisions:>10,} {1000 * stat.seconds_per_decision:12.3f}"
            )
        lines.append(f"moves per game: {self.mean_moves:.1f}")
        if self.stalled_games:
            lines.append(
                f"stalled: {self.stalled_games:,} of {played * self.players:,} games ended at "
                f"the quiet limit ({self.rules.quiet_limit:,} moves in a row with no trick "
                "killed and no one out); the player then holding the most cards was the goat"
            )
        if self.forfeit_games > len(self.forfeits):
            lines.append(
                f"forfeits: {self.forfeit_games:,}, the first {len(self.forfeits):,} listed"
            )
        for row in self.forfeits:
            assert row.forfeit is not None
            lines.append(
                f"forfeit: {printable(self.bots[row.goat])} in deal {row.deal}, seating "
                f"{row.rotation}: {row.forfeit.reason}: {printable(row.forfeit.detail)}"
            )
        twins = sorted({label.partition("#")[0] for label in self.bots if "#" in label})
        if twins:
            lines.append(
                f"note: the {' and '.join(twins)} bots are alike, yet their rates may differ: "
                "rotation moves every bot through every seat but keeps the order round the "
                "table, so each always plays after the same neighbour"
            )
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()


def _labels(bots: Sequence[Bot]) -> tuple[str, ...]:
    return labels([bot.name for bot in bots])


def match(
    rules: Ruleset | str,
    bots: Sequence[Bot | str],
    games: int,
    seed: int = 0,
    *,
    workers: int | None = None,
    progress: bool | Callable[[int, int], None] = False,
    limits: Limits = DEFAULT_LIMITS,
    key: str | None = None,
    keep_rows: bool = True,
) -> MatchResult:
    """Play ``games`` duplicate deals between ``bots`` (bots or their names, one
    per seat), each deal once per rotation: ``games * len(bots)`` games.

    ``workers`` processes play (default: every core this process may use; 1
    plays here). The same ``seed`` and ``key`` give the same games whatever the
    number of workers. The deals come from ``seed``; each bot's seed is hashed
    with ``key``, a secret drawn afresh unless given (see
    :mod:`skitgubbe.runner.keys`), so that no bot can deal the game again from its
    own seed; the result keeps the key. ``progress=True`` shows a progress bar on
    standard error (the ``compare`` extra); a function is called instead with the deals played and
    the deals asked for. Ctrl-C returns the deals finished so far, with
    :attr:`MatchResult.interrupted` set.

    ``limits`` bounds each bot's time per move and per game. A bot that fails (an
    illegal move, an error, a program that crashes, hangs or answers garbage)
    forfeits that game and is its goat; the row names the forfeit (see
    :mod:`skitgubbe.runner.games`).

    ``keep_rows=False`` keeps no :class:`GameRow` but those of the first
    :data:`KEPT_FORFEITS` forfeits: the goat rates, intervals and totals are
    the same, and the match's memory stays flat however many deals it plays (a
    byte a bot a deal).
    """
    try:
        rules = as_rules(rules)
    except ValueError as error:
        raise MatchError(str(error)) from None
    resolved = [make_bot(bot) if isinstance(bot, str) else bot for bot in bots]
    for bot in resolved:
        if not isinstance(bot, Bot):
            raise MatchError(f"{bot!r} is not a bot: give a bot's name or a Bot")
    players = len(resolved)
    if not rules.min_players <= players <= rules.max_players:
        raise MatchError(
            f"these rules seat {rules.min_players}-{rules.max_players} players: give as many "
            f"bots, not {players}"
        )
    if not isinstance(games, int) or isinstance(games, bool) or not 1 <= games <= MAX_GAMES:
        raise MatchError(
            f"games must be a whole number from 1 to {MAX_GAMES:,}, not {shown(games)}"
        )
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise MatchError(f"seed must be a whole number, not {shown(seed)}")
    if workers is not None and (not isinstance(workers, int) or workers < 1):
        raise MatchError(f"workers must be a whole number of at least 1, not {shown(workers)}")
    try:
        key = new_key() if key is None else check_key(key)
    except ValueError as error:
        raise MatchError(str(error)) from None
    if progress is True:
        require("compare", "a progress bar")
    count = workers or available_cores()
    size = max(1, min(MAX_CHUNK, math.ceil(games / (count * CHUNKS_PER_WORKER))))
    planned = math.ceil(games / size)
    tasks = (
        (rules, tuple(resolved), seed, (start, min(start + size, games)), limits, key)
        for start in range(0, games, size)
    )
    # chunks are summed up in the order of their deals as they come (a byte a bot
    # a deal, unless rows are kept); only those that came early wait, so a long
    # match's memory stays flat
    whole = _Summary(players, keep_rows)
    totals = [(0, 0.0)] * players
    waiting: dict[int, tuple[Chunk, _ChunkResult]] = {}
    reached = [0]

    def fold(result: _ChunkResult) -> None:
        nonlocal totals
        whole.add(result[0])
        totals = [(a + c, b + d) for (a, b), (c, d) in zip(totals, result[1], strict=True)]

    label = f"Playing {games:,} deals x {players} seatings"
    with Reporter(progress, games, 1, label, unit="deals") as report:

        def on_chunk(chunk: Chunk, result: _ChunkResult) -> None:
            waiting[chunk[0]] = (chunk, result)
            while reached[0] in waiting:
                (_, stop), ready = waiting.pop(reached[0])
                fold(ready)
                reached[0] = stop
            report.advance(chunk[1] - chunk[0])

        try:
            interrupted = run_pool(
                _play_deals, tasks, min(count, planned), on_chunk, report.start, report.note
            )
        finally:
            close_bots(resolved)
    for start in sorted(waiting):  # after Ctrl-C, the chunks beyond a gap
        fold(waiting[start][1])
    return MatchResult(
        rules,
        _labels(resolved),
        games,
        seed,
        tuple(whole.rows),
        tuple(totals),
        interrupted,
        key,
        bytes(whole.goats),
        whole.total_moves,
        whole.stalled_games,
        whole.forfeit_games,
        tuple(whole.forfeit_rows),
    )
