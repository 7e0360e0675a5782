"""Shared fixtures: the bundled card set, the small fixed set for rule tests, a runner."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import pytest

from cmdsl.loader import load_card_set
from cmdsl.model import CardSet, Side
from cmdsl.scenario import Outcome, Scenario, run_scenario

DATA = Path(__file__).parent / "data"
FOUR = ["Alpha", "Beta", "Gamma", "Delta"]


@pytest.fixture(scope="session")
def mini() -> CardSet:
    return load_card_set(DATA / "mini")


@pytest.fixture(scope="session")
def cm2008() -> CardSet:
    return load_card_set()


Runner = Callable[..., Outcome]


@pytest.fixture
def run(mini: CardSet) -> Runner:
    """Run an effect, a card, a Breaking News or a Going Negative result on a position, strictly."""

    def _run(subject: str = "nothing", action: str = "effect", *, player: str = "mccain",
             position: dict[str, Any] | None = None, answers: tuple[str, ...] | list[str] = (),
             dice: tuple[int, ...] | list[int] = (), target: str | None = None,
             cards: CardSet | None = None) -> Outcome:
        pos = {"states": FOUR} if position is None else position
        sc = Scenario("test", "test", action, subject, Side(player), target, pos, tuple(answers), tuple(dice))
        return run_scenario(cards or mini, sc)

    return _run


def texts(outcome: Outcome) -> list[str]:
    return [e.text() for e in outcome.events]
