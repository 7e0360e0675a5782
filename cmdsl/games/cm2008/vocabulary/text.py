"""Campaign Manager 2008's rules text, in English and French (the core's writer: ``cmdsl.lang.text``),
assembled from its node families' parts (each beside its nodes): here, only what spans them."""

from __future__ import annotations


from . import nodes as A
from ....lang.text import LANGS, Writer
from .cards import CardsWriter
from .media import MediaWriter
from .naming import named
from .phrases import EN_POSSESSIVE, PHRASES
from .players import PlayersWriter
from .reads import ReadsWriter
from .states import StatesWriter
from .superlatives import SuperlativesWriter
from .support import SupportWriter
from .wins import WinsWriter

__all__ = ["LANGS", "CampaignWriter", "cost_text", "option_text", "rules_text", "trigger_text"]


class CampaignWriter(PlayersWriter, SupportWriter, CardsWriter, StatesWriter, WinsWriter, MediaWriter,
                     SuperlativesWriter, ReadsWriter, Writer):
    """The core's rules text, with Campaign Manager 2008's statements."""

    families = {"expr": A.EXPRS, "cond": A.CONDS, "stmt": A.STMTS}

    phrases = PHRASES
    possessives = EN_POSSESSIVE
    without_actor = frozenset({"news"})  # Breaking News: nobody acts until an `as` block

    def sentences(self, s: A.Stmt, indent: str, top: bool, kind: str) -> list[str]:
        # A superlative in a sentence is found first, in a sentence of its own: "Find the state in
        # play with the most electoral votes (you choose on a tie). Gain one support in that
        # state on its majority issue." (one long sentence otherwise; named twice, it is one
        # state, docs/language.md "Superlatives").
        found = set(A.bests(s))
        saved, out = self.found, []
        # (not in a choice, which offers the best states, nor in a Media Support's standing rule,
        # which finds the state each time a Breaking News is drawn)
        if len(found) == 1 and not isinstance(s, (A.ChooseState, A.ForEach, A.NewsTarget)):
            best = found.pop()
            out.append(indent + self.p["find"].format(self.expr(best)))
            self.found = best
        try:
            return out + super().sentences(s, indent, top, kind)
        finally:
            self.found = saved

    def begin(self, program: A.Program) -> None:
        # the variables a printed card names by their kind ("that state"), not by their letter
        self.named = {var: self.p[kind.value] for var, kind in named(program).items()}

    def count(self, e: A.Expr, noun: str) -> str:
        if isinstance(e, A.Var) and e.name in self.named:  # "as many supports as cards discarded"
            return self.p["count_named"].format(many=self.p[noun].split("|")[1])
        return super().count(e, noun)

    @classmethod
    def cost_text(cls, amount: int, lang: str = "en") -> str:
        """A card's declared discard cost (R4.6) as the first sentence of its rules text."""
        w = cls(lang)
        n = w.count(A.Num(amount), "card")
        return w.p["cost"].format(n=n, k=w.count(A.Num(amount), "other"))


rules_text = CampaignWriter.rules_text
cost_text = CampaignWriter.cost_text
option_text = CampaignWriter.option_text
trigger_text = CampaignWriter.trigger_text
