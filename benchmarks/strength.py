"""How strong the PIMC bot is, by the time it is given: duplicate deals of
4-player Flurst against three SearchBots (or other bots), with 95% intervals.

    python benchmarks/strength.py --deals 100 --workers 2
    python benchmarks/strength.py --deals 40 --budgets 0.01,0.1 --ismcts 0
    python benchmarks/strength.py --deals 40 --budgets 0.01,1 --seed 2027 \\
        --add benchmarks/results/strength-2026.json
    python benchmarks/strength.py --deals 80 --budgets 0.1 --others pimc@0.01
    python benchmarks/strength.py --deals 80 --budgets 0.01,0.1 --phase-one greedy

Each budget plays the same deals: ``PimcBot`` at that many seconds a decision in
one seat and three ``SearchBot`` players at their default budget in the others,
every deal once per rotation of the seats (so each deal is played four times,
the PIMC bot in each seat once). A quarter is an even goat rate. With
``--ismcts N`` (and the ``openspiel`` extra) OpenSpiel's ``ISMCTSBot`` with N
simulations a decision, resampling the hidden cards with the library's sampler,
takes the same seat on the same deals. ``--others NAME`` seats another bot in
the three other seats (any name ``--bots`` takes): ``--budgets 1 --others
pimc@0.1`` plays the bot against itself at a tenth of its time, as chess
engines measure what more time buys (self-play at time odds). ``--phase-one
greedy`` has the bot make its phase-one choices by the greedy rules of thumb
(``GreedyBot``'s) and play phase two as it does (named ``greedy+pimc@S``): run
on the same deals and key as a run of the bot itself, it shows what its
search of phase one buys (``--against`` that run pairs ``greedy+pimc@S``
with its ``pimc@S`` deal by deal; ``--add`` never pools the two).

It prints, for each bot in the seat, its goat rate with a 95% interval over
deals, its goat rate minus the other seats' mean rate deal by deal (interval
too), and its mean seconds a decision; then each bot's goat rate minus the
first budget's, deal by deal (the same deals and, with the same ``--key``, the
same seeds for the SearchBots: a far narrower interval than two rates side by
side); with ``--against FILE`` (what another build wrote with ``--save FILE``,
played with the same seed and key), each bot's goat rate minus its rate there,
deal by deal over the deals both played; with ``--add FILE`` (a file of
``--save`` played with the same key and another seed: other deals), each bot's
goat rate over this run's deals and the file's together, and each minus the
first budget's, paired by deal; then the issue's bars (over all those deals): at 0.1 s the
goat rate under 10% with the interval's upper end under 25%, and at the longest
budget a rate lower than at the shortest with the intervals apart.

Every match is played with the one ``--key`` (32 hexadecimal digits; a fixed
one by default), which with ``--seed`` gives every bot its seeds: a run repeats
the games of another as far as the bots' clocks let it (a bot that thinks for a
time searches further on a faster or quieter machine).

Run it on the compiled build (``SKITGUBBE_MYPYC=1 python setup.py build_ext
--inplace``) for the figures the README gives: the bot's playouts and solver
run in the engine's native code there.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import skitgubbe
from skitgubbe import presets
from skitgubbe.bots import Bot, PimcBot, greedy_choice, make_bot
from skitgubbe.moves import Move
from skitgubbe.runner import Limits, mean_interval
from skitgubbe.state import Phase
from skitgubbe.tournament import MatchResult, match
from skitgubbe.views import PlayerView

#: The key every match is played with unless ``--key`` names another.
DEFAULT_KEY = "5eed" * 8


class GreedyPhaseOne:
    """``bot`` in phase two, the greedy rules of thumb (``GreedyBot``'s choice)
    in phase one: with the PIMC bot, what its search of phase one buys."""

    def __init__(self, bot: PimcBot) -> None:
        self.bot = bot
        self.name = f"greedy+{bot.name}"

    def reset(self, seat: int, seed: int) -> None:
        self.bot.reset(seat, seed)

    def choose(self, view: PlayerView, moves: Sequence[Move]) -> Move | None:
        if view.phase is Phase.ONE:
            return greedy_choice(view, moves)
        return self.bot.choose(view, moves)

    def choose_timed(self, view: PlayerView, moves: Sequence[Move], seconds: float) -> Move | None:
        if view.phase is Phase.ONE:
            return greedy_choice(view, moves)
        return self.bot.choose_timed(view, moves, seconds)


def counterpart(name: str, now: str, then: str) -> str:
    """The name in a run saved with ``--phase-one then`` of the bot named ``name``
    in this run, played with ``--phase-one now``: the same bot itself where the
    two differ (``greedy+pimc@0.1`` and ``pimc@0.1``), so that ``--against``
    pairs the greedy phase one with the bot's own search, deal by deal."""
    if now == then:
        return name
    if now == "greedy":
        return name.removeprefix("greedy+")
    return f"greedy+{name}"


def played(
    bot: Bot, deals: int, seed: int, workers: int, seconds: float, key: str, others: str = "search"
) -> MatchResult:
    """``deals`` duplicate deals of ``bot`` in one seat against three bots named
    ``others``."""
    start = time.perf_counter()

    def report(done: int, asked: int) -> None:
        print(
            f"  {bot.name}: {done}/{asked} deals, {time.perf_counter() - start:.0f} s",
            file=sys.stderr,
        )

    rivals = [make_bot(others) for _ in range(3)]
    slowest = max([seconds] + [getattr(rival, "seconds", None) or 0.0 for rival in rivals])
    limits = Limits(move=max(2.0, 3 * slowest), game=3600.0)
    return match(
        presets.FLURST,
        [bot, *rivals],
        deals,
        seed,
        workers=workers,
        limits=limits,
        progress=report,
        key=key,
    )


def saved_run(parser: argparse.ArgumentParser, path: Path) -> dict[str, Any]:
    """A file written by ``--save``, or the parser's error naming what is wrong."""
    try:
        run = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        parser.error(f"{path}: {error}")
    if not isinstance(run, dict) or not isinstance(run.get("per_deal"), dict):
        parser.error(f"{path} is not a file written by --save")
    return run


def pooled(
    per_deal: dict[str, list[float]], added: Sequence[dict[str, Any]], paths: Sequence[Path]
) -> dict[str, Any]:
    """Print each bot's goat rate over this run's deals and the ``added`` runs'
    (other deals: other seeds), and each bot's minus the first, paired by deal;
    return the rates."""
    names = list(per_deal)
    values = {name: list(per_deal[name]) for name in names}
    for path, run in zip(paths, added, strict=True):
        theirs = run["per_deal"]
        lengths = {len(theirs.get(name) or []) for name in names}
        if len(lengths) != 1 or 0 in lengths:
            raise SystemExit(f"{path} does not hold every bot of this run on the same deals")
        for name in names:
            values[name] += theirs[name]
    deals = len(values[names[0]])
    print(f"over {deals} deals, this run's and {', '.join(path.name for path in paths)}:")
    rates = {}
    for name in names:
        rate = rates[name] = mean_interval(values[name])
        low, high = 100 * rate.low, 100 * rate.high
        print(f"{name:>12}: goat {100 * rate.mean:5.1f}% [{low:5.1f}, {high:5.1f}]")
    for name in names[1:]:
        change = mean_interval([b - a for a, b in zip(values[names[0]], values[name], strict=True)])
        print(
            f"{name:>12} minus {names[0]}: {100 * change.mean:+5.1f} points "
            f"[{100 * change.low:+5.1f}, {100 * change.high:+5.1f}], paired by deal"
        )
    return rates


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--budgets", default="0.01,0.1,1", help="seconds a decision")
    parser.add_argument("--ismcts", type=int, default=0, help="IS-MCTS simulations (0: none)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--key", default=DEFAULT_KEY, help="32 hexadecimal digits")
    parser.add_argument(
        "--others",
        default="search",
        help="the bot in the three other seats, by a --bots name (search, pimc@0.1, ...)",
    )
    parser.add_argument(
        "--phase-one",
        choices=("search", "greedy"),
        default="search",
        help="how the bot chooses in phase one: its search (the default) or the greedy rules",
    )
    parser.add_argument(
        "--save", type=Path, help="write each bot's goat rate deal by deal to this JSON file"
    )
    parser.add_argument(
        "--against",
        type=Path,
        help=(
            "a file of --save from another build, or of the other --phase-one: each bot it "
            "has too, compared deal by deal"
        ),
    )
    parser.add_argument(
        "--add",
        type=Path,
        action="append",
        default=[],
        help=(
            "a file of --save played with the same key and another seed: its deals join this "
            "run's for the figures over all of them and the bars (repeat for more files)"
        ),
    )
    args = parser.parse_args(argv)
    try:
        make_bot(args.others)
    except ValueError as error:
        parser.error(f"--others: {error}")
    before: dict[str, Any] | None = None
    if args.against is not None:
        before = saved_run(parser, args.against)
        if (before.get("seed"), before.get("key")) != (args.seed, args.key):
            parser.error(
                f"{args.against} was played with another seed or key: its deals are not these"
            )
        if before.get("others", "search") != args.others:
            parser.error(f"{args.against} was played against other bots than {args.others}")
    added = [saved_run(parser, path) for path in args.add]
    seen: dict[object, str] = {args.seed: "this run"}
    for path, run in zip(args.add, added, strict=True):
        if run.get("key") != args.key:
            parser.error(f"{path} was played with another key")
        if run.get("others", "search") != args.others:
            parser.error(f"{path} was played against other bots than {args.others}")
        if run.get("phase_one", "search") != args.phase_one:
            parser.error(f"{path} was played with another --phase-one")
        seed = run.get("seed")
        if seed in seen:
            parser.error(
                f"{path} was played with seed {seed}, as {seen[seed]} is: its deals repeat"
            )
        seen[seed] = str(path)
    budgets = [float(text) for text in args.budgets.split(",")]
    build = "compiled" if skitgubbe.COMPILED else "pure"
    print(
        f"4-player Flurst, {args.deals} duplicate deals (x4 seatings), {build} build, "
        f"{args.workers} worker(s); the bot in one seat, three {args.others} bots in the others"
    )
    rows: list[tuple[str, Any, Any, float]] = []
    rates = {}
    per_deal: dict[str, list[float]] = {}
    pimcs = [PimcBot(b, name=f"pimc@{b:g}") for b in budgets]
    greedy = args.phase_one == "greedy"
    seats: list[tuple[Bot, float]] = [
        (GreedyPhaseOne(bot) if greedy else bot, b) for bot, b in zip(pimcs, budgets, strict=True)
    ]
    if args.ismcts:
        from skitgubbe.integrations.openspiel import IsmctsBot

        seats.append((IsmctsBot(args.ismcts), 1.0))
    for bot, seconds in seats:
        result = played(bot, args.deals, args.seed, args.workers, seconds, args.key, args.others)
        stats = result.stats()[0]
        rate = result.goat_rate(0)
        diff = result.difference(0)
        per_decision = stats.seconds_per_decision
        rows.append((bot.name, rate, diff, per_decision))
        rates[bot.name] = rate
        players = result.players
        per_deal[bot.name] = [count / players for count in result.goats[0::players]]
        print(
            f"{bot.name:>12}: goat {100 * rate.mean:5.1f}% [{100 * rate.low:5.1f}, "
            f"{100 * rate.high:5.1f}]  minus the others {100 * diff.mean:+6.1f} pts "
            f"[{100 * diff.low:+6.1f}, {100 * diff.high:+6.1f}]  "
            f"{per_decision:.3f} s a decision",
            flush=True,
        )
    first = seats[0][0].name
    for bot, _ in seats[1:]:
        # the same deals (and seeds) in the same order: paired deal by deal
        paired = [b - a for a, b in zip(per_deal[first], per_deal[bot.name], strict=True)]
        change = mean_interval(paired)
        print(
            f"{bot.name:>12} minus {first}: {100 * change.mean:+5.1f} points "
            f"[{100 * change.low:+5.1f}, {100 * change.high:+5.1f}], paired by deal"
        )
    if args.save is not None:
        saved = {
            "seed": args.seed,
            "key": args.key,
            "deals": args.deals,
            "others": args.others,
            "phase_one": args.phase_one,
            "per_deal": per_deal,
        }
        args.save.write_text(json.dumps(saved, indent=1), encoding="utf-8")
    if before is not None:
        then_phase_one = before.get("phase_one", "search")
        for name, now in per_deal.items():
            saved_name = counterpart(name, args.phase_one, then_phase_one)
            then = before["per_deal"].get(saved_name)
            if not isinstance(then, list):
                continue
            shared = min(len(then), len(now))  # the first deals are the same deals
            change = mean_interval(
                [b - a for a, b in zip(then[:shared], now[:shared], strict=True)]
            )
            print(
                f"{name:>12} minus {saved_name} of {args.against.name}: {100 * change.mean:+5.1f} "
                f"points [{100 * change.low:+5.1f}, {100 * change.high:+5.1f}], paired by "
                f"deal over {shared} deals"
            )
    if added:
        rates = pooled(per_deal, added, args.add)
    ok = True
    if args.others != "search" or args.phase_one != "search":
        print(
            "the issue's bars are measured for the bot as it is against SearchBots "
            "(--others search, --phase-one search): none here"
        )
        return 0
    tenth = rates.get("pimc@0.1")
    if tenth is not None:
        passed = tenth.mean < 0.10 and tenth.high < 0.25
        ok &= passed
        print(
            f"bar: pimc@0.1 goat rate {100 * tenth.mean:.1f}% < 10% and upper end "
            f"{100 * tenth.high:.1f}% < 25%: {'PASS' if passed else 'FAIL'}"
        )
    if len(budgets) > 1:
        short, long = rates[f"pimc@{budgets[0]:g}"], rates[f"pimc@{budgets[-1]:g}"]
        passed = long.high < short.low
        ok &= passed
        print(
            f"bar: pimc@{budgets[-1]:g} ({100 * long.mean:.1f}%) below pimc@{budgets[0]:g} "
            f"({100 * short.mean:.1f}%) with the intervals apart: {'PASS' if passed else 'FAIL'}"
        )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
