"""The rules text of values and conditions (``text.py`` writes statements on top of these): one
method per node class, every word from the phrase table (``phrases.py``)."""

from __future__ import annotations

from dataclasses import field
from types import MappingProxyType
from typing import ClassVar, Mapping

from . import ast as A
from .phrases import EN_NUMBERS, EN_POSSESSIVE, PHRASES
from .visitor import Visitor
from ..values import value

LANGS = ("en", "fr")

_NO_PLACES: Mapping[str, Mapping[str, str]] = MappingProxyType({})
_NO_NAMES: Mapping[str, str] = MappingProxyType({})


@value
class Terms:
    """How one language names a card set's own things, as data (they are its designer's): ``places``
    maps a place to its name with an article (``the``) and with "in" (``in``), in
    languages that need them; ``names`` translates the name of another of its things (a group, a
    theme). A name not listed reads as the game's vocabulary says."""

    places: Mapping[str, Mapping[str, str]] = field(default_factory=lambda: _NO_PLACES)
    names: Mapping[str, str] = field(default_factory=lambda: _NO_NAMES)


NO_TERMS = Terms()


class ValueWriter(Visitor):
    """One language's rules text of values and conditions."""

    #: every word of the text, by language (a game's vocabulary adds its own)
    phrases: ClassVar[Mapping[str, Mapping[str, str]]] = PHRASES
    #: the English possessive of each player as the text names them ("your")
    possessives: ClassVar[Mapping[str, str]] = EN_POSSESSIVE
    #: the kinds of effect nobody acts in, where the active player breaks a tie (a game's)
    without_actor: ClassVar[frozenset[str]] = frozenset()

    def __init__(self, lang: str = "en", kind: str = "card", terms: Terms = NO_TERMS) -> None:
        if lang not in LANGS:
            raise ValueError(f"unknown language {lang!r}; known: {', '.join(LANGS)}")
        self.lang = lang
        self.p = self.phrases[lang]
        self.terms = terms
        # Who acts where the text is: who breaks a tie (where nobody acts, the active player, until
        # an `as` block says who acts). ``acting`` is the same player as the effect names them.
        self.actor = self.p["active" if kind in self.without_actor else "you"]
        self.acting = "active" if kind in self.without_actor else "you"
        # How the text names each variable a printed card would not show: "that state" for S
        # (a game's writer fills it from the whole effect, ``Writer.begin``); others keep their letter.
        self.named: Mapping[str, str] = _NO_NAMES

    def called(self, var: str) -> str:
        """A variable as the text names it: its words where the whole effect allows, else its letter."""
        return self.named.get(var, var)

    def binding(self, key: str, var: str) -> str:
        """The phrase key of a statement binding ``var``: ``key``, or its ``_named`` form (which says
        no letter) where the text names the variable by its kind."""
        return key + "_named" if var in self.named else key

    # ---- values --------------------------------------------------------------------

    def expr(self, e: A.Expr) -> str:
        return str(self.visit("expr", e))

    def expr_Num(self, e: A.Num) -> str:
        return str(e.value)

    def expr_Str(self, e: A.Str) -> str:
        return e.text

    def expr_Var(self, e: A.Var) -> str:
        return self.called(e.name)

    def expr_PlayerRef(self, e: A.PlayerRef) -> str:
        return self.p[e.who]

    def expr_Them(self, e: A.Them) -> str:
        return self.p["them"]

    def expr_BestPlayer(self, e: A.BestPlayer) -> str:
        words = self.player_measure_words(e.measure)
        if words is not None:  # the game's words for the measure: "the player with the most points"
            return self.p["best_player_words"].format(words=words, tie=self._you(self.actor, "tie"),
                                                      extreme=self.p["words_most" if e.most else "words_fewest"])
        return self.p["best_player"].format(measure=self.expr(e.measure), tie=self._you(self.actor, "tie"),
                                            extreme=self.p["best_most" if e.most else "best_fewest"])

    def expr_ChosenPlayer(self, e: A.ChosenPlayer) -> str:
        return self._you(self.expr(e.chooser), "another" if e.other else "chosen")

    def player_measure_words(self, m: A.Expr) -> str | None:
        """The game's words for what a superlative over players measures ("points"), if it has some."""
        return None

    def expr_Arith(self, e: A.Arith) -> str:
        # "5 minus 2 minus 1" reads left to right, as the effect does: a sum on the right of a
        # sum keeps its parentheses ("5 minus (2 minus 1)"), as in the effect text.
        right = self.expr(e.right)
        if isinstance(e.right, A.Arith):
            right = f"({right})"
        return f"{self.expr(e.left)} {self.p[e.op]} {right}"

    def possessive(self, who: str) -> str:
        return self.possessives.get(who, f"{who}'s") if self.lang == "en" else who

    def count(self, e: A.Expr, noun: str) -> str:
        one, many = self.p[noun].split("|")
        if isinstance(e, A.Num):
            n = e.value
            number = EN_NUMBERS.get(n, str(n)) if self.lang == "en" else str(n)
            return f"{number} {one if n == 1 else many}"
        return f"{self.expr(e)} {many}"

    def agree(self, key: str, you: bool) -> str:
        """A word agreeing with its subject, from a phrase of forms "it|you": "carries|carry",
        "applique|appliquez" (the second when the subject is "you")."""
        forms = self.p[key].split("|")
        return forms[-1] if you and len(forms) > 1 else forms[0]

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

    def cond_And(self, c: A.And) -> str:
        return self.p["and"].format(self.cond(c.left, A.And), self.cond(c.right, A.And))

    def cond_Or(self, c: A.Or) -> str:
        return self.p["or"].format(self.cond(c.left, A.Or), self.cond(c.right, A.Or))

    def cond_Not(self, c: A.Not) -> str:
        return self.p["not"].format(self.cond(c.operand, A.Not))


