"""The effect language's syntax tree: plain frozen nodes, each with its source position.

The parser builds these from the Lark tree; the checker returns a copy in which quoted
names are resolved (``Str`` becomes ``StateName`` or ``GroupName``); the compiler turns the
checked tree into closures. Nothing here knows about the game.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Iterator, Literal

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


@dataclass(frozen=True)
class Expr(Node):
    """A value: a number, a name, a player, or what a game reads of its position."""


@dataclass(frozen=True)
class Cond(Node):
    """A condition: true or false when it is tested."""


@dataclass(frozen=True)
class Stmt(Node):
    """A statement of an effect."""


class Built(ast_utils.Ast):
    """A node the parser builds without a method of its own (Lark's ``ast_utils``): its grammar rule
    is named after it (``DrawAndPlay`` ← ``draw_and_play``) and the rule's parts are its fields, in
    order. See docs/language-internals.md."""


# ---- expressions -------------------------------------------------------------


@dataclass(frozen=True)
class Num(Expr):
    value: int


@dataclass(frozen=True)
class Str(Expr):
    """A quoted name whose kind (state or group) the checker decides from context."""

    text: str


@dataclass(frozen=True)
class StateName(Expr):
    name: str


@dataclass(frozen=True)
class GroupName(Expr):
    name: str


@dataclass(frozen=True)
class Var(Expr):
    name: str


@dataclass(frozen=True)
class IssueLit(Expr):
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
class PlayerRef(Expr):
    """Who: "you" (the acting player), "opponent", "active", "mccain" or "obama"."""

    who: Who


@dataclass(frozen=True)
class Of(Expr):
    """A property of a state or a player: ``the votes of S``, ``the score of you``…"""

    prop: Prop
    subject: "Expr"


@dataclass(frozen=True)
class BlocksOf(Expr, Built):
    player: "Expr"
    issue: "Expr"
    state: "Expr"


@dataclass(frozen=True)
class RowCount(Expr):
    """``the undecided blocks on I in S`` (empty white circles) or ``the blocks on I in S`` (the row's length)."""

    kind: Literal["undecided", "all"]
    issue: "Expr"
    state: "Expr"


@dataclass(frozen=True)
class NewsState(Expr):
    pass


@dataclass(frozen=True)
class It(Expr):
    """The state a superlative measures, left unsaid in the text: ``votes`` in ``the state with the
    most votes`` is ``Of("votes", It())``. Stands only inside a ``Best``'s measure."""


@dataclass(frozen=True)
class Best(Expr):
    """``the state with the most|fewest MEASURE``: the state in play whose measure (a number read
    from each state, ``It`` standing for it) is highest (``most``) or lowest. Ties: the acting
    player chooses (the active player where nobody acts)."""

    most: bool
    measure: "Expr"


@dataclass(frozen=True)
class Arith(Expr):
    op: str  # "+" | "-"
    left: "Expr"
    right: "Expr"




# ---- conditions --------------------------------------------------------------


@dataclass(frozen=True)
class Compare(Cond):
    op: str  # "=", "!=", "<", ">", "<=", ">="
    left: Expr
    right: Expr


@dataclass(frozen=True)
class Leads(Cond, Built):
    player: Expr


@dataclass(frozen=True)
class MediaInPlay(Cond):
    player: Expr | None  # None: anybody's


@dataclass(frozen=True)
class And(Cond):
    left: "Cond"
    right: "Cond"


@dataclass(frozen=True)
class Or(Cond):
    left: "Cond"
    right: "Cond"


@dataclass(frozen=True)
class Not(Cond):
    operand: "Cond"


@dataclass(frozen=True)
class StateIs(Cond):
    """``S is in play``, ``S is won``, ``S is won by P`` (``by``: None for either player)."""

    state: Expr
    status: Literal["in_play", "won"]
    by: Expr | None


@dataclass(frozen=True)
class ThatWins(Cond, Built):
    """``that wins S``: the statement just before this `if`, in the same block, made S won."""

    state: Expr




# ---- statements --------------------------------------------------------------


@dataclass(frozen=True)
class Gain(Stmt, Built):
    amount: Expr
    issue: Expr
    state: Expr


@dataclass(frozen=True)
class Shift(Stmt, Built):
    state: Expr
    amount: Expr
    issue: Expr


@dataclass(frozen=True)
class Alter(Stmt, Built):
    state: Expr


@dataclass(frozen=True)
class DemographicSupport(Stmt, Built):
    group: Expr


@dataclass(frozen=True)
class Draw(Stmt, Built):
    amount: Expr


@dataclass(frozen=True)
class DrawAndPlay(Stmt, Built):
    amount: Expr


@dataclass(frozen=True)
class Discard(Stmt, Built):
    amount: Expr


@dataclass(frozen=True)
class DiscardAny(Stmt):
    var: str


@dataclass(frozen=True)
class ChooseIssue(Stmt):
    var: str


@dataclass(frozen=True)
class ChooseCard(Stmt):
    var: str


@dataclass(frozen=True)
class PlayCard(Stmt):
    var: str


@dataclass(frozen=True)
class DiscardCard(Stmt):
    var: str


@dataclass(frozen=True)
class Nothing(Stmt, Built):
    pass


@dataclass(frozen=True)
class RollDice(Stmt, Built):
    """Media Support ability: when ``player`` goes negative, roll ``count`` dice."""

    player: Expr
    count: Expr


@dataclass(frozen=True)
class NewsTarget(Stmt):
    """Media Support ability: where Breaking News lands (R10.2)."""

    chooser: Expr | None  # a state chosen by this player, or
    state: Expr | None  # this state (a ``Best``)


@dataclass(frozen=True)
class Trigger(Stmt):
    """Media Support triggered ability (R12.16): ``body`` runs, on behalf of the card's owner, once
    per matching event while the card is in play. ``player``: whose win, negative or turn (None:
    either player's); for ``news`` it is always None."""

    event: Literal["won", "news", "negative", "end_turn"]
    player: Expr | None
    body: tuple["Stmt", ...]


@dataclass(frozen=True)
class ChooseState(Stmt):
    var: str
    where: Cond | None
    different: bool
    best: Best | None = None  # `choose a state with the most votes as S`: only the best of those that fit


@dataclass(frozen=True)
class If(Stmt):
    cond: Cond
    then: tuple["Stmt", ...]
    otherwise: tuple["Stmt", ...]


@dataclass(frozen=True)
class ForEach(Stmt):
    var: str
    where: Cond | None
    body: tuple["Stmt", ...]


@dataclass(frozen=True)
class Repeat(Stmt):
    count: Expr
    body: tuple["Stmt", ...]


@dataclass(frozen=True)
class As(Stmt):
    player: Expr
    body: tuple["Stmt", ...]


@dataclass(frozen=True)
class ChooseOne(Stmt):
    options: tuple[tuple["Stmt", ...], ...]


@dataclass(frozen=True)
class WhileInPlay(Stmt):
    body: tuple["Stmt", ...]




@dataclass(frozen=True)
class Program(Node):
    body: tuple[Stmt, ...]


#: Every node class of the language, expressions, then conditions, then statements.
NODES: tuple[type[Node], ...] = (
    Num, Str, StateName, GroupName, Var, IssueLit, PlayerRef, Of, BlocksOf, NewsState, Arith, RowCount, It,
    Best, Compare, Leads, MediaInPlay, And, Or, Not, StateIs, ThatWins, Gain, Shift, Alter, DemographicSupport,
    Draw, DrawAndPlay, Discard, DiscardAny, ChooseState, ChooseIssue, ChooseCard, PlayCard, DiscardCard,
    Nothing, RollDice, NewsTarget, If, ForEach, Repeat, As, ChooseOne, WhileInPlay, Trigger,
)


def bests(node: Node) -> Iterator[Best]:
    """The superlatives a statement, condition or expression reads itself, innermost first (those
    of the statements in its blocks are theirs, not its own): each is settled, and a tie broken,
    before the statement runs."""
    for f in fields(node):
        yield from _bests_in(getattr(node, f.name))
    if isinstance(node, Best):
        yield node




def _bests_in(value: object) -> Iterator[Best]:
    if isinstance(value, (Expr, Cond)):
        yield from bests(value)

