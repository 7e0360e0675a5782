"""The checker: names, types, arity, variable scopes and where each statement may appear.

It returns a copy of the tree in which every quoted name is resolved to a ``StateName`` or a
``GroupName``, so the compiler can trust every node it sees. This module checks statements;
``check_expr.py`` conditions and expressions; ``check_scope.py`` holds what the walk knows.
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar, Iterable

from . import ast as A
from .check_expr import CondChecker
from .check_scope import NUM, PLAYER, At, Context, Names, Scope
from .visitor import CONDS, EXPRS, STMTS
from .work import MAX_REPEAT, Bounds, Work
from ..values import value

#: The checker: an effect's context and the game's names come with it.
__all__ = ["Checked", "Checker", "Context", "Names"]


@value
class Checked:
    program: A.Program
    abilities: tuple[A.Stmt, ...]  # what the effect gives its card while in play (a game's)
    work: Work  # a bound on the work of running it (lang/work.py); the set decides what plays cost


class Checker(CondChecker):
    families = {"stmt": STMTS, "cond": CONDS, "expr": EXPRS, "type": EXPRS}
    #: the work bound of the language (a game's, for its statements)
    bounds: ClassVar[type[Bounds]] = Bounds

    # ---- entry ---------------------------------------------------------------

    def check(self, program: A.Program) -> Checked:
        body = self.block(program.body, At(Scope(), actor=self.ctx.has_actor, loop=False, top=True))
        return Checked(dataclasses.replace(program, body=body), self.abilities(body),
                       self.bounds.block_work(body, self.loop_size()))

    def abilities(self, body: tuple[A.Stmt, ...]) -> tuple[A.Stmt, ...]:
        """The abilities an effect gives its card while it is in play: those of its `while in play:`."""
        return tuple(ability for st in body if isinstance(st, A.WhileInPlay) for ability in st.body)

    def loop_size(self) -> int:
        """How many times at most a loop over the game's things turns (for the work bound)."""
        return 0

    # ---- statements ----------------------------------------------------------

    def block(self, stmts: Iterable[A.Stmt], at: At) -> tuple[A.Stmt, ...]:
        return tuple(self.stmt(s, dataclasses.replace(at, after=i > 0)) for i, s in enumerate(stmts))

    def bind(self, node: A.Node, scope: Scope, name: str, typ: str) -> None:
        if scope.lookup(name) is not None:
            raise self.error(node, f"{name} is already bound; pick another name")
        scope.vars[name] = typ

    def stmt(self, s: A.Stmt, at: At) -> A.Stmt:
        ability = self.is_ability(s)
        if ability and not at.in_play:
            raise self.error(s, self.ability_outside)
        if at.in_play and not ability:
            raise self.error(s, self.only_abilities)
        checked: A.Stmt = self.visit("stmt", s, at)
        return checked

    # ---- abilities: `while in play:` and what stands in it -------------------------------------
    #: What the errors about abilities say (a game names its kind of card and its own abilities).
    ability_outside: ClassVar[str] = "this is an ability of a card in play: it belongs inside `while in play:`"
    only_abilities: ClassVar[str] = ("only abilities may appear inside `while in play:` "
                                     "(`at the end of your turn:`, `at the end of each turn:`)")
    no_abilities: ClassVar[str] = "`while in play:` is only for cards that stay in play"

    def is_ability(self, s: A.Stmt) -> bool:
        """Whether ``s`` stands only inside `while in play:` (a game adds abilities of its own)."""
        return isinstance(s, A.Trigger)

    def stmt_WhileInPlay(self, s: A.WhileInPlay, at: At) -> A.Stmt:
        if not self.ctx.abilities:
            raise self.error(s, self.no_abilities)
        if not at.top:
            raise self.error(s, "`while in play:` must be at the top level of the effect")
        # A scope of its own, not the effect's: abilities run later, when the effect's variables are gone.
        return dataclasses.replace(s, body=self.block(s.body, at.nested(Scope(), loop=False, in_play=True)))

    def stmt_Trigger(self, s: A.Trigger, at: At) -> A.Stmt:
        # The ability runs on behalf of the card's owner: `you` is the owner inside, as on the card.
        self.read_later(s, "whose event it is")
        player = self.expr(s.player, PLAYER, at.scope, at.actor) if s.player is not None else None
        body = self.block(s.body, at.nested(actor=True, loop=False, in_play=False))
        return dataclasses.replace(s, player=player, body=body)

    def stmt_Nothing(self, s: A.Nothing, at: At) -> A.Stmt:
        return s

    def if_cond(self, c: A.Cond, at: At) -> A.Cond:
        """The condition of an `if` (a game's may look at the statement before it: ``at.after``)."""
        return self.cond(c, at.scope, at.actor)

    def stmt_If(self, s: A.If, at: At) -> A.Stmt:
        cond = self.if_cond(s.cond, at)
        then = self.block(s.then, at.nested())
        if len(s.otherwise) == 1 and isinstance(s.otherwise[0], A.If):
            # `else if`: nothing runs between the two tests, so `that` still means the same statement
            otherwise: tuple[A.Stmt, ...] = (self.stmt(s.otherwise[0], at.nested(after=at.after)),)
        else:
            otherwise = self.block(s.otherwise, at.nested())
        return dataclasses.replace(s, cond=cond, then=then, otherwise=otherwise)

    def stmt_Repeat(self, s: A.Repeat, at: At) -> A.Stmt:
        count = self.count(s.count, at.scope, at.actor)
        return dataclasses.replace(s, count=count, body=self.block(s.body, at.nested(loop=True)))

    def stmt_ForEachPlayer(self, s: A.ForEachPlayer, at: At) -> A.Stmt:
        self.need_actor(s, at.actor)  # "other" than the one acting
        inner = Scope(at.scope)
        self.bind(s, inner, s.var, PLAYER)
        return dataclasses.replace(s, body=self.block(s.body, at.nested(Scope(inner), loop=True)))

    def stmt_As(self, s: A.As, at: At) -> A.Stmt:
        player = self.expr(s.player, PLAYER, at.scope, at.actor)
        return dataclasses.replace(s, player=player, body=self.block(s.body, at.nested(actor=True)))

    def stmt_ChooseOne(self, s: A.ChooseOne, at: At) -> A.Stmt:
        self.need_actor(s, at.actor)
        if len(s.options) < 2:
            raise self.error(s, "`choose one:` needs at least two `option:` blocks")
        return dataclasses.replace(s, options=tuple(self.block(o, at.nested()) for o in s.options))

    def read_later(self, ability: A.Stmt, what: str) -> None:
        """An ability's own values are read when its game asks (whose event, who rolls…), where no
        statement runs first to settle a player's choice or a superlative over players."""
        settled = next(A.parts(ability, A.SETTLED_PLAYERS), None)
        if settled is not None:
            raise self.error(settled, f"an ability is read when the game asks ({what}), where nobody can "
                                      "choose: no player chosen by someone or `the player with the most …` here")

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
