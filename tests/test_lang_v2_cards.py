"""The effect language v2 at work on cards (issue 11, items 1–4): the cards of tests/data/lang-v2
that use superlatives, what-happened conditions, counting and triggered abilities, each pinned by
scenarios with an explicit ``expect:`` block and a reviewed snapshot
(tests/data/lang-v2/scenarios/__snapshots__/, run as `cmdsl test tests/data/lang-v2` runs them). The bundled cm2008 set is not used here.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from cmdsl.games.cm2008 import rules_abilities
from cmdsl.games.cm2008 import events as E
from cmdsl.games.cm2008.loader import load_card_set
from cmdsl.games.cm2008.scenario import run_scenario
from cmdsl.games.cm2008.scenario_file import load_scenario, load_scenarios

from cmdsl.set_tests import Case, check, collect, runner_for, scenario_files, stale_snapshots

from .conftest import passes

SET = Path(__file__).parent / "data" / "lang-v2"
CARDS = load_card_set(SET)
CASES, BROKEN = collect(scenario_files(SET))
RUN = runner_for(SET)


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_lang_v2_scenario(case: Case) -> None:
    passes(check(case, RUN))


def test_every_scenario_file_reads_and_every_snapshot_is_used() -> None:
    assert [v.message for v in BROKEN] == []
    assert stale_snapshots(SET, CASES) == []


def test_every_v2_card_is_played_in_a_scenario() -> None:
    v2 = {cid for cid in CARDS.cards if cid not in load_card_set(SET.parent / "mini").cards}
    used = set()
    for path in scenario_files(SET):
        for sc in load_scenarios(path, CARDS):
            used.add(sc.subject)
            used.add(sc.position.get("media"))
    assert v2 - used == set()


def test_triggers_past_the_limit_have_no_effect_and_are_logged(monkeypatch: pytest.MonkeyPatch) -> None:
    # R12.16 with a limit of 1: Rapid Response's second trigger in McCain's action (end of his turn)
    # does nothing, and the log says so.
    monkeypatch.setattr(rules_abilities, "MAX_TRIGGERS", 1)
    path = SET / "scenarios" / "triggers.yaml"
    sc = load_scenario(path, CARDS, 0)
    sc = dataclasses.replace(sc, answers=sc.answers[:1], expect=())
    out = run_scenario(CARDS, sc)
    fired = [e for e in out.events if isinstance(e, E.AbilityTriggered)]
    stopped = [e for e in out.events if isinstance(e, E.TriggerLimitReached)]
    assert [e.ability for e in fired] == ["When your opponent wins a state"]
    assert [e.ability for e in stopped] == ["At the end of your opponent's turn"]
    assert "has no effect" in stopped[0].text()
