"""`cmdsl check` warns, located where the fix goes, about a set that loads but will not play as meant
(issue 25 §1, §2): too few electoral votes to decide games (R1.8, R11), and cards that no declared
setup ever deals (R1.2, R3.1, R3.3). A set with warnings still passes."""

from __future__ import annotations

from pathlib import Path

import pytest

from cmdsl.checking import check_once
from cmdsl.cli import main
from cmdsl.games.cm2008.loader import load_card_set
from cmdsl.games.cm2008.new_set import new_set

from .conftest import edit, line_of

REPO = Path(__file__).resolve().parent.parent

BLITZ = '''  - id: mccain-swing-state-blitz
    side: mccain
    title: "Swing State Blitz"
    type: support
    effect: |
      choose a state as S
      gain 2 supports on defense in S
'''


def starter(tmp_path: Path) -> Path:
    folder = tmp_path / "my-set"
    new_set(folder)
    return folder




def test_the_starter_and_the_bundled_sets_have_no_warning(tmp_path: Path) -> None:
    assert load_card_set(starter(tmp_path)).warnings == ()
    assert load_card_set(REPO / "cards" / "cm2008").warnings == ()


def test_too_few_electoral_votes_is_located_at_the_manifest_with_the_numbers(tmp_path: Path) -> None:
    """The issue's starter set held 139 EV: McCain needed 115 of them to reach 270 (R1.8, R11.1)."""
    folder = starter(tmp_path)
    edit(folder / "states.yaml", "ev: 34", "ev: 20")  # Texas: 226 → 212
    edit(folder / "manifest.yaml", "electoral_votes: 226", "electoral_votes: 212")
    report = check_once([str(folder)])
    assert report.ok and report.err == ""
    ok, warning, source, caret, hint = report.out.splitlines()
    line = line_of(folder / "manifest.yaml", "electoral_votes:")
    assert ok.startswith(f"{folder}: ok — my-set: 8 states (212 EV)")
    assert warning.startswith(f"warning: {folder / 'manifest.yaml'}:{line}:3: the states hold 212 electoral votes, "
                              "fewer than the 226 that make a decided game likely")
    assert "takes McCain 115 (54%) of them and Obama 113 (53%)" in warning and "draw" in warning
    assert source.strip().startswith("electoral_votes: 212") and caret.strip() == "^"
    assert "at least 226 electoral votes in all (14 more)" in hint


def test_a_card_no_setup_deals_is_located_at_its_id_with_the_fix(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """The issue's two unstarred cards were dealt in 0 of 3 games: beginner and choose-states deal the
    15 starred cards per side (R1.2, R3.3), and draft needs 45 per side (R3.1)."""
    folder = starter(tmp_path)
    (folder / "mccain.yaml").write_text((folder / "mccain.yaml").read_text(encoding="utf-8") + BLITZ,
                                        encoding="utf-8")
    edit(folder / "manifest.yaml", "campaign_cards: 15", "campaign_cards: {mccain: 16, obama: 15}")
    assert main(["check", str(folder)]) == 0  # a warning is not an error
    out = capsys.readouterr().out
    line = line_of(folder / "mccain.yaml", "id: mccain-swing-state-blitz")
    warnings = [ln for ln in out.splitlines() if ln.startswith("warning: ")]
    assert warnings == [f"warning: {folder / 'mccain.yaml'}:{line}:5: mccain-swing-state-blitz: no setup of this "
                        "set (beginner, choose-states) ever deals this card: beginner and choose-states deal only "
                        "the starred cards (R1.2, R3.3) and it has no star"]
    assert "star it (beginner: true) in place of a starred card you remove" in out
    assert "declare the draft setup" in out and "45 cards per side (R3.1)" in out
    # Starred in place of another, it is dealt: the warning moves to the card that lost its star.
    edit(folder / "mccain.yaml", 'title: "Swing State Blitz"\n    type: support\n',
         'title: "Swing State Blitz"\n    type: support\n    beginner: true\n')
    edit(folder / "mccain.yaml", "id: mccain-town-hall\n    side: mccain\n    title: \"Town Hall\"\n    type: support\n"
         "    beginner: true\n", "id: mccain-town-hall\n    side: mccain\n    title: \"Town Hall\"\n    type: support\n")
    [warning] = load_card_set(folder).warnings
    assert "mccain-town-hall: no setup of this set" in str(warning)


def test_other_commands_do_not_print_warnings(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = starter(tmp_path)
    edit(folder / "states.yaml", "ev: 34", "ev: 20")
    edit(folder / "manifest.yaml", "electoral_votes: 226", "electoral_votes: 212")
    assert main(["play", "--cards", str(folder), "--bot", "random", "--bot", "random", "--quiet"]) == 0
    captured = capsys.readouterr()
    assert "warning" not in captured.out + captured.err
