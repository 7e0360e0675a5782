"""Card files' reads kept from one run to the next (cmdsl/sets/read_store.py): a set loaded again
with its files unchanged composes no YAML and loads the same set, and every problem it has is told
exactly as when its files were composed (line, column, item, the line shown) (issue 34 §1)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, Callable

import pytest

from cmdsl.errors import CardError, CardSetError
from cmdsl.games.cm2008 import manifest as manifest_module
from cmdsl.games.cm2008.card_file import READ_BY
from cmdsl.games.cm2008 import loader as cm2008_loader
from cmdsl.games.cm2008.loader import load_card_set
from cmdsl.games.racolage import bundled_set as racolage_set
from cmdsl.games.racolage import loader as racolage_loader
from cmdsl.kept_file import DIR_VARIABLE, OFF_VARIABLE
from cmdsl.sets import read_store, safe_yaml

from . import kept as kept_files
from .conftest import CM2008, deep_after, edit


@pytest.fixture
def card_set(tmp_path: Path) -> Path:
    return Path(shutil.copytree(CM2008, tmp_path / "set", ignore=shutil.ignore_patterns("scenarios")))


def _next_run(*read_by: str) -> None:
    """What a new process finds: each store written to its file, none left in memory."""
    store = read_store.read_store(read_by or READ_BY)
    assert store is not None
    store.save()
    read_store._store_at.cache_clear()
    cm2008_loader.SETS_READ.clear()


def _composing_forbidden(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(text: str, label: str, **_: Any) -> None:
        raise AssertionError(f"composed again: {label}")
    monkeypatch.setattr(safe_yaml, "compose", refuse)


def _problems(folder: Path) -> str:
    with pytest.raises(CardSetError) as e:
        load_card_set(folder)
    return str(e.value)


def test_an_unchanged_set_is_read_back_and_loads_the_same_set(kept_cache: Path, card_set: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    first = load_card_set(card_set)
    _next_run()
    _composing_forbidden(monkeypatch)
    again = load_card_set(card_set)
    assert again.manifest == first.manifest
    assert again.states == first.states
    for defs, kept in ((first.cards, again.cards), (first.news, again.news), (first.negative, again.negative)):
        # a definition compares its fields but where it is and what it was checked into: those too
        assert {k: (d, d.source, d.checked) for k, d in defs.items()} == {k: (d, d.source, d.checked)
                                                                          for k, d in kept.items()}
    assert again.fingerprint == first.fingerprint
    assert [str(w) for w in again.warnings] == [str(w) for w in first.warnings]


#: Problems found after a file is read (by the loader, from where its items' nodes were): each is
#: told the same, its file read back or composed. Each edit names the file and what it changes.
_AFTER_READING: dict[str, tuple[str, str, str]] = {
    "an effect's word, in a block scalar": ("mccain.yaml", "gain 2 supports on defense in S",
                                            "gain 2 supportz on defense in S"),
    "an effect's word, in a quoted scalar": ("mccain.yaml", "effect: |\n      choose a state as S\n      gain 2",
                                             'effect: "choose a state as S\\ngain 2 supportz'),
    "a row's letter, plain": ("states.yaml", "defense: R B R W R", "defense: R B X W R"),
    "a row's letter, quoted": ("states.yaml", "defense: R B R W R", "defense: 'R B X W R'"),
    "a cost": ("mccain.yaml", "cost: discard 2", "cost: discard two"),
    "an id given twice": ("mccain.yaml", "id: mccain-face-the-nation", "id: mccain-drill-baby-drill"),
    "a side": ("mccain.yaml", "side: mccain", "side: mccian"),
    "a size the manifest promises": ("manifest.yaml", "campaign_cards: 45", "campaign_cards: 46"),
}


@pytest.mark.parametrize("problem", deep_after(3, sorted(_AFTER_READING)))
def test_a_problem_found_after_reading_is_told_the_same_from_a_file_read_back(
        problem: str, kept_cache: Path, card_set: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    name, old, new = _AFTER_READING[problem]
    if problem == "an effect's word, in a quoted scalar":  # the rest of that block, quoted too
        text = (card_set / name).read_text(encoding="utf-8")
        text = text.replace("supports on defense in S\n  - id: mccain-straight", 'supports on defense in S"\n  - id: mccain-straight', 1)
        (card_set / name).write_text(text, encoding="utf-8")
    edit(card_set / name, old, new)
    composed = _problems(card_set)
    assert f"{name}:" in composed  # located in the edited file
    _next_run()
    _composing_forbidden(monkeypatch)
    assert _problems(card_set) == composed


def test_a_file_with_a_problem_in_its_yaml_is_not_kept_and_is_told_again(kept_cache: Path, card_set: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    edit(card_set / "obama.yaml", "    side: obama", "    side: obama\n    sidee: obama")  # an unknown field
    told = _problems(card_set)
    assert 'unknown field "sidee"' in told
    _next_run()
    composed: list[str] = []
    compose = safe_yaml.compose

    def recording(text: str, label: str, **kw: Any) -> Any:
        composed.append(label)
        return compose(text, label, **kw)
    monkeypatch.setattr(safe_yaml, "compose", recording)
    assert _problems(card_set) == told
    assert [Path(label).name for label in composed] == ["obama.yaml"]  # only that file is composed again


def _damaged(folder: Path) -> dict[str, Callable[[Path], None]]:
    """Damage of each kind, written with every digest right (planted): what the checks after the
    digests must refuse."""
    def other_shape(p: Path) -> None:  # each entry found (its file's, for its text), and not items
        kept_files.plant(p, {key: ((), (digest, ("not", "items"))) for key, digest in _keys_of(folder)} | {(1, 2): 3})

    def bad_places(p: Path) -> None:  # items whose nodes' places are not places
        entries = kept_files.values(p)
        for key, (names, (digest, entry)) in entries.items():
            if not names:  # a card file's (a manifest is an object)
                keys, sections = entry
                entries[key] = (names, (digest, (keys, tuple((s, tuple((label, ("x",), values)
                                                                        for label, _, values in items))
                                                             for s, items in sections))))
        kept_files.plant(p, entries)

    def bad_sections(p: Path) -> None:  # where sections were given, under names of no section
        entries = kept_files.values(p)
        for key, (names, (digest, entry)) in entries.items():
            if not names:
                keys, sections = entry
                entries[key] = (names, (digest, (tuple(("no such section", line, col) for _, line, col in keys),
                                                 sections)))
        kept_files.plant(p, entries)
    return {"not a kept file": lambda p: p.write_bytes(b"\x00garbage"),
            "cut short": lambda p: p.write_bytes(p.read_bytes()[: p.stat().st_size // 2]),
            "entries of another shape": other_shape,
            "places of another shape": bad_places,
            "sections of another name": bad_sections}


def _keys_of(folder: Path) -> list[tuple[tuple[str, str], str]]:
    """Each file's key in the store, and its text's digest."""
    digest = read_store._digest
    return [((f"cm2008 manifest {p}" if p.name == manifest_module.MANIFEST_NAME else "cm2008 card file",
              str(p.resolve())), digest(p.read_text(encoding="utf-8"))) for p in folder.glob("*.yaml")]


@pytest.mark.parametrize("damage", deep_after(2, ["cut short", "entries of another shape", "not a kept file",
                                                 "places of another shape"]))
def test_a_damaged_store_changes_nothing_but_the_time(damage: str, kept_cache: Path, card_set: Path) -> None:
    first = load_card_set(card_set)
    _next_run()
    [path] = kept_cache.glob("reads-*.reads")
    _damaged(card_set)[damage](path)
    again = load_card_set(card_set)
    assert {k: d.checked for k, d in again.cards.items()} == {k: d.checked for k, d in first.cards.items()}
    assert again.manifest == first.manifest


def test_a_damaged_sections_place_is_read_again_where_a_short_section_is_told(kept_cache: Path, card_set: Path) -> None:
    """A section too short for the manifest is told at its key: a kept file whose sections' keys
    are damaged is read again, not told at the set's folder."""
    edit(card_set / "manifest.yaml", "campaign_cards: 45", "campaign_cards: 46")
    composed = _problems(card_set)
    assert "mccain.yaml:" in composed or "obama.yaml:" in composed  # at a `cards:` key
    _next_run()
    [path] = kept_cache.glob("reads-*.reads")
    _damaged(card_set)["sections of another name"](path)
    assert _problems(card_set) == composed


def test_a_file_edited_again_and_again_keeps_one_entry_its_last_texts(kept_cache: Path, card_set: Path) -> None:
    for n in range(3, 7):  # a designer's edits: each text read, and kept in place of the one before
        edit(card_set / "mccain.yaml", f"gain {n - 1} supports on defense in S", f"gain {n} supports on defense in S")
        effect = load_card_set(card_set).cards["mccain-drill-baby-drill"].effect_text
        assert f"gain {n} supports" in effect  # the file as edited, never its kept read of before
        _next_run()
    [path] = kept_cache.glob("reads-*.reads")
    entries = kept_files.values(path)
    assert sorted(entries) == sorted(key for key, _ in _keys_of(card_set))  # one per file
    assert {key: digest for key, (_, (digest, _)) in entries.items()} == dict(_keys_of(card_set))  # of its text now


#: Racolage's problems found after its files are read, each told the same from a file read back.
_RACOLAGE_AFTER_READING: dict[str, tuple[str, str, str]] = {
    "an effect's word": ("actions.yaml", "discard every catchphrase", "discard every catchphrasez"),
    "a range": ("media.yaml", "min: 0\n    max: 11", "min: 12\n    max: 11"),
    "a size the manifest promises": ("racolage.yaml", "media: 55", "media: 56"),
}


@pytest.fixture
def racolage(tmp_path: Path) -> Path:
    return Path(shutil.copytree(racolage_set(), tmp_path / "racolage", ignore=shutil.ignore_patterns("scenarios")))


def test_an_unchanged_racolage_set_is_read_back_and_loads_the_same_set(
        kept_cache: Path, racolage: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = racolage_loader.load_set(racolage)
    _next_run(racolage_loader.__name__)
    _composing_forbidden(monkeypatch)
    again = racolage_loader.load_set(racolage)
    assert again == first
    assert [(a.id, a.effect, a.checked) for a in again.actions] == [(a.id, a.effect, a.checked)
                                                                 for a in first.actions]


@pytest.mark.parametrize("problem", sorted(_RACOLAGE_AFTER_READING))
def test_a_racolage_problem_found_after_reading_is_told_the_same_from_a_file_read_back(
        problem: str, kept_cache: Path, racolage: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    name, old, new = _RACOLAGE_AFTER_READING[problem]
    edit(racolage / name, old, new)
    with pytest.raises(CardError) as composed:
        racolage_loader.load_set(racolage)
    _next_run(racolage_loader.__name__)
    _composing_forbidden(monkeypatch)
    with pytest.raises(CardError) as read_back:
        racolage_loader.load_set(racolage)
    assert str(read_back.value) == str(composed.value) and read_back.value.where == composed.value.where


@pytest.mark.parametrize("damage", ["a section of another name", "a place of another shape", "a manifest of another shape"])
def test_a_damaged_racolage_entry_changes_nothing_but_the_time(damage: str, kept_cache: Path, racolage: Path) -> None:
    first = racolage_loader.load_set(racolage)
    _next_run(racolage_loader.__name__)
    [path] = kept_cache.glob("reads-*.reads")
    entries = kept_files.values(path)
    for key, (names, (digest, entry)) in entries.items():
        if key[0] == "racolage manifest":
            entry = (({"media": "many", "actions": 51, "parties": 4}, "x")
                     if damage == "a manifest of another shape" else entry)
        elif damage == "a section of another name":
            entry = tuple(("no such section", items) for _, items in entry)
        elif damage == "a place of another shape":
            entry = tuple((s, tuple((label, (1, 2), values) for label, _, values in items)) for s, items in entry)
        entries[key] = (names, (digest, entry))
    kept_files.plant(path, entries)
    assert racolage_loader.load_set(racolage) == first


def test_nothing_is_kept_when_the_environment_says_so(tmp_path: Path, card_set: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DIR_VARIABLE, str(tmp_path / "cache"))
    monkeypatch.setenv(OFF_VARIABLE, "1")
    assert read_store.read_store(READ_BY) is None
    load_card_set(card_set)
    assert not (tmp_path / "cache").exists()


def test_a_check_of_an_unchanged_set_loads_no_yaml_library(tmp_path: Path, card_set: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != OFF_VARIABLE} | {DIR_VARIABLE: str(tmp_path / "cache")}
    probe = ("import sys\nfrom cmdsl.cli import main\ncode = main(['check', sys.argv[1]])\n"
             "print(code, sorted(m for m in sys.modules if m == 'yaml' or m.startswith(('yaml.', 'cmdsl.sets.safe'))))")
    runs = [subprocess.run([sys.executable, "-c", probe, str(card_set)], capture_output=True, text=True, env=env,
                           timeout=120, check=True).stdout.splitlines()[-1] for _ in range(2)]
    assert runs[0].startswith("0 [") and "'yaml'" in runs[0]  # composed, then kept
    assert runs[1] == "0 []"
