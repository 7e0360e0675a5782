"""The checker: names, types, arity, variable scopes and where each statement may appear.

It returns a copy of the tree in which every quoted name is resolved to a ``StateName`` or a
``GroupName``, so the compiler can trust every node it sees.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Iterable

from ..errors import CardError, did_you_mean
from . import ast as A
from .parser import Origin
from .work import MAX_REPEAT, Work, block_work

NUM, STATE, ISSUE, PLAYER, GROUP, CARD = "number", "state", "issue", "player", "demographic group", "card"

#: The largest number a card may write anywhere (scores and votes stay well below it).
MAX_LITERAL = 999


@dataclass(frozen=True)
class Context:
    """What an effect is attached to, which decides what it may say."""

    kind: str  # "card" | "news" | "negative" | "snippet"
    media: bool = False  # a Media Support card: `while in play:` is allowed
    has_actor: bool = True  # False for Breaking News: who acts must be said with `as`


@dataclass(frozen=True)
class Names:
    """The game's vocabulary a card may name."""

    states: frozenset[str]
    groups: frozenset[str]


@dataclass(frozen=True)
class Checked:
    program: A.Program
    discard_cost: int  # cards that must be discarded to play it (R4.6)
    abilities: tuple[A.Stmt, ...]  # `while in play:` statements of a Media Support card
    work: Work  # a bound on the work of running it (lang/work.py); the set decides what plays cost


_ARTICLE = {NUM: "a number", STATE: "a state", ISSUE: "an issue", PLAYER: "a player",
            GROUP: "a demographic group", CARD: "a card"}


class _Scope:
    def __init__(self, parent: "_Scope | None" = None) -> None:
        self.parent = parent
        self.vars: dict[str, str] = {}

    def lookup(self, name: str) -> str | None:
        s: _Scope | None = self
        while s is not None:
            if name in s.vars:
                return s.vars[name]
            s = s.parent
        return None

    def all_names(self) -> list[str]:
        out: list[str] = []
        s: _Scope | None = self
        while s is not None:
            out.extend(s.vars)
            s = s.parent
        return out


class Checker:
    def error(self, node: A.Node, message: str, hint: str | None = None) -> CardError:
        from ..errors import Located

        return CardError(message, Located(self.origin.file, node.pos.line, node.pos.col, self.origin.item),
                         hint=hint)

    # ---- entry ---------------------------------------------------------------

    def __init__(self, names: Names, ctx: Context, origin: Origin) -> None:
        self.names = names
        self.ctx = ctx
        self.origin = origin

    def check(self, program: A.Program) -> Checked:
        scope = _Scope()
        body = self.block(program.body, scope, actor=self.ctx.has_actor, loop=False, top=True)
        cost = 0
        abilities: list[A.Stmt] = []
        for st in body:
            if isinstance(st, A.Discard) and self.ctx.kind == "card" and isinstance(st.amount, A.Num):
                cost += st.amount.value
            if isinstance(st, A.WhileInPlay):
                abilities.extend(st.body)
        return Checked(dataclasses.replace(program, body=body), cost, tuple(abilities),
                       block_work(body, len(self.names.states)))

    # ---- statements ----------------------------------------------------------

    def block(self, stmts: Iterable[A.Stmt], scope: _Scope, *, actor: bool, loop: bool,
              top: bool = False, in_play: bool = False) -> tuple[A.Stmt, ...]:
        return tuple(self.stmt(s, scope, actor=actor, loop=loop, top=top, in_play=in_play) for s in stmts)

    def need_actor(self, node: A.Node, actor: bool) -> None:
        if not actor:
            raise self.error(node, "Breaking News has no player: say who acts with `as mccain:` or "
                                   "`as obama:` (or `as the active player:`)")

    def bind(self, node: A.Node, scope: _Scope, name: str, typ: str) -> None:
        if scope.lookup(name) is not None:
            raise self.error(node, f"{name} is already bound; pick another name")
        scope.vars[name] = typ

    def stmt(self, s: A.Stmt, scope: _Scope, *, actor: bool, loop: bool, top: bool,
             in_play: bool) -> A.Stmt:
        R = dataclasses.replace
        if isinstance(s, (A.RollDice, A.NewsTarget)) and not in_play:
            raise self.error(s, "this is a Media Support ability: it belongs inside `while in play:`")
        if in_play and not isinstance(s, (A.RollDice, A.NewsTarget)):
            raise self.error(s, "only abilities may appear inside `while in play:` "
                                "(`... rolls N going negative dice`, `breaking news targets ...`)")
        if isinstance(s, A.Gain):
            self.need_actor(s, actor)
            return R(s, amount=self.count(s.amount, scope, actor), issue=self.expr(s.issue, ISSUE, scope, actor),
                     state=self.expr(s.state, STATE, scope, actor))
        if isinstance(s, A.Shift):
            return R(s, state=self.expr(s.state, STATE, scope, actor), amount=self.count(s.amount, scope, actor),
                     issue=self.expr(s.issue, ISSUE, scope, actor))
        if isinstance(s, A.Alter):
            return R(s, state=self.expr(s.state, STATE, scope, actor))
        if isinstance(s, A.DemographicSupport):
            self.need_actor(s, actor)
            return R(s, group=self.expr(s.group, GROUP, scope, actor))
        if isinstance(s, (A.Draw, A.DrawAndPlay, A.Discard)):
            self.need_actor(s, actor)
            return R(s, amount=self.count(s.amount, scope, actor))
        if isinstance(s, A.DiscardAny):
            self.need_actor(s, actor)
            self.bind(s, scope, s.var, NUM)
            return s
        if isinstance(s, A.ChooseState):
            self.need_actor(s, actor)
            if s.different and not loop:
                raise self.error(s, "`choose a different state` only makes sense inside `repeat` or `for each`")
            inner = _Scope(scope)
            inner.vars[s.var] = STATE
            where = self.cond(s.where, inner, actor) if s.where is not None else None
            self.bind(s, scope, s.var, STATE)
            return R(s, where=where)
        if isinstance(s, A.ChooseIssue):
            self.need_actor(s, actor)
            self.bind(s, scope, s.var, ISSUE)
            return s
        if isinstance(s, A.ChooseCard):
            self.need_actor(s, actor)
            self.bind(s, scope, s.var, CARD)
            return s
        if isinstance(s, (A.PlayCard, A.DiscardCard)):
            self.need_actor(s, actor)
            self.var_of_type(s, s.var, CARD, scope)
            return s
        if isinstance(s, A.Nothing):
            return s
        if isinstance(s, A.RollDice):
            return R(s, player=self.expr(s.player, PLAYER, scope, actor), count=self.count(s.count, scope, actor))
        if isinstance(s, A.NewsTarget):
            chooser = self.expr(s.chooser, PLAYER, scope, actor) if s.chooser is not None else None
            return R(s, chooser=chooser)
        if isinstance(s, A.If):
            cond = self.cond(s.cond, scope, actor)
            then = self.block(s.then, _Scope(scope), actor=actor, loop=loop)
            otherwise = self.block(s.otherwise, _Scope(scope), actor=actor, loop=loop)
            return R(s, cond=cond, then=then, otherwise=otherwise)
        if isinstance(s, A.ForEach):
            inner = _Scope(scope)
            self.bind(s, inner, s.var, STATE)
            where = self.cond(s.where, inner, actor) if s.where is not None else None
            return R(s, where=where, body=self.block(s.body, _Scope(inner), actor=actor, loop=True))
        if isinstance(s, A.Repeat):
            count = self.count(s.count, scope, actor)
            return R(s, count=count, body=self.block(s.body, _Scope(scope), actor=actor, loop=True))
        if isinstance(s, A.As):
            player = self.expr(s.player, PLAYER, scope, actor)
            return R(s, player=player, body=self.block(s.body, _Scope(scope), actor=True, loop=loop))
        if isinstance(s, A.ChooseOne):
            self.need_actor(s, actor)
            if len(s.options) < 2:
                raise self.error(s, "`choose one:` needs at least two `option:` blocks")
            return R(s, options=tuple(self.block(o, _Scope(scope), actor=actor, loop=loop) for o in s.options))
        if isinstance(s, A.WhileInPlay):
            if not self.ctx.media:
                raise self.error(s, "`while in play:` is only for Media Support cards (type: media)")
            if not top:
                raise self.error(s, "`while in play:` must be at the top level of the effect")
            return R(s, body=self.block(s.body, scope, actor=actor, loop=False, in_play=True))
        raise self.error(s, f"unknown statement {type(s).__name__}")  # pragma: no cover

    def count(self, e: A.Expr, scope: _Scope, actor: bool) -> A.Expr:
        """A number of times (`repeat N`, `gain N`, `draw N`…): a literal is at most MAX_REPEAT."""
        if isinstance(e, A.Num) and not 0 <= e.value <= MAX_REPEAT:
            raise self.error(e, f"a count must be between 0 and {MAX_REPEAT}")
        return self.expr(e, NUM, scope, actor)

    def var_of_type(self, node: A.Node, name: str, typ: str, scope: _Scope) -> None:
        got = scope.lookup(name)
        if got is None:
            near = did_you_mean(name, scope.all_names())
            raise self.error(node, f"{name} is not bound (bind it with `choose ... as {name}`)",
                             f"did you mean {near}?" if near else None)
        if got != typ:
            raise self.error(node, f"{name} is {_ARTICLE[got]}, but {_ARTICLE[typ]} is expected here")

    # ---- conditions ----------------------------------------------------------

    def cond(self, c: A.Cond, scope: _Scope, actor: bool) -> A.Cond:
        R = dataclasses.replace
        if isinstance(c, A.And):
            return R(c, left=self.cond(c.left, scope, actor), right=self.cond(c.right, scope, actor))
        if isinstance(c, A.Or):
            return R(c, left=self.cond(c.left, scope, actor), right=self.cond(c.right, scope, actor))
        if isinstance(c, A.Not):
            return R(c, operand=self.cond(c.operand, scope, actor))
        if isinstance(c, A.Leads):
            return R(c, player=self.expr(c.player, PLAYER, scope, actor))
        if isinstance(c, A.MediaInPlay):
            return R(c, player=self.expr(c.player, PLAYER, scope, actor) if c.player is not None else None)
        if isinstance(c, A.Compare):
            left_t = None if isinstance(c.left, A.Str) else self.type_of(c.left, scope, actor)
            right_t = None if isinstance(c.right, A.Str) else self.type_of(c.right, scope, actor)
            if left_t is None and right_t is None:
                raise self.error(c, "cannot compare two quoted names")
            typ = left_t or right_t
            assert typ is not None
            if c.op in ("<", ">", "<=", ">=") and typ != NUM:
                raise self.error(c, f"`{c.op}` compares numbers, not {_ARTICLE[typ]}s".replace("as ", "a "))
            if typ == CARD:
                raise self.error(c, "cards cannot be compared")
            return R(c, left=self.expr(c.left, typ, scope, actor), right=self.expr(c.right, typ, scope, actor))
        raise self.error(c, "unknown condition")  # pragma: no cover

    # ---- expressions ---------------------------------------------------------

    def type_of(self, e: A.Expr, scope: _Scope, actor: bool) -> str:
        if isinstance(e, (A.Num, A.Arith, A.BlocksOf)):
            return NUM
        if isinstance(e, A.IssueLit):
            return ISSUE
        if isinstance(e, A.PlayerRef):
            return PLAYER
        if isinstance(e, A.NewsState):
            return STATE
        if isinstance(e, A.Var):
            got = scope.lookup(e.name)
            if got is None:
                self.var_of_type(e, e.name, NUM, scope)
            assert got is not None
            return got
        if isinstance(e, A.Of):
            return {"majority": ISSUE, "minority": ISSUE, "key": GROUP, "votes": NUM,
                    "score": NUM, "hand_size": NUM}[e.prop]
        raise self.error(e, "a quoted name needs context")  # pragma: no cover

    def expr(self, e: A.Expr, want: str, scope: _Scope, actor: bool) -> A.Expr:
        R = dataclasses.replace
        if isinstance(e, A.Str):
            if want == STATE:
                return A.StateName(self.name(e, e.text, self.names.states, "state"), pos=e.pos)
            if want == GROUP:
                return A.GroupName(self.name(e, e.text, self.names.groups, "demographic group"), pos=e.pos)
            raise self.error(e, f'"{e.text}" is a quoted name, but {_ARTICLE[want]} is expected here'
                             + (" (issues are written economy or defense, without quotes)" if want == ISSUE else ""))
        if isinstance(e, A.PlayerRef) and e.who in ("you", "opponent") and not actor:
            self.need_actor(e, actor)
        if isinstance(e, A.Num) and e.value > MAX_LITERAL:
            raise self.error(e, f"{e.value} is too large: numbers are at most {MAX_LITERAL}")
        if isinstance(e, A.NewsState) and self.ctx.kind not in ("news", "snippet"):
            raise self.error(e, "`the news state` exists only in Breaking News effects")
        got = self.type_of(e, scope, actor)
        if got != want:
            raise self.error(e, f"expected {_ARTICLE[want]} here, not {_ARTICLE[got]}")
        if isinstance(e, A.Of):
            subject_t = PLAYER if e.prop in ("score", "hand_size") else STATE
            return R(e, subject=self.expr(e.subject, subject_t, scope, actor))
        if isinstance(e, A.BlocksOf):
            return R(e, player=self.expr(e.player, PLAYER, scope, actor),
                     issue=self.expr(e.issue, ISSUE, scope, actor), state=self.expr(e.state, STATE, scope, actor))
        if isinstance(e, A.Arith):
            return R(e, left=self.expr(e.left, NUM, scope, actor), right=self.expr(e.right, NUM, scope, actor))
        return e

    def name(self, node: A.Node, text: str, known: frozenset[str], what: str) -> str:
        if text in known:
            return text
        exact_case = {k.lower(): k for k in known}.get(text.lower())
        if exact_case:
            return exact_case
        near = did_you_mean(text, known)
        raise self.error(node, f'unknown {what} "{text}"', f'did you mean "{near}"?' if near else None)


def check(program: A.Program, names: Names, ctx: Context, origin: Origin = Origin()) -> Checked:
    return Checker(names, ctx, origin).check(program)
