"""Die Macher's tree builder: the core's (``cmdsl.lang.to_ast``), with the rules of each of its node
families (each family's module holds its rules beside its nodes). Imports Lark: only when a text is
parsed."""

from __future__ import annotations

from lark import v_args

from ....lang.to_ast import ToAst, add_rules
from .reads import ReadsRules
from .tiles import TilesRules
from .tracks import TracksRules


@v_args(meta=True)
class DieMacherToAst(ToAst):
    """The core's transformer, with a method for each of Die Macher's rules."""


add_rules(DieMacherToAst, ReadsRules, TracksRules, TilesRules)
