"""Each health target's verdict from a seat study's games (issue 58 item 2; docs/balance.md,
"Health targets"): **met** when its interval lies inside the target, **missed** when it lies
wholly outside (missed beyond chance), else **not known yet**, with about how many games in all
would tell (an interval narrows as 1/√games).

The intervals are read at a critical value ``z``: 1.96 for a study read once, a look's wider
value when the study may stop early (``sequential.py``), so that a verdict is right 95% of the
time however early it came. A target over many parts (each seat, each card) shares its error
among them (Bonferroni), so that "missed" means some part is off beyond chance, not that one of
a hundred cards drew an unlucky run.

- ``winner_score``, ``turns``, ``decisions``: the median, with its distribution-free interval
  (order statistics: the ranks n/2 ± z·√n/2);
- ``seat_spread``: every seat's win share (Wilson) within the even share ± the points given;
- ``dead_cards``: a card is surely dead when its playable share's upper bound is below
  ``health.DEAD_SHARE`` over at least ``health.MIN_HELD`` seat-games, surely alive when its lower
  bound is at least that share; the target is met when at most N cards are not surely alive,
  missed when more than N are surely dead;
- ``tie_breaks``, ``early_leader_wins``: a share of games (Wilson), in percent.
"""

from __future__ import annotations

import math
from statistics import NormalDist
from typing import Final, Literal, Mapping, Sequence

from ...sets.health_targets import MEANING, Target, Targets
from ...values import value
from .health import DEAD_SHARE, MIN_HELD, Played, card_health
from .stats import Interval, Z95, wilson

Status = Literal["met", "missed", "unknown"]
#: Never ask for more games than this many times those played (a bound the interval cannot clear).
_MOST_TIMES: Final = 100


@value
class Verdict:
    """One target's verdict: what was measured (its estimate and interval, as text), its status,
    and, when not known yet, about how many games in all would tell (None: more games may never
    tell, as when the estimate sits on the bound)."""

    target: Target
    status: Status
    measured: str
    games: int  # the games it was read from
    needed: int | None = None

    def text(self) -> str:
        head = {"met": "met", "missed": "MISSED", "unknown": "not known yet"}[self.status]
        line = f"{self.target.text()} ({MEANING[self.target.measure]}): {head} — {self.measured}"
        if self.status == "unknown":
            line += (f"; about {self.needed} games in all would tell (--games {self.needed})" if self.needed
                     else "; more games may not tell (the measure sits on the bound)")
        return line


def _needed(games: int, half: float, distance: float) -> int | None:
    """The games in all that would shrink an interval of half-width ``half`` (on ``games``) to
    ``distance`` from its estimate to the nearest bound."""
    if distance <= 0 or half <= 0:
        return None
    n = math.ceil(games * (half / distance) ** 2 * 1.1)  # 10% over: the next interval is read wider
    return n if n <= games * _MOST_TIMES else None


def _status(interval: Interval, low: float, high: float | None) -> Status:
    if interval.low >= low and (high is None or interval.high <= high):
        return "met"
    if interval.high < low or (high is not None and interval.low > high):
        return "missed"
    return "unknown"


def _against(estimate: float, interval: Interval, low: float, high: float | None, games: int) -> int | None:
    half = (interval.high - interval.low) / 2
    distance = min(abs(estimate - low), abs(estimate - high) if high is not None else math.inf)
    return _needed(games, half, distance)


def median_interval(values: Sequence[float], z: float) -> tuple[float, Interval]:
    """The median of ``values`` and its distribution-free interval at ``z``: the order statistics
    of ranks n/2 ± z·√n/2 (the binomial's normal approximation)."""
    ordered = sorted(values)
    n = len(ordered)
    median = (ordered[(n - 1) // 2] + ordered[n // 2]) / 2
    half = z * math.sqrt(n) / 2
    lo = max(0, math.floor(n / 2 - half) - 1)
    hi = min(n - 1, math.ceil(n / 2 + half) - 1)
    return median, Interval(ordered[lo], ordered[hi])


def _z(alpha_parts: int, z: float) -> float:
    """The critical value ``z`` shared among ``alpha_parts`` parts (Bonferroni on its error)."""
    if alpha_parts <= 1:
        return z
    alpha = 2 * (1 - NormalDist().cdf(z))
    return NormalDist().inv_cdf(1 - alpha / alpha_parts / 2)


def verdicts(targets: Targets, rows: Sequence[Played], players: int, names: Sequence[str],
             titles: Mapping[str, str] | None = None, z: float = Z95) -> tuple[Verdict, ...]:
    """Each target's verdict from ``rows`` (a seat study's games), read at ``z``; ``titles``: what
    to call each card (its id otherwise)."""
    return tuple(verdict(t, rows, players, names, titles, z) for t in targets.targets)


def verdict(t: Target, rows: Sequence[Played], players: int, names: Sequence[str],
            titles: Mapping[str, str] | None = None, z: float = Z95) -> Verdict:
    """One target's verdict (``verdicts``)."""
    if not rows:
        return Verdict(t, "unknown", "no games", 0, None)
    if t.measure in ("winner_score", "turns", "decisions"):
        return _median(t, rows, z)
    if t.measure == "seat_spread":
        return _seats(t, rows, players, names, z)
    if t.measure == "dead_cards":
        return _dead(t, rows, titles or {}, z)
    return _share(t, rows, z)


def _values(t: Target, rows: Sequence[Played]) -> list[float]:
    """Each game's value of a median's measure (the games that say it)."""
    if t.measure == "winner_score":
        return [float(max(r.points[w] for w in r.winners) if r.winners else max(r.points)) for r in rows if r.points]
    values = [float(r.turns if t.measure == "turns" else r.decisions) for r in rows]
    return [v for v in values if v]


def _counts(t: Target, rows: Sequence[Played]) -> tuple[int, int]:
    """A share's games: (those it counts, those that say it)."""
    if t.measure == "tie_breaks":
        counted = [r for r in rows if r.points]
        return sum(1 for r in counted if len(r.winners) == 1 and r.points.count(max(r.points)) > 1), len(counted)
    counted = [r for r in rows if r.leaders and r.winners]  # early_leader_wins
    return sum(1 for r in counted if set(r.winners) & set(r.leaders[0])), len(counted)


def _median(t: Target, rows: Sequence[Played], z: float) -> Verdict:
    n = len(rows)
    values = _values(t, rows)
    if not values:
        return Verdict(t, "unknown", "the game does not say it", n, None)
    median, interval = median_interval(values, z)
    measured = f"median {median:g} [{interval.low:g}, {interval.high:g}] over {len(values)} games"
    status = _status(interval, t.low, t.high)
    return Verdict(t, status, measured, n, _against(median, interval, t.low, t.high, n) if status == "unknown" else None)


def _seats(t: Target, rows: Sequence[Played], players: int, names: Sequence[str], z: float) -> Verdict:
    assert t.high is not None
    n = len(rows)
    fair, spread = 1 / players, t.high / 100
    zz = _z(players, z)
    wins = [sum(1 / len(r.winners) for r in rows if s in r.winners) for s in range(players)]  # 1/k of a shared win
    shares = [wilson(w, n, zz) for w in wins]
    values = [w / n for w in wins]
    states = [_status(i, fair - spread, fair + spread) for i in shares]
    status: Status = "missed" if "missed" in states else "met" if all(s == "met" for s in states) else "unknown"
    worst = max(range(players), key=lambda s: abs(values[s] - fair))
    name = names[worst] if worst < len(names) else f"Player {worst + 1}"
    measured = (f"{name} is furthest from an even {100 * fair:.1f}%: {100 * values[worst]:.1f}% "
                f"[{100 * shares[worst].low:.1f}, {100 * shares[worst].high:.1f}] (each seat's interval at "
                f"z = {zz:.2f})")
    needed = None
    if status == "unknown":
        asks = [_against(values[s], shares[s], fair - spread, fair + spread, n)
                for s in range(players) if states[s] == "unknown"]
        needed = None if None in asks else max(a for a in asks if a is not None)
    return Verdict(t, status, measured, n, needed)


def _dead(t: Target, rows: Sequence[Played], titles: Mapping[str, str], z: float) -> Verdict:
    assert t.high is not None
    n = len(rows)
    held = [c for c in card_health(rows) if c.held]  # a card never held (an Event played as drawn) is never stuck
    if not held:
        return Verdict(t, "unknown", "the game does not say what each seat holds", n, None)
    zz = _z(len(held), z)
    dead, alive, unsure = [], [], []
    asks: list[int | None] = []
    for c in held:
        if c.held < MIN_HELD:
            unsure.append(c.card)
            asks.append(math.ceil(n * MIN_HELD / c.held * 1.1))
            continue
        share = wilson(c.playable, c.held, zz)
        if share.high < DEAD_SHARE:
            dead.append(c.card)
        elif share.low >= DEAD_SHARE:
            alive.append(c.card)
        else:
            unsure.append(c.card)
            asks.append(_against(c.playable / c.held, share, DEAD_SHARE, None, n))
    limit = int(t.high)
    status: Status = "missed" if len(dead) > limit else "met" if len(held) - len(alive) <= limit else "unknown"
    named = ", ".join(titles.get(c, c) for c in dead[:5]) + (f" and {len(dead) - 5} more" if len(dead) > 5 else "")
    measured = (f"{len(dead)} surely dead" + (f" ({named})" if dead else "") + f", {len(alive)} surely alive, "
                f"{len(unsure)} not known yet, of {len(held)} cards held (each card's interval at z = {zz:.2f})")
    needed = None
    if status == "unknown" and asks and None not in asks:
        needed = max(a for a in asks if a is not None)
    return Verdict(t, status, measured, n, needed)


def _share(t: Target, rows: Sequence[Played], z: float) -> Verdict:
    """A share of games, in percent: decided by a tie-break, or won by the early leader."""
    k, total = _counts(t, rows)
    if not total:
        return Verdict(t, "unknown", "the game does not say it", len(rows), None)
    share = wilson(k, total, z)
    low, high = t.low / 100, (t.high / 100 if t.high is not None else None)
    status = _status(share, low, high)
    measured = f"{100 * k / total:.1f}% [{100 * share.low:.1f}, {100 * share.high:.1f}] of {total} games"
    return Verdict(t, status, measured, len(rows),
                   _against(k / total, share, low, high, len(rows)) if status == "unknown" else None)


def strict_failure(found: Sequence[Verdict]) -> bool:
    """Whether ``--strict`` fails: a target missed beyond chance."""
    return any(v.status == "missed" for v in found)


def shortfall(t: Target, rows: Sequence[Played], players: int) -> float:
    """How far ``rows``' point estimate is from target ``t``, in units of the target's own scale
    (0 when it lies inside): what the tuner minimises (``kits/tune``). A median or a share outside
    its range counts its distance over the range's width (at least 1, or 10 points of percent);
    each dead card past the limit counts 1; a seat spread its excess points over the spread."""
    if not rows:
        return 0.0
    m = t.measure
    if m == "seat_spread":
        assert t.high is not None
        n = len(rows)
        worst = max(abs(sum(1 / len(r.winners) for r in rows if s in r.winners) / n - 1 / players)
                    for s in range(players))
        return max(0.0, 100 * worst - t.high) / max(1.0, t.high)
    if m == "dead_cards":
        assert t.high is not None
        return float(max(0, sum(c.dead for c in card_health(rows)) - int(t.high)))
    if m in ("winner_score", "turns", "decisions"):
        values = sorted(_values(t, rows))
        if not values:
            return 0.0
        x = (values[(len(values) - 1) // 2] + values[len(values) // 2]) / 2
        width = max(1.0, (t.high - t.low) if t.high is not None else t.low)
    else:
        k, total = _counts(t, rows)
        if not total:
            return 0.0
        x = 100 * k / total
        width = max(10.0, (t.high - t.low) if t.high is not None else 100 - t.low)
    over = max(0.0, t.low - x, (x - t.high) if t.high is not None else 0.0)
    return over / width
