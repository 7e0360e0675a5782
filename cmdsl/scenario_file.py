"""Scenario files (YAML, docs/scenarios.md) → ``Scenario`` values, every field checked first.

The file is read like a card file (size, nesting, no anchors: ``safe_yaml``) and each part
keeps its line and column, so any later problem with a scenario, even one found while it runs,
points into the file: ``tests/scenarios/x.yaml:12:9: scenario 'two supports': position…``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from .errors import CardError, Located, did_you_mean, shown_path
from .game.fields import MAX_SEED
from .lang.parser import Origin
from .model import SIDES, CardSet, Side
from .safe_yaml import compose, read_text, scalar_origin
from .scenario import (
    ACTIONS, SCENARIO_KEYS, Path_, Place, Scenario, ScenarioError, compile_snippet, keys_of, parse_expect,
)

#: A scenario file is a few kilobytes; the largest we ship is under 4 KiB.
MAX_SCENARIO_BYTES = 256 * 1024
_CONSTRUCT = yaml.SafeLoader("")


def load_scenarios(path: str | Path, cards: CardSet) -> list[Scenario]:
    """Every scenario of a file (a mapping with a ``scenarios:`` list); a located error if any
    part of it is malformed (its position is checked when it runs, located the same way)."""
    read = _read(path)
    return [read.scenario(i, cards) for i in range(len(read.items))]


def load_scenario(path: str | Path, cards: CardSet, index: int) -> Scenario:
    """The file's scenario at ``index`` (from 0), checked; the others are not looked at, so a
    broken scenario fails only itself (a test per scenario stays a test per scenario)."""
    read = _read(path)
    if not 0 <= index < len(read.items):
        raise read.top.error(("scenarios",), f"there is no scenario {index + 1}: the file has {len(read.items)}")
    return read.scenario(index, cards)


def scenario_names(path: str | Path) -> list[str]:
    """The names of a file's scenarios, in order, read without checking them (for test ids).
    Raises ``ScenarioError`` only when the file is not a readable list of scenarios."""
    return [_name_of(raw, i) for i, raw in enumerate(_read(path).items)]


@dataclass(frozen=True)
class _Read:
    """A scenario file read and composed, before any scenario in it is checked."""

    label: str
    lines: list[str]
    root: yaml.Node | None
    top: Place
    items: list[Any]

    def scenario(self, i: int, cards: CardSet) -> Scenario:
        base: Path_ = ("scenarios", i)
        marks = {k[2:]: v for k, v in self.top.marks.items() if k[:2] == base}
        place = Place(self.label, _name_of(self.items[i], i), marks)
        return _scenario(place, self.items[i], cards, self.lines, _node_at(self.root, base))


def _read(path: str | Path) -> _Read:
    p = Path(path)
    label = shown_path(p)
    if not p.is_file():
        raise ScenarioError("no such file" if not p.exists() else "not a file", Located(label))
    text = read_text(p, max_bytes=MAX_SCENARIO_BYTES, label=label, item_keys=("name",))
    root = compose(text, label, item_keys=("name",))
    top = Place(label, None, _marks(root, ()) if root is not None else {})
    data = keys_of(top, (), _plain(root), ("scenarios",))
    items = data.get("scenarios")
    if not isinstance(items, list):
        raise top.error(("scenarios",), "expected a list of scenarios")
    return _Read(label, text.split("\n"), root, top, items)


def _name_of(raw: Any, i: int) -> str:
    name = raw.get("name") if isinstance(raw, dict) else None
    return name if isinstance(name, str) and name else f"scenario {i + 1}"


def _scenario(place: Place, raw: Any, cards: CardSet, lines: list[str], node: yaml.Node | None) -> Scenario:
    raw = keys_of(place, (), raw, SCENARIO_KEYS)
    actions = [k for k in ACTIONS if k in raw]
    if len(actions) != 1:
        raise place.error((), "give exactly one of play: CARD, news: NEWS, going_negative: ROLL, effect: TEXT")
    action = actions[0]
    value = raw[action]
    effect = None
    if action == "play":
        subject = _name(place, action, value, "a card id")
        if subject not in cards.cards:
            raise place.error((action,), f'unknown card "{subject}"', did_you_mean(subject, cards.cards))
    elif action == "news":
        subject = _name(place, action, value, "a Breaking News id")
        if subject not in cards.news:
            raise place.error((action,), f'unknown Breaking News "{subject}"', did_you_mean(subject, cards.news))
    elif action == "going_negative":
        subject = str(_whole(place, action, value, 1, 6, "a die result"))
    else:
        subject = _name(place, action, value, "an effect text", limit=20_000)
        first, indent = scalar_origin(lines, _node_at(node, (action,)) or node)  # type: ignore[arg-type]
        try:  # located at its line in the scenario file
            effect = compile_snippet(cards, subject, Origin(place.file, f"scenario {place.name!r}", first, indent))
        except CardError as e:
            raise ScenarioError(e.message, e.where, hint=e.hint).with_source(lines) from None
    default_player = cards.cards[subject].side.value if action == "play" else "mccain"
    player = raw.get("player", default_player)
    if player not in ("mccain", "obama"):
        raise place.error(("player",), f"expected mccain or obama, got {player!r}")
    target = raw.get("target")
    if target is not None:
        target = _name(place, "target", target, "a state name")
    answers = raw.get("answers") or []
    if not isinstance(answers, list):
        raise place.error(("answers",), "expected a list of option ids")
    for j, a in enumerate(answers):
        if not isinstance(a, str) or not a or len(a) > 20_000:  # ids, as `cmdsl scenario` shows them
            raise place.error(("answers", j), f"expected an option id (or label) such as state:ohio, got {a!r}"[:120])
    dice = raw.get("dice") or []
    if not isinstance(dice, list):
        raise place.error(("dice",), "expected a list of die results")
    for j, d in enumerate(dice):
        _whole(place, ("dice", j), d, 1, 6, "a die result")
    return Scenario(place.file, place.name or "", action, subject, Side(player), target, raw.get("position") or {},
                    tuple(answers), tuple(dice), _whole(place, "seed", raw.get("seed", 0), 0, MAX_SEED),
                    _whole(place, "turn", raw.get("turn", 1), 1, 10_000), place, effect,
                    parse_expect(place, raw.get("expect"), cards), _views(place, raw.get("view")))


def _views(place: Place, value: Any) -> tuple[Side, ...]:
    """`view:` a side, or a list of sides: the snapshot adds the log as each of them saw it."""
    items = [] if value is None else value if isinstance(value, list) else [value]
    sides = {s.value: s for s in SIDES}
    out: list[Side] = []
    for j, v in enumerate(items):
        path = ("view",) if not isinstance(value, list) else ("view", j)
        if v not in sides:
            raise place.error(path, f"expected mccain or obama (whose view of the log to show), got {v!r}"[:120],
                              did_you_mean(str(v), tuple(sides)))
        if sides[v] in out:
            raise place.error(path, f"{v} is listed twice")
        out.append(sides[v])
    return tuple(out)


def _name(place: Place, key: str, value: Any, what: str, limit: int = 200) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > limit:
        raise place.error((key,), f"expected {what}, got {value!r}"[:160])
    return value


def _whole(place: Place, key: str | Path_, value: Any, low: int, high: int, what: str = "a whole number") -> int:
    path = key if isinstance(key, tuple) else (key,)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise place.error(path, f"expected {what} from {low} to {high}, got {value!r}"[:160])
    return value


def _plain(node: yaml.Node | None) -> Any:
    """The Python value of a composed (and already checked: shallow, no aliases) YAML node."""
    return None if node is None else _CONSTRUCT.construct_object(node, deep=True)


def _marks(node: yaml.Node, path: Path_) -> dict[Path_, tuple[int, int]]:
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


def _node_at(node: yaml.Node | None, path: Path_) -> yaml.Node | None:
    for part in path:
        if isinstance(node, yaml.SequenceNode) and isinstance(part, int) and part < len(node.value):
            node = node.value[part]
        elif isinstance(node, yaml.MappingNode):
            node = next((v for k, v in node.value if isinstance(k, yaml.ScalarNode) and k.value == part), None)
        else:
            return None
    return node
