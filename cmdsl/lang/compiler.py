"""Checked AST → closures (DESIGN property 8: compiled, not walked).

An expression becomes ``f(run) -> value``; a statement becomes a generator function
``f(run)`` that yields the decisions it needs. Names are resolved here, once, not per run.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from typing import Any, Callable, Generator

from ..game import events as E
from ..game.decisions import Decision, Option
from ..game.engine import Game, Run
from ..game.position import LiveState
from ..model import ISSUES, Side
from . import ast as A
from . import render
from .checker import Checked
from .text import option_text
from .work import MAX_COUNT

Value = Callable[[Run], Any]
Steps = Generator[Decision, Option, None]
Step = Callable[[Run], Steps]

_CMP = {"=": operator.eq, "!=": operator.ne, "<": operator.lt, ">": operator.gt,
        "<=": operator.le, ">=": operator.ge}


@dataclass(frozen=True)
class Abilities:
    """A Media Support card's ongoing abilities, compiled (R4.4, R10.2)."""

    rolls: Callable[[Game, Side, Side], int | None]  # (game, owner, roller) → dice, or None
    news: Callable[[Game, Side, LiveState], Generator[Decision, Option, LiveState]] | None


@dataclass(frozen=True)
class Compiled:
    run: Step
    abilities: Abilities | None


class Compiler:
    def __init__(self, item: str) -> None:
        self.item = item  # the card id, for events' causes
        self._ids = 0

    def cause(self, node: A.Node) -> str:
        return f"{self.item}:{node.pos.line}"

    # ---- expressions -----------------------------------------------------------

    def expr(self, e: A.Expr) -> Value:
        if isinstance(e, A.Num):
            v = e.value
            return lambda r: v
        if isinstance(e, A.StateName):
            name = e.name
            return lambda r: r.game.live(name)
        if isinstance(e, A.GroupName):
            g = e.name
            return lambda r: g
        if isinstance(e, A.IssueLit):
            i = e.issue
            return lambda r: i
        if isinstance(e, A.Var):
            n = e.name
            return lambda r: r.vars.get(n)
        if isinstance(e, A.PlayerRef):
            return self.player(e)
        if isinstance(e, A.NewsState):
            return lambda r: r.news
        if isinstance(e, A.Arith):
            left, right = self.expr(e.left), self.expr(e.right)
            if e.op == "+":
                return lambda r: (left(r) or 0) + (right(r) or 0)
            return lambda r: (left(r) or 0) - (right(r) or 0)
        if isinstance(e, A.BlocksOf):
            who, issue, state = self.expr(e.player), self.expr(e.issue), self.expr(e.state)

            def blocks(r: Run) -> int:
                s = state(r)
                return s.count(who(r), issue(r)) if s is not None and s.in_play else 0
            return blocks
        if isinstance(e, A.Of):
            sub = self.expr(e.subject)
            if e.prop == "majority":
                return lambda r: _maybe(sub(r), lambda s: s.majority)
            if e.prop == "minority":
                return lambda r: _maybe(sub(r), lambda s: s.minority)
            if e.prop == "key":
                return lambda r: _maybe(sub(r), lambda s: s.key)
            if e.prop == "votes":
                return lambda r: _maybe(sub(r), lambda s: s.tile.ev) or 0
            if e.prop == "score":
                return lambda r: r.game.players[sub(r)].score
            if e.prop == "hand_size":
                return lambda r: len(r.game.players[sub(r)].hand)
        raise TypeError(f"cannot compile {e!r}")  # pragma: no cover

    def player(self, e: A.PlayerRef) -> Value:
        who = e.who
        if who == "you":
            return lambda r: r.actor
        if who == "opponent":
            return lambda r: r.me.other
        if who == "active":
            return lambda r: r.game.active
        side = Side(who)
        return lambda r: side

    def cond(self, c: A.Cond) -> Callable[[Run], bool]:
        if isinstance(c, A.And):
            a, b = self.cond(c.left), self.cond(c.right)
            return lambda r: a(r) and b(r)
        if isinstance(c, A.Or):
            a, b = self.cond(c.left), self.cond(c.right)
            return lambda r: a(r) or b(r)
        if isinstance(c, A.Not):
            a = self.cond(c.operand)
            return lambda r: not a(r)
        if isinstance(c, A.Leads):
            who = self.expr(c.player)

            def leads(r: Run) -> bool:
                p = who(r)
                return r.game.players[p].score > r.game.players[p.other].score
            return leads
        if isinstance(c, A.MediaInPlay):
            if c.player is None:
                return lambda r: r.game.media is not None
            owner = self.expr(c.player)
            return lambda r: r.game.media is not None and r.game.media[1] is owner(r)
        if isinstance(c, A.Compare):
            left, right, op = self.expr(c.left), self.expr(c.right), _CMP[c.op]

            def compare(r: Run) -> bool:
                a, b = left(r), right(r)
                if a is None or b is None:  # a state no longer in play matches nothing
                    return False
                return bool(op(a, b))
            return compare
        raise TypeError(f"cannot compile {c!r}")  # pragma: no cover

    # ---- statements ----------------------------------------------------------------

    def block(self, stmts: tuple[A.Stmt, ...]) -> Step:
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

    def stmt(self, s: A.Stmt) -> Step:  # noqa: C901 - one branch per statement kind
        cause = self.cause(s)
        if isinstance(s, A.Gain):
            amount, issue, state = self.count(s.amount), self.expr(s.issue), self.expr(s.state)

            def gain(r: Run) -> Steps:
                live, iss = state(r), issue(r)
                for _ in range(amount(r)):
                    r.game.tick()
                    yield from r.game.gain(r.me, live, iss, cause)
            return gain
        if isinstance(s, A.Shift):
            state, amount, issue = self.expr(s.state), self.count(s.amount), self.expr(s.issue)

            def shift(r: Run) -> Steps:
                yield from r.game.shift(state(r), amount(r), issue(r), cause)
            return shift
        if isinstance(s, A.Alter):
            state = self.expr(s.state)

            def alter(r: Run) -> Steps:
                r.game.alter(state(r), cause)
                return
                yield  # pragma: no cover - makes this a generator
            return alter
        if isinstance(s, A.DemographicSupport):
            group = self.expr(s.group)

            def demographic(r: Run) -> Steps:
                yield from r.game.demographic_support(r.me, group(r), cause)
            return demographic
        if isinstance(s, A.Draw):
            amount = self.count(s.amount)

            def draw(r: Run) -> Steps:
                r.game.draw_cards(r.me, amount(r), cause)
                return
                yield  # pragma: no cover
            return draw
        if isinstance(s, A.DrawAndPlay):
            amount = self.count(s.amount)

            def draw_and_play(r: Run) -> Steps:
                g = r.game
                drawn = g.draw_cards(r.me, amount(r), cause)
                opts = [o for o in g.hand_options(r.me, drawn) if g.playable(r.me, o.value)]
                if not opts:
                    return
                opt = yield from g.ask(Decision(r.me, "card", "play one of the cards just drawn", tuple(opts)))
                yield from g.play_card(r.me, opt.value, nested=True, cause=cause)
            return draw_and_play
        if isinstance(s, A.Discard):
            amount = self.count(s.amount)

            def discard(r: Run) -> Steps:
                g = r.game
                for _ in range(amount(r)):
                    opts = g.hand_options(r.me)
                    if not opts:
                        return
                    opt = yield from g.ask(Decision(r.me, "discard", "discard a card", tuple(opts)))
                    g.discard_from_hand(r.me, opt.value, "effect", cause)
            return discard
        if isinstance(s, A.DiscardAny):
            var = s.var

            def discard_any(r: Run) -> Steps:
                g = r.game
                n = 0
                while True:
                    g.tick()
                    opts = g.hand_options(r.me)
                    if not opts:
                        break
                    done = Option("done", f"stop discarding ({n} discarded)")
                    opt = yield from g.ask(Decision(r.me, "discard", "discard a card, or stop",
                                                    (done, *opts)))
                    if opt.id == "done":
                        break
                    g.discard_from_hand(r.me, opt.value, "effect", cause)
                    n += 1
                r.vars[var] = n
            return discard_any
        if isinstance(s, A.ChooseState):
            return self.choose_state(s, cause)
        if isinstance(s, A.ChooseIssue):
            var = s.var
            opts = tuple(Option(f"issue:{i}", i.title(), i) for i in ISSUES)

            def choose_issue(r: Run) -> Steps:
                opt = yield from r.game.ask(Decision(r.me, "issue", "choose an issue", opts))
                r.vars[var] = opt.value
            return choose_issue
        if isinstance(s, A.ChooseCard):
            var = s.var

            def choose_card(r: Run) -> Steps:
                opts = r.game.hand_options(r.me)
                r.vars[var] = None
                if opts:
                    opt = yield from r.game.ask(Decision(r.me, "card", "choose a card from your hand", tuple(opts)))
                    r.vars[var] = opt.value
            return choose_card
        if isinstance(s, A.PlayCard):
            var = s.var

            def play(r: Run) -> Steps:
                cid = r.vars.get(var)
                g = r.game
                if cid is not None and cid in g.players[r.me].hand and g.playable(r.me, cid):
                    yield from g.play_card(r.me, cid, nested=True, cause=cause)
            return play
        if isinstance(s, A.DiscardCard):
            var = s.var

            def discard_card(r: Run) -> Steps:
                cid = r.vars.get(var)
                if cid is not None and cid in r.game.players[r.me].hand:
                    r.game.discard_from_hand(r.me, cid, "effect", cause)
                return
                yield  # pragma: no cover
            return discard_card
        if isinstance(s, A.Nothing):
            def nothing(r: Run) -> Steps:
                return
                yield  # pragma: no cover
            return nothing
        if isinstance(s, A.If):
            test, then = self.cond(s.cond), self.block(s.then)
            otherwise = self.block(s.otherwise) if s.otherwise else None

            def if_(r: Run) -> Steps:
                if test(r):
                    yield from then(r)
                elif otherwise is not None:
                    yield from otherwise(r)
            return if_
        if isinstance(s, A.ForEach):
            var, body = s.var, self.block(s.body)
            where = self.cond(s.where) if s.where is not None else None

            def for_each(r: Run) -> Steps:
                saved = r.chosen
                r.chosen = {}
                for live in list(r.game.in_play):  # the states in play when the loop starts
                    r.game.tick()
                    if not live.in_play:
                        continue
                    r.vars[var] = live
                    if where is None or where(r):
                        yield from body(r)
                r.chosen = saved
            return for_each
        if isinstance(s, A.Repeat):
            count, body = self.count(s.count), self.block(s.body)

            def repeat(r: Run) -> Steps:
                saved = r.chosen
                r.chosen = {}
                for _ in range(count(r)):
                    r.game.tick()
                    yield from body(r)
                r.chosen = saved
            return repeat
        if isinstance(s, A.As):
            who, body = self.expr(s.player), self.block(s.body)

            def as_(r: Run) -> Steps:
                yield from body(r.as_(who(r)))
            return as_
        if isinstance(s, A.ChooseOne):
            bodies = [self.block(o) for o in s.options]
            labels = [option_text(o) for o in s.options]  # rules text, never effect source

            def choose_one(r: Run) -> Steps:
                opts = tuple(Option(f"option:{i + 1}", labels[i], i) for i in range(len(bodies)))
                opt = yield from r.game.ask(Decision(r.me, "option", "choose one", opts))
                yield from bodies[opt.value](r)
            return choose_one
        raise TypeError(f"cannot compile {s!r}")  # pragma: no cover

    def choose_state(self, s: A.ChooseState, cause: str) -> Step:
        var, different = s.var, s.different
        where = self.cond(s.where) if s.where is not None else None
        self._ids += 1
        key = self._ids
        what = "a different state" if different else "a state"
        text = render.cond(s.where) if s.where is not None else ""

        def choose_state(r: Run) -> Steps:
            g = r.game
            used = r.chosen.setdefault(key, set()) if different else set()
            fits = []
            for live in g.in_play:
                if live.name in used:
                    continue
                r.vars[var] = live
                if where is None or where(r):
                    fits.append(live)
            r.vars[var] = None
            if not fits:
                g.emit(E.NothingToChoose(r.me, f"{what}{' where ' + text if text else ''}", cause=cause))
                return
            opt = yield from g.ask(Decision(
                r.me, "state", f"choose {what}" + (f" where {text}" if text else ""),
                tuple(Option(f"state:{x.tile.slug}", x.name, x) for x in fits)))
            r.vars[var] = opt.value
            used.add(opt.value.name)
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

        def roll_count(game: Game, owner: Side, roller: Side) -> int | None:
            r = Run(game, owner)
            for who, n in rolls:
                if who(r) is roller:
                    return int(n(r))
            return None
        return Abilities(roll_count, news)

    def news_target(self, s: A.NewsTarget) -> Callable[[Game, Side, LiveState], Generator[Decision, Option, LiveState]]:
        chooser = self.expr(s.chooser) if s.chooser is not None else None
        rule = s.rule

        def target(game: Game, owner: Side, new: LiveState) -> Generator[Decision, Option, LiveState]:
            states = list(game.in_play)
            if not states:
                return new
            if rule == "chosen":
                assert chooser is not None
                who = chooser(Run(game, owner))
                opt = yield from game.ask(Decision(
                    who, "news-target", "choose the state the Breaking News affects",
                    tuple(Option(f"state:{x.tile.slug}", x.name, x) for x in states)))
                return opt.value
            pick = max if rule == "most" else min
            return pick(states, key=lambda x: x.tile.ev)  # ties: the first in slot order
        return target


def _maybe(state: LiveState | None, f: Callable[[LiveState], Any]) -> Any:
    return f(state) if state is not None and state.in_play else None


def compile_effect(checked: Checked, item: str) -> Compiled:
    c = Compiler(item)
    return Compiled(c.block(checked.program.body), c.abilities(checked.abilities))
