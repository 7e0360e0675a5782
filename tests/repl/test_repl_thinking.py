"""Issue 23, "a bot that thinks says so", in the REPL: while the bots move, "Obama is thinking…"
(CM2008) or "Player 2 is thinking…" (Lobbys) is drawn on the terminal; Ctrl-C during a bot's
move still puts the game back as it was before the command, and the line's thread stops."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any, Callable

import pytest

from cmdsl.repl.commands import run_line
from cmdsl.repl.session import Session
from cmdsl.bots.thinking import ERASE, Thinking

from ..test_thinking import FakeTerminal

MINI = Path(__file__).resolve().parent.parent / "data" / "mini"


def wait_for(condition: Callable[[], bool], seconds: float = 5.0) -> None:
    end = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.005)


def named(out: FakeTerminal) -> bool:
    """Whether a line naming the seat that chooses is drawn: the drawing thread may draw a first
    "The bot is thinking…" before the seat is named (the delay is 0 here, 0.3 s for people)."""
    return any(" is thinking…" in part and not part.startswith("The bot") for part in out.text.split(ERASE))


class InterruptedSearch:
    """A bot whose move goes on until the thinking line is on screen, then is cut by Ctrl-C; it
    keeps the drawing thread it saw, to check that it stopped."""

    name = "interrupted"

    def __init__(self, out: FakeTerminal, thinking: Thinking) -> None:
        self.out, self.thinking = out, thinking
        self.thread: threading.Thread | None = None

    def choose(self, seat: Any) -> str:
        self.thread = self.thinking.thread
        wait_for(lambda: named(self.out))
        raise KeyboardInterrupt

    def __deepcopy__(self, memo: Any) -> "InterruptedSearch":
        return self  # the session's transaction copies the bots; this one holds a stream


def watched(s: Session) -> tuple[FakeTerminal, Thinking]:
    out = FakeTerminal()
    s.watch = Thinking(out, delay=0.0, every=0.001)  # as repl/app.py does, with a fake terminal
    return out, s.watch  # type: ignore[return-value]


def test_cm2008_the_line_names_the_bot_and_is_erased_after_its_move() -> None:
    s = Session(str(MINI))
    out, thinking = watched(s)
    run_line(s, "new vs random seed 8 first mccain")

    class Slow:
        name = "slow"

        def __init__(self, bot: Any) -> None:
            self.bot = bot

        def choose(self, seat: Any) -> str:
            wait_for(lambda: named(out))
            return str(self.bot.choose(seat))

    bot_side = next(iter(s.keyboard.bots))
    s.keyboard.bots[bot_side] = Slow(s.keyboard.bots[bot_side])
    run_line(s, "draw")
    assert f"{bot_side} is thinking… " in out.text  # R2: the bot's seat, Obama
    assert out.written[-1] == ERASE and thinking.thread is None


def test_cm2008_ctrl_c_during_the_bots_move_rolls_back_and_stops_the_line() -> None:
    s = Session(str(MINI))
    out, thinking = watched(s)
    run_line(s, "new vs random seed 8 first mccain")
    assert s.game is not None
    bot_side = next(iter(s.keyboard.bots))
    bot = InterruptedSearch(out, thinking)
    s.keyboard.bots[bot_side] = bot
    before = (list(s.game.answers), [e.text() for e in s.game.events])
    with pytest.raises(KeyboardInterrupt):
        with s.transaction():  # as the prompt runs every line
            run_line(s, "draw")
    assert s.game is not None and (list(s.game.answers), [e.text() for e in s.game.events]) == before
    assert bot.thread is not None and not bot.thread.is_alive()
    assert out.written[-1] == ERASE and thinking.thread is None


def test_lobbys_the_first_picks_of_a_new_game_are_watched_too() -> None:
    """L3.1: every seat picks at once; the bots pick as the game starts, before any prompt."""
    s = Session()
    out, thinking = watched(s)
    run_line(s, "new lobbys 3 players vs random seed 4")
    assert s.keyboard.session is not None and s.keyboard.session.watch is thinking
    assert out.written == [] or out.written[-1] == ERASE  # a fast bot may finish before any tick


def test_lobbys_ctrl_c_during_a_bots_pick_rolls_back_and_stops_the_line() -> None:
    s = Session()
    out, thinking = watched(s)
    run_line(s, "new lobbys 3 players vs random seed 4")
    ls = s.keyboard.session
    assert ls is not None
    bot = InterruptedSearch(out, thinking)
    ls.bots[next(iter(ls.bots))] = bot
    answers = ls.answers()
    with pytest.raises(KeyboardInterrupt):
        with s.transaction():
            run_line(s, "1")  # the step is revealed; the bots' next picks are cut by Ctrl-C
    assert s.keyboard.session is not None and s.keyboard.session.answers() == answers
    assert "Player 2 is thinking… " in out.text
    assert bot.thread is not None and not bot.thread.is_alive()
    assert out.written[-1] == ERASE and thinking.thread is None
