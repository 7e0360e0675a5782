"""Die Macher's checked effects → closures (the core's compiler: ``cmdsl.lang.compiler``),
assembled from its node families' parts (each beside its nodes), with what spans them: a menu
(`choose one:`) offers only the options whose statements can be carried out now (DM8.3: no
takeover without a rival's media marker there, no key issue placed on a board that holds one)."""

from __future__ import annotations

from typing import Any

from ....lang import ast as core
from ....lang.compile_expr import Step
from ....lang.compiler import Compiler
from ....lang.ops import Steps
from ....lang.run import Run
from . import nodes as N
from .text import DieMacherWriter
from .tiles import TilesCompiler
from .tracks import Possible


class DieMacherCompiler(TilesCompiler, Compiler):
    families = {"expr": N.EXPRS, "cond": N.CONDS, "stmt": N.STMTS}
    writer = DieMacherWriter

    def possible(self, s: core.Stmt) -> Possible | None:
        """Whether ``s`` can be carried out now (its family's ``possible_<Node>``); None: always."""
        method = getattr(self, f"possible_{type(s).__name__}", None)
        return method(s) if method is not None else None

    def option_possible(self, stmts: tuple[core.Stmt, ...]) -> Possible | None:
        """Whether an option can be carried out now: each of its statements can; None: always."""
        checks = [check for s in stmts if (check := self.possible(s)) is not None]
        if not checks:
            return None
        return lambda r: all(check(r) for check in checks)

    def stmt_ChooseOne(self, s: core.ChooseOne, cause: str) -> Step:
        bodies = [self.block(o) for o in s.options]
        labels = [self.writer.option_text(o) for o in s.options]  # rules text, never effect source
        possible = [self.option_possible(o) for o in s.options]

        def choose_one(r: Run[Any]) -> Steps:
            offered = [k for k, can in enumerate(possible) if can is None or can(r)]
            if not offered:
                r.ops.nothing_possible(r.me, cause)
                return
            k = yield from r.ops.choose_menu(r.me, [(k, labels[k]) for k in offered], cause)
            yield from bodies[k](r)
        return choose_one
