"""The work bound of Racolage Électoral's statements (the core's: ``cmdsl.lang.work``), assembled
from its node families' parts (each beside its nodes)."""

from __future__ import annotations

from ....lang.work import Bounds
from . import nodes as N
from .hands import HandsBounds
from .notoriety import NotorietyBounds
from .permanents import PermanentsBounds
from .themes import ThemesBounds

#: RA1.1: 2 to 4 players.
MAX_PLAYERS = 4


class RacolageBounds(HandsBounds, NotorietyBounds, PermanentsBounds, ThemesBounds, Bounds):
    families = {"stmt": N.STMTS, "upper": N.EXPRS}

    max_seats = MAX_PLAYERS
