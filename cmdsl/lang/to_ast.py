"""Lark's parse tree → the effect's ``ast`` nodes, each carrying its position in the card file
(``parser.py`` parses; this builds)."""

from __future__ import annotations

import re
from types import ModuleType
from typing import Any, ClassVar

from lark import Token, Transformer, Tree, v_args
from lark.tree import Meta

from . import ast as A
from .origin import Origin
from .tree_rules import TreeRules, body as _body


def start_of(node: Tree[Token]) -> tuple[int, int]:
    """The line and column where ``node`` starts (its first token; Lark's meta may be empty)."""
    if not node.meta.empty:
        return node.meta.line, node.meta.column
    while node.children:  # down the first children to a token, without recursion
        first = node.children[0]
        if isinstance(first, Token):
            return first.line or 1, first.column or 1
        node = first
    return 1, 1


def _built_method(cls: type[A.Node]) -> Any:
    """The transformer method of a ``Built`` class: its rule's parts, in order, and its position in
    the card file."""
    def build(self: "ToAst", meta: Any, children: list[Any]) -> A.Node:
        return cls(*children, pos=self._p(meta))
    return v_args(meta=True)(build)


@v_args(meta=True)
class ExprAst(TreeRules, Transformer[Token, Any]):
    """Lark tree → ``ast`` nodes carrying file positions: the program and expressions."""

    def __init__(self, origin: Origin) -> None:
        super().__init__()
        self.o = origin

    # program and blocks
    def start(self, meta: Meta, items: list[Any]) -> A.Program:
        return A.Program(_body(items), pos=self._p(meta))

    # expressions
    def number(self, meta: Meta, c: list[Any]) -> A.Num:
        return A.Num(int(c[0]), pos=self._tok(c[0]))

    def string(self, meta: Meta, c: list[Any]) -> A.Str:
        return A.Str(str(c[0])[1:-1], pos=self._tok(c[0]))

    def var(self, meta: Meta, c: list[Any]) -> A.Var:
        return A.Var(str(c[0]), pos=self._tok(c[0]))

    def you(self, meta: Meta, c: list[Any]) -> A.PlayerRef:
        return A.PlayerRef(A.Who.YOU, pos=self._p(meta))

    def active_player(self, meta: Meta, c: list[Any]) -> A.PlayerRef:
        return A.PlayerRef(A.Who.ACTIVE, pos=self._p(meta))

    def them(self, meta: Meta, c: list[Any]) -> A.Them:
        return A.Them(pos=self._p(meta))

    def best_player(self, meta: Meta, c: list[Any]) -> A.BestPlayer:
        return A.BestPlayer(str(c[0]) == "most", c[1], pos=self._p(meta))

    def chosen_player(self, meta: Meta, c: list[Any]) -> A.ChosenPlayer:
        return A.ChosenPlayer(c[0], False, pos=self._p(meta))

    def another_player(self, meta: Meta, c: list[Any]) -> A.ChosenPlayer:
        return A.ChosenPlayer(c[0], True, pos=self._p(meta))

    def arith(self, meta: Meta, c: list[Any]) -> A.Arith:
        return A.Arith(str(c[1]), c[0], c[2], pos=self._p(meta))


@v_args(meta=True)
class CondAst(ExprAst):
    """Lark tree → ``ast`` nodes: conditions."""

    # conditions
    def is_(self, meta: Meta, c: list[Any]) -> A.Compare:
        return A.Compare("=", c[0], c[1], pos=self._p(meta))

    def is_not(self, meta: Meta, c: list[Any]) -> A.Compare:
        return A.Compare("!=", c[0], c[1], pos=self._p(meta))

    def compare(self, meta: Meta, c: list[Any]) -> A.Compare:
        return A.Compare(str(c[1]), c[0], c[2], pos=self._p(meta))

    def and_(self, meta: Meta, c: list[Any]) -> A.And:
        return A.And(c[0], c[1], pos=self._p(meta))

    def or_(self, meta: Meta, c: list[Any]) -> A.Or:
        return A.Or(c[0], c[1], pos=self._p(meta))

    def not_(self, meta: Meta, c: list[Any]) -> A.Not:
        return A.Not(c[0], pos=self._p(meta))


@v_args(meta=True)
class ToAst(CondAst):
    """Lark tree → ``ast`` nodes carrying file positions. ``Built`` nodes are made by
    ``add_built_methods`` (one rule per class, no method here); the methods below build the statements,
    ``ExprAst`` and ``CondAst`` the rest."""

    #: the vocabulary's classes of rules it was given (``add_rules``)
    rule_parts: ClassVar[tuple[type[TreeRules], ...]] = ()

    # compound statements
    def if_stmt(self, meta: Meta, c: list[Any]) -> A.If:
        otherwise: tuple[Any, ...] = ()
        if c and isinstance(c[-1], tuple) and c[-1] and c[-1][0] == "else":
            otherwise = c[-1][1]
            c = c[:-1]
        return A.If(c[0], _body(c[1:]), otherwise, pos=self._p(meta))

    def else_block(self, meta: Meta, c: list[Any]) -> tuple[Any, ...]:
        return ("else", _body(c))

    def repeat(self, meta: Meta, c: list[Any]) -> A.Repeat:
        return A.Repeat(c[0], _body(c[1:]), pos=self._p(meta))

    def for_each_player(self, meta: Meta, c: list[Any]) -> A.ForEachPlayer:
        return A.ForEachPlayer(str(c[0]), _body(c[1:]), pos=self._p(meta))

    def as_player(self, meta: Meta, c: list[Any]) -> A.As:
        return A.As(c[0], _body(c[1:]), pos=self._p(meta))

    def choose_one(self, meta: Meta, c: list[Any]) -> A.ChooseOne:
        return A.ChooseOne(tuple(x for x in c if isinstance(x, tuple)), pos=self._p(meta))

    def option(self, meta: Meta, c: list[Any]) -> Any:
        return _body(c)

    def while_in_play(self, meta: Meta, c: list[Any]) -> A.WhileInPlay:
        return A.WhileInPlay(_body(c), pos=self._p(meta))

    def at_end_of_turn(self, meta: Meta, c: list[Any]) -> A.Trigger:
        player = c[0] if isinstance(c[0], A.Expr) else None  # None: `each turn`
        return A.Trigger(A.END_TURN, player, _body(c[1:]), pos=self._p(meta))

    def each_turn(self, meta: Meta, c: list[Any]) -> Any:
        return "each"


def add_rules(transformer: type[ToAst], *parts: type[TreeRules]) -> None:
    """Give ``transformer`` the rule methods of ``parts`` (a vocabulary's, each beside its nodes and
    written without Lark) as its own: Lark passes a rule's meta only to a method declared so
    (``v_args``), and skips a method a class inherits. A rule two parts define is an error."""
    seen: dict[str, str] = {}
    transformer.rule_parts = (*transformer.rule_parts, *parts)
    for part in parts:
        for name, method in vars(part).items():
            if name.startswith("_") or not callable(method):
                continue
            if name in seen:
                raise TypeError(f"the rule {name!r} has two methods: {seen[name]}'s and {part.__qualname__}'s")
            seen[name] = part.__qualname__
            setattr(transformer, name, v_args(meta=True)(method))


_CAMEL = re.compile(r"(?<!^)(?=[A-Z])")


def add_built_methods(transformer: type[ToAst], nodes: ModuleType) -> None:
    """Give ``transformer`` the method of each ``Built`` class of the module ``nodes`` (the core's,
    or a game vocabulary's), under the name of its rule (Lark's ``ast_utils.create_transformer``
    does this for its own ``Ast`` class: ours is not Lark's, so that the nodes load without Lark)."""
    for name, cls in vars(nodes).items():
        if not name.startswith("_") and isinstance(cls, type) and issubclass(cls, A.Built) and issubclass(cls, A.Node):
            setattr(transformer, _CAMEL.sub("_", name).lower(), _built_method(cls))


add_built_methods(ToAst, A)
