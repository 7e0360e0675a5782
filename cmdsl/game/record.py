"""A game is its record (DESIGN property 4): card-set fingerprint, seed, setup and answers.

A record file is data from anywhere: it is read with a size limit and every field is checked
before anything runs, so a bad one is a one-line ``RecordError`` naming the file and the field.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

from ..errors import CmdslError, RecordError
from ..model import CardSet
from .engine import Game
from .setup import Setup
from .fields import MAX_ANSWER_CHARS, MAX_SEED, Fields

FORMAT = "cmdsl-record/1"

#: A record of a long game is well under 1 MiB; anything far larger is not one of ours.
MAX_RECORD_BYTES = 16 * 1024 * 1024
#: Records nest two levels deep; JSON too deep for the parser is reported where it passes this.
MAX_NESTING = 32

_HEX64 = re.compile(r"[0-9a-f]{64}")
_KEYS = frozenset({"format", "cardset", "seed", "setup", "answers", "log_sha256", "result", "log"})

__all__ = ["FORMAT", "MAX_ANSWER_CHARS", "MAX_NESTING", "MAX_RECORD_BYTES", "MAX_SEED", "Record", "Replay",
           "check_destination", "first_difference", "log_digest", "replay"]


def _digest(texts: Iterable[str]) -> str:
    return hashlib.sha256("\n".join(texts).encode()).hexdigest()


def log_digest(game: Game) -> str:
    return _digest(e.text() for e in game.events)


@dataclass(frozen=True)
class Record:
    cardset: str
    seed: int
    setup: Setup
    answers: tuple[str, ...]
    log_sha256: str | None = None
    result: str | None = None
    log: tuple[str, ...] | None = None  # one text per event: lets a replay name the first that differs

    @staticmethod
    def of(game: Game) -> "Record":
        log = tuple(e.text() for e in game.events)
        return Record(game.cards.fingerprint, game.seed, game.setup, tuple(game.answers), _digest(log),
                      game.result.text() if game.result else None, log)

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "cardset": self.cardset, "seed": self.seed, "setup": self.setup.to_json(),
                "answers": list(self.answers), "log_sha256": self.log_sha256, "result": self.result,
                "log": None if self.log is None else list(self.log)}

    def save(self, path: str | Path) -> None:
        """Write the record atomically: a failed save leaves the previous file as it was."""
        write_atomically(Path(path), json.dumps(self.to_json(), indent=1) + "\n")

    @staticmethod
    def from_json(data: Any, where: str = "record") -> "Record":
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError(f"{where}: not a cmdsl game record (expected format {FORMAT})")
        f = Fields(data, where, f"{where}: ", _KEYS)
        log = f.optional("log", f.text_list)
        return Record(f.text("cardset"), f.whole("seed", 0, MAX_SEED),
                      Setup.from_json(f.get("setup"), f"{where}: setup"), tuple(f.text_list("answers")),
                      f.optional("log_sha256", lambda k: f.matching(k, _HEX64, "64 hexadecimal digits")),
                      f.optional("result", f.text), None if log is None else tuple(log))

    @staticmethod
    def load(path: str | Path) -> "Record":
        return Record.from_json(_parse(path, _read(Path(path))), str(path))


def _read(path: Path) -> str:
    """The file's text, refusing what is not a regular file (a FIFO would hang) or is too large."""
    try:
        info = path.stat()
        if stat.S_ISDIR(info.st_mode):
            raise RecordError(f"{path}: is a directory, not a record file")
        if not stat.S_ISREG(info.st_mode):
            raise RecordError(f"{path}: not a regular file")
        if info.st_size > MAX_RECORD_BYTES:
            raise _too_large(path)
        with path.open("rb") as fh:
            raw = fh.read(MAX_RECORD_BYTES + 1)  # bounded even if the file grows meanwhile
    except FileNotFoundError:
        raise RecordError(f"{path}: no such file") from None
    except OSError as e:
        raise RecordError(f"{path}: cannot read ({e.strerror or e})") from None
    if len(raw) > MAX_RECORD_BYTES:
        raise _too_large(path)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise RecordError(f"{path}: not UTF-8 text (byte {raw[e.start]:#04x} at offset {e.start})") from None


def _too_large(path: Path) -> RecordError:
    return RecordError(f"{path}: larger than {MAX_RECORD_BYTES // 2**20} MiB: not a game record")


def _parse(path: str | Path, text: str) -> Any:
    try:
        return json.loads(text)
    except RecursionError:
        line, col = too_deep(text)
        raise RecordError(f"{path}: nested too deeply (more than {MAX_NESTING} levels at line {line}, "
                          f"column {col})") from None
    except ValueError as e:  # JSONDecodeError, or an integer beyond Python's digit limit
        raise RecordError(f"{path}: not valid JSON ({e})") from None


_STRUCTURE = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def too_deep(text: str, limit: int = MAX_NESTING) -> tuple[int, int]:
    """Line and column (1-based) where ``text`` first nests more than ``limit`` brackets deep."""
    depth = 0
    for m in _STRUCTURE.finditer(text):
        c = m.group()
        if c in "[{":
            depth += 1
            if depth > limit:
                line = text.count("\n", 0, m.start()) + 1
                return line, m.start() - (text.rfind("\n", 0, m.start()) + 1) + 1
        elif c in "]}":
            depth -= 1
    return 1, 1


# ---- writing ------------------------------------------------------------------------------------------

def check_destination(path: str | Path) -> None:
    """Refuse, before a game is played, a place where its record could not be saved."""
    p = Path(path)
    parent = p.parent
    if p.is_dir():
        raise RecordError(f"{p}: is a directory; give a file name")
    if not parent.is_dir():
        raise RecordError(f"{p}: no such directory {str(parent)!r}")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise RecordError(f"{p}: cannot write in {str(parent)!r} (permission denied)")


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to a temporary file beside ``path`` and rename it over ``path``."""
    check_destination(path)
    tmp: Path | None = None
    try:
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=path.parent, prefix=f".{path.name}.",
                                         suffix=".tmp", delete=False) as fh:
            tmp = Path(fh.name)
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, _file_mode(path))  # the temporary file is private (0600); a record is not
        os.replace(tmp, path)
    except OSError as e:
        if tmp is not None:
            tmp.unlink(missing_ok=True)
        raise RecordError(f"{path}: cannot save ({e.strerror or e})") from None


def _file_mode(path: Path) -> int:
    """The existing file's permissions, or those a new file gets under the umask."""
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


# ---- replaying ------------------------------------------------------------------------------------------

def first_difference(old: list[str] | tuple[str, ...], new: list[str] | tuple[str, ...]) -> int | None:
    """Index of the first event text that differs between two logs (or where the shorter one ends);
    None when they are the same."""
    for i, (a, b) in enumerate(zip(old, new)):
        if a != b:
            return i
    return None if len(old) == len(new) else min(len(old), len(new))


@dataclass(frozen=True)
class Replay:
    game: Game
    diverged_at: int | None  # index of the first answer that no longer applies
    reason: str | None
    event_at: int | None = None  # index of the first event that differs from the record's log
    event_before: str | None = None  # that event as recorded (None: the recorded log ended)
    event_now: str | None = None  # that event as replayed (None: the replay ended)

    @property
    def reproduces(self) -> bool:
        return self.reason is None


def replay(cards: CardSet, record: Record, upto: int | None = None, *,
           accept_other_cards: bool = False) -> Replay:
    """Re-run a record (or its first ``upto`` answers); say where, if anywhere, it diverges.

    A record played with another card set does not reproduce unless ``accept_other_cards``;
    it is replayed all the same so that the caller can show the log.
    """
    game = Game(cards, record.seed, record.setup)
    answers = record.answers if upto is None else record.answers[:upto]
    stopped: tuple[int, str] | None = None  # (answer index, why)
    for i, answer in enumerate(answers):
        if game.pending is None:
            stopped = (i, f"answer {i + 1} ({answer}) comes after the game has ended")
            break
        try:
            game.answer(answer)
        except CmdslError as e:
            stopped = (i, f"answer {i + 1}: {e}")
            break
    now = [e.text() for e in game.events]
    reasons: list[str] = []
    if record.cardset != cards.fingerprint and not accept_other_cards:
        reasons.append(f"the record was played with card set {record.cardset}; these cards are {cards.fingerprint}")
    at = _event_difference(record, now, complete=upto is None and stopped is None)
    before = now_text = None
    if at is not None:
        before = record.log[at] if record.log is not None and at < len(record.log) else None
        now_text = now[at] if at < len(now) else None
    if at is not None:
        # An event differs before any answer stops applying: that is where the games part.
        text = f"event {at + 1} differs: recorded {_quoted(before)}, replayed {_quoted(now_text)}"
        reasons.append(text + (f" (answers stop applying at answer {stopped[0] + 1})" if stopped else ""))
    elif stopped is not None:
        reasons.append(stopped[1])
    elif upto is None and record.log_sha256 is not None and _digest(now) != record.log_sha256:
        reasons.append("the event log differs from the recorded one")
    return Replay(game, stopped[0] if stopped else None, "; ".join(reasons) or None, at, before, now_text)


def _event_difference(record: Record, now: list[str], complete: bool) -> int | None:
    """Where the replayed log first differs from the recorded one; a partial replay is compared as
    a prefix (the events up to a decision are the same however the game goes on)."""
    if record.log is None:
        return None
    old = list(record.log) if complete else list(record.log[: len(now)])
    return first_difference(old, now)


def _quoted(text: str | None) -> str:
    return "(nothing)" if text is None else json.dumps(text, ensure_ascii=False)
