"""Effect text → AST, in one game's language: a text parsed before, at the same place, is read
from the language's kept parses (``parse_store.py``); any other is parsed by Lark
(``lark_parser.py``), whose LALR parser is loaded once per process, from the game's shipped tables.
"""

from __future__ import annotations

import re
from functools import cached_property
from typing import TYPE_CHECKING

from ..resources import grammar_text
from . import ast as A
from .grammar import Grammar
from ..memo import Memo
from .origin import Origin
from .parse_store import ParseStore, store_for
from .vocabulary import Vocabulary

if TYPE_CHECKING:
    from lark import Lark


class Parser:
    """One game's effect parser: the core grammar's, with the game's vocabulary's."""

    def __init__(self, vocabulary: Vocabulary) -> None:
        self.vocabulary = vocabulary

    @cached_property
    def grammar(self) -> Grammar:
        return Grammar(grammar_text(), self.vocabulary.grammar())

    @cached_property
    def parser(self) -> Lark:
        """The parser, once per language (``lark_parser``: Lark is imported on first use)."""
        from .lark_parser import lark_parser

        return lark_parser(self.vocabulary, self.grammar)

    @cached_property
    def store(self) -> ParseStore | None:
        """Where this language's parses are kept from one run to the next (``parse_store``); None
        when nothing is kept. Named by the grammar and by the source its trees are made by."""
        v = self.vocabulary
        return store_for(v.name, self.grammar.sha256, {A.__name__, *(n.__module__ for n in v.nodes)})

    @cached_property
    def keywords(self) -> frozenset[str]:
        """Every word of the language (for suggestions and completion)."""
        words: set[str] = set()
        for term in self.parser.terminals:
            pat = term.pattern
            if pat.type == "str" and re.fullmatch(r"[a-z]+", pat.value):
                words.add(pat.value)
            elif pat.type == "re":
                for alt in re.findall(r"[a-z]{2,}", pat.value):
                    if "|" in pat.value or pat.value.isalpha():
                        words.add(alt)
        return frozenset(words)

    def parse(self, text: str, origin: Origin = Origin(), memo: Memo | None = None) -> A.Program:
        """Parse one effect text into a ``Program``; raise a located ``CardError`` on bad syntax.
        With a ``memo``, a text parsed before is not parsed again (its tree has no position of
        the file in it: only the nodes built from it do). A text parsed with the same indent in an
        earlier run is read from the language's ``store`` (moved to its line)."""
        source = text if text.endswith("\n") else text + "\n"
        store, key = self.store, (source, origin.indent)
        kept = None if store is None else store.get(key, origin.first_line)
        if kept is not None:
            return kept
        from .lark_parser import parse_text  # Lark: only for a text not kept

        program = parse_text(self, source, origin, memo)
        if store is not None:
            store.put(key, origin.first_line, program)
        return program
