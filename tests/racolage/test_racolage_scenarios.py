"""Racolage Électoral scenarios (issue 30 §4): every scenario of the bundled set
(cards/racolage/scenarios/) runs strictly, its ``expect:`` block holds (each written from the rule
it names), and its report is pinned as a reviewed snapshot, run as `cmdsl test cards/racolage` runs
them. Then the form: each malformed part is one located error."""

from __future__ import annotations

from pathlib import Path

import pytest

from cmdsl.games.racolage.cards import ActionKind
from cmdsl.games.racolage.loader import load_set
from cmdsl.lang.ast import WhileInPlay
from cmdsl.games.racolage.scenario import load_racolage_scenarios, run_racolage_scenario
from cmdsl.sets.scenario_doc import ScenarioError
from cmdsl.set_tests import Case, check, collect, runner_for, scenario_files, scenario_folder, stale_snapshots

from ..conftest import passes

RACOLAGE = Path(__file__).resolve().parents[2] / "cards" / "racolage"
CARDS = load_set(RACOLAGE)
SCENARIOS = scenario_folder(RACOLAGE)
CASES, BROKEN = collect(scenario_files(RACOLAGE))
RUN = runner_for(RACOLAGE)


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_racolage_scenario(case: Case) -> None:
    passes(check(case, RUN))


def test_every_scenario_file_reads_and_every_snapshot_is_used() -> None:
    assert CASES and [v.message for v in BROKEN] == []
    assert stale_snapshots(RACOLAGE, CASES) == []


def test_every_scenario_says_what_it_expects() -> None:
    for f in sorted(SCENARIOS.glob("*.yaml")):
        for sc in load_racolage_scenarios(f, CARDS):
            assert sc.expect, f"{sc.name} has no expect: block"


def load(tmp_path: Path, text: str) -> list[object]:
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    return list(load_racolage_scenarios(path, CARDS))


def test_a_wrong_expectation_fails_at_its_line(tmp_path: Path) -> None:
    text = (SCENARIOS / "turn.yaml").read_text(encoding="utf-8")
    wrong = text.replace("notoriety: {p1: 1}", "notoriety: {p1: 2}")
    assert wrong != text
    sc = load(tmp_path, wrong)[0]
    with pytest.raises(ScenarioError) as e:
        run_racolage_scenario(sc, CARDS)  # type: ignore[arg-type]
    line = next(i for i, s in enumerate(wrong.splitlines(), 1) if "notoriety: {p1: 2}" in s)
    assert str(e.value).startswith(f"{tmp_path / 's.yaml'}:{line}:")
    assert "expect.notoriety.p1: expected 2, got 1" in str(e.value)


HEAD = "game: racolage\nscenarios:\n  - name: x\n"


@pytest.mark.parametrize("body, error", [
    ("    position:\n      hands: {p1: [M01, M01]}\n", "position.hands: M01 is in two places"),
    ("    position:\n      hands: {p1: [M1]}\n", 'position.hands.p1[0]: unknown card "M1"'),
    ("    position:\n      hands: {p3: [M01]}\n", "position.hands.p3: expected a seat of this game (p1, p2)"),
    ("    position:\n      zones: {p1: [A35]}\n", "position.zones.p1[0]: A35 is not a permanent Action"),
    ("    position:\n      zones: {p1: [A09, A10]}\n", "position.zones.p1[1]: a bonus zone holds one catchphrase at most"),
    ("    position:\n      event: A09\n", "position.event: A09 is not an Event (RA6.4)"),
    ("    position:\n      media_deck: [A01]\n", "position.media_deck[0]: A01 is not a Media card"),
    ("    players: 5\n", "players: "),
    ("    expect:\n      notority: {p1: 1}\n", 'expect.notority: unknown key "notority"'),
])
def test_a_malformed_scenario_is_one_located_error(tmp_path: Path, body: str, error: str) -> None:
    with pytest.raises(ScenarioError) as e:
        load(tmp_path, HEAD + body)
    assert error in str(e.value)


def test_an_answer_that_is_not_an_option_is_located(tmp_path: Path) -> None:
    sc = load(tmp_path, HEAD + "    answers: [fly]\n")[0]
    with pytest.raises(ScenarioError) as e:
        run_racolage_scenario(sc, CARDS)  # type: ignore[arg-type]
    assert 'answers[0]: "fly" is not an option of this decision (phase 1: draw, buy or pass (RA4.1))' in str(e.value)


def _runs_now(card_id: str) -> bool:
    """Whether the Action does something when it is played or drawn (not only while in play)."""
    checked = CARDS.action_card(card_id).checked
    return checked is not None and any(not isinstance(s, WhileInPlay) for s in checked.program.body)


def covered_by(sc: object) -> set[str]:
    """The cards whose effect visibly changed something in this scenario: an event its line caused."""
    out = run_racolage_scenario(sc, CARDS)  # type: ignore[arg-type]
    return {e.cause.split(":")[0] for e in out.events if e.cause}


def test_every_action_that_acts_when_played_or_drawn_has_a_scenario_where_its_effect_matters() -> None:
    covered: set[str] = set()
    for f in sorted(SCENARIOS.glob("*.yaml")):
        for sc in load_racolage_scenarios(f, CARDS):
            covered |= covered_by(sc)
    wanted = {a.id for a in CARDS.actions if a.kind in (ActionKind.TEMPORARY, ActionKind.EVENT) and _runs_now(a.id)}
    assert len(wanted) > 20 and sorted(wanted - covered) == []
