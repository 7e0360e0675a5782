"""Campaign Manager 2008's conditions on a state's standing: `S is in play`, `S is won (by P)`, and
`that wins S` (the statement just before the `if` made S won). Nodes, rules and passes' parts, as
``reads.py``'s."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, Callable, Literal

from ....lang.ast import And, Built, Cond, Expr, If, Not, Or, Stmt
from ....lang.check_scope import PLAYER, At, Scope
from ....lang.checker import Checker, Context, Names
from ....lang.compile_expr import Step
from ....lang.origin import Origin
from ....lang.render import Unparser
from ....lang.run import Run
from ....lang.tree_rules import TreeRules
from ....lang.work import Bounds
from ....values import value
from .ops import GameOps, Steps
from .reads import STATE, ReadsCompiler, ReadsWriter, StateName

if TYPE_CHECKING:
    from lark.tree import Meta

__all__ = ["StateIs", "ThatWins"]


@value
class StateIs(Cond):
    """``S is in play``, ``S is won``, ``S is won by P`` (``by``: None for either player)."""

    state: Expr
    status: Literal["in_play", "won"]
    by: Expr | None


@value
class ThatWins(Cond, Built):
    """``that wins S``: the statement just before this `if`, in the same block, made S won."""

    state: Expr


NODES = (StateIs, ThatWins)


class WinsRules(TreeRules):
    def is_in_play(self, meta: Meta, c: list[Any]) -> StateIs:
        return StateIs(c[0], "in_play", None, pos=self._p(meta))

    def is_won(self, meta: Meta, c: list[Any]) -> StateIs:
        return StateIs(c[0], "won", None, pos=self._p(meta))

    def is_won_by(self, meta: Meta, c: list[Any]) -> StateIs:
        return StateIs(c[0], "won", c[1], pos=self._p(meta))


class WinsChecker(Checker):
    def __init__(self, names: Names, ctx: Context, origin: Origin) -> None:
        super().__init__(names, ctx, origin)
        self._that_ok = False  # in the condition of an `if` after another statement

    def if_cond(self, c: Cond, at: At) -> Cond:
        self._that_ok = at.after  # `that wins` looks at the statement before this `if`
        try:
            return super().if_cond(c, at)
        finally:
            self._that_ok = False

    def cond_StateIs(self, c: StateIs, scope: Scope, actor: bool) -> Cond:
        by = self.expr(c.by, PLAYER, scope, actor) if c.by is not None else None
        return dataclasses.replace(c, state=self.expr(c.state, STATE, scope, actor), by=by)

    def cond_ThatWins(self, c: ThatWins, scope: Scope, actor: bool) -> Cond:
        if not self._that_ok:
            raise self.error(c, "`that wins S` looks at the statement just before it: it goes in the "
                                "condition of an `if` that follows another statement of the same block",
                             hint="for example: gain 1 support on economy in S, then, on the next line, "
                                  "if that wins S:")
        return dataclasses.replace(c, state=self.expr(c.state, STATE, scope, actor))


class WinsBounds(Bounds):
    """(No statement of this family yet: a statement's work bound goes here.)"""


class WinsCompiler(ReadsCompiler):
    def followed(self, step: Step, after: Stmt) -> Step:
        return _watched(step) if _tests_that(after) else step

    def state_name(self, e: Expr) -> Callable[[Run[GameOps]], str | None]:
        """The name of the state ``e`` means, in play or not (a named state is known by its name
        even once won, when it no longer reads as a state in play)."""
        if isinstance(e, StateName):
            name = e.name
            return lambda r: name
        state = self.expr(e)
        return lambda r: None if (s := state(r)) is None else r.ops.state_name(s)

    def cond_StateIs(self, c: StateIs) -> Callable[[Run[GameOps]], bool]:
        name = self.state_name(c.state)
        if c.status == "in_play":
            return lambda r: (n := name(r)) is not None and r.ops.live(n) is not None
        by = self.expr(c.by) if c.by is not None else None

        def won(r: Run[GameOps]) -> bool:
            n = name(r)
            winner = next((side for won, side in r.ops.wins() if won == n), None)
            return winner is not None and (by is None or winner is by(r))
        return won

    def cond_ThatWins(self, c: ThatWins) -> Callable[[Run[GameOps]], bool]:
        name = self.state_name(c.state)
        return lambda r: (n := name(r)) is not None and n in r.last


def _tests_that(s: Stmt) -> bool:
    """Whether ``s`` is an `if` (or `else if`) whose condition asks `that wins …`."""
    while isinstance(s, If):
        if _has_that(s.cond):
            return True
        if len(s.otherwise) != 1:
            return False
        s = s.otherwise[0]
    return False


def _has_that(c: Cond) -> bool:
    if isinstance(c, ThatWins):
        return True
    if isinstance(c, (And, Or)):
        return _has_that(c.left) or _has_that(c.right)
    return isinstance(c, Not) and _has_that(c.operand)


def _watched(step: Step) -> Step:
    """``step``, remembering the states won while it runs, for the `that wins` after it."""
    def watched(r: Run[GameOps]) -> Steps:
        before = len(r.ops.wins())
        yield from step(r)
        r.last = tuple(name for name, _ in r.ops.wins()[before:])
    return watched


class WinsUnparser(Unparser):
    def cond_StateIs(self, c: StateIs) -> str:
        if c.status == "in_play":
            return f"{self.expr(c.state)} is in play"
        return f"{self.expr(c.state)} is won" + (f" by {self.expr(c.by)}" if c.by is not None else "")

    def cond_ThatWins(self, c: ThatWins) -> str:
        return f"that wins {self.atom(c.state)}"


class WinsWriter(ReadsWriter):
    def cond_StateIs(self, c: StateIs) -> str:
        state = self.expr(c.state)
        if c.status == "in_play":
            return self.p["in_play_cond"].format(state)
        e = "e" if self.feminine(c.state) else ""
        return self.p["won"].format(state, e=e) if c.by is None else self.p["won_by"].format(state, self.expr(c.by))

    def cond_ThatWins(self, c: ThatWins) -> str:
        return self.p["that_wins"].format(self.expr(c.state), e="e" if self.feminine(c.state) else "")
