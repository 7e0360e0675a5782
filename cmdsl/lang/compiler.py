"""Checked AST → closures (DESIGN property 8: compiled, not walked).

An expression becomes ``f(run) -> value``; a statement becomes a generator function
``f(run)`` that yields the decisions it needs. Names are resolved here, once, not per run.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator, TypeVar

from ..model import Side
from . import ast as A
from . import render
from .checker import Checked
from .ops import Choice, GameOps, State, Steps
from .run import Run
from .text import option_text
from .visitor import CONDS, EXPRS, STMTS, Visitor
from .work import MAX_COUNT

T = TypeVar("T")

Value = Callable[[Run], Any]
Step = Callable[[Run], Steps]

_CMP = {"=": operator.eq, "!=": operator.ne, "<": operator.lt, ">": operator.gt,
        "<=": operator.le, ">=": operator.ge}


@dataclass(frozen=True)
class Abilities:
    """A Media Support card's ongoing abilities, compiled (R4.4, R10.2)."""

    rolls: Callable[[GameOps, Side, Side], int | None]  # (game, owner, roller) → dice, or None
    news: Callable[[GameOps, Side, State], Choice[State]] | None  # (game, owner, new state) → target


@dataclass(frozen=True)
class Compiled:
    run: Step
    abilities: Abilities | None


class Compiler(Visitor):
    families = {"expr": EXPRS, "cond": CONDS, "stmt": STMTS}

    def __init__(self, item: str) -> None:
        self.item = item  # the card id, for events' causes
        self._ids = 0

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

    def expr_Arith(self, e: A.Arith) -> Value:
        left, right = self.expr(e.left), self.expr(e.right)
        if e.op == "+":
            return lambda r: (left(r) or 0) + (right(r) or 0)
        return lambda r: (left(r) or 0) - (right(r) or 0)

    def expr_BlocksOf(self, e: A.BlocksOf) -> Value:
        who, issue, state = self.expr(e.player), self.expr(e.issue), self.expr(e.state)
        return lambda r: r.ops.blocks(state(r), who(r), issue(r))

    def expr_Of(self, e: A.Of) -> Value:
        sub = self.expr(e.subject)
        if e.prop == "majority":
            return lambda r: r.ops.majority(sub(r))
        if e.prop == "minority":
            return lambda r: r.ops.minority(sub(r))
        if e.prop == "key":
            return lambda r: r.ops.key(sub(r))
        if e.prop == "votes":
            return lambda r: r.ops.votes(sub(r))
        if e.prop == "score":
            return lambda r: r.ops.score(sub(r))
        if e.prop == "hand_size":
            return lambda r: r.ops.hand_size(sub(r))
        raise TypeError(f"cannot compile {e!r}: no property {e.prop!r}")

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

    def cond_Compare(self, c: A.Compare) -> Callable[[Run], bool]:
        left, right, op = self.expr(c.left), self.expr(c.right), _CMP[c.op]

        def compare(r: Run) -> bool:
            a, b = left(r), right(r)
            if a is None or b is None:  # a state no longer in play matches nothing
                return False
            return bool(op(a, b))
        return compare

    # ---- statements ----------------------------------------------------------------

    def block(self, stmts: tuple[A.Stmt, ...]) -> Step:
        # `while in play:` runs nothing now: its abilities are compiled apart (``abilities``).
        steps = [self.stmt(s) for s in stmts if not isinstance(s, A.WhileInPlay)]
        if len(steps) == 1:
            return steps[0]

        def run_block(r: Run) -> Steps:
            for step in steps:
                yield from step(r)
        return run_block

    def count(self, e: A.Expr) -> Value:
        f = self.expr(e)
        return lambda r: max(0, min(MAX_COUNT, f(r) or 0))

    def stmt(self, s: A.Stmt) -> Step:
        step: Step = self.visit("stmt", s, self.cause(s))
        return step

    def stmt_Gain(self, s: A.Gain, cause: str) -> Step:
        amount, issue, state = self.count(s.amount), self.expr(s.issue), self.expr(s.state)

        def gain(r: Run) -> Steps:
            live, iss = state(r), issue(r)
            for _ in range(amount(r)):
                r.ops.tick()
                yield from r.ops.gain(r.me, live, iss, cause)
        return gain

    def stmt_Shift(self, s: A.Shift, cause: str) -> Step:
        state, amount, issue = self.expr(s.state), self.count(s.amount), self.expr(s.issue)

        def shift(r: Run) -> Steps:
            yield from r.ops.shift(state(r), amount(r), issue(r), cause)
        return shift

    def stmt_Alter(self, s: A.Alter, cause: str) -> Step:
        state = self.expr(s.state)

        def alter(r: Run) -> Steps:
            r.ops.alter(state(r), cause)
            return
            yield  # pragma: no cover - makes this a generator
        return alter

    def stmt_DemographicSupport(self, s: A.DemographicSupport, cause: str) -> Step:
        group = self.expr(s.group)

        def demographic(r: Run) -> Steps:
            yield from r.ops.demographic_support(r.me, group(r), cause)
        return demographic

    def stmt_Draw(self, s: A.Draw, cause: str) -> Step:
        amount = self.count(s.amount)

        def draw(r: Run) -> Steps:
            r.ops.draw_cards(r.me, amount(r), cause)
            return
            yield  # pragma: no cover
        return draw

    def stmt_DrawAndPlay(self, s: A.DrawAndPlay, cause: str) -> Step:
        amount = self.count(s.amount)

        def draw_and_play(r: Run) -> Steps:
            drawn = r.ops.draw_cards(r.me, amount(r), cause)
            card = yield from r.ops.choose_card_to_play(r.me, drawn)
            if card is not None:
                yield from r.ops.play_card(r.me, card, nested=True, cause=cause)
        return draw_and_play

    def stmt_Discard(self, s: A.Discard, cause: str) -> Step:
        amount = self.count(s.amount)

        def discard(r: Run) -> Steps:
            for _ in range(amount(r)):
                card = yield from r.ops.choose_discard(r.me)
                if card is None:
                    return
                r.ops.discard_from_hand(r.me, card, "effect", cause)
        return discard

    def stmt_DiscardAny(self, s: A.DiscardAny, cause: str) -> Step:
        var = s.var

        def discard_any(r: Run) -> Steps:
            n = 0
            while True:
                r.ops.tick()
                card = yield from r.ops.choose_discard_or_stop(r.me, n)
                if card is None:
                    break
                r.ops.discard_from_hand(r.me, card, "effect", cause)
                n += 1
            r.vars[var] = n
        return discard_any

    def stmt_ChooseIssue(self, s: A.ChooseIssue, cause: str) -> Step:
        var = s.var

        def choose_issue(r: Run) -> Steps:
            r.vars[var] = yield from r.ops.choose_issue(r.me)
        return choose_issue

    def stmt_ChooseCard(self, s: A.ChooseCard, cause: str) -> Step:
        var = s.var

        def choose_card(r: Run) -> Steps:
            r.vars[var] = yield from r.ops.choose_card(r.me)
        return choose_card

    def stmt_PlayCard(self, s: A.PlayCard, cause: str) -> Step:
        var = s.var

        def play(r: Run) -> Steps:
            cid = r.vars.get(var)
            if cid is not None and r.ops.in_hand(r.me, cid) and r.ops.playable(r.me, cid):
                yield from r.ops.play_card(r.me, cid, nested=True, cause=cause)
        return play

    def stmt_DiscardCard(self, s: A.DiscardCard, cause: str) -> Step:
        var = s.var

        def discard_card(r: Run) -> Steps:
            cid = r.vars.get(var)
            if cid is not None and r.ops.in_hand(r.me, cid):
                r.ops.discard_from_hand(r.me, cid, "effect", cause)
            return
            yield  # pragma: no cover
        return discard_card

    def stmt_Nothing(self, s: A.Nothing, cause: str) -> Step:
        def nothing(r: Run) -> Steps:
            return
            yield  # pragma: no cover
        return nothing

    def ability(self, s: A.RollDice | A.NewsTarget, cause: str) -> Step:
        """Abilities are not steps: ``abilities`` compiles them for the game to call."""
        raise TypeError(f"cannot compile {s!r} as a step: abilities stand only inside `while in play:` "
                        "(the checker lets no other through)")

    stmt_RollDice = stmt_NewsTarget = ability

    def stmt_If(self, s: A.If, cause: str) -> Step:
        test, then = self.cond(s.cond), self.block(s.then)
        otherwise = self.block(s.otherwise) if s.otherwise else None

        def if_(r: Run) -> Steps:
            if test(r):
                yield from then(r)
            elif otherwise is not None:
                yield from otherwise(r)
        return if_

    def stmt_ForEach(self, s: A.ForEach, cause: str) -> Step:
        var, body = s.var, self.block(s.body)
        where = self.cond(s.where) if s.where is not None else None

        def for_each(r: Run) -> Steps:
            for state in _loop(r, list(r.ops.in_play)):  # the states in play when the loop starts
                if not r.ops.still_in_play(state):
                    continue
                r.vars[var] = state
                if where is None or where(r):
                    yield from body(r)
        return for_each

    def stmt_Repeat(self, s: A.Repeat, cause: str) -> Step:
        count, body = self.count(s.count), self.block(s.body)

        def repeat(r: Run) -> Steps:
            for _ in _loop(r, range(count(r))):
                yield from body(r)
        return repeat

    def stmt_As(self, s: A.As, cause: str) -> Step:
        who, body = self.expr(s.player), self.block(s.body)

        def as_(r: Run) -> Steps:
            yield from body(r.as_(who(r)))
        return as_

    def stmt_ChooseOne(self, s: A.ChooseOne, cause: str) -> Step:
        bodies = [self.block(o) for o in s.options]
        labels = [option_text(o) for o in s.options]  # rules text, never effect source

        def choose_one(r: Run) -> Steps:
            i = yield from r.ops.choose_option(r.me, labels)
            yield from bodies[i](r)
        return choose_one

    def stmt_WhileInPlay(self, s: A.WhileInPlay, cause: str) -> Step:
        # ``block`` leaves these out; here for a body given alone: nothing runs now.
        return self.stmt_Nothing(A.Nothing(pos=s.pos), cause)

    def stmt_ChooseState(self, s: A.ChooseState, cause: str) -> Step:
        return self.choose_state(s, cause)

    def choose_state(self, s: A.ChooseState, cause: str) -> Step:
        var, different = s.var, s.different
        where = self.cond(s.where) if s.where is not None else None
        self._ids += 1
        key = self._ids
        what = "a different state" if different else "a state"
        if s.where is not None:
            what += f" where {render.cond(s.where)}"

        def choose_state(r: Run) -> Steps:
            used = r.chosen.setdefault(key, set()) if different else set()
            fits = []
            for state in r.ops.in_play:
                if state in used:
                    continue
                r.vars[var] = state
                if where is None or where(r):
                    fits.append(state)
            r.vars[var] = None
            chosen = yield from r.ops.choose_state(r.me, fits, what, cause)
            if chosen is not None:
                r.vars[var] = chosen
                used.add(chosen)
        return choose_state

    # ---- abilities ---------------------------------------------------------------

    def abilities(self, stmts: tuple[A.Stmt, ...]) -> Abilities | None:
        if not stmts:
            return None
        rolls: list[tuple[Value, Value]] = []
        news = None
        for s in stmts:
            if isinstance(s, A.RollDice):
                rolls.append((self.expr(s.player), self.count(s.count)))
            elif isinstance(s, A.NewsTarget):
                news = self.news_target(s)

        def roll_count(game: GameOps, owner: Side, roller: Side) -> int | None:
            r = Run(game, owner)
            for who, n in rolls:
                if who(r) is roller:
                    return int(n(r))
            return None
        return Abilities(roll_count, news)

    def news_target(self, s: A.NewsTarget) -> Callable[[GameOps, Side, State], Choice[State]]:
        chooser = self.expr(s.chooser) if s.chooser is not None else None
        rule = s.rule

        def target(game: GameOps, owner: Side, new: State) -> Choice[State]:
            states = list(game.in_play)
            if not states:
                return new
            if rule == "chosen":
                assert chooser is not None
                return (yield from game.choose_news_target(chooser(Run(game, owner)), states))
            pick = max if rule == "most" else min
            return pick(states, key=game.votes)  # ties: the first in slot order
        return target


def compile_effect(checked: Checked, item: str) -> Compiled:
    c = Compiler(item)
    return Compiled(c.block(checked.program.body), c.abilities(checked.abilities))


def _loop(r: Run, items: Iterable[T]) -> Iterator[T]:
    """The turns of a `repeat` or `for each`: each counts a step (the engine's backstop), and
    `choose a different state` inside remembers its choices for this loop only."""
    saved, r.chosen = r.chosen, {}
    try:
        for item in items:
            r.ops.tick()
            yield item
    finally:
        r.chosen = saved
