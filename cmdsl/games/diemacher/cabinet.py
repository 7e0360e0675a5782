"""The shadow-cabinet cards (DM1.6, DM8): read from ``cabinet.yaml`` with their effects written in
Die Macher's effect language (``vocabulary/``, DIEMACHER.md D8), and resolved on the board a card
lies on (DM8.3). No card is named here: each is its file's data.

* ``load_cabinet(folder)``: the cards, each effect parsed, checked, bounded and compiled; the first
  problem is one located ``CardError`` (file, line, column, card), with its line (``cabinet_cards.py``,
  which the set's data may import: it imports nothing of the position).
* ``resolve(ctx, i, b, card)``: party ``i`` resolves ``card`` on board ``b`` (a generator of the
  decisions it needs, for the rules to ``yield from``): the menu offers only the actions that can
  be carried out there (DM8.3, DM18.4).
* ``card_text(card, lang)``: a card's rules text, English or French, generated from its effect.
* ``CabinetOps``: the vocabulary's operations (``vocabulary.ops.DieMacherOps``) against ``Ctx``.
"""

from __future__ import annotations

from typing import Sequence

from ...game.decisions import Option
from ...game.together import Steps
from ...lang.run import Run
from . import events_cabinet as C
from .cabinet_cards import CABINET_FILE, CabinetCard, card_text, load_cabinet
from .context import Ctx
from .formulas import match
from .kinds import MEDIA_PRICE, POPULARITY, TAKEOVER_REFUND, Kind
from .vocabulary.ops import DieMacherOps
from .vocabulary.reads import Measure

#: The cards as data (``cabinet_cards.py``), handed on: the rules and the tests read them here.
__all__ = ["CABINET_FILE", "CabinetCard", "CabinetOps", "card_text", "load_cabinet", "resolve"]

# ---- resolving -------------------------------------------------------------------------------


def resolve(ctx: Ctx, i: int, b: int, card: CabinetCard) -> Steps:
    """DM8.3: party ``i`` resolves ``card``, lying on board ``b``: it chooses one of the actions
    that can be carried out there, which is done (``here`` is board ``b``)."""
    ops: DieMacherOps = CabinetOps(ctx, i, b, card)  # (mypy checks it implements the vocabulary's operations)
    yield from card.compiled.run(Run(ops, i, b))


class CabinetOps:
    """The operations of Die Macher's effect language (``vocabulary.ops.DieMacherOps``), done by
    the rules through ``ctx`` while party ``me`` resolves ``card`` on board ``b``. A seat is a
    party's number, a board its index in the ring."""

    def __init__(self, ctx: Ctx, me: int, b: int, card: CabinetCard) -> None:
        self.ctx, self.me, self.b, self.card = ctx, me, b, card
        self.tick = ctx.host.tick

    @property
    def active(self) -> int:
        return self.me

    @property
    def seats(self) -> Sequence[int]:
        return range(self.ctx.pos.players)

    def _emit(self, kind: type[C.Event], *args: object, cause: str | None = None) -> None:
        self.ctx.host.emit(kind, *args, cause=cause)

    # ---- reads ---------------------------------------------------------------------------------

    def board_value(self, seat: int, measure: Measure, b: int) -> int:
        pos = self.ctx.pos
        board = pos.boards[b]
        if measure is Measure.POPULARITY:
            return board.popularity[seat]
        if measure is Measure.VOTES:
            return board.votes[seat]
        return match(pos.platform[seat], board)

    def money(self, seat: int) -> int:
        return self.ctx.pos.money[seat]

    def controls_media(self, seat: int, b: int) -> bool:
        return self.ctx.pos.boards[b].controller() == seat

    def rallies(self, seat: int, b: int) -> int:
        return self.ctx.pos.boards[b].rallies[seat]

    # ---- the menu and the rival ----------------------------------------------------------------

    def choose_menu(self, seat: int, offered: Sequence[tuple[int, str]], cause: str | None = None) -> Steps:
        ctx = self.ctx
        options = [Option(f"option:{k + 1}", label, k) for k, label in offered]
        prompt = f"{self.card.en} in {ctx.state_name(self.b)}: choose one action"
        option = yield from ctx.ask(seat, Kind.CABINET_ACTION, prompt, options)
        self._emit(C.CabinetAction, ctx.party(seat), self.card.en, ctx.state_name(self.b), option.label, cause=cause)
        return int(option.value)

    def choose_option(self, seat: int, labels: Sequence[str], cause: str | None = None) -> Steps:
        k = yield from self.choose_menu(seat, list(enumerate(labels)), cause)
        return k

    def nothing_possible(self, seat: int, cause: str | None = None) -> None:
        self._emit(C.CabinetIdle, self.ctx.party(seat), self.card.en, self.ctx.state_name(self.b), cause=cause)

    def rivals(self, seat: int, b: int | None) -> list[int]:
        """The other parties, from the next seat round the table; with ``b``, those with a media
        marker on that board."""
        pos = self.ctx.pos
        n = pos.players
        others = [(seat + k) % n for k in range(1, n)]
        return [j for j in others if b is None or pos.boards[b].media[j] > 0]

    def choose_rival(self, seat: int, among: Sequence[int], cause: str | None = None) -> Steps:
        if not among:
            return None  # no rival to name: the statements naming it do nothing
        ctx = self.ctx
        options = [Option(f"rival:{ctx.party(j).value}", str(ctx.party(j)), j) for j in among]
        option = yield from ctx.ask(seat, Kind.CABINET_ACTION, f"{self.card.en}: choose a rival", options)
        self._emit(C.RivalChosen, ctx.party(seat), ctx.party(option.value), ctx.state_name(self.b), cause=cause)
        return int(option.value)

    # ---- the tracks ----------------------------------------------------------------------------

    def gain_votes(self, seat: int | None, b: int, amount: int, cause: str | None = None) -> None:
        """DM8.3, DM6.4, DM6.5: up by ``amount``, capped at 50, on top of its space."""
        if seat is None:
            return
        pos = self.ctx.pos
        board = pos.boards[b]
        before = board.votes[seat]
        pos.arrive(board, seat, amount)
        gained = board.votes[seat] - before
        self._emit(C.VotesGained, self.ctx.party(seat), self.ctx.state_name(b), gained, board.votes[seat],
                   amount - gained, cause=cause)

    def change_popularity(self, seat: int | None, b: int, change: int, cause: str | None = None) -> None:
        """DM8.3: within −3 .. +3; media control does not protect against a fall."""
        if seat is None:
            return
        board = self.ctx.pos.boards[b]
        before = board.popularity[seat]
        board.popularity[seat] = max(-POPULARITY, min(POPULARITY, before + change))
        self._emit(C.PopularityMoved, self.ctx.party(seat), self.ctx.state_name(b), board.popularity[seat] - before,
                   board.popularity[seat], self.ctx.party(self.me), cause=cause)

    # ---- the key issue -------------------------------------------------------------------------

    def can_key_issue(self, b: int, place: bool) -> bool:
        """DM8.3: a board holds at most one key-issue tile; it goes on one of its opinion cards."""
        board = self.ctx.pos.boards[b]
        return (board.key_issue is None and bool(board.opinions)) if place else board.key_issue is not None

    def place_key_issue(self, seat: int, b: int, cause: str | None = None) -> Steps:
        """DM8.3: on one of the board's opinion cards, face up or face down, of ``seat``'s choice."""
        if not self.can_key_issue(b, True):
            return
        board = self.ctx.pos.boards[b]
        options = [Option(f"space:{s + 1}", f"{card.id} (space {s + 1})" if up else f"the face-down card (space {s + 1})",
                          s) for s, (card, up) in enumerate(board.opinions)]
        option = yield from self.ctx.ask(seat, Kind.CABINET_ACTION, f"{self.card.en}: the opinion card the key-issue "
                                      f"tile goes on in {self.ctx.state_name(b)}", options)
        slot = int(option.value)
        board.key_issue = slot
        card, up = board.opinions[slot]
        self._emit(C.KeyIssuePlaced, self.ctx.party(seat), self.ctx.state_name(b), slot + 1, card if up else None,
                   cause=cause)

    def remove_key_issue(self, seat: int, b: int, cause: str | None = None) -> None:
        board = self.ctx.pos.boards[b]
        if board.key_issue is None:
            return
        slot, board.key_issue = board.key_issue, None
        self._emit(C.KeyIssueRemoved, self.ctx.party(seat), self.ctx.state_name(b), slot + 1, cause=cause)

    # ---- the media takeover --------------------------------------------------------------------

    def can_take_over(self, seat: int, victim: int | None, b: int) -> bool:
        """DM8.3, DM18.4: a marker of ``victim`` (None: of some rival) on the board, and €8,000 and
        a media marker in supply for ``seat``."""
        pos = self.ctx.pos
        if pos.money[seat] < TAKEOVER_REFUND + MEDIA_PRICE or pos.media_supply(seat) < 1:
            return False
        if victim is None:
            return bool(self.rivals(seat, b))
        return victim != seat and pos.boards[b].media[victim] > 0

    def take_over(self, seat: int, victim: int | None, b: int, cause: str | None = None) -> None:
        """DM8.3: the rival's marker goes back to it with €4,000; ``seat``'s own takes its place,
        €4,000 to the bank. A full board stays full."""
        if victim is None or not self.can_take_over(seat, victim, b):
            return
        ctx = self.ctx
        board = ctx.pos.boards[b]
        board.media[victim] -= 1  # one swap: the board holds as many markers all along (DM4.5)
        board.media[seat] += 1
        ctx.pay(seat, -TAKEOVER_REFUND, f"media takeover in {ctx.state_name(b)}: to {ctx.party(victim)}")
        ctx.pay(victim, TAKEOVER_REFUND, f"its media marker taken over in {ctx.state_name(b)}")
        ctx.pay(seat, -MEDIA_PRICE, f"media takeover in {ctx.state_name(b)}: to the bank")
        self._emit(C.MediaTakenOver, ctx.party(seat), ctx.party(victim), ctx.state_name(b), cause=cause)
