"""Campaign Manager 2008's tree builder: the core's (``cmdsl.lang.to_ast``), with the rules of each
of its node families (each family's module holds its rules beside its nodes). Imports Lark: only
when a text is parsed."""

from __future__ import annotations

from lark import v_args

from ....lang.to_ast import ToAst, add_built_methods, add_rules
from . import cards, media, players, reads, states, superlatives, support, wins
from .nodes import FAMILIES


@v_args(meta=True)
class CampaignToAst(ToAst):
    """The core's transformer, with a method for each of Campaign Manager 2008's rules."""


add_rules(CampaignToAst, players.PlayersRules, reads.ReadsRules, superlatives.SuperlativesRules,
          wins.WinsRules, support.SupportRules, cards.CardsRules, states.StatesRules, media.MediaRules)
for _family in FAMILIES:  # a ``Built`` node's rule makes it by itself (gain, shift, draw…)
    add_built_methods(CampaignToAst, _family)
