"""Racolage Électoral's effects checked: names, types, where its abilities stand (the core's
checker: ``cmdsl.lang.checker``), assembled from its node families' parts (each beside its nodes)."""

from __future__ import annotations

from types import MappingProxyType
from typing import Iterable

from ....lang.check_scope import ARTICLE, NUM
from ....lang.checker import Checker, Names
from . import nodes as N
from .hands import HandsChecker
from .notoriety import NotorietyChecker
from .permanents import PermanentsChecker
from .themes import THEME, ThemesChecker
from .work import RacolageBounds


def racolage_names(themes: Iterable[str]) -> Names:
    """The names a Racolage effect may quote: its set's themes."""
    return Names.of(theme=themes)


class RacolageChecker(NotorietyChecker, HandsChecker, PermanentsChecker, ThemesChecker, Checker):
    families = {"stmt": N.STMTS, "cond": N.CONDS, "expr": N.EXPRS, "type": N.EXPRS}
    bounds = RacolageBounds
    articles = MappingProxyType({**ARTICLE, THEME: "a theme"})


__all__ = ["NUM", "THEME", "RacolageChecker", "racolage_names"]
