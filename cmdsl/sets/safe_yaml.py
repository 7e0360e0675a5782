"""Reading YAML that people write: bounded, never recursive on hostile input, every error located.

Every YAML input of cmdsl (card files, the card-set manifest, scenario files) goes through
``read_text`` then ``compose``. Both raise one ``CardError`` that says where the problem is and,
when the line lies inside a list item, which item (the ``id:``, ``name:`` or ``roll:`` of that
item), so a designer sees "deck.yaml:40:1: my-card: a tab character ..." rather
than a scanner error or a traceback.

Why the limits: PyYAML's composer recurses once per nesting level (a few thousand ``[`` give a
RecursionError, some tens of thousands crash libyaml), and anchors with aliases let a few
hundred bytes expand to billions of nodes. The event stream (``yaml.parse``) is produced
without recursion, so it is walked first: nesting is counted and anchors, aliases and
non-plain tags are refused before anything is composed.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path
from types import MappingProxyType
from typing import Any, Final, Iterator, Mapping, Protocol

import yaml

from ..errors import CardError, Located

#: Nesting levels a document may have; a card file needs 4 (sections, list, item, a group list).
MAX_DEPTH: Final = 20
#: The keys whose value names a list item in messages: card and news ids, state names, rolls.
ITEM_KEYS: Final = ("id", "name", "roll")

# libyaml's safe loader when PyYAML has it (several times faster); marks are the same.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
PLAIN_TAGS: Final = frozenset(f"tag:yaml.org,2002:{t}" for t in ("str", "int", "bool", "null", "float", "seq", "map"))
_COLLECTION_START = (yaml.SequenceStartEvent, yaml.MappingStartEvent)
_COLLECTION_END = (yaml.SequenceEndEvent, yaml.MappingEndEvent)
_NO_ANCHORS = "anchors and aliases (&name, *name) are not allowed here (card, manifest and scenario files)"


#: Texts that stand for files (an editor's unsaved buffers), by the file's resolved path.
Sources = Mapping[Path, str]
NO_SOURCES: Final[Sources] = MappingProxyType({})


def read_text(path: Path, *, max_bytes: int, label: str | None = None,
              item_keys: tuple[str, ...] = ITEM_KEYS, sources: Sources = NO_SOURCES) -> str:
    """The text of ``path`` as UTF-8, refused if larger than ``max_bytes``; ``sources``' text
    instead when it has one for the file.

    ``label`` is the file name shown in errors (default: the path as given).
    """
    name = label if label is not None else str(path)
    given = sources.get(path.resolve()) if sources else None
    if given is not None:
        if len(given.encode("utf-8", "surrogatepass")) > max_bytes:
            raise _too_large(max_bytes, name)
        return given
    problem = _not_a_file(path)
    if problem is not None:
        raise CardError(problem, Located(name))
    try:
        with path.open("rb") as f:
            # Reading one byte past the limit tells "too large" without reading a huge file.
            data = f.read(max_bytes + 1)
    except OSError as e:
        raise CardError(f"cannot read: {e.strerror or e}", Located(name)) from None
    if len(data) > max_bytes:
        raise _too_large(max_bytes, name)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise _not_utf8(data, e, name, item_keys) from None


def _too_large(max_bytes: int, name: str) -> CardError:
    return CardError(f"the file is larger than {_size(max_bytes)}, the most a file of this kind may be "
                     "(is it the right file?)", Located(name))


def _not_a_file(path: Path) -> str | None:
    """What is wrong with reading ``path`` as a file, before it is opened (opening a FIFO would
    wait for a writer for ever), or None."""
    try:
        mode = path.stat().st_mode  # through a symbolic link: what it points to
    except FileNotFoundError:
        if path.is_symlink():
            return f"a symbolic link to nothing (it points to {os.readlink(path)})"
        return "no such file"
    except OSError as e:
        return f"cannot read: {e.strerror or e}"
    if stat.S_ISDIR(mode):
        return "a folder, not a file (only YAML files are read here)"
    if not stat.S_ISREG(mode):
        return "not a regular file (a FIFO, a device or a socket): only files are read here"
    return None


def compose(text: str, file_label: str, *, max_depth: int = MAX_DEPTH,
            item_keys: tuple[str, ...] = ITEM_KEYS) -> yaml.Node | None:
    """The YAML node tree of ``text`` (None for an empty document), with line and column marks.

    Refused, as one located ``CardError``: bad YAML, nesting deeper than ``max_depth``, any
    anchor or alias, and any tag other than the plain YAML types (str, int, bool, null, float,
    seq, map) — so nothing in the tree can build a Python object.
    """
    lines = text.split("\n")

    def error(message: str, mark: yaml.Mark | None, hint: str | None = None) -> CardError:
        if mark is None:
            return CardError(message, Located(file_label), hint=hint)
        item = item_at(lines, mark.line, item_keys)
        return CardError(message, Located(file_label, mark.line + 1, mark.column + 1, item), hint=hint
                         ).with_source(lines)

    try:
        _walk_events(text, max_depth, error)
        root = yaml.compose(text, Loader=_LOADER)
    except yaml.MarkedYAMLError as e:
        raise _yaml_error(e, lines, error) from None
    except yaml.reader.ReaderError as e:
        raise _reader_error(e, text, error) from None
    except yaml.YAMLError as e:  # pragma: no cover - PyYAML raises only the two above on text
        raise CardError(f"bad YAML: {e}", Located(file_label)) from None
    if root is not None:
        bad = _bad_tag(root)
        if bad is not None:
            raise error(f"YAML tag {bad.tag} is not allowed here (only plain YAML values are)",
                        bad.start_mark)
        control = _control_character(root)
        if control is not None:
            node, char = control
            raise error(f"character U+{ord(char):04X} (a control character, written as an escape) is not "
                        "allowed in a value: it would reach the terminal", node.start_mark,
                        "remove the escape (\\a, \\x07, \\u0007...) from the quoted text")
    return root


def _walk_events(text: str, max_depth: int, error: "_ErrorAt") -> None:
    try:
        _walk(yaml.parse(text, Loader=_LOADER), max_depth, error)
    except yaml.YAMLError:
        if _LOADER is yaml.SafeLoader:
            raise
        # libyaml reads ahead before it yields an event, and may stop at a limit of its own first
        # (PyYAML 6.0.4's refuses 1,000 levels at the 1,000th). Our limits must speak whatever a
        # library version does: walk again with the pure-Python parser, which yields events as it
        # reads. Only if that finds nothing of ours does the library's error stand (raised above).
        _walk(yaml.parse(text, Loader=yaml.SafeLoader), max_depth, error, until_error=True)
        raise


def _walk(events: Iterator[yaml.Event], max_depth: int, error: "_ErrorAt", until_error: bool = False) -> None:
    """Refuse anchors, aliases and nesting deeper than ``max_depth``, in the order the events come.
    With ``until_error``, a YAML error of the parser ends the walk quietly (the caller has its own)."""
    depth = 0
    try:
        for event in events:
            depth = _check_event(event, depth, max_depth, error)
    except yaml.YAMLError:
        if not until_error:
            raise


def _check_event(event: yaml.Event, depth: int, max_depth: int, error: "_ErrorAt") -> int:
    if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None) is not None:
        raise error(_NO_ANCHORS, event.start_mark, "write the value out where it is used")
    if isinstance(event, _COLLECTION_START):
        depth += 1
        if depth > max_depth:
            raise error(f"nested too deeply: at most {max_depth} levels", event.start_mark)
    elif isinstance(event, _COLLECTION_END):
        depth -= 1
    return depth


def _bad_tag(root: yaml.Node) -> yaml.Node | None:
    """The first node whose tag is not a plain YAML type (iterative: depth is already bounded,
    but a walk that cannot recurse needs no such argument)."""
    todo = [root]
    while todo:
        node = todo.pop()
        if node.tag not in PLAIN_TAGS:
            return node
        if isinstance(node, yaml.SequenceNode):
            todo.extend(reversed(node.value))
        elif isinstance(node, yaml.MappingNode):
            todo.extend(reversed([n for pair in node.value for n in pair]))
    return None


#: Control characters a value may not hold (a double-quoted YAML string can write any by an
#: escape, "\\a"): C0 but tab and newline, DEL and C1. A title with BEL rang the terminal's bell.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def _control_character(root: yaml.Node) -> tuple[yaml.Node, str] | None:
    """The first scalar holding a control character, and the character."""
    todo = [root]
    while todo:
        node = todo.pop()
        if isinstance(node, yaml.ScalarNode):
            m = _CONTROL.search(str(node.value))
            if m is not None:
                return node, m.group(0)
        elif isinstance(node, yaml.SequenceNode):
            todo.extend(reversed(node.value))
        elif isinstance(node, yaml.MappingNode):
            todo.extend(reversed([n for pair in node.value for n in pair]))
    return None


class _ErrorAt(Protocol):
    """The shape of ``compose``'s local ``error``: a message at a mark, located and with its line."""

    def __call__(self, message: str, mark: Any, hint: str | None = None) -> CardError: ...  # a yaml Mark, or None


def _yaml_error(e: yaml.MarkedYAMLError, lines: list[str], error: _ErrorAt) -> CardError:
    mark = e.problem_mark or e.context_mark
    if mark is not None and _char_at(lines, mark) == "\t":
        return error("a tab character: YAML indents with spaces", mark, "replace the tab with spaces")
    what = e.problem or e.context or "not YAML"
    # A quote or bracket left open is only noticed at the end of the file: point where it opens.
    if e.problem_mark is not None and e.context_mark is not None and _at_end(lines, e.problem_mark):
        if e.context == "while scanning a quoted scalar":
            return error("bad YAML: this quote is never closed", e.context_mark)
        return error(f"bad YAML: {e.context}: {what}", e.context_mark)
    return error(f"bad YAML: {what}", mark)


def _reader_error(e: yaml.reader.ReaderError, text: str, error: _ErrorAt) -> CardError:
    pos = e.position if isinstance(e.position, int) else 0
    line = text.count("\n", 0, pos)
    column = pos - (text.rfind("\n", 0, pos) + 1)
    char = e.character if isinstance(e.character, int) else ord(str(e.character)[:1] or "\0")
    mark = yaml.Mark("", pos, line, column, None, 0)
    return error(f"character U+{char:04X} is not allowed in YAML text (a control character)", mark)


def _char_at(lines: list[str], mark: yaml.Mark) -> str:
    if 0 <= mark.line < len(lines) and 0 <= mark.column < len(lines[mark.line]):
        return lines[mark.line][mark.column]
    return ""


def _at_end(lines: list[str], mark: yaml.Mark) -> bool:
    """Whether ``mark`` is at the end of the stream (only blank lines follow)."""
    rest = lines[mark.line][mark.column:] if mark.line < len(lines) else ""
    return not rest.strip() and not any(ln.strip() for ln in lines[mark.line + 1:])


def _not_utf8(data: bytes, e: UnicodeDecodeError, name: str, item_keys: tuple[str, ...]) -> CardError:
    start = e.start
    line_start = data.rfind(b"\n", 0, start) + 1
    line = data.count(b"\n", 0, start)
    column = len(data[line_start:start].decode("utf-8", errors="replace"))
    lines = data.decode("utf-8", errors="replace").split("\n")
    return CardError(f"byte 0x{data[start]:02x} is not UTF-8 text", Located(name, line + 1, column + 1,
                     item_at(lines, line, item_keys)), hint="save the file as UTF-8").with_source(lines)


def _size(n: int) -> str:
    return f"{n // (1 << 20)} MiB" if n % (1 << 20) == 0 else (f"{n // 1024} KiB" if n % 1024 == 0 else f"{n} bytes")


# ---- naming the item a line is in ---------------------------------------------------------------

_ITEM_START = re.compile(r"^(?P<indent>[ ]*)-[ ]+(?P<rest>.*)$")
_KEY_VALUE = re.compile(r"^(?P<key>[A-Za-z_][\w-]*)[ ]*:[ ]+(?P<value>.+?)[ ]*$")


def _indent(line: str) -> int:
    return len(line.expandtabs(8)) - len(line.expandtabs(8).lstrip())


def _blank(line: str) -> bool:
    s = line.strip()
    return not s or s.startswith("#")


def _label(rest: str, keys: tuple[str, ...]) -> str | None:
    """The value of ``key: value`` if ``key`` names items and the value is a plain or quoted word."""
    m = _KEY_VALUE.match(rest.strip())
    if m is None or m.group("key") not in keys:
        return None
    value = re.sub(r"[ ]+#.*$", "", m.group("value"))
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
        return value[1:-1]
    if value[0] in "[]{}&*!|>'\"%@`,#":
        return None  # not a simple name: a flow collection, an anchor, a block scalar...
    return value


def item_at(lines: list[str], line: int, keys: tuple[str, ...] = ITEM_KEYS) -> str | None:
    """The name of the innermost list item around 0-based ``line`` that has one of ``keys``.

    Works on raw lines, so it answers even when the text is not valid YAML: it walks up to the
    nearest ``- `` line indented less than everything between, then looks through that item
    for its naming key; an item without one (a group list) hands over to the item around it.
    """
    if not 0 <= line < len(lines):
        return None
    floor = _indent(lines[line]) + 1  # the line itself may start an item
    for i in range(line, -1, -1):
        text = lines[i]
        if _blank(text) or "\t" in text[: len(text) - len(text.lstrip())] and i != line:
            continue
        m = _ITEM_START.match(text)
        dash = len(m.group("indent")) if m else _indent(text)
        if m is not None and dash < floor:
            found = _item_label(lines, i, dash, keys)
            if found is not None:
                return found
        floor = min(floor, dash)
        if floor == 0:
            return None
    return None


def _item_label(lines: list[str], start: int, dash: int, keys: tuple[str, ...]) -> str | None:
    m = _ITEM_START.match(lines[start])
    assert m is not None
    found = _label(m.group("rest"), keys)
    if found is not None:
        return found
    field_indent = dash + 2
    for text in lines[start + 1:]:
        if _blank(text):
            continue
        ind = _indent(text)
        if ind <= dash:
            return None
        if ind == field_indent:
            found = _label(text, keys)
            if found is not None:
                return found
    return None


def scalar_origin(lines: list[str], node: yaml.Node) -> tuple[int, int]:
    """The 1-based file line where a scalar's text starts, and the indent YAML stripped from it
    (so positions inside an effect written as a YAML string point into the file)."""
    mark = node.start_mark
    if getattr(node, "style", None) in ("|", ">"):
        for ln in range(mark.line + 1, len(lines)):
            if lines[ln].strip():
                return ln + 1, len(lines[ln]) - len(lines[ln].lstrip())
        return mark.line + 2, 0
    quoted = 1 if getattr(node, "style", None) in ("'", '"') else 0
    return mark.line + 1, mark.column + quoted
