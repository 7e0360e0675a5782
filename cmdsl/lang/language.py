"""One game's effect language: the core language with the game's vocabulary, from text to closures.

``parse`` → ``check`` (names, types, scopes, the work bound) → ``compile``; ``render`` writes a
tree back as effect text, ``rules_text`` as rules text in English or French. Each step is the
vocabulary's pass: the core's, with a method for each node class the game adds.
"""

from __future__ import annotations

from functools import cached_property

from . import ast as A
from .checker import Checked, Context, Names
from .compiler import Compiled
from .origin import Origin
from .parser import Parser
from .render import Unparser
from .text import NO_TERMS, Terms


class Language(Parser):
    """A game's effect language (its plug-in rules' ``language()``)."""

    def check(self, program: A.Program, names: Names, ctx: Context, origin: Origin = Origin()) -> Checked:
        return self.vocabulary.checker(names, ctx, origin).check(program)

    def compile(self, checked: Checked, item: str) -> Compiled:
        """A checked effect as closures; ``item``: its card's id, for the causes of what it does."""
        return self.vocabulary.compiler(item).effect(checked)

    @cached_property
    def render(self) -> Unparser:
        """Trees back to effect text (one is enough: it keeps nothing)."""
        return self.vocabulary.unparser()

    def rules_text(self, program: A.Program, kind: str = "card", lang: str = "en", terms: Terms = NO_TERMS) -> str:
        return self.vocabulary.writer.rules_text(program, kind, lang, terms)
