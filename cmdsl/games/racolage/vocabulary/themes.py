"""Racolage Électoral's themes (RA1.4): a theme quoted by name, and `T is open to P` (RA6.1).
Nodes, rules, operations and passes' parts, as ``hands.py``'s."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, Callable, Protocol

from ....lang import ast as core
from ....lang.check_expr import ExprChecker
from ....lang.check_scope import PLAYER, Scope
from ....lang.checker import Checker
from ....lang.compile_expr import Value
from ....lang.compiler import Compiler
from ....lang.ops import CoreOps, Seat
from ....lang.render import Unparser
from ....lang.run import Run
from ....lang.text import Writer
from ....lang.tree_rules import TreeRules
from ....lang.work import Bounds
from ....values import value

if TYPE_CHECKING:
    from lark.tree import Meta

__all__ = ["ThemeName", "ThemeOpen"]

#: Racolage's type: a theme (RA1.4).
THEME = "theme"


@value
class ThemeName(core.Expr):
    """A theme, quoted (`"Economy"`), as the checker resolved it against the set's themes."""

    name: str


@value
class ThemeOpen(core.Cond):
    """`T is open to P`: P may place Media of theme T (the Event's, or P's Catchphrase's: RA6.1)."""

    theme: core.Expr
    player: core.Expr


NODES = (ThemeName, ThemeOpen)


class ThemesOps(CoreOps, Protocol):
    """What these read of the game (``ops.RacolageOps`` gathers every family's)."""

    def theme_open(self, theme: str, seat: Seat) -> bool:
        """Whether ``seat`` may place Media of ``theme`` now (the Event's, or its Catchphrase's: RA6.1)."""


class ThemesRules(TreeRules):
    def theme_open(self, meta: Meta, c: list[Any]) -> ThemeOpen:
        return ThemeOpen(c[0], c[1], pos=self._p(meta))


class ThemesChecker(Checker):
    def cond_ThemeOpen(self, c: ThemeOpen, scope: Scope, actor: bool) -> core.Cond:
        return dataclasses.replace(c, theme=self.expr(c.theme, THEME, scope, actor),
                                   player=self.expr(c.player, PLAYER, scope, actor))

    def expr_Str(self, e: core.Str, want: str, scope: Scope, actor: bool) -> core.Expr:
        if want == THEME:
            return ThemeName(self.name(e, e.text, self.names[THEME], THEME), pos=e.pos)
        return super().expr_Str(e, want, scope, actor)

    expr_ThemeName = ExprChecker.leaf

    def type_ThemeName(self, e: ThemeName, scope: Scope) -> str:
        return THEME


class ThemesBounds(Bounds):
    upper_ThemeName = Bounds.not_a_number


class ThemesCompiler(Compiler):
    def cond_ThemeOpen(self, c: ThemeOpen) -> Callable[[Run[Any]], bool]:
        theme, player = self.expr(c.theme), self.expr(c.player)
        return lambda r: bool(r.ops.theme_open(theme(r), player(r)))

    def expr_ThemeName(self, e: ThemeName) -> Value:
        name = e.name
        return lambda r: name


class ThemesUnparser(Unparser):
    def cond_ThemeOpen(self, c: ThemeOpen) -> str:
        return f"{self.expr(c.theme)} is open to {self.expr(c.player)}"

    def expr_ThemeName(self, e: ThemeName) -> str:
        return f'"{e.name}"'


class ThemesWriter(Writer):
    def cond_ThemeOpen(self, c: ThemeOpen) -> str:
        who = self.expr(c.player)
        return self.p["theme_open"].format(who=who, theme=self.expr(c.theme), can=self.agree("can", who == self.p["you"]))

    def expr_ThemeName(self, e: ThemeName) -> str:
        return self.terms.names.get(e.name, e.name)
