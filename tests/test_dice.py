"""Pools of dice as chance (cmdsl/game/dice.py; DIEMACHER.md Part D6): the sum or the highest of k
dice, each outcome with its exact probability, checked against every roll counted one by one."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product
from typing import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cmdsl.game.chance import draw
from cmdsl.game.decisions import CHANCE, Decision
from cmdsl.game.dice import MAX_DICE, MAX_SIDES, highest_of_dice, sum_of_dice
from cmdsl.game.rng import GameRng


def _counted(count: int, sides: int, of: Callable[[tuple[int, ...]], int]) -> dict[int, Fraction]:
    """Every roll of the pool, one by one: the outcome's probability as counted."""
    rolls = list(product(range(1, sides + 1), repeat=count))
    seen = Counter(of(roll) for roll in rolls)
    return {n: Fraction(k, len(rolls)) for n, k in seen.items()}


def test_two_dice_sum_from_2_to_12_with_7_the_likeliest() -> None:
    two = sum_of_dice(2)
    assert [o.value for o in two] == list(range(2, 13))
    assert {o.value: o.probability for o in two}[7] == Fraction(1, 6)
    assert {o.value: o.probability for o in two}[2] == Fraction(1, 36)
    assert [o.id for o in two] == [str(n) for n in range(2, 13)] and two[0].label == "2"


def test_three_dice_have_sixteen_totals_and_ten_at_27_in_216() -> None:
    three = sum_of_dice(3)
    assert len(three) == 16
    assert {o.value: o.probability for o in three}[10] == Fraction(27, 216)


def test_the_highest_of_two_dice_is_6_eleven_times_in_36() -> None:
    best = highest_of_dice(2)
    assert [o.value for o in best] == [1, 2, 3, 4, 5, 6]
    assert best[-1].probability == Fraction(11, 36) and best[0].probability == Fraction(1, 36)


def test_a_game_names_the_outcomes_ids() -> None:
    assert [o.id for o in sum_of_dice(1, ids=lambda n: f"die:{n}")] == [f"die:{n}" for n in range(1, 7)]


@given(st.integers(1, 4), st.integers(2, 8))
def test_every_distribution_is_the_rolls_counted_and_sums_to_one(count: int, sides: int) -> None:
    for made, of in ((sum_of_dice, sum), (highest_of_dice, max)):
        options = made(count, sides)
        assert {o.value: o.probability for o in options} == _counted(count, sides, of)
        assert sum(o.probability for o in options) == 1
        assert len({o.id for o in options}) == len(options)  # each outcome once


def test_a_pool_out_of_bounds_is_refused_in_one_line() -> None:
    for count, sides, said in ((0, 6, "1 to"), (MAX_DICE + 1, 6, "1 to"), (2, 1, "2 to"), (2, MAX_SIDES + 1, "2 to")):
        with pytest.raises(ValueError, match=said):
            sum_of_dice(count, sides)
        with pytest.raises(ValueError, match=said):
            highest_of_dice(count, sides)


def test_the_chance_seat_draws_a_sum_as_often_as_its_probability_says() -> None:
    """Drawn by the chance seat from a seeded generator: 7 about a sixth of the time, 2 and 12 rarely."""
    from enum import StrEnum

    class Kind(StrEnum):
        ROLL = "roll"

    decision = Decision(CHANCE, Kind.ROLL, "roll two dice", sum_of_dice(2))
    rng = GameRng(7)
    seen = Counter(draw(decision, rng).value for _ in range(6000))
    assert 850 < seen[7] < 1150 and seen[2] < 260 and seen[12] < 260
    assert set(seen) == set(range(2, 13))
