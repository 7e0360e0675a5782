"""Lobbys scenarios (issue 14, item 1): every scenario of the bundled Lobbys set
(cards/lobbys/scenarios/) runs strictly, its ``expect:`` block holds (each written from the rules,
by hand, with the L-rule it shows), and its report is pinned as a reviewed snapshot
(cards/lobbys/scenarios/__snapshots__/), run as `cmdsl test cards/lobbys` runs them.
Then the form itself: each malformed part is one located error that names the rule it breaks."""

from __future__ import annotations

from pathlib import Path

import pytest

from cmdsl.games.lobbys.scenario import load_lobbys_scenarios
from cmdsl.games.lobbys.scenario_run import run_lobbys_scenario
from cmdsl.games.lobbys.seats import LobbysSeat
from cmdsl.sets.scenario_doc import ScenarioError
from cmdsl.games.cm2008.scenario_file import load_scenarios

from cmdsl.set_tests import Case, check, collect, runner_for, scenario_files, scenario_folder, stale_snapshots

from ..conftest import passes

LOBBYS = Path(__file__).resolve().parents[2] / "cards" / "lobbys"
SCENARIOS = scenario_folder(LOBBYS)
CASES, BROKEN = collect(scenario_files(LOBBYS))
RUN = runner_for(LOBBYS)


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_lobbys_scenario(case: Case) -> None:
    passes(check(case, RUN))


def test_every_scenario_file_reads_and_every_snapshot_is_used() -> None:
    assert [v.message for v in BROKEN] == []
    assert stale_snapshots(LOBBYS, CASES) == []


def test_every_scenario_says_what_it_expects() -> None:
    """A snapshot alone pins whatever the code did; each scenario also states the outcome."""
    for f in sorted(SCENARIOS.glob("*.yaml")):
        for sc in load_lobbys_scenarios(f):
            assert sc.expect, f"{sc.id} has no expect: block"


def test_a_wrong_expectation_fails_at_its_line(tmp_path: Path) -> None:
    """L9.6: the post's 44 is an arithmetic slip; a scenario that expects it fails, located."""
    text = (SCENARIOS / "scoring.yaml").read_text()
    wrong = text.replace("round_scores: {p1: 56, p2: 10}", "round_scores: {p1: 44, p2: 10}")
    assert wrong != text
    sc = load(tmp_path, wrong)[0]
    with pytest.raises(ScenarioError) as e:
        run_lobbys_scenario(sc)  # type: ignore[arg-type]
    line = next(i for i, s in enumerate(wrong.splitlines(), 1) if "round_scores: {p1: 44" in s)
    assert str(e.value).startswith(f"{tmp_path / 's.yaml'}:{line}:")
    assert "expected p1 to score 44 in round 1, got 56" in str(e.value)


# ---- the form: malformed scenarios --------------------------------------------------------

BASE = """game: lobbys
scenarios:
  - name: s
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
    expect:
      tenders: [p1]
"""


def load(tmp_path: Path, text: str) -> list[object]:
    f = tmp_path / "s.yaml"
    f.write_text(text)
    return load_lobbys_scenarios(f)  # type: ignore[return-value]


def test_the_base_of_the_bad_cases_is_good(tmp_path: Path) -> None:
    (sc,) = load(tmp_path, BASE)
    run_lobbys_scenario(sc)  # type: ignore[arg-type]


@pytest.mark.parametrize("old,new,line,message", [
    ("players: 2", "players: 6", 4, "players: expected a whole number from 2 to 5, got 6"),
    ("players: 2", "playrs: 2", 4, 'unknown key "playrs"'),
    ("    players: 2\n", "", 3, "say how many play: players: 2 to 5"),
    ("p1: AC 4H", "p1: AC 9H", 8, "position.hands.p1[1]: 9H is not in the Offer deck of a 2-player game: its ranks are A to 4 (L1.4)"),
    ("p1: AC 4H", "p1: AC 3C", 9, "3C is in p1's hand already: a card is in one place"),
    ("p1: AC 4H", "p1: AC 4H 2H", 8, "p1 holds 3 cards; in tender 6 of round 1 every hand holds 2 (8 dealt, 1 vote, 5 offers)"),
    ("p1: AC 4H", "p1: AC XH", 8, '"XH" is not a card'),
    ("p1: AC 4H", "p3: AC 4H", 8, "p3 is not a seat of a 2-player game (seats are p1 to p2)"),
    ("        p1: AC 4H\n", "", 8, "p1 missing: give every seat of the game"),
    ("offer: [JC, KS]", "offer: [JC]", 13, "expected the two contracts of the tender, main then linked (L6.1), got 1"),
    ("offer: [JC, KS]", "offer: [JC, 4S]", 13, '"4S" is a pip card, not a face card'),
    ("offer: [JC, KS]", "offer: [JC, KH]", 13, "KH is won by p1 already: a card is in one place"),
    ("p2: [QD, QC, KD, KC]", "p2: [QD, QC, KD]", 11, "contracts are won two at a time (L6.4): 9 won in all"),
    ("trump: clubs", "trump: club", 6, "expected a suit (hearts, diamonds, clubs, spades) or none"),
    ("      trump: clubs\n", "", 6, "a tender needs this round's trump"),
    ("- {p1: AC, p2: 3C}", "- {p1: AC}", 15, "p2 did not pick: every seat picks at each step (L2.2)"),
    ("- {p1: AC, p2: 3C}", "- AC", 15, "expected every seat's pick of this step"),
    ("tenders: [p1]", "tender: [p1]", 17, 'unknown key "tender"'),
    ("tenders: [p1]", "phase: voting", 17, "expected one of election, tender, over"),
    ("tenders: [p1]", "winners: []", 17, "expected the seats that win"),
    ("game: lobbys", "game: lobby", 1, 'expected one of cm2008, diemacher, lobbys, racolage, got "lobby"'),
])
def test_a_malformed_scenario_is_one_located_error(tmp_path: Path, old: str, new: str, line: int,
                                                   message: str) -> None:
    text = BASE.replace(old, new, 1)
    assert text != BASE
    with pytest.raises(ScenarioError) as e:
        load(tmp_path, text)
    first = str(e.value).splitlines()[0]
    assert first.startswith(f"{tmp_path / 's.yaml'}:{line}:"), first
    assert message in str(e.value)


def test_a_position_at_the_election_takes_no_trump_nor_won_contracts(tmp_path: Path) -> None:
    election = """game: lobbys
scenarios:
  - name: e
    players: 2
    position:
      hands: {p1: AH 2H 3H 4H AD 2D 3D 4D, p2: AC 2C 3C 4C AS 2S 3S 4S}
      trump: hearts
"""
    with pytest.raises(ScenarioError, match=r"the trump is elected at the election \(L5.4\)"):
        load(tmp_path, election)
    with pytest.raises(ScenarioError, match="contracts are won in tenders, after the election"):
        load(tmp_path, election.replace("trump: hearts", "won: {p1: [JH, QH]}"))
    with pytest.raises(ScenarioError, match="the election has not been held"):
        load(tmp_path, election.replace("trump: hearts", "votes: {p1: AH, p2: AC}"))
    with pytest.raises(ScenarioError, match="every hand holds the 8 cards dealt"):
        load(tmp_path, election.replace("AH 2H 3H 4H AD", "AH 2H 3H AD").replace("      trump: hearts\n", ""))
    with pytest.raises(ScenarioError, match="at 5 players none are left over"):
        load(tmp_path, election.replace("players: 2", "players: 5\n    people: true"))


def test_a_pick_the_seat_does_not_hold_fails_at_that_pick(tmp_path: Path) -> None:
    (sc,) = load(tmp_path, BASE.replace("- {p1: AC, p2: 3C}", "- {p1: AC, p2: 2C}"))
    with pytest.raises(ScenarioError) as e:
        run_lobbys_scenario(sc)  # type: ignore[arg-type]
    assert str(e.value).startswith(f"{tmp_path / 's.yaml'}:15:")
    assert "p2 cannot pick 2♣" in str(e.value) and "its hand: 2♦ 3♣" in str(e.value)


def test_picks_left_when_the_game_is_over_fail(tmp_path: Path) -> None:
    text = BASE.replace("players: 2\n    position:\n", "players: 2\n    position:\n      round: 3\n")
    text = text.replace("- {p1: AC, p2: 3C}", "- {p1: AC, p2: 3C}\n      - {p1: 4H, p2: 2D}")
    (sc,) = load(tmp_path, text)
    with pytest.raises(ScenarioError, match="the game is over: 1 step of picks left unused"):
        run_lobbys_scenario(sc)  # type: ignore[arg-type]


def test_the_position_keeps_every_partition(tmp_path: Path) -> None:
    """The built position holds the invariants of the property tests (issue 14 item 5): the
    offer cards partition into hands and piles, the 12 contracts into deck, offer and won."""
    (sc,) = load(tmp_path, BASE)
    pos = sc.position  # type: ignore[attr-defined]
    cards = [c for h in pos.hands for c in h] + pos.election_pile + pos.offer_pile
    assert sorted(cards, key=lambda c: c.sort_key) == list(pos.data.offer_deck(2))
    contracts = pos.contract_deck + list(pos.contract_offer) + [c for w in pos.won for c in w]
    assert len(contracts) == len(set(contracts)) == 12
    assert pos.tenders_done == 5 and len(pos.election_pile) == 2 and len(pos.offer_pile) == 10


def test_contracts_listed_are_turned_up_next_in_order(tmp_path: Path) -> None:
    text = BASE.replace("      won:\n        p1: [JH, JD, JS, QH, QS, KH]\n        p2: [QD, QC, KD, KC]\n", "")
    text = text.replace("p1: AC 4H", "p1: AC 4H AH 2H 3H AD 2D").replace("p2: 3C 2D", "p2: 3C AS 2S 3S 4S 2C 4C")
    text = text.replace("offer: [JC, KS]", "offer: [JC, KS]\n      contracts: [QH, KD, JS]")
    (sc,) = load(tmp_path, text)
    deck = sc.position.contract_deck  # type: ignore[attr-defined]
    assert [c.id for c in deck[::-1][:3]] == ["QH", "KD", "JS"]


def test_a_cm2008_loader_refuses_a_lobbys_file_and_the_other_way(tmp_path: Path, mini: object) -> None:
    f = tmp_path / "s.yaml"
    f.write_text(BASE)
    with pytest.raises(ScenarioError, match="this is a file of lobbys scenarios, not cm2008"):
        load_scenarios(f, mini)  # type: ignore[arg-type]
    f.write_text(BASE.replace("game: lobbys\n", ""))
    with pytest.raises(ScenarioError, match="this is a file of cm2008 scenarios, not lobbys"):
        load_lobbys_scenarios(f)


def test_a_seat_sees_only_its_own_new_hand_in_a_scenarios_view() -> None:
    """L11.6 in the report: the log as Player 1 saw it has no card of another seat's deal."""
    sc = next(s for s in load_lobbys_scenarios(SCENARIOS / "rounds.yaml") if s.views == (LobbysSeat.P1,))
    out = run_lobbys_scenario(sc)
    full, seen = out.report().split("## Events as Player 1 sees them\n")
    for seat in (LobbysSeat.P2, LobbysSeat.P3):
        hand = " ".join(str(c) for c in out.position.hands[seat.index])
        assert f"{seat} is dealt {hand}." in full  # the full log has it: the check can fail
        assert f"{seat} is dealt {hand}." not in seen and f"{seat} is dealt 8 cards." in seen
    own = " ".join(str(c) for c in out.position.hands[0])
    assert f"Player 1 is dealt {own}." in seen
