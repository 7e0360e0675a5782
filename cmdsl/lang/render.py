"""AST → canonical effect text. Used for option labels, so a label always says what runs."""

from __future__ import annotations

from . import ast as A

_OF = {"majority": "the majority issue of", "minority": "the minority issue of",
       "key": "the key demographic of", "votes": "the votes of", "score": "the score of",
       "hand_size": "the hand size of"}
_PLAYER = {"you": "you", "opponent": "the opponent", "active": "the active player",
           "mccain": "mccain", "obama": "obama"}


def expr(e: A.Expr) -> str:
    if isinstance(e, A.Num):
        return str(e.value)
    if isinstance(e, A.Str):
        return f'"{e.text}"'
    if isinstance(e, (A.StateName, A.GroupName)):
        return f'"{e.name}"'
    if isinstance(e, A.Var):
        return e.name
    if isinstance(e, A.IssueLit):
        return e.issue
    if isinstance(e, A.PlayerRef):
        return _PLAYER[e.who]
    if isinstance(e, A.Of):
        return f"{_OF[e.prop]} {expr(e.subject)}"
    if isinstance(e, A.BlocksOf):
        return f"the blocks of {expr(e.player)} on {expr(e.issue)} in {expr(e.state)}"
    if isinstance(e, A.NewsState):
        return "the news state"
    if isinstance(e, A.Arith):
        return f"{expr(e.left)} {e.op} {expr(e.right)}"
    raise TypeError(e)  # pragma: no cover


def cond(c: A.Cond) -> str:
    if isinstance(c, A.Compare):
        op = {"=": "is", "!=": "is not"}.get(c.op, c.op)
        return f"{expr(c.left)} {op} {expr(c.right)}"
    if isinstance(c, A.Leads):
        return f"{expr(c.player)} {'lead' if expr(c.player) == 'you' else 'leads'}"
    if isinstance(c, A.MediaInPlay):
        if c.player is None:
            return "media support is in play"
        who = expr(c.player)
        return f"{who} {'have' if who == 'you' else 'has'} media support in play"
    if isinstance(c, A.And):
        return f"{_sub(c.left, A.Or)} and {_sub(c.right, A.Or)}"
    if isinstance(c, A.Or):
        return f"{cond(c.left)} or {cond(c.right)}"
    if isinstance(c, A.Not):
        return f"not {_sub(c.operand, (A.And, A.Or))}"
    raise TypeError(c)  # pragma: no cover


def _sub(c: A.Cond, weaker: type | tuple[type, ...]) -> str:
    return f"({cond(c)})" if isinstance(c, weaker) else cond(c)


def _where(c: A.Cond | None) -> str:
    return f" where {cond(c)}" if c is not None else ""


def stmt(s: A.Stmt, indent: str = "") -> list[str]:
    """The lines of one statement (compound statements include their indented blocks)."""
    head = _simple(s)
    if head is not None:
        return [indent + head]
    inner = indent + "    "
    if isinstance(s, A.If):
        out = [f"{indent}if {cond(s.cond)}:"] + block(s.then, inner)
        if len(s.otherwise) == 1 and isinstance(s.otherwise[0], A.If):
            nested = stmt(s.otherwise[0], indent)
            return out + [f"{indent}else {nested[0].lstrip()}"] + nested[1:]
        if s.otherwise:
            out += [f"{indent}else:"] + block(s.otherwise, inner)
        return out
    if isinstance(s, A.ForEach):
        return [f"{indent}for each state as {s.var}{_where(s.where)}:"] + block(s.body, inner)
    if isinstance(s, A.Repeat):
        return [f"{indent}repeat {expr(s.count)}:"] + block(s.body, inner)
    if isinstance(s, A.As):
        return [f"{indent}as {expr(s.player)}:"] + block(s.body, inner)
    if isinstance(s, A.ChooseOne):
        out = [f"{indent}choose one:"]
        for o in s.options:
            out += [f"{inner}option:"] + block(o, inner + "    ")
        return out
    if isinstance(s, A.WhileInPlay):
        return [f"{indent}while in play:"] + block(s.body, inner)
    raise TypeError(s)  # pragma: no cover


def _simple(s: A.Stmt) -> str | None:
    if isinstance(s, A.Gain):
        n = expr(s.amount)
        return f"gain {n} support{'' if n == '1' else 's'} on {expr(s.issue)} in {expr(s.state)}"
    if isinstance(s, A.Shift):
        return f"shift {expr(s.state)} {expr(s.amount)} toward {expr(s.issue)}"
    if isinstance(s, A.Alter):
        return f"alter the key demographic of {expr(s.state)}"
    if isinstance(s, A.DemographicSupport):
        return f"demographic support for {expr(s.group)}"
    if isinstance(s, A.Draw):
        return f"draw {expr(s.amount)}"
    if isinstance(s, A.DrawAndPlay):
        return f"draw {expr(s.amount)} and play one"
    if isinstance(s, A.Discard):
        return f"discard {expr(s.amount)}"
    if isinstance(s, A.DiscardAny):
        return f"discard any number as {s.var}"
    if isinstance(s, A.ChooseState):
        return f"choose a {'different ' if s.different else ''}state as {s.var}{_where(s.where)}"
    if isinstance(s, A.ChooseIssue):
        return f"choose an issue as {s.var}"
    if isinstance(s, A.ChooseCard):
        return f"choose a card from hand as {s.var}"
    if isinstance(s, A.PlayCard):
        return f"play {s.var}"
    if isinstance(s, A.DiscardCard):
        return f"discard card {s.var}"
    if isinstance(s, A.Nothing):
        return "nothing"
    if isinstance(s, A.RollDice):
        who = expr(s.player)
        return f"{who} {'roll' if who == 'you' else 'rolls'} {expr(s.count)} going negative dice"
    if isinstance(s, A.NewsTarget):
        if s.rule == "chosen":
            assert s.chooser is not None
            return f"breaking news targets a state chosen by {expr(s.chooser)}"
        return f"breaking news targets the state with the {s.rule} votes"
    return None


def block(stmts: tuple[A.Stmt, ...], indent: str = "") -> list[str]:
    return [line for s in stmts for line in stmt(s, indent)]


def program(p: A.Program) -> str:
    return "\n".join(block(p.body)) + "\n"


def one_line(stmts: tuple[A.Stmt, ...]) -> str:
    """A block on one line, for an option label: ``gain 1 support on economy in S; draw 1``."""
    return "; ".join(line.strip().rstrip(":") for line in block(stmts))
