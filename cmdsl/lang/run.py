"""What a running effect sees: the game's operations, who acts, its variables, the news target."""

from __future__ import annotations

from typing import Any

from ..model import Side
from .ops import GameOps, State


class Run:
    __slots__ = ("ops", "actor", "news", "vars", "chosen")

    def __init__(self, ops: GameOps, actor: Side | None, news: State | None = None) -> None:
        self.ops = ops
        self.actor = actor
        self.news = news
        self.vars: dict[str, Any] = {}
        # Per `choose a different state`: the states already chosen in the innermost loop.
        self.chosen: dict[int, set[State]] = {}

    @property
    def me(self) -> Side:
        """Who acts; the checker guarantees there is somebody wherever this is read."""
        assert self.actor is not None
        return self.actor

    def as_(self, actor: Side) -> "Run":
        r = Run(self.ops, actor, self.news)
        r.vars = self.vars
        r.chosen = self.chosen
        return r
