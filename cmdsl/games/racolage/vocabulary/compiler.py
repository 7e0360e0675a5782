"""Racolage Électoral's checked effects → closures (the core's compiler: ``cmdsl.lang.compiler``),
assembled from its node families' parts (each beside its nodes)."""

from __future__ import annotations

from ....lang.compiler import Compiler
from . import nodes as N
from .hands import HandsCompiler
from .notoriety import NotorietyCompiler
from .permanents import PermanentAbilities, PermanentsCompiler, Rule
from .text import RacolageWriter
from .themes import ThemesCompiler

__all__ = ["PermanentAbilities", "RacolageCompiler", "Rule"]


class RacolageCompiler(NotorietyCompiler, HandsCompiler, PermanentsCompiler, ThemesCompiler, Compiler):
    families = {"expr": N.EXPRS, "cond": N.CONDS, "stmt": N.STMTS}
    writer = RacolageWriter
