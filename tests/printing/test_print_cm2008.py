"""`cmdsl print` of Campaign Manager 2008's set (issue 33), read back from the PDF: every card on
its page, in its own box, with its title, its text as cmdsl writes it, its id and the set's
fingerprint; sizes, bleed, backs, French, one side, a few cards; and what goes wrong, said in one
line. R1.2 (each side's 45 cards), R1.6 (20 Breaking News), R1.7 (20 state tiles), R8 (the table)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cmdsl.cli import main
from cmdsl.games.cm2008.catalog import card_text
from cmdsl.games.cm2008.loader import load_card_set
from cmdsl.plugins import GameOptions, game
from cmdsl.kits.printing.sheet import Job, Options, Paper, grid

from .pdf_checks import first_words, outside_cards, page_sizes_mm, page_texts, print_set, render, squash, text_in

CARDS = Path(__file__).resolve().parents[2] / "cards" / "cm2008"


def printed(tmp: Path, *args: str, folder: Path = CARDS) -> Path:
    return print_set(tmp, folder, *args)


def job_of(options: Options, folder: Path = CARDS, side: str | None = None) -> Job:
    plugin = game("cm2008")
    assert plugin.front_ends is not None
    printing = plugin.front_ends.printing()
    assert printing is not None
    job: Job = printing(folder, options, GameOptions({"side": side}))
    return job


@pytest.fixture(scope="module")
def a4(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return printed(tmp_path_factory.mktemp("a4"))


def test_every_card_of_the_set_is_on_its_page_in_its_own_box(a4: Path) -> None:
    """R1.2, R1.6, R1.7: 90 campaign cards, 20 Breaking News, 20 states, nine to a page; then the
    Going Negative table (R8) and the player aid."""
    options = Options()
    job = job_of(options)
    cards = load_card_set(CARDS)
    assert len(job.cards) == 90 + 20 + 20
    boxes = grid(options).boxes
    assert len(boxes) == 9
    pages = -(-len(job.cards) // 9)
    assert len(page_sizes_mm(a4)) == pages + 2 and set(page_sizes_mm(a4)) == {(210, 297)}
    for i, card in enumerate(job.cards):
        page, slot = divmod(i, 9)
        inside = text_in(a4, page, boxes[slot])
        item = cards.item(card.id)
        if item is not None:  # a campaign card or a Breaking News: its title and its text as cmdsl writes it
            assert squash(item.title) in inside, card.id
            text = card_text(item).split("\n", 1)[-1] if getattr(item, "discard_cost", 0) else card_text(item)
            assert first_words(text) in inside, card.id
        else:  # a state tile: its name and EV
            tile = next(t for t in cards.states.values() if t.slug == card.id)
            assert tile.name in inside and str(tile.ev) in inside, card.id
        assert f"{card.id} · {job.fingerprint}" in inside, card.id  # its footer: which card, which set
    for page in range(pages):
        assert outside_cards(a4, page, options) == [], page
    texts = page_texts(a4)
    assert "The Going Negative table" in texts[pages] and all(r.title in texts[pages] for r in cards.negative.values())
    assert "A turn (R4)" in texts[pages + 1]  # the player aid: a turn summary (test_print_cm2008_french.py)


def test_the_cost_the_star_and_the_die_are_on_the_card(a4: Path) -> None:
    """R1.3, R4.6: a card's cost is shown apart from its text; the beginner star and the Going Negative
    die are drawn marks (no font has to have them)."""
    inside = text_in(a4, 0, grid(Options()).boxes[0])
    assert inside.startswith("Drill, Baby, Drill! Support Cost: discard 2 Choose a state in play")


def test_letter_with_a_bleed_and_backs_for_duplex(tmp_path: Path) -> None:
    options = Options(Paper.LETTER, bleed=3 * 72 / 25.4, backs=True)
    pdf = printed(tmp_path, "--paper", "letter", "--bleed", "3mm", "--backs")
    layout = grid(options)
    assert (layout.columns, layout.rows) == (3, 2)  # landscape: as many as fit with room for the cut marks
    job = job_of(options)
    pages = -(-len(job.cards) // 6)
    sizes = page_sizes_mm(pdf)
    assert len(sizes) == 2 * pages + 2 and sizes[0] == (279, 216) and sizes[-1] == (216, 279)
    for page in (0, 1):
        assert outside_cards(pdf, page, options) == []
    # each card's back is in the same row, mirrored: the same place once the sheet is turned over
    pdf = printed(tmp_path, "--paper", "letter", "--bleed", "3mm", "--backs",
                  "--only", "mccain-drill-baby-drill", "bn-lehman-brothers-bankrupt", "iowa")
    assert [text_in(pdf, 1, layout.boxes[i]) for i in range(3)] == [
        "Campaign Manager 2008 Battleground State Obama's pile", "Campaign Manager 2008 Breaking News",
        "Campaign Manager 2008 Campaign Strategy McCain"]
    # the side's colour reaches past the cut line into the bleed, and not past the bleed
    png = render(pdf, 0, tmp_path / "p0.png", scale=1.0)
    from PIL import Image
    image = Image.open(png).convert("RGB")
    box = layout.boxes[0]
    height = image.height
    inside_bleed = image.getpixel((int(box.x + 20), int(height - (box.top + 1.5 * 72 / 25.4))))
    past_bleed = image.getpixel((int(box.x + 20), int(height - (box.top + 4 * 72 / 25.4))))
    assert inside_bleed[0] > 150 and inside_bleed[2] < 100  # McCain's red
    assert past_bleed == (255, 255, 255)


def test_french_text_with_its_accents(tmp_path: Path) -> None:
    pdf = printed(tmp_path, "--lang", "fr", "--only", "obama-yes-we-can", "iowa")
    first = text_in(pdf, 0, grid(Options()).boxes[0])
    assert first.startswith("Oui, nous pouvons Soutien · Moins de 30 ans Choisissez un État en jeu")
    assert "Défense" in text_in(pdf, 0, grid(Options()).boxes[1]) and "Économie" in page_texts(pdf)[0]


def test_one_side_or_a_few_cards(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pdf = printed(tmp_path, "--side", "obama")
    assert len(page_sizes_mm(pdf)) == 5  # 45 campaign cards, nothing else
    cards = load_card_set(CARDS)
    footers = set(re.findall(r"(\S+) · " + cards.fingerprint, " ".join(page_texts(pdf))))
    assert footers == {c.id for c in cards.cards.values() if c.side.value == "obama"}
    assert "45 campaign cards" in capsys.readouterr().out
    pdf = printed(tmp_path, "--only", "going-negative")
    assert len(page_sizes_mm(pdf)) == 1 and page_texts(pdf)[0].startswith("The Going Negative table")


def test_an_edited_card_prints_its_new_text(tmp_path: Path) -> None:
    """The printed set is the set being tested: its text is written from the effect as it is now."""
    folder = tmp_path / "set"
    shutil.copytree(CARDS, folder, ignore=shutil.ignore_patterns("scenarios"))
    obama = folder / "obama.yaml"
    obama.write_text(obama.read_text().replace("gain 2 supports on economy in S", "gain 3 supports on defense in S", 1))
    pdf = printed(tmp_path, "--only", "obama-main-street-vs-wall-street", folder=folder)
    assert "Gain three supports on Defense in that state." in text_in(pdf, 0, grid(Options()).boxes[0])


def test_a_text_too_long_for_the_card_is_cut_visibly_with_a_warning_naming_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "set"
    shutil.copytree(CARDS, folder, ignore=shutil.ignore_patterns("scenarios"))
    obama = folder / "obama.yaml"
    long_title = "Yes We Can " * 40
    obama.write_text(obama.read_text().replace('title: "Yes We Can"', f'title: "{long_title.strip()} ★"', 1))
    pdf = printed(tmp_path, "--only", "obama-yes-we-can", folder=folder)
    err = capsys.readouterr().err.splitlines()
    line = next(i for i, ln in enumerate(obama.read_text().splitlines(), 1) if "id: obama-yes-we-can" in ln)
    assert f"warning: {obama}:{line}: obama-yes-we-can: its title does not fit on the card, even at 6 pt: the end " \
           "is cut (marked …)" in err
    assert any("U+2605" in e and "obama-yes-we-can" in e for e in err)  # a star the font has not got: said, shown as ?
    assert "…" in text_in(pdf, 0, grid(Options()).boxes[0])
    assert outside_cards(pdf, 0, Options()) == []


def test_the_bundled_set_prints_without_a_warning_and_the_same_twice(tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    first = printed(tmp_path, "--lang", "fr").read_bytes()
    assert "warning" not in capsys.readouterr().err
    assert printed(tmp_path, "--lang", "fr").read_bytes() == first  # no date nor random id in the file


@pytest.mark.parametrize(("args", "said"), [
    (["--bleed", "9mm"], "--bleed: at most 6mm (printers ask for 3mm), got 9mm"),
    (["--only", "obama-yes-we-cam"], 'print --only: no card or page "obama-yes-we-cam" in Campaign Manager 2008 '
                                     '(cmdsl\'s own set) (did you mean "obama-yes-we-can"?)'),
    (["--out", "/"], "print: cannot write /:"),
])
def test_a_mistake_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], said: str) -> None:
    argv = ["print", str(CARDS), "--out", str(tmp_path / "x.pdf"), *args]
    try:
        code = main(argv)
    except SystemExit as e:  # argparse's own
        code = int(str(e.code))
    err = capsys.readouterr().err.strip().splitlines()
    assert code in (1, 2) and said in err[-1]
    assert not (tmp_path / "x.pdf").exists()


def test_a_broken_set_prints_nothing_and_says_where(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "set"
    shutil.copytree(CARDS, folder, ignore=shutil.ignore_patterns("scenarios"))
    (folder / "obama.yaml").write_text((folder / "obama.yaml").read_text().replace("in S\n", "in Ohiox\n", 1))
    assert main(["print", str(folder), "--out", str(tmp_path / "x.pdf")]) == 1
    assert "obama.yaml:14:" in capsys.readouterr().err and not (tmp_path / "x.pdf").exists()


def test_without_the_extra_print_says_what_to_install() -> None:
    code = ("import sys; sys.modules['reportlab'] = None; from cmdsl.cli import main; "
            "sys.exit(main(['print', '--out', 'x.pdf']))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 1
    assert out.stderr.strip() == 'error: cmdsl print needs ReportLab (reportlab is missing): pip install "cmdsl[print]"'


def test_every_font_is_embedded(a4: Path) -> None:
    """The sheet prints the same anywhere: no font is left to the printer (French accents included)."""
    from pypdf import PdfReader

    fonts = {}
    for page in PdfReader(a4).pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            descendant = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
            descriptor = descendant.get("/FontDescriptor")
            fonts[str(font["/BaseFont"])] = descriptor is not None and "/FontFile2" in descriptor.get_object()
    assert fonts and all(fonts.values()), fonts
