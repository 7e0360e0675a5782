"""Campaign Manager 2008's superlatives: `the state with the most|fewest MEASURE`, and the state a
measure reads (`It`, left unsaid). Each is settled, a tie broken, before the statement that reads
it runs (docs/language.md, "Superlatives"). Nodes, rules and passes' parts, as ``reads.py``'s."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Iterator, cast

from ....lang import ast as core
from ....lang.ast import Expr, Node
from ....lang.check_scope import NUM, Scope
from ....lang.checker import Context, Names
from ....lang.compile_expr import THE_IT, ExprForm, Step
from ....lang.compile_stmt import best_of
from ....lang.origin import Origin
from ....lang.run import Run
from ....lang.text import NO_TERMS, Terms
from ....lang.tree_rules import TreeRules
from ....lang.work import Bounds
from ....values import value
from .ops import GameOps, State, Steps
from .reads import (STATE, BlocksOf, Of, Prop, ReadsChecker, ReadsCompiler, ReadsUnparser, ReadsWriter,
                    RowCount, IssueLit)

if TYPE_CHECKING:
    from lark.tree import Meta

__all__ = ["Best", "It", "bests"]


@value
class It(Expr):
    """The state a superlative measures, left unsaid in the text: ``votes`` in ``the state with the
    most votes`` is ``Of("votes", It())``. Stands only inside a ``Best``'s measure."""


@value
class Best(Expr):
    """``the state with the most|fewest MEASURE``: the state in play whose measure (a number read
    from each state, ``It`` standing for it) is highest (``most``) or lowest. Ties: the acting
    player chooses (the active player where nobody acts)."""

    most: bool
    measure: "Expr"


NODES = (It, Best)


def bests(node: Node) -> Iterator[Best]:
    """The superlatives a statement, condition or expression reads itself, innermost first (those
    of the statements in its blocks are theirs, not its own): each is settled, and a tie broken,
    before the statement runs."""
    return cast(Iterator[Best], core.parts(node, Best))


class SuperlativesRules(TreeRules):
    def best(self, meta: Meta, c: list[Any]) -> Any:
        return dataclasses.replace(c[0], pos=self._p(meta))

    def with_most(self, meta: Meta, c: list[Any]) -> Best:
        return Best(str(c[0]) == "most", c[1], pos=self._p(meta))

    # a measure names what is read from each state; the state itself is ``It``
    def m_votes(self, meta: Meta, c: list[Any]) -> Of:
        return Of(Prop.VOTES, It(pos=self._p(meta)), pos=self._p(meta))

    def m_blocks_of(self, meta: Meta, c: list[Any]) -> BlocksOf:
        return BlocksOf(c[0], c[1], It(pos=self._p(meta)), pos=self._p(meta))

    def m_undecided(self, meta: Meta, c: list[Any]) -> RowCount:
        return RowCount("undecided", c[0], It(pos=self._p(meta)), pos=self._p(meta))

    def m_row(self, meta: Meta, c: list[Any]) -> RowCount:
        return RowCount("all", c[0], It(pos=self._p(meta)), pos=self._p(meta))


class SuperlativesChecker(ReadsChecker):
    def __init__(self, names: Names, ctx: Context, origin: Origin) -> None:
        super().__init__(names, ctx, origin)
        self._measuring = 0  # inside a superlative's measure (`it` is the state measured)

    def type_It(self, e: It, scope: Scope) -> str:
        return STATE

    def type_Best(self, e: Best, scope: Scope) -> str:
        return STATE

    def expr_It(self, e: It, want: str, scope: Scope, actor: bool) -> Expr:
        if not self._measuring:  # the parser writes `It` only in a measure; a hand-built tree may not
            raise self.error(e, "`it` (the state measured) stands only in `the state with the most ...`")
        return self.leaf(e, want, scope, actor)

    def expr_Best(self, e: Best, want: str, scope: Scope, actor: bool) -> Expr:
        self.expect(e, want, scope, actor)
        return self.best(e, scope, actor)

    def best(self, e: Best, scope: Scope, actor: bool) -> Best:
        self._measuring += 1
        try:
            measure = self.expr(e.measure, NUM, scope, actor)
        finally:
            self._measuring -= 1
        return dataclasses.replace(e, measure=measure)


class SuperlativesBounds(Bounds):
    upper_It = upper_Best = Bounds.not_a_number


class SuperlativesUnparser(ReadsUnparser):
    def expr_It(self, e: It) -> str:
        return "it"  # never parsed: a measure leaves its state unsaid (``measure``)

    def expr_Best(self, e: Best) -> str:
        return f"the state {self.with_most(e)}"

    def with_most(self, e: Best) -> str:
        return f"with the {'most' if e.most else 'fewest'} {self.measure(e.measure)}"

    def measure(self, m: Expr) -> str:
        """What a superlative reads from each state, the state unsaid (grammar's ``measure``)."""
        if isinstance(m, Of) and m.prop == Prop.VOTES:
            return "votes"
        if isinstance(m, BlocksOf):
            return f"blocks of {self.atom(m.player)} on {self.atom(m.issue)}"
        if isinstance(m, RowCount):
            return f"{'undecided blocks' if m.kind == 'undecided' else 'blocks'} on {self.atom(m.issue)}"
        raise TypeError(f"{m!r} is not a measure (the parser builds no other)")


class SuperlativesWriter(ReadsWriter):
    def __init__(self, lang: str = "en", kind: str = "card", terms: Terms = NO_TERMS) -> None:
        super().__init__(lang, kind, terms)
        # The superlative a sentence before this one found ("Find the state…"): "that state" here.
        self.found: Best | None = None

    def expr_It(self, e: It) -> str:
        return self.p["it"]

    def expr_Best(self, e: Best) -> str:
        if e == self.found:
            return self.p["found"]
        return self.p["best"].format(most=self.p["most" if e.most else "fewest"], measure=self.measure(e.measure),
                                     tie=self._you(self.actor, "tie"))

    def measure(self, m: Expr) -> str:
        """What a superlative compares, the state unsaid: "electoral votes", "Economy blocks in your colour"."""
        if isinstance(m, Of) and m.prop == Prop.VOTES:
            return self.p["m_votes"]
        on = "" if isinstance(m, (BlocksOf, RowCount)) and isinstance(m.issue, IssueLit) else "_on"
        if isinstance(m, BlocksOf):
            who = self.expr(m.player)
            return self.p["m_blocks" + on].format(issue=self.bare_issue(m.issue), colour=self.owned(who, "colour"))
        if isinstance(m, RowCount):
            key = "m_undecided" if m.kind == "undecided" else "m_row"
            return self.p[key + on].format(issue=self.bare_issue(m.issue))
        raise TypeError(f"{m!r} is not a measure (the parser builds no other)")


class SuperlativesCompiler(ReadsCompiler):
    # The game's rules text: a tie's prompt names the superlative (``settle``).
    writer: ClassVar[type[SuperlativesWriter]]

    def expr_It(self, e: It) -> ExprForm:
        return THE_IT

    def expr_Best(self, e: Best) -> ExprForm:
        # Settled, a tie broken, before the statement that reads it runs (``settle``).
        return self.variable(self.best_key(e))

    def best_states(self, e: Best) -> Callable[[Run[GameOps], list[State]], list[State]]:
        """The states of ``among`` whose measure is highest (``most``) or lowest: more than one on a tie."""
        measure, most = self.expr(e.measure), e.most
        return lambda r, among: best_of(r, measure, most, among)

    def settle(self, bests: list[Best], step: Step, cause: str) -> Step:
        """``step``, after each superlative it reads is settled: when states tie, the acting
        player (the active player where nobody acts) chooses among them."""
        found = [(self.best_key(b), self.best_states(b),
                  f"the state with the {'most' if b.most else 'fewest'} {self.writer('en').measure(b.measure)} (several tie)")
                 for b in bests]

        def settled(r: Run[GameOps]) -> Steps:
            for key, best, what in found:
                tied = best(r, list(r.ops.in_play))
                if len(tied) > 1:
                    r.vars[key] = yield from r.ops.choose_state(r.decider, tied, what, cause)
                else:
                    r.vars[key] = tied[0] if tied else None
            yield from step(r)
        return settled
