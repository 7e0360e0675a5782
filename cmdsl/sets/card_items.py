"""The items of a card file, read: each mapping of a section with the YAML node of each of its
values, so that every check of a card can say where its problem is (file, line, column, item)
and show the line. Every game's card files are read into these (``cmdsl.sets.safe_yaml`` composes
them first)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

import yaml

from ..errors import CardError, Located, did_you_mean

__all__ = ["CardFile", "Item", "item_label", "read_item", "shown"]


@dataclass
class Item:
    """One mapping of a section, with its node kept for locating errors."""

    file: "CardFile"
    node: yaml.MappingNode
    values: dict[str, tuple[Any, yaml.Node]]
    label: str | None = None

    def where(self, node: yaml.Node | None = None, at: int = 0) -> Located:
        n = node or self.node
        return Located(self.file.name, n.start_mark.line + 1, n.start_mark.column + 1 + at, self.label)

    def error(self, message: str, node: yaml.Node | None = None, hint: str | None = None, at: int = 0) -> CardError:
        """A located error at ``node`` (``at``: so many columns into it, on its first line)."""
        return CardError(message, self.where(node, at), hint=hint).with_source(self.file.lines)

    def get(self, key: str, typ: type | tuple[type, ...], what: str) -> Any:
        if key not in self.values:
            return None
        value, node = self.values[key]
        if isinstance(value, bool) and typ is int or not isinstance(value, typ):
            raise self.error(f"{key}: expected {what}, got {shown(value)}", node)
        return value

    def node_of(self, key: str) -> yaml.Node:
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
    return next((str(v.value) for k, v in node.value if str(k.value) == label_key and isinstance(v, yaml.ScalarNode)),
                None)


def read_item(file: CardFile, section: str, node: yaml.Node, fields: Mapping[str, bool], label_key: str,
              constructor: yaml.constructor.SafeConstructor) -> Item:
    """One item of a section: a mapping whose keys are among ``fields`` (name → required), each
    once; labelled in errors by its ``label_key`` value. A located ``CardError`` otherwise."""
    loc = Located(file.name, node.start_mark.line + 1, node.start_mark.column + 1)
    if not isinstance(node, yaml.MappingNode):
        raise CardError(f"{section}: each item is a mapping of fields", loc).with_source(file.lines)
    values: dict[str, tuple[Any, yaml.Node]] = {}
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
