"""`rules [NUMBER]`: the rulebook of the game being played, read from the game's package.

One command for both games: the Campaign Manager 2008 and the Lobbys command tables both use
``cmd_rules``. Without a game the rules shown are Campaign Manager 2008's (the REPL's default game).
A number whose letter is another game's (`rules L6.3` while playing Campaign Manager) shows that
game's rule, saying whose it is.
"""

from __future__ import annotations

from cmdsl.games.cm2008.rulebook import rulebook as cm2008_rulebook
from cmdsl.games.lobbys.rulebook import rulebook as lobbys_rulebook
from cmdsl.sets.rulebook import Rulebook, typed_letter

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
    if not arg.strip():
        return book.headings()
    letter = typed_letter(arg)
    other = next((b for b in (cm2008_rulebook(), lobbys_rulebook())
                  if b is not book and b.source.letter == letter), None)
    if other is not None:
        return f"({other.source.game}'s rules)\n" + other.show(arg)
    return book.show(arg)


def rule_numbers(s: Session) -> list[str]:
    """Every rule number of the game at the prompt, for completion after `rules`."""
    return list(rulebook_of(s).numbers())
