"""Campaign Manager 2008's effects checked: names, types, scopes (the core's checker:
``cmdsl.lang.checker``), assembled from its node families' parts (each beside its nodes)."""

from __future__ import annotations

from types import MappingProxyType
from typing import Iterable

from . import nodes as A
from ....lang.check_scope import ARTICLE
from ....lang.checker import Checked, Checker, Context, Names
from ....lang.origin import Origin
from .cards import CARD, CardsChecker
from .media import MediaChecker
from .players import PlayersChecker
from .reads import GROUP, ISSUE, STATE, ContextKind, ReadsChecker
from .states import StatesChecker
from .superlatives import SuperlativesChecker
from .support import SupportChecker
from .wins import WinsChecker
from .work import CampaignBounds

__all__ = ["CampaignChecker", "Checked", "Context", "ContextKind", "Names", "campaign_names", "check"]


def campaign_names(states: Iterable[str], groups: Iterable[str]) -> Names:
    """The names a Campaign Manager 2008 effect may quote: its set's states and demographic groups."""
    return Names.of(state=states, group=groups)


class CampaignChecker(PlayersChecker, SupportChecker, CardsChecker, StatesChecker, WinsChecker, MediaChecker,
                      SuperlativesChecker, ReadsChecker, Checker):
    """The core's checker, with Campaign Manager 2008's statements, conditions and values."""

    families = {"stmt": A.STMTS, "cond": A.CONDS, "expr": A.EXPRS, "type": A.EXPRS}

    bounds = CampaignBounds
    articles = MappingProxyType({**ARTICLE, STATE: "a state", ISSUE: "an issue", GROUP: "a demographic group",
                                 CARD: "a card"})


def check(program: A.Program, names: Names, ctx: Context, origin: Origin = Origin()) -> Checked:
    return CampaignChecker(names, ctx, origin).check(program)
