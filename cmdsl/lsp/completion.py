"""What may come next at a place in an effect: the words the parser would accept there (Lark's
interactive parser, fed the effect's text up to the word being typed), the variables in scope,
and the names the set lets an effect quote. Each with a short doc."""

from __future__ import annotations

import enum
import re
from functools import cache, lru_cache
from typing import Any, Iterable, Mapping


from ..resources import doc_text
from .parse_ahead import accepted, words_of
from .slot_type import STAND_IN, Slot, fits, slot_at
from ..values import value


class Kind(enum.Enum):
    KEYWORD = "keyword"
    VARIABLE = "variable"
    NAME = "name"  # a quoted name of the set: a state, a group, a theme
    CARD = "card"


@value
class Candidate:
    label: str
    kind: Kind
    detail: str = ""
    doc: str = ""
    insert: str | None = None  # the text put in, when not the label


#: Terminals that stand for something other than a keyword: what a completion offers in their place.
_VARIABLE, _QUOTED = "VAR", "STRING"
#: At most this many forced words follow a word that starts a value (`a player chosen by`).
_MOST_FORCED = 6
#: A variable is introduced by `as X` (choose …, for each …, discard any number …).
_INTRODUCED = re.compile(r"\bas\s+([A-Z][A-Za-z0-9_]*)\b")


def in_scope(text: str) -> list[str]:
    """The variables the last line of ``text`` may name: those introduced by `as X` on an earlier
    line that still holds there (a line ending in `:` introduces one for its block only)."""
    lines = text.split("\n")
    here = len(lines[-1]) - len(lines[-1].lstrip())
    found: list[str] = []
    for i, line in enumerate(lines[:-1]):
        indent = len(line) - len(line.lstrip())
        block = line.rstrip().endswith(":")
        later = [ln for ln in lines[i + 1:-1] if ln.strip()]
        # the variable holds while no later line (nor ours) is outdented past where it was introduced
        limit = indent + 1 if block else indent
        if all(len(ln) - len(ln.lstrip()) >= limit for ln in later) and here >= limit:
            found += [v for v in _INTRODUCED.findall(line) if v not in found]
    return found


def candidates(language: Any, text: str, quoted: Iterable[tuple[str, str, str]], in_quote: bool) -> list[Candidate]:
    """What may come next after ``text`` (an effect up to the word being typed). ``quoted``: the
    names an effect may quote, each (name, what it is, its doc); ``in_quote``: the cursor is inside
    an open quote, where only those names fit. Where a value goes, only what fits its place (the
    type the checker asks there, ``slot_type``): a name, a variable or a word of that type."""
    quoted = tuple(quoted)
    before = text[: text.rfind('"')] if in_quote else text  # a quoted name's place is before its quote
    terminals = accepted(language, before)
    slot = _slot(language, before, tuple(n for n, _, _ in quoted), frozenset(terminals) if terminals is not None else None)
    names = [Candidate(name, Kind.NAME, what, doc, name if in_quote else f'"{name}"') for name, what, doc in quoted
             if slot is None or what == slot.want]  # a name's kind is the type of the checker's that it is
    if in_quote:
        return names
    out: list[Candidate] = []
    seen: set[str] = set()
    docs = keyword_docs(language)
    every = terminals is None  # the text before does not parse: offer every word, as a hint
    values = _values(language, text, terminals) if slot is not None else frozenset()
    for terminal in sorted(_terminal_names(language) if every else terminals or ()):
        for word in words_of(language, terminal):
            if word in seen or (word in values and not fits(language, text, word, (n for n, _, _ in quoted))):
                continue
            seen.add(word)
            out.append(Candidate(word, Kind.KEYWORD, "keyword", docs.get(word, "")))
    if every or _VARIABLE in (terminals or ()):
        typed = dict(slot.variables) if slot is not None else {}
        out += [Candidate(v, Kind.VARIABLE, "variable", f"`{v}`, named by `as {v}` above") for v in in_scope(text)
                if slot is None or typed.get(v, slot.want) == slot.want]
    if every or _QUOTED in (terminals or ()):
        out += names
    return out


def _terminal_names(language: Any) -> list[str]:
    return [t.name for t in language.parser.terminals]


@lru_cache(maxsize=64)
def _slot(language: Any, text: str, quoted: tuple[str, ...], terminals: frozenset[str] | None) -> Slot | None:
    """The place after ``text`` (``slot_type``), kept while a word is typed there (a probe checks
    the effect a few times)."""
    return slot_at(language, text, quoted, set(terminals) if terminals is not None else None)


def _values(language: Any, text: str, terminals: set[str] | None) -> frozenset[str]:
    """The words accepted after ``text`` that make a value of one type by themselves: a value
    (`economy`, `you`: after them the parser accepts what it does after any value, the
    stand-in's), or the start of a phrase whose next words are forced up to a value's place (`a`:
    `a player chosen by …`). `the` starts many: not one of them."""
    after_value = accepted(language, text + STAND_IN)
    return frozenset(word for terminal in terminals or () for word in words_of(language, terminal)
                     if _typed_alone(language, text + word, after_value))


def _typed_alone(language: Any, text: str, after_value: set[str] | None) -> bool:
    found = accepted(language, text)
    if found == after_value:
        return True
    forced = text
    for _ in range(_MOST_FORCED):
        if found is None or len(found) != 1:
            return found is not None and _VARIABLE in found and forced != text
        words = words_of(language, next(iter(found)))
        if len(words) != 1:
            return False
        forced += " " + words[0]
        found = accepted(language, forced + " ")
    return False


#: Lines of the docs' code blocks that are no effect: YAML (`key: value`, `- item`), commands, comments.
_NOT_EFFECT = re.compile(r"[a-z_]+:\s|-|cmdsl |#|\$|pip |python")


@cache
def _doc_lines(files: tuple[str, ...]) -> tuple[str, ...]:
    """The docs' lines that show the language: code lines, and prose lines with `code` in them."""
    out: list[str] = []
    for name in files:
        try:
            text = doc_text(name)
        except OSError:
            continue
        fenced = False
        for line in text.splitlines():
            if line.startswith("```"):
                fenced = not fenced
            elif fenced and line.strip() and not _NOT_EFFECT.match(line.strip()):
                out.append(line.strip())
            elif not fenced and "`" in line:
                out.extend(f"`{span}`" for span in re.findall(r"`([^`]+)`", line))
    return tuple(out)


def keyword_docs(language: Any) -> Mapping[str, str]:
    """Each keyword's doc, as Markdown: the line of the language's docs that shows it best — an
    example that starts with it and says what it does (its comment), else one that starts with it,
    else one that holds it."""
    return _keyword_docs(language.vocabulary.docs)


@cache
def _keyword_docs(files: tuple[str, ...]) -> Mapping[str, str]:
    found: dict[str, str] = {}
    for file in files:  # the game's own page first: the core's (language.md) shows other games' words too
        lines = [line for line in _doc_lines((file,)) if " " in line.strip("`").strip()]  # the word in use
        starts = [(re.match(r"[a-z][a-z']*", line.strip("`")), line) for line in lines]
        for explained in (True, False):  # an example explained by its comment first
            for first, line in starts:
                if first is not None and ("#" in line) == explained:
                    found.setdefault(first.group(), _markdown(line))
        for line in lines:
            for word in re.findall(r"\b[a-z][a-z']*\b", line.strip("`").split("#")[0]):
                found.setdefault(word, _markdown(line))
                # a verb the docs show with its -s (`P skips a turn`) documents the bare word too
                found.setdefault(word[:-1] if word.endswith("s") else word, _markdown(line))
    for line in (ln for ln in _doc_lines(files) if not ln.startswith("`")):  # last: a code line of one word
        for word in re.findall(r"\b[a-z][a-z']*\b", line.strip("`").split("#")[0]):
            found.setdefault(word, _markdown(line))
    return found


def _markdown(line: str) -> str:
    """A line of the docs as a doc: its code in backticks, its comment after it in words."""
    if line.startswith("`"):
        return line
    code, _, comment = line.partition("#")
    return f"`{code.strip()}`" + (f" — {comment.strip()}" if comment.strip() else "")
