"""Scenario files are data from a designer: every field is checked before anything runs, and
every problem is one located line (issue "nothing crashes", item 6)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cmdsl.cli import main
from cmdsl.games.cm2008.model import CardSet
from cmdsl.games.cm2008.scenario import ScenarioError, run_scenario
from cmdsl.sets.scenario_doc import MAX_SCENARIO_BYTES
from cmdsl.games.cm2008.scenario_file import load_scenario, load_scenarios, scenario_names

from .conftest import FOUR

GOOD = """scenarios:
  - name: first
    effect: draw 1
    position:
      states: [Alpha, Beta, Gamma, Delta]
"""


def first_line(e: pytest.ExceptionInfo[ScenarioError]) -> str:
    return str(e.value).splitlines()[0]


def write(tmp_path: Path, text: str | bytes, name: str = "s.yaml") -> Path:
    path = tmp_path / name
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    return path


def loaded_and_run(mini: CardSet, path: Path) -> None:
    for sc in load_scenarios(path, mini):
        run_scenario(mini, sc)


def test_a_good_file_loads_and_runs(mini: CardSet, tmp_path: Path) -> None:
    [sc] = load_scenarios(write(tmp_path, GOOD), mini)
    assert sc.name == "first" and run_scenario(mini, sc).events


@pytest.mark.parametrize("change,where,message", [
    ("    seed: \"5\"\n", ":6:11", "seed: expected a whole number from 0"),
    ("    turn: 0\n", ":6:11", "turn: expected a whole number from 1 to 10000"),
    ("    dice: [7]\n", ":6:12", "dice[0]: expected a die result from 1 to 6, got 7"),
    ("    answers: {a: 1}\n", ":6:14", "answers: expected a list"),
    ("    player: nobody\n", ":6:13", "player: expected mccain or obama"),
    ("    target: [1]\n", ":6:13", "target: expected a state name"),
    ("    colour: red\n", ":6:13", 'unknown key "colour"'),
    ("    view: obamma\n", ":6:11", "view: expected mccain or obama (whose view of the log to show), got 'obamma'"),
    ("    view: [mccain, mccain]\n", ":6:20", "view[1]: mccain is listed twice"),
])
def test_each_field_is_checked_and_located(mini: CardSet, tmp_path: Path, change: str, where: str,
                                           message: str) -> None:
    with pytest.raises(ScenarioError) as e:
        load_scenarios(write(tmp_path, GOOD + change), mini)
    line = first_line(e)
    assert line.startswith(f"{tmp_path / 's.yaml'}{where}: scenario 'first': ") and message in line, line


@pytest.mark.parametrize("position,where,message", [
    ("      hands: {mccain: [mccain-draw]}\n      decks: {mccain: [mccain-draw]}\n", ":7:24",
     'decks.mccain[0]: "mccain-draw" is already at position.hands.mccain[0]: a card is in one place'),
    ("      hands: {mccain: [mccain-draw, mccain-draw]}\n", ":6:37", "is already at position.hands.mccain[0]"),
    ("      media: mccain-media-dice\n      discards: {mccain: [mccain-media-dice]}\n", ":6:14",
     '"mccain-media-dice" is already'),
    ("      news: [bn-shift-economy, bn-shift-economy]\n", ":6:32", "in the Breaking News deck twice"),
    ("      scores: {mccain: lots}\n", ":6:24", "scores.mccain: expected a whole number from 0 to 540"),
    ("      reserve: [Alpha]\n", ":6:17", '"Alpha" is not a state out of play'),
    ("      hands: {mccain: [obama-draw]}\n", ":6:24", "is not one of McCain's cards"),
    ("      hands: [mccain-draw]\n", ":6:14", "position.hands: expected a mapping of mccain, obama"),
])
def test_a_position_that_cannot_be_is_refused_where_it_is_written(mini: CardSet, tmp_path: Path, position: str,
                                                                  where: str, message: str) -> None:
    with pytest.raises(ScenarioError) as e:
        loaded_and_run(mini, write(tmp_path, GOOD + position))
    line = first_line(e)
    assert line.startswith(f"{tmp_path / 's.yaml'}{where}: scenario 'first': position.") and message in line, line


def test_thirteen_tokens_on_the_board_are_refused(mini: CardSet, tmp_path: Path) -> None:
    # no state is won (each majority row keeps a block of the other colour), yet 13 McCain tokens
    text = """scenarios:
  - name: too many
    effect: nothing
    position:
      states:
        - {name: Alpha, defense: "R R W[r]", economy: "B[r] B[r] W[r] B", issue: 3}
        - {name: Beta, defense: "R W[r] B", economy: "B[r] W[r] R", issue: 2}
        - {name: Gamma, defense: "R B[r] B[r]", economy: "B R R", issue: 4}
        - {name: Delta, defense: "W[r] R B", economy: "W[r] B[r] R", issue: 1}
        - {name: Epsilon, defense: "R B W[r] W", economy: "B R W", issue: 2}
"""
    with pytest.raises(ScenarioError) as e:
        loaded_and_run(mini, write(tmp_path, text))
    assert first_line(e).endswith("position.states: McCain has 13 tokens on the board; a player has 12 (R1.4)")
    assert ":6:9:" in first_line(e)  # where the list of states starts


def test_a_broken_effect_is_located_at_its_line_in_the_scenario_file(mini: CardSet, tmp_path: Path) -> None:
    text = GOOD.replace("effect: draw 1", 'effect: |\n      draw 1\n      gain 1 suport on economy in "Alpha"')
    with pytest.raises(ScenarioError) as e:
        load_scenarios(write(tmp_path, text), mini)
    assert first_line(e).startswith(f"{tmp_path / 's.yaml'}:5:14: scenario 'first': unexpected \"suport\"")
    assert 'gain 1 suport on economy in "Alpha"' in str(e.value)  # the line, with a caret under it


@pytest.mark.parametrize("content,message", [
    (b"scenarios:\n  - name: x\n    effect: \xff\n", "byte 0xff"),
    ("scenarios: " + "[" * 5000 + "]" * 5000 + "\n", "nested too deeply"),
    ("a: &a [1, 2]\nscenarios: *a\n", "anchors and aliases"),
    ("scenarios:\n  - name: x\n\teffect: draw 1\n", "tab"),
    ("scenarios: 3\n", "expected a list of scenarios"),
    ("", "expected a mapping of game, scenarios"),
    ("scenarios:\n  - name: 'x\n", "quote"),
])
def test_broken_files_are_one_located_line(mini: CardSet, tmp_path: Path, content: str | bytes,
                                           message: str) -> None:
    with pytest.raises(ScenarioError if not isinstance(content, bytes) and "[" not in content[:12]
                       and "&" not in content and "\t" not in content and "'" not in content
                       else Exception) as e:
        load_scenarios(write(tmp_path, content), mini)
    assert message in str(e.value) and str(e.value).startswith(str(tmp_path / "s.yaml"))


def test_a_missing_or_huge_file_is_one_line(mini: CardSet, tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match="no such file"):
        load_scenarios(tmp_path / "nope.yaml", mini)
    with pytest.raises(Exception, match="larger than"):
        load_scenarios(write(tmp_path, "#" * (MAX_SCENARIO_BYTES + 1)), mini)


def test_cmdsl_scenario_reports_a_broken_file_and_goes_on(mini: CardSet, tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    bad = write(tmp_path, b"\xff", "bad.yaml")
    good = write(tmp_path, GOOD, "good.yaml")
    assert main(["scenario", "--cards", str(Path(__file__).parent / "data" / "mini"), str(bad), str(good)]) == 1
    out, err = capsys.readouterr()
    assert "=== good::first" in out and "## Events" in out
    assert f"{bad}:1:1: byte 0xff is not UTF-8 text" in err.replace("error: ", "")
    assert "Traceback" not in out + err


def test_the_position_api_locates_nothing_but_still_names_the_field(run: object) -> None:
    from cmdsl.games.cm2008.engine import campaign_game, rules_of
    from cmdsl.games.cm2008.loader import load_card_set
    from cmdsl.games.cm2008.scenario_position import build_position

    game = campaign_game(load_card_set(Path(__file__).parent / "data" / "mini"), 1)
    with pytest.raises(ScenarioError, match=r"position.states\[1\].name: unknown state \"Omega\""):
        build_position(rules_of(game), {"states": [FOUR[0], "Omega"]})


def test_one_scenario_loads_without_checking_the_others(mini: CardSet, tmp_path: Path) -> None:
    path = write(tmp_path, GOOD + "  - name: second\n    effect: draw 1\n    seed: nope\n")

    assert scenario_names(path) == ["first", "second"]
    assert load_scenario(path, mini, 0).name == "first"
    with pytest.raises(ScenarioError) as e:
        load_scenario(path, mini, 1)
    assert first_line(e).endswith("/s.yaml:8:11: scenario 'second': seed: expected a whole number from 0 to 9223372036854775807, got 'nope'")
    with pytest.raises(ScenarioError, match="there is no scenario 3: the file has 2"):
        load_scenario(path, mini, 2)


def test_view_adds_the_log_as_each_seat_saw_it(mini: CardSet, tmp_path: Path) -> None:
    """Issue 10: a snapshot stores the full log, plus the log as a seat saw it where the scenario
    asks (`view:`): the drawn card's name is in McCain's, not in Obama's."""
    text = GOOD.replace("    effect: draw 1\n", "    effect: draw 1\n    player: mccain\n    view: [obama, mccain]\n")
    text += "      decks: {mccain: [mccain-draw]}\n"
    [sc] = load_scenarios(write(tmp_path, text), mini)
    report = run_scenario(mini, sc).report()
    full, obama, mccain = report.split("## Events as ")
    drew = next(line for line in full.splitlines() if line.startswith("McCain draws"))
    assert drew != "McCain draws a card." and drew in mccain and drew not in obama
    assert "McCain draws a card." in obama and obama.startswith("Obama sees them\n")
    [plain] = load_scenarios(write(tmp_path, GOOD), mini)
    assert "## Events as" not in run_scenario(mini, plain).report()
