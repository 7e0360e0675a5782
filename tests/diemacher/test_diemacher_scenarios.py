"""Die Macher's bundled scenarios (cards/diemacher/scenarios/): the seed's worked examples and the
DM rules around them, each with an explicit ``expect:``. Every one passes; each starts from a
position in which every card is in exactly one place; and a rule broken on purpose makes the
scenarios that show it fail, at their line."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from cmdsl.games.diemacher import election, formulas, polls, scoring
from cmdsl.games.diemacher.scenario import DieMacherScenario, load_diemacher_scenarios
from cmdsl.games.diemacher.scenario_run import run_diemacher_scenario
from cmdsl.sets.scenario_checks import Refusal
from cmdsl.sets.scenario_doc import ScenarioError

from .conftest import DATA
from .invariants import check

SCENARIOS = Path(__file__).resolve().parents[2] / "cards" / "diemacher" / "scenarios"
FILES = sorted(SCENARIOS.glob("*.yaml"))
ALL = [sc for f in FILES for sc in load_diemacher_scenarios(f, DATA)]


def _named(name: str) -> DieMacherScenario:
    return next(sc for sc in ALL if sc.name == name)


@pytest.mark.parametrize("sc", ALL, ids=[sc.id for sc in ALL])
def test_bundled_scenario_passes(sc: DieMacherScenario) -> None:
    try:
        out = run_diemacher_scenario(sc)
    except ScenarioError as e:
        pytest.fail(str(e), pytrace=False)
    assert out.checked >= 1


def test_the_bundled_files_cover_the_worked_examples() -> None:
    assert {f.stem for f in FILES} >= {"preliminary", "formulas", "polls", "national", "contributions", "scoring",
                                      "short", "cabinet", "coalitions"}
    assert len(ALL) >= 20


@pytest.mark.parametrize("sc", ALL, ids=[sc.id for sc in ALL])
def test_every_scenario_says_what_it_expects_and_keeps_every_card_in_one_place(sc: DieMacherScenario) -> None:
    assert sc.expect or sc.refused is not None, f"{sc.id} has no expect: block"
    if sc.position is not None:
        check(sc.position)  # DM1.3, DM1.4, DM1.7: every card in exactly one place; tracks within bounds


def test_a_wrong_expectation_fails_at_its_line(tmp_path: Path) -> None:
    """DM6.2: 8 rally markers at x3 are 24 votes; a scenario that says 25 fails where it says so."""
    text = (SCENARIOS / "formulas.yaml").read_text(encoding="utf-8")
    wrong = text.replace("hessen: {votes: {cdu: 24, spd: 0}", "hessen: {votes: {cdu: 25, spd: 0}", 1)
    assert wrong != text
    path = tmp_path / "s.yaml"
    path.write_text(wrong, encoding="utf-8")
    sc = load_diemacher_scenarios(path, DATA)[0]
    with pytest.raises(ScenarioError) as e:
        run_diemacher_scenario(sc)
    line = next(i for i, s in enumerate(wrong.splitlines(), 1) if "cdu: 25, spd: 0" in s)
    assert str(e.value).startswith(f"{path}:{line}:")
    assert "expect.boards.hessen.votes.cdu: expected 25, got 24" in str(e.value)


# ---- a rule broken on purpose: the scenarios that show it fail -------------------------------------


def _fails(name: str, text: str) -> None:
    with pytest.raises(ScenarioError) as e:
        out = run_diemacher_scenario(_named(name))
        assert not isinstance(out, Refusal)
    assert text in str(e.value), str(e.value)


def test_without_the_half_floor_the_odd_marker_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(formulas, "HALF", Fraction(1))  # DM6.2 broken: a factor of 1 instead of 1/2
    _fails("the factor's floor of one half loses the odd rally marker (DM6.2, seed 6.2.8)", "expected an event")


def test_a_tie_for_most_members_is_scored_as_the_rule_says(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scoring, "BONUS_TIED", 10)  # DM11.3 broken: +10 each on a tie
    _fails("a tie for most members gives +8 each and no second bonus (DM11.3)", "expected 8, got 10")
    _fails("three tied for the most get +8 each (DM18.22)", "expected 8, got 10")


def test_member_income_is_per_member(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(election, "INCOME_PER_MEMBER", 2000)  # DM9.7 broken
    _fails("an identical card stacks, a contradictory one replaces the stack (DM9.5.1, DM9.6, DM9.7)",
           "expected an event")


def test_popularity_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(polls, "POPULARITY", 4)  # DM2.1, DM7.5.4 broken: -4 .. +4
    _fails("a published poll stops popularity at +3 and -3 (DM7.5.4)", "expected 3, got 4")


def test_the_largest_refusal_rolls_three_dice(monkeypatch: pytest.MonkeyPatch) -> None:
    from cmdsl.games.diemacher import end_of_round
    monkeypatch.setattr(end_of_round, "REFUSAL_BONUS_DICE", 0)  # DM10.5 step 4 broken: no bonus dice
    _fails("accept, refuse, and the largest refusal's bonus (DM10.5)", "forced outcome(s) left unused")


def test_media_control_protects(monkeypatch: pytest.MonkeyPatch) -> None:
    from cmdsl.games.diemacher.position import Board
    monkeypatch.setattr(Board, "controller", lambda self: None)  # DM7.3.4, DM7.5.5 broken: nobody controls
    _fails("media control ignores a poll's loss for its holder (DM7.5.5)", "expected 1, got -1")


def test_a_contradictory_card_replaces_a_dominant_stack(monkeypatch: pytest.MonkeyPatch) -> None:
    from cmdsl.games.diemacher.cards import Card
    monkeypatch.setattr(Card, "identical", lambda self, other: self.issue == other.issue)  # DM1.2 broken
    _fails("an identical card stacks, a contradictory one replaces the stack (DM9.5.1, DM9.6, DM9.7)",
           "expected an event")


def test_every_cabinet_card_has_a_scenario() -> None:
    """DM1.6, DM8.3: each of the seven cards is resolved in cabinet.yaml."""
    from cmdsl.games.diemacher.cabinet import CabinetCard

    cards: tuple[CabinetCard, ...] = DATA.cabinet
    names = [sc.name for sc in ALL if sc.file.endswith("cabinet.yaml")]
    for card in cards:
        assert any(name.startswith(f"the {card.en.split(' of ')[0]}") for name in names), card.en


def test_the_key_issue_counts_double(monkeypatch: pytest.MonkeyPatch) -> None:
    from cmdsl.games.diemacher import conversion
    monkeypatch.setattr(conversion, "match", lambda platform, board: formulas.match(platform, _no_key(board)))
    _fails("the Chief Whip's key issue doubles the match (DM8.3, DM6.1)", "expected 10, got 5")  # DM6.1 broken


def _no_key(board: object) -> object:
    from copy import copy
    plain = copy(board)
    plain.key_issue = None  # type: ignore[attr-defined]
    return plain


def test_a_takeover_pays_the_rival_and_the_bank(monkeypatch: pytest.MonkeyPatch) -> None:
    from cmdsl.games.diemacher import cabinet
    monkeypatch.setattr(cabinet, "TAKEOVER_REFUND", 0)  # DM8.3 broken: nothing to the rival
    _fails("the Foreign Minister's media takeover (DM8.3)", "expected 9000, got 13000")


def test_a_cabinet_card_ignores_media_control(monkeypatch: pytest.MonkeyPatch) -> None:
    from cmdsl.games.diemacher import cabinet
    monkeypatch.setattr(cabinet, "POPULARITY", 4)  # DM8.3 broken: popularity beyond -3
    _fails("the Justice Minister lowers a rival to -3 through its media control (DM8.3, DM7.3.6)", "expected -3, got -4")


def test_two_cards_in_common_are_only_proposed(monkeypatch: pytest.MonkeyPatch) -> None:
    from cmdsl.games.diemacher import coalitions
    monkeypatch.setattr(coalitions, "COALITION_FORCE", 2)  # DM8.5.3 broken: forced from 2
    _fails("three or four in common may be forced, two only proposed (DM8.5.3)", "force:spd")
    monkeypatch.setattr(coalitions, "COALITION_FORCE", 3)
    monkeypatch.setattr(coalitions, "COALITION_MIN_COMMON", 1)  # DM8.5.3 broken: one card is enough
    _fails("one card in common, no coalition offered (DM8.5.3)", "propose:spd")


def test_a_coalition_adds_its_votes(monkeypatch: pytest.MonkeyPatch) -> None:
    original = election.outcome

    def apart(pos: object, b: int) -> object:  # DM9.2 broken: partners count alone
        saved, pos.coalitions = pos.coalitions, []  # type: ignore[attr-defined]
        try:
            return original(pos, b)  # type: ignore[arg-type]
        finally:
            pos.coalitions = saved  # type: ignore[attr-defined]
    monkeypatch.setattr(election, "outcome", apart)
    _fails("a coalition level with a party, its marker on top, wins (DM9.3, DM9.4)", "expected an event")


def test_the_plug_in_functions_read_and_run_a_file() -> None:
    """What the plug-in hands to `cmdsl scenario` (its ``scenarios`` reader) and `cmdsl test` (its
    ``scenario_case`` runner)."""
    from cmdsl.games.diemacher.plugin import PLUGIN

    assert PLUGIN.sets is not None
    reports = PLUGIN.sets.scenarios(str(SCENARIOS.parent))(str(SCENARIOS / "preliminary.yaml"))
    name, id_, run = reports[0]
    assert name == "the seed's preliminary sheet (DM4.6)" and id_ == f"preliminary::{name}"
    assert run().endswith("expect: 26 checks passed")
    report = PLUGIN.sets.scenario_case(SCENARIOS.parent)(SCENARIOS / "preliminary.yaml", 0)
    assert report.startswith("## Events\n") and "## Table" in report
