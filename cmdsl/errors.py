"""Errors meant for people: located, with the offending line, a caret and a suggestion."""

from __future__ import annotations

from pathlib import Path
from typing import Iterable, Self
from .values import value


def shown_path(p: "Path") -> str:
    """A file's name as errors show it: relative to the current directory when it is inside it."""
    try:
        # the folder resolved, the name kept: a symbolic link is shown by its own name
        return str((p.parent.resolve() / p.name).relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(p)


def did_you_mean(word: str, known: Iterable[str]) -> str | None:
    """The nearest known name to ``word``, compared without case, or None."""
    import difflib  # only to say what was wrong: not at every start

    known = list(known)
    by_lower = {k.lower(): k for k in known}
    close = difflib.get_close_matches(word.lower(), list(by_lower), n=1, cutoff=0.6)
    return by_lower[close[0]] if close else None


@value
class Located:
    """Where a problem is: a file, the item (card id) inside it, a 1-based line and column."""

    file: str
    line: int = 0
    col: int = 0
    item: str | None = None


class CmdslError(Exception):
    """Base of every error that is shown to a user instead of a traceback."""


class CardError(CmdslError):
    """One problem in a card file (or an effect snippet), with its location."""

    def __init__(
        self,
        message: str,
        where: Located,
        source_line: str | None = None,
        hint: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.where = where
        self.source_line = source_line
        self.hint = hint

    def with_source(self, lines: list[str]) -> Self:
        """Attach the text of the offending line, if it is known and not yet attached."""
        if self.source_line is None and 1 <= self.where.line <= len(lines):
            return type(self)(self.message, self.where, lines[self.where.line - 1], self.hint)
        return self

    def __str__(self) -> str:
        w = self.where
        head = w.file
        if w.line:
            head += f":{w.line}:{w.col}" if w.col else f":{w.line}"
        if w.item:
            head += f": {w.item}"
        out = [f"{head}: {self.message}"]
        if self.source_line is not None:
            line, col = _window(self.source_line.rstrip("\n"), w.col)
            out.append("    " + line)
            if col:
                # Tabs keep their width so the caret lands under the right character.
                pad = "".join(c if c == "\t" else " " for c in line[: col - 1])
                out.append("    " + pad + "^")
        if self.hint:
            out.append(f"  {self.hint}")
        return "\n".join(out)


#: A source line longer than this is shown as a window around the column (a minified or hostile
#: file can have a line of megabytes).
MAX_SHOWN_LINE = 100


def _window(line: str, col: int) -> tuple[str, int]:
    """``line`` cut to at most ``MAX_SHOWN_LINE`` characters around ``col``, and the column in it."""
    if len(line) <= MAX_SHOWN_LINE:
        return line, col
    start = max(0, min(col - 1 - MAX_SHOWN_LINE // 2, len(line) - MAX_SHOWN_LINE))
    shown = line[start:start + MAX_SHOWN_LINE]
    head, tail = ("…" if start else ""), ("…" if start + MAX_SHOWN_LINE < len(line) else "")
    return head + shown + tail, (col - start + len(head)) if col else 0


class CardSetError(CmdslError):
    """Every problem found while loading a card set; nothing of the set is loaded."""

    def __init__(self, errors: list[CardError]) -> None:
        self.errors = errors
        super().__init__(f"{len(errors)} error(s)")

    def __str__(self) -> str:
        n = len(self.errors)
        return "\n\n".join(str(e) for e in self.errors) + f"\n\n{n} error{'s' if n != 1 else ''}."


class IllegalAnswer(CmdslError):
    """An answer that is not one of the pending decision's options; nothing changed."""


class RecordError(CmdslError):
    """A saved game record that cannot be read or does not fit the card set."""
