"""Campaign Manager 2008's values and conditions, compiled: what its statements read (a state, an
issue, the property of a player or a state, a superlative), and the superlatives a statement settles
before it runs. ``compiler.CampaignCompiler`` builds on it with the game's statements and abilities."""

from __future__ import annotations

from typing import Any, Callable

from . import nodes as A
from ....lang.compile_expr import THE_IT, ExprForm, Source, Step, joined
from ....lang.compile_stmt import best_of
from ....lang.compiler import Compiler
from .ops import GameOps, State, Steps
from ....lang.run import Run
from ..sides import Side
from .text import CampaignWriter

# Values read off the run itself (as the core's ``compile_expr.THE_IT``).
_THE_OPPONENT = Source("r.me.other")
_THE_SUBJECT = Source("r.subject")

#: The properties ``the P of X`` reads, each through the game operation of that name.
_PROPERTIES = frozenset({"majority", "minority", "key", "votes", "score", "hand_size", "deck_size", "discard_size"})


class CampaignReads(Compiler):
    """The core's compiler, with Campaign Manager 2008's values and conditions (its node families
    are set by ``CampaignCompiler``, the class each effect is compiled with)."""

    # The game's rules text: a tie's prompt names the superlative (``settle``), a choice its state.
    writer = CampaignWriter

    def named_player(self, e: A.PlayerRef) -> ExprForm:
        if e.who == A.Who.OPPONENT:
            return _THE_OPPONENT
        return self.bound(Side(e.who))

    def constant(self, e: A.Expr) -> Any:
        if isinstance(e, A.IssueLit):
            return e.issue
        if isinstance(e, A.GroupName):
            return e.name
        return super().constant(e)

    def expr_StateName(self, e: A.StateName) -> ExprForm:
        name = self.bound(e.name)
        return joined(f"r.ops.live({name.text})", name)

    def expr_GroupName(self, e: A.GroupName) -> ExprForm:
        return self.bound(e.name)

    def expr_IssueLit(self, e: A.IssueLit) -> ExprForm:
        return self.bound(e.issue)

    def expr_NewsState(self, e: A.NewsState) -> ExprForm:
        return _THE_SUBJECT

    def expr_RowCount(self, e: A.RowCount) -> ExprForm:
        state, issue = self.src(e.state), self.src(e.issue)
        op = "undecided" if e.kind == "undecided" else "row_length"
        return joined(f"r.ops.{op}(({state.text}), ({issue.text}))", state, issue, number=True)  # 0 out of play

    def expr_It(self, e: A.It) -> ExprForm:
        return THE_IT

    def expr_Best(self, e: A.Best) -> ExprForm:
        # Settled, a tie broken, before the statement that reads it runs (``settle``).
        return self.variable(self.best_key(e))

    def best_states(self, e: A.Best) -> Callable[[Run[GameOps], list[State]], list[State]]:
        """The states of ``among`` whose measure is highest (``most``) or lowest: more than one on a tie."""
        measure, most = self.expr(e.measure), e.most
        return lambda r, among: best_of(r, measure, most, among)

    def expr_BlocksOf(self, e: A.BlocksOf) -> ExprForm:
        state, who, issue = self.src(e.state), self.src(e.player), self.src(e.issue)
        return joined(f"r.ops.blocks(({state.text}), ({who.text}), ({issue.text}))", state, who, issue,
                      number=True)  # 0 out of play

    def expr_Of(self, e: A.Of) -> ExprForm:
        # Each property is the game operation of the same name (GameOps.votes, .hand_size…): a
        # name of that list, never the card's text, is what the source writes.
        if e.prop not in _PROPERTIES:
            raise TypeError(f"cannot compile {e!r}: no property {e.prop!r}")
        name = str(e.prop.value) if isinstance(e.prop, A.Prop) else str(e.prop)
        sub = self.src(e.subject)
        return joined(f"r.ops.{name}(({sub.text}))", sub)

    def cond_Leads(self, c: A.Leads) -> Callable[[Run[GameOps]], bool]:
        who = self.expr(c.player)

        def leads(r: Run[GameOps]) -> bool:
            p = who(r)
            return r.ops.score(p) > r.ops.score(p.other)
        return leads

    def cond_MediaInPlay(self, c: A.MediaInPlay) -> Callable[[Run[GameOps]], bool]:
        if c.player is None:
            return lambda r: r.ops.media_owner() is not None
        owner = self.expr(c.player)
        return lambda r: (o := r.ops.media_owner()) is not None and o is owner(r)

    def state_name(self, e: A.Expr) -> Callable[[Run[GameOps]], str | None]:
        """The name of the state ``e`` means, in play or not (a named state is known by its name
        even once won, when it no longer reads as a state in play)."""
        if isinstance(e, A.StateName):
            name = e.name
            return lambda r: name
        state = self.expr(e)
        return lambda r: None if (s := state(r)) is None else r.ops.state_name(s)

    def cond_StateIs(self, c: A.StateIs) -> Callable[[Run[GameOps]], bool]:
        name = self.state_name(c.state)
        if c.status == "in_play":
            return lambda r: (n := name(r)) is not None and r.ops.live(n) is not None
        by = self.expr(c.by) if c.by is not None else None

        def won(r: Run[GameOps]) -> bool:
            n = name(r)
            winner = next((side for won, side in r.ops.wins() if won == n), None)
            return winner is not None and (by is None or winner is by(r))
        return won

    def cond_ThatWins(self, c: A.ThatWins) -> Callable[[Run[GameOps]], bool]:
        name = self.state_name(c.state)
        return lambda r: (n := name(r)) is not None and n in r.last

    def settle(self, bests: list[A.Best], step: Step, cause: str) -> Step:
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
