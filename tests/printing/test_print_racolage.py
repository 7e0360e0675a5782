"""`cmdsl print` of Racolage Électoral's bundled set (issue 33): through the command line, read back
from the PDF — the pages, their size, each card's name and text inside its own box, the set's
fingerprint, nothing outside the cards, French, backs in the mirrored column, --only, no warning for
the bundled set, and a located warning with a visible cut for a card whose text is far too long."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cmdsl.games.racolage.cards import Action, ActionKind, Media, Party
from cmdsl.games.racolage.loader import load_set, read_items
from cmdsl.kits.printing.sheet import Options, grid
from tests.printing.pdf_checks import PER_PAGE, card_pages, first_words, outside_cards, page_sizes_mm, page_texts, print_set, squash, text_in

SET = Path(__file__).resolve().parents[2] / "cards" / "racolage"
CARDS = load_set(SET)
#: The cards in the order they are printed: Media, Actions, Parties.
PRINTED: list[Media | Action | Party] = [*CARDS.media, *CARDS.actions, *CARDS.parties]
CARD_PAGES = card_pages(len(PRINTED))


def printed(tmp: Path, *args: str, folder: Path = SET) -> Path:
    return print_set(tmp, folder, *args)


@pytest.fixture(scope="module")
def english(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return printed(tmp_path_factory.mktemp("en"))


def rules_start(card: Media | Action | Party, lang: str) -> str:
    """What a card's text begins with, from the set: its effect's rules text, else its bonus, else
    its theme; a Media card's range (its bounds) and a Party's name only."""
    if isinstance(card, Media):
        return f"{card.low} {card.high}"
    if isinstance(card, Party):
        return ""
    text = card.rules_text(lang, CARDS.terms(lang))
    if text:
        return first_words(text)
    if card.bonus:
        return f"+{card.bonus}"
    assert card.theme is not None
    return CARDS.terms(lang).names.get(card.theme, card.theme)


def test_pages_are_the_cards_nine_to_an_a4_page_then_the_player_aid(english: Path) -> None:
    sizes = page_sizes_mm(english)
    assert len(sizes) == CARD_PAGES + 1  # the player aid
    assert set(sizes) == {(210, 297)}
    texts = page_texts(english)
    assert "player aid" in texts[-1] and "A turn (RA4)" in texts[-1]
    assert CARDS.fingerprint in texts[-1]


def test_letter_paper(tmp_path: Path) -> None:
    sizes = page_sizes_mm(printed(tmp_path, "--paper", "letter", "--only", PRINTED[0].id))
    assert sizes == [(216, 279)]


def test_each_card_shows_its_name_and_text_in_its_own_box(english: Path) -> None:
    boxes = grid(Options()).boxes
    for i, card in enumerate(PRINTED):
        inside = text_in(english, i // PER_PAGE, boxes[i % PER_PAGE])
        assert squash(card.en) in inside, (card.id, inside)
        assert squash(card.name) in inside, (card.id, inside)  # the French name, small, under it
        assert rules_start(card, "en") in inside, (card.id, inside)
        assert f"{card.id} · {CARDS.fingerprint}" in inside, card.id


def test_media_cards_show_value_theme_and_range(english: Path) -> None:
    media = CARDS.media[0]
    inside = text_in(english, 0, grid(Options()).boxes[0])
    assert inside.startswith(f"+{media.value} MEDIA"), inside
    assert media.theme.upper() in inside


def test_every_card_page_carries_the_fingerprint_and_nothing_outside_the_cards(english: Path) -> None:
    texts = page_texts(english)
    for page in range(CARD_PAGES):
        assert CARDS.fingerprint in texts[page], page
        assert outside_cards(english, page, Options()) == [], page


def test_bundled_set_prints_without_warnings(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    printed(tmp_path, "--lang", "fr")
    out, err = capsys.readouterr()
    assert "warning" not in err, err
    assert f"{len(CARDS.media)} Media" in out and CARDS.fingerprint in out
    printed(tmp_path)
    assert "warning" not in capsys.readouterr().err


def test_french_shows_the_french_names_and_text(tmp_path: Path) -> None:
    pdf = printed(tmp_path, "--lang", "fr")
    boxes = grid(Options()).boxes
    events = [i for i, c in enumerate(PRINTED) if isinstance(c, Action) and c.kind is ActionKind.EVENT
              and c.rules_text("fr", CARDS.terms("fr"))]
    i = events[0]
    card = PRINTED[i]
    inside = text_in(pdf, i // PER_PAGE, boxes[i % PER_PAGE])
    assert squash(card.name) in inside and squash(card.en) not in inside, inside
    assert "ÉVÉNEMENT" in inside and "Quand il est pioché" in inside, inside
    assert rules_start(card, "fr") in inside, inside
    assert "MÉDIA" in text_in(pdf, 0, boxes[0])


def test_backs_follow_each_page_in_the_mirrored_column(tmp_path: Path) -> None:
    pdf = printed(tmp_path, "--backs")
    layout = grid(Options(backs=True))
    assert len(page_sizes_mm(pdf)) == 2 * CARD_PAGES + 1
    # the first page's first card (a Media card, top left) has its back top right
    assert "MEDIA" in text_in(pdf, 1, layout.boxes[layout.columns - 1])
    assert CARDS.name.split()[0] in text_in(pdf, 1, layout.boxes[layout.columns - 1])
    # the last page: the Parties; its first card's back is in the last column, the page's empty places bare
    last = len(PRINTED) - (CARD_PAGES - 1) * PER_PAGE
    back_page = 2 * CARD_PAGES - 1
    assert "POLITICAL PARTY" in text_in(pdf, back_page, layout.boxes[layout.columns - 1])
    if last < layout.columns:
        assert text_in(pdf, back_page, layout.boxes[0]) == ""
    # a page of Actions: the Action back
    first_action = len(CARDS.media)
    page, place = divmod(first_action, PER_PAGE)
    row, col = divmod(place, layout.columns)
    assert "ACTION" in text_in(pdf, 2 * page + 1, layout.boxes[row * layout.columns + layout.columns - 1 - col])


def test_only_prints_that_card(tmp_path: Path) -> None:
    card = CARDS.actions[0]
    pdf = printed(tmp_path, "--only", card.id)
    texts = page_texts(pdf)
    assert len(texts) == 1
    assert squash(card.en) in texts[0] and f"{card.id} ·" in texts[0]
    assert squash(CARDS.media[0].en) not in texts[0]


def test_a_text_far_too_long_is_cut_with_a_located_warning(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                                           ) -> None:
    folder = tmp_path / "set"
    shutil.copytree(SET, folder, ignore=shutil.ignore_patterns("scenarios"))
    items, _ = read_items(folder)
    item = next(it for it in items["actions"] if "effect" in it.values)
    card_id = str(item.values["id"][0])
    path = folder / item.file.name
    lines = path.read_text(encoding="utf-8").split("\n")
    at = item.node_of("effect").start_mark.line  # the `effect: |` line (0-based); its body follows
    indent = lines[at + 1][:len(lines[at + 1]) - len(lines[at + 1].lstrip())]
    lines[at + 1:at + 1] = [indent + "you draw 1 media card"] * 40
    path.write_text("\n".join(lines), encoding="utf-8")
    capsys.readouterr()
    pdf = printed(tmp_path, "--only", card_id, folder=folder)
    err = capsys.readouterr().err
    assert f"warning: {path}:{item.where().line}" in err and f"{card_id}: its rules text does not fit" in err, err
    inside = text_in(pdf, 0, grid(Options()).boxes[0])
    assert "…" in inside and inside.count("You draw one Media card") < 40, inside
    assert outside_cards(pdf, 0, Options()) == []


@pytest.mark.parametrize(("lang", "says", "not_said"), [
    ("en", ["player aid", "A turn (RA4)", "Buying Actions (RA5)", "The end (RA8)", "3 points"],
     ["aide de jeu", "RA4.1"]),
    ("fr", ["aide de jeu", "Un tour (RA4)", "Acheter des Actions (RA5)", "La fin (RA8)", "3 points", "Phrase choc"],
     ["player aid", "A turn", "RA4.1"]),
])
def test_the_player_aid_is_a_one_page_turn_summary_in_the_printed_language(
        tmp_path: Path, lang: str, says: list[str], not_said: list[str]) -> None:
    """Issue 55 §12: as CM2008's, a turn summary (RA4 phases, RA5 buying, RA6 placing, RA8 the end)
    in short bullets, in the printed language; it was the rulebook's English sections in full."""
    pdf = printed(tmp_path, "--lang", lang, "--only", "player-aid")
    texts = page_texts(pdf)
    assert len(texts) == 1 and texts[0].count("•") >= 12
    for word in says:
        assert word in texts[0], word
    for word in not_said:
        assert word not in texts[0], word
