"""Campaign Manager 2008's two sides and two issues, which its effects name (its grammar's
``CANDIDATE``: ``mccain``, ``obama``; ``defense``, ``economy``) and its model hands on to every
module of the game. A module of their own: the REPL's first prompt reads them without the model."""

from __future__ import annotations

from enum import Enum


class Side(str, Enum):
    MCCAIN = "mccain"
    OBAMA = "obama"

    # Plain attributes of each member, set below: the engine reads them at every step, and a
    # property costs a call each time.
    other: "Side"  # the other candidate
    letter: str  # the printed colour of this side's circles: R (red) for McCain, B (blue) for Obama

    @property
    def label(self) -> str:
        """The candidate's name as printed: McCain, Obama."""
        return "McCain" if self is Side.MCCAIN else "Obama"

    def __str__(self) -> str:
        return self.label


SIDES = (Side.MCCAIN, Side.OBAMA)
DEFENSE, ECONOMY = "defense", "economy"
ISSUES = (DEFENSE, ECONOMY)
for _side, _other, _letter in ((Side.MCCAIN, Side.OBAMA, "R"), (Side.OBAMA, Side.MCCAIN, "B")):
    _side.other, _side.letter = _other, _letter
