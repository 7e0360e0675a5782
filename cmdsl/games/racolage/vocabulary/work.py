"""The work bound of Racolage Électoral's statements (the core's: ``cmdsl.lang.work``)."""

from __future__ import annotations

from ....lang.work import Bounds, Work
from . import nodes as N

#: RA1.1: 2 to 4 players.
MAX_PLAYERS = 4


class RacolageBounds(Bounds):
    families = {"stmt": N.STMTS, "upper": N.EXPRS}

    max_seats = MAX_PLAYERS

    def stmt_Draw(self, s: N.Draw) -> Work:
        if s.draw_phase:
            return self.declaration(s)
        drawn = self.counted(s.count)
        # Each Action card drawn may be an Event, whose one-time effect runs at once (RA6.4, nested
        # up to the game's MAX_EVENT_DEPTH): a play, which keeps the effect's steps counted
        # (``work.ends_unwatched``). The loader's budget check reads ``fixed`` alone.
        return Work(drawn.fixed, drawn.fixed) if s.deck is N.Deck.ACTION else drawn

    def stmt_DiscardCards(self, s: N.DiscardCards) -> Work:
        return self.counted(s.count)  # one choice per card

    stmt_Skip = stmt_GainNotoriety = stmt_DiscardPermanent = Bounds.one
    stmt_HandLimit = Bounds.declaration

    upper_NotorietyOf = upper_HandSizeOf = upper_DeckSize = Bounds.computed
    upper_ThemeName = Bounds.not_a_number
