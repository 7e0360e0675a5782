"""The rules text of values and conditions (``text.py`` writes statements on top of these): one
method per node class, every word from the phrase table (``phrases.py``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

from . import ast as A
from .phrases import EN_NUMBERS, EN_POSSESSIVE, FR_MASCULINE, NOUNS, PHRASES
from .visitor import Visitor

LANGS = ("en", "fr")

_NO_PLACES: Mapping[str, Mapping[str, str]] = MappingProxyType({})
_NO_GROUPS: Mapping[str, str] = MappingProxyType({})


@dataclass(frozen=True)
class Terms:
    """How one language names a card set's own things, as data (a set's states and groups are its
    designer's): ``places`` maps a state to its name with an article (``the``: "le New Jersey") and
    with "in" (``in``: "dans le New Jersey"); ``groups`` translates a demographic group. A name not
    listed reads as written (English), or "l'État de X" in French."""

    places: Mapping[str, Mapping[str, str]] = field(default_factory=lambda: _NO_PLACES)
    groups: Mapping[str, str] = field(default_factory=lambda: _NO_GROUPS)


NO_TERMS = Terms()
#: A state a language's glossary does not know, with its article and with "in".
_UNKNOWN_PLACE = {"en": {"the": "{0}", "in": "in {0}"}, "fr": {"the": "l'État de {0}", "in": "dans l'État de {0}"}}


class ValueWriter(Visitor):
    """One language's rules text of values and conditions."""

    def __init__(self, lang: str = "en", kind: str = "card", terms: Terms = NO_TERMS) -> None:
        if lang not in LANGS:
            raise ValueError(f"unknown language {lang!r}; known: {', '.join(LANGS)}")
        self.lang = lang
        self.p = PHRASES[lang]
        self.terms = terms
        # Who acts where the text is: who breaks a superlative's tie (Breaking News: nobody, so
        # the active player, until an `as` block says who acts). ``acting`` is the same player as
        # the effect names them ("you", "opponent"…).
        self.actor = self.p["active" if kind == "news" else "you"]
        self.acting = "active" if kind == "news" else "you"
        # The superlative a sentence before this one found ("Find the state…"): "that state" here.
        self.found: A.Best | None = None

    # ---- values --------------------------------------------------------------------

    def expr(self, e: A.Expr) -> str:
        return str(self.visit("expr", e))

    def expr_Num(self, e: A.Num) -> str:
        return str(e.value)

    def expr_Str(self, e: A.Str) -> str:
        return e.text

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
        return self.terms.groups.get(e.name, e.name) if isinstance(e, A.GroupName) else self.expr(e)

    def expr_Var(self, e: A.Var) -> str:
        return e.name

    def expr_IssueLit(self, e: A.IssueLit) -> str:
        return self.p[e.issue]

    def expr_PlayerRef(self, e: A.PlayerRef) -> str:
        if e.who == A.Who.OPPONENT and self.acting == "opponent":  # under "your opponent does this" they are "you"
            return self.p["you"]
        return self.p[e.who]

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

    def expr_Arith(self, e: A.Arith) -> str:
        # "5 minus 2 minus 1" reads left to right, as the effect does: a sum on the right of a
        # sum keeps its parentheses ("5 minus (2 minus 1)"), as in the effect text.
        right = self.expr(e.right)
        if isinstance(e.right, A.Arith):
            right = f"({right})"
        return f"{self.expr(e.left)} {self.p[e.op]} {right}"

    def possessive(self, who: str) -> str:
        return EN_POSSESSIVE.get(who, f"{who}'s") if self.lang == "en" else who

    def count(self, e: A.Expr, noun: str) -> str:
        one, many = self.p[noun].split("|")
        if isinstance(e, A.Num):
            n = e.value
            number = EN_NUMBERS.get(n, str(n)) if self.lang == "en" else str(n)
            return f"{number} {one if n == 1 else many}"
        return f"{self.expr(e)} {many}"

    def _you(self, who: str, key: str, **kw: str) -> str:
        you = who == self.p["you"]
        return self.p[key + "_you" if you else key].format(who=who, **kw)



class CondWriter(ValueWriter):
    """One language's rules text of conditions, on top of values."""

    # ---- conditions ------------------------------------------------------------------
    # Prose has no precedence: "it is not the case that A or B" could mean either tree. So a
    # condition inside another is bracketed unless the reading is the same either way (an `and`
    # inside an `and`, an `or` inside an `or`, a `not` inside a `not`).

    def cond(self, c: A.Cond, inside: type[A.Node] | None = None) -> str:
        text = str(self.visit("cond", c))
        compound = isinstance(c, (A.And, A.Or, A.Not))
        return f"({text})" if compound and inside is not None and type(c) is not inside else text

    def cond_Compare(self, c: A.Compare) -> str:
        return f"{self.expr(c.left)} {self.p[c.op]} {self.expr(c.right)}"

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

    def cond_And(self, c: A.And) -> str:
        return self.p["and"].format(self.cond(c.left, A.And), self.cond(c.right, A.And))

    def cond_Or(self, c: A.Or) -> str:
        return self.p["or"].format(self.cond(c.left, A.Or), self.cond(c.right, A.Or))

    def cond_Not(self, c: A.Not) -> str:
        return self.p["not"].format(self.cond(c.operand, A.Not))

    def where(self, c: A.Cond | None) -> str:
        return self.p["where"].format(self.cond(c)) if c is not None else ""


