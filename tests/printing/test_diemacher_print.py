"""`cmdsl print` of Die Macher's bundled set (issue 59 item 4): through the command line, read back from
the PDF — every party's seven cabinet cards (DM1.6, DM3.1) and five contributions (DM1.8), the twenty
polls (DM1.7), each in its own box with its text as the catalogue writes it, nothing outside the
cards, no warning; then a one-page round summary. French, --only, backs, and a bad --only id."""

from __future__ import annotations

import contextlib
import io
import shutil
from pathlib import Path

import pytest

from cmdsl.cli import main
from cmdsl.games.diemacher import catalog
from cmdsl.games.diemacher.data import load_data
from cmdsl.games.diemacher.parties import LABEL, PARTIES, Party
from cmdsl.kits.printing.sheet import Options, grid
from tests.printing.pdf_checks import PER_PAGE, card_pages, first_words, outside_cards, page_sizes_mm, page_texts, squash, text_in

SET = Path(__file__).resolve().parents[2] / "cards" / "diemacher"
DATA = load_data(SET)
#: The cards in the order they are printed, each with the party whose card it is (a poll: none).
PRINTED: list[tuple[catalog.Card, Party | None]] = [
    *((c, p) for p in PARTIES for c in DATA.cabinet), *((poll, None) for poll in DATA.polls),
    *((c, p) for p in PARTIES for c in DATA.contributions)]
CARD_PAGES = card_pages(len(PRINTED))


def printed(tmp: Path, *args: str) -> tuple[Path, str, str]:
    """`cmdsl print --game diemacher --out TMP/dm.pdf ARGS`, which must succeed: the PDF, stdout, stderr."""
    pdf, out, err = tmp / "dm.pdf", io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        assert main(["print", "--game", "diemacher", "--out", str(pdf), *args]) == 0
    return pdf, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def english(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, str]:
    return printed(tmp_path_factory.mktemp("en"))


def test_the_set_is_every_partys_cards_and_the_polls_nine_to_a_page_then_the_aid(english: tuple[Path, str, str]
                                                                                ) -> None:
    pdf, out, err = english
    assert len(PRINTED) == 5 * 7 + 20 + 5 * 5
    assert page_sizes_mm(pdf) == [(210, 297)] * (CARD_PAGES + 1)
    assert "35 cabinet cards (7 for each of the 5 parties), 20 polls, 25 contributions" in out, out
    assert DATA.fingerprint in out and "warning" not in err, err


def test_each_card_is_in_its_own_box_with_its_text(english: tuple[Path, str, str]) -> None:
    pdf = english[0]
    boxes = grid(Options()).boxes
    for i, (card, party) in enumerate(PRINTED):
        inside = text_in(pdf, i // PER_PAGE, boxes[i % PER_PAGE])
        assert f"{card.id} · {DATA.fingerprint}" in inside, (i, inside)
        text = catalog.uses(card, "en") if isinstance(card, catalog.Poll) else catalog.rules(card, "en")
        assert first_words(text) in inside, (i, inside)  # a poll's modifiers are a table (below)
        if party is not None:
            assert LABEL[party] in inside, (i, inside)
        if isinstance(card, catalog.CabinetCard):
            assert catalog.euros(card.cost, "en") in inside and squash(card.en) in inside, (i, inside)
            assert squash(card.name) in inside, (i, inside)  # the French name, small, under it
            assert ("Telephone" in inside) is card.phone, (i, inside)
        elif isinstance(card, catalog.Poll):
            for p, modifier in card.modifiers:
                assert f"{LABEL[p]} {catalog.signed(modifier)}" in inside, (i, inside)
        else:
            assert catalog.euros(card.amount, "en") in inside, (i, inside)


def test_nothing_is_drawn_outside_the_cards(english: tuple[Path, str, str]) -> None:
    for page in range(CARD_PAGES):
        assert outside_cards(english[0], page, Options()) == [], page


#: DM5.1's ten phases, in order, as the aid heads them; then what else it must and must not say.
AID = {"en": (["First player (DM7.1)", "Platform conference (DM7.2)", "Shadow cabinet (DM8)", "Coalitions (DM8.5)",
               "Media (DM7.3)", "Rallies (DM7.4)", "Poll auctions (DM7.5)", "Early conversion (DM7.6)",
               "Election and income (DM9)", "End of round (DM10)"],
              ["a round (player aid)", "The end (DM5.2, DM11, DM12)", "€4,000", "€1,000"], ["aide de jeu", "Meetings"]),
       "fr": (["Premier joueur (DM7.1)", "Conférence programmatique (DM7.2)", "Cabinet fantôme (DM8)",
               "Coalitions (DM8.5)", "Médias (DM7.3)", "Meetings (DM7.4)", "Enchères de sondages (DM7.5)",
               "Conversion anticipée (DM7.6)", "Élection et revenus (DM9)", "Fin de manche (DM10)"],
              ["une manche (aide de jeu)", "La fin (DM5.2, DM11, DM12)", "4 000 €", "1 000 €"],
              ["player aid", "First player", "€4,000"])}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_player_aid_is_a_round_in_order_in_the_printed_language(
        english: tuple[Path, str, str], tmp_path: Path, lang: str) -> None:
    """The last page (English: the whole set's; French: printed alone): DM5.1's ten phases in order."""
    pdf, _, err = english if lang == "en" else printed(tmp_path, "--lang", lang, "--only", "player-aid")
    text = page_texts(pdf)[-1]
    assert text.count("•") >= 20 and DATA.fingerprint in text and "warning" not in err, err
    phases, says, not_said = AID[lang]
    heads = [text.index(f"{n}. {phase}") for n, phase in enumerate(phases, 1)]
    assert heads == sorted(heads)
    for word in says:
        assert word in text, word
    for word in not_said:
        assert word not in text, word


def test_french_prints_the_french_names_and_texts(tmp_path: Path) -> None:
    pdf, _, err = printed(tmp_path, "--lang", "fr", "--only", "chancellor", "poll-01", "50k")
    boxes = grid(Options()).boxes
    chancellor = next(c for c in DATA.cabinet if c.id == "chancellor")
    first = text_in(pdf, 0, boxes[0])
    assert "Chancelier" in first and "Chancellor" not in first, first
    assert "CABINET FANTÔME" in first and "25 000 €" in first and "Téléphone" in first, first
    assert first_words(catalog.rules(chancellor, "fr"), 6) in first, first
    poll = text_in(pdf, 0, boxes[5])  # 5 chancellors, then the poll
    assert "SONDAGE" in poll and "Gardé secret" in poll, poll
    contribution = text_in(pdf, 0, boxes[6])
    assert "50 000 €" in contribution and "Acceptée (face visible)" in contribution, contribution
    assert "warning" not in err, err


def test_only_prints_that_card_for_every_party(tmp_path: Path) -> None:
    pdf, out, _ = printed(tmp_path, "--only", "chancellor")
    texts = page_texts(pdf)
    assert len(texts) == 1 and "5 of its cards" in out, out
    assert texts[0].count("Chancellor") == 5 and "Backbencher" not in texts[0], texts[0]
    for party in PARTIES:
        assert LABEL[party] in texts[0], party


def test_backs_name_the_deck_and_the_party_in_the_mirrored_column(tmp_path: Path) -> None:
    pdf, _, _ = printed(tmp_path, "--backs", "--only", "backbencher", "poll-02")
    layout = grid(Options(backs=True))
    assert len(page_sizes_mm(pdf)) == 2
    top_right = text_in(pdf, 1, layout.boxes[layout.columns - 1])  # the first card's back (CDU/CSU's)
    assert "SHADOW CABINET" in top_right and LABEL[PARTIES[0]] in top_right, top_right
    poll = 5  # after the five backbenchers
    row, col = divmod(poll, layout.columns)
    assert "OPINION POLL" in text_in(pdf, 1, layout.boxes[row * layout.columns + layout.columns - 1 - col])


def test_a_bad_only_id_is_one_line_and_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pdf = tmp_path / "dm.pdf"
    assert main(["print", "--game", "diemacher", "--out", str(pdf), "--only", "chancelor"]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1, err
    assert err.startswith('error: print --only: no card or page "chancelor"') and '(did you mean "chancellor"?)' in err
    assert not pdf.exists()


def test_a_name_far_too_long_is_cut_with_one_located_warning(tmp_path: Path) -> None:
    """A designer's set: the warning names the card's line in cabinet.yaml, once (not once a party)."""
    folder = tmp_path / "set"
    shutil.copytree(SET, folder, ignore=shutil.ignore_patterns("scenarios"))
    path = folder / "cabinet.yaml"
    text = path.read_text(encoding="utf-8")
    assert "    en: Chief Whip\n" in text
    path.write_text(text.replace("    en: Chief Whip\n", "    en: " + "Chief Whip of the Majority " * 15 + "\n"),
                    encoding="utf-8")
    line = text.split("\n").index("  - id: chief-whip") + 1
    pdf, out, err = tmp_path / "dm.pdf", io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        assert main(["print", str(folder), "--only", "chief-whip", "--out", str(pdf)]) == 0
    said = [w for w in err.getvalue().splitlines() if w.startswith("warning: ")]
    assert said == [f"warning: {path}:{line}: chief-whip: its name does not fit on the card, even at 6 pt: "
                    "the end is cut (marked …)"], err.getvalue()
    assert "…" in text_in(pdf, 0, grid(Options()).boxes[0])
