"""Racolage Électoral's checked effects → closures (the core's compiler: ``cmdsl.lang.compiler``)."""

from __future__ import annotations

from dataclasses import field
from typing import Any, Callable

from ....lang import ast as core
from ....lang.compile_expr import Step, Value
from ....values import value
from ....lang.compiler import Abilities, Compiler
from ....lang.ops import Seat
from ....lang.run import Run
from . import nodes as N
from .ops import RacolageOps, Steps
from .text import RacolageWriter

#: What a rule-changing ability reads when the game asks: (the game's operations, the card's owner).
Rule = Callable[[RacolageOps, Seat], int]


@value
class PermanentAbilities(Abilities):
    """A permanent Action's abilities while it is in its owner's bonus zone (RA6.2): its triggered
    ones (the core's) and the rules it changes (a Privilege's: RA4.1, RA4.3)."""

    hand_limit: Rule | None = field(default=None, kw_only=True)
    # how many Media cards phase 1's draw takes
    draw_phase: Rule | None = field(default=None, kw_only=True)


class RacolageCompiler(Compiler):
    families = {"expr": N.EXPRS, "cond": N.CONDS, "stmt": N.STMTS}
    writer = RacolageWriter

    # ---- statements ---------------------------------------------------------------------------------
    # Each counts a step of work for the step limit where the effect needs it (``ticks``:
    # ``StmtCompiler.ticks``); those that never ask anything are plain calls (``immediate``).

    def stmt_Draw(self, s: N.Draw, cause: str) -> Step:
        if s.draw_phase:
            return self.ability(s, cause)
        player, count, deck = self.expr(s.player), self.count(s.count), s.deck
        ticks = self.ticks

        def draw(r: Run[RacolageOps]) -> Steps:
            if ticks:
                r.ops.tick()
            yield from r.ops.draw(player(r), deck, int(count(r)), cause)
        return draw

    def stmt_Skip(self, s: N.Skip, cause: str) -> Step:
        player, count = self.expr(s.player), self.count(s.count)
        ticks = self.ticks

        def skip(r: Run[RacolageOps]) -> None:
            if ticks:
                r.ops.tick()
            r.ops.skip_turns(player(r), int(count(r)), cause)
        return self.immediate(skip)

    def stmt_DiscardCards(self, s: N.DiscardCards, cause: str) -> Step:
        player, count = self.expr(s.player), self.count(s.count)
        ticks = self.ticks

        def discard(r: Run[RacolageOps]) -> Steps:
            if ticks:
                r.ops.tick()
            yield from r.ops.discard_cards(player(r), int(count(r)), cause)
        return discard

    def stmt_GainNotoriety(self, s: N.GainNotoriety, cause: str) -> Step:
        player, amount = self.expr(s.player), self.count(s.amount)
        ticks = self.ticks

        def gain(r: Run[RacolageOps]) -> None:
            if ticks:
                r.ops.tick()
            r.ops.gain_notoriety(player(r), int(amount(r)), cause)
        return self.immediate(gain)

    def stmt_DiscardPermanent(self, s: N.DiscardPermanent, cause: str) -> Step:
        player = self.expr(s.player) if s.player is not None else None
        kind = s.kind
        ticks = self.ticks

        def discard(r: Run[RacolageOps]) -> None:
            if ticks:
                r.ops.tick()
            r.ops.discard_permanent(kind, player(r) if player is not None else None, cause)
        return self.immediate(discard)

    stmt_HandLimit = Compiler.ability

    def abilities(self, stmts: tuple[core.Stmt, ...]) -> PermanentAbilities | None:
        if not stmts:
            return None
        limit = next((self.rule(s.limit) for s in stmts if isinstance(s, N.HandLimit)), None)
        draws = next((self.rule(s.count) for s in stmts if isinstance(s, N.Draw) and s.draw_phase), None)
        return PermanentAbilities(triggers=self.triggers(stmts), hand_limit=limit, draw_phase=draws)

    def rule(self, e: core.Expr) -> Rule:
        n = self.count(e)
        return lambda ops, owner: int(n(Run(ops, owner)))

    # ---- conditions and values ----------------------------------------------------------------------

    def cond_ThemeOpen(self, c: N.ThemeOpen) -> Callable[[Run[Any]], bool]:
        theme, player = self.expr(c.theme), self.expr(c.player)
        return lambda r: bool(r.ops.theme_open(theme(r), player(r)))

    def expr_ThemeName(self, e: N.ThemeName) -> Value:
        name = e.name
        return lambda r: name

    def expr_NotorietyOf(self, e: N.NotorietyOf) -> Value:
        player, final = self.expr(e.player), e.final
        return lambda r: r.ops.notoriety(player(r), final)

    def expr_HandSizeOf(self, e: N.HandSizeOf) -> Value:
        player = self.expr(e.player)
        return lambda r: r.ops.hand_size(player(r))

    def expr_DeckSize(self, e: N.DeckSize) -> Value:
        deck = e.deck
        return lambda r: r.ops.deck_size(deck)
