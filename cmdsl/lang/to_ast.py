"""Lark's parse tree → the effect's ``ast`` nodes, each carrying its position in the card file
(``parser.py`` parses; this builds)."""

from __future__ import annotations

import dataclasses
from typing import Any, Callable

from lark import Token, Transformer, Tree, ast_utils, v_args
from lark.tree import Meta

from . import ast as A
from .origin import Origin


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


def _body(items: list[Any]) -> tuple[Any, ...]:
    return tuple(i for i in items if isinstance(i, A.Node))


class _Unbound:
    """A method ``create_transformer`` binds to nothing, so it can go on ``ToAst`` itself (made once
    per process, not once per parse)."""

    def __init__(self, method: Any) -> None:
        self.method = method

    def __get__(self, obj: Any, owner: Any = None) -> Any:
        return self.method


def _building(inline: bool, meta: bool) -> Callable[[type[A.Node]], Any]:
    """How ``ast_utils.create_transformer`` makes the method of a ``Built`` class: its parts, in
    order, and its position in the card file."""
    def method_for(cls: type[A.Node]) -> Any:
        def build(self: "ToAst", meta: Any, children: list[Any]) -> A.Node:
            return cls(*children, pos=self._p(meta))
        return _Unbound(v_args(meta=True)(build))
    return method_for


@v_args(meta=True)
class ExprAst(Transformer[Token, Any]):
    """Lark tree → ``ast`` nodes carrying file positions: the program and expressions."""

    def __init__(self, origin: Origin) -> None:
        super().__init__()
        self.o = origin

    def _p(self, meta: Any) -> A.Pos:
        return self.o.pos(meta.line, meta.column) if not meta.empty else A.NOWHERE

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

    def issue(self, meta: Meta, c: list[Any]) -> A.IssueLit:
        return A.IssueLit(str(c[0]), pos=self._tok(c[0]))

    def candidate(self, meta: Meta, c: list[Any]) -> A.PlayerRef:
        return A.PlayerRef(A.Who(str(c[0])), pos=self._tok(c[0]))

    def you(self, meta: Meta, c: list[Any]) -> A.PlayerRef:
        return A.PlayerRef(A.Who.YOU, pos=self._p(meta))

    def opponent(self, meta: Meta, c: list[Any]) -> A.PlayerRef:
        return A.PlayerRef(A.Who.OPPONENT, pos=self._p(meta))

    def active_player(self, meta: Meta, c: list[Any]) -> A.PlayerRef:
        return A.PlayerRef(A.Who.ACTIVE, pos=self._p(meta))

    def majority_of(self, meta: Meta, c: list[Any]) -> A.Of:
        return A.Of(A.Prop.MAJORITY, c[0], pos=self._p(meta))

    def minority_of(self, meta: Meta, c: list[Any]) -> A.Of:
        return A.Of(A.Prop.MINORITY, c[0], pos=self._p(meta))

    def key_of(self, meta: Meta, c: list[Any]) -> A.Of:
        return A.Of(A.Prop.KEY, c[0], pos=self._p(meta))

    def votes_of(self, meta: Meta, c: list[Any]) -> A.Of:
        return A.Of(A.Prop.VOTES, c[0], pos=self._p(meta))

    def score_of(self, meta: Meta, c: list[Any]) -> A.Of:
        return A.Of(A.Prop.SCORE, c[0], pos=self._p(meta))

    def hand_size_of(self, meta: Meta, c: list[Any]) -> A.Of:
        return A.Of(A.Prop.HAND_SIZE, c[0], pos=self._p(meta))

    def deck_size_of(self, meta: Meta, c: list[Any]) -> A.Of:
        return A.Of(A.Prop.DECK_SIZE, c[0], pos=self._p(meta))

    def discard_size_of(self, meta: Meta, c: list[Any]) -> A.Of:
        return A.Of(A.Prop.DISCARD_SIZE, c[0], pos=self._p(meta))

    def undecided_blocks(self, meta: Meta, c: list[Any]) -> A.RowCount:
        return A.RowCount("undecided", c[0], c[1], pos=self._p(meta))

    def row_length(self, meta: Meta, c: list[Any]) -> A.RowCount:
        return A.RowCount("all", c[0], c[1], pos=self._p(meta))

    def best(self, meta: Meta, c: list[Any]) -> Any:
        return dataclasses.replace(c[0], pos=self._p(meta))

    def with_most(self, meta: Meta, c: list[Any]) -> A.Best:
        return A.Best(str(c[0]) == "most", c[1], pos=self._p(meta))

    # a measure names what is read from each state; the state itself is ``It``
    def m_votes(self, meta: Meta, c: list[Any]) -> A.Of:
        return A.Of(A.Prop.VOTES, A.It(pos=self._p(meta)), pos=self._p(meta))

    def m_blocks_of(self, meta: Meta, c: list[Any]) -> A.BlocksOf:
        return A.BlocksOf(c[0], c[1], A.It(pos=self._p(meta)), pos=self._p(meta))

    def m_undecided(self, meta: Meta, c: list[Any]) -> A.RowCount:
        return A.RowCount("undecided", c[0], A.It(pos=self._p(meta)), pos=self._p(meta))

    def m_row(self, meta: Meta, c: list[Any]) -> A.RowCount:
        return A.RowCount("all", c[0], A.It(pos=self._p(meta)), pos=self._p(meta))

    def news_state(self, meta: Meta, c: list[Any]) -> A.NewsState:
        return A.NewsState(pos=self._p(meta))

    def arith(self, meta: Meta, c: list[Any]) -> A.Arith:
        return A.Arith(str(c[1]), c[0], c[2], pos=self._p(meta))

    def _tok(self, tok: Token) -> A.Pos:
        return self.o.pos(tok.line or 1, tok.column or 1)


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

    def media_in_play(self, meta: Meta, c: list[Any]) -> A.MediaInPlay:
        return A.MediaInPlay(None, pos=self._p(meta))

    def has_media(self, meta: Meta, c: list[Any]) -> A.MediaInPlay:
        return A.MediaInPlay(c[0], pos=self._p(meta))

    def is_in_play(self, meta: Meta, c: list[Any]) -> A.StateIs:
        return A.StateIs(c[0], "in_play", None, pos=self._p(meta))

    def is_won(self, meta: Meta, c: list[Any]) -> A.StateIs:
        return A.StateIs(c[0], "won", None, pos=self._p(meta))

    def is_won_by(self, meta: Meta, c: list[Any]) -> A.StateIs:
        return A.StateIs(c[0], "won", c[1], pos=self._p(meta))

    def and_(self, meta: Meta, c: list[Any]) -> A.And:
        return A.And(c[0], c[1], pos=self._p(meta))

    def or_(self, meta: Meta, c: list[Any]) -> A.Or:
        return A.Or(c[0], c[1], pos=self._p(meta))

    def not_(self, meta: Meta, c: list[Any]) -> A.Not:
        return A.Not(c[0], pos=self._p(meta))

    def where(self, meta: Meta, c: list[Any]) -> tuple[Any, ...]:
        return ("where", c[0])


@v_args(meta=True)
class ToAst(CondAst):
    """Lark tree → ``ast`` nodes carrying file positions. ``Built`` nodes are made by Lark's
    ``ast_utils`` (one rule per class, no method here); the methods below build the statements,
    ``ExprAst`` and ``CondAst`` the rest."""

    # simple statements (gain, shift, draw… are ``Built``: see ``_building``)
    def discard_any(self, meta: Meta, c: list[Any]) -> A.DiscardAny:
        return A.DiscardAny(str(c[0]), pos=self._p(meta))

    def choose_state(self, meta: Meta, c: list[Any]) -> A.ChooseState:
        different = any(isinstance(x, Token) and x.type == "DIFFERENT" for x in c)
        name = next(str(x) for x in c if isinstance(x, Token) and x.type == "VAR")
        where = next((x[1] for x in c if isinstance(x, tuple)), None)
        best = next((x for x in c if isinstance(x, A.Best)), None)
        return A.ChooseState(name, where, different, best, pos=self._p(meta))

    def choose_issue(self, meta: Meta, c: list[Any]) -> A.ChooseIssue:
        return A.ChooseIssue(str(c[0]), pos=self._p(meta))

    def choose_card(self, meta: Meta, c: list[Any]) -> A.ChooseCard:
        return A.ChooseCard(str(c[0]), pos=self._p(meta))

    def play_card(self, meta: Meta, c: list[Any]) -> A.PlayCard:
        return A.PlayCard(str(c[0]), pos=self._p(meta))

    def discard_card(self, meta: Meta, c: list[Any]) -> A.DiscardCard:
        return A.DiscardCard(str(c[0]), pos=self._p(meta))

    def news_target(self, meta: Meta, c: list[Any]) -> Any:
        return c[0]

    def news_chosen_by(self, meta: Meta, c: list[Any]) -> A.NewsTarget:
        return A.NewsTarget(c[0], None, pos=self._p(meta))

    def news_state_is(self, meta: Meta, c: list[Any]) -> A.NewsTarget:
        return A.NewsTarget(None, c[0], pos=self._p(meta))

    # triggered abilities
    def when_won(self, meta: Meta, c: list[Any]) -> A.Trigger:
        player = c[0] if c and isinstance(c[0], A.PlayerRef) else None
        return A.Trigger("won", player, _body(c[1:] if player is not None else c), pos=self._p(meta))

    def when_news(self, meta: Meta, c: list[Any]) -> A.Trigger:
        return A.Trigger("news", None, _body(c), pos=self._p(meta))

    def when_negative(self, meta: Meta, c: list[Any]) -> A.Trigger:
        return A.Trigger("negative", c[0], _body(c[1:]), pos=self._p(meta))

    def at_end_of_turn(self, meta: Meta, c: list[Any]) -> A.Trigger:
        player = c[0] if isinstance(c[0], A.PlayerRef) else None  # None: `each turn`
        return A.Trigger("end_turn", player, _body(c[1:]), pos=self._p(meta))

    def each_turn(self, meta: Meta, c: list[Any]) -> Any:
        return "each"

    # compound statements
    def if_stmt(self, meta: Meta, c: list[Any]) -> A.If:
        otherwise: tuple[Any, ...] = ()
        if c and isinstance(c[-1], tuple) and c[-1] and c[-1][0] == "else":
            otherwise = c[-1][1]
            c = c[:-1]
        return A.If(c[0], _body(c[1:]), otherwise, pos=self._p(meta))

    def else_block(self, meta: Meta, c: list[Any]) -> tuple[Any, ...]:
        return ("else", _body(c))

    def for_each(self, meta: Meta, c: list[Any]) -> A.ForEach:
        where = next((x[1] for x in c if isinstance(x, tuple)), None)
        return A.ForEach(str(c[0]), where, _body(c[1:]), pos=self._p(meta))

    def repeat(self, meta: Meta, c: list[Any]) -> A.Repeat:
        return A.Repeat(c[0], _body(c[1:]), pos=self._p(meta))

    def as_player(self, meta: Meta, c: list[Any]) -> A.As:
        return A.As(c[0], _body(c[1:]), pos=self._p(meta))

    def choose_one(self, meta: Meta, c: list[Any]) -> A.ChooseOne:
        return A.ChooseOne(tuple(x for x in c if isinstance(x, tuple)), pos=self._p(meta))

    def option(self, meta: Meta, c: list[Any]) -> Any:
        return _body(c)

    def while_in_play(self, meta: Meta, c: list[Any]) -> A.WhileInPlay:
        return A.WhileInPlay(_body(c), pos=self._p(meta))


class _Methods:
    """Where ``create_transformer`` puts the ``Built`` classes' methods, to be moved onto ``ToAst``."""


for _rule, _method in vars(ast_utils.create_transformer(A, _Methods(), decorator_factory=_building)).items():  # type: ignore[arg-type]
    setattr(ToAst, _rule, _method)
