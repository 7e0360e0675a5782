"""Campaign Manager 2008's effects checked: names, types, scopes (the core's checker: ``cmdsl.lang.checker``)."""

from __future__ import annotations

from ....lang import ast as A
from ....lang.checker import Checked, Checker, Context, ContextKind, Names
from ....lang.origin import Origin
from .work import CampaignBounds

__all__ = ["CampaignChecker", "Checked", "Context", "ContextKind", "Names", "check"]


class CampaignChecker(Checker):
    """The core's checker, with Campaign Manager 2008's statements, conditions and values."""

    bounds = CampaignBounds


def check(program: A.Program, names: Names, ctx: Context, origin: Origin = Origin()) -> Checked:
    return CampaignChecker(names, ctx, origin).check(program)
