"""High Card's passes over its nodes (``nodes.py``): each the core's, with a method per node it adds.
The parse tree's rules → nodes, the checker, the compiler (and the operations it calls), the
unparser, the rules text and the work bound."""

from __future__ import annotations

import dataclasses
from typing import Any, Callable, Protocol

from lark import v_args
from lark.tree import Meta

from cmdsl.lang import ast as core
from cmdsl.lang.check_scope import PLAYER, At, Scope
from cmdsl.lang.checker import Checker
from cmdsl.lang.compile_expr import Step, Value
from cmdsl.lang.compiler import Compiler
from cmdsl.lang.ops import Choice, CoreOps, Seat, Steps
from cmdsl.lang.render import Unparser
from cmdsl.lang.run import Run
from cmdsl.lang.text import Writer
from cmdsl.lang.to_ast import ToAst
from cmdsl.lang.work import Bounds

from . import nodes as N
from .phrases import PHRASES


class HighCardOps(CoreOps, Protocol):
    """What High Card's effects do to the game (``TrickOps`` implements it, on the position the driver holds)."""

    def points(self, seat: Seat) -> int: ...

    def give_card(self, giver: Seat, taker: Seat, highest: bool, cause: str | None = None) -> None:
        """The highest (or lowest) card of ``giver``'s hand goes to ``taker``'s; nothing if it is empty."""

    def choose_player(self, seat: Seat, cause: str | None = None) -> Choice[Seat]:
        """``seat`` chooses one of the players (themselves too)."""


@v_args(meta=True)
class HighCardToAst(ToAst):
    def choose_player(self, meta: Meta, c: list[Any]) -> N.ChoosePlayer:
        return N.ChoosePlayer(str(c[0]), pos=self._p(meta))

    def give_card(self, meta: Meta, c: list[Any]) -> N.GiveCard:
        return N.GiveCard(str(c[0]) == "highest", c[1], c[2], pos=self._p(meta))

    def more_points(self, meta: Meta, c: list[Any]) -> N.MorePoints:
        return N.MorePoints(c[0], c[1], pos=self._p(meta))

    def points_of(self, meta: Meta, c: list[Any]) -> N.PointsOf:
        return N.PointsOf(c[0], pos=self._p(meta))

    def points_measure(self, meta: Meta, c: list[Any]) -> N.PointsOf:
        return N.PointsOf(core.Them(pos=self._p(meta)), pos=self._p(meta))


class HighCardBounds(Bounds):
    families = {"stmt": N.STMTS, "upper": N.EXPRS}

    max_seats = 3  # T1
    stmt_ChoosePlayer = stmt_GiveCard = Bounds.one  # one choice; one card moved
    upper_PointsOf = Bounds.computed  # read from the game: counted at the cap


class HighCardChecker(Checker):
    families = {"stmt": N.STMTS, "cond": N.CONDS, "expr": N.EXPRS, "type": N.EXPRS}
    bounds = HighCardBounds

    def stmt_ChoosePlayer(self, s: N.ChoosePlayer, at: At) -> core.Stmt:
        self.need_actor(s, at.actor)
        self.bind(s, at.scope, s.var, PLAYER)
        return s

    def stmt_GiveCard(self, s: N.GiveCard, at: At) -> core.Stmt:
        return dataclasses.replace(s, giver=self.expr(s.giver, PLAYER, at.scope, at.actor),
                                   taker=self.expr(s.taker, PLAYER, at.scope, at.actor))

    def cond_MorePoints(self, c: N.MorePoints, scope: Scope, actor: bool) -> core.Cond:
        return dataclasses.replace(c, player=self.expr(c.player, PLAYER, scope, actor),
                                   than=self.expr(c.than, PLAYER, scope, actor))

    def expr_PointsOf(self, e: N.PointsOf, want: str, scope: Scope, actor: bool) -> core.Expr:
        self.expect(e, want, scope, actor)
        return dataclasses.replace(e, player=self.expr(e.player, PLAYER, scope, actor))

    type_PointsOf = Checker.number


class HighCardWriter(Writer):
    families = {"expr": N.EXPRS, "cond": N.CONDS, "stmt": N.STMTS}
    phrases = PHRASES

    def stmt_ChoosePlayer(self, s: N.ChoosePlayer, indent: str, top: bool, kind: str) -> list[str]:
        return [indent + self.p["choose_player"].format(v=s.var)]

    def stmt_GiveCard(self, s: N.GiveCard, indent: str, top: bool, kind: str) -> list[str]:
        giver, taker = self.expr(s.giver), self.expr(s.taker)
        you = giver == self.p["you"]
        to_you = taker == self.p["you"] and not you
        text = self.p["give_card_you" if to_you else "give_card"].format(giver=giver, gives=self.agree("gives", you), their=self.agree("their", you),
                                          which=self.p["highest" if s.highest else "lowest"], taker=taker)
        return [indent + text[0].upper() + text[1:]]

    def cond_MorePoints(self, c: N.MorePoints) -> str:
        who = self.expr(c.player)
        return self.p["more_points"].format(who, self.expr(c.than), has=self.agree("has", who == self.p["you"]))

    def expr_PointsOf(self, e: N.PointsOf) -> str:
        who = self.expr(e.player)
        return self._you(who, "points_of", p=self.possessive(who))

    def player_measure_words(self, m: core.Expr) -> str | None:
        return self.p["points"] if isinstance(m, N.PointsOf) and isinstance(m.player, core.Them) else None


class HighCardCompiler(Compiler):
    families = {"expr": N.EXPRS, "cond": N.CONDS, "stmt": N.STMTS}
    writer = HighCardWriter

    def stmt_ChoosePlayer(self, s: N.ChoosePlayer, cause: str) -> Step:
        var = s.var

        def choose_player(r: Run[HighCardOps]) -> Steps:
            r.vars[var] = yield from r.ops.choose_player(r.me, cause)
        return choose_player

    def stmt_GiveCard(self, s: N.GiveCard, cause: str) -> Step:
        giver, taker, highest = self.expr(s.giver), self.expr(s.taker), s.highest

        def give_card(r: Run[HighCardOps]) -> Steps:
            r.ops.tick()
            r.ops.give_card(giver(r), taker(r), highest, cause)
            return
            yield  # pragma: no cover - makes this a generator
        return give_card

    def cond_MorePoints(self, c: N.MorePoints) -> Callable[[Run[Any]], bool]:
        player, than = self.expr(c.player), self.expr(c.than)
        return lambda r: bool(r.ops.points(player(r)) > r.ops.points(than(r)))

    def expr_PointsOf(self, e: N.PointsOf) -> Value:
        player = self.expr(e.player)
        return lambda r: r.ops.points(player(r))


class HighCardUnparser(Unparser):
    families = {"expr": N.EXPRS, "cond": N.CONDS, "stmt": N.STMTS}

    def stmt_ChoosePlayer(self, s: N.ChoosePlayer, indent: str) -> list[str]:
        return [f"{indent}choose a player as {s.var}"]

    def stmt_GiveCard(self, s: N.GiveCard, indent: str) -> list[str]:
        which = "highest" if s.highest else "lowest"
        return [f"{indent}give the {which} card of {self.expr(s.giver)} to {self.expr(s.taker)}"]

    def cond_MorePoints(self, c: N.MorePoints) -> str:
        who = self.expr(c.player)
        return f"{who} {'have' if who == 'you' else 'has'} more points than {self.expr(c.than)}"

    def expr_PointsOf(self, e: N.PointsOf) -> str:
        return f"the points of {self.atom(e.player)}"

    def player_measure(self, m: core.Expr) -> str:
        return "points" if isinstance(m, N.PointsOf) and isinstance(m.player, core.Them) else super().player_measure(m)
