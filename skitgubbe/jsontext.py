"""JSON text read from outside: a bound on nesting that is the same on every Python.

Python's JSON parser gives up on deep nesting at a depth that depends on its
version and build (3.13's parser goes far deeper than 3.12's before it fails).
The library's own JSON (records, views, sessions, tournament files, protocol
messages) nests a few levels; :func:`too_deep` says, before any parsing, whether
a text nests more than :data:`MAX_NESTING` levels, so every reader refuses the
same texts on every version.

>>> too_deep('{"a": [1, {"b": []}]}'), too_deep("[" * 100 + "]" * 100)
(False, True)
>>> too_deep('["[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["]')  # inside a string: text
False
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["MAX_NESTING", "too_deep"]

#: The deepest nesting of lists and objects any reader of the library accepts.
MAX_NESTING: Final = 32

_STRINGS: Final = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS: Final = re.compile(r"[\[\]{}]")


def too_deep(text: str, limit: int = MAX_NESTING) -> bool:
    """Whether the lists and objects of the JSON ``text`` nest more than ``limit``
    levels (strings are skipped; text that is not JSON is left to the parser)."""
    depth = 0
    for bracket in _BRACKETS.findall(_STRINGS.sub("", text)):
        if bracket in "[{":
            depth += 1
            if depth > limit:
                return True
        else:
            depth -= 1
    return False
