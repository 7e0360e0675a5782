"""Checked AST → closures (DESIGN property 8: compiled, not walked).

An expression becomes ``f(run) -> value`` (``compile_expr.py``); a statement becomes a generator
function ``f(run)`` that yields the decisions it needs (``compile_stmt.py``); this module compiles
a card's abilities and the whole effect. Names are resolved once, not per run.
"""

from __future__ import annotations

from typing import Any, Callable

from . import ast as A
from .checker import Checked
from .ops import CoreOps, Seat
from .run import Run
from .visitor import CONDS, EXPRS, STMTS
from .work import ends_unwatched
from .compile_expr import Step
from .compile_stmt import StmtCompiler
from ..values import value


@value
class Compiled:
    run: Step
    abilities: Any  # an ``Abilities`` (the game's compiler's kind), None where the effect has none


@value
class TriggeredAbility:
    """A triggered ability (`at the end of your turn:`, a game's `when …:`), compiled."""

    event: str  # ast.END_TURN or one of the game's events
    matches: Callable[[Any, Seat, Seat | None], bool]  # (game's operations, owner, whose event) → it fires
    run: Step  # its effect, run on behalf of the card's owner
    label: str  # its head as rules text ("at the end of your turn"), for the game's log


@value
class Abilities:
    """A card's abilities while it is in play, compiled: its triggered ones (a game's compiler may
    add kinds of its own, in a subclass)."""

    triggers: tuple[TriggeredAbility, ...] = ()

    def fired(self, event: str, ops: CoreOps, owner: Seat, whose: Seat | None) -> list[int]:
        """The indexes of the triggered abilities that ``event`` (``whose``'s: None for nobody's)
        fires, for a card in play owned by ``owner``: the game runs them when it may."""
        return [i for i, t in enumerate(self.triggers) if t.event == event and t.matches(ops, owner, whose)]


class Compiler(StmtCompiler):
    families = {"expr": EXPRS, "cond": CONDS, "stmt": STMTS}

    def effect(self, checked: Checked) -> Compiled:
        """The whole effect, compiled: what it does when it resolves, and its abilities."""
        # Decided once for the whole effect, its abilities included (its bound covers them): an
        # effect that ends by itself needs no count of its steps (``work.ends_unwatched`` says why).
        self.ticks = not ends_unwatched(checked.work)
        return Compiled(self.block(checked.program.body), self.abilities(checked.abilities))

    def abilities(self, stmts: tuple[A.Stmt, ...]) -> Abilities | None:
        """The effect's abilities while its card is in play, as the game calls them (None: it has none)."""
        return Abilities(self.triggers(stmts)) if stmts else None

    def triggers(self, stmts: tuple[A.Stmt, ...]) -> tuple[TriggeredAbility, ...]:
        return tuple(self.trigger(s) for s in stmts if isinstance(s, A.Trigger))

    def trigger(self, s: A.Trigger) -> TriggeredAbility:
        who = self.expr(s.player) if s.player is not None else None

        def matches(ops: CoreOps, owner: Seat, whose: Seat | None) -> bool:
            return who is None or who(Run(ops, owner)) == whose
        return TriggeredAbility(s.event, matches, self.block(s.body), self.writer.trigger_text(s))
