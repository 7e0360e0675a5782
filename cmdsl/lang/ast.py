"""The effect language's syntax tree: plain frozen nodes, each with its source position.

The parser builds these from the Lark tree; the checker returns a copy in which quoted
names are resolved (``Str`` becomes ``StateName`` or ``GroupName``); the compiler turns the
checked tree into closures. Nothing here knows about the game.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Iterator, Literal, Union, get_args

from lark import ast_utils


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


class Built(ast_utils.Ast):
    """A node the parser builds without a method of its own (Lark's ``ast_utils``): its grammar rule
    is named after it (``DrawAndPlay`` ← ``draw_and_play``) and the rule's parts are its fields, in
    order. See docs/language-internals.md."""


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


class Who(StrEnum):
    """Whom a player reference names: the acting player, the other one, whose turn it is, or a
    side by its name."""

    YOU = "you"
    OPPONENT = "opponent"
    ACTIVE = "active"
    MCCAIN = "mccain"
    OBAMA = "obama"


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


@dataclass(frozen=True)
class PlayerRef(Node):
    """Who: "you" (the acting player), "opponent", "active", "mccain" or "obama"."""

    who: Who


@dataclass(frozen=True)
class Of(Node):
    """A property of a state or a player: ``the votes of S``, ``the score of you``…"""

    prop: Prop
    subject: "Expr"


@dataclass(frozen=True)
class BlocksOf(Node, Built):
    player: "Expr"
    issue: "Expr"
    state: "Expr"


@dataclass(frozen=True)
class RowCount(Node):
    """``the undecided blocks on I in S`` (empty white circles) or ``the blocks on I in S`` (the row's length)."""

    kind: Literal["undecided", "all"]
    issue: "Expr"
    state: "Expr"


@dataclass(frozen=True)
class NewsState(Node):
    pass


@dataclass(frozen=True)
class It(Node):
    """The state a superlative measures, left unsaid in the text: ``votes`` in ``the state with the
    most votes`` is ``Of("votes", It())``. Stands only inside a ``Best``'s measure."""


@dataclass(frozen=True)
class Best(Node):
    """``the state with the most|fewest MEASURE``: the state in play whose measure (a number read
    from each state, ``It`` standing for it) is highest (``most``) or lowest. Ties: the acting
    player chooses (the active player where nobody acts)."""

    most: bool
    measure: "Expr"


@dataclass(frozen=True)
class Arith(Node):
    op: str  # "+" | "-"
    left: "Expr"
    right: "Expr"


Expr = Union[Num, Str, StateName, GroupName, Var, IssueLit, PlayerRef, Of, BlocksOf, NewsState, Arith,
             RowCount, It, Best]


# ---- conditions --------------------------------------------------------------


@dataclass(frozen=True)
class Compare(Node):
    op: str  # "=", "!=", "<", ">", "<=", ">="
    left: Expr
    right: Expr


@dataclass(frozen=True)
class Leads(Node, Built):
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


@dataclass(frozen=True)
class StateIs(Node):
    """``S is in play``, ``S is won``, ``S is won by P`` (``by``: None for either player)."""

    state: Expr
    status: Literal["in_play", "won"]
    by: Expr | None


@dataclass(frozen=True)
class ThatWins(Node, Built):
    """``that wins S``: the statement just before this `if`, in the same block, made S won."""

    state: Expr


Cond = Union[Compare, Leads, MediaInPlay, And, Or, Not, StateIs, ThatWins]


# ---- statements --------------------------------------------------------------


@dataclass(frozen=True)
class Gain(Node, Built):
    amount: Expr
    issue: Expr
    state: Expr


@dataclass(frozen=True)
class Shift(Node, Built):
    state: Expr
    amount: Expr
    issue: Expr


@dataclass(frozen=True)
class Alter(Node, Built):
    state: Expr


@dataclass(frozen=True)
class DemographicSupport(Node, Built):
    group: Expr


@dataclass(frozen=True)
class Draw(Node, Built):
    amount: Expr


@dataclass(frozen=True)
class DrawAndPlay(Node, Built):
    amount: Expr


@dataclass(frozen=True)
class Discard(Node, Built):
    amount: Expr


@dataclass(frozen=True)
class DiscardAny(Node):
    var: str


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
class Nothing(Node, Built):
    pass


@dataclass(frozen=True)
class RollDice(Node, Built):
    """Media Support ability: when ``player`` goes negative, roll ``count`` dice."""

    player: Expr
    count: Expr


@dataclass(frozen=True)
class NewsTarget(Node):
    """Media Support ability: where Breaking News lands (R10.2)."""

    chooser: Expr | None  # a state chosen by this player, or
    state: Expr | None  # this state (a ``Best``)


@dataclass(frozen=True)
class Trigger(Node):
    """Media Support triggered ability (R12.16): ``body`` runs, on behalf of the card's owner, once
    per matching event while the card is in play. ``player``: whose win, negative or turn (None:
    either player's); for ``news`` it is always None."""

    event: Literal["won", "news", "negative", "end_turn"]
    player: Expr | None
    body: tuple["Stmt", ...]


@dataclass(frozen=True)
class ChooseState(Node):
    var: str
    where: Cond | None
    different: bool
    best: Best | None = None  # `choose a state with the most votes as S`: only the best of those that fit


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
    NewsTarget, If, ForEach, Repeat, As, ChooseOne, WhileInPlay, Trigger,
]


@dataclass(frozen=True)
class Program(Node):
    body: tuple[Stmt, ...]


def bests(node: Node) -> Iterator[Best]:
    """The superlatives a statement, condition or expression reads itself, innermost first (those
    of the statements in its blocks are theirs, not its own): each is settled, and a tie broken,
    before the statement runs."""
    for f in fields(node):
        yield from _bests_in(getattr(node, f.name))
    if isinstance(node, Best):
        yield node


_EXPR_OR_COND = (*get_args(Expr), *get_args(Cond))


def _bests_in(value: object) -> Iterator[Best]:
    if isinstance(value, _EXPR_OR_COND):
        yield from bests(value)

