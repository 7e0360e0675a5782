"""Checked expressions and conditions → closures (compiler.py compiles statements and abilities
on top of these): an expression becomes ``f(run) -> value``, a condition ``f(run) -> bool``.

An expression's node may compile to its Python ``Source`` instead of a closure (reading the run as
``r``). Its parent, if it has a source too, writes it in place; where a closure needs it, the
whole expression becomes one function, made once (``ExprCompiler.expr``). So a condition such as
``X + Y >= 1`` runs as one call, not as one closure per part each calling the next (issue 34: a
compiled card against the same effect written by hand). A source holds only our own templates,
fresh names and attribute names the vocabulary lists: every value a card's text gives (a name, a
number, a variable's name) is bound to a fresh name, never written into the text."""

from __future__ import annotations

import operator
import re
import types
from typing import Any, Callable

from . import ast as A
from .ops import Steps
from .run import Run
from .visitor import Visitor
from ..values import value

Value = Callable[[Run[Any]], Any]
Step = Callable[[Run[Any]], Steps]

#: The comparisons as Python writes them.
_CMP_TEXT = {"=": "==", "!=": "!=", "<": "<", ">": ">", "<=": "<=", ">=": ">="}
#: A source that only reads attributes of the run: made an attribute getter, which Python calls
#: without a frame of its own (cheaper than a lambda).
_ATTRIBUTES = re.compile(r"r((?:\.[a-z_]+)+)")

#: ``ExprCompiler.constant``'s answer for an expression read from the position when the effect runs.
NOT_CONSTANT: Any = object()


def _made_when_called(*args: Any) -> Any:
    """The code a function made from a source starts with (``ExprCompiler.function``): at its
    first call it compiles its text and becomes that function (its code is replaced: the same
    function object, which callers already hold), then runs it. A set of cards compiles hundreds
    of effects that ``cmdsl check`` never runs, and a game runs a few: Python compiles a text only
    when it first runs. Its names are the globals it is made with: ``__function__`` (itself),
    ``__text__``, and the source's."""
    names = globals()  # the function's own: the source's names
    text: str = names["__text__"]
    if text.startswith("def "):
        exec(text, names)  # noqa: S102 - our own templates; the card's values are bound names
        made = names["step"]
    else:
        made = eval(text, names)  # noqa: S307 - as above
    names["__function__"].__code__ = made.__code__
    return made(*args)


@value
class Source:
    """An expression as Python source reading the run as ``r``, and the values its fresh names
    stand for (constants, and the closures of parts that have no source)."""

    text: str
    names: tuple[tuple[str, Any], ...] = ()
    #: Whether its value is always a number, never None (nothing to test before comparing it).
    number: bool = False


def joined(text: str, *parts: Source, number: bool = False) -> Source:
    """``text``, written around the texts of ``parts`` (each parenthesized by the caller), with
    the names they all bind."""
    return Source(text, tuple(n for p in parts for n in p.names), number)


#: What a compile method of an expression or a condition gives: a closure, or its source.
ExprForm = Value | Source

# Values read off the run itself, shared by every effect.
THE_IT = Source("r.it")  # `them`, a game's `it`


class ExprCompiler(Visitor):
    """Compiles the expressions and conditions of one item's effect (``item``: its id, for causes).

    Each ``expr_*``/``cond_*`` method returns a closure or a ``Source``; ``expr``/``cond`` give a
    closure either way, ``src``/``src_cond`` a source either way (a closure bound to a name)."""

    def __init__(self, item: str) -> None:
        self.item = item  # the card id, for events' causes
        self._ids = 0
        self._best_keys: dict[int, str] = {}
        self._names = 0  # fresh names given in sources so far
        #: The text of every function made from a source (``function``), each compiled at its first call.
        self.texts: list[str] = []
        # The variables a condition being compiled reads as its function's argument (``cond_of``).
        self._arguments: dict[str, str] = {}

    def cause(self, node: A.Node) -> str:
        return f"{self.item}:{node.pos.line}"

    # ---- sources --------------------------------------------------------------------

    def fresh(self) -> str:
        """A name no other source of this effect uses (for a bound value, or an assignment)."""
        self._names += 1
        return f"_v{self._names}"

    def bound(self, value: Any) -> Source:
        """A source that reads ``value``, bound to a fresh name."""
        name = self.fresh()
        return Source(name, ((name, value),))

    def src(self, e: A.Expr) -> Source:
        return self._source(self.visit("expr", e))

    def src_cond(self, c: A.Cond) -> Source:
        return self._source(self.visit("cond", c))

    def _source(self, compiled: ExprForm) -> Source:
        if isinstance(compiled, Source):
            return compiled
        call = self.bound(compiled)
        return Source(f"{call.text}(r)", call.names)

    def made(self, compiled: ExprForm) -> Value:
        """The closure of a compiled expression: a source is made a function here, once."""
        if not isinstance(compiled, Source):
            return compiled
        names = dict(compiled.names)
        text = compiled.text
        if _ATTRIBUTES.fullmatch(text):
            return operator.attrgetter(text[2:])
        if text in names:  # a constant
            v = names[text]
            return lambda r: v
        made: Value = self.function(f"lambda r: {text}", compiled)
        return made

    # ---- expressions -----------------------------------------------------------

    def expr(self, e: A.Expr) -> Value:
        return self.made(self.visit("expr", e))

    def constant(self, e: A.Expr) -> Any:
        """The value of ``e`` where it is the same at every run (a number…; a game adds its own
        literals), so a closure can hold it instead of calling one; else ``NOT_CONSTANT``."""
        return e.value if isinstance(e, A.Num) else NOT_CONSTANT

    def expr_Num(self, e: A.Num) -> ExprForm:
        return self.number(e.value)

    def number(self, n: int) -> Source:
        """A number the card gives, bound to a fresh name."""
        name = self.fresh()
        return Source(name, ((name, n),), number=True)

    def expr_Str(self, e: A.Str) -> ExprForm:
        raise TypeError(f"cannot compile {e!r}: the compiler takes checked trees, where quoted names are resolved")

    def expr_Var(self, e: A.Var) -> ExprForm:
        return self.variable(e.name)

    def variable(self, key: str) -> Source:
        """The value kept under ``key`` in the run's variables (None when nothing is)."""
        if key in self._arguments:
            return Source(self._arguments[key])
        k = self.bound(key)
        return joined(f"r.vars.get({k.text})", k)

    def expr_PlayerRef(self, e: A.PlayerRef) -> ExprForm:
        return self.player(e)

    def best_key(self, e: A.Node) -> str:
        # Not a variable name (those start with a capital): a superlative's slot in ``Run.vars``,
        # one per node of the tree (the tree outlives the compiler, so ids stay distinct).
        return self._best_keys.setdefault(id(e), f"#best{len(self._best_keys) + 1}")

    def expr_BestPlayer(self, e: A.BestPlayer | A.ChosenPlayer) -> ExprForm:
        # Settled (a tie broken, a choice made) before the statement that reads it runs (``before``).
        return self.variable(self.best_key(e))

    expr_ChosenPlayer = expr_BestPlayer

    def expr_Them(self, e: A.Them) -> ExprForm:
        return THE_IT

    def expr_Arith(self, e: A.Arith) -> ExprForm:
        a, b = self.src(e.left), self.src(e.right)
        op = "+" if e.op == "+" else "-"
        return joined(f"({a.text}) {op} ({b.text})" if a.number and b.number
                      else f"(({a.text}) or 0) {op} (({b.text}) or 0)", a, b, number=True)

    def player(self, e: A.PlayerRef) -> ExprForm:
        if e.who == A.Who.YOU:
            return Source("r.actor")
        if e.who == A.Who.ACTIVE:
            return Source("r.ops.active")
        return self.named_player(e)

    def named_player(self, e: A.PlayerRef) -> ExprForm:
        """A player the game's vocabulary names."""
        raise TypeError(f"cannot compile {e!r}: no player {e.who!r}")

    # ---- conditions --------------------------------------------------------------

    def cond(self, c: A.Cond) -> Callable[[Run[Any]], bool]:
        test: Callable[[Run[Any]], bool] = self.made(self.visit("cond", c))
        return test

    def cond_of(self, c: A.Cond, var: str) -> Callable[[Run[Any], Any], bool]:
        """``c`` as a function of the run and of the value of ``var``, given as an argument (a
        loop's test of its variable, which the loop holds: not read back from the run's
        variables). The run's variables still hold it too, for the parts that read it there."""
        arg, test = self.cond_reading(c, var)
        made: Callable[[Run[Any], Any], bool] = self.function(f"lambda r, {arg}: {test.text}", test)
        return made

    def cond_reading(self, c: A.Cond, var: str) -> tuple[str, Source]:
        """``c``'s source, where ``var`` reads as the name returned (``cond_of``; a loop written
        as a source of its own names it so)."""
        arg = self.fresh()
        self._arguments[var] = arg
        try:
            return arg, self.src_cond(c)
        finally:
            del self._arguments[var]

    def function(self, text: str, source: Source) -> Any:
        """The function that ``text`` (a lambda, or the ``def`` of a function named ``step``)
        makes, ``source``'s names bound: made at its first call (``_made_when_called``)."""
        names = dict(source.names)
        fn = types.FunctionType(_made_when_called.__code__, names, "step")
        names["__function__"], names["__text__"] = fn, text
        self.texts.append(text)
        return fn

    def cond_And(self, c: A.And) -> ExprForm:
        a, b = self.src_cond(c.left), self.src_cond(c.right)
        return joined(f"({a.text}) and ({b.text})", a, b)

    def cond_Or(self, c: A.Or) -> ExprForm:
        a, b = self.src_cond(c.left), self.src_cond(c.right)
        return joined(f"({a.text}) or ({b.text})", a, b)

    def cond_Not(self, c: A.Not) -> ExprForm:
        a = self.src_cond(c.operand)
        return joined(f"not ({a.text})", a)

    def cond_Compare(self, c: A.Compare) -> ExprForm:
        # A thing no longer in play (None) matches nothing; the values compared are numbers, names
        # and seats, whose comparisons give bools. Reading has no effect: the right side is read
        # only when the left is something.
        left, right, op = self.src(c.left), self.src(c.right), _CMP_TEXT[c.op]
        if left.number and right.number:  # numbers both: never nothing
            return joined(f"({left.text}) {op} ({right.text})", left, right)
        a = self.fresh()
        v = self.constant(c.right)
        if v is not NOT_CONSTANT and v is not None:  # `… >= 1`, the usual form: the number held
            return joined(f"({a} := ({left.text})) is not None and {a} {op} {right.text}", left, right)
        b = self.fresh()
        return joined(f"({a} := ({left.text})) is not None and ({b} := ({right.text})) is not None "
                      f"and {a} {op} {b}", left, right)
