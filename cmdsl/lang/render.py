"""AST → canonical effect text. Used for option labels, so a label always says what runs.

The text parses back to the same tree (``tests/test_round_trip.py``): parentheses are written
exactly where the grammar's precedence needs them, as ``ast.unparse`` does for Python.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import ClassVar, Mapping

from . import ast as A
from .visitor import CONDS, EXPRS, STMTS, Visitor

# Condition precedence, loosest first, as in grammar/core.lark: `or_cond: or_cond "or" and_cond`,
# `and_cond: and_cond "and" not_cond`, `not_cond: "not" not_cond | atom_cond`.
_OR, _AND, _NOT, _ATOM = range(4)
_LEVEL: dict[type[A.Node], int] = {A.Or: _OR, A.And: _AND, A.Not: _NOT}

INDENT = "    "


class ExprUnparser(Visitor):
    """Canonical text of expressions and conditions."""

    families = {"expr": EXPRS, "cond": CONDS, "stmt": STMTS}
    #: how each player reference is written (a game's vocabulary adds its own)
    players: ClassVar[Mapping[str, str]] = MappingProxyType({"you": "you", "active": "the active player"})

    # ---- expressions -------------------------------------------------------------

    def expr(self, e: A.Expr) -> str:
        return str(self.visit("expr", e))

    def atom(self, e: A.Expr) -> str:
        """An operand the grammar reads as an ``atom`` (a game's `the … of X`, the right of `-`)."""
        return f"({self.expr(e)})" if isinstance(e, A.Arith) else self.expr(e)

    def expr_Num(self, e: A.Num) -> str:
        return str(e.value)

    def expr_Str(self, e: A.Str) -> str:
        return f'"{e.text}"'

    def expr_Var(self, e: A.Var) -> str:
        return e.name

    def expr_PlayerRef(self, e: A.PlayerRef) -> str:
        return self.players[e.who]

    def expr_Them(self, e: A.Them) -> str:
        return "them"

    def expr_BestPlayer(self, e: A.BestPlayer) -> str:
        return f"the player with the {'most' if e.most else 'fewest'} {self.player_measure(e.measure)}"

    def player_measure(self, m: A.Expr) -> str:
        """What a superlative over players reads of each (a game's vocabulary may have words for it)."""
        return f"({self.expr(m)})"

    def expr_ChosenPlayer(self, e: A.ChosenPlayer) -> str:
        return f"{'another' if e.other else 'a'} player chosen by {self.expr(e.chooser)}"

    def expr_Arith(self, e: A.Arith) -> str:
        # `sum: sum ADD_OP atom`: left-associative, so only a sum on the right needs parentheses.
        return f"{self.expr(e.left)} {e.op} {self.atom(e.right)}"

    # ---- conditions --------------------------------------------------------------

    def cond(self, c: A.Cond, level: int = _OR) -> str:
        """``c`` where the grammar expects a condition of at least ``level``."""
        text = str(self.visit("cond", c))
        return f"({text})" if _LEVEL.get(type(c), _ATOM) < level else text

    def cond_Compare(self, c: A.Compare) -> str:
        op = {"=": "is", "!=": "is not"}.get(c.op, c.op)
        return f"{self.expr(c.left)} {op} {self.expr(c.right)}"

    def cond_And(self, c: A.And) -> str:
        return f"{self.cond(c.left, _AND)} and {self.cond(c.right, _NOT)}"

    def cond_Or(self, c: A.Or) -> str:
        return f"{self.cond(c.left, _OR)} or {self.cond(c.right, _AND)}"

    def cond_Not(self, c: A.Not) -> str:
        return f"not {self.cond(c.operand, _NOT)}"


class Unparser(ExprUnparser):
    """Canonical text of statements, on top of expressions and conditions."""

    # ---- statements: each gives its lines, compound ones with their indented blocks ------

    def stmt(self, s: A.Stmt, indent: str = "") -> list[str]:
        lines: list[str] = self.visit("stmt", s, indent)
        return lines

    def block(self, stmts: tuple[A.Stmt, ...], indent: str = "") -> list[str]:
        return [line for s in stmts for line in self.stmt(s, indent)]

    def stmt_Nothing(self, s: A.Nothing, indent: str) -> list[str]:
        return [f"{indent}nothing"]

    def stmt_If(self, s: A.If, indent: str) -> list[str]:
        out = [f"{indent}if {self.cond(s.cond)}:"] + self.block(s.then, indent + INDENT)
        if len(s.otherwise) == 1 and isinstance(s.otherwise[0], A.If):  # `else if`, parsed back the same
            nested = self.stmt(s.otherwise[0], indent)
            return out + [f"{indent}else {nested[0].lstrip()}"] + nested[1:]
        if s.otherwise:
            out += [f"{indent}else:"] + self.block(s.otherwise, indent + INDENT)
        return out

    def stmt_Repeat(self, s: A.Repeat, indent: str) -> list[str]:
        return [f"{indent}repeat {self.expr(s.count)}:"] + self.block(s.body, indent + INDENT)

    def stmt_ForEachPlayer(self, s: A.ForEachPlayer, indent: str) -> list[str]:
        return [f"{indent}for each other player as {s.var}:"] + self.block(s.body, indent + INDENT)

    def stmt_As(self, s: A.As, indent: str) -> list[str]:
        return [f"{indent}as {self.expr(s.player)}:"] + self.block(s.body, indent + INDENT)

    def stmt_ChooseOne(self, s: A.ChooseOne, indent: str) -> list[str]:
        out = [f"{indent}choose one:"]
        for o in s.options:
            out += [f"{indent}{INDENT}option:"] + self.block(o, indent + 2 * INDENT)
        return out

    def stmt_WhileInPlay(self, s: A.WhileInPlay, indent: str) -> list[str]:
        return [f"{indent}while in play:"] + self.block(s.body, indent + INDENT)

    def stmt_Trigger(self, s: A.Trigger, indent: str) -> list[str]:
        return [f"{indent}{self.trigger_head(s)}:"] + self.block(s.body, indent + INDENT)

    def trigger_head(self, s: A.Trigger) -> str:
        """`at the end of your turn`, or the head of a game's own event (``event_head``)."""
        who = self.expr(s.player) if s.player is not None else None
        if s.event != A.END_TURN:
            return self.event_head(s, who)
        return f"at the end of {'each' if who is None else 'your' if who == 'you' else self.turn_of(who)} turn"

    def event_head(self, s: A.Trigger, who: str | None) -> str:
        """The head of a triggered ability at one of the game's events (``who``: whose, as written)."""
        raise TypeError(f"no text for the event {s.event!r} (its game's unparser writes it)")

    def turn_of(self, who: str) -> str:
        """Whose turn, where the game names another player's (`%extend turn_of`)."""
        raise TypeError(f"no turn of {who!r} in the core's grammar (its game's unparser writes it)")

    def program(self, p: A.Program) -> str:
        return "\n".join(self.block(p.body)) + "\n"

    def one_line(self, stmts: tuple[A.Stmt, ...]) -> str:
        """A block on one line, for an option label: ``repeat 2: nothing; nothing``."""
        return "; ".join(line.strip().rstrip(":") for line in self.block(stmts))
