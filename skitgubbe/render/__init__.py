"""Pictures: positions as SVG (:mod:`skitgubbe.render.svg`) and whole games as one
HTML page (:mod:`skitgubbe.render.replay`).

A layer above the engine that imports the engine alone. A view's picture is
drawn from the view, never from the state, so it cannot show a hidden card.
"""

from __future__ import annotations

from .replay import frames, replay_html
from .svg import Item, layout, svg, to_svg, view_of

__all__ = ["Item", "frames", "layout", "replay_html", "svg", "to_svg", "view_of"]
