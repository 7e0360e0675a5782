"""Die Macher's nodes of the effect language's syntax tree, beside the core's (``cmdsl.lang.ast``):
its statements, conditions and values (DIEMACHER.md D8). Each is declared in its family's module,
with its rules, operations and passes' methods (docs/language-internals.md); this module gathers them."""

from __future__ import annotations

from types import ModuleType

from ....lang import ast as core
from ....lang.visitor import Family, family
from . import reads, tiles, tracks
# Each family's nodes (its ``__all__``), by name: ``nodes.GainVotes``, ``nodes.Here``.
from .reads import *  # noqa: F403
from .tiles import *  # noqa: F403
from .tracks import *  # noqa: F403

#: The modules of Die Macher's node families, each a node's passes' home.
FAMILIES: tuple[ModuleType, ...] = (reads, tracks, tiles)

#: Die Macher's node classes; every node class of a Die Macher effect; those of each kind.
NODES: tuple[type[core.Node], ...] = tuple(n for f in FAMILIES for n in f.NODES)
ALL_NODES: tuple[type[core.Node], ...] = (*core.NODES, *NODES)
EXPRS: Family = family(ALL_NODES, core.Expr)
CONDS: Family = family(ALL_NODES, core.Cond)
STMTS: Family = family(ALL_NODES, core.Stmt)
