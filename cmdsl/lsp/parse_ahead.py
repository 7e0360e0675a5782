"""What the effect language's parser accepts next, asked of Lark's interactive parser: the
terminals after a text, and the keywords a terminal stands for. Completion (``completion.py``)
offers those words; ``slot_type.py`` finishes a text with them to learn what a place wants."""

from __future__ import annotations

import re
from typing import Any

from lark.exceptions import LarkError


def accepted(language: Any, text: str) -> set[str] | None:
    """The terminals the language's parser accepts after ``text``, or None when ``text`` does not
    parse as far as it goes."""
    parser = language.parser
    try:
        ip = parser.parse_interactive(text)
        previous = None
        for token in ip.lexer_thread.lex(ip.parser_state):
            # The indenter closes every open block at the end of the text: the cursor is still in
            # them, so stop at the first such dedent (one that no new line brought).
            if token.type == "_DEDENT" and previous not in ("_NL", "_DEDENT"):
                break
            ip.feed_token(token)
            previous = token.type
        return set(ip.accepts())
    except LarkError:
        return None


def words_of(language: Any, terminal: str) -> tuple[str, ...]:
    """The keywords a terminal stands for (`"gain"`; `supports`, `support`), none for the others."""
    try:
        pattern = language.parser.get_terminal(terminal).pattern
    except KeyError:
        return ()
    if pattern.type == "str":
        return (pattern.value,) if re.fullmatch(r"[a-z][a-z']*", pattern.value) else ()
    if re.fullmatch(r"\(\?:[a-z'|]+\)|[a-z'|]+", pattern.value):
        return tuple(re.findall(r"[a-z][a-z']*", pattern.value))
    return ()
