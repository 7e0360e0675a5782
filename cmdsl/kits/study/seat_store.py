"""A seat study's SQLite file (``cmdsl balance --game NAME --db FILE``): the run's parameters, what
its report needs, and one row per game, written as games finish, so that a run stopped by Ctrl-C
keeps every finished game and ``--resume`` plays only the rest (docs/balance.md).

The file itself (its format, the claim that keeps two runs out of it, its one-line errors) is a
``StudyFile``'s. Its meta table holds:

- ``params``: what a resumed run must share with the run (``SeatParams``: the game, its options as
  given, the two bots, the first seed, the card set's fingerprint); a run with others is refused;
- ``frame``: the study as its report names it (title, seats, the cards' titles, the set's health
  targets), so that ``cmdsl balance report FILE`` needs neither the set nor the game's options;
- ``games``: the games the last run asked; ``kept``: how many its report read (fewer when it
  stopped early at a look), empty while a run goes on.

A game's row is keyed by its index (its seed is the first seed + the index); the whole ``SeatRow``
is kept as JSON, its seed, tested seat and winners in columns of their own for queries by hand.
"""

from __future__ import annotations

import hashlib
import json
import sys
import time
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence, cast

from ...bots import parse_bot
from ...plugins import SeatTable
from ...sets.health_targets import MEASURES, Measure, Target, Targets
from ...sets.meaning import DIGITS, meaning_fingerprint
from ...values import value
from .seats import SeatRow, SeatStudy
from .sequential import study_plan
from .study_file import StoreError, StudyFile

#: The seat study's format; a file of another format (CM2008's study's, say) is refused.
FORMAT = "cmdsl-seat-study/1"
#: Finished games are written at least this often (seconds) and in batches of at most this many (a
#: commit per game would slow a study of quick games); on Ctrl-C or an error, every finished one.
FLUSH_SECONDS, FLUSH_ROWS = 1.0, 32

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    idx INTEGER PRIMARY KEY, seed INTEGER NOT NULL, tested_seat INTEGER NOT NULL, winners TEXT NOT NULL,
    row TEXT NOT NULL
);
"""

@value
class SeatParams:
    """What a resumed seat study must share with the run it resumes."""

    game: str  # the registered game's name
    options: Mapping[str, object]  # the game's options as given (None: not given; a list as a tuple)
    cards: str | None  # the set's folder as given (absolute), None: the chosen one
    players: int  # the seats the table has
    tested: str  # the bots' specs as given
    others: str
    seed: int  # the first game's
    fingerprint: str  # the set's (``set_fingerprint``)

    def to_json(self) -> str:
        return json.dumps({"game": self.game, "options": dict(self.options), "cards": self.cards,
                           "players": self.players, "tested": self.tested, "others": self.others,
                           "seed": self.seed, "fingerprint": self.fingerprint}, sort_keys=True, default=str)

    @staticmethod
    def from_json(text: str) -> "SeatParams":
        d = json.loads(text)
        options = d["options"]
        if not isinstance(options, dict):
            raise ValueError(f"options: a mapping, not {options!r}")
        return SeatParams(_text(d["game"]), {str(k): tuple(v) if isinstance(v, list) else v for k, v in options.items()},
                          None if d["cards"] is None else _text(d["cards"]), _whole(d["players"]),
                          _text(d["tested"]), _text(d["others"]), _whole(d["seed"]), _text(d["fingerprint"]))

    def differences(self, other: "SeatParams") -> list[str]:
        """What differs, one phrase per parameter ("--players 3 (this command: 4)"); the bots are
        compared as their specs read (``ismcts:iterations=400`` and its settings' order alike)."""
        out = []
        if self.game != other.game:
            out.append(f"--game {self.game} (this command: {other.game})")
        if self.players != other.players:
            out.append(f"--players {self.players} (this command: {other.players})")
        for name in sorted(set(self.options) | set(other.options)):
            mine, theirs = self.options.get(name), other.options.get(name)
            if name != "players" and mine != theirs and (mine or theirs):  # not given: None, a flag: False
                out.append(f"--{name.replace('_', '-')} {_show(mine)} (this command: {_show(theirs)})")
        for flag, mine, theirs in (("the tested --bot", self.tested, other.tested),
                                   ("the others' --bot", self.others, other.others)):
            if parse_bot(mine).text() != parse_bot(theirs).text():
                out.append(f"{flag} {mine} (this command: {theirs})")
        if self.seed != other.seed:
            out.append(f"--seed {self.seed} (this command: {other.seed})")
        if self.fingerprint != other.fingerprint:
            out.append(f"the card set {self.fingerprint} (this command: {other.fingerprint}"
                       + (f", {other.cards})" if other.cards else ")"))
        return out


def set_fingerprint(table: SeatTable, folder: Path | None) -> str:
    """The played set's fingerprint, as a seat table lets it be read: a seat table does not say
    its set's own fingerprint (``cmdsl.sets.meaning``, which each game computes from its data), so
    this is the meaning digest of what the table says of its cards (their definitions and titles,
    ``SeatTable.card_definitions``) — a changed card changes it. A game whose table names no cards
    (Lobbys, Die Macher) gets the digest of its set folder's files instead (``folder``; a changed
    comment changes that one too); a game without sets, "none"."""
    cards = dict(table.card_definitions())
    if cards:
        return meaning_fingerprint({"cards": cards, "titles": dict(table.card_titles())})
    if folder is None or not folder.is_dir():
        return "none"
    digest = hashlib.sha256(b"cmdsl-set-files/1\0")
    for path in sorted(p for p in folder.rglob("*") if p.is_file() and not any(
            part.startswith(".") or part == "__pycache__" for part in p.relative_to(folder).parts)):
        data = path.read_bytes()
        digest.update(f"{path.relative_to(folder).as_posix()}\0{len(data)}\0".encode())
        digest.update(data)
    return digest.hexdigest()[:DIGITS]


class SeatStore(StudyFile):
    """A seat study's file (or ``:memory:``). Use as a context manager, or call ``close``."""

    FORMAT = FORMAT
    SCHEMA = _SCHEMA
    KIND = "seat-study file"

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self._unsaved: list[tuple[int, SeatRow]] = []  # kept, not written yet (``keep``)
        self._saved = time.monotonic()

    def wrong_format(self, fmt: str) -> str:
        return (f"{self.path} is a {fmt} file, not a seat study's ({self.FORMAT}): "
                "give another --db, or `cmdsl balance report` it with its own game")

    # ---- the run -------------------------------------------------------------------------

    def params(self) -> SeatParams | None:
        return self._parsed("params", SeatParams.from_json, "the run's parameters")

    def kept(self) -> int | None:
        """How many games the last run's report read; None: it did not end (or none began)."""
        text = self._get("kept")
        return int(text) if text else None

    def begin(self, params: SeatParams, frame: SeatStudy, games: int, resume: bool) -> None:
        """Start a run of ``games`` games: a new one (the file must hold none), or, with ``resume``,
        the one the file holds with the same parameters; each refusal is one line."""
        old = self.params()
        if old is None and resume:
            raise StoreError(f"{self.path} holds no run to resume: leave out --resume to start one")
        if old is not None and not resume:
            raise StoreError(f"{self.path} holds a run ({self.count(2**62)} games): --resume to continue it, "
                             "or another file")
        if old is not None:
            diffs = old.differences(params)
            if diffs:
                raise StoreError(f"cannot resume {self.path} with other parameters: it was run with "
                                 + "; ".join(diffs))
            self.stored(games)  # a damaged row is said before the file changes
        with self._writing():
            if old is None:  # a resumed run keeps its record
                self._set("params", params.to_json())
            self._set("frame", frame_json(frame))
            self._set("games", str(games))
            self._set("kept", "")

    def finish(self, kept: int) -> None:
        """Record that the run ended, its report reading its first ``kept`` games."""
        with self._writing():
            self._set("kept", str(kept))

    # ---- games -----------------------------------------------------------------------------

    def keep(self, index: int, row: SeatRow) -> None:
        """Keep game ``index``: written with the games before it not written yet, once there are
        ``FLUSH_ROWS`` of them or ``FLUSH_SECONDS`` have passed since the last write; else at ``flush``."""
        self._unsaved.append((index, row))
        if len(self._unsaved) >= FLUSH_ROWS or time.monotonic() - self._saved >= FLUSH_SECONDS:
            self.flush()

    def flush(self) -> None:
        """Write the games kept and not written yet (a batch whose write failed is not written again)."""
        batch, self._unsaved, self._saved = self._unsaved, [], time.monotonic()
        if batch:
            self.add(batch)

    def add(self, rows: Sequence[tuple[int, SeatRow]]) -> None:
        """Keep finished games, by game index, in one transaction."""
        with self._writing():
            self._db.executemany("INSERT OR REPLACE INTO games VALUES (?, ?, ?, ?, ?)",
                                 [(i, r.seed, r.tested_seat, ",".join(map(str, r.winners)), row_json(r))
                                  for i, r in rows])

    def count(self, below: int) -> int:
        """How many games the file holds with an index below ``below``."""
        return int(self._db.execute("SELECT COUNT(*) FROM games WHERE idx < ?", (below,)).fetchone()[0])

    def stored(self, below: int) -> dict[int, SeatRow]:
        """The games kept with an index below ``below``, by index; a row that cannot be read is
        one line naming the file and the game."""
        out = {}
        for idx, text in self._db.execute("SELECT idx, row FROM games WHERE idx < ? ORDER BY idx", (below,)):
            try:
                out[int(idx)] = row_from_json(text)
            except (KeyError, TypeError, ValueError) as e:
                raise StoreError(f"{self.path}: game {idx} cannot be read ({type(e).__name__}: {e})") from None
        return out

    # ---- the report ------------------------------------------------------------------------

    def study(self) -> SeatStudy:
        """The study the last run reported (``cmdsl balance report FILE``): its frame and the games
        it kept; a run that did not end is refused (its report would read a study it is not)."""
        params, text, kept, games = self.params(), self._get("frame"), self.kept(), self.games_asked()
        if params is None or not text:
            raise StoreError(f"{self.path} holds no seat study yet")
        resume = f"`cmdsl balance --game {params.game} --db {self.path} --resume`"
        if kept is None:
            raise StoreError(f"{self.path} holds a run that did not end ({self.count(games)} of {games} games): "
                             f"{resume} plays the rest")
        rows = self.stored(kept)
        missing = [i for i in range(kept) if i not in rows]
        if missing:
            raise StoreError(f"{self.path}: game {missing[0]} of the {kept} the run kept is missing: {resume} plays it")
        try:
            frame = frame_from_json(text)
        except (KeyError, TypeError, ValueError) as e:
            raise StoreError(f"{self.path}: the study's names cannot be read ({type(e).__name__}: {e})") from None
        looks = study_plan(games) if frame.targets else None
        return SeatStudy(frame.title, frame.decided_by, frame.shared_by, frame.players, frame.tested, frame.others,
                         tuple(rows[i] for i in range(kept)), frame.titles, frame.names, frame.targets, looks)


def frame_json(study: SeatStudy) -> str:
    """What a seat study's report names, as JSON (its rows and looks are not in it)."""
    t = study.targets
    return json.dumps({"title": study.title, "decided_by": study.decided_by, "shared_by": study.shared_by,
                       "players": study.players, "tested": study.tested, "others": study.others,
                       "titles": dict(study.titles), "names": list(study.names),
                       "targets": {"targets": [[x.measure, x.low, x.high, x.line] for x in t.targets], "file": t.file,
                                   "bot": t.bot, "games": t.games, "bot_line": t.bot_line}}, sort_keys=True)


def frame_from_json(text: str) -> SeatStudy:
    d = json.loads(text)
    t = d["targets"]
    titles = d["titles"]
    if not isinstance(titles, dict):
        raise ValueError(f"titles: a mapping, not {titles!r}")
    targets = Targets(tuple(_target(x) for x in t["targets"]), _text(t["file"]),
                      None if t["bot"] is None else _text(t["bot"]), None if t["games"] is None else _whole(t["games"]),
                      _whole(t["bot_line"]))
    return SeatStudy(_text(d["title"]), _text(d["decided_by"]), _text(d["shared_by"]), _whole(d["players"]),
                     _text(d["tested"]), _text(d["others"]), (), {_text(k): _text(v) for k, v in titles.items()},
                     tuple(_text(n) for n in d["names"]), targets)


def _target(x: object) -> Target:
    if not isinstance(x, list) or len(x) != 4 or x[0] not in MEASURES:
        raise ValueError(f"a health target as [measure, low, high, line], not {x!r}")
    measure, low, high, line = x
    return Target(cast(Measure, measure), float(low), None if high is None else float(high), _whole(line))


def _text(x: object) -> str:
    if not isinstance(x, str):
        raise ValueError(f"a text, not {x!r}")
    return x


def _whole(x: object) -> int:
    if not isinstance(x, int) or isinstance(x, bool):
        raise ValueError(f"a whole number, not {x!r}")
    return x


def _show(value: object) -> str:
    if isinstance(value, tuple):
        return " ".join(map(str, value))
    return "none" if value is None else str(value)


def row_json(row: SeatRow) -> str:
    """A seat study's game (``SeatRow``) as one JSON object, as its file keeps it."""
    return json.dumps({"seed": row.seed, "tested_seat": row.tested_seat, "winners": row.winners,
                       "points": row.points, "plays": row.plays, "turns": row.turns,
                       "decisions": row.decisions, "leaders": row.leaders, "cards": row.cards,
                       "drawn": row.drawn}, separators=(",", ":"))


def row_from_json(text: str) -> SeatRow:
    """A row ``row_json`` wrote; a field missing or of another type raises KeyError or ValueError
    (never a row that would be read wrong)."""
    d = json.loads(text)
    if not isinstance(d, dict):
        raise ValueError(f"a row is a JSON object, not {type(d).__name__}")
    return SeatRow(_row_whole(d["seed"], "seed"), _row_whole(d["tested_seat"], "tested_seat"),
                   _nested(d["winners"], 1, _row_whole, "winners"), _nested(d["points"], 1, _row_whole, "points"),
                   _nested(d["plays"], 2, _intern, "plays"), _row_whole(d["turns"], "turns"),
                   _row_whole(d["decisions"], "decisions"), _nested(d["leaders"], 2, _row_whole, "leaders"),
                   _nested(d["cards"], 3, _intern, "cards"), _nested(d["drawn"], 2, _intern, "drawn"))


def _row_whole(x: object, name: str) -> int:
    if not isinstance(x, int) or isinstance(x, bool):
        raise ValueError(f"{name}: a whole number, not {x!r}")
    return x


def _intern(x: object, name: str) -> str:
    if not isinstance(x, str):
        raise ValueError(f"{name}: a card id, not {x!r}")
    return sys.intern(x)  # one string per card id, however many rows a study holds


def _nested(x: object, depth: int, leaf: Callable[[object, str], Any], name: str) -> Any:
    """``x`` as tuples ``depth`` deep of ``leaf`` values (lists in JSON)."""
    if not isinstance(x, list):
        raise ValueError(f"{name}: a list, not {x!r}")
    if depth == 1:
        return tuple(leaf(v, name) for v in x)
    return tuple(_nested(v, depth - 1, leaf, name) for v in x)
