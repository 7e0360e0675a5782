"""Which variables of an effect its rules text names as a printed card would ("Choose a state in
play. Gain two supports on Defense in that state."), rather than by their letter ("…; call it S").

A variable is named by its kind ("that state", "that issue", "that card", "the number of cards
discarded") only where that cannot be misread: it is the only variable of its kind the effect binds,
and, for a state, no other state is called "that state" (a superlative found first, "Find the
state…"). Otherwise every variable of that kind keeps its letter."""

from __future__ import annotations

import enum
from collections import Counter
from typing import Hashable, Iterator, cast

from . import nodes as A


class Kind(enum.Enum):
    """What a binding statement binds: the key of the words a card names it by (``that_*`` phrases)."""

    STATE = "that_state"
    ISSUE = "that_issue"
    CARD = "that_card"
    NUMBER = "that_number"


def _bound(s: A.Node) -> tuple[str, Kind] | None:
    if isinstance(s, (A.ChooseState, A.ForEach)):
        return s.var, Kind.STATE
    if isinstance(s, A.ChooseIssue):
        return s.var, Kind.ISSUE
    if isinstance(s, A.ChooseCard):
        return s.var, Kind.CARD
    if isinstance(s, A.DiscardAny):
        return s.var, Kind.NUMBER
    return None


def _nodes(node: A.Node) -> Iterator[A.Node]:
    """Every node of a tree, but a choice's own superlative (``choose a state with the most…``:
    it says which states are offered, it is never "that state")."""
    yield node
    # (a cast, as the core's walk: mypy takes a value class for unhashable, its hash being made)
    for name in A.core.field_names(cast(Hashable, type(node))):
        if isinstance(node, A.ChooseState) and name == "best":
            continue
        part = getattr(node, name)
        for item in part if isinstance(part, tuple) else (part,):
            if isinstance(item, A.Node):
                yield from _nodes(item)
            elif isinstance(item, tuple):  # a choice's options: blocks of statements
                for inner in item:
                    if isinstance(inner, A.Node):
                        yield from _nodes(inner)


def named(program: A.Program) -> dict[str, Kind]:
    """The variables the rules text of ``program`` names by their kind, each with it."""
    bindings: list[tuple[str, Kind]] = []
    found = False  # a superlative the text names "that state" once found
    for node in (n for s in program.body for n in _nodes(s)):
        bound = _bound(node)
        if bound is not None:
            bindings.append(bound)
        found = found or isinstance(node, A.Best)
    per_kind = Counter(kind for _, kind in bindings)
    per_var = Counter(var for var, _ in bindings)
    return {var: kind for var, kind in bindings
            if per_kind[kind] == 1 and per_var[var] == 1 and not (kind is Kind.STATE and found)}
