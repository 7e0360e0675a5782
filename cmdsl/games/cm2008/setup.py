"""How a game starts (R3): the setup mode, who plays first, an optional turn limit."""

from __future__ import annotations

from typing import Any, Literal, cast, get_args

from ...game.fields import Fields
from ...values import value

#: How a game starts (R3); ``SETUP_MODES`` lists the same three, in this order.
SetupMode = Literal["beginner", "choose-states", "draft"]

#: beginner: the starred decks and states (R3.1, R3.3); choose-states: starred decks, each player
#: picks 2 states of their pile; draft: 15 rounds of draw 3 / keep 1, then states are picked.
SETUP_MODES: tuple[SetupMode, ...] = get_args(SetupMode)
DRAFT_ROUNDS, DRAFT_DRAW = 15, 3

#: Who plays first; "random" draws it from the game's seed (R3.5).
FirstPlayer = Literal["mccain", "obama", "random"]
FIRST_PLAYERS: tuple[FirstPlayer, ...] = get_args(FirstPlayer)


@value
class Setup:
    """How a game starts (R3)."""

    mode: SetupMode = "beginner"
    first: FirstPlayer = "random"
    max_turns: int | None = None  # R12.3; None: no limit

    def __post_init__(self) -> None:  # a typo in Python must not silently mean "random"
        if self.mode not in SETUP_MODES:
            raise ValueError(f"unknown setup mode {self.mode!r}; modes are {', '.join(SETUP_MODES)}")
        if self.first not in FIRST_PLAYERS:
            raise ValueError(f"first must be one of {', '.join(FIRST_PLAYERS)}, not {self.first!r}")
        if self.max_turns is not None and (isinstance(self.max_turns, bool) or not isinstance(self.max_turns, int)
                                           or self.max_turns < 1):
            raise ValueError(f"max_turns is None or a whole number ≥ 1, not {self.max_turns!r}")

    def to_json(self) -> dict[str, Any]:
        return {"mode": self.mode, "first": self.first, "max_turns": self.max_turns}

    @staticmethod
    def from_json(data: Any, where: str = "setup") -> "Setup":
        """A setup from a record, checked field by field (a RecordError names the field)."""
        f = Fields(data, where, f"{where}.", ("mode", "first", "max_turns"))
        return Setup(cast(SetupMode, f.choice("mode", SETUP_MODES)), cast(FirstPlayer, f.choice("first", FIRST_PLAYERS)),
                     f.optional("max_turns", lambda key: f.whole(key, 1)))
