"""High Card's words for points: `P has more points than Q`, `the points of P`, and `points` in a
superlative (`the player with the most points`). Nodes, rules, operations and passes' parts, as
``hands.py``'s."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Protocol

from cmdsl.lang import ast as core
from cmdsl.lang.check_scope import PLAYER, Scope
from cmdsl.lang.checker import Checker
from cmdsl.lang.compile_expr import Value
from cmdsl.lang.compiler import Compiler
from cmdsl.lang.ops import CoreOps, Seat
from cmdsl.lang.render import Unparser
from cmdsl.lang.run import Run
from cmdsl.lang.text import Writer
from cmdsl.lang.tree_rules import TreeRules
from cmdsl.lang.work import Bounds

if TYPE_CHECKING:
    from lark.tree import Meta

__all__ = ["MorePoints", "PointsOf"]


@dataclass(frozen=True)
class MorePoints(core.Cond):
    """`P has more points than Q`."""

    player: core.Expr
    than: core.Expr


@dataclass(frozen=True)
class PointsOf(core.Expr):
    """`the points of P`: P's score (`points` in a superlative: `the player with the most points`)."""

    player: core.Expr


NODES = (PointsOf, MorePoints)


class PointsOps(CoreOps, Protocol):
    """What these read of the game (``passes.HighCardOps`` gathers every family's)."""

    def points(self, seat: Seat) -> int: ...


class PointsRules(TreeRules):
    def more_points(self, meta: Meta, c: list[Any]) -> MorePoints:
        return MorePoints(c[0], c[1], pos=self._p(meta))

    def points_of(self, meta: Meta, c: list[Any]) -> PointsOf:
        return PointsOf(c[0], pos=self._p(meta))

    def points_measure(self, meta: Meta, c: list[Any]) -> PointsOf:
        return PointsOf(core.Them(pos=self._p(meta)), pos=self._p(meta))


class PointsBounds(Bounds):
    upper_PointsOf = Bounds.computed  # read from the game: counted at the cap


class PointsChecker(Checker):
    def cond_MorePoints(self, c: MorePoints, scope: Scope, actor: bool) -> core.Cond:
        return dataclasses.replace(c, player=self.expr(c.player, PLAYER, scope, actor),
                                   than=self.expr(c.than, PLAYER, scope, actor))

    def expr_PointsOf(self, e: PointsOf, want: str, scope: Scope, actor: bool) -> core.Expr:
        self.expect(e, want, scope, actor)
        return dataclasses.replace(e, player=self.expr(e.player, PLAYER, scope, actor))

    type_PointsOf = Checker.number


class PointsWriter(Writer):
    def cond_MorePoints(self, c: MorePoints) -> str:
        who = self.expr(c.player)
        return self.p["more_points"].format(who, self.expr(c.than), has=self.agree("has", who == self.p["you"]))

    def expr_PointsOf(self, e: PointsOf) -> str:
        who = self.expr(e.player)
        return self._you(who, "points_of", p=self.possessive(who))

    def player_measure_words(self, m: core.Expr) -> str | None:
        return self.p["points"] if isinstance(m, PointsOf) and isinstance(m.player, core.Them) else None


class PointsCompiler(Compiler):
    def cond_MorePoints(self, c: MorePoints) -> Callable[[Run[Any]], bool]:
        player, than = self.expr(c.player), self.expr(c.than)
        return lambda r: bool(r.ops.points(player(r)) > r.ops.points(than(r)))

    def expr_PointsOf(self, e: PointsOf) -> Value:
        player = self.expr(e.player)
        return lambda r: r.ops.points(player(r))


class PointsUnparser(Unparser):
    def cond_MorePoints(self, c: MorePoints) -> str:
        who = self.expr(c.player)
        return f"{who} {'have' if who == 'you' else 'has'} more points than {self.expr(c.than)}"

    def expr_PointsOf(self, e: PointsOf) -> str:
        return f"the points of {self.atom(e.player)}"

    def player_measure(self, m: core.Expr) -> str:
        return "points" if isinstance(m, PointsOf) and isinstance(m.player, core.Them) else super().player_measure(m)
