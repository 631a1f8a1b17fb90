"""Pictures: positions as SVG (:mod:`skitgubbe.render.svg`).

A layer above the engine that imports the engine alone. A view's picture is
drawn from the view, never from the state, so it cannot show a hidden card.
"""

from __future__ import annotations

from .svg import Item, layout, svg, to_svg, view_of

__all__ = ["Item", "layout", "svg", "to_svg", "view_of"]
