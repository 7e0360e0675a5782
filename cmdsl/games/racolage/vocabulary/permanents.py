"""Racolage Électoral's permanent Actions (RA2.4, RA6.2): `discard every catchphrase`, `discard the
privilege of P`, and a Privilege's abilities while in its owner's bonus zone (`your hand limit is
N`: RA4.3; `you draw N media cards in your draw phase`: ``hands.py``'s ``Draw``). Nodes, rules,
operations and passes' parts, as ``hands.py``'s."""

from __future__ import annotations

import dataclasses
from dataclasses import field
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Callable, Protocol

from ....lang import ast as core
from ....lang.check_scope import PLAYER, At
from ....lang.checker import Checker
from ....lang.compile_expr import Step
from ....lang.compiler import Abilities, Compiler
from ....lang.ops import CoreOps, Seat
from ....lang.render import Unparser
from ....lang.run import Run
from ....lang.text import Writer
from ....lang.tree_rules import TreeRules
from ....lang.work import Bounds
from ....values import value
from .hands import Draw

if TYPE_CHECKING:
    from lark.tree import Meta

__all__ = ["DiscardPermanent", "HandLimit", "Permanent"]


class Permanent(StrEnum):
    """The three types of permanent Action, one of each at most in a bonus zone (RA2.4)."""

    DIRECT = "direct action"
    PRIVILEGE = "privilege"
    CATCHPHRASE = "catchphrase"


@value
class DiscardPermanent(core.Stmt):
    """`discard every catchphrase` (``player`` None: every player's), `discard the privilege of P`."""

    kind: Permanent
    player: core.Expr | None


@value
class HandLimit(core.Stmt):
    """A Privilege's ability: `your hand limit is N` (the hand check of RA4.3)."""

    limit: core.Expr


NODES = (DiscardPermanent, HandLimit)


class PermanentsOps(CoreOps, Protocol):
    """What these do to the game (``ops.RacolageOps`` gathers every family's)."""

    def discard_permanent(self, kind: Permanent, seat: Seat | None, cause: str | None = None) -> None:
        """``seat``'s permanent Action of ``kind`` leaves its bonus zone (None: every player's)."""


#: What a rule-changing ability reads when the game asks: (the game's operations, the card's owner).
Rule = Callable[[CoreOps, Seat], int]


@value
class PermanentAbilities(Abilities):
    """A permanent Action's abilities while it is in its owner's bonus zone (RA6.2): its triggered
    ones (the core's) and the rules it changes (a Privilege's: RA4.1, RA4.3)."""

    hand_limit: Rule | None = field(default=None, kw_only=True)
    # how many Media cards phase 1's draw takes
    draw_phase: Rule | None = field(default=None, kw_only=True)


class PermanentsRules(TreeRules):
    def discard_every(self, meta: Meta, c: list[Any]) -> DiscardPermanent:
        return DiscardPermanent(c[0], None, pos=self._p(meta))

    def discard_permanent_of(self, meta: Meta, c: list[Any]) -> DiscardPermanent:
        return DiscardPermanent(c[0], c[1], pos=self._p(meta))

    def catchphrase(self, meta: Meta, c: list[Any]) -> Permanent:
        return Permanent.CATCHPHRASE

    def privilege(self, meta: Meta, c: list[Any]) -> Permanent:
        return Permanent.PRIVILEGE

    def direct_action(self, meta: Meta, c: list[Any]) -> Permanent:
        return Permanent.DIRECT

    def hand_limit(self, meta: Meta, c: list[Any]) -> HandLimit:
        return HandLimit(c[0], pos=self._p(meta))


class PermanentsChecker(Checker):
    ability_outside = "this is a Privilege's ability: it belongs inside `while in play:`"
    only_abilities = ("only abilities may appear inside `while in play:` (`your hand limit is N`, "
                      "`you draw N media cards in your draw phase`, `at the end of your turn:`)")
    no_abilities = "`while in play:` is only for permanent Actions (Privilege, Catchphrase, Direct Action)"

    def is_ability(self, s: core.Stmt) -> bool:
        return isinstance(s, HandLimit) or super().is_ability(s)

    def stmt_DiscardPermanent(self, s: DiscardPermanent, at: At) -> core.Stmt:
        player = self.expr(s.player, PLAYER, at.scope, at.actor) if s.player is not None else None
        return dataclasses.replace(s, player=player)

    def stmt_HandLimit(self, s: HandLimit, at: At) -> core.Stmt:
        self.read_later(s, "the hand limit")
        return dataclasses.replace(s, limit=self.count(s.limit, at.scope, at.actor))


class PermanentsBounds(Bounds):
    stmt_DiscardPermanent = Bounds.one
    stmt_HandLimit = Bounds.declaration


class PermanentsCompiler(Compiler):
    def stmt_DiscardPermanent(self, s: DiscardPermanent, cause: str) -> Step:
        player = self.expr(s.player) if s.player is not None else None
        kind = s.kind
        ticks = self.ticks

        def discard(r: Run[PermanentsOps]) -> None:
            if ticks:
                r.ops.tick()
            r.ops.discard_permanent(kind, player(r) if player is not None else None, cause)
        return self.immediate(discard)

    stmt_HandLimit = Compiler.ability

    def abilities(self, stmts: tuple[core.Stmt, ...]) -> PermanentAbilities | None:
        if not stmts:
            return None
        limit = next((self.rule(s.limit) for s in stmts if isinstance(s, HandLimit)), None)
        draws = next((self.rule(s.count) for s in stmts if isinstance(s, Draw) and s.draw_phase), None)
        return PermanentAbilities(triggers=self.triggers(stmts), hand_limit=limit, draw_phase=draws)

    def rule(self, e: core.Expr) -> Rule:
        n = self.count(e)
        return lambda ops, owner: int(n(Run(ops, owner)))


class PermanentsUnparser(Unparser):
    def stmt_DiscardPermanent(self, s: DiscardPermanent, indent: str) -> list[str]:
        if s.player is None:
            return [f"{indent}discard every {s.kind.value}"]
        return [f"{indent}discard the {s.kind.value} of {self.atom(s.player)}"]

    def stmt_HandLimit(self, s: HandLimit, indent: str) -> list[str]:
        return [f"{indent}your hand limit is {self.expr(s.limit)}"]


class PermanentsWriter(Writer):
    def stmt_DiscardPermanent(self, s: DiscardPermanent, indent: str, top: bool, kind: str) -> list[str]:
        what = self.p[s.kind.value]
        if s.player is None:
            return [indent + self.p["discard_every"].format(kind=what)]
        who = self.expr(s.player)
        return [indent + self._you(who, "discard_of", kind=what)]

    def stmt_HandLimit(self, s: HandLimit, indent: str, top: bool, kind: str) -> list[str]:
        return [indent + self.p["hand_limit"].format(n=self.count(s.limit, "card"))]
