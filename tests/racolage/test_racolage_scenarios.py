"""Racolage Électoral scenarios (issue 30 §4): every scenario of the bundled set
(cards/racolage/scenarios/) runs strictly, its ``expect:`` block holds (each written from the rule
it names), and its report is pinned as a reviewed snapshot, run as `cmdsl test cards/racolage` runs
them. Then the form: each malformed part is one located error."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from cmdsl.games.racolage.loader import load_set
from cmdsl.game.rng import GameRng
from cmdsl.games.racolage.position import Position
from cmdsl.games.racolage.scenario import RacolageScenario, load_racolage_scenarios, run_racolage_scenario
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


def _without(sc: RacolageScenario, card_id: str) -> RacolageScenario:
    """The scenario with ``card_id`` taken out of play at its start (to the discard pile), and no expectations."""
    def setup(pos: Position) -> None:
        sc.setup(pos)
        for zone in pos.zones:
            for kind, held in list(zone.items()):
                if held == card_id:
                    del zone[kind]
        if pos.event == card_id:
            pos.event = None
        pos.discard.append(card_id)
    return replace(sc, setup=setup, expect=())


def _ending(sc: RacolageScenario) -> str:
    try:
        return run_racolage_scenario(sc, CARDS).report()
    except ScenarioError as e:  # an answer that is no longer an option: the card made it one
        return f"error: {e}"


def covered_by(sc: RacolageScenario) -> set[str]:
    """The cards whose effect visibly matters in this scenario: a card whose line caused an event,
    and a card in play at the start (a bonus zone, the event slot) without which it ends otherwise."""
    out = run_racolage_scenario(sc, CARDS)
    found = {e.cause.split(":")[0] for e in out.events if e.cause}
    start = Position(GameRng(0), [], [], [], [], [])
    sc.setup(start)
    in_play = [*(c for zone in start.zones for c in zone.values()), *([start.event] if start.event else [])]
    ending = out.report()
    return found | {c for c in in_play if _ending(_without(sc, c)) != ending}


def test_every_action_card_has_a_scenario_where_its_effect_matters() -> None:
    """Each Action of every type (RA1.5): its effect when played or drawn, its theme opened (an Event,
    a Catchphrase), its Privilege, its Direct Action's bonus at the end. Media and Party cards have no
    effect: their numbers are the rules' scenarios' business (RA6.1)."""
    covered: set[str] = set()
    for f in sorted(SCENARIOS.glob("*.yaml")):
        for sc in load_racolage_scenarios(f, CARDS):
            covered |= covered_by(sc)
    wanted = {a.id for a in CARDS.actions}
    assert len(wanted) == 51 and sorted(wanted - covered) == []
