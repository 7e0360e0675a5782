"""The games a server holds, kept in SQLite so that a server killed at any moment (``kill -9``)
resumes each one where it stood: its deal (game, table, seed, who plays each seat), its links and
every answer, written before anyone is told of it.

What is read back is checked before it is believed (DESIGN property 18): a row of the wrong shape
is a ``StoreError`` naming the game, never a guess; the answers carry the number of events and a
digest of the last one, which the game's rebuild must reproduce (``served.py``).
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import threading
import time
from pathlib import Path
from typing import Iterator, Literal

from ..errors import CmdslError
from ..values import value

#: The schema's version (SQLite's ``user_version``): a file of another is refused, not guessed at;
#: one of version 1 is brought up to this one when it is opened.
VERSION = 2
#: A seat played by a person (else a bot's spec: ``greedy``, ``ismcts:iterations=50``).
PERSON = "human"

_SCHEMA = """
CREATE TABLE games (id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, cards TEXT,
                    seed INTEGER NOT NULL, seated TEXT NOT NULL, hot_seat INTEGER NOT NULL,
                    dealt TEXT NOT NULL, created REAL NOT NULL);
CREATE TABLE links (token TEXT PRIMARY KEY, game TEXT NOT NULL REFERENCES games(id), role TEXT NOT NULL);
CREATE TABLE answers (game TEXT NOT NULL REFERENCES games(id), n INTEGER NOT NULL, seat TEXT NOT NULL,
                      option TEXT NOT NULL, events INTEGER NOT NULL, last TEXT NOT NULL,
                      PRIMARY KEY (game, n));
"""
#: Version 2: when a game was last played (its expiry), whether it is over, whether the lobby lists
#: it; which seat links were taken from the lobby.
_SCHEMA_2 = """
CREATE TABLE life (game TEXT PRIMARY KEY REFERENCES games(id), touched REAL NOT NULL,
                   over INTEGER NOT NULL DEFAULT 0, listed INTEGER NOT NULL DEFAULT 0);
INSERT INTO life (game, touched) SELECT id, created FROM games;
ALTER TABLE links ADD COLUMN claimed INTEGER NOT NULL DEFAULT 0;
"""

#: What a link lets its holder do: play one seat (``seat:NAME``), play every person's seat at
#: one screen (``table``, hot-seat), watch (``watch``: the public view), or see the links (``host``).
RoleKind = Literal["seat", "table", "watch", "host"]
_PLAIN_KINDS: tuple[RoleKind, ...] = ("table", "watch", "host")


class StoreError(CmdslError):
    """The store cannot be used, or a kept game is damaged: one line naming what and where."""


@value
class Role:
    kind: RoleKind
    seat: str | None = None  # the seat's name (``PlayerSeat.value``) of a ``seat`` link

    def text(self) -> str:
        return f"seat:{self.seat}" if self.kind == "seat" else self.kind

    @staticmethod
    def parse(text: str) -> "Role":
        kind, _, seat = text.partition(":")
        if kind == "seat" and seat:
            return Role("seat", seat)
        found = next((k for k in _PLAIN_KINDS if k == text), None)
        if found is None:
            raise StoreError(f"a link of an unknown kind {text!r}")
        return Role(found)


@value
class Deal:
    """A game as it was made: everything its rebuild needs but the answers."""

    id: str
    game: str  # the plug-in's name
    options: tuple[tuple[str, str | int | bool], ...]  # the game's own options (players…)
    cards: str | None  # the set's folder; None: the game's chosen set
    seed: int
    seated: tuple[tuple[str, str], ...]  # (seat name, PERSON or a bot's spec), in seat order
    hot_seat: bool  # every person's seat at one screen
    dealt: str  # a digest of the game as dealt (its record before any answer): the set and seed check
    created: float

    def persons(self) -> tuple[str, ...]:
        return tuple(seat for seat, player in self.seated if player == PERSON)


@value
class Answer:
    seat: str
    option: str
    events: int  # the game's events after it
    last: str  # the digest of its last event's text


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]


class Store:
    """One SQLite file of games, in WAL mode. Every write is one transaction, committed before the
    method returns (``synchronous=NORMAL``: in the log file when the process dies, by any signal; a
    power cut may lose the last moments, docs/web.md). Writes go through their own connection,
    one at a time (a lock), so that a writer thread may make them while reads go on elsewhere."""

    def __init__(self, path: Path) -> None:
        self.path = path
        if not path.exists():  # it holds every game's seed and links: its owner's alone (docs/web.md)
            try:
                os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
            except OSError as e:
                raise StoreError(f"{path}: cannot be made ({e.strerror})") from None
        self._writing = threading.Lock()
        try:
            self.db = self._connect()  # reads
            self.writes = self._connect()
            version = self.db.execute("PRAGMA user_version").fetchone()[0]
            tables = {r[0] for r in self.db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            if version == 0 and not tables:
                self.writes.executescript(_SCHEMA + _SCHEMA_2 + f"PRAGMA user_version = {VERSION};")
            elif version == 1 and {"games", "links", "answers"} <= tables:
                self.writes.executescript("BEGIN;" + _SCHEMA_2 + f"PRAGMA user_version = {VERSION}; COMMIT;")
            elif version != VERSION or not {"games", "links", "answers", "life"} <= tables:
                raise StoreError(f"{path}: not a store of cmdsl serve (version {version}); give another --db")
        except sqlite3.DatabaseError as e:
            raise StoreError(f"{path}: cannot be used as the games' store ({e})") from None

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(str(self.path), isolation_level=None, check_same_thread=False, timeout=30)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        db.execute("PRAGMA foreign_keys=ON")
        return db

    def close(self) -> None:
        self.db.close()
        with self._writing:
            self.writes.close()

    def _write(self, statements: list[tuple[str, tuple[object, ...]]]) -> None:
        with self._writing:
            db = self.writes
            try:
                db.execute("BEGIN IMMEDIATE")
                try:
                    for sql, args in statements:
                        db.execute(sql, args)
                except BaseException:
                    db.execute("ROLLBACK")
                    raise
                db.execute("COMMIT")
            except sqlite3.Error as e:
                raise StoreError(f"{self.path}: could not keep it ({e}); nothing changed") from None

    def add_game(self, deal: Deal, links: dict[str, Role], listed: bool = False) -> None:
        self._write([("INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                      (deal.id, deal.game, json.dumps(dict(deal.options)), deal.cards, deal.seed,
                       json.dumps([list(s) for s in deal.seated]), int(deal.hot_seat), deal.dealt, deal.created)),
                     ("INSERT INTO life (game, touched, listed) VALUES (?, ?, ?)", (deal.id, deal.created, int(listed))),
                     *(("INSERT INTO links (token, game, role) VALUES (?, ?, ?)", (token, deal.id, role.text()))
                       for token, role in links.items())])

    def add_answer(self, game: str, n: int, answer: Answer, over: bool = False) -> None:
        """An answer, and when its game was last played (``over``: the answer ended it)."""
        self._write([("INSERT INTO answers VALUES (?, ?, ?, ?, ?, ?)",
                      (game, n, answer.seat, answer.option, answer.events, answer.last)),
                     ("UPDATE life SET touched = ?, over = ? WHERE game = ?", (now(), int(over), game))])

    def expire(self, before: float) -> list[str]:
        """Remove every game last played before ``before`` (its links stop working); their ids."""
        gone = [r[0] for r in self.db.execute("SELECT game FROM life WHERE touched < ?", (before,))]
        for game in gone:
            self._write([(f"DELETE FROM {table} WHERE {column} = ?", (game,)) for table, column in
                         (("answers", "game"), ("links", "game"), ("life", "game"), ("games", "id"))])
        return gone

    def listed(self) -> list[tuple[str, list[str]]]:
        """The games the lobby lists, not over, that have seats no one took: (game, its free seats), newest first."""
        rows = self.db.execute(
            "SELECT l.game, k.role FROM life l JOIN links k ON k.game = l.game JOIN games g ON g.id = l.game "
            "WHERE l.listed = 1 AND l.over = 0 AND k.claimed = 0 AND k.role LIKE 'seat:%' "
            "ORDER BY g.created DESC, k.rowid")
        out: dict[str, list[str]] = {}
        for game, role in rows:
            seat = Role.parse(role).seat
            if seat is not None:
                out.setdefault(game, []).append(seat)
        return list(out.items())

    def take(self, game: str, seat: str) -> str | None:
        """The link of a free seat of a listed game, taken now (no one else gets it); None if none is free."""
        with self._writing:
            db = self.writes
            try:
                db.execute("BEGIN IMMEDIATE")
                row = db.execute("SELECT k.token FROM links k JOIN life l ON l.game = k.game WHERE k.game = ? "
                                 "AND k.role = ? AND k.claimed = 0 AND l.listed = 1 AND l.over = 0",
                                 (game, Role("seat", seat).text())).fetchone()
                if row is not None:
                    db.execute("UPDATE links SET claimed = 1 WHERE token = ?", (row[0],))
                db.execute("COMMIT")
            except sqlite3.Error as e:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise StoreError(f"{self.path}: could not keep it ({e}); nothing changed") from None
        return row[0] if row is not None and isinstance(row[0], str) else None

    def link(self, token: str) -> tuple[str, Role] | None:
        """The game and role a link's token opens, or None."""
        row = self.db.execute("SELECT game, role FROM links WHERE token = ?", (token,)).fetchone()
        if row is None:
            return None
        game, role = row
        if not isinstance(game, str) or not isinstance(role, str):
            raise StoreError(f"{self.path}: a damaged link")
        return game, Role.parse(role)

    def links(self, game: str) -> dict[str, Role]:
        return {token: Role.parse(role) for token, role in
                self.db.execute("SELECT token, role FROM links WHERE game = ? ORDER BY rowid", (game,))}

    def deal(self, game: str) -> Deal:
        row = self.db.execute("SELECT id, game, options, cards, seed, seated, hot_seat, dealt, created FROM games "
                              "WHERE id = ?", (game,)).fetchone()
        if row is None:
            raise StoreError(f"no game {game!r} in {self.path}")
        try:
            return _deal(row)
        except (ValueError, TypeError, KeyError) as e:
            raise StoreError(f"{self.path}: game {game}'s deal is damaged ({e})") from None

    def answers(self, game: str) -> Iterator[Answer]:
        rows = self.db.execute("SELECT n, seat, option, events, last FROM answers WHERE game = ? ORDER BY n", (game,))
        for expected, (n, seat, option, events, last) in enumerate(rows):
            if n != expected or not all(isinstance(x, str) for x in (seat, option, last)) or not isinstance(events, int):
                raise StoreError(f"{self.path}: game {game}'s answer {expected + 1} is damaged")
            yield Answer(seat, option, events, last)

    def games(self) -> list[str]:
        return [r[0] for r in self.db.execute("SELECT id FROM games ORDER BY created")]

    def made_since(self, when: float) -> int:
        return int(self.db.execute("SELECT count(*) FROM games WHERE created >= ?", (when,)).fetchone()[0])


def _deal(row: tuple[object, ...]) -> Deal:
    id_, game, options, cards, seed, seated, hot_seat, dealt, created = row
    if not (isinstance(id_, str) and isinstance(game, str) and isinstance(options, str) and isinstance(seated, str)
            and isinstance(dealt, str) and (cards is None or isinstance(cards, str)) and isinstance(seed, int)
            and hot_seat in (0, 1) and isinstance(created, float)):
        raise ValueError("a field of the wrong type")
    opts = json.loads(options)
    seats = json.loads(seated)
    if not isinstance(opts, dict) or not all(isinstance(v, (str, int, bool)) for v in opts.values()):
        raise ValueError("its options")
    if not isinstance(seats, list) or not all(isinstance(s, list) and len(s) == 2 and all(isinstance(x, str) for x in s)
                                              for s in seats):
        raise ValueError("who plays its seats")
    return Deal(id_, game, tuple(sorted(opts.items())), cards, seed, tuple((a, b) for a, b in seats), bool(hot_seat),
                dealt, created)


def now() -> float:
    return time.time()
