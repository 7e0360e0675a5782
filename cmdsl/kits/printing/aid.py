"""A player aid from a game's rulebook (``cmdsl.sets.rulebook``): on one page, every section's
number and title (what people look up), and the sections a game names (its turn, say) in full, in
two columns split where the text can be largest, shrunk to fit as card text is."""

from __future__ import annotations

from typing import Any, Sequence

from reportlab.lib import colors
from reportlab.lib.units import mm

from .face import Box, Drawing, Face


def player_aid(rulebook: Any, in_full: Sequence[str], title: str) -> Drawing:
    """A page: ``title``, the rulebook's sections, then the sections ``in_full`` (numbers) in full."""
    def draw(face: Face) -> None:
        head, index, body = face.box.rows(12 * mm, 18 * mm)
        face.text(title, head, 16, bold=True)
        sections = " · ".join(f"{r.number} {r.title}" for r in rulebook.sections())
        face.text(sections, index.inset(1 * mm), 8.5, colour=colors.Color(0.2, 0.2, 0.2), what="index of sections")
        texts = ["# " + rulebook.show(number) for number in in_full]
        gap = 6 * mm
        width = (body.w - gap) / 2
        boxes = [Box(body.x + i * (width + gap), body.y, width, body.h) for i in range(2)]

        def columns(split: int) -> list[tuple[Box, str]]:
            return [(boxes[0], "\n\n".join(texts[:split])), (boxes[1], "\n\n".join(texts[split:]))]

        def size(split: int) -> float:  # the size both columns fit at: the smaller of the two
            return min(face.fitting(text, box, 9) for box, text in columns(split))

        # sections stay whole, in order; the split is the one that lets the text be largest
        best = max(range(1, len(texts) + 1), key=lambda split: (size(split), -abs(2 * split - len(texts))))
        for box, text in columns(best):
            face.text(text, box, size(best), what="rules", leading=1.15)
    return draw
