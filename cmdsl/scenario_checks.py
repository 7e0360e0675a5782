"""The ``expect:`` block of any game's scenario, in the parts every game shares: a ``Check`` is
one expectation with its place in the file; ``verify`` raises a located error for the first that
fails; ``event_checks`` reads ``events``, ``no_events``, ``event_types`` and ``no_event_types``
against the game's own event classes (setup, act, expect: XMage's style)."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Callable, Mapping, Protocol, Sequence

from .errors import did_you_mean
from .game.audience import Event
from .scenario_doc import Path_, Place, list_at, text_at

EVENT_KEYS = ("events", "no_events", "event_types", "no_event_types")


class HasEvents(Protocol):
    """What a scenario's outcome gives the shared checks: the events it logged."""

    @property
    def events(self) -> Sequence[Event]: ...


@dataclass(frozen=True)
class Check:
    """One expectation: where it is written and a test of the outcome that returns what went
    wrong ("expected 155, got 150") or None."""

    path: Path_
    test: Callable[[Any], str | None] = field(compare=False)


def verify(out: object, checks: tuple[Check, ...], place: Place) -> int:
    """Raise a located ``ScenarioError`` for the first expectation that does not hold; else
    return how many were checked (every one is, so that a failure counts the others)."""
    failed = [(c, m) for c in checks if (m := c.test(out)) is not None]
    if failed:
        check, message = failed[0]
        more = f" (and {len(failed) - 1} more failed expectation{'s' if len(failed) > 2 else ''})" if len(failed) > 1 else ""
        raise place.error(check.path, message + more)
    return len(checks)


def passed(checked: int) -> str:
    """What `cmdsl scenario` says after a scenario's report: "expect: 5 checks passed", or nothing
    for a scenario without ``expect:`` (it is a snapshot only, and saying so each time is noise)."""
    return f"expect: {checked} check{'s' if checked != 1 else ''} passed" if checked else ""


def equal(path: Path_, expected: Any, actual: Callable[[Any], Any]) -> Check:
    def test(out: Any) -> str | None:
        got = actual(out)
        return None if got == expected else f"expected {said(expected)}, got {said(got)}"
    return Check(path, test)


def said(value: Any) -> str:
    return "[" + ", ".join(map(str, value)) + "]" if isinstance(value, list) else str(value)


def event_checks(place: Place, path: Path_, spec: Mapping[str, Any], events: ModuleType) -> list[Check]:
    """The checks of ``events``/``no_events`` (an event whose text contains each string must
    occur, or must not) and ``event_types``/``no_event_types`` (by class name, from the game's
    ``events`` module) in ``spec``, the ``expect:`` block at ``path``."""
    checks: list[Check] = []
    for key, present in (("events", True), ("no_events", False)):
        for j, text in enumerate(list_at(place, (*path, key), spec.get(key))):
            text = text_at(place, (*path, key, j), text, "an event's text")
            checks.append(event_check((*path, key, j), f'an event containing "{text}"',
                                      lambda e, text=text: text in e.text(), present))
    types = {c.__name__: c for c in vars(events).values()
             if isinstance(c, type) and issubclass(c, Event) and c is not Event and c.__module__ == events.__name__}
    for key, present in (("event_types", True), ("no_event_types", False)):
        for j, name in enumerate(list_at(place, (*path, key), spec.get(key))):
            name = text_at(place, (*path, key, j), name, "an event type name")
            if name not in types:
                raise place.error((*path, key, j), f'unknown event type "{name}"', did_you_mean(name, types))
            checks.append(event_check((*path, key, j), f"a {name} event",
                                      lambda e, kind=types[name]: isinstance(e, kind), present))
    return checks


def event_check(path: Path_, what: str, matches: Callable[[Event], bool], present: bool) -> Check:
    """An event described by ``what`` (one that ``matches``) must occur, or must not."""
    def test(out: HasEvents) -> str | None:
        hits = [e.text() for e in out.events if matches(e)]
        if present and not hits:
            return f"expected {what}, got none in {len(out.events)} events"
        if not present and hits:
            return f'expected no {what.removeprefix("an ").removeprefix("a ")}, got "{hits[0]}"'
        return None
    return Check(path, test)
