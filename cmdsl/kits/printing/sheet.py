"""Printable sheets of any game's cards (`cmdsl print`, issue 33), on ReportLab: poker-size cards
(63 × 88 mm) nine to a page with cut marks, an optional bleed, optional backs on the next page placed
for a long-edge duplex, and whole pages (tables, player aids, score sheets) after them.

A game says what its cards look like (its package's ``printing.py``, reached through the registry)
by drawing on a ``Face`` (``face.py``: bands, marks and text fitted to a box).
"""

from __future__ import annotations

import enum
import io
import time
from pathlib import Path
from typing import Sequence

from reportlab import rl_config
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ...atomic_file import write_atomically
from ...errors import CardError, Located
from ...values import value
from .face import FONT, SAFE, Box, Drawing, Face, register_fonts

CARD_W, CARD_H = 63 * mm, 88 * mm  # poker size
COLUMNS, ROWS = 3, 3
FOOTER = 5.0  # the id and fingerprint line (points)
CUT_MARK = 4 * mm


class Paper(enum.Enum):
    A4 = "a4"
    LETTER = "letter"

    @property
    def size(self) -> tuple[float, float]:
        return A4 if self is Paper.A4 else LETTER


@value
class Options:
    """How a set is printed: the paper, the bleed around each card (points), backs for duplex, the
    language of its text, and which cards (ids; empty: all)."""

    paper: Paper = Paper.A4
    bleed: float = 0.0
    backs: bool = False
    lang: str = "en"
    only: tuple[str, ...] = ()


@value
class Card:
    """One card to print: its id, where it is defined, its face, and its back (None: no back)."""

    id: str
    where: Located
    front: Drawing
    back: Drawing | None = None


@value
class Page:
    """A whole page after the cards (a table, a player aid, a score sheet)."""

    id: str
    where: Located
    draw: Drawing


@value
class Job:
    """What a game prints of a set: its cards, its pages, and what the footer names it by."""

    title: str  # the set's name, in the PDF's metadata
    fingerprint: str
    cards: tuple[Card, ...]
    pages: tuple[Page, ...] = ()
    summary: str = ""  # "90 campaign cards, 20 Breaking News, 20 states, …"
    warnings: tuple[CardError, ...] = ()  # what the game saw while making the job (a title not translated)


@value
class Printed:
    pages: int
    cards: int
    warnings: tuple[CardError, ...]
    seconds: float


@value
class Grid:
    """Where a page's cards are: the page's size (portrait or landscape), its columns and rows, and
    each card's box, row by row from the top left."""

    page: tuple[float, float]
    columns: int
    rows: int
    boxes: tuple[Box, ...]


#: Room left around the cards for the cut marks (and what a printer cannot print at the edge).
MARGIN = 5 * mm


def grid(options: Options) -> Grid:
    """Nine cards to a portrait page, touching (one cut between two cards). With a bleed, cards are
    spaced by it twice, and as many as fit with room for the cut marks, portrait or landscape
    (A4 at 3 mm: 8, landscape; Letter: 6)."""
    pw, ph = options.paper.size
    step_x, step_y = CARD_W + 2 * options.bleed, CARD_H + 2 * options.bleed
    best: tuple[int, tuple[float, float], int, int] | None = None
    for page in ((pw, ph), (ph, pw)):
        columns = min(COLUMNS + 1, int((page[0] - 2 * MARGIN) // step_x))
        rows = min(ROWS, int((page[1] - 2 * MARGIN) // step_y))
        if options.bleed == 0 and page == (pw, ph):
            columns, rows = COLUMNS, ROWS
        if best is None or columns * rows > best[0]:
            best = (columns * rows, page, columns, rows)
    assert best is not None
    _, page, columns, rows = best
    x0 = (page[0] - columns * step_x) / 2 + options.bleed
    y_top = (page[1] + rows * step_y) / 2 - options.bleed
    boxes = tuple(Box(x0 + col * step_x, y_top - (row + 1) * CARD_H - row * 2 * options.bleed, CARD_W, CARD_H)
                  for row in range(rows) for col in range(columns))
    return Grid(page, columns, rows, boxes)


def print_job(job: Job, options: Options, out: Path) -> Printed:
    """Write the job's sheets to ``out`` (a PDF). Raises OSError when it cannot be written."""
    start = time.perf_counter()
    register_fonts()
    rl_config.invariant = 1  # the same cards make the same file (no dates, no random ids)
    pdf = io.BytesIO()
    # types-reportlab types initialFontName as a number; ReportLab takes a font's name (else Helvetica,
    # a font no sheet should leave to the printer)
    canvas = Canvas(pdf, pagesize=options.paper.size, pageCompression=1, initialFontName=FONT)  # type: ignore[arg-type]
    layout = grid(options)
    canvas.setTitle(job.title)
    canvas.setAuthor("cmdsl")
    canvas.setSubject(f"set fingerprint {job.fingerprint}")
    cards = [c for c in job.cards if not options.only or c.id in options.only]
    warnings: list[CardError] = list(job.warnings)
    boxes = layout.boxes
    pages = 0
    for first in range(0, len(cards), len(boxes)):
        canvas.setPageSize(layout.page)
        sheet = cards[first:first + len(boxes)]
        for card, box in zip(sheet, boxes):
            warnings += _draw(canvas, card.front, box, options, card.where, f"{card.id} · {job.fingerprint}")
        _cut_marks(canvas, boxes[:len(sheet)], options)
        canvas.showPage()
        pages += 1
        if options.backs:
            # Duplex on the long edge of a portrait page (the short edge of a landscape one): the back
            # of a card is in the same row, in the mirrored column.
            canvas.setPageSize(layout.page)
            for i, card in enumerate(sheet):
                row, col = divmod(i, layout.columns)
                box = boxes[row * layout.columns + (layout.columns - 1 - col)]
                if card.back is not None:
                    warnings += _draw(canvas, card.back, box, options, card.where, None)
            _cut_marks(canvas, [boxes[(i // layout.columns) * layout.columns + layout.columns - 1 - i % layout.columns]
                                for i in range(len(sheet))], options)
            canvas.showPage()
            pages += 1
    for page in job.pages:
        if options.only and page.id not in options.only:
            continue
        canvas.setPageSize(options.paper.size)
        pw, ph = options.paper.size
        whole = Box(15 * mm, 15 * mm, pw - 30 * mm, ph - 30 * mm)
        face = Face(canvas, whole, whole, page.where)
        page.draw(face)
        warnings += face.warnings
        canvas.setFillColor(colors.grey)
        canvas.setFont(FONT, FOOTER + 1)
        canvas.drawRightString(pw - 15 * mm, 8 * mm, f"{page.id} · {job.title} · {job.fingerprint}")
        canvas.showPage()
        pages += 1
    canvas.save()
    write_atomically(out, pdf.getvalue())  # a full disk or a bad path leaves an earlier sheet as it was
    return Printed(pages, len(cards), tuple(warnings), time.perf_counter() - start)


def _draw(canvas: Canvas, draw: Drawing, box: Box, options: Options, where: Located, footer: str | None
          ) -> list[CardError]:
    canvas.saveState()
    bleed = Box(box.x - options.bleed, box.y - options.bleed, box.w + 2 * options.bleed, box.h + 2 * options.bleed)
    path = canvas.beginPath()
    path.rect(bleed.x, bleed.y, bleed.w, bleed.h)
    canvas.clipPath(path, stroke=0, fill=0)  # nothing of a card reaches its neighbour
    face = Face(canvas, box, bleed, where)
    draw(face)
    if footer is not None:
        canvas.setFillColor(colors.Color(0.35, 0.35, 0.35))
        canvas.setFont(FONT, FOOTER)
        canvas.drawCentredString(box.x + box.w / 2, box.y + SAFE / 2 + 0.5, footer)
    canvas.restoreState()
    return face.warnings


def _cut_marks(canvas: Canvas, boxes: Sequence[Box], options: Options) -> None:
    """Short lines in the margin at every cut line, outside the cards and their bleed."""
    canvas.saveState()
    canvas.setStrokeColor(colors.black)
    canvas.setLineWidth(0.3)
    xs = sorted({round(b.x, 3) for b in boxes} | {round(b.x + b.w, 3) for b in boxes})
    ys = sorted({round(b.y, 3) for b in boxes} | {round(b.top, 3) for b in boxes})
    left, right = min(b.x for b in boxes) - options.bleed, max(b.x + b.w for b in boxes) + options.bleed
    bottom, top = min(b.y for b in boxes) - options.bleed, max(b.top for b in boxes) + options.bleed
    gap = 1 * mm
    for x in xs:
        canvas.line(x, top + gap, x, top + gap + CUT_MARK)
        canvas.line(x, bottom - gap, x, bottom - gap - CUT_MARK)
    for y in ys:
        canvas.line(left - gap, y, left - gap - CUT_MARK, y)
        canvas.line(right + gap, y, right + gap + CUT_MARK, y)
    canvas.restoreState()
