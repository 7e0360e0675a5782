"""Everything a Racolage Électoral game is at one moment: one value, so that a copy is cheap and a
re-deal (a search's determinization) reaches every card. Cards are held by id."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...game.rng import GameRng
from .vocabulary.nodes import Permanent


@dataclass
class Position:
    rng: GameRng
    hands: list[list[str]]  # by seat index (RA3.3: secret)
    media_spaces: list[list[str]]  # placed Media, by seat index (RA2.2)
    zones: list[dict[Permanent, str]]  # each bonus zone: at most one permanent of each type (RA2.4)
    media_deck: list[str]  # the top card last
    action_deck: list[str]
    discard: list[str] = field(default_factory=list)  # one face-up pile for both kinds (RA1.6)
    bonus: list[int] = field(default_factory=list)  # RA11.1: one-off bonuses, counted at the end
    skips: list[int] = field(default_factory=list)  # turns each player will skip (RA9.2)
    event: str | None = None  # the event slot (RA2.5; empty at the start: RA11.7)
    table: list[str] = field(default_factory=list)  # temporary Actions played this turn (RA6.3)
    current: int = 0  # whose turn, by seat index
    #: RA8.1, RA11.4: once the last Media card is drawn, the players who still play a turn
    final_left: set[int] | None = None
    event_depth: int = 0  # Events whose one-time effect is running, one inside another

    def snapshot(self) -> "Position":
        """An independent copy (a checkpoint, a fork's start), its random generator copied too."""
        return Position(self.rng.copy(), [list(h) for h in self.hands], [list(m) for m in self.media_spaces],
                        [dict(z) for z in self.zones], list(self.media_deck), list(self.action_deck),
                        list(self.discard), list(self.bonus), list(self.skips), self.event, list(self.table),
                        self.current, set(self.final_left) if self.final_left is not None else None,
                        self.event_depth)
