"""RA6.1 in words: whether a Media card can be placed now, and why. The rules' log (a phase 2 with
nothing to do) and `?` (ui/explain.py) say it from the same facts: the card, the player's
notoriety, the Event in play and the player's Catchphrase."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .cards import Action, Media


@dataclass(frozen=True)
class Placing:
    """One Media card against RA6.1: its theme open, the notoriety within its range."""

    card: Media
    theme_open: bool
    theme_why: str  # "Economy is open (the Event … is in play)", or why it is closed
    reach: str  # "your notoriety 0 is below 2 (too unknown)"
    fits: bool

    @property
    def can(self) -> bool:
        return self.theme_open and self.fits

    def said(self) -> str:
        verdict = "can be placed now" if self.can else "cannot be placed now"
        return f"{self.card.en} (+{self.card.value}): {verdict}: {self.theme_why}; {self.reach}"


def placing(card: Media, notoriety: int, event: Action | None, phrase: Action | None) -> Placing:
    """RA6.1 for ``card``, said to its holder (second person, as `?` speaks)."""
    if event is not None and event.theme == card.theme:
        theme, open_ = f"{card.theme} is open (the Event {event.en} is in play)", True
    elif phrase is not None and phrase.theme == card.theme:
        theme, open_ = f"{card.theme} is open (your Catchphrase {phrase.en})", True
    else:
        had = (f"the Event in play is {event.en}" + (f", {event.theme}" if event.theme else ", no theme")
               if event is not None else "no Event is in play")
        mine = f"your Catchphrase is {phrase.theme}" if phrase is not None else "you have no Catchphrase"
        theme, open_ = f"{card.theme} is closed ({had}; {mine})", False
    if notoriety < card.low:
        reach, fits = f"your notoriety {notoriety} is below {card.low} (too unknown)", False
    elif notoriety > card.high:
        reach, fits = f"your notoriety {notoriety} is above {card.high} (too famous)", False
    else:
        reach, fits = f"your notoriety {notoriety} is within {card.low} → {card.high}", True
    return Placing(card, open_, theme, reach, fits)


def nothing_to_place(media: Sequence[Media], notoriety: int, event: Action | None, phrase: Action | None) -> str:
    """Why none of ``media`` (a hand's Media cards) can be placed, in one third-person clause for
    the log: the first reason that holds for every card (RA6.1)."""
    if not media:
        return "no Media card in hand"
    opened = [t for t in (event.theme if event is not None else None,
                          phrase.theme if phrase is not None else None) if t]
    if not opened:
        return ("no theme is open to them (" + ("no Event in play" if event is None else f"the Event {event.en} has no theme")
                + ", no Catchphrase; RA6.1)")
    themes = " and ".join(dict.fromkeys(opened))
    of_open = [m for m in media if m.theme in opened]
    if not of_open:
        return f"no Media card of an open theme in hand ({themes} open; RA6.1)"
    ranges = ", ".join(f"{m.en} {m.low} → {m.high}" for m in of_open)
    return f"notoriety {notoriety} is out of range of every {themes} Media card in hand ({ranges}; RA6.1)"
