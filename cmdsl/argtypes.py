"""Command-line value types shared by the ``cmdsl`` commands (play, balance): each refuses a bad
value with a one-line message naming what is allowed."""

from __future__ import annotations

import argparse
from typing import Callable

from .game.fields import MAX_SEED

#: Bot games stop as a draw after this many turns unless told otherwise (R12.3).
DEFAULT_BOT_TURN_LIMIT = 1000


def whole(low: int, high: int | None, meaning: str) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` (to ``high``), refused with ``meaning``."""
    def parse(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not {meaning}") from None
        if n < low or (high is not None and n > high):
            raise argparse.ArgumentTypeError(f"{n} is not {meaning}")
        return n
    return parse


turn_limit = whole(0, None, "a whole number ≥ 0 (0: no limit)")
seed = whole(0, MAX_SEED, f"a whole number from 0 to {MAX_SEED}")  # what a record can hold


#: `cmdsl print --bleed`: printers ask for 3 mm; more only wastes card stock.
MAX_BLEED_MM = 6.0
_POINTS_PER = {"mm": 72 / 25.4, "in": 72.0}


def length_points(text: str) -> float:
    """A length as `cmdsl print --bleed` takes it (``3mm``, ``0.125in``, ``3``: millimetres), in points."""
    import re

    m = re.fullmatch(r"\s*([0-9]*\.?[0-9]+)\s*(mm|in)?\s*", text)
    if m is None:
        raise argparse.ArgumentTypeError(f"expected a length such as 3mm or 0.125in, got {text!r}")
    points = float(m.group(1)) * _POINTS_PER[m.group(2) or "mm"]
    if points > MAX_BLEED_MM * _POINTS_PER["mm"] + 1e-9:
        raise argparse.ArgumentTypeError(f"at most {MAX_BLEED_MM:g}mm (printers ask for 3mm), got {text}")
    return points
