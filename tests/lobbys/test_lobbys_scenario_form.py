"""Lobbys scenarios in the one scenario form of every game (docs/scenarios.md; issue 54 §4): the
common keys of ``expect:`` — ``refused``, ``view``, ``pending``, ``events`` / ``no_events`` (and
their types), ``decks`` — each said with an explicit expectation, each failing at its line when it
does not hold, each malformed one a located error."""

from __future__ import annotations

from pathlib import Path

import pytest

from cmdsl.games.lobbys.scenario import load_lobbys_scenarios
from cmdsl.games.lobbys.scenario_run import run_lobbys_scenario
from cmdsl.sets.scenario_doc import ScenarioError

#: L6.2, L6.3 step 1, L6.5, L6.1: tender 1 of round 1, trump clubs; Player 1's A♣ is trump and wins
#: Q♥ and J♠; the next two contracts (K♦, K♣, as written) are turned up, and both seats pick again.
TENDER = """game: lobbys
scenarios:
  - name: s
    players: 2
    position:
      trump: clubs
      offer: [QH, JS]
      contracts: [KD, KC]
      hands: {p1: AC 2C 3C 4C AH 2H 3H, p2: 4H AD 2D 3D 4D AS 2S}
    picks:
      - {p1: AC, p2: AS}
    expect:
"""

#: L7, L4.1, L11.6: the last tender of round 1 is played, the round scored, and round 2 dealt from
#: the seed (seed 0 deals Player 1 2♥ 3♥ 4♥ 2♦ 2♣ 3♣ 4♣ 3♠): each seat sees only its own new hand.
LAST_TENDER = """game: lobbys
scenarios:
  - name: s
    players: 2
    position:
      trump: clubs
      hands: {p1: AC 4H, p2: 3C 2D}
      won:
        p1: [JH, JD, JS, QH, QS, KH]
        p2: [QD, QC, KD, KC]
      offer: [JC, KS]
    picks:
      - {p1: AC, p2: 3C}
    expect:
"""

EXPECT = {
    # L6.1, L6.2: both seats pick their offer for K♦ and K♣ at once; each is offered its own hand
    "pending": (TENDER, "      pending: {seat: p2, options: [4H, AD, 2D, 3D, 4D, 2S], prompt: tender 2 of 6}\n"),
    "events": (TENDER, '      events: ["Player 1 wins the tender with A♣ (trump, L6.3 step 1)", '
                       '"K♦ (Industry) is the main contract"]\n'),
    "no_events": (TENDER, '      no_events: ["Player 2 wins"]\n'),
    "event_types": (TENDER, "      event_types: [OffersRevealed, TenderWon, ContractsTurnedUp]\n"),
    "no_event_types": (TENDER, "      no_event_types: [RoundScored]\n"),
    # L1.3, L6.1: 12 contracts, 2 won, 2 on offer: 8 left, the first written turned up first
    "decks": (TENDER, "      decks: {contracts: 8, people: 0}\n"),
    # L11.6: Player 2 sees its own new hand and how many Player 1 holds, never which
    "view": (LAST_TENDER, "      view:\n"
                          "        p2: {hand: AH AD 3D 4D AC AS 2S 4S, hand_sizes: {p1: 8, p2: 8},"
                          ' events: ["Player 1 is dealt 8 cards"], no_events: ["Player 1 is dealt 2♥"]}\n'
                          '        p1: {hand: 8, events: ["Player 1 is dealt 2♥ 3♥ 4♥"]}\n'),
    "pending (every seat votes at once, L5.1)": (LAST_TENDER, "      pending: {seat: p1, options: [2H, 3H, 4H, 2D, 2C, "
                                                              "3C, 4C, 3S], prompt: election}\n"),
}


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def _run(tmp_path: Path, text: str) -> object:
    [sc] = load_lobbys_scenarios(_write(tmp_path, text))
    return run_lobbys_scenario(sc)


@pytest.mark.parametrize("key", EXPECT)
def test_each_common_key_holds_l6_l11_6(tmp_path: Path, key: str) -> None:
    base, line = EXPECT[key]
    out = _run(tmp_path, base + line)
    assert out.checked >= 1  # type: ignore[attr-defined]


def test_the_view_counts_one_check_per_value_l11_6(tmp_path: Path) -> None:
    base, line = EXPECT["view"]
    # p2: its hand, 2 sizes, 1 event, 1 no_event; p1: its hand's size, 1 event
    assert _run(tmp_path, base + line).checked == 7  # type: ignore[attr-defined]


@pytest.mark.parametrize("base, line, error", [
    (TENDER, "      pending: {seat: p2, options: [4H, AD]}\n",
     "expect.pending: expected p2's decision to offer [4H, AD], got [4H, AD, 2D, 3D, 4D, 2S]"),
    (TENDER, "      pending: {seat: p1, prompt: election}\n", "expect.pending: expected p1's decision to ask \"election\""),
    (TENDER, "      pending: none\n", "expect.pending: expected no decision pending, got p1's (round 1, tender 2"),
    (TENDER, '      events: ["Player 2 wins"]\n', 'expect.events[0]: expected an event containing "Player 2 wins", got none'),
    (TENDER, '      no_events: ["Player 1 wins"]\n', 'expect.no_events[0]: expected no event containing "Player 1 wins", got'),
    (TENDER, "      event_types: [RoundScored]\n", "expect.event_types[0]: expected a RoundScored event, got none"),
    (TENDER, "      decks: {contracts: 10}\n", "expect.decks.contracts: expected 10, got 8"),
    (TENDER, "      decks: {contracts: [KD, KC]}\n", "expect.decks.contracts: expected [KD, KC], got ["),
    # L11.6: what Player 1 was dealt is not Player 2's to see
    (LAST_TENDER, '      view: {p2: {events: ["Player 1 is dealt 2♥"]}}\n',
     'expect.view.p2.events[0]: expected an event containing "Player 1 is dealt 2♥", got none'),
    (LAST_TENDER, "      view: {p2: {hand_sizes: {p1: 7}}}\n", "expect.view.p2.hand_sizes.p1: expected 7, got 8"),
    (LAST_TENDER, "      view: {p1: {hand: AH 2H 3H 4H 2D 2C 3C 4C}}\n", "expect.view.p1.hand: expected ["),
])
def test_a_common_expectation_that_does_not_hold_fails_at_its_line(tmp_path: Path, base: str, line: str,
                                                                   error: str) -> None:
    text = base + line
    with pytest.raises(ScenarioError) as e:
        _run(tmp_path, text)
    key = line.strip().split(":")[0] + ":"
    at = next(i for i, s in enumerate(text.splitlines(), 1) if s.strip().startswith(key))
    assert str(e.value).startswith(f"{tmp_path / 's.yaml'}:{at}:"), str(e.value)
    assert error in str(e.value)


@pytest.mark.parametrize("line, error", [
    ("      pending: {seat: p3}\n", "expect.pending.seat: p3 is not a seat of a 2-player game"),
    ("      pending: {seat: p1, options: []}\n", "expect.pending.options: a decision has one option at least"),
    ("      decks: {contract: 8}\n", "expect.decks.contract: expected one of this game's piles (contracts, people)"),
    ("      decks: {contracts: [QX]}\n", "expect.decks.contracts"),
    ("      view: {p1: {hand: 9X}}\n", "expect.view.p1.hand"),
    ("      view: {p1: {opponent_hand: 1}}\n", 'expect.view.p1.opponent_hand: unknown key "opponent_hand"'),
    ("      deck: {contracts: 8}\n", 'expect.deck: unknown key "deck"'),
])
def test_a_malformed_common_key_is_one_located_error(tmp_path: Path, line: str, error: str) -> None:
    path = _write(tmp_path, TENDER + line)
    with pytest.raises(ScenarioError) as e:
        load_lobbys_scenarios(path)
    assert str(e.value).startswith(f"{path}:")
    assert error in str(e.value)


def test_refused_a_pick_of_a_card_not_in_hand_l6_2(tmp_path: Path) -> None:
    """L6.2: a seat offers a card of its hand; 4S is not Player 1's: refused, and nothing changes."""
    text = TENDER.replace("- {p1: AC, p2: AS}", "- {p1: 4S, p2: AS}") + "      refused: cannot pick 4♠\n"
    out = _run(tmp_path, text)
    assert out.report().startswith("## Refused\n")  # type: ignore[attr-defined]
    with pytest.raises(ScenarioError, match="expected the position to be refused .*but it was accepted"):
        _run(tmp_path, TENDER + "      refused: cannot pick\n")
