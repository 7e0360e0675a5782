"""Checked expressions and conditions → closures (compiler.py compiles statements and abilities
on top of these): an expression becomes ``f(run) -> value``, a condition ``f(run) -> bool``."""

from __future__ import annotations

import operator
from typing import Any, Callable

from . import ast as A
from .ops import Steps
from .run import Run
from .visitor import Visitor

Value = Callable[[Run[Any]], Any]
Step = Callable[[Run[Any]], Steps]

_CMP = {"=": operator.eq, "!=": operator.ne, "<": operator.lt, ">": operator.gt,
        "<=": operator.le, ">=": operator.ge}

# Values read off the run itself: attribute getters, which Python calls without a frame of their
# own (cheaper than a lambda, for reads made on every statement).
_THE_ACTOR: Value = operator.attrgetter("actor")
_THE_ACTIVE: Value = operator.attrgetter("ops.active")
THE_IT: Value = operator.attrgetter("it")  # `them`, a game's `it`

#: ``ExprCompiler.constant``'s answer for an expression read from the position when the effect runs.
NOT_CONSTANT: Any = object()


class ExprCompiler(Visitor):
    """Compiles the expressions and conditions of one item's effect (``item``: its id, for causes)."""

    def __init__(self, item: str) -> None:
        self.item = item  # the card id, for events' causes
        self._ids = 0
        self._best_keys: dict[int, str] = {}

    def cause(self, node: A.Node) -> str:
        return f"{self.item}:{node.pos.line}"

    # ---- expressions -----------------------------------------------------------

    def expr(self, e: A.Expr) -> Value:
        value: Value = self.visit("expr", e)
        return value

    def constant(self, e: A.Expr) -> Any:
        """The value of ``e`` where it is the same at every run (a number…; a game adds its own
        literals), so a closure can hold it instead of calling one; else ``NOT_CONSTANT``."""
        return e.value if isinstance(e, A.Num) else NOT_CONSTANT

    def expr_Num(self, e: A.Num) -> Value:
        v = e.value
        return lambda r: v

    def expr_Str(self, e: A.Str) -> Value:
        raise TypeError(f"cannot compile {e!r}: the compiler takes checked trees, where quoted names are resolved")

    def expr_Var(self, e: A.Var) -> Value:
        n = e.name
        return lambda r: r.vars.get(n)

    def expr_PlayerRef(self, e: A.PlayerRef) -> Value:
        return self.player(e)

    def best_key(self, e: A.Node) -> str:
        # Not a variable name (those start with a capital): a superlative's slot in ``Run.vars``,
        # one per node of the tree (the tree outlives the compiler, so ids stay distinct).
        return self._best_keys.setdefault(id(e), f"#best{len(self._best_keys) + 1}")

    def expr_BestPlayer(self, e: A.BestPlayer | A.ChosenPlayer) -> Value:
        # Settled (a tie broken, a choice made) before the statement that reads it runs (``before``).
        key = self.best_key(e)
        return lambda r: r.vars.get(key)

    expr_ChosenPlayer = expr_BestPlayer

    def expr_Them(self, e: A.Them) -> Value:
        return THE_IT

    def expr_Arith(self, e: A.Arith) -> Value:
        left, right = self.expr(e.left), self.expr(e.right)
        if e.op == "+":
            return lambda r: (left(r) or 0) + (right(r) or 0)
        return lambda r: (left(r) or 0) - (right(r) or 0)

    def player(self, e: A.PlayerRef) -> Value:
        if e.who == A.Who.YOU:
            return _THE_ACTOR
        if e.who == A.Who.ACTIVE:
            return _THE_ACTIVE
        return self.named_player(e)

    def named_player(self, e: A.PlayerRef) -> Value:
        """A player the game's vocabulary names."""
        raise TypeError(f"cannot compile {e!r}: no player {e.who!r}")

    # ---- conditions --------------------------------------------------------------

    def cond(self, c: A.Cond) -> Callable[[Run[Any]], bool]:
        test: Callable[[Run[Any]], bool] = self.visit("cond", c)
        return test

    def cond_And(self, c: A.And) -> Callable[[Run[Any]], bool]:
        a, b = self.cond(c.left), self.cond(c.right)
        return lambda r: a(r) and b(r)

    def cond_Or(self, c: A.Or) -> Callable[[Run[Any]], bool]:
        a, b = self.cond(c.left), self.cond(c.right)
        return lambda r: a(r) or b(r)

    def cond_Not(self, c: A.Not) -> Callable[[Run[Any]], bool]:
        a = self.cond(c.operand)
        return lambda r: not a(r)

    def cond_Compare(self, c: A.Compare) -> Callable[[Run[Any]], bool]:
        left, right, op = self.expr(c.left), self.expr(c.right), _CMP[c.op]
        v = self.constant(c.right)
        if v is not NOT_CONSTANT and v is not None:  # `… >= 1`, the usual form: no call for the number
            return _compare_with(left, c.op, v)

        def compare(r: Run[Any]) -> bool:
            a, b = left(r), right(r)
            if a is None or b is None:  # a thing no longer in play matches nothing
                return False
            return bool(op(a, b))
        return compare


def _compare_with(left: Value, op: str, v: Any) -> Callable[[Run[Any]], bool]:
    """``left op v`` for a constant ``v``, as ``cond_Compare`` tests it (None matches nothing; the
    values compared are numbers, names and seats, whose comparisons give bools)."""
    test = _CMP[op]
    return lambda r: (a := left(r)) is not None and test(a, v)
