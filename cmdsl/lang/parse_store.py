"""Parses kept from one run to the next: each effect text a language has parsed, as its tree, in a
file of the user's cache folder. A set re-checked with its effects unchanged (a designer's
``cmdsl check`` after editing a card, the REPL's start) parses only the texts it has not seen.

The file of a language is named by everything its trees are made from: the grammar, the source of
the modules that build and define its nodes (every module of their folders), Python's version. A
change to any of them names a new file, so a tree is never read back into nodes that changed. A tree depends on its text and on
where the text starts in its file (its nodes carry file positions), not on the file's name: a text
found on another line than where it was kept (a line added above it) is moved there (``moved``).

The folder is ``$CMDSL_CACHE_DIR``, else ``$XDG_CACHE_HOME/cmdsl``, else ``~/.cache/cmdsl``;
``CMDSL_NO_CACHE=1`` keeps nothing. The cache is only ever a shortcut: a file that cannot be
read, is damaged or names anything but this language's node classes counts as empty, and one
that cannot be written (a read-only or full disk) is left as it was; either way, nothing is said
and every effect is parsed. The file is a pickle, read with only the language's node classes (and
their enums) allowed, so one placed there cannot run code; and only if it is the user's own and no
one else may write it.
"""

from __future__ import annotations

import atexit
import dataclasses
import enum
import hashlib
import io
import os
import pickle
import stat
import sys
import time
from pathlib import Path
from typing import Any, Iterable, Mapping

from . import ast as A

#: A kept parse's key: the effect text (ending in a newline) and its indent in its file; it is kept
#: with the line of its file it started at (a text moved up or down is moved, not parsed again).
Key = tuple[str, int]
Kept = tuple[int, A.Program]

#: The environment's say: where the folder is, or that nothing is kept.
DIR_VARIABLE, OFF_VARIABLE = "CMDSL_CACHE_DIR", "CMDSL_NO_CACHE"
#: A file larger than this is not read (damaged, or not ours): a few sets' effects take ~100 KiB.
MAX_BYTES = 32 * 1024 * 1024
#: The most parses a file keeps: those used by the last run first, then the most recent others.
MAX_PARSES = 20_000
#: A file of a former version of the grammar or of the node modules goes after this long unused.
STALE_SECONDS = 30 * 24 * 3600
_SUFFIX = ".parses"


def cache_folder(environ: Mapping[str, str] = os.environ) -> Path | None:
    """The folder parses are kept in, or None when the environment says to keep none (or there is
    no home folder to keep them in)."""
    if environ.get(OFF_VARIABLE, "") not in ("", "0"):
        return None
    if environ.get(DIR_VARIABLE):
        return Path(environ[DIR_VARIABLE])
    xdg = environ.get("XDG_CACHE_HOME", "")
    if os.path.isabs(xdg):  # a relative one is to be ignored (the XDG base directory rules)
        return Path(xdg) / "cmdsl"
    try:
        return Path.home() / ".cache" / "cmdsl"
    except RuntimeError:  # no HOME and no user entry to find it in
        return None


def fingerprint(grammar_sha256: str, modules: Iterable[str]) -> str | None:
    """What a language's trees are made from: its grammar, and the source of every module in the
    folders of ``modules`` (its node modules) and of this language package (which builds the trees),
    by content. Read, not imported: a vocabulary's tree builder may not be loaded yet. None when a
    module has no source to read (a build without sources): then nothing is kept."""
    folders = {Path(__file__).parent}
    for name in modules:
        path = getattr(sys.modules.get(name), "__file__", None)
        if path is None or not path.endswith(".py"):
            return None
        folders.add(Path(path).parent)
    h = hashlib.sha256(f"{sys.version_info[:2]}\n{grammar_sha256}\n".encode())
    try:
        for source in sorted(p for folder in folders for p in folder.glob("*.py")):
            h.update(f"{source.parent.name}/{source.name}\n".encode() + source.read_bytes())
    except OSError:
        return None
    return h.hexdigest()[:20]


def _private(st: os.stat_result) -> bool:
    """Whether a file may be read as kept parses: not too large, the user's own, and not writable
    by anyone else (a cache folder set to a shared one could hold another user's file)."""
    mine = not hasattr(os, "getuid") or st.st_uid == os.getuid()
    return st.st_size <= MAX_BYTES and mine and not st.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


class _NodesOnly(pickle.Unpickler):
    """Reads a pickle that may name only the dataclasses and enums of ``modules`` (the modules
    that define and build a language's nodes, all imported before it parses)."""

    def __init__(self, data: bytes, modules: frozenset[str]) -> None:
        super().__init__(io.BytesIO(data))
        self.modules = modules

    def find_class(self, module: str, name: str) -> type:
        found = getattr(sys.modules.get(module), name, None) if module in self.modules else None
        if isinstance(found, type) and (dataclasses.is_dataclass(found) or issubclass(found, enum.Enum)):
            return found
        raise pickle.UnpicklingError(f"{module}.{name} is not a node class")


def _read(path: Path, modules: frozenset[str]) -> dict[Key, Kept]:
    """The parses kept in ``path``; none when it is missing, too large, damaged or not ours."""
    try:
        with open(path, "rb") as fh:
            if not _private(os.fstat(fh.fileno())):
                return {}
            data = fh.read()
        kept = _NodesOnly(data, modules).load()
    except Exception:  # any damage at all: the file only ever saves time
        return {}
    if not isinstance(kept, dict):
        return {}
    return {k: v for k, v in kept.items()
            if isinstance(k, tuple) and len(k) == 2 and isinstance(k[0], str) and isinstance(k[1], int)
            and isinstance(v, tuple) and len(v) == 2 and isinstance(v[0], int) and isinstance(v[1], A.Program)}


def moved(value: Any, lines: int) -> Any:
    """``value`` (a tree, or any part of one) with every position ``lines`` lower in its file (a
    node built from no text, at ``NOWHERE``, stays there). Nodes are copied as they are, not made
    again: a node is its fields."""
    if isinstance(value, A.Pos):
        return value if value == A.NOWHERE else A.Pos(value.line + lines, value.col)
    if isinstance(value, tuple):
        return tuple(moved(v, lines) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        copy = object.__new__(type(value))
        copy.__dict__.update({k: moved(v, lines) for k, v in value.__dict__.items()})
        return copy
    return value


class ParseStore:
    """One language's kept parses: read from its file on first use, written back at the end of the
    process when a parse was added (``save``)."""

    def __init__(self, path: Path, modules: frozenset[str]) -> None:
        self.path = path
        self.modules = modules  # the only ones whose classes its file may name
        self._kept: dict[Key, Kept] | None = None
        self._used: set[Key] = set()
        self._added: dict[Key, Kept] = {}
        self._saving = False

    @property
    def kept(self) -> dict[Key, Kept]:
        if self._kept is None:
            self._kept = _read(self.path, self.modules)
        return self._kept

    def get(self, key: Key, first_line: int) -> A.Program | None:
        """The tree of the text ``key`` starting at ``first_line`` of its file, if it was kept (at
        that line, or at another and moved: it stays kept where it was parsed, so that two places
        of the same text do not rewrite the file at every run, and moving costs far less than a
        parse)."""
        kept = self.kept
        found = kept.pop(key, None)
        if found is None:
            return None
        kept[key] = found  # last: the least recently used goes first (``put``)
        self._used.add(key)
        line, program = found
        return program if line == first_line else moved(program, first_line - line)

    def put(self, key: Key, first_line: int, program: A.Program) -> None:
        kept, added = self.kept, self._added
        kept[key] = added[key] = (first_line, program)
        self._used.add(key)
        for parses in (kept, added):  # bounded in memory too: an editor parses at every edit, for hours
            if len(parses) > MAX_PARSES:
                oldest = next(iter(parses))
                del parses[oldest]
                self._used.discard(oldest)
        if not self._saving:  # once: the file is written when the process ends
            self._saving = True
            atexit.register(self.save)

    def save(self) -> None:
        """Write the parses added since the last save into the file, with those it holds now (another
        process may have added some), whole or not at all; any failure leaves the file as it was."""
        if not self._added:
            return
        from ..atomic_file import write_atomically  # only when there is something to write

        try:
            self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            merged = _read(self.path, self.modules)
            merged.update(self._added)
            # Keep this run's parses, then the file's others, newest last, up to the bound.
            order = [k for k in merged if k not in self._used] + [k for k in merged if k in self._used]
            kept = {k: merged[k] for k in order[-MAX_PARSES:]}
            write_atomically(self.path, pickle.dumps(kept, protocol=pickle.HIGHEST_PROTOCOL), mode=0o600)
            self._added = {}
            self._prune()
        except Exception:  # a full or read-only disk, a folder that is a file: parse again next time
            pass

    def _prune(self) -> None:
        """Remove this language's files of former versions left unused for ``STALE_SECONDS``."""
        language = self.path.name.rpartition("-")[0]
        now = time.time()
        for other in self.path.parent.glob(f"{language}-*{_SUFFIX}"):
            if other != self.path and now - other.stat().st_mtime > STALE_SECONDS:
                other.unlink(missing_ok=True)


def store_for(language: str, grammar_sha256: str, modules: Iterable[str],
              environ: Mapping[str, str] = os.environ) -> ParseStore | None:
    """The store of a language (its name, its grammar's hash, the modules of its node classes),
    or None when nothing is kept (the environment says so, or a module has no source to read)."""
    folder = cache_folder(environ)
    if folder is None:
        return None
    names = frozenset(modules)
    made_from = fingerprint(grammar_sha256, names)
    if made_from is None:
        return None
    return ParseStore(folder / f"{language}-{made_from}{_SUFFIX}", names)
