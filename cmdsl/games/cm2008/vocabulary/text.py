"""Campaign Manager 2008's rules text, in English and French (the core's writer: ``cmdsl.lang.text``)."""

from __future__ import annotations


from . import nodes as A
from ....lang.text import LANGS, NO_TERMS, Terms, Writer
from .phrases import EN_POSSESSIVE, FR_MASCULINE, NOUNS, OTHER, PHRASES

__all__ = ["LANGS", "CampaignWriter", "cost_text", "option_text", "rules_text", "trigger_text"]

#: A state a language's glossary does not know, with its article and with "in".
_UNKNOWN_PLACE = {"en": {"the": "{0}", "in": "in {0}"}, "fr": {"the": "l'État de {0}", "in": "dans l'État de {0}"}}


class CampaignWriter(Writer):
    """The core's rules text, with Campaign Manager 2008's statements."""

    families = {"expr": A.EXPRS, "cond": A.CONDS, "stmt": A.STMTS}

    phrases = PHRASES
    possessives = EN_POSSESSIVE
    without_actor = frozenset({"news"})  # Breaking News: nobody acts until an `as` block

    def __init__(self, lang: str = "en", kind: str = "card", terms: Terms = NO_TERMS) -> None:
        super().__init__(lang, kind, terms)
        # The superlative a sentence before this one found ("Find the state…"): "that state" here.
        self.found: A.Best | None = None

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

    def expr_PlayerRef(self, e: A.PlayerRef) -> str:
        if e.who == A.Who.OPPONENT and self.acting == "opponent":  # under "your opponent does this" they are "you"
            return self.p["you"]
        return super().expr_PlayerRef(e)

    def expr_StateName(self, e: A.StateName) -> str:
        return self.place(e.name, "the")

    def place(self, name: str, form: str) -> str:
        """A named state with its article (``the``) or with "in" (``in``), from the terms."""
        known = self.terms.places.get(name)
        return known[form] if known is not None and form in known else _UNKNOWN_PLACE[self.lang][form].format(name)

    def feminine(self, e: A.Expr) -> bool:
        """Whether a French past participle agreeing with this state takes an "e" ("la Florida a été
        remportée"); a state's variable stands for "l'État", masculine."""
        return self.lang == "fr" and isinstance(e, A.StateName) and self.place(e.name, "the").startswith("la ")

    def in_state(self, e: A.Expr) -> str:
        """"in S", "dans le New Jersey", "en Florida", "dans l'État concerné"."""
        if isinstance(e, A.StateName):
            return self.place(e.name, "in")
        return self.p["in"].format(self.expr(e))

    def expr_GroupName(self, e: A.GroupName) -> str:
        return self.p["group"].format(self.group(e))

    def group(self, e: A.Expr) -> str:
        """A group's bare name, in the terms' language ("Catholiques"); another value as it reads."""
        return self.terms.names.get(e.name, e.name) if isinstance(e, A.GroupName) else self.expr(e)

    def expr_IssueLit(self, e: A.IssueLit) -> str:
        return self.p[e.issue]

    def expr_NewsState(self, e: A.NewsState) -> str:
        return self.p["news"]

    def expr_RowCount(self, e: A.RowCount) -> str:
        # An issue read from the game goes after the state: "the number of blocks of S on the majority
        # issue of S", never "the number of the majority issue of S blocks of S".
        key = f"row_{e.kind}" + ("" if isinstance(e.issue, A.IssueLit) else "_on")
        return self.p[key].format(issue=self.issue_of(e.issue, e.state), state=self.expr(e.state))

    def issue_of(self, issue: A.Expr, state: A.Expr, bare: bool = True) -> str:
        """An issue said next to ``state``: the state's own majority or minority issue as "its majority
        issue"; a literal ``bare`` ("côté Économie") or not ("vers l'Économie")."""
        if isinstance(issue, A.Of) and issue.prop in (A.Prop.MAJORITY, A.Prop.MINORITY) and issue.subject == state:
            return self.p[f"its_{issue.prop}"]
        return self.bare_issue(issue) if bare else self.expr(issue)

    def expr_It(self, e: A.It) -> str:
        return self.p["it"]

    def expr_Best(self, e: A.Best) -> str:
        if e == self.found:
            return self.p["found"]
        return self.p["best"].format(most=self.p["most" if e.most else "fewest"], measure=self.measure(e.measure),
                                     tie=self._you(self.actor, "tie"))

    def measure(self, m: A.Expr) -> str:
        """What a superlative compares, the state unsaid: "electoral votes", "Economy blocks in your colour"."""
        if isinstance(m, A.Of) and m.prop == A.Prop.VOTES:
            return self.p["m_votes"]
        on = "" if isinstance(m, (A.BlocksOf, A.RowCount)) and isinstance(m.issue, A.IssueLit) else "_on"
        if isinstance(m, A.BlocksOf):
            who = self.expr(m.player)
            return self.p["m_blocks" + on].format(issue=self.bare_issue(m.issue), colour=self.owned(who, "colour"))
        if isinstance(m, A.RowCount):
            key = "m_undecided" if m.kind == "undecided" else "m_row"
            return self.p[key + on].format(issue=self.bare_issue(m.issue))
        raise TypeError(f"{m!r} is not a measure (the parser builds no other)")

    def expr_Of(self, e: A.Of) -> str:
        sub = self.expr(e.subject)
        if e.prop in NOUNS[self.lang]:  # a player's: "your hand", "la main de McCain"
            return self.p[e.prop].format(self.owned(sub, e.prop))
        return self.p[e.prop].format(sub)

    def owned(self, who: str, thing: str) -> str:
        """``who``'s ``thing`` (a key of ``NOUNS``): "your score", "Obama's hand"; "votre main",
        "la pioche de votre adversaire"."""
        noun = NOUNS[self.lang][thing]
        if self.lang == "en":
            return f"{self.possessive(who)} {noun}"
        if who == self.p["you"]:
            return f"votre {noun}"
        return f"{'le' if noun in FR_MASCULINE else 'la'} {noun} de {who}"

    def bare_issue(self, e: A.Expr) -> str:
        """An issue after "côté" in French ("côté Économie", not "côté l'Économie")."""
        if isinstance(e, A.IssueLit):
            return self.p.get(f"{e.issue}_bare", self.p[e.issue])
        return self.expr(e)

    def expr_BlocksOf(self, e: A.BlocksOf) -> str:
        who = self.expr(e.player)
        key = "blocks" if isinstance(e.issue, A.IssueLit) else "blocks_on"
        return self.p[key].format(issue=self.issue_of(e.issue, e.state), state=self.expr(e.state),
                                  colour=self.owned(who, "colour"))

    def cond_Leads(self, c: A.Leads) -> str:
        return self._you(self.expr(c.player), "leads")

    def cond_MediaInPlay(self, c: A.MediaInPlay) -> str:
        return self.p["media"] if c.player is None else self._you(self.expr(c.player), "has_media")

    def cond_StateIs(self, c: A.StateIs) -> str:
        state = self.expr(c.state)
        if c.status == "in_play":
            return self.p["in_play_cond"].format(state)
        e = "e" if self.feminine(c.state) else ""
        return self.p["won"].format(state, e=e) if c.by is None else self.p["won_by"].format(state, self.expr(c.by))

    def cond_ThatWins(self, c: A.ThatWins) -> str:
        return self.p["that_wins"].format(self.expr(c.state), e="e" if self.feminine(c.state) else "")

    def where(self, c: A.Cond | None) -> str:
        return self.p["where"].format(self.cond(c)) if c is not None else ""

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

    def stmt_RollDice(self, s: A.RollDice, indent: str, top: bool, kind: str) -> list[str]:
        # Who rolls and who carries out the results (R8.1) are both said: they are not the same player.
        p, who = self.p, self.expr(s.player)
        you = who == p["you"]
        other = OTHER[self.lang].get(who, p["opponent"])
        other_you = other == p["you"]
        words = dict(who=who, goes=p["goes_you" if you else "goes"],
                     they=p["they_you" if you else "they"].format(who=who), do=p["do"],
                     rolls=self.agree("rolls", you), other=other, gets=self.agree("gets", other_you),
                     carries=self.agree("carries", other_you))
        if isinstance(s.count, A.Num) and s.count.value == 0:
            return [indent + " ".join(p["no_die"].format(**words).split())]
        return [indent + p["dice"].format(times=self.times(s.count, start=False), **words)]

    def stmt_NewsTarget(self, s: A.NewsTarget, indent: str, top: bool, kind: str) -> list[str]:
        if s.chooser is not None:
            return [indent + self._you(self.expr(s.chooser), "news_chosen")]
        assert s.state is not None
        return [indent + self.p["news_state"].format(self.expr(s.state))]

    def event_head(self, s: A.Trigger, who: str | None) -> str:
        p = self.p
        if s.event == "news":
            return p["when_news"]
        if who is None:
            return p["when_won_any"]
        return self._you(who, "when_won" if s.event == "won" else "when_negative")

    def stmt_ForEach(self, s: A.ForEach, indent: str, top: bool, kind: str) -> list[str]:
        head = self.p["for_each"].format(v=s.var, where=self.where(s.where))
        return [indent + head] + self.lines(s.body, indent + "  ", kind=kind)

    @classmethod
    def cost_text(cls, amount: int, lang: str = "en") -> str:
        """A card's declared discard cost (R4.6) as the first sentence of its rules text."""
        w = cls(lang)
        n = w.count(A.Num(amount), "card")
        return w.p["cost"].format(n=n, k=w.count(A.Num(amount), "other"))

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


rules_text = CampaignWriter.rules_text
cost_text = CampaignWriter.cost_text
option_text = CampaignWriter.option_text
trigger_text = CampaignWriter.trigger_text
