"""Checked AST → closures (DESIGN property 8: compiled, not walked).

An expression becomes ``f(run) -> value`` (``compile_expr.py``); a statement becomes a generator
function ``f(run)`` that yields the decisions it needs (``compile_stmt.py``); this module compiles
a card's abilities and the whole effect. Names are resolved once, not per run.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import ast as A
from .checker import Checked
from .visitor import CONDS, EXPRS, STMTS
from .compile_expr import Step
from .compile_stmt import StmtCompiler


@dataclass(frozen=True)
class Compiled:
    run: Step
    abilities: Any  # what the game's compiler makes of the effect's abilities (None: it has none)


class Compiler(StmtCompiler):
    families = {"expr": EXPRS, "cond": CONDS, "stmt": STMTS}

    def effect(self, checked: Checked) -> Compiled:
        """The whole effect, compiled: what it does when it resolves, and its abilities."""
        return Compiled(self.block(checked.program.body), self.abilities(checked.abilities))

    def abilities(self, stmts: tuple[A.Stmt, ...]) -> Any:
        """The effect's abilities while its card is in play, as the game calls them (a game's)."""
        return None
