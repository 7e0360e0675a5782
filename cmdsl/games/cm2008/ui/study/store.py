"""The run's SQLite file: its parameters, how many games it asks for, and one row per game played.

A game's row is keyed by (arm, index); its seed, bots, card-set fingerprint, winner, reason and
length have their own columns (for queries by hand and the next issue's HTML report), and the
whole ``GameRow`` is kept as JSON. Rows are written in transactions as games finish, so a run
stopped by Ctrl-C keeps every finished game.
"""

from __future__ import annotations

from typing import Iterable, Iterator

from .....kits.study.study_file import StoreError, StudyFile
from .jobs import ArmName, GameRow
from .plan import RunParams

__all__ = ["FORMAT", "Store", "StoreError"]

#: The store's format; a file of another format is refused (not misread).
FORMAT = "cmdsl-balance/1"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    arm TEXT NOT NULL, idx INTEGER NOT NULL, seed INTEGER NOT NULL, fingerprint TEXT NOT NULL,
    mccain_bot TEXT NOT NULL, obama_bot TEXT NOT NULL, first TEXT NOT NULL, winner TEXT,
    reason TEXT NOT NULL, turns INTEGER NOT NULL, row TEXT NOT NULL,
    PRIMARY KEY (arm, idx)
);
"""


class Store(StudyFile):
    """A balance file (or ``:memory:``): the file itself (its format, claim, transactions) is a
    ``StudyFile``'s. Use as a context manager, or call ``close``."""

    FORMAT = FORMAT
    SCHEMA = _SCHEMA
    KIND = "balance file"

    # ---- the run -------------------------------------------------------------------------

    def params(self) -> RunParams | None:
        return self._parsed("params", RunParams.from_json, "the run's parameters")

    def stopped_at(self) -> tuple[int, float] | None:
        """An A/B stopped early (``sequential.py``): the pairs it kept and its look's critical value."""
        text = self._get("stopped")
        if not text:
            return None
        try:
            games, z = text.split(" ")
            return int(games), float(z)
        except ValueError:
            raise StoreError(f"{self.path}: the run's stop cannot be read ({text!r})") from None

    def stop(self, games: int | None, z: float = 0.0) -> None:
        """Record that the run stopped at a look of ``games`` pairs, read at ``z`` (None: it goes on)."""
        with self._writing():
            self._set("stopped", "" if games is None else f"{games} {z!r}")

    def begin(self, params: RunParams, games: int) -> None:
        """Record a new run's parameters (the file must hold none) or a resumed run's game count."""
        old = self.params()
        if old is not None and old.differences(params):
            raise StoreError(f"{self.path} holds another run")
        with self._writing():
            if old is None:  # a resumed run keeps its record; the same cards may be named another way now
                self._set("params", params.to_json())
            self._set("games", str(max(games, self.games_asked())))

    # ---- games -----------------------------------------------------------------------------

    def add(self, rows: Iterable[GameRow]) -> None:
        """Store finished games in one transaction."""
        with self._writing():
            self._db.executemany(
                "INSERT OR REPLACE INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [(r.arm, r.index, r.seed, r.fingerprint, r.mccain, r.obama, r.first, r.winner, r.reason, r.turns,
                  r.to_json()) for r in rows])

    def done(self, arm: ArmName) -> set[int]:
        return {int(i) for (i,) in self._db.execute("SELECT idx FROM games WHERE arm = ?", (arm,))}

    def rows(self, arm: ArmName, below: int | None = None) -> list[GameRow]:
        """The arm's stored games in index order (those with an index below ``below``)."""
        return list(self.each_row(arm, below))

    def each_row(self, arm: ArmName, below: int | None = None) -> Iterator[GameRow]:
        """``rows``, one at a time: a report of a long run never holds every game at once."""
        limit = below if below is not None else 2**62
        cur = self._db.execute("SELECT idx, row FROM games WHERE arm = ? AND idx < ? ORDER BY idx", (arm, limit))
        for idx, text in cur:
            try:
                row = GameRow.from_json(text)
            except (KeyError, TypeError, ValueError) as e:
                raise StoreError(f"{self.path}: game {idx} ({arm}) cannot be read ({type(e).__name__}: {e})") from None
            yield row
