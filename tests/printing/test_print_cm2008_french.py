"""`cmdsl print --lang fr` of Campaign Manager 2008 (issue 55 §12): French titles authored in the set
(`title_fr:`) on every face, a set without them printed with its English titles and one warning, a
French player aid; in both languages the aid is a one-page turn summary (R4 a turn, R6 support, R9
winning a state, R11 winning the game), not the rulebook's text."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from cmdsl.games.cm2008.loader import load_card_set
from cmdsl.kits.printing.sheet import Options, grid

from .pdf_checks import page_sizes_mm, page_texts, print_set, text_in

CARDS = Path(__file__).resolve().parents[2] / "cards" / "cm2008"
#: What a printed face must not say: a variable's name ("appelez-le S", "call it S").
NAMING = re.compile(r"appelez-l[ae]|appelez ce|call it|call that", re.IGNORECASE)


@pytest.fixture(scope="module")
def french(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return print_set(tmp_path_factory.mktemp("fr"), CARDS, "--lang", "fr")


@pytest.fixture(scope="module")
def english(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return print_set(tmp_path_factory.mktemp("en"), CARDS)


def test_every_card_news_and_result_of_the_bundled_set_has_a_french_title() -> None:
    """R1.2, R1.6, R8: the 90 campaign cards, 20 Breaking News and 6 results, each with its French title."""
    cards = load_card_set(CARDS)
    items = [*cards.cards.values(), *cards.news.values(), *cards.negative.values()]
    assert len(items) == 116
    untitled = [getattr(i, "id") for i in items if not (i.title_fr or "").strip()]
    assert untitled == []


def test_french_faces_show_french_titles_and_name_no_variable(french: Path) -> None:
    cards = load_card_set(CARDS)
    faces = [*cards.cards.values(), *cards.news.values()]
    boxes = grid(Options()).boxes
    for i, item in enumerate(faces):
        page, slot = divmod(i, len(boxes))
        inside = text_in(french, page, boxes[slot])
        assert item.title_fr is not None and item.title_fr in inside, item.id
        if item.title not in item.title_fr:  # (a name, a newspaper, a TV show keep theirs)
            assert item.title not in inside, item.id
        assert not NAMING.search(inside), (item.id, inside)
    table = page_texts(french)[-2]
    assert "Retour de bâton" in table and "Backlash" not in table  # the Going Negative table's titles
    assert not NAMING.search(table)


def test_english_faces_name_no_variable(english: Path) -> None:
    """"Choose a state in play. Gain two supports on Defense in that state." (was "…; call it S.")"""
    texts = page_texts(english)
    assert not any(NAMING.search(t) for t in texts)
    assert "Choose a state in play. Gain two supports on Defense in that state." in texts[0]


def test_a_set_without_french_titles_prints_english_titles_and_says_so_once(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "set"
    shutil.copytree(CARDS, folder, ignore=shutil.ignore_patterns("scenarios"))
    for file in folder.glob("*.yaml"):
        file.write_text(re.sub(r"\n *title_fr: .*", "", file.read_text()))
    pdf = print_set(tmp_path, folder, "--lang", "fr", "--only", "obama-yes-we-can")
    assert text_in(pdf, 0, grid(Options()).boxes[0]).startswith("Yes We Can")
    warnings = [line for line in capsys.readouterr().err.splitlines() if line.startswith("warning:")]
    assert len(warnings) == 1 and "116 of the 116" in warnings[0] and "no French title" in warnings[0]
    assert "mccain.yaml:4: mccain-drill-baby-drill" in warnings[0]  # the first, where the fix goes
    print_set(tmp_path, folder)  # English: nothing to say
    assert "warning" not in capsys.readouterr().err


@pytest.mark.parametrize(("lang", "says", "not_said"), [
    ("en", ["A turn (R4)", "Card types", "Winning the game (R11)", "270"], ["R4.1", "aide de jeu"]),
    ("fr", ["aide de jeu", "Un tour (R4)", "Les types de cartes", "Gagner la partie (R11)", "Orientation", "270"],
     ["R4.1", "player aid", "A turn", "Card types"]),
])
def test_the_player_aid_is_a_one_page_turn_summary_in_the_printed_language(
        lang: str, says: list[str], not_said: list[str], french: Path, english: Path) -> None:
    """R4 (a turn), R6, R9, R11 in short bullets on the last page, the only one after the table."""
    pdf = french if lang == "fr" else english
    texts = page_texts(pdf)
    cards = load_card_set(CARDS)
    card_pages = -(-(len(cards.cards) + len(cards.news) + len(cards.states)) // len(grid(Options()).boxes))
    assert len(page_sizes_mm(pdf)) == card_pages + 2  # the table, then the aid: one page
    aid = texts[-1]
    assert aid.startswith("Campaign Manager 2008 — ") and aid.count("•") >= 15
    for word in says:
        assert word in aid, word
    for word in not_said:
        assert word not in aid, word


def test_an_empty_french_title_is_a_located_one_line_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from cmdsl.cli import main

    folder = tmp_path / "set"
    shutil.copytree(CARDS, folder, ignore=shutil.ignore_patterns("scenarios"))
    mccain = folder / "mccain.yaml"
    mccain.write_text(mccain.read_text().replace('title_fr: "Fore, chéri, fore !"', 'title_fr: ""', 1))
    assert main(["check", str(folder)]) == 1
    err = capsys.readouterr().err
    assert f"{mccain}:7:15: mccain-drill-baby-drill: title_fr: empty; give the French title, or leave the line out" in err
    assert "Traceback" not in err
