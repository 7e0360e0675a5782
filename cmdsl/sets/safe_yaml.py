"""Reading YAML that people write: bounded, never recursive on hostile input, every error located.

Every YAML input of cmdsl (card files, the card-set manifest, scenario files) goes through
``cmdsl.sets.text_files.read_text`` then ``compose``. Both raise one ``CardError`` that says where the problem is and,
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

import re
from typing import Any, Final, Iterator, Protocol

import yaml

from ..errors import CardError, Located
from .text_files import ITEM_KEYS, item_at

#: Nesting levels a document may have; a card file needs 4 (sections, list, item, a group list).
MAX_DEPTH: Final = 20

# libyaml's safe loader when PyYAML has it (several times faster); marks are the same.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
PLAIN_TAGS: Final = frozenset(f"tag:yaml.org,2002:{t}" for t in ("str", "int", "bool", "null", "float", "seq", "map"))
_COLLECTION_START = (yaml.SequenceStartEvent, yaml.MappingStartEvent)
_COLLECTION_END = (yaml.SequenceEndEvent, yaml.MappingEndEvent)
_NO_ANCHORS = "anchors and aliases (&name, *name) are not allowed here (card, manifest and scenario files)"


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


