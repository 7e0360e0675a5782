"""What a running effect sees: its game's operations, who acts, its variables, what it is about."""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from .ops import CoreOps, Seat

#: The operations of the effect's game (its vocabulary's: ``CoreOps`` and its own).
OpsT = TypeVar("OpsT", bound=CoreOps)


class Run(Generic[OpsT]):
    __slots__ = ("ops", "actor", "me", "subject", "vars", "chosen", "it", "last")

    def __init__(self, ops: OpsT, actor: Seat | None, subject: Any = None) -> None:
        self.ops = ops
        self.actor = actor
        # Who acts, where the checker guarantees somebody does (an attribute, not a property that
        # asserts: effects read it on every statement).
        self.me: Seat = actor
        # What the effect is about, where its game says (the thing an event card affects…).
        self.subject = subject
        self.vars: dict[str, Any] = {}
        # Per choice that must differ from the earlier ones of its loop: those chosen in the innermost loop.
        self.chosen: dict[int, set[Any]] = {}
        self.it: Any = None  # the thing a superlative is measuring
        # What the statement before the one running changed, for a game's test of it (the names
        # of what it won…).
        self.last: tuple[str, ...] = ()

    @property
    def decider(self) -> Seat:
        """Who breaks a tie: the acting player, or the active player where nobody acts."""
        return self.actor if self.actor is not None else self.ops.active

    def as_(self, actor: Seat) -> "Run[OpsT]":
        r = Run(self.ops, actor, self.subject)
        r.vars = self.vars
        r.chosen = self.chosen
        r.it = self.it
        return r
