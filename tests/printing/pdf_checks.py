"""What the print tests read back from a printed PDF (issue 33): each page's size and text (pypdf),
the text inside a card's box and every character's box (pypdfium2, which renders pages too)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
from pypdf import PdfReader

from cmdsl.kits.printing.face import Box
from cmdsl.kits.printing.sheet import grid, Options

MM = 72 / 25.4


#: Cards to a page without a bleed, and how many pages ``n`` cards take.
PER_PAGE = len(grid(Options()).boxes)


def card_pages(n: int) -> int:
    return -(-n // PER_PAGE)


def print_set(tmp: Path, folder: Path, *args: str) -> Path:
    """`cmdsl print FOLDER --out TMP/cards.pdf ARGS`, which must succeed; the PDF."""
    from cmdsl.cli import main

    pdf = tmp / "cards.pdf"
    assert main(["print", str(folder), "--out", str(pdf), *args]) == 0
    return pdf


def first_words(text: str, n: int = 4) -> str:
    return " ".join(squash(text).split()[:n])


def squash(text: str) -> str:
    """Text as compared: every run of white space one space (lines wrap where the card's width says)."""
    return re.sub(r"\s+", " ", text).strip()


def page_texts(pdf: Path) -> list[str]:
    return [squash(page.extract_text() or "") for page in PdfReader(pdf).pages]


def page_sizes_mm(pdf: Path) -> list[tuple[int, int]]:
    return [(round(float(p.mediabox.width) / MM), round(float(p.mediabox.height) / MM)) for p in PdfReader(pdf).pages]


def text_in(pdf: Path, page: int, box: Box) -> str:
    """The text pdfium finds inside ``box`` of a page."""
    doc = pdfium.PdfDocument(pdf)
    text = doc[page].get_textpage().get_text_bounded(left=box.x, bottom=box.y, right=box.x + box.w, top=box.top)
    return squash(text)


@dataclass(frozen=True)
class Glyph:
    char: str
    left: float
    bottom: float
    right: float
    top: float


def glyphs(pdf: Path, page: int) -> list[Glyph]:
    """Every character drawn on a page, with its box (not white space)."""
    doc = pdfium.PdfDocument(pdf)
    textpage = doc[page].get_textpage()
    out = []
    for i in range(textpage.count_chars()):
        char = textpage.get_text_range(i, 1)
        if char.strip():
            left, bottom, right, top = textpage.get_charbox(i)
            out.append(Glyph(char, left, bottom, right, top))
    return out


def outside_cards(pdf: Path, page: int, options: Options, tolerance: float = 0.3) -> list[Glyph]:
    """The characters of a page of cards that are not wholly inside one card's box (as cut)."""
    boxes = grid(options).boxes
    return [g for g in glyphs(pdf, page)
            if not any(b.x - tolerance <= g.left and g.right <= b.x + b.w + tolerance
                       and b.y - tolerance <= g.bottom and g.top <= b.top + tolerance for b in boxes)]


def render(pdf: Path, page: int, out: Path, scale: float = 2.0) -> Path:
    """A page as a PNG, ``scale`` pixels per point."""
    pdfium.PdfDocument(pdf)[page].render(scale=scale).to_pil().save(out)
    return out
