"""`cmdsl print` of the bundled Lobbys set (issue 33): the 52-card deck as Lobbys uses it (contracts,
offers), a score sheet and a player aid, read back from the PDF — pages, paper, each card's rank and
text inside its own box, the data's fingerprint, nothing outside the cards, French, backs in the
mirrored column, --only, no warning, and a located warning with a visible cut for a name too long."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cmdsl.games.lobbys.cards import HIGHEST_RANK, LOWEST_RANK, Card, Contract, contract_cards, pip_cards
from cmdsl.games.lobbys.data import DATA_FILE, load_data
from cmdsl.kits.printing.sheet import Options, grid
from tests.printing.pdf_checks import PER_PAGE, card_pages, outside_cards, page_sizes_mm, page_texts, print_set, text_in

SET = Path(__file__).resolve().parents[2] / "cards" / "lobbys"
DATA = load_data(SET / DATA_FILE)
#: The cards in the order they are printed: the contracts, then the offers.
PRINTED: list[Contract | Card] = [*contract_cards(), *pip_cards(LOWEST_RANK, HIGHEST_RANK)]
CARD_PAGES = card_pages(len(PRINTED))


def printed(tmp: Path, *args: str, folder: Path = SET) -> Path:
    return print_set(tmp, folder, *args)


@pytest.fixture(scope="module")
def english(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return printed(tmp_path_factory.mktemp("en"))


def counts(players: list[int]) -> str:
    return f"{players[0]}–{players[-1]}" if len(players) > 1 else str(players[0])


def test_pages_are_the_deck_nine_to_a_page_then_the_score_sheet_and_the_aid(english: Path) -> None:
    assert len(PRINTED) == 52
    sizes = page_sizes_mm(english)
    assert len(sizes) == CARD_PAGES + 2
    assert set(sizes) == {(210, 297)}
    texts = page_texts(english)
    assert "score sheet" in texts[-2] and "player aid" in texts[-1]


def test_letter_paper(tmp_path: Path) -> None:
    assert page_sizes_mm(printed(tmp_path, "--paper", "letter", "--only", "score-sheet")) == [(216, 279)]


def test_each_card_shows_its_rank_and_text_in_its_own_box(english: Path) -> None:
    boxes = grid(Options()).boxes
    for i, card in enumerate(PRINTED):
        inside = text_in(english, i // PER_PAGE, boxes[i % PER_PAGE])
        assert f"{card.id} · {DATA.fingerprint}" in inside, card.id
        if isinstance(card, Contract):
            kind = DATA.contract_types[card.face]
            # the corners (top left, and turned bottom right), the band, the type
            assert inside.startswith(f"{card.face.letter} {card.face.letter} CONTRACT {kind.upper()}"), inside
            assert f"Party: {card.suit.value} (L1.2) Related: {DATA.related[card.suit].value}" in inside, inside
        else:
            rank = "A" if card.rank == 1 else str(card.rank)
            assert inside.startswith(f"{rank} {rank} OFFER"), inside
            assert f"Votes {card.rank}, pays {card.rank} (L5)" in inside, inside
            kept = [p for p in DATA.player_counts if card.rank <= DATA.top_rank[p]]
            people = [p for p in DATA.player_counts if p not in kept]
            assert f"Offer deck: {counts(kept)} players (L1.4)" in inside, inside
            assert ("People card:" in inside) == bool(people), inside
            if people:
                assert f"People card: {counts(people)} players (L10)" in inside, inside


def test_every_card_page_carries_the_fingerprint_and_nothing_outside_the_cards(english: Path) -> None:
    texts = page_texts(english)
    for page in range(CARD_PAGES):
        assert DATA.fingerprint in texts[page], page
        assert outside_cards(english, page, Options()) == [], page
    assert DATA.fingerprint in texts[-1] and DATA.fingerprint in texts[-2]


def test_the_score_sheet_has_a_column_per_player_and_a_line_per_score(english: Path) -> None:
    sheet = page_texts(english)[CARD_PAGES]
    assert sheet.count(str(DATA.starting_points)) >= max(DATA.player_counts) + 1  # the note, then each column
    for n in range(1, DATA.rounds + 1):
        assert f"Round {n}" in sheet and f"Points after round {n}" in sheet
    for face, kind in DATA.contract_types.items():
        assert sheet.count(f"Majority, {kind} ({face.letter}) (L7.1)") == DATA.rounds
    for rule in ("L5.3", "L6.4", "L7.2", "L7.3", "L7.4", "L8.1"):
        assert rule in sheet


def test_the_player_aid_writes_the_suits_out(english: Path) -> None:
    aid = page_texts(english)[-1]
    assert "L6.3" in aid and "clubs first, then diamonds, then hearts, then spades" in aid
    assert "?" not in aid.replace('"The People Speak"', "")


def test_bundled_set_prints_without_warnings(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for lang in ("en", "fr"):
        printed(tmp_path, "--lang", lang, "--backs")
        out, err = capsys.readouterr()
        assert "warning" not in err, err
        assert DATA.fingerprint in out


def test_french(tmp_path: Path) -> None:
    pdf = printed(tmp_path, "--lang", "fr")
    texts = page_texts(pdf)
    boxes = grid(Options()).boxes
    ace = PRINTED.index(pip_cards(LOWEST_RANK, LOWEST_RANK)[0])
    inside = text_in(pdf, ace // PER_PAGE, boxes[ace % PER_PAGE])
    assert "OFFRE" in inside and "Pioche d'offres" in inside, inside
    assert "feuille de score" in texts[-2] and "Élection" in texts[-2] and "Manche 1" in texts[-2]
    assert "player aid" in texts[-1]  # the rulebook is English only: so is its aid


def test_backs_follow_each_page_in_the_mirrored_column(tmp_path: Path) -> None:
    pdf = printed(tmp_path, "--backs")
    layout = grid(Options(backs=True))
    assert len(page_sizes_mm(pdf)) == 2 * CARD_PAGES + 2
    last_col = layout.columns - 1
    assert "CONTRACT" in text_in(pdf, 1, layout.boxes[last_col])  # the first card, a contract, top left
    first_offer = len(contract_cards())
    page, place = divmod(first_offer, PER_PAGE)
    row, col = divmod(place, layout.columns)
    assert "OFFER" in text_in(pdf, 2 * page + 1, layout.boxes[row * layout.columns + last_col - col])
    assert "CONTRACT" not in text_in(pdf, 2 * page + 1, layout.boxes[row * layout.columns + last_col - col])


def test_only_prints_that_card(tmp_path: Path) -> None:
    pdf = printed(tmp_path, "--only", "AH")
    texts = page_texts(pdf)
    assert len(texts) == 1 and "AH ·" in texts[0] and "JH ·" not in texts[0]


def test_a_name_far_too_long_is_cut_with_a_located_warning(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                                           ) -> None:
    folder = tmp_path / "set"
    shutil.copytree(SET, folder, ignore=shutil.ignore_patterns("scenarios"))
    path = folder / DATA_FILE
    lines = path.read_text(encoding="utf-8").split("\n")
    at = next(i for i, line in enumerate(lines) if line.strip() == "- face: jack")
    kind = DATA.contract_types[contract_cards()[0].face]
    lines[at + 1] = lines[at + 1].replace(kind, " ".join(["Subsidised"] * 30) + " " + kind)
    path.write_text("\n".join(lines), encoding="utf-8")
    card = contract_cards()[0]
    capsys.readouterr()
    pdf = printed(tmp_path, "--only", card.id, folder=folder)
    err = capsys.readouterr().err
    assert f"warning: {path}:{at + 1}: {card.id}: its type does not fit" in err, err
    inside = text_in(pdf, 0, grid(Options()).boxes[0])
    assert "…" in inside and kind.upper() not in inside.split("…")[0], inside
    assert outside_cards(pdf, 0, Options()) == []
