"""Fixtures for the Lobbys rules tests: the bundled data, and positions set up card by card."""

from __future__ import annotations

import random
from typing import Any, Callable, Sequence

import pytest

from cmdsl.games.lobbys import LobbysData, LobbysGame, LobbysPosition, Phase, Pick, card, contract, load_data, new_game
from cmdsl.games.lobbys.game import lobbys_game


@pytest.fixture(scope="session")
def data() -> LobbysData:
    return load_data()


Build = Callable[..., LobbysPosition]


@pytest.fixture
def build(data: LobbysData) -> Build:
    """A position from ``new_game`` with some fields replaced; cards are written as ids.

    ``hands=["AH 2H", "3C 4S"]`` sets each seat's hand; ``deck="QH KS ..."`` sets the Contract
    deck listed from the top (it is stored top last); ``offer="QH KS"`` opens a tender."""

    def make(players: int = 2, *, seed: int = 0, people_variant: bool = False, hands: Sequence[str] | None = None,
             deck: str | None = None, offer: str | None = None, **fields: Any) -> LobbysPosition:
        pos = new_game(data, players, random.Random(seed), people_variant=people_variant)
        if hands is not None:
            pos.hands = [sorted(cards(h), key=lambda c: c.sort_key) for h in hands]
        if deck is not None:
            pos.contract_deck = [contract(t) for t in reversed(deck.split())]
        if offer is not None:
            main, linked = (contract(t) for t in offer.split())
            pos.contract_offer = (main, linked)
            pos.phase = Phase.TENDER
        for name, value in fields.items():
            setattr(pos, name, value)
        return pos

    return make


def cards(text: str) -> list:
    return [card(t) for t in text.split()]


@pytest.fixture
def picks() -> Callable[[str], tuple[Pick, ...]]:
    """``picks("7H 3S")``: seat 0 reveals 7♥, seat 1 reveals 3♠, and so on."""
    return lambda text: tuple(Pick(seat, c) for seat, c in enumerate(cards(text)))


#: The bundled data, read once for the helpers below (the ``data`` fixture is the same data).
DATA: LobbysData = load_data()


def pick_all(g: LobbysGame, rng: random.Random) -> None:
    """One random legal pick for every seat still to pick (one step)."""
    for d in g.pending_decisions:
        g.answer(rng.choice(d.options).id, d.player)


def random_game(seed: int, players: int, steps: int = 99, *, variant: bool = False) -> LobbysGame:
    """The game of ``seed`` after ``steps`` steps of random picks drawn from ``seed`` (or over)."""
    g = lobbys_game(seed, players, people_variant=variant, data=DATA)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.over:
            break
        pick_all(g, rng)
    return g
