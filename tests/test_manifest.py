"""A card set declares itself in manifest.yaml, and `cmdsl check` holds the set to what the
engine needs for each declared setup mode and to the sizes the manifest promises (R1, R3)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cmdsl.cli import main
from cmdsl.errors import CardSetError
from cmdsl.games.cm2008.engine import campaign_game
from cmdsl.games.cm2008.setup import Setup
from cmdsl.games.cm2008.loader import load_card_set
from cmdsl.games.cm2008.model import CardSet, UnsupportedSetup

from .conftest import deep_after

CM2008 = Path(__file__).resolve().parent.parent / "cards" / "cm2008"
MINI = Path(__file__).parent / "data" / "mini"


def errors_of(folder: Path) -> list[str]:
    with pytest.raises(CardSetError) as info:
        load_card_set(folder)
    return [str(e) for e in info.value.errors]


def cm2008_copy(tmp_path: Path) -> Path:
    folder = tmp_path / "set"
    shutil.copytree(CM2008, folder)
    return folder


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new))


def test_both_sets_carry_their_manifest(cm2008: CardSet, mini: CardSet) -> None:
    assert (cm2008.manifest.game, cm2008.manifest.format, cm2008.manifest.setups) == \
        ("cm2008", 2, ("beginner", "choose-states", "draft"))
    assert mini.manifest.format == 2  # both migrated with `cmdsl migrate` (format 2: costs are declared)
    assert mini.manifest.name == "mini test set" and mini.manifest.setups == ("beginner", "choose-states")


def test_a_folder_without_manifest_says_how_to_add_one(tmp_path: Path) -> None:
    shutil.copy(MINI / "set.yaml", tmp_path / "set.yaml")
    (err,) = errors_of(tmp_path)
    assert err.startswith(f"{tmp_path}: this card set has no manifest.yaml")
    assert "add manifest.yaml to the folder (see docs/cardsets.md)" in err and "    format: 2" in err


def test_the_manifest_is_not_read_as_a_card_file(mini: CardSet) -> None:
    assert mini.manifest.name == "mini test set"  # loading it at all proves "game:" was not a section


def test_unknown_manifest_field_suggests(tmp_path: Path) -> None:
    folder = cm2008_copy(tmp_path)
    edit(folder / "manifest.yaml", "setups:", "setup:")
    errs = errors_of(folder)
    assert errs[0].splitlines()[0] == f'{folder}/manifest.yaml:6:1: unknown field "setup" in a manifest'
    assert 'did you mean "setups"?' in errs[0]
    assert "missing field setups" in errs[1]


@pytest.mark.parametrize(("old", "new", "expected"), deep_after(3, [
    ("game: cm2008", "game: cm2009", 'manifest.yaml:3:7: unknown game "cm2009"; cmdsl plays cm2008'),
    ("format: 2 ", "format: 3 ", "manifest.yaml:5:9: format 3 is not supported: this cmdsl reads card format 2"),
    ("format: 2 ", "format: 0 ", "manifest.yaml:5:9: format 0 is not supported: this cmdsl reads card format 2"),
    ("format: 2 ", "format: one ", "manifest.yaml:5:9: expected the card-format version, a whole number such as 2, "
                                   "got one"),
    ("setups: [beginner, choose-states, draft]", "setups: [beginner, choose-state]",
     'manifest.yaml:6:20: unknown setup mode "choose-state"; modes are beginner, choose-states, draft'),
    ("states: 20 ", "states: [20] ", "manifest.yaml:10:11: expected states: a whole number, got a list or mapping"),
    ("campaign_cards: 45 ", "campaign_cards: {mccain: 45} ", "manifest.yaml:8:19: campaign_cards: missing field obama"),
]))
def test_manifest_values_are_checked_and_located(tmp_path: Path, old: str, new: str, expected: str) -> None:
    folder = cm2008_copy(tmp_path)
    edit(folder / "manifest.yaml", old, new)
    (err,) = errors_of(folder)
    assert err.splitlines()[0] == f"{folder}/{expected}"


def test_check_prints_the_manifest_name(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(CM2008)]) == 0
    assert "ok — Campaign Manager 2008 (cmdsl's own set): 20 states (226 EV)" in capsys.readouterr().out


# ---- what the manifest promises, located ------------------------------------------------------

NEWS = "  - id: bn-one-more\n    title: One More\n    effect: |\n      shift the news state 1 toward economy\n"


def test_a_21st_breaking_news_is_located_at_that_item(tmp_path: Path) -> None:
    folder = cm2008_copy(tmp_path)
    path = folder / "breaking_news.yaml"
    path.write_text(path.read_text() + NEWS)
    (err,) = errors_of(folder)
    line = len(path.read_text().splitlines()) - 3
    assert err.splitlines()[0] == (f"{folder}/breaking_news.yaml:{line}:5: bn-one-more: the 21st Breaking News: "
                                   "the manifest promises 20")
    assert f"promised at {folder}/manifest.yaml:13" in err


def test_a_breaking_news_short_of_the_manifest_is_said_in_plain_english(tmp_path: Path) -> None:
    folder = cm2008_copy(tmp_path)
    edit(folder / "manifest.yaml", "breaking_news: 20", "breaking_news: 21")
    (err,) = errors_of(folder)
    assert ": only 20 Breaking News: the manifest promises 21" in err.splitlines()[0]  # not "Newss"


def test_a_wrong_ev_total_is_located_at_the_states_and_names_the_promise(tmp_path: Path) -> None:
    folder = cm2008_copy(tmp_path)
    edit(folder / "states.yaml", "ev: 27", "ev: 28")
    (err,) = errors_of(folder)
    first = err.splitlines()[0]
    assert first.startswith(f"{folder}/states.yaml:9:1: the states hold 227 electoral votes in all; "
                            "the manifest promises 226")
    assert f"promised at {folder}/manifest.yaml:11" in err


def test_a_46th_mccain_card_is_located_at_the_46th(tmp_path: Path) -> None:
    folder = cm2008_copy(tmp_path)
    path = folder / "mccain.yaml"
    path.write_text(path.read_text() + "  - id: mccain-one-more\n    side: mccain\n    title: One More\n"
                    "    type: flow\n    effect: |\n      draw 1\n")
    (err,) = errors_of(folder)
    assert err.splitlines()[0].endswith(": mccain-one-more: the 46th McCain campaign card: the manifest promises 45")
    assert err.startswith(f"{folder}/mccain.yaml:")


def test_a_16th_beginner_card_breaks_what_the_beginner_setup_needs(tmp_path: Path) -> None:
    folder = cm2008_copy(tmp_path)
    text = (folder / "obama.yaml").read_text()
    # The first card that is not a beginner card becomes one: 16 starred Obama cards.
    cut = text.index("    type:", text.index("  - id:", text.rindex("beginner: true")))
    (folder / "obama.yaml").write_text(text[:cut] + "    beginner: true\n" + text[cut:])
    (err,) = errors_of(folder)  # one message: the engine's need, not also the manifest's promise
    assert "the 16th Obama beginner card: the beginner and choose-states setups need exactly 15 per side" in err


def test_die_results_are_each_needed(tmp_path: Path) -> None:
    folder = cm2008_copy(tmp_path)
    edit(folder / "going_negative.yaml", "roll: 4", "roll: 3")
    (err,) = errors_of(folder)
    assert "roll: each die result 1 to 6 appears exactly once" in err


def test_draft_needs_45_cards_per_side(tmp_path: Path) -> None:
    shutil.copytree(MINI, tmp_path / "mini")
    edit(tmp_path / "mini" / "manifest.yaml", "setups: [beginner, choose-states]",
         "setups: [beginner, choose-states, draft]")
    errs = errors_of(tmp_path / "mini")
    assert [e.splitlines()[0] for e in errs] == [
        f"{tmp_path}/mini/set.yaml:56:1: McCain has 17 campaign cards; the draft setup needs at least 45 "
        "(15 rounds of 3, R3.1)",
        f"{tmp_path}/mini/set.yaml:56:1: Obama has 16 campaign cards; the draft setup needs at least 45 "
        "(15 rounds of 3, R3.1)"]


def test_beginner_needs_four_beginner_states(tmp_path: Path) -> None:
    shutil.copytree(MINI, tmp_path / "mini")
    edit(tmp_path / "mini" / "set.yaml", "  - name: Epsilon\n    ev: 20\n    pile: mccain\n",
         "  - name: Epsilon\n    ev: 20\n    pile: mccain\n    beginner: true\n")
    (err,) = errors_of(tmp_path / "mini")
    assert err.splitlines()[0] == (f"{tmp_path}/mini/set.yaml:40:5: Epsilon: the 5th beginner state: the beginner "
                                   "setup starts with exactly 4 (R3.3)")


def test_a_game_in_a_setup_the_set_does_not_declare_is_refused(mini: CardSet) -> None:
    with pytest.raises(UnsupportedSetup, match='the card set "mini test set" does not support the draft setup; '
                                               r"its manifest \(tests/data/mini/manifest.yaml:6\) lists "
                                               "beginner, choose-states"):
        campaign_game(mini, seed=1, setup=Setup(mode="draft"))
    assert campaign_game(mini, seed=1, setup=Setup(mode="choose-states")).pending is not None
