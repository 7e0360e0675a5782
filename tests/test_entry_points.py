"""The registry reads entry points without importing importlib.metadata (cmdsl/entry_points.py):
the same entry points, loaded the same way."""

from __future__ import annotations

import sys
from importlib.metadata import entry_points as library
from pathlib import Path

import pytest

from cmdsl import entry_points as E
from cmdsl.plugins import Plugin


@pytest.mark.parametrize("group", ["cmdsl.games", "console_scripts", "pytest11", "no.such.group"])
def test_the_same_entry_points_as_importlib_metadata(group: str) -> None:
    ours = sorted((e.name, e.value) for e in E.entry_points(group))
    assert ours == sorted((e.name, e.value) for e in library(group=group))


def test_a_game_loads_as_its_entry_point_says() -> None:
    (cm2008,) = [e for e in E.entry_points("cmdsl.games") if e.name == "cm2008"]
    plugin = cm2008.load()
    assert isinstance(plugin, Plugin) and plugin.name == "cm2008"
    assert E.FoundEntryPoint("x", "cmdsl.plugins:GamePlugin.__name__ [extra]", "g").load() == "GamePlugin"


def test_a_distribution_is_read_once_where_the_path_finds_it_first(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    for folder, value in (("first", "a:FIRST"), ("second", "b:SECOND")):
        info = tmp_path / folder / "My.Game-1.0.dist-info"
        info.mkdir(parents=True)
        (info / "entry_points.txt").write_text(f"[other]\nx = y:z\n\n[my.group]\n# a comment\ngame = {value}\n")
    monkeypatch.setattr(sys, "path", [str(tmp_path / "missing"), str(tmp_path / "first"), str(tmp_path / "second")])
    assert [(e.name, e.value) for e in E.entry_points("my.group")] == [("game", "a:FIRST")]
    assert [(e.name, e.value) for e in E.entry_points("my.group")] == [
        (e.name, e.value) for e in library(group="my.group")]


def test_a_zip_on_the_path_is_read_by_importlib_metadata(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    zipped = tmp_path / "lib.zip"
    zipped.write_bytes(b"")
    monkeypatch.setattr(sys, "path", [*sys.path, str(zipped)])
    called: list[str] = []
    import importlib.metadata

    def read_all(group: str) -> list[object]:
        called.append(group)
        return []
    monkeypatch.setattr(importlib.metadata, "entry_points", read_all)
    assert list(E.entry_points("cmdsl.games")) == [] and called == ["cmdsl.games"]
