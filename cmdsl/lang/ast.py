"""The effect language's syntax tree: plain frozen nodes, each with its source position.

The parser builds these from the Lark tree; the checker returns a copy in which quoted
names are resolved (``Str`` becomes ``StateName`` or ``GroupName``); the compiler turns the
checked tree into closures. Nothing here knows about the game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union


@dataclass(frozen=True)
class Pos:
    """A 1-based line and column in the card file (not in the effect text)."""

    line: int
    col: int

    def __str__(self) -> str:
        return f"{self.line}:{self.col}"


NOWHERE = Pos(0, 0)


@dataclass(frozen=True)
class Node:
    pos: Pos = field(default=NOWHERE, compare=False, kw_only=True)


# ---- expressions -------------------------------------------------------------


@dataclass(frozen=True)
class Num(Node):
    value: int


@dataclass(frozen=True)
class Str(Node):
    """A quoted name whose kind (state or group) the checker decides from context."""

    text: str


@dataclass(frozen=True)
class StateName(Node):
    name: str


@dataclass(frozen=True)
class GroupName(Node):
    name: str


@dataclass(frozen=True)
class Var(Node):
    name: str


@dataclass(frozen=True)
class IssueLit(Node):
    issue: str  # "defense" | "economy"


@dataclass(frozen=True)
class PlayerRef(Node):
    """Who: "you" (the acting player), "opponent", "active", "mccain" or "obama"."""

    who: str


@dataclass(frozen=True)
class Of(Node):
    """A property of a state or a player: ``the votes of S``, ``the score of you``…"""

    prop: str  # majority | minority | key | votes | score | hand_size
    subject: "Expr"


@dataclass(frozen=True)
class BlocksOf(Node):
    player: "Expr"
    issue: "Expr"
    state: "Expr"


@dataclass(frozen=True)
class NewsState(Node):
    pass


@dataclass(frozen=True)
class Arith(Node):
    op: str  # "+" | "-"
    left: "Expr"
    right: "Expr"


Expr = Union[Num, Str, StateName, GroupName, Var, IssueLit, PlayerRef, Of, BlocksOf, NewsState, Arith]


# ---- conditions --------------------------------------------------------------


@dataclass(frozen=True)
class Compare(Node):
    op: str  # "=", "!=", "<", ">", "<=", ">="
    left: Expr
    right: Expr


@dataclass(frozen=True)
class Leads(Node):
    player: Expr


@dataclass(frozen=True)
class MediaInPlay(Node):
    player: Expr | None  # None: anybody's


@dataclass(frozen=True)
class And(Node):
    left: "Cond"
    right: "Cond"


@dataclass(frozen=True)
class Or(Node):
    left: "Cond"
    right: "Cond"


@dataclass(frozen=True)
class Not(Node):
    operand: "Cond"


Cond = Union[Compare, Leads, MediaInPlay, And, Or, Not]


# ---- statements --------------------------------------------------------------


@dataclass(frozen=True)
class Gain(Node):
    amount: Expr
    issue: Expr
    state: Expr


@dataclass(frozen=True)
class Shift(Node):
    state: Expr
    amount: Expr
    issue: Expr


@dataclass(frozen=True)
class Alter(Node):
    state: Expr


@dataclass(frozen=True)
class DemographicSupport(Node):
    group: Expr


@dataclass(frozen=True)
class Draw(Node):
    amount: Expr


@dataclass(frozen=True)
class DrawAndPlay(Node):
    amount: Expr


@dataclass(frozen=True)
class Discard(Node):
    amount: Expr


@dataclass(frozen=True)
class DiscardAny(Node):
    var: str


@dataclass(frozen=True)
class ChooseState(Node):
    var: str
    where: Cond | None
    different: bool


@dataclass(frozen=True)
class ChooseIssue(Node):
    var: str


@dataclass(frozen=True)
class ChooseCard(Node):
    var: str


@dataclass(frozen=True)
class PlayCard(Node):
    var: str


@dataclass(frozen=True)
class DiscardCard(Node):
    var: str


@dataclass(frozen=True)
class Nothing(Node):
    pass


@dataclass(frozen=True)
class RollDice(Node):
    """Media Support ability: when ``player`` goes negative, roll ``count`` dice."""

    player: Expr
    count: Expr


@dataclass(frozen=True)
class NewsTarget(Node):
    """Media Support ability: where Breaking News lands (R10.2)."""

    rule: str  # "chosen" | "most" | "fewest"
    chooser: Expr | None


@dataclass(frozen=True)
class If(Node):
    cond: Cond
    then: tuple["Stmt", ...]
    otherwise: tuple["Stmt", ...]


@dataclass(frozen=True)
class ForEach(Node):
    var: str
    where: Cond | None
    body: tuple["Stmt", ...]


@dataclass(frozen=True)
class Repeat(Node):
    count: Expr
    body: tuple["Stmt", ...]


@dataclass(frozen=True)
class As(Node):
    player: Expr
    body: tuple["Stmt", ...]


@dataclass(frozen=True)
class ChooseOne(Node):
    options: tuple[tuple["Stmt", ...], ...]


@dataclass(frozen=True)
class WhileInPlay(Node):
    body: tuple["Stmt", ...]


Stmt = Union[
    Gain, Shift, Alter, DemographicSupport, Draw, DrawAndPlay, Discard, DiscardAny,
    ChooseState, ChooseIssue, ChooseCard, PlayCard, DiscardCard, Nothing, RollDice,
    NewsTarget, If, ForEach, Repeat, As, ChooseOne, WhileInPlay,
]


@dataclass(frozen=True)
class Program(Node):
    body: tuple[Stmt, ...]
