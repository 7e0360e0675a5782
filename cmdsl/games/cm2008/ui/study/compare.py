"""A/B: the same seeds played with two card sets, and what moved (docs/balance.md, "A/B").

Game ``i`` of each arm has the same seed, bots and first player, so the two games share their
chance until the changed cards make them part: the comparisons of side results are *paired* by
seed (differences per seed, a sign test). Per card, two questions are asked, "is it played in
more or fewer games?" (paired by seed, sign test) and "does its side win more or less often when
it is played?" (independent rates, Newcombe's interval, z test), and every card's p-values are
adjusted together (Holm, or Benjamini–Hochberg) before anything is flagged.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from .jobs import GameRow
from .....kits.study.sequential import SMALLEST_CHANGE, STOPPING, change, looked_where, widened
from .....kits.study.stats import MIN_GAMES, Correction, Difference, Interval, Rate, adjust, lift_change, paired
from .....values import value

#: A result is flagged when its adjusted p-value is below this.
ALPHA = 0.05

#: Without --top, an A/B report shows this many cards (and every flagged or changed card).
DEFAULT_TOP = 15


@value
class CardChange:
    card: str
    side: str
    played_old: Rate  # games where played, of all paired games
    played_new: Rate
    played: Difference  # paired, by seed
    won_old: Rate  # its side's wins among the games where it was played (shown, not tested: see lift)
    won_new: Rate
    lift: Difference  # the change of its lift (won when played − won when not), new − old
    played_adjusted: float
    lift_adjusted: float
    #: whether each of the four groups of games (each set, played or not) holds ``MIN_GAMES``: else
    #: the lift change is not measured (p = 1), as a single run's lift is not shown
    has_lift: bool = True

    @property
    def flagged(self) -> bool:
        return min(self.played_adjusted, self.lift_adjusted) < ALPHA


@value
class Comparison:
    pairs: int
    outcomes: dict[str, Difference]  # "mccain", "obama", "draw": new − old, per seed
    rates: dict[str, tuple[Rate, Rate]]  # old, new
    length: Difference  # turns, new − old, per seed
    cards: tuple[CardChange, ...]  # flagged first, then by adjusted p, then by raw p
    correction: Correction


def compare(old: Sequence[GameRow], new: Sequence[GameRow], correction: Correction = Correction.HOLM) -> Comparison:
    """Compare the games of the two arms that share an index (a seed)."""
    by_index = {r.index: r for r in old}
    pairs = [(by_index[r.index], r) for r in new if r.index in by_index]
    n = len(pairs)
    outcomes, rates = {}, {}
    for key, winner in (("mccain", "mccain"), ("obama", "obama"), ("draw", None)):
        outcomes[key] = paired([(float(a.winner == winner), float(b.winner == winner)) for a, b in pairs])
        rates[key] = (Rate(sum(a.winner == winner for a, _ in pairs), n), Rate(sum(b.winner == winner for _, b in pairs), n))
    length = paired([(float(a.turns), float(b.turns)) for a, b in pairs])
    return Comparison(n, outcomes, rates, length, _cards(pairs, correction), correction)


def _cards(pairs: Sequence[tuple[GameRow, GameRow]], correction: Correction) -> tuple[CardChange, ...]:
    sides: dict[str, str] = {}
    for a, b in pairs:
        for p in (*a.played, *b.played):
            sides.setdefault(p.card, p.side)
    raw = []
    for card, side in sorted(sides.items()):
        in_old = [any(p.card == card for p in a.played) for a, _ in pairs]
        in_new = [any(p.card == card for p in b.played) for _, b in pairs]
        played = paired([(float(x), float(y)) for x, y in zip(in_old, in_new)])
        old = _with_and_without([a for a, _ in pairs], in_old, side)
        new = _with_and_without([b for _, b in pairs], in_new, side)
        enough = all(r.n >= MIN_GAMES for r in (*old, *new))
        lift = lift_change(old, new) if enough else Difference(0.0, Interval(-1.0, 1.0), 1.0)
        raw.append((card, side, Rate(sum(in_old), len(pairs)), Rate(sum(in_new), len(pairs)), played,
                    old[0], new[0], lift, enough))
    pvalues = [x[4].p for x in raw] + [x[7].p for x in raw]  # one family: every question about every card
    adjusted = adjust(pvalues, correction)
    m = len(raw)
    out = [CardChange(*x[:8], adjusted[i], adjusted[m + i], x[8]) for i, x in enumerate(raw)]
    # Ties on the adjusted p (most cards reach 1 after Holm) go by the raw p: what moved most first.
    return tuple(sorted(out, key=lambda c: (not c.flagged, min(c.played_adjusted, c.lift_adjusted),
                                            min(c.played.p, c.lift.p), c.card)))


def _with_and_without(rows: Sequence[GameRow], played: Sequence[bool], side: str) -> tuple[Rate, Rate]:
    """``side``'s wins in the games where the card was played, and in the others."""
    won = [r.winner == side for r in rows]
    k_with = sum(w for w, p in zip(won, played) if p)
    n_with = sum(played)
    return Rate(k_with, n_with), Rate(sum(won) - k_with, len(rows) - n_with)


def shown_cards(c: Comparison, changed: Sequence[str] = (), top: int = DEFAULT_TOP) -> list[CardChange]:
    """The cards a report shows: the cards whose definitions differ between the sets first, then
    the first ``top`` of the others (flagged first) and every flagged card."""
    first = [x for x in c.cards if x.card in changed]
    rest = [x for x in c.cards if x.card not in changed]
    cut = max(top, sum(x.flagged for x in rest))
    return first + rest[:cut]


def correction_name(c: Correction) -> str:
    return "Holm" if c is Correction.HOLM else "Benjamini–Hochberg"


def render(c: Comparison, changed: Sequence[str] = (), top: int = DEFAULT_TOP,
           titles: Mapping[str, str] = {}) -> str:
    """The comparison as text: what moved, each with its interval; flagged cards marked ``*``,
    changed cards first and marked ``◆``."""
    out: list[str] = []
    w = out.append
    w(f"A/B: {c.pairs} paired games (same seeds, bots, setup and first player); new − old")
    for key, label in (("mccain", "McCain wins"), ("obama", "Obama wins"), ("draw", "draws")):
        old, new = c.rates[key]
        d = c.outcomes[key]
        w(f"  {label:12} old {100 * old.value:5.1f}%  new {100 * new.value:5.1f}%  change {100 * d.estimate:+5.1f} pts "
          f"{d.interval.text(signed=True)}  sign test p={d.p:.3g}")
    L = c.length
    w(f"  game length  change {L.estimate:+.1f} turns {L.interval.text(scale=1, signed=True)}  sign test p={L.p:.3g}")
    if changed:
        w(f"  cards that differ between the sets: {', '.join(changed)}")
    w("")
    name = correction_name(c.correction)
    flagged = [x for x in c.cards if x.flagged]
    w(f"Cards ({len(c.cards)} cards × 2 questions, p-values adjusted together by {name}; * : adjusted p < {ALPHA}; "
      "◆ : changed; games counted beside each rate)")
    w(f"  {'card':34} {'played old→new (games)':>30} {'adj p':>7}   {'won when played old→new':>27} "
      f"{'lift change':>17} {'adj p':>7}")
    for x in shown_cards(c, changed, top):
        mark = ("*" if x.flagged else " ") + ("◆" if x.card in changed else " ")
        w(f"{mark}{titles.get(x.card, x.card)[:34]:34} {x.played_old.k:3}→{x.played_new.k:3} of {x.played_new.n:<4} "
          f"{x.played.interval.text(signed=True):>13} {x.played_adjusted:7.3g}   "
          f"{x.won_old.k:3}/{x.won_old.n:<3}→{x.won_new.k:3}/{x.won_new.n:<3} ({100 * x.won_new.value:5.1f}%) "
          + (f"{100 * x.lift.estimate:+6.1f} {x.lift.interval.text(signed=True):>17} {x.lift_adjusted:7.3g}"
             if x.has_lift else f"{'– (<' + str(MIN_GAMES) + ' games in a group)':>25}"))
    if not flagged:
        w("  no card moved by more than chance explains")
    return "\n".join(out)


def side_interval(c: Comparison, z: float) -> Interval:
    """McCain's win share's paired change read at critical value ``z`` (its 95% one, widened)."""
    d = c.outcomes["mccain"]
    return widened(d.estimate, d.interval, z)


def decided(c: Comparison, z: float) -> bool:
    """Whether an A/B's side result is decided at a look read at ``z``: moved beyond chance, or
    surely by less than ``SMALLEST_CHANGE``."""
    return change(side_interval(c, z)) != "open"


def looked_text(c: Comparison, pairs: int, z: float, most: int, stopped: bool) -> str:
    """The verdict's first line of an A/B read at looks: where it stopped and what it decided."""
    i = side_interval(c, z)
    said = f"McCain's win share moved {100 * c.outcomes['mccain'].estimate:+.1f} points {i.text(signed=True)}"
    what = {"moved": "beyond chance", "within": f"less than {100 * SMALLEST_CHANGE:.0f} points either way",
            "open": f"not decided (neither beyond chance nor surely within ±{100 * SMALLEST_CHANGE:.0f} points; more "
                    "pairs: --games)"}[change(i)]
    where = looked_where(pairs, most) if stopped else f"{pairs} pairs"
    return (f"{where}: {said}: {what} (a repeated 95% interval, z = {z:.2f}: the A/B looks at its pairs as they "
            f"come and stops when this decides, its error kept at 5%; {STOPPING}).")
