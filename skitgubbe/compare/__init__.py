"""Comparing rule variants: ruleset diffs, variant specs and paired studies.

A layer above the engine: it uses the engine's public names, and the engine
never imports it.

>>> from skitgubbe import compare
>>> compare.diff("flurst", "flurst:high_trump=true").names
('high_trump',)
>>> result = compare.study(["flurst", "flurst:runs=single"], players=4, games=4, workers=1)
>>> len(result.records())
8

* :mod:`~skitgubbe.compare.specs`: variant specs (``"flurst:high_trump=true"``)
  read into rulesets and written back;
* :mod:`~skitgubbe.compare.diffs`: the settings in which two rulesets differ;
* :mod:`~skitgubbe.compare.games`: one game of a study, its seeds and its measures;
* :mod:`~skitgubbe.compare.study`: paired studies, on local processes or Ray;
* :mod:`~skitgubbe.compare.summary`: means, paired differences and seat tests;
* :mod:`~skitgubbe.compare.plot`: a study's figure.

The summaries, progress bars and tables need the ``compare`` extra, figures the
``plot`` extra and Ray the ``ray`` extra (``pip install 'skitgubbe[compare]'``).
"""

from ..extras import MissingExtraError
from ..specs import Variant, VariantError, format_variant, parse_variant
from .diffs import RulesetDiff, SettingDiff, diff
from .games import (
    COLUMNS,
    MEASURES,
    Column,
    Kind,
    Value,
    game_seeds,
    measure_game,
    play_game,
)
from .plot import plot, plot_side_by_side
from .study import BACKENDS, StudyError, StudyResult, check_study, seat_bots, study
from .summary import (
    Contrast,
    Difference,
    Interval,
    Mean,
    SeatCounts,
    SideBySide,
    Summary,
    side_by_side,
    summarize,
)

__all__ = [
    "BACKENDS",
    "COLUMNS",
    "MEASURES",
    "Column",
    "Contrast",
    "Difference",
    "Interval",
    "Kind",
    "Mean",
    "MissingExtraError",
    "RulesetDiff",
    "SeatCounts",
    "SettingDiff",
    "SideBySide",
    "StudyError",
    "StudyResult",
    "Summary",
    "Value",
    "Variant",
    "VariantError",
    "check_study",
    "diff",
    "format_variant",
    "game_seeds",
    "measure_game",
    "parse_variant",
    "play_game",
    "plot",
    "plot_side_by_side",
    "seat_bots",
    "side_by_side",
    "study",
    "summarize",
]
