"""What the checker knows as it walks an effect: what the effect is attached to (``Context``), the
game's names it may use (``Names``), the variables in scope and where a statement stands
(``At``), and the names of the types it checks."""

from __future__ import annotations

import dataclasses
from types import MappingProxyType
from typing import Iterable, Mapping
from ..values import value

#: The core's types: a game's vocabulary adds its own (the names errors say, with ``ARTICLE``).
NUM, PLAYER = "number", "player"

#: The largest number a card may write anywhere (a game's scores stay well below it).
MAX_LITERAL = 999


@value
class Context:
    """What an effect is attached to, which decides what it may say."""

    kind: str  # a card, or what else the game's effects are written on (its vocabulary's kinds)
    abilities: bool = False  # the card has abilities while in play: `while in play:` is allowed
    has_actor: bool = True  # False where nobody acts: who acts must be said with `as`


@value
class Names:
    """The names a card may quote, by the kind of thing each names: its game's kinds (places,
    groups, themes…; none for a game whose cards quote none)."""

    kinds: tuple[tuple[str, frozenset[str]], ...] = ()

    @classmethod
    def of(cls, **kinds: Iterable[str]) -> "Names":
        return cls(tuple((kind, frozenset(names)) for kind, names in kinds.items()))

    def __getitem__(self, kind: str) -> frozenset[str]:
        """The names of one kind (none where the game has none of it)."""
        return next((names for k, names in self.kinds if k == kind), frozenset())


ARTICLE: Mapping[str, str] = MappingProxyType({NUM: "a number", PLAYER: "a player"})


class Scope:
    def __init__(self, parent: "Scope | None" = None) -> None:
        self.parent = parent
        self.vars: dict[str, str] = {}

    def lookup(self, name: str) -> str | None:
        s: Scope | None = self
        while s is not None:
            if name in s.vars:
                return s.vars[name]
            s = s.parent
        return None

    def all_names(self) -> list[str]:
        out: list[str] = []
        s: Scope | None = self
        while s is not None:
            out.extend(s.vars)
            s = s.parent
        return out


@value
class At:
    """Where a statement stands, which decides what it may see and say."""

    scope: Scope
    actor: bool  # someone acts: false where nobody does (an event card…), outside `as`
    loop: bool  # inside `repeat` or a loop, where a game's `choose a different …` makes sense
    top: bool = False  # the effect's own first level, the only place for `while in play:`
    in_play: bool = False  # inside `while in play:`, the only place for abilities
    after: bool = False  # another statement comes before this one in its block (`that wins`)

    def nested(self, scope: Scope | None = None, **changes: bool) -> "At":
        """A block inside this statement: a scope of its own, never the top level."""
        return dataclasses.replace(self, scope=scope or Scope(self.scope), top=False, **changes)
