"""High Card's words for its players' hands (T5): `choose a player as P`, `give the highest|lowest
card of P to Q`. Each node with its rules, the operations it calls, and every pass's method
(docs/language-internals.md); ``passes.py`` assembles the passes from these parts."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from cmdsl.lang import ast as core
from cmdsl.lang.check_scope import PLAYER, At
from cmdsl.lang.checker import Checker
from cmdsl.lang.compile_expr import Step
from cmdsl.lang.compiler import Compiler
from cmdsl.lang.ops import Choice, CoreOps, Seat, Steps
from cmdsl.lang.render import Unparser
from cmdsl.lang.run import Run
from cmdsl.lang.text import Writer
from cmdsl.lang.tree_rules import TreeRules
from cmdsl.lang.work import Bounds

if TYPE_CHECKING:
    from lark.tree import Meta

__all__ = ["ChoosePlayer", "GiveCard"]


@dataclass(frozen=True)
class ChoosePlayer(core.Stmt):
    """`choose a player as P`: the acting player chooses one of the three players (T5)."""

    var: str


@dataclass(frozen=True)
class GiveCard(core.Stmt):
    """`give the highest|lowest card of P to Q`: that card of P's hand goes to Q's hand (T5)."""

    highest: bool
    giver: core.Expr
    taker: core.Expr


NODES = (ChoosePlayer, GiveCard)


class HandsOps(CoreOps, Protocol):
    """What these do to the game (``passes.HighCardOps`` gathers every family's)."""

    def give_card(self, giver: Seat, taker: Seat, highest: bool, cause: str | None = None) -> None:
        """The highest (or lowest) card of ``giver``'s hand goes to ``taker``'s; nothing if it is empty."""

    def choose_player(self, seat: Seat, cause: str | None = None) -> Choice[Seat]:
        """``seat`` chooses one of the players (themselves too)."""


class HandsRules(TreeRules):
    def choose_player(self, meta: Meta, c: list[Any]) -> ChoosePlayer:
        return ChoosePlayer(str(c[0]), pos=self._p(meta))

    def give_card(self, meta: Meta, c: list[Any]) -> GiveCard:
        return GiveCard(str(c[0]) == "highest", c[1], c[2], pos=self._p(meta))


class HandsBounds(Bounds):
    stmt_ChoosePlayer = stmt_GiveCard = Bounds.one  # one choice; one card moved


class HandsChecker(Checker):
    def stmt_ChoosePlayer(self, s: ChoosePlayer, at: At) -> core.Stmt:
        self.need_actor(s, at.actor)
        self.bind(s, at.scope, s.var, PLAYER)
        return s

    def stmt_GiveCard(self, s: GiveCard, at: At) -> core.Stmt:
        return dataclasses.replace(s, giver=self.expr(s.giver, PLAYER, at.scope, at.actor),
                                   taker=self.expr(s.taker, PLAYER, at.scope, at.actor))


class HandsWriter(Writer):
    def stmt_ChoosePlayer(self, s: ChoosePlayer, indent: str, top: bool, kind: str) -> list[str]:
        return [indent + self.p["choose_player"].format(v=s.var)]

    def stmt_GiveCard(self, s: GiveCard, indent: str, top: bool, kind: str) -> list[str]:
        giver, taker = self.expr(s.giver), self.expr(s.taker)
        you = giver == self.p["you"]
        to_you = taker == self.p["you"] and not you
        text = self.p["give_card_you" if to_you else "give_card"].format(giver=giver, gives=self.agree("gives", you), their=self.agree("their", you),
                                          which=self.p["highest" if s.highest else "lowest"], taker=taker)
        return [indent + text[0].upper() + text[1:]]


class HandsCompiler(Compiler):
    def stmt_ChoosePlayer(self, s: ChoosePlayer, cause: str) -> Step:
        var = s.var

        def choose_player(r: Run[HandsOps]) -> Steps:
            r.vars[var] = yield from r.ops.choose_player(r.me, cause)
        return choose_player

    def stmt_GiveCard(self, s: GiveCard, cause: str) -> Step:
        giver, taker, highest = self.expr(s.giver), self.expr(s.taker), s.highest

        def give_card(r: Run[HandsOps]) -> Steps:
            r.ops.tick()
            r.ops.give_card(giver(r), taker(r), highest, cause)
            return
            yield  # pragma: no cover - makes this a generator
        return give_card


class HandsUnparser(Unparser):
    def stmt_ChoosePlayer(self, s: ChoosePlayer, indent: str) -> list[str]:
        return [f"{indent}choose a player as {s.var}"]

    def stmt_GiveCard(self, s: GiveCard, indent: str) -> list[str]:
        which = "highest" if s.highest else "lowest"
        return [f"{indent}give the {which} card of {self.expr(s.giver)} to {self.expr(s.taker)}"]
