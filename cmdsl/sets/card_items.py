"""The items of a card file, read: each mapping of a section with the YAML node of each of its
values, so that every check of a card can say where its problem is (file, line, column, item)
and show the line. Every game's card files are read into these (``cmdsl.sets.safe_yaml`` composes
them first)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Mapping, NamedTuple, TypeVar

from ..errors import CardError, Located, did_you_mean
from .text_files import Placed

if TYPE_CHECKING:  # composing needs it, an item read back (``Spot``) does not
    import yaml

__all__ = ["CardFile", "Item", "KeptItems", "Spot", "item_label", "items_back", "kept_items", "read_item", "shown"]

#: Where a node is, as the read store keeps it: start line and column, end line and column
#: (0-based), scalar style. Plain data, quick to keep and to read.
Place = tuple[int, int, int, int, "str | None"]


class LineColumn(NamedTuple):
    """A line and a column of a file (0-based): what a ``Spot`` says of a YAML mark."""

    line: int
    column: int


class Spot(tuple[int, int, int, int, "str | None"]):
    """A node's ``Place``, read back from the read store (``cmdsl.sets.read_store``): all an item
    read back keeps of the nodes it was composed from, read as a node is (``text_files.Placed``)."""

    __slots__ = ()

    @property
    def start_mark(self) -> LineColumn:
        return LineColumn(self[0], self[1])

    @property
    def end_mark(self) -> LineColumn:
        return LineColumn(self[2], self[3])

    @property
    def style(self) -> str | None:
        return self[4]


@dataclass
class Item:
    """One mapping of a section, with its node kept for locating errors."""

    file: "CardFile"
    node: Placed  # a composed ``yaml.MappingNode``, or a ``Spot`` read back
    values: dict[str, tuple[Any, Placed]]
    label: str | None = None

    def where(self, node: Placed | None = None, at: int = 0) -> Located:
        n = node or self.node
        return Located(self.file.name, n.start_mark.line + 1, n.start_mark.column + 1 + at, self.label)

    def error(self, message: str, node: Placed | None = None, hint: str | None = None, at: int = 0) -> CardError:
        """A located error at ``node`` (``at``: so many columns into it, on its first line)."""
        return CardError(message, self.where(node, at), hint=hint).with_source(self.file.lines)

    def get(self, key: str, typ: type | tuple[type, ...], what: str) -> Any:
        if key not in self.values:
            return None
        value, node = self.values[key]
        if isinstance(value, bool) and typ is int or not isinstance(value, typ):
            raise self.error(f"{key}: expected {what}, got {shown(value)}", node)
        return value

    def node_of(self, key: str) -> Placed:
        return self.values[key][1]


def shown(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, dict)):
        return "a list" if isinstance(value, list) else "a mapping"
    return str(value)


@dataclass
class CardFile:
    path: Path
    name: str
    text: str

    @property
    def lines(self) -> list[str]:
        return self.text.split("\n")


def item_label(node: yaml.MappingNode, label_key: str) -> str | None:
    """What names an item in errors: the value of its ``label_key`` field (its id), if it has one."""
    import yaml

    return next((str(v.value) for k, v in node.value if str(k.value) == label_key and isinstance(v, yaml.ScalarNode)),
                None)


def read_item(file: CardFile, section: str, node: yaml.Node, fields: Mapping[str, bool], label_key: str,
              constructor: yaml.constructor.SafeConstructor) -> Item:
    """One item of a section: a mapping whose keys are among ``fields`` (name → required), each
    once; labelled in errors by its ``label_key`` value. A located ``CardError`` otherwise."""
    import yaml

    loc = Located(file.name, node.start_mark.line + 1, node.start_mark.column + 1)
    if not isinstance(node, yaml.MappingNode):
        raise CardError(f"{section}: each item is a mapping of fields", loc).with_source(file.lines)
    values: dict[str, tuple[Any, Placed]] = {}
    item = Item(file, node, values, item_label(node, label_key))
    for k, v in node.value:
        key = str(k.value)
        if key not in fields:
            near = did_you_mean(key, fields)
            raise item.error(f'unknown field "{key}"', k, f'did you mean "{near}"?' if near else
                             "fields are " + ", ".join(fields))
        if key in values:
            raise item.error(f'field "{key}" is given twice', k)
        values[key] = (constructor.construct_object(v, deep=True), v)
    missing = [f for f, required in fields.items() if required and f not in values]
    if missing:
        raise item.error("missing field" + ("s " if len(missing) > 1 else " ") + ", ".join(missing))
    return item


# ---- items as the read store keeps them (cmdsl/sets/read_store.py) -------------------------------

S = TypeVar("S", bound=str)  # a game's name for a section
#: A file's items as kept: each section's, each with its label, its place, and each field's key,
#: value and place.
KeptItems = tuple[tuple[str, tuple[tuple["str | None", Place, tuple[tuple[str, Any, Place], ...]], ...]], ...]


def kept_items(items: Mapping[S, list[Item]]) -> KeptItems | None:
    """``items`` (a file's, by section) as the read store keeps them; None if a value is not of
    YAML's plain types (nothing else is kept)."""
    if not all(_plain(value) for its in items.values() for it in its for value, _ in it.values.values()):
        return None
    return tuple((section, tuple((it.label, _place(it.node), tuple((k, v, _place(n)) for k, (v, n) in it.values.items()))
                                 for it in its)) for section, its in items.items())


def _place(node: Placed) -> Place:
    start, end = node.start_mark, node.end_mark
    return start.line, start.column, end.line, end.column, getattr(node, "style", None)


def items_back(file: CardFile, kept: KeptItems, sections: Iterable[str]) -> dict[str, list[Item]]:
    """The items of ``file`` as kept (``kept_items``), each made again with ``Spot``s for its
    nodes; ValueError (or another error) for anything not of that shape, or of a section not
    among ``sections``."""
    known = set(sections)
    out: dict[str, list[Item]] = {}
    for section, its in kept:
        if section not in known:
            raise ValueError(f"not a section of a card file: {section!r}")
        out.setdefault(section, []).extend(
            Item(file, _spot(node), {str(k): (v, _spot(n)) for k, v, n in values}, label) for label, node, values in its)
    return out


def _spot(kept: Place) -> Spot:
    """A node's place as kept, read back (refused if it has not the shape ``_place`` gives)."""
    if not (isinstance(kept, tuple) and len(kept) == 5 and all(type(n) is int for n in kept[:4])
            and (kept[4] is None or isinstance(kept[4], str))):
        raise ValueError(f"not a kept place: {kept!r}")
    return Spot(kept)


def _plain(value: Any) -> bool:
    """Whether ``value`` holds only what YAML's plain types read into (what a kept read may hold)."""
    if value is None or isinstance(value, (str, int, float)):  # bool is an int
        return True
    if isinstance(value, list):
        return all(_plain(v) for v in value)
    return isinstance(value, dict) and all(_plain(k) and _plain(v) for k, v in value.items())
