"""Die Macher's statements on what lies on a board (DM8.3): `place the key issue here`, `remove the
key issue here` (one key-issue tile a board at most), and `take over a media marker of P here`
(DM18.4: it needs €8,000 and a media marker in supply). Nodes, rules, operations and passes'
parts, as ``reads.py``'s."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, Protocol

from ....lang import ast as core
from ....lang.check_scope import PLAYER, At
from ....lang.compile_expr import Step
from ....lang.ops import Seat, Steps
from ....lang.run import Run
from ....lang.tree_rules import TreeRules
from ....lang.work import Bounds
from ....values import value
from .reads import Board, ReadsOps
from .tracks import Possible, TracksChecker, TracksCompiler, TracksUnparser, TracksWriter

if TYPE_CHECKING:
    from lark.tree import Meta

__all__ = ["KeyIssue", "TakeOver"]


@value
class KeyIssue(core.Stmt):
    """`place the key issue here` (on one of the board's opinion cards, of the acting party's
    choice; only where the board holds no key-issue tile), or ``remove``: `remove the key issue
    here` (only where it holds one)."""

    place: bool
    board: core.Expr


@value
class TakeOver(core.Stmt):
    """`take over a media marker of P here`: one of P's media markers there goes back to P with
    €4,000, and one of the acting party's takes its place, €4,000 paid to the bank (DM8.3)."""

    victim: core.Expr
    board: core.Expr


NODES = (KeyIssue, TakeOver)


class TilesOps(ReadsOps, Protocol):
    """What these do to the game (``ops.DieMacherOps`` gathers every family's)."""

    def can_key_issue(self, board: Board, place: bool) -> bool:
        """Whether the key-issue tile can be placed on ``board`` (``place``: it holds none) or
        removed from it (it holds one)."""

    def place_key_issue(self, seat: Seat, board: Board, cause: str | None = None) -> Steps:
        """``seat`` puts the key-issue tile on one of ``board``'s opinion cards, of its choice."""

    def remove_key_issue(self, seat: Seat, board: Board, cause: str | None = None) -> None:
        """The key-issue tile leaves ``board``."""

    def can_take_over(self, seat: Seat, victim: Seat | None, board: Board) -> bool:
        """Whether ``seat`` can take over a media marker of ``victim`` on ``board`` (None: of
        some rival): the marker is there, and ``seat`` has €8,000 and a marker in supply."""

    def take_over(self, seat: Seat, victim: Seat, board: Board, cause: str | None = None) -> None:
        """DM8.3's media takeover (nothing where ``can_take_over`` says no)."""


class TilesRules(TreeRules):
    def key_issue(self, meta: Meta, c: list[Any]) -> KeyIssue:
        return KeyIssue(str(c[0]) == "place", c[1], pos=self._p(meta))

    def take_over(self, meta: Meta, c: list[Any]) -> TakeOver:
        return TakeOver(c[0], c[1], pos=self._p(meta))


class TilesChecker(TracksChecker):
    def stmt_KeyIssue(self, s: KeyIssue, at: At) -> core.Stmt:
        self.need_actor(s, at.actor)  # whoever acts chooses the card
        return dataclasses.replace(s, board=self.board(s.board, at.scope, at.actor))

    def stmt_TakeOver(self, s: TakeOver, at: At) -> core.Stmt:
        self.need_actor(s, at.actor)  # whoever acts pays and puts a marker of theirs
        return dataclasses.replace(s, victim=self.expr(s.victim, PLAYER, at.scope, at.actor),
                                   board=self.board(s.board, at.scope, at.actor))


class TilesBounds(Bounds):
    stmt_KeyIssue = stmt_TakeOver = Bounds.one


class TilesCompiler(TracksCompiler):
    def stmt_KeyIssue(self, s: KeyIssue, cause: str) -> Step:
        board = self.expr(s.board)
        if not s.place:
            def remove(r: Run[TilesOps]) -> None:
                r.ops.remove_key_issue(r.me, board(r), cause)
            return self.immediate(remove)

        def place(r: Run[TilesOps]) -> Steps:
            yield from r.ops.place_key_issue(r.me, board(r), cause)
        return place

    def possible_KeyIssue(self, s: KeyIssue) -> Possible:
        board, place = self.expr(s.board), s.place
        return lambda r: bool(r.ops.can_key_issue(board(r), place))

    def stmt_TakeOver(self, s: TakeOver, cause: str) -> Step:
        victim, board = self.expr(s.victim), self.expr(s.board)

        def take_over(r: Run[TilesOps]) -> None:
            r.ops.take_over(r.me, victim(r), board(r), cause)
        return self.immediate(take_over)

    def possible_TakeOver(self, s: TakeOver) -> Possible:
        board = self.expr(s.board)
        # A rival named by a variable is chosen in the option itself (`choose a rival … as P`): some rival will do.
        victim = self.expr(s.victim) if isinstance(s.victim, core.PlayerRef) else None
        return lambda r: bool(r.ops.can_take_over(r.me, victim(r) if victim is not None else None, board(r)))


class TilesUnparser(TracksUnparser):
    def stmt_KeyIssue(self, s: KeyIssue, indent: str) -> list[str]:
        return [f"{indent}{'place' if s.place else 'remove'} the key issue {self.expr(s.board)}"]

    def stmt_TakeOver(self, s: TakeOver, indent: str) -> list[str]:
        return [f"{indent}take over a media marker of {self.atom(s.victim)} {self.expr(s.board)}"]


class TilesWriter(TracksWriter):
    def stmt_KeyIssue(self, s: KeyIssue, indent: str, top: bool, kind: str) -> list[str]:
        return [indent + self.p["place_key" if s.place else "remove_key"].format(where=self.expr(s.board))]

    def stmt_TakeOver(self, s: TakeOver, indent: str, top: bool, kind: str) -> list[str]:
        whose = self.possessed("media_markers", self.expr(s.victim))
        return [indent + self.p["take_over"].format(whose=whose, where=self.expr(s.board))]
