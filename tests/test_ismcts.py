"""The ISMCTS bot (issue 12): fair (its choice depends on its view and its seed only),
reproducible from its seed, stronger than random, and its settings are read with clear errors."""

from __future__ import annotations

import random

import pytest

from cmdsl.bots import (BOT_NAMES, BotSpec, BotSpecError, IsmctsBot, IsmctsSettings, RandomBot, RolloutPolicy,
                        make_bot, parse_bot, play_bot_move)
from cmdsl.cli import main
from cmdsl.games.cm2008.engine import CampaignGame, campaign_game
from cmdsl.game.perspective import Perspective, perspective
from cmdsl.games.cm2008.setup import Setup
from cmdsl.games.cm2008.model import SIDES, CardSet, Side

from .test_determinize import CM2008, game_at

FAST = IsmctsSettings(iterations=40)


# Its fairness under re-dealt hidden cards: tests/test_determinize.py, with every bot that looks ahead.


def test_it_searches_only_redealt_copies(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every game the search touches comes from ``Perspective.sample``: the bot is given nothing else."""
    samples = []
    real = Perspective.sample

    def spy(self: Perspective, rng: random.Random) -> CampaignGame:
        copy = real(self, rng)
        samples.append(copy)
        return copy

    monkeypatch.setattr(Perspective, "sample", spy)
    game = game_at(11, 30)
    IsmctsBot(1, FAST).choose(perspective(game))
    assert len(samples) == FAST.iterations  # one fresh determinization per iteration


def _play(cards: CardSet, seed: int, mccain: str, obama: str, mode: str = "beginner") -> CampaignGame:
    game = campaign_game(cards, seed, Setup(mode, "random", 300), checkpoints=True)  # type: ignore[arg-type]
    bots = {SIDES[0]: make_bot(mccain, seed * 2), SIDES[1]: make_bot(obama, seed * 2 + 1)}
    while game.pending is not None:
        play_bot_move(game, bots)
    return game


def test_a_game_is_reproducible_from_the_seeds() -> None:
    spec = "ismcts:iterations=15"
    a, b = _play(CM2008, 4, spec, "greedy"), _play(CM2008, 4, spec, "greedy")
    assert a.answers == b.answers and a.result == b.result


@pytest.mark.deep  # many searched games: 2.5 s
def test_it_beats_random() -> None:
    wins = 0
    for seed in range(4):
        ism = SIDES[seed % 2]
        bots = ("ismcts:iterations=30", "random") if ism is Side.MCCAIN else ("random", "ismcts:iterations=30")
        wins += _play(CM2008, seed, *bots).result.winner is ism  # type: ignore[union-attr]
    assert wins >= 3


def test_both_rollouts_and_a_time_budget_play_legal_moves() -> None:
    game = game_at(9, 40)
    assert game.pending is not None
    legal = {o.id for o in game.pending.options}
    for policy in RolloutPolicy:
        assert IsmctsBot(2, IsmctsSettings(iterations=5, rollout=policy, horizon=1)).choose(perspective(game)) in legal
    assert IsmctsBot(2, IsmctsSettings(seconds=0.05)).choose(perspective(game)) in legal


# ---- settings ------------------------------------------------------------------------------

def test_specs_read_and_write_back() -> None:
    assert parse_bot("greedy") == BotSpec("greedy")
    spec = parse_bot(" ISMCTS : iterations=400, rollout = random ")
    assert spec.ismcts == IsmctsSettings(iterations=400, rollout=RolloutPolicy.RANDOM)
    assert spec.text() == "ismcts:iterations=400,exploration=0.4,rollout=random,horizon=2"
    assert parse_bot(spec.text()) == spec
    assert parse_bot("ismcts:seconds=0.5").ismcts == IsmctsSettings(seconds=0.5)
    assert parse_bot("ismcts").text() == parse_bot("ismcts:").text()
    assert set(BOT_NAMES) == {"random", "greedy", "ismcts"}
    assert isinstance(make_bot("random", 1), RandomBot)


@pytest.mark.parametrize("text, message", [
    ("gredy", "unknown bot 'gredy' (did you mean 'greedy'?); bots are random, greedy, ismcts"),
    ("greedy:iterations=3", "the greedy bot has no settings (only ismcts has): remove ':iterations=3'"),
    ("ismcts:iteration=3", "ismcts has no setting 'iteration' (did you mean 'iterations'?); its settings are "
                           "iterations, seconds, exploration, rollout, horizon"),
    ("ismcts:iterations=0", "ismcts iterations='0': iterations must be a whole number ≥ 1"),
    ("ismcts:iterations=many", "ismcts iterations='many': iterations must be a whole number ≥ 1"),
    ("ismcts:seconds=0", "ismcts seconds='0': seconds must be a number of seconds > 0"),
    ("ismcts:exploration=-1", "ismcts exploration='-1': exploration must be a number ≥ 0"),
    ("ismcts:rollout=smart", "ismcts rollout='smart': rollout must be random, greedy or game"),
    ("ismcts:horizon", "ismcts setting 'horizon' needs a value: horizon=VALUE"),
    ("ismcts:horizon=1,horizon=2", "ismcts setting 'horizon' is given twice"),
])
def test_bad_specs_are_refused_in_one_line(text: str, message: str) -> None:
    with pytest.raises(BotSpecError) as e:
        parse_bot(text)
    assert str(e.value) == message


def test_play_refuses_a_bad_bot_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--bot", "ismcts:iterations=x", "--bot", "greedy", "--quiet"]) == 1
    err = capsys.readouterr().err
    assert err == "error: ismcts iterations='x': iterations must be a whole number ≥ 1\n"


def test_play_takes_an_ismcts_bot_with_settings(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--bot", "ismcts:iterations=10", "--bot", "random", "--quiet", "--seed", "2"]) == 0
    assert "Game over" in capsys.readouterr().out


@pytest.mark.parametrize("mode", ["draft", "choose-states"])
def test_every_seat_searches_its_own_secret_pick(mode: str) -> None:
    """Where seats pick in secret at once (R3.1 draft rounds, R3.3 starting states), each seat's
    search starts at its own pick: the root's answers are that seat's. (A bug: the search answered
    the first pending seat's pick at the root, so the second seat never searched its own and took
    its first option.)"""
    from cmdsl.bots.ismcts import _Node

    game = campaign_game(CM2008, 3, Setup(mode), checkpoints=True)  # type: ignore[arg-type]
    assert len(game.pending_decisions) == 2
    for seat in SIDES:
        bot, root = IsmctsBot(1, FAST), _Node()
        for _ in range(FAST.iterations):
            bot._iterate(root, perspective(game, seat))
        assert {s for s, _ in root.children} == {seat}
        assert sum(c.visits for c in root.children.values()) == FAST.iterations
