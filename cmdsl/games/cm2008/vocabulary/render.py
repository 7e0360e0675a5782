"""Campaign Manager 2008's effects written back as effect text (the core's: ``cmdsl.lang.render``)."""

from __future__ import annotations

from ....lang.render import Unparser


class CampaignUnparser(Unparser):
    """The core's unparser, with Campaign Manager 2008's statements."""


#: It keeps nothing: one is enough.
RENDER = CampaignUnparser()
expr, cond, stmt, block, program, one_line = (RENDER.expr, RENDER.cond, RENDER.stmt, RENDER.block, RENDER.program,
                                              RENDER.one_line)
