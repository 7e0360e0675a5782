"""A balance run's parameters and the jobs they make: game ``i`` of an arm is decided by the
parameters and ``i`` alone, so a run can stop, resume and grow and still play the same games."""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import Any, Literal, get_args

from ...model import SetupMode
from .jobs import ArmName, Job
from .....values import value

#: Who plays first: the seed decides (random), always one side, or each side every other game.
FirstRule = Literal["random", "mccain", "obama", "alternate"]
FIRST_RULES: tuple[FirstRule, ...] = get_args(FirstRule)

#: The arm of a run with one card set, and the two arms of an A/B run.
MAIN: ArmName = "main"
NEW: ArmName = "new"
OLD: ArmName = "old"


@value
class Arm:
    """One card set of a run: its name in the run, folder, fingerprint and what the set says it is."""

    name: ArmName
    cards: str
    fingerprint: str
    describe: str
    deck: tuple[str, ...] = ()  # the card ids that can be in the decks in this setup (never played ones too)
    #: (card id, title) of every card of the set: reports name cards by title (a run stored before
    #: titles were kept has none: its reports show ids)
    titles: tuple[tuple[str, str], ...] = ()


@value
class Change:
    """A/B: one card whose definition differs between the sets, as each set's rules text says it."""

    card: str
    title: str
    old: str  # its generated rules text in the old set ("" when it is not there)
    new: str


@value
class RunParams:
    """Everything that decides a run's games but their number. Resuming must give the same."""

    seed: int
    setup: SetupMode
    first: FirstRule
    max_turns: int | None
    bots: tuple[str, str]  # canonical bot spec texts, in the order given (McCain's, Obama's)
    swap_sides: bool  # every other pair of games, the bots change sides
    arms: tuple[Arm, ...]
    changed_cards: tuple[str, ...] = ()  # A/B: cards whose definition differs between the sets
    changes: tuple[Change, ...] = ()  # A/B: each changed card's old and new rules text (reports show it)

    def to_json(self) -> str:
        return json.dumps(asdict(self), sort_keys=True)

    @staticmethod
    def from_json(text: str) -> "RunParams":
        d: dict[str, Any] = json.loads(text)
        d["bots"] = tuple(d["bots"])
        d["arms"] = tuple(Arm(**(a | {"deck": tuple(a["deck"]),
                                         "titles": tuple(tuple(t) for t in a.get("titles", ()))})) for a in d["arms"])
        d["changed_cards"] = tuple(d["changed_cards"])
        d["changes"] = tuple(Change(**c) for c in d.get("changes", ()))
        return RunParams(**d)

    def titles(self) -> dict[str, str]:
        """Every card's title, by id, over the run's sets (the new set's first)."""
        out: dict[str, str] = {}
        for arm in self.arms:
            for card, title in arm.titles:
                out.setdefault(card, title)
        return out

    def differences(self, other: "RunParams") -> list[str]:
        """What differs, one phrase per parameter (``--setup: draft, not beginner``)."""
        out = []
        for name, flag in (("seed", "--seed"), ("setup", "--setup"), ("first", "--first"),
                           ("max_turns", "--max-turns"), ("bots", "--bot"), ("swap_sides", "--swap-sides")):
            mine, theirs = getattr(self, name), getattr(other, name)
            if mine != theirs:
                out.append(f"{flag} {_show(mine)} (this command: {_show(theirs)})")
        for a, b in zip(self.arms, other.arms):
            if a.fingerprint != b.fingerprint:
                out.append(f"the {a.name} card set {a.fingerprint} (this command: {b.fingerprint}, {b.cards})")
        if [a.name for a in self.arms] != [a.name for a in other.arms]:
            out.append("an A/B run (--against)" if len(self.arms) == 2 else "a run without --against")
        return out

    def seating(self, index: int) -> tuple[str, str]:
        """(McCain's bot, Obama's bot) of game ``index``: with ``swap_sides``, games 2, 3 of each
        four have the bots the other way round, so each bot plays each side first and second."""
        a, b = self.bots
        return (b, a) if self.swap_sides and index % 4 >= 2 else (a, b)

    def job(self, arm: Arm, index: int) -> Job:
        first = self.first if self.first != "alternate" else ("mccain" if index % 2 == 0 else "obama")
        mccain, obama = self.seating(index)
        return Job(arm.name, index, self.seed + index, arm.cards, arm.fingerprint, self.setup, first,
                   self.max_turns, mccain, obama)


def _show(value: object) -> str:
    if isinstance(value, tuple):
        return " ".join(map(str, value))
    return "none" if value is None else str(value)
