"""The first prompt comes before the card set (issue 34 §1): at a terminal the set loads on a thread
once the prompt is drawn; what needs it waits for it; a broken set still ends the REPL with its
errors in full and exit status 1. A script loads it first, as before."""

from __future__ import annotations

import io
import re
import shutil
import threading
import time
from pathlib import Path
from typing import Callable

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from cmdsl.errors import CmdslError
from cmdsl.games.cm2008.ui import keyboard
from cmdsl.games.cm2008.model import CardSet
from cmdsl.kits.keyboard.later import Later
from cmdsl.repl.app import ReplCompleter, repl
from cmdsl.repl.session import Session

MINI = Path(__file__).resolve().parent.parent / "data" / "mini"


def shows_the_error(text: str) -> bool:
    """The broken set's error in full: where, the card, what, the line and its caret, the count."""
    return (re.search(r'set\.yaml:63:12:\s+mccain-nothing-1: unexpected\s+"banana"', text) is not None
            and re.search(r"\n *gain banana\n *\^\n", text) is not None and text.endswith("1 error."))


#: A REPL waiting forever (an error lost on the loading thread) fails after this long (conftest.py).
HANG_SECONDS = 20


@pytest.fixture
def broken(tmp_path: Path) -> Path:
    folder = tmp_path / "broken"
    shutil.copytree(MINI, folder)
    path = folder / "set.yaml"
    path.write_text(path.read_text().replace("      nothing\n", "      gain banana\n", 1))
    return folder


@pytest.fixture
def slow_load(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The set takes 0.3 s to load, on whichever thread; the list says when it was loaded, and where."""
    happened: list[str] = []
    load = keyboard._load

    def slow(folder: Path) -> CardSet:
        time.sleep(0.3)
        cards = load(folder)
        happened.append("loaded on " + ("the main thread" if threading.current_thread() is threading.main_thread()
                                        else "another thread"))
        return cards
    monkeypatch.setattr(keyboard, "_load", slow)
    return happened


def at_the_prompt(cards: Path, typed: str, shown: Callable[[str], None]) -> int:
    """Run the REPL at a (pipe) terminal: ``typed`` is what the person types, all at once."""
    with create_pipe_input() as inp, create_app_session(input=inp, output=DummyOutput()):
        inp.send_text(typed)
        return repl(str(cards), None, colour=False, echo=shown, pager=False)


def test_the_welcome_comes_before_the_set_and_a_command_typed_at_once_waits_for_it(slow_load: list[str]) -> None:
    rc = at_the_prompt(MINI, "card mccain-nothing-1\r\x04", slow_load.append)
    assert rc == 0
    welcome, loaded, card = slow_load[:3]
    assert welcome.startswith("cmdsl — Campaign Manager 2008.")
    assert loaded == "loaded on another thread"
    assert card.startswith("mccain-nothing-1\nMccain Nothing 1 — McCain")  # the card, from the set just loaded


def test_leaving_at_once_leaves_no_load_running(slow_load: list[str]) -> None:
    """Ctrl-D before the set is read: the REPL ends once the load it began is over (no thread of
    its own outlives ``repl``: in a test's process it would read what the next test changes)."""
    assert at_the_prompt(MINI, "\x04", slow_load.append) == 0
    assert "loaded on another thread" in slow_load  # it had begun, and is over
    assert [t for t in threading.enumerate() if t.name == "cmdsl-later"] == []


def test_a_broken_set_read_behind_the_prompt_ends_the_repl_with_its_errors(broken: Path) -> None:
    shown: list[str] = []
    assert at_the_prompt(broken, "", shown.append) == 1  # nobody types: the loading thread ends the prompt
    assert shown[0].startswith("cmdsl — Campaign Manager 2008.")
    error = shown[-1]
    assert error.startswith("error:") and shows_the_error(error), error
    assert "Traceback" not in "\n".join(shown)


def test_a_command_that_waited_for_a_broken_set_ends_the_repl_with_its_errors(broken: Path,
                                                                             slow_load: list[str]) -> None:
    # typed at once: `card` waits for the set, gets its errors, and the REPL ends with them, once
    assert at_the_prompt(broken, "card mccain-nothing-1\r", slow_load.append) == 1
    errors = [text for text in slow_load if text.startswith("error:")]
    assert len(errors) == 1 and shows_the_error(errors[0])
    assert slow_load[-1] == errors[0]


def test_a_script_reads_the_set_before_its_first_line(broken: Path, slow_load: list[str]) -> None:
    assert repl(str(MINI), None, colour=False, echo=slow_load.append, script=io.StringIO("")) == 0
    assert slow_load[0] == "loaded on the main thread"  # before the welcome: as before issue 34
    shown: list[str] = []
    assert repl(str(broken), None, colour=False, echo=shown.append, script=io.StringIO("board\n")) == 1
    assert len(shown) == 1 and shows_the_error(shown[0])  # nothing else was run


def test_completion_right_after_start_waits_for_the_cards(slow_load: list[str]) -> None:
    s = Session(str(MINI), background=True)
    assert slow_load == []  # building the session read no card
    s.start_loading(lambda error: None)
    words = [c.text for c in ReplCompleter(s).get_completions(Document("card mccain-noth"), CompleteEvent())]
    assert "mccain-nothing-1" in words and all(w.startswith("mccain-nothing-") for w in words)
    assert slow_load == ["loaded on another thread"]


def test_a_later_is_made_once_and_its_error_is_every_askers() -> None:
    made: list[int] = []
    later = Later(lambda: made.append(1) or len(made))
    later.start(lambda error: None)
    assert later.get() == 1 and later.get() == 1 and made == [1]
    failures: list[Exception] = []
    bad: Later[int] = Later(lambda: int("x"))
    bad.start(failures.append)
    with pytest.raises(ValueError) as first:
        bad.get()
    with pytest.raises(ValueError) as second:
        bad.get()
    assert first.value is second.value is bad.failure()
    for _ in range(100):  # the thread tells its error after storing it
        if failures:
            break
        time.sleep(0.01)
    assert failures == [bad.failure()]


def test_starting_a_later_again_while_it_is_made_does_not_wait() -> None:
    """The prompt starts the load at each redraw (a key typed): that must not wait for the load."""
    slow: Later[int] = Later(lambda: time.sleep(0.5) or 1)
    slow.start(lambda error: None)
    time.sleep(0.05)  # the thread is making it
    began = time.monotonic()
    slow.start(lambda error: None)
    assert time.monotonic() - began < 0.25
    assert slow.get() == 1


def test_a_session_not_in_the_background_raises_a_broken_sets_errors_at_once(broken: Path) -> None:
    with pytest.raises(CmdslError) as info:
        Session(str(broken))
    assert shows_the_error(str(info.value))
