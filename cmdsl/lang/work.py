"""A static upper bound on the work of an effect, so every accepted effect ends quickly.

Counts multiply through ``repeat`` (and a game's loops); a count computed from the position counts
at the cap the compiled effect applies (``MAX_COUNT``). ``Work.plays`` counts what a game's
statements play (a card played inside an effect, whose cost the game's set decides).

One unit is one statement carried out (one change, one choice…). A game counts the same units
at run time as a backstop (``GameOps.tick``), in the effects whose bound leaves it needed
(``ends_unwatched``).
"""

from __future__ import annotations

from typing import ClassVar, cast

from ..errors import CardError, Located
from . import ast as A
from .origin import Origin
from .visitor import EXPRS, STMTS, Visitor
from ..values import value

#: The most work one effect may do, in units (statements carried out). The bundled cards need
#: at most a few hundred; 20 × 20 × 20 single gains (8,000) still pass.
WORK_BUDGET = 10_000

#: The largest literal count (`repeat 20`, `gain 3`, `draw 2`…) and a computed count's cap.
MAX_REPEAT = 20
MAX_COUNT = 50



@value
class Work:
    """``fixed + plays × (work of one played card)``: linear in what a played card costs."""

    fixed: int
    plays: int

    def __add__(self, other: "Work") -> "Work":
        return Work(self.fixed + other.fixed, self.plays + other.plays)

    def times(self, n: int) -> "Work":
        return Work(self.fixed * n, self.plays * n)

    def at(self, play_work: int) -> int:
        return self.fixed + self.plays * play_work


NONE = Work(0, 0)
ONE = Work(1, 0)


def ends_unwatched(work: Work) -> bool:
    """Whether an effect of bound ``work`` may run without counting its steps (``GameOps.tick``).

    The game's step limit stops one answer that does too much work: a backstop against what no
    bound foresaw (a bug, an effect compiled without the budget check), not a rule. It counts every
    event (each change the game logs) and each tick. An effect that plays no card (``plays == 0``)
    and whose bound is within the budget carries out at most ``WORK_BUDGET`` statements each time
    it runs, on any position: its loops end by construction, and it starts no other effect that
    could start it again (a trigger it fires is an effect of its own, capped by the rules and
    deciding for itself). What it changes is still counted, as events: only its silent loop turns
    go uncounted, at most ``WORK_BUDGET`` of them. An effect that plays cards keeps its ticks (the
    cards it plays nest), as does one over the budget (the loader refuses those; a test or a bug
    may still compile one). So a game's bound must count as a play every statement that may start
    another effect at once (a card played inside an effect, a card drawn that acts at once).
    """
    return work.plays == 0 and work.fixed <= WORK_BUDGET


def _largest(works: list[Work]) -> Work:
    """A bound on one of several alternatives: the largest of each part (safe for any play cost)."""
    return Work(max((w.fixed for w in works), default=0), max((w.plays for w in works), default=0))


class Bounds(Visitor):
    """Work bounds of statements and upper bounds of counts. Conditions are not visited: they
    carry out no statement (the statement that tests one counts it)."""

    families = {"stmt": STMTS, "upper": EXPRS}
    #: the most players a game of the language seats (a game's vocabulary says its own)
    max_seats: ClassVar[int] = 8
    #: the most triggered abilities one action may fire: a trigger's work counts that many times (a game's)
    max_triggers: ClassVar[int] = 20

    def __init__(self, loop_size: int) -> None:
        self.loop_size = loop_size  # how many times a loop over the game's things turns at most (its `for each`)

    @classmethod
    def block_work(cls, stmts: tuple[A.Stmt, ...], loop_size: int) -> Work:
        return cls(loop_size).block(stmts)

    @classmethod
    def stmt_work(cls, s: A.Stmt, loop_size: int) -> Work:
        """The bound of one statement; ``loop_size``: how many things a game's loop visits at most."""
        return cls(loop_size).stmt(s)

    def count_bound(self, e: A.Expr) -> int:
        """The largest value a count can take when the effect runs (never above ``MAX_COUNT``)."""
        return min(MAX_COUNT, self.upper(e))

    @classmethod
    def over_budget(cls, program: A.Program, total: int, play_work: int, loop_size: int, origin: Origin,
                    budget: int = WORK_BUDGET) -> CardError | None:
        """The error for an effect whose bound ``total`` exceeds the budget, at its outermost loop."""
        if total <= budget:
            return None
        bounds = cls(loop_size)
        culprit = bounds.culprit(program.body, play_work)
        where = Located(origin.file, culprit.pos.line, culprit.pos.col, origin.item)
        what = "this loop" if bounds.is_loop(culprit) else "this effect"
        return CardError(f"{what} may do too much work: up to {total:,} steps, the limit is {budget:,}", where,
                         hint=bounds.budget_hint())

    def budget_hint(self) -> str:
        """What makes the work of an effect large (a game adds its own loops and plays)."""
        return ("counts multiply through nested `repeat` and `for each other player` (a computed count counts as "
                f"{MAX_COUNT}, the other players as {self.max_seats - 1})")

    def is_loop(self, s: A.Stmt) -> bool:
        """Whether ``s`` repeats its block (a game adds its own loops)."""
        return isinstance(s, (A.Repeat, A.ForEachPlayer))

    def blocks(self, s: A.Stmt) -> list[tuple[A.Stmt, ...]]:
        """The blocks of statements ``s`` holds (a game adds those of its own statements)."""
        if isinstance(s, A.If):
            return [s.then, s.otherwise]
        if isinstance(s, A.ChooseOne):
            return list(s.options)
        if isinstance(s, (A.As, A.Repeat, A.ForEachPlayer, A.WhileInPlay, A.Trigger)):
            return [s.body]
        return []

    def culprit(self, stmts: tuple[A.Stmt, ...], play_work: int) -> A.Stmt:
        """The outermost loop on the path of the heaviest statements (or the heaviest statement)."""
        node: A.Stmt = max(stmts, key=lambda s: self.stmt(s).at(play_work))
        while not self.is_loop(node):
            children = [s for body in self.blocks(node) for s in body]
            if not children:
                return node
            node = max(children, key=lambda s: self.stmt(s).at(play_work))
        return node

    def block(self, stmts: tuple[A.Stmt, ...]) -> Work:
        total = NONE
        for s in stmts:
            total = total + self.stmt(s)
        return total

    def stmt(self, s: A.Stmt) -> Work:
        work: Work = self.visit("stmt", s)
        settled = self.settled(s)
        return work + Work(settled, 0) if settled else work

    def settled(self, s: A.Stmt) -> int:
        """The choices a statement may ask before it runs: one per superlative (on a tie) and per
        player chosen."""
        return sum(1 for _ in A.parts(s, A.SETTLED_PLAYERS))

    def stmt_If(self, s: A.If) -> Work:
        return ONE + _largest([self.block(s.then), self.block(s.otherwise)])

    def stmt_ChooseOne(self, s: A.ChooseOne) -> Work:
        return ONE + _largest([self.block(o) for o in s.options])

    def stmt_Repeat(self, s: A.Repeat) -> Work:
        return ONE + self.block(s.body).times(self.count_bound(s.count))

    def stmt_ForEachPlayer(self, s: A.ForEachPlayer) -> Work:
        return ONE + self.block(s.body).times(self.max_seats - 1)

    def stmt_As(self, s: A.As) -> Work:
        return ONE + self.block(s.body)

    def stmt_WhileInPlay(self, s: A.WhileInPlay) -> Work:
        # Abilities run later; a triggered one counts for every time it may fire in one action, so
        # a card's bound covers its triggers too.
        return self.block(s.body)

    def stmt_Trigger(self, s: A.Trigger) -> Work:
        return (ONE + self.block(s.body)).times(self.max_triggers)

    # One unit each: a single change, a single choice, or an ability's declaration.
    def one(self, s: A.Stmt) -> Work:
        return ONE

    def counted(self, amount: A.Expr) -> Work:
        """A statement done ``amount`` times (a card drawn, a card discarded…), one unit at least."""
        return Work(max(1, self.count_bound(amount)), 0)

    def declaration(self, s: A.Stmt) -> Work:
        """An ability that changes a rule (a game's: a hand limit, a number of dice) carries out nothing itself."""
        return NONE

    stmt_Nothing = one

    # ---- the largest value of a count ------------------------------------------------

    def upper(self, e: A.Expr) -> int:
        bound: int = self.visit("upper", e)
        return bound

    def upper_Num(self, e: A.Num) -> int:
        return e.value

    def upper_Arith(self, e: A.Arith) -> int:
        # Left-leaning sums can be long (up to the parser's nesting limit): walk them by hand.
        total, node = 0, cast(A.Expr, e)
        while isinstance(node, A.Arith):
            if node.op == "+":
                total += self.upper(node.right)
            node = node.left
        return total + self.upper(node)

    def computed(self, e: A.Expr) -> int:
        """Read from the position when the effect runs: counted at the cap the effect applies."""
        return MAX_COUNT

    upper_Var = computed

    def not_a_number(self, e: A.Expr) -> int:
        raise TypeError(f"a count must be a number, not {e!r} (the checker lets none through)")

    upper_Str = upper_PlayerRef = upper_Them = upper_BestPlayer = upper_ChosenPlayer = not_a_number
