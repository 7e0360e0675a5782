"""What the place at the cursor of an effect wants, as the game's checker says it: the parser says
which words may come next, but every value may stand wherever a value does (`gain 3 supports on
"Ohio"` parses); the checker says that `on` wants an issue. So the effect up to the cursor is
finished with a stand-in variable at the cursor (and the least text the parser needs after it),
and checked: the type the checker asks of the stand-in is the place's. A keyword that is a value
by itself (`economy`, `you`) is checked at the cursor the same way.

No game is named here: the language's own checker is asked, and a place it does not reach (an
effect that does not check as far, a name being bound) wants nothing known: nothing is filtered.
"""

from __future__ import annotations

from typing import Any, Iterable

from ..errors import CardError
from ..lang import ast as A
from ..lang.check_scope import NUM, Context, Names, Scope
from ..lang.origin import Origin
from ..values import value
from .parse_ahead import accepted, words_of

#: The stand-in at the cursor: a variable no effect names (a variable is a value wherever one goes).
STAND_IN = "Cursor_"
_VAR = "VAR"
#: What the parser is fed for a terminal when finishing an effect: a number, a variable, a name.
_SAMPLES = {"INT": "1", _VAR: "Fill_", "STRING": '"x"'}
#: At most this many words finish the statement being typed (a statement is a few words), tried
#: in at most this many ways.
_MOST_WORDS, _MOST_WAYS = 16, (3, 6)


@value
class Slot:
    """The place at the cursor: the type it wants, and the variables in scope there with theirs."""

    want: str
    variables: tuple[tuple[str, str], ...]


class _Reached(Exception):
    """The checker reached the place at the cursor (raised through it, to stop there)."""

    def __init__(self, want: str, scope: Scope, fits: bool) -> None:
        super().__init__(want)
        self.want, self.scope, self.fits = want, scope, fits


#: What the probed effect is attached to: a card that may have abilities (an effect that says what
#: only another kind may, `the news state` of a Breaking News, checks no further: nothing is filtered).
_CONTEXT = Context("card", abilities=True)


class _AnyName(Names):
    """Every quoted name of the set, of whatever kind asked: a name written before the cursor is
    not what the probe checks."""

    def __getitem__(self, kind: str) -> frozenset[str]:
        return frozenset(name for _, names in self.kinds for name in names)


def slot_at(language: Any, text: str, quoted: Iterable[str], accepted: set[str] | None) -> Slot | None:
    """The place after ``text`` (an effect up to the cursor), when it is a value's whose type the
    text before decides and the checker reaches it; ``accepted``: the terminals the parser accepts
    there. Where what follows the value may decide its type (`if S is won`, `if P leads`), the
    place is finished in several ways (each of the first words the parser allows after it, then
    each of the next few), and they must all agree."""
    if accepted is None or _VAR not in accepted or not _at_word_start(text):
        return None
    found = [_probe(language, text, STAND_IN, frozenset(quoted), source) for source in _finishes(language, text + STAND_IN)]
    if not found or any(f is None for f in found) or len({f.want for f in found if f is not None}) != 1:
        return None
    reached = found[0]
    assert reached is not None
    return Slot(reached.want, tuple((v, t) for v in reached.scope.all_names()
                                    if (t := reached.scope.lookup(v)) is not None and v != STAND_IN))


def fits(language: Any, text: str, word: str, quoted: Iterable[str]) -> bool:
    """Whether ``word``, a value by itself, fits the place after ``text`` (True when unknown)."""
    source = _finish(language, text + word)
    reached = _probe(language, text, word, frozenset(quoted), source) if source is not None else None
    return reached is None or reached.fits


def _at_word_start(text: str) -> bool:
    return not text or text[-1] in " \t\n("


def _probe(language: Any, text: str, word: str, quoted: frozenset[str], source: str) -> _Reached | None:
    """Check ``source`` (``text``, then ``word``, then what finishes it), stopped where the checker
    asks for the value at the cursor."""
    from ..lang.lark_parser import parse_text  # not the language's store: a probe is no effect to keep

    lines = text.split("\n")
    at = (len(lines), len(lines[-1]) + 1)
    try:
        program = parse_text(language, source, Origin(), None)
    except CardError:
        return None
    checker = language.vocabulary.checker(_AnyName((("any", quoted),)), _CONTEXT, Origin())
    check_expr, type_of, count = checker.expr, checker.type_of, checker.count

    def expr(e: A.Expr, want: str, scope: Scope, actor: bool) -> A.Expr:
        if (e.pos.line, e.pos.col) != at:
            return check_expr(e, want, scope, actor)
        if isinstance(e, A.Var) and e.name == STAND_IN:
            raise _Reached(want, scope, True)
        try:
            check_expr(e, want, scope, actor)
        except CardError as error:  # the value itself is wrong, not a word that finishes it
            raise _Reached(want, scope, (error.where.line, error.where.col) != at) from None
        raise _Reached(want, scope, True)

    def counted(e: A.Expr, scope: Scope, actor: bool, word: str | None = None) -> A.Expr:
        if (e.pos.line, e.pos.col) == at and isinstance(e, A.Var) and e.name == STAND_IN:
            raise _Reached(NUM, scope, True)  # a count is a number (a name there is refused before)
        return count(e, scope, actor, word)

    def stand_in_type(e: A.Expr, scope: Scope, actor: bool) -> str | None:
        # the stand-in has no type of its own: a comparison takes it from its other side
        return None if isinstance(e, A.Var) and e.name == STAND_IN else type_of(e, scope, actor)

    # this checker's only: the place is found where the checker asks for a value
    setattr(checker, "expr", expr)
    setattr(checker, "type_of", stand_in_type)
    setattr(checker, "count", counted)
    try:
        checker.check(program)
    except _Reached as reached:
        return reached
    except Exception:  # noqa: BLE001 - a probe that checks no further says nothing: nothing is filtered
        return None
    return None


def _finishes(language: Any, text: str, depth: int = 2) -> list[str]:
    """``text`` finished in the ways the parser allows with the next ``depth`` words after it (at
    most a few of each), then the fewest words."""
    terminals = accepted(language, text)
    if terminals is None:
        return []
    first = _order(language, terminals)
    if first is None:
        return [_block(text)] if ":" in _words(language, terminals).values() else [text + "\n"]
    if depth == 0:
        done = _finish(language, text)
        return [done] if done is not None else []
    return [f for word in first[:_MOST_WAYS[depth - 1]] for f in _finishes(language, f"{text} {word}", depth - 1)]


def _finish(language: Any, text: str) -> str | None:
    """``text`` with the fewest words the parser needs after it to end the statement (a block
    opened gets `nothing`), or None when it does not parse."""
    out = text
    for _ in range(_MOST_WORDS):
        terminals = accepted(language, out)
        if terminals is None:
            return None
        words = _order(language, terminals)
        if words is None:
            return _block(out) if ":" in _words(language, terminals).values() else out + "\n"
        if not words:
            return None
        out += " " + words[0]
    return None


def _block(text: str) -> str:
    line = text.split("\n")[-1]
    return text + ":\n" + " " * (len(line) - len(line.lstrip()) + 4) + "nothing\n"


def _words(language: Any, terminals: set[str]) -> dict[str, str | None]:
    return {t: _sample(language, t) for t in terminals}


def _order(language: Any, terminals: set[str]) -> list[str] | None:
    """The words to try next, the likeliest first (a number, a variable, a name, then keywords);
    None when the statement may end here (a new line, or a block opened)."""
    words = _words(language, terminals)
    if "_NL" in terminals or "$END" in terminals or ":" in words.values():
        return None
    keywords = sorted(w for w in words.values() if w and w[0].isalpha() and w not in _SAMPLES.values())
    return [_SAMPLES[t] for t in _SAMPLES if t in terminals] + keywords


def _sample(language: Any, terminal: str) -> str | None:
    """A text the parser reads as ``terminal``: a keyword's, a number, a variable, a name."""

    if terminal in _SAMPLES:
        return _SAMPLES[terminal]
    try:
        pattern = language.parser.get_terminal(terminal).pattern
    except KeyError:
        return None
    if pattern.type == "str":
        return str(pattern.value)
    words = words_of(language, terminal)
    return words[0] if words else None
