"""Racolage Électoral's vocabulary of the effect language (docs/racolage.md): notoriety, themes,
the two decks, hands, skipped turns, the permanent Actions of the bonus zones and the Privileges'
abilities, as the core language's extension (docs/language-internals.md)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ....lang.language import Language
from ....lang.vocabulary import Vocabulary
from ....resources import package_file
from . import nodes
from .checker import RacolageChecker
from .compiler import RacolageCompiler
from .render import RacolageUnparser
from .text import RacolageWriter
from .work import RacolageBounds

if TYPE_CHECKING:
    from ....lang.to_ast import ToAst

GRAMMAR_FILE = "effects.lark"
TABLES_FILE = "effects.tables.json"


def _to_ast() -> type[ToAst]:
    from .to_ast import RacolageToAst  # Lark's: only when a text is parsed

    return RacolageToAst


def _file(name: str) -> str:
    return str(package_file(__package__, name).read_text(encoding="utf-8"))


VOCABULARY = Vocabulary(
    name="racolage",
    docs=("racolage.md", "language.md"),  # its words first, then the core's
    grammar=lambda: _file(GRAMMAR_FILE),
    tables=lambda: _file(TABLES_FILE),
    tables_path=lambda: Path(str(package_file(__package__, TABLES_FILE))),
    terminal_words={"DECK": "media or action", "STRING": 'a quoted theme ("Economy")'},  # RA1.4
    nodes=nodes.NODES,
    to_ast=_to_ast,
    checker=RacolageChecker,
    compiler=RacolageCompiler,
    unparser=RacolageUnparser,
    writer=RacolageWriter,
    bounds=RacolageBounds,
)

#: The effect language of Racolage Électoral's Action cards.
LANGUAGE = Language(VOCABULARY)
