"""Campaign Manager 2008's rules of the parse tree → its nodes (the core's: ``cmdsl.lang.to_ast``)."""

from __future__ import annotations

import dataclasses
from typing import Any

from lark import Token, v_args
from lark.tree import Meta

from ....lang.to_ast import ToAst, _body, add_built_methods
from . import nodes as A


@v_args(meta=True)
class CampaignToAst(ToAst):
    """The core's transformer, with a method for each of Campaign Manager 2008's rules."""

    def issue(self, meta: Meta, c: list[Any]) -> A.IssueLit:
        return A.IssueLit(str(c[0]), pos=self._tok(c[0]))

    def candidate(self, meta: Meta, c: list[Any]) -> A.PlayerRef:
        return A.PlayerRef(A.Who(str(c[0])), pos=self._tok(c[0]))

    def opponent(self, meta: Meta, c: list[Any]) -> A.PlayerRef:
        return A.PlayerRef(A.Who.OPPONENT, pos=self._p(meta))

    def majority_of(self, meta: Meta, c: list[Any]) -> A.Of:
        return A.Of(A.Prop.MAJORITY, c[0], pos=self._p(meta))

    def minority_of(self, meta: Meta, c: list[Any]) -> A.Of:
        return A.Of(A.Prop.MINORITY, c[0], pos=self._p(meta))

    def key_of(self, meta: Meta, c: list[Any]) -> A.Of:
        return A.Of(A.Prop.KEY, c[0], pos=self._p(meta))

    def votes_of(self, meta: Meta, c: list[Any]) -> A.Of:
        return A.Of(A.Prop.VOTES, c[0], pos=self._p(meta))

    def score_of(self, meta: Meta, c: list[Any]) -> A.Of:
        return A.Of(A.Prop.SCORE, c[0], pos=self._p(meta))

    def hand_size_of(self, meta: Meta, c: list[Any]) -> A.Of:
        return A.Of(A.Prop.HAND_SIZE, c[0], pos=self._p(meta))

    def deck_size_of(self, meta: Meta, c: list[Any]) -> A.Of:
        return A.Of(A.Prop.DECK_SIZE, c[0], pos=self._p(meta))

    def discard_size_of(self, meta: Meta, c: list[Any]) -> A.Of:
        return A.Of(A.Prop.DISCARD_SIZE, c[0], pos=self._p(meta))

    def undecided_blocks(self, meta: Meta, c: list[Any]) -> A.RowCount:
        return A.RowCount("undecided", c[0], c[1], pos=self._p(meta))

    def row_length(self, meta: Meta, c: list[Any]) -> A.RowCount:
        return A.RowCount("all", c[0], c[1], pos=self._p(meta))

    def best(self, meta: Meta, c: list[Any]) -> Any:
        return dataclasses.replace(c[0], pos=self._p(meta))

    def with_most(self, meta: Meta, c: list[Any]) -> A.Best:
        return A.Best(str(c[0]) == "most", c[1], pos=self._p(meta))

    # a measure names what is read from each state; the state itself is ``It``
    def m_votes(self, meta: Meta, c: list[Any]) -> A.Of:
        return A.Of(A.Prop.VOTES, A.It(pos=self._p(meta)), pos=self._p(meta))

    def m_blocks_of(self, meta: Meta, c: list[Any]) -> A.BlocksOf:
        return A.BlocksOf(c[0], c[1], A.It(pos=self._p(meta)), pos=self._p(meta))

    def m_undecided(self, meta: Meta, c: list[Any]) -> A.RowCount:
        return A.RowCount("undecided", c[0], A.It(pos=self._p(meta)), pos=self._p(meta))

    def m_row(self, meta: Meta, c: list[Any]) -> A.RowCount:
        return A.RowCount("all", c[0], A.It(pos=self._p(meta)), pos=self._p(meta))

    def news_state(self, meta: Meta, c: list[Any]) -> A.NewsState:
        return A.NewsState(pos=self._p(meta))

    def media_in_play(self, meta: Meta, c: list[Any]) -> A.MediaInPlay:
        return A.MediaInPlay(None, pos=self._p(meta))

    def has_media(self, meta: Meta, c: list[Any]) -> A.MediaInPlay:
        return A.MediaInPlay(c[0], pos=self._p(meta))

    def is_in_play(self, meta: Meta, c: list[Any]) -> A.StateIs:
        return A.StateIs(c[0], "in_play", None, pos=self._p(meta))

    def is_won(self, meta: Meta, c: list[Any]) -> A.StateIs:
        return A.StateIs(c[0], "won", None, pos=self._p(meta))

    def is_won_by(self, meta: Meta, c: list[Any]) -> A.StateIs:
        return A.StateIs(c[0], "won", c[1], pos=self._p(meta))

    def where(self, meta: Meta, c: list[Any]) -> tuple[Any, ...]:
        return ("where", c[0])

    # simple statements (gain, shift, draw… are ``Built``: see ``_building``)
    def discard_any(self, meta: Meta, c: list[Any]) -> A.DiscardAny:
        return A.DiscardAny(str(c[0]), pos=self._p(meta))

    def choose_state(self, meta: Meta, c: list[Any]) -> A.ChooseState:
        different = any(isinstance(x, Token) and x.type == "DIFFERENT" for x in c)
        name = next(str(x) for x in c if isinstance(x, Token) and x.type == "VAR")
        where = next((x[1] for x in c if isinstance(x, tuple)), None)
        best = next((x for x in c if isinstance(x, A.Best)), None)
        return A.ChooseState(name, where, different, best, pos=self._p(meta))

    def choose_issue(self, meta: Meta, c: list[Any]) -> A.ChooseIssue:
        return A.ChooseIssue(str(c[0]), pos=self._p(meta))

    def choose_card(self, meta: Meta, c: list[Any]) -> A.ChooseCard:
        return A.ChooseCard(str(c[0]), pos=self._p(meta))

    def play_card(self, meta: Meta, c: list[Any]) -> A.PlayCard:
        return A.PlayCard(str(c[0]), pos=self._p(meta))

    def discard_card(self, meta: Meta, c: list[Any]) -> A.DiscardCard:
        return A.DiscardCard(str(c[0]), pos=self._p(meta))

    def news_target(self, meta: Meta, c: list[Any]) -> Any:
        return c[0]

    def news_chosen_by(self, meta: Meta, c: list[Any]) -> A.NewsTarget:
        return A.NewsTarget(c[0], None, pos=self._p(meta))

    def news_state_is(self, meta: Meta, c: list[Any]) -> A.NewsTarget:
        return A.NewsTarget(None, c[0], pos=self._p(meta))

    # triggered abilities
    def when_won(self, meta: Meta, c: list[Any]) -> A.Trigger:
        player = c[0] if c and isinstance(c[0], A.PlayerRef) else None
        return A.Trigger("won", player, _body(c[1:] if player is not None else c), pos=self._p(meta))

    def when_news(self, meta: Meta, c: list[Any]) -> A.Trigger:
        return A.Trigger("news", None, _body(c), pos=self._p(meta))

    def when_negative(self, meta: Meta, c: list[Any]) -> A.Trigger:
        return A.Trigger("negative", c[0], _body(c[1:]), pos=self._p(meta))

    def for_each(self, meta: Meta, c: list[Any]) -> A.ForEach:
        where = next((x[1] for x in c if isinstance(x, tuple)), None)
        return A.ForEach(str(c[0]), where, _body(c[1:]), pos=self._p(meta))


add_built_methods(CampaignToAst, A)
