"""The work bound of Campaign Manager 2008's statements (the core's: ``cmdsl.lang.work``), assembled
from its node families' parts; what a card played inside an effect may cost (``PlayLevels``)."""

from __future__ import annotations


from . import nodes as A
from ....lang.work import MAX_COUNT, Bounds, Work
from ....values import value
from .cards import CardsBounds
from .media import MediaBounds
from .players import PlayersBounds
from .reads import ReadsBounds
from .states import StatesBounds
from .superlatives import SuperlativesBounds
from .support import SupportBounds
from .wins import WinsBounds

#: A card played inside an effect is resolved only up to this level (R12.15; 1 = played from hand).
#: A card played inside an effect costs the work of the most expensive card that may be played at
#: its level, which the loader computes for the whole set: see ``PlayLevels``.
MAX_PLAY_LEVEL = 3

#: The most triggered abilities one player action fires (R12.16); further ones have no effect.
MAX_TRIGGERS = 20


class CampaignBounds(PlayersBounds, SupportBounds, CardsBounds, StatesBounds, WinsBounds, MediaBounds,
                     SuperlativesBounds, ReadsBounds, Bounds):
    """The core's work bound, with Campaign Manager 2008's statements (each family's part beside its nodes)."""

    families = {"stmt": A.STMTS, "upper": A.EXPRS}

    max_seats = 2  # the two candidates
    max_triggers = MAX_TRIGGERS  # R12.16

    def settled(self, s: A.Stmt) -> int:
        # Each superlative the statement reads is settled first: one choice when states tie.
        return super().settled(s) + sum(1 for b in A.bests(s) if not (isinstance(s, A.ChooseState) and b is s.best))

    def budget_hint(self) -> str:
        return ("counts multiply through nested `repeat` and `for each` (a computed count counts as "
                f"{MAX_COUNT}, `for each` as {self.loop_size} states); a card played inside an effect counts as "
                "the most expensive card of the set")


@value
class PlayLevels:
    """What a card played inside an effect may cost, per level (R12.15), for one card set.

    ``work[k]`` bounds a card played at level ``k`` (1 = from hand), everything it plays included;
    a play at level 4 or deeper does nothing and costs nothing beyond its own statement.
    """

    work: tuple[int, ...]  # index 0 unused; levels 1..MAX_PLAY_LEVEL

    @staticmethod
    def of(cards: list[Work]) -> "PlayLevels":
        below = 0  # level MAX_PLAY_LEVEL + 1: not resolved
        work = [0] * (MAX_PLAY_LEVEL + 1)
        for level in range(MAX_PLAY_LEVEL, 0, -1):
            below = max((w.at(below) for w in cards), default=0)
            work[level] = below
        return PlayLevels(tuple(work))

    def card(self, w: Work) -> int:
        """A card played from hand (level 1): what it plays is level 2."""
        return w.at(self.work[2] if MAX_PLAY_LEVEL >= 2 else 0)

    def other(self, w: Work) -> int:
        """Breaking News, Going Negative results and effects typed by hand: at worst they run while
        no card is resolving, so a card they play is level 1."""
        return w.at(self.work[1])


block_work = CampaignBounds.block_work
stmt_work = CampaignBounds.stmt_work
over_budget = CampaignBounds.over_budget
