"""Racolage Électoral's statements and values on a player's cards and turns: `P draws N media|action
cards` (and a Privilege's `… in your draw phase`), `P discards N cards`, `P skips N turns`, `the
hand size of P`, `the media|action deck size`. Each node with its rules, check, work bound,
compiled form, the operations it calls, effect text and rules text (docs/language-internals.md);
the game's passes are assembled from these parts (``checker.py``, ``compiler.py``…)."""

from __future__ import annotations

import dataclasses
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Protocol

from ....lang import ast as core
from ....lang.check_expr import ExprChecker
from ....lang.check_scope import PLAYER, At, Scope
from ....lang.checker import Checker
from ....lang.compile_expr import Step, Value
from ....lang.compiler import Compiler
from ....lang.ops import CoreOps, Seat, Steps
from ....lang.render import Unparser
from ....lang.run import Run
from ....lang.text import Writer
from ....lang.tree_rules import TreeRules
from ....lang.work import Bounds, Work
from ....values import value

if TYPE_CHECKING:
    from lark.tree import Meta

__all__ = ["Deck", "DeckSize", "DiscardCards", "Draw", "HandSizeOf", "Skip"]


class Deck(StrEnum):
    """The two decks (RA1.6)."""

    MEDIA = "media"
    ACTION = "action"


@value
class HandSizeOf(core.Expr):
    """`the hand size of P`."""

    player: core.Expr


@value
class DeckSize(core.Expr):
    """`the media deck size`, `the action deck size`."""

    deck: Deck


@value
class Draw(core.Stmt):
    """`P draws N media|action cards` (an Event drawn goes into play: RA6.4). ``draw_phase``: a
    Privilege's ability, `you draw N media cards in your draw phase` (RA4.1, RA6.2)."""

    player: core.Expr
    count: core.Expr
    deck: Deck
    draw_phase: bool = False


@value
class Skip(core.Stmt):
    """`P skips N turns`: skips add up (RA7.4, RA9.2)."""

    player: core.Expr
    count: core.Expr


@value
class DiscardCards(core.Stmt):
    """`P discards N cards`: of P's choice, from P's hand."""

    player: core.Expr
    count: core.Expr


NODES = (HandSizeOf, DeckSize, Draw, Skip, DiscardCards)


class HandsOps(CoreOps, Protocol):
    """What these statements read of the game and do to it (``ops.RacolageOps`` gathers every family's)."""

    def hand_size(self, seat: Seat) -> int: ...

    def deck_size(self, deck: Deck) -> int: ...

    def draw(self, seat: Seat, deck: Deck, count: int, cause: str | None = None) -> Steps:
        """``seat`` draws ``count`` cards, one at a time; an Event drawn goes into play and runs (RA6.4)."""

    def skip_turns(self, seat: Seat, count: int, cause: str | None = None) -> None:
        """``seat`` skips its next ``count`` turns, beside those it skips already (RA9.2)."""

    def discard_cards(self, seat: Seat, count: int, cause: str | None = None) -> Steps:
        """``seat`` discards ``count`` cards of its choice from its hand (all of them if it has fewer)."""


class HandsRules(TreeRules):
    def draw_cards(self, meta: Meta, c: list[Any]) -> Draw:
        return Draw(c[0], c[1], Deck(str(c[2])), draw_phase=len(c) > 3, pos=self._p(meta))

    def draw_phase(self, meta: Meta, c: list[Any]) -> bool:
        return True

    def skip_turns(self, meta: Meta, c: list[Any]) -> Skip:
        return Skip(c[0], c[1], pos=self._p(meta))

    def skip_a_turn(self, meta: Meta, c: list[Any]) -> Skip:
        return Skip(c[0], core.Num(1, pos=self._p(meta)), pos=self._p(meta))

    def discard_cards(self, meta: Meta, c: list[Any]) -> DiscardCards:
        return DiscardCards(c[0], c[1], pos=self._p(meta))

    def hand_size_of(self, meta: Meta, c: list[Any]) -> HandSizeOf:
        return HandSizeOf(c[0], pos=self._p(meta))

    def deck_size(self, meta: Meta, c: list[Any]) -> DeckSize:
        return DeckSize(Deck(str(c[0])), pos=self._p(meta))


class HandsChecker(Checker):
    def is_ability(self, s: core.Stmt) -> bool:
        return (isinstance(s, Draw) and s.draw_phase) or super().is_ability(s)

    def stmt_Draw(self, s: Draw, at: At) -> core.Stmt:
        if s.draw_phase:
            if s.player != core.PlayerRef("you"):
                raise self.error(s.player, "a draw phase is its owner's: write `you draw N media cards in your draw phase`")
            if s.deck is not Deck.MEDIA:
                raise self.error(s, "the draw phase draws Media cards (RA4.1): `you draw N media cards in your draw phase`")
            self.read_later(s, "how many cards the draw phase draws")
        return dataclasses.replace(s, player=self.expr(s.player, PLAYER, at.scope, at.actor),
                                   count=self.count(s.count, at.scope, at.actor, "draw"))

    def stmt_Skip(self, s: Skip, at: At) -> core.Stmt:
        return dataclasses.replace(s, player=self.expr(s.player, PLAYER, at.scope, at.actor),
                                   count=self.count(s.count, at.scope, at.actor))

    def stmt_DiscardCards(self, s: DiscardCards, at: At) -> core.Stmt:
        return dataclasses.replace(s, player=self.expr(s.player, PLAYER, at.scope, at.actor),
                                   count=self.count(s.count, at.scope, at.actor, "discard"))

    def player_value(self, e: HandSizeOf, want: str, scope: Scope, actor: bool) -> core.Expr:
        """A number read of a player: `the hand size of P` (and `the notoriety of P`: ``notoriety.py``)."""
        self.expect(e, want, scope, actor)
        return dataclasses.replace(e, player=self.expr(e.player, PLAYER, scope, actor))

    expr_HandSizeOf = player_value
    expr_DeckSize = ExprChecker.leaf
    type_HandSizeOf = type_DeckSize = ExprChecker.number


class HandsBounds(Bounds):
    def stmt_Draw(self, s: Draw) -> Work:
        if s.draw_phase:
            return self.declaration(s)
        drawn = self.counted(s.count)
        # Each Action card drawn may be an Event, whose one-time effect runs at once (RA6.4, nested
        # up to the game's MAX_EVENT_DEPTH): a play, which keeps the effect's steps counted
        # (``work.ends_unwatched``). The loader's budget check reads ``fixed`` alone.
        return Work(drawn.fixed, drawn.fixed) if s.deck is Deck.ACTION else drawn

    def stmt_DiscardCards(self, s: DiscardCards) -> Work:
        return self.counted(s.count)  # one choice per card

    stmt_Skip = Bounds.one
    upper_HandSizeOf = upper_DeckSize = Bounds.computed


class HandsCompiler(Compiler):
    # Each counts a step of work for the step limit where the effect needs it (``ticks``:
    # ``StmtCompiler.ticks``); those that never ask anything are plain calls (``immediate``).

    def stmt_Draw(self, s: Draw, cause: str) -> Step:
        if s.draw_phase:
            return self.ability(s, cause)
        player, count, deck = self.expr(s.player), self.count(s.count), s.deck
        ticks = self.ticks

        def draw(r: Run[HandsOps]) -> Steps:
            if ticks:
                r.ops.tick()
            yield from r.ops.draw(player(r), deck, int(count(r)), cause)
        return draw

    def stmt_Skip(self, s: Skip, cause: str) -> Step:
        player, count = self.expr(s.player), self.count(s.count)
        ticks = self.ticks

        def skip(r: Run[HandsOps]) -> None:
            if ticks:
                r.ops.tick()
            r.ops.skip_turns(player(r), int(count(r)), cause)
        return self.immediate(skip)

    def stmt_DiscardCards(self, s: DiscardCards, cause: str) -> Step:
        player, count = self.expr(s.player), self.count(s.count)
        ticks = self.ticks

        def discard(r: Run[HandsOps]) -> Steps:
            if ticks:
                r.ops.tick()
            yield from r.ops.discard_cards(player(r), int(count(r)), cause)
        return discard

    def expr_HandSizeOf(self, e: HandSizeOf) -> Value:
        player = self.expr(e.player)
        return lambda r: r.ops.hand_size(player(r))

    def expr_DeckSize(self, e: DeckSize) -> Value:
        deck = e.deck
        return lambda r: r.ops.deck_size(deck)


class HandsUnparser(Unparser):
    def verb(self, who: str, verb: str) -> str:
        return f"{who} {verb if who == 'you' else verb + 's'}"

    def cards(self, count: core.Expr, noun: str = "card") -> str:
        return f"{self.expr(count)} {noun if count == core.Num(1) else noun + 's'}"

    def stmt_Draw(self, s: Draw, indent: str) -> list[str]:
        phase = " in your draw phase" if s.draw_phase else ""
        return [f"{indent}{self.verb(self.expr(s.player), 'draw')} {self.cards(s.count, s.deck.value + ' card')}{phase}"]

    def stmt_Skip(self, s: Skip, indent: str) -> list[str]:
        turns = "a turn" if s.count == core.Num(1) else self.cards(s.count, "turn")
        return [f"{indent}{self.verb(self.expr(s.player), 'skip')} {turns}"]

    def stmt_DiscardCards(self, s: DiscardCards, indent: str) -> list[str]:
        return [f"{indent}{self.verb(self.expr(s.player), 'discard')} {self.cards(s.count)}"]

    def expr_HandSizeOf(self, e: HandSizeOf) -> str:
        return f"the hand size of {self.atom(e.player)}"

    def expr_DeckSize(self, e: DeckSize) -> str:
        return f"the {e.deck.value} deck size"


def cap(text: str) -> str:
    return text[0].upper() + text[1:]


class HandsWriter(Writer):
    def subject(self, e: core.Expr) -> tuple[str, bool]:
        """A statement's player as its subject, and whether that is "you"."""
        who = self.expr(e)
        return who, who == self.p["you"]

    def possessed(self, key: str, who: str) -> str:
        """A player's value: "your notoriety", "P's notoriety"; after a long player phrase, "the
        notoriety of the player with the most notoriety (…)" (its possessive would read badly)."""
        if self.lang == "en" and who != self.p["you"] and len(who.split()) > 3:
            return self.p[key + "_of"].format(who=who)
        return self._you(who, key, p=self.possessive(who))

    def stmt_Draw(self, s: Draw, indent: str, top: bool, kind: str) -> list[str]:
        if s.draw_phase:
            return [indent + self.p["draw_phase"].format(n=self.count(s.count, "media"))]
        who, you = self.subject(s.player)
        return [indent + self.p["draw"].format(Who=cap(who), draws=self.agree("draws", you),
                                               n=self.count(s.count, s.deck.value))]

    def stmt_Skip(self, s: Skip, indent: str, top: bool, kind: str) -> list[str]:
        who, you = self.subject(s.player)
        words = dict(Who=cap(who), skips=self.agree("skips", you))
        if s.count == core.Num(1):
            return [indent + self._you(who, "skip_one", **words)]
        return [indent + self.p["skip"].format(n=self.count(s.count, "turn"), **words)]

    def stmt_DiscardCards(self, s: DiscardCards, indent: str, top: bool, kind: str) -> list[str]:
        who, you = self.subject(s.player)
        return [indent + self.p["discard"].format(Who=cap(who), discards=self.agree("discards", you),
                                                  n=self.count(s.count, "card"), their=self.agree("their", you))]

    def expr_HandSizeOf(self, e: HandSizeOf) -> str:
        return self.possessed("hand_size", self.expr(e.player))

    def expr_DeckSize(self, e: DeckSize) -> str:
        return self.p[f"deck_size_{e.deck.value}"]
