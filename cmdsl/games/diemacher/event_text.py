"""How Die Macher's events write amounts, cards and counts."""

from __future__ import annotations

from .cards import Card


def euros(amount: int) -> str:
    return f"€{amount:,}"


def cards_text(cards: tuple[Card, ...]) -> str:
    return ", ".join(c.id for c in cards) if cards else "none"


def counted(n: int, word: str) -> str:
    """``3 rally markers``, ``1 seat``."""
    return f"{n} {word}" + ("" if n == 1 else "s")
