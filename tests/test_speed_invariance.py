"""Speed work must not change a game: seeded CM2008 games, played as a balance study plays them
(checkpoints, an observer that evaluates the position at every event), give the same full logs,
observer readings and records as before the optimisations of the bots and the engine. The hashes
were measured before any of them (commit f460636); a change of any move or event changes one."""

from __future__ import annotations

import hashlib

import pytest

from cmdsl.bots import bot_seed, make_bot, play_bot_move
from cmdsl.games.cm2008.engine import campaign_game
from cmdsl.games.cm2008.loader import load_card_set
from cmdsl.games.cm2008.model import SIDES, CardSet, SetupMode
from cmdsl.games.cm2008.setup import Setup
from cmdsl.resources import bundled_cards_dir

#: (seed, McCain's bot, Obama's bot, turn limit, setup) → the game's hash, measured at f460636.
#: The whole games at ISMCTS's default settings take seconds each: the deep run plays them.
_DEEP = pytest.mark.deep
CASES: list[object] = [
    (1, "greedy", "greedy", 1000, "beginner", "6b4904778e485edf"),
    (2, "greedy", "greedy", 1000, "beginner", "daec23bdb1d0b1f3"),
    pytest.param(3, "ismcts", "greedy", 1000, "beginner", "6a45258ede88b8ca", marks=_DEEP),
    pytest.param(4, "greedy", "ismcts", 1000, "beginner", "4564148d43621034", marks=_DEEP),
    (5, "ismcts:iterations=50", "greedy", 1000, "beginner", "07266995f494b3dd"),
    (6, "greedy", "ismcts:iterations=50", 1000, "beginner", "96f39e27f90aacee"),
    (7, "ismcts", "ismcts", 3, "beginner", "7a9fbc60d0a7b1a4"),
    (8, "greedy", "greedy", 1000, "draft", "e065f917a683cf4d"),
    (9, "ismcts:iterations=20", "greedy", 2, "draft", "f7659f33e5ea3012"),
]


@pytest.fixture(scope="module")
def cards() -> CardSet:
    return load_card_set(bundled_cards_dir())


def game_hash(cards: CardSet, seed: int, mccain: str, obama: str, max_turns: int, setup: SetupMode) -> str:
    """The digest of one game: every event (its fields and its text), McCain's evaluation at
    every event (as the study's observer reads it), and the game's record."""
    readings: list[float] = []
    game = campaign_game(cards, seed, Setup(setup, "random", max_turns), checkpoints=True,
                         observer=lambda g, e: readings.append(g.evaluate(SIDES[0])))
    bots = {side: make_bot(spec, bot_seed(seed, SIDES, side)) for side, spec in zip(SIDES, (mccain, obama))}
    while game.pending is not None:
        play_bot_move(game, bots)
    h = hashlib.sha256()
    for e in game.events:
        h.update(repr(e).encode() + b"\n" + e.text().encode() + b"\n")
    h.update(repr(readings).encode())
    h.update(repr(game.record(complete=True)).encode())
    return h.hexdigest()[:16]


@pytest.mark.parametrize("seed,mccain,obama,max_turns,setup,expected", CASES)
def test_same_games(cards: CardSet, seed: int, mccain: str, obama: str, max_turns: int, setup: SetupMode,
                    expected: str) -> None:
    assert game_hash(cards, seed, mccain, obama, max_turns, setup) == expected
