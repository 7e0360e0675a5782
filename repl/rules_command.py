"""`rules [NUMBER]`: the rulebook of the game being played, read from the game's package.

One command for both games: the Campaign Manager 2008 and the Lobbys command tables both use
``cmd_rules``. Without a game the rules shown are Campaign Manager 2008's (the REPL's default game).
"""

from __future__ import annotations

from cmdsl.games.cm2008.rulebook import rulebook as cm2008_rulebook
from cmdsl.games.lobbys.rulebook import rulebook as lobbys_rulebook
from cmdsl.rulebook import Rulebook

from .session import Session

USAGE = "rules [NUMBER]"
HELP = ("Show the rules of the game being played: their sections, or one rule.\n"
        "Examples: `rules R8.1` (or `rules 8.1`), a whole section `rules R9`, in Lobbys `rules L6.3`\n"
        "or one step `rules L6.3 step 3`. The same text is in docs/rules-cm2008.md and docs/rules-lobbys.md.")


def rulebook_of(s: Session) -> Rulebook:
    """The rulebook of the game at the prompt (Campaign Manager 2008 when there is none)."""
    return lobbys_rulebook() if s.lobbys is not None else cm2008_rulebook()


def cmd_rules(s: Session, arg: str, colour: bool = False) -> str:
    book = rulebook_of(s)
    return book.show(arg) if arg.strip() else book.headings()


def rule_numbers(s: Session) -> list[str]:
    """Every rule number of the game at the prompt, for completion after `rules`."""
    return list(rulebook_of(s).numbers())
