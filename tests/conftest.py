"""Shared fixtures: the bundled card set, the small fixed set for rule tests, a runner."""

from __future__ import annotations

import atexit
import os
import re
import shutil
import tempfile
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

import pytest
from hypothesis import settings

from cmdsl import set_tests
from cmdsl.games.cm2008.loader import load_card_set
from cmdsl.games.cm2008.manifest import MANIFEST_NAME, read_manifest
from cmdsl.games.cm2008.model import CardSet, Side
from cmdsl.games.cm2008.scenario import Outcome, Scenario, run_scenario
from cmdsl.kept_file import DIR_VARIABLE, OFF_VARIABLE

# The suite keeps no parses between runs (so it never depends on what an earlier run left in the
# user's cache folder), nor do the commands it runs as children; test_parse_store.py tests keeping.
# Within a run it keeps them, in a folder of this process's own made afresh: each set is parsed
# once, not once per test that loads it (the REPL and view tests took a third less time; issue 55 item 13).
os.environ.pop(OFF_VARIABLE, None)
_KEPT = os.environ.get(DIR_VARIABLE, "")
if not _KEPT.endswith(f"-{os.getpid()}"):  # a second import of this module (`from .conftest import`) keeps it
    _KEPT = os.environ[DIR_VARIABLE] = tempfile.mkdtemp(prefix="cmdsl-tests-", suffix=f"-{os.getpid()}")
    # at exit, after the stores' own saves there (registered later: atexit runs them first)
    atexit.register(shutil.rmtree, _KEPT, True)


@pytest.fixture
def kept_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache folder of the test's own, where work is kept (cmdsl/kept_file.py) as a user's is."""
    folder = tmp_path / "cache"
    monkeypatch.delenv(OFF_VARIABLE, raising=False)
    monkeypatch.setenv(DIR_VARIABLE, str(folder))
    return folder


# Property and fuzz tests (marked `property` below): a quick run by default, the README's two
# minutes; CI runs them again at the modest count (`pytest -m "property and not deep"
# --hypothesis-profile=modest`, .ci/run), and the long profile in a run that names the deep
# marker (`pytest -m deep`), where property tests have deep cases that take its count (issue 55
# item 13). Tests that fix their own example count keep it. No deadline: an example's time says
# how loaded the shared machine is, not whether the code is right (speed is bench/'s).
settings.register_profile("quick", max_examples=10, derandomize=True, deadline=None)
settings.register_profile("modest", max_examples=40, derandomize=True, deadline=None)
settings.register_profile("long", max_examples=1500, derandomize=False, deadline=None)
settings.load_profile("quick")


@pytest.fixture
def highcard(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The installed games and High Card (tests/toygame), registered by an entry point as its package
    would register it."""
    from importlib.metadata import EntryPoint

    from cmdsl import plugins

    real = plugins.entry_points

    def entry_points(group: str) -> list[EntryPoint]:
        return [*real(group=group), EntryPoint("highcard", "tests.toygame.plugin:PLUGIN", group)]
    monkeypatch.setattr(plugins, "entry_points", entry_points)
    plugins.games.cache_clear()
    yield
    plugins.games.cache_clear()


def examples(n: int) -> int:
    """A property test's own example count: a quarter of it in the quick profile (the README's
    run), all of it at the modest count and above (CI's property pass, the deep run)."""
    return n if settings().max_examples >= 40 else max(5, n // 4)


def deep_after(quick: int, cases: Iterable[Any], group: Callable[[Any], object] = lambda case: None) -> list[Any]:
    """Cases of one property (a damage, an edit): the first ``quick`` of each ``group`` in the
    README's run, the others in the deep run only (issue 55 item 13). A tuple is a case's arguments."""
    seen: dict[object, int] = {}
    out: list[Any] = []
    for case in cases:
        key = group(case)
        seen[key] = seen.get(key, 0) + 1
        if seen[key] <= quick:
            out.append(case)
        else:
            out.append(pytest.param(*(case if isinstance(case, tuple) else (case,)), marks=pytest.mark.deep))
    return out


def pytest_configure(config: pytest.Config) -> None:
    # before the test modules are imported: a test takes the profile's count when it is defined
    if re.search(r"(?<!not )\bdeep\b", config.option.markexpr or ""):
        settings.load_profile("long")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every hypothesis test is a `property` test: CI runs them all again at the modest count."""
    for item in items:
        if getattr(getattr(item, "obj", None), "is_hypothesis_test", False):
            item.add_marker(pytest.mark.property)



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
#: The manifest name of the published game's set. Tests of the published game's own data (its
#: counts, docs/cards.md) apply only while cards/cm2008 holds it: a designer who puts another set
#: there tests that set with `cmdsl test` (docs/scenarios.md), and these say why they are skipped.
PUBLISHED_SET = "Campaign Manager 2008 (cmdsl's own set)"


def _set_name(folder: Path) -> str | None:
    manifest, _ = read_manifest(folder / MANIFEST_NAME, str(folder / MANIFEST_NAME))
    return manifest.info.name if manifest is not None else None


published_game = pytest.mark.skipif(
    _set_name(CM2008) != PUBLISHED_SET,
    reason=f"cards/cm2008 does not hold the published game's set ({PUBLISHED_SET}): its data tests do not apply")


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
    """A copy of the bundled set in ``folder`` with the rebalance's content changes undone, and the
    French titles added since (`title_fr:`, issue 55 §12) taken out: the files' bytes of that time."""
    shutil.copytree(CM2008, folder, dirs_exist_ok=True)
    for file in folder.glob("*.yaml"):
        before = re.sub(r"(?m)^ +title_fr: .*\n", "", file.read_text(encoding="utf-8"))
        file.write_text(before, encoding="utf-8")
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


def passes(verdict: set_tests.Verdict) -> None:
    """A set's scenario passes, or the test fails with what `cmdsl test` prints for it (the located
    line, and the difference from its snapshot): the suite and the command say the same."""
    if not verdict.ok:
        pytest.fail(verdict.message + ("\n" + verdict.detail if verdict.detail else ""), pytrace=False)



def edit(path: Path, old: str, new: str) -> None:
    """Replace the first ``old`` in a file by ``new`` (it must be there: a test edits what it means to)."""
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def line_of(path: Path, pattern: str) -> int:
    """The 1-based number of the first line of ``path`` matching ``pattern``."""
    return next(i for i, ln in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if re.search(pattern, ln))
