"""High Card's passes: each the core's, assembled from its node families' parts (``hands.py``,
``points.py``: each node with its rules, operations and every pass's method). The parse tree's
rules → nodes, the checker, the compiler (and the operations it calls), the unparser, the rules
text and the work bound."""

from __future__ import annotations

from typing import Protocol

from lark import v_args

from cmdsl.lang.checker import Checker
from cmdsl.lang.compiler import Compiler
from cmdsl.lang.render import Unparser
from cmdsl.lang.text import Writer
from cmdsl.lang.to_ast import ToAst, add_rules
from cmdsl.lang.work import Bounds

from . import nodes as N
from .hands import HandsBounds, HandsChecker, HandsCompiler, HandsOps, HandsRules, HandsUnparser, HandsWriter
from .phrases import PHRASES
from .points import PointsBounds, PointsChecker, PointsCompiler, PointsOps, PointsRules, PointsUnparser, PointsWriter


class HighCardOps(HandsOps, PointsOps, Protocol):
    """What High Card's effects do to the game (``TrickOps`` implements it, on the position the driver holds)."""


@v_args(meta=True)
class HighCardToAst(ToAst):
    pass


add_rules(HighCardToAst, HandsRules, PointsRules)


class HighCardBounds(HandsBounds, PointsBounds, Bounds):
    families = {"stmt": N.STMTS, "upper": N.EXPRS}

    max_seats = 3  # T1


class HighCardChecker(HandsChecker, PointsChecker, Checker):
    families = {"stmt": N.STMTS, "cond": N.CONDS, "expr": N.EXPRS, "type": N.EXPRS}
    bounds = HighCardBounds


class HighCardWriter(HandsWriter, PointsWriter, Writer):
    families = {"expr": N.EXPRS, "cond": N.CONDS, "stmt": N.STMTS}
    phrases = PHRASES


class HighCardCompiler(HandsCompiler, PointsCompiler, Compiler):
    families = {"expr": N.EXPRS, "cond": N.CONDS, "stmt": N.STMTS}
    writer = HighCardWriter


class HighCardUnparser(HandsUnparser, PointsUnparser, Unparser):
    families = {"expr": N.EXPRS, "cond": N.CONDS, "stmt": N.STMTS}
