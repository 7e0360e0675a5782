"""Chance outcomes of a pool of dice, for any game's chance decision: the sum of ``count`` dice, or
the highest of them, each outcome once with its exact probability (a ``Fraction``), so that a
game names its dice and never writes a distribution by hand (Die Macher's design notes, D6).

An outcome's id is the game's to choose (``ids``: records store it); its label is the number and
its value the number, as a die's are elsewhere.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Callable, Final

from .decisions import ChanceOption

#: Pools a game may ask for: enough for any board game, small enough that a distribution is
#: computed at once (a sum's table has count × (sides − 1) + 1 entries).
MAX_DICE: Final = 30
MAX_SIDES: Final = 100


def sum_of_dice(count: int, sides: int = 6, ids: Callable[[int], str] = str) -> tuple[ChanceOption, ...]:
    """Each total of ``count`` dice of ``sides`` sides, lowest first: 2d6 gives 2 to 12, 7 at 1/6."""
    _check(count, sides)
    ways = [1]  # ways[t]: how many rolls of the dice so far make t over their minimum
    for _ in range(count):
        ways = [sum(ways[t - face] for face in range(sides) if 0 <= t - face < len(ways))
                for t in range(len(ways) + sides - 1)]
    rolls = sides ** count
    return tuple(ChanceOption(ids(count + t), str(count + t), count + t, Fraction(n, rolls))
                 for t, n in enumerate(ways))


def highest_of_dice(count: int, sides: int = 6, ids: Callable[[int], str] = str) -> tuple[ChanceOption, ...]:
    """Each highest face of ``count`` dice of ``sides`` sides, lowest first: of 2d6, 6 at 11/36."""
    _check(count, sides)
    rolls = sides ** count
    # rolls whose highest is at most m, less those whose highest is at most m − 1
    return tuple(ChanceOption(ids(m), str(m), m, Fraction(m ** count - (m - 1) ** count, rolls))
                 for m in range(1, sides + 1))


def _check(count: int, sides: int) -> None:
    if not 1 <= count <= MAX_DICE:
        raise ValueError(f"a pool of dice has 1 to {MAX_DICE} dice, not {count}")
    if not 2 <= sides <= MAX_SIDES:
        raise ValueError(f"a die has 2 to {MAX_SIDES} sides, not {sides}")
