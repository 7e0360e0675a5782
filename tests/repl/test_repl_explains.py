"""The REPL explains the game (issue "The designer's and the player's loop"): which cards it uses,
answers that never run a command by accident, options that say what they do, a board that reads
at a glance, text that fits the terminal."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from cmdsl.errors import CmdslError

from cmdsl.repl.app import CARDS_CHANGED, notices, repl, welcome
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


# ---- 2. an answer never runs a command by accident ---------------------------------------------


def at_obama_pile(confirm: object = None) -> Session:
    """A hot-seat choose-states game at Obama's first pick: the options include New Jersey."""
    s = Session(str(REPO / "cards" / "cm2008"))
    if confirm is not None:
        s.confirm = confirm  # type: ignore[assignment]
    run_line(s, "new choose-states vs human seed 1 first mccain")
    run_line(s, "1")
    run_line(s, "1")
    assert s.game is not None and s.game.pending is not None
    assert any(o.label.startswith("New Jersey") for o in s.game.pending.options)
    return s


def test_typing_the_start_of_an_option_answers_it_instead_of_running_the_command() -> None:
    asked: list[str] = []
    s = at_obama_pile(lambda question, default: asked.append(question) or default)
    out = run_line(s, "New J")  # only an option starts so: no question
    assert asked == []
    assert s.game is not None and s.game.answers[-1] == "state:new-jersey"
    assert "Game starts" not in out


def test_a_command_word_that_is_also_the_start_of_one_option_asks_which(tmp_path: Path) -> None:
    cards = tmp_path / "cards"
    shutil.copytree(MINI, cards)
    (cards / "set.yaml").write_text((cards / "set.yaml").read_text().replace("name: Zeta", "name: New Zeta"))
    asked: list[str] = []
    s = Session(str(cards), confirm=lambda question, default: asked.append(question) or True)
    run_line(s, "new choose-states vs human seed 1 first mccain")
    while s.game is not None and s.game.pending is not None and s.game.pending.player.value == "mccain":
        run_line(s, "1")
    assert s.game is not None and s.game.pending is not None
    n = next(i for i, o in enumerate(s.game.pending.options, 1) if o.label.startswith("New Zeta"))
    answers_before = len(s.game.answers)
    run_line(s, "New")
    assert len(asked) == 1 and f"option {n} (New Zeta" in asked[0]
    assert len(s.game.answers) == answers_before + 1  # yes: the option was answered, the game goes on
    assert s.game.answers[-1] == "state:new-zeta"


def test_a_command_word_that_starts_several_options_is_the_command_and_new_asks_first() -> None:
    asked: list[str] = []
    s = at_obama_pile(lambda question, default: asked.append(question) or False)
    assert s.game is not None
    answers = list(s.game.answers)
    with pytest.raises(CmdslError, match="new: the game in progress is kept"):
        run_line(s, "New")  # New Jersey, New Mexico, New Hampshire: not an answer
    assert asked == ["The game in progress is not saved: discard it? [y/N]"]
    assert list(s.game.answers) == answers


def test_new_and_load_ask_before_discarding_an_unsaved_game(tmp_path: Path) -> None:
    s = Session(str(MINI))
    run_line(s, "new seed 3 first mccain")
    run_line(s, "1")
    assert s.game is not None
    answers = list(s.game.answers)
    with pytest.raises(CmdslError, match="new: the game in progress is kept"):
        run_line(s, "new seed 4")  # no terminal: the default answer, no, holds
    with pytest.raises(CmdslError, match="load: the game in progress is kept"):
        run_line(s, "load /no/such/file.json")
    assert list(s.game.answers) == answers
    s.confirm = lambda question, default: True
    assert "New beginner game (seed 4)" in run_line(s, "new seed 4")
    run_line(s, f"save {tmp_path / 'g.json'}")
    s.confirm = lambda question, default: False
    assert "Loaded" in run_line(s, f"load {tmp_path / 'g.json'}")  # a saved game is not asked about


def test_quit_asks_before_leaving_an_unsaved_game() -> None:
    shown: list[str] = []
    with create_pipe_input() as inp, create_app_session(input=inp, output=DummyOutput()):
        inp.send_text("new seed 2 first mccain\rquit\r\rboard\rquit\ry\r")
        assert repl(str(MINI), None, colour=False, echo=shown.append) == 0
    assert "Still here: `save FILE` saves the game." in shown
    assert any(text.startswith("Turn 1") for text in shown)  # `board` ran after the first `quit`


def test_a_number_that_is_not_an_option_names_the_valid_ones() -> None:
    s = Session(str(MINI))
    run_line(s, "new seed 3 first mccain")
    assert s.game is not None and s.game.pending is not None
    n = len(s.game.pending.options)
    with pytest.raises(CmdslError, match=f"^{n + 5} is not an option: choose a number from 1 to {n}$"):
        run_line(s, str(n + 5))


# ---- 5. a fresh seed, secret until the game ends -----------------------------------------------


def test_new_without_a_seed_hides_it_until_the_game_ends(tmp_path: Path) -> None:
    s = Session(str(MINI))
    out = run_line(s, "new first mccain")
    assert s.game is not None
    seed = s.game.seed
    assert "a random seed, shown when the game ends" in out
    assert f"seed {seed}" not in out + run_line(s, "log 100") + run_line(s, "trace")
    assert "seed hidden until the game ends" in run_line(s, "log 100")
    run_line(s, f"save {tmp_path / 'g.json'}")
    assert json.loads((tmp_path / "g.json").read_text())["seed"] == seed
    end = ""
    while not s.game.over:
        end = run_line(s, "1")
    assert end.count("Game over") == 1
    assert f"The seed was {seed}" in end
    assert f"seed {seed}" in run_line(s, "log 100000")


def test_two_new_games_get_different_seeds() -> None:
    s = Session(str(MINI), confirm=lambda question, default: True)
    seeds = set()
    for _ in range(4):
        run_line(s, "new")
        assert s.game is not None
        seeds.add(s.game.seed)
    assert len(seeds) > 1
