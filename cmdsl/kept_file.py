"""Work kept from one run to the next in a file of the user's cache folder: what a run would
otherwise redo at every start (``cmdsl.lang.parse_store``: effect texts' parses;
``cmdsl.sets.read_store``: card files' YAML, read). Each kind keeps a file named by everything
its contents are made from, so nothing is read back into code that changed.

The folder is ``$CMDSL_CACHE_DIR``, else ``$XDG_CACHE_HOME/cmdsl``, else ``~/.cache/cmdsl``;
``CMDSL_NO_CACHE=1`` keeps nothing. A kept file is only ever a shortcut: one that cannot be read,
is damaged or names anything but the classes its kind allows counts as empty, and one that cannot
be written (a read-only or full disk) is left as it was; either way, nothing is said and the work
is done again. The file is a pickle, read with only the allowed modules' dataclasses and enums
(``modules``) allowed, so one placed there cannot run code; and only if it is the user's own and
no one else may write it.
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
from typing import Generic, Hashable, Iterable, Mapping, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

#: The environment's say: where the folder is, or that nothing is kept.
DIR_VARIABLE, OFF_VARIABLE = "CMDSL_CACHE_DIR", "CMDSL_NO_CACHE"
#: A file larger than this is not read (damaged, or not ours): a few sets' effects take ~100 KiB.
MAX_BYTES = 32 * 1024 * 1024
#: A file of a former version of what it is made from goes after this long unused.
STALE_SECONDS = 30 * 24 * 3600


def cache_folder(environ: Mapping[str, str] = os.environ) -> Path | None:
    """The folder work is kept in, or None when the environment says to keep none (or there is
    no home folder to keep it in)."""
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


def made_from(sources: Iterable[str | None], salt: str = "") -> str | None:
    """What a kind's file is made from, as the part of its name that says it: Python's version,
    ``salt``, and each source file's name and content (read, not imported). None when one has no
    Python source to read (a build without sources, a compiled module): then nothing is kept."""
    h = hashlib.sha256(f"{sys.version_info[:2]}\n{salt}\n".encode())
    try:
        for source in sources:
            if source is None or not source.endswith(".py"):
                return None
            path = Path(source)
            h.update(f"{path.parent.name}/{path.name}\n".encode() + path.read_bytes())
    except OSError:
        return None
    return h.hexdigest()[:20]


def _private(st: os.stat_result) -> bool:
    """Whether a file may be read as kept work: not too large, the user's own, and not writable
    by anyone else (a cache folder set to a shared one could hold another user's file)."""
    mine = not hasattr(os, "getuid") or st.st_uid == os.getuid()
    return st.st_size <= MAX_BYTES and mine and not st.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def _signature(st: os.stat_result) -> tuple[int, int, int]:
    """What tells a kept file from the next one written in its place."""
    return st.st_ino, st.st_size, st.st_mtime_ns


class _ClassesOf(pickle.Unpickler):
    """Reads a pickle that may name only the dataclasses (values) and enums of ``modules``, all
    imported before it is read; ``found``: the classes found so far (a kind's many small pickles
    name the same few classes)."""

    def __init__(self, data: bytes, modules: frozenset[str], found: dict[tuple[str, str], type] | None = None) -> None:
        super().__init__(io.BytesIO(data))
        self.modules = modules
        self.found = {} if found is None else found

    def find_class(self, module: str, name: str) -> type:
        known = self.found.get((module, name))
        if known is not None:
            return known
        found = getattr(sys.modules.get(module), name, None) if module in self.modules else None
        if isinstance(found, type) and (dataclasses.is_dataclass(found) or issubclass(found, enum.Enum)):
            self.found[module, name] = found
            return found
        raise pickle.UnpicklingError(f"{module}.{name} is not a class this file may hold")


class KeptFile(Generic[K, V]):
    """One kind of kept work, by key: read from its file on first use, bounded in entries (the
    least recently used go first), written back when the process ends if an entry was added."""

    #: The most entries the file (and the memory) keeps: those used by the last run first, then
    #: the most recent others.
    max_entries = 20_000

    def __init__(self, path: Path, modules: frozenset[str]) -> None:
        self.path = path
        self.modules = modules  # the only ones whose classes its file may name
        self._kept: dict[K, V] | None = None
        self._used: set[K] = set()
        self._added: dict[K, V] = {}
        self._saving = False
        self._seen: tuple[int, int, int] | None = None  # the file as last read or written by this run
        self._classes: dict[tuple[str, str], type] = {}  # those its pickles name, as found

    def valid(self, key: object, entry: object) -> bool:
        """Whether an entry read from the file has the shape of this kind's (a kind says)."""
        raise NotImplementedError

    @property
    def kept(self) -> dict[K, V]:
        if self._kept is None:
            self._kept = self._read()
        return self._kept

    def _read(self) -> dict[K, V]:
        """The entries kept in the file; none when it is missing, too large, damaged or not ours."""
        self._seen = None
        try:
            with open(self.path, "rb") as fh:
                st = os.fstat(fh.fileno())
                if not _private(st):
                    return {}
                data = fh.read()
            kept = _ClassesOf(data, self.modules).load()
        except Exception:  # any damage at all: the file only ever saves time
            return {}
        if not isinstance(kept, dict):
            return {}
        self._seen = _signature(st)
        return {k: v for k, v in kept.items() if self.valid(k, v)}

    def unpickled(self, data: bytes) -> object | None:
        """A value a kind keeps pickled on its own in an entry (read only when asked for), read as
        the file is: with only the classes of ``modules`` allowed; None if it cannot be."""
        try:
            return _ClassesOf(data, self.modules, self._classes).load()
        except Exception:  # any damage at all: the work is done again
            return None

    def take(self, key: K) -> V | None:
        """The entry kept for ``key``, marked as used by this run."""
        kept = self.kept
        found = kept.pop(key, None)
        if found is None:
            return None
        kept[key] = found  # last: the least recently used goes first (``add``)
        self._used.add(key)
        return found

    def add(self, key: K, entry: V) -> None:
        """Keep ``entry`` for ``key``; the file is written when the process ends."""
        kept, added = self.kept, self._added
        kept[key] = added[key] = entry
        self._used.add(key)
        for entries in (kept, added):  # bounded in memory too: an editor adds at every edit, for hours
            if len(entries) > self.max_entries:
                oldest = next(iter(entries))
                del entries[oldest]
                self._used.discard(oldest)
        if not self._saving:  # once: the file is written when the process ends
            self._saving = True
            atexit.register(self.save)

    def save(self) -> None:
        """Write the entries added since the last save into the file, with those it holds now
        (another process may have added some), whole or not at all; any failure leaves the file
        as it was."""
        if not self._added:
            return
        from .atomic_file import write_atomically  # only when there is something to write

        try:
            self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            # What the file holds: what this run read of it, unless another process wrote it since
            # (a new file each time: ``write_atomically`` replaces it); reading it again costs more
            # than the rest of a save.
            seen = self._seen
            unchanged = self._kept is not None and seen is not None and seen == _signature(self.path.stat())
            merged = dict(self._kept) if unchanged and self._kept is not None else self._read()
            merged.update(self._added)
            # Keep this run's entries, then the file's others, newest last, up to the bound.
            order = [k for k in merged if k not in self._used] + [k for k in merged if k in self._used]
            kept = {k: merged[k] for k in order[-self.max_entries:]}
            write_atomically(self.path, pickle.dumps(kept, protocol=pickle.HIGHEST_PROTOCOL), mode=0o600)
            self._kept, self._seen = kept, _signature(self.path.stat())
            self._added = {}
            self._prune()
        except Exception:  # a full or read-only disk, a folder that is a file: the work is done again
            pass

    def _prune(self) -> None:
        """Remove this kind's files of former versions left unused for ``STALE_SECONDS``: a file
        is named ``<kind>-<what it is made from><suffix>``."""
        kind = self.path.name.rpartition("-")[0]
        now = time.time()
        for other in self.path.parent.glob(f"{kind}-*{self.path.suffix}"):
            if other != self.path and now - other.stat().st_mtime > STALE_SECONDS:
                other.unlink(missing_ok=True)
