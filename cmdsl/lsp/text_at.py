"""What is at a place in a YAML file, read from its lines alone (a buffer being typed in need not
be valid YAML): the effect block around a line, the word or quoted name under a column.

Lines and columns here are 0-based and count characters (code points); the server converts the
editor's units (UTF-16 by default) at its edge.
"""

from __future__ import annotations

import re
from typing import Sequence
from ..values import value

#: A key `effect:` (or a list item's) whose value is a block scalar: `effect: |`, `- effect: >-`…
_EFFECT_KEY = re.compile(r"^(?P<lead>\s*(?:-\s+)?)effect\s*:\s*[|>][-+0-9]*\s*(?:#.*)?$")
#: The characters of a word of an effect, a card id or a YAML key.
_WORD = re.compile(r"[A-Za-z0-9_'-]+")
#: What a problem underlines: a word, with the parts of an option id after it (`play:A44`), or a
#: quoted name or YAML scalar ("Ohio", 'state:ohio').
_SPANNED = re.compile(r'"[^"\n]*"?|\'[^\'\n]*\'|[A-Za-z0-9_\'-]+(?::[A-Za-z0-9_-]+)*')


@value
class EffectBlock:
    """An effect's text in its file: ``lines`` from file line ``first``, indented by ``indent``."""

    first: int
    indent: int
    lines: tuple[str, ...]

    def text_before(self, line: int, col: int) -> str:
        """The effect's text from its start to (``line``, ``col``) of the file, without its indent."""
        upto = [*self.lines[: line - self.first], self.lines[line - self.first][:col]]
        return "\n".join(ln[self.indent:] if ln[: self.indent].strip() == "" else ln.lstrip() for ln in upto)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def effect_at(lines: Sequence[str], line: int) -> EffectBlock | None:
    """The effect block whose text holds ``line``, or None (the line is elsewhere in the file)."""
    if not 0 <= line < len(lines):
        return None
    # The nearest effect key above is the only one whose block may hold the line: blocks do not nest.
    for head in range(line - 1, -1, -1):
        match = _EFFECT_KEY.match(lines[head])
        if match is None:
            continue
        key_column = len(match.group("lead"))
        body = _block_lines(lines, head + 1, key_column)
        # A blank line after the block's text is in it only when indented past the key (a new line
        # of the effect being typed), else it is the blank line between two cards.
        within = line < head + 1 + len(body) and (
            any(ln.strip() for ln in body[line - head - 1:]) or len(lines[line]) > key_column)
        if not within:
            return None
        indents = [_indent(ln) for ln in body if ln.strip()]
        return EffectBlock(head + 1, indents[0] if indents else key_column + 2, tuple(body))
    return None


def _block_lines(lines: Sequence[str], start: int, key_column: int) -> list[str]:
    """A block scalar's lines from ``start``: blank ones, and those indented past its key (the
    blank lines after its text too)."""
    end = start
    while end < len(lines) and (not lines[end].strip() or _indent(lines[end]) > key_column):
        end += 1
    return list(lines[start:end])


@value
class Span:
    """A piece of one line: columns ``start`` to ``end`` (exclusive), and its text."""

    line: int
    start: int
    end: int
    text: str


def word_at(lines: Sequence[str], line: int, col: int) -> Span | None:
    """The word (letters, digits, ``_``, ``'``, ``-``) at or just before ``col``."""
    if not 0 <= line < len(lines):
        return None
    for m in _WORD.finditer(lines[line]):
        if m.start() <= col <= m.end():
            return Span(line, m.start(), m.end(), m.group())
    return None


def quoted_at(lines: Sequence[str], line: int, col: int) -> Span | None:
    """The double-quoted name around ``col`` (its text without the quotes; the span with them)."""
    if not 0 <= line < len(lines):
        return None
    for m in re.finditer(r'"([^"\n]*)"?', lines[line]):
        if m.start() < col <= m.end() or (m.start() == col and col < len(lines[line])):
            return Span(line, m.start(), m.end(), m.group(1))
    return None


def in_open_quote(before: str) -> bool:
    """Whether the text before a column, on its line, ends inside a quoted name."""
    return before.split("\n")[-1].count('"') % 2 == 1


def problem_span(lines: Sequence[str], line: int, col: int) -> tuple[int, int, int]:
    """The columns an error at (1-based) ``line``:``col`` underlines: the word or quoted name that
    starts there, one character where none does, the whole line where no column is known."""
    if not 1 <= line <= len(lines):
        return 0, 0, 0
    text = lines[line - 1]
    if col <= 0:
        start = len(text) - len(text.lstrip())
        return line - 1, start, max(len(text.rstrip()), start)
    at = col - 1
    found = _SPANNED.match(text, at)
    if found is not None:
        return line - 1, at, found.end()
    return line - 1, min(at, len(text)), min(at + 1, len(text))
