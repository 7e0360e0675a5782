"""Campaign Manager 2008's vocabulary of the effect language: its states, issues, supports,
sides, Breaking News and Media Support, as the core language's extension (docs/language.md)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from .english import effect_form, misreading
from ....lang.language import Language
from ....lang.vocabulary import Vocabulary
from ....resources import package_file
from . import nodes
from .checker import CampaignChecker
from .compiler import CampaignCompiler
from .render import CampaignUnparser
from .text import CampaignWriter
from .work import CampaignBounds

if TYPE_CHECKING:
    from ....lang.to_ast import ToAst

GRAMMAR_FILE = "effects.lark"
TABLES_FILE = "effects.tables.json"


def _to_ast() -> type[ToAst]:
    from .to_ast import CampaignToAst  # Lark's: only when a text is parsed

    return CampaignToAst


def _file(name: str) -> str:
    return str(package_file(__package__, name).read_text(encoding="utf-8"))


def _english_hint(line: str) -> str | None:
    """When the line is card text's English ("When you win a state:"), the line to write instead."""
    form = effect_form(line)
    if form is not None and form != line.strip():
        return f'the effect language writes this line "{form}"'
    return misreading(line)


VOCABULARY = Vocabulary(
    name="cm2008",
    grammar=lambda: _file(GRAMMAR_FILE),
    tables=lambda: _file(TABLES_FILE),
    tables_path=lambda: Path(str(package_file(__package__, TABLES_FILE))),
    terminal_words={"ISSUE": "economy or defense", "CANDIDATE": "mccain or obama", "STRING": 'a quoted name ("Ohio")'},
    english_hint=_english_hint,
    nodes=nodes.NODES,
    to_ast=_to_ast,
    checker=CampaignChecker,
    compiler=CampaignCompiler,
    unparser=CampaignUnparser,
    writer=CampaignWriter,
    bounds=CampaignBounds,
)

#: The effect language of Campaign Manager 2008's cards.
LANGUAGE = Language(VOCABULARY)
parse_effect = LANGUAGE.parse
