"""A study's SQLite file, for every game's study: a meta table (its format, the run's parameters as
its kind writes them), the kind's own tables beside it, a claim that keeps two runs out of one file,
and transactions whose failures are one line for the user.

A kind of file is a subclass (CM2008's balance ``Store``, the seat study's ``SeatStore``): its
``FORMAT`` (a file of another format is refused, never misread), its ``SCHEMA`` (the tables beside
``meta``) and what its messages call it (``KIND``). A file of another format, or one that is not
SQLite, is refused before anything is written to it.
"""

from __future__ import annotations

import sqlite3
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import IO, Callable, ClassVar, Generator, Iterator, Protocol, Self, TypeVar

from ...errors import CmdslError

fcntl: ModuleType | None
try:
    import fcntl  # POSIX: the lock that keeps two runs out of one file
except ImportError:  # pragma: no cover - Windows: no claim
    fcntl = None

_META = "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);"


R = TypeVar("R")


class RowStore(Protocol[R]):
    """Where a study keeps its games as they end (a seat study's ``SeatStore``): those it holds by
    game index (``stored``: those below a count), one more (``keep``: written now or with the next
    ones) and those not written yet (``flush``: written now, even on Ctrl-C)."""

    def stored(self, below: int) -> dict[int, R]: ...

    def keep(self, index: int, row: R) -> None: ...

    def flush(self) -> None: ...


def kept_as_played(rows: Iterator[R], store: RowStore[R] | None,
                   index: Callable[[R], int]) -> Generator[R, None, None]:
    """``rows`` as they come (games as they end), each kept in ``store`` by its ``index``; when the
    study stops reading them (its end, a stop, an error, Ctrl-C: use it in ``closing``), those not
    written yet are written and ``rows`` is closed (a pool's games not finished are stopped)."""
    try:
        for row in rows:
            if store is not None:
                store.keep(index(row), row)
            yield row
    finally:
        try:
            if store is not None:
                store.flush()
        finally:
            close = getattr(rows, "close", None)
            if close is not None:
                close()


class StoreError(CmdslError):
    """A balance file that cannot be used as asked (one line for the user)."""


def file_format(path: str) -> str | None:
    """The format a study file says it is of, without changing it; None: not a study file (not
    there, not SQLite, or SQLite without a format)."""
    if not Path(path).is_file():
        return None
    try:
        db = sqlite3.connect(f"file:{Path(path).resolve()}?mode=ro", uri=True)
    except sqlite3.Error:
        return None
    try:
        if db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").fetchone() is None:
            return None
        row = db.execute("SELECT value FROM meta WHERE key = 'format'").fetchone()
        return None if row is None else str(row[0])
    except sqlite3.Error:
        return None
    finally:
        db.close()


class StudyFile:
    """A study file of one kind (or ``:memory:``). Use as a context manager, or call ``close``."""

    #: The kind's format; a file of another format is refused (not misread).
    FORMAT: ClassVar[str] = ""
    #: The kind's tables beside ``meta`` (``CREATE TABLE IF NOT EXISTS``: run on every open).
    SCHEMA: ClassVar[str] = ""
    #: What the messages call a file of this kind ("balance file").
    KIND: ClassVar[str] = "study file"

    def __init__(self, path: str) -> None:
        self.path = path
        self._lock: IO[bytes] | None = None
        try:
            self._db = sqlite3.connect(path)
        except sqlite3.DatabaseError as e:
            raise StoreError(f"{path} is not a {self.KIND} ({e})") from None
        try:
            fmt = self._format()
            if fmt is None or fmt == self.FORMAT:  # another format's file is left as it is
                self._db.executescript(_META + self.SCHEMA)
        except sqlite3.DatabaseError as e:
            self._db.close()
            raise StoreError(f"{path} is not a {self.KIND} ({e})") from None
        if fmt is None:
            self._set("format", self.FORMAT)
            self._db.commit()
        elif fmt != self.FORMAT:
            self._db.close()
            raise StoreError(self.wrong_format(fmt))

    def _format(self) -> str | None:
        """The format the file says, or None (a new file, or one with no meta table yet)."""
        if self._db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").fetchone() is None:
            return None
        return self._get("format")

    def wrong_format(self, fmt: str) -> str:
        """What is said of a file of format ``fmt`` (not this kind's)."""
        return f"{self.path} is a {fmt} file; this cmdsl reads {self.FORMAT}"

    @classmethod
    def open_existing(cls, path: str) -> Self:
        if not Path(path).is_file():
            raise StoreError(f"no {cls.KIND} {path}")
        return cls(path)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._db.commit()
        self._db.close()
        if self._lock is not None:
            self._lock.close()  # releases the claim

    def claim(self) -> None:
        """Make sure no other ``cmdsl balance`` plays into this file while this one does (two runs
        would play the same games twice). The claim ends with the process, even a killed one."""
        if self.path == ":memory:" or fcntl is None:
            return
        self._lock = open(self.path, "rb")  # noqa: SIM115 - held open until close()
        try:
            fcntl.flock(self._lock.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            self._lock.close()
            self._lock = None
            raise StoreError(f"{self.path} is in use by another cmdsl balance run") from None

    def _get(self, key: str) -> str | None:
        row = self._db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def _set(self, key: str, value: str) -> None:
        self._db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value))

    def _parsed(self, key: str, parse: Callable[[str], R], what: str) -> R | None:
        """The meta value ``key`` read by ``parse`` (None: not there); one that cannot be read (a
        file edited by hand, or from another version) is one line naming the file and ``what``."""
        text = self._get(key)
        try:
            return None if text is None else parse(text)
        except (KeyError, TypeError, ValueError) as e:
            raise StoreError(f"{self.path}: {what} cannot be read ({type(e).__name__}: {e})") from None

    def games_asked(self) -> int:
        """How many games the file's run asks for (0: no run yet)."""
        return int(self._get("games") or 0)

    @contextmanager
    def _writing(self) -> Iterator[None]:
        """One transaction; a write that fails (a full disk, a file taken away) is rolled back and
        said in one line, and what earlier transactions wrote stays."""
        try:
            with self._db:
                yield
        except sqlite3.Error as e:
            raise StoreError(f"cannot write to {self.path} ({e}): is the disk full?") from None
