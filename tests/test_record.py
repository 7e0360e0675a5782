"""A game is its record (DESIGN 4): save, load, replay byte for byte; bad records are refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cmdsl.game.decisions import SeatAnswer

from cmdsl.bots import RandomBot, play_bot_move
from cmdsl.errors import RecordError
from cmdsl.games.cm2008.engine import CampaignGame, CampaignRules, campaign_game, log_text
from cmdsl.games.cm2008.setup import Setup
from cmdsl.games.cm2008.record import Record, first_difference
from cmdsl.games.cm2008.replay import replay
from cmdsl.games.cm2008.ui.keyboard_files import continue_record
from cmdsl.games.cm2008.record import load_record, save_record
from cmdsl.games.cm2008.model import CardSet, Side


def bot_game(cards: CardSet, seed: int, setup: Setup = Setup(max_turns=300)) -> CampaignGame:
    bots = {Side.MCCAIN: RandomBot(seed), Side.OBAMA: RandomBot(seed + 1)}
    g = campaign_game(cards, seed, setup)
    while g.pending is not None:
        play_bot_move(g, bots)
    return g


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_same_seed_and_answers_give_the_same_log_byte_for_byte(cm2008: CardSet, seed: int, tmp_path: Path) -> None:
    g = bot_game(cm2008, seed)
    path = tmp_path / "game.json"
    save_record(g.record(), path)
    again = replay(cm2008, load_record(path))
    assert again.reproduces
    assert log_text(again.game).encode() == log_text(g).encode()
    assert again.game.result == g.result


def test_choose_states_setup_replays(mini: CardSet) -> None:
    g = bot_game(mini, 9, Setup(mode="choose-states", first="obama", max_turns=100))
    assert replay(mini, g.record()).reproduces


def test_record_states_its_card_set(cm2008: CardSet) -> None:
    data = bot_game(cm2008, 4).record().to_json()
    assert data["cardset"] == cm2008.fingerprint and data["seed"] == 4 and data["format"] == "cmdsl-record/2"


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
    ('{"format": "cmdsl-record/2", "seed": 1}', "bad.json: cardset: missing"),
    ('{"format": "cmdsl-record/2", "cardset": "x", "seed": "1", "setup": {}, "answers": []}', "seed"),
    ('{"format": "cmdsl-record/2", "cardset": "x", "seed": 1, "setup": {"mode": "beginner", "first": "obama"},'
     ' "answers": [1]}', "answers"),
])
def test_corrupt_records_are_refused_with_a_reason(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(RecordError, match=message):
        load_record(path)


def test_chance_is_in_the_log(cm2008: CardSet) -> None:
    g = bot_game(cm2008, 11)
    text = log_text(g)
    assert "shuffles the deck" in text and "Shuffle the Breaking News deck" in text
    rec = json.dumps(g.record().to_json())
    assert '"seed": 11' in rec


@pytest.mark.parametrize("seed", [1, 2])
def test_fork_continues_exactly_like_the_original(mini: CardSet, seed: int) -> None:
    from cmdsl.games.cm2008.scenario_position import render_position

    full = bot_game(mini, seed, Setup(mode="choose-states", max_turns=60))
    for k in range(0, len(full.answers), 7):
        original = replay(mini, full.record(), upto=k).game
        copy = original.fork()
        assert copy.pending == original.pending
        for a in full.answers[k:]:
            for game in (original, copy):  # a secret pick is tagged with its seat
                game.answer(a.answer, a.seat) if isinstance(a, SeatAnswer) else game.answer(a)  # type: ignore[arg-type]
        assert render_position(copy) == render_position(original)
        assert copy.result == original.result


def test_greedy_bot_prefers_winning_a_state(mini: CardSet) -> None:
    from cmdsl.bots import GreedyBot
    from cmdsl.game.perspective import perspective
    from cmdsl.games.cm2008.scenario_position import build_position

    def start(rules: CampaignRules):  # type: ignore[no-untyped-def]
        build_position(rules, {"states": [{"name": "Alpha", "defense": "R R W"}, "Beta"],
                               "hands": {"mccain": ["mccain-attack", "mccain-nothing-1"]}})
        rules.position.active = Side.MCCAIN
        yield from rules.resume()

    g = campaign_game(mini, 0, start=start)
    assert GreedyBot().choose(perspective(g)) == "play:mccain-attack"
    g.answer("play:mccain-attack")
    assert GreedyBot().choose(perspective(g)) == "state:alpha"


# ---- issue "Nothing crashes, nothing hangs, nothing is lost", items 5 and 6 ----------------------------

def test_replay_with_other_cards_does_not_reproduce_unless_accepted(mini: CardSet) -> None:
    """Item 5a: a record without a log used to "reproduce" against edited cards."""
    rec = bot_game(mini, 5).record()
    other = Record("0" * 16, rec.seed, rec.setup, rec.answers)  # no log, no digest
    r = replay(mini, other)
    assert not r.reproduces and r.game.answers == list(rec.answers)  # replayed all the same, for the log
    assert r.reason == f"the record was played with card set {'0' * 16}; these cards are {mini.fingerprint}"
    assert replay(mini, other, accept_other_cards=True).reproduces


def test_first_difference() -> None:
    """Item 5b: the reusable comparison of two event logs."""
    assert first_difference(["a", "b"], ["a", "b"]) is None
    assert first_difference(["a", "b"], ["a", "c"]) == 1
    assert first_difference(["a", "b"], ["a"]) == 1
    assert first_difference([], ["a"]) == 0


def test_the_record_carries_its_event_log(mini: CardSet, tmp_path: Path) -> None:
    """Item 5b: `log` holds one text per event; old files without it still load."""
    g = bot_game(mini, 7)
    path = tmp_path / "g.json"
    save_record(g.record(), path)
    data = json.loads(path.read_text())
    assert data["log"] == [e.text() for e in g.events] and data["format"] == "cmdsl-record/2"
    assert data["log_sha256"] is not None
    del data["log"]
    path.write_text(json.dumps(data))
    old = load_record(path)
    assert old.log is None and replay(mini, old).reproduces


def test_replay_names_the_first_diverging_event(mini: CardSet, tmp_path: Path) -> None:
    """Item 5b: the report names the first event that differs, not the answer that broke later."""
    g = bot_game(mini, 5)
    rec = g.record()
    assert rec.log is not None
    k = len(rec.log) // 2
    edited = Record(rec.cardset, rec.seed, rec.setup, rec.answers, rec.log_sha256, rec.result,
                    rec.log[:k] + ("something else happened",) + rec.log[k + 1:])
    r = replay(mini, edited)
    assert not r.reproduces and r.event_at == k and r.diverged_at is None
    assert r.event_before == "something else happened" and r.event_now == g.events[k].text()
    assert r.reason == f'event {k + 1} differs: recorded "something else happened", replayed "{r.event_now}"'


def test_replay_of_edited_cards_names_the_event_and_the_answer(mini: CardSet, tmp_path: Path) -> None:
    """Item 5b: with edited cards, the first different event comes well before the broken answer."""
    import shutil

    from cmdsl.games.cm2008.loader import load_card_set

    rec = bot_game(mini, 3).record()
    folder = tmp_path / "cards"
    shutil.copytree(Path(__file__).parent / "data" / "mini", folder)
    text = (folder / "set.yaml").read_text()
    (folder / "set.yaml").write_text(text.replace("title: Mccain Nothing", "title: McCain Filler"))
    edited = load_card_set(folder)
    r = replay(edited, rec, accept_other_cards=True)
    assert r.event_at is not None and r.event_before is not None and "Mccain Nothing" in r.event_before
    assert r.event_now is not None and "McCain Filler" in r.event_now
    assert (r.reason or "").startswith(f"event {r.event_at + 1} differs: recorded ")
    assert "card set" not in (r.reason or "")


def test_a_broken_answer_with_an_identical_log_names_the_answer(mini: CardSet) -> None:
    """Item 5b: when the events agree up to where the answers stop applying, the answer is the news."""
    rec = bot_game(mini, 5).record()
    bad = Record(rec.cardset, rec.seed, rec.setup, rec.answers[:3] + ("play:nope",) + rec.answers[4:],
                 rec.log_sha256, rec.result, rec.log)
    r = replay(mini, bad)
    assert r.diverged_at == 3 and (r.reason or "").startswith("answer 4")


def test_save_is_atomic_and_keeps_the_previous_file_on_failure(mini: CardSet, tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Item 6: an interrupted save leaves the previous save whole and no temporary file behind."""
    import os

    path = tmp_path / "g.json"
    first = bot_game(mini, 5).record()
    save_record(first, path)
    before = path.read_bytes()

    def broken_replace(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(RecordError, match=f"^{path}: cannot save \\(No space left on device\\)$"):
        save_record(bot_game(mini, 6).record(), path)
    assert path.read_bytes() == before and sorted(tmp_path.iterdir()) == [path]


@pytest.mark.parametrize("where,message", [
    ("missing/g.json", "no such directory"),
    (".", "is a directory"),
])
def test_save_to_an_impossible_place_is_one_line(mini: CardSet, tmp_path: Path, where: str, message: str) -> None:
    """Item 6: a save that cannot happen says why in one line."""
    with pytest.raises(RecordError, match=message):
        save_record(bot_game(mini, 5).record(), tmp_path / where)


def test_the_repl_loads_a_record_of_other_cards_with_a_note(mini: CardSet, tmp_path: Path) -> None:
    """Item 6: `load` keeps working with the stricter replay and still says the cards differ."""
    from cmdsl.repl.session import Session

    rec = bot_game(mini, 5).record()
    path = tmp_path / "g.json"
    save_record(Record("0" * 16, rec.seed, rec.setup, rec.answers, rec.log_sha256, rec.result, rec.log), path)
    s = Session(str(Path(__file__).parent / "data" / "mini"))
    loaded = continue_record(s.keyboard, str(path))
    assert " answers replayed (recorded with another version of the cards): " in loaded
    assert s.game is not None and s.game.answers == list(rec.answers)
