"""A player aid from a game's rulebook (``cmdsl.sets.rulebook``): on one page, every section's
number and title (what people look up), and the sections a game names (its turn, say) in full, in
two columns, shrunk to fit as card text is."""

from __future__ import annotations

from typing import Any, Sequence

from reportlab.lib import colors
from reportlab.lib.units import mm

from .sheet import Box, Drawing, Face


def player_aid(rulebook: Any, in_full: Sequence[str], title: str) -> Drawing:
    """A page: ``title``, the rulebook's sections, then the sections ``in_full`` (numbers) in full."""
    def draw(face: Face) -> None:
        head, index, body = face.box.rows(12 * mm, 18 * mm)
        face.text(title, head, 16, bold=True)
        sections = " · ".join(f"{r.number} {r.title}" for r in rulebook.sections())
        face.text(sections, index.inset(1 * mm), 8.5, colour=colors.Color(0.2, 0.2, 0.2), what="index of sections")
        texts = ["# " + rulebook.show(number) for number in in_full]
        # two columns of about as many characters each, at one size (the largest both fit at)
        total, split = sum(map(len, texts)), 0
        while split < len(texts) and sum(map(len, texts[:split + 1])) <= total / 2:
            split += 1
        gap = 6 * mm
        width = (body.w - gap) / 2
        columns = [(Box(body.x + i * (width + gap), body.y, width, body.h), "\n\n".join(part))
                   for i, part in enumerate((texts[:max(split, 1)], texts[max(split, 1):]))]
        size = min(face.fitting(text, box, 9) for box, text in columns)
        for box, text in columns:
            face.text(text, box, size, what="rules", leading=1.15)
    return draw
