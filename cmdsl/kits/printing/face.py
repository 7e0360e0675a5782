"""A card face as a game draws it (a game's ``printing.py``): the box a card is cut to, and ``Face``,
whose helpers draw bands, marks and text fitted to a box. Text is never cut silently: it shrinks
down to ``MIN_SIZE``; what still does not fit is cut with a visible "…" and a located warning
naming the card. Fonts are embedded (Bitstream Vera, shipped with ReportLab: French accents), so a
sheet prints the same anywhere. ``sheet.py`` lays the faces out on sheets.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Literal, cast
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from ...errors import CardError, Located
from ...values import value

#: The smallest size a text may shrink to and still be read at a table.
MIN_SIZE = 6.0
#: Inside a card, what is drawn keeps this far from its cut line (a cutter's error).
SAFE = 3 * mm
#: Signs the printed font has not got that text still means without them: written so, not warned of
#: (a rulebook's range "0 → 6", a suit in "Q♥"). Any other missing character is a warning and a "?".
WRITTEN_AS = {"→": "–", "♥": " hearts", "♦": " diamonds", "♣": " clubs", "♠": " spades"}

#: The space before French "; : ! ? »" and after "«": made non-breaking, so that no line starts with
#: the sign (English text has no space there).
_KEPT_TOGETHER = re.compile(r" (?=[;:!?»])|(?<=«) ")

Align = Literal["left", "center", "right"]
_ALIGNMENT: dict[str, Literal[0, 1, 2]] = {"left": 0, "center": 1, "right": 2}  # ReportLab's TA_LEFT…


#: The fonts, regular and bold, registered once per process (ReportLab keeps a registry).
FONT, BOLD, ITALIC = "cmdsl-Vera", "cmdsl-VeraBd", "cmdsl-VeraIt"


def _glyphs() -> set[int]:
    """The code points the regular and bold fonts both have."""
    register_fonts()
    # types-reportlab does not declare a TrueType font's face, nor its glyph map (``charToGlyph``)
    regular = cast(Any, pdfmetrics.getFont(FONT)).face.charToGlyph
    bold = cast(Any, pdfmetrics.getFont(BOLD)).face.charToGlyph
    return set(regular) & set(bold)


def register_fonts() -> None:
    if FONT in pdfmetrics.getRegisteredFontNames():
        return
    for name, file in ((FONT, "Vera.ttf"), (BOLD, "VeraBd.ttf"), (ITALIC, "VeraIt.ttf")):
        pdfmetrics.registerFont(TTFont(name, file))  # found on ReportLab's own font path
    pdfmetrics.registerFontFamily(FONT, normal=FONT, bold=BOLD, italic=ITALIC, boldItalic=BOLD)


@value
class Box:
    """A rectangle on the page, in points from the page's bottom left."""

    x: float
    y: float
    w: float
    h: float

    @property
    def top(self) -> float:
        return self.y + self.h

    def inset(self, d: float) -> "Box":
        return Box(self.x + d, self.y + d, self.w - 2 * d, self.h - 2 * d)

    def rows(self, *heights: float) -> list["Box"]:
        """The box cut in horizontal bands from the top, each of its height; the last takes the rest."""
        out, top = [], self.top
        for h in heights:
            out.append(Box(self.x, top - h, self.w, h))
            top -= h
        out.append(Box(self.x, self.y, self.w, top - self.y))
        return out


@dataclass
class Face:
    """One card face (or one page) being drawn: its trimmed box, its bleed box, and drawing helpers.
    Problems found while drawing (a text that does not fit) are kept in ``warnings``."""

    canvas: Canvas
    box: Box  # the card as cut
    bleed: Box  # the card with its bleed: backgrounds reach it
    where: Located
    warnings: list[CardError] = field(default_factory=list)

    @property
    def safe(self) -> Box:
        """Where text goes: inside the cut line by ``SAFE``."""
        return self.box.inset(SAFE)

    def fill(self, colour: colors.Color, box: Box | None = None, to_bleed: bool = False) -> None:
        """Paint a box (the whole card by default); with ``to_bleed``, out to the bleed on every side
        the box touches the card's edge."""
        b = box or self.box
        if to_bleed:
            x0 = self.bleed.x if b.x <= self.box.x else b.x
            y0 = self.bleed.y if b.y <= self.box.y else b.y
            x1 = self.bleed.x + self.bleed.w if b.x + b.w >= self.box.x + self.box.w else b.x + b.w
            y1 = self.bleed.top if b.top >= self.box.top else b.top
            b = Box(x0, y0, x1 - x0, y1 - y0)
        self.canvas.setFillColor(colour)
        self.canvas.rect(b.x, b.y, b.w, b.h, stroke=0, fill=1)

    def text(self, text: str, box: Box, size: float = 9.0, *, bold: bool = False, colour: colors.Color = colors.black,
             align: Align = "left", what: str = "text", leading: float = 1.18, vcenter: bool = False) -> float:
        """Draw ``text`` fitted to ``box``: at ``size``, else smaller down to ``MIN_SIZE``, else cut
        with "…" and a warning. Its lines are paragraphs; a line's leading spaces indent it, a line
        starting with "# " is a heading (bold). The size used."""
        text = _KEPT_TOGETHER.sub("\u00a0", self._known_glyphs(text, what))
        current = self.fitting(text, box, size, bold=bold, leading=leading)
        paras = self._paragraphs(text, current, bold, colour, align, leading)
        heights = [p.wrap(box.w, box.h)[1] for p in paras]
        top = box.top
        if vcenter and sum(heights) <= box.h:
            top -= (box.h - sum(heights)) / 2
        used = 0.0
        for p, h in zip(paras, heights):
            if used + h > box.h + 0.01:  # what is left does not fit even at the smallest size
                left = box.h - used
                parts = p.split(box.w, left) if left > current else []
                if parts:
                    part = parts[0]
                    _, ph = part.wrap(box.w, left)
                    part.drawOn(self.canvas, box.x, top - used - ph)
                    used += ph
                self._cut_mark(box, top - used)
                self.warnings.append(CardError(
                    f"its {what} does not fit on the card, even at {MIN_SIZE:g} pt: the end is cut (marked …)",
                    self.where, hint="shorten it, or write the effect more simply"))
                break
            p.drawOn(self.canvas, box.x, top - used - h)
            used += h
        return current

    def fitting(self, text: str, box: Box, size: float = 9.0, *, bold: bool = False, leading: float = 1.18) -> float:
        """The largest size from ``size`` down to ``MIN_SIZE`` (by half points) at which ``text`` fits
        ``box`` (``MIN_SIZE`` when none does); nothing is drawn."""
        current = size
        words = [(w, bold or line.startswith("# ")) for line in text.split("\n") for w in line.split()]
        while current > MIN_SIZE:
            paras = self._paragraphs(text, current, bold, colors.black, "left", leading)
            # it fits when every line fits, and no word is wider than the box (it would be broken)
            widest = max((pdfmetrics.stringWidth(w, BOLD if b else FONT, current) for w, b in words), default=0)
            if widest <= box.w and sum(p.wrap(box.w, box.h)[1] for p in paras) <= box.h + 0.01:
                break
            current = max(MIN_SIZE, current - 0.5)
        return current

    def _known_glyphs(self, text: str, what: str) -> str:
        """``text`` with every character the font has not got shown as "?", and a warning for it
        (a printed card must not show an empty box where a letter should be)."""
        glyphs = _glyphs()
        text = "".join(WRITTEN_AS.get(ch, ch) if ord(ch) not in glyphs else ch for ch in text)
        missing = sorted({ch for ch in text if ch not in "\n" and ord(ch) not in glyphs})
        if not missing:
            return text
        self.warnings.append(CardError(
            f"its {what} has characters the printed font has not got ({', '.join(f'U+{ord(c):04X}' for c in missing)}): "
            "printed as ?", self.where))
        return "".join("?" if ch in missing else ch for ch in text)

    def _cut_mark(self, box: Box, y: float) -> None:
        self.canvas.setFillColor(colors.black)
        self.canvas.setFont(BOLD, MIN_SIZE)
        self.canvas.drawRightString(box.x + box.w, max(box.y, y - MIN_SIZE), "…")

    @staticmethod
    def _paragraphs(text: str, size: float, bold: bool, colour: colors.Color, align: Align,
                    leading: float) -> list[Paragraph]:
        out = []
        for line in text.split("\n"):
            heading = line.startswith("# ")
            if heading:
                line = line[2:]
            indent = (len(line) - len(line.lstrip(" "))) * size * 0.5
            style = ParagraphStyle("t", fontName=BOLD if bold or heading else FONT, fontSize=size,
                                   leading=size * leading, textColor=colour, alignment=_ALIGNMENT[align],
                                   leftIndent=indent)
            out.append(Paragraph(escape(line.strip()) or "&nbsp;", style))
        return out

    def line(self, text: str, x: float, y: float, size: float, *, bold: bool = False,
             colour: colors.Color = colors.black, align: Align = "left") -> None:
        """One short line at a point (a number, a label): not fitted; the caller sizes it."""
        c = self.canvas
        c.setFillColor(colour)
        c.setFont(BOLD if bold else FONT, size)
        {"left": c.drawString, "center": c.drawCentredString, "right": c.drawRightString}[align](x, y, text)

    def star(self, cx: float, cy: float, r: float, colour: colors.Color = colors.black) -> None:
        """A five-pointed star (the beginner mark)."""
        import math
        points = []
        for i in range(10):
            radius = r if i % 2 == 0 else r * 0.42
            angle = math.pi / 2 + i * math.pi / 5
            points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
        path = self.canvas.beginPath()
        path.moveTo(*points[0])
        for p in points[1:]:
            path.lineTo(*p)
        path.close()
        self.canvas.setFillColor(colour)
        self.canvas.drawPath(path, stroke=0, fill=1)

    def die(self, x: float, y: float, s: float, pips: int = 5, colour: colors.Color = colors.black) -> None:
        """A die face (the Going Negative mark), ``s`` wide, its bottom left at (x, y)."""
        c = self.canvas
        c.setStrokeColor(colour)
        c.setFillColor(colors.white)
        c.setLineWidth(0.6)
        c.roundRect(x, y, s, s, s * 0.18, stroke=1, fill=1)
        spots = _PIPS.get(pips, _PIPS[5])
        c.setFillColor(colour)
        for fx, fy in spots:
            c.circle(x + fx * s, y + fy * s, s * 0.09, stroke=0, fill=1)

    def circle(self, cx: float, cy: float, r: float, fill: colors.Color, stroke: colors.Color = colors.black) -> None:
        c = self.canvas
        c.setStrokeColor(stroke)
        c.setLineWidth(0.5)
        c.setFillColor(fill)
        c.circle(cx, cy, r, stroke=1, fill=1)

    def frame(self, box: Box, colour: colors.Color, width: float = 0.6, radius: float = 0.0) -> None:
        c = self.canvas
        c.setStrokeColor(colour)
        c.setLineWidth(width)
        if radius:
            c.roundRect(box.x, box.y, box.w, box.h, radius, stroke=1, fill=0)
        else:
            c.rect(box.x, box.y, box.w, box.h, stroke=1, fill=0)


_LO, _MID, _HI = 0.27, 0.5, 0.73
_PIPS = {1: [(_MID, _MID)], 2: [(_LO, _LO), (_HI, _HI)], 3: [(_LO, _LO), (_MID, _MID), (_HI, _HI)],
         4: [(_LO, _LO), (_HI, _LO), (_LO, _HI), (_HI, _HI)],
         5: [(_LO, _LO), (_HI, _LO), (_MID, _MID), (_LO, _HI), (_HI, _HI)],
         6: [(_LO, _LO), (_HI, _LO), (_LO, _MID), (_HI, _MID), (_LO, _HI), (_HI, _HI)]}

Drawing = Callable[[Face], None]


def card_back(game: str, deck: str, colour: colors.Color, decorate: Drawing | None = None) -> Drawing:
    """A deck's back: its colour out to the bleed, a white frame, the game's name and the deck's
    (a game may ``decorate`` it: with its suits, say)."""
    def draw(face: Face) -> None:
        face.fill(colour, to_bleed=True)
        inner = face.box.inset(7 * mm)
        face.frame(inner, colors.white, 1.0, radius=3 * mm)
        if decorate is not None:
            decorate(face)
        face.text(game, Box(inner.x + 3 * mm, inner.y + inner.h / 2 + 3 * mm, inner.w - 6 * mm, 15 * mm), 14,
                  bold=True, colour=colors.white, align="center", what="back", vcenter=True)
        face.text(deck, Box(inner.x + 3 * mm, inner.y + inner.h / 2 - 11 * mm, inner.w - 6 * mm, 12 * mm), 11,
                  bold=True, colour=colors.white, align="center", what="back", vcenter=True)
    return draw
