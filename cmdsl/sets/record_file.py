"""Record files: read with a size limit and checked as data; written atomically.

A record file is data from anywhere: it is read with a size limit and every field is checked
(``Record.from_json``) before anything runs. A save goes to a temporary file beside the target,
renamed over it, so an interrupted or failed save never leaves half a file.
"""

from __future__ import annotations

import json
import re
import stat
from pathlib import Path
from typing import Any, Sequence

from .. import atomic_file
from ..errors import RecordError

#: A record of a long game is well under 1 MiB; anything far larger is not one of ours.
MAX_RECORD_BYTES = 16 * 1024 * 1024
#: Records nest a few levels deep; JSON too deep for the parser is reported where it passes this.
MAX_NESTING = 32


def read_json(path: str | Path) -> Any:
    """A record file's JSON, read safely (size, encoding and nesting checked, located errors),
    before any game reads its fields (a game's own record type checks them)."""
    return _parse(path, _read(Path(path)))


def game_of(data: Any, where: str, games: Sequence[str], unnamed: str) -> str:
    """Which game a record is of: its ``game`` field, or ``unnamed`` (the first game's records name
    none); a game not among ``games`` (the registered ones) is refused, named (``where``: the file,
    for the message)."""
    game = data.get("game", unnamed) if isinstance(data, dict) else unnamed
    if game in games:
        return str(game)
    raise RecordError(f"{where}: game: unknown game {game!r} (cmdsl plays {', '.join(games)})")


def save_json(data: Any, path: str | Path) -> None:
    """Write a record's JSON atomically: a failed save leaves the previous file as it was."""
    write_atomically(Path(path), json.dumps(data, indent=1) + "\n")


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
    try:
        atomic_file.check_destination(Path(path))
    except atomic_file.DestinationError as e:
        raise RecordError(f"{path}: {e}") from None


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` whole or not at all: a failed save (a full disk) leaves the previous file."""
    try:
        atomic_file.write_atomically(path, text)
    except atomic_file.DestinationError as e:
        raise RecordError(f"{path}: {e}") from None
    except OSError as e:
        raise RecordError(f"{path}: cannot save ({e.strerror or e})") from None
