"""Racolage Électoral's tree builder: the core's (``cmdsl.lang.to_ast``), with the rules of each of
its node families (each family's module holds its rules beside its nodes). Imports Lark: only when
a text is parsed."""

from __future__ import annotations

from lark import v_args

from ....lang.to_ast import ToAst, add_rules
from .hands import HandsRules
from .notoriety import NotorietyRules
from .permanents import PermanentsRules
from .themes import ThemesRules


@v_args(meta=True)
class RacolageToAst(ToAst):
    """The core's transformer, with a method for each of Racolage's rules."""


add_rules(RacolageToAst, HandsRules, NotorietyRules, PermanentsRules, ThemesRules)
