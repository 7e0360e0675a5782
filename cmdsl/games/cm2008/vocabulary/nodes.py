"""Campaign Manager 2008's nodes of the effect language's syntax tree, beside the core's
(``cmdsl.lang.ast``, re-exported here: this module is the whole tree of a CM2008 effect)."""

from __future__ import annotations

from enum import StrEnum
from typing import Iterator, Literal, cast

from ....lang import ast as core
from ....lang.visitor import Family, family
from ....lang.ast import (NOWHERE as NOWHERE, And as And, Arith as Arith, As as As, Built as Built,
                          ChooseOne as ChooseOne, Compare as Compare, Cond as Cond, Expr as Expr,
                          ForEachPlayer as ForEachPlayer, If as If, BestPlayer as BestPlayer, Them as Them,
                          Node as Node, Not as Not, Nothing as Nothing, Num as Num, Or as Or, PlayerRef as PlayerRef,
                          Pos as Pos, Program as Program, Repeat as Repeat, Stmt as Stmt, Str as Str, Var as Var,
                          Trigger as Trigger, WhileInPlay as WhileInPlay, END_TURN as END_TURN,
                          ChosenPlayer as ChosenPlayer)
from ....values import value


class Who(StrEnum):
    """Whom a player reference names: the acting player, the other one, whose turn it is, or a
    side by its name (the core's two, and Campaign Manager 2008's three)."""

    YOU = core.Who.YOU.value
    OPPONENT = "opponent"
    ACTIVE = core.Who.ACTIVE.value
    MCCAIN = "mccain"
    OBAMA = "obama"


# ---- values ------------------------------------------------------------------


@value
class StateName(Expr):
    name: str


@value
class GroupName(Expr):
    name: str


@value
class IssueLit(Expr):
    issue: str  # "defense" | "economy"


class Prop(StrEnum):
    """A property of a state (majority, minority, key, votes) or of a player (score, sizes)."""

    MAJORITY = "majority"
    MINORITY = "minority"
    KEY = "key"
    VOTES = "votes"
    SCORE = "score"
    HAND_SIZE = "hand_size"
    DECK_SIZE = "deck_size"
    DISCARD_SIZE = "discard_size"


@value
class Of(Expr):
    """A property of a state or a player: ``the votes of S``, ``the score of you``…"""

    prop: Prop
    subject: "Expr"


@value
class BlocksOf(Expr, Built):
    player: "Expr"
    issue: "Expr"
    state: "Expr"


@value
class RowCount(Expr):
    """``the undecided blocks on I in S`` (empty white circles) or ``the blocks on I in S`` (the row's length)."""

    kind: Literal["undecided", "all"]
    issue: "Expr"
    state: "Expr"


@value
class NewsState(Expr):
    pass


@value
class It(Expr):
    """The state a superlative measures, left unsaid in the text: ``votes`` in ``the state with the
    most votes`` is ``Of("votes", It())``. Stands only inside a ``Best``'s measure."""


@value
class Best(Expr):
    """``the state with the most|fewest MEASURE``: the state in play whose measure (a number read
    from each state, ``It`` standing for it) is highest (``most``) or lowest. Ties: the acting
    player chooses (the active player where nobody acts)."""

    most: bool
    measure: "Expr"


# ---- conditions --------------------------------------------------------------


@value
class Leads(Cond, Built):
    player: Expr


@value
class MediaInPlay(Cond):
    player: Expr | None  # None: anybody's


@value
class StateIs(Cond):
    """``S is in play``, ``S is won``, ``S is won by P`` (``by``: None for either player)."""

    state: Expr
    status: Literal["in_play", "won"]
    by: Expr | None


@value
class ThatWins(Cond, Built):
    """``that wins S``: the statement just before this `if`, in the same block, made S won."""

    state: Expr


# ---- statements --------------------------------------------------------------


@value
class Gain(Stmt, Built):
    amount: Expr
    issue: Expr
    state: Expr


@value
class Shift(Stmt, Built):
    state: Expr
    amount: Expr
    issue: Expr


@value
class Alter(Stmt, Built):
    state: Expr


@value
class DemographicSupport(Stmt, Built):
    group: Expr


@value
class Draw(Stmt, Built):
    amount: Expr


@value
class DrawAndPlay(Stmt, Built):
    amount: Expr


@value
class Discard(Stmt, Built):
    amount: Expr


@value
class DiscardAny(Stmt):
    var: str


@value
class ChooseIssue(Stmt):
    var: str


@value
class ChooseCard(Stmt):
    var: str


@value
class PlayCard(Stmt):
    var: str


@value
class DiscardCard(Stmt):
    var: str


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


@value
class ChooseState(Stmt):
    var: str
    where: Cond | None
    different: bool
    best: Best | None = None  # `choose a state with the most votes as S`: only the best of those that fit


@value
class ForEach(Stmt):
    var: str
    where: Cond | None
    body: tuple["Stmt", ...]


#: Campaign Manager 2008's node classes, expressions, then conditions, then statements.
NODES: tuple[type[Node], ...] = (
    StateName, GroupName, IssueLit, Of, BlocksOf, NewsState, RowCount, It, Best, Leads, MediaInPlay, StateIs,
    ThatWins, Gain, Shift, Alter, DemographicSupport, Draw, DrawAndPlay, Discard, DiscardAny, ChooseState,
    ChooseIssue, ChooseCard, PlayCard, DiscardCard, RollDice, NewsTarget, ForEach,
)
#: Every node class of a CM2008 effect: the core's and its own; and those of each kind.
ALL_NODES: tuple[type[Node], ...] = (*core.NODES, *NODES)
EXPRS: Family = family(ALL_NODES, Expr)
CONDS: Family = family(ALL_NODES, Cond)
STMTS: Family = family(ALL_NODES, Stmt)


def bests(node: Node) -> Iterator[Best]:
    """The superlatives a statement, condition or expression reads itself, innermost first (those
    of the statements in its blocks are theirs, not its own): each is settled, and a tie broken,
    before the statement runs."""
    return cast(Iterator[Best], core.parts(node, Best))
