"""Fitting the bottom bar to the terminal, for every game: the bar is made of parts, each with
forms from the fullest to the shortest (the last may be empty: dropped); while the bar is too
wide, the least important part still able to shrink takes its next form. What matters most (whose
decision and how many options) is shrunk last, so a narrow terminal cuts the rest first."""

from __future__ import annotations

from typing import Sequence
from ...values import value

#: prompt-toolkit's (style, text) fragments.
Fragments = tuple[tuple[str, str], ...]

SEPARATOR = "   "


@value
class Part:
    """One part of the bar: its forms, fullest first; ``steps[k]``: the rank at which it goes from
    ``forms[k]`` to ``forms[k + 1]`` (the lowest rank of the bar shrinks first); ``gap``: what
    separates it from the part before it."""

    forms: tuple[Fragments, ...]
    steps: tuple[int, ...] = ()
    gap: str = SEPARATOR

    def __post_init__(self) -> None:
        assert len(self.steps) == len(self.forms) - 1, "one rank for each shrink"


def part(first: Fragments, *shrinks: tuple[int, Fragments], gap: str = SEPARATOR) -> Part:
    """A part shown as ``first``, then as each form of ``shrinks`` in turn, at its rank."""
    return Part((first, *(form for _, form in shrinks)), tuple(rank for rank, _ in shrinks), gap)


def plain(text: str, style: str = "") -> Fragments:
    return ((style, text),) if text else ()


def width_of(fragments: Fragments) -> int:
    return sum(len(text) for _, text in fragments)


def words_cut(text: str, keep: int = 1) -> list[str]:
    """``text`` and its shortenings at word ends, each ending in "…", down to ``keep`` words:
    "play a card or draw" → "play a card or…", "play a card…", "play a…", "play…"."""
    words = text.split()
    return [text] + [" ".join(words[:n]) + "…" for n in range(len(words) - 1, keep - 1, -1)]


def assemble(parts: Sequence[Part], chosen: Sequence[int]) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = [("", " ")]
    shown = [(p.gap, p.forms[i]) for p, i in zip(parts, chosen) if p.forms[i]]
    for n, (gap, fragments) in enumerate(shown):
        if n and gap:
            out.append(("", gap))
        out.extend(fragments)
    out.append(("", " "))
    return out


def fit_bar(parts: Sequence[Part], width: int | None) -> list[tuple[str, str]]:
    """The bar within ``width`` columns (None: no limit), shrinking the part whose next step has
    the lowest rank until it fits. When even the shortest forms are too wide, they are what is
    shown (the terminal cuts the end)."""
    chosen = [0] * len(parts)
    while width is not None and width_of(tuple(assemble(parts, chosen))) > width:
        steps = [(p.steps[k], i) for i, (p, k) in enumerate(zip(parts, chosen)) if k < len(p.steps)]
        if not steps:
            break
        chosen[min(steps)[1]] += 1
    return assemble(parts, chosen)
