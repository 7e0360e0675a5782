"""``expect:`` blocks: what must hold once a scenario has run, written next to the action so a
reviewer sees the intent without reading the snapshot. Each failing expectation is one located
line naming the scenario, the expectation, what was expected and what the game shows."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cmdsl.games.cm2008.model import CardSet
from cmdsl.games.cm2008.scenario import ScenarioError, run_scenario
from cmdsl.games.cm2008.scenario_file import load_scenarios

HEAD = """scenarios:
  - name: draw, gain, shift
    effect: |
      draw 1
      gain 1 support on economy in "Alpha"
      shift "Beta" 1 toward defense
    position:
      states: [Alpha, Beta, Gamma, Delta]
      decks: {mccain: [mccain-nothing-2, mccain-nothing-3]}
    expect:
"""
#: Every kind of expectation, each true of that scenario.
ALL_TRUE = """      scores: {mccain: 155, obama: 157}
      supplies: {mccain: 11, obama: 12}
      states:
        Alpha: {economy: "B[r] B W B", defense: R R W, issue: 2, majority: defense, key: Seniors}
        Beta: {issue: 2}
      in_play: [Alpha, Beta, Gamma, Delta]
      won: {Alpha: nobody}
      hands: {mccain: [mccain-nothing-2], obama: 0}
      decks: {mccain: [mccain-nothing-3]}
      discards: {mccain: 0}
      media: none
      events: ["McCain draws Mccain Nothing 2", "Beta: issue marker moves from box 3 to box 2"]
      no_events: ["Obama"]
      event_types: [CardDrawn, BlockChanged, IssueShifted]
      no_event_types: [StateWon]
      result: none
"""


def run_file(mini: CardSet, tmp_path: Path, expect: str) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(HEAD + expect)
    for sc in load_scenarios(path, mini):
        run_scenario(mini, sc)


def where_and_what(e: pytest.ExceptionInfo[ScenarioError]) -> str:
    """The first line of the error without the file and the column: "11: scenario '…': …"."""
    m = re.fullmatch(r".*s\.yaml:(\d+):\d+: (.*)", str(e.value).splitlines()[0])
    assert m is not None, str(e.value)
    return f"{m[1]}: {m[2]}"


def error(mini: CardSet, tmp_path: Path, expect: str) -> str:
    with pytest.raises(ScenarioError) as e:
        run_file(mini, tmp_path, expect)
    return where_and_what(e)


def test_expectations_that_hold_pass(mini: CardSet, tmp_path: Path) -> None:
    run_file(mini, tmp_path, ALL_TRUE)


@pytest.mark.parametrize("expect, message", [
    ("      scores: {mccain: 160}\n", "11: scenario 'draw, gain, shift': expect.scores.mccain: expected 160, got 155"),
    ("      supplies: {mccain: 12}\n", "11: scenario 'draw, gain, shift': expect.supplies.mccain: expected 12, got 11"),
    ("      states: {Alpha: {economy: B B W B}}\n",
     "11: scenario 'draw, gain, shift': expect.states.Alpha.economy: expected B B W B, got B[r] B W B"),
    ("      states: {Beta: {issue: 3}}\n", "11: scenario 'draw, gain, shift': expect.states.Beta.issue: expected 3, got 2"),
    ("      states: {Delta: {majority: defense}}\n",
     "11: scenario 'draw, gain, shift': expect.states.Delta.majority: expected defense, got economy"),
    ("      states: {Alpha: {key: Women}}\n", "11: scenario 'draw, gain, shift': expect.states.Alpha.key: expected Women, got Seniors"),
    ("      states: {Epsilon: {issue: 1}}\n",
     "11: scenario 'draw, gain, shift': expect.states.Epsilon.issue: expected 1, got Epsilon not in play"),
    ("      in_play: [Alpha]\n",
     "11: scenario 'draw, gain, shift': expect.in_play: expected [Alpha], got [Alpha, Beta, Gamma, Delta]"),
    ("      won: {Alpha: mccain}\n", "11: scenario 'draw, gain, shift': expect.won.Alpha: expected mccain, got nobody"),
    ("      hands: {mccain: 2}\n", "11: scenario 'draw, gain, shift': expect.hands.mccain: expected 2, got 1"),
    ("      decks: {mccain: [mccain-nothing-2]}\n",
     "11: scenario 'draw, gain, shift': expect.decks.mccain: expected [mccain-nothing-2], got [mccain-nothing-3]"),
    ("      discards: {obama: [obama-nothing-1]}\n",
     "11: scenario 'draw, gain, shift': expect.discards.obama: expected [obama-nothing-1], got []"),
    ("      media: mccain-media-dice\n", "11: scenario 'draw, gain, shift': expect.media: expected mccain-media-dice, got none"),
    ("      events: [Obama draws]\n",
     "11: scenario 'draw, gain, shift': expect.events[0]: expected an event containing \"Obama draws\", got none in 5 events"),
    ("      no_events: [McCain draws]\n",
     "11: scenario 'draw, gain, shift': expect.no_events[0]: expected no event containing \"McCain draws\", "
     "got \"McCain draws Mccain Nothing 2.\""),
    ("      event_types: [StateWon]\n",
     "11: scenario 'draw, gain, shift': expect.event_types[0]: expected a StateWon event, got none in 5 events"),
    ("      no_event_types: [CardDrawn]\n",
     "11: scenario 'draw, gain, shift': expect.no_event_types[0]: expected no CardDrawn event, "
     "got \"McCain draws Mccain Nothing 2.\""),
    ("      result: draw\n", "11: scenario 'draw, gain, shift': expect.result: expected draw, got none"),
    ("      scores: {mccain: 1, obama: 2}\n",
     "11: scenario 'draw, gain, shift': expect.scores.mccain: expected 1, got 155 (and 1 more failed expectation)"),
])
def test_an_expectation_that_fails_is_one_located_line(mini: CardSet, tmp_path: Path, expect: str, message: str) -> None:
    assert error(mini, tmp_path, expect) == message


@pytest.mark.parametrize("expect, message", [
    ("      score: {mccain: 1}\n", '11: scenario \'draw, gain, shift\': expect.score: unknown key "score"; keys are'),
    ("      scores: {mccain: lots}\n", "11: scenario 'draw, gain, shift': expect.scores.mccain: expected a whole number"),
    ("      scores: {maccain: 1}\n", '11: scenario \'draw, gain, shift\': expect.scores.maccain: unknown key "maccain"'),
    ("      states: {Alfa: {issue: 1}}\n", '11: scenario \'draw, gain, shift\': expect.states.Alfa: unknown state "Alfa"'),
    ("      states: {Alpha: {isue: 1}}\n", '11: scenario \'draw, gain, shift\': expect.states.Alpha.isue: unknown key "isue"'),
    ("      states: {Alpha: {economy: B B B}}\n", "11: scenario 'draw, gain, shift': expect.states.Alpha.economy: Alpha:"),
    ("      states: {Alpha: {key: Latinos}}\n",
     "11: scenario 'draw, gain, shift': expect.states.Alpha.key: Alpha's groups are Seniors and Women"),
    ("      states: {Alpha: {majority: money}}\n",
     "11: scenario 'draw, gain, shift': expect.states.Alpha.majority: expected defense or economy"),
    ("      won: {Alpha: everybody}\n", "11: scenario 'draw, gain, shift': expect.won.Alpha: expected mccain, obama or nobody"),
    ("      hands: {mccain: [obama-nothing-1]}\n",
     "11: scenario 'draw, gain, shift': expect.hands.mccain[0]: \"obama-nothing-1\" is not one of McCain's cards"),
    ("      media: mccain-nothing-1\n", "11: scenario 'draw, gain, shift': expect.media: \"mccain-nothing-1\" is not a Media"),
    ("      event_types: [StateWonn]\n",
     "11: scenario 'draw, gain, shift': expect.event_types[0]: unknown event type \"StateWonn\""),
    ("      result: obama wins\n", "11: scenario 'draw, gain, shift': expect.result: expected one of mccain, obama"),
    ("      events: Obama\n", "11: scenario 'draw, gain, shift': expect.events: expected a list"),
])
def test_the_expect_block_is_checked_when_the_file_loads(mini: CardSet, tmp_path: Path, expect: str, message: str) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(HEAD + expect)
    with pytest.raises(ScenarioError) as e:
        load_scenarios(path, mini)  # not run: checked at load
    assert where_and_what(e).startswith(message)


def test_a_misspelt_type_gets_a_did_you_mean(mini: CardSet, tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(HEAD + "      no_event_types: [StateWonn]\n")
    with pytest.raises(ScenarioError) as e:
        load_scenarios(path, mini)
    assert 'did you mean "StateWon"?' in str(e.value)
