"""The seats of a Die Macher game (DM1.1, DM18.1): one party each, named by the party.

A seat is a member of ``Party``; a game of N players seats the first N in ``PARTIES`` order by
default, or the N it is given (a setup choice with no rule effect beyond DM18.21). The driver tells
seats apart with ``is``, so seats are the enum's canonical members; ``index`` is the party's number
in the position's per-party lists of a game (set per game: see ``position.DieMacherPosition``)."""

from __future__ import annotations

from enum import Enum
from typing import Final


class Party(Enum):
    CDU = "cdu"
    SPD = "spd"
    FDP = "fdp"
    LINKE = "linke"
    GRUENE = "gruene"

    # Seats are dict keys at every step of a search: hashed by identity, in C.
    __hash__ = object.__hash__

    def __str__(self) -> str:
        return LABEL[self]


PARTIES: Final = tuple(Party)
LABEL: Final = {Party.CDU: "CDU/CSU", Party.SPD: "SPD", Party.FDP: "FDP", Party.LINKE: "Die Linkspartei",
                Party.GRUENE: "Die Grünen"}
_BY_NAME: Final = {p.value: p for p in PARTIES}
MIN_PLAYERS: Final = 3  # DM1.1, DM18.1
MAX_PLAYERS: Final = 5


def parties_for(players: int, chosen: tuple[Party, ...] | None = None) -> tuple[Party, ...]:
    """The parties of a game of ``players`` (DM18.1): ``chosen`` (in ``PARTIES`` order), or the
    first ``players``. ValueError for another count, a repeated party or a count that differs."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Die Macher is played by {MIN_PLAYERS} to {MAX_PLAYERS} players (DM1.1), not {players}")
    if chosen is None:
        return PARTIES[:players]
    if len(set(chosen)) != len(chosen):
        raise ValueError("a party is named twice")
    if len(chosen) != players:
        raise ValueError(f"{players} players need {players} parties, not {len(chosen)}")
    return tuple(p for p in PARTIES if p in chosen)


def party_named(name: str) -> Party | None:
    """The party whose record name is ``name`` (``"spd"``), else None."""
    return _BY_NAME.get(name)
