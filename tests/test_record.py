"""A game is its record (DESIGN 4): save, load, replay byte for byte; bad records are refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cmdsl.bots import RandomBot
from cmdsl.errors import RecordError
from cmdsl.game.engine import Game, Setup
from cmdsl.game.record import Record, replay
from cmdsl.model import CardSet, Side


def bot_game(cards: CardSet, seed: int, setup: Setup = Setup(max_turns=300)) -> Game:
    bots = {Side.MCCAIN: RandomBot(seed), Side.OBAMA: RandomBot(seed + 1)}
    g = Game(cards, seed, setup)
    while g.pending is not None:
        g.answer(bots[g.pending.player].choose(g.pending, g))
    return g


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_same_seed_and_answers_give_the_same_log_byte_for_byte(cm2008: CardSet, seed: int, tmp_path: Path) -> None:
    g = bot_game(cm2008, seed)
    path = tmp_path / "game.json"
    g.record().save(path)
    again = replay(cm2008, Record.load(path))
    assert again.reproduces
    assert again.game.log_text().encode() == g.log_text().encode()
    assert again.game.result == g.result


def test_choose_states_setup_replays(mini: CardSet) -> None:
    g = bot_game(mini, 9, Setup(mode="choose-states", first="obama", max_turns=100))
    assert replay(mini, g.record()).reproduces


def test_record_states_its_card_set(cm2008: CardSet) -> None:
    data = bot_game(cm2008, 4).record().to_json()
    assert data["cardset"] == cm2008.fingerprint and data["seed"] == 4 and data["format"] == "cmdsl-record/1"


def test_replay_reports_the_first_divergence(mini: CardSet) -> None:
    g = bot_game(mini, 5)
    rec = g.record()
    bad = Record(rec.cardset, rec.seed, rec.setup, rec.answers[:3] + ("play:nope",) + rec.answers[4:])
    r = replay(mini, bad)
    assert not r.reproduces and r.diverged_at == 3 and "answer 4" in (r.reason or "")


def test_undo_is_a_replay_of_all_but_the_last_answer(mini: CardSet) -> None:
    g = bot_game(mini, 6)
    n = len(g.answers)
    r = replay(mini, g.record(), upto=n - 1)
    assert r.game.pending is not None and r.game.answers == g.answers[: n - 1]


@pytest.mark.parametrize("content,message", [
    ("not json", "not valid JSON"),
    ('{"format": "other"}', "not a cmdsl game record"),
    ('{"format": "cmdsl-record/1", "seed": 1}', "missing or malformed"),
    ('{"format": "cmdsl-record/1", "cardset": "x", "seed": "1", "setup": {}, "answers": []}', "seed"),
    ('{"format": "cmdsl-record/1", "cardset": "x", "seed": 1, "setup": {"mode": "beginner", "first": "x"},'
     ' "answers": [1]}', "answers"),
])
def test_corrupt_records_are_refused_with_a_reason(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(RecordError, match=message):
        Record.load(path)


def test_chance_is_in_the_log(cm2008: CardSet) -> None:
    g = bot_game(cm2008, 11)
    text = g.log_text()
    assert "shuffles the deck" in text and "Shuffle the Breaking News deck" in text
    rec = json.dumps(g.record().to_json())
    assert '"seed": 11' in rec


@pytest.mark.parametrize("seed", [1, 2])
def test_fork_continues_exactly_like_the_original(mini: CardSet, seed: int) -> None:
    from cmdsl.scenario import render_position

    full = bot_game(mini, seed, Setup(mode="choose-states", max_turns=60))
    for k in range(0, len(full.answers), 7):
        original = replay(mini, full.record(), upto=k).game
        copy = original.fork()
        assert copy.pending == original.pending
        for a in full.answers[k:]:
            original.answer(a)
            copy.answer(a)
        assert render_position(copy) == render_position(original)
        assert copy.result == original.result


def test_greedy_bot_prefers_winning_a_state(mini: CardSet) -> None:
    from cmdsl.bots import GreedyBot
    from cmdsl.scenario import build_position

    def start(game: Game):  # type: ignore[no-untyped-def]
        build_position(game, {"states": [{"name": "Alpha", "defense": "R R W"}, "Beta"],
                              "hands": {"mccain": ["mccain-attack", "mccain-nothing-1"]}})
        game.active = Side.MCCAIN
        yield from game._resume()

    g = Game(mini, 0, start=start)
    assert GreedyBot().choose(g.pending, g) == "play:mccain-attack"  # type: ignore[arg-type]
    g.answer("play:mccain-attack")
    assert GreedyBot().choose(g.pending, g) == "state:alpha"  # type: ignore[arg-type]
