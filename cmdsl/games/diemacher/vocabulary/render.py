"""Die Macher's nodes back to effect text (the core's unparser: ``cmdsl.lang.render``), assembled
from its node families' parts (each beside its nodes)."""

from __future__ import annotations

from ....lang.render import Unparser
from . import nodes as N
from .tiles import TilesUnparser


class DieMacherUnparser(TilesUnparser, Unparser):
    families = {"expr": N.EXPRS, "cond": N.CONDS, "stmt": N.STMTS}
