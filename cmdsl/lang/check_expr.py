"""The checker's expressions and conditions: their names resolved, their types checked against the
place that wants them (``checker.py`` checks statements on top of these)."""

from __future__ import annotations

import dataclasses

from ..errors import CardError, Located, did_you_mean
from . import ast as A
from .check_scope import (ARTICLE, PLAYER_PROPS, CARD, GROUP, ISSUE, MAX_LITERAL, NUM, PLAYER, STATE, Context,
                          ContextKind, Names, Scope)
from .origin import Origin
from .visitor import Visitor


class ExprChecker(Visitor):
    """Checks the conditions and expressions of one effect."""

    def __init__(self, names: Names, ctx: Context, origin: Origin) -> None:
        self.names = names
        self.ctx = ctx
        self.origin = origin
        # Where the expression or condition being checked stands: inside a superlative's measure
        # (`it` is the state measured), in the condition of an `if` after another statement.
        self._measuring = 0
        self._that_ok = False

    def error(self, node: A.Node, message: str, hint: str | None = None) -> CardError:
        return CardError(message, Located(self.origin.file, node.pos.line, node.pos.col, self.origin.item),
                         hint=hint)

    # ---- the type of an expression ---------------------------------------------

    def type_of(self, e: A.Expr, scope: Scope, actor: bool) -> str:
        typ: str = self.visit("type", e, scope)
        return typ

    def number(self, e: A.Expr, scope: Scope) -> str:
        return NUM

    type_Num = type_Arith = type_BlocksOf = type_RowCount = number

    def type_It(self, e: A.It, scope: Scope) -> str:
        return STATE

    def type_Best(self, e: A.Best, scope: Scope) -> str:
        return STATE

    def type_IssueLit(self, e: A.IssueLit, scope: Scope) -> str:
        return ISSUE

    def type_PlayerRef(self, e: A.PlayerRef, scope: Scope) -> str:
        return PLAYER

    def type_NewsState(self, e: A.NewsState, scope: Scope) -> str:
        return STATE

    def type_StateName(self, e: A.StateName, scope: Scope) -> str:
        return STATE  # resolved already: checking a checked tree changes nothing

    def type_GroupName(self, e: A.GroupName, scope: Scope) -> str:
        return GROUP

    def type_Var(self, e: A.Var, scope: Scope) -> str:
        got = scope.lookup(e.name)
        if got is None:
            self.var_of_type(e, e.name, NUM, scope)  # raises: not bound
        assert got is not None
        return got

    def type_Of(self, e: A.Of, scope: Scope) -> str:
        return {"majority": ISSUE, "minority": ISSUE, "key": GROUP, "votes": NUM,
                "score": NUM, "hand_size": NUM, "deck_size": NUM, "discard_size": NUM}[e.prop]

    def type_Str(self, e: A.Str, scope: Scope) -> str:
        raise self.error(e, "a quoted name needs context")

    # ---- expressions: checked against the type the place wants --------------------

    def expr(self, e: A.Expr, want: str, scope: Scope, actor: bool) -> A.Expr:
        checked: A.Expr = self.visit("expr", e, want, scope, actor)
        return checked

    def expect(self, e: A.Expr, want: str, scope: Scope, actor: bool) -> None:
        got = self.type_of(e, scope, actor)
        if got != want:
            raise self.error(e, f"expected {ARTICLE[want]} here, not {ARTICLE[got]}")

    def expr_Str(self, e: A.Str, want: str, scope: Scope, actor: bool) -> A.Expr:
        if want == STATE:
            return A.StateName(self.name(e, e.text, self.names.states, "state"), pos=e.pos)
        if want == GROUP:
            return A.GroupName(self.name(e, e.text, self.names.groups, "demographic group"), pos=e.pos)
        raise self.error(e, f'"{e.text}" is a quoted name, but {ARTICLE[want]} is expected here'
                         + (" (issues are written economy or defense, without quotes)" if want == ISSUE else ""))

    def expr_PlayerRef(self, e: A.PlayerRef, want: str, scope: Scope, actor: bool) -> A.Expr:
        if e.who in (A.Who.YOU, A.Who.OPPONENT):
            self.need_actor(e, actor)
        return self.leaf(e, want, scope, actor)

    def expr_Num(self, e: A.Num, want: str, scope: Scope, actor: bool) -> A.Expr:
        if e.value > MAX_LITERAL:
            raise self.error(e, f"{e.value} is too large: numbers are at most {MAX_LITERAL}")
        return self.leaf(e, want, scope, actor)

    def expr_NewsState(self, e: A.NewsState, want: str, scope: Scope, actor: bool) -> A.Expr:
        if self.ctx.kind not in (ContextKind.NEWS, ContextKind.SNIPPET):
            raise self.error(e, "`the news state` exists only in Breaking News effects")
        return self.leaf(e, want, scope, actor)

    def leaf(self, e: A.Expr, want: str, scope: Scope, actor: bool) -> A.Expr:
        """An expression without parts: right if its type is the one wanted."""
        self.expect(e, want, scope, actor)
        return e

    expr_Var = expr_IssueLit = expr_StateName = expr_GroupName = leaf

    def expr_Of(self, e: A.Of, want: str, scope: Scope, actor: bool) -> A.Expr:
        self.expect(e, want, scope, actor)
        subject_t = PLAYER if e.prop in PLAYER_PROPS else STATE
        return dataclasses.replace(e, subject=self.expr(e.subject, subject_t, scope, actor))

    def expr_BlocksOf(self, e: A.BlocksOf, want: str, scope: Scope, actor: bool) -> A.Expr:
        self.expect(e, want, scope, actor)
        return dataclasses.replace(e, player=self.expr(e.player, PLAYER, scope, actor),
                                   issue=self.expr(e.issue, ISSUE, scope, actor),
                                   state=self.expr(e.state, STATE, scope, actor))

    def expr_RowCount(self, e: A.RowCount, want: str, scope: Scope, actor: bool) -> A.Expr:
        self.expect(e, want, scope, actor)
        return dataclasses.replace(e, issue=self.expr(e.issue, ISSUE, scope, actor),
                                   state=self.expr(e.state, STATE, scope, actor))

    def expr_It(self, e: A.It, want: str, scope: Scope, actor: bool) -> A.Expr:
        if not self._measuring:  # the parser writes `It` only in a measure; a hand-built tree may not
            raise self.error(e, "`it` (the state measured) stands only in `the state with the most ...`")
        return self.leaf(e, want, scope, actor)

    def expr_Best(self, e: A.Best, want: str, scope: Scope, actor: bool) -> A.Expr:
        self.expect(e, want, scope, actor)
        return self.best(e, scope, actor)

    def best(self, e: A.Best, scope: Scope, actor: bool) -> A.Best:
        self._measuring += 1
        try:
            measure = self.expr(e.measure, NUM, scope, actor)
        finally:
            self._measuring -= 1
        return dataclasses.replace(e, measure=measure)

    def expr_Arith(self, e: A.Arith, want: str, scope: Scope, actor: bool) -> A.Expr:
        self.expect(e, want, scope, actor)
        return dataclasses.replace(e, left=self.expr(e.left, NUM, scope, actor),
                                   right=self.expr(e.right, NUM, scope, actor))

    def name(self, node: A.Node, text: str, known: frozenset[str], what: str) -> str:
        if text in known:
            return text
        exact_case = {k.lower(): k for k in known}.get(text.lower())
        if exact_case:
            return exact_case
        near = did_you_mean(text, known)
        raise self.error(node, f'unknown {what} "{text}"', f'did you mean "{near}"?' if near else None)

    def need_actor(self, node: A.Node, actor: bool) -> None:
        if not actor:
            raise self.error(node, "Breaking News has no player: say who acts with `as mccain:` or "
                                   "`as obama:` (or `as the active player:`)")

    def var_of_type(self, node: A.Node, name: str, typ: str, scope: Scope) -> None:
        got = scope.lookup(name)
        if got is None:
            near = did_you_mean(name, scope.all_names())
            raise self.error(node, f"{name} is not bound (bind it with `choose ... as {name}`)",
                             f"did you mean {near}?" if near else None)
        if got != typ:
            raise self.error(node, f"{name} is {ARTICLE[got]}, but {ARTICLE[typ]} is expected here")


class CondChecker(ExprChecker):
    """Checks the conditions of one effect, on top of its expressions."""

    # ---- conditions ----------------------------------------------------------

    def cond(self, c: A.Cond, scope: Scope, actor: bool) -> A.Cond:
        checked: A.Cond = self.visit("cond", c, scope, actor)
        return checked

    def cond_And(self, c: A.And, scope: Scope, actor: bool) -> A.Cond:
        return dataclasses.replace(c, left=self.cond(c.left, scope, actor), right=self.cond(c.right, scope, actor))

    def cond_Or(self, c: A.Or, scope: Scope, actor: bool) -> A.Cond:
        return dataclasses.replace(c, left=self.cond(c.left, scope, actor), right=self.cond(c.right, scope, actor))

    def cond_Not(self, c: A.Not, scope: Scope, actor: bool) -> A.Cond:
        return dataclasses.replace(c, operand=self.cond(c.operand, scope, actor))

    def cond_Leads(self, c: A.Leads, scope: Scope, actor: bool) -> A.Cond:
        return dataclasses.replace(c, player=self.expr(c.player, PLAYER, scope, actor))

    def cond_MediaInPlay(self, c: A.MediaInPlay, scope: Scope, actor: bool) -> A.Cond:
        player = self.expr(c.player, PLAYER, scope, actor) if c.player is not None else None
        return dataclasses.replace(c, player=player)

    def cond_StateIs(self, c: A.StateIs, scope: Scope, actor: bool) -> A.Cond:
        by = self.expr(c.by, PLAYER, scope, actor) if c.by is not None else None
        return dataclasses.replace(c, state=self.expr(c.state, STATE, scope, actor), by=by)

    def cond_ThatWins(self, c: A.ThatWins, scope: Scope, actor: bool) -> A.Cond:
        if not self._that_ok:
            raise self.error(c, "`that wins S` looks at the statement just before it: it goes in the "
                                "condition of an `if` that follows another statement of the same block",
                             hint="for example: gain 1 support on economy in S, then, on the next line, "
                                  "if that wins S:")
        return dataclasses.replace(c, state=self.expr(c.state, STATE, scope, actor))

    def cond_Compare(self, c: A.Compare, scope: Scope, actor: bool) -> A.Cond:
        # A quoted name takes its kind (state or group) from the other side.
        left_t = None if isinstance(c.left, A.Str) else self.type_of(c.left, scope, actor)
        right_t = None if isinstance(c.right, A.Str) else self.type_of(c.right, scope, actor)
        if left_t is None and right_t is None:
            raise self.error(c, "cannot compare two quoted names")
        typ = left_t or right_t
        assert typ is not None
        if c.op in ("<", ">", "<=", ">=") and typ != NUM:
            raise self.error(c, f"`{c.op}` compares numbers, not {ARTICLE[typ]}s".replace("as ", "a "))
        if typ == CARD:
            raise self.error(c, "cards cannot be compared")
        return dataclasses.replace(c, left=self.expr(c.left, typ, scope, actor),
                                   right=self.expr(c.right, typ, scope, actor))
