"""Checked expressions and conditions → closures (compiler.py compiles statements and abilities
on top of these): an expression becomes ``f(run) -> value``, a condition ``f(run) -> bool``."""

from __future__ import annotations

import operator
from typing import Any, Callable

from .sides import Side
from . import ast as A
from .ops import State, Steps
from .run import Run
from .visitor import Visitor

Value = Callable[[Run], Any]
Step = Callable[[Run], Steps]

_CMP = {"=": operator.eq, "!=": operator.ne, "<": operator.lt, ">": operator.gt,
        "<=": operator.le, ">=": operator.ge}

#: The properties ``the P of X`` reads, each through the game operation of that name.
_PROPERTIES = frozenset({"majority", "minority", "key", "votes", "score", "hand_size", "deck_size", "discard_size"})


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

    def expr_Num(self, e: A.Num) -> Value:
        v = e.value
        return lambda r: v

    def expr_Str(self, e: A.Str) -> Value:
        raise TypeError(f"cannot compile {e!r}: the compiler takes checked trees, where quoted names are resolved")

    def expr_StateName(self, e: A.StateName) -> Value:
        name = e.name
        return lambda r: r.ops.live(name)

    def expr_GroupName(self, e: A.GroupName) -> Value:
        g = e.name
        return lambda r: g

    def expr_IssueLit(self, e: A.IssueLit) -> Value:
        i = e.issue
        return lambda r: i

    def expr_Var(self, e: A.Var) -> Value:
        n = e.name
        return lambda r: r.vars.get(n)

    def expr_PlayerRef(self, e: A.PlayerRef) -> Value:
        return self.player(e)

    def expr_NewsState(self, e: A.NewsState) -> Value:
        return lambda r: r.news

    def expr_RowCount(self, e: A.RowCount) -> Value:
        issue, state = self.expr(e.issue), self.expr(e.state)
        if e.kind == "undecided":
            return lambda r: r.ops.undecided(state(r), issue(r))
        return lambda r: r.ops.row_length(state(r), issue(r))

    def expr_It(self, e: A.It) -> Value:
        return lambda r: r.it

    def expr_Best(self, e: A.Best) -> Value:
        # Settled, a tie broken, before the statement that reads it runs (``settle``).
        key = self.best_key(e)
        return lambda r: r.vars.get(key)

    def best_key(self, e: A.Best) -> str:
        # Not a variable name (those start with a capital): a superlative's slot in ``Run.vars``,
        # one per node of the tree (the tree outlives the compiler, so ids stay distinct).
        return self._best_keys.setdefault(id(e), f"#best{len(self._best_keys) + 1}")

    def best_states(self, e: A.Best) -> Callable[[Run, list[State]], list[State]]:
        """The states of ``among`` whose measure is highest (``most``) or lowest: more than one on a tie."""
        measure, pick = self.expr(e.measure), max if e.most else min

        def best(r: Run, among: list[State]) -> list[State]:
            saved, values = r.it, []
            try:
                for state in among:
                    r.it = state
                    values.append(measure(r) or 0)
            finally:
                r.it = saved
            if not values:
                return []
            top = pick(values)
            return [s for s, v in zip(among, values) if v == top]
        return best

    def expr_Arith(self, e: A.Arith) -> Value:
        left, right = self.expr(e.left), self.expr(e.right)
        if e.op == "+":
            return lambda r: (left(r) or 0) + (right(r) or 0)
        return lambda r: (left(r) or 0) - (right(r) or 0)

    def expr_BlocksOf(self, e: A.BlocksOf) -> Value:
        who, issue, state = self.expr(e.player), self.expr(e.issue), self.expr(e.state)
        return lambda r: r.ops.blocks(state(r), who(r), issue(r))

    def expr_Of(self, e: A.Of) -> Value:
        # Each property is the game operation of the same name (GameOps.votes, .hand_size…).
        if e.prop not in _PROPERTIES:
            raise TypeError(f"cannot compile {e!r}: no property {e.prop!r}")
        # the plain name: a str subclass would miss the attribute cache at every read
        sub, read = self.expr(e.subject), operator.attrgetter(str(e.prop.value) if isinstance(e.prop, A.Prop) else e.prop)
        return lambda r: read(r.ops)(sub(r))

    def player(self, e: A.PlayerRef) -> Value:
        who = e.who
        if who == "you":
            return lambda r: r.actor
        if who == "opponent":
            return lambda r: r.me.other
        if who == "active":
            return lambda r: r.ops.active
        side = Side(who)
        return lambda r: side

    # ---- conditions --------------------------------------------------------------

    def cond(self, c: A.Cond) -> Callable[[Run], bool]:
        test: Callable[[Run], bool] = self.visit("cond", c)
        return test

    def cond_And(self, c: A.And) -> Callable[[Run], bool]:
        a, b = self.cond(c.left), self.cond(c.right)
        return lambda r: a(r) and b(r)

    def cond_Or(self, c: A.Or) -> Callable[[Run], bool]:
        a, b = self.cond(c.left), self.cond(c.right)
        return lambda r: a(r) or b(r)

    def cond_Not(self, c: A.Not) -> Callable[[Run], bool]:
        a = self.cond(c.operand)
        return lambda r: not a(r)

    def cond_Leads(self, c: A.Leads) -> Callable[[Run], bool]:
        who = self.expr(c.player)

        def leads(r: Run) -> bool:
            p = who(r)
            return r.ops.score(p) > r.ops.score(p.other)
        return leads

    def cond_MediaInPlay(self, c: A.MediaInPlay) -> Callable[[Run], bool]:
        if c.player is None:
            return lambda r: r.ops.media_owner() is not None
        owner = self.expr(c.player)
        return lambda r: (o := r.ops.media_owner()) is not None and o is owner(r)

    def state_name(self, e: A.Expr) -> Callable[[Run], str | None]:
        """The name of the state ``e`` means, in play or not (a named state is known by its name
        even once won, when it no longer reads as a state in play)."""
        if isinstance(e, A.StateName):
            name = e.name
            return lambda r: name
        state = self.expr(e)
        return lambda r: None if (s := state(r)) is None else r.ops.state_name(s)

    def cond_StateIs(self, c: A.StateIs) -> Callable[[Run], bool]:
        name = self.state_name(c.state)
        if c.status == "in_play":
            return lambda r: (n := name(r)) is not None and r.ops.live(n) is not None
        by = self.expr(c.by) if c.by is not None else None

        def won(r: Run) -> bool:
            n = name(r)
            winner = next((side for won, side in r.ops.wins() if won == n), None)
            return winner is not None and (by is None or winner is by(r))
        return won

    def cond_ThatWins(self, c: A.ThatWins) -> Callable[[Run], bool]:
        name = self.state_name(c.state)
        return lambda r: (n := name(r)) is not None and n in r.last

    def cond_Compare(self, c: A.Compare) -> Callable[[Run], bool]:
        left, right, op = self.expr(c.left), self.expr(c.right), _CMP[c.op]

        def compare(r: Run) -> bool:
            a, b = left(r), right(r)
            if a is None or b is None:  # a state no longer in play matches nothing
                return False
            return bool(op(a, b))
        return compare
