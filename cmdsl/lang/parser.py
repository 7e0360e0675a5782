"""Effect text → AST. The Lark LALR parser is loaded once per process from the shipped tables.

Parse errors are turned into ``CardError``s that say what a designer typed and what was
expected in the designer's own words (``"gain"``, "a number"), never Lark's terminal names. The
tree becomes AST nodes in ``to_ast.py``.
"""

from __future__ import annotations

import functools
import re
from typing import Any, Iterator

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken, VisitError
from lark.indenter import Indenter

from ..errors import CardError, did_you_mean
from ..resources import grammar_text, parser_tables_text
from . import ast as A
from .origin import Origin
from .parse_tables import load_parser
from .to_ast import start_of, ToAst


class _IndentError(Exception):
    def __init__(self, token: Token) -> None:
        self.token = token


class _EffectIndenter(Indenter):
    NL_type = "_NL"
    OPEN_PAREN_types = ["LPAR"]
    CLOSE_PAREN_types = ["RPAR"]
    INDENT_type = "_INDENT"
    DEDENT_type = "_DEDENT"
    tab_len = 4

    def handle_NL(self, token: Token) -> Iterator[Token]:
        # Lark's DedentError carries no position; raise one that does.
        indent_str = token.rsplit("\n", 1)[1]
        indent = indent_str.count(" ") + indent_str.count("\t") * self.tab_len
        if indent < self.indent_level[-1] and indent not in self.indent_level and self.paren_level == 0:
            raise _IndentError(token)
        yield from super().handle_NL(token)


# Options that shape the tables (stored in them) and options that are code or that Lark does not
# store (given again whenever the tables are loaded).
_GRAMMAR_OPTIONS: dict[str, Any] = dict(parser="lalr", maybe_placeholders=False, strict=True)


def _load_options() -> dict[str, Any]:
    return dict(postlex=_EffectIndenter(), propagate_positions=True)


def build_parser(grammar: str) -> Lark:
    """Analyse the grammar in memory (strict: conflicts are errors); nothing is read or written."""
    return Lark(grammar, **_GRAMMAR_OPTIONS, **_load_options())


@functools.cache
def get_parser() -> Lark:
    """The effect parser, once per process: from the shipped tables (``cmdsl.lang.parse_tables``),
    or built from the grammar if it was edited since they were generated."""
    grammar = grammar_text()
    try:
        tables: str | None = parser_tables_text()
    except OSError:  # a checkout whose tables were deleted: still works, just slower
        tables = None
    loaded = None if tables is None else load_parser(tables, grammar, **_load_options())
    return loaded if loaded is not None else build_parser(grammar)


@functools.cache
def keywords() -> frozenset[str]:
    """Every word of the language (for suggestions and completion)."""
    words: set[str] = set()
    for term in get_parser().terminals:
        pat = term.pattern
        if pat.type == "str" and re.fullmatch(r"[a-z]+", pat.value):
            words.add(pat.value)
        elif pat.type == "re":
            for alt in re.findall(r"[a-z]{2,}", pat.value):
                if "|" in pat.value or pat.value.isalpha():
                    words.add(alt)
    return frozenset(words)


_TERMINAL_WORDS = {
    "VAR": "a variable name (S, X…)",
    "STRING": 'a quoted name ("Ohio")',
    "INT": "a number",
    "_NL": "the end of the line",
    "_INDENT": "an indented block",
    "_DEDENT": "the end of the block",
    "$END": "the end of the effect",
    "COMPARE": "a comparison (=, <, >=…)",
    "ISSUE": "economy or defense",
    "CANDIDATE": "mccain or obama",
}


def _describe_terminal(name: str) -> str:
    if name in _TERMINAL_WORDS:
        return _TERMINAL_WORDS[name]
    try:
        pat = get_parser().get_terminal(name).pattern
    except KeyError:
        return name
    if pat.type == "str":
        return f'"{pat.value}"'
    alts = re.findall(r"[a-z]+", pat.value)
    return " or ".join(f'"{a}"' for a in alts) if alts else name


def _expected_text(expected: set[str]) -> str:
    words = sorted({_describe_terminal(t) for t in expected})
    if len(words) > 8:
        words = words[:8] + ["…"]
    return ", ".join(words)


_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_'-]*")


def _error_from_lark(e: UnexpectedInput, text: str, origin: Origin) -> CardError:
    lines = text.split("\n")
    if isinstance(e, UnexpectedToken) and e.token.type == "$END":
        line = len([ln for ln in lines if ln.strip()]) or 1
        last = lines[line - 1] if line <= len(lines) else ""
        return CardError(
            f"the effect ends too early; expected {_expected_text(e.expected)}",
            origin.at(line, max(len(last), 1)),
        )
    line, col = int(e.line), int(e.column)
    src = lines[line - 1] if 0 < line <= len(lines) else ""
    start = col - 1
    if start < len(src) and (src[start].isalnum() or src[start] == "_"):
        while start > 0 and (src[start - 1].isalnum() or src[start - 1] == "_"):
            start -= 1
    english = _english_hint(src)
    if start < col - 1:  # mid-word: a keyword was read off the front of a longer word ("draww")
        m = _WORD.match(src, start)
        word = m.group(0) if m else src[start:col]
        return CardError(f'unexpected "{word}"', origin.at(line, start + 1), hint=english or _word_hint(word))
    m = _WORD.match(src, col - 1)
    word = m.group(0) if m else (src[col - 1 : col] if col <= len(src) else "")
    if isinstance(e, UnexpectedToken):
        tok = e.token
        got = "end of line" if tok.type == "_NL" else (
            "an indented block" if tok.type == "_INDENT" else f'"{tok}"')
        if tok.type in ("_INDENT",):
            return CardError(f"unexpected indentation; expected {_expected_text(e.expected)}",
                             origin.at(line + 1 if tok.type == "_INDENT" else line, 1))
        message = f"unexpected {got}; expected {_expected_text(e.expected)}"
        expected = e.expected
    else:
        assert isinstance(e, UnexpectedCharacters)
        message = f'unexpected "{word or e.char}"'
        expected = e.allowed or set()
        if expected:
            message += f"; expected {_expected_text(expected)}"
    return CardError(message, origin.at(line, col), hint=english or _word_hint(word))


def _english_hint(src: str) -> str | None:
    """When the line is card text's English ("When you win a state:"), the line to write instead."""
    from .english import effect_form, misreading  # only for an error: never on the way of a good parse

    form = effect_form(src)
    if form is not None and form != src.strip():
        return f'the effect language writes this line "{form}"'
    return misreading(src)


def _word_hint(word: str) -> str | None:
    """The nearest keyword to an unexpected word, or that keywords are lower case."""
    if word and word[0].islower():
        near = did_you_mean(word, keywords())
        return f'did you mean "{near}"?' if near and near != word else None
    if word and word[0].isupper() and word.lower() in keywords():
        return f'keywords are lower case: "{word.lower()}" (variables start with a capital)'
    return None


def parse_effect(text: str, origin: Origin = Origin()) -> A.Program:
    """Parse one effect text into a ``Program``; raise a located ``CardError`` on bad syntax."""
    source = text if text.endswith("\n") else text + "\n"
    try:
        tree = get_parser().parse(source)
    except _IndentError as ie:
        tok = ie.token
        line = (tok.line or 1) + tok.count("\n")
        return_err = CardError("this line's indentation matches no enclosing block", origin.at(line, 1))
        raise return_err from None
    except UnexpectedInput as e:
        raise _error_from_lark(e, source, origin) from None
    _check_nesting(tree, origin)
    try:
        program: A.Program = ToAst(origin).transform(tree)
        return program
    except VisitError as ve:  # pragma: no cover - the transformer raises nothing by design
        raise ve.orig_exc from None


#: How deep blocks, conditions and expressions may nest in one effect (the bundled cards need 8).
#: Every later pass (checker, compiler, text, the compiled effect itself) recurses over the tree,
#: so this bound is what keeps them all far from Python's recursion limit, for any input.
MAX_NESTING = 32


def _check_nesting(tree: Tree[Token], origin: Origin) -> None:
    """Refuse a tree deeper than ``MAX_NESTING``, located at the first node past the limit.

    An explicit stack, not recursion: the tree may be thousands of levels deep here."""
    stack: list[tuple[Tree[Token], int]] = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_NESTING:
            line, col = start_of(node)
            raise CardError(f"nested too deeply: at most {MAX_NESTING} levels of blocks, conditions and "
                            "expressions", origin.at(line, col),
                            hint="split the effect, or write the sum or condition more simply")
        stack.extend((c, depth + 1) for c in reversed(node.children) if isinstance(c, Tree))
