"""Frames: the picture of a position as an array of pixels, for videos.

:func:`frame` rasterises the SVG of :mod:`skitgubbe.render.svg` into an
``H x W x 3`` array of ``uint8`` (the layout of PettingZoo's ``rgb_array``
frames). It needs the ``frames`` extra (``pip install 'skitgubbe[frames]'``):
resvg, a renderer of static SVG written in Rust (through ``resvg-py``, whose
wheels need no system library, unlike cairo), Pillow to read the image it
makes, and numpy.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

from ..extras import require
from ..state import State
from ..views import PlayerView
from .svg import svg

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["frame", "rasterise"]


def rasterise(picture: str, scale: float = 1.0) -> npt.NDArray[np.uint8]:
    """An SVG document as pixels: ``H x W x 3`` ``uint8``, ``scale`` times its size."""
    require("frames", "a picture as pixels")
    import numpy as np
    import resvg_py
    from PIL import Image

    if not scale > 0:
        raise ValueError(f"scale must be more than 0, not {scale!r}")
    png = resvg_py.svg_to_bytes(svg_string=picture, zoom=scale, background="#ffffff")
    with Image.open(io.BytesIO(bytes(png))) as image:
        return np.asarray(image.convert("RGB"), dtype=np.uint8).copy()


def frame(
    subject: State | PlayerView, seat: int | None = None, scale: float = 1.0
) -> npt.NDArray[np.uint8]:
    """The picture of a state (open, or from ``seat``) or of a view, as pixels."""
    return rasterise(svg(subject, seat), scale)
