"""Parses kept from one run to the next: each effect text a language has parsed, as its tree, in a
file of the user's cache folder. A set re-checked with its effects unchanged (a designer's
``cmdsl check`` after editing a card, the REPL's start) parses only the texts it has not seen.

The file of a language is named by everything its trees are made from: the grammar, the source of
the modules that build and define its nodes (every module of their folders), Python's version. A
change to any of them names a new file, so a tree is never read back into nodes that changed. A tree depends on its text and on
where the text starts in its file (its nodes carry file positions), not on the file's name: a text
found on another line than where it was kept (a line added above it) is moved there (``moved``).

The file is kept as ``cmdsl.kept_file`` keeps work: where (``CMDSL_CACHE_DIR``, ``CMDSL_NO_CACHE``),
read only if it is the user's own, each tree checked by its digest before it is made again from
plain data by the constructors of this language's node classes (and their enums) and of no
others; any failure to read or write it is only time lost: the effect is parsed again.
"""

from __future__ import annotations

import dataclasses
import os
import sys
from pathlib import Path
from typing import Any, Iterable, Mapping

from ..kept_file import KeptFile, cache_folder, made_from
from . import ast as A

#: A kept parse's key: the effect text (ending in a newline) and its indent in its file; it is kept
#: with the line of its file it started at (a text moved up or down is moved, not parsed again), and
#: its tree. A run makes again only the trees it asks for, so the parses of texts since edited, and
#: of other sets, cost a run little more than their bytes.
Key = tuple[str, int]
Kept = tuple[int, A.Program]

_SUFFIX = ".parses"


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
    return made_from((str(p) for p in sorted(p for folder in folders for p in folder.glob("*.py"))), grammar_sha256)


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


class ParseStore(KeptFile[Key, Kept]):
    """One language's kept parses: read from its file on first use, written back at the end of the
    process when a parse was added (``save``)."""

    max_entries = 5_000  # texts: a set has ~120; months of a designer's edits and a few sets

    def valid_key(self, key: object) -> bool:
        return type(key) is tuple and len(key) == 2 and type(key[0]) is str and type(key[1]) is int

    def valid_value(self, value: object) -> bool:
        return (type(value) is tuple and len(value) == 2 and type(value[0]) is int
                and isinstance(value[1], A.Program))

    def get(self, key: Key, first_line: int) -> A.Program | None:
        """The tree of the text ``key`` starting at ``first_line`` of its file, if it was kept (at
        that line, or at another and moved: it stays kept where it was parsed, so that two places
        of the same text do not rewrite the file at every run, and moving costs far less than a
        parse)."""
        found = self.take(key)  # None if damaged: parsed again, and kept again in its place
        if found is None:
            return None
        line, program = found
        return program if line == first_line else moved(program, first_line - line)

    def put(self, key: Key, first_line: int, program: A.Program) -> None:
        self.add(key, (first_line, program))


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
