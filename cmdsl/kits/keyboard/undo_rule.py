"""The undo rule, the same for every game (docs/secrets.md, docs/repl.md).

`undo` may not go back past an event that showed a person at the keyboard something that was
hidden before it: another seat's picks revealed (L11.7's commit-then-reveal, R3.1, R3.3), a card
they drew or were dealt, a card from another seat's hand, a die rolled, a card turned up from a
deck. Going back and choosing again with that knowledge would defeat the secret (the bots, the
deck and the dice give the same again). Debug mode allows it, and a game once in debug mode is
marked as debugged in its record.

Each game says which of its events reveal something to a seat (``Reveals``); this module finds
the first such event among those an undo would take back, and words the refusal.
"""

from __future__ import annotations

from typing import Callable, Collection, Iterable, TypeVar

from cmdsl.errors import CmdslError
from cmdsl.game.audience import Event
from cmdsl.game.decisions import PlayerSeat

S = TypeVar("S", bound=PlayerSeat)

#: What ``event`` showed ``seat`` that was hidden before it (a few words), or None.
Reveals = Callable[[Event, S], "str | None"]


class UndoRefused(CmdslError):
    """An undo that would go back past a reveal, outside debug mode: one line, nothing changed."""


def first_reveal(undone: Iterable[Event], humans: Collection[S], reveals: Reveals[S]) -> str | None:
    """What the first of the ``undone`` events revealed to one of the ``humans`` (the seats that
    choose again once the undo is done), if any: a few words and the event as that seat saw it."""
    for event in undone:
        for seat in humans:
            what = reveals(event, seat)
            if what is not None:
                return f'{what} ("{event.redacted(seat).text()}")'
    return None


def check_undo(undone: Iterable[Event], humans: Collection[S], reveals: Reveals[S], debug: bool) -> None:
    """Refuse (``UndoRefused``) an undo of the ``undone`` events that goes back past a reveal,
    unless in ``debug`` mode."""
    if debug:
        return
    what = first_reveal(undone, humans, reveals)
    if what is not None:
        raise UndoRefused(f"undo: not back past {what}: you have seen what was hidden, and choosing again "
                          "would use it (`debug on` allows it and marks the game as debugged)")
