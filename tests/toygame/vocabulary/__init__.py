"""High Card's vocabulary of the effect language (docs/language-internals.md): three words of its
own — a player chooses a player, a card goes from one hand to another, a player has more points —
its grammar (``effects.lark``), its node families (``hands.py``, ``points.py``: each node with its rules
and every pass's method) and its phrases; ``passes.py`` assembles the passes, ``nodes.py`` the nodes."""

from __future__ import annotations

from pathlib import Path

from cmdsl.lang.language import Language
from cmdsl.lang.vocabulary import Vocabulary

from . import nodes, passes

VOCABULARY = Vocabulary(
    name="highcard",
    grammar=lambda: (Path(__file__).parent / "effects.lark").read_text(encoding="utf-8"),
    nodes=nodes.NODES,
    to_ast=lambda: passes.HighCardToAst,  # a test game: Lark is imported with its passes
    checker=passes.HighCardChecker,
    compiler=passes.HighCardCompiler,
    unparser=passes.HighCardUnparser,
    writer=passes.HighCardWriter,
    bounds=passes.HighCardBounds,
)

#: The effect language of High Card's trick cards (T5). No parse tables are shipped: a test game's
#: grammar is analysed once per process.
LANGUAGE = Language(VOCABULARY)
