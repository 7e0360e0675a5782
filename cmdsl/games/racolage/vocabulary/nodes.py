"""Racolage Électoral's nodes of the effect language's syntax tree, beside the core's
(``cmdsl.lang.ast``): its statements, its condition and its values. Each is declared in its
family's module, with its rules, operations and passes' methods (docs/language-internals.md,
"Adding a statement"); this module gathers them."""

from __future__ import annotations

from types import ModuleType

from ....lang import ast as core
from ....lang.visitor import Family, family
from . import hands, notoriety, permanents, themes
# Each family's nodes (its ``__all__``), by name: ``nodes.Draw``, ``nodes.Permanent``.
from .hands import *  # noqa: F403
from .notoriety import *  # noqa: F403
from .permanents import *  # noqa: F403
from .themes import *  # noqa: F403

#: The modules of Racolage's node families, each a node's passes' home.
FAMILIES: tuple[ModuleType, ...] = (themes, notoriety, hands, permanents)

#: Racolage's node classes; every node class of a Racolage effect; those of each kind.
NODES: tuple[type[core.Node], ...] = tuple(n for f in FAMILIES for n in f.NODES)
ALL_NODES: tuple[type[core.Node], ...] = (*core.NODES, *NODES)
EXPRS: Family = family(ALL_NODES, core.Expr)
CONDS: Family = family(ALL_NODES, core.Cond)
STMTS: Family = family(ALL_NODES, core.Stmt)
