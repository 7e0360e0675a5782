"""The installed distributions' entry points of one group, read as ``importlib.metadata.entry_points``
reads them, without importing ``importlib.metadata`` (email, zipfile, socket…: about a third of
`cmdsl --help`'s start, issue 34) for the common case: every ``sys.path`` entry a folder (or
missing). Each distribution's ``*.dist-info`` or ``*.egg-info`` folder holds its
``entry_points.txt``; a distribution is taken once, where ``sys.path`` finds it first. Where an
entry is a file (a zip), ``importlib.metadata`` reads them all, as before.
"""

from __future__ import annotations

import os
import re
import sys
from importlib import import_module
from typing import Any, Protocol, Sequence
from .values import value

_METADATA = (".dist-info", ".egg-info")
_SECTION = re.compile(r"\[(.+)\]")


class EntryPoint(Protocol):
    """What the registry reads of an entry point (``importlib.metadata.EntryPoint`` is one)."""

    @property
    def name(self) -> str: ...

    @property
    def value(self) -> str: ...

    def load(self) -> Any: ...


@value
class FoundEntryPoint:
    """One entry point, ``name = module:attr [extras]``, loaded as ``importlib.metadata`` loads it."""

    name: str
    value: str
    group: str

    def load(self) -> Any:
        module, _, attrs = self.value.partition("[")[0].partition(":")
        found: Any = import_module(module.strip())
        for attr in filter(None, attrs.strip().split(".")):
            found = getattr(found, attr)
        return found


def entry_points(group: str) -> Sequence[EntryPoint]:
    """Every installed distribution's entry points of ``group``."""
    folders = [entry or "." for entry in sys.path]
    if any(os.path.isfile(folder) for folder in folders):  # a zip on the path: the library reads it
        from importlib.metadata import entry_points as read_all
        return list(read_all(group=group))
    found: list[EntryPoint] = []
    seen: set[str] = set()
    for folder in folders:
        try:
            names = os.listdir(folder)
        except OSError:  # missing, or not a folder
            continue
        for name in names:
            if not name.endswith(_METADATA):
                continue
            distribution = _normalized(name.removesuffix(".dist-info").removesuffix(".egg-info").partition("-")[0])
            if distribution in seen:
                continue
            seen.add(distribution)
            found += _read(os.path.join(folder, name, "entry_points.txt"), group)
    return found


def _normalized(name: str) -> str:
    """A distribution's name as ``importlib.metadata`` compares them (PEP 503, with underscores)."""
    return re.sub(r"[-_.]+", "_", name).lower()


def _read(path: str, group: str) -> list[EntryPoint]:
    """The entry points of ``group`` in one ``entry_points.txt`` (none when there is no such file)."""
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
    except OSError:
        return []
    section = None
    found: list[EntryPoint] = []
    for line in map(str.strip, lines):
        if not line or line.startswith(("#", ";")):
            continue
        header = _SECTION.fullmatch(line)
        if header is not None:
            section = header.group(1).strip()
        elif section == group and "=" in line:
            name, _, value = line.partition("=")
            found.append(FoundEntryPoint(name.strip(), value.strip(), group))
    return found
