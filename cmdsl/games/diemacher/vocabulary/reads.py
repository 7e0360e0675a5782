"""Die Macher's words for what a state board shows (DIEMACHER.md D8): `here` (the board the card
lies on, a binding the rules set when it resolves, as they set `you`), `the popularity|votes|match
of P here`, `your money` (`the money of P`), and the conditions `P controls the media here`, `P has
at least N rallies here`. Each node with its rules, the operations it reads, and every pass's part
(docs/language-internals.md); the game's passes are assembled from these parts."""

from __future__ import annotations

import dataclasses
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Callable, Protocol

from ....lang import ast as core
from ....lang.check_expr import ExprChecker
from ....lang.check_scope import NUM, PLAYER, Scope
from ....lang.checker import Checker
from ....lang.compile_expr import Value
from ....lang.compiler import Compiler
from ....lang.ops import CoreOps, Seat
from ....lang.render import Unparser
from ....lang.run import Run
from ....lang.text import Writer
from ....lang.tree_rules import TreeRules
from ....lang.work import Bounds
from ....values import value

if TYPE_CHECKING:
    from lark.tree import Meta

__all__ = ["BOARD", "CABINET", "BoardRead", "ControlsMedia", "HasRallies", "Here", "Measure", "MoneyOf"]

#: The type of `here`: a state board (its index in the ring, as the rules number boards).
BOARD = "board"
#: The kind of effect a shadow-cabinet card has (``Context(CABINET)``): it lies on a board.
CABINET = "cabinet"
#: A board, as the game names it: opaque to the language, like a seat.
Board = Any


class Measure(StrEnum):
    """What `the … of P here` reads of a board (DM2.1, DM6.1)."""

    POPULARITY = "popularity"
    VOTES = "votes"
    MATCH = "match"



@value
class Here(core.Expr):
    """`here`: the board the card lies on (``Run.subject``, set by the rules when it resolves)."""


@value
class BoardRead(core.Expr):
    """`the popularity|votes|match of P here`: a number a board shows of a party (DM2.1, DM6.1)."""

    measure: Measure
    player: core.Expr
    board: core.Expr


@value
class MoneyOf(core.Expr):
    """`your money`, `the money of P`: euros in hand (public: DM18.3)."""

    player: core.Expr


@value
class ControlsMedia(core.Cond):
    """`P controls the media here`: strictly more media markers there than any other party (DM7.3.4)."""

    player: core.Expr
    board: core.Expr


@value
class HasRallies(core.Cond):
    """`P has at least N rallies here`: P's rally markers on the board (DM7.4)."""

    player: core.Expr
    count: core.Expr
    board: core.Expr


NODES = (Here, BoardRead, MoneyOf, ControlsMedia, HasRallies)


class ReadsOps(CoreOps, Protocol):
    """What these read of the game (``ops.DieMacherOps`` gathers every family's)."""

    def board_value(self, seat: Seat, measure: Measure, board: Board) -> int:
        """``seat``'s popularity, votes or match on ``board``."""

    def money(self, seat: Seat) -> int:
        """``seat``'s euros."""

    def controls_media(self, seat: Seat, board: Board) -> bool:
        """Whether ``seat`` has media control of ``board`` (DM7.3.4)."""

    def rallies(self, seat: Seat, board: Board) -> int:
        """``seat``'s rally markers on ``board``."""


class ReadsRules(TreeRules):
    def here(self, meta: Meta, c: list[Any]) -> Here:
        return Here(pos=self._p(meta))

    def popularity_of(self, meta: Meta, c: list[Any]) -> BoardRead:
        return BoardRead(Measure.POPULARITY, c[0], c[1], pos=self._p(meta))

    def votes_of(self, meta: Meta, c: list[Any]) -> BoardRead:
        return BoardRead(Measure.VOTES, c[0], c[1], pos=self._p(meta))

    def match_of(self, meta: Meta, c: list[Any]) -> BoardRead:
        return BoardRead(Measure.MATCH, c[0], c[1], pos=self._p(meta))

    def your_money(self, meta: Meta, c: list[Any]) -> MoneyOf:
        return MoneyOf(core.PlayerRef(core.Who.YOU, pos=self._p(meta)), pos=self._p(meta))

    def money_of(self, meta: Meta, c: list[Any]) -> MoneyOf:
        return MoneyOf(c[0], pos=self._p(meta))

    def controls_media(self, meta: Meta, c: list[Any]) -> ControlsMedia:
        return ControlsMedia(c[0], c[1], pos=self._p(meta))

    def has_rallies(self, meta: Meta, c: list[Any]) -> HasRallies:
        return HasRallies(c[0], c[1], c[2], pos=self._p(meta))


class ReadsChecker(Checker):
    def board(self, e: core.Expr, scope: Scope, actor: bool) -> core.Expr:
        """A board: `here`, which only a card lying on a board may say."""
        return self.expr(e, BOARD, scope, actor)

    def expr_Here(self, e: Here, want: str, scope: Scope, actor: bool) -> core.Expr:
        if self.ctx.kind != CABINET:
            raise self.error(e, "`here` is the board a shadow-cabinet card lies on: only a cabinet card says it")
        return self.leaf(e, want, scope, actor)

    def type_Here(self, e: Here, scope: Scope) -> str:
        return BOARD

    def expr_BoardRead(self, e: BoardRead, want: str, scope: Scope, actor: bool) -> core.Expr:
        self.expect(e, want, scope, actor)
        return dataclasses.replace(e, player=self.expr(e.player, PLAYER, scope, actor),
                                   board=self.board(e.board, scope, actor))

    def expr_MoneyOf(self, e: MoneyOf, want: str, scope: Scope, actor: bool) -> core.Expr:
        self.expect(e, want, scope, actor)
        return dataclasses.replace(e, player=self.expr(e.player, PLAYER, scope, actor))

    type_BoardRead = type_MoneyOf = ExprChecker.number

    def cond_ControlsMedia(self, c: ControlsMedia, scope: Scope, actor: bool) -> core.Cond:
        return dataclasses.replace(c, player=self.expr(c.player, PLAYER, scope, actor),
                                   board=self.board(c.board, scope, actor))

    def cond_HasRallies(self, c: HasRallies, scope: Scope, actor: bool) -> core.Cond:
        return dataclasses.replace(c, player=self.expr(c.player, PLAYER, scope, actor),
                                   count=self.expr(c.count, NUM, scope, actor), board=self.board(c.board, scope, actor))


class ReadsBounds(Bounds):
    upper_BoardRead = upper_MoneyOf = Bounds.computed
    upper_Here = Bounds.not_a_number


class ReadsCompiler(Compiler):
    def expr_Here(self, e: Here) -> Value:
        return lambda r: r.subject

    def expr_BoardRead(self, e: BoardRead) -> Value:
        player, measure, board = self.expr(e.player), e.measure, self.expr(e.board)
        return lambda r: r.ops.board_value(player(r), measure, board(r))

    def expr_MoneyOf(self, e: MoneyOf) -> Value:
        player = self.expr(e.player)
        return lambda r: r.ops.money(player(r))

    def cond_ControlsMedia(self, c: ControlsMedia) -> Callable[[Run[Any]], bool]:
        player, board = self.expr(c.player), self.expr(c.board)
        return lambda r: bool(r.ops.controls_media(player(r), board(r)))

    def cond_HasRallies(self, c: HasRallies) -> Callable[[Run[Any]], bool]:
        player, count, board = self.expr(c.player), self.expr(c.count), self.expr(c.board)
        return lambda r: bool(r.ops.rallies(player(r), board(r)) >= (count(r) or 0))


class ReadsUnparser(Unparser):
    def expr_Here(self, e: Here) -> str:
        return "here"

    def expr_BoardRead(self, e: BoardRead) -> str:
        return f"the {e.measure.value} of {self.atom(e.player)} {self.expr(e.board)}"

    def expr_MoneyOf(self, e: MoneyOf) -> str:
        return "your money" if e.player == core.PlayerRef(core.Who.YOU) else f"the money of {self.atom(e.player)}"

    def cond_ControlsMedia(self, c: ControlsMedia) -> str:
        who = self.expr(c.player)
        return f"{who} {'control' if who == 'you' else 'controls'} the media {self.expr(c.board)}"

    def cond_HasRallies(self, c: HasRallies) -> str:
        who = self.expr(c.player)
        return f"{who} {'have' if who == 'you' else 'has'} at least {self.expr(c.count)} rallies {self.expr(c.board)}"


class ReadsWriter(Writer):
    def possessed(self, key: str, who: str) -> str:
        """A party's value: "your popularity", "that rival's popularity", « la popularité de … »."""
        return self._you(who, key, p=self.possessive(who))

    def expr_Here(self, e: Here) -> str:
        return self.p["here"]

    def expr_BoardRead(self, e: BoardRead) -> str:
        return f"{self.possessed(e.measure.value, self.expr(e.player))} {self.expr(e.board)}"

    def expr_MoneyOf(self, e: MoneyOf) -> str:
        return self.possessed("money", self.expr(e.player))

    def cond_ControlsMedia(self, c: ControlsMedia) -> str:
        who = self.expr(c.player)
        return self.p["controls_media"].format(who=who, controls=self.agree("controls", who == self.p["you"]),
                                               where=self.expr(c.board))

    def cond_HasRallies(self, c: HasRallies) -> str:
        who = self.expr(c.player)
        return self.p["has_rallies"].format(who=who, has=self.agree("has", who == self.p["you"]),
                                            n=self.count(c.count, "rally"), where=self.expr(c.board))
