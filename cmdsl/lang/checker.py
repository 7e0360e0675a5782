"""The checker: names, types, arity, variable scopes and where each statement may appear.

It returns a copy of the tree in which every quoted name is resolved to a ``StateName`` or a
``GroupName``, so the compiler can trust every node it sees. This module checks statements;
``check_expr.py`` conditions and expressions; ``check_scope.py`` holds what the walk knows.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar, Iterable

from . import ast as A
from .check_expr import CondChecker
from .check_scope import CARD, GROUP, ISSUE, NUM, PLAYER, STATE, At, Context, ContextKind, Names, Scope
from .visitor import CONDS, EXPRS, STMTS
from .work import MAX_REPEAT, Bounds, Work

#: The checker: an effect's context and the game's names come with it.
__all__ = ["Checked", "Checker", "Context", "ContextKind", "Names"]


@dataclass(frozen=True)
class Checked:
    program: A.Program
    abilities: tuple[A.Stmt, ...]  # `while in play:` statements of a Media Support card
    work: Work  # a bound on the work of running it (lang/work.py); the set decides what plays cost


class Checker(CondChecker):
    families = {"stmt": STMTS, "cond": CONDS, "expr": EXPRS, "type": EXPRS}
    #: the work bound of the language (a game's, for its statements)
    bounds: ClassVar[type[Bounds]] = Bounds

    # ---- entry ---------------------------------------------------------------

    def check(self, program: A.Program) -> Checked:
        body = self.block(program.body, At(Scope(), actor=self.ctx.has_actor, loop=False, top=True))
        # A discard cost is not inferred from the effect: a card declares it (`cost:`, cmdsl/games/cm2008/cost.py).
        abilities: list[A.Stmt] = []
        for st in body:
            if isinstance(st, A.WhileInPlay):
                abilities.extend(st.body)
        return Checked(dataclasses.replace(program, body=body), tuple(abilities),
                       self.bounds.block_work(body, len(self.names.states)))

    # ---- statements ----------------------------------------------------------

    def block(self, stmts: Iterable[A.Stmt], at: At) -> tuple[A.Stmt, ...]:
        return tuple(self.stmt(s, dataclasses.replace(at, after=i > 0)) for i, s in enumerate(stmts))

    def bind(self, node: A.Node, scope: Scope, name: str, typ: str) -> None:
        if scope.lookup(name) is not None:
            raise self.error(node, f"{name} is already bound; pick another name")
        scope.vars[name] = typ

    def stmt(self, s: A.Stmt, at: At) -> A.Stmt:
        ability = isinstance(s, (A.RollDice, A.NewsTarget, A.Trigger))
        if ability and not at.in_play:
            raise self.error(s, "this is a Media Support ability: it belongs inside `while in play:`")
        if at.in_play and not ability:
            raise self.error(s, "only abilities may appear inside `while in play:` "
                                "(`... rolls N going negative dice`, `breaking news targets ...`, "
                                "`when ...:`, `at the end of ... turn:`)")
        checked: A.Stmt = self.visit("stmt", s, at)
        return checked

    def stmt_Gain(self, s: A.Gain, at: At) -> A.Stmt:
        self.need_actor(s, at.actor)
        return dataclasses.replace(s, amount=self.count(s.amount, at.scope, at.actor),
                                   issue=self.expr(s.issue, ISSUE, at.scope, at.actor),
                                   state=self.expr(s.state, STATE, at.scope, at.actor))

    def stmt_Shift(self, s: A.Shift, at: At) -> A.Stmt:
        return dataclasses.replace(s, state=self.expr(s.state, STATE, at.scope, at.actor),
                                   amount=self.count(s.amount, at.scope, at.actor),
                                   issue=self.expr(s.issue, ISSUE, at.scope, at.actor))

    def stmt_Alter(self, s: A.Alter, at: At) -> A.Stmt:
        return dataclasses.replace(s, state=self.expr(s.state, STATE, at.scope, at.actor))

    def stmt_DemographicSupport(self, s: A.DemographicSupport, at: At) -> A.Stmt:
        self.need_actor(s, at.actor)
        return dataclasses.replace(s, group=self.expr(s.group, GROUP, at.scope, at.actor))

    def counted(self, s: A.Draw | A.DrawAndPlay | A.Discard, at: At) -> A.Stmt:
        self.need_actor(s, at.actor)
        word = "discard" if isinstance(s, A.Discard) else "draw"
        return dataclasses.replace(s, amount=self.count(s.amount, at.scope, at.actor, word))

    stmt_Draw = stmt_DrawAndPlay = stmt_Discard = counted

    def stmt_DiscardAny(self, s: A.DiscardAny, at: At) -> A.Stmt:
        self.need_actor(s, at.actor)
        self.bind(s, at.scope, s.var, NUM)
        return s

    def stmt_ChooseState(self, s: A.ChooseState, at: At) -> A.Stmt:
        self.need_actor(s, at.actor)
        if s.different and not at.loop:
            raise self.error(s, "`choose a different state` only makes sense inside `repeat` or `for each`")
        inner = Scope(at.scope)  # the condition sees the state it tests
        inner.vars[s.var] = STATE
        where = self.cond(s.where, inner, at.actor) if s.where is not None else None
        best = self.best(s.best, at.scope, at.actor) if s.best is not None else None
        self.bind(s, at.scope, s.var, STATE)
        return dataclasses.replace(s, where=where, best=best)

    def stmt_ChooseIssue(self, s: A.ChooseIssue, at: At) -> A.Stmt:
        self.need_actor(s, at.actor)
        self.bind(s, at.scope, s.var, ISSUE)
        return s

    def stmt_ChooseCard(self, s: A.ChooseCard, at: At) -> A.Stmt:
        self.need_actor(s, at.actor)
        self.bind(s, at.scope, s.var, CARD)
        return s

    def uses_card(self, s: A.PlayCard | A.DiscardCard, at: At) -> A.Stmt:
        self.need_actor(s, at.actor)
        self.var_of_type(s, s.var, CARD, at.scope)
        return s

    stmt_PlayCard = stmt_DiscardCard = uses_card

    def stmt_Nothing(self, s: A.Nothing, at: At) -> A.Stmt:
        return s

    def stmt_RollDice(self, s: A.RollDice, at: At) -> A.Stmt:
        count = self.count(s.count, at.scope, at.actor)
        if any(A.bests(count)):  # read when a die is due, where nobody could be asked to break a tie
            raise self.error(s.count, "a number of dice cannot use `the state with the most ...`")
        return dataclasses.replace(s, player=self.expr(s.player, PLAYER, at.scope, at.actor), count=count)

    def stmt_NewsTarget(self, s: A.NewsTarget, at: At) -> A.Stmt:
        chooser = self.expr(s.chooser, PLAYER, at.scope, at.actor) if s.chooser is not None else None
        state = self.expr(s.state, STATE, at.scope, at.actor) if s.state is not None else None
        return dataclasses.replace(s, chooser=chooser, state=state)

    def stmt_Trigger(self, s: A.Trigger, at: At) -> A.Stmt:
        # The ability runs on behalf of the card's owner: `you` is the owner inside, as on the card.
        player = self.expr(s.player, PLAYER, at.scope, at.actor) if s.player is not None else None
        body = self.block(s.body, at.nested(actor=True, loop=False, in_play=False))
        return dataclasses.replace(s, player=player, body=body)

    def stmt_If(self, s: A.If, at: At) -> A.Stmt:
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

    def stmt_ForEach(self, s: A.ForEach, at: At) -> A.Stmt:
        inner = Scope(at.scope)
        self.bind(s, inner, s.var, STATE)
        where = self.cond(s.where, inner, at.actor) if s.where is not None else None
        return dataclasses.replace(s, where=where, body=self.block(s.body, at.nested(Scope(inner), loop=True)))

    def stmt_Repeat(self, s: A.Repeat, at: At) -> A.Stmt:
        count = self.count(s.count, at.scope, at.actor)
        return dataclasses.replace(s, count=count, body=self.block(s.body, at.nested(loop=True)))

    def stmt_As(self, s: A.As, at: At) -> A.Stmt:
        player = self.expr(s.player, PLAYER, at.scope, at.actor)
        return dataclasses.replace(s, player=player, body=self.block(s.body, at.nested(actor=True)))

    def stmt_ChooseOne(self, s: A.ChooseOne, at: At) -> A.Stmt:
        self.need_actor(s, at.actor)
        if len(s.options) < 2:
            raise self.error(s, "`choose one:` needs at least two `option:` blocks")
        return dataclasses.replace(s, options=tuple(self.block(o, at.nested()) for o in s.options))

    def stmt_WhileInPlay(self, s: A.WhileInPlay, at: At) -> A.Stmt:
        if not self.ctx.media:
            raise self.error(s, "`while in play:` is only for Media Support cards (type: media)")
        if not at.top:
            raise self.error(s, "`while in play:` must be at the top level of the effect")
        # A scope of its own, not the effect's: abilities run later, when the effect's variables are gone.
        return dataclasses.replace(s, body=self.block(s.body, at.nested(Scope(), loop=False, in_play=True)))

    def count(self, e: A.Expr, scope: Scope, actor: bool, word: str | None = None) -> A.Expr:
        """A number of times (`repeat N`, `gain N`, `draw N`…): a literal is at most MAX_REPEAT.
        ``word``: the statement's, named when a name stands where its number should be."""
        if isinstance(e, A.Num) and not 0 <= e.value <= MAX_REPEAT:
            raise self.error(e, f"a count must be between 0 and {MAX_REPEAT}")
        if word is not None and isinstance(e, A.Var) and scope.lookup(e.name) is None:
            # `draw Ohio`: a name where the number goes, bound nowhere: say what the statement takes
            raise self.error(e, f"`{word}` takes a number of cards (`{word} 2`), not {e.name}",
                             f"a number bound earlier works too (`... as N`, then `{word} N`)")
        return self.expr(e, NUM, scope, actor)
