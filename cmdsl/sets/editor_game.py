"""What an editor needs from a game's sets (`cmdsl lsp`, issue 32), in terms no game owns: a set's
problems as `cmdsl check` says them, what the set defines that its files name (cards, and the names
effects quote), where its effects are. A game hands an ``EditorGame`` to the registry (its front
ends' ``editor``); the language server asks it and names no game. (``editing.py`` reads a scenario
file's problems with these.)
"""

from __future__ import annotations

import enum
from dataclasses import field
from pathlib import Path
from typing import Any, Callable, Protocol

from ..errors import CardError, Located
from ..memo import Memo
from .answer_forms import AnswerForms
from .text_files import Sources
from ..values import value


class Severity(enum.Enum):
    ERROR = "error"
    WARNING = "warning"


@value
class Problem:
    """One thing `cmdsl check` (or the scenario reader) says about a file, located."""

    error: CardError
    severity: Severity = Severity.ERROR


@value
class Defined:
    """Something a set defines that its files name: a card by its id, a state or theme by the
    name its effects quote."""

    #: as the game says it: "card", "state", "demographic group", "theme"…; a name effects quote is
    #: of the kind its checker's type is named (completion offers it where that type goes)
    kind: str
    name: str  # as files write it (an id; a quoted name without its quotes)
    where: Located  # its definition
    summary: str  # one line: what a completion list shows beside it
    #: what a hover shows, Markdown, in a language ("en", "fr"; a game that writes no French gives
    #: English); written when asked for, not at every check
    text: Callable[[str], str] = field(default=lambda lang: "", compare=False)

    @staticmethod
    def said(text: str) -> Callable[[str], str]:
        """A text that is the same in every language."""
        return lambda lang: text
    quoted: bool = False  # effects quote it ("Ohio"); else files write it bare (an id)


def card_markdown(heading: str, text: str, card_id: str, cost: str = "") -> str:
    """What a hover on a card shows, the same in every game: its heading in bold, what it costs, its
    rules text (as `cmdsl cards show` prints it: each line kept, its indent too, which Markdown
    would drop), its id."""
    lines = "  \n".join("\u00a0" * (len(ln) - len(ln.lstrip(" "))) + ln.lstrip(" ") for ln in text.strip("\n").split("\n"))
    return f"**{heading}**" + (f"\n\n*cost:* `{cost}`" if cost else "") + f"\n\n{lines}\n\n`{card_id}`"


@value
class SetState:
    """A set as an editor sees it after a check: its problems, and — when the check got that far —
    what it defines (empty where it did not)."""

    folder: Path
    problems: tuple[Problem, ...]
    defined: tuple[Defined, ...] = ()
    #: the loaded set, for the scenario reader; None when the set has errors
    loaded: Any = None


class EditorGame(Protocol):
    """A game's side of the language server."""

    def is_set(self, folder: Path) -> bool:
        """Whether ``folder`` is a set of this game (it holds the file that marks one)."""
        ...

    def check(self, folder: Path, sources: Sources, memo: Memo) -> SetState:
        """The set in ``folder`` checked as `cmdsl check` does, with ``sources``' texts for files."""
        ...

    def scenario_problems(self, file: Path, sources: Sources, loaded: Any) -> list[Problem]:
        """The problems of a scenario file of this game, read with the loaded set."""
        ...

    def answer_forms(self, loaded: Any) -> AnswerForms | None:
        """What its scenarios' answers may name in the loaded set (completion offers it after
        `state:`); None: they name nothing known."""
        ...
