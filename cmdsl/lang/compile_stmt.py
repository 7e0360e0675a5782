"""Checked statements → generator functions that yield the decisions they need (``compiler.py``
compiles a card's abilities on top of these, ``compile_expr.py`` its expressions and conditions)."""

from __future__ import annotations

from typing import ClassVar, Iterable, Iterator, TypeVar

from . import ast as A
from .ops import Steps
from .run import Run
from .text import Writer
from .work import MAX_COUNT
from .compile_expr import ExprCompiler, Step, Value

T = TypeVar("T")


class StmtCompiler(ExprCompiler):
    """Compiles the statements of one item's effect."""

    #: the rules text of the language (a game's, for its statements), for labels and prompts
    writer: ClassVar[type[Writer]] = Writer

    # ---- statements ----------------------------------------------------------------

    def block(self, stmts: tuple[A.Stmt, ...]) -> Step:
        # `while in play:` runs nothing now: its abilities are compiled apart (``abilities``).
        kept = [s for s in stmts if not isinstance(s, A.WhileInPlay)]
        steps = [self.stmt(s) for s in kept]
        for i in range(len(kept) - 1):
            if _tests_that(kept[i + 1]):
                steps[i] = _watched(steps[i])
        if len(steps) == 1:
            return steps[0]

        def run_block(r: Run) -> Steps:
            for step in steps:
                yield from step(r)
        return run_block

    def count(self, e: A.Expr) -> Value:
        if isinstance(e, A.Num):  # most counts are written as numbers: settle them now
            n = max(0, min(MAX_COUNT, e.value))
            return lambda r: n
        f = self.expr(e)
        return lambda r: max(0, min(MAX_COUNT, f(r) or 0))

    def stmt(self, s: A.Stmt) -> Step:
        own = [b for b in A.bests(s) if not (isinstance(s, A.ChooseState) and b is s.best)]
        # One statement names one state per superlative phrase: the same phrase twice is one value,
        # settled (and a tie broken) once (docs/language.md, "Superlatives").
        once: list[A.Best] = []
        for b in own:
            same = next((u for u in once if u == b), None)
            if same is None:
                once.append(b)
            else:
                self._best_keys[id(b)] = self.best_key(same)
        step: Step = self.visit("stmt", s, self.cause(s))
        return self.settle(once, step, self.cause(s)) if once else step

    def settle(self, bests: list[A.Best], step: Step, cause: str) -> Step:
        """``step``, after each superlative it reads is settled: when states tie, the acting
        player (the active player where nobody acts) chooses among them."""
        found = [(self.best_key(b), self.best_states(b),
                  f"the state with the {'most' if b.most else 'fewest'} {self.writer('en').measure(b.measure)} (several tie)")
                 for b in bests]

        def settled(r: Run) -> Steps:
            for key, best, what in found:
                tied = best(r, list(r.ops.in_play))
                if len(tied) > 1:
                    r.vars[key] = yield from r.ops.choose_state(r.decider, tied, what, cause)
                else:
                    r.vars[key] = tied[0] if tied else None
            yield from step(r)
        return settled

    def stmt_Gain(self, s: A.Gain, cause: str) -> Step:
        amount, issue, state = self.count(s.amount), self.expr(s.issue), self.expr(s.state)
        if isinstance(s.amount, A.Num) and s.amount.value == 1:  # the most common statement: no loop
            def gain_one(r: Run) -> Steps:
                live, iss = state(r), issue(r)
                r.ops.tick()
                yield from r.ops.gain(r.me, live, iss, cause)
            return gain_one

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
            card = yield from r.ops.choose_card_to_play(r.me, drawn, cause)
            if card is not None:
                yield from r.ops.play_card(r.me, card, nested=True, cause=cause)
        return draw_and_play

    def stmt_Discard(self, s: A.Discard, cause: str) -> Step:
        amount = self.count(s.amount)

        def discard(r: Run) -> Steps:
            for _ in range(amount(r)):
                card = yield from r.ops.choose_discard(r.me, cause)
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
                card = yield from r.ops.choose_discard_or_stop(r.me, n, cause)
                if card is None:
                    break
                r.ops.discard_from_hand(r.me, card, "effect", cause)
                n += 1
            r.vars[var] = n
        return discard_any

    def stmt_ChooseIssue(self, s: A.ChooseIssue, cause: str) -> Step:
        var = s.var

        def choose_issue(r: Run) -> Steps:
            r.vars[var] = yield from r.ops.choose_issue(r.me, cause)
        return choose_issue

    def stmt_ChooseCard(self, s: A.ChooseCard, cause: str) -> Step:
        var = s.var

        def choose_card(r: Run) -> Steps:
            r.vars[var] = yield from r.ops.choose_card(r.me, cause)
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

    stmt_RollDice = stmt_NewsTarget = stmt_Trigger = ability

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
        labels = [self.writer.option_text(o) for o in s.options]  # rules text, never effect source

        def choose_one(r: Run) -> Steps:
            i = yield from r.ops.choose_option(r.me, labels, cause)
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
        what = self.writer.state_choice_text(s)  # rules text, never effect source
        best = self.best_states(s.best) if s.best is not None else None

        def choose_state(r: Run) -> Steps:
            used = r.chosen.setdefault(key, set()) if different else None
            if where is None and used is None:  # `choose a state as S`: every state in play fits
                fits = list(r.ops.in_play)
                r.vars[var] = None
            else:
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


def _tests_that(s: A.Stmt) -> bool:
    """Whether ``s`` is an `if` (or `else if`) whose condition asks `that wins …`."""
    while isinstance(s, A.If):
        if _has_that(s.cond):
            return True
        if len(s.otherwise) != 1:
            return False
        s = s.otherwise[0]
    return False


def _has_that(c: A.Cond) -> bool:
    if isinstance(c, A.ThatWins):
        return True
    if isinstance(c, (A.And, A.Or)):
        return _has_that(c.left) or _has_that(c.right)
    return isinstance(c, A.Not) and _has_that(c.operand)


def _watched(step: Step) -> Step:
    """``step``, remembering the states won while it runs, for the `that wins` after it."""
    def watched(r: Run) -> Steps:
        before = len(r.ops.wins())
        yield from step(r)
        r.last = tuple(name for name, _ in r.ops.wins()[before:])
    return watched


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
