"""The driver's position of a Lobbys game: the rules' position and the game's seeded RNG.

The ``Driver`` (``cmdsl.game.driver``) wants one ``position`` with an ``rng``; the pure rules keep
the RNG out of ``LobbysPosition`` and take it as an argument. A ``Table`` holds both, so that a
copy, a checkpoint and a determinization's re-deal (``Driver.change_position``) move them
together.

The game never changes a ``LobbysPosition`` in place: ``apply_picks`` returns a new one, and a
re-deal makes a new one (``determinize.py``). So a checkpoint may share it (``snapshot``); only
the RNG, which draws in place, is copied. ``copy()`` is a full copy, for anyone else.
"""

from __future__ import annotations

from ...game.rng import GameRng
from .position import LobbysPosition


class Table:
    __slots__ = ("lobbys", "rng")

    def __init__(self, lobbys: LobbysPosition, rng: GameRng) -> None:
        self.lobbys = lobbys
        self.rng = rng

    def snapshot(self) -> "Table":
        """A copy that shares the rules' position (never changed in place by the game)."""
        return Table(self.lobbys, self.rng.copy())

    def copy(self) -> "Table":
        """A complete copy: the rules' position copied too."""
        return Table(self.lobbys.copy(), self.rng.copy())
