"""One rule for which card set a command uses: --cards, else the nearest cmdsl.toml, else the
bundled set (issue "the designer's loop")."""

from __future__ import annotations

from pathlib import Path

import pytest

from cmdsl.errors import CardSetError
from cmdsl.resources import bundled_cards_dir
from cmdsl.sets.set_location import PROJECT_FILE, choose_set, find_project

REPO = Path(__file__).resolve().parent.parent


def test_cards_given_wins(tmp_path: Path) -> None:
    (tmp_path / "set.yaml").write_text("states: []\n")
    choice = choose_set(str(tmp_path), start=REPO)
    assert (choice.path, choice.how) == (tmp_path, "--cards") and "(--cards)" in choice.describe()


def test_the_repository_names_its_own_set() -> None:
    choice = choose_set(start=REPO / "tests" / "data")
    assert choice.how == "project" and choice.path == REPO / "cards" / "cm2008"
    assert choice.project == REPO / PROJECT_FILE and "named by" in choice.describe()


def test_the_nearest_project_file_wins_and_names_each_games_set(tmp_path: Path) -> None:
    for name in ("mine", "other"):
        (tmp_path / "sets" / name).mkdir(parents=True)
    (tmp_path / "sets" / "mine" / "set.yaml").write_text("states: []\n")
    (tmp_path / "sets" / "other" / "lobbys.yaml").write_text("rounds: 3\n")  # a Lobbys set (issue 25)
    (tmp_path / PROJECT_FILE).write_text('[cards]\ncm2008 = "sets/mine"\nlobbys = "sets/other"\n')
    deep = tmp_path / "a" / "b"
    deep.mkdir(parents=True)
    assert find_project(deep) == tmp_path / PROJECT_FILE
    assert choose_set(start=deep).path == tmp_path / "sets" / "mine"
    assert choose_set(game="lobbys", start=deep).path == tmp_path / "sets" / "other"


def test_without_a_project_file_the_bundled_set_is_used(tmp_path: Path) -> None:
    if find_project(tmp_path) is not None:  # pragma: no cover - a cmdsl.toml above the temp folder
        pytest.skip("a project file above the temporary folder")
    choice = choose_set(start=tmp_path)
    assert choice.how == "bundled" and choice.path == bundled_cards_dir()


@pytest.mark.parametrize("text,message", [
    ('[cards]\ncm2008 = "nowhere"\n', "no such folder"),
    ("[cards\n", "not valid TOML"),
    ('[card]\ncm2008 = "x"\n', 'unknown key "card"'),
    ("[cards]\ncm2008 = 3\n", "maps each game to its set folder"),
])
def test_a_bad_project_file_is_one_located_error(tmp_path: Path, text: str, message: str) -> None:
    (tmp_path / PROJECT_FILE).write_text(text)
    with pytest.raises(CardSetError) as e:
        choose_set(start=tmp_path)
    assert message in str(e.value) and PROJECT_FILE in str(e.value)


def test_a_lobbys_set_is_a_folder_holding_lobbys_yaml(tmp_path: Path) -> None:
    """Issue 25: a designer's Lobbys set, chosen by --cards (the folder or its lobbys.yaml), by the
    project file's `lobbys = …`, else the bundled one; anything else is one clear error."""
    mine = tmp_path / "my-lobbys"
    mine.mkdir()
    (mine / "lobbys.yaml").write_text("rounds: 3\n")
    for given in (mine, mine / "lobbys.yaml"):
        choice = choose_set(given, "lobbys")
        assert choice.path == mine and choice.describe() == f"Lobbys set {mine} (--cards)"
    (tmp_path / "cm").mkdir()
    (tmp_path / "cm" / "set.yaml").write_text("states: []\n")
    with pytest.raises(CardSetError, match=r"cm: not a lobbys set: a lobbys set is a folder holding lobbys.yaml "
                                           r"\(`cmdsl new-set DIR --game lobbys` writes one\)"):
        choose_set(tmp_path / "cm", "lobbys")
    with pytest.raises(CardSetError, match="no such file or directory"):
        choose_set(tmp_path / "nowhere", "lobbys")
    if find_project(tmp_path) is None:
        bundled = choose_set(None, "lobbys", start=tmp_path)
        assert bundled.path == bundled_cards_dir().parent / "lobbys" and (bundled.path / "lobbys.yaml").is_file()
        assert bundled.describe().startswith("Lobbys set ") and bundled.describe().endswith("(bundled with cmdsl)")
