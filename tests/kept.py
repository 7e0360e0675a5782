"""Kept files as a test reads and writes them (cmdsl/kept_file.py): each entry's value as the file
holds it — the names of its classes and its plain data (cmdsl/kept_values.py) — and a file written
whole with every digest right, as the user's own process could write it: what is planted this way
passes the digests and must be refused by the checks after them."""

from __future__ import annotations

import marshal
from pathlib import Path
from typing import Any

from cmdsl.kept_file import file_bytes, file_entries, stored


def values(path: Path) -> dict[Any, Any]:
    """Each entry of the kept file ``path``: its key and its value as kept, ``(names, data)``."""
    entries = file_entries(path.name, path.read_bytes())
    assert entries is not None, f"{path} is not a kept file"
    return {key: marshal.loads(data) for key, _, data in entries}  # type: ignore[misc]


def plant(path: Path, entries: dict[Any, Any]) -> None:
    """Write ``path`` whole, holding ``entries`` (key → value as kept), every digest right."""
    path.write_bytes(file_bytes(path.name, {key: stored(path.name, key, marshal.dumps(value))
                                            for key, value in entries.items()}))
