"""Who plays each seat is part of a saved game (issue 55 item 3): `save` writes it, `load` seats
the same players again and says who they are, a file of before says that it does not know, and
the command a finished game suggests deals it again at the same table."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cmdsl.errors import CmdslError
from cmdsl.repl.commands import run_line
from cmdsl.repl.session import Session

#: each game: `new` at a table with a greedy bot, what it says of who plays, and the hint once over
GAMES = {
    "cm2008": ("new vs greedy as obama seed 5", "you are Obama, the greedy bot plays McCain",
               "`new vs greedy as obama seed 5` deals this game again"),
    "lobbys": ("new lobbys 3 players vs greedy as p2 seed 2",
               "you are Player 2, the greedy bot plays Player 1 and Player 3",
               "`new lobbys 3 players vs greedy as p2 seed 2` deals it again"),
    "racolage": ("new racolage 3 players vs greedy as p2 seed 2",
                 "you are Player 2, the greedy bot plays Player 1 and Player 3",
                 "`new racolage 3 players vs greedy as p2 seed 2` deals this game again"),
}


def first_line(text: str) -> str:
    return text.splitlines()[0]


@pytest.mark.parametrize("game", GAMES)
def test_load_seats_the_players_the_file_was_saved_with(game: str, tmp_path: Path) -> None:
    new, who, _ = GAMES[game]
    s = Session()
    assert who in first_line(run_line(s, new))
    run_line(s, f"save {tmp_path / 'g.json'}")
    data = json.loads((tmp_path / "g.json").read_text())
    assert "greedy" in data["played_by"].values() and "human" in data["played_by"].values()
    loaded = first_line(run_line(Session(), f"load {tmp_path / 'g.json'}"))
    assert loaded.endswith(f": {who}."), loaded  # was: the random bot, and not a word
    # `vs BOT` still chooses another
    assert "the random bot plays" in first_line(run_line(Session(), f"load {tmp_path / 'g.json'} vs random"))


@pytest.mark.parametrize("game", GAMES)
def test_a_file_of_before_says_it_does_not_know_who_played(game: str, tmp_path: Path) -> None:
    s = Session()
    run_line(s, GAMES[game][0])
    run_line(s, f"save {tmp_path / 'g.json'}")
    data = json.loads((tmp_path / "g.json").read_text())
    del data["played_by"]
    (tmp_path / "old.json").write_text(json.dumps(data))
    loaded = first_line(run_line(Session(), f"load {tmp_path / 'old.json'}"))
    assert "the random bot plays" in loaded and "the file does not say who played (`load FILE vs BOT` chooses)" in loaded


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("played_by", [{"p1": "rm -rf /"}, "greedy", {"x": "human"}])
def test_a_bad_played_by_is_one_located_error_and_changes_nothing(game: str, played_by: object, tmp_path: Path) -> None:
    s = Session()
    run_line(s, GAMES[game][0])
    run_line(s, f"save {tmp_path / 'g.json'}")
    data = json.loads((tmp_path / "g.json").read_text())
    if isinstance(played_by, dict) and "p1" in played_by and game == "cm2008":
        played_by = {"mccain": "rm -rf /", "obama": "human"}
    data["played_by"] = played_by
    (tmp_path / "bad.json").write_text(json.dumps(data))
    before = run_line(s, "log")
    with pytest.raises(CmdslError) as e:
        run_line(s, f"load {tmp_path / 'bad.json'}")
    assert "played_by" in str(e.value) and "\n" not in str(e.value) and str(tmp_path / "bad.json") in str(e.value)
    assert run_line(s, "log") == before


@pytest.mark.parametrize("game", GAMES)
def test_the_game_over_hint_deals_the_game_again_at_the_same_table(game: str) -> None:
    new, who, hint = GAMES[game]
    s = Session()
    run_line(s, new)
    out = ""
    for _ in range(2000):
        out = run_line(s, "1")
        if "again" in out:
            break
    assert hint in out  # was `new seed 5` (against random), `new lobbys 3 players seed 2` (hot-seat)
    again = hint.split("`")[1]
    assert who in first_line(run_line(Session(), again))
