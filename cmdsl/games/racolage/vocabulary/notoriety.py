"""Racolage Électoral's notoriety: `the (final) notoriety of P`, `P gains N notoriety` (RA2.3, RA11.1),
and `the player with the most notoriety`. Nodes, rules, operations and passes' parts, as
``hands.py``'s."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, Protocol

from ....lang import ast as core
from ....lang.check_expr import ExprChecker
from ....lang.check_scope import PLAYER, At
from ....lang.compile_expr import Step, Value
from ....lang.ops import CoreOps, Seat
from ....lang.run import Run
from ....lang.tree_rules import TreeRules
from ....lang.work import Bounds
from ....values import value
from .hands import HandsChecker, HandsCompiler, HandsUnparser, HandsWriter, cap

if TYPE_CHECKING:
    from lark.tree import Meta

__all__ = ["GainNotoriety", "NotorietyOf"]


@value
class NotorietyOf(core.Expr):
    """`the notoriety of P`: the sum of P's placed Media (RA2.3, RA11.1); ``final``: `the final
    notoriety of P`, with the bonuses that count at the end."""

    player: core.Expr
    final: bool = False


@value
class GainNotoriety(core.Stmt):
    """`P gains N notoriety`: a bonus kept apart, counted only at the end (RA11.1)."""

    player: core.Expr
    amount: core.Expr


NODES = (NotorietyOf, GainNotoriety)


class NotorietyOps(CoreOps, Protocol):
    """What these read of the game and do to it (``ops.RacolageOps`` gathers every family's)."""

    def notoriety(self, seat: Seat, final: bool = False) -> int:
        """The sum of ``seat``'s placed Media (RA2.3); ``final``: with its end-of-game bonuses (RA11.1)."""

    def gain_notoriety(self, seat: Seat, amount: int, cause: str | None = None) -> None:
        """A bonus of ``amount`` kept apart, counted at the end (RA11.1)."""


def _is_notoriety(m: core.Expr) -> bool:
    """Whether a superlative's measure is `notoriety` (`(the notoriety of them)`)."""
    return isinstance(m, NotorietyOf) and not m.final and isinstance(m.player, core.Them)


class NotorietyRules(TreeRules):
    def gain_notoriety(self, meta: Meta, c: list[Any]) -> GainNotoriety:
        return GainNotoriety(c[0], c[1], pos=self._p(meta))

    def notoriety_of(self, meta: Meta, c: list[Any]) -> NotorietyOf:
        return NotorietyOf(c[0], pos=self._p(meta))

    def final_notoriety_of(self, meta: Meta, c: list[Any]) -> NotorietyOf:
        return NotorietyOf(c[0], final=True, pos=self._p(meta))

    def notoriety_measure(self, meta: Meta, c: list[Any]) -> NotorietyOf:
        return NotorietyOf(core.Them(pos=self._p(meta)), pos=self._p(meta))


class NotorietyChecker(HandsChecker):
    def stmt_GainNotoriety(self, s: GainNotoriety, at: At) -> core.Stmt:
        return dataclasses.replace(s, player=self.expr(s.player, PLAYER, at.scope, at.actor),
                                   amount=self.count(s.amount, at.scope, at.actor))

    expr_NotorietyOf = HandsChecker.player_value
    type_NotorietyOf = ExprChecker.number


class NotorietyBounds(Bounds):
    stmt_GainNotoriety = Bounds.one
    upper_NotorietyOf = Bounds.computed


class NotorietyCompiler(HandsCompiler):
    def stmt_GainNotoriety(self, s: GainNotoriety, cause: str) -> Step:
        player, amount = self.expr(s.player), self.count(s.amount)
        ticks = self.ticks

        def gain(r: Run[NotorietyOps]) -> None:
            if ticks:
                r.ops.tick()
            r.ops.gain_notoriety(player(r), int(amount(r)), cause)
        return self.immediate(gain)

    def expr_NotorietyOf(self, e: NotorietyOf) -> Value:
        player, final = self.expr(e.player), e.final
        return lambda r: r.ops.notoriety(player(r), final)


class NotorietyUnparser(HandsUnparser):
    def stmt_GainNotoriety(self, s: GainNotoriety, indent: str) -> list[str]:
        return [f"{indent}{self.verb(self.expr(s.player), 'gain')} {self.expr(s.amount)} notoriety"]

    def expr_NotorietyOf(self, e: NotorietyOf) -> str:
        return f"the {'final ' if e.final else ''}notoriety of {self.atom(e.player)}"

    def expr_BestPlayer(self, e: core.BestPlayer) -> str:
        if _is_notoriety(e.measure):  # not counted: `least`, not `fewest`
            return f"the player with the {'most' if e.most else 'least'} notoriety"
        return super().expr_BestPlayer(e)


class NotorietyWriter(HandsWriter):
    def stmt_GainNotoriety(self, s: GainNotoriety, indent: str, top: bool, kind: str) -> list[str]:
        who, you = self.subject(s.player)
        n = self.count(s.amount, "point").strip() if self.lang == "fr" else self.expr(s.amount)
        return [indent + self.p["gain"].format(Who=cap(who), gains=self.agree("gains", you), n=n)]

    def expr_NotorietyOf(self, e: NotorietyOf) -> str:
        return self.possessed("final_notoriety" if e.final else "notoriety", self.expr(e.player))

    def expr_BestPlayer(self, e: core.BestPlayer) -> str:
        if _is_notoriety(e.measure):  # not counted: "the least notoriety"
            return self.p["best_notoriety"].format(extreme=self.p["n_most" if e.most else "n_least"],
                                                   tie=self._you(self.actor, "tie"))
        return super().expr_BestPlayer(e)
