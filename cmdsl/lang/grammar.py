"""A game's grammar: the core language's (``grammar/core.lark``) extended by the game's vocabulary.

The vocabulary's grammar extends the core's rules by name with Lark's ``%extend``. It is the main
grammar Lark reads; the core is brought in with Lark's ``%import``, naming every rule, alias and
terminal of the core, so that none is renamed (Lark puts an imported name it was not given under
the core's namespace, ``core__number``): the parse tree of a core rule is the same in every game,
and one transformer builds it. Lark imports no ``%ignore``: the core's are said again.
"""

from __future__ import annotations

import hashlib
import re
from functools import cached_property
from typing import Callable
from ..values import value

#: The name the core grammar is imported under (`%import core (...)`).
CORE = "core"

_COMMENT = re.compile(r"//[^\n]*")
_DEFINED = re.compile(r"^[?!]?([_A-Za-z][_A-Za-z0-9]*)\s*(?:\.-?\d+)?\s*:", re.M)
_ALIAS = re.compile(r"->\s*([_a-z][_a-z0-9]*)")
_DECLARED = re.compile(r"^%declare([^\n]*)", re.M)
_IGNORED = re.compile(r"^%ignore[^\n]*", re.M)


def core_names(core: str) -> list[str]:
    """Every name the core grammar defines: its rules, the aliases of their alternatives, its
    terminals and the terminals it declares (for the postlexer)."""
    body = _COMMENT.sub("", core)
    names = set(_DEFINED.findall(body)) | set(_ALIAS.findall(body))
    names |= {n for line in _DECLARED.findall(body) for n in line.split()}
    return sorted(names)


@value
class Grammar:
    """The grammar of one game's effects: the core's text and the vocabulary's."""

    core: str
    vocabulary: str

    @cached_property
    def text(self) -> str:
        """The grammar Lark reads (with ``loader`` to find the core)."""
        ignored = "\n".join(_IGNORED.findall(_COMMENT.sub("", self.core)))
        return f"%import {CORE} ({', '.join(core_names(self.core))})\n{ignored}\n\n{self.vocabulary}"

    @cached_property
    def sha256(self) -> str:
        """What parse tables are made from: both texts (either edited, the tables are stale)."""
        return hashlib.sha256(f"{self.text}\n%%core\n{self.core}".encode("utf-8")).hexdigest()

    @property
    def loader(self) -> Callable[[object, str], tuple[str, str]]:
        """Lark's import loader: the core grammar, from memory (never from a path)."""
        def load(base_path: object, grammar_path: str) -> tuple[str, str]:
            if grammar_path == f"{CORE}.lark":
                return f"<{CORE}>", self.core
            raise OSError(grammar_path)  # Lark then tries its other places, and says it found nothing
        return load
