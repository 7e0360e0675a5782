"""The work bound of Campaign Manager 2008's statements (the core's: ``cmdsl.lang.work``)."""

from __future__ import annotations

from ....lang.work import Bounds


class CampaignBounds(Bounds):
    """The core's work bound, with Campaign Manager 2008's statements."""


block_work = CampaignBounds.block_work
stmt_work = CampaignBounds.stmt_work
over_budget = CampaignBounds.over_budget
