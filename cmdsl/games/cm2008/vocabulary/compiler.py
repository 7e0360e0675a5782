"""Campaign Manager 2008's checked effects → closures (the core's compiler: ``cmdsl.lang.compiler``)."""

from __future__ import annotations

from ....lang.checker import Checked
from ....lang.compiler import Compiled, Compiler
from .text import CampaignWriter

__all__ = ["CampaignCompiler", "Compiled", "compile_effect"]


class CampaignCompiler(Compiler):
    """The core's compiler, with Campaign Manager 2008's statements, conditions and values."""

    writer = CampaignWriter


def compile_effect(checked: Checked, item: str) -> Compiled:
    return CampaignCompiler(item).effect(checked)
