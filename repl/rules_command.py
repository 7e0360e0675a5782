"""`rules [NUMBER]`: the rulebook of the game being played, read from the game's package (its
plug-in's ``rulebook``). A number whose letter is another game's (`rules L6.3` while playing
Campaign Manager 2008) shows that game's rule, saying whose it is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cmdsl.plugins import games

from .session import Session, SessionError

if TYPE_CHECKING:  # the rulebooks load when `rules` is first typed, not before the first prompt
    from cmdsl.sets.rulebook import Rulebook

USAGE = "rules [NUMBER]"
HELP = ("Show the rules of the game being played: their sections, or one rule.\n"
        "A rule's number has its game's letter, which may be left out: `rules 8.1`, a whole section\n"
        "`rules 9`, one step of a rule `rules 6.3 step 3`. A number with another game's letter shows\n"
        "that game's rule. The same text is in docs/rules-*.md.")


def rulebook_of(s: Session) -> Rulebook:
    """The rulebook of the game at the prompt."""
    book = s.plugin.front_ends.rulebook() if s.plugin.front_ends is not None else None
    if book is None:
        raise SessionError(f"rules: {s.plugin.title} has no rulebook in cmdsl")
    return book


def cmd_rules(s: Session, arg: str, colour: bool = False) -> str:
    from cmdsl.sets.rulebook import typed_letter

    book = rulebook_of(s)
    if not arg.strip():
        return book.headings()
    letter = typed_letter(arg)
    others = (p.front_ends.rulebook() for p in games().values() if p.front_ends is not None)
    other = next((b for b in others if b is not None and b.source.letter == letter and b.source is not book.source),
                 None)
    if other is not None:
        return f"({other.source.game}'s rules)\n" + other.show(arg)
    return book.show(arg)


def rule_numbers(s: Session) -> list[str]:
    """Every rule number of the game at the prompt, for completion after `rules`."""
    try:
        return list(rulebook_of(s).numbers())
    except SessionError:
        return []
