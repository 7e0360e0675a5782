"""The checker: names, types, arity, variable scopes and where each statement may appear.

It returns a copy of the tree in which every quoted name is resolved to a ``StateName`` or a
``GroupName``, so the compiler can trust every node it sees.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import StrEnum
from typing import Iterable

from ..errors import CardError, Located, did_you_mean
from . import ast as A
from .parser import Origin
from .visitor import CONDS, EXPRS, STMTS, Visitor
from .work import MAX_REPEAT, Work, block_work

NUM, STATE, ISSUE, PLAYER, GROUP, CARD = "number", "state", "issue", "player", "demographic group", "card"

#: The properties of a player (the others are a state's).
_PLAYER_PROPS = (A.Prop.SCORE, A.Prop.HAND_SIZE, A.Prop.DECK_SIZE, A.Prop.DISCARD_SIZE)

#: The largest number a card may write anywhere (scores and votes stay well below it).
MAX_LITERAL = 999


class ContextKind(StrEnum):
    """What an effect is attached to: a campaign card, a Breaking News, a Going Negative result,
    or a snippet typed by hand (the REPL's eval, a scenario's effect)."""

    CARD = "card"
    NEWS = "news"
    NEGATIVE = "negative"
    SNIPPET = "snippet"


@dataclass(frozen=True)
class Context:
    """What an effect is attached to, which decides what it may say."""

    kind: ContextKind
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


@dataclass(frozen=True)
class _At:
    """Where a statement stands, which decides what it may see and say."""

    scope: _Scope
    actor: bool  # someone acts: false in Breaking News outside `as` (R10)
    loop: bool  # inside `repeat` or `for each`, where `choose a different state` makes sense
    top: bool = False  # the effect's own first level, the only place for `while in play:`
    in_play: bool = False  # inside `while in play:`, the only place for abilities
    after: bool = False  # another statement comes before this one in its block (`that wins`)

    def nested(self, scope: _Scope | None = None, **changes: bool) -> "_At":
        """A block inside this statement: a scope of its own, never the top level."""
        return dataclasses.replace(self, scope=scope or _Scope(self.scope), top=False, **changes)


class Checker(Visitor):
    families = {"stmt": STMTS, "cond": CONDS, "expr": EXPRS, "type": EXPRS}

    def error(self, node: A.Node, message: str, hint: str | None = None) -> CardError:
        return CardError(message, Located(self.origin.file, node.pos.line, node.pos.col, self.origin.item),
                         hint=hint)

    # ---- entry ---------------------------------------------------------------

    def __init__(self, names: Names, ctx: Context, origin: Origin) -> None:
        self.names = names
        self.ctx = ctx
        self.origin = origin
        # Where the expression or condition being checked stands: inside a superlative's measure
        # (`it` is the state measured), in the condition of an `if` after another statement.
        self._measuring = 0
        self._that_ok = False

    def check(self, program: A.Program) -> Checked:
        body = self.block(program.body, _At(_Scope(), actor=self.ctx.has_actor, loop=False, top=True))
        # A discard cost is not inferred from the effect: a card declares it (`cost:`, cmdsl/games/cm2008/cost.py).
        abilities: list[A.Stmt] = []
        for st in body:
            if isinstance(st, A.WhileInPlay):
                abilities.extend(st.body)
        return Checked(dataclasses.replace(program, body=body), tuple(abilities),
                       block_work(body, len(self.names.states)))

    # ---- statements ----------------------------------------------------------

    def block(self, stmts: Iterable[A.Stmt], at: _At) -> tuple[A.Stmt, ...]:
        return tuple(self.stmt(s, dataclasses.replace(at, after=i > 0)) for i, s in enumerate(stmts))

    def need_actor(self, node: A.Node, actor: bool) -> None:
        if not actor:
            raise self.error(node, "Breaking News has no player: say who acts with `as mccain:` or "
                                   "`as obama:` (or `as the active player:`)")

    def bind(self, node: A.Node, scope: _Scope, name: str, typ: str) -> None:
        if scope.lookup(name) is not None:
            raise self.error(node, f"{name} is already bound; pick another name")
        scope.vars[name] = typ

    def stmt(self, s: A.Stmt, at: _At) -> A.Stmt:
        ability = isinstance(s, (A.RollDice, A.NewsTarget, A.Trigger))
        if ability and not at.in_play:
            raise self.error(s, "this is a Media Support ability: it belongs inside `while in play:`")
        if at.in_play and not ability:
            raise self.error(s, "only abilities may appear inside `while in play:` "
                                "(`... rolls N going negative dice`, `breaking news targets ...`, "
                                "`when ...:`, `at the end of ... turn:`)")
        checked: A.Stmt = self.visit("stmt", s, at)
        return checked

    def stmt_Gain(self, s: A.Gain, at: _At) -> A.Stmt:
        self.need_actor(s, at.actor)
        return dataclasses.replace(s, amount=self.count(s.amount, at.scope, at.actor),
                                   issue=self.expr(s.issue, ISSUE, at.scope, at.actor),
                                   state=self.expr(s.state, STATE, at.scope, at.actor))

    def stmt_Shift(self, s: A.Shift, at: _At) -> A.Stmt:
        return dataclasses.replace(s, state=self.expr(s.state, STATE, at.scope, at.actor),
                                   amount=self.count(s.amount, at.scope, at.actor),
                                   issue=self.expr(s.issue, ISSUE, at.scope, at.actor))

    def stmt_Alter(self, s: A.Alter, at: _At) -> A.Stmt:
        return dataclasses.replace(s, state=self.expr(s.state, STATE, at.scope, at.actor))

    def stmt_DemographicSupport(self, s: A.DemographicSupport, at: _At) -> A.Stmt:
        self.need_actor(s, at.actor)
        return dataclasses.replace(s, group=self.expr(s.group, GROUP, at.scope, at.actor))

    def counted(self, s: A.Draw | A.DrawAndPlay | A.Discard, at: _At) -> A.Stmt:
        self.need_actor(s, at.actor)
        word = "discard" if isinstance(s, A.Discard) else "draw"
        return dataclasses.replace(s, amount=self.count(s.amount, at.scope, at.actor, word))

    stmt_Draw = stmt_DrawAndPlay = stmt_Discard = counted

    def stmt_DiscardAny(self, s: A.DiscardAny, at: _At) -> A.Stmt:
        self.need_actor(s, at.actor)
        self.bind(s, at.scope, s.var, NUM)
        return s

    def stmt_ChooseState(self, s: A.ChooseState, at: _At) -> A.Stmt:
        self.need_actor(s, at.actor)
        if s.different and not at.loop:
            raise self.error(s, "`choose a different state` only makes sense inside `repeat` or `for each`")
        inner = _Scope(at.scope)  # the condition sees the state it tests
        inner.vars[s.var] = STATE
        where = self.cond(s.where, inner, at.actor) if s.where is not None else None
        best = self.best(s.best, at.scope, at.actor) if s.best is not None else None
        self.bind(s, at.scope, s.var, STATE)
        return dataclasses.replace(s, where=where, best=best)

    def stmt_ChooseIssue(self, s: A.ChooseIssue, at: _At) -> A.Stmt:
        self.need_actor(s, at.actor)
        self.bind(s, at.scope, s.var, ISSUE)
        return s

    def stmt_ChooseCard(self, s: A.ChooseCard, at: _At) -> A.Stmt:
        self.need_actor(s, at.actor)
        self.bind(s, at.scope, s.var, CARD)
        return s

    def uses_card(self, s: A.PlayCard | A.DiscardCard, at: _At) -> A.Stmt:
        self.need_actor(s, at.actor)
        self.var_of_type(s, s.var, CARD, at.scope)
        return s

    stmt_PlayCard = stmt_DiscardCard = uses_card

    def stmt_Nothing(self, s: A.Nothing, at: _At) -> A.Stmt:
        return s

    def stmt_RollDice(self, s: A.RollDice, at: _At) -> A.Stmt:
        count = self.count(s.count, at.scope, at.actor)
        if any(A.bests(count)):  # read when a die is due, where nobody could be asked to break a tie
            raise self.error(s.count, "a number of dice cannot use `the state with the most ...`")
        return dataclasses.replace(s, player=self.expr(s.player, PLAYER, at.scope, at.actor), count=count)

    def stmt_NewsTarget(self, s: A.NewsTarget, at: _At) -> A.Stmt:
        chooser = self.expr(s.chooser, PLAYER, at.scope, at.actor) if s.chooser is not None else None
        state = self.expr(s.state, STATE, at.scope, at.actor) if s.state is not None else None
        return dataclasses.replace(s, chooser=chooser, state=state)

    def stmt_Trigger(self, s: A.Trigger, at: _At) -> A.Stmt:
        # The ability runs on behalf of the card's owner: `you` is the owner inside, as on the card.
        player = self.expr(s.player, PLAYER, at.scope, at.actor) if s.player is not None else None
        body = self.block(s.body, at.nested(actor=True, loop=False, in_play=False))
        return dataclasses.replace(s, player=player, body=body)

    def stmt_If(self, s: A.If, at: _At) -> A.Stmt:
        self._that_ok = at.after  # `that wins` looks at the statement before this `if`
        try:
            cond = self.cond(s.cond, at.scope, at.actor)
        finally:
            self._that_ok = False
        then = self.block(s.then, at.nested())
        if len(s.otherwise) == 1 and isinstance(s.otherwise[0], A.If):
            # `else if`: nothing runs between the two tests, so `that` still means the same statement
            otherwise: tuple[A.Stmt, ...] = (self.stmt(s.otherwise[0], at.nested(after=at.after)),)
        else:
            otherwise = self.block(s.otherwise, at.nested())
        return dataclasses.replace(s, cond=cond, then=then, otherwise=otherwise)

    def stmt_ForEach(self, s: A.ForEach, at: _At) -> A.Stmt:
        inner = _Scope(at.scope)
        self.bind(s, inner, s.var, STATE)
        where = self.cond(s.where, inner, at.actor) if s.where is not None else None
        return dataclasses.replace(s, where=where, body=self.block(s.body, at.nested(_Scope(inner), loop=True)))

    def stmt_Repeat(self, s: A.Repeat, at: _At) -> A.Stmt:
        count = self.count(s.count, at.scope, at.actor)
        return dataclasses.replace(s, count=count, body=self.block(s.body, at.nested(loop=True)))

    def stmt_As(self, s: A.As, at: _At) -> A.Stmt:
        player = self.expr(s.player, PLAYER, at.scope, at.actor)
        return dataclasses.replace(s, player=player, body=self.block(s.body, at.nested(actor=True)))

    def stmt_ChooseOne(self, s: A.ChooseOne, at: _At) -> A.Stmt:
        self.need_actor(s, at.actor)
        if len(s.options) < 2:
            raise self.error(s, "`choose one:` needs at least two `option:` blocks")
        return dataclasses.replace(s, options=tuple(self.block(o, at.nested()) for o in s.options))

    def stmt_WhileInPlay(self, s: A.WhileInPlay, at: _At) -> A.Stmt:
        if not self.ctx.media:
            raise self.error(s, "`while in play:` is only for Media Support cards (type: media)")
        if not at.top:
            raise self.error(s, "`while in play:` must be at the top level of the effect")
        # A scope of its own, not the effect's: abilities run later, when the effect's variables are gone.
        return dataclasses.replace(s, body=self.block(s.body, at.nested(_Scope(), loop=False, in_play=True)))

    def count(self, e: A.Expr, scope: _Scope, actor: bool, word: str | None = None) -> A.Expr:
        """A number of times (`repeat N`, `gain N`, `draw N`…): a literal is at most MAX_REPEAT.
        ``word``: the statement's, named when a name stands where its number should be."""
        if isinstance(e, A.Num) and not 0 <= e.value <= MAX_REPEAT:
            raise self.error(e, f"a count must be between 0 and {MAX_REPEAT}")
        if word is not None and isinstance(e, A.Var) and scope.lookup(e.name) is None:
            # `draw Ohio`: a name where the number goes, bound nowhere: say what the statement takes
            raise self.error(e, f"`{word}` takes a number of cards (`{word} 2`), not {e.name}",
                             f"a number bound earlier works too (`... as N`, then `{word} N`)")
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
        checked: A.Cond = self.visit("cond", c, scope, actor)
        return checked

    def cond_And(self, c: A.And, scope: _Scope, actor: bool) -> A.Cond:
        return dataclasses.replace(c, left=self.cond(c.left, scope, actor), right=self.cond(c.right, scope, actor))

    def cond_Or(self, c: A.Or, scope: _Scope, actor: bool) -> A.Cond:
        return dataclasses.replace(c, left=self.cond(c.left, scope, actor), right=self.cond(c.right, scope, actor))

    def cond_Not(self, c: A.Not, scope: _Scope, actor: bool) -> A.Cond:
        return dataclasses.replace(c, operand=self.cond(c.operand, scope, actor))

    def cond_Leads(self, c: A.Leads, scope: _Scope, actor: bool) -> A.Cond:
        return dataclasses.replace(c, player=self.expr(c.player, PLAYER, scope, actor))

    def cond_MediaInPlay(self, c: A.MediaInPlay, scope: _Scope, actor: bool) -> A.Cond:
        player = self.expr(c.player, PLAYER, scope, actor) if c.player is not None else None
        return dataclasses.replace(c, player=player)

    def cond_StateIs(self, c: A.StateIs, scope: _Scope, actor: bool) -> A.Cond:
        by = self.expr(c.by, PLAYER, scope, actor) if c.by is not None else None
        return dataclasses.replace(c, state=self.expr(c.state, STATE, scope, actor), by=by)

    def cond_ThatWins(self, c: A.ThatWins, scope: _Scope, actor: bool) -> A.Cond:
        if not self._that_ok:
            raise self.error(c, "`that wins S` looks at the statement just before it: it goes in the "
                                "condition of an `if` that follows another statement of the same block",
                             hint="for example: gain 1 support on economy in S, then, on the next line, "
                                  "if that wins S:")
        return dataclasses.replace(c, state=self.expr(c.state, STATE, scope, actor))

    def cond_Compare(self, c: A.Compare, scope: _Scope, actor: bool) -> A.Cond:
        # A quoted name takes its kind (state or group) from the other side.
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
        return dataclasses.replace(c, left=self.expr(c.left, typ, scope, actor),
                                   right=self.expr(c.right, typ, scope, actor))

    # ---- the type of an expression ---------------------------------------------

    def type_of(self, e: A.Expr, scope: _Scope, actor: bool) -> str:
        typ: str = self.visit("type", e, scope)
        return typ

    def number(self, e: A.Expr, scope: _Scope) -> str:
        return NUM

    type_Num = type_Arith = type_BlocksOf = type_RowCount = number

    def type_It(self, e: A.It, scope: _Scope) -> str:
        return STATE

    def type_Best(self, e: A.Best, scope: _Scope) -> str:
        return STATE

    def type_IssueLit(self, e: A.IssueLit, scope: _Scope) -> str:
        return ISSUE

    def type_PlayerRef(self, e: A.PlayerRef, scope: _Scope) -> str:
        return PLAYER

    def type_NewsState(self, e: A.NewsState, scope: _Scope) -> str:
        return STATE

    def type_StateName(self, e: A.StateName, scope: _Scope) -> str:
        return STATE  # resolved already: checking a checked tree changes nothing

    def type_GroupName(self, e: A.GroupName, scope: _Scope) -> str:
        return GROUP

    def type_Var(self, e: A.Var, scope: _Scope) -> str:
        got = scope.lookup(e.name)
        if got is None:
            self.var_of_type(e, e.name, NUM, scope)  # raises: not bound
        assert got is not None
        return got

    def type_Of(self, e: A.Of, scope: _Scope) -> str:
        return {"majority": ISSUE, "minority": ISSUE, "key": GROUP, "votes": NUM,
                "score": NUM, "hand_size": NUM, "deck_size": NUM, "discard_size": NUM}[e.prop]

    def type_Str(self, e: A.Str, scope: _Scope) -> str:
        raise self.error(e, "a quoted name needs context")

    # ---- expressions: checked against the type the place wants --------------------

    def expr(self, e: A.Expr, want: str, scope: _Scope, actor: bool) -> A.Expr:
        checked: A.Expr = self.visit("expr", e, want, scope, actor)
        return checked

    def expect(self, e: A.Expr, want: str, scope: _Scope, actor: bool) -> None:
        got = self.type_of(e, scope, actor)
        if got != want:
            raise self.error(e, f"expected {_ARTICLE[want]} here, not {_ARTICLE[got]}")

    def expr_Str(self, e: A.Str, want: str, scope: _Scope, actor: bool) -> A.Expr:
        if want == STATE:
            return A.StateName(self.name(e, e.text, self.names.states, "state"), pos=e.pos)
        if want == GROUP:
            return A.GroupName(self.name(e, e.text, self.names.groups, "demographic group"), pos=e.pos)
        raise self.error(e, f'"{e.text}" is a quoted name, but {_ARTICLE[want]} is expected here'
                         + (" (issues are written economy or defense, without quotes)" if want == ISSUE else ""))

    def expr_PlayerRef(self, e: A.PlayerRef, want: str, scope: _Scope, actor: bool) -> A.Expr:
        if e.who in (A.Who.YOU, A.Who.OPPONENT):
            self.need_actor(e, actor)
        return self.leaf(e, want, scope, actor)

    def expr_Num(self, e: A.Num, want: str, scope: _Scope, actor: bool) -> A.Expr:
        if e.value > MAX_LITERAL:
            raise self.error(e, f"{e.value} is too large: numbers are at most {MAX_LITERAL}")
        return self.leaf(e, want, scope, actor)

    def expr_NewsState(self, e: A.NewsState, want: str, scope: _Scope, actor: bool) -> A.Expr:
        if self.ctx.kind not in (ContextKind.NEWS, ContextKind.SNIPPET):
            raise self.error(e, "`the news state` exists only in Breaking News effects")
        return self.leaf(e, want, scope, actor)

    def leaf(self, e: A.Expr, want: str, scope: _Scope, actor: bool) -> A.Expr:
        """An expression without parts: right if its type is the one wanted."""
        self.expect(e, want, scope, actor)
        return e

    expr_Var = expr_IssueLit = expr_StateName = expr_GroupName = leaf

    def expr_Of(self, e: A.Of, want: str, scope: _Scope, actor: bool) -> A.Expr:
        self.expect(e, want, scope, actor)
        subject_t = PLAYER if e.prop in _PLAYER_PROPS else STATE
        return dataclasses.replace(e, subject=self.expr(e.subject, subject_t, scope, actor))

    def expr_BlocksOf(self, e: A.BlocksOf, want: str, scope: _Scope, actor: bool) -> A.Expr:
        self.expect(e, want, scope, actor)
        return dataclasses.replace(e, player=self.expr(e.player, PLAYER, scope, actor),
                                   issue=self.expr(e.issue, ISSUE, scope, actor),
                                   state=self.expr(e.state, STATE, scope, actor))

    def expr_RowCount(self, e: A.RowCount, want: str, scope: _Scope, actor: bool) -> A.Expr:
        self.expect(e, want, scope, actor)
        return dataclasses.replace(e, issue=self.expr(e.issue, ISSUE, scope, actor),
                                   state=self.expr(e.state, STATE, scope, actor))

    def expr_It(self, e: A.It, want: str, scope: _Scope, actor: bool) -> A.Expr:
        if not self._measuring:  # the parser writes `It` only in a measure; a hand-built tree may not
            raise self.error(e, "`it` (the state measured) stands only in `the state with the most ...`")
        return self.leaf(e, want, scope, actor)

    def expr_Best(self, e: A.Best, want: str, scope: _Scope, actor: bool) -> A.Expr:
        self.expect(e, want, scope, actor)
        return self.best(e, scope, actor)

    def best(self, e: A.Best, scope: _Scope, actor: bool) -> A.Best:
        self._measuring += 1
        try:
            measure = self.expr(e.measure, NUM, scope, actor)
        finally:
            self._measuring -= 1
        return dataclasses.replace(e, measure=measure)

    def expr_Arith(self, e: A.Arith, want: str, scope: _Scope, actor: bool) -> A.Expr:
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


def check(program: A.Program, names: Names, ctx: Context, origin: Origin = Origin()) -> Checked:
    return Checker(names, ctx, origin).check(program)
