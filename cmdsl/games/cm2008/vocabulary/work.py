"""The work bound of Campaign Manager 2008's statements (the core's: ``cmdsl.lang.work``)."""

from __future__ import annotations

from ....lang import ast as A
from ....lang.work import MAX_COUNT, MAX_TRIGGERS, NONE, ONE, Bounds, Work


class CampaignBounds(Bounds):
    """The core's work bound, with Campaign Manager 2008's statements."""

    def settled(self, s: A.Stmt) -> int:
        # Each superlative the statement reads is settled first: one choice when states tie.
        return sum(1 for b in A.bests(s) if not (isinstance(s, A.ChooseState) and b is s.best))

    def budget_hint(self) -> str:
        return ("counts multiply through nested `repeat` and `for each` (a computed count counts as "
                f"{MAX_COUNT}, `for each` as {self.states} states); a card played inside an effect counts as "
                "the most expensive card of the set")

    def is_loop(self, s: A.Stmt) -> bool:
        return isinstance(s, A.ForEach) or super().is_loop(s)

    def blocks(self, s: A.Stmt) -> list[tuple[A.Stmt, ...]]:
        if isinstance(s, (A.ForEach, A.WhileInPlay, A.Trigger)):
            return [s.body]
        return super().blocks(s)

    def counted(self, amount: A.Expr) -> Work:
        return Work(max(1, self.count_bound(amount)), 0)

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
        return ONE + self.block(s.body).times(self.states)

    def stmt_WhileInPlay(self, s: A.WhileInPlay) -> Work:
        # Abilities run later; a triggered one counts for every time it may fire in one action
        # (R12.16), so a card's bound covers its triggers too. Dice counts are counts.
        return self.block(s.body)

    def stmt_Trigger(self, s: A.Trigger) -> Work:
        return (ONE + self.block(s.body)).times(MAX_TRIGGERS)

    # One unit each: a single change, a single choice.
    stmt_Shift = stmt_Alter = stmt_DemographicSupport = stmt_ChooseState = stmt_ChooseIssue = Bounds.one
    stmt_ChooseCard = stmt_DiscardCard = Bounds.one

    def declaration(self, s: A.Stmt) -> Work:
        """An ability that changes a rule (dice, the news target) carries out nothing itself."""
        return NONE

    stmt_RollDice = stmt_NewsTarget = declaration

    upper_Of = upper_BlocksOf = upper_RowCount = Bounds.computed
    upper_StateName = upper_GroupName = upper_IssueLit = Bounds.not_a_number
    upper_NewsState = upper_It = upper_Best = Bounds.not_a_number


block_work = CampaignBounds.block_work
stmt_work = CampaignBounds.stmt_work
over_budget = CampaignBounds.over_budget
