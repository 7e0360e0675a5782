"""What controllers and bots read of a game at its table (``driver.Driver``): its record, a seat's
view, copies of it (forks, re-dealt copies), its winners and evaluation. Each is the held game's
(``contract.Game``), asked with the table it is at; the driver owns the flow, this only reads."""

from __future__ import annotations

import random
from contextlib import contextmanager
from typing import Any, Generic, Iterator, Self, Sequence, cast

from .contract import Game, Host, S
from .decisions import Decision, PlayerSeat


class TableReads(Generic[S]):
    """The reads of the game a driver holds (``game``), each given the driver as its table."""

    #: The game this driver holds: its rules, its hooks, what is read of it.
    game: Game[S]
    #: The views made while ``views_kept`` holds, by seat and the answers, events and changes of the
    #: position they were made at.
    _kept_views: dict[tuple[object, int, int, int], Any] | None

    def _table(self) -> Host[S]:
        return cast("Host[S]", self)  # the driver, this class's one subclass (a string: no alias made per call)

    def record(self, complete: bool = True) -> Any:
        """The game as a record; ``complete=False`` leaves out the log (a failed answer's report)."""
        return self.game.record(self._table(), complete)

    def view(self, seat: S) -> Any:
        """All that ``seat`` may know now (DESIGN property 11)."""
        kept = self._kept_views
        if kept is None:
            return self.game.view(self._table(), seat)
        table = self._table()
        key = (seat, len(table.answers), len(table.events), len(table.changes))  # the game as it stands
        if key not in kept:
            kept[key] = self.game.view(table, seat)
        return kept[key]

    @contextmanager
    def views_kept(self) -> Iterator[None]:
        """Within it, each seat's view is made once while the game stands (a page drawn from several
        reads of one view: its board, its log, its cards). Nothing may change the position within it
        but an answer or ``change_position``: either makes the views again."""
        if self._kept_views is not None:  # within one already
            yield
            return
        self._kept_views = {}
        try:
            yield
        finally:
            self._kept_views = None

    # A game's copies are drivers of it (``Host.replayed``): of this class.

    def fork(self, for_seat: S | None = None) -> Self:
        """An independent copy at the pending decisions; this game is not changed."""
        return cast(Self, self.game.fork(self._table(), for_seat))

    def forks(self, count: int) -> Sequence[Self]:
        """``count`` independent forks made now (the game may make them more cheaply at once)."""
        return cast("Sequence[Self]", self.game.forks(self._table(), count))

    def trials(self, count: int) -> Sequence[Self]:
        """``count`` forks to answer and evaluate once, never to re-deal (the greedy one ply)."""
        return cast("Sequence[Self]", self.game.trials(self._table(), count))

    def determinized(self, seat: S, rng: random.Random) -> Self:
        """A fork re-dealt for ``seat``: what it cannot see is dealt anew."""
        return cast(Self, self.game.determinized(self._table(), seat, rng))

    def winners(self) -> tuple[S, ...]:
        return self.game.winners(self._table())

    def evaluate(self, seat: PlayerSeat) -> float:
        return self.game.evaluate(self._table(), seat)

    def worth_a_look(self, decision: Decision) -> bool:
        return self.game.worth_a_look(decision)

    def one_ply_values(self, decision: Decision, others: random.Random | None) -> list[float] | None:
        return self.game.one_ply_values(self._table(), decision, others)

    def one_ply_is_public(self, decision: Decision) -> bool:
        return self.game.one_ply_is_public(decision)

    def rollout_move(self, decision: Decision, rng: random.Random) -> str | None:
        return self.game.rollout_move(self._table(), decision, rng)
