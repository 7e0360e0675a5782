"""AST → canonical effect text. Used for option labels, so a label always says what runs.

The text parses back to the same tree (``tests/test_round_trip.py``): parentheses are written
exactly where the grammar's precedence needs them, as ``ast.unparse`` does for Python.
"""

from __future__ import annotations

from . import ast as A
from .visitor import CONDS, EXPRS, STMTS, Visitor

_OF = {"majority": "the majority issue of", "minority": "the minority issue of",
       "key": "the key demographic of", "votes": "the votes of", "score": "the score of",
       "hand_size": "the hand size of", "deck_size": "the deck size of",
       "discard_size": "the discard pile size of"}
_ROW = {"undecided": "the undecided blocks on", "all": "the blocks on"}
_PLAYER = {"you": "you", "opponent": "the opponent", "active": "the active player",
           "mccain": "mccain", "obama": "obama"}

# Condition precedence, loosest first, as in grammar/effect.lark: `or_cond: or_cond "or" and_cond`,
# `and_cond: and_cond "and" not_cond`, `not_cond: "not" not_cond | atom_cond`.
_OR, _AND, _NOT, _ATOM = range(4)
_LEVEL: dict[type[A.Node], int] = {A.Or: _OR, A.And: _AND, A.Not: _NOT}

INDENT = "    "


class ExprUnparser(Visitor):
    """Canonical text of expressions and conditions."""

    families = {"expr": EXPRS, "cond": CONDS, "stmt": STMTS}

    # ---- expressions -------------------------------------------------------------

    def expr(self, e: A.Expr) -> str:
        return str(self.visit("expr", e))

    def atom(self, e: A.Expr) -> str:
        """An operand the grammar reads as an ``atom`` (`the votes of X`, the right of `-`)."""
        return f"({self.expr(e)})" if isinstance(e, A.Arith) else self.expr(e)

    def expr_Num(self, e: A.Num) -> str:
        return str(e.value)

    def expr_Str(self, e: A.Str) -> str:
        return f'"{e.text}"'

    def expr_StateName(self, e: A.StateName) -> str:
        return f'"{e.name}"'

    def expr_GroupName(self, e: A.GroupName) -> str:
        return f'"{e.name}"'

    def expr_Var(self, e: A.Var) -> str:
        return e.name

    def expr_IssueLit(self, e: A.IssueLit) -> str:
        return e.issue

    def expr_PlayerRef(self, e: A.PlayerRef) -> str:
        return _PLAYER[e.who]

    def expr_Of(self, e: A.Of) -> str:
        return f"{_OF[e.prop]} {self.atom(e.subject)}"

    def expr_BlocksOf(self, e: A.BlocksOf) -> str:
        return f"the blocks of {self.atom(e.player)} on {self.atom(e.issue)} in {self.atom(e.state)}"

    def expr_NewsState(self, e: A.NewsState) -> str:
        return "the news state"

    def expr_RowCount(self, e: A.RowCount) -> str:
        return f"{_ROW[e.kind]} {self.atom(e.issue)} in {self.atom(e.state)}"

    def expr_It(self, e: A.It) -> str:
        return "it"  # never parsed: a measure leaves its state unsaid (``measure``)

    def expr_Best(self, e: A.Best) -> str:
        return f"the state {self.with_most(e)}"

    def with_most(self, e: A.Best) -> str:
        return f"with the {'most' if e.most else 'fewest'} {self.measure(e.measure)}"

    def measure(self, m: A.Expr) -> str:
        """What a superlative reads from each state, the state unsaid (grammar's ``measure``)."""
        if isinstance(m, A.Of) and m.prop == A.Prop.VOTES:
            return "votes"
        if isinstance(m, A.BlocksOf):
            return f"blocks of {self.atom(m.player)} on {self.atom(m.issue)}"
        if isinstance(m, A.RowCount):
            return f"{'undecided blocks' if m.kind == 'undecided' else 'blocks'} on {self.atom(m.issue)}"
        raise TypeError(f"{m!r} is not a measure (the parser builds no other)")

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

    def cond_Leads(self, c: A.Leads) -> str:
        who = self.expr(c.player)
        return f"{who} {'lead' if who == 'you' else 'leads'}"

    def cond_MediaInPlay(self, c: A.MediaInPlay) -> str:
        if c.player is None:
            return "media support is in play"
        who = self.expr(c.player)
        return f"{who} {'have' if who == 'you' else 'has'} media support in play"

    def cond_StateIs(self, c: A.StateIs) -> str:
        if c.status == "in_play":
            return f"{self.expr(c.state)} is in play"
        return f"{self.expr(c.state)} is won" + (f" by {self.expr(c.by)}" if c.by is not None else "")

    def cond_ThatWins(self, c: A.ThatWins) -> str:
        return f"that wins {self.atom(c.state)}"

    def cond_And(self, c: A.And) -> str:
        return f"{self.cond(c.left, _AND)} and {self.cond(c.right, _NOT)}"

    def cond_Or(self, c: A.Or) -> str:
        return f"{self.cond(c.left, _OR)} or {self.cond(c.right, _AND)}"

    def cond_Not(self, c: A.Not) -> str:
        return f"not {self.cond(c.operand, _NOT)}"

    def where(self, c: A.Cond | None) -> str:
        return f" where {self.cond(c)}" if c is not None else ""



class Unparser(ExprUnparser):
    """Canonical text of statements, on top of expressions and conditions."""

    # ---- statements: each gives its lines, compound ones with their indented blocks ------

    def stmt(self, s: A.Stmt, indent: str = "") -> list[str]:
        lines: list[str] = self.visit("stmt", s, indent)
        return lines

    def block(self, stmts: tuple[A.Stmt, ...], indent: str = "") -> list[str]:
        return [line for s in stmts for line in self.stmt(s, indent)]

    def stmt_Gain(self, s: A.Gain, indent: str) -> list[str]:
        n = self.expr(s.amount)
        return [f"{indent}gain {n} support{'' if n == '1' else 's'} on {self.expr(s.issue)} in "
                f"{self.expr(s.state)}"]

    def stmt_Shift(self, s: A.Shift, indent: str) -> list[str]:
        return [f"{indent}shift {self.expr(s.state)} {self.expr(s.amount)} toward {self.expr(s.issue)}"]

    def stmt_Alter(self, s: A.Alter, indent: str) -> list[str]:
        return [f"{indent}alter the key demographic of {self.expr(s.state)}"]

    def stmt_DemographicSupport(self, s: A.DemographicSupport, indent: str) -> list[str]:
        return [f"{indent}demographic support for {self.expr(s.group)}"]

    def stmt_Draw(self, s: A.Draw, indent: str) -> list[str]:
        return [f"{indent}draw {self.expr(s.amount)}"]

    def stmt_DrawAndPlay(self, s: A.DrawAndPlay, indent: str) -> list[str]:
        return [f"{indent}draw {self.expr(s.amount)} and play one"]

    def stmt_Discard(self, s: A.Discard, indent: str) -> list[str]:
        return [f"{indent}discard {self.expr(s.amount)}"]

    def stmt_DiscardAny(self, s: A.DiscardAny, indent: str) -> list[str]:
        return [f"{indent}discard any number as {s.var}"]

    def stmt_ChooseState(self, s: A.ChooseState, indent: str) -> list[str]:
        best = f" {self.with_most(s.best)}" if s.best is not None else ""
        return [f"{indent}choose a {'different ' if s.different else ''}state{best} as {s.var}{self.where(s.where)}"]

    def stmt_ChooseIssue(self, s: A.ChooseIssue, indent: str) -> list[str]:
        return [f"{indent}choose an issue as {s.var}"]

    def stmt_ChooseCard(self, s: A.ChooseCard, indent: str) -> list[str]:
        return [f"{indent}choose a card from hand as {s.var}"]

    def stmt_PlayCard(self, s: A.PlayCard, indent: str) -> list[str]:
        return [f"{indent}play {s.var}"]

    def stmt_DiscardCard(self, s: A.DiscardCard, indent: str) -> list[str]:
        return [f"{indent}discard card {s.var}"]

    def stmt_Nothing(self, s: A.Nothing, indent: str) -> list[str]:
        return [f"{indent}nothing"]

    def stmt_RollDice(self, s: A.RollDice, indent: str) -> list[str]:
        who = self.expr(s.player)
        return [f"{indent}{who} {'roll' if who == 'you' else 'rolls'} {self.expr(s.count)} going negative dice"]

    def stmt_NewsTarget(self, s: A.NewsTarget, indent: str) -> list[str]:
        if s.chooser is not None:
            return [f"{indent}breaking news targets a state chosen by {self.expr(s.chooser)}"]
        assert s.state is not None
        return [f"{indent}breaking news targets {self.expr(s.state)}"]

    def stmt_Trigger(self, s: A.Trigger, indent: str) -> list[str]:
        return [f"{indent}{self.trigger_head(s)}:"] + self.block(s.body, indent + INDENT)

    def trigger_head(self, s: A.Trigger) -> str:
        who = self.expr(s.player) if s.player is not None else None
        if s.event == "won":
            return "when a state is won" + (f" by {who}" if who is not None else "")
        if s.event == "news":
            return "when breaking news is drawn"
        if s.event == "negative":
            return f"when {who} {'go' if who == 'you' else 'goes'} negative"
        turn = {None: "each", "you": "your", "the opponent": "the opponent's"}[who]
        return f"at the end of {turn} turn"

    def stmt_If(self, s: A.If, indent: str) -> list[str]:
        out = [f"{indent}if {self.cond(s.cond)}:"] + self.block(s.then, indent + INDENT)
        if len(s.otherwise) == 1 and isinstance(s.otherwise[0], A.If):  # `else if`, parsed back the same
            nested = self.stmt(s.otherwise[0], indent)
            return out + [f"{indent}else {nested[0].lstrip()}"] + nested[1:]
        if s.otherwise:
            out += [f"{indent}else:"] + self.block(s.otherwise, indent + INDENT)
        return out

    def stmt_ForEach(self, s: A.ForEach, indent: str) -> list[str]:
        return [f"{indent}for each state as {s.var}{self.where(s.where)}:"] + self.block(s.body, indent + INDENT)

    def stmt_Repeat(self, s: A.Repeat, indent: str) -> list[str]:
        return [f"{indent}repeat {self.expr(s.count)}:"] + self.block(s.body, indent + INDENT)

    def stmt_As(self, s: A.As, indent: str) -> list[str]:
        return [f"{indent}as {self.expr(s.player)}:"] + self.block(s.body, indent + INDENT)

    def stmt_ChooseOne(self, s: A.ChooseOne, indent: str) -> list[str]:
        out = [f"{indent}choose one:"]
        for o in s.options:
            out += [f"{indent}{INDENT}option:"] + self.block(o, indent + 2 * INDENT)
        return out

    def stmt_WhileInPlay(self, s: A.WhileInPlay, indent: str) -> list[str]:
        return [f"{indent}while in play:"] + self.block(s.body, indent + INDENT)

    def program(self, p: A.Program) -> str:
        return "\n".join(self.block(p.body)) + "\n"

    def one_line(self, stmts: tuple[A.Stmt, ...]) -> str:
        """A block on one line, for an option label: ``gain 1 support on economy in S; draw 1``."""
        return "; ".join(line.strip().rstrip(":") for line in self.block(stmts))
