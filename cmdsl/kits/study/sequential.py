"""Stopping a study as soon as its intervals decide, with the error rate still controlled
(issue 58 item 4; docs/balance.md, "Stopping early").

A study that looks at its results after every batch of games and stops when an interval clears
its bound would, with plain 95% intervals, be wrong far more often than 5% of the time: every
look is another chance for noise to cross. The method here is the *group-sequential* design with
*repeated confidence intervals* (Jennison & Turnbull, "Group Sequential Methods", 2000, ch. 9):
the study fixes its largest size N and the looks (the numbers of games n₁ < … < n_K = N at which
it reads its results); each look k gets its own critical value c_k, wider than 1.96, chosen so
that, when nothing differs, the chance that *any* look's interval excludes the truth is at most
α in all. An interval at look k is the usual estimate ± c_k standard errors, and a verdict read
from any look is then right with probability 1 − α, however early the study stopped.

The c_k come from an α-*spending function* (Lan & DeMets, 1983): by the fraction t = n/N of the
study done, at most α(t) of the error has been spent. We spend like Pocock (Lan & DeMets' form
α·ln(1 + (e − 1)t)): early looks get usable bounds (about 2.4 at five looks, not 4.6 as with
O'Brien–Fleming's), so a clear difference stops a study at a fraction of its games, which is what
a designer waiting on a verdict wants; the price is a last look a little wider than 1.96. Each
c_k is solved by bisection from the exact distribution of the running sum under "no difference"
(a Brownian motion seen at the looks), integrated numerically on a grid.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Final, Literal, Sequence

from ...values import value
from .stats import Z95, Interval

#: The overall error rate a study's verdicts keep (two-sided).
ALPHA: Final = 0.05
#: How many looks a study takes, equally spaced in games, when not told.
LOOKS: Final = 8
_GRID: Final = 241  # grid points across a look's continuation region (odd: Simpson's rule)


def pocock_spending(t: float, alpha: float = ALPHA) -> float:
    """The error spent by the fraction ``t`` (0..1) of the study: α·ln(1 + (e − 1)t)."""
    return alpha * math.log(1 + (math.e - 1) * min(1.0, max(0.0, t)))


def _phi(x: float) -> float:
    return math.exp(-x * x / 2) / math.sqrt(2 * math.pi)


def _upper_tail(x: float) -> float:
    return 0.5 * math.erfc(x / math.sqrt(2))


def _simpson(ys: Sequence[float], h: float) -> float:
    n = len(ys) - 1
    return h / 3 * (ys[0] + ys[-1] + 4 * sum(ys[1:n:2]) + 2 * sum(ys[2:n:2]))


def boundaries(fractions: Sequence[float], alpha: float = ALPHA) -> tuple[float, ...]:
    """The critical values c_k (two-sided, on the z scale) of looks at ``fractions`` of the study
    (rising, the last 1), spending α the Pocock way."""
    return _boundaries(tuple(fractions), alpha)


@lru_cache(maxsize=64)  # a pure function of its looks: a report reads them again and again
def _boundaries(fractions: tuple[float, ...], alpha: float) -> tuple[float, ...]:
    if not fractions or any(b <= a for a, b in zip(fractions, fractions[1:])) or not 0 < fractions[0] \
            or fractions[-1] > 1 + 1e-12:
        raise ValueError(f"looks must rise within (0, 1]: {fractions}")
    out: list[float] = []
    # the sub-density of the running sum W(t) = Z·√t on the paths that have not stopped yet,
    # on a grid over (−b, b): b the last look's bound on W
    grid: list[float] = []
    density: list[float] = []
    spent, t_prev = 0.0, 0.0
    for t in fractions:
        target = pocock_spending(t, alpha) - spent
        dt = t - t_prev

        def exit_probability(c: float) -> float:
            b = c * math.sqrt(t)
            if not grid:  # the first look: W(t) ~ N(0, t)
                return 2 * _upper_tail(c)
            # P(|W(t)| ≥ b, not stopped before) = Σ over the grid of density · P(|u + ΔW| ≥ b)
            s = math.sqrt(dt)
            h = grid[1] - grid[0]
            ys = [f * (_upper_tail((b - u) / s) + _upper_tail((b + u) / s)) for u, f in zip(grid, density)]
            return _simpson(ys, h)

        lo, hi = 0.5, 8.0
        if exit_probability(hi) > target:  # nothing left to spend: a bound no look crosses
            c = hi
        else:
            for _ in range(60):
                mid = (lo + hi) / 2
                lo, hi = (mid, hi) if exit_probability(mid) > target else (lo, mid)
            c = hi
        spent += exit_probability(c)
        out.append(c)
        # the paths still going, on the new continuation region
        b = c * math.sqrt(t)
        new_grid = [-b + 2 * b * i / (_GRID - 1) for i in range(_GRID)]
        if not grid:
            new_density = [_phi(w / math.sqrt(t)) / math.sqrt(t) for w in new_grid]
        else:
            s = math.sqrt(dt)
            h = grid[1] - grid[0]
            new_density = [_simpson([f * _phi((w - u) / s) / s for u, f in zip(grid, density)], h) for w in new_grid]
        grid, density, t_prev = new_grid, new_density, t
    return tuple(out)


@value
class Plan:
    """A study's looks: the numbers of games at which it reads its results, and each look's
    critical value (``boundaries``). The last look is the study's largest size."""

    looks: tuple[int, ...]
    critical: tuple[float, ...]

    @property
    def most(self) -> int:
        return self.looks[-1]

    def at(self, games: int) -> float:
        """The critical value of the look at ``games`` (a study read between looks, or stopped by
        hand, uses the last look it passed: its intervals stay valid; before the first, the first's)."""
        passed = [c for n, c in zip(self.looks, self.critical) if n <= games]
        return passed[-1] if passed else self.critical[0]


def plan(most: int, looks: int = LOOKS, first: int = 0, alpha: float = ALPHA) -> Plan:
    """The looks of a study of at most ``most`` games: ``looks`` of them, equally spaced, none
    before ``first`` games (a look on a handful of games decides nothing); one look at ``most``
    when it is too small for more."""
    step = most / looks
    at = sorted({max(first, math.ceil(step * (k + 1))) for k in range(looks)} | {most})
    at = [n for n in at if n <= most]
    if not at:
        at = [most]
    return Plan(tuple(at), boundaries([n / most for n in at], alpha))


#: A study's first look comes after this many games (or pairs) at least: fewer decide nothing.
FIRST_LOOK: Final = 50
#: An A/B is decided when a change is beyond chance, or surely smaller than this (a share: 5 points).
SMALLEST_CHANGE: Final = 0.05

Change = Literal["moved", "within", "open"]


def study_plan(most: int) -> Plan:
    """The looks of a study (targets' or an A/B's) of at most ``most`` games or pairs."""
    return plan(most, first=min(most, FIRST_LOOK))


def widened(estimate: float, interval: Interval, z: float) -> Interval:
    """A 95% interval around ``estimate`` read at critical value ``z`` instead."""
    half = (interval.high - interval.low) / 2 * z / Z95
    return Interval(estimate - half, estimate + half)


#: Where a report that stopped early sends its reader.
STOPPING: Final = 'docs/balance.md, "Stopping early"'


def looked_where(pairs: int, most: int) -> str:
    """How many pairs an A/B read at looks kept: "Stopped after 250 of at most 1000 pairs"."""
    return f"Stopped after {pairs} of at most {most} pairs" if pairs < most else f"{pairs} pairs"


def change(interval: Interval) -> Change:
    """What an A/B's change says, read at its look: moved beyond chance, surely within
    ±``SMALLEST_CHANGE``, or still open."""
    if interval.low > 0 or interval.high < 0:
        return "moved"
    if -SMALLEST_CHANGE < interval.low and interval.high < SMALLEST_CHANGE:
        return "within"
    return "open"
