"""Controllers that answer decisions by themselves."""

from __future__ import annotations

import random
from typing import Protocol

from .game.decisions import Decision


class Bot(Protocol):
    name: str

    def choose(self, decision: Decision) -> str:
        """The id of the option to answer ``decision`` with."""
        ...


class RandomBot:
    """Picks uniformly among the legal options, from its own seeded RNG."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, decision: Decision) -> str:
        return self.rng.choice(decision.options).id


BOTS = {"random": RandomBot}


def make_bot(name: str, seed: int) -> Bot:
    return BOTS[name](seed)
