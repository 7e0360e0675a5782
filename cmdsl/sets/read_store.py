"""What card files were read into, kept from one run to the next: a set loaded again with a file
unchanged (a designer's ``cmdsl check`` after editing another file, the REPL's start, a game's)
reads that file's items back instead of composing its YAML, and loads no YAML library when no
file changed. Composing a set's YAML, with importing PyYAML, was a sixth of a ``cmdsl check``.

An entry is kept for one file (what was read, a kind a game names, and where the file is) with the
SHA-256 of its text: read again with that text, its items are read back (a file's items depend on
its text only: where an item is, is a line and column of that text; the name the file is shown by
is given again when it is read back). A file has one entry, its last text's: a designer's edits
replace it rather than pile up. Only a text read without a problem is kept, so every error is
still found, and told, by composing it. The file of the store is named by everything its entries
are made from: Python's version, PyYAML's (its ``__init__.py``, read, not imported), and the
source of the modules that read the text and define what is kept. It is kept as
``cmdsl.kept_file`` keeps work (where, read only if the user's own, checked by digest, made again
from plain data with only those modules' classes, any failure only time lost).
"""

from __future__ import annotations

import functools
import hashlib
import importlib.machinery
import os
import sys
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, TypeVar

from ..kept_file import KeptFile, cache_folder, made_from

#: An entry's key: what was read (a kind a game names) and the file (its resolved path); it is
#: kept with the SHA-256 of the text it was read from.
Key = tuple[str, str]
T = TypeVar("T")
_SUFFIX = ".reads"
_HERE = Path(__file__).parent
#: This module and those every game's reading goes through (by file: composing is not imported when
#: nothing is composed): a change to any makes a new store.
_READERS = tuple(_HERE / name for name in ("read_store.py", "safe_yaml.py", "text_files.py", "card_items.py")) + (
    _HERE.parent / "kept_file.py",)
#: What every kept read may hold besides a game's own classes: where a node was, where a problem is.
_HOLDING = ("cmdsl.sets.card_items", "cmdsl.errors")


class ReadStore(KeptFile[Key, tuple[str, Any]]):
    """The kept reads of the modules it is made from (``read_store``)."""

    max_entries = 500  # files: a set is a handful of them

    def valid_key(self, key: object) -> bool:
        return type(key) is tuple and len(key) == 2 and all(type(k) is str for k in key)

    def valid_value(self, value: object) -> bool:
        return type(value) is tuple and len(value) == 2 and type(value[0]) is str

    def get(self, kind: str, file: Path, text: str) -> Any | None:
        """What ``file`` was read into as ``kind``, if it was kept for this ``text``."""
        found = self.take((kind, str(file.resolve())))
        return found[1] if found is not None and found[0] == _digest(text) else None

    def put(self, kind: str, file: Path, text: str, entry: Any) -> None:
        """Keep what ``file`` was read into from ``text`` (in place of what it was for another text)."""
        self.add((kind, str(file.resolve())), (_digest(text), entry))


def read_through(store: ReadStore | None, kind: str, file: Path, text: str, read: Callable[[], T],
                 keep: Callable[[T], Any | None], back: Callable[[Any], T]) -> T:
    """What ``file`` (read as ``kind``, its text ``text``) is read into: what ``store`` kept for this
    text, made again by ``back`` (which raises for an entry not of its shape: then it is read again),
    else ``read()``, kept in ``store`` as ``keep`` makes it (None: not kept, a read with a problem)."""
    kept = None if store is None else store.get(kind, file, text)
    if kept is not None:
        try:
            return back(kept)
        except Exception:  # damaged: the store only ever saves time
            pass
    made = read()
    if store is not None:
        entry = keep(made)
        if entry is not None:
            store.put(kind, file, text, entry)
    return made


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def read_store(modules: Iterable[str], environ: Mapping[str, str] = os.environ) -> ReadStore | None:
    """The store for reads made by ``modules`` (imported: those that read a game's files and define
    what is kept of them), or None when nothing is kept (the environment says so, or a module has
    no source to read: a build without sources). One per file in a process."""
    folder = cache_folder(environ)
    if folder is None:
        return None
    names = frozenset(modules)
    made_from = _fingerprint(names)
    if made_from is None:
        return None
    return _store_at(folder / f"reads-{made_from}{_SUFFIX}", names | frozenset(_HOLDING))


@functools.cache
def _store_at(path: Path, modules: frozenset[str]) -> ReadStore:
    # one per file: each adds its entries when the process ends, once
    return ReadStore(path, modules)


def _fingerprint(modules: frozenset[str]) -> str | None:
    sources: list[str | None] = [str(p) for p in _READERS]
    sources += [getattr(sys.modules.get(name), "__file__", None) for name in sorted(modules)]
    yaml_spec = importlib.machinery.PathFinder.find_spec("yaml")  # found, not imported (that is the cost saved)
    sources.append(None if yaml_spec is None else yaml_spec.origin)
    return made_from(sources)
