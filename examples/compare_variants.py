"""Compare rule variants: what do house rules do to a game of Flurst?

Plays the same random games under Flurst and five of its house rules (the same
deal and the same random choices for each), then prints, for each rule set, the
mean number of moves per game, the paired difference from Flurst with its 95%
confidence interval, and how often the first leader of phase two loses.

Run: python examples/compare_variants.py [--games 300] [--players 4]
Needs the compare extra: pip install 'skitgubbe[compare]'
"""

from __future__ import annotations

import argparse

from skitgubbe.compare import study

#: Each house rule, by what it does, and its variant spec.
VARIANTS = {
    "flurst": "flurst",
    "beat within the suit": "flurst:beat=suit",
    "high-trump rule": "flurst:high_trump=true",
    "pick up the top play": "flurst:pick_up=top",
    "forced pick-up": "flurst:forced_pick=true",
    "single cards only": "flurst:runs=single",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--jobs", type=int, default=None, help="processes (default: every core)")
    args = parser.parse_args()

    result = study(list(VARIANTS.values()), args.players, args.games, seed=1, workers=args.jobs)
    summary = result.summary(measures=["moves", "leader_is_goat"])
    print(f"{args.games} random games, {args.players} players, the same games for each rule set")
    print(f"{'rules':<22}{'moves/game':>11}  {'against flurst [95% CI]':<28}{'leader loses':>12}")
    for name, spec in VARIANTS.items():
        length = summary.mean("moves", spec).mean
        share = summary.mean("leader_is_goat", spec).mean
        if spec == summary.baseline:
            against = ""
        else:
            paired = summary.difference("moves", spec).estimate
            against = f"{paired.mean:+7.1f} [{paired.low:+.1f}, {paired.high:+.1f}]"
        print(f"{name:<22}{length:>11.1f}  {against:<28}{share:>12.1%}")


if __name__ == "__main__":
    main()
