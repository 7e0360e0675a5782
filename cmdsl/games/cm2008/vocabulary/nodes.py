"""Campaign Manager 2008's nodes of the effect language's syntax tree, beside the core's
(``cmdsl.lang.ast``, re-exported here: this module is the whole tree of a CM2008 effect).

Each node is declared in its family's module, with its rules and its passes' methods
(docs/language-internals.md, "Adding a statement"); this module gathers them."""

from __future__ import annotations

from types import ModuleType

from ....lang import ast as core
from ....lang.visitor import Family, family
from ....lang.ast import (NOWHERE as NOWHERE, And as And, Arith as Arith, As as As, Built as Built,
                          ChooseOne as ChooseOne, Compare as Compare, Cond as Cond, Expr as Expr,
                          ForEachPlayer as ForEachPlayer, If as If, BestPlayer as BestPlayer, Them as Them,
                          Node as Node, Not as Not, Nothing as Nothing, Num as Num, Or as Or, PlayerRef as PlayerRef,
                          Pos as Pos, Program as Program, Repeat as Repeat, Stmt as Stmt, Str as Str, Var as Var,
                          Trigger as Trigger, WhileInPlay as WhileInPlay, END_TURN as END_TURN,
                          ChosenPlayer as ChosenPlayer)
from . import cards, media, players, reads, states, superlatives, support, wins
# Each family's nodes (its ``__all__``), by name: ``nodes.Gain``, ``nodes.Who``.
from .cards import *  # noqa: F403
from .media import *  # noqa: F403
from .players import *  # noqa: F403
from .reads import *  # noqa: F403
from .states import *  # noqa: F403
from .superlatives import *  # noqa: F403
from .support import *  # noqa: F403
from .wins import *  # noqa: F403

#: The modules of Campaign Manager 2008's node families, each a node's passes' home.
FAMILIES: tuple[ModuleType, ...] = (reads, superlatives, players, wins, support, cards, states, media)

#: Campaign Manager 2008's node classes, family by family.
NODES: tuple[type[Node], ...] = tuple(n for f in FAMILIES for n in f.NODES)
#: Every node class of a CM2008 effect: the core's and its own; and those of each kind.
ALL_NODES: tuple[type[Node], ...] = (*core.NODES, *NODES)
EXPRS: Family = family(ALL_NODES, Expr)
CONDS: Family = family(ALL_NODES, Cond)
STMTS: Family = family(ALL_NODES, Stmt)
