"""Campaign Manager 2008's statements on a state's support: `gain N support on I in S`, `shift S N
toward I`, `alter the key demographic of S`, `demographic support for G` (R7). Nodes and passes'
parts, as ``reads.py``'s (each rule builds its node by itself: they are ``Built``)."""

from __future__ import annotations

import dataclasses

from ....lang.ast import Built, Expr, Num, Stmt
from ....lang.check_scope import At
from ....lang.checker import Checker
from ....lang.compile_expr import NOT_CONSTANT, Step, joined
from ....lang.render import Unparser
from ....lang.run import Run
from ....lang.tree_rules import TreeRules
from ....lang.work import Bounds, Work
from ....values import value
from .ops import GameOps, Steps
from .reads import GROUP, ISSUE, STATE, ReadsCompiler, ReadsWriter

__all__ = ["Alter", "DemographicSupport", "Gain", "Shift"]


@value
class Gain(Stmt, Built):
    amount: Expr
    issue: Expr
    state: Expr


@value
class Shift(Stmt, Built):
    state: Expr
    amount: Expr
    issue: Expr


@value
class Alter(Stmt, Built):
    state: Expr


@value
class DemographicSupport(Stmt, Built):
    group: Expr


NODES = (Gain, Shift, Alter, DemographicSupport)


class SupportRules(TreeRules):
    """(Each node of this family is ``Built``: its rule makes it, with no method here.)"""


class SupportChecker(Checker):
    def stmt_Gain(self, s: Gain, at: At) -> Stmt:
        self.need_actor(s, at.actor)
        return dataclasses.replace(s, amount=self.count(s.amount, at.scope, at.actor),
                                   issue=self.expr(s.issue, ISSUE, at.scope, at.actor),
                                   state=self.expr(s.state, STATE, at.scope, at.actor))

    def stmt_Shift(self, s: Shift, at: At) -> Stmt:
        return dataclasses.replace(s, state=self.expr(s.state, STATE, at.scope, at.actor),
                                   amount=self.count(s.amount, at.scope, at.actor),
                                   issue=self.expr(s.issue, ISSUE, at.scope, at.actor))

    def stmt_Alter(self, s: Alter, at: At) -> Stmt:
        return dataclasses.replace(s, state=self.expr(s.state, STATE, at.scope, at.actor))

    def stmt_DemographicSupport(self, s: DemographicSupport, at: At) -> Stmt:
        self.need_actor(s, at.actor)
        return dataclasses.replace(s, group=self.expr(s.group, GROUP, at.scope, at.actor))


class SupportBounds(Bounds):
    def stmt_Gain(self, s: Gain) -> Work:
        return self.counted(s.amount)

    # One unit each: a single change.
    stmt_Shift = stmt_Alter = stmt_DemographicSupport = Bounds.one


class SupportCompiler(ReadsCompiler):
    def stmt_Gain(self, s: Gain, cause: str) -> Step:
        ticks = self.ticks  # a step counted per support gained, where the effect needs it (``StmtCompiler.ticks``)
        one = isinstance(s.amount, Num) and s.amount.value == 1  # the most common statement: no loop
        if one and not ticks:  # one function, its state and issue read in place (``compile_expr.Source``)
            st, iss, c = self.src(s.state), self.src(s.issue), self.bound(cause)
            return self.handing_back(joined(f"r.ops.gain(r.me, ({st.text}), ({iss.text}), {c.text})", st, iss, c))
        amount, issue, state = self.count(s.amount), self.expr(s.issue), self.expr(s.state)
        if one:
            # The step hands back the game's own steps (``yield from`` drives them in its place):
            # no generator of its own between the game's and the block's.
            if (i := self.constant(s.issue)) is not NOT_CONSTANT:  # `on defense`: no call for the issue
                def gain_one_on(r: Run[GameOps]) -> Steps:
                    live = state(r)
                    if ticks:
                        r.ops.tick()
                    return r.ops.gain(r.me, live, i, cause)
                return gain_one_on

            def gain_one(r: Run[GameOps]) -> Steps:
                live, iss = state(r), issue(r)
                if ticks:
                    r.ops.tick()
                return r.ops.gain(r.me, live, iss, cause)
            return gain_one

        def gain(r: Run[GameOps]) -> Steps:
            live, iss = state(r), issue(r)
            for _ in range(amount(r)):
                if ticks:
                    r.ops.tick()
                yield from r.ops.gain(r.me, live, iss, cause)
        return gain

    def stmt_Shift(self, s: Shift, cause: str) -> Step:
        state, amount, issue = self.expr(s.state), self.count(s.amount), self.expr(s.issue)

        def shift(r: Run[GameOps]) -> Steps:  # the game's steps, handed back (``stmt_Gain``)
            return r.ops.shift(state(r), amount(r), issue(r), cause)
        return shift

    def stmt_Alter(self, s: Alter, cause: str) -> Step:
        state = self.expr(s.state)

        def alter(r: Run[GameOps]) -> None:
            r.ops.alter(state(r), cause)
        return self.immediate(alter)

    def stmt_DemographicSupport(self, s: DemographicSupport, cause: str) -> Step:
        group = self.expr(s.group)

        def demographic(r: Run[GameOps]) -> Steps:  # the game's steps, handed back (``stmt_Gain``)
            return r.ops.demographic_support(r.me, group(r), cause)
        return demographic


class SupportUnparser(Unparser):
    def stmt_Gain(self, s: Gain, indent: str) -> list[str]:
        n = self.expr(s.amount)
        return [f"{indent}gain {n} support{'' if n == '1' else 's'} on {self.expr(s.issue)} in "
                f"{self.expr(s.state)}"]

    def stmt_Shift(self, s: Shift, indent: str) -> list[str]:
        return [f"{indent}shift {self.expr(s.state)} {self.expr(s.amount)} toward {self.expr(s.issue)}"]

    def stmt_Alter(self, s: Alter, indent: str) -> list[str]:
        return [f"{indent}alter the key demographic of {self.expr(s.state)}"]

    def stmt_DemographicSupport(self, s: DemographicSupport, indent: str) -> list[str]:
        return [f"{indent}demographic support for {self.expr(s.group)}"]


class SupportWriter(ReadsWriter):
    def stmt_Gain(self, s: Gain, indent: str, top: bool, kind: str) -> list[str]:
        issue = self.issue_of(s.issue, s.state)
        its = issue in (self.p["its_majority"], self.p["its_minority"])  # the state first, then "its"
        return [indent + self.p["gain_its" if its else "gain"].format(
            n=self.count(s.amount, "support"), issue=issue if its else self.expr(s.issue),
            state=self.in_state(s.state))]

    def stmt_Shift(self, s: Shift, indent: str, top: bool, kind: str) -> list[str]:
        return [indent + self.p["shift"].format(state=self.expr(s.state), n=self.count(s.amount, "box"),
                                                issue=self.issue_of(s.issue, s.state, bare=False))]

    def stmt_Alter(self, s: Alter, indent: str, top: bool, kind: str) -> list[str]:
        return [indent + self.p["alter"].format(state=self.expr(s.state))]

    def stmt_DemographicSupport(self, s: DemographicSupport, indent: str, top: bool, kind: str) -> list[str]:
        return [indent + self.p["demographic"].format(g=self.group(s.group), the_g=self.expr(s.group))]
