"""High Card's nodes of the effect language's syntax tree, beside the core's (``cmdsl.lang.ast``)."""

from __future__ import annotations

from dataclasses import dataclass

from cmdsl.lang import ast as core
from cmdsl.lang.visitor import Family, family


@dataclass(frozen=True)
class ChoosePlayer(core.Stmt):
    """`choose a player as P`: the acting player chooses one of the three players (T5)."""

    var: str


@dataclass(frozen=True)
class GiveCard(core.Stmt):
    """`give the highest|lowest card of P to Q`: that card of P's hand goes to Q's hand (T5)."""

    highest: bool
    giver: core.Expr
    taker: core.Expr


@dataclass(frozen=True)
class MorePoints(core.Cond):
    """`P has more points than Q`."""

    player: core.Expr
    than: core.Expr


@dataclass(frozen=True)
class PointsOf(core.Expr):
    """`the points of P`: P's score (`points` in a superlative: `the player with the most points`)."""

    player: core.Expr


#: High Card's node classes; every node class of a High Card effect; those of each kind.
NODES: tuple[type[core.Node], ...] = (PointsOf, MorePoints, ChoosePlayer, GiveCard)
ALL_NODES: tuple[type[core.Node], ...] = (*core.NODES, *NODES)
EXPRS: Family = family(ALL_NODES, core.Expr)
CONDS: Family = family(ALL_NODES, core.Cond)
STMTS: Family = family(ALL_NODES, core.Stmt)
