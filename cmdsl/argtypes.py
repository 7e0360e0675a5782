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
