"""What a CM2008 decision is about (``Decision.kind``)."""

from __future__ import annotations

from enum import StrEnum


class DecisionKind(StrEnum):
    """What a decision is about. The values are shown by the REPL and in ``Chose`` events."""

    TURN = "turn"  # play a card or draw (R4)
    SETUP_STATE = "setup-state"  # a starting state from one's pile (R3.3)
    DRAFT = "draft"  # the card kept in a draft round (R3.1)
    BLOCK = "block"  # which block a support takes (R6)
    ORDER = "order"  # which of several states won at once is resolved first (R9.4)
    REPLACEMENT = "replacement"  # the state that replaces a won one (R9.2)
    NEWS_TARGET = "news-target"  # the state a Breaking News affects (a Media Support's ability)
    STATE = "state"  # the choices of effects: a state, an issue, a card, a discard, one of several
    ISSUE = "issue"
    CARD = "card"
    DISCARD = "discard"
    OPTION = "option"
    DIE = "die"  # chance: the Going Negative die (R8.1)
    FIRST_PLAYER = "first-player"  # chance: who plays first, when the setup leaves it to chance (R3.5)
