"""Issue 24 items 1 and 7: no line hangs the REPL (a line over MAX_LINE characters is refused whole
and nothing of it runs, in well under a second), and a script on standard input runs the same
from a pipe or from a file."""

from __future__ import annotations

import io
import subprocess
import sys
import time
from pathlib import Path

import pytest
from prompt_toolkit import PromptSession
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from cmdsl.repl.app import EffectLexer
from cmdsl.repl.session import Session
from cmdsl.repl.line_input import MAX_LINE, LineTooLong, ScriptReader, TerminalReader

REPO = Path(__file__).resolve().parent.parent.parent
REFUSED = f"a line may have at most {MAX_LINE:,}: nothing of it was run"
GAMES = {"cm2008": "new seed 2", "lobbys": "new lobbys 3 players vs random seed 2"}


def run_repl(script: str, tmp_path: Path, as_file: bool) -> tuple[str, float]:
    """`cmdsl repl` with the script on standard input: a pipe, or a regular file (`< script.txt`)."""
    cmd = [sys.executable, "-m", "cmdsl.cli", "repl", "--cards", str(REPO / "cards" / "cm2008")]
    start = time.monotonic()
    if as_file:
        path = tmp_path / "script.txt"
        path.write_text(script, encoding="utf-8")
        with path.open("rb") as f:
            out = subprocess.run(cmd, stdin=f, capture_output=True, timeout=120, cwd=tmp_path)
    else:
        out = subprocess.run(cmd, input=script.encode(), capture_output=True, timeout=120, cwd=tmp_path)
    assert out.returncode == 0, out.stderr.decode()[-2000:]
    assert b"Traceback" not in out.stderr + out.stdout
    return out.stdout.decode(), time.monotonic() - start


@pytest.mark.parametrize("game", list(GAMES))
def test_a_long_line_in_a_script_is_refused_and_the_next_line_runs(game: str, tmp_path: Path) -> None:
    out, took = run_repl(f"{GAMES[game]}\n{'x' * 100_000}\nboard\n", tmp_path, as_file=False)
    assert f"error: that line has 100,000 characters; {REFUSED}" in " ".join(out.split())
    after = out.split("100,000 characters")[-1]
    assert "cmdsl> board" in after and ("Florida" in after if game == "cm2008" else "Your hand:" in after)
    assert took < 60  # a bound against hanging (the line took minutes), not a speed target


@pytest.mark.parametrize("as_file", [False, True], ids=["pipe", "file"])
def test_a_script_runs_the_same_from_a_pipe_or_a_file(as_file: bool, tmp_path: Path) -> None:
    out, _ = run_repl("new seed 2\nboard\n", tmp_path, as_file)
    words = " ".join(out.split())  # lines are wrapped to the width of a terminal
    assert "cmdsl> new seed 2 New beginner game (seed 2)" in words
    assert "cmdsl> board Turn 1 — McCain's turn" in words
    # the end of the script ends the REPL, and says what it leaves behind
    assert words.endswith("the game in progress was not saved (a script saves with `save FILE`).")


def test_the_script_reader_bounds_each_line_and_reads_on_after_a_refusal() -> None:
    shown: list[str] = []
    reader = ScriptReader(io.StringIO(f"one\n{'y' * (MAX_LINE + 1)}\n{'z' * MAX_LINE}\nlast"), shown.append)
    assert reader.prompt("> ") == "one"
    with pytest.raises(LineTooLong, match=f"that line has {MAX_LINE + 1:,} characters"):
        reader.prompt("> ")
    assert reader.prompt("> ") == "z" * MAX_LINE  # exactly the bound is taken
    assert reader.prompt("> ") == "last"
    with pytest.raises(EOFError):
        reader.prompt("> ")
    assert shown[0] == "> one" and shown[1].endswith(f"… ({MAX_LINE + 1:,} characters)")


def test_a_long_paste_at_the_terminal_is_refused_at_once() -> None:
    with create_pipe_input() as inp, create_app_session(input=inp, output=DummyOutput()):
        reader = TerminalReader(PromptSession(lexer=EffectLexer(Session())))
        # a bracketed paste, as terminals send one (kept under the OS pipe's buffer)
        inp.send_text("\x1b[200~" + "x" * 60_000 + "\x1b[201~\r")
        start = time.monotonic()
        with pytest.raises(LineTooLong, match=f"more than {MAX_LINE:,} characters"):
            reader.prompt("> ")
        assert time.monotonic() - start < 20  # prompt-toolkit alone took minutes for such a line
        inp.send_text("board\r")
        assert reader.prompt("> ") == "board"  # the next line is read as usual


def test_typing_past_the_bound_is_refused_and_a_line_at_the_bound_is_not() -> None:
    with create_pipe_input() as inp, create_app_session(input=inp, output=DummyOutput()):
        reader = TerminalReader(PromptSession(), limit=50)
        inp.send_text("a" * 80 + "\r")
        with pytest.raises(LineTooLong):
            reader.prompt("> ")
        inp.send_text("b" * 50 + "\r")
        assert reader.prompt("> ") == "b" * 50
