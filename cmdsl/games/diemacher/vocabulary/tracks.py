"""Die Macher's statements on a board's tracks (DM8.3): `you gain N votes here`, `raise your
popularity here by N`, `lower the popularity of P here by N`, and the rival they name, `choose a
rival as P` (`choose a rival with a media marker here as P`, for a takeover). Nodes, rules,
operations and passes' parts, as ``reads.py``'s."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, Callable, Protocol, Sequence

from ....lang import ast as core
from ....lang.check_scope import PLAYER, At
from ....lang.compile_expr import Step
from ....lang.ops import Choice, Seat
from ....lang.run import Run
from ....lang.tree_rules import TreeRules
from ....lang.work import Bounds
from ....values import value
from .reads import Board, ReadsChecker, ReadsCompiler, ReadsOps, ReadsUnparser, ReadsWriter

if TYPE_CHECKING:
    from lark.tree import Meta

__all__ = ["ChangePopularity", "ChooseRival", "GainVotes"]

#: Whether a statement can be carried out now (``DieMacherCompiler.possible``): a menu offers an
#: option only if every statement of it can.
Possible = Callable[[Run[Any]], bool]


@value
class GainVotes(core.Stmt):
    """`P gains N votes here`: P's vote marker moves up N, capped at 50 (DM6.4, DM6.5, DM8.3)."""

    player: core.Expr
    amount: core.Expr
    board: core.Expr


@value
class ChangePopularity(core.Stmt):
    """`raise|lower the popularity of P here by N` (`raise your popularity here by N`): within −3 ..
    +3 (DM8.3; media control does not protect against it)."""

    up: bool
    player: core.Expr
    board: core.Expr
    amount: core.Expr


@value
class ChooseRival(core.Stmt):
    """`choose a rival as P`: the acting party chooses one of the other parties; ``board``: `…with
    a media marker here…`, only those with a media marker on that board."""

    var: str
    board: core.Expr | None = None


NODES = (GainVotes, ChangePopularity, ChooseRival)


class TracksOps(ReadsOps, Protocol):
    """What these do to the game (``ops.DieMacherOps`` gathers every family's)."""

    def gain_votes(self, seat: Seat, board: Board, amount: int, cause: str | None = None) -> None:
        """``seat``'s vote marker on ``board`` up by ``amount``, capped at 50, on top of its space."""

    def change_popularity(self, seat: Seat, board: Board, change: int, cause: str | None = None) -> None:
        """``seat``'s popularity on ``board`` by ``change``, kept within −3 .. +3."""

    def rivals(self, seat: Seat, board: Board | None) -> Sequence[Seat]:
        """The parties other than ``seat``; with a ``board``, those with a media marker on it."""

    def choose_rival(self, seat: Seat, among: Sequence[Seat], cause: str | None = None) -> Choice[Seat]:
        """One of ``among``, chosen by ``seat`` (one alone is taken without asking)."""


class TracksRules(TreeRules):
    def gain_votes(self, meta: Meta, c: list[Any]) -> GainVotes:
        return GainVotes(c[0], c[1], c[2], pos=self._p(meta))

    def change_own_popularity(self, meta: Meta, c: list[Any]) -> ChangePopularity:
        you = core.PlayerRef(core.Who.YOU, pos=self._p(meta))
        return ChangePopularity(str(c[0]) == "raise", you, c[1], c[2], pos=self._p(meta))

    def change_popularity(self, meta: Meta, c: list[Any]) -> ChangePopularity:
        return ChangePopularity(str(c[0]) == "raise", c[1], c[2], c[3], pos=self._p(meta))

    def choose_rival(self, meta: Meta, c: list[Any]) -> ChooseRival:
        board = next((x for x in c if isinstance(x, core.Expr)), None)
        return ChooseRival(str(c[-1]), board, pos=self._p(meta))

    def with_media(self, meta: Meta, c: list[Any]) -> Any:
        return c[0]


class TracksChecker(ReadsChecker):
    def stmt_GainVotes(self, s: GainVotes, at: At) -> core.Stmt:
        return dataclasses.replace(s, player=self.expr(s.player, PLAYER, at.scope, at.actor),
                                   amount=self.count(s.amount, at.scope, at.actor),
                                   board=self.board(s.board, at.scope, at.actor))

    def stmt_ChangePopularity(self, s: ChangePopularity, at: At) -> core.Stmt:
        return dataclasses.replace(s, player=self.expr(s.player, PLAYER, at.scope, at.actor),
                                   board=self.board(s.board, at.scope, at.actor),
                                   amount=self.count(s.amount, at.scope, at.actor))

    def stmt_ChooseRival(self, s: ChooseRival, at: At) -> core.Stmt:
        self.need_actor(s, at.actor)  # a rival of whoever acts
        board = self.board(s.board, at.scope, at.actor) if s.board is not None else None
        self.bind(s, at.scope, s.var, PLAYER)
        return dataclasses.replace(s, board=board)


class TracksBounds(Bounds):
    stmt_GainVotes = stmt_ChangePopularity = stmt_ChooseRival = Bounds.one  # a marker moved; one choice


class TracksCompiler(ReadsCompiler):
    def stmt_GainVotes(self, s: GainVotes, cause: str) -> Step:
        player, amount, board = self.expr(s.player), self.count(s.amount), self.expr(s.board)

        def gain_votes(r: Run[TracksOps]) -> None:
            r.ops.gain_votes(player(r), board(r), int(amount(r)), cause)
        return self.immediate(gain_votes)

    def stmt_ChangePopularity(self, s: ChangePopularity, cause: str) -> Step:
        player, amount, board = self.expr(s.player), self.count(s.amount), self.expr(s.board)
        sign = 1 if s.up else -1

        def change_popularity(r: Run[TracksOps]) -> None:
            r.ops.change_popularity(player(r), board(r), sign * int(amount(r)), cause)
        return self.immediate(change_popularity)

    def stmt_ChooseRival(self, s: ChooseRival, cause: str) -> Step:
        board = self.expr(s.board) if s.board is not None else None

        def choose(r: Run[TracksOps]) -> Choice[Seat]:
            among = r.ops.rivals(r.me, board(r) if board is not None else None)
            return (yield from r.ops.choose_rival(r.me, among, cause))
        return self.keeping(s.var, choose)

    def possible_ChooseRival(self, s: ChooseRival) -> Possible:
        board = self.expr(s.board) if s.board is not None else None
        return lambda r: bool(r.ops.rivals(r.me, board(r) if board is not None else None))


class TracksUnparser(ReadsUnparser):
    def stmt_GainVotes(self, s: GainVotes, indent: str) -> list[str]:
        who = self.expr(s.player)
        votes = "vote" if s.amount == core.Num(1) else "votes"
        return [f"{indent}{who} {'gain' if who == 'you' else 'gains'} {self.expr(s.amount)} {votes} "
                f"{self.expr(s.board)}"]

    def stmt_ChangePopularity(self, s: ChangePopularity, indent: str) -> list[str]:
        verb = "raise" if s.up else "lower"
        whose = "your popularity" if s.player == core.PlayerRef(core.Who.YOU) else \
            f"the popularity of {self.atom(s.player)}"
        return [f"{indent}{verb} {whose} {self.expr(s.board)} by {self.expr(s.amount)}"]

    def stmt_ChooseRival(self, s: ChooseRival, indent: str) -> list[str]:
        media = f" with a media marker {self.expr(s.board)}" if s.board is not None else ""
        return [f"{indent}choose a rival{media} as {s.var}"]


class TracksWriter(ReadsWriter):
    def stmt_GainVotes(self, s: GainVotes, indent: str, top: bool, kind: str) -> list[str]:
        who = self.expr(s.player)
        you = who == self.p["you"]
        return [indent + self.p["gain_votes"].format(Who=who[0].upper() + who[1:], gains=self.agree("gains", you),
                                                     n=self.count(s.amount, "vote"), where=self.expr(s.board))]

    def stmt_ChangePopularity(self, s: ChangePopularity, indent: str, top: bool, kind: str) -> list[str]:
        whose = self.possessed("popularity", self.expr(s.player))
        key = "raise" if s.up else "lower"
        return [indent + self.p[key].format(whose=whose, where=self.expr(s.board), n=self.expr(s.amount))]

    def stmt_ChooseRival(self, s: ChooseRival, indent: str, top: bool, kind: str) -> list[str]:
        that = self.p["that_rival"]
        if that not in self.named.values():  # "that rival" below, where no other rival is called so
            self.named = {**self.named, s.var: that}
        media = self.p["with_media"].format(where=self.expr(s.board)) if s.board is not None else ""
        return [indent + self.p[self.binding("choose_rival", s.var)].format(v=s.var, media=media)]
