"""What a running effect sees: the game's operations, who acts, its variables, the news target."""

from __future__ import annotations

from typing import Any, cast

from .sides import Side
from .ops import GameOps, State


class Run:
    __slots__ = ("ops", "actor", "me", "news", "vars", "chosen", "it", "last")

    def __init__(self, ops: GameOps, actor: Side | None, news: State | None = None) -> None:
        self.ops = ops
        self.actor = actor
        # Who acts, where the checker guarantees somebody does (an attribute, not a property that
        # asserts: effects read it on every statement).
        self.me: Side = cast(Side, actor)
        self.news = news
        self.vars: dict[str, Any] = {}
        # Per `choose a different state`: the states already chosen in the innermost loop.
        self.chosen: dict[int, set[State]] = {}
        self.it: State | None = None  # the state a superlative is measuring
        # The names of the states won while the statement before a `that wins` test ran.
        self.last: tuple[str, ...] = ()

    @property
    def decider(self) -> Side:
        """Who breaks a tie: the acting player, or the active player where nobody acts (Breaking
        News outside `as`)."""
        return self.actor if self.actor is not None else self.ops.active

    def as_(self, actor: Side) -> "Run":
        r = Run(self.ops, actor, self.news)
        r.vars = self.vars
        r.chosen = self.chosen
        r.it = self.it
        return r
