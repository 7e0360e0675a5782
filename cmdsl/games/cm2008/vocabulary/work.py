"""The work bound of Campaign Manager 2008's statements (the core's: ``cmdsl.lang.work``)."""

from __future__ import annotations


from . import nodes as A
from ....lang.work import MAX_COUNT, ONE, Bounds, Work
from ....values import value

#: A card played inside an effect is resolved only up to this level (R12.15; 1 = played from hand).
#: A card played inside an effect costs the work of the most expensive card that may be played at
#: its level, which the loader computes for the whole set: see ``PlayLevels``.
MAX_PLAY_LEVEL = 3

#: The most triggered abilities one player action fires (R12.16); further ones have no effect.
MAX_TRIGGERS = 20


class CampaignBounds(Bounds):
    """The core's work bound, with Campaign Manager 2008's statements."""

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

    def is_loop(self, s: A.Stmt) -> bool:
        return isinstance(s, A.ForEach) or super().is_loop(s)

    def blocks(self, s: A.Stmt) -> list[tuple[A.Stmt, ...]]:
        if isinstance(s, A.ForEach):
            return [s.body]
        return super().blocks(s)

    def stmt_Gain(self, s: A.Gain) -> Work:
        return self.counted(s.amount)

    def stmt_Draw(self, s: A.Draw) -> Work:
        return self.counted(s.amount)

    def stmt_Discard(self, s: A.Discard) -> Work:
        return self.counted(s.amount)

    def stmt_DrawAndPlay(self, s: A.DrawAndPlay) -> Work:
        return self.counted(s.amount) + Work(0, 1)

    def stmt_DiscardAny(self, s: A.DiscardAny) -> Work:
        return Work(MAX_COUNT, 0)  # one choice per card discarded

    def stmt_PlayCard(self, s: A.PlayCard) -> Work:
        return Work(1, 1)

    def stmt_ForEach(self, s: A.ForEach) -> Work:
        return ONE + self.block(s.body).times(self.loop_size)

    # One unit each: a single change, a single choice.
    stmt_Shift = stmt_Alter = stmt_DemographicSupport = stmt_ChooseState = stmt_ChooseIssue = Bounds.one
    stmt_ChooseCard = stmt_DiscardCard = Bounds.one

    stmt_RollDice = stmt_NewsTarget = Bounds.declaration

    upper_Of = upper_BlocksOf = upper_RowCount = Bounds.computed
    upper_StateName = upper_GroupName = upper_IssueLit = Bounds.not_a_number
    upper_NewsState = upper_It = upper_Best = Bounds.not_a_number


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
