"""Effect text → AST. The Lark LALR parser is loaded once per process from the shipped tables.

Parse errors are turned into ``CardError``s that say what a designer typed and what was
expected in the designer's own words (``"gain"``, "a number"), never Lark's terminal names.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from dataclasses import dataclass
from typing import Any, Callable, Iterator

from lark import Lark, Token, Transformer, Tree, ast_utils, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken, VisitError
from lark.indenter import Indenter

from ..errors import CardError, Located, did_you_mean
from ..resources import grammar_text, parser_tables_text
from . import ast as A
from .parse_tables import load_parser


@dataclass(frozen=True)
class Origin:
    """Where an effect text sits in its file: file line of its first line, and its indent."""

    file: str = "<effect>"
    item: str | None = None
    first_line: int = 1
    indent: int = 0

    def pos(self, line: int, col: int) -> A.Pos:
        return A.Pos(self.first_line + line - 1, col + self.indent)

    def at(self, line: int, col: int) -> Located:
        p = self.pos(line, col)
        return Located(self.file, p.line, p.col, self.item)


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
        return _ToAst(origin).transform(tree)
    except VisitError as ve:  # pragma: no cover - the transformer raises nothing by design
        raise ve.orig_exc from None


#: How deep blocks, conditions and expressions may nest in one effect (the bundled cards need 8).
#: Every later pass (checker, compiler, text, the compiled effect itself) recurses over the tree,
#: so this bound is what keeps them all far from Python's recursion limit, for any input.
MAX_NESTING = 32


def _check_nesting(tree: Tree, origin: Origin) -> None:
    """Refuse a tree deeper than ``MAX_NESTING``, located at the first node past the limit.

    An explicit stack, not recursion: the tree may be thousands of levels deep here."""
    stack: list[tuple[Tree, int]] = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_NESTING:
            line, col = _start_of(node)
            raise CardError(f"nested too deeply: at most {MAX_NESTING} levels of blocks, conditions and "
                            "expressions", origin.at(line, col),
                            hint="split the effect, or write the sum or condition more simply")
        stack.extend((c, depth + 1) for c in reversed(node.children) if isinstance(c, Tree))


def _start_of(node: Tree) -> tuple[int, int]:
    """The line and column where ``node`` starts (its first token; Lark's meta may be empty)."""
    if not node.meta.empty:
        return node.meta.line, node.meta.column
    while node.children:  # down the first children to a token, without recursion
        first = node.children[0]
        if isinstance(first, Token):
            return first.line or 1, first.column or 1
        node = first
    return 1, 1


def _body(items: list[Any]) -> tuple[Any, ...]:
    return tuple(i for i in items if isinstance(i, A.Node))


class _Unbound:
    """A method ``create_transformer`` binds to nothing, so it can go on ``_ToAst`` itself (made once
    per process, not once per parse)."""

    def __init__(self, method: Any) -> None:
        self.method = method

    def __get__(self, obj: Any, owner: Any = None) -> Any:
        return self.method


def _building(inline: bool, meta: bool) -> Callable[[type[A.Node]], Any]:
    """How ``ast_utils.create_transformer`` makes the method of a ``Built`` class: its parts, in
    order, and its position in the card file."""
    def method_for(cls: type[A.Node]) -> Any:
        def build(self: "_ToAst", meta: Any, children: list[Any]) -> A.Node:
            return cls(*children, pos=self._p(meta))
        return _Unbound(v_args(meta=True)(build))
    return method_for


@v_args(meta=True)
class _ToAst(Transformer):
    """Lark tree → ``ast`` nodes carrying file positions. ``Built`` nodes are made by Lark's
    ``ast_utils`` (one rule per class, no method here); the methods below build the rest."""

    def __init__(self, origin: Origin) -> None:
        super().__init__()
        self.o = origin

    def _p(self, meta: Any) -> A.Pos:
        return self.o.pos(meta.line, meta.column) if not meta.empty else A.NOWHERE

    # program and blocks
    def start(self, meta, items):
        return A.Program(_body(items), pos=self._p(meta))

    # expressions
    def number(self, meta, c):
        return A.Num(int(c[0]), pos=self._tok(c[0]))

    def string(self, meta, c):
        return A.Str(str(c[0])[1:-1], pos=self._tok(c[0]))

    def var(self, meta, c):
        return A.Var(str(c[0]), pos=self._tok(c[0]))

    def issue(self, meta, c):
        return A.IssueLit(str(c[0]), pos=self._tok(c[0]))

    def candidate(self, meta, c):
        return A.PlayerRef(A.Who(str(c[0])), pos=self._tok(c[0]))

    def you(self, meta, c):
        return A.PlayerRef(A.Who.YOU, pos=self._p(meta))

    def opponent(self, meta, c):
        return A.PlayerRef(A.Who.OPPONENT, pos=self._p(meta))

    def active_player(self, meta, c):
        return A.PlayerRef(A.Who.ACTIVE, pos=self._p(meta))

    def majority_of(self, meta, c):
        return A.Of(A.Prop.MAJORITY, c[0], pos=self._p(meta))

    def minority_of(self, meta, c):
        return A.Of(A.Prop.MINORITY, c[0], pos=self._p(meta))

    def key_of(self, meta, c):
        return A.Of(A.Prop.KEY, c[0], pos=self._p(meta))

    def votes_of(self, meta, c):
        return A.Of(A.Prop.VOTES, c[0], pos=self._p(meta))

    def score_of(self, meta, c):
        return A.Of(A.Prop.SCORE, c[0], pos=self._p(meta))

    def hand_size_of(self, meta, c):
        return A.Of(A.Prop.HAND_SIZE, c[0], pos=self._p(meta))

    def deck_size_of(self, meta, c):
        return A.Of(A.Prop.DECK_SIZE, c[0], pos=self._p(meta))

    def discard_size_of(self, meta, c):
        return A.Of(A.Prop.DISCARD_SIZE, c[0], pos=self._p(meta))

    def undecided_blocks(self, meta, c):
        return A.RowCount("undecided", c[0], c[1], pos=self._p(meta))

    def row_length(self, meta, c):
        return A.RowCount("all", c[0], c[1], pos=self._p(meta))

    def best(self, meta, c):
        return dataclasses.replace(c[0], pos=self._p(meta))

    def with_most(self, meta, c):
        return A.Best(str(c[0]) == "most", c[1], pos=self._p(meta))

    # a measure names what is read from each state; the state itself is ``It``
    def m_votes(self, meta, c):
        return A.Of("votes", A.It(pos=self._p(meta)), pos=self._p(meta))

    def m_blocks_of(self, meta, c):
        return A.BlocksOf(c[0], c[1], A.It(pos=self._p(meta)), pos=self._p(meta))

    def m_undecided(self, meta, c):
        return A.RowCount("undecided", c[0], A.It(pos=self._p(meta)), pos=self._p(meta))

    def m_row(self, meta, c):
        return A.RowCount("all", c[0], A.It(pos=self._p(meta)), pos=self._p(meta))

    def news_state(self, meta, c):
        return A.NewsState(pos=self._p(meta))

    def arith(self, meta, c):
        return A.Arith(str(c[1]), c[0], c[2], pos=self._p(meta))

    # conditions
    def is_(self, meta, c):
        return A.Compare("=", c[0], c[1], pos=self._p(meta))

    def is_not(self, meta, c):
        return A.Compare("!=", c[0], c[1], pos=self._p(meta))

    def compare(self, meta, c):
        return A.Compare(str(c[1]), c[0], c[2], pos=self._p(meta))

    def media_in_play(self, meta, c):
        return A.MediaInPlay(None, pos=self._p(meta))

    def has_media(self, meta, c):
        return A.MediaInPlay(c[0], pos=self._p(meta))

    def is_in_play(self, meta, c):
        return A.StateIs(c[0], "in_play", None, pos=self._p(meta))

    def is_won(self, meta, c):
        return A.StateIs(c[0], "won", None, pos=self._p(meta))

    def is_won_by(self, meta, c):
        return A.StateIs(c[0], "won", c[1], pos=self._p(meta))

    def and_(self, meta, c):
        return A.And(c[0], c[1], pos=self._p(meta))

    def or_(self, meta, c):
        return A.Or(c[0], c[1], pos=self._p(meta))

    def not_(self, meta, c):
        return A.Not(c[0], pos=self._p(meta))

    def where(self, meta, c):
        return ("where", c[0])

    # simple statements (gain, shift, draw… are ``Built``: see ``_building``)
    def discard_any(self, meta, c):
        return A.DiscardAny(str(c[0]), pos=self._p(meta))

    def choose_state(self, meta, c):
        different = any(isinstance(x, Token) and x.type == "DIFFERENT" for x in c)
        name = next(str(x) for x in c if isinstance(x, Token) and x.type == "VAR")
        where = next((x[1] for x in c if isinstance(x, tuple)), None)
        best = next((x for x in c if isinstance(x, A.Best)), None)
        return A.ChooseState(name, where, different, best, pos=self._p(meta))

    def choose_issue(self, meta, c):
        return A.ChooseIssue(str(c[0]), pos=self._p(meta))

    def choose_card(self, meta, c):
        return A.ChooseCard(str(c[0]), pos=self._p(meta))

    def play_card(self, meta, c):
        return A.PlayCard(str(c[0]), pos=self._p(meta))

    def discard_card(self, meta, c):
        return A.DiscardCard(str(c[0]), pos=self._p(meta))

    def news_target(self, meta, c):
        return c[0]

    def news_chosen_by(self, meta, c):
        return A.NewsTarget(c[0], None, pos=self._p(meta))

    def news_state_is(self, meta, c):
        return A.NewsTarget(None, c[0], pos=self._p(meta))

    # triggered abilities
    def when_won(self, meta, c):
        player = c[0] if c and isinstance(c[0], A.PlayerRef) else None
        return A.Trigger("won", player, _body(c[1:] if player is not None else c), pos=self._p(meta))

    def when_news(self, meta, c):
        return A.Trigger("news", None, _body(c), pos=self._p(meta))

    def when_negative(self, meta, c):
        return A.Trigger("negative", c[0], _body(c[1:]), pos=self._p(meta))

    def at_end_of_turn(self, meta, c):
        player = c[0] if isinstance(c[0], A.PlayerRef) else None  # None: `each turn`
        return A.Trigger("end_turn", player, _body(c[1:]), pos=self._p(meta))

    def each_turn(self, meta, c):
        return "each"

    # compound statements
    def if_stmt(self, meta, c):
        otherwise: tuple[Any, ...] = ()
        if c and isinstance(c[-1], tuple) and c[-1] and c[-1][0] == "else":
            otherwise = c[-1][1]
            c = c[:-1]
        return A.If(c[0], _body(c[1:]), otherwise, pos=self._p(meta))

    def else_block(self, meta, c):
        return ("else", _body(c))

    def for_each(self, meta, c):
        where = next((x[1] for x in c if isinstance(x, tuple)), None)
        return A.ForEach(str(c[0]), where, _body(c[1:]), pos=self._p(meta))

    def repeat(self, meta, c):
        return A.Repeat(c[0], _body(c[1:]), pos=self._p(meta))

    def as_player(self, meta, c):
        return A.As(c[0], _body(c[1:]), pos=self._p(meta))

    def choose_one(self, meta, c):
        return A.ChooseOne(tuple(x for x in c if isinstance(x, tuple)), pos=self._p(meta))

    def option(self, meta, c):
        return _body(c)

    def while_in_play(self, meta, c):
        return A.WhileInPlay(_body(c), pos=self._p(meta))

    def _tok(self, tok: Token) -> A.Pos:
        return self.o.pos(tok.line or 1, tok.column or 1)


class _Methods:
    """Where ``create_transformer`` puts the ``Built`` classes' methods, to be moved onto ``_ToAst``."""


for _rule, _method in vars(ast_utils.create_transformer(A, _Methods(), decorator_factory=_building)).items():  # type: ignore[arg-type]
    setattr(_ToAst, _rule, _method)
