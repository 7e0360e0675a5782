"""CM2008's scenario files (YAML, docs/scenarios.md) → ``Scenario`` values, every field checked
first. The file is read by ``scenario_doc`` (any game's scenario file), which keeps the line and
column of each part, so any later problem with a scenario, even one found while it runs, points
into the file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from ...errors import CardError, did_you_mean
from ...game.fields import MAX_SEED
from ...lang.origin import Origin
from .model import SIDES, CardSet, Side
from ...sets.text_files import NO_SOURCES, Sources, scalar_origin
from .scenario import ACTIONS, SCENARIO_KEYS, Scenario, compile_snippet
from .scenario_expect import parse_expect
from ...sets.scenario_checks import refused_in
from ...sets.scenario_doc import Path_, Place, ScenarioDoc, ScenarioError, keys_of, node_at, read_doc, scenario_names

__all__ = ["load_scenario", "load_scenarios", "scenario_names"]


def load_scenarios(path: str | Path, cards: CardSet) -> list[Scenario]:
    """Every scenario of a file (a mapping with a ``scenarios:`` list); a located error if any
    part of it is malformed (its position is checked when it runs, located the same way)."""
    doc = read_doc(path)
    doc.require_game("cm2008")
    return [_scenario_of(doc, i, cards) for i in range(len(doc.items))]


def load_scenario(path: str | Path, cards: CardSet, index: int, sources: Sources = NO_SOURCES) -> Scenario:
    """The file's scenario at ``index`` (from 0), checked; the others are not looked at, so a
    broken scenario fails only itself (a test per scenario stays a test per scenario)."""
    doc = read_doc(path, sources)
    doc.require_game("cm2008")
    doc.check_index(index)
    return _scenario_of(doc, index, cards)


def _scenario_of(doc: ScenarioDoc, i: int, cards: CardSet) -> Scenario:
    return _scenario(doc.place(i), doc.items[i], cards, doc.lines, doc.node(i))


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
        at = node_at(node, (action,)) or node
        first, indent = scalar_origin(lines, at) if at is not None else (1, 0)  # no node: no file to point in
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
                    parse_expect(place, raw.get("expect"), cards), _views(place, raw.get("view")),
                    refused_in(place, ("expect",), raw.get("expect") or {}))


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
