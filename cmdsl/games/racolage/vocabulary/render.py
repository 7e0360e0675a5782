"""Racolage Électoral's nodes back to effect text (the core's unparser: ``cmdsl.lang.render``)."""

from __future__ import annotations

from ....lang import ast as core
from ....lang.render import Unparser
from . import nodes as N


def _is_notoriety(m: core.Expr) -> bool:
    """Whether a superlative's measure is `notoriety` (`(the notoriety of them)`)."""
    return isinstance(m, N.NotorietyOf) and not m.final and isinstance(m.player, core.Them)


class RacolageUnparser(Unparser):
    families = {"expr": N.EXPRS, "cond": N.CONDS, "stmt": N.STMTS}

    def verb(self, who: str, verb: str) -> str:
        return f"{who} {verb if who == 'you' else verb + 's'}"

    def cards(self, count: core.Expr, noun: str = "card") -> str:
        return f"{self.expr(count)} {noun if count == core.Num(1) else noun + 's'}"

    def stmt_Draw(self, s: N.Draw, indent: str) -> list[str]:
        phase = " in your draw phase" if s.draw_phase else ""
        return [f"{indent}{self.verb(self.expr(s.player), 'draw')} {self.cards(s.count, s.deck.value + ' card')}{phase}"]

    def stmt_Skip(self, s: N.Skip, indent: str) -> list[str]:
        turns = "a turn" if s.count == core.Num(1) else self.cards(s.count, "turn")
        return [f"{indent}{self.verb(self.expr(s.player), 'skip')} {turns}"]

    def stmt_DiscardCards(self, s: N.DiscardCards, indent: str) -> list[str]:
        return [f"{indent}{self.verb(self.expr(s.player), 'discard')} {self.cards(s.count)}"]

    def stmt_GainNotoriety(self, s: N.GainNotoriety, indent: str) -> list[str]:
        return [f"{indent}{self.verb(self.expr(s.player), 'gain')} {self.expr(s.amount)} notoriety"]

    def stmt_DiscardPermanent(self, s: N.DiscardPermanent, indent: str) -> list[str]:
        if s.player is None:
            return [f"{indent}discard every {s.kind.value}"]
        return [f"{indent}discard the {s.kind.value} of {self.atom(s.player)}"]

    def stmt_HandLimit(self, s: N.HandLimit, indent: str) -> list[str]:
        return [f"{indent}your hand limit is {self.expr(s.limit)}"]

    def cond_ThemeOpen(self, c: N.ThemeOpen) -> str:
        return f"{self.expr(c.theme)} is open to {self.expr(c.player)}"

    def expr_ThemeName(self, e: N.ThemeName) -> str:
        return f'"{e.name}"'

    def expr_NotorietyOf(self, e: N.NotorietyOf) -> str:
        return f"the {'final ' if e.final else ''}notoriety of {self.atom(e.player)}"

    def expr_HandSizeOf(self, e: N.HandSizeOf) -> str:
        return f"the hand size of {self.atom(e.player)}"

    def expr_DeckSize(self, e: N.DeckSize) -> str:
        return f"the {e.deck.value} deck size"

    def expr_BestPlayer(self, e: core.BestPlayer) -> str:
        if _is_notoriety(e.measure):  # not counted: `least`, not `fewest`
            return f"the player with the {'most' if e.most else 'least'} notoriety"
        return super().expr_BestPlayer(e)
