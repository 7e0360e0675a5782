"""The checker's expressions and conditions: their names resolved, their types checked against the
place that wants them (``checker.py`` checks statements on top of these)."""

from __future__ import annotations

import dataclasses
from types import MappingProxyType
from typing import ClassVar, Mapping

from ..errors import CardError, Located, did_you_mean
from . import ast as A
from .check_scope import ARTICLE, MAX_LITERAL, NUM, PLAYER, Context, Names, Scope
from .origin import Origin
from .visitor import Visitor


class ExprChecker(Visitor):
    """Checks the conditions and expressions of one effect."""

    #: each type's name with its article, as errors say it (a game adds its types)
    articles: ClassVar[Mapping[str, str]] = ARTICLE
    #: the players that are whoever acts: they need somebody acting (a game adds its own)
    acting_players: ClassVar[frozenset[str]] = frozenset({A.Who.YOU})
    #: what to say where a player is needed and nobody acts
    no_actor: ClassVar[str] = "nobody acts here: say who does with `as ...:`"
    #: the types a condition may not compare, each with its plural as the error says it
    uncomparable: ClassVar[Mapping[str, str]] = MappingProxyType({})

    def __init__(self, names: Names, ctx: Context, origin: Origin) -> None:
        self.names = names
        self.ctx = ctx
        self.origin = origin
        self._measuring_players = 0  # inside a superlative's measure: `them` is the player measured

    def error(self, node: A.Node, message: str, hint: str | None = None) -> CardError:
        return CardError(message, Located(self.origin.file, node.pos.line, node.pos.col, self.origin.item),
                         hint=hint)

    # ---- the type of an expression ---------------------------------------------

    def type_of(self, e: A.Expr, scope: Scope, actor: bool) -> str:
        typ: str = self.visit("type", e, scope)
        return typ

    def number(self, e: A.Expr, scope: Scope) -> str:
        return NUM

    type_Num = type_Arith = number

    def type_PlayerRef(self, e: A.PlayerRef, scope: Scope) -> str:
        return PLAYER

    def type_Them(self, e: A.Them, scope: Scope) -> str:
        return PLAYER

    def type_BestPlayer(self, e: A.BestPlayer, scope: Scope) -> str:
        return PLAYER

    type_ChosenPlayer = type_BestPlayer

    def type_Var(self, e: A.Var, scope: Scope) -> str:
        got = scope.lookup(e.name)
        if got is None:
            self.var_of_type(e, e.name, NUM, scope)  # raises: not bound
        assert got is not None
        return got

    def type_Str(self, e: A.Str, scope: Scope) -> str:
        raise self.error(e, "a quoted name needs context")

    # ---- expressions: checked against the type the place wants --------------------

    def expr(self, e: A.Expr, want: str, scope: Scope, actor: bool) -> A.Expr:
        checked: A.Expr = self.visit("expr", e, want, scope, actor)
        return checked

    def expect(self, e: A.Expr, want: str, scope: Scope, actor: bool) -> None:
        got = self.type_of(e, scope, actor)
        if got != want:
            raise self.error(e, f"expected {self.articles[want]} here, not {self.articles[got]}")

    def expr_PlayerRef(self, e: A.PlayerRef, want: str, scope: Scope, actor: bool) -> A.Expr:
        if e.who in self.acting_players:
            self.need_actor(e, actor)
        return self.leaf(e, want, scope, actor)

    def expr_Num(self, e: A.Num, want: str, scope: Scope, actor: bool) -> A.Expr:
        if e.value > MAX_LITERAL:
            raise self.error(e, f"{e.value} is too large: numbers are at most {MAX_LITERAL}")
        return self.leaf(e, want, scope, actor)

    def name(self, node: A.Node, text: str, known: frozenset[str], what: str) -> str:
        """A quoted name of the game's, as its set spells it (any case), or an error with the nearest."""
        if text in known:
            return text
        exact_case = {k.lower(): k for k in known}.get(text.lower())
        if exact_case:
            return exact_case
        near = did_you_mean(text, known)
        raise self.error(node, f'unknown {what} "{text}"', f'did you mean "{near}"?' if near else None)

    def leaf(self, e: A.Expr, want: str, scope: Scope, actor: bool) -> A.Expr:
        """An expression without parts: right if its type is the one wanted."""
        self.expect(e, want, scope, actor)
        return e

    expr_Var = leaf

    def expr_Them(self, e: A.Them, want: str, scope: Scope, actor: bool) -> A.Expr:
        if not self._measuring_players:
            raise self.error(e, "`them` (the player measured) stands only in `the player with the most (...)`")
        return self.leaf(e, want, scope, actor)

    def expr_BestPlayer(self, e: A.BestPlayer, want: str, scope: Scope, actor: bool) -> A.Expr:
        self.expect(e, want, scope, actor)
        self._measuring_players += 1
        try:
            measure = self.expr(e.measure, NUM, scope, actor)
        finally:
            self._measuring_players -= 1
        return dataclasses.replace(e, measure=measure)

    def expr_ChosenPlayer(self, e: A.ChosenPlayer, want: str, scope: Scope, actor: bool) -> A.Expr:
        self.expect(e, want, scope, actor)
        if self._measuring_players:  # asked once before the statement, not of each player measured
            raise self.error(e, "a player chosen by someone cannot stand in a measure: choose them before, "
                                "with `as` or a variable")
        return dataclasses.replace(e, chooser=self.expr(e.chooser, PLAYER, scope, actor))

    def expr_Str(self, e: A.Str, want: str, scope: Scope, actor: bool) -> A.Expr:
        """A quoted name (a game resolves those it knows)."""
        raise self.error(e, f'"{e.text}" is a quoted name, but {self.articles[want]} is expected here')

    def expr_Arith(self, e: A.Arith, want: str, scope: Scope, actor: bool) -> A.Expr:
        self.expect(e, want, scope, actor)
        return dataclasses.replace(e, left=self.expr(e.left, NUM, scope, actor),
                                   right=self.expr(e.right, NUM, scope, actor))

    def need_actor(self, node: A.Node, actor: bool) -> None:
        if not actor:
            raise self.error(node, self.no_actor)

    def var_of_type(self, node: A.Node, name: str, typ: str, scope: Scope) -> None:
        got = scope.lookup(name)
        if got is None:
            near = did_you_mean(name, scope.all_names())
            raise self.error(node, f"{name} is not bound (bind it with `choose ... as {name}`)",
                             f"did you mean {near}?" if near else None)
        if got != typ:
            raise self.error(node, f"{name} is {self.articles[got]}, but {self.articles[typ]} is expected here")


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

    def cond_Compare(self, c: A.Compare, scope: Scope, actor: bool) -> A.Cond:
        # A quoted name takes its kind (a place, a group: the game's) from the other side.
        left_t = None if isinstance(c.left, A.Str) else self.type_of(c.left, scope, actor)
        right_t = None if isinstance(c.right, A.Str) else self.type_of(c.right, scope, actor)
        if left_t is None and right_t is None:
            raise self.error(c, "cannot compare two quoted names")
        typ = left_t or right_t
        assert typ is not None
        if c.op in ("<", ">", "<=", ">=") and typ != NUM:
            raise self.error(c, f"`{c.op}` compares numbers, not {self.articles[typ]}s".replace("as ", "a "))
        if typ in self.uncomparable:
            raise self.error(c, f"{self.uncomparable[typ]} cannot be compared")
        return dataclasses.replace(c, left=self.expr(c.left, typ, scope, actor),
                                   right=self.expr(c.right, typ, scope, actor))
