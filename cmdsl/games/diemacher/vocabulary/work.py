"""The work bound of Die Macher's statements (the core's: ``cmdsl.lang.work``), assembled from its
node families' parts (each beside its nodes)."""

from __future__ import annotations

from ....lang.work import Bounds
from . import nodes as N
from .reads import ReadsBounds
from .tiles import TilesBounds
from .tracks import TracksBounds

#: DM1.1: 3 to 5 parties.
MAX_PARTIES = 5


class DieMacherBounds(TilesBounds, TracksBounds, ReadsBounds, Bounds):
    families = {"stmt": N.STMTS, "upper": N.EXPRS}

    max_seats = MAX_PARTIES
