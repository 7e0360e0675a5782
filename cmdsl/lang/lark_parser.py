"""Lark's side of the effect parser: the LALR parser of a language, loaded from its shipped
tables or built from its grammar, the parse of one text into nodes, and a parse error in a
designer's words. Imported only when a text must be parsed (``parser.py``'s ``Parser`` first
looks in its kept parses): a run whose effects are all kept never imports Lark.

Parse errors are turned into ``CardError``s that say what a designer typed and what was
expected in the designer's own words (``"gain"``, "a number"), never Lark's terminal names. The
tree becomes AST nodes in ``to_ast.py``.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from typing import Any, Callable, Iterator, Protocol

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken, VisitError
from lark.indenter import Indenter

from ..errors import CardError, did_you_mean
from . import ast as A
from .check_scope import MAX_LITERAL
from .grammar import Grammar
from ..memo import Memo
from .origin import Origin
from .parse_tables import load_parser
from .to_ast import start_of
from .vocabulary import Vocabulary
from .work import MAX_COUNT


class Parser(Protocol):
    """What a parse needs of its language (``parser.Parser``, which imports this module when used)."""

    vocabulary: Vocabulary

    @property
    def parser(self) -> Lark: ...

    @property
    def keywords(self) -> frozenset[str]: ...


class _IndentError(Exception):
    def __init__(self, token: Token) -> None:
        self.token = token


class _TooDeep(Exception):
    """A parenthesis opened past the nesting limit, as the parser reads it (``_EffectIndenter``)."""

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

    def _process(self, stream: Iterator[Token]) -> Iterator[Token]:
        """Lark's, refusing a parenthesis past the nesting limit as it is read: a text of 100,000
        parentheses is refused at its 31st, never parsed whole. (Lark's counts a parenthesis once
        it is passed on: ``paren_level`` is how many are open around this one.)"""
        lark_process: Callable[[Iterator[Token]], Iterator[Token]] = super()._process  # untyped in Lark
        for token in lark_process(stream):
            if token.type == "LPAR" and _PARENTHESES_FLOOR + self.paren_level + 1 > MAX_NESTING:
                raise _TooDeep(token)
            yield token


# Options that shape the tables (stored in them) and options that are code or that Lark does not
# store (given again whenever the tables are loaded).
_GRAMMAR_OPTIONS: dict[str, Any] = dict(parser="lalr", maybe_placeholders=False, strict=True)


def _load_options() -> dict[str, Any]:
    return dict(postlex=_EffectIndenter(), propagate_positions=True)


def build_parser(grammar: Grammar) -> Lark:
    """Analyse the grammar in memory (strict: conflicts are errors); nothing is read or written."""
    return Lark(grammar.text, import_paths=[grammar.loader], **_GRAMMAR_OPTIONS, **_load_options())


def lark_parser(vocabulary: Vocabulary, grammar: Grammar) -> Lark:
    """A language's parser: from the game's shipped tables, or built from the grammar if it was
    edited since they were generated (or the game ships none)."""
    tables: str | None = None
    if vocabulary.tables is not None:
        try:
            tables = vocabulary.tables()
        except OSError:  # a checkout whose tables were deleted: still works, just slower
            tables = None
    loaded = None if tables is None else load_parser(tables, grammar.sha256, **_load_options())
    return loaded if loaded is not None else build_parser(grammar)


def parse_text(language: Parser, source: str, origin: Origin, memo: Memo | None) -> A.Program:
    """Parse ``source`` (ending in a newline) with Lark and build its nodes; a located
    ``CardError`` on bad syntax."""
    parser = language.parser
    try:
        tree = parser.parse(source) if memo is None else memo.get(
            ("tree", language.vocabulary.name, source), lambda: parser.parse(source))
    except _IndentError as ie:
        tok = ie.token
        line = (tok.line or 1) + tok.count("\n")
        return_err = CardError("this line's indentation matches no enclosing block", origin.at(line, 1))
        raise return_err from None
    except _TooDeep as td:
        raise _too_deep(td.token.line or 1, td.token.column or 1, origin) from None
    except UnexpectedInput as e:
        raise _Errors(language).from_lark(e, source, origin) from None
    _check_nesting(tree, source, origin)
    try:
        program: A.Program = language.vocabulary.to_ast()(origin).transform(tree)
        return program
    except VisitError as ve:  # pragma: no cover - the transformer raises nothing by design
        raise ve.orig_exc from None


#: How a parse error names the core's terminals that are not plain keywords.
_TERMINAL_WORDS = {
    "VAR": "a variable name (S, X…)",
    "STRING": "a quoted name",  # a game names an example of its own (its vocabulary's terminal_words)
    "INT": "a number",
    "_NL": "the end of the line",
    "_INDENT": "an indented block",
    "_DEDENT": "the end of the block",
    "$END": "the end of the effect",
    "COMPARE": "a comparison (=, <, >=…)",
}


_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_'-]*")
#: What a number in an effect may be: what the checker takes, and how far a count goes.
_WHAT_A_NUMBER_IS = f"a number in an effect is a whole number from 0 to {MAX_LITERAL} (a count is capped at {MAX_COUNT})"
#: A number written with a decimal part, or with a minus sign: neither is read as a number.
_DECIMAL = re.compile(r"\d+[.,]\d+")
_NEGATIVE = re.compile(r"-\d+")
#: Numbers written in words, in the languages cards are written in: "write 3, not three".
_NUMBER_WORDS = {w: n for n, words in enumerate((
    ("zero", "zéro"), ("one", "un", "une"), ("two", "deux"), ("three", "trois"), ("four", "quatre"),
    ("five", "cinq"), ("six",), ("seven", "sept"), ("eight", "huit"), ("nine", "neuf"), ("ten", "dix"))) for w in words}


def _wrong_number(src: str, at: int) -> tuple[int, str] | None:
    """Where the parser stopped at a number it cannot read (2.5 at its ".", -1 at its "-"): where the
    number starts and what a number must be; else None."""
    start = at
    while start > 0 and src[start - 1].isdigit():
        start -= 1
    m = _DECIMAL.match(src, start)
    if m is not None and start < at <= m.end():
        return start, f'"{m.group(0)}" is not a whole number: {_WHAT_A_NUMBER_IS}'
    m = _NEGATIVE.match(src, at)
    if m is not None:
        return at, f'"{m.group(0)}" is below 0: {_WHAT_A_NUMBER_IS}'
    return None


class _Errors:
    """A parse error in a designer's words, in one language."""

    def __init__(self, language: Parser) -> None:
        self.language = language

    def describe_terminal(self, name: str) -> str:
        words = {**_TERMINAL_WORDS, **self.language.vocabulary.terminal_words}
        if name in words:
            return words[name]
        try:
            pat = self.language.parser.get_terminal(name).pattern
        except KeyError:
            return name
        if pat.type == "str":
            return f'"{pat.value}"'
        alts = re.findall(r"[a-z]+", pat.value)
        return " or ".join(f'"{a}"' for a in alts) if alts else name

    def expected_text(self, expected: set[str]) -> str:
        words = sorted({self.describe_terminal(t) for t in expected})
        if len(words) > 8:
            words = words[:8] + ["…"]
        return ", ".join(words)

    def from_lark(self, e: UnexpectedInput, text: str, origin: Origin) -> CardError:
        lines = text.split("\n")
        if isinstance(e, UnexpectedToken) and e.token.type == "$END":
            line = len([ln for ln in lines if ln.strip()]) or 1
            last = lines[line - 1] if line <= len(lines) else ""
            return CardError(
                f"the effect ends too early; expected {self.expected_text(e.expected)}",
                origin.at(line, max(len(last), 1)),
            )
        line, col = int(e.line), int(e.column)
        src = lines[line - 1] if 0 < line <= len(lines) else ""
        wrong_number = _wrong_number(src, col - 1)
        if wrong_number is not None:
            at, message = wrong_number
            return CardError(message, origin.at(line, at + 1))
        start = col - 1
        if start < len(src) and (src[start].isalnum() or src[start] == "_"):
            while start > 0 and (src[start - 1].isalnum() or src[start - 1] == "_"):
                start -= 1
        english = self.english_hint(src)
        if start < col - 1:  # mid-word: a keyword was read off the front of a longer word ("draww")
            m = _WORD.match(src, start)
            word = m.group(0) if m else src[start:col]
            return CardError(f'unexpected "{word}"', origin.at(line, start + 1),
                             hint=english or self.word_hint(word))
        m = _WORD.match(src, col - 1)
        word = m.group(0) if m else (src[col - 1 : col] if col <= len(src) else "")
        if isinstance(e, UnexpectedToken):
            tok = e.token
            got = "end of line" if tok.type == "_NL" else (
                "an indented block" if tok.type == "_INDENT" else f'"{tok}"')
            if word.startswith(str(tok)) and len(word) > len(str(tok)):  # a keyword read off a longer word
                got = f'"{word}"'  # ("playr" is not "play")
            expected = _acceptable(e)
            if tok.type in ("_INDENT",):
                return CardError(f"unexpected indentation; expected {self.expected_text(expected)}",
                                 origin.at(line + 1 if tok.type == "_INDENT" else line, 1))
            message = f"unexpected {got}; expected {self.expected_text(expected)}"
        else:
            assert isinstance(e, UnexpectedCharacters)
            message = f'unexpected "{word or e.char}"'
            expected = _acceptable(e)
            if expected:
                message += f"; expected {self.expected_text(expected)}"
        number = _NUMBER_WORDS.get(word.lower()) if "INT" in expected else None
        # a card's printed line rewritten whole (a quick fix in the editor) comes first
        numeral = f'write {number}, not "{word}"' if number is not None else None
        return CardError(message, origin.at(line, col), hint=english or numeral or self.word_hint(word))

    def english_hint(self, src: str) -> str | None:
        """When the line is a card's printed English (the game's hint knows it), the line to write instead."""
        hint = self.language.vocabulary.english_hint
        return hint(src) if hint is not None else None

    def word_hint(self, word: str) -> str | None:
        """The nearest keyword to an unexpected word, or that keywords are lower case."""
        if word and word[0].islower():
            near = did_you_mean(word, self.language.keywords)
            return f'did you mean "{near}"?' if near and near != word else None
        if word and word[0].isupper() and word.lower() in self.language.keywords:
            return f'keywords are lower case: "{word.lower()}" (variables start with a capital)'
        return None


def _acceptable(e: UnexpectedToken | UnexpectedCharacters) -> set[str]:
    """The terminals the parser accepts where ``e`` stopped it. The lexer's own list also has the
    end of a line, which it reads anywhere for the indentation (Lark's ``always_accept``): an
    error would say "expected … the end of the line" where a line may not end."""
    expected = set(e.expected if isinstance(e, UnexpectedToken) else (e.allowed or ()))
    state = e.state
    table = getattr(getattr(getattr(state, "parse_conf", None), "parse_table", None), "states", None)
    if table is None:
        return expected
    accepted = expected & set(table[state.position])
    return accepted or expected


#: How deep blocks, conditions, expressions and parentheses may nest in one effect (the bundled
#: cards need 8). Every later pass (checker, compiler, text, the compiled effect itself) recurses over
#: the tree, so this bound is what keeps them all far from Python's recursion limit, for any input;
#: parentheses make no node, but a text of thousands costs the parse itself time and memory.
MAX_NESTING = 32
#: The levels around every parenthesis: the effect's, and its statement's. The first of a
#: statement's parentheses is at the next level.
_PARENTHESES_FLOOR = 2

#: What the lexer reads whole, whatever is in it (a quoted name, a comment), and parentheses.
_PARENTHESIS = re.compile(r'"[^"\n]*"|#[^\n]*|[()]')


def _too_deep(line: int, col: int, origin: Origin) -> CardError:
    return CardError(f"nested too deeply: at most {MAX_NESTING} levels of blocks, conditions, expressions and "
                     "parentheses", origin.at(line, col),
                     hint="split the effect, or write the sum or condition more simply")


class _Parentheses:
    """The pairs of parentheses of a text, in the order they open: where each opens, where it
    closes (the offset after its ``)``), and the pair it is in (-1: none)."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.opens: list[int] = []
        self.closes: list[int] = []
        self.outer: list[int] = []
        open_now: list[int] = []
        for m in _PARENTHESIS.finditer(source):
            if m.group() == "(":
                self.outer.append(open_now[-1] if open_now else -1)
                open_now.append(len(self.opens))
                self.opens.append(m.start())
                self.closes.append(len(source))
            elif m.group() == ")" and open_now:
                self.closes[open_now.pop()] = m.end()

    def around(self, node: Tree[Token], outside: int) -> list[int]:
        """The pairs around ``node`` inside the pair ``outside`` (its parent's innermost, or -1),
        outermost first. A pair is around a node when it opens before the node's text and closes
        after it (the text of a node may or may not hold the parentheses at its ends)."""
        if node.meta.empty:
            return []
        start, end = node.meta.start_pos, node.meta.end_pos
        pair = bisect_left(self.opens, start) - 1  # the last pair opened before the node…
        while pair > outside and self.closes[pair] < end:  # …or the first around it of its outer ones
            pair = self.outer[pair]
        found: list[int] = []
        while pair > outside:
            found.append(pair)
            pair = self.outer[pair]
        return found[::-1]

    def where(self, pair: int) -> tuple[int, int]:
        """The line and column where ``pair`` opens."""
        at = self.opens[pair]
        return self.source.count("\n", 0, at) + 1, at - self.source.rfind("\n", 0, at)


def _check_nesting(tree: Tree[Token], source: str, origin: Origin) -> None:
    """Refuse a tree deeper than ``MAX_NESTING``, each pair of parentheses of ``source`` around a
    node counting as one level more, located at the first node or parenthesis past the limit.

    An explicit stack, not recursion: the tree may be thousands of levels deep here."""
    parentheses = _Parentheses(source)
    # each node with the level of its parent and the innermost pair of parentheses around the parent
    stack: list[tuple[Tree[Token], int, int]] = [(tree, 0, -1)]
    while stack:
        node, above, outside = stack.pop()
        pairs = parentheses.around(node, outside)
        depth = above + len(pairs) + 1
        if depth > MAX_NESTING:
            first_past = MAX_NESTING - above  # the first level past the limit, counted from the parent
            line, col = parentheses.where(pairs[first_past]) if first_past < len(pairs) else start_of(node)
            raise _too_deep(line, col, origin)
        inside = pairs[-1] if pairs else outside
        stack.extend((c, depth, inside) for c in reversed(node.children) if isinstance(c, Tree))
