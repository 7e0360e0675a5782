"""Records and `!set` answers are validated as data before anything runs (issue "Nothing crashes,
nothing hangs, nothing is lost", items 1–3): every problem is one line naming the file and field."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cmdsl.errors import CmdslError, RecordError
from cmdsl.games.cm2008.engine import CampaignGame, campaign_game
from cmdsl.games.cm2008.setup import Setup
from cmdsl.game.fields import MAX_ANSWER_CHARS, MAX_SEED
from cmdsl.games.cm2008.record import load_record
from cmdsl.sets.record_file import MAX_RECORD_BYTES
from cmdsl.games.cm2008.record import Record
from cmdsl.games.cm2008.actions import PositionChange
from cmdsl.games.cm2008.interjections import InterjectionError, interject
from cmdsl.games.cm2008.model import CardSet, Side

from .conftest import examples

GOOD: dict[str, Any] = {"format": "cmdsl-record/1", "cardset": "abc", "seed": 1,
                        "setup": {"mode": "beginner", "first": "mccain", "max_turns": 5},
                        "answers": ["draw"], "log_sha256": None, "result": None}


def with_field(path: str, value: Any) -> dict[str, Any]:
    """GOOD with one (possibly nested, dotted) field replaced."""
    data = json.loads(json.dumps(GOOD))
    *parents, last = path.split(".")
    target = data
    for p in parents:
        target = target[p]
    target[last] = value
    return data


def load_text(tmp_path: Path, text: str | bytes) -> Record:
    path = tmp_path / "game.json"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return load_record(path)


def refused(tmp_path: Path, text: str | bytes) -> str:
    with pytest.raises(RecordError) as info:
        load_text(tmp_path, text)
    message = str(info.value)
    assert "\n" not in message and message.startswith(str(tmp_path / "game.json") + ": ")
    return message


def test_a_good_record_loads(tmp_path: Path) -> None:
    """Item 1: the validation refuses nothing that is well formed."""
    rec = load_text(tmp_path, json.dumps(GOOD))
    assert rec.setup == Setup("beginner", "mccain", 5) and rec.answers == ("draw",) and rec.log is None


@pytest.mark.parametrize("field,value,message", [
    ("setup.max_turns", "5", 'setup.max_turns: "5" is not a whole number'),
    ("setup.max_turns", 0, "setup.max_turns: 0 is not at least 1"),
    ("setup.max_turns", True, "setup.max_turns: true is not a whole number"),
    ("setup.max_turns", 2.0, "setup.max_turns: 2.0 is not a whole number"),
    ("setup.first", "nobody", 'setup.first: "nobody" is not mccain, obama or random'),
    ("setup.first", 1, "setup.first: 1 is not mccain, obama or random"),
    ("setup.mode", "chaos", 'setup.mode: "chaos" is not beginner, choose-states or draft'),
    ("setup.colour", "red", 'setup: unknown field "colour"'),
    ("setup", "nonsense", 'setup: "nonsense" is not a mapping'),
    ("setup", [1], "setup: [1] is not a mapping"),
    ("seed", True, "seed: true is not a whole number"),
    ("seed", "1", 'seed: "1" is not a whole number'),
    ("seed", -1, "seed: -1 is not between 0 and"),
    ("seed", MAX_SEED + 1, "seed: 9223372036854775808 is not between 0 and"),
    ("cardset", 7, "cardset: 7 is not a text"),
    ("answers", "draw", 'answers: "draw" is not a list'),
    ("answers", ["draw", 3], "answers[2]: 3 is not a text"),
    ("answers", ["x" * (MAX_ANSWER_CHARS + 1)], f"answers[1]: longer than {MAX_ANSWER_CHARS} characters"),
    ("log_sha256", "abc", 'log_sha256: "abc" is not 64 hexadecimal digits'),
    ("log_sha256", 5, "log_sha256: 5 is not 64 hexadecimal digits"),
    ("result", ["x"], 'result: ["x"] is not a text'),
    ("log", {"a": 1}, 'log: {"a": 1} is not a list'),
    ("log", [None], "log[1]: null is not a text"),
])
def test_each_field_is_checked_and_named(tmp_path: Path, field: str, value: Any, message: str) -> None:
    """Item 1: a wrong type or range is one line naming the file and the field."""
    assert message in refused(tmp_path, json.dumps(with_field(field, value)))


def test_unknown_and_missing_fields_are_named(tmp_path: Path) -> None:
    """Item 1: known keys only; a missing field is named."""
    assert 'unknown field "colour"' in refused(tmp_path, json.dumps({**GOOD, "colour": 1}))
    missing = {k: v for k, v in GOOD.items() if k != "seed"}
    assert "seed: missing" in refused(tmp_path, json.dumps(missing))
    no_first = with_field("setup", {"mode": "beginner"})
    assert "setup.first: missing" in refused(tmp_path, json.dumps(no_first))


def test_a_hostile_seed_is_one_line(tmp_path: Path) -> None:
    """Item 1: a 5000-digit number goes past Python's int conversion limit: still one line."""
    text = json.dumps(GOOD).replace('"seed": 1', '"seed": ' + "9" * 5000)
    assert "not valid JSON" in refused(tmp_path, text)


def test_a_deeply_nested_file_is_refused_with_its_place(tmp_path: Path) -> None:
    """Item 2: 100,000 nested arrays used to be a RecursionError traceback."""
    message = refused(tmp_path, "[" * 100000)
    assert "nested too deeply" in message and "line 1, column" in message


def test_a_record_too_large_is_refused(tmp_path: Path) -> None:
    """Item 2: there is a size limit, named in the message."""
    with open(tmp_path / "game.json", "wb") as f:
        f.truncate(MAX_RECORD_BYTES + 1)
    with pytest.raises(RecordError, match="larger than 16 MiB"):
        load_record(tmp_path / "game.json")


def test_unreadable_files_are_one_line(tmp_path: Path) -> None:
    """Item 2: non-UTF-8, a missing file, a directory."""
    assert "not UTF-8 text" in refused(tmp_path, b'{"format": "\xff"}')
    with pytest.raises(RecordError, match="no such file"):
        load_record(tmp_path / "missing.json")
    (tmp_path / "folder").mkdir()
    with pytest.raises(RecordError, match="folder: is a directory, not a record file"):
        load_record(tmp_path / "folder")


# ---- item 3: `!set` answers are data too -----------------------------------------------------------

def at_turn(cards: CardSet) -> CampaignGame:
    game = campaign_game(cards, 1, Setup(first="mccain"))
    assert game.pending is not None and game.pending.kind == "turn"
    return game


def refuses_patch(game: CampaignGame, patch: Any) -> str:
    before = (list(game.answers), [e.text() for e in game.events])
    with pytest.raises(InterjectionError) as info:
        interject(game, PositionChange(json.dumps(patch)))
    assert (list(game.answers), [e.text() for e in game.events]) == before
    assert game.pending is not None and game.pending.kind == "turn"
    return str(info.value)


@pytest.mark.parametrize("patch,message", [
    ({"op": "hand", "side": "mccain", "cards": [1, [2]]}, "cards[1]: 1 is not a card id"),
    ({"op": "hand", "side": "mccain", "cards": "mccain-face-the-nation"}, "cards: a hand is a list"),
    ({"op": "hand", "side": ["mccain"], "cards": []}, 'side: ["mccain"] is not a player'),
    ({"op": "state", "name": ["Florida"]}, 'name: ["Florida"] is not a text'),
    ({"op": "state", "name": "Florida", "issue": True}, "issue: true is not a whole number"),
    ({"op": "state", "name": "Florida", "issue": 1.0}, "issue: 1.0 is not a whole number"),
    ({"op": "state", "name": "Florida", "key": {}}, "key: {} is not a text"),
    ({"op": "state", "name": "Florida", "defense": ["R"]}, 'defense: ["R"] is not a text'),
    ({"op": "state", "name": "Florida", "colour": "red"}, 'unknown field "colour"'),
    ({"op": "score", "side": "mccain", "value": "3"}, 'value: "3" is not a whole number'),
    ({"op": "die", "value": True}, "value: true is not a whole number"),
    ({"op": "die", "value": 2.0}, "value: 2.0 is not a whole number"),
    ({"op": "news", "id": {"x": 1}}, 'id: {"x": 1} is not a text'),
    ({"op": "news", "id": "x" * 1000}, "set: id: longer than 200 characters"),
    ({"op": "news", "id": "x" * 1_000_000}, f"a change by hand is at most {MAX_ANSWER_CHARS} characters"),
    ({"op": ["die"]}, "a change is one of"),
    ([{"op": "die", "value": 3}], "a change is one of"),
])
def test_a_set_patch_with_wrong_types_is_refused_and_changes_nothing(cm2008: CardSet, patch: Any,
                                                                     message: str) -> None:
    """Item 3: `_patch` trusted JSON field types (unhashable TypeError, bool as 1, ...)."""
    assert message in refuses_patch(at_turn(cm2008), patch)


def test_hostile_set_json_is_refused(cm2008: CardSet) -> None:
    """Item 3: deep nesting and huge numbers in a `!set` answer are refused, not crashes."""
    game = at_turn(cm2008)
    for text in ["[" * 50000, '{"op": "die", "value": ' + "9" * 5000 + "}"]:
        with pytest.raises(InterjectionError):
            interject(game, PositionChange(text))
    assert game.answers == [] and game.pending is not None


def test_good_patches_still_apply(cm2008: CardSet) -> None:
    """Item 3: the validation refuses nothing the REPL's `set` produces."""
    game = at_turn(cm2008)
    hand = game.position.players[Side.MCCAIN].hand[:2]
    for patch in [{"op": "die", "value": 4}, {"op": "score", "side": "obama", "value": 7},
                  {"op": "hand", "side": "mccain", "cards": hand}, {"op": "state", "name": "Florida", "issue": 3}]:
        interject(game, PositionChange.of(patch))
    assert len(game.answers) == 4 and game.position.players[Side.OBAMA].score == 7
    assert game.position.players[Side.MCCAIN].hand == hand and game.chance.outcomes == ("die:4",)


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
                    max_leaves=6)
FIELDS = ["side", "value", "cards", "name", "defense", "economy", "issue", "key", "id"]


@settings(max_examples=examples(150), deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(op=st.sampled_from(["state", "score", "hand", "news", "die"]) | JSON,
       fields=st.dictionaries(st.sampled_from(FIELDS), JSON, max_size=4))
def test_any_json_in_a_set_patch_is_applied_or_refused(cm2008: CardSet, op: Any, fields: dict[str, Any]) -> None:
    """Item 3: whatever the JSON, a `!set` applies or raises a CmdslError that changed nothing."""
    game = at_turn(cm2008)
    before = [e.text() for e in game.events]
    try:
        interject(game, PositionChange(json.dumps({"op": op, **fields})))
    except CmdslError:
        assert game.answers == [] and [e.text() for e in game.events] == before
    else:
        assert len(game.answers) == 1
