"""Campaign Manager 2008's effects written back as effect text (the core's: ``cmdsl.lang.render``),
assembled from its node families' parts (each beside its nodes)."""

from __future__ import annotations

from . import nodes as A
from ....lang.render import Unparser
from .cards import CardsUnparser
from .media import MediaUnparser
from .players import PlayersUnparser
from .reads import ReadsUnparser
from .states import StatesUnparser
from .superlatives import SuperlativesUnparser
from .support import SupportUnparser
from .wins import WinsUnparser


class CampaignUnparser(PlayersUnparser, SupportUnparser, CardsUnparser, StatesUnparser, WinsUnparser,
                       MediaUnparser, SuperlativesUnparser, ReadsUnparser, Unparser):
    """The core's unparser, with Campaign Manager 2008's statements."""

    families = {"expr": A.EXPRS, "cond": A.CONDS, "stmt": A.STMTS}


#: It keeps nothing: one is enough.
RENDER = CampaignUnparser()
expr, cond, stmt, block, program, one_line = (RENDER.expr, RENDER.cond, RENDER.stmt, RENDER.block, RENDER.program,
                                              RENDER.one_line)
