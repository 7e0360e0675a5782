"""The core effect language's syntax tree: plain frozen nodes, each with its source position.

The parser builds these from the Lark tree; the checker returns a copy in which quoted names are
resolved (a game's vocabulary says into what); the compiler turns the checked tree into closures.
A game's vocabulary adds nodes of each kind (``Expr``, ``Cond``, ``Stmt``). Nothing here knows a
game.
"""

from __future__ import annotations

from dataclasses import field, fields
from functools import cache
from enum import StrEnum
from typing import Hashable, Iterator, cast
from ..values import value


@value
class Pos:
    """A 1-based line and column in the card file (not in the effect text)."""

    line: int
    col: int

    def __str__(self) -> str:
        return f"{self.line}:{self.col}"


NOWHERE = Pos(0, 0)


@value
class Node:
    pos: Pos = field(default=NOWHERE, compare=False, kw_only=True)


@value
class Expr(Node):
    """A value: a number, a name, a player, or what a game reads of its position."""


@value
class Cond(Node):
    """A condition: true or false when it is tested."""


@value
class Stmt(Node):
    """A statement of an effect."""


class Built:
    """A node the parser builds without a method of its own (``to_ast.add_built_methods``): its
    grammar rule is named after it (``DrawAndPlay`` ← ``draw_and_play``) and the rule's parts are its
    fields, in order. See docs/language-internals.md."""


# ---- expressions -------------------------------------------------------------


@value
class Num(Expr):
    value: int


@value
class Str(Expr):
    """A quoted name, whose kind (a game's: a place, a group…) the checker decides from context."""

    text: str


@value
class Var(Expr):
    name: str


class Who(StrEnum):
    """The players the core language names, by seat: the acting player, and the player whose turn
    it is. A game's vocabulary names others (its own ``Who``, with these two)."""

    YOU = "you"
    ACTIVE = "active"


@value
class PlayerRef(Expr):
    """A player, as the effect names them (``Who``, or a name of the game's vocabulary)."""

    who: str


@value
class Them(Expr):
    """The player a superlative over players measures, in its measure (`them`)."""


@value
class BestPlayer(Expr):
    """`the player with the most|fewest MEASURE`: the player whose measure (a number read of each
    player, ``Them`` standing for them) is highest (``most``) or lowest. Settled before the
    statement that reads it; on a tie the acting player (the active player where nobody acts)
    chooses among those tied."""

    most: bool
    measure: Expr


@value
class ChosenPlayer(Expr):
    """`a player chosen by P` (any player, P too) or, ``other``, `another player chosen by P` (any
    but P): asked of P before the statement that reads it runs, once per phrase in a statement."""

    chooser: Expr
    other: bool


#: The players a statement settles before it runs: a superlative's, a choice's.
SETTLED_PLAYERS: tuple[type[Expr], ...] = (BestPlayer, ChosenPlayer)


@value
class Arith(Expr):
    op: str  # "+" | "-"
    left: "Expr"
    right: "Expr"


# ---- conditions --------------------------------------------------------------


@value
class Compare(Cond):
    op: str  # "=", "!=", "<", ">", "<=", ">="
    left: Expr
    right: Expr


@value
class And(Cond):
    left: "Cond"
    right: "Cond"


@value
class Or(Cond):
    left: "Cond"
    right: "Cond"


@value
class Not(Cond):
    operand: "Cond"


# ---- statements --------------------------------------------------------------


@value
class Nothing(Stmt, Built):
    pass


@value
class If(Stmt):
    cond: Cond
    then: tuple["Stmt", ...]
    otherwise: tuple["Stmt", ...]


@value
class Repeat(Stmt):
    count: Expr
    body: tuple["Stmt", ...]


@value
class ForEachPlayer(Stmt):
    """`for each other player as P:`: the body once for each player but the one acting, in seat
    order from the one after them, ``P`` naming that player."""

    var: str
    body: tuple["Stmt", ...]


@value
class As(Stmt):
    player: Expr
    body: tuple["Stmt", ...]


@value
class ChooseOne(Stmt):
    options: tuple[tuple["Stmt", ...], ...]


@value
class WhileInPlay(Stmt):
    """`while in play:`: the abilities a card has while it stays in play (its ``body``), which run
    later, not when the effect resolves. Only a game whose cards stay in play allows it
    (``Context.abilities``), at the top of an effect."""

    body: tuple["Stmt", ...]


#: The core's event of a triggered ability: the end of a turn (a game's vocabulary adds its own).
END_TURN = "end_turn"


@value
class Trigger(Stmt):
    """A triggered ability (only inside `while in play:`): ``body`` runs, on behalf of the card's
    owner, once per matching ``event`` while the card is in play. ``event``: the core's ``END_TURN``
    (`at the end of your turn`, `… of each turn`) or one of the game's. ``player``: whose event it
    must be (None: anyone's)."""

    event: str
    player: Expr | None
    body: tuple["Stmt", ...]


@value
class Program(Node):
    body: tuple[Stmt, ...]


#: Every node class of the core language, expressions, then conditions, then statements.
NODES: tuple[type[Node], ...] = (Num, Str, Var, PlayerRef, Them, BestPlayer, ChosenPlayer, Arith, Compare, And, Or, Not, Nothing,
                                 If, Repeat, ForEachPlayer, As, ChooseOne, WhileInPlay, Trigger)


def parts(node: Node, kind: type[Node] | tuple[type[Node], ...]) -> Iterator[Node]:
    """The nodes of class ``kind`` a statement, condition or expression reads itself, innermost
    first: those of the statements in its blocks are theirs, not its own."""
    found: list[Node] = []
    _parts_into(found, node, kind)
    return iter(found)


def _parts_into(found: list[Node], node: Node, kind: type[Node] | tuple[type[Node], ...]) -> None:
    # (a cast: mypy takes a value class for unhashable, as its instances' hash is made, not declared)
    for name in field_names(cast(Hashable, type(node))):
        part = getattr(node, name)
        if isinstance(part, (Expr, Cond)):
            _parts_into(found, part, kind)
    if isinstance(node, kind):
        found.append(node)


@cache
def field_names(cls: type[Node]) -> tuple[str, ...]:
    """A node class's fields but its position: where its parts are. (Checking and compiling walk
    every statement's parts several times; ``dataclasses.fields`` makes its tuple at each call.)"""
    return tuple(f.name for f in fields(cls) if f.name != "pos")


