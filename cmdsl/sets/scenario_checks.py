"""The ``expect:`` block of any game's scenario, in the parts every game shares: a ``Check`` is
one expectation with its place in the file; ``verify`` raises a located error for the first that
fails; ``event_checks`` reads ``events``, ``no_events``, ``event_types`` and ``no_event_types``
against the game's own event classes (setup, act, expect: XMage's style)."""

from __future__ import annotations

from dataclasses import field
from functools import partial
from types import ModuleType
from typing import Any, Callable, Mapping, Protocol, Sequence, TypeVar

from ..errors import did_you_mean
from ..game.audience import Event
from .scenario_doc import Path_, Place, ScenarioError, list_at, text_at
from ..values import value

EVENT_KEYS = ("events", "no_events", "event_types", "no_event_types")
T = TypeVar("T")


class HasEvents(Protocol):
    """What a scenario's outcome gives the shared checks: the events it logged."""

    @property
    def events(self) -> Sequence[Event]: ...


@value
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
                                      partial(lambda text, e: text in e.text(), text), present))
    types = {c.__name__: c for c in vars(events).values()
             if isinstance(c, type) and issubclass(c, Event) and c is not Event and c.__module__.startswith(events.__name__)}
    for key, present in (("event_types", True), ("no_event_types", False)):
        for j, name in enumerate(list_at(place, (*path, key), spec.get(key))):
            name = text_at(place, (*path, key, j), name, "an event type name")
            if name not in types:
                raise place.error((*path, key, j), f'unknown event type "{name}"', did_you_mean(name, types))
            checks.append(event_check((*path, key, j), f"a {name} event",
                                      partial(lambda kind, e: isinstance(e, kind), types[name]), present))
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


# ---- `refused:` a position (or a step of the run) the rules must refuse -----------------------------


@value
class Refused:
    """``expect: {refused: TEXT}``: the scenario's position, or a step of its run, must be refused
    with a message that contains TEXT (at ``path``)."""

    path: Path_
    text: str


@value
class Refusal:
    """The outcome of a scenario refused as expected: what its report (and snapshot) holds."""

    message: str
    checked: int = 1  # `refused:` is one check

    def report(self) -> str:
        return "## Refused\n" + self.message


def refused_in(place: Place, path: Path_, spec: Mapping[str, Any]) -> Refused | None:
    """``refused:`` of an ``expect:`` block (``spec``, at ``path``), checked: a non-empty text, and
    alone, for a refused position has nothing else to check."""
    if "refused" not in spec:
        return None
    text = text_at(place, (*path, "refused"), spec["refused"], "a part of the refusal's message")
    others = [k for k in spec if k != "refused"]
    if others:
        raise place.error((*path, others[0]), f"refused: says the position is refused: there is nothing else to "
                          f"check (remove {others[0]}, or refused:)")
    return Refused((*path, "refused"), text)


def run_judged(refused: Refused | None, place: Place, run: Callable[[], T], refusal: str | None = None
               ) -> T | Refusal:
    """A scenario's ``run``; for one that expects ``refused``, the judge of its refusal instead: the
    message it was refused with when it was read (``refusal``), or by its run (a located
    ``ScenarioError``), or none (accepted). Every game's scenarios are judged so."""
    if refused is None:
        return run()
    if refusal is not None:
        return judge_refusal(refused, place, refusal)
    try:
        run()
    except ScenarioError as e:
        return judge_refusal(refused, place, e.message)
    return judge_refusal(refused, place, None)


def judge_refusal(refused: Refused, place: Place, message: str | None) -> Refusal:
    """The outcome of a scenario that expects ``refused``, given the refusal's ``message`` (None: the
    position was accepted and the run went through): a ``Refusal``, or a located error."""
    if message is None:
        raise place.error(refused.path, f'expected the position to be refused ("{refused.text}"), but it was '
                          "accepted")
    if refused.text not in message:
        raise place.error(refused.path, f'expected the position to be refused ("{refused.text}"), but it was '
                          f"refused with another message: {message}")
    return Refusal(message)


# ---- `view:` what a seat's view of the game holds ---------------------------------------------------


@value
class Seen:
    """An outcome as one seat sees it, for the event checks of ``view:``: its events redacted."""

    events: Sequence[Event]


def as_seen_by(check: Check, seen: Callable[[Any], Seen]) -> Check:
    """``check`` (an event check) made on what a seat sees of the outcome instead of the full log."""
    return Check(check.path, lambda out: check.test(seen(out)))


# ---- `decided_by:` which rule (and step) decided each outcome ----------------------------------------


def decided_by(path: Path_, place: Place, raw: Any) -> Check:
    """``decided_by: [L6.3 step 1, …]``: the rule each deciding event of the run cites (an event
    with a ``rule``: a tender, an election, a state won, the end of the game), in order."""
    rules = [text_at(place, (*path, j), r, "a rule such as L6.3 step 2 or R11.1")
             for j, r in enumerate(list_at(place, path, raw))]

    def test(out: HasEvents) -> str | None:
        got = [str(getattr(e, "rule")) for e in out.events if getattr(e, "rule", None)]
        return None if got == rules else f"expected {said(rules)}, got {said(got)}"
    return Check(path, test)
