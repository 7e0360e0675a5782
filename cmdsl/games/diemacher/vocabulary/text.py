"""Die Macher's rules text, English and French (the core's writer: ``cmdsl.lang.text``), assembled
from its node families' parts (each beside its nodes)."""

from __future__ import annotations

from ....lang.text import Writer
from . import nodes as N
from .phrases import PHRASES
from .tiles import TilesWriter


class DieMacherWriter(TilesWriter, Writer):
    families = {"expr": N.EXPRS, "cond": N.CONDS, "stmt": N.STMTS}
    phrases = PHRASES
