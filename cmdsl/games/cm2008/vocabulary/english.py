"""The generated English of a card (``text.py``) read back into the effect language, for error hints:
a designer who types what the card says ("When you win a state:") is told the exact line to write
("when a state is won by you:"). The inverse of the English writer, one phrase at a time; a
sentence it cannot read gives None (the parser's own message then stands alone).

Reading is forgiving about case and a final full stop, as a designer copying card text would type
it; variables keep their case (``S``). It never guesses between two readings: each English phrase
the writer makes has one effect form (tests/test_english_hints.py holds every construct to that).
"""

from __future__ import annotations

import re
from typing import Callable

_NUMBERS = {"no": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "a": 1, "an": 1}
_PLAYER = r"(?:you|your opponent|the opponent|the active player|mccain|obama|that player)"
_POSSESSOR = r"(?:your|your opponent's|the active player's|mccain's|obama's|that player's)"

class _Rx:
    """A case-blind pattern compiled when first used: the patterns only ever serve the hint of an
    error, and compiling all of them would cost every ``cmdsl check`` and REPL start (issue 34)."""

    __slots__ = ("source", "_compiled")

    def __init__(self, source: str) -> None:
        self.source = source
        self._compiled: re.Pattern[str] | None = None

    def _pattern(self) -> re.Pattern[str]:
        if self._compiled is None:
            self._compiled = re.compile(self.source, re.IGNORECASE)
        return self._compiled

    def fullmatch(self, text: str) -> re.Match[str] | None:
        return self._pattern().fullmatch(text)

    def search(self, text: str) -> re.Match[str] | None:
        return self._pattern().search(text)


Rule = tuple[_Rx, Callable[[re.Match[str]], str | None]]


def player(text: str) -> str:
    """"you", "your opponent" → the opponent, "McCain" → mccain."""
    t = text.strip().lower()
    return {"your opponent": "the opponent", "the opponent": "the opponent", "that player": "them"}.get(t, t)


def _owner(possessive: str) -> str:
    t = possessive.strip().lower()
    return {"your": "you", "your opponent's": "the opponent", "the active player's": "the active player",
            "mccain's": "mccain", "obama's": "obama", "that player's": "them"}[t]


def number(text: str) -> str | None:
    t = text.strip().lower()
    if t.isdigit():
        return t
    return str(_NUMBERS[t]) if t in _NUMBERS else None


def _count(text: str) -> str | None:
    """"two supports", "one card", "3 boxes", "X cards", "the number of … cards" → the number."""
    t = re.sub(r" (?:supports?|cards?|box(?:es)?|other cards?)$", "", text.strip(), flags=re.IGNORECASE)
    return number(t) or expr(t)


def _issue_word(text: str) -> str | None:
    t = text.strip().lower()
    return t if t in ("defense", "economy") else None


_MEASURES: list[Rule] = [
    (_Rx(r"electoral votes"), lambda m: "votes"),
    (_Rx(rf"(defense|economy) blocks in ({_POSSESSOR}) colour"), lambda m: f"blocks of {_owner(m[2])} on {m[1].lower()}"),
    (_Rx(r"undecided (defense|economy) blocks"), lambda m: f"undecided blocks on {m[1].lower()}"),
    (_Rx(r"(defense|economy) blocks"), lambda m: f"blocks on {m[1].lower()}"),
]


def measure(text: str) -> str | None:
    for rx, build in _MEASURES:
        m = rx.fullmatch(text.strip())
        if m:
            return build(m)
    return None


def _best(m: re.Match[str]) -> str | None:
    what = measure(m[2])
    return None if what is None else f"the state with the {m[1].lower()} {what}"


#: `a player chosen by P`, `another player chosen by P`, as the rules text says them.
_CHOSEN = rf"(a|another) player (?:of your choice|chosen by ({_PLAYER}))"


def _chosen(m: re.Match[str]) -> str:
    return f"{m[1].lower()} player chosen by {player(m[2]) if m[2] else 'you'}"


_EXPRS: list[Rule] = [
    (_Rx(_CHOSEN), _chosen),
    (_Rx(r"the player for whom (.+) is (highest|lowest)(?: \((?:[^()]*) chooses? on a tie\))?"),
     lambda m: None if (e := expr(m[1])) is None else
     f"the player with the {'most' if m[2].lower() == 'highest' else 'fewest'} ({e})"),
    (_Rx(r"the state in play with the (most|fewest) (.+?)(?: \((?:[^()]*) chooses? on a tie\))?"), _best),
    (_Rx(r"the affected state"), lambda m: "the news state"),
    (_Rx(r"the (majority|minority) issue of (.+)"), lambda m: _of(f"the {m[1].lower()} issue of", m[2])),
    (_Rx(r"the key demographic of (.+)"), lambda m: _of("the key demographic of", m[1])),
    (_Rx(r"the number of electoral votes of (.+)"), lambda m: _of("the votes of", m[1])),
    (_Rx(rf"({_POSSESSOR}) score"), lambda m: f"the score of {_owner(m[1])}"),
    (_Rx(rf"the number of cards in ({_POSSESSOR}) (hand|deck|discard pile)"),
     lambda m: f"the {'discard pile' if m[2].lower() == 'discard pile' else m[2].lower()} size of {_owner(m[1])}"),
    (_Rx(rf"the number of (defense|economy) blocks of (.+) in ({_POSSESSOR}) colour"),
     lambda m: _blocks(_owner(m[3]), m[1].lower(), m[2])),
    (_Rx(rf"the number of blocks of (.+) in ({_POSSESSOR}) colour on (.+)"),
     lambda m: _blocks(_owner(m[2]), _issue_or_its(m[3], m[1]), m[1])),
    (_Rx(r"the number of undecided (defense|economy) blocks of (.+)"),
     lambda m: _row("undecided blocks", m[1].lower(), m[2])),
    (_Rx(r"the number of undecided blocks of (.+) on (.+)"),
     lambda m: _row("undecided blocks", _issue_or_its(m[2], m[1]), m[1])),
    (_Rx(r"the number of (defense|economy) blocks of (.+)"), lambda m: _row("blocks", m[1].lower(), m[2])),
    (_Rx(r"the number of blocks of (.+) on (.+)"), lambda m: _row("blocks", _issue_or_its(m[2], m[1]), m[1])),
    (_Rx(r"(.+) (plus|minus) (.+)"), lambda m: _arith(m[1], "+" if m[2].lower() == "plus" else "-", m[3])),
    (_Rx(r"\((.+)\)"), lambda m: _paren(m[1])),
]


def _of(head: str, subject: str) -> str | None:
    sub = expr(subject)
    return None if sub is None else f"{head} {sub}"


def _issue_or_its(issue: str, state: str) -> str | None:
    its = re.fullmatch(r"its (majority|minority) issue", issue.strip(), re.IGNORECASE)
    if its:
        sub = expr(state)
        return None if sub is None else f"the {its[1].lower()} issue of {sub}"
    return expr(issue)


def _blocks(who: str, issue: str | None, state: str) -> str | None:
    where = expr(state)
    return None if issue is None or where is None else f"the blocks of {who} on {issue} in {where}"


def _row(what: str, issue: str | None, state: str) -> str | None:
    where = expr(state)
    return None if issue is None or where is None else f"the {what} on {issue} in {where}"


def _arith(left: str, op: str, right: str) -> str | None:
    a, b = expr(left), expr(right)
    return None if a is None or b is None else f"{a} {op} {b}"


def _paren(inner: str) -> str | None:
    e = expr(inner)
    return None if e is None else f"({e})"


#: What a printed card calls what its effect bound (``naming.py``), and the letter a hint gives it.
_NAMED = {"that state": "S", "that issue": "I", "that card": "C", "the number of cards discarded": "X"}


def expr(text: str) -> str | None:
    """An English value ("the number of electoral votes of S") as an effect expression."""
    t = text.strip()
    if t.lower() in _NAMED:  # a printed card's "that state": the effect gives it a letter
        return _NAMED[t.lower()]
    if _issue_word(t):
        return t.lower()
    if re.fullmatch(r"[A-Z][A-Z0-9_]*", t):
        return t  # a variable (S, T, X: the writer names them as the effect does)
    if re.fullmatch(r"\d+", t):
        return t
    if re.fullmatch(_PLAYER, t, re.IGNORECASE):
        return player(t)
    for rx, build in _EXPRS:
        m = rx.fullmatch(t)
        if m:
            built = build(m)
            if built is not None:
                return built
    if re.fullmatch(r"[A-Z][\w.' -]*", t):  # a state or a group, as printed: quoted in effects
        return f'"{t}"'
    return None


_COMPARE = [("is at least", ">="), ("is at most", "<="), ("is more than", ">"), ("is less than", "<"),
            ("is not", "is not"), ("is", "is")]


def cond(text: str) -> str | None:
    """An English condition as an effect condition."""
    t = text.strip()
    m = re.fullmatch(r"\((.+)\)", t)
    if m and cond(m[1]) is not None:
        return f"({cond(m[1])})"
    for word, op in ((" or ", "or"), (" and ", "and")):
        parts = _split_outside(t, word)
        if len(parts) > 1:
            read = [r for r in (cond(p) for p in parts) if r is not None]
            return None if len(read) < len(parts) else f" {op} ".join(read)
    m = re.fullmatch(r"it is not the case that (.+)", t, re.IGNORECASE)
    if m:
        inner = cond(m[1])
        return None if inner is None else f"not {inner}"
    m = re.fullmatch(rf"({_PLAYER}) leads? in electoral votes", t, re.IGNORECASE)
    if m:
        who = player(m[1])
        return f"{who} {'lead' if who == 'you' else 'leads'}"
    if re.fullmatch(r"a media support card is in play", t, re.IGNORECASE):
        return "media support is in play"
    m = re.fullmatch(rf"({_PLAYER}) (?:has|have) a media support card in play", t, re.IGNORECASE)
    if m:
        who = player(m[1])
        return f"{who} {'have' if who == 'you' else 'has'} media support in play"
    m = re.fullmatch(rf"(.+) has been won by ({_PLAYER})", t, re.IGNORECASE)
    if m and expr(m[1]):
        return f"{expr(m[1])} is won by {player(m[2])}"
    m = re.fullmatch(r"(.+) has been won", t, re.IGNORECASE)
    if m and expr(m[1]):
        return f"{expr(m[1])} is won"
    m = re.fullmatch(r"(.+) is in play", t, re.IGNORECASE)
    if m and expr(m[1]):
        return f"{expr(m[1])} is in play"
    m = re.fullmatch(r"that (?:won|wins) (.+)", t, re.IGNORECASE)
    if m and expr(m[1]):
        return f"that wins {expr(m[1])}"
    for word, op in _COMPARE:
        for left, right in _splits(t, f" {word} "):
            a, b = expr(left), expr(right)
            if a is not None and b is not None:
                return f"{a} {op} {b}"
    return None


def _split_outside(text: str, word: str) -> list[str]:
    """``text`` split on ``word`` outside parentheses."""
    parts, depth, start, i = [], 0, 0, 0
    while i < len(text):
        if text[i] == "(":
            depth += 1
        elif text[i] == ")":
            depth -= 1
        elif depth == 0 and text.lower().startswith(word, i):
            parts.append(text[start:i])
            start = i + len(word)
            i = start
            continue
        i += 1
    return [*parts, text[start:]]


def _splits(text: str, word: str) -> list[tuple[str, str]]:
    """Every way to cut ``text`` in two at ``word`` (the reading that parses both sides wins)."""
    low, out, at = text.lower(), [], text.lower().find(word)
    while at >= 0:
        out.append((text[:at], text[at + len(word):]))
        at = low.find(word, at + 1)
    return out


def _times(text: str) -> str | None:
    t = text.strip()
    low = t.lower()
    if low in ("once", "twice"):
        return "1" if low == "once" else "2"
    m = re.fullmatch(r"(\S+) times", t, re.IGNORECASE)
    if m and number(m[1]):
        return number(m[1])
    m = re.fullmatch(r"as many times as (.+)", t, re.IGNORECASE)
    return expr(m[1]) if m else None


def _dice(m: re.Match[str]) -> str | None:
    times = "0" if m["none"] else _times(m["times"])
    return None if times is None else f"{player(m['who'])} {'roll' if player(m['who']) == 'you' else 'rolls'} {times} going negative dice"


_STATEMENTS: list[Rule] = [
    (_Rx(r"gain (.+?) in (.+) on its (majority|minority) issue"),
     lambda m: _stmt("gain {} supports on the {} issue of {} in {}", _count(m[1]), m[3].lower(), expr(m[2]), expr(m[2]))),
    (_Rx(r"gain (.+?) on (.+)"), lambda m: _gain(m[1], m[2])),
    (_Rx(r"shift (.+) (\S+ box(?:es)?) toward its (majority|minority) issue"),
     lambda m: _stmt("shift {} {} toward the {} issue of {}", expr(m[1]), _count(m[2]), m[3].lower(), expr(m[1]))),
    (_Rx(r"shift (.+) (\S+ box(?:es)?) toward (.+)"),
     lambda m: _stmt("shift {} {} toward {}", expr(m[1]), _count(m[2]), expr(m[3]))),
    (_Rx(r"move the key demographic of (.+) to its other group"), lambda m: _stmt("alter the key demographic of {}",
                                                                                expr(m[1]))),
    (_Rx(r"demographic support \((.+?)\):.*"), lambda m: f'demographic support for "{m[1]}"'),
    (_Rx(r"draw (.+) and play one of them at once"), lambda m: _stmt("draw {} and play one", _count(m[1]))),
    (_Rx(r"draw (.+)"), lambda m: _stmt("draw {}", _count(m[1]))),
    (_Rx(r"discard any number of cards, even none; call that number ([A-Z]\w*)"),
     lambda m: f"discard any number as {m[1]}"),
    (_Rx(r"discard one card, if possible"), lambda m: "discard 1"),
    (_Rx(r"discard (.+?) \(as many as possible\)"), lambda m: _stmt("discard {}", _count(m[1]))),
    (_Rx(r"discard ([A-Z]\w*)"), lambda m: f"discard card {m[1]}"),
    (_Rx(r"choose a (different )?state in play(?: \(not one already chosen here\))?"
         r"(?: with the (most|fewest) (.+?))?; call it ([A-Z]\w*)"),
     lambda m: _choose(m[1], m[2], m[3], m[4], None)),
    (_Rx(r"choose a (different )?state in play(?: \(not one already chosen here\))?"
         r"(?: with the (most|fewest) (.+?))? \(call it ([A-Z]\w*)\) where (.+)"),
     lambda m: _choose(m[1], m[2], m[3], m[4], m[5])),
    (_Rx(r"choose an issue, economy or defense; call it ([A-Z]\w*)"), lambda m: f"choose an issue as {m[1]}"),
    (_Rx(r"choose a card from your hand; call it ([A-Z]\w*)"), lambda m: f"choose a card from hand as {m[1]}"),
    (_Rx(r"play ([A-Z]\w*) at once"), lambda m: f"play {m[1]}"),
    # the same, as a printed card says them (``naming.py``): no letter, so the hint gives one
    (_Rx(r"choose a (different )?state in play(?: \(not one already chosen here\))?(?: with the (most|fewest) (.+?))?"),
     lambda m: _choose(m[1], m[2], m[3], "S", None)),
    (_Rx(r"choose a (different )?state in play(?: \(not one already chosen here\))?"
         r"(?: with the (most|fewest) (.+?))? where (.+)"),
     lambda m: _choose(m[1], m[2], m[3], "S", m[4])),
    (_Rx(r"choose an issue, economy or defense"), lambda m: "choose an issue as I"),
    (_Rx(r"choose a card from your hand"), lambda m: "choose a card from hand as C"),
    (_Rx(r"discard any number of cards, even none"), lambda m: "discard any number as X"),
    (_Rx(r"play that card at once"), lambda m: "play C"),
    (_Rx(r"discard that card"), lambda m: "discard card C"),
    (_Rx(r"nothing happens"), lambda m: "nothing"),
    (_Rx(rf"when (?P<who>{_PLAYER}) (?:goes|go) negative, (?:they|you) (?:(?P<none>do not roll the going negative "
         rf"die)|rolls? the going negative die (?P<times>.+?))[;:].*"), _dice),
    (_Rx(rf"each breaking news affects a state in play chosen by ({_PLAYER})"),
     lambda m: f"breaking news targets a state chosen by {player(m[1])}"),
    (_Rx(r"each breaking news affects a state in play of your choice"),
     lambda m: "breaking news targets a state chosen by you"),
    (_Rx(r"each breaking news affects (.+)"), lambda m: _stmt("breaking news targets {}", expr(m[1]))),
    # block heads
    (_Rx(rf"when (?:({_PLAYER}) wins? a state|a state is won by ({_PLAYER})):?"),
     lambda m: f"when a state is won by {player(m[1] or m[2])}:"),
    (_Rx(r"when a state is won:?"), lambda m: "when a state is won:"),
    (_Rx(r"when breaking news is drawn:?"), lambda m: "when breaking news is drawn:"),
    (_Rx(rf"when ({_PLAYER}) (?:goes|go) negative:?"),
     lambda m: f"when {player(m[1])} {'go' if player(m[1]) == 'you' else 'goes'} negative:"),
    (_Rx(r"at the end of (your|your opponent's|the opponent's|each) turn:?"),
     lambda m: f"at the end of {_turn_of(m[1])} turn:"),
    (_Rx(r"otherwise, if (.+?):?"), lambda m: _stmt("else if {}:", cond(m[1]))),
    (_Rx(r"otherwise:?"), lambda m: "else:"),
    (_Rx(r"if (.+?):?"), lambda m: _stmt("if {}:", cond(m[1]))),
    (_Rx(r"for each state in play \(call it ([A-Z]\w*)\)(?: where (.+?))?:?"),
     lambda m: f"for each state as {m[1]}" + (f" where {cond(m[2])}" if m[2] and cond(m[2]) else "") + ":"
     if not m[2] or cond(m[2]) else None),
    (_Rx(r"for each other player \(call them ([A-Z]\w*)\):?"), lambda m: f"for each other player as {m[1]}:"),
    (_Rx(r"for each state in play(?: where (.+?))?:?"),
     lambda m: "for each state as S" + (f" where {cond(m[1])}" if m[1] and cond(m[1]) else "") + ":"
     if not m[1] or cond(m[1]) else None),
    (_Rx(r"(once|twice|\S+ times|as many times as .+?):?"), lambda m: _stmt("repeat {}:", _times(m[1]))),
    (_Rx(rf"({_PLAYER}) (?:does|do) this(?: \(.*\))?:?"), lambda m: f"as {player(m[1])}:"),
    (_Rx(rf"{_CHOSEN} (?:does|do) this(?: \(.*\))?:?"), lambda m: f"as {_chosen(m)}:"),
    (_Rx(r"choose one:?"), lambda m: "choose one:"),
    (_Rx(r"while this card is in play:?"), lambda m: "while in play:"),
    (_Rx(r"- (.+)"), lambda m: "option:"),
]


def _gain(count: str, rest: str) -> str | None:
    """"Gain N on ISSUE in STATE": the issue and the state may hold " in " themselves; the first cut
    where both read is the one."""
    for issue, state in _splits(rest, " in "):
        i, st = expr(issue), expr(state)
        if i is not None and st is not None:
            return _stmt("gain {} supports on {} in {}", _count(count), i, st)
    return None


def _turn_of(text: str) -> str:
    return {"your": "your", "each": "each"}.get(text.lower(), "the opponent's")


def _choose(different: str | None, most: str | None, what: str | None, var: str, where: str | None) -> str | None:
    out = f"choose a {'different ' if different else ''}state"
    if most:
        m = measure(what or "")
        if m is None:
            return None
        out += f" with the {most.lower()} {m}"
    out += f" as {var}"
    if where:
        c = cond(where)
        if c is None:
            return None
        out += f" where {c}"
    return out


def _stmt(template: str, *parts: str | None) -> str | None:
    if any(p is None for p in parts):
        return None
    return template.format(*parts).replace("on 1 supports", "on 1 support").replace("gain 1 supports", "gain 1 support")


def effect_form(line: str) -> str | None:
    """The effect-language line that an English line of card text means, or None."""
    t = line.strip().rstrip(".").strip()
    found = re.fullmatch(r"find (.+?)\. (.+)", t, re.IGNORECASE)
    if found:  # "Find the state … . Gain … in that state …": the superlative where it is used
        t = re.sub(r"\bthat state\b", found[1], found[2])
    for rx, build in _STATEMENTS:
        m = rx.fullmatch(t)
        if m:
            built = build(m)
            if built is not None:
                return built
    return None


#: Lines a designer may write that read as English but mean nothing in the effect language, each
#: with what to write instead.
_MISREADINGS: list[tuple[_Rx, str]] = [
    (_Rx(rf"\b{_PLAYER} leads? in\b"),
     '`leads` is the lead in electoral votes over the whole game (R11), not in one state: write "if you lead:"; '
     "to compare a state's voter blocks, use `the blocks of you on ISSUE in S`"),
]


def misreading(line: str) -> str | None:
    """What to write instead of a line that reads as English but is not the effect language."""
    return next((hint for rx, hint in _MISREADINGS if rx.search(line)), None)
