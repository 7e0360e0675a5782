"""What a game adds to the core effect language: its vocabulary (docs/language-internals.md).

A game declares one ``Vocabulary`` and hands it to the registry (its plug-in rules' ``language()``, as a
``Language``); the language itself names no game. The vocabulary's grammar extends the core's
(``cmdsl.lang.grammar``).
"""

from __future__ import annotations

from dataclasses import field
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Callable, Mapping

from .ast import Node
from .checker import Checker
from .compiler import Compiler
from .render import Unparser
from .text import Writer
from .work import Bounds
from ..values import value

if TYPE_CHECKING:
    from .to_ast import ToAst


def core_to_ast() -> type[ToAst]:
    """The core's tree builder (it imports Lark: only when a text is parsed)."""
    from .to_ast import ToAst

    return ToAst


@value
class Vocabulary:
    """One game's words for effects."""

    name: str  # the game's, as the registry names it
    #: the text of its grammar, which extends the core's rules by name (``%extend``)
    grammar: Callable[[], str]
    #: its node classes (``cmdsl.lang.ast.Expr``, ``Cond`` and ``Stmt`` subclasses)
    nodes: tuple[type[Node], ...] = ()
    #: Its passes: each the core's, with a method per node class it adds (docs/language-internals.md).
    #: how its parse trees become nodes (a method per rule it adds): a function that imports and
    #: returns its ``ToAst`` class, called when a text is first parsed (the class is Lark's
    #: ``Transformer``; a set whose parses are all kept is read without importing Lark)
    to_ast: Callable[[], type[ToAst]] = core_to_ast
    checker: type[Checker] = Checker
    compiler: type[Compiler] = Compiler
    unparser: type[Unparser] = Unparser
    writer: type[Writer] = Writer  # rules text, English and French
    bounds: type[Bounds] = Bounds  # the work bound
    #: its generated parse tables (``python -m cmdsl.lang.tables``); raises ``OSError`` when there
    #: are none. None: the grammar is analysed once per process (the test game's is small)
    tables: Callable[[], str] | None = None
    #: where ``python -m cmdsl.lang.tables`` writes them (a path in a source checkout)
    tables_path: Callable[[], Path] | None = None
    #: how a parse error names each terminal it adds that is not a plain keyword
    #: (``"SUIT": "hearts or spades"``)
    terminal_words: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    #: for a line that does not parse: the line to write instead, when the line reads as the
    #: game's card text in English (None: no such hint)
    english_hint: Callable[[str], str | None] | None = None
    #: the pages of docs/ that show its words, first to last (an editor's hover quotes their lines);
    #: the core's words are in language.md
    docs: tuple[str, ...] = ("language.md",)

    def __post_init__(self) -> None:
        if isinstance(self.to_ast, type):
            raise TypeError(f"vocabulary {self.name!r}: to_ast is a function that returns the tree builder's "
                            f"class (lambda: {self.to_ast.__name__}), not the class")
        # A pass that uses another must use the vocabulary's: the checker its work bound, the
        # compiler its rules text (for labels and prompts).
        if self.checker.bounds is not self.bounds:
            raise TypeError(f"vocabulary {self.name!r}: its checker's bounds must be its work bound "
                            f"({self.checker.__name__}.bounds = {self.bounds.__name__})")
        if self.compiler.writer is not self.writer:
            raise TypeError(f"vocabulary {self.name!r}: its compiler's writer must be its rules text "
                            f"({self.compiler.__name__}.writer = {self.writer.__name__})")
