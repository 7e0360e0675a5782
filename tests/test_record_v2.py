"""Records, format 2: actions by hand are typed entries, and a format-1 record made by the first
version (ca58bb0, with `!effect:` and `!set:` text answers) is upgraded (issue "Core v2, part 1")."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from cmdsl.cli import main
from cmdsl.games.cm2008.actions import EffectByHand, PositionChange
from cmdsl.games.cm2008.engine import campaign_game
from cmdsl.games.cm2008.record import FORMAT, FORMAT_V1, Record
from cmdsl.games.cm2008.setup import Setup
from cmdsl.games.cm2008.interjections import interject
from cmdsl.games.cm2008.model import CardSet, Side
from cmdsl.games.cm2008.record import load_record, save_record
from cmdsl.games.cm2008.replay import replay

V1 = Path(__file__).parent / "data" / "records" / "v1-with-interjections.json"
CM2008 = str(Path(__file__).resolve().parent.parent / "cards" / "cm2008")


def test_a_v1_record_of_the_first_version_is_upgraded_as_it_is_read(cm2008: CardSet) -> None:
    record = load_record(V1)
    assert record.upgraded_from == FORMAT_V1
    by_hand = [a for a in record.answers if not isinstance(a, str)]
    assert by_hand == [EffectByHand(Side.MCCAIN, "draw 1"),
                       PositionChange.of({"op": "score", "side": "obama", "value": 200})]
    result = replay(cm2008, record)
    assert result.diverged_at is None  # every answer, the two by hand too, still applies
    assert result.game.result is not None and result.game.result.text() == record.result


def test_cmdsl_replay_upgrade_rewrites_a_v1_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "old.json"
    shutil.copy(V1, path)
    assert main(["replay", "--cards", CM2008, str(path)]) in (0, 1)
    assert "read as cmdsl-record/2" in capsys.readouterr().err and json.loads(path.read_text())["format"] == FORMAT_V1
    assert main(["replay", "--cards", CM2008, "--upgrade", str(path)]) == 0
    assert "Upgraded" in capsys.readouterr().out
    data = json.loads(path.read_text())
    assert data["format"] == FORMAT and {"by_hand": "effect", "side": "mccain", "text": "draw 1"} in data["answers"]
    assert main(["replay", "--cards", CM2008, str(path)]) == 0  # and now it reproduces exactly
    assert main(["replay", "--cards", CM2008, "--upgrade", str(path)]) == 0
    assert "already" in capsys.readouterr().out


def test_actions_by_hand_are_typed_entries_in_a_record(mini: CardSet, tmp_path: Path) -> None:
    game = campaign_game(mini, 3, Setup(first="mccain"))
    interject(game, EffectByHand(Side.MCCAIN, "draw 1"))
    interject(game, PositionChange.of({"op": "die", "value": 4}))
    game.answer("draw")
    save_record(game.record(), tmp_path / "g.json")
    data = json.loads((tmp_path / "g.json").read_text())
    assert data["answers"][:3] == [{"by_hand": "effect", "side": "mccain", "text": "draw 1"},
                                   {"by_hand": "set", "change": {"op": "die", "value": 4}}, "draw"]
    again = load_record(tmp_path / "g.json")
    assert again == game.record() and replay(mini, again).reproduces


def test_the_engine_reads_no_effect_text(mini: CardSet) -> None:
    """An `!effect:` string is not an answer any more: the engine never parses text."""
    game = campaign_game(mini, 3, Setup(first="mccain"))
    with pytest.raises(Exception, match="not an option"):
        game.answer("!effect:mccain:draw 1")
    assert game.answers == []


@pytest.mark.parametrize("entry,message", [
    ({"by_hand": "effect", "side": "nobody", "text": "x"}, 'side: "nobody" is not mccain or obama'),
    ({"by_hand": "set", "change": [1]}, "change: [1] is not a mapping"),
    ({"by_hand": "dance"}, "is not an option id, an answer of a seat"),
    ({"seat": "nobody", "answer": "x"}, "seat: \"nobody\" is not chance, mccain or obama"),
    (7, "7 is not an option id"),
])
def test_a_bad_entry_is_refused_where_it_is(tmp_path: Path, entry: object, message: str) -> None:
    rec = Record("x", 1, Setup(), ("draw",)).to_json()
    rec["answers"] = ["draw", entry]
    (tmp_path / "g.json").write_text(json.dumps(rec))
    with pytest.raises(Exception, match=r"answers\[2\]") as e:
        load_record(tmp_path / "g.json")
    assert message in str(e.value)
