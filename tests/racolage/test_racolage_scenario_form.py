"""Racolage scenarios in the one scenario form of every game (docs/scenarios.md; issue 54 §4):
an answer written for a decision the engine takes by itself (a single option) is matched to it and
never handed on to the next decision, and the common keys of ``expect:`` (``refused``, ``view``,
``pending``, ``events`` / ``no_events``, ``decks``) say what holds, each failing at its line."""

from __future__ import annotations

from pathlib import Path

import pytest

from cmdsl.games.racolage.loader import load_set
from cmdsl.games.racolage.scenario import load_racolage_scenarios, run_racolage_scenario
from cmdsl.sets.scenario_doc import ScenarioError

RACOLAGE = Path(__file__).resolve().parents[2] / "cards" / "racolage"
CARDS = load_set(RACOLAGE)
HEAD = "game: racolage\nscenarios:\n  - name: x\n"

#: RA5, RA11.2: p1 can pay for one Action (the deck holds one), with its one card: buying asks
#: nothing but whether to buy (``buy:1`` and ``sell:M09`` are the only options), then phase 2.
ONE_OPTION = HEAD + """\
    position:
      hands: {p1: [M09], p2: [M01]}
      action_deck: [A12]
"""


def _run(tmp_path: Path, text: str) -> object:
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    sc = load_racolage_scenarios(path, CARDS)[0]
    return run_racolage_scenario(sc, CARDS)


def _fails(tmp_path: Path, text: str, line_of: str) -> str:
    """The located error of a scenario that must fail, checked to point at the line holding ``line_of``."""
    with pytest.raises(ScenarioError) as e:
        _run(tmp_path, text)
    line = next(i for i, s in enumerate(text.splitlines(), 1) if line_of in s)
    assert str(e.value).startswith(f"{tmp_path / 's.yaml'}:{line}:"), str(e.value)
    assert "\n" not in str(e.value).split(" — ")[0].strip()
    return str(e.value)


def test_an_answer_for_a_one_option_decision_is_matched_to_it_ra5(tmp_path: Path) -> None:
    """RA5.2: the one card p1 can sell is sold without asking; ``buy:1, sell:M09`` written anyway
    are those decisions' own, and ``pass`` answers phase 2 (RA4.2 d)."""
    out = _run(tmp_path, ONE_OPTION + "    answers: [buy, buy:1, sell:M09, pass]\n"
               "    expect:\n      hands: {p1: [A12]}\n      discard: [M09]\n")
    assert "Player 2" in out.report().splitlines()[-1]  # type: ignore[attr-defined]


def test_answers_left_over_after_one_option_decisions_still_fail(tmp_path: Path) -> None:
    """A matched answer is used once: one written twice is left over, and is refused at its place."""
    message = _fails(tmp_path, ONE_OPTION + "    answers: [buy, buy:1, buy:1, pass]\n", "answers:")
    assert 'answers[2]: "buy:1" is not an option of this decision' in message


def test_refused_a_step_refused_with_that_message_ra4_1(tmp_path: Path) -> None:
    """RA4.1: phase 1 offers draw, buy or pass; ``fly`` is refused, and the scenario says so."""
    out = _run(tmp_path, HEAD + "    answers: [fly]\n    expect:\n      refused: is not an option of this decision\n")
    assert out.report().startswith("## Refused\n")  # type: ignore[attr-defined]
