"""Campaign Manager 2008's checked effects → closures (the core's compiler: ``cmdsl.lang.compiler``):
its statements and a Media Support card's abilities here, the values and conditions they read in
``compile_reads.py``."""

from __future__ import annotations

from dataclasses import field
from typing import Callable, cast

from . import nodes as A
from ....lang.checker import Checked
from ....lang.compile_expr import NOT_CONSTANT, Source, Step, Value, joined
from ....lang.compile_stmt import _loop
from ....values import value
from ....lang.compiler import Abilities, Compiled, Compiler, TriggeredAbility
from .compile_reads import CampaignReads
from .ops import Choice, GameOps, State, Steps
from ....lang.run import Run
from ..sides import Side

__all__ = ["Abilities", "CampaignCompiler", "Compiled", "MediaAbilities", "TriggeredAbility", "compile_effect"]


@value
class MediaAbilities(Abilities):
    """A Media Support card's ongoing abilities, compiled (R4.4, R10.2, R12.16): its triggered ones
    (the core's) and those that change a rule."""

    # (game, owner, roller) → dice, or None
    rolls: Callable[[GameOps, Side, Side], int | None] = field(kw_only=True)
    # (game, owner, new state) → target
    news: Callable[[GameOps, Side, State], Choice[State]] | None = field(kw_only=True)


class CampaignCompiler(CampaignReads):
    """The core's compiler, with Campaign Manager 2008's statements and abilities, over its values
    and conditions (``CampaignReads``)."""

    families = {"expr": A.EXPRS, "cond": A.CONDS, "stmt": A.STMTS}

    def __init__(self, item: str) -> None:
        super().__init__(item)
        self._different = 0  # the `choose a different state`s compiled so far (``stmt_ForEach``)

    def followed(self, step: Step, after: A.Stmt) -> Step:
        return _watched(step) if _tests_that(after) else step

    def before(self, s: A.Stmt) -> Callable[[Step], Step] | None:
        players = super().before(s)  # the core's superlatives (the player with the most …) first
        own = [b for b in A.bests(s) if not (isinstance(s, A.ChooseState) and b is s.best)]
        # One statement names one state per superlative phrase: the same phrase twice is one value,
        # settled (and a tie broken) once (docs/language.md, "Superlatives").
        once: list[A.Node] = self.once(own)
        if not once:
            return players
        cause = self.cause(s)
        states = cast(list[A.Best], once)
        if players is None:
            return lambda step: self.settle(states, step, cause)
        return lambda step: players(self.settle(states, step, cause))

    def stmt_Gain(self, s: A.Gain, cause: str) -> Step:
        ticks = self.ticks  # a step counted per support gained, where the effect needs it (``StmtCompiler.ticks``)
        one = isinstance(s.amount, A.Num) and s.amount.value == 1  # the most common statement: no loop
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

    def stmt_Shift(self, s: A.Shift, cause: str) -> Step:
        state, amount, issue = self.expr(s.state), self.count(s.amount), self.expr(s.issue)

        def shift(r: Run[GameOps]) -> Steps:  # the game's steps, handed back (``stmt_Gain``)
            return r.ops.shift(state(r), amount(r), issue(r), cause)
        return shift

    def stmt_Alter(self, s: A.Alter, cause: str) -> Step:
        state = self.expr(s.state)

        def alter(r: Run[GameOps]) -> None:
            r.ops.alter(state(r), cause)
        return self.immediate(alter)

    def stmt_DemographicSupport(self, s: A.DemographicSupport, cause: str) -> Step:
        group = self.expr(s.group)

        def demographic(r: Run[GameOps]) -> Steps:  # the game's steps, handed back (``stmt_Gain``)
            return r.ops.demographic_support(r.me, group(r), cause)
        return demographic

    def stmt_Draw(self, s: A.Draw, cause: str) -> Step:
        n = self.settled(s.amount)
        if n is not None:  # `draw 2`: no call for the count
            def draw_n(r: Run[GameOps]) -> None:
                r.ops.draw_cards(r.me, n, cause)
            return self.immediate(draw_n)
        amount = self.count(s.amount)

        def draw(r: Run[GameOps]) -> None:
            r.ops.draw_cards(r.me, amount(r), cause)
        return self.immediate(draw)

    def stmt_DrawAndPlay(self, s: A.DrawAndPlay, cause: str) -> Step:
        amount = self.count(s.amount)

        def draw_and_play(r: Run[GameOps]) -> Steps:
            drawn = r.ops.draw_cards(r.me, amount(r), cause)
            card = yield from r.ops.choose_card_to_play(r.me, drawn, cause)
            if card is not None:
                yield from r.ops.play_card(r.me, card, nested=True, cause=cause)
        return draw_and_play

    def stmt_Discard(self, s: A.Discard, cause: str) -> Step:
        amount = self.count(s.amount)

        def discard(r: Run[GameOps]) -> Steps:
            for _ in range(amount(r)):
                card = yield from r.ops.choose_discard(r.me, cause)
                if card is None:
                    return
                r.ops.discard_from_hand(r.me, card, "effect", cause)
        return discard

    def stmt_DiscardAny(self, s: A.DiscardAny, cause: str) -> Step:
        var, ticks = s.var, self.ticks

        def discard_any(r: Run[GameOps]) -> Steps:
            n = 0
            while True:
                if ticks:
                    r.ops.tick()
                card = yield from r.ops.choose_discard_or_stop(r.me, n, cause)
                if card is None:
                    break
                r.ops.discard_from_hand(r.me, card, "effect", cause)
                n += 1
            r.vars[var] = n
        return discard_any

    def stmt_ChooseIssue(self, s: A.ChooseIssue, cause: str) -> Step:
        def choose_issue(r: Run[GameOps]) -> Choice[str]:
            return r.ops.choose_issue(r.me, cause)
        return self.keeping(s.var, choose_issue)

    def stmt_ChooseCard(self, s: A.ChooseCard, cause: str) -> Step:
        def choose_card(r: Run[GameOps]) -> Choice[str | None]:
            return r.ops.choose_card(r.me, cause)
        return self.keeping(s.var, choose_card)

    def stmt_PlayCard(self, s: A.PlayCard, cause: str) -> Step:
        var = s.var

        def play(r: Run[GameOps]) -> Steps:
            cid = r.vars.get(var)
            if cid is not None and r.ops.in_hand(r.me, cid) and r.ops.playable(r.me, cid):
                yield from r.ops.play_card(r.me, cid, nested=True, cause=cause)
        return play

    def stmt_DiscardCard(self, s: A.DiscardCard, cause: str) -> Step:
        var = s.var

        def discard_card(r: Run[GameOps]) -> None:
            cid = r.vars.get(var)
            if cid is not None and r.ops.in_hand(r.me, cid):
                r.ops.discard_from_hand(r.me, cid, "effect", cause)
        return self.immediate(discard_card)

    stmt_RollDice = stmt_NewsTarget = Compiler.ability

    def stmt_ForEach(self, s: A.ForEach, cause: str) -> Step:
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

    def stmt_ChooseState(self, s: A.ChooseState, cause: str) -> Step:
        return self.choose_state(s, cause)

    def choose_state(self, s: A.ChooseState, cause: str) -> Step:
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

    def abilities(self, stmts: tuple[A.Stmt, ...]) -> MediaAbilities | None:
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
        return MediaAbilities(triggers=self.triggers(stmts), rolls=roll_count, news=news)

    def news_target(self, s: A.NewsTarget) -> Callable[[GameOps, Side, State], Choice[State]]:
        chooser = self.expr(s.chooser) if s.chooser is not None else None
        # A state rule (`the state with the most votes`) is settled for the owner, who breaks a tie.
        value = self.expr(s.state) if s.state is not None else None
        settle = self.settle(list(A.bests(s.state)) if s.state is not None else [],
                             self.stmt_Nothing(A.Nothing(pos=s.pos), ""), self.cause(s))

        def target(game: GameOps, owner: Side, new: State) -> Choice[State]:
            states = list(game.in_play)
            if not states:
                return new
            if chooser is not None:
                return (yield from game.choose_news_target(chooser(Run(game, owner)), states))
            assert value is not None
            r = Run(game, owner)
            yield from settle(r)
            chosen = value(r)
            return chosen if chosen is not None else new
        return target


def compile_effect(checked: Checked, item: str) -> Compiled:
    return CampaignCompiler(item).effect(checked)


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
    def watched(r: Run[GameOps]) -> Steps:
        before = len(r.ops.wins())
        yield from step(r)
        r.last = tuple(name for name, _ in r.ops.wins()[before:])
    return watched
