"""The greedy one ply straight from the rules (``LobbysGame.one_ply_values``) gives exactly what the
same one ply gives on forks (``action_value``): a search's play-outs ask for it at every step, so it
may be fast, but it must not be a different bot (issue 34: strength kept)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cmdsl.bots import IsmctsBot
from cmdsl.bots.basic import action_value
from cmdsl.bots.ismcts import IsmctsSettings, RolloutPolicy
from cmdsl.game.decisions import Decision
from cmdsl.game.perspective import Perspective
from cmdsl.games.lobbys import LobbysGame
from cmdsl.games.lobbys.game import Lobbys, lobbys_game

from ..conftest import deep_after
from .conftest import DATA


def forked_values(game: LobbysGame, deal: int) -> list[float]:
    d = game.pending
    assert d is not None
    return [action_value(trial, d, o.id, random.Random(deal)) for trial, o in zip(game.forks(len(d.options)), d.options)]


@pytest.mark.parametrize(("players", "variant"), [(2, False), (3, True), (4, False), (5, False)])
def test_one_ply_values_are_the_forks_values_at_every_step(players: int, variant: bool) -> None:
    """L5–L8 through a whole game: elections, tenders, a round's end (its deal), the game's end
    (WIN_VALUE), the People draw; asked with no seat, and with some seats, answered already."""
    rng = random.Random(players)
    game = lobbys_game(players * 7, players, people_variant=variant, data=DATA)
    asked = 0
    while game.pending is not None:
        for _ in range(rng.randrange(players)):  # some seats pick before the look
            d = game.pending
            game.answer(d.options[rng.randrange(len(d.options))].id, d.player)
        d = game.pending
        assert d is not None
        deal = rng.getrandbits(64)
        before = (game.position.lobbys.copy(), list(game.answers), len(game.events))
        values = game.one_ply_values(d, random.Random(deal))
        assert values == forked_values(game, deal)
        assert (game.position.lobbys.copy(), list(game.answers), len(game.events)) == before  # nothing changed
        asked += 1
        for x in game.pending_decisions:
            game.answer(x.options[rng.randrange(len(x.options))].id, x.player)
    assert asked == 3 * (1 + DATA.tenders_per_round)  # every step of the game was asked about


def search_choices(seed: int) -> list[tuple[str, str]]:
    """The search's choice for every seat at the first steps of a game (each answered with it)."""
    settings = IsmctsSettings(iterations=12, rollout=RolloutPolicy.GREEDY)
    game, out = lobbys_game(seed, 4, data=DATA), []
    for step in range(5):
        picks = [(d.player, IsmctsBot(seed * 100 + step, settings).choose(Perspective(game, d)))
                 for d in game.pending_decisions]
        for seat, answer in picks:
            game.answer(answer, seat)
        out += [(seat.value, answer) for seat, answer in picks]
    return out


@pytest.mark.parametrize("seeds", deep_after(1, [1, 2]))  # each seed a game searched twice
def test_the_search_decides_the_same_with_the_shortcut_and_with_forks(monkeypatch: pytest.MonkeyPatch, seeds: int) -> None:
    """The search at its greedy play-outs, with the game's shortcut and without it (forks, as for a
    game that offers none): the same choice from the same seed, decision after decision."""
    shortcut, used = Lobbys.one_ply_values, []

    def counted(self: Lobbys, host: Any, decision: Decision, others: random.Random | None) -> list[float] | None:
        values = shortcut(self, host, decision, others)
        used.append(values is not None)
        return values
    monkeypatch.setattr(Lobbys, "one_ply_values", counted)
    fast = [search_choices(seed) for seed in range(seeds)]
    assert any(used)  # the play-outs took the shortcut (else this compares forks with forks)
    monkeypatch.setattr(Lobbys, "one_ply_values", lambda self, host, decision, others: None)
    assert fast == [search_choices(seed) for seed in range(seeds)]
