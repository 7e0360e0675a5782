"""Nothing is lost in the REPL (issue "nothing is lost", item 8): a reload that changes the game
can be undone, Ctrl-C in the middle of a long action puts the game back, and so does a bug."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any, Iterator

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from cmdsl.games.cm2008 import events as E
from cmdsl.game.driver import Driver
from cmdsl.games.cm2008.engine import CampaignGame
from cmdsl.repl.app import repl
from cmdsl.repl.commands import run_line
from cmdsl.games.cm2008.ui.keyboard import CampaignSession
from cmdsl.repl.session import Session
from cmdsl.games.cm2008.scenario_position import render_position

MINI = Path(__file__).resolve().parent.parent / "data" / "mini"


def snapshot(s: Session) -> tuple[Any, ...]:
    assert s.game is not None
    return (tuple(s.game.answers), [e.text() for e in s.game.events], render_position(s.game), list(s.keyboard.redo))


@pytest.fixture
def played(tmp_path: Path) -> Iterator[tuple[Session, Path, str]]:
    """A game of a copy of the mini set in which McCain has played a card (its id is returned)."""
    cards = tmp_path / "cards"
    shutil.copytree(MINI, cards)
    s = Session(str(cards))
    run_line(s, "new vs random seed 3 first mccain")
    assert s.game is not None
    for _ in range(6):
        run_line(s, "1")  # McCain's first option: play a card
    card = next(e.card for e in s.game.events if isinstance(e, E.CardPlayed) and e.player.value == "mccain")
    yield s, cards, card


def test_reload_after_renaming_a_played_card_keeps_the_previous_game(played: tuple[Session, Path, str]) -> None:
    s, cards, card = played
    before = snapshot(s)
    original = (cards / "set.yaml").read_text()
    (cards / "set.yaml").write_text(original.replace(f"id: {card}\n", f"id: {card}-renamed\n"))
    out = run_line(s, "reload")
    assert s.game is not None
    kept = len(s.game.answers)
    assert kept < len(before[0])
    assert f"{kept} of {len(before[0])} answers still apply" in out
    assert "first different event" in out and "`undo` brings back" in out

    run_line(s, "undo")  # the reload is taken back: the whole game, with the old cards
    assert snapshot(s) == before

    run_line(s, "reload")  # cut short again …
    assert s.game is not None and len(s.game.answers) == kept
    (cards / "set.yaml").write_text(original)  # … and the file restored: every move comes back
    out = run_line(s, "reload")
    assert "replays identically" in out
    assert snapshot(s)[:3] == before[:3]


class InterruptingBot:
    """A bot whose n-th move is interrupted, as Ctrl-C would interrupt a slow search."""

    name = "interrupting"

    def __init__(self, after: int) -> None:
        self.left = after

    def choose(self, decision: Any, game: Any = None) -> str:
        self.left -= 1
        if self.left < 0:
            raise KeyboardInterrupt
        return str(decision.options[0].id)


def test_ctrl_c_during_the_bots_moves_puts_the_game_back() -> None:
    s = Session(str(MINI))
    run_line(s, "new vs random seed 8 first mccain")
    assert s.game is not None
    bot_side = next(iter(s.keyboard.bots))
    s.keyboard.bots[bot_side] = InterruptingBot(after=0)  # McCain's answer is in; the bot's reply is cut
    before = snapshot(s)
    with pytest.raises(KeyboardInterrupt):
        with s.transaction():
            run_line(s, "draw")
    assert snapshot(s) == before
    assert s.game.pending is not None and s.game.pending.player not in s.keyboard.bots


def test_ctrl_c_during_a_long_eval_puts_the_game_back(monkeypatch: pytest.MonkeyPatch) -> None:
    real, calls = Driver.emit, [-1]

    # The 200th event of the effect is where the user presses Ctrl-C (an effect within the budget
    # counts no ticks of its own: lang/work.py, ends_unwatched). Patched before the game is made:
    # its rules hold the driver's emit from the start.
    def emit(self: CampaignGame, *args: Any, **kwargs: Any) -> None:
        if calls[0] >= 0:
            calls[0] += 1
        if calls[0] == 200:
            raise KeyboardInterrupt
        real(self, *args, **kwargs)

    monkeypatch.setattr(Driver, "emit", emit)
    s = Session(str(MINI))
    run_line(s, "new vs random seed 8 first mccain")
    before = snapshot(s)
    calls[0] = 0
    with pytest.raises(KeyboardInterrupt):
        with s.transaction():
            run_line(s, 'eval repeat 20:\n    repeat 20:\n        shift "Alpha" 1 toward economy')
    assert snapshot(s) == before


def test_a_bug_in_the_middle_of_a_command_puts_the_game_back(monkeypatch: pytest.MonkeyPatch) -> None:
    s = Session(str(MINI))
    run_line(s, "new vs random seed 9 first mccain")
    before = snapshot(s)
    monkeypatch.setattr(CampaignSession, "run_bots", lambda self, since=None: 1 / 0)  # fails after the answer
    with pytest.raises(ZeroDivisionError):
        with s.transaction():
            run_line(s, "draw")
    assert snapshot(s) == before


def test_the_prompt_says_what_happened_and_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[str] = []
    real_answer = CampaignSession.answer
    armed = [True]

    def answer(self: Session, text: str, seat: Any = None) -> Any:
        out = real_answer(self, text, seat)
        if armed[0]:
            armed[0] = False
            raise KeyboardInterrupt  # as if Ctrl-C came while the bot was thinking
        return out

    monkeypatch.setattr(CampaignSession, "answer", answer)
    with create_pipe_input() as inp, create_app_session(input=inp, output=DummyOutput()):
        inp.send_text("new vs random seed 8 first mccain\rlog 3\rdraw\rlog 3\r\x04y\r")
        assert repl(str(MINI), None, colour=False, echo=shown.append) == 0
    log_before, interrupted, log_after = shown[2], shown[3], shown[4]
    assert interrupted == "Interrupted: the game is as it was before that command."
    assert log_after == log_before  # the draw and the bot's reply were taken back


def test_reload_after_an_edit_that_changes_nothing_replays_identically(played: tuple[Session, Path, str]) -> None:
    s, cards, _ = played
    before = snapshot(s)
    (cards / "set.yaml").write_text((cards / "set.yaml").read_text() + "# a comment changes the fingerprint only\n")
    assert "the game replays identically" in run_line(s, "reload")
    assert snapshot(s) == before
