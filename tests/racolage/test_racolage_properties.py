"""Properties over random legal games of Racolage Électoral at 2, 3 and 4 players (issue 30 §5):
an observer checks the position after every event — every card in exactly one place, the range
notoriety the sum of the media space (RA2.3, RA11.1), at most one Event in play (RA2.5), at most
one permanent of each type per player (RA2.4), a Media deck that only shrinks (RA11.3), placed Media
that stay placed (RA2.2). The deep run (`pytest -m deep`, tests/conftest.py's long profile) plays
1,500 games per player count (the default run, 40)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cmdsl.game.audience import Event
from cmdsl.games.racolage.cards import Action, ActionKind, Media
from cmdsl.games.racolage.game import racolage_game, rules_of
from cmdsl.games.racolage.loader import bundled_set, load_set
from cmdsl.games.racolage.position import Position

CARDS = load_set(bundled_set())
EVERY_CARD = Counter(list(CARDS.cards))  # each card id once


class Observer:
    """Checks the position after each event, against what it was after the one before."""

    def __init__(self) -> None:
        self.media_deck: int | None = None
        self.placed: list[list[str]] | None = None
        self.events = 0

    def __call__(self, game: Any, event: Event) -> None:
        pos: Position = game.position
        self.events += 1
        places = [*pos.media_deck, *pos.action_deck, *pos.discard, *pos.table, *(c for h in pos.hands for c in h),
                  *(c for m in pos.media_spaces for c in m), *(c for z in pos.zones for c in z.values()),
                  *([pos.event] if pos.event is not None else [])]
        assert Counter(places) == EVERY_CARD, f"after {event.text()!r}: a card is lost or in two places"
        for i, seat in enumerate(game.seats):
            assert rules_of(game).notoriety(seat) == sum(CARDS.media_card(c).value for c in pos.media_spaces[i])
            assert all(isinstance(CARDS.cards[c], Media) for c in pos.media_spaces[i])
            for kind, card in pos.zones[i].items():
                action = CARDS.cards[card]
                assert isinstance(action, Action) and action.kind.permanent is kind  # one per type (RA2.4)
        assert pos.event is None or CARDS.action_card(pos.event).kind is ActionKind.EVENT
        assert all(CARDS.action_card(c).kind is ActionKind.TEMPORARY for c in pos.table)
        assert self.media_deck is None or len(pos.media_deck) <= self.media_deck  # never reshuffled
        if self.placed is not None:
            assert all(m[:len(before)] == before for m, before in zip(pos.media_spaces, self.placed))
        self.media_deck, self.placed = len(pos.media_deck), [list(m) for m in pos.media_spaces]


# each count again in the deep run, at the long profile's count of games (tests/conftest.py)
@pytest.mark.parametrize("players", [2, 3, 4, *(pytest.param(n, marks=pytest.mark.deep, id=f"{n}-long") for n in (2, 3, 4))])
@given(seed=st.integers(0, 2**32 - 1), choices=st.integers(0, 2**32 - 1))
def test_the_invariants_hold_after_every_event(players: int, seed: int, choices: int) -> None:
    observer = Observer()
    game = racolage_game(seed, players, CARDS, observer=observer)
    rng = random.Random(choices)
    while not game.over:
        decision = game.pending
        assert decision is not None and decision.options
        game.answer(rng.choice(decision.options).id, decision.player)
    assert observer.events > 10 and game.result is not None and game.result.winners
    best = max(game.result.scores)
    assert all(game.result.scores[s.index] == best for s in game.result.winners)  # RA8.2, RA11.6
