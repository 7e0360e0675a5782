"""`cmdsl new-set` writes a set a designer can start from: it checks, and bots play it to the end
(issue "The designer's and the player's loop", item 4)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cmdsl.cli import main
from cmdsl.games.cm2008.engine import campaign_game
from cmdsl.games.cm2008.setup import Setup
from cmdsl.bots import make_bot, play_bot_move
from cmdsl.games.cm2008.loader import load_card_set
from cmdsl.games.cm2008.model import SIDES
from cmdsl.games.cm2008.new_set import minimal_files

REPO = Path(__file__).resolve().parent.parent


def test_the_minimal_set_checks_and_a_beginner_bot_game_plays_to_its_end(tmp_path: Path,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "myset"
    assert main(["new-set", str(folder)]) == 0
    assert main(["check", str(folder)]) == 0
    assert f"{folder}: ok — myset: 8 states" in capsys.readouterr().out
    assert main(["play", "--cards", str(folder), "--bot", "random", "--bot", "random", "--quiet"]) == 0
    assert capsys.readouterr().out.splitlines()[1].startswith("Game over — ")


@pytest.mark.parametrize("mode", ["beginner", "choose-states"])
def test_every_declared_setup_plays_to_a_real_end(tmp_path: Path, mode: str) -> None:
    """Not stopped by the turn limit: the games end by the rules (a win, or every state won)."""
    assert main(["new-set", str(tmp_path / "s")]) == 0
    cards = load_card_set(tmp_path / "s")
    assert cards.manifest.setups == ("beginner", "choose-states")
    for seed in range(5):
        game = campaign_game(cards, seed, Setup(mode, "random", 1000))
        bots = {side: make_bot("random", seed * 2 + i) for i, side in enumerate(SIDES)}
        while game.pending is not None:
            play_bot_move(game, bots)
        assert game.result is not None and "turn limit" not in game.result.text()


def test_the_starter_set_decides_its_games(tmp_path: Path) -> None:
    """Issue 25 §1: its 8 states held 139 EV, so nobody could reach 270 (R11.1) and every game was a
    draw (R11.2). Now 155 + 157 (R1.8) + 226 = 538: greedy bots decide at least 80% of their games
    (`cmdsl balance --cards DIR --bot greedy --bot greedy --games 100` decided 100 of 100)."""
    assert main(["new-set", str(tmp_path / "s")]) == 0
    cards = load_card_set(tmp_path / "s")
    assert sum(t.ev for t in cards.states.values()) == 226
    decided = 0
    for seed in range(1, 21):
        game = campaign_game(cards, seed, Setup("beginner", "random", 1000))
        bots = {side: make_bot("greedy", seed * 2 + i) for i, side in enumerate(SIDES)}
        while game.pending is not None:
            play_bot_move(game, bots)
        assert game.result is not None
        decided += game.result.winner is not None
    assert decided >= 16, f"{decided} of 20 games decided"


def test_every_field_is_explained_in_its_file() -> None:
    for name, text in minimal_files("x").items():
        comments = "\n".join(line for line in text.splitlines() if line.lstrip().startswith("#"))
        sections = {"states", "cards", "breaking_news", "going_negative", "sizes"}  # headings, not fields
        fields = {f for f in re.findall(r"^ *(?:- )?([a-z_]+):", text, re.M)} - sections
        for field in fields:
            assert re.search(rf"\b{field}\b", comments) or re.search(rf"^\s*(- )?{field}:.*#", text, re.M), \
                f"{name}: field {field} is not explained"


def test_the_card_texts_are_the_templates_own() -> None:
    bundled = "\n".join(p.read_text() for p in (REPO / "cards" / "cm2008").glob("*.yaml"))
    ours = minimal_files("x")
    ids = re.findall(r"id: (\S+)", ours["mccain.yaml"] + ours["obama.yaml"] + ours["breaking_news.yaml"])
    assert len(ids) == 36 and not [i for i in ids if f"id: {i}\n" in bundled]


def test_the_starter_set_has_its_own_tests_and_they_pass(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 25 §3: a new set holds scenarios/example.yaml, which passes strictly on its own cards;
    `cmdsl test DIR --update` writes its snapshot, then `cmdsl test DIR` passes. The subfolder changes
    nothing for the loader or for `check` on the set or on its parent folder."""
    folder = tmp_path / "my-set"
    assert main(["new-set", str(folder)]) == 0
    assert "scenarios/example.yaml" in capsys.readouterr().out
    assert main(["scenario", str(folder / "scenarios" / "example.yaml"), "--cards", str(folder)]) == 0
    assert "expect: 7 checks passed" in capsys.readouterr().out
    assert main(["test", str(folder)]) == 1  # no snapshot yet: a new scenario is not a pass
    assert "1 new" in capsys.readouterr().out
    assert main(["test", str(folder), "--update"]) == 0
    assert (folder / "scenarios" / "__snapshots__" / "example--town-hall-wins-florida.txt").is_file()
    capsys.readouterr()
    assert main(["test", str(folder)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == f"{folder}: 1 scenario: 1 passed"
    assert main(["check", str(folder), str(tmp_path)]) == 0
    assert capsys.readouterr().out.count(": ok — my-set: 8 states") == 2


def test_from_cm2008_copies_the_bundled_set_renamed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "variant"
    assert main(["new-set", str(folder), "--from", "cm2008"]) == 0
    cards, bundled = load_card_set(folder), load_card_set(REPO / "cards" / "cm2008")
    assert cards.manifest.name == "variant (a variant of cm2008)"
    assert set(cards.cards) == set(bundled.cards) and cards.manifest.setups == bundled.manifest.setups
    # with its own tests: the scenarios and their snapshots, so `cmdsl test` passes on the copy
    assert "scenarios/ (" in capsys.readouterr().out
    copied = sorted(p.relative_to(folder) for p in (folder / "scenarios").rglob("*") if p.is_file())
    assert copied == sorted(p.relative_to(REPO / "cards" / "cm2008")
                            for p in (REPO / "cards" / "cm2008" / "scenarios").rglob("*") if p.is_file())
    assert main(["test", str(folder)]) == 0


def test_a_folder_holding_anything_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    assert main(["new-set", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err == f"error: {tmp_path}: not empty; give a new or empty folder (nothing is overwritten)\n"
    assert (tmp_path / "notes.txt").read_text() == "mine" and not (tmp_path / "manifest.yaml").exists()
    assert main(["new-set", str(tmp_path / "notes.txt")]) == 1
    assert "is a file" in capsys.readouterr().err
    (tmp_path / "empty").mkdir()
    assert main(["new-set", str(tmp_path / "empty")]) == 0
