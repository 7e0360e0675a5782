"""Rules text generated from the checked AST, so it cannot drift from what a card does (unlike
hand-typed card text). English by default; French (the rulebook's language) with ``lang="fr"``.

One walk over the tree; every word comes from the phrase table of the chosen language
(``phrases.py``). This module writes statements; ``text_values.py`` values and conditions.
"""

from __future__ import annotations

import re

from . import ast as A
from .phrases import EN_NUMBERS, OTHER, YOU_WORDS
from .text_values import LANGS, NO_TERMS, CondWriter, Terms
from .visitor import CONDS, EXPRS, STMTS

#: The rules text's writer (its entry points are its class methods), the languages and a set's own terms.
__all__ = ["LANGS", "NO_TERMS", "Terms", "Writer"]


class Writer(CondWriter):
    """One language's rules text: one method per node class, every word from the phrase table."""

    families = {"expr": EXPRS, "cond": CONDS, "stmt": STMTS}

    # ---- statements: each gives its lines, compound ones with their indented blocks ------

    def lines(self, stmts: tuple[A.Stmt, ...], indent: str = "", top: bool = False, kind: str = "card") -> list[str]:
        """``top``: the effect's own first level."""
        out: list[str] = []
        for s in stmts:
            # A superlative in a sentence is found first, in a sentence of its own: "Find the state in
            # play with the most electoral votes (you choose on a tie). Gain one support in that
            # state on its majority issue." (one long sentence otherwise; named twice, it is one
            # state, docs/language.md "Superlatives").
            found = set(A.bests(s))
            saved = self.found
            # (not in a choice, which offers the best states, nor in a Media Support's standing rule,
            # which finds the state each time a Breaking News is drawn)
            if len(found) == 1 and not isinstance(s, (A.ChooseState, A.ForEach, A.NewsTarget)):
                best = found.pop()
                out.append(indent + self.p["find"].format(self.expr(best)))
                self.found = best
            try:
                out += self.visit("stmt", s, indent, top, kind)
            finally:
                self.found = saved
        return out

    def stmt_Gain(self, s: A.Gain, indent: str, top: bool, kind: str) -> list[str]:
        issue = self.issue_of(s.issue, s.state)
        its = issue in (self.p["its_majority"], self.p["its_minority"])  # the state first, then "its"
        return [indent + self.p["gain_its" if its else "gain"].format(
            n=self.count(s.amount, "support"), issue=issue if its else self.expr(s.issue),
            state=self.in_state(s.state))]

    def stmt_Shift(self, s: A.Shift, indent: str, top: bool, kind: str) -> list[str]:
        return [indent + self.p["shift"].format(state=self.expr(s.state), n=self.count(s.amount, "box"),
                                                issue=self.issue_of(s.issue, s.state, bare=False))]

    def stmt_Alter(self, s: A.Alter, indent: str, top: bool, kind: str) -> list[str]:
        return [indent + self.p["alter"].format(state=self.expr(s.state))]

    def stmt_DemographicSupport(self, s: A.DemographicSupport, indent: str, top: bool, kind: str) -> list[str]:
        return [indent + self.p["demographic"].format(g=self.group(s.group), the_g=self.expr(s.group))]

    def stmt_Draw(self, s: A.Draw, indent: str, top: bool, kind: str) -> list[str]:
        return [indent + self.p["draw"].format(n=self.count(s.amount, "card"))]

    def stmt_DrawAndPlay(self, s: A.DrawAndPlay, indent: str, top: bool, kind: str) -> list[str]:
        return [indent + self.p["draw_play"].format(n=self.count(s.amount, "card"))]

    def stmt_Discard(self, s: A.Discard, indent: str, top: bool, kind: str) -> list[str]:
        if s.amount == A.Num(1):  # "as many as possible" of one card is "if you have any"
            return [indent + self.p["discard_one"]]
        return [indent + self.p["discard"].format(n=self.count(s.amount, "card"))]

    def stmt_DiscardAny(self, s: A.DiscardAny, indent: str, top: bool, kind: str) -> list[str]:
        return [indent + self.p["discard_any"].format(v=s.var)]

    def stmt_ChooseState(self, s: A.ChooseState, indent: str, top: bool, kind: str) -> list[str]:
        which = self.p["different" if s.different else "a_state"]
        if s.best is not None:
            which = self.p["choose_best"].format(which=which, most=self.p["most" if s.best.most else "fewest"],
                                                 measure=self.measure(s.best.measure))
        # With a condition, the name comes first: the condition speaks of it.
        key = "choose_state" if s.where is None else "choose_state_where"
        return [indent + self.p[key].format(which=which, where=self.where(s.where), v=s.var)]

    def stmt_ChooseIssue(self, s: A.ChooseIssue, indent: str, top: bool, kind: str) -> list[str]:
        return [indent + self.p["choose_issue"].format(v=s.var)]

    def stmt_ChooseCard(self, s: A.ChooseCard, indent: str, top: bool, kind: str) -> list[str]:
        return [indent + self.p["choose_card"].format(v=s.var)]

    def stmt_PlayCard(self, s: A.PlayCard, indent: str, top: bool, kind: str) -> list[str]:
        return [indent + self.p["play"].format(v=s.var)]

    def stmt_DiscardCard(self, s: A.DiscardCard, indent: str, top: bool, kind: str) -> list[str]:
        return [indent + self.p["discard_card"].format(v=s.var)]

    def stmt_Nothing(self, s: A.Nothing, indent: str, top: bool, kind: str) -> list[str]:
        return [indent + self.p["nothing"]]

    def stmt_RollDice(self, s: A.RollDice, indent: str, top: bool, kind: str) -> list[str]:
        # Who rolls and who carries out the results (R8.1) are both said: they are not the same player.
        p, who = self.p, self.expr(s.player)
        you = who == p["you"]
        other = OTHER[self.lang].get(who, p["opponent"])
        other_you = other == p["you"]
        words = dict(who=who, goes=p["goes_you" if you else "goes"],
                     they=p["they_you" if you else "they"].format(who=who), do=p["do"],
                     rolls=self._agree("rolls", you), other=other, gets=self._agree("gets", other_you),
                     carries=self._agree("carries", other_you))
        if isinstance(s.count, A.Num) and s.count.value == 0:
            return [indent + " ".join(p["no_die"].format(**words).split())]
        return [indent + p["dice"].format(times=self.times(s.count, start=False), **words)]

    def _agree(self, key: str, you: bool) -> str:
        """A verb agreeing with its subject: "carries|carry" (English), "applique|appliquez"."""
        forms = self.p[key].split("|")
        return forms[-1] if you and len(forms) > 1 else forms[0]

    def stmt_NewsTarget(self, s: A.NewsTarget, indent: str, top: bool, kind: str) -> list[str]:
        if s.chooser is not None:
            return [indent + self._you(self.expr(s.chooser), "news_chosen")]
        assert s.state is not None
        return [indent + self.p["news_state"].format(self.expr(s.state))]

    def stmt_Trigger(self, s: A.Trigger, indent: str, top: bool, kind: str) -> list[str]:
        return [indent + self.trigger_head(s)] + self.lines(s.body, indent + "  ", kind=kind)

    def trigger_head(self, s: A.Trigger) -> str:
        p = self.p
        who = self.expr(s.player) if s.player is not None else None
        if s.event == "news":
            return p["when_news"]
        if who is None:
            return p["when_won_any" if s.event == "won" else "end_each_turn"]
        if s.event == "end_turn":
            key = "end_turn_you" if who == p["you"] and "end_turn_you" in p else "end_turn"
            return p[key].format(who=who, p=self.possessive(who))
        return self._you(who, "when_won" if s.event == "won" else "when_negative")

    def times(self, e: A.Expr, start: bool = True) -> str:
        """"Once", "Twice", "X times"… with a capital only at the ``start`` of a sentence (never
        lower-casing the rest: it may name a state or a player)."""
        n = e.value if isinstance(e, A.Num) else None
        if n in (1, 2):
            word = self.p["once" if n == 1 else "twice"]
            return word if start else word.lower()
        if n is None:  # a number read from the game: "As many times as X"
            text = self.p["times_computed"].format(self.expr(e))
            return text if start else text[0].lower() + text[1:]
        number = EN_NUMBERS.get(n, str(n)) if self.lang == "en" else str(n)  # as counts are written
        text = self.p["times"].format(number)
        return text[0].upper() + text[1:] if start else text

    def stmt_If(self, s: A.If, indent: str, top: bool, kind: str) -> list[str]:
        p, inner = self.p, indent + "  "
        out = [indent + p["if"].format(self.cond(s.cond))] + self.lines(s.then, inner, kind=kind)
        other = s.otherwise
        while len(other) == 1 and isinstance(other[0], A.If):  # else-if chains stay flat
            out.append(indent + p["elif"].format(self.cond(other[0].cond)))
            out += self.lines(other[0].then, inner, kind=kind)
            other = other[0].otherwise
        if other:
            out.append(indent + p["else"])
            out += self.lines(other, inner, kind=kind)
        return out

    def stmt_ForEach(self, s: A.ForEach, indent: str, top: bool, kind: str) -> list[str]:
        head = self.p["for_each"].format(v=s.var, where=self.where(s.where))
        return [indent + head] + self.lines(s.body, indent + "  ", kind=kind)

    def stmt_Repeat(self, s: A.Repeat, indent: str, top: bool, kind: str) -> list[str]:
        colon = ":" if self.lang == "en" else " :"  # French puts a space before a colon
        return [f"{indent}{self.times(s.count)}{colon}"] + self.lines(s.body, indent + "  ", kind=kind)

    def stmt_As(self, s: A.As, indent: str, top: bool, kind: str) -> list[str]:
        who = self.expr(s.player)
        if who == self.p["you"] and self.actor != self.p["you"]:  # `as the opponent` nested in itself
            return self.lines(s.body, indent, kind=kind)
        who_key = s.player.who if isinstance(s.player, A.PlayerRef) else None
        saved = self.actor, self.acting
        self.actor, self.acting = who, who_key or self.acting
        try:
            body = self.lines(s.body, indent + "  ", kind=kind)
        finally:
            self.actor, self.acting = saved
        if who == self.p["you"]:
            return [indent + self.p["as_you"]] + body
        # The lines below speak to whoever acts: say so when they say "you".
        says_you = any(w in YOU_WORDS[self.lang] for line in body for w in re.findall(r"\w+", line.lower()))
        head = self.p["as_note" if says_you else "as"].format(Who=who[0].upper() + who[1:], who=who)
        return [indent + head] + body

    def stmt_ChooseOne(self, s: A.ChooseOne, indent: str, top: bool, kind: str) -> list[str]:
        inner = indent + "  "
        out = [indent + self.p["choose_one"]]
        for o in s.options:
            sub = self.lines(o, inner + "  ", kind=kind)
            out.append(f"{inner}- {sub[0].strip()}")
            out += sub[1:]
        return out

    def stmt_WhileInPlay(self, s: A.WhileInPlay, indent: str, top: bool, kind: str) -> list[str]:
        return [indent + self.p["in_play"]] + self.lines(s.body, indent + "  ", kind=kind)

    # ---- the entry points ---------------------------------------------------------------

    @classmethod
    def rules_text(cls, program: A.Program, kind: str = "card", lang: str = "en", terms: Terms = NO_TERMS) -> str:
        """The whole effect as rules text, one sentence per line, blocks indented."""
        return _finish("\n".join(cls(lang, kind, terms).lines(program.body, top=True, kind=kind)), lang)

    @classmethod
    def trigger_text(cls, trigger: A.Trigger, lang: str = "en") -> str:
        """A triggered ability's head as rules text ("When you win a state"), for the game's log."""
        return _finish(cls(lang).trigger_head(trigger).rstrip(" :"), lang)

    @classmethod
    def cost_text(cls, amount: int, lang: str = "en") -> str:
        """A card's declared discard cost (R4.6) as the first sentence of its rules text."""
        w = cls(lang)
        n = w.count(A.Num(amount), "card")
        return w.p["cost"].format(n=n, k=w.count(A.Num(amount), "other"))

    @classmethod
    def option_text(cls, stmts: tuple[A.Stmt, ...], lang: str = "en") -> str:
        """One option of a "choose one" as a single line of rules text, for the decision's label (no
        final full stop: event lines put the label inside a sentence of their own)."""
        return _finish(" ".join(line.strip() for line in cls(lang).lines(stmts)).rstrip("."), lang)

    @classmethod
    def state_choice_text(cls, s: A.ChooseState) -> str:
        """What a `choose a state` offers, in words, for its decision's prompt and the log ("a state with
        the most electoral votes (S) where the key demographic of S is Seniors"); never effect source."""
        w = cls("en")
        what = "a different state" if s.different else "a state"
        if s.best is not None or s.where is not None:
            what += " in play"
        if s.best is not None:
            what += f" with the {'most' if s.best.most else 'fewest'} {w.measure(s.best.measure)}"
        if s.where is not None:
            what += f" ({s.var}) where {w.cond(s.where)}"
        return what



_FR_CONTRACTIONS = {"de le": "du", "de les": "des", "à le": "au", "à les": "aux"}


def _finish(text: str, lang: str) -> str:
    """French contracts and elides where phrases meet: "à le nombre" → "au nombre", "de Alpha" →
    "d'Alpha" (a phrase cannot know what the next one starts with)."""
    if lang != "fr":
        return text
    text = re.sub(r"\b(de|à) (les?) ", lambda m: _FR_CONTRACTIONS[f"{m[1]} {m[2]}"] + " ", text)
    text = re.sub(r"\b([Ss])i il\b", r"\1'il", text)  # "Si il est faux" → "S'il est faux"
    return re.sub(r"\bde (?=[AEIOUÉÈaeiouéè])", "d'", text)
