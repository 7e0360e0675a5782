"""Campaign Manager 2008's checked effects → closures (the core's compiler: ``cmdsl.lang.compiler``),
assembled from its node families' parts (each beside its nodes): here, only what spans them."""

from __future__ import annotations

from typing import Callable, cast

from . import nodes as A
from ....lang.checker import Checked
from ....lang.compile_expr import Step
from ....lang.compiler import Abilities, Compiled, Compiler, TriggeredAbility
from .cards import CardsCompiler
from .media import MediaAbilities, MediaCompiler
from .players import PlayersCompiler
from .reads import ReadsCompiler
from .states import StatesCompiler
from .superlatives import SuperlativesCompiler
from .support import SupportCompiler
from .text import CampaignWriter
from .wins import WinsCompiler

__all__ = ["Abilities", "CampaignCompiler", "Compiled", "MediaAbilities", "TriggeredAbility", "compile_effect"]


class CampaignCompiler(PlayersCompiler, SupportCompiler, CardsCompiler, StatesCompiler, WinsCompiler,
                       MediaCompiler, SuperlativesCompiler, ReadsCompiler, Compiler):
    """The core's compiler, with Campaign Manager 2008's statements, conditions, values and abilities."""

    families = {"expr": A.EXPRS, "cond": A.CONDS, "stmt": A.STMTS}

    # The game's rules text: a tie's prompt names the superlative (``settle``), a choice its state.
    writer = CampaignWriter

    def before(self, s: A.Stmt) -> Callable[[Step], Step] | None:
        players = super().before(s)  # the core's superlatives (the player with the most …) first
        own = [b for b in A.bests(s) if not (isinstance(s, A.ChooseState) and b is s.best)]
        # One statement names one state per superlative phrase: the same phrase twice is one value,
        # settled (and a tie broken) once (docs/language.md, "Superlatives").
        once: list[A.Node] = self.once(own)
        if not once:
            return players
        cause = self.cause(s)
        states = cast(list[A.Best], once)
        if players is None:
            return lambda step: self.settle(states, step, cause)
        return lambda step: players(self.settle(states, step, cause))


def compile_effect(checked: Checked, item: str) -> Compiled:
    return CampaignCompiler(item).effect(checked)
