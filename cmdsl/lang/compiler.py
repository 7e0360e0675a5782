"""Checked AST → closures (DESIGN property 8: compiled, not walked).

An expression becomes ``f(run) -> value`` (``compile_expr.py``); a statement becomes a generator
function ``f(run)`` that yields the decisions it needs (``compile_stmt.py``); this module compiles
a card's abilities and the whole effect. Names are resolved once, not per run.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .sides import Side
from . import ast as A
from .checker import Checked
from .ops import Choice, GameOps, State
from .run import Run
from .visitor import CONDS, EXPRS, STMTS
from .compile_expr import Step, Value
from .compile_stmt import StmtCompiler


@dataclass(frozen=True)
class TriggeredAbility:
    """A ``when …:`` ability of a Media Support card, compiled (R12.16)."""

    event: str  # "won" | "news" | "negative" | "end_turn"
    matches: Callable[[GameOps, Side, Side | None], bool]  # (game, owner, whose event) → it fires
    run: Step  # its effect, run on behalf of the card's owner
    label: str  # its head as rules text ("when a state is won by you"), for the log


@dataclass(frozen=True)
class Abilities:
    """A Media Support card's ongoing abilities, compiled (R4.4, R10.2, R12.16)."""

    rolls: Callable[[GameOps, Side, Side], int | None]  # (game, owner, roller) → dice, or None
    news: Callable[[GameOps, Side, State], Choice[State]] | None  # (game, owner, new state) → target
    triggers: tuple[TriggeredAbility, ...] = ()


@dataclass(frozen=True)
class Compiled:
    run: Step
    abilities: Abilities | None


class Compiler(StmtCompiler):
    families = {"expr": EXPRS, "cond": CONDS, "stmt": STMTS}

    # ---- abilities ---------------------------------------------------------------

    def abilities(self, stmts: tuple[A.Stmt, ...]) -> Abilities | None:
        if not stmts:
            return None
        rolls: list[tuple[Value, Value]] = []
        news = None
        triggers: list[TriggeredAbility] = []
        for s in stmts:
            if isinstance(s, A.RollDice):
                rolls.append((self.expr(s.player), self.count(s.count)))
            elif isinstance(s, A.NewsTarget):
                news = self.news_target(s)
            elif isinstance(s, A.Trigger):
                triggers.append(self.trigger(s))

        def roll_count(game: GameOps, owner: Side, roller: Side) -> int | None:
            r = Run(game, owner)
            for who, n in rolls:
                if who(r) is roller:
                    return int(n(r))
            return None
        return Abilities(roll_count, news, tuple(triggers))

    def trigger(self, s: A.Trigger) -> TriggeredAbility:
        who = self.expr(s.player) if s.player is not None else None

        def matches(game: GameOps, owner: Side, whose: Side | None) -> bool:
            return who is None or who(Run(game, owner)) is whose
        return TriggeredAbility(s.event, matches, self.block(s.body), self.writer.trigger_text(s))

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

    def effect(self, checked: Checked) -> Compiled:
        """The whole effect, compiled: what it does when it resolves, and its abilities."""
        return Compiled(self.block(checked.program.body), self.abilities(checked.abilities))
