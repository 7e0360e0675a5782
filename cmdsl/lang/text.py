"""Rules text in plain English, generated from the checked AST, so it cannot drift from what a
card does (unlike hand-typed card text)."""

from __future__ import annotations

from . import ast as A

_PLAYER = {"you": "you", "opponent": "your opponent", "active": "the active player",
           "mccain": "McCain", "obama": "Obama"}
_CMP = {"=": "is", "!=": "is not", "<": "is less than", ">": "is more than",
        "<=": "is at most", ">=": "is at least"}
_NUMBERS = {0: "no", 1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def expr(e: A.Expr) -> str:
    if isinstance(e, A.Num):
        return str(e.value)
    if isinstance(e, (A.StateName, A.GroupName)):
        return e.name
    if isinstance(e, A.Str):
        return e.text
    if isinstance(e, A.Var):
        return e.name
    if isinstance(e, A.IssueLit):
        return e.issue.title()
    if isinstance(e, A.PlayerRef):
        return _PLAYER[e.who]
    if isinstance(e, A.NewsState):
        return "the affected state"
    if isinstance(e, A.Of):
        sub = expr(e.subject)
        return {"majority": f"the majority issue of {sub}", "minority": f"the minority issue of {sub}",
                "key": f"the key demographic of {sub}", "votes": f"the electoral votes of {sub}",
                "score": f"{_possessive(sub)} score", "hand_size": f"the number of cards in {_possessive(sub)} hand",
                }[e.prop]
    if isinstance(e, A.BlocksOf):
        return f"the number of {expr(e.issue)} blocks of {expr(e.state)} in {_possessive(expr(e.player))} colour"
    if isinstance(e, A.Arith):
        return f"{expr(e.left)} {'plus' if e.op == '+' else 'minus'} {expr(e.right)}"
    raise TypeError(e)  # pragma: no cover


def _possessive(who: str) -> str:
    return {"you": "your", "your opponent": "your opponent's"}.get(who, f"{who}'s")


def _count(e: A.Expr, noun: str) -> str:
    if isinstance(e, A.Num):
        n = e.value
        return f"{_NUMBERS.get(n, str(n))} {noun}{'' if n == 1 else 's'}"
    return f"{expr(e)} {noun}s"


def cond(c: A.Cond) -> str:
    if isinstance(c, A.Compare):
        return f"{expr(c.left)} {_CMP[c.op]} {expr(c.right)}"
    if isinstance(c, A.Leads):
        who = expr(c.player)
        return f"{who} {'lead' if who == 'you' else 'leads'} in electoral votes"
    if isinstance(c, A.MediaInPlay):
        if c.player is None:
            return "a Media Support card is in play"
        who = expr(c.player)
        return f"{who} {'have' if who == 'you' else 'has'} a Media Support card in play"
    if isinstance(c, A.And):
        return f"{cond(c.left)} and {cond(c.right)}"
    if isinstance(c, A.Or):
        return f"{cond(c.left)} or {cond(c.right)}"
    if isinstance(c, A.Not):
        return f"it is not the case that {cond(c.operand)}"
    raise TypeError(c)  # pragma: no cover


def _sentence(s: A.Stmt, top: bool, kind: str) -> str | None:
    if isinstance(s, A.Gain):
        return f"Gain {_count(s.amount, 'support')} on {expr(s.issue)} in {expr(s.state)}."
    if isinstance(s, A.Shift):
        return f"Shift {expr(s.state)} {_count(s.amount, 'box').replace('boxs', 'boxes')} toward {expr(s.issue)}."
    if isinstance(s, A.Alter):
        return f"Move the key demographic of {expr(s.state)} to its other group."
    if isinstance(s, A.DemographicSupport):
        g = expr(s.group)
        return (f"Demographic Support ({g}): in every state in play whose key demographic is {g}, "
                f"each empty white circle gets one of your tokens.")
    if isinstance(s, A.Draw):
        return f"Draw {_count(s.amount, 'card')}."
    if isinstance(s, A.DrawAndPlay):
        return f"Draw {_count(s.amount, 'card')} and play one of them at once."
    if isinstance(s, A.Discard):
        n = _count(s.amount, "card")
        if top and kind == "card":
            return f"Discard {n} (a cost: this card cannot be played without {n.split()[0]} other cards in hand)."
        return f"Discard {n} (as many as possible)."
    if isinstance(s, A.DiscardAny):
        return f"Discard any number of cards, even none; call that number {s.var}."
    if isinstance(s, A.ChooseState):
        which = "a different state in play (not one already chosen here)" if s.different else "a state in play"
        where = f" where {cond(s.where)}" if s.where is not None else ""
        return f"Choose {which}{where}; call it {s.var}."
    if isinstance(s, A.ChooseIssue):
        return f"Choose an issue, Economy or Defense; call it {s.var}."
    if isinstance(s, A.ChooseCard):
        return f"Choose a card from your hand; call it {s.var}."
    if isinstance(s, A.PlayCard):
        return f"Play {s.var} at once."
    if isinstance(s, A.DiscardCard):
        return f"Discard {s.var}."
    if isinstance(s, A.Nothing):
        return "Nothing happens."
    if isinstance(s, A.RollDice):
        who = expr(s.player)
        dice = s.count.value if isinstance(s.count, A.Num) else -1
        if dice == 0:
            return f"When {who} {'go' if who == 'you' else 'goes'} negative, no die is rolled."
        times = {1: "once", 2: "twice"}.get(dice, f"{expr(s.count)} times")
        return f"When {who} {'go' if who == 'you' else 'goes'} negative, roll the Going Negative die {times}."
    if isinstance(s, A.NewsTarget):
        if s.rule == "chosen":
            assert s.chooser is not None
            return f"Each Breaking News affects a state in play chosen by {expr(s.chooser)}."
        return f"Each Breaking News affects the state in play with the {s.rule} electoral votes."
    return None


def lines(stmts: tuple[A.Stmt, ...], indent: str = "", top: bool = False, kind: str = "card") -> list[str]:
    out: list[str] = []
    inner = indent + "  "
    for s in stmts:
        simple = _sentence(s, top, kind)
        if simple is not None:
            out.append(indent + simple)
        elif isinstance(s, A.If):
            out.append(f"{indent}If {cond(s.cond)}:")
            out += lines(s.then, inner, kind=kind)
            other = s.otherwise
            while len(other) == 1 and isinstance(other[0], A.If):  # else-if chains stay flat
                out.append(f"{indent}Otherwise, if {cond(other[0].cond)}:")
                out += lines(other[0].then, inner, kind=kind)
                other = other[0].otherwise
            if other:
                out.append(f"{indent}Otherwise:")
                out += lines(other, inner, kind=kind)
        elif isinstance(s, A.ForEach):
            where = f" where {cond(s.where)}" if s.where is not None else ""
            out.append(f"{indent}For each state in play (call it {s.var}){where}:")
            out += lines(s.body, inner, kind=kind)
        elif isinstance(s, A.Repeat):
            times = {1: "Once", 2: "Twice"}.get(s.count.value, f"{s.count.value} times") \
                if isinstance(s.count, A.Num) else f"{expr(s.count)} times"
            out.append(f"{indent}{times}:")
            out += lines(s.body, inner, kind=kind)
        elif isinstance(s, A.As):
            who = expr(s.player)
            out.append(f"{indent}{who[0].upper() + who[1:]} {'do' if who == 'you' else 'does'} this:")
            out += lines(s.body, inner, kind=kind)
        elif isinstance(s, A.ChooseOne):
            out.append(f"{indent}Choose one:")
            for o in s.options:
                sub = lines(o, inner + "  ", kind=kind)
                out.append(f"{inner}- {sub[0].strip()}")
                out += sub[1:]
        elif isinstance(s, A.WhileInPlay):
            out.append(f"{indent}While this card is in play:")
            out += lines(s.body, inner, kind=kind)
    return out


def rules_text(program: A.Program, kind: str = "card") -> str:
    """The whole effect as English, one sentence per line, blocks indented."""
    return "\n".join(lines(program.body, top=True, kind=kind))
