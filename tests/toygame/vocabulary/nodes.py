"""High Card's nodes of the effect language's syntax tree, beside the core's (``cmdsl.lang.ast``):
each declared in its family's module (``hands.py``, ``points.py``) with its passes' methods."""

from __future__ import annotations

from types import ModuleType

from cmdsl.lang import ast as core
from cmdsl.lang.visitor import Family, family

from . import hands, points
from .hands import *  # noqa: F403
from .points import *  # noqa: F403

#: The modules of High Card's node families, each a node's passes' home.
FAMILIES: tuple[ModuleType, ...] = (points, hands)

#: High Card's node classes; every node class of a High Card effect; those of each kind.
NODES: tuple[type[core.Node], ...] = tuple(n for f in FAMILIES for n in f.NODES)
ALL_NODES: tuple[type[core.Node], ...] = (*core.NODES, *NODES)
EXPRS: Family = family(ALL_NODES, core.Expr)
CONDS: Family = family(ALL_NODES, core.Cond)
STMTS: Family = family(ALL_NODES, core.Stmt)
