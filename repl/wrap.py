"""Wrapping the REPL's output to the terminal's width, for every game: colour codes take no room."""

from __future__ import annotations

import re

_ESC = re.compile(r"\x1b\[[0-9;]*m")
_MARKER = re.compile(r"^(\s*)(\d+\.\s+|[-*]\s+)?")


def visible_len(text: str) -> int:
    return len(_ESC.sub("", text))


def fit(text: str, width: int) -> str:
    """Wrap every line longer than ``width`` at spaces, never inside a word; a continuation lines up
    under the text of a numbered or bulleted line, else 4 columns in. Colour codes take no room."""
    if width < 20:  # a terminal this narrow cannot be helped; leave lines whole
        return text
    return "\n".join(out for line in text.split("\n") for out in _wrap(line, width))


def _wrap(line: str, width: int) -> list[str]:
    if visible_len(line) <= width:
        return [line]
    m = _MARKER.match(line)
    assert m is not None
    hang = " " * min(len(m.group(0)) if m.group(2) else len(m.group(1)) + 4, width // 2)
    head, words = line[: len(m.group(0))], line[len(m.group(0)):].split(" ")
    lines, current = [], head
    for word in words:
        candidate = current + (" " if current.strip() and not current.endswith(" ") else "") + word
        if visible_len(candidate) > width and current.strip():
            lines.append(current.rstrip())
            current = hang + word
        else:
            current = candidate
    lines.append(current.rstrip())
    return lines
