"""The REPL, driven through prompt-toolkit's pipe input (no terminal) and as plain functions."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from cmdsl.errors import CmdslError
from cmdsl.repl.app import ReplCompleter, repl
from cmdsl.repl.commands import run_line
from cmdsl.repl.session import Session
from cmdsl.games.cm2008.scenario_position import render_position

MINI = Path(__file__).resolve().parent.parent / "data" / "mini"
CM2008_SET = Path(__file__).resolve().parent.parent.parent / "cards" / "cm2008"
BUNDLED = Path(__file__).resolve().parent.parent.parent / "cards" / "cm2008"


def drive(lines: list[str], cards: Path = MINI) -> str:
    """Type ``lines`` at the prompt, then Ctrl-D (and leave without saving); return what was shown."""
    shown: list[str] = []
    with create_pipe_input() as inp, create_app_session(input=inp, output=DummyOutput()):
        inp.send_text("".join(line + "\r" for line in lines) + "\x04y\r")
        assert repl(str(cards), None, colour=False, echo=shown.append) == 0
    return "\n".join(shown)


def test_a_whole_game_against_the_bot_through_the_prompt() -> None:
    # the bundled set: answer every decision with its first option until the game ends
    lines = ["help", "new vs random as mccain seed 4 first mccain", "board"] + ["1"] * 150 + ["log 3"]
    out = drive(lines, BUNDLED)
    assert "Campaign Manager 2008 commands (`help COMMAND` for more)" in out
    assert "Game over —" in out  # every state won: the game ran to its end
    assert "Obama chooses" in out  # the bot's moves are shown as they happen


def test_eval_with_a_decision_then_trace() -> None:
    out = drive(["new vs random seed 2 first mccain", "eval", 'choose a state as S', "gain 1 support on defense in S",
                 "", "2", "trace"])
    assert "McCain — choose a state:" in out
    assert "McCain gains a support: Beta, Defense" in out
    assert "← eval:" in out


def test_bad_input_is_one_line_and_changes_nothing() -> None:
    s = Session(str(MINI))
    run_line(s, "new vs random seed 5 first mccain")
    assert s.game is not None
    before = (render_position(s.game), list(s.game.answers))
    for bad in ["frobnicate", "99", "eval gain 1 support on economy in \"Nowhere\"", "set Nowhere issue 3",
                "set Beta economy R R R", "set score mccain lots", "card nope", "load /no/such/file.json",
                "new vs nobody", "eval gain 1 suport on economy in \"Beta\"", 'set "Beta economy', "set die 9",
                "set hand mccain obama-draw", "set news bn-nope", "undo", "redo", "save", "play nope"]:
        with pytest.raises(CmdslError) as info:
            run_line(s, bad)
        assert "Traceback" not in str(info.value)
        assert (render_position(s.game), list(s.game.answers)) == before, bad


def test_undo_redo(tmp_path: Path) -> None:
    s = Session(str(MINI))
    run_line(s, "new vs random seed 6 first mccain")
    assert s.game is not None
    run_line(s, "1")
    after_one = render_position(s.game)
    with pytest.raises(CmdslError, match="undo: not back past"):  # the bot's turn showed a hidden card
        run_line(s, "undo")
    run_line(s, "debug on")  # allows it (tests/repl/test_undo_reveal.py)
    run_line(s, "undo")
    assert s.game.turn == 1 and s.game.pending is not None and s.game.pending.kind == "turn"
    run_line(s, "redo")
    assert render_position(s.game) == after_one


def test_save_then_load_reproduces_the_position(tmp_path: Path) -> None:
    s = Session(str(MINI))
    run_line(s, "new vs random seed 7 first obama")
    for _ in range(6):
        run_line(s, "1")
    run_line(s, "set die 5")
    path = tmp_path / "g.json"
    run_line(s, f"save {path}")
    assert json.loads(path.read_text())["answers"]
    t = Session(str(MINI))
    run_line(t, f"load {path}")
    assert s.game is not None and t.game is not None
    assert render_position(t.game) == render_position(s.game)


def test_reload_reports_where_the_replay_diverges(tmp_path: Path) -> None:
    cards = tmp_path / "cards"
    shutil.copytree(MINI, cards)
    s = Session(str(cards))
    run_line(s, "new vs random seed 3 first mccain")
    run_line(s, 'eval draw 1')
    text = (cards / "set.yaml").read_text()
    (cards / "set.yaml").write_text(text.replace("title: Mccain Nothing", "title: McCain Filler"))
    out = run_line(s, "reload")
    assert "the game now goes differently" in out and "first different event" in out
    assert "McCain Filler" in out
    assert "replays identically" in run_line(s, "reload")


def test_completion_of_commands_cards_states_and_keywords() -> None:
    s = Session(str(MINI))
    c = ReplCompleter(s)

    def complete(text: str) -> list[str]:
        return [x.text for x in c.get_completions(Document(text), CompleteEvent())]

    assert "explain" in complete("exp")
    assert "mccain-attack" in complete("card mccain-at")
    assert '"Alpha"' in complete('eval gain 1 support on economy in "Al')
    assert "support" in complete("eval gain 1 sup")
    assert "Seniors" in complete("set Alpha key Sen")


def test_effect_lines_are_highlighted() -> None:
    from cmdsl.repl.app import EffectLexer

    line = EffectLexer(Session()).lex_document(Document('eval gain 2 supports on economy in "Ohio"'))(0)
    styles = {text: style for style, text in line if text.strip()}
    assert styles["eval"] == "bold" and styles["gain"] == "ansicyan"
    assert styles['"Ohio"'] == "ansigreen" and styles["2"] == "ansimagenta"


def test_new_vs_ismcts_with_settings_and_a_bad_setting() -> None:
    """Issue 12: the REPL makes the ISMCTS bot as `play` and `balance` do, settings included."""
    s = Session(str(CM2008_SET))
    out = run_line(s, "new vs ismcts:iterations=10 seed 3 first obama")
    assert "the ismcts:iterations=10,exploration=0.4,rollout=game,horizon=2 bot plays Obama" in out
    assert s.game is not None and s.game.pending is not None and s.game.pending.player.value == "mccain"
    run_line(s, "1")  # the bot answers its decisions in between
    assert s.game.pending is not None and s.game.pending.player.value == "mccain"
    with pytest.raises(CmdslError) as info:
        run_line(s, "new vs ismcts:iteration=10")
    assert str(info.value) == ("new: ismcts has no setting 'iteration' (did you mean 'iterations'?); "
                               "its settings are iterations, seconds, exploration, rollout, horizon")
