"""Work kept from one run to the next in a file of the user's cache folder: what a run would
otherwise redo at every start (``cmdsl.lang.parse_store``: effect texts' parses;
``cmdsl.sets.read_store``: card files' YAML, read). Each kind keeps a file named by everything
its contents are made from, so nothing is read back into code that changed.

The folder is ``$CMDSL_CACHE_DIR``, else ``$XDG_CACHE_HOME/cmdsl``, else ``~/.cache/cmdsl``;
``CMDSL_NO_CACHE=1`` keeps nothing. A kept file is only ever a shortcut, checked before it is
believed (DESIGN property 18): damage costs time, never a different result.

- **Opened so that it cannot block**: without following a link, without waiting for a writer
  (a FIFO), and read only if it is a regular file of the user's own that no one else may write
  and not too large (``read_private``). Anything else counts as empty.
- **Digested**: the file is ``MAGIC``, a BLAKE2b digest, then its body; the digest covers the
  body and the file's own name, and is checked before a byte of the body is read (a file moved
  under another kind's or version's name counts as damaged). Each entry carries a digest of its
  key and its bytes, checked again before it is used. The digests find damage — a flipped bit,
  a truncated write, a file swapped for another — not an attacker: anyone who may write the folder
  may write a matching digest, and no key kept beside the files would change that. Against other
  users, the check that the file is the user's own and not writable by others is what holds.
- **Plain data**: the body is ``marshal``'d tuples and bytes, and each entry's value is plain data
  made again by the constructors of the classes its kind allows (``cmdsl.kept_values``): no pickle,
  so nothing read back can run code or build an object its constructor would not.

An entry that fails any check is dropped, and its work done again and kept again; a file that
cannot be written (a read-only or full disk) is left as it was. Either way, nothing is said.
"""

from __future__ import annotations

import atexit
import hashlib
import hmac
import marshal
import os
import stat
import sys
import time
from pathlib import Path
from typing import Any, Generic, Hashable, Iterable, Mapping, TypeVar, cast

from .kept_values import Decoder, Encoder

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

#: The environment's say: where the folder is, or that nothing is kept.
DIR_VARIABLE, OFF_VARIABLE = "CMDSL_CACHE_DIR", "CMDSL_NO_CACHE"
#: A file larger than this is not read (damaged, or not ours): a few sets' effects take ~100 KiB.
MAX_BYTES = 32 * 1024 * 1024
#: A file of a former version of what it is made from goes after this long unused.
STALE_SECONDS = 30 * 24 * 3600
#: What a kept file starts with (then its digest, then its body): a file of another format is damaged.
MAGIC = b"cmdsl kept 2\n"
DIGEST_BYTES = 16
#: This module and the one that writes values: what every kept file is made from too.
_OWN_SOURCES = (__file__, str(Path(__file__).with_name("kept_values.py")))


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
    ``salt``, each source file's name and content (read, not imported), and this module's and
    ``kept_values``' (the format). None when one has no Python source to read (a build without
    sources, a compiled module): then nothing is kept."""
    h = hashlib.sha256(f"{sys.version_info[:2]}\n{salt}\n".encode())
    try:
        for source in (*sources, *_OWN_SOURCES):
            if source is None or not source.endswith(".py"):
                return None
            path = Path(source)
            h.update(f"{path.parent.name}/{path.name}\n".encode() + path.read_bytes())
    except OSError:
        return None
    return h.hexdigest()[:20]


def _private(st: os.stat_result) -> bool:
    """Whether a file may be read as kept work: a regular file (not a FIFO, a device, a socket or
    a folder), not too large, the user's own, and not writable by anyone else (a cache folder set
    to a shared one could hold another user's file)."""
    mine = not hasattr(os, "getuid") or st.st_uid == os.getuid()
    return (stat.S_ISREG(st.st_mode) and st.st_size <= MAX_BYTES and mine
            and not st.st_mode & (stat.S_IWGRP | stat.S_IWOTH))


def _signature(st: os.stat_result) -> tuple[int, int, int]:
    """What tells a kept file from the next one written in its place."""
    return st.st_ino, st.st_size, st.st_mtime_ns


def read_private(path: Path) -> tuple[bytes, tuple[int, int, int]] | None:
    """The bytes of the kept file ``path`` and what tells it from the next one written there, or
    None when it is missing or may not be read (``_private``). Opened without following a link
    (a link, or a loop of them, is refused) and without blocking (a FIFO opens at once, then is
    refused), and checked before a byte is read."""
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not _private(st):
            return None
        chunks, left = [], st.st_size + 1  # one byte more: a file that grew is read to its bound
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        data = b"".join(chunks)
        return (data, _signature(st)) if len(data) <= MAX_BYTES else None
    except OSError:
        return None
    finally:
        os.close(fd)


def _digest(name: str, *parts: bytes | memoryview) -> bytes:
    h = hashlib.blake2b(name.encode("utf-8", "surrogatepass") + b"\0", digest_size=DIGEST_BYTES)
    for part in parts:
        h.update(part)
    return h.digest()


def _key_bytes(key: Hashable) -> bytes:
    # a key is a tuple of strings and numbers: its repr says it whole, the same in every run
    return repr(key).encode("utf-8", "surrogatepass")


#: An entry as the file holds it: its digest, and its value as plain data (``kept_values``), marshalled.
Stored = tuple[bytes, bytes]


def stored(name: str, key: Hashable, data: bytes) -> Stored:
    """An entry of the file named ``name`` for ``key``, of the marshalled value ``data``, with its digest."""
    return _digest(name, _key_bytes(key), data), data


def intact(name: str, key: Hashable, entry: Stored) -> bool:
    """Whether ``entry`` is what was kept for ``key`` in the file named ``name`` (its digest says)."""
    return hmac.compare_digest(entry[0], _digest(name, _key_bytes(key), entry[1]))


def file_bytes(name: str, entries: Mapping[Any, Stored]) -> bytes:
    """The file named ``name`` that holds ``entries``: ``MAGIC``, the digest of its name and its
    body, its body."""
    body = marshal.dumps(tuple([(k, d, v) for k, (d, v) in entries.items()]))
    return MAGIC + _digest(name, body) + body


def file_entries(name: str, data: bytes) -> tuple[object, ...] | None:
    """The entries of the file named ``name`` whose bytes are ``data``, each as the file holds it
    (its shape not checked yet); None when the file is not of this format or its digest fails."""
    start = len(MAGIC) + DIGEST_BYTES
    body = memoryview(data)[start:]
    if not data.startswith(MAGIC) or not hmac.compare_digest(data[len(MAGIC):start], _digest(name, body)):
        return None
    try:
        entries = marshal.loads(body)  # bytes this kind wrote: the digest says so
    except Exception:
        return None
    return entries if type(entries) is tuple else None


class KeptFile(Generic[K, V]):
    """One kind of kept work, by key: read from its file on first use, bounded in entries (the
    least recently used go first), written back when the process ends if an entry was added.
    A kind says what its keys and values look like (``valid_key``, ``valid_value``)."""

    #: The most entries the file (and the memory) keeps: those used by the last run first, then
    #: the most recent others.
    max_entries = 20_000

    def __init__(self, path: Path, modules: frozenset[str]) -> None:
        self.path = path
        self.modules = modules  # the only ones whose classes its values may name
        self._kept: dict[K, Stored] | None = None
        self._used: set[K] = set()
        self._added: dict[K, Stored] = {}
        self._saving = False
        self._seen: tuple[int, int, int] | None = None  # the file as last read or written by this run
        self._encoder = Encoder()
        self._decoder = Decoder(modules)

    def valid_key(self, key: object) -> bool:
        """Whether a key read from the file has the shape of this kind's (a kind says)."""
        raise NotImplementedError

    def valid_value(self, value: object) -> bool:
        """Whether a value read back has the shape of this kind's (a kind says)."""
        raise NotImplementedError

    @property
    def kept(self) -> dict[K, Stored]:
        if self._kept is None:
            self._kept = self._read()
        return self._kept

    def _read(self) -> dict[K, Stored]:
        """The entries kept in the file; none when it is missing, odd, damaged or not ours."""
        self._seen = None
        found = read_private(self.path)
        if found is None:
            return {}
        data, signature = found
        entries = file_entries(self.path.name, data)
        if entries is None:
            return {}
        self._seen = signature
        kept: dict[K, Stored] = {}
        for entry in entries:
            if (type(entry) is tuple and len(entry) == 3 and type(entry[1]) is bytes and type(entry[2]) is bytes
                    and self.valid_key(entry[0])):
                kept[entry[0]] = (entry[1], entry[2])
        return kept

    def take(self, key: K) -> V | None:
        """The value kept for ``key``, marked as used by this run; None if there is none, or if it
        fails a check (then it is dropped: the caller does the work again and keeps it again)."""
        kept = self.kept
        found = kept.pop(key, None)
        if found is None:
            return None
        value: object = None
        if intact(self.path.name, key, found):
            try:
                value = self._decoder.decode(marshal.loads(found[1]))
            except Exception:  # any damage at all: the work is done again
                value = None
        if value is None or not self.valid_value(value):
            return None
        kept[key] = found  # last: the least recently used goes first (``add``)
        self._used.add(key)
        return cast(V, value)  # of the kind's shape: ``valid_value``

    def add(self, key: K, value: V) -> None:
        """Keep ``value`` for ``key``; the file is written when the process ends. A value that
        cannot be kept as plain data (``kept_values``) is not kept."""
        try:
            data = marshal.dumps(self._encoder.encode(value))
        except (TypeError, ValueError):
            return
        kept, added = self.kept, self._added
        kept[key] = added[key] = stored(self.path.name, key, data)
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
            try:
                now = os.lstat(self.path)
            except FileNotFoundError:
                now = None
            if now is not None and not stat.S_ISREG(now.st_mode):
                return  # a link, a FIFO, a folder in its place: never written through, never replaced
            # What the file holds: what this run read of it, unless another process wrote it since
            # (a new file each time: ``write_atomically`` replaces it); reading it again costs more
            # than the rest of a save.
            seen = self._seen
            unchanged = self._kept is not None and seen is not None and now is not None and seen == _signature(now)
            merged = dict(self._kept) if unchanged and self._kept is not None else self._read()
            merged.update(self._added)
            # Keep this run's entries, then the file's others, newest last, up to the bound.
            order = [k for k in merged if k not in self._used] + [k for k in merged if k in self._used]
            kept = {k: merged[k] for k in order[-self.max_entries:]}
            write_atomically(self.path, file_bytes(self.path.name, kept), mode=0o600)
            self._kept, self._seen = kept, _signature(os.lstat(self.path))
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
            try:
                if other != self.path and now - other.lstat().st_mtime > STALE_SECONDS:
                    other.unlink(missing_ok=True)
            except OSError:  # gone meanwhile, or not ours to remove
                continue
