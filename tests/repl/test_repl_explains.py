"""The REPL explains the game (issue "The designer's and the player's loop"): which cards it uses,
answers that never run a command by accident, options that say what they do, a board that reads
at a glance, text that fits the terminal."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from cmdsl.repl.app import CARDS_CHANGED, notices, welcome
from cmdsl.repl.commands import run_line
from cmdsl.repl.session import Session

TESTS = Path(__file__).resolve().parent.parent
MINI = TESTS / "data" / "mini"
REPO = TESTS.parent


# ---- 1. which cards --------------------------------------------------------------------------


def test_the_welcome_names_the_set_of_the_repository(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)  # the repository's cmdsl.toml names cards/cm2008
    s = Session()
    assert "Using the card set cards/cm2008 (named by cmdsl.toml)." in welcome(s)
    card = run_line(s, "card mccain-this-week")
    assert "Source (cards/cm2008/mccain.yaml:" in card
    assert "site-packages" not in card


def test_the_welcome_says_when_cards_come_from_the_command_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    assert welcome(Session("tests/data/mini")).endswith("Using the card set tests/data/mini (--cards).")


def test_a_change_of_the_card_files_is_noticed_once(tmp_path: Path) -> None:
    cards = tmp_path / "cards"
    shutil.copytree(MINI, cards)
    s = Session(str(cards))
    run_line(s, "new seed 3 first mccain")
    assert notices(s) == ""
    (cards / "set.yaml").write_text((cards / "set.yaml").read_text() + "# edited\n")
    os.utime(cards / "set.yaml", ns=(1, 1))  # a different mtime even on a coarse clock
    assert notices(s) == CARDS_CHANGED
    assert notices(s) == ""  # once per change
    (cards / "extra.yaml").write_text("")  # a new file is a change too
    assert notices(s) == CARDS_CHANGED
    (cards / "extra.yaml").unlink()
    notices(s)
    (cards / "set.yaml").write_text((cards / "set.yaml").read_text() + "# again\n")
    run_line(s, "reload")  # reloading takes the files as they are: nothing left to report
    assert notices(s) == ""
