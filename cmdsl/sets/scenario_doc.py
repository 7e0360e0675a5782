"""A scenario file read, before any game looks at it: its scenarios as plain values, each part
with its line and column, and the located errors every game's scenarios raise.

Any game's scenario file is a YAML mapping with a ``scenarios:`` list and, optionally, the game
it is for (``game: NAME``; without it, the default game's). It is read like a card file (size, nesting, no
anchors: ``safe_yaml``), so that a problem found in any part, even while the scenario runs,
points into the file: ``cards/mine/scenarios/x.yaml:12:9: scenario 'two supports': position…``.
"""

from __future__ import annotations

from dataclasses import field
from pathlib import Path
from typing import Any, Final, Mapping

import yaml

from ..errors import CardError, Located, did_you_mean, shown_path
from .. import plugins
from .safe_yaml import compose
from .text_files import MAX_SCENARIO_BYTES, NO_SOURCES, Sources, read_text
from ..values import value

Path_ = tuple[Any, ...]  # a place inside a scenario file: ("position", "states", 0, "economy")
FILE_KEYS: Final = ("game", "scenarios")

_CONSTRUCT = yaml.SafeLoader("")


class ScenarioError(CardError):
    """A scenario that is malformed or that does not run as scripted, located in its file."""


@value
class Place:
    """Where a scenario sits in its file, to locate its errors: the file, the scenario's name,
    and the line and column of each part of it (empty for a scenario built in Python)."""

    file: str = "<scenario>"
    name: str | None = None
    marks: Mapping[Path_, tuple[int, int]] = field(default_factory=dict)

    def error(self, path: Path_, message: str, near: str | None = None) -> ScenarioError:
        at = path
        while at and at not in self.marks:  # the nearest part that has a place
            at = at[:-1]
        line, col = self.marks.get(at, (0, 0))
        label = path_text(path)
        return ScenarioError(f"{label}: {message}" if label else message,
                             Located(self.file, line, col, f"scenario {self.name!r}" if self.name else None),
                             hint=f'did you mean "{near}"?' if near else None)


def path_text(path: Path_) -> str:
    """``("position", "states", 0, "economy")`` → ``position.states[0].economy``."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


# ---- reading the parts of a scenario, each with a located error -----------------------------


def keys_of(place: Place, path: Path_, data: Any, allowed: tuple[str, ...]) -> dict[str, Any]:
    """``data`` as a mapping whose keys are all in ``allowed``, or a located error."""
    if not isinstance(data, dict):
        raise place.error(path, "expected a mapping of " + ", ".join(allowed))
    for k in data:
        if k not in allowed:
            raise place.error((*path, k), f'unknown key "{k}"; keys are ' + ", ".join(allowed),
                              did_you_mean(str(k), allowed))
    return data


def text_at(place: Place, path: Path_, value: Any, what: str = "a name", limit: int = 200) -> str:
    if not isinstance(value, str) or not value or len(value) > limit:
        raise place.error(path, f"expected {what}, got {shown(value)}")
    return value


def whole_at(place: Place, path: Path_, value: Any, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise place.error(path, f"expected a whole number from {low} to {high}, got {shown(value)}")
    return value


def list_at(place: Place, path: Path_, value: Any) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise place.error(path, f"expected a list, got {shown(value)}")
    return value


def shown(value: Any) -> str:
    """A value as an error message quotes it: short, in the file's own words."""
    if isinstance(value, str):
        return f'"{value[:40]}…"' if len(value) > 40 else f'"{value}"'
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "nothing"
    if isinstance(value, (list, dict)):
        return "a list" if isinstance(value, list) else "a mapping"
    return str(value)


# ---- the file --------------------------------------------------------------------------------


@value
class ScenarioDoc:
    """A scenario file read and composed, before any scenario in it is checked."""

    label: str
    lines: list[str]
    root: yaml.Node | None
    top: Place
    game: str
    items: list[Any]

    def place(self, i: int) -> Place:
        """Where scenario ``i`` is: its parts' marks, relative to the scenario."""
        base: Path_ = ("scenarios", i)
        marks = {k[2:]: v for k, v in self.top.marks.items() if k[:2] == base}
        return Place(self.label, name_of(self.items[i], i), marks)

    def node(self, i: int) -> yaml.Node | None:
        return node_at(self.root, ("scenarios", i))

    def check_index(self, index: int) -> None:
        if not 0 <= index < len(self.items):
            raise self.top.error(("scenarios",), f"there is no scenario {index + 1}: the file has {len(self.items)}")

    def require_game(self, game: str) -> None:
        """A located error when this file is another game's."""
        if self.game != game:
            raise self.top.error(("game",), f"this is a file of {self.game} scenarios, not {game}: "
                                 f"run it with `cmdsl scenario {self.label}`")


def read_doc(path: str | Path, sources: Sources = NO_SOURCES) -> ScenarioDoc:
    """A scenario file read (``sources``' text for it, if it has one): its game and its scenarios'
    raw values; a located error when it is not a readable mapping with a ``scenarios:`` list."""
    p = Path(path)
    label = shown_path(p)
    if not p.is_file() and (not sources or p.resolve() not in sources):
        raise ScenarioError("no such file" if not p.exists() else "not a file", Located(label))
    text = read_text(p, max_bytes=MAX_SCENARIO_BYTES, label=label, item_keys=("name",), sources=sources)
    root = compose(text, label, item_keys=("name",))
    top = Place(label, None, marks(root, ()) if root is not None else {})
    data = keys_of(top, (), plain(root), FILE_KEYS)
    known = list(plugins.games())
    game = data.get("game", plugins.default_game())
    if game not in known:
        raise top.error(("game",), f"expected one of {', '.join(known)}, got {shown(game)}",
                        did_you_mean(str(game), known))
    items = data.get("scenarios")
    if not isinstance(items, list):
        raise top.error(("scenarios",), "expected a list of scenarios")
    return ScenarioDoc(label, text.split("\n"), root, top, game, items)


def name_of(raw: Any, i: int) -> str:
    name = raw.get("name") if isinstance(raw, dict) else None
    return name if isinstance(name, str) and name else f"scenario {i + 1}"


def scenario_names(path: str | Path) -> list[str]:
    """The names of a file's scenarios, in order, read without checking them (for test ids).
    Raises ``ScenarioError`` only when the file is not a readable list of scenarios."""
    doc = read_doc(path)
    return [name_of(raw, i) for i, raw in enumerate(doc.items)]


def plain(node: yaml.Node | None) -> Any:
    """The Python value of a composed (and already checked: shallow, no aliases) YAML node."""
    return None if node is None else _CONSTRUCT.construct_object(node, deep=True)


def marks(node: yaml.Node, path: Path_) -> dict[Path_, tuple[int, int]]:
    """Line and column of every part of the document, by its path (keys and list indexes)."""
    out: dict[Path_, tuple[int, int]] = {}
    stack = [(node, path)]
    while stack:
        n, at = stack.pop()
        out[at] = (n.start_mark.line + 1, n.start_mark.column + 1)
        if isinstance(n, yaml.SequenceNode):
            stack.extend((child, (*at, i)) for i, child in enumerate(n.value))
        elif isinstance(n, yaml.MappingNode):
            stack.extend((v, (*at, k.value if isinstance(k, yaml.ScalarNode) else None)) for k, v in n.value)
    return out


def node_at(node: yaml.Node | None, path: Path_) -> yaml.Node | None:
    for part in path:
        if isinstance(node, yaml.SequenceNode) and isinstance(part, int) and part < len(node.value):
            node = node.value[part]
        elif isinstance(node, yaml.MappingNode):
            node = next((v for k, v in node.value if isinstance(k, yaml.ScalarNode) and k.value == part), None)
        else:
            return None
    return node
