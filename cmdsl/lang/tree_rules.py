"""A grammar rule's parse tree → its node, written without Lark: the base of a vocabulary's rule
methods (docs/language-internals.md). A vocabulary keeps each statement's rules beside its node and
its passes, in a subclass of ``TreeRules``; ``to_ast.add_rules`` makes them methods of its tree
builder (Lark's ``Transformer``), which is imported only when a text is parsed."""

from __future__ import annotations

from typing import Any

from . import ast as A
from .origin import Origin


def body(items: list[Any]) -> tuple[Any, ...]:
    """A block's statements, among a rule's parts."""
    return tuple(i for i in items if isinstance(i, A.Node))


class TreeRules:
    """Where a node stands in its card file, from Lark's meta or a token (duck-typed: no Lark here)."""

    o: Origin

    def _p(self, meta: Any) -> A.Pos:
        return self.o.pos(meta.line, meta.column) if not meta.empty else A.NOWHERE

    def _tok(self, tok: Any) -> A.Pos:
        return self.o.pos(tok.line or 1, tok.column or 1)
