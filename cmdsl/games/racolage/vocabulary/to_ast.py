"""Racolage Électoral's grammar rules → its nodes (the core's: ``cmdsl.lang.to_ast``)."""

from __future__ import annotations

from typing import Any

from lark import v_args
from lark.tree import Meta

from ....lang import ast as core
from ....lang.to_ast import ToAst
from . import nodes as N


@v_args(meta=True)
class RacolageToAst(ToAst):
    def draw_cards(self, meta: Meta, c: list[Any]) -> N.Draw:
        return N.Draw(c[0], c[1], N.Deck(str(c[2])), draw_phase=len(c) > 3, pos=self._p(meta))

    def draw_phase(self, meta: Meta, c: list[Any]) -> bool:
        return True

    def skip_turns(self, meta: Meta, c: list[Any]) -> N.Skip:
        return N.Skip(c[0], c[1], pos=self._p(meta))

    def skip_a_turn(self, meta: Meta, c: list[Any]) -> N.Skip:
        return N.Skip(c[0], core.Num(1, pos=self._p(meta)), pos=self._p(meta))

    def discard_cards(self, meta: Meta, c: list[Any]) -> N.DiscardCards:
        return N.DiscardCards(c[0], c[1], pos=self._p(meta))

    def gain_notoriety(self, meta: Meta, c: list[Any]) -> N.GainNotoriety:
        return N.GainNotoriety(c[0], c[1], pos=self._p(meta))

    def discard_every(self, meta: Meta, c: list[Any]) -> N.DiscardPermanent:
        return N.DiscardPermanent(c[0], None, pos=self._p(meta))

    def discard_permanent_of(self, meta: Meta, c: list[Any]) -> N.DiscardPermanent:
        return N.DiscardPermanent(c[0], c[1], pos=self._p(meta))

    def catchphrase(self, meta: Meta, c: list[Any]) -> N.Permanent:
        return N.Permanent.CATCHPHRASE

    def privilege(self, meta: Meta, c: list[Any]) -> N.Permanent:
        return N.Permanent.PRIVILEGE

    def direct_action(self, meta: Meta, c: list[Any]) -> N.Permanent:
        return N.Permanent.DIRECT

    def hand_limit(self, meta: Meta, c: list[Any]) -> N.HandLimit:
        return N.HandLimit(c[0], pos=self._p(meta))

    def theme_open(self, meta: Meta, c: list[Any]) -> N.ThemeOpen:
        return N.ThemeOpen(c[0], c[1], pos=self._p(meta))

    def notoriety_of(self, meta: Meta, c: list[Any]) -> N.NotorietyOf:
        return N.NotorietyOf(c[0], pos=self._p(meta))

    def final_notoriety_of(self, meta: Meta, c: list[Any]) -> N.NotorietyOf:
        return N.NotorietyOf(c[0], final=True, pos=self._p(meta))

    def hand_size_of(self, meta: Meta, c: list[Any]) -> N.HandSizeOf:
        return N.HandSizeOf(c[0], pos=self._p(meta))

    def deck_size(self, meta: Meta, c: list[Any]) -> N.DeckSize:
        return N.DeckSize(N.Deck(str(c[0])), pos=self._p(meta))

    def notoriety_measure(self, meta: Meta, c: list[Any]) -> N.NotorietyOf:
        return N.NotorietyOf(core.Them(pos=self._p(meta)), pos=self._p(meta))
