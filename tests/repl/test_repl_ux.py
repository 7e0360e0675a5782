"""Issue 23's small ones in the REPL: `clear` clears the screen (both games) instead of "did you
mean card", and the bottom bar keeps the number of options at any width (both games)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output.vt100 import Vt100_Output

from cmdsl.repl.app import repl, toolbar
from cmdsl.repl.commands import run_line
from cmdsl.repl.session import Session

MINI = Path(__file__).resolve().parent.parent / "data" / "mini"
ERASE_SCREEN = "\x1b[2J"


def bar(s: Session, width: int | None) -> str:
    return "".join(text for _, text in toolbar(s, width))


# ---- clear ------------------------------------------------------------------------------------


@pytest.mark.parametrize("setup", [None, "new vs random seed 2 first mccain", "new lobbys 3 players vs random seed 2"])
def test_clear_is_a_command_in_both_games_not_a_misspelt_card(setup: str | None) -> None:
    s = Session(str(MINI))
    if setup:
        run_line(s, setup)
    assert run_line(s, "clear") == ""  # was: unknown command "clear" (did you mean "card"?)
    assert "clear" in run_line(s, "help commands") and "Clear the screen" in run_line(s, "help clear")


def screen_output(lines: str) -> str:
    """What the REPL writes to a (fake) terminal while it reads ``lines``."""
    written = io.StringIO()
    out = Vt100_Output(written, lambda: Size(rows=24, columns=80), term="xterm")
    with create_pipe_input() as inp, create_app_session(input=inp, output=out):
        inp.send_text(lines)
        assert repl(str(MINI), None, colour=False, echo=lambda text: None, pager=False) == 0
    return written.getvalue()


@pytest.mark.parametrize("setup", ["new seed 2 first mccain", "new lobbys 2 players vs random seed 2"])
def test_clear_erases_the_terminal(setup: str, tmp_path: Path) -> None:
    save = f"save {tmp_path / 'game.json'}"  # saved: Ctrl-D leaves without asking
    without = screen_output(f"{setup}\r{save}\r\x04")
    with_clear = screen_output(f"{setup}\r{save}\rclear\r\x04")
    assert with_clear.count(ERASE_SCREEN) == without.count(ERASE_SCREEN) + 1


# ---- the bottom bar ---------------------------------------------------------------------------


def cm2008() -> Session:
    s = Session(str(MINI))
    run_line(s, "new seed 2 first mccain")
    return s


def lobbys(players: int) -> Session:
    s = Session()
    run_line(s, f"new lobbys {players} players vs random seed 3")
    return s


@pytest.mark.parametrize("width", [120, 60, 40])
def test_cm2008_the_bar_keeps_whose_decision_and_its_options_at_any_width(width: int) -> None:
    s = cm2008()
    assert s.game is not None and s.game.pending is not None
    n = len(s.game.pending.options)
    text = bar(s, width)
    assert len(text) <= width  # the terminal cuts nothing
    assert "McCain: " in text or "McCain (" in text
    assert text.rstrip().endswith(f"({n} options)")


def test_cm2008_the_bar_is_whole_when_wide_and_shrinks_the_turn_then_the_prompt_then_the_scores() -> None:
    s = cm2008()
    full = bar(s, None)
    assert bar(s, 120) == full == " turn 1  McCain 155  Obama 157   McCain: play a card or draw (4 options) "
    assert bar(s, 60) == " McCain 155  Obama 157   McCain: play a card… (4 options) "
    assert bar(s, 40) == " M155 O157   McCain (4 options) "


@pytest.mark.parametrize("players", [2, 4, 5])
@pytest.mark.parametrize("width", [120, 60, 40])
def test_lobbys_the_bar_keeps_who_picks_and_the_options_at_any_width(players: int, width: int) -> None:
    """L1.1: 2 to 5 seats; each seat's points are on the bar while there is room."""
    s = lobbys(players)
    assert s.keyboard.session is not None
    d = s.keyboard.session.mine()
    assert d is not None
    text = bar(s, width)
    assert len(text) <= width
    assert text.rstrip().endswith(f"({len(d.options)} options)")
    assert ("Player 1" in text or "p1" in text)


def test_lobbys_the_bar_shrinks_the_step_then_the_points() -> None:
    s = lobbys(4)
    assert bar(s, None) == bar(s, 120) == (" Lobbys round 1/3 step 1   Player 1 100  Player 2 100  Player 3 100  "
                                          "Player 4 100   Player 1 to pick (8 options) ")
    assert bar(s, 60) == " p1 100 p2 100 p3 100 p4 100   Player 1 to pick (8 options) "
    assert bar(s, 40) == " p1 (8 options) "


def test_lobbys_the_bar_at_a_hand_over_says_to_whom() -> None:
    s = Session()
    run_line(s, "new lobbys 2 players seed 3")
    run_line(s, "1")
    assert bar(s, 40) == " p1 100 p2 100   hand over to Player 2 "
    assert bar(s, 20) == " hand over to p2 "
