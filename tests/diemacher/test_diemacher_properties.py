"""Whole games of random answers at 3, 4 and 5 players, full and short (DM13, DM12), under the
invariant observer (``invariants.py``): issue 56 item 4. The default run plays one game a case; the
deep run (``pytest -m deep``) nine more a case and the long hypothesis profile."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from cmdsl.games.diemacher import events as E

from ..conftest import deep_after, examples
from .conftest import random_game
from .invariants import Invariants

CASES = [(seed, players, short) for seed in range(10) for players in (3, 4, 5) for short in (False, True)]


@pytest.mark.parametrize("seed, players, short", deep_after(1, CASES, group=lambda c: c[1:]))
def test_whole_games_keep_every_invariant(seed: int, players: int, short: bool) -> None:
    """DM13.1: the same rules at 3, 4 and 5; DM5.2 / DM12.3: 7 or 5 elections, then DM11."""
    game = random_game(seed, players, short=short, observer=Invariants())
    assert game.over and isinstance(game.result, E.GameEnded)
    elections = sum(isinstance(e, E.ElectionWon) for e in game.events)
    assert elections == (5 if short else 7)
    assert len(game.result.scores) == players
    assert game.result.winners


@settings(max_examples=examples(12))
@given(seed=st.integers(0, 2**32), players=st.sampled_from([3, 4, 5]), short=st.booleans())
def test_property_random_games_keep_every_invariant(seed: int, players: int, short: bool) -> None:
    random_game(seed, players, short=short, observer=Invariants())
