"""Campaign Manager 2008's statements on a player's cards: draw, draw and play one, discard (N, any
number, a chosen card), choose a card from hand, play it (R4.6, R12.15). Nodes, rules and passes'
parts, as ``reads.py``'s."""

from __future__ import annotations

import dataclasses
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from ....lang.ast import Built, Expr, Num, Stmt
from ....lang.check_scope import NUM, At
from ....lang.checker import Checker
from ....lang.compile_expr import Step
from ....lang.compiler import Compiler
from ....lang.render import Unparser
from ....lang.run import Run
from ....lang.text import Writer
from ....lang.tree_rules import TreeRules
from ....lang.work import MAX_COUNT, Bounds, Work
from ....values import value
from .ops import Choice, GameOps, Steps

if TYPE_CHECKING:
    from lark.tree import Meta

__all__ = ["ChooseCard", "Discard", "DiscardAny", "DiscardCard", "Draw", "DrawAndPlay", "PlayCard"]

#: The type of a card in hand, beside the core's.
CARD = "card"


@value
class Draw(Stmt, Built):
    amount: Expr


@value
class DrawAndPlay(Stmt, Built):
    amount: Expr


@value
class Discard(Stmt, Built):
    amount: Expr


@value
class DiscardAny(Stmt):
    var: str


@value
class ChooseCard(Stmt):
    var: str


@value
class PlayCard(Stmt):
    var: str


@value
class DiscardCard(Stmt):
    var: str


NODES = (Draw, DrawAndPlay, Discard, DiscardAny, ChooseCard, PlayCard, DiscardCard)


class CardsRules(TreeRules):
    def discard_any(self, meta: Meta, c: list[Any]) -> DiscardAny:
        return DiscardAny(str(c[0]), pos=self._p(meta))

    def choose_card(self, meta: Meta, c: list[Any]) -> ChooseCard:
        return ChooseCard(str(c[0]), pos=self._p(meta))

    def play_card(self, meta: Meta, c: list[Any]) -> PlayCard:
        return PlayCard(str(c[0]), pos=self._p(meta))

    def discard_card(self, meta: Meta, c: list[Any]) -> DiscardCard:
        return DiscardCard(str(c[0]), pos=self._p(meta))


class CardsChecker(Checker):
    uncomparable = MappingProxyType({CARD: "cards"})

    def counted(self, s: Draw | DrawAndPlay | Discard, at: At) -> Stmt:
        self.need_actor(s, at.actor)
        word = "discard" if isinstance(s, Discard) else "draw"
        return dataclasses.replace(s, amount=self.count(s.amount, at.scope, at.actor, word))

    stmt_Draw = stmt_DrawAndPlay = stmt_Discard = counted

    def stmt_DiscardAny(self, s: DiscardAny, at: At) -> Stmt:
        self.need_actor(s, at.actor)
        self.bind(s, at.scope, s.var, NUM)
        return s

    def stmt_ChooseCard(self, s: ChooseCard, at: At) -> Stmt:
        self.need_actor(s, at.actor)
        self.bind(s, at.scope, s.var, CARD)
        return s

    def uses_card(self, s: PlayCard | DiscardCard, at: At) -> Stmt:
        self.need_actor(s, at.actor)
        self.var_of_type(s, s.var, CARD, at.scope)
        return s

    stmt_PlayCard = stmt_DiscardCard = uses_card


class CardsBounds(Bounds):
    def stmt_Draw(self, s: Draw) -> Work:
        return self.counted(s.amount)

    def stmt_Discard(self, s: Discard) -> Work:
        return self.counted(s.amount)

    def stmt_DrawAndPlay(self, s: DrawAndPlay) -> Work:
        return self.counted(s.amount) + Work(0, 1)

    def stmt_DiscardAny(self, s: DiscardAny) -> Work:
        return Work(MAX_COUNT, 0)  # one choice per card discarded

    def stmt_PlayCard(self, s: PlayCard) -> Work:
        return Work(1, 1)

    # One unit each: a single choice, a single card.
    stmt_ChooseCard = stmt_DiscardCard = Bounds.one


class CardsCompiler(Compiler):
    def stmt_Draw(self, s: Draw, cause: str) -> Step:
        n = self.settled(s.amount)
        if n is not None:  # `draw 2`: no call for the count
            def draw_n(r: Run[GameOps]) -> None:
                r.ops.draw_cards(r.me, n, cause)
            return self.immediate(draw_n)
        amount = self.count(s.amount)

        def draw(r: Run[GameOps]) -> None:
            r.ops.draw_cards(r.me, amount(r), cause)
        return self.immediate(draw)

    def stmt_DrawAndPlay(self, s: DrawAndPlay, cause: str) -> Step:
        amount = self.count(s.amount)

        def draw_and_play(r: Run[GameOps]) -> Steps:
            drawn = r.ops.draw_cards(r.me, amount(r), cause)
            card = yield from r.ops.choose_card_to_play(r.me, drawn, cause)
            if card is not None:
                yield from r.ops.play_card(r.me, card, nested=True, cause=cause)
        return draw_and_play

    def stmt_Discard(self, s: Discard, cause: str) -> Step:
        amount = self.count(s.amount)

        def discard(r: Run[GameOps]) -> Steps:
            for _ in range(amount(r)):
                card = yield from r.ops.choose_discard(r.me, cause)
                if card is None:
                    return
                r.ops.discard_from_hand(r.me, card, "effect", cause)
        return discard

    def stmt_DiscardAny(self, s: DiscardAny, cause: str) -> Step:
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

    def stmt_ChooseCard(self, s: ChooseCard, cause: str) -> Step:
        def choose_card(r: Run[GameOps]) -> Choice[str | None]:
            return r.ops.choose_card(r.me, cause)
        return self.keeping(s.var, choose_card)

    def stmt_PlayCard(self, s: PlayCard, cause: str) -> Step:
        var = s.var

        def play(r: Run[GameOps]) -> Steps:
            cid = r.vars.get(var)
            if cid is not None and r.ops.in_hand(r.me, cid) and r.ops.playable(r.me, cid):
                yield from r.ops.play_card(r.me, cid, nested=True, cause=cause)
        return play

    def stmt_DiscardCard(self, s: DiscardCard, cause: str) -> Step:
        var = s.var

        def discard_card(r: Run[GameOps]) -> None:
            cid = r.vars.get(var)
            if cid is not None and r.ops.in_hand(r.me, cid):
                r.ops.discard_from_hand(r.me, cid, "effect", cause)
        return self.immediate(discard_card)


class CardsUnparser(Unparser):
    def stmt_Draw(self, s: Draw, indent: str) -> list[str]:
        return [f"{indent}draw {self.expr(s.amount)}"]

    def stmt_DrawAndPlay(self, s: DrawAndPlay, indent: str) -> list[str]:
        return [f"{indent}draw {self.expr(s.amount)} and play one"]

    def stmt_Discard(self, s: Discard, indent: str) -> list[str]:
        return [f"{indent}discard {self.expr(s.amount)}"]

    def stmt_DiscardAny(self, s: DiscardAny, indent: str) -> list[str]:
        return [f"{indent}discard any number as {s.var}"]

    def stmt_ChooseCard(self, s: ChooseCard, indent: str) -> list[str]:
        return [f"{indent}choose a card from hand as {s.var}"]

    def stmt_PlayCard(self, s: PlayCard, indent: str) -> list[str]:
        return [f"{indent}play {s.var}"]

    def stmt_DiscardCard(self, s: DiscardCard, indent: str) -> list[str]:
        return [f"{indent}discard card {s.var}"]


class CardsWriter(Writer):
    def stmt_Draw(self, s: Draw, indent: str, top: bool, kind: str) -> list[str]:
        return [indent + self.p["draw"].format(n=self.count(s.amount, "card"))]

    def stmt_DrawAndPlay(self, s: DrawAndPlay, indent: str, top: bool, kind: str) -> list[str]:
        return [indent + self.p["draw_play"].format(n=self.count(s.amount, "card"))]

    def stmt_Discard(self, s: Discard, indent: str, top: bool, kind: str) -> list[str]:
        if s.amount == Num(1):  # "as many as possible" of one card is "if you have any"
            return [indent + self.p["discard_one"]]
        return [indent + self.p["discard"].format(n=self.count(s.amount, "card"))]

    def stmt_DiscardAny(self, s: DiscardAny, indent: str, top: bool, kind: str) -> list[str]:
        return [indent + self.p[self.binding("discard_any", s.var)].format(v=s.var)]

    def stmt_ChooseCard(self, s: ChooseCard, indent: str, top: bool, kind: str) -> list[str]:
        return [indent + self.p[self.binding("choose_card", s.var)].format(v=s.var)]

    def stmt_PlayCard(self, s: PlayCard, indent: str, top: bool, kind: str) -> list[str]:
        return [indent + self.p["play"].format(v=self.called(s.var))]

    def stmt_DiscardCard(self, s: DiscardCard, indent: str, top: bool, kind: str) -> list[str]:
        return [indent + self.p["discard_card"].format(v=self.called(s.var))]
