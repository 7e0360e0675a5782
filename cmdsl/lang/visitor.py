"""The shape of every pass over the effect AST: one method per node class, found by the class.

A pass (checker, compiler, unparser, rules text, work bound) subclasses ``Visitor`` and names the
*families* of methods it defines, each with the node classes it must handle: the compiler's
``expr`` family has ``expr_Num``, ``expr_Arith``… one per class of the ``Expr`` union.
``visit("expr", node)`` calls the method for the node's class, and raises ``UnhandledNode`` if
there is none: a new node class can never be skipped in silence (no ``return None`` for
"unknown"). ``tests/test_lang_passes.py`` checks that no pass lacks a method.
"""

from __future__ import annotations

from typing import Any, ClassVar, Iterable, Mapping

from . import ast as A

Family = tuple[type[A.Node], ...]


def family(nodes: Iterable[type[A.Node]], kind: type[A.Node]) -> Family:
    """The node classes of one kind (``A.Expr``, ``A.Cond``, ``A.Stmt``), in the order given."""
    return tuple(n for n in nodes if issubclass(n, kind))


#: The node classes of each kind, in the order ``ast.NODES`` lists them.
EXPRS: Family = family(A.NODES, A.Expr)
CONDS: Family = family(A.NODES, A.Cond)
STMTS: Family = family(A.NODES, A.Stmt)


class UnhandledNode(TypeError):
    """A pass met a node class it has no method for: a bug in cmdsl, never a card's fault."""


class Visitor:
    """Dispatch on the node's class to ``<family>_<ClassName>``."""

    #: Each family of methods this pass defines, with the node classes it must handle.
    families: ClassVar[Mapping[str, Family]] = {}

    def visit(self, family: str, node: A.Node, *args: Any, **kwargs: Any) -> Any:
        method = getattr(self, f"{family}_{type(node).__name__}", None)
        if method is None:
            raise UnhandledNode(f"{type(self).__name__} has no method {family}_{type(node).__name__} "
                                f"for {node!r}")
        return method(node, *args, **kwargs)

    @classmethod
    def missing(cls) -> list[str]:
        """The methods this pass should define and does not (the test asks for none)."""
        return [f"{family}_{node.__name__}" for family, nodes in cls.families.items() for node in nodes
                if not callable(getattr(cls, f"{family}_{node.__name__}", None))]
