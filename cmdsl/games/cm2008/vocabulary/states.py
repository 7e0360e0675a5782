"""Campaign Manager 2008's choices and loop over the states: `choose a (different) state (with the
most …) as S (where …)`, `choose an issue as I`, `for each state as S (where …):`. Nodes, rules
and passes' parts, as ``reads.py``'s."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, ClassVar, cast

from ....lang.ast import Cond, Stmt
from ....lang.check_scope import At, Scope
from ....lang.compile_expr import Source, Step, joined
from ....lang.compile_stmt import _loop
from ....lang.render import INDENT
from ....lang.run import Run
from ....lang.tree_rules import TreeRules, body
from ....lang.work import ONE, Bounds, Work
from ....values import value
from .ops import Choice, GameOps, State, Steps
from .reads import ISSUE, STATE
from .superlatives import (Best, SuperlativesChecker, SuperlativesCompiler, SuperlativesUnparser,
                           SuperlativesWriter)

if TYPE_CHECKING:
    from lark.tree import Meta

__all__ = ["ChooseIssue", "ChooseState", "ForEach"]


@value
class ChooseIssue(Stmt):
    var: str


@value
class ChooseState(Stmt):
    var: str
    where: Cond | None
    different: bool
    best: Best | None = None  # `choose a state with the most votes as S`: only the best of those that fit


@value
class ForEach(Stmt):
    var: str
    where: Cond | None
    body: tuple["Stmt", ...]


NODES = (ChooseState, ChooseIssue, ForEach)


class StatesRules(TreeRules):
    def where(self, meta: Meta, c: list[Any]) -> tuple[Any, ...]:
        return ("where", c[0])

    def choose_state(self, meta: Meta, c: list[Any]) -> ChooseState:
        from lark import Token  # loaded already: a rule runs only while Lark builds a tree

        different = any(isinstance(x, Token) and x.type == "DIFFERENT" for x in c)
        name = next(str(x) for x in c if isinstance(x, Token) and x.type == "VAR")
        where = next((x[1] for x in c if isinstance(x, tuple)), None)
        best = next((x for x in c if isinstance(x, Best)), None)
        return ChooseState(name, where, different, best, pos=self._p(meta))

    def choose_issue(self, meta: Meta, c: list[Any]) -> ChooseIssue:
        return ChooseIssue(str(c[0]), pos=self._p(meta))

    def for_each(self, meta: Meta, c: list[Any]) -> ForEach:
        where = next((x[1] for x in c if isinstance(x, tuple)), None)
        return ForEach(str(c[0]), where, body(c[1:]), pos=self._p(meta))


class StatesChecker(SuperlativesChecker):
    def loop_size(self) -> int:
        return len(self.names["state"])  # `for each state`

    def stmt_ChooseState(self, s: ChooseState, at: At) -> Stmt:
        self.need_actor(s, at.actor)
        if s.different and not at.loop:
            raise self.error(s, "`choose a different state` only makes sense inside `repeat` or `for each`")
        inner = Scope(at.scope)  # the condition sees the state it tests
        inner.vars[s.var] = STATE
        where = self.cond(s.where, inner, at.actor) if s.where is not None else None
        best = self.best(s.best, at.scope, at.actor) if s.best is not None else None
        self.bind(s, at.scope, s.var, STATE)
        return dataclasses.replace(s, where=where, best=best)

    def stmt_ChooseIssue(self, s: ChooseIssue, at: At) -> Stmt:
        self.need_actor(s, at.actor)
        self.bind(s, at.scope, s.var, ISSUE)
        return s

    def stmt_ForEach(self, s: ForEach, at: At) -> Stmt:
        inner = Scope(at.scope)
        self.bind(s, inner, s.var, STATE)
        where = self.cond(s.where, inner, at.actor) if s.where is not None else None
        return dataclasses.replace(s, where=where, body=self.block(s.body, at.nested(Scope(inner), loop=True)))


class StatesBounds(Bounds):
    def is_loop(self, s: Stmt) -> bool:
        return isinstance(s, ForEach) or super().is_loop(s)

    def blocks(self, s: Stmt) -> list[tuple[Stmt, ...]]:
        if isinstance(s, ForEach):
            return [s.body]
        return super().blocks(s)

    def stmt_ForEach(self, s: ForEach) -> Work:
        return ONE + self.block(s.body).times(self.loop_size)

    # One unit each: a single choice.
    stmt_ChooseState = stmt_ChooseIssue = Bounds.one


class StatesUnparser(SuperlativesUnparser):
    def stmt_ChooseState(self, s: ChooseState, indent: str) -> list[str]:
        best = f" {self.with_most(s.best)}" if s.best is not None else ""
        return [f"{indent}choose a {'different ' if s.different else ''}state{best} as {s.var}{self.where(s.where)}"]

    def stmt_ChooseIssue(self, s: ChooseIssue, indent: str) -> list[str]:
        return [f"{indent}choose an issue as {s.var}"]

    def stmt_ForEach(self, s: ForEach, indent: str) -> list[str]:
        return [f"{indent}for each state as {s.var}{self.where(s.where)}:"] + self.block(s.body, indent + INDENT)

    def where(self, c: Cond | None) -> str:
        return f" where {self.cond(c)}" if c is not None else ""


class StatesWriter(SuperlativesWriter):
    def where(self, c: Cond | None) -> str:
        return self.p["where"].format(self.cond(c)) if c is not None else ""

    def stmt_ChooseState(self, s: ChooseState, indent: str, top: bool, kind: str) -> list[str]:
        which = self.p["different" if s.different else "a_state"]
        if s.best is not None:
            which = self.p["choose_best"].format(which=which, most=self.p["most" if s.best.most else "fewest"],
                                                 measure=self.measure(s.best.measure))
        # With a condition, the name comes first: the condition speaks of it.
        key = "choose_state" if s.where is None else "choose_state_where"
        return [indent + self.p[self.binding(key, s.var)].format(which=which, where=self.where(s.where), v=s.var)]

    def stmt_ChooseIssue(self, s: ChooseIssue, indent: str, top: bool, kind: str) -> list[str]:
        return [indent + self.p[self.binding("choose_issue", s.var)].format(v=s.var)]

    def stmt_ForEach(self, s: ForEach, indent: str, top: bool, kind: str) -> list[str]:
        head = self.p[self.binding("for_each", s.var)].format(v=s.var, where=self.where(s.where))
        return [indent + head] + self.lines(s.body, indent + "  ", kind=kind)

    @classmethod
    def state_choice_text(cls, s: ChooseState) -> str:
        """What a `choose a state` offers, in words, for its decision's prompt and the log ("a state with
        the most electoral votes (S) where the key demographic of S is Seniors"); never effect source."""
        w = cls("en")
        what = "a different state" if s.different else "a state"
        if s.best is not None or s.where is not None:
            what += " in play"
        if s.best is not None:
            what += f" with the {'most' if s.best.most else 'fewest'} {w.measure(s.best.measure)}"
        if s.where is not None:
            what += f" ({s.var}) where {w.cond(s.where)}"
        return what


class StatesCompiler(SuperlativesCompiler):
    # The game's rules text: a choice's prompt names its state (``choose_state``).
    writer: ClassVar[type[StatesWriter]]

    def __init__(self, item: str) -> None:
        super().__init__(item)
        self._different = 0  # the `choose a different state`s compiled so far (``stmt_ForEach``)

    def stmt_ChooseIssue(self, s: ChooseIssue, cause: str) -> Step:
        def choose_issue(r: Run[GameOps]) -> Choice[str]:
            return r.ops.choose_issue(r.me, cause)
        return self.keeping(s.var, choose_issue)

    def stmt_ForEach(self, s: ForEach, cause: str) -> Step:
        var, ticks = s.var, self.ticks
        different = self._different  # `choose a different state`s compiled so far
        body = self.block(s.body)
        # A loop keeps the choices of its `choose a different state`s apart from those outside it
        # (``_loop``); a loop with none in its body has none to keep apart.
        keeps_choices = self._different > different
        body_now = self.now(body)
        if keeps_choices:
            where = self.cond_of(s.where, var) if s.where is not None else None

            def for_each_keeping(r: Run[GameOps]) -> Steps:
                for state in _loop(r, list(r.ops.in_play), ticks):  # the states in play when the loop starts
                    if not r.ops.still_in_play(state):
                        continue
                    r.vars[var] = state
                    if where is None or where(r, state):
                        yield from body(r)
            return for_each_keeping

        # ``_loop``, inlined and written as one function with the test in place: a step of work
        # per turn where the effect counts them, no choices to keep apart. Nothing leaves play
        # before the body first runs (the test only reads): no state to look at again till then.
        arg, test = self.cond_reading(s.where, var) if s.where is not None else (self.fresh(), Source("True"))
        key, handed = self.bound(var), self.handed(body)
        if handed is not None:  # the body's work is the game's steps: driven here, no call between
            run = joined(f"yield from ({handed.text})", handed)
        else:
            fn = self.bound(body_now if body_now is not None else body)
            run = joined(f"{'' if body_now is not None else 'yield from '}{fn.text}(r)", fn)
        source = joined("", test, key, run)
        return cast(Step, self.function(f"""def step(r):
    ops, run_vars = r.ops, r.vars
    still_in_play, acted = ops.still_in_play, False
    for {arg} in list(ops.in_play):
        {"ops.tick()" if ticks else "pass"}
        if acted and not still_in_play({arg}):
            continue
        run_vars[{key.text}] = {arg}
        if {test.text}:
            acted = True
            {run.text}
    if False:
        yield
""", source))

    def stmt_ChooseState(self, s: ChooseState, cause: str) -> Step:
        return self.choose_state(s, cause)

    def choose_state(self, s: ChooseState, cause: str) -> Step:
        var, different = s.var, s.different
        self._different += different
        where = self.cond(s.where) if s.where is not None else None
        self._ids += 1
        key = self._ids
        what = self.writer.state_choice_text(s)  # rules text, never effect source
        best = self.best_states(s.best) if s.best is not None else None
        if where is None and not different and best is None:  # `choose a state as S`: every state in play fits
            # (what was chosen is kept as it is: None where nothing was in play to choose)
            def choose_any_state(r: Run[GameOps]) -> Choice[State | None]:
                return r.ops.choose_state(r.me, list(r.ops.in_play), what, cause)
            return self.keeping(var, choose_any_state)

        def choose_state(r: Run[GameOps]) -> Steps:
            used = r.chosen.setdefault(key, set()) if different else None
            fits = []
            for state in r.ops.in_play:
                if used is not None and state in used:
                    continue
                r.vars[var] = state
                if where is None or where(r):
                    fits.append(state)
            r.vars[var] = None
            if best is not None:  # the best of those that fit; a tie is the player's choice
                fits = best(r, fits)
            chosen = yield from r.ops.choose_state(r.me, fits, what, cause)
            if chosen is not None:
                r.vars[var] = chosen
                if used is not None:
                    used.add(chosen)
        return choose_state
