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


#: RA4.1 (a): p1 draws the top Media card; phase 2 offers nothing (no theme is open to it, RA6.1),
#: so it is taken without asking; then p2's turn starts. Only p1 sees the card drawn (RA3.3).
DRAW = HEAD + """\
    position:
      hands: {p1: [M01], p2: [M04]}
      media_deck: [M20, M21]
      action_deck: [A12, A13]
    answers: [draw]
    expect:
"""

#: Each common key, holding (RA4.1, RA3.3, RA1.6): what p2's view holds, whose decision is next and
#: its options, the events that did and did not happen, the decks' sizes and cards.
DRAW_EXPECT = {
    "view": '      view:\n        p2: {hand: [M04], hand_sizes: {p1: 2, p2: 1}, events: ["Player 1 draws a Media card"],'
            ' no_events: ["The Green Breakfast Show"]}\n        p1: {hand: 2, events: ["Player 1 draws The Green"]}\n',
    "pending": "      pending: {seat: p2, options: [draw, pass], prompt: phase 1}\n",
    "events": '      events: ["Player 1 draws The Green Breakfast Show", "Turn 2: Player 2"]\n',
    "no_events": '      no_events: ["Player 1 places The"]\n',
    "event_types": "      event_types: [Drew]\n",
    "no_event_types": "      no_event_types: [Sold]\n",
    "decks": "      decks: {media: [M21], action: 2}\n",
}


@pytest.mark.parametrize("key", DRAW_EXPECT)
def test_each_common_key_holds_ra4_1(tmp_path: Path, key: str) -> None:
    out = _run(tmp_path, DRAW + DRAW_EXPECT[key])
    assert out.checked >= 1  # type: ignore[attr-defined]


def test_every_common_key_at_once_counts_each_value_ra4_1(tmp_path: Path) -> None:
    out = _run(tmp_path, DRAW + "".join(DRAW_EXPECT.values()))
    # view: p2's hand, 2 sizes, 1 event, 1 no_event; p1's hand, 1 event; pending: 1 (one decision);
    # events: 2; no_events: 1; event types: 1 + 1; decks: 2
    assert out.checked == 15  # type: ignore[attr-defined]


@pytest.mark.parametrize("line, error", [
    # RA3.3: a hand is secret; p2 sees that p1 drew, never what
    ('      view: {p2: {events: ["The Green Breakfast Show"]}}\n',
     'expect.view.p2.events[0]: expected an event containing "The Green Breakfast Show", got none in'),
    ("      view: {p2: {hand: [M01]}}\n", "expect.view.p2.hand: expected [M01], got [M04]"),
    ("      view: {p1: {hand_sizes: {p2: 2}}}\n", "expect.view.p1.hand_sizes.p2: expected 2, got 1"),
    ("      pending: {seat: p1}\n", "expect.pending: expected a decision of p1 pending, got p2's (phase 1: draw, buy"),
    ("      pending: {seat: p2, options: [draw, buy, pass]}\n",
     "expect.pending: expected p2's decision to offer [draw, buy, pass], got [draw, pass]"),
    ("      pending: {seat: p2, prompt: phase 2}\n", 'expect.pending: expected p2\'s decision to ask "phase 2", got'),
    ("      pending: none\n", "expect.pending: expected no decision pending, got p2's (phase 1"),
    ('      events: ["Player 2 draws"]\n', 'expect.events[0]: expected an event containing "Player 2 draws", got none'),
    ('      no_events: ["draws"]\n', 'expect.no_events[0]: expected no event containing "draws", got "Player 1 draws'),
    ("      event_types: [Sold]\n", "expect.event_types[0]: expected a Sold event, got none"),
    ("      decks: {media: 2}\n", "expect.decks.media: expected 2, got 1"),
    ("      decks: {action: [A13, A12]}\n", "expect.decks.action: expected [A13, A12], got [A12, A13]"),
])
def test_a_common_expectation_that_does_not_hold_fails_at_its_line_ra4_1(tmp_path: Path, line: str, error: str) -> None:
    message = _fails(tmp_path, DRAW + line, line.strip().split(":")[0] + ":")
    assert error in message


@pytest.mark.parametrize("line, error", [
    ("      view: {p3: {hand: 1}}\n", "expect.view.p3: expected a seat of this game (p1, p2)"),
    ("      view: {p1: {hands: 1}}\n", 'expect.view.p1.hands: unknown key "hands"'),
    ("      view: {p1: {hand: [M99]}}\n", 'expect.view.p1.hand[0]: unknown card "M99"'),
    ("      pending: {options: [draw]}\n", "expect.pending: say whose decision it is: seat: p1"),
    ("      pending: {seat: p9}\n", "expect.pending.seat: expected a seat of this game"),
    ("      pending: p2\n", "expect.pending: expected none, or whose decision it is"),
    ("      decks: {medias: 1}\n", "expect.decks.medias: expected one of this game's piles (media, action)"),
    ("      decks: {media: [A12]}\n", "expect.decks.media[0]: A12 is not a Media card"),
    ("      decks: {action: -1}\n", "expect.decks.action: expected "),
    ("      event_types: [Drawn]\n", 'expect.event_types[0]: unknown event type "Drawn"'),
    ("      pendng: none\n", 'expect.pendng: unknown key "pendng"'),
    ("      refused: x\n      pending: none\n", "expect.pending: refused: says the position is refused"),
])
def test_a_malformed_common_key_is_one_located_error(tmp_path: Path, line: str, error: str) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(DRAW + line, encoding="utf-8")
    with pytest.raises(ScenarioError) as e:
        load_racolage_scenarios(path, CARDS)
    assert error in str(e.value)
    assert str(e.value).startswith(f"{path}:")


def test_refused_fails_when_the_run_is_accepted_or_refused_otherwise_ra4_1(tmp_path: Path) -> None:
    """RA4.1: ``draw`` is an option of phase 1: a scenario that expects it refused fails, located."""
    message = _fails(tmp_path, HEAD + "    answers: [draw]\n    expect:\n      refused: not an option\n", "refused:")
    assert 'expect.refused: expected the position to be refused ("not an option"), but it was accepted' in message
    message = _fails(tmp_path, HEAD + "    answers: [fly]\n    expect:\n      refused: the game is over\n", "refused:")
    assert "refused with another message: answers[0]:" in message
