"""`rules [NUMBER]` in the REPL (issue 23): one command for both games, the text coming from the
game's package (docs/rules-*.md shipped as package data); `?` in Lobbys explains the step."""

from __future__ import annotations

import pytest
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document

from cmdsl.errors import CmdslError
from cmdsl.games.cm2008.rulebook import rulebook as cm2008_rulebook
from cmdsl.games.lobbys.rulebook import rulebook as lobbys_rulebook
from cmdsl.games.racolage.rulebook import rulebook as racolage_rulebook
from cmdsl.games.cm2008.ui import prompt as cm2008_commands
from cmdsl.games.lobbys.ui import keyboard_commands as lobbys_commands
from cmdsl.repl.app import ReplCompleter
from cmdsl.repl.commands import all_commands, run_line
from cmdsl.repl.session import Session


def cm2008_game() -> Session:
    s = Session()
    run_line(s, "new seed 3")  # a human (McCain) against the random bot
    assert s.game is not None and s.keyboard.human_decision() is not None
    return s


def lobbys_game() -> Session:
    s = Session()
    run_line(s, "new lobbys 3 players vs random seed 5")
    assert s.keyboard.session is not None and s.keyboard.session.mine() is not None
    return s


def racolage_game() -> Session:
    s = Session()
    run_line(s, "new racolage 2 players seed 1")
    assert s.plugin.name == "racolage"
    return s


def completions(s: Session, text: str) -> list[str]:
    return [c.text for c in ReplCompleter(s).get_completions(Document(text), CompleteEvent())]


def test_a_human_cm2008_game_shows_r8_1() -> None:
    s = cm2008_game()
    events = len(s.keyboard.require().events)
    out = run_line(s, "rules R8.1")
    assert out == cm2008_rulebook().show("R8.1")
    assert out.startswith("R8.1 A card bearing the die icon commits its player to roll the Going Negative die")
    assert len(s.keyboard.require().events) == events  # a command, not an answer: the game did not move
    assert run_line(s, "rules 8.1") == run_line(s, "rules r8.1") == out


def test_a_human_lobbys_game_shows_l6_3_and_r8_1() -> None:
    s = lobbys_game()
    assert s.keyboard.session is not None
    answers = s.keyboard.session.answers()
    assert run_line(s, "rules L6.3") == lobbys_rulebook().show("L6.3")
    assert run_line(s, "rules L6.3 step 3").startswith("L6.3 step 3: the offers in the suit related")
    assert run_line(s, "rules 6.3") == run_line(s, "rules L6.3")  # a bare number is the game's own rule
    # another game's letter shows that game's rule, saying whose
    assert run_line(s, "rules R8.1") == "(Campaign Manager 2008's rules)\n" + cm2008_rulebook().show("R8.1")
    assert s.keyboard.session.answers() == answers  # nothing was picked


def test_a_racolage_game_shows_ra6_1_by_its_two_letters() -> None:
    s = racolage_game()
    log = run_line(s, "log")
    out = run_line(s, "rules RA6.1")
    assert out == racolage_rulebook().show("RA6.1")
    assert out.startswith("RA6.1 Placing a Media card is allowed only when")
    assert run_line(s, "rules ra 6.1") == run_line(s, "rules 6.1") == out  # a bare number is the game's own rule
    assert run_line(s, "rules RA6.1 step 2").startswith("RA6.1 step 2: range:")
    assert run_line(s, "rules").startswith("The rules of Racolage Électoral")
    # another game's letter shows that game's rule, saying whose; and RA from another game
    assert run_line(s, "rules R8.1") == "(Campaign Manager 2008's rules)\n" + cm2008_rulebook().show("R8.1")
    assert run_line(s, "rules L6.3") == "(Lobbys's rules)\n" + lobbys_rulebook().show("L6.3")
    assert run_line(cm2008_game(), "rules ra6.1") == "(Racolage Électoral's rules)\n" + out
    with pytest.raises(CmdslError, match=r"^no rule RA6\.9 in Racolage Électoral's rules; did you mean RA6\.4\?"):
        run_line(s, "rules RA6.9")
    assert run_line(s, "log") == log  # commands, not answers: the game did not move


def test_rules_alone_lists_the_sections_of_the_game_being_played() -> None:
    assert run_line(Session(), "rules") == cm2008_rulebook().headings()  # no game: Campaign Manager's
    assert run_line(cm2008_game(), "rules").splitlines()[1] == "  R1   Components"
    out = run_line(lobbys_game(), "rules")
    assert out.startswith("The rules of Lobbys") and "  L11  Rulings" in out


def test_an_unknown_rule_is_one_line_and_changes_nothing() -> None:
    s = cm2008_game()
    with pytest.raises(CmdslError, match=r"^no rule R13 in Campaign Manager 2008's rules; did you mean R12\?"):
        run_line(s, "rules R13")
    s = lobbys_game()
    with pytest.raises(CmdslError, match=r"^no rule L6\.9 in Lobbys's rules; did you mean L6\.6\?"):
        run_line(s, "rules L6.9")
    with pytest.raises(CmdslError, match=r"^no step 5 in L6\.3"):
        run_line(s, "rules L6.3 step 5")


def test_both_games_use_the_same_command_and_list_it_in_help() -> None:
    assert all_commands(Session())["rules"].usage == all_commands(lobbys_game())["rules"].usage == "rules [NUMBER]"
    assert "rules" not in lobbys_commands.COMMANDS and "rules" not in cm2008_commands.COMMANDS  # the REPL's own
    assert "rules [NUMBER]" in run_line(Session(), "help")
    assert "rules [NUMBER]" in run_line(lobbys_game(), "help")
    assert "`rules 6.3 step 3`" in run_line(Session(), "help rules")


def test_tab_after_rules_completes_the_game_s_rule_numbers() -> None:
    assert completions(Session(), "rules R8.") == ["R8.1", "R8.2"]
    assert completions(lobbys_game(), "rules L6.") == [f"L6.{i}" for i in range(1, 7)]


def test_question_mark_in_lobbys_explains_the_step_then_lists_the_options() -> None:
    s = lobbys_game()
    out = run_line(s, "?")
    assert out.startswith("Round 1 of 3, the election (L2.1).")
    assert "(L5.3)" in out and "(L5.5)" in out
    assert out.endswith(lobbys_commands.options_text(s.keyboard.session))  # type: ignore[arg-type]
    run_line(s, "1")  # the bots pick at once: the first tender opens
    out = run_line(s, "?")
    assert "tender 1 of 6" in out and "Who wins (L6.3)" in out and "step 3: the suit related to it" in out


def test_question_mark_in_hot_seat_waits_for_the_hand_over() -> None:
    s = Session()
    run_line(s, "new lobbys 2 players")
    run_line(s, "1")  # Player 1 picks; the keyboard goes to Player 2
    assert s.keyboard.session is not None and s.keyboard.session.handing_over
    with pytest.raises(CmdslError, match="hand the keyboard over first"):
        run_line(s, "?")
