"""Variant specs, as the engine reads and writes them: :mod:`skitgubbe.specs`.

The comparison layer names its variants by spec; the engine has the parser, so
that every function taking rules takes a spec too. The names are kept here for
the programs that import them from :mod:`skitgubbe.compare`.
"""

from __future__ import annotations

from ..specs import Variant, VariantError, format_variant, parse_variant

__all__ = ["Variant", "VariantError", "format_variant", "parse_variant"]
