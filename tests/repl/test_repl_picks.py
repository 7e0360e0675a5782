"""Secret picks at the REPL (issue 10, item 3): both seats pick at once; against a bot, the
bot picks unseen; hot-seat, each player picks after the keyboard is handed over; the picks are
revealed together."""

from __future__ import annotations

from pathlib import Path

from cmdsl.games.cm2008 import events as E
from cmdsl.game.decisions import SeatAnswer
from cmdsl.games.cm2008.kinds import DecisionKind
from cmdsl.games.cm2008.engine import campaign_of
from cmdsl.games.cm2008.model import Side
from cmdsl.repl.commands import run_line
from cmdsl.repl.session import Session

CM2008 = str(Path(__file__).resolve().parent.parent.parent / "cards" / "cm2008")


def test_against_a_bot_the_bot_picks_unseen_and_the_human_picks() -> None:
    s = Session(CM2008)
    out = run_line(s, "new choose-states vs random as mccain seed 1 first mccain")
    game = s.game
    assert game is not None
    assert [type(a) for a in game.answers] == [SeatAnswer, SeatAnswer]  # the bot's two picks, in
    assert all(a.seat is Side.OBAMA for a in game.answers)  # type: ignore[union-attr]
    bot_picks = [a.answer for a in game.answers]  # type: ignore[union-attr]
    assert "McCain — choose a starting state" in out and "Obama chooses" not in out
    assert not any(p in out for p in bot_picks)
    assert [d.player for d in game.pending_decisions] == [Side.MCCAIN]
    out = run_line(s, "1")
    assert "Obama chooses" not in out and game.pending is not None and game.pending.player is Side.MCCAIN
    out = run_line(s, "1")
    assert out.count("Obama chooses a starting state.") == 2  # revealed together, redacted for McCain
    assert out.count("McCain chooses") == 2
    assert sum(isinstance(e, E.StateEntered) for e in game.events) == 4


def test_hot_seat_each_player_picks_after_the_hand_over() -> None:
    s = Session(CM2008)
    out = run_line(s, "new draft vs human seed 2 first mccain")
    game = s.game
    assert game is not None and s.keyboard.at_keyboard is Side.MCCAIN and "McCain — draft round 1" in out
    logged = len(game.events)
    out = run_line(s, "1")
    assert s.keyboard.handing_over and "Hand over to Obama" in out and len(game.events) == logged  # not revealed yet
    mccain_kept = game.answers[-1]
    assert isinstance(mccain_kept, SeatAnswer) and mccain_kept.seat is Side.MCCAIN
    out = run_line(s, "")
    assert "Obama has the keyboard" in out and "Obama — draft round 1" in out
    title = campaign_of(game).cards.cards[mccain_kept.answer.partition(":")[2]].title
    out = run_line(s, "1")
    assert "McCain chooses a card to keep." in out and title not in out  # revealed, redacted for Obama
    assert "McCain drafts (round 1): keeps a card, removes 2 cards." in out
    assert [e.player for e in game.events[logged:] if isinstance(e, E.Chose)] == [Side.MCCAIN, Side.OBAMA]
    # Obama, at the keyboard, goes on with round 2; then hands over to McCain for his
    assert "Obama — draft round 2" in out and not s.keyboard.handing_over
    out = run_line(s, "1")
    assert "Hand over to McCain" in out
    run_line(s, "")
    assert s.keyboard.at_keyboard is Side.MCCAIN and s.keyboard.human_decision() is not None
    assert s.keyboard.human_decision().kind is DecisionKind.DRAFT  # type: ignore[union-attr]


def test_undo_in_the_middle_of_the_picks(tmp_path: Path) -> None:
    s = Session(CM2008)
    run_line(s, "new choose-states vs human seed 3 first mccain")
    run_line(s, "1")
    run_line(s, "2")
    run_line(s, "")
    run_line(s, "1")
    game = s.game
    assert game is not None and len(game.answers) == 3
    run_line(s, "undo")
    assert s.game is not None and len(s.game.answers) == 2
    run_line(s, "redo")
    assert s.game is not None and len(s.game.answers) == 3
    run_line(s, f"save {tmp_path / 'g.json'}")
    t = Session(CM2008)
    run_line(t, f"load {tmp_path / 'g.json'} vs human")
    assert t.game is not None and t.game.answers == s.game.answers
