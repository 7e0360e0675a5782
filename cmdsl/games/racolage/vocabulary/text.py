"""Racolage Électoral's rules text, English and French (the core's writer: ``cmdsl.lang.text``)."""

from __future__ import annotations

from ....lang import ast as core
from ....lang.text import Writer
from . import nodes as N
from .phrases import PHRASES
from .render import _is_notoriety


def _cap(text: str) -> str:
    return text[0].upper() + text[1:]


class RacolageWriter(Writer):
    families = {"expr": N.EXPRS, "cond": N.CONDS, "stmt": N.STMTS}
    phrases = PHRASES

    def subject(self, e: core.Expr) -> tuple[str, bool]:
        """A statement's player as its subject, and whether that is "you"."""
        who = self.expr(e)
        return who, who == self.p["you"]

    # ---- statements ---------------------------------------------------------------------------------

    def stmt_Draw(self, s: N.Draw, indent: str, top: bool, kind: str) -> list[str]:
        if s.draw_phase:
            return [indent + self.p["draw_phase"].format(n=self.count(s.count, "media"))]
        who, you = self.subject(s.player)
        return [indent + self.p["draw"].format(Who=_cap(who), draws=self.agree("draws", you),
                                               n=self.count(s.count, s.deck.value))]

    def stmt_Skip(self, s: N.Skip, indent: str, top: bool, kind: str) -> list[str]:
        who, you = self.subject(s.player)
        words = dict(Who=_cap(who), skips=self.agree("skips", you))
        if s.count == core.Num(1):
            return [indent + self._you(who, "skip_one", **words)]
        return [indent + self.p["skip"].format(n=self.count(s.count, "turn"), **words)]

    def stmt_DiscardCards(self, s: N.DiscardCards, indent: str, top: bool, kind: str) -> list[str]:
        who, you = self.subject(s.player)
        return [indent + self.p["discard"].format(Who=_cap(who), discards=self.agree("discards", you),
                                                  n=self.count(s.count, "card"), their=self.agree("their", you))]

    def stmt_GainNotoriety(self, s: N.GainNotoriety, indent: str, top: bool, kind: str) -> list[str]:
        who, you = self.subject(s.player)
        n = self.count(s.amount, "point").strip() if self.lang == "fr" else self.expr(s.amount)
        return [indent + self.p["gain"].format(Who=_cap(who), gains=self.agree("gains", you), n=n)]

    def stmt_DiscardPermanent(self, s: N.DiscardPermanent, indent: str, top: bool, kind: str) -> list[str]:
        what = self.p[s.kind.value]
        if s.player is None:
            return [indent + self.p["discard_every"].format(kind=what)]
        who = self.expr(s.player)
        return [indent + self._you(who, "discard_of", kind=what)]

    def stmt_HandLimit(self, s: N.HandLimit, indent: str, top: bool, kind: str) -> list[str]:
        return [indent + self.p["hand_limit"].format(n=self.count(s.limit, "card"))]

    # ---- conditions and values ----------------------------------------------------------------------

    def cond_ThemeOpen(self, c: N.ThemeOpen) -> str:
        who = self.expr(c.player)
        return self.p["theme_open"].format(who=who, theme=self.expr(c.theme), can=self.agree("can", who == self.p["you"]))

    def expr_ThemeName(self, e: N.ThemeName) -> str:
        return self.terms.names.get(e.name, e.name)

    def expr_NotorietyOf(self, e: N.NotorietyOf) -> str:
        return self.possessed("final_notoriety" if e.final else "notoriety", self.expr(e.player))

    def expr_HandSizeOf(self, e: N.HandSizeOf) -> str:
        return self.possessed("hand_size", self.expr(e.player))

    def possessed(self, key: str, who: str) -> str:
        """A player's value: "your notoriety", "P's notoriety"; after a long player phrase, "the
        notoriety of the player with the most notoriety (…)" (its possessive would read badly)."""
        if self.lang == "en" and who != self.p["you"] and len(who.split()) > 3:
            return self.p[key + "_of"].format(who=who)
        return self._you(who, key, p=self.possessive(who))

    def expr_DeckSize(self, e: N.DeckSize) -> str:
        return self.p[f"deck_size_{e.deck.value}"]

    def expr_BestPlayer(self, e: core.BestPlayer) -> str:
        if _is_notoriety(e.measure):  # not counted: "the least notoriety"
            return self.p["best_notoriety"].format(extreme=self.p["n_most" if e.most else "n_least"],
                                                   tie=self._you(self.actor, "tie"))
        return super().expr_BestPlayer(e)
