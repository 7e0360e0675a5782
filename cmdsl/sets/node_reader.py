"""Reading a composed YAML tree (``safe_yaml.compose``) into a game's data: the shapes every data
file is made of (a mapping with known keys, a list, a whole number, a name, a member of an enum),
each refusing what it does not expect with one located ``CardError`` (file, line, column, item,
the line and a caret). A game's data reader subclasses ``NodeReader`` and adds its own parts."""

from __future__ import annotations

from enum import Enum
from typing import Final, Mapping, TypeVar

import yaml

from ..errors import CardError, Located, did_you_mean
from .text_files import item_at

INT: Final = "tag:yaml.org,2002:int"
STR: Final = "tag:yaml.org,2002:str"
BOOL: Final = "tag:yaml.org,2002:bool"

E = TypeVar("E", bound=Enum)


class NodeReader:
    """Reads the nodes of one file: ``file`` (its name as shown), its ``lines``, and the keys that
    name a list item in errors (``item_keys``)."""

    def __init__(self, file: str, lines: list[str], item_keys: tuple[str, ...]) -> None:
        self.file, self.lines, self.item_keys = file, lines, item_keys

    def error(self, message: str, node: yaml.Node | None, hint: str | None = None) -> CardError:
        if node is None:
            return CardError(message, Located(self.file), hint=hint)
        mark = node.start_mark
        where = Located(self.file, mark.line + 1, mark.column + 1, item_at(self.lines, mark.line, self.item_keys))
        return CardError(message, where, hint=hint).with_source(self.lines)

    def mapping(self, node: yaml.Node | None, keys: tuple[str, ...], what: str,
                optional: tuple[str, ...] = ()) -> dict[str, yaml.Node]:
        """The fields of a mapping that must have exactly ``keys`` (and may have ``optional``)."""
        if not isinstance(node, yaml.MappingNode):
            raise self.error(f"{what}: expected a mapping with {', '.join(keys)}", node)
        known = keys + optional
        out: dict[str, yaml.Node] = {}
        for k, v in node.value:
            key = k.value if isinstance(k, yaml.ScalarNode) else None
            if key not in known:
                near = did_you_mean(str(key), known)
                raise self.error(f"{what}: unknown key {key!r}", k, f"did you mean {near!r}?" if near else
                                 f"the keys are: {', '.join(known)}")
            if key in out:
                raise self.error(f"{what}: {key} is given twice", k)
            out[key] = v
        missing = [k for k in keys if k not in out]
        if missing:
            raise self.error(f"{what}: missing {', '.join(missing)}", node)
        return out

    def sequence(self, node: yaml.Node, what: str) -> list[yaml.Node]:
        if not isinstance(node, yaml.SequenceNode) or not node.value:
            raise self.error(f"{what}: expected a non-empty list", node)
        return list(node.value)

    def integer(self, node: yaml.Node, what: str, low: int = 1, high: int | None = None) -> int:
        if not isinstance(node, yaml.ScalarNode) or node.tag != INT:
            raise self.error(f"{what}: expected a whole number, got {shown(node)}", node)
        value = int(node.value, 0)
        if value < low or (high is not None and value > high):
            span = f"from {low} to {high}" if high is not None else f"at least {low}"
            raise self.error(f"{what}: expected a number {span}, got {value}", node)
        return value

    def string(self, node: yaml.Node, what: str) -> str:
        if not isinstance(node, yaml.ScalarNode) or node.tag != STR or not node.value.strip():
            raise self.error(f"{what}: expected a name, got {shown(node)}", node)
        return str(node.value)

    def boolean(self, node: yaml.Node, what: str) -> bool:
        if not isinstance(node, yaml.ScalarNode) or node.tag != BOOL:
            raise self.error(f"{what}: expected true or false, got {shown(node)}", node)
        return node.value.lower() in ("true", "yes", "on")

    def member(self, node: yaml.Node, enum: type[E], what: str) -> E:
        text = self.string(node, what)
        names = [e.value for e in enum]
        if text not in names:
            near = did_you_mean(text, names)
            raise self.error(f"{what}: unknown {enum.__name__.lower()} {text!r}", node,
                             f"did you mean {near!r}?" if near else f"expected one of: {', '.join(names)}")
        return enum(text)

    def each_once(self, found: Mapping[E, object], every: tuple[E, ...], node: yaml.Node, what: str) -> None:
        missing = [e.value for e in every if e not in found]
        if missing:
            raise self.error(f"{what}: missing {', '.join(missing)} (each must appear once)", node)


def shown(node: yaml.Node) -> str:
    """A node as an error message quotes it."""
    if isinstance(node, yaml.ScalarNode):
        return f'"{node.value}"' if node.tag == STR else node.value or "nothing"
    return "a list" if isinstance(node, yaml.SequenceNode) else "a mapping"
