"""Every example of docs/repl.md runs: each fenced block of `cmdsl>` lines is typed, line by line,
into a fresh session on the repository's card set; a block without prompts is shown output, and
must be what the REPL shows."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cmdsl.repl.commands import run_line
from cmdsl.repl.session import Session

REPO = Path(__file__).resolve().parent.parent.parent
DOC = REPO / "docs" / "repl.md"
FENCE = re.compile(r"^```[^\n]*\n(.*?)^```", re.S | re.M)


def blocks() -> list[str]:
    return FENCE.findall(DOC.read_text(encoding="utf-8"))


def commands(block: str) -> list[str]:
    """The lines typed in a block: `cmdsl>` lines (comment dropped) and the `...>` lines of an
    `eval` block, joined to it as the prompt does."""
    out: list[str] = []
    continuing, first = False, True
    for line in block.splitlines():
        if line.startswith("cmdsl> "):
            typed = line[len("cmdsl> "):].split(" #")[0].strip()
            continuing = typed == "eval" or typed.startswith("eval as ") and typed.count(" ") == 2
            out.append(typed)
            first = True
        elif line.startswith("  ...> ") or line.rstrip() == "  ...>":
            text = line[len("  ...> "):] if len(line) > 7 else ""
            assert continuing, f"a continuation line outside an eval block: {line!r}"
            if text.strip():
                out[-1] += (" " if first else "\n") + text.rstrip()  # as the prompt joins them
                first = False
            else:
                continuing = False
    return out


def runnable() -> list[str]:
    return [b for b in blocks() if "cmdsl> " in b]


def test_the_doc_has_examples_to_run() -> None:
    assert len(runnable()) >= 3
    assert commands("cmdsl> eval\n  ...> draw 1\n  ...> draw 1\n  ...>\n") == ["eval draw 1\ndraw 1"]


@pytest.mark.parametrize("block", runnable(), ids=lambda b: commands(b)[0])
def test_every_example_line_runs(block: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    s = Session(confirm=lambda question, default: True)
    for line in commands(block):
        run_line(s, line)  # a CmdslError here is a broken example: the test fails with its message


def test_the_board_shown_in_the_doc_is_what_the_repl_shows(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    s = Session()
    run_line(s, "new seed 2 first mccain")
    run_line(s, "set Florida defense R[b] B R[b] W[r] R")
    board = run_line(s, "board").splitlines()
    shown = [b for b in blocks() if b.startswith("Turn ")]
    assert len(shown) == 1
    for line in shown[0].splitlines():
        assert line in board
