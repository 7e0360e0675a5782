"""A player aid on one page, in two columns split where the text can be largest, shrunk to fit as
card text is: either a turn summary a game writes (``turn_summary``: short headed lists of bullets,
in the printed language), or a game's rulebook (``player_aid``, ``cmdsl.sets.rulebook``): every
section's number and title, and the sections a game names in full."""

from __future__ import annotations

from typing import Any, Sequence

from reportlab.lib import colors
from reportlab.lib.units import mm

from ...values import value
from .face import Box, Drawing, Face


@value
class AidSection:
    """One heading of a turn summary and its bullets (each a short sentence)."""

    title: str
    bullets: tuple[str, ...]


def turn_summary(title: str, sections: Sequence[AidSection]) -> Drawing:
    """A page: ``title``, then each section's heading and its bullets, in two columns."""
    def draw(face: Face) -> None:
        head, body = face.box.rows(14 * mm)
        face.text(title, head, 16, bold=True)
        texts = ["\n".join([f"# {s.title}", *(f"• {b}" for b in s.bullets)]) for s in sections]
        _two_columns(face, body, texts, 12.5, what="player aid")
    return draw


def player_aid(rulebook: Any, in_full: Sequence[str], title: str) -> Drawing:
    """A page: ``title``, the rulebook's sections, then the sections ``in_full`` (numbers) in full."""
    def draw(face: Face) -> None:
        head, index, body = face.box.rows(12 * mm, 18 * mm)
        face.text(title, head, 16, bold=True)
        sections = " · ".join(f"{r.number} {r.title}" for r in rulebook.sections())
        face.text(sections, index.inset(1 * mm), 8.5, colour=colors.Color(0.2, 0.2, 0.2), what="index of sections")
        texts = ["# " + rulebook.show(number) for number in in_full]
        _two_columns(face, body, texts, 9, what="rules")
    return draw


def _two_columns(face: Face, body: Box, texts: Sequence[str], largest: float, what: str) -> None:
    """``texts`` (sections, whole and in order) in two columns of ``body``, split where the text can be largest."""
    gap = 6 * mm
    width = (body.w - gap) / 2
    boxes = [Box(body.x + i * (width + gap), body.y, width, body.h) for i in range(2)]

    def columns(split: int) -> list[tuple[Box, str]]:
        return [(boxes[0], "\n\n".join(texts[:split])), (boxes[1], "\n\n".join(texts[split:]))]

    def size(split: int) -> float:  # the size both columns fit at: the smaller of the two
        return min(face.fitting(text, box, largest) for box, text in columns(split))

    best = max(range(1, len(texts) + 1), key=lambda split: (size(split), -abs(2 * split - len(texts))))
    for box, text in columns(best):
        face.text(text, box, size(best), what=what, leading=1.15)
