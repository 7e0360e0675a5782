"""Die Macher's effects checked: names, types, where `here` may stand (the core's checker:
``cmdsl.lang.checker``), assembled from its node families' parts (each beside its nodes)."""

from __future__ import annotations

from types import MappingProxyType

from ....lang.check_scope import ARTICLE, Context
from ....lang.checker import Checker
from . import nodes as N
from .reads import BOARD, CABINET
from .tiles import TilesChecker
from .work import DieMacherBounds

#: What a shadow-cabinet card's effect is checked as: a card lying on a board, whose party acts.
CABINET_CARD = Context(CABINET)


class DieMacherChecker(TilesChecker, Checker):
    families = {"stmt": N.STMTS, "cond": N.CONDS, "expr": N.EXPRS, "type": N.EXPRS}
    bounds = DieMacherBounds
    articles = MappingProxyType({**ARTICLE, BOARD: "a board"})
