"""Issue 23, "a bot that thinks says so": the thinking line (cmdsl/bots/thinking.py) drawn with a fake
clock and stream, its thread always stopped, and `cmdsl play`'s use of it (on stderr only)."""

from __future__ import annotations

import threading
import time
from contextlib import contextmanager
from typing import Any, Callable, Iterator

import pytest

from cmdsl.bots.match import play_to_end, run_bots
from cmdsl.bots import RandomBot
from cmdsl.games.cm2008.plugin import cards_for as _cards
from cmdsl.games.cm2008.engine import campaign_game
from cmdsl.games.cm2008.setup import Setup
from cmdsl.games.cm2008.model import Side
from cmdsl.bots.thinking import ERASE, Thinking, ThinkingLine, quiet


class FakeTerminal:
    """A stream that says it is a terminal (or not) and keeps what is written."""

    def __init__(self, tty: bool = True) -> None:
        self.tty = tty
        self.written: list[str] = []

    def write(self, text: str) -> int:
        self.written.append(text)
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return self.tty

    @property
    def text(self) -> str:
        return "".join(self.written)


def wait_for(condition: Callable[[], bool], seconds: float = 5.0) -> None:
    end = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.005)


def thinking_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name == "cmdsl-thinking"]


# ---- the line, without thread: a fake clock --------------------------------------------------


def test_the_line_shows_only_after_the_delay_then_updates_in_place_and_is_erased() -> None:
    out = FakeTerminal()
    line = ThinkingLine(out, start=10.0, delay=0.3)
    line.name(Side.OBAMA)
    line.tick(10.2)
    assert out.written == []  # 0.2 s: a quick move says nothing
    line.tick(11.2)
    assert out.written == [ERASE + "Obama is thinking… 1.2 s"]
    line.tick(12.5)
    assert out.written[-1] == ERASE + "Obama is thinking… 2.5 s"  # in place: back to the line's start
    line.erase()
    assert out.written[-1] == ERASE and len(out.written) == 3


def test_a_move_faster_than_the_delay_leaves_nothing_to_erase() -> None:
    out = FakeTerminal()
    line = ThinkingLine(out, start=0.0, delay=0.3)
    line.tick(0.29)
    line.erase()
    assert out.written == []


def test_the_line_names_the_seat_choosing_now() -> None:
    """L3: in Lobbys the bots pick one after the other in one wait."""
    out = FakeTerminal()
    line = ThinkingLine(out, start=0.0)
    line.name("Player 2")  # type: ignore[arg-type]
    line.tick(1.0)
    line.name("Player 3")  # type: ignore[arg-type]
    line.tick(2.0)
    assert out.written == [ERASE + "Player 2 is thinking… 1.0 s", ERASE + "Player 3 is thinking… 2.0 s"]


def test_a_stream_that_fails_silences_the_line_instead_of_raising() -> None:
    class Ascii(FakeTerminal):
        def write(self, text: str) -> int:
            text.encode("ascii")  # UnicodeEncodeError on "…"
            return super().write(text)

    out = Ascii()
    line = ThinkingLine(out, start=0.0)
    line.tick(1.0)
    line.tick(2.0)
    line.erase()
    assert out.written == [] and line.broken


# ---- the watch: its thread, a fake clock -----------------------------------------------------


def test_nothing_at_all_when_the_stream_is_not_a_terminal() -> None:
    out = FakeTerminal(tty=False)
    thinking = Thinking(out, delay=0.0, every=0.001, clock=lambda: 99.0)
    with thinking() as naming:
        naming(Side.MCCAIN)
        assert thinking.thread is None and thinking_threads() == []
        time.sleep(0.02)
    assert out.written == []


def test_the_watch_draws_from_its_thread_and_stops_it_when_the_move_is_made() -> None:
    now = [0.0]
    out = FakeTerminal()
    thinking = Thinking(out, delay=0.3, every=0.001, clock=lambda: now[0])
    with thinking() as naming:
        naming(Side.OBAMA)
        thread = thinking.thread
        assert thread is not None and thread.is_alive() and thread.daemon
        time.sleep(0.02)
        assert out.written == []  # the fake clock has not reached the delay
        now[0] = 1.2
        wait_for(lambda: bool(out.written))
        assert out.written[-1] == ERASE + "Obama is thinking… 1.2 s"
    assert not thread.is_alive() and thinking.thread is None
    assert out.written[-1] == ERASE  # erased before anything else is printed


def test_ctrl_c_during_the_move_stops_the_thread_and_erases_the_line() -> None:
    now = [0.0]
    out = FakeTerminal()
    thinking = Thinking(out, delay=0.3, every=0.001, clock=lambda: now[0])
    with pytest.raises(KeyboardInterrupt):
        with thinking():
            thread = thinking.thread
            now[0] = 5.0
            wait_for(lambda: bool(out.written))
            raise KeyboardInterrupt  # the bot computes on this thread: Ctrl-C reaches it here
    assert thread is not None and not thread.is_alive()
    assert out.written[-1] == ERASE


def test_quiet_shows_nothing_and_names_nobody() -> None:
    with quiet() as naming:
        naming(Side.OBAMA)
    assert thinking_threads() == []


# ---- `cmdsl play` ------------------------------------------------------------------------------


class SlowBot(RandomBot):
    """A random bot whose first move takes longer than the delay, as a search does."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.slow = True

    def choose(self, seat: Any) -> str:
        if self.slow:
            self.slow = False
            time.sleep(0.45)
        return super().choose(seat)


def test_cmdsl_play_says_who_thinks_on_stderr_and_keeps_stdout_clean(monkeypatch: pytest.MonkeyPatch,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    cards = _cards(None, say=False)
    capsys.readouterr()
    err = FakeTerminal()
    monkeypatch.setattr("sys.stderr", err)
    game = campaign_game(cards, 4, Setup("beginner", "mccain", 30), checkpoints=True)
    play_to_end(game, {Side.MCCAIN: SlowBot(1), Side.OBAMA: RandomBot(2)}, quiet=True, record_to=None,
                save=lambda data, path: None)
    assert "McCain is thinking… 0." in err.text and err.written[-1] == ERASE
    assert "thinking" not in capsys.readouterr().out
    assert thinking_threads() == []


def test_cmdsl_play_opens_the_watch_around_each_move_and_names_the_seat() -> None:
    cards = _cards(None, say=False)
    game = campaign_game(cards, 4, Setup("beginner", "mccain", 2), checkpoints=True)
    opened: list[list[Any]] = []

    @contextmanager
    def watch() -> Iterator[Callable[[Any], None]]:
        named: list[Any] = []
        opened.append(named)
        yield named.append

    run_bots(game, {Side.MCCAIN: RandomBot(1), Side.OBAMA: RandomBot(2)}, echo=False, watch=watch)
    assert len(opened) == len(game.answers) and all(len(n) == 1 for n in opened)
    assert {n[0] for n in opened} == {Side.MCCAIN, Side.OBAMA}
