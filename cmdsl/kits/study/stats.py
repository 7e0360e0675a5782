"""The statistics of balance reports, each a small pure function (docs/balance.md explains them).

- ``wilson``: a 95% interval for a rate (Wilson's score interval: right near 0% and 100% and
  for small samples, where the textbook ±1.96·√(p(1−p)/n) is not);
- ``newcombe``: a 95% interval for the difference of two independent rates (Newcombe's hybrid
  score method, built from the two Wilson intervals), with a two-sided p-value (pooled z test);
- ``paired``: the mean of paired differences (the same seed played twice) with a 95% interval and
  an exact two-sided sign test;
- ``holm`` and ``benjamini_hochberg``: p-values adjusted for many comparisons at once;
- ``games_to_narrow``: how many games would make an interval that narrow.
"""

from __future__ import annotations

import math
from enum import StrEnum
from fractions import Fraction
from typing import Sequence
from ...values import value

Z95 = 1.959963984540054  # the two-sided 95% quantile of the normal distribution


@value
class Interval:
    low: float
    high: float

    def text(self, scale: float = 100.0, signed: bool = False) -> str:
        f = "{:+.1f}" if signed else "{:.1f}"
        return f"[{f.format(scale * self.low)}, {f.format(scale * self.high)}]"


@value
class Rate:
    """``k`` successes in ``n`` trials (``k`` may be fractional: a win shared by j seats counts 1/j)."""

    k: float
    n: int

    @property
    def value(self) -> float:
        return self.k / self.n if self.n else 0.0

    @property
    def interval(self) -> Interval:
        return wilson(self.k, self.n)


@value
class Difference:
    """An estimated difference (b − a), its 95% interval, and the p-value of "no difference"."""

    estimate: float
    interval: Interval
    p: float


def wilson(k: float, n: int, z: float = Z95) -> Interval:
    """Wilson's score interval for ``k`` of ``n``; (0, 1) when ``n`` is 0 (nothing is known)."""
    if n == 0:
        return Interval(0.0, 1.0)
    p = k / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return Interval(max(0.0, centre - half), min(1.0, centre + half))


def normal_two_sided(z: float) -> float:
    """P(|Z| ≥ |z|) for a standard normal Z."""
    return math.erfc(abs(z) / math.sqrt(2))


def newcombe(a: Rate, b: Rate) -> Difference:
    """b − a for two independent rates, Newcombe's interval (method 10) and a pooled z test."""
    if a.n == 0 or b.n == 0:
        return Difference(0.0, Interval(-1.0, 1.0), 1.0)
    pa, pb = a.value, b.value
    la, ua = wilson(a.k, a.n).low, wilson(a.k, a.n).high
    lb, ub = wilson(b.k, b.n).low, wilson(b.k, b.n).high
    d = pb - pa
    low = d - math.sqrt((pb - lb) ** 2 + (ua - pa) ** 2)
    high = d + math.sqrt((ub - pb) ** 2 + (pa - la) ** 2)
    pooled = (a.k + b.k) / (a.n + b.n)
    se = math.sqrt(pooled * (1 - pooled) * (1 / a.n + 1 / b.n))
    p = 1.0 if se == 0 else normal_two_sided(d / se)
    return Difference(d, Interval(low, high), p)


def lift_change(old: tuple[Rate, Rate], new: tuple[Rate, Rate]) -> Difference:
    """How much a lift moved: (new_with − new_without) − (old_with − old_without), each pair the
    rates of a side's wins in the games with and without a card. Independent rates, a normal
    approximation whose variances use Agresti–Caffo's (k + 1) / (n + 2), so that rates of 0% or
    100% on few games do not look certain; a rate with no games at all gives no evidence (p = 1)."""
    rates = (*old, *new)
    if any(r.n == 0 for r in rates):
        return Difference(0.0, Interval(-2.0, 2.0), 1.0)
    estimate = (new[0].value - new[1].value) - (old[0].value - old[1].value)
    var = sum(((r.k + 1) / (r.n + 2)) * (1 - (r.k + 1) / (r.n + 2)) / (r.n + 2) for r in rates)
    half = Z95 * math.sqrt(var)
    return Difference(estimate, Interval(estimate - half, estimate + half), normal_two_sided(estimate / math.sqrt(var)))


def mean_difference(a: Sequence[float], b: Sequence[float]) -> Difference:
    """mean(b) − mean(a) for two independent samples, a 95% interval and a two-sided p-value
    (Welch's unpooled variances, normal approximation: the samples here are hundreds of games)."""
    if len(a) < 2 or len(b) < 2:
        return Difference(0.0, Interval(-1.0, 1.0), 1.0)
    ma, mb = sum(a) / len(a), sum(b) / len(b)
    va = sum((x - ma) ** 2 for x in a) / (len(a) - 1)
    vb = sum((x - mb) ** 2 for x in b) / (len(b) - 1)
    se = math.sqrt(va / len(a) + vb / len(b))
    d = mb - ma
    p = (1.0 if d == 0 else 0.0) if se == 0 else normal_two_sided(d / se)
    return Difference(d, Interval(d - Z95 * se, d + Z95 * se), p)


def sign_test(up: int, down: int) -> float:
    """Exact two-sided sign test: the chance of a split at least this uneven if up and down were
    equally likely (McNemar's exact test when the pairs are yes/no outcomes)."""
    n = up + down
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, i) for i in range(min(up, down) + 1))
    return float(min(Fraction(1), Fraction(2 * tail, 2 ** n)))


def paired(pairs: Sequence[tuple[float, float]]) -> Difference:
    """The mean of b − a over pairs (a, b) measured on the same seed, a 95% interval for it (normal
    approximation on the differences) and an exact sign test on the pairs that differ."""
    n = len(pairs)
    if n == 0:
        return Difference(0.0, Interval(-1.0, 1.0), 1.0)
    diffs = [b - a for a, b in pairs]
    mean = sum(diffs) / n
    var = sum((x - mean) ** 2 for x in diffs) / (n - 1) if n > 1 else 0.0
    half = Z95 * math.sqrt(var / n)
    p = sign_test(sum(x > 0 for x in diffs), sum(x < 0 for x in diffs))
    return Difference(mean, Interval(mean - half, mean + half), p)


class Correction(StrEnum):
    """How many p-values are adjusted together: Holm bounds the chance of any false alarm among
    them (family-wise error); Benjamini–Hochberg bounds the expected share of false alarms among
    the flags (false discovery rate), and so flags more."""

    HOLM = "holm"
    BH = "bh"


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values, in the order given."""
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    out = [0.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        out[i] = running
    return out


def benjamini_hochberg(pvalues: Sequence[float]) -> list[float]:
    """Benjamini–Hochberg adjusted p-values (q-values), in the order given."""
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i], reverse=True)
    out = [0.0] * m
    running = 1.0
    for k, i in enumerate(order):
        rank = m - k  # 1-based rank from the smallest
        running = min(running, pvalues[i] * m / rank)
        out[i] = min(1.0, running)
    return out


def adjust(pvalues: Sequence[float], how: Correction) -> list[float]:
    return holm(pvalues) if how is Correction.HOLM else benjamini_hochberg(pvalues)


def quantile(sorted_values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) of already sorted values, by linear interpolation."""
    if not sorted_values:
        return 0.0
    x = q * (len(sorted_values) - 1)
    lo = math.floor(x)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (x - lo)


#: A card's lift is shown only when both its groups of games (played / not played) have this many:
#: below 10 games a win rate's 95% interval is wider than ±25 points (10 games at 50%: 24%–76%), so
#: a lift is noise whatever its value, and it would top a table sorted by value (issue: a lift of +71
#: from 2 games). Ten is also the usual floor for the normal approximation behind the intervals.
MIN_GAMES = 10

#: How many games a balance study plays when not told (`cmdsl balance --games N`), for every game.
DEFAULT_GAMES = 100



def games_to_narrow(games: int, interval: Interval, half_width: float) -> int:
    """How many games in all would make ``interval`` (measured on ``games``) ± ``half_width``: a
    95% interval narrows as 1/√games, so n × (half-width now / wanted)², at the observed rates."""
    now = (interval.high - interval.low) / 2
    return max(games, math.ceil(games * (now / half_width) ** 2))


def pct(rate: Rate) -> str:
    return f"{100 * rate.value:5.1f}% {rate.interval.text()}" if rate.n else "    –"


def counted(rate: Rate) -> str:
    """A rate with its counts beside it: "54/74 73.0% [61.9, 81.8]"."""
    return f"{round(rate.k, 1):g}/{rate.n} {pct(rate).strip()}" if rate.n else "0/0 –"
