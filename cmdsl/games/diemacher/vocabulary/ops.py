"""The operations Die Macher's compiled effects act through, beside the core's
(``cmdsl.lang.ops``), in its terms: each node family's, declared beside its nodes, gathered here
with the menu's, which spans them. ``cabinet.CabinetOps`` implements them against the rules' ``Ctx``."""

from __future__ import annotations

from typing import Protocol, Sequence

from ....lang.ops import Choice, Seat, Steps
from .reads import Board, ReadsOps
from .tiles import TilesOps
from .tracks import TracksOps

__all__ = ["Board", "DieMacherOps", "Steps"]


class DieMacherOps(TracksOps, TilesOps, ReadsOps, Protocol):
    """What a Die Macher effect reads of the game and does to it."""

    def choose_menu(self, seat: Seat, offered: Sequence[tuple[int, str]], cause: str | None = None) -> Choice[int]:
        """One of a menu's options (`choose one:`), each offered as (its index in the menu, its
        rules text): the index chosen. Only those that can be carried out are offered."""

    def nothing_possible(self, seat: Seat, cause: str | None = None) -> None:
        """A menu none of whose options can be carried out: nothing happens (the log says so)."""
