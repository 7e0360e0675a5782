"""Racolage Électoral's effects checked: names, types, where its abilities stand (the core's
checker: ``cmdsl.lang.checker``)."""

from __future__ import annotations

import dataclasses
from types import MappingProxyType
from typing import Iterable

from ....lang import ast as core
from ....lang.check_expr import ExprChecker
from ....lang.check_scope import ARTICLE, NUM, PLAYER, At, Scope
from ....lang.checker import Checker, Names
from . import nodes as N
from .work import RacolageBounds

#: Racolage's type: a theme (RA1.4).
THEME = "theme"


def racolage_names(themes: Iterable[str]) -> Names:
    """The names a Racolage effect may quote: its set's themes."""
    return Names.of(theme=themes)


class RacolageChecker(Checker):
    families = {"stmt": N.STMTS, "cond": N.CONDS, "expr": N.EXPRS, "type": N.EXPRS}
    bounds = RacolageBounds
    articles = MappingProxyType({**ARTICLE, THEME: "a theme"})
    ability_outside = "this is a Privilege's ability: it belongs inside `while in play:`"
    only_abilities = ("only abilities may appear inside `while in play:` (`your hand limit is N`, "
                      "`you draw N media cards in your draw phase`, `at the end of your turn:`)")
    no_abilities = "`while in play:` is only for permanent Actions (Privilege, Catchphrase, Direct Action)"

    def is_ability(self, s: core.Stmt) -> bool:
        return isinstance(s, N.HandLimit) or (isinstance(s, N.Draw) and s.draw_phase) or super().is_ability(s)

    # ---- statements ---------------------------------------------------------------------------------

    def stmt_Draw(self, s: N.Draw, at: At) -> core.Stmt:
        if s.draw_phase:
            if s.player != core.PlayerRef("you"):
                raise self.error(s.player, "a draw phase is its owner's: write `you draw N media cards in your draw phase`")
            if s.deck is not N.Deck.MEDIA:
                raise self.error(s, "the draw phase draws Media cards (RA4.1): `you draw N media cards in your draw phase`")
            self.read_later(s, "how many cards the draw phase draws")
        return dataclasses.replace(s, player=self.expr(s.player, PLAYER, at.scope, at.actor),
                                   count=self.count(s.count, at.scope, at.actor, "draw"))

    def stmt_Skip(self, s: N.Skip, at: At) -> core.Stmt:
        return dataclasses.replace(s, player=self.expr(s.player, PLAYER, at.scope, at.actor),
                                   count=self.count(s.count, at.scope, at.actor))

    def stmt_DiscardCards(self, s: N.DiscardCards, at: At) -> core.Stmt:
        return dataclasses.replace(s, player=self.expr(s.player, PLAYER, at.scope, at.actor),
                                   count=self.count(s.count, at.scope, at.actor, "discard"))

    def stmt_GainNotoriety(self, s: N.GainNotoriety, at: At) -> core.Stmt:
        return dataclasses.replace(s, player=self.expr(s.player, PLAYER, at.scope, at.actor),
                                   amount=self.count(s.amount, at.scope, at.actor))

    def stmt_DiscardPermanent(self, s: N.DiscardPermanent, at: At) -> core.Stmt:
        player = self.expr(s.player, PLAYER, at.scope, at.actor) if s.player is not None else None
        return dataclasses.replace(s, player=player)

    def stmt_HandLimit(self, s: N.HandLimit, at: At) -> core.Stmt:
        self.read_later(s, "the hand limit")
        return dataclasses.replace(s, limit=self.count(s.limit, at.scope, at.actor))

    # ---- conditions and values ----------------------------------------------------------------------

    def cond_ThemeOpen(self, c: N.ThemeOpen, scope: Scope, actor: bool) -> core.Cond:
        return dataclasses.replace(c, theme=self.expr(c.theme, THEME, scope, actor),
                                   player=self.expr(c.player, PLAYER, scope, actor))

    def expr_Str(self, e: core.Str, want: str, scope: Scope, actor: bool) -> core.Expr:
        if want == THEME:
            return N.ThemeName(self.name(e, e.text, self.names[THEME], THEME), pos=e.pos)
        return super().expr_Str(e, want, scope, actor)

    def expr_NotorietyOf(self, e: N.NotorietyOf | N.HandSizeOf, want: str, scope: Scope, actor: bool) -> core.Expr:
        self.expect(e, want, scope, actor)
        return dataclasses.replace(e, player=self.expr(e.player, PLAYER, scope, actor))

    expr_HandSizeOf = expr_NotorietyOf
    expr_ThemeName = expr_DeckSize = ExprChecker.leaf

    def type_ThemeName(self, e: N.ThemeName, scope: Scope) -> str:
        return THEME

    type_NotorietyOf = type_HandSizeOf = type_DeckSize = ExprChecker.number


__all__ = ["NUM", "THEME", "RacolageChecker", "racolage_names"]
