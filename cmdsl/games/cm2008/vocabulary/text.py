"""Campaign Manager 2008's rules text, in English and French (the core's writer: ``cmdsl.lang.text``)."""

from __future__ import annotations

from ....lang.text import LANGS, Writer

__all__ = ["LANGS", "CampaignWriter", "cost_text", "option_text", "rules_text", "trigger_text"]


class CampaignWriter(Writer):
    """The core's rules text, with Campaign Manager 2008's statements."""


rules_text = CampaignWriter.rules_text
cost_text = CampaignWriter.cost_text
option_text = CampaignWriter.option_text
trigger_text = CampaignWriter.trigger_text
