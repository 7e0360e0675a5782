"""Naming the numbers of a set's YAML files, and changing them in place of a copy (`cmdsl tune`,
docs/tune.md): a *path* picks whole numbers out of one file, for example

    media[value=6|9].min      every Media item whose value is 6 or 9: its min
    media[*].max              every Media item's max
    media[id=M40].value       one item, by its id
    decks.platform_per_stance a number under two mappings
    states[0].max_seats       the first item of a list

A path is keys joined by dots; a key may be followed by ``[*]`` (every item of its list),
``[N]`` (the item at N, from 0), or ``[key=v1|v2]`` (the items whose ``key`` is one of those).
Changing numbers rewrites only their characters, so a file's comments and layout stay as the
designer wrote them. Game-agnostic: any game's set is YAML.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final, Mapping

from ..values import value

if TYPE_CHECKING:
    import yaml

_SEGMENT: Final = re.compile(r"(?P<key>[A-Za-z_][A-Za-z0-9_-]*)(?:\[(?P<pick>[^\]]*)\])?$")
_LABEL_KEYS: Final = ("id", "name", "key")


class PathError(ValueError):
    """A path that names no number of the file, said in one line (the caller locates it)."""


@value
class Number:
    """One whole number a path picked: where it is (character offsets, line), its value, and a
    label that says which it is ("media[M09].min")."""

    label: str
    value: int
    start: int
    end: int
    line: int


def _segments(path: str) -> list[tuple[str, str | None]]:
    parts = path.split(".")
    out: list[tuple[str, str | None]] = []
    for part in parts:
        m = _SEGMENT.match(part.strip())
        if m is None:
            raise PathError(f"{path!r}: {part!r} is not a key, key[*], key[N] or key[field=value]")
        out.append((m["key"], m["pick"]))
    return out


def numbers_at(text: str, file: str, path: str) -> list[Number]:
    """The whole numbers ``path`` picks in a file's ``text`` (``file``: its name in errors), in
    file order; PathError when it picks none, or picks something that is not a whole number."""
    import yaml

    from .safe_yaml import compose

    root = compose(text, file)
    nodes: list[tuple[str, yaml.Node]] = [("", root)] if root is not None else []
    for key, pick in _segments(path):
        step: list[tuple[str, yaml.Node]] = []
        for label, node in nodes:
            if not isinstance(node, yaml.MappingNode):
                continue
            child = next((v for k, v in node.value if isinstance(k, yaml.ScalarNode) and k.value == key), None)
            if child is None:
                continue
            at = f"{label}.{key}" if label else key
            if pick is None:
                step.append((at, child))
                continue
            if not isinstance(child, yaml.SequenceNode):
                raise PathError(f"{path!r}: {at} is not a list, so [{pick}] picks nothing")
            step += [(f"{at}[{_item_label(item, i)}]", item) for i, item in enumerate(child.value)
                     if _picked(item, i, pick, path)]
        nodes = step
    if not nodes:
        raise PathError(f"{path!r} names nothing in {file}")
    out = []
    for label, node in nodes:
        if not isinstance(node, yaml.ScalarNode) or not node.tag.endswith(":int"):
            shown = node.value if isinstance(node, yaml.ScalarNode) else "a list or mapping"
            raise PathError(f"{path!r}: {label} is {shown!s}, not a whole number")
        out.append(Number(label, int(node.value.replace("_", ""), 0), node.start_mark.index, node.end_mark.index,
                          node.start_mark.line + 1))
    return out


def _picked(item: yaml.Node, index: int, pick: str, path: str) -> bool:
    import yaml

    pick = pick.strip()
    if pick == "*":
        return True
    if pick.isdigit():
        return index == int(pick)
    if "=" not in pick:
        raise PathError(f"{path!r}: [{pick}] is not [*], [N] or [field=value]")
    field, _, wanted = pick.partition("=")
    values = {v.strip() for v in wanted.split("|")}
    if not isinstance(item, yaml.MappingNode):
        return False
    got = next((v for k, v in item.value if isinstance(k, yaml.ScalarNode) and k.value == field.strip()), None)
    return isinstance(got, yaml.ScalarNode) and got.value in values


def _item_label(item: yaml.Node, index: int) -> str:
    import yaml

    if isinstance(item, yaml.MappingNode):
        for key in _LABEL_KEYS:
            got = next((v for k, v in item.value if isinstance(k, yaml.ScalarNode) and k.value == key), None)
            if isinstance(got, yaml.ScalarNode) and got.value:
                return got.value
    return str(index)


def with_numbers(text: str, changes: Mapping[Number, int]) -> str:
    """``text`` with each picked number replaced by its new value (the rest untouched)."""
    out = text
    for n in sorted(changes, key=lambda n: n.start, reverse=True):
        out = out[:n.start] + str(changes[n]) + out[n.end:]
    return out
