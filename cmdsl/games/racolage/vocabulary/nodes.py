"""Racolage Électoral's nodes of the effect language's syntax tree, beside the core's
(``cmdsl.lang.ast``): its statements, its condition and its values."""

from __future__ import annotations

from enum import StrEnum

from ....lang import ast as core
from ....lang.visitor import Family, family
from ....values import value


class Deck(StrEnum):
    """The two decks (RA1.6)."""

    MEDIA = "media"
    ACTION = "action"


class Permanent(StrEnum):
    """The three types of permanent Action, one of each at most in a bonus zone (RA2.4)."""

    DIRECT = "direct action"
    PRIVILEGE = "privilege"
    CATCHPHRASE = "catchphrase"


# ---- values ---------------------------------------------------------------------------------------


@value
class ThemeName(core.Expr):
    """A theme, quoted (`"Economy"`), as the checker resolved it against the set's themes."""

    name: str


@value
class NotorietyOf(core.Expr):
    """`the notoriety of P`: the sum of P's placed Media (RA2.3, RA11.1); ``final``: `the final
    notoriety of P`, with the bonuses that count at the end."""

    player: core.Expr
    final: bool = False


@value
class HandSizeOf(core.Expr):
    """`the hand size of P`."""

    player: core.Expr


@value
class DeckSize(core.Expr):
    """`the media deck size`, `the action deck size`."""

    deck: Deck


# ---- conditions -----------------------------------------------------------------------------------


@value
class ThemeOpen(core.Cond):
    """`T is open to P`: P may place Media of theme T (the Event's, or P's Catchphrase's: RA6.1)."""

    theme: core.Expr
    player: core.Expr


# ---- statements -----------------------------------------------------------------------------------


@value
class Draw(core.Stmt):
    """`P draws N media|action cards` (an Event drawn goes into play: RA6.4). ``draw_phase``: a
    Privilege's ability, `you draw N media cards in your draw phase` (RA4.1, RA6.2)."""

    player: core.Expr
    count: core.Expr
    deck: Deck
    draw_phase: bool = False


@value
class Skip(core.Stmt):
    """`P skips N turns`: skips add up (RA7.4, RA9.2)."""

    player: core.Expr
    count: core.Expr


@value
class DiscardCards(core.Stmt):
    """`P discards N cards`: of P's choice, from P's hand."""

    player: core.Expr
    count: core.Expr


@value
class GainNotoriety(core.Stmt):
    """`P gains N notoriety`: a bonus kept apart, counted only at the end (RA11.1)."""

    player: core.Expr
    amount: core.Expr


@value
class DiscardPermanent(core.Stmt):
    """`discard every catchphrase` (``player`` None: every player's), `discard the privilege of P`."""

    kind: Permanent
    player: core.Expr | None


@value
class HandLimit(core.Stmt):
    """A Privilege's ability: `your hand limit is N` (the hand check of RA4.3)."""

    limit: core.Expr


#: Racolage's node classes; every node class of a Racolage effect; those of each kind.
NODES: tuple[type[core.Node], ...] = (ThemeName, NotorietyOf, HandSizeOf, DeckSize, ThemeOpen, Draw, Skip,
                                      DiscardCards, GainNotoriety, DiscardPermanent, HandLimit)
ALL_NODES: tuple[type[core.Node], ...] = (*core.NODES, *NODES)
EXPRS: Family = family(ALL_NODES, core.Expr)
CONDS: Family = family(ALL_NODES, core.Cond)
STMTS: Family = family(ALL_NODES, core.Stmt)
