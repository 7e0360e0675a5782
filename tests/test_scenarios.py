"""Card tests as data: the bundled set's scenarios (cards/cm2008/scenarios/, docs/scenarios.md), run
exactly as `cmdsl test cards/cm2008` runs them (cmdsl/set_tests.py): each strictly, its report
compared with its snapshot in cards/cm2008/scenarios/__snapshots__/. `cmdsl test cards/cm2008
--update` writes new and changed snapshots; read each before committing it.

Collection only reads the scenario names (never checks a scenario): a broken file or scenario
fails its own test, not the collection of every other one."""

from __future__ import annotations

import pytest

from cmdsl.errors import CmdslError
from cmdsl.games.cm2008 import events as E
from cmdsl.games.cm2008.loader import load_card_set
from cmdsl.games.cm2008.scenario import Scenario, run_scenario
from cmdsl.games.cm2008.scenario_file import load_scenarios
from cmdsl.set_tests import Case, check, collect, runner_for, scenario_files, stale_snapshots

from .conftest import CM2008, passes

CARDS = load_card_set(CM2008)
FILES = scenario_files(CM2008)
CASES, BROKEN = collect(FILES)
RUN = runner_for(CM2008)

#: Events that show an effect changed something (not merely that a card was played).
CHANGES = (E.BlockChanged, E.IssueShifted, E.KeyAltered, E.CardDrawn, E.CardDiscarded, E.CardPlayed, E.StateWon,
           E.MediaSupportInPlay,
           E.DieRolled, E.NegativeSkipped, E.NewsDrawn)


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_scenario(case: Case) -> None:
    passes(check(case, RUN))


def test_every_scenario_file_reads_and_every_snapshot_is_used() -> None:
    assert [v.message for v in BROKEN] == []
    assert stale_snapshots(CM2008, CASES) == []


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
