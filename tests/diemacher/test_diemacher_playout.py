"""D7: Die Macher's play-out policy, which a search's rollouts play with (``rollout_move``)."""

from __future__ import annotations

import random

import pytest

from cmdsl.bots import IsmctsBot, IsmctsSettings
from cmdsl.bots.ismcts import RolloutPolicy
from cmdsl.game.perspective import Perspective
from cmdsl.games.diemacher.game import DieMacher, diemacher_game
from cmdsl.games.diemacher.kinds import Kind

from .conftest import DATA


def policy_game(seed: int, players: int) -> tuple[object, dict[Kind, list[str]]]:
    game = diemacher_game(seed, players, data=DATA)
    rng = random.Random(seed)
    chosen: dict[Kind, list[str]] = {}
    while not game.over:
        d = game.pending_decisions[0]
        move = game.rollout_move(d, rng)
        assert move is not None and d.find(move) is not None, d.prompt
        chosen.setdefault(Kind(d.kind), []).append(move)
        game.answer(move, d.player)
    return game, chosen


@pytest.mark.parametrize("players", [3, 4, 5])
def test_d7_the_policy_plays_a_whole_game_with_legal_modest_answers(players: int) -> None:
    _, chosen = policy_game(players, players)
    bids = [int(m.split(":")[1]) for m in chosen[Kind.BID]]
    assert max(bids) <= 5000, "small sealed bids (a re-bid a little above its first), not all its money (D7)"
    assert any(m != "pass" for m in chosen[Kind.POLL_BID]) and any(m == "pass" for m in chosen[Kind.POLL_BID])
    assert any(m != "rallies:0" for m in chosen[Kind.RALLIES])


def test_d7_a_search_plays_out_with_the_games_policy(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []
    real = DieMacher.rollout_move

    def spy(self: DieMacher, host: object, decision: object, rng: random.Random) -> str | None:
        move = real(self, host, decision, rng)  # type: ignore[arg-type]
        asked.append(move or "")
        return move

    monkeypatch.setattr(DieMacher, "rollout_move", spy)
    game = diemacher_game(1, 3, data=DATA)
    while game.simultaneous or len(game.pending_decisions[0].candidates()) < 2:
        d = game.pending_decisions[0]
        game.answer(d.options[0].id, d.player)
    d = game.pending_decisions[0]
    IsmctsBot(1, IsmctsSettings(iterations=5)).choose(Perspective(game, d))
    assert asked, "the default rollout asks the game"
    asked.clear()
    IsmctsBot(1, IsmctsSettings(iterations=5, rollout=RolloutPolicy.RANDOM)).choose(Perspective(game, d))
    assert not asked


def test_the_board_a_prompt_names_is_the_longest_state_name_in_it() -> None:
    """The rallies and conversion decisions name their board only in their prompt (DM7.4, DM7.6):
    "Sachsen" is in "Sachsen-Anhalt", and a board set aside (None) names nothing."""
    from cmdsl.games.diemacher.context import board_asked

    states = ["Sachsen", None, "Sachsen-Anhalt", "Bremen"]
    assert board_asked("rallies (DM7.4): how many rally markers in Sachsen-Anhalt?", states) == 2
    assert board_asked("rallies (DM7.4): how many rally markers in Sachsen?", states) == 0
    assert board_asked("media (DM7.3): buy a marker, or pass", states) is None
