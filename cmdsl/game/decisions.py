"""The decision protocol (DESIGN property 2): who decides, what kind, which options."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..model import Side


@dataclass(frozen=True)
class Option:
    """One legal answer. ``id`` is stable across runs and is what records store."""

    id: str
    label: str
    value: Any = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class Decision:
    player: Side
    kind: str  # turn, state, issue, block, card, discard, option, order, replacement, news-target, setup-state
    prompt: str
    options: tuple[Option, ...]

    def find(self, answer: str) -> Option | None:
        """The option whose id is ``answer`` (or, failing that, whose label is, ignoring case)."""
        for o in self.options:
            if o.id == answer:
                return o
        low = answer.strip().lower()
        for o in self.options:
            if o.label.lower() == low:
                return o
        return None

    def describe(self) -> str:
        lines = [f"{self.player} — {self.prompt}"]
        lines += [f"  {i}. {o.label}  [{o.id}]" for i, o in enumerate(self.options, 1)]
        return "\n".join(lines)
