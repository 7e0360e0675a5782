"""Checked statements → generator functions that yield the decisions they need (``compiler.py``
compiles a card's abilities on top of these, ``compile_expr.py`` its expressions and conditions)."""

from __future__ import annotations

from typing import Any, Callable, ClassVar, Iterable, Iterator, Sequence, TypeVar

from . import ast as A
from .ops import Choice, Steps
from .run import Run
from .text import Writer
from .work import MAX_COUNT
from .compile_expr import ExprCompiler, Source, Step, Value

T = TypeVar("T")
#: What a statement that never asks anything does, as a plain function (``StmtCompiler.immediate``).
Now = Callable[[Run[Any]], None]
#: A statement's one choice, returning what was chosen (``StmtCompiler.keeping``).
Chooses = Callable[[Run[Any]], Choice[Any]]


class StmtCompiler(ExprCompiler):
    """Compiles the statements of one item's effect."""

    #: the rules text of the language (a game's, for its statements), for labels and prompts
    writer: ClassVar[type[Writer]] = Writer

    # ---- statements ----------------------------------------------------------------

    def __init__(self, item: str) -> None:
        super().__init__(item)
        # The steps of statements that never ask anything, each with the plain function that does
        # its work (``immediate``): a block, an option or a branch calls it, without making and
        # driving a generator that yields nothing.
        self._now: dict[Step, Now] = {}
        # The steps of statements that ask one choice and keep what was chosen in a variable
        # (``keeping``), each with that variable and the choice: a block stores the choice's value
        # itself, without a generator of the statement's own between the block's and the game's.
        self._kept: dict[Step, tuple[str, Chooses]] = {}
        # The steps made from a source whose value is the game's own steps (``handing_back``), each
        # with that source: a loop written as one function drives them in place.
        self._handed: dict[Step, Source] = {}
        # Whether the statements count their steps for the game's step limit (``GameOps.tick``):
        # yes unless the effect's bound shows it ends by itself (``Compiler.effect``, ``work.ends_unwatched``).
        self.ticks = True

    def immediate(self, now: Now) -> Step:
        """The step of a statement that never asks a decision, whose work ``now`` does: a step
        like any other for whoever drives steps, called directly by the blocks that hold it."""
        def step(r: Run[Any]) -> Steps:
            now(r)
            return
            yield  # pragma: no cover - makes this a generator
        self._now[step] = now
        return step

    def keeping(self, var: str, choose: Chooses) -> Step:
        """The step of a statement whose work is the choice ``choose`` (the game's), what was chosen
        kept in ``var``: a step like any other for whoever drives steps; the blocks that hold it
        drive the choice and store its value themselves (``block``)."""
        def step(r: Run[Any]) -> Steps:
            r.vars[var] = yield from choose(r)
        self._kept[step] = (var, choose)
        return step

    def handing_back(self, source: Source) -> Step:
        """The step whose work is the game's steps that ``source`` reads (``yield from`` drives
        them in its place): one function, with no generator of its own."""
        step: Step = self.made(source)
        self._handed[step] = source
        return step

    def handed(self, step: Step) -> Source | None:
        """``step``'s source, where it hands back the game's steps (``handing_back``)."""
        return self._handed.get(step)

    def now(self, step: Step) -> Now | None:
        """``step``'s plain function, where its statement never asks anything (``immediate``)."""
        return self._now.get(step)

    def block(self, stmts: tuple[A.Stmt, ...]) -> Step:
        kept = [s for s in stmts if self.runs_now(s)]
        steps = [self.stmt(s) for s in kept]
        for i in range(len(kept) - 1):
            steps[i] = self.followed(steps[i], kept[i + 1])
        if len(steps) == 1:
            return steps[0]
        nows = [self.now(step) for step in steps]
        plain = [n for n in nows if n is not None]
        if len(plain) == len(nows):  # nothing in the block asks anything: so is the block
            def run_now(r: Run[Any]) -> None:
                for now in plain:
                    now(r)
            return self.immediate(run_now)
        parts = tuple((now, self._kept.get(step), step) for now, step in zip(nows, steps))

        def run_block(r: Run[Any]) -> Steps:
            for now, kept, step in parts:
                if now is not None:
                    now(r)
                elif kept is not None:  # ``step``'s work, without its generator (``keeping``)
                    r.vars[kept[0]] = yield from kept[1](r)
                else:
                    yield from step(r)
        return run_block

    def settled(self, e: A.Expr) -> int | None:
        """A count written as a number, settled now as every count is (0 to ``MAX_COUNT``); None
        for a count read when the effect runs."""
        return max(0, min(MAX_COUNT, e.value)) if isinstance(e, A.Num) else None

    def count(self, e: A.Expr) -> Value:
        n = self.settled(e)
        if n is not None:  # most counts are written as numbers: settle them now
            return lambda r: n
        f = self.expr(e)
        return lambda r: max(0, min(MAX_COUNT, f(r) or 0))

    def runs_now(self, s: A.Stmt) -> bool:
        """Whether a statement of a block runs when the block does: `while in play:` runs nothing
        now (its abilities are compiled apart: ``Compiler.abilities``)."""
        return not isinstance(s, A.WhileInPlay)

    def followed(self, step: Step, after: A.Stmt) -> Step:
        """``step``, as the statement ``after`` needs it (a game's may look back at what it did)."""
        return step

    def stmt(self, s: A.Stmt) -> Step:
        first = self.before(s)  # before the statement is compiled: it may decide what its parts read
        step: Step = self.visit("stmt", s, self.cause(s))
        return first(step) if first is not None else step

    def before(self, s: A.Stmt) -> Callable[[Step], Step] | None:
        """What makes a statement's step run after what it needs settled first: each superlative it
        reads (a game adds its own); None: nothing."""
        found = self.once(list(A.parts(s, A.SETTLED_PLAYERS)))  # innermost first: a chooser before its choice
        if not found:
            return None
        settles = [self.settle_player(e, self.cause(s)) for e in found]

        def first(step: Step) -> Step:
            def settled(r: Run[Any]) -> Steps:
                for settle in settles:
                    yield from settle(r)
                yield from step(r)
            return settled
        return first

    def settle_player(self, e: A.Node, cause: str) -> Step:
        """Who a superlative or a choice over players names, kept for the statement that reads it."""
        key = self.best_key(e)
        if isinstance(e, A.BestPlayer):
            measure, most = self.expr(e.measure), e.most

            def best(r: Run[Any]) -> Steps:
                # on a tie, the acting player (the active one where nobody acts) chooses
                r.vars[key] = yield from _pick(r, r.decider, best_of(r, measure, most, _from_next(r.ops.seats, r.decider)),
                                               cause)
            return best
        assert isinstance(e, A.ChosenPlayer)
        chooser, other = self.expr(e.chooser), e.other

        def chosen(r: Run[Any]) -> Steps:
            who = chooser(r)
            r.vars[key] = yield from _pick(r, who, [s for s in _from_next(r.ops.seats, who) if not (other and s == who)],
                                           cause)
        return chosen

    def once(self, found: list[Any]) -> list[A.Node]:
        """The superlatives of one statement, each phrase once: the same phrase twice is one value,
        settled (and a tie broken) once (docs/language.md, "Superlatives")."""
        once: list[A.Node] = []
        for b in found:
            same = next((u for u in once if u == b), None)
            if same is None:
                once.append(b)
            else:
                self._best_keys[id(b)] = self.best_key(same)
        return once

    def stmt_Nothing(self, s: A.Nothing, cause: str) -> Step:
        def nothing(r: Run[Any]) -> None:
            return None
        return self.immediate(nothing)

    def stmt_If(self, s: A.If, cause: str) -> Step:
        test, then = self.cond(s.cond), self.block(s.then)
        otherwise = self.block(s.otherwise) if s.otherwise else None
        then_now, otherwise_now = self.now(then), self.now(otherwise) if otherwise is not None else None
        if then_now is not None and (otherwise is None or otherwise_now is not None):
            def if_now(r: Run[Any]) -> None:
                if test(r):
                    then_now(r)
                elif otherwise_now is not None:
                    otherwise_now(r)
            return self.immediate(if_now)

        def if_(r: Run[Any]) -> Steps:
            if test(r):
                if then_now is None:
                    yield from then(r)
                else:
                    then_now(r)
            elif otherwise is not None:
                if otherwise_now is None:
                    yield from otherwise(r)
                else:
                    otherwise_now(r)
        return if_

    def stmt_Repeat(self, s: A.Repeat, cause: str) -> Step:
        count, body, ticks = self.count(s.count), self.block(s.body), self.ticks
        body_now = self.now(body)
        if body_now is not None:
            def repeat_now(r: Run[Any]) -> None:
                for _ in _loop(r, range(count(r)), ticks):
                    body_now(r)
            return self.immediate(repeat_now)

        def repeat(r: Run[Any]) -> Steps:
            for _ in _loop(r, range(count(r)), ticks):
                yield from body(r)
        return repeat

    def stmt_ForEachPlayer(self, s: A.ForEachPlayer, cause: str) -> Step:
        var, body, ticks = s.var, self.block(s.body), self.ticks
        body_now = self.now(body)
        if body_now is not None:
            def for_each_player_now(r: Run[Any]) -> None:
                for seat in _loop(r, _from_next(r.ops.seats, r.me)[:-1], ticks):
                    r.vars[var] = seat
                    body_now(r)
            return self.immediate(for_each_player_now)

        def for_each_player(r: Run[Any]) -> Steps:
            for seat in _loop(r, _from_next(r.ops.seats, r.me)[:-1], ticks):  # in seat order, from the next one
                r.vars[var] = seat
                yield from body(r)
        return for_each_player

    def stmt_As(self, s: A.As, cause: str) -> Step:
        who, body = self.expr(s.player), self.block(s.body)
        body_now = self.now(body)
        if body_now is not None:
            return self.immediate(lambda r: body_now(r.as_(who(r))))

        def as_(r: Run[Any]) -> Steps:  # the body's steps, handed back: ``yield from`` drives them
            return body(r.as_(who(r)))
        return as_

    def stmt_ChooseOne(self, s: A.ChooseOne, cause: str) -> Step:
        bodies = [self.block(o) for o in s.options]
        nows = [self.now(b) for b in bodies]
        labels = [self.writer.option_text(o) for o in s.options]  # rules text, never effect source

        def choose_one(r: Run[Any]) -> Steps:
            i = yield from r.ops.choose_option(r.me, labels, cause)
            now = nows[i]
            if now is None:
                yield from bodies[i](r)
            else:
                now(r)
        return choose_one

    def stmt_WhileInPlay(self, s: A.WhileInPlay, cause: str) -> Step:
        # ``block`` leaves these out; here for a body given alone: nothing runs now.
        return self.stmt_Nothing(A.Nothing(pos=s.pos), cause)

    def ability(self, s: A.Stmt, cause: str) -> Step:
        """Abilities are not steps: ``Compiler.abilities`` compiles them for the game to call."""
        raise TypeError(f"cannot compile {s!r} as a step: abilities stand only inside `while in play:` "
                        "(the checker lets no other through)")

    stmt_Trigger = ability


def _from_next(seats: Sequence[T], who: Any) -> list[T]:
    """The seats in turn order from the one after ``who``, ``who`` last: every seat lists the
    others in the same order round the table, so no seat is always first (a bot that takes the
    first option would always pick on it)."""
    seats = list(seats)
    at = seats.index(who) if who in seats else len(seats) - 1
    return seats[at + 1:] + seats[:at + 1]


def _pick(r: Run[Any], who: Any, among: list[T], cause: str) -> Choice[T]:
    """One of ``among``, chosen by ``who`` where there is a choice."""
    if len(among) == 1:
        return among[0]
    index: int = yield from r.ops.choose_option(who, [str(s) for s in among], cause)
    return among[index]


def best_of(r: Run[Any], measure: Value, most: bool, among: list[T]) -> list[T]:
    """Those of ``among`` whose ``measure`` (read with ``r.it`` standing for each) is highest
    (``most``) or lowest: more than one on a tie, none of none."""
    saved, values = r.it, []
    try:
        for item in among:
            r.it = item
            values.append(measure(r) or 0)
    finally:
        r.it = saved
    if not values:
        return []
    top = max(values) if most else min(values)
    return [item for item, v in zip(among, values) if v == top]


def _loop(r: Run[Any], items: Iterable[T], ticks: bool) -> Iterator[T]:
    """The turns of a `repeat` or `for each`: each counts a step (the engine's backstop) where
    ``ticks`` (``StmtCompiler.ticks``), and a game's `choose a different …` inside remembers its
    choices for this loop only."""
    saved, r.chosen = r.chosen, {}
    try:
        for item in items:
            if ticks:
                r.ops.tick()
            yield item
    finally:
        r.chosen = saved
