"""What Campaign Manager 2008's statements read: a state, a demographic group, an issue, the
property of a state or a player, the blocks of a row, the Breaking News' state. Each node with its
rules, check, work bound, compiled form, effect text and rules text (docs/language-internals.md);
the game's passes are assembled from these parts (``checker.py``, ``compiler.py``…)."""

from __future__ import annotations

import dataclasses
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Literal

from ....lang.ast import Built, Expr, Str
from ....lang.check_expr import ExprChecker
from ....lang.check_scope import ARTICLE, NUM, PLAYER, Scope
from ....lang.checker import Checker
from ....lang.compile_expr import ExprForm, Source, joined
from ....lang.compiler import Compiler
from ....lang.render import Unparser
from ....lang.text import Writer
from ....lang.tree_rules import TreeRules
from ....lang.work import Bounds
from ....values import value
from .phrases import FR_MASCULINE, NOUNS

if TYPE_CHECKING:
    from lark.tree import Meta

__all__ = ["BlocksOf", "ContextKind", "GroupName", "IssueLit", "NewsState", "Of", "Prop", "RowCount", "StateName"]


class ContextKind(StrEnum):
    """What an effect is attached to: a campaign card, a Breaking News, a Going Negative result,
    or a snippet typed by hand (the REPL's eval, a scenario's effect)."""

    CARD = "card"
    NEWS = "news"
    NEGATIVE = "negative"
    SNIPPET = "snippet"


#: The types of Campaign Manager 2008's values, beside the core's (a number, a player; a card: ``cards.py``).
STATE, ISSUE, GROUP = "state", "issue", "demographic group"


# ---- nodes ---------------------------------------------------------------------------------------


@value
class StateName(Expr):
    name: str


@value
class GroupName(Expr):
    name: str


@value
class IssueLit(Expr):
    issue: str  # "defense" | "economy"


class Prop(StrEnum):
    """A property of a state (majority, minority, key, votes) or of a player (score, sizes)."""

    MAJORITY = "majority"
    MINORITY = "minority"
    KEY = "key"
    VOTES = "votes"
    SCORE = "score"
    HAND_SIZE = "hand_size"
    DECK_SIZE = "deck_size"
    DISCARD_SIZE = "discard_size"


@value
class Of(Expr):
    """A property of a state or a player: ``the votes of S``, ``the score of you``…"""

    prop: Prop
    subject: "Expr"


@value
class BlocksOf(Expr, Built):
    player: "Expr"
    issue: "Expr"
    state: "Expr"


@value
class RowCount(Expr):
    """``the undecided blocks on I in S`` (empty white circles) or ``the blocks on I in S`` (the row's length)."""

    kind: Literal["undecided", "all"]
    issue: "Expr"
    state: "Expr"


@value
class NewsState(Expr):
    pass


NODES = (StateName, GroupName, IssueLit, Of, BlocksOf, NewsState, RowCount)

#: The properties of a player (the others are a state's).
PLAYER_PROPS = (Prop.SCORE, Prop.HAND_SIZE, Prop.DECK_SIZE, Prop.DISCARD_SIZE)


# ---- parse tree → nodes (``the blocks of P on I in S`` is ``Built``) --------------------------------


class ReadsRules(TreeRules):
    def issue(self, meta: Meta, c: list[Any]) -> IssueLit:
        return IssueLit(str(c[0]), pos=self._tok(c[0]))

    def majority_of(self, meta: Meta, c: list[Any]) -> Of:
        return Of(Prop.MAJORITY, c[0], pos=self._p(meta))

    def minority_of(self, meta: Meta, c: list[Any]) -> Of:
        return Of(Prop.MINORITY, c[0], pos=self._p(meta))

    def key_of(self, meta: Meta, c: list[Any]) -> Of:
        return Of(Prop.KEY, c[0], pos=self._p(meta))

    def votes_of(self, meta: Meta, c: list[Any]) -> Of:
        return Of(Prop.VOTES, c[0], pos=self._p(meta))

    def score_of(self, meta: Meta, c: list[Any]) -> Of:
        return Of(Prop.SCORE, c[0], pos=self._p(meta))

    def hand_size_of(self, meta: Meta, c: list[Any]) -> Of:
        return Of(Prop.HAND_SIZE, c[0], pos=self._p(meta))

    def deck_size_of(self, meta: Meta, c: list[Any]) -> Of:
        return Of(Prop.DECK_SIZE, c[0], pos=self._p(meta))

    def discard_size_of(self, meta: Meta, c: list[Any]) -> Of:
        return Of(Prop.DISCARD_SIZE, c[0], pos=self._p(meta))

    def undecided_blocks(self, meta: Meta, c: list[Any]) -> RowCount:
        return RowCount("undecided", c[0], c[1], pos=self._p(meta))

    def row_length(self, meta: Meta, c: list[Any]) -> RowCount:
        return RowCount("all", c[0], c[1], pos=self._p(meta))

    def news_state(self, meta: Meta, c: list[Any]) -> NewsState:
        return NewsState(pos=self._p(meta))


# ---- check ---------------------------------------------------------------------------------------


class ReadsChecker(Checker):
    type_BlocksOf = type_RowCount = ExprChecker.number

    def type_IssueLit(self, e: IssueLit, scope: Scope) -> str:
        return ISSUE

    def type_NewsState(self, e: NewsState, scope: Scope) -> str:
        return STATE

    def type_StateName(self, e: StateName, scope: Scope) -> str:
        return STATE  # resolved already: checking a checked tree changes nothing

    def type_GroupName(self, e: GroupName, scope: Scope) -> str:
        return GROUP

    def type_Of(self, e: Of, scope: Scope) -> str:
        return {"majority": ISSUE, "minority": ISSUE, "key": GROUP, "votes": NUM,
                "score": NUM, "hand_size": NUM, "deck_size": NUM, "discard_size": NUM}[e.prop]

    def expr_Str(self, e: Str, want: str, scope: Scope, actor: bool) -> Expr:
        if want == STATE:
            return StateName(self.name(e, e.text, self.names["state"], "state"), pos=e.pos)
        if want == GROUP:
            return GroupName(self.name(e, e.text, self.names["group"], "demographic group"), pos=e.pos)
        raise self.error(e, f'"{e.text}" is a quoted name, but {ARTICLE[want]} is expected here'
                         + (" (issues are written economy or defense, without quotes)" if want == ISSUE else ""))

    def expr_NewsState(self, e: NewsState, want: str, scope: Scope, actor: bool) -> Expr:
        if self.ctx.kind not in (ContextKind.NEWS, ContextKind.SNIPPET):
            raise self.error(e, "`the news state` exists only in Breaking News effects")
        return self.leaf(e, want, scope, actor)

    expr_IssueLit = expr_StateName = expr_GroupName = ExprChecker.leaf

    def expr_Of(self, e: Of, want: str, scope: Scope, actor: bool) -> Expr:
        self.expect(e, want, scope, actor)
        subject_t = PLAYER if e.prop in PLAYER_PROPS else STATE
        return dataclasses.replace(e, subject=self.expr(e.subject, subject_t, scope, actor))

    def expr_BlocksOf(self, e: BlocksOf, want: str, scope: Scope, actor: bool) -> Expr:
        self.expect(e, want, scope, actor)
        return dataclasses.replace(e, player=self.expr(e.player, PLAYER, scope, actor),
                                   issue=self.expr(e.issue, ISSUE, scope, actor),
                                   state=self.expr(e.state, STATE, scope, actor))

    def expr_RowCount(self, e: RowCount, want: str, scope: Scope, actor: bool) -> Expr:
        self.expect(e, want, scope, actor)
        return dataclasses.replace(e, issue=self.expr(e.issue, ISSUE, scope, actor),
                                   state=self.expr(e.state, STATE, scope, actor))


# ---- work bound ----------------------------------------------------------------------------------


class ReadsBounds(Bounds):
    upper_Of = upper_BlocksOf = upper_RowCount = Bounds.computed
    upper_StateName = upper_GroupName = upper_IssueLit = Bounds.not_a_number
    upper_NewsState = Bounds.not_a_number


# ---- compile -------------------------------------------------------------------------------------

# The Breaking News' state, read off the run itself (as the core's ``compile_expr.THE_IT``).
_THE_SUBJECT = Source("r.subject")

#: The properties ``the P of X`` reads, each through the game operation of that name.
_PROPERTIES = frozenset({"majority", "minority", "key", "votes", "score", "hand_size", "deck_size", "discard_size"})


class ReadsCompiler(Compiler):
    def constant(self, e: Expr) -> Any:
        if isinstance(e, IssueLit):
            return e.issue
        if isinstance(e, GroupName):
            return e.name
        return super().constant(e)

    def expr_StateName(self, e: StateName) -> ExprForm:
        name = self.bound(e.name)
        return joined(f"r.ops.live({name.text})", name)

    def expr_GroupName(self, e: GroupName) -> ExprForm:
        return self.bound(e.name)

    def expr_IssueLit(self, e: IssueLit) -> ExprForm:
        return self.bound(e.issue)

    def expr_NewsState(self, e: NewsState) -> ExprForm:
        return _THE_SUBJECT

    def expr_RowCount(self, e: RowCount) -> ExprForm:
        state, issue = self.src(e.state), self.src(e.issue)
        op = "undecided" if e.kind == "undecided" else "row_length"
        return joined(f"r.ops.{op}(({state.text}), ({issue.text}))", state, issue, number=True)  # 0 out of play

    def expr_BlocksOf(self, e: BlocksOf) -> ExprForm:
        state, who, issue = self.src(e.state), self.src(e.player), self.src(e.issue)
        return joined(f"r.ops.blocks(({state.text}), ({who.text}), ({issue.text}))", state, who, issue,
                      number=True)  # 0 out of play

    def expr_Of(self, e: Of) -> ExprForm:
        # Each property is the game operation of the same name (GameOps.votes, .hand_size…): a
        # name of that list, never the card's text, is what the source writes.
        if e.prop not in _PROPERTIES:
            raise TypeError(f"cannot compile {e!r}: no property {e.prop!r}")
        name = str(e.prop.value) if isinstance(e.prop, Prop) else str(e.prop)
        sub = self.src(e.subject)
        return joined(f"r.ops.{name}(({sub.text}))", sub)


# ---- effect text ---------------------------------------------------------------------------------

_OF = {"majority": "the majority issue of", "minority": "the minority issue of",
       "key": "the key demographic of", "votes": "the votes of", "score": "the score of",
       "hand_size": "the hand size of", "deck_size": "the deck size of",
       "discard_size": "the discard pile size of"}
_ROW = {"undecided": "the undecided blocks on", "all": "the blocks on"}


class ReadsUnparser(Unparser):
    def expr_StateName(self, e: StateName) -> str:
        return f'"{e.name}"'

    def expr_GroupName(self, e: GroupName) -> str:
        return f'"{e.name}"'

    def expr_IssueLit(self, e: IssueLit) -> str:
        return e.issue

    def expr_Of(self, e: Of) -> str:
        return f"{_OF[e.prop]} {self.atom(e.subject)}"

    def expr_BlocksOf(self, e: BlocksOf) -> str:
        return f"the blocks of {self.atom(e.player)} on {self.atom(e.issue)} in {self.atom(e.state)}"

    def expr_NewsState(self, e: NewsState) -> str:
        return "the news state"

    def expr_RowCount(self, e: RowCount) -> str:
        return f"{_ROW[e.kind]} {self.atom(e.issue)} in {self.atom(e.state)}"


# ---- rules text ----------------------------------------------------------------------------------

#: A state a language's glossary does not know, with its article and with "in".
_UNKNOWN_PLACE = {"en": {"the": "{0}", "in": "in {0}"}, "fr": {"the": "l'État de {0}", "in": "dans l'État de {0}"}}


class ReadsWriter(Writer):
    def expr_StateName(self, e: StateName) -> str:
        return self.place(e.name, "the")

    def place(self, name: str, form: str) -> str:
        """A named state with its article (``the``) or with "in" (``in``), from the terms."""
        known = self.terms.places.get(name)
        return known[form] if known is not None and form in known else _UNKNOWN_PLACE[self.lang][form].format(name)

    def feminine(self, e: Expr) -> bool:
        """Whether a French past participle agreeing with this state takes an "e" ("la Florida a été
        remportée"); a state's variable stands for "l'État", masculine."""
        return self.lang == "fr" and isinstance(e, StateName) and self.place(e.name, "the").startswith("la ")

    def in_state(self, e: Expr) -> str:
        """"in S", "dans le New Jersey", "en Florida", "dans l'État concerné"."""
        if isinstance(e, StateName):
            return self.place(e.name, "in")
        return self.p["in"].format(self.expr(e))

    def expr_GroupName(self, e: GroupName) -> str:
        return self.p["group"].format(self.group(e))

    def group(self, e: Expr) -> str:
        """A group's bare name, in the terms' language ("Catholiques"); another value as it reads."""
        return self.terms.names.get(e.name, e.name) if isinstance(e, GroupName) else self.expr(e)

    def expr_IssueLit(self, e: IssueLit) -> str:
        return self.p[e.issue]

    def expr_NewsState(self, e: NewsState) -> str:
        return self.p["news"]

    def expr_RowCount(self, e: RowCount) -> str:
        # An issue read from the game goes after the state: "the number of blocks of S on the majority
        # issue of S", never "the number of the majority issue of S blocks of S".
        key = f"row_{e.kind}" + ("" if isinstance(e.issue, IssueLit) else "_on")
        return self.p[key].format(issue=self.issue_of(e.issue, e.state), state=self.expr(e.state))

    def issue_of(self, issue: Expr, state: Expr, bare: bool = True) -> str:
        """An issue said next to ``state``: the state's own majority or minority issue as "its majority
        issue"; a literal ``bare`` ("côté Économie") or not ("vers l'Économie")."""
        if isinstance(issue, Of) and issue.prop in (Prop.MAJORITY, Prop.MINORITY) and issue.subject == state:
            return self.p[f"its_{issue.prop}"]
        return self.bare_issue(issue) if bare else self.expr(issue)

    def expr_Of(self, e: Of) -> str:
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

    def bare_issue(self, e: Expr) -> str:
        """An issue after "côté" in French ("côté Économie", not "côté l'Économie")."""
        if isinstance(e, IssueLit):
            return self.p.get(f"{e.issue}_bare", self.p[e.issue])
        return self.expr(e)

    def expr_BlocksOf(self, e: BlocksOf) -> str:
        who = self.expr(e.player)
        key = "blocks" if isinstance(e.issue, IssueLit) else "blocks_on"
        return self.p[key].format(issue=self.issue_of(e.issue, e.state), state=self.expr(e.state),
                                  colour=self.owned(who, "colour"))
