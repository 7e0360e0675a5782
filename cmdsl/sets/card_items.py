"""The items of a card file, read: each mapping of a section with the YAML node of each of its
values, so that every check of a card can say where its problem is (file, line, column, item)
and show the line. Every game's card files are read into these (``cmdsl.sets.safe_yaml`` composes
them first)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from ..errors import CardError, Located

__all__ = ["CardFile", "Item", "shown"]


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
