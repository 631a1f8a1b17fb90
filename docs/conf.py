"""Sphinx configuration for the skitgubbe documentation.

Parts of the rules, presets and API pages are written at build time, from the
library itself, so that they cannot disagree with the code:

* ``rules_reference.rst``: every :class:`skitgubbe.Ruleset` field with its type,
  default, rule IDs and description (from the field's metadata), and the meaning
  of every member of the enum-typed settings (from their ``#:`` comments);
* ``presets_reference.rst``: every preset in :data:`skitgubbe.presets.ALL`, its
  player range, how it differs from ``Ruleset()`` and the source it cites;
* ``api_public_names.rst``: the names :mod:`skitgubbe` exports, each linked to
  the module that defines and documents it;
* ``api_presets.rst``: an ``autodata`` entry for each preset, without its long
  value;
* ``compare_columns.rst``: every column of a study's records, with what it holds
  and means (from :data:`skitgubbe.compare.COLUMNS`).

The generated files are git-ignored and left out of the toctree; the hand-written
pages pull them in with ``.. include::``.
"""

from __future__ import annotations

import enum
import importlib
import importlib.util
import json
import pkgutil
import re
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import attrs
from sphinx.addnodes import pending_xref
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.ext.autodoc.mock import mock  # type: ignore[attr-defined]  # not in its __all__
from sphinx.pycode import ModuleAnalyzer
from sphinx.util import logging

DOCS = Path(__file__).resolve().parent
# Document the checkout being built, even if another copy is installed.
sys.path.insert(0, str(DOCS.parent))

import skitgubbe  # noqa: E402
from skitgubbe import presets  # noqa: E402
from skitgubbe.compare import COLUMNS  # noqa: E402
from skitgubbe.rules import Ruleset  # noqa: E402

# -- Project -------------------------------------------------------------------

project = "skitgubbe"
author = "the skitgubbe authors"
copyright = "the skitgubbe authors"
version = skitgubbe.__version__
release = skitgubbe.__version__

# -- General -------------------------------------------------------------------

# The ``>>>`` examples in these pages and in the docstrings are run by pytest
# (``--doctest-glob='*.rst'`` and ``--doctest-modules``), not by Sphinx.
extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
]

#: Generated files, read through ``.. include::`` only.
GENERATED = (
    "rules_reference.rst",
    "presets_reference.rst",
    "api_public_names.rst",
    "api_presets.rst",
    "compare_columns.rst",
    "gallery_pictures.rst",
    "protocol_view_fields.rst",
    "protocol_transcript.rst",
    "referee_transcript.rst",
    "server_transcript.rst",
)

exclude_patterns = ["_build", "_generated", *GENERATED]
root_doc = "index"
language = "en"
# Every reference to the library's own names must resolve (``sphinx-build -n``).
nitpicky = True
# The build runs offline, so names of Python's standard library and of other
# packages cannot link to their documentation; they are shown as plain names.
EXTERNAL_MODULES = (
    "argparse",
    "attrs",
    "collections",
    "enum",
    "gymnasium",
    "json",
    "numpy",
    "open_spiel",
    "pathlib",
    "pettingzoo",
    "pyspiel",
    "random",
    "rich",
    "scipy",
    "starlette",
    "typing",
)
nitpick_ignore_regex = [(r"py:.*", rf"{module}(\..*)?") for module in EXTERNAL_MODULES]
nitpick_ignore_regex += [
    # External names as the signatures spell them after ``from ... import``.
    (r"py:class", r"Path|RenderableType"),
    (r"py:class", r"np\..*|npt\..*"),
    # The engine's inner types, named in signatures: the protocols through which a
    # state calls its phase's rules, the precomputed facts of phase two, and
    # the type variables of the backends.
    (r"py:class", r"(skitgubbe\.state\.)?Phase(One|Two)Rules|Context"),
    (r"py:class", r"skitgubbe\.runner\.backends\._[TR]"),
]
default_role = "py:obj"

autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_typehints_format = "short"
autodoc_class_signature = "mixed"
autodoc_preserve_defaults = False
# Every automodule directive in api.rst says which members it documents; a
# default "members" here would override those lists.
autodoc_default_options = {"show-inheritance": True}
#: The frameworks of the optional extras. Where one is not installed (a build with
#: only the ``dev`` extra), autodoc imports a stand-in for it, so that the API page
#: still documents the OpenSpiel game, the PettingZoo environment and the server.
FRAMEWORKS = (
    "pyspiel",
    "open_spiel",
    "pettingzoo",
    "gymnasium",
    "starlette",
    "uvicorn",
    "websockets",
)
autodoc_mock_imports = [name for name in FRAMEWORKS if importlib.util.find_spec(name) is None]

# -- HTML ----------------------------------------------------------------------

# Furo: a theme made for code-heavy documentation, whose code blocks wrap to the
# text column and whose tables scroll inside it rather than past it.
html_theme = "furo"
html_title = f"skitgubbe {release}"
html_static_path = ["_static"]
html_css_files = ["skitgubbe.css"]
pygments_style = "friendly"
pygments_dark_style = "monokai"

# -- Generated pages -------------------------------------------------------------

RULES = "skitgubbe.rules"


def attribute_docs(module: str) -> dict[tuple[str, str], str]:
    """The ``#:`` comments of a module, by (class name or ``""``, attribute name)."""
    found = ModuleAnalyzer.for_module(module).find_attr_docs()
    return {key: " ".join(line.strip() for line in lines).strip() for key, lines in found.items()}


def literal(text: object) -> str:
    """``text`` as an inline literal."""
    return f"``{text}``"


def value_ref(value: object) -> str:
    """A setting's value as inline reST, linked to its enum member when it has one."""
    if isinstance(value, enum.Enum):
        cls = type(value)
        target = f"{cls.__module__}.{cls.__qualname__}.{value.name}"
        return f":py:attr:`{cls.__name__}.{value.name} <{target}>`"
    return literal(repr(value))


def type_ref(kind: object) -> str:
    """A field's type as inline reST, linked to the enum class when it is one."""
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return f":py:class:`~{kind.__module__}.{kind.__qualname__}`"
    if isinstance(kind, type):
        return literal(kind.__name__)
    return literal(kind)


def heading(title: str, underline: str) -> list[str]:
    return [title, underline * len(title), ""]


def ruleset_fields() -> tuple[attrs.Attribute[Any], ...]:
    """The fields of :class:`Ruleset`, with their types resolved."""
    attrs.resolve_types(Ruleset)
    return attrs.fields(Ruleset)


def field_rule_ids(field: attrs.Attribute[Any]) -> tuple[str, ...]:
    rules: tuple[str, ...] = field.metadata["rules"]
    return rules


def rules_reference() -> Iterator[str]:
    """The lines of ``rules_reference.rst``."""
    member_docs = attribute_docs(RULES)
    fields = ruleset_fields()
    same_as = next(iter(presets.equal_presets(Ruleset())), None)
    yield ".. This file is generated by docs/conf.py from skitgubbe.Ruleset; do not edit."
    yield ""
    yield from heading("Settings", "-")
    yield (
        f"A :py:class:`~{RULES}.Ruleset` has {len(fields)} settings. Each one below gives "
        "its type, its default, the rule IDs it implements and what it decides."
    )
    if same_as is not None:
        yield f"Taken together, the defaults are the preset {literal(same_as)}."
    yield ""
    for field in fields:
        yield from heading(literal(field.name), "~")
        yield f":Type: {type_ref(field.type)}"
        yield f":Default: {value_ref(field.default)}"
        ids = field_rule_ids(field)
        yield f":Rule IDs: {', '.join(literal(rule) for rule in ids) if ids else 'none'}"
        yield ""
        yield field.metadata["doc"]
        yield ""
        kind = field.type
        if isinstance(kind, type) and issubclass(kind, enum.Enum):
            yield "The possible values:"
            yield ""
            for member in kind:
                meaning = member_docs.get((kind.__name__, member.name), "")
                yield f"{value_ref(member)} (``{member.value!r}``)"
                yield f"   {meaning or 'No description.'}"
                yield ""
    yield from heading("Rule IDs", "-")
    yield (
        "Every rule ID that a setting implements, and the settings that implement it. "
        "An :py:class:`~skitgubbe.errors.IllegalMoveError` names one of these IDs, or "
        "the ID of a rule that every rule system shares and so needs no setting, such "
        "as ``P2-OUT`` for a move by a player who is already out."
    )
    yield ""
    by_rule: dict[str, list[str]] = {}
    for field in fields:
        for rule in field_rule_ids(field):
            by_rule.setdefault(rule, []).append(field.name)
    yield from list_table(
        ("Rule ID", "Settings"),
        (
            (literal(rule), ", ".join(literal(name) for name in names))
            for rule, names in sorted(by_rule.items())
        ),
        widths="1 2",
    )


Cell = str | list[str]


def list_table(
    header: tuple[str, ...], rows: Iterable[tuple[Cell, ...]], widths: str
) -> Iterator[str]:
    """A ``list-table`` directive; a cell given as a list becomes a bullet list."""
    yield ".. list-table::"
    yield "   :header-rows: 1"
    yield f"   :widths: {widths}"
    yield ""
    for row in (header, *rows):
        for index, cell in enumerate(row):
            bullet = "   * - " if index == 0 else "     - "
            if isinstance(cell, str):
                yield bullet + cell
            else:
                yield bullet + "* " + cell[0]
                for item in cell[1:]:
                    yield "       * " + item
    yield ""


def preset_attribute(ruleset: Ruleset) -> str:
    """The name under which :mod:`skitgubbe.presets` defines ``ruleset``."""
    for name in presets.__all__:
        if getattr(presets, name) is ruleset:
            return name
    raise LookupError(f"{ruleset!r} is not a module-level preset")


def presets_reference() -> Iterator[str]:
    """The lines of ``presets_reference.rst``."""
    defaults = Ruleset()
    comments = attribute_docs(presets.__name__)
    compared = [f for f in ruleset_fields() if f.name not in ("min_players", "max_players")]
    yield ".. This file is generated by docs/conf.py from skitgubbe.presets; do not edit."
    yield ""
    rows: list[tuple[Cell, ...]] = []
    for name, ruleset in presets.ALL.items():
        changes = [
            f"{literal(field.name)} = {value_ref(getattr(ruleset, field.name))}"
            for field in compared
            if getattr(ruleset, field.name) != getattr(defaults, field.name)
        ]
        if ruleset.min_players == ruleset.max_players:
            players = str(ruleset.min_players)
        else:
            players = f"{ruleset.min_players}-{ruleset.max_players}"
        attribute = f"{presets.__name__}.{preset_attribute(ruleset)}"
        rows.append(
            (
                f"{literal(name)} (:py:data:`~{attribute}`)",
                players,
                changes or "none: these are the defaults",
            )
        )
    yield from list_table(("Preset", "Players", "Settings that differ"), rows, widths="2 1 4")
    yield from heading("What each preset follows", "-")
    yield (
        "Each preset names the text it follows, and says in a few lines what that text "
        "asks of a whole game:"
    )
    yield ""
    for name, ruleset in presets.ALL.items():
        comment = comments.get(("", preset_attribute(ruleset)), "")
        yield literal(name)
        yield f"   {comment or 'No source given.'}"
        yield ""


def api_public_names() -> Iterator[str]:
    """The lines of ``api_public_names.rst``: each exported name, linked to its definition."""
    yield ".. This file is generated by docs/conf.py from skitgubbe.__all__; do not edit."
    yield ""
    rows: list[tuple[Cell, ...]] = []
    for name in skitgubbe.__all__:
        obj = getattr(skitgubbe, name)
        if isinstance(obj, type(skitgubbe)):
            target = f":py:mod:`{obj.__name__}` (module)"
        elif not hasattr(obj, "__qualname__"):
            target = f":py:data:`skitgubbe.{name}` (data)"
        else:
            module, qualname = obj.__module__, obj.__qualname__
            if not isinstance(obj, type):
                role, kind = "func", "function"
            elif issubclass(obj, BaseException):
                role, kind = "exc", "exception"
            else:
                role, kind = "class", "class"
            target = f":py:{role}:`{module}.{qualname}` ({kind})"
        rows.append((literal(f"skitgubbe.{name}"), target))
    yield from list_table(("Name", "Defined and documented as"), rows, widths="1 2")
    # a name exported under another name than its own gets an entry of its own,
    # so that the reference (and its index) knows it by the exported name too
    for name in skitgubbe.__all__:
        obj = getattr(skitgubbe, name)
        if isinstance(obj, type) and obj.__qualname__ != name:
            yield f".. py:class:: {name}"
            yield "   :module: skitgubbe"
            yield "   :canonical: " + f"{obj.__module__}.{obj.__qualname__}"
            yield ""
            yield f"   :class:`{obj.__module__}.{obj.__qualname__}`, exported under this name"
            yield "   to tell it apart from a name it would clash with."
            yield ""


def api_presets() -> Iterator[str]:
    """The lines of ``api_presets.rst``: each preset as data, without its long value."""
    yield ".. This file is generated by docs/conf.py from skitgubbe.presets; do not edit."
    yield ""
    for ruleset in presets.ALL.values():
        yield f".. autodata:: {presets.__name__}.{preset_attribute(ruleset)}"
        yield "   :no-value:"
        yield ""


def compare_columns() -> Iterator[str]:
    """The lines of ``compare_columns.rst``: the columns of a study's records."""
    yield ".. This file is generated by docs/conf.py from skitgubbe.compare.COLUMNS; do not edit."
    yield ""
    yield from list_table(
        ("Column", "Holds", "Meaning"),
        (
            (
                literal(column.name) + (" (headline)" if column.headline else ""),
                column.kind.value,
                column.doc,
            )
            for column in COLUMNS
        ),
        widths="2 1 4",
    )


#: How each kind of view field is written in JSON, by the field's type.
JSON_KINDS = {
    "int": "whole number",
    "int | None": "seat or null",
    "tuple[int, ...]": "list of seats",
    "bool": "true or false",
    "Phase": '``"one"``, ``"two"`` or ``"over"``',
    "Suit | None": "suit letter or null",
    "Card | None": "card or null",
    "Rank | None": "rank (``2`` to ``A``) or null",
    "Move | None": "move in notation, or null",
    "Ruleset": "object of settings (sent in ``hello``, left out of ``choose``)",
}


def json_kind(name: str, kind: str) -> str:
    """How the view's field ``name`` of type ``kind`` is written in JSON."""
    if name.endswith("_mask"):
        return "card text"
    if name.endswith("_masks") or name == "round_plays":
        return "list of card texts"
    if name in ("events", "trick"):
        return "list of events: objects of ``kind``, ``player``, ``cards``, ``hidden``"
    if name == "player":
        return "seat"
    if name in ("hand_sizes",):
        return "list of whole numbers, one per seat"
    return JSON_KINDS[kind]


def protocol_view_fields() -> Iterator[str]:
    """The lines of ``protocol_view_fields.rst``: every field of a view in JSON."""
    from skitgubbe.views import PlayerView

    yield ".. This file is generated by docs/conf.py from skitgubbe.views.PlayerView; do not edit."
    yield ""
    docs = attribute_docs("skitgubbe.views")
    rows = []
    for field in attrs.fields(PlayerView):
        key = field.name.removesuffix("_masks").removesuffix("_mask")
        doc = docs.get(("PlayerView", field.name), "")
        doc = re.sub(r",? as (a )?masks?( \(see :attr:`[^`]+`\))?", "", doc)
        doc = doc.replace("one mask per seat", "one card text per seat")
        doc = re.sub(
            r":attr:`~?([^`]+)`",
            lambda found: literal(found[1].removesuffix("_masks").removesuffix("_mask")),
            doc,
        )
        rows.append((literal(key), json_kind(field.name, str(field.type)), doc))
    yield from list_table(("Key", "JSON", "What it holds"), rows, widths="2 2 5")


def protocol_transcript() -> Iterator[str]:
    """The lines of ``protocol_transcript.rst``: every line a program bot read and
    wrote in one short game, as the example bot's ``--transcript`` records them."""
    import tempfile

    from skitgubbe.bots import GreedyBot, make_bot
    from skitgubbe.bots.driver import next_move
    from skitgubbe.runner import OutOrder

    yield ".. This file is generated by docs/conf.py by playing a game; do not edit."
    yield ""
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "transcript.txt"
        script = DOCS.parent / "examples" / "bots" / "random_bot.py"
        bot = make_bot(f"cmd:{sys.executable} {script} --transcript {log}", log_dir=folder)
        bots = [bot, GreedyBot(), GreedyBot()]
        state: skitgubbe.State = skitgubbe.deal(
            presets.FLURST, hands=["7C 2D", "9H 3S", "KD 5C"], stock="4H", leader=0
        )
        bot.reset(0, 1234)
        out = OutOrder()
        while not state.is_over:
            state = state.apply(next_move(state, bots))
            out.see(state)
        assert state.loser is not None
        end = getattr(bot, "end")  # noqa: B009 - a program bot hears how the game ended
        end(state.loser, tuple(out.order))
        getattr(bot, "close")()  # noqa: B009
        lines = log.read_text(encoding="utf-8").splitlines()
    yield ".. code-block:: text"
    yield ""
    for line in lines:
        yield "   " + line


def referee_transcript() -> Iterator[str]:
    """The lines of ``referee_transcript.rst``: requests to the referee and its
    answers, as ``python -m skitgubbe referee`` reads and writes them, in a short
    game laid out by hand (a layout, a refused move, a view, the moves to the
    goat, an undo and the record)."""
    import io

    from skitgubbe.server.referee import serve

    layout = {"hands": ["7C 2D", "9H 3S", "KD 5C"], "stock": "4H", "leader": 0}
    requests: list[object] = [
        {"type": "new", "rules": "flurst", "deal": layout, "id": 1},
        {"type": "apply", "move": "1 play 9H"},
        {"type": "legal", "seat": 0},
        {"type": "apply", "move": "0 play 2D"},
        {"type": "view", "seat": 1},
    ]
    referee_in = b"".join(json.dumps(r).encode() + b"\n" for r in requests)
    out = io.BytesIO()
    serve(io.BytesIO(referee_in), out)
    answers = out.getvalue().decode().splitlines()
    # play on to the goat, the first legal move each time, then undo one, take the record
    from skitgubbe.server.referee import Referee

    def line(message: object) -> str:
        return json.dumps(message, separators=(",", ":"))

    referee = Referee()
    for request in requests:
        referee.handle(request)
    more: list[tuple[str, str]] = []
    legal = referee.handle({"type": "legal"})["moves"]
    made = 1
    while True:
        request = {"type": "apply", "move": legal[0]}
        answer = referee.handle(request)
        more.append((line(request), line(answer)))
        made += 1
        if answer["over"]:
            break
        legal = answer["legal"]
    for request in ({"type": "undo", "to": made - 1}, {"type": "record"}):
        more.append((line(request), line(referee.handle(request))))
    yield ".. This file is generated by docs/conf.py by asking the referee; do not edit."
    yield ""
    yield ".. code-block:: text"
    yield ""
    yield "   < " + answers[0]
    for sent, got in zip(requests, answers[1:], strict=True):
        yield "   > " + json.dumps(sent, separators=(",", ":"))
        yield "   < " + got
    for sent_line, got in more:
        yield "   > " + sent_line
        yield "   < " + got


def server_transcript() -> Iterator[str]:
    """The lines of ``server_transcript.rst``: what a seat's WebSocket carries at
    the start of a game, built by the table the server runs (the same messages,
    without the network): join, hello, state, a refused move, a move, the state
    after it."""
    from skitgubbe.server.store import Store
    from skitgubbe.server.tables import Clock, Table, TableError

    store = Store(":memory:")
    table, _tokens = Table.create(
        store,
        skitgubbe.presets.FLURST,
        ["Ann", "Bea", "Cid"],
        title="Friday",
        clock=Clock(move=30, bank=300),
        seed=4,
    )
    assert table.game is not None
    seat = table.game.state.due[0]
    person = table.game.people[seat]
    lines: list[tuple[str, object]] = [
        (">", {"type": "join", "token": f"<{table.names[person]}'s token>"}),
        ("<", table.hello(person)),
        ("<", table.message(person)),
    ]
    other = table.game.people[(seat + 1) % 3]
    wrong = {"type": "move", "move": table.message(person)["moves"][0], "number": 0}
    try:
        table.move(other, wrong["move"], 0)
    except TableError as error:
        lines.append(("> (from another seat)", wrong))
        lines.append(("<", {"type": "error", "error": str(error), "rule": None}))
    move = {"type": "move", "move": table.message(person)["moves"][0], "number": 0}
    table.move(person, move["move"], 0)
    lines.append((">", move))
    lines.append(("<", table.message(person)))
    yield ".. This file is generated by docs/conf.py from the table the server runs; do not edit."
    yield ""
    yield ".. code-block:: text"
    yield ""
    for arrow, message in lines:
        yield f"   {arrow} " + json.dumps(message, separators=(",", ":"))


def write_if_changed(path: Path, lines: Iterable[str]) -> None:
    """Write ``path`` unless it already holds exactly these lines (keeps builds incremental)."""
    text = "\n".join(lines).rstrip("\n") + "\n"
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def generate(app: Sphinx) -> None:
    """Write the generated pages into the source directory (``builder-inited``)."""
    srcdir = Path(app.srcdir)
    write_if_changed(srcdir / "rules_reference.rst", rules_reference())
    write_if_changed(srcdir / "presets_reference.rst", presets_reference())
    write_if_changed(srcdir / "api_public_names.rst", api_public_names())
    write_if_changed(srcdir / "api_presets.rst", api_presets())
    write_if_changed(srcdir / "compare_columns.rst", compare_columns())
    write_if_changed(srcdir / "gallery_pictures.rst", gallery(srcdir / "_generated"))
    write_if_changed(srcdir / "protocol_view_fields.rst", protocol_view_fields())
    write_if_changed(srcdir / "protocol_transcript.rst", protocol_transcript())
    write_if_changed(srcdir / "referee_transcript.rst", referee_transcript())
    write_if_changed(srcdir / "server_transcript.rst", server_transcript())


def lively(rules: Ruleset, players: int, seed: int) -> skitgubbe.State:
    """A moment of a seeded random game worth a picture: the phase-one position with
    the most cards on the table (the latest such), else the first of phase two."""
    from skitgubbe.simulate import random_moves

    state: skitgubbe.State = skitgubbe.deal(rules, players=players, seed=seed)
    best, most = state, -1
    for _, after in random_moves(state, seed):
        if after.phase is not skitgubbe.Phase.ONE:
            return best if most > 0 else after
        on_table = sum(len(cards) for cards in after.view(0).table)
        if on_table >= most:  # the latest of the fullest tables
            best, most = after, on_table
    return best


def gallery(folder: Path) -> list[str]:
    """One picture per preset (written to ``folder``), as an included page."""
    from skitgubbe.render import svg

    folder.mkdir(exist_ok=True)
    lines = []
    for name in presets.NAMES:
        rules = presets.get(name)
        players = max(rules.min_players, min(4, rules.max_players))
        state = lively(rules, players, seed=7)
        write_if_changed(folder / f"{name}.svg", [svg(state, name=name)])
        caption = (
            f"``{name}``, {players} players, seed 7: "
            + ("phase one" if state.phase is skitgubbe.Phase.ONE else "phase two")
            + f", after the move ``{state.last_move}``."
        )
        lines += [
            f".. figure:: _generated/{name}.svg",
            f"   :alt: a position of {name}",
            "",
            f"   {caption}",
            "",
        ]
    quick = skitgubbe.deal(presets.FLURST, players=4, seed=7)
    write_if_changed(folder / "quickstart-open.svg", [svg(quick)])
    write_if_changed(folder / "quickstart-seat1.svg", [svg(quick.view(1))])
    return lines


def document_ruleset_field(
    app: Sphinx, what: str, name: str, obj: object, options: object, lines: list[str]
) -> None:
    """Give each :class:`Ruleset` field, which has no docstring, its metadata as one."""
    prefix = f"{RULES}.Ruleset."
    if what != "attribute" or not name.startswith(prefix) or lines:
        return
    field = attrs.fields_dict(Ruleset).get(name[len(prefix) :])
    if field is None:
        return
    rules = ", ".join(literal(rule) for rule in field_rule_ids(field)) or "none"
    lines.extend([field.metadata["doc"], "", f"Rule IDs: {rules}.", ""])


def enum_signature(
    app: Sphinx,
    what: str,
    name: str,
    obj: object,
    options: object,
    signature: str | None,
    return_annotation: str | None,
) -> tuple[str, str | None] | None:
    """Show enum classes without the ``(value)`` signature of their constructor."""
    if what == "class" and isinstance(obj, type) and issubclass(obj, enum.Enum):
        return "", return_annotation
    return None


def canonical_name(target: str, documented: Iterable[str]) -> str | None:
    """The documented name of the library object that ``target`` reaches by a re-export.

    ``skitgubbe.bots.RandomBot`` is documented as ``skitgubbe.bots.basic.RandomBot``,
    and ``skitgubbe.compare.StudyResult.to_csv`` as a method of
    ``skitgubbe.compare.study.StudyResult``. Data has no defining module to ask, so
    every loaded module of the library holding the same object is tried.
    """
    known = set(documented)
    parts = target.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        module = sys.modules.get(".".join(parts[:cut]))
        if module is not None:
            break
    else:
        return None
    if not module.__name__.startswith(skitgubbe.__name__):
        return None
    head, rest = parts[cut], parts[cut + 1 :]
    obj = getattr(module, head, None)
    if obj is None:
        return None
    defined_in, qualname = getattr(obj, "__module__", None), getattr(obj, "__qualname__", None)
    if isinstance(defined_in, str) and isinstance(qualname, str):
        owners = [f"{defined_in}.{qualname}"]
    else:
        owners = [
            f"{name}.{head}"
            for name, other in list(sys.modules.items())
            if name.startswith(skitgubbe.__name__) and getattr(other, head, None) is obj
        ]
    found = [".".join([owner, *rest]) for owner in owners]
    return next((name for name in found if name in known), None)


def resolve_short_name(
    app: Sphinx, env: BuildEnvironment, node: pending_xref, contnode: Any
) -> Any:
    """Resolve a Python reference that names an object by a name Sphinx cannot find.

    Docstrings name objects as their module sees them (``Suit`` inside
    :mod:`skitgubbe.phase_two`), or by a package's re-export
    (``skitgubbe.start_phase_two``, ``skitgubbe.bots.RandomBot``); each is
    documented once, in its defining module. Such a reference is pointed at that
    definition when it is unique. Returns the resolved reference node, or ``None``
    to leave the reference alone.
    """
    if node.get("refdomain") != "py":
        return None
    target: str = node["reftarget"]
    domain = env.domains.python_domain
    package = f"{skitgubbe.__name__}."
    module = node.get("py:module")
    # A library name, or a short name as its module sees it (a re-export).
    spelled = target if target.startswith(package) else f"{module}.{target}" if module else ""
    found = canonical_name(spelled, domain.objects) if spelled else None
    candidates = [found] if found is not None else []
    if not candidates and not target.startswith(package):
        suffix = "." + target
        candidates = [name for name in domain.objects if name.endswith(suffix)]
    if len(candidates) != 1 or candidates[0] not in domain.objects:
        return None
    retargeted = node.deepcopy()
    retargeted["reftarget"] = candidates[0]
    return domain.resolve_xref(
        env, node["refdoc"], app.builder, node["reftype"], candidates[0], retargeted, contnode
    )


logger = logging.getLogger(__name__)


def public_modules() -> list[str]:
    """The names of the package's public modules: every one without a leading underscore."""
    names = [skitgubbe.__name__]
    for info in pkgutil.walk_packages(skitgubbe.__path__, f"{skitgubbe.__name__}."):
        if not any(part.startswith("_") for part in info.name.split(".")):
            names.append(info.name)
    return names


def check_reference(app: Sphinx, env: BuildEnvironment) -> None:
    """Warn about every name of a public module's ``__all__`` that the reference lacks.

    A name counts as documented when the Python domain holds it under the module
    that exports it or under the module that defines it (a re-export is documented
    once, where it is defined).
    """
    domain = env.domains.python_domain
    modules = public_modules()
    with mock(app.config.autodoc_mock_imports):
        for module_name in modules:
            importlib.import_module(module_name)
        for module_name in modules:
            module = importlib.import_module(module_name)
            for name in getattr(module, "__all__", ()):
                obj = getattr(module, name)
                places = [f"{module_name}.{name}"]
                if isinstance(obj, type(skitgubbe)):
                    places = [obj.__name__]
                elif isinstance(getattr(obj, "__module__", None), str) and isinstance(
                    getattr(obj, "__qualname__", None), str
                ):
                    places.append(f"{obj.__module__}.{obj.__qualname__}")
                # Data has no defining module to ask: any public module holding
                # the same object under the same name may document it.
                places.extend(
                    f"{other}.{name}"
                    for other in modules
                    if getattr(sys.modules.get(other), name, None) is obj
                )
                if not any(place in domain.objects or place in domain.modules for place in places):
                    logger.warning(
                        "%s.%s is in __all__ but not in the API reference",
                        module_name,
                        name,
                        type="skitgubbe",
                        subtype="reference",
                    )


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("env-check-consistency", check_reference)
    app.connect("builder-inited", generate)
    app.connect("autodoc-process-docstring", document_ruleset_field)
    app.connect("autodoc-process-signature", enum_signature)
    app.connect("missing-reference", resolve_short_name)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
