"""Where an effect's text sits in its card file, so that every node and error points at its line."""

from __future__ import annotations


from ..errors import Located
from . import ast as A
from ..values import value


@value
class Origin:
    """Where an effect text sits in its file: file line of its first line, and its indent."""

    file: str = "<effect>"
    item: str | None = None
    first_line: int = 1
    indent: int = 0

    def pos(self, line: int, col: int) -> A.Pos:
        return A.Pos(self.first_line + line - 1, col + self.indent)

    def at(self, line: int, col: int) -> Located:
        p = self.pos(line, col)
        return Located(self.file, p.line, p.col, self.item)
