"""Reading the text files people write (card files, manifests, scenarios, data files): bounded,
every error located, and naming the item a line is in — all on the text, before and without any
YAML (``cmdsl.sets.safe_yaml`` composes it): an unchanged card file read back from the read store
(``cmdsl.sets.read_store``) needs no YAML library at all.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path
from types import MappingProxyType
from typing import Final, Mapping, Protocol

from ..errors import CardError, Located

#: The keys whose value names a list item in messages: card and news ids, state names, rolls.
ITEM_KEYS: Final = ("id", "name", "roll")


#: Texts that stand for files (an editor's unsaved buffers), by the file's resolved path.
Sources = Mapping[Path, str]
NO_SOURCES: Final[Sources] = MappingProxyType({})
#: A scenario file is a few kilobytes; the largest we ship is under 4 KiB.
MAX_SCENARIO_BYTES: Final = 256 * 1024


def read_text(path: Path, *, max_bytes: int, label: str | None = None,
              item_keys: tuple[str, ...] = ITEM_KEYS, sources: Sources = NO_SOURCES) -> str:
    """The text of ``path`` as UTF-8, refused if larger than ``max_bytes``; ``sources``' text
    instead when it has one for the file.

    ``label`` is the file name shown in errors (default: the path as given).
    """
    name = label if label is not None else str(path)
    given = sources.get(path.resolve()) if sources else None
    if given is not None:
        if len(given.encode("utf-8", "surrogatepass")) > max_bytes:
            raise _too_large(max_bytes, name)
        return given
    problem = _not_a_file(path)
    if problem is not None:
        raise CardError(problem, Located(name))
    try:
        with path.open("rb") as f:
            # Reading one byte past the limit tells "too large" without reading a huge file.
            data = f.read(max_bytes + 1)
    except OSError as e:
        raise CardError(f"cannot read: {e.strerror or e}", Located(name)) from None
    if len(data) > max_bytes:
        raise _too_large(max_bytes, name)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise _not_utf8(data, e, name, item_keys) from None


def _too_large(max_bytes: int, name: str) -> CardError:
    return CardError(f"the file is larger than {_size(max_bytes)}, the most a file of this kind may be "
                     "(is it the right file?)", Located(name))


def _not_a_file(path: Path) -> str | None:
    """What is wrong with reading ``path`` as a file, before it is opened (opening a FIFO would
    wait for a writer for ever), or None."""
    try:
        mode = path.stat().st_mode  # through a symbolic link: what it points to
    except FileNotFoundError:
        if path.is_symlink():
            return f"a symbolic link to nothing (it points to {os.readlink(path)})"
        return "no such file"
    except OSError as e:
        return f"cannot read: {e.strerror or e}"
    if stat.S_ISDIR(mode):
        return "a folder, not a file (only YAML files are read here)"
    if not stat.S_ISREG(mode):
        return "not a regular file (a FIFO, a device or a socket): only files are read here"
    return None


def _not_utf8(data: bytes, e: UnicodeDecodeError, name: str, item_keys: tuple[str, ...]) -> CardError:
    start = e.start
    line_start = data.rfind(b"\n", 0, start) + 1
    line = data.count(b"\n", 0, start)
    column = len(data[line_start:start].decode("utf-8", errors="replace"))
    lines = data.decode("utf-8", errors="replace").split("\n")
    return CardError(f"byte 0x{data[start]:02x} is not UTF-8 text", Located(name, line + 1, column + 1,
                     item_at(lines, line, item_keys)), hint="save the file as UTF-8").with_source(lines)


def _size(n: int) -> str:
    return f"{n // (1 << 20)} MiB" if n % (1 << 20) == 0 else (f"{n // 1024} KiB" if n % 1024 == 0 else f"{n} bytes")


# ---- naming the item a line is in ---------------------------------------------------------------

_ITEM_START = re.compile(r"^(?P<indent>[ ]*)-[ ]+(?P<rest>.*)$")
_KEY_VALUE = re.compile(r"^(?P<key>[A-Za-z_][\w-]*)[ ]*:[ ]+(?P<value>.+?)[ ]*$")


def _indent(line: str) -> int:
    return len(line.expandtabs(8)) - len(line.expandtabs(8).lstrip())


def _blank(line: str) -> bool:
    s = line.strip()
    return not s or s.startswith("#")


def _label(rest: str, keys: tuple[str, ...]) -> str | None:
    """The value of ``key: value`` if ``key`` names items and the value is a plain or quoted word."""
    m = _KEY_VALUE.match(rest.strip())
    if m is None or m.group("key") not in keys:
        return None
    value = re.sub(r"[ ]+#.*$", "", m.group("value"))
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
        return value[1:-1]
    if value[0] in "[]{}&*!|>'\"%@`,#":
        return None  # not a simple name: a flow collection, an anchor, a block scalar...
    return value


def item_at(lines: list[str], line: int, keys: tuple[str, ...] = ITEM_KEYS) -> str | None:
    """The name of the innermost list item around 0-based ``line`` that has one of ``keys``.

    Works on raw lines, so it answers even when the text is not valid YAML: it walks up to the
    nearest ``- `` line indented less than everything between, then looks through that item
    for its naming key; an item without one (a group list) hands over to the item around it.
    """
    if not 0 <= line < len(lines):
        return None
    floor = _indent(lines[line]) + 1  # the line itself may start an item
    for i in range(line, -1, -1):
        text = lines[i]
        if _blank(text) or "\t" in text[: len(text) - len(text.lstrip())] and i != line:
            continue
        m = _ITEM_START.match(text)
        dash = len(m.group("indent")) if m else _indent(text)
        if m is not None and dash < floor:
            found = _item_label(lines, i, dash, keys)
            if found is not None:
                return found
        floor = min(floor, dash)
        if floor == 0:
            return None
    return None


def _item_label(lines: list[str], start: int, dash: int, keys: tuple[str, ...]) -> str | None:
    m = _ITEM_START.match(lines[start])
    assert m is not None
    found = _label(m.group("rest"), keys)
    if found is not None:
        return found
    field_indent = dash + 2
    for text in lines[start + 1:]:
        if _blank(text):
            continue
        ind = _indent(text)
        if ind <= dash:
            return None
        if ind == field_indent:
            found = _label(text, keys)
            if found is not None:
                return found
    return None


class Mark(Protocol):
    """Where a YAML node starts or ends (0-based), as PyYAML's marks and ``card_items.Spot`` say."""

    @property
    def line(self) -> int: ...
    @property
    def column(self) -> int: ...


class Placed(Protocol):
    """A YAML node as far as locating it goes: a composed node, or one read back (``card_items.Spot``)."""

    @property
    def start_mark(self) -> Mark: ...
    @property
    def end_mark(self) -> Mark: ...


def scalar_origin(lines: list[str], node: Placed) -> tuple[int, int]:
    """The 1-based file line where a scalar's text starts, and the indent YAML stripped from it
    (so positions inside an effect written as a YAML string point into the file)."""
    mark = node.start_mark
    if getattr(node, "style", None) in ("|", ">"):
        for ln in range(mark.line + 1, len(lines)):
            if lines[ln].strip():
                return ln + 1, len(lines[ln]) - len(lines[ln].lstrip())
        return mark.line + 2, 0
    quoted = 1 if getattr(node, "style", None) in ("'", '"') else 0
    return mark.line + 1, mark.column + quoted
