"""Die Macher's vocabulary of the effect language (DIEMACHER.md D8): the shadow cabinet's actions
on the board a card lies on (DM8.3), what they read of it, and `here`, that board, as the core
language's extension (docs/language-internals.md). The seven cabinet cards are written in it
(``cards/diemacher/cabinet.yaml``, read by ``cabinet.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....lang.language import Language
from ....lang.vocabulary import Vocabulary
from ....resources import package_file
from . import nodes
from .checker import CABINET_CARD, DieMacherChecker
from .compiler import DieMacherCompiler
from .render import DieMacherUnparser
from .text import DieMacherWriter
from .work import DieMacherBounds

if TYPE_CHECKING:
    from ....lang.to_ast import ToAst

GRAMMAR_FILE = "effects.lark"

__all__ = ["CABINET_CARD", "LANGUAGE", "VOCABULARY"]


def _to_ast() -> type[ToAst]:
    from .to_ast import DieMacherToAst  # Lark's: only when a text is parsed

    return DieMacherToAst


def _grammar() -> str:
    return str(package_file(__package__, GRAMMAR_FILE).read_text(encoding="utf-8"))


VOCABULARY = Vocabulary(
    name="diemacher",
    docs=("diemacher.md", "language.md"),  # its words first, then the core's
    grammar=_grammar,
    # No parse tables yet: the grammar is analysed once per process (seven short card texts).
    terminal_words={"UP_DOWN": "raise or lower", "PLACE_REMOVE": "place or remove"},
    nodes=nodes.NODES,
    to_ast=_to_ast,
    checker=DieMacherChecker,
    compiler=DieMacherCompiler,
    unparser=DieMacherUnparser,
    writer=DieMacherWriter,
    bounds=DieMacherBounds,
)

#: The effect language of Die Macher's shadow-cabinet cards.
LANGUAGE = Language(VOCABULARY)
