"""`set die N` at the REPL forces the next Going Negative roll; the record stores it as the chance
seat's answer where the die is rolled (issue 10, item 1)."""

from __future__ import annotations

import json
from pathlib import Path

from cmdsl.games.cm2008 import events as E
from cmdsl.game.decisions import SeatAnswer
from cmdsl.game.decisions import CHANCE
from cmdsl.repl.commands import run_line
from cmdsl.repl.session import Session

MINI = Path(__file__).resolve().parent.parent / "data" / "mini"


def test_set_die_forces_the_next_roll_and_the_record_keeps_it(tmp_path: Path) -> None:
    s = Session(str(MINI))
    run_line(s, "new vs human seed 3 first mccain")
    run_line(s, "set hand mccain mccain-negative mccain-nothing-1")
    out = run_line(s, "set die 5")
    assert "The next Going Negative die will show 5." in out
    game = s.game
    assert game is not None and not any(isinstance(a, SeatAnswer) for a in game.answers)  # not rolled yet
    run_line(s, "play mccain-negative")
    assert [e.value for e in game.events if isinstance(e, E.DieRolled)] == [5]
    assert game.answers[-1] == SeatAnswer(CHANCE, "die:5")
    path = tmp_path / "g.json"
    run_line(s, f"save {path}")
    answers = json.loads(path.read_text())["answers"]
    assert answers[-2:] == ["play:mccain-negative", {"seat": "chance", "answer": "die:5"}]
    t = Session(str(MINI))
    run_line(t, f"load {path} vs human")
    assert t.game is not None and [e.text() for e in t.game.events] == [e.text() for e in game.events]
    run_line(s, "undo")  # the forced die goes back with the play that rolled it
    assert s.game is not None and s.game.answers[-1] != "play:mccain-negative"
    run_line(s, "redo")
    assert s.game is not None and s.game.answers[-1] == SeatAnswer(CHANCE, "die:5")
    assert [e.value for e in s.game.events if isinstance(e, E.DieRolled)] == [5]
