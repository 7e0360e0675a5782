"""Issue 23: `cmdsl scenario FILE` says when a scenario's `expect:` passed, with the number of
checks made ("expect: 5 checks passed"), for both games; a scenario without `expect:` says nothing
about it (docs/scenarios.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cmdsl.cli import main

CM2008 = """scenarios:
  - name: yes we can
    play: obama-yes-we-can
    position: {states: [Florida, Michigan]}
    answers: [state:florida]
%s"""
# R4: Obama plays the card (a CardPlayed event), gains a support in Florida, ends with 0 cards
EXPECT_CM2008 = """    expect:
      hands: {obama: 0}
      event_types: [CardPlayed]
      events: ["Obama plays Yes We Can"]
"""

LOBBYS = """game: lobbys
scenarios:
  - name: a trump offer wins
    players: 2
    position:
      trump: clubs
      hands:
        p1: AC 4H
        p2: 3C 2D
      won:
        p1: [JH, JD, JS, QH, QS, KH]
        p2: [QD, QC, KD, KC]
      offer: [JC, KS]
    picks:
      - {p1: AC, p2: 3C}
%s"""
# L6.3 step 1: the trump Ace wins the tender; L9.6: the round's scores
EXPECT_LOBBYS = """    expect:
      tenders: [p1]
      round_scores: {p1: 56, p2: 10}
      round: 2
      phase: election
"""


def run(tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str]) -> str:
    f = tmp_path / "s.yaml"
    f.write_text(text)
    assert main(["scenario", str(f)]) == 0, capsys.readouterr()
    return capsys.readouterr().out


@pytest.mark.parametrize("template,expect,checks", [(CM2008, EXPECT_CM2008, 3), (LOBBYS, EXPECT_LOBBYS, 5)],
                         ids=["cm2008", "lobbys"])
def test_a_passing_expect_says_how_many_checks_passed(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                     template: str, expect: str, checks: int) -> None:
    out = run(tmp_path, template % expect, capsys)
    assert out.rstrip().endswith(f"expect: {checks} checks passed")  # after the report
    assert out.count("expect:") == 1


@pytest.mark.parametrize("template", [CM2008, LOBBYS], ids=["cm2008", "lobbys"])
def test_a_scenario_without_expect_says_nothing_about_it(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                         template: str) -> None:
    out = run(tmp_path, template % "", capsys)
    assert "## Events" in out and "expect" not in out


def test_one_check_is_said_in_the_singular(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = run(tmp_path, CM2008 % "    expect:\n      hands: {obama: 0}\n", capsys)
    assert out.rstrip().endswith("expect: 1 check passed")
