"""Card tests as data: every file in tests/scenarios/ is a list of scenarios (see
docs/scenarios.md). Each runs strictly and its event log and final position are pinned in
tests/__snapshots__/test_scenarios/ as one readable text file per scenario.

Collection only reads the scenario names (never checks a scenario): a broken file or scenario
fails its own test, not the collection of every other one (which made ``--snapshot-update``
delete every snapshot; see tests/test_snapshot_safety.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cmdsl.errors import CmdslError
from cmdsl.games.cm2008 import events as E
from cmdsl.loader import load_card_set
from cmdsl.scenario import Scenario, run_scenario
from cmdsl.scenario_file import load_scenario, load_scenarios

from .conftest import Case, TextSnapshot, scenario_cases

SCENARIOS = Path(__file__).parent / "scenarios"
CARDS = load_card_set(Path(__file__).resolve().parent.parent / "cards" / "cm2008")
FILES = sorted(SCENARIOS.glob("*.yaml"))


CASES = scenario_cases(FILES)

#: Events that show an effect changed something (not merely that a card was played).
CHANGES = (E.BlockChanged, E.IssueShifted, E.KeyAltered, E.CardDrawn, E.CardDiscarded, E.CardPlayed, E.StateWon,
           E.MediaSupportInPlay,
           E.DieRolled, E.NegativeSkipped, E.NewsDrawn)


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_scenario(case: Case, snapshot: object) -> None:
    try:
        out = run_scenario(CARDS, load_scenario(case.file, CARDS, case.index))
    except CmdslError as e:  # the located line says it all
        pytest.fail(str(e), pytrace=False)
    assert out.report() == snapshot.use_extension(TextSnapshot)  # type: ignore[attr-defined]


def covered_by(sc: Scenario) -> set[str]:
    """The items whose effect visibly matters in this scenario."""
    out = run_scenario(CARDS, sc)
    found: set[str] = set()
    for e in out.events:
        if isinstance(e, CHANGES) and e.cause:
            found.add(e.cause.split(":")[0])  # the card, news or result whose line caused it
    media = sc.position.get("media")
    if media is not None:  # a Media Support ability at work: a chosen news target or other dice
        rolls = sum(isinstance(e, E.DieRolled) for e in out.events)
        if any(isinstance(e, E.Chose) and e.kind == "news-target" for e in out.events) or \
                any(isinstance(e, E.NegativeSkipped) for e in out.events) or rolls > 1:
            found.add(media)
    return found


def test_every_card_news_and_result_has_a_scenario_where_its_effect_matters() -> None:
    covered: set[str] = set()
    broken = []
    for f in FILES:
        try:
            covered = covered.union(*(covered_by(sc) for sc in load_scenarios(f, CARDS)))
        except CmdslError:  # it fails its own test; what it would cover is unknown
            broken.append(f.name)
    wanted = set(CARDS.cards) | set(CARDS.news) | {n.id for n in CARDS.negative.values()}
    assert sorted(wanted - covered) == [], f"(files that do not load or run: {broken})" if broken else ""
