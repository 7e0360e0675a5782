"""Campaign Manager 2008's effects checked: names, types, scopes (the core's checker: ``cmdsl.lang.checker``)."""

from __future__ import annotations

import dataclasses
from enum import StrEnum
from types import MappingProxyType
from typing import Iterable

from . import nodes as A
from ....lang.check_expr import ExprChecker
from ....lang.check_scope import ARTICLE, NUM, PLAYER, At, Scope
from ....lang.checker import Checked, Checker, Context, Names
from ....lang.origin import Origin
from .work import CampaignBounds

__all__ = ["CampaignChecker", "Checked", "Context", "ContextKind", "Names", "campaign_names", "check"]

class ContextKind(StrEnum):
    """What an effect is attached to: a campaign card, a Breaking News, a Going Negative result,
    or a snippet typed by hand (the REPL's eval, a scenario's effect)."""

    CARD = "card"
    NEWS = "news"
    NEGATIVE = "negative"
    SNIPPET = "snippet"


#: The types of Campaign Manager 2008's values, beside the core's (a number, a player).
STATE, ISSUE, GROUP, CARD = "state", "issue", "demographic group", "card"

#: The properties of a player (the others are a state's).
PLAYER_PROPS = (A.Prop.SCORE, A.Prop.HAND_SIZE, A.Prop.DECK_SIZE, A.Prop.DISCARD_SIZE)


def campaign_names(states: Iterable[str], groups: Iterable[str]) -> Names:
    """The names a Campaign Manager 2008 effect may quote: its set's states and demographic groups."""
    return Names.of(state=states, group=groups)


class CampaignChecker(Checker):
    """The core's checker, with Campaign Manager 2008's statements, conditions and values."""

    families = {"stmt": A.STMTS, "cond": A.CONDS, "expr": A.EXPRS, "type": A.EXPRS}

    bounds = CampaignBounds
    articles = MappingProxyType({**ARTICLE, STATE: "a state", ISSUE: "an issue", GROUP: "a demographic group",
                                 CARD: "a card"})
    acting_players = frozenset({A.Who.YOU, A.Who.OPPONENT})
    no_actor = ("Breaking News has no player: say who acts with `as mccain:` or `as obama:` "
                "(or `as the active player:`)")
    uncomparable = MappingProxyType({CARD: "cards"})

    def __init__(self, names: Names, ctx: Context, origin: Origin) -> None:
        super().__init__(names, ctx, origin)
        # Where the expression or condition being checked stands: inside a superlative's measure
        # (`it` is the state measured), in the condition of an `if` after another statement.
        self._measuring = 0
        self._that_ok = False

    def loop_size(self) -> int:
        return len(self.names["state"])  # `for each state`

    ability_outside = "this is a Media Support ability: it belongs inside `while in play:`"
    only_abilities = ("only abilities may appear inside `while in play:` "
                      "(`... rolls N going negative dice`, `breaking news targets ...`, "
                      "`when ...:`, `at the end of ... turn:`)")
    no_abilities = "`while in play:` is only for Media Support cards (type: media)"

    def is_ability(self, s: A.Stmt) -> bool:
        return isinstance(s, (A.RollDice, A.NewsTarget)) or super().is_ability(s)

    def if_cond(self, c: A.Cond, at: At) -> A.Cond:
        self._that_ok = at.after  # `that wins` looks at the statement before this `if`
        try:
            return super().if_cond(c, at)
        finally:
            self._that_ok = False

    def stmt_Gain(self, s: A.Gain, at: At) -> A.Stmt:
        self.need_actor(s, at.actor)
        return dataclasses.replace(s, amount=self.count(s.amount, at.scope, at.actor),
                                   issue=self.expr(s.issue, ISSUE, at.scope, at.actor),
                                   state=self.expr(s.state, STATE, at.scope, at.actor))

    def stmt_Shift(self, s: A.Shift, at: At) -> A.Stmt:
        return dataclasses.replace(s, state=self.expr(s.state, STATE, at.scope, at.actor),
                                   amount=self.count(s.amount, at.scope, at.actor),
                                   issue=self.expr(s.issue, ISSUE, at.scope, at.actor))

    def stmt_Alter(self, s: A.Alter, at: At) -> A.Stmt:
        return dataclasses.replace(s, state=self.expr(s.state, STATE, at.scope, at.actor))

    def stmt_DemographicSupport(self, s: A.DemographicSupport, at: At) -> A.Stmt:
        self.need_actor(s, at.actor)
        return dataclasses.replace(s, group=self.expr(s.group, GROUP, at.scope, at.actor))

    def counted(self, s: A.Draw | A.DrawAndPlay | A.Discard, at: At) -> A.Stmt:
        self.need_actor(s, at.actor)
        word = "discard" if isinstance(s, A.Discard) else "draw"
        return dataclasses.replace(s, amount=self.count(s.amount, at.scope, at.actor, word))

    stmt_Draw = stmt_DrawAndPlay = stmt_Discard = counted

    def stmt_DiscardAny(self, s: A.DiscardAny, at: At) -> A.Stmt:
        self.need_actor(s, at.actor)
        self.bind(s, at.scope, s.var, NUM)
        return s

    def stmt_ChooseState(self, s: A.ChooseState, at: At) -> A.Stmt:
        self.need_actor(s, at.actor)
        if s.different and not at.loop:
            raise self.error(s, "`choose a different state` only makes sense inside `repeat` or `for each`")
        inner = Scope(at.scope)  # the condition sees the state it tests
        inner.vars[s.var] = STATE
        where = self.cond(s.where, inner, at.actor) if s.where is not None else None
        best = self.best(s.best, at.scope, at.actor) if s.best is not None else None
        self.bind(s, at.scope, s.var, STATE)
        return dataclasses.replace(s, where=where, best=best)

    def stmt_ChooseIssue(self, s: A.ChooseIssue, at: At) -> A.Stmt:
        self.need_actor(s, at.actor)
        self.bind(s, at.scope, s.var, ISSUE)
        return s

    def stmt_ChooseCard(self, s: A.ChooseCard, at: At) -> A.Stmt:
        self.need_actor(s, at.actor)
        self.bind(s, at.scope, s.var, CARD)
        return s

    def uses_card(self, s: A.PlayCard | A.DiscardCard, at: At) -> A.Stmt:
        self.need_actor(s, at.actor)
        self.var_of_type(s, s.var, CARD, at.scope)
        return s

    stmt_PlayCard = stmt_DiscardCard = uses_card

    def stmt_RollDice(self, s: A.RollDice, at: At) -> A.Stmt:
        self.read_later(s, "who rolls and how many dice")
        count = self.count(s.count, at.scope, at.actor)
        if any(A.bests(count)):  # read when a die is due, where nobody could be asked to break a tie
            raise self.error(s.count, "a number of dice cannot use `the state with the most ...`")
        return dataclasses.replace(s, player=self.expr(s.player, PLAYER, at.scope, at.actor), count=count)

    def stmt_NewsTarget(self, s: A.NewsTarget, at: At) -> A.Stmt:
        self.read_later(s, "where Breaking News lands")
        chooser = self.expr(s.chooser, PLAYER, at.scope, at.actor) if s.chooser is not None else None
        state = self.expr(s.state, STATE, at.scope, at.actor) if s.state is not None else None
        return dataclasses.replace(s, chooser=chooser, state=state)

    def stmt_ForEach(self, s: A.ForEach, at: At) -> A.Stmt:
        inner = Scope(at.scope)
        self.bind(s, inner, s.var, STATE)
        where = self.cond(s.where, inner, at.actor) if s.where is not None else None
        return dataclasses.replace(s, where=where, body=self.block(s.body, at.nested(Scope(inner), loop=True)))

    type_BlocksOf = type_RowCount = ExprChecker.number

    def type_It(self, e: A.It, scope: Scope) -> str:
        return STATE

    def type_Best(self, e: A.Best, scope: Scope) -> str:
        return STATE

    def type_IssueLit(self, e: A.IssueLit, scope: Scope) -> str:
        return ISSUE

    def type_NewsState(self, e: A.NewsState, scope: Scope) -> str:
        return STATE

    def type_StateName(self, e: A.StateName, scope: Scope) -> str:
        return STATE  # resolved already: checking a checked tree changes nothing

    def type_GroupName(self, e: A.GroupName, scope: Scope) -> str:
        return GROUP

    def type_Of(self, e: A.Of, scope: Scope) -> str:
        return {"majority": ISSUE, "minority": ISSUE, "key": GROUP, "votes": NUM,
                "score": NUM, "hand_size": NUM, "deck_size": NUM, "discard_size": NUM}[e.prop]

    def expr_Str(self, e: A.Str, want: str, scope: Scope, actor: bool) -> A.Expr:
        if want == STATE:
            return A.StateName(self.name(e, e.text, self.names["state"], "state"), pos=e.pos)
        if want == GROUP:
            return A.GroupName(self.name(e, e.text, self.names["group"], "demographic group"), pos=e.pos)
        raise self.error(e, f'"{e.text}" is a quoted name, but {ARTICLE[want]} is expected here'
                         + (" (issues are written economy or defense, without quotes)" if want == ISSUE else ""))

    def expr_NewsState(self, e: A.NewsState, want: str, scope: Scope, actor: bool) -> A.Expr:
        if self.ctx.kind not in (ContextKind.NEWS, ContextKind.SNIPPET):
            raise self.error(e, "`the news state` exists only in Breaking News effects")
        return self.leaf(e, want, scope, actor)

    expr_IssueLit = expr_StateName = expr_GroupName = ExprChecker.leaf

    def expr_Of(self, e: A.Of, want: str, scope: Scope, actor: bool) -> A.Expr:
        self.expect(e, want, scope, actor)
        subject_t = PLAYER if e.prop in PLAYER_PROPS else STATE
        return dataclasses.replace(e, subject=self.expr(e.subject, subject_t, scope, actor))

    def expr_BlocksOf(self, e: A.BlocksOf, want: str, scope: Scope, actor: bool) -> A.Expr:
        self.expect(e, want, scope, actor)
        return dataclasses.replace(e, player=self.expr(e.player, PLAYER, scope, actor),
                                   issue=self.expr(e.issue, ISSUE, scope, actor),
                                   state=self.expr(e.state, STATE, scope, actor))

    def expr_RowCount(self, e: A.RowCount, want: str, scope: Scope, actor: bool) -> A.Expr:
        self.expect(e, want, scope, actor)
        return dataclasses.replace(e, issue=self.expr(e.issue, ISSUE, scope, actor),
                                   state=self.expr(e.state, STATE, scope, actor))

    def expr_It(self, e: A.It, want: str, scope: Scope, actor: bool) -> A.Expr:
        if not self._measuring:  # the parser writes `It` only in a measure; a hand-built tree may not
            raise self.error(e, "`it` (the state measured) stands only in `the state with the most ...`")
        return self.leaf(e, want, scope, actor)

    def expr_Best(self, e: A.Best, want: str, scope: Scope, actor: bool) -> A.Expr:
        self.expect(e, want, scope, actor)
        return self.best(e, scope, actor)

    def best(self, e: A.Best, scope: Scope, actor: bool) -> A.Best:
        self._measuring += 1
        try:
            measure = self.expr(e.measure, NUM, scope, actor)
        finally:
            self._measuring -= 1
        return dataclasses.replace(e, measure=measure)

    def cond_Leads(self, c: A.Leads, scope: Scope, actor: bool) -> A.Cond:
        return dataclasses.replace(c, player=self.expr(c.player, PLAYER, scope, actor))

    def cond_MediaInPlay(self, c: A.MediaInPlay, scope: Scope, actor: bool) -> A.Cond:
        player = self.expr(c.player, PLAYER, scope, actor) if c.player is not None else None
        return dataclasses.replace(c, player=player)

    def cond_StateIs(self, c: A.StateIs, scope: Scope, actor: bool) -> A.Cond:
        by = self.expr(c.by, PLAYER, scope, actor) if c.by is not None else None
        return dataclasses.replace(c, state=self.expr(c.state, STATE, scope, actor), by=by)

    def cond_ThatWins(self, c: A.ThatWins, scope: Scope, actor: bool) -> A.Cond:
        if not self._that_ok:
            raise self.error(c, "`that wins S` looks at the statement just before it: it goes in the "
                                "condition of an `if` that follows another statement of the same block",
                             hint="for example: gain 1 support on economy in S, then, on the next line, "
                                  "if that wins S:")
        return dataclasses.replace(c, state=self.expr(c.state, STATE, scope, actor))


def check(program: A.Program, names: Names, ctx: Context, origin: Origin = Origin()) -> Checked:
    return CampaignChecker(names, ctx, origin).check(program)
