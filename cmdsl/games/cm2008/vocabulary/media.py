"""Campaign Manager 2008's Media Support: `media support is in play`, a card's abilities while in
play (`P rolls N going negative dice`, `breaking news targets …`: R4.4, R10.2) and its triggers'
events (`when a state is won by P:`, `when breaking news is drawn:`, `when P goes negative:`:
R12.16). Nodes, rules and passes' parts, as ``reads.py``'s."""

from __future__ import annotations

import dataclasses
from dataclasses import field
from typing import TYPE_CHECKING, Any, Callable

from ....lang.ast import Built, Cond, Expr, Nothing, Num, PlayerRef, Stmt, Trigger
from ....lang.check_scope import PLAYER, At, Scope
from ....lang.checker import Checker
from ....lang.compile_expr import Value
from ....lang.compiler import Abilities, Compiler
from ....lang.render import Unparser
from ....lang.run import Run
from ....lang.text import Writer
from ....lang.tree_rules import TreeRules, body
from ....lang.work import Bounds
from ....values import value
from ..sides import Side
from .ops import Choice, GameOps, State
from .phrases import OTHER
from .reads import STATE
from .superlatives import SuperlativesCompiler, bests

if TYPE_CHECKING:
    from lark.tree import Meta

__all__ = ["MediaInPlay", "NewsTarget", "RollDice"]


@value
class MediaInPlay(Cond):
    player: Expr | None  # None: anybody's


@value
class RollDice(Stmt, Built):
    """Media Support ability: when ``player`` goes negative, roll ``count`` dice."""

    player: Expr
    count: Expr


@value
class NewsTarget(Stmt):
    """Media Support ability: where Breaking News lands (R10.2)."""

    chooser: Expr | None  # a state chosen by this player, or
    state: Expr | None  # this state (a ``Best``)


NODES = (MediaInPlay, RollDice, NewsTarget)


class MediaRules(TreeRules):
    def media_in_play(self, meta: Meta, c: list[Any]) -> MediaInPlay:
        return MediaInPlay(None, pos=self._p(meta))

    def has_media(self, meta: Meta, c: list[Any]) -> MediaInPlay:
        return MediaInPlay(c[0], pos=self._p(meta))

    def news_target(self, meta: Meta, c: list[Any]) -> Any:
        return c[0]

    def news_chosen_by(self, meta: Meta, c: list[Any]) -> NewsTarget:
        return NewsTarget(c[0], None, pos=self._p(meta))

    def news_state_is(self, meta: Meta, c: list[Any]) -> NewsTarget:
        return NewsTarget(None, c[0], pos=self._p(meta))

    # triggered abilities
    def when_won(self, meta: Meta, c: list[Any]) -> Trigger:
        player = c[0] if c and isinstance(c[0], PlayerRef) else None
        return Trigger("won", player, body(c[1:] if player is not None else c), pos=self._p(meta))

    def when_news(self, meta: Meta, c: list[Any]) -> Trigger:
        return Trigger("news", None, body(c), pos=self._p(meta))

    def when_negative(self, meta: Meta, c: list[Any]) -> Trigger:
        return Trigger("negative", c[0], body(c[1:]), pos=self._p(meta))


class MediaChecker(Checker):
    ability_outside = "this is a Media Support ability: it belongs inside `while in play:`"
    only_abilities = ("only abilities may appear inside `while in play:` "
                      "(`... rolls N going negative dice`, `breaking news targets ...`, "
                      "`when ...:`, `at the end of ... turn:`)")
    no_abilities = "`while in play:` is only for Media Support cards (type: media)"

    def is_ability(self, s: Stmt) -> bool:
        return isinstance(s, (RollDice, NewsTarget)) or super().is_ability(s)

    def stmt_RollDice(self, s: RollDice, at: At) -> Stmt:
        self.read_later(s, "who rolls and how many dice")
        count = self.count(s.count, at.scope, at.actor)
        if any(bests(count)):  # read when a die is due, where nobody could be asked to break a tie
            raise self.error(s.count, "a number of dice cannot use `the state with the most ...`")
        return dataclasses.replace(s, player=self.expr(s.player, PLAYER, at.scope, at.actor), count=count)

    def stmt_NewsTarget(self, s: NewsTarget, at: At) -> Stmt:
        self.read_later(s, "where Breaking News lands")
        chooser = self.expr(s.chooser, PLAYER, at.scope, at.actor) if s.chooser is not None else None
        state = self.expr(s.state, STATE, at.scope, at.actor) if s.state is not None else None
        return dataclasses.replace(s, chooser=chooser, state=state)

    def cond_MediaInPlay(self, c: MediaInPlay, scope: Scope, actor: bool) -> Cond:
        player = self.expr(c.player, PLAYER, scope, actor) if c.player is not None else None
        return dataclasses.replace(c, player=player)


class MediaBounds(Bounds):
    stmt_RollDice = stmt_NewsTarget = Bounds.declaration


@value
class MediaAbilities(Abilities):
    """A Media Support card's ongoing abilities, compiled (R4.4, R10.2, R12.16): its triggered ones
    (the core's) and those that change a rule."""

    # (game, owner, roller) → dice, or None
    rolls: Callable[[GameOps, Side, Side], int | None] = field(kw_only=True)
    # (game, owner, new state) → target
    news: Callable[[GameOps, Side, State], Choice[State]] | None = field(kw_only=True)


class MediaCompiler(SuperlativesCompiler):
    stmt_RollDice = stmt_NewsTarget = Compiler.ability

    def abilities(self, stmts: tuple[Stmt, ...]) -> MediaAbilities | None:
        if not stmts:
            return None
        rolls: list[tuple[Value, Value]] = []
        news = None
        for s in stmts:
            if isinstance(s, RollDice):
                rolls.append((self.expr(s.player), self.count(s.count)))
            elif isinstance(s, NewsTarget):
                news = self.news_target(s)

        def roll_count(game: GameOps, owner: Side, roller: Side) -> int | None:
            r = Run(game, owner)
            for who, n in rolls:
                if who(r) is roller:
                    return int(n(r))
            return None
        return MediaAbilities(triggers=self.triggers(stmts), rolls=roll_count, news=news)

    def news_target(self, s: NewsTarget) -> Callable[[GameOps, Side, State], Choice[State]]:
        chooser = self.expr(s.chooser) if s.chooser is not None else None
        # A state rule (`the state with the most votes`) is settled for the owner, who breaks a tie.
        value = self.expr(s.state) if s.state is not None else None
        settle = self.settle(list(bests(s.state)) if s.state is not None else [],
                             self.stmt_Nothing(Nothing(pos=s.pos), ""), self.cause(s))

        def target(game: GameOps, owner: Side, new: State) -> Choice[State]:
            states = list(game.in_play)
            if not states:
                return new
            if chooser is not None:
                return (yield from game.choose_news_target(chooser(Run(game, owner)), states))
            assert value is not None
            r = Run(game, owner)
            yield from settle(r)
            chosen = value(r)
            return chosen if chosen is not None else new
        return target

    def cond_MediaInPlay(self, c: MediaInPlay) -> Callable[[Run[GameOps]], bool]:
        if c.player is None:
            return lambda r: r.ops.media_owner() is not None
        owner = self.expr(c.player)
        return lambda r: (o := r.ops.media_owner()) is not None and o is owner(r)


class MediaUnparser(Unparser):
    def stmt_RollDice(self, s: RollDice, indent: str) -> list[str]:
        who = self.expr(s.player)
        return [f"{indent}{who} {'roll' if who == 'you' else 'rolls'} {self.expr(s.count)} going negative dice"]

    def stmt_NewsTarget(self, s: NewsTarget, indent: str) -> list[str]:
        if s.chooser is not None:
            return [f"{indent}breaking news targets a state chosen by {self.expr(s.chooser)}"]
        assert s.state is not None
        return [f"{indent}breaking news targets {self.expr(s.state)}"]

    def event_head(self, s: Trigger, who: str | None) -> str:
        if s.event == "won":
            return "when a state is won" + (f" by {who}" if who is not None else "")
        if s.event == "news":
            return "when breaking news is drawn"
        return f"when {who} {'go' if who == 'you' else 'goes'} negative"

    def cond_MediaInPlay(self, c: MediaInPlay) -> str:
        if c.player is None:
            return "media support is in play"
        who = self.expr(c.player)
        return f"{who} {'have' if who == 'you' else 'has'} media support in play"


class MediaWriter(Writer):
    def cond_MediaInPlay(self, c: MediaInPlay) -> str:
        return self.p["media"] if c.player is None else self._you(self.expr(c.player), "has_media")

    def stmt_RollDice(self, s: RollDice, indent: str, top: bool, kind: str) -> list[str]:
        # Who rolls and who carries out the results (R8.1) are both said: they are not the same player.
        p, who = self.p, self.expr(s.player)
        you = who == p["you"]
        other = OTHER[self.lang].get(who, p["opponent"])
        other_you = other == p["you"]
        words = dict(who=who, goes=p["goes_you" if you else "goes"],
                     they=p["they_you" if you else "they"].format(who=who), do=p["do"],
                     rolls=self.agree("rolls", you), other=other, gets=self.agree("gets", other_you),
                     carries=self.agree("carries", other_you))
        if isinstance(s.count, Num) and s.count.value == 0:
            return [indent + " ".join(p["no_die"].format(**words).split())]
        return [indent + p["dice"].format(times=self.times(s.count, start=False), **words)]

    def stmt_NewsTarget(self, s: NewsTarget, indent: str, top: bool, kind: str) -> list[str]:
        if s.chooser is not None:
            return [indent + self._you(self.expr(s.chooser), "news_chosen")]
        assert s.state is not None
        return [indent + self.p["news_state"].format(self.expr(s.state))]

    def event_head(self, s: Trigger, who: str | None) -> str:
        p = self.p
        if s.event == "news":
            return p["when_news"]
        if who is None:
            return p["when_won_any"]
        return self._you(who, "when_won" if s.event == "won" else "when_negative")
