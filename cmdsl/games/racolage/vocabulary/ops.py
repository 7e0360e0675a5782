"""The operations Racolage Électoral's compiled effects act through, beside the core's
(``cmdsl.lang.ops``), in its terms: each node family's, declared beside its nodes, gathered here.
``Effects`` implements them (``cmdsl.games.racolage.rules``)."""

from __future__ import annotations

from typing import Protocol

from ....lang.ops import Steps
from .hands import HandsOps
from .notoriety import NotorietyOps
from .permanents import PermanentsOps
from .themes import ThemesOps

__all__ = ["RacolageOps", "Steps"]


class RacolageOps(HandsOps, NotorietyOps, ThemesOps, PermanentsOps, Protocol):
    """What a Racolage effect reads of the game and does to it."""
