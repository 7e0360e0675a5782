"""Campaign Manager 2008's effects written back as effect text (the core's: ``cmdsl.lang.render``)."""

from __future__ import annotations

from types import MappingProxyType

from . import nodes as A
from ....lang.render import INDENT, Unparser

_OF = {"majority": "the majority issue of", "minority": "the minority issue of",
       "key": "the key demographic of", "votes": "the votes of", "score": "the score of",
       "hand_size": "the hand size of", "deck_size": "the deck size of",
       "discard_size": "the discard pile size of"}
_ROW = {"undecided": "the undecided blocks on", "all": "the blocks on"}


class CampaignUnparser(Unparser):
    """The core's unparser, with Campaign Manager 2008's statements."""

    families = {"expr": A.EXPRS, "cond": A.CONDS, "stmt": A.STMTS}

    players = MappingProxyType({**Unparser.players, "opponent": "the opponent", "mccain": "mccain", "obama": "obama"})

    def stmt_Gain(self, s: A.Gain, indent: str) -> list[str]:
        n = self.expr(s.amount)
        return [f"{indent}gain {n} support{'' if n == '1' else 's'} on {self.expr(s.issue)} in "
                f"{self.expr(s.state)}"]

    def stmt_Shift(self, s: A.Shift, indent: str) -> list[str]:
        return [f"{indent}shift {self.expr(s.state)} {self.expr(s.amount)} toward {self.expr(s.issue)}"]

    def stmt_Alter(self, s: A.Alter, indent: str) -> list[str]:
        return [f"{indent}alter the key demographic of {self.expr(s.state)}"]

    def stmt_DemographicSupport(self, s: A.DemographicSupport, indent: str) -> list[str]:
        return [f"{indent}demographic support for {self.expr(s.group)}"]

    def stmt_Draw(self, s: A.Draw, indent: str) -> list[str]:
        return [f"{indent}draw {self.expr(s.amount)}"]

    def stmt_DrawAndPlay(self, s: A.DrawAndPlay, indent: str) -> list[str]:
        return [f"{indent}draw {self.expr(s.amount)} and play one"]

    def stmt_Discard(self, s: A.Discard, indent: str) -> list[str]:
        return [f"{indent}discard {self.expr(s.amount)}"]

    def stmt_DiscardAny(self, s: A.DiscardAny, indent: str) -> list[str]:
        return [f"{indent}discard any number as {s.var}"]

    def stmt_ChooseState(self, s: A.ChooseState, indent: str) -> list[str]:
        best = f" {self.with_most(s.best)}" if s.best is not None else ""
        return [f"{indent}choose a {'different ' if s.different else ''}state{best} as {s.var}{self.where(s.where)}"]

    def stmt_ChooseIssue(self, s: A.ChooseIssue, indent: str) -> list[str]:
        return [f"{indent}choose an issue as {s.var}"]

    def stmt_ChooseCard(self, s: A.ChooseCard, indent: str) -> list[str]:
        return [f"{indent}choose a card from hand as {s.var}"]

    def stmt_PlayCard(self, s: A.PlayCard, indent: str) -> list[str]:
        return [f"{indent}play {s.var}"]

    def stmt_DiscardCard(self, s: A.DiscardCard, indent: str) -> list[str]:
        return [f"{indent}discard card {s.var}"]

    def stmt_RollDice(self, s: A.RollDice, indent: str) -> list[str]:
        who = self.expr(s.player)
        return [f"{indent}{who} {'roll' if who == 'you' else 'rolls'} {self.expr(s.count)} going negative dice"]

    def stmt_NewsTarget(self, s: A.NewsTarget, indent: str) -> list[str]:
        if s.chooser is not None:
            return [f"{indent}breaking news targets a state chosen by {self.expr(s.chooser)}"]
        assert s.state is not None
        return [f"{indent}breaking news targets {self.expr(s.state)}"]

    def event_head(self, s: A.Trigger, who: str | None) -> str:
        if s.event == "won":
            return "when a state is won" + (f" by {who}" if who is not None else "")
        if s.event == "news":
            return "when breaking news is drawn"
        return f"when {who} {'go' if who == 'you' else 'goes'} negative"

    def turn_of(self, who: str) -> str:
        return {"the opponent": "the opponent's"}[who]

    def stmt_ForEach(self, s: A.ForEach, indent: str) -> list[str]:
        return [f"{indent}for each state as {s.var}{self.where(s.where)}:"] + self.block(s.body, indent + INDENT)

    def expr_StateName(self, e: A.StateName) -> str:
        return f'"{e.name}"'

    def expr_GroupName(self, e: A.GroupName) -> str:
        return f'"{e.name}"'

    def expr_IssueLit(self, e: A.IssueLit) -> str:
        return e.issue

    def expr_Of(self, e: A.Of) -> str:
        return f"{_OF[e.prop]} {self.atom(e.subject)}"

    def expr_BlocksOf(self, e: A.BlocksOf) -> str:
        return f"the blocks of {self.atom(e.player)} on {self.atom(e.issue)} in {self.atom(e.state)}"

    def expr_NewsState(self, e: A.NewsState) -> str:
        return "the news state"

    def expr_RowCount(self, e: A.RowCount) -> str:
        return f"{_ROW[e.kind]} {self.atom(e.issue)} in {self.atom(e.state)}"

    def expr_It(self, e: A.It) -> str:
        return "it"  # never parsed: a measure leaves its state unsaid (``measure``)

    def expr_Best(self, e: A.Best) -> str:
        return f"the state {self.with_most(e)}"

    def with_most(self, e: A.Best) -> str:
        return f"with the {'most' if e.most else 'fewest'} {self.measure(e.measure)}"

    def measure(self, m: A.Expr) -> str:
        """What a superlative reads from each state, the state unsaid (grammar's ``measure``)."""
        if isinstance(m, A.Of) and m.prop == A.Prop.VOTES:
            return "votes"
        if isinstance(m, A.BlocksOf):
            return f"blocks of {self.atom(m.player)} on {self.atom(m.issue)}"
        if isinstance(m, A.RowCount):
            return f"{'undecided blocks' if m.kind == 'undecided' else 'blocks'} on {self.atom(m.issue)}"
        raise TypeError(f"{m!r} is not a measure (the parser builds no other)")

    def cond_Leads(self, c: A.Leads) -> str:
        who = self.expr(c.player)
        return f"{who} {'lead' if who == 'you' else 'leads'}"

    def cond_MediaInPlay(self, c: A.MediaInPlay) -> str:
        if c.player is None:
            return "media support is in play"
        who = self.expr(c.player)
        return f"{who} {'have' if who == 'you' else 'has'} media support in play"

    def cond_StateIs(self, c: A.StateIs) -> str:
        if c.status == "in_play":
            return f"{self.expr(c.state)} is in play"
        return f"{self.expr(c.state)} is won" + (f" by {self.expr(c.by)}" if c.by is not None else "")

    def cond_ThatWins(self, c: A.ThatWins) -> str:
        return f"that wins {self.atom(c.state)}"

    def where(self, c: A.Cond | None) -> str:
        return f" where {self.cond(c)}" if c is not None else ""


#: It keeps nothing: one is enough.
RENDER = CampaignUnparser()
expr, cond, stmt, block, program, one_line = (RENDER.expr, RENDER.cond, RENDER.stmt, RENDER.block, RENDER.program,
                                              RENDER.one_line)
