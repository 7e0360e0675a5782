"""Campaign Manager 2008's players: the two candidates by name, each the other's opponent, and
`P leads`. Nodes, rules and passes' parts, as ``reads.py``'s."""

from __future__ import annotations

import dataclasses
from enum import StrEnum
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Callable

from ....lang import ast as core
from ....lang.ast import Built, Cond, PlayerRef
from ....lang.check_scope import PLAYER, Scope
from ....lang.checker import Checker
from ....lang.compile_expr import ExprForm, Source
from ....lang.compiler import Compiler
from ....lang.render import Unparser
from ....lang.run import Run
from ....lang.text import Writer
from ....lang.tree_rules import TreeRules
from ....lang.work import Bounds
from ....values import value
from ..sides import Side
from .ops import GameOps

if TYPE_CHECKING:
    from lark.tree import Meta

__all__ = ["Leads", "Who"]


class Who(StrEnum):
    """Whom a player reference names: the acting player, the other one, whose turn it is, or a
    side by its name (the core's two, and Campaign Manager 2008's three)."""

    YOU = core.Who.YOU.value
    OPPONENT = "opponent"
    ACTIVE = core.Who.ACTIVE.value
    MCCAIN = "mccain"
    OBAMA = "obama"


@value
class Leads(Cond, Built):
    player: core.Expr


NODES = (Leads,)


class PlayersRules(TreeRules):
    def candidate(self, meta: Meta, c: list[Any]) -> PlayerRef:
        return PlayerRef(Who(str(c[0])), pos=self._tok(c[0]))

    def opponent(self, meta: Meta, c: list[Any]) -> PlayerRef:
        return PlayerRef(Who.OPPONENT, pos=self._p(meta))


class PlayersChecker(Checker):
    acting_players = frozenset({Who.YOU, Who.OPPONENT})
    no_actor = ("Breaking News has no player: say who acts with `as mccain:` or `as obama:` "
                "(or `as the active player:`)")

    def cond_Leads(self, c: Leads, scope: Scope, actor: bool) -> Cond:
        return dataclasses.replace(c, player=self.expr(c.player, PLAYER, scope, actor))


class PlayersBounds(Bounds):
    """(No statement of this family yet: a statement's work bound goes here.)"""


# The acting player's opponent, read off the run itself (as the core's ``compile_expr.THE_IT``).
_THE_OPPONENT = Source("r.me.other")


class PlayersCompiler(Compiler):
    def named_player(self, e: PlayerRef) -> ExprForm:
        if e.who == Who.OPPONENT:
            return _THE_OPPONENT
        return self.bound(Side(e.who))

    def cond_Leads(self, c: Leads) -> Callable[[Run[GameOps]], bool]:
        who = self.expr(c.player)

        def leads(r: Run[GameOps]) -> bool:
            p = who(r)
            return r.ops.score(p) > r.ops.score(p.other)
        return leads


class PlayersUnparser(Unparser):
    players = MappingProxyType({**Unparser.players, "opponent": "the opponent", "mccain": "mccain", "obama": "obama"})

    def turn_of(self, who: str) -> str:
        return {"the opponent": "the opponent's"}[who]

    def cond_Leads(self, c: Leads) -> str:
        who = self.expr(c.player)
        return f"{who} {'lead' if who == 'you' else 'leads'}"


class PlayersWriter(Writer):
    def expr_PlayerRef(self, e: PlayerRef) -> str:
        if e.who == Who.OPPONENT and self.acting == "opponent":  # under "your opponent does this" they are "you"
            return self.p["you"]
        return super().expr_PlayerRef(e)

    def cond_Leads(self, c: Leads) -> str:
        return self._you(self.expr(c.player), "leads")
