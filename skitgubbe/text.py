"""Text from outside, shown and written safely.

Names of players and bots, the lines a bot program writes to standard error and
the words of a file all come from people and programs the library does not
trust. Printed as they are, an escape sequence in them could clear or rewrite a
terminal, ``[/bold]`` could break a rich table, and ``=HYPERLINK(...)`` in a
CSV file would run as a formula in a spreadsheet. These functions keep such text
what it is: text, shown, never obeyed.

>>> printable("bot\\x1b[2J")
'bot\\\\x1b[2J'
>>> csv_cell("=HYPERLINK(1)"), csv_cell("greedy")
("'=HYPERLINK(1)", 'greedy')
"""

from __future__ import annotations

import unicodedata

__all__ = ["FORMULA_STARTS", "csv_cell", "printable"]

#: The first characters that make a spreadsheet read a cell as a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def printable(text: str, *, lines: bool = False) -> str:
    """``text`` with every control or format character (escape sequences, a
    carriage return, bidirectional overrides) written as its Python escape, so
    that a terminal shows it rather than obeys it; newlines too unless ``lines``.

    >>> printable("a\\tb\\u202ec")
    'a\\\\tb\\\\u202ec'
    >>> printable("one\\ntwo", lines=True)
    'one\\ntwo'
    """
    out = []
    for char in text:
        if (char == "\n" and lines) or not _hidden(char):
            out.append(char)
        else:
            out.append(repr(char)[1:-1] if char != "'" else char)
    return "".join(out)


def _hidden(char: str) -> bool:
    """Whether a character acts on a terminal rather than showing as itself."""
    return unicodedata.category(char) in ("Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn")


def csv_cell(value: object) -> object:
    """A value for a CSV cell: text starting like a formula gets a leading ``'``
    (as spreadsheets themselves write it) and control characters shown; anything
    else as it is."""
    if not isinstance(value, str):
        return value
    text = printable(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text
