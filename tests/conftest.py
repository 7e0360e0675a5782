"""Shared fixtures: the bundled card set, the small fixed set for rule tests, a runner."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any, Callable, NamedTuple

import pytest
from hypothesis import settings
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode

from cmdsl.errors import CmdslError
from cmdsl.loader import load_card_set
from cmdsl.model import CardSet, Side, slug
from cmdsl.scenario import Outcome, Scenario, run_scenario
from cmdsl.scenario_doc import scenario_names

# Property and fuzz tests: a modest run by default (CI stays fast); `--hypothesis-profile=long`
# for a deep run. Tests that fix their own example count keep it.
settings.register_profile("modest", max_examples=40, derandomize=True)
settings.register_profile("long", max_examples=1500, derandomize=False)
settings.load_profile("modest")



@pytest.hookimpl(tryfirst=True)  # before syrupy's own (registered earlier, so called later)
def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """``--snapshot-update`` deletes every snapshot no test used, and a test that failed before
    its assertion (a broken scenario) or was never collected used none: after such a run, keep
    them all. Unused snapshots are removed by the next update where everything passes."""
    option = session.config.option
    if getattr(option, "update_snapshots", False) and (session.testsfailed or exitstatus != pytest.ExitCode.OK):
        option.no_cleanup = True
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.write_line("Some tests failed or were not collected: no snapshot is deleted by this update "
                                "(tests/conftest.py).", yellow=True)


DATA = Path(__file__).parent / "data"
#: The repository's own cm2008 set: the tests never use an installed copy.
CM2008 = Path(__file__).resolve().parent.parent / "cards" / "cm2008"
FOUR = ["Alpha", "Beta", "Gamma", "Delta"]


@pytest.fixture(scope="session")
def mini() -> CardSet:
    return load_card_set(DATA / "mini")


@pytest.fixture(scope="session")
def cm2008() -> CardSet:
    return load_card_set(CM2008)


#: The rebalance (issue 13, docs/balance.md "Rebalance") moved these states' starting issue
#: box; games recorded before it replay on the set as it was.
REBALANCED_ISSUE_BOXES = {"Ohio": 3}


def set_before_rebalance(folder: Path) -> Path:
    """A copy of the bundled set in ``folder`` with the rebalance's content changes undone."""
    shutil.copytree(CM2008, folder, dirs_exist_ok=True)
    states = folder / "states.yaml"
    text = states.read_text(encoding="utf-8")
    for name, box in REBALANCED_ISSUE_BOXES.items():
        pattern = re.compile(rf"(  - name: {re.escape(name)}\n(?:    .*\n)*?    issue: )\d+\n")
        text, n = pattern.subn(rf"\g<1>{box}\n", text, count=1)
        assert n == 1, f"no state {name} in the bundled set"
    states.write_text(text, encoding="utf-8")
    return folder


@pytest.fixture(scope="session")
def cm2008_before_rebalance(tmp_path_factory: pytest.TempPathFactory) -> CardSet:
    """The bundled set as it was before the rebalance: for records and logs made with it."""
    return load_card_set(set_before_rebalance(tmp_path_factory.mktemp("cm2008-before")))


Runner = Callable[..., Outcome]


@pytest.fixture
def run(mini: CardSet) -> Runner:
    """Run an effect, a card, a Breaking News or a Going Negative result on a position, strictly."""

    def _run(subject: str = "nothing", action: str = "effect", *, player: str = "mccain",
             position: dict[str, Any] | None = None, answers: tuple[str, ...] | list[str] = (),
             dice: tuple[int, ...] | list[int] = (), target: str | None = None,
             cards: CardSet | None = None) -> Outcome:
        pos = {"states": FOUR} if position is None else position
        sc = Scenario("test", "test", action, subject, Side(player), target, pos, tuple(answers), tuple(dice))
        return run_scenario(cards or mini, sc)

    return _run


def texts(outcome: Outcome) -> list[str]:
    return [e.text() for e in outcome.events]


def mini_variant(folder: Path, effects: dict[str, str]) -> Path:
    """A copy of tests/data/mini in ``folder`` where each card id of ``effects`` gets that effect
    (the cards keep their place and counts, so the set stays valid)."""
    for f in (DATA / "mini").iterdir():
        if f.is_file():
            shutil.copy(f, folder / f.name)
    text = (DATA / "mini" / "set.yaml").read_text(encoding="utf-8")
    for card_id, effect in effects.items():
        body = "".join(f"      {line}\n" for line in effect.strip("\n").splitlines())
        pattern = re.compile(rf"(  - id: {re.escape(card_id)}\n(?:    .*\n)*?    effect: \|\n)((?:      .*\n)+)")
        text, n = pattern.subn(lambda m: m.group(1) + body, text, count=1)
        assert n == 1, f"no card {card_id} in the mini set"
    (folder / "set.yaml").write_text(text, encoding="utf-8")
    return folder


# ---- scenario files as snapshot tests (any game's) ---------------------------------------


class TextSnapshot(SingleFileSnapshotExtension):
    """A snapshot as one readable text file per test (a scenario's report)."""

    _write_mode = WriteMode.TEXT
    file_extension = "txt"


class Case(NamedTuple):
    """One scenario of one file, by position: checked only when its test runs."""

    file: Path
    index: int
    id: str


def scenario_cases(files: list[Path]) -> list[Case]:
    """A case per scenario of ``files``, read by name only: a broken file or scenario fails its
    own test, not the collection of every other one (which made ``--snapshot-update`` delete
    every snapshot; see tests/test_snapshot_safety.py)."""
    out = []
    for f in files:
        try:
            names = scenario_names(f)
        except CmdslError:  # its test fails with the located error
            names = []
        out += [Case(f, i, f"{f.stem}--{slug(n)}") for i, n in enumerate(names)] or [Case(f, 0, f"{f.stem}--unreadable")]
    return out

