"""Whole-set checks: what the engine needs for each setup mode the set declares (R1, R3) and the
sizes its manifest promises. Each violation is located at the item that is one too many, or at
the section that is short, so a designer knows where to look.
"""

from __future__ import annotations

from typing import Final, Literal, Mapping, Sequence

from ...errors import CardError, Located
from .setup import DRAFT_DRAW, DRAFT_ROUNDS
from .manifest import Manifest, Promise
from .model import CardDef, NegativeDef, NewsDef, Side, StateTile
from ...values import value

Section = Literal["states", "cards", "breaking_news", "going_negative"]

#: A campaign deck: one card kept per draft round, or a side's 15 starred cards (R1.2, R3.1).
DECK_SIZE: Final = DRAFT_ROUNDS
BEGINNER_STATES: Final = 4  # Florida, Michigan, Missouri, New Jersey (R3.3)
PICKED_PER_SIDE: Final = 2  # each player picks 2 states of their own pile (R3.3)
DIE: Final = tuple(range(1, 7))  # the Going Negative die (R1.5)


@value
class Contents:
    """A set's loaded items, each with where it is, and where each section starts in each file."""

    folder: str
    states: Mapping[str, StateTile]
    cards: Mapping[str, CardDef]
    news: Mapping[str, NewsDef]
    negative: Mapping[int, NegativeDef]
    at: Mapping[tuple[Section, str], Located]  # (section, id / state name / roll) → its item
    sections: Sequence[tuple[Section, Located]]  # each section key, in file order

    def section(self, name: Section, file: str | None = None) -> Located:
        """Where a short section is reported: its key in ``file`` (or its last file), else the folder."""
        found = [loc for s, loc in self.sections if s == name]
        mine = [loc for loc in found if loc.file == file]
        return (mine or found or [Located(self.folder)])[-1]


def _nth(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


class _Report:
    def __init__(self) -> None:
        self.errors: list[CardError] = []
        self.topics: set[tuple[str, Side | None]] = set()

    def add(self, topic: tuple[str, Side | None], message: str, where: Located, hint: str | None = None) -> None:
        self.topics.add(topic)
        self.errors.append(CardError(message, where, hint=hint))


def set_errors(c: Contents, m: Manifest) -> list[CardError]:
    """Every violation of what the engine needs and of what the manifest promises."""
    r = _Report()
    _engine_needs(c, m, r)
    _promises(c, m, r)
    return r.errors


def _engine_needs(c: Contents, m: Manifest, r: _Report) -> None:
    setups = m.info.setups
    missing = [n for n in DIE if n not in c.negative]
    if missing:
        r.add(("rolls", None), "the Going Negative table needs one result for each die roll 1-6 (R1.5); missing "
              + ", ".join(map(str, missing)), c.section("going_negative"))
    starred = [mode for mode in ("beginner", "choose-states") if mode in setups]
    for side in Side:
        if starred:
            needs = f"the {' and '.join(starred)} setup{'s' if len(starred) > 1 else ''}"
            _exactly(c, r, ("beginner_cards", side), [(k, x) for k, x in c.cards.items() if x.side is side
                                                      and x.beginner], "cards", DECK_SIZE,
                     f"{side.label} beginner card", f"{needs} need{'' if len(starred) > 1 else 's'} exactly "
                     f"{DECK_SIZE} per side (R1.2)", None)
        if "choose-states" in setups or "draft" in setups:
            pile = [t for t in c.states.values() if t.pile is side]
            if len(pile) < PICKED_PER_SIDE:
                r.add(("pile", side), f"{side.label}'s setup pile has {len(pile)} state{'s' if len(pile) != 1 else ''}; "
                      f"picking starting states needs at least {PICKED_PER_SIDE} (R3.3)", c.section("states"))
        if "draft" in setups:
            pool = [x for x in c.cards.values() if x.side is side]
            need = DRAFT_ROUNDS * DRAFT_DRAW
            if len(pool) < need:
                r.add(("campaign_cards", side), f"{side.label} has {len(pool)} campaign cards; the draft setup needs at "
                      f"least {need} ({DRAFT_ROUNDS} rounds of {DRAFT_DRAW}, R3.1)",
                      c.section("cards", _last_file(c, "cards", [k for k, x in c.cards.items() if x.side is side])))
    if "beginner" in setups:
        _exactly(c, r, ("beginner_states", None), [(k, t) for k, t in c.states.items() if t.beginner], "states",
                 BEGINNER_STATES, "beginner state", f"the beginner setup starts with exactly {BEGINNER_STATES} (R3.3)",
                 None)


def _promises(c: Contents, m: Manifest, r: _Report) -> None:
    s = m.sizes
    for side in Side:
        mine = [(k, x) for k, x in c.cards.items() if x.side is side]
        _promised(c, m, r, ("campaign_cards", side), mine, "cards", s["campaign_cards"], side,
                  f"{side.label} campaign card")
        _promised(c, m, r, ("beginner_cards", side), [(k, x) for k, x in mine if x.beginner], "cards",
                  s["beginner_cards"], side, f"{side.label} beginner card")
        _promised(c, m, r, ("pile", side), [(k, t) for k, t in c.states.items() if t.pile is side], "states",
                  s["states_per_pile"], side, f"state in {side.label}'s setup pile")
    _promised(c, m, r, ("states", None), list(c.states.items()), "states", s["states"], None, "state")
    _promised(c, m, r, ("news", None), list(c.news.items()), "breaking_news", s["breaking_news"], None,
              "Breaking News")
    ev = sum(t.ev for t in c.states.values())
    promise = s["electoral_votes"]
    if ev != promise.total:
        r.add(("ev", None), f"the states hold {ev} electoral votes in all; the manifest promises {promise.total}",
              c.section("states"), _promised_at(m, promise))


def _exactly(c: Contents, r: _Report, topic: tuple[str, Side | None], items: Sequence[tuple[str, object]],
             section: Section, n: int, what: str, why: str, hint: str | None) -> None:
    if len(items) > n:
        key = items[n][0]
        r.add(topic, f"the {_nth(n + 1)} {what}: {why}", c.at[(section, key)], hint)
    elif len(items) < n:
        r.add(topic, f"only {len(items)} {what}{'s' if len(items) != 1 and not what.endswith('s') else ''}: {why}",
              c.section(section, _last_file(c, section, [k for k, _ in items])), hint)


def _promised(c: Contents, m: Manifest, r: _Report, topic: tuple[str, Side | None], items: Sequence[tuple[str, object]],
              section: Section, promise: Promise, side: Side | None, what: str) -> None:
    if topic in r.topics:
        return  # the engine's own need already located this count: one message per problem
    n = promise.of(side)
    _exactly(c, r, topic, items, section, n, what, f"the manifest promises {n}", _promised_at(m, promise))


def _promised_at(m: Manifest, p: Promise) -> str:
    per_side = " (a per-side size may differ by side: {mccain: 16, obama: 15})" if p.by_side is not None else ""
    return (f"promised at {p.where.file}:{p.where.line}; change the manifest if the set is meant to change"
            + per_side)


def _last_file(c: Contents, section: Section, keys: list[str]) -> str | None:
    return c.at[(section, keys[-1])].file if keys else None
