"""A player at the REPL sees their seat's view; a designer in debug mode sees everything
(issue "Core v2, part 2", item 4, in part)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cmdsl.errors import CmdslError

from cmdsl.games.cm2008 import events as E
from cmdsl.games.cm2008.engine import campaign_of
from cmdsl.repl.commands import run_line
from cmdsl.repl.session import Session

CM2008 = str(Path(__file__).resolve().parent.parent.parent / "cards" / "cm2008")


def bot_draws(s: Session) -> list[str]:
    assert s.game is not None
    bot = next(iter(s.keyboard.bots))
    return [e.title for e in s.game.events if isinstance(e, E.CardDrawn) and e.player is bot]


def test_the_bots_draws_and_shuffles_are_hidden_from_the_player() -> None:
    s = Session(CM2008)
    out = run_line(s, "new vs random as mccain seed 4 first obama")
    for _ in range(6):
        out += run_line(s, "log 40") + run_line(s, "1")
    titles = bot_draws(s)
    assert titles and not any(re.search(rf"Obama draws {re.escape(t)}\.", out) for t in titles)
    assert "Obama draws a card." in out


def test_debug_mode_shows_everything_and_eval_turns_it_on() -> None:
    s = Session(CM2008)
    run_line(s, "new vs random as mccain seed 4 first mccain")  # the bot's opening hand is drawn
    titles = bot_draws(s)
    assert titles and f"Obama draws {titles[0]}." not in run_line(s, "log 200")
    assert "Debug mode is on" in run_line(s, "debug on")
    assert f"Obama draws {titles[0]}." in run_line(s, "log 200")
    run_line(s, "debug off")
    assert f"Obama draws {titles[0]}." not in run_line(s, "log 200")
    assert run_line(s, "eval draw 1").startswith("Debug mode is on")
    assert s.keyboard.debug and f"Obama draws {titles[0]}." in run_line(s, "log 200")


def test_hot_seat_hands_the_keyboard_over_before_showing_the_next_hand() -> None:
    s = Session(CM2008)
    out = run_line(s, "new vs human seed 2 first mccain")
    assert "McCain — play a card or draw" in out and s.keyboard.at_keyboard is not None
    assert s.game is not None
    out = run_line(s, "draw")  # McCain draws; Obama is next
    obama_hand = [campaign_of(s.game).cards.cards[c].title for c in s.game.position.players[s.game.pending.player].hand]  # type: ignore[union-attr]
    assert "Hand over to Obama" in out and "Obama — play a card or draw" not in out
    assert not any(f"Play {t}" in out for t in obama_hand)  # McCain does not see Obama's hand
    with pytest.raises(CmdslError, match="hand the keyboard over first"):
        run_line(s, "1")
    out = run_line(s, "")  # Enter: Obama has the keyboard now
    assert out.startswith("Obama has the keyboard.") and "Obama — play a card or draw" in out
    assert any(f"Play {t}" in out for t in obama_hand)


def saved(s: Session, path: Path) -> dict[str, object]:
    import json

    run_line(s, f"save {path}")
    data: dict[str, object] = json.loads(path.read_text(encoding="utf-8"))
    return data


def test_a_game_shown_in_debug_mode_is_marked_debugged_in_its_record(tmp_path: Path) -> None:
    """Item 4: a record says whether its player could have seen secrets, even after `debug off`."""
    s = Session(CM2008)
    run_line(s, "new vs random as mccain seed 4 first mccain")
    assert saved(s, tmp_path / "fair.json")["debugged"] is False
    run_line(s, "debug on")
    run_line(s, "debug off")
    assert saved(s, tmp_path / "seen.json")["debugged"] is True
    run_line(s, "new vs random as mccain seed 5 first mccain")  # a new game starts fair
    assert saved(s, tmp_path / "new.json")["debugged"] is False
    run_line(s, f"load {tmp_path / 'seen.json'}")  # a loaded record keeps its mark
    assert saved(s, tmp_path / "again.json")["debugged"] is True
    run_line(s, "eval draw 1")  # eval implies debug mode
    assert s.keyboard.debugged


def test_replay_prints_the_full_log_or_one_seats_view(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from cmdsl.cli import main

    s = Session(CM2008)
    run_line(s, "new vs random as mccain seed 4 first mccain")
    run_line(s, "debug on")
    path = tmp_path / "game.json"
    saved(s, path)
    assert main(["replay", "--cards", CM2008, "--log", str(path)]) == 0
    full = capsys.readouterr()
    assert "was played in debug mode" in full.err
    titles = bot_draws(s)
    assert f"Obama draws {titles[0]}." in full.out
    assert main(["replay", "--cards", CM2008, "--log", "--seat", "mccain", str(path)]) == 0
    seen = capsys.readouterr().out
    assert f"Obama draws {titles[0]}." not in seen and "Obama draws a card." in seen
