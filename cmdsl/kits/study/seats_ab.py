"""``cmdsl balance --game NAME --cards NEW --against OLD`` of a game with a seat study: an A/B of
two card sets (docs/balance.md, "A/B of two sets"). Both sets are played on the same seeds with
the same bots, so each game of one set has its twin in the other; what moved is measured on the
pairs: each seat's share of the wins (the mean of the paired differences, its 95% interval, an
exact sign test), and each card's lift (new − old, independent estimates, Holm-adjusted over the
cards shown in both runs). The cards whose definitions differ are named first. Names no game."""

from __future__ import annotations

import contextlib
import math
import sys
import time
from dataclasses import replace
from typing import Mapping, Sequence

from ...plugins import Plugin, SeatTable
from .pool import worker_pool
from .seats import CardLift, SeatJob, SeatRow, SeatStudy, run_jobs, study_frame
from .sequential import SMALLEST_CHANGE, STOPPING, Change, Plan, change, looked_where, study_plan, widened
from .stats import Z95, Correction, Interval, adjust, normal_two_sided, paired
from .verdict import Moved, ab_verdict
from ...values import value


def changed_cards(old: Mapping[str, str], new: Mapping[str, str]) -> tuple[str, ...]:
    """The card ids whose definition differs between two sets, or that only one of them has."""
    return tuple(sorted(c for c in old.keys() | new.keys() if old.get(c) != new.get(c)))


@value
class SeatComparison:
    new: SeatStudy
    old: SeatStudy
    new_set: str  # what to call each set: its folder as given
    old_set: str
    changed: tuple[str, ...]
    looks: Plan | None = None  # read at looks (``paired_studies``): its plan, else one plain reading

    def changes(self, z: float) -> list[tuple[Moved, Interval, Change]]:
        """Each seat's paired change, its interval read at ``z``, and what that says."""
        out = []
        for m in self.seat_moves():
            interval = widened(m.estimate, Interval(m.low, m.high), z)
            out.append((m, interval, change(interval)))
        return out

    def decided(self, z: float) -> bool:
        """Whether the seats' shares are decided, read at ``z``: one moved beyond chance, or every
        one surely moved by less than ``SMALLEST_CHANGE``."""
        said = [c for _, _, c in self.changes(z)]
        return "moved" in said or all(c == "within" for c in said)

    def looked_line(self) -> str | None:
        """The verdict's first line of an A/B read at looks: where it stopped, what it decided."""
        if self.looks is None or len(self.looks.looks) < 2:
            return None
        n, z = len(self.new.rows), self.looks.at(len(self.new.rows))
        changes = self.changes(z)
        said = "; ".join(f"{m.name} {100 * m.estimate:+.1f} {i.text(signed=True)}" for m, i, _ in changes)
        kinds = [c for _, _, c in changes]
        what = ("a seat's share moved beyond chance" if "moved" in kinds else
                f"every seat's share moved by less than {100 * SMALLEST_CHANGE:.0f} points"
                if all(c == "within" for c in kinds) else "not decided (more pairs: --games)")
        return f"{looked_where(n, self.looks.most)}: {what}: {said} (repeated 95% intervals, z = {z:.2f}; {STOPPING})."

    def seat_moves(self) -> list[Moved]:
        """Each seat's share of the wins, new − old over the paired games (the same seed)."""
        pairs = list(zip(self.old.rows, self.new.rows))
        assert all(a.seed == b.seed for a, b in pairs)
        out = []
        for s in range(self.new.players):
            d = paired([(a.share(s), b.share(s)) for a, b in pairs])
            out.append(Moved(self.new.seat_name(s), d.estimate, d.interval.low, d.interval.high, d.p, d.p < 0.05))
        return out

    def card_moves(self) -> list[tuple[CardLift | None, CardLift | None, Moved]]:
        """Each card shown in both runs: its lift in each and how it moved (new − old), flagged after
        a Holm adjustment over those cards; by the size of the move, largest first."""
        old = {c.card: c for c in self.old.card_lifts()}
        new = {c.card: c for c in self.new.card_lifts()}
        both = [c for c in new if c in old and new[c].shown and old[c].shown]
        moves = []
        for c in both:
            a, b = old[c].lift, new[c].lift
            se = math.hypot((a.interval.high - a.interval.low) / (2 * Z95), (b.interval.high - b.interval.low) / (2 * Z95))
            d = b.estimate - a.estimate
            moves.append((d, se, 1.0 if se == 0 else normal_two_sided(d / se)))
        adjusted = adjust([p for _, _, p in moves], Correction.HOLM)
        out = [(old[c], new[c], Moved(new[c].name, d, d - Z95 * se, d + Z95 * se, p, q < 0.05))
               for c, (d, se, p), q in zip(both, moves, adjusted)]
        return sorted(out, key=lambda x: -abs(x[2].estimate))

    def changed_lines(self) -> list[str]:
        """How each changed card's lift moved: the verdict's second line."""
        old = {c.card: c for c in self.old.card_lifts()}
        new = {c.card: c for c in self.new.card_lifts()}
        out = []
        for card in self.changed:
            a, b = old.get(card), new.get(card)
            either = b if b is not None else a
            name = either.name if either is not None else self.new.titles.get(card, self.old.titles.get(card, card))
            out.append(f"{name}: lift {_lift(a)} in the old set, {_lift(b)} in the new.")
        return out

    def verdict(self) -> list[str]:
        names = [self.new.titles.get(c, self.old.titles.get(c, c)) for c in self.changed]
        first = self.looked_line()
        return ([first] if first else []) + ab_verdict(len(self.new.rows), self.seat_moves(), names, [m for _, _, m in self.card_moves()],
                          self.changed_lines(), what="the seats' shares of the wins", resumable=False)

    def render(self, top: int = 10) -> str:
        n, p = len(self.new.rows), self.new.players
        lines = [f"A/B of {self.new.title}, {p} players: {self.new_set} (new) against {self.old_set} (old), {n} paired "
                 f"games (the same seeds and bots: {self.new.tested} at one seat, {self.new.others} at the others)",
                 "", "Seats (share of the wins: old → new; the paired change in points, 95% interval, sign test p)"]
        for s, m in enumerate(self.seat_moves()):
            lines.append(f"  {self.new.seat_name(s)}  {100 * self.old.seat_rate(s).value:5.1f}% → {100 * self.new.seat_rate(s).value:5.1f}%"
                         f"  {100 * m.estimate:+5.1f} [{100 * m.low:+.1f}, {100 * m.high:+.1f}]  p={m.p:.2g}")
        moves = self.card_moves()
        if moves:
            lines += ["", f"Cards whose lift moved most (new − old, points; 95% interval; * beyond chance after Holm), "
                          f"the {min(top, len(moves))} largest of {len(moves)}"]
            for _, _, m in moves[:top]:
                lines.append(f"  {'*' if m.flagged else ' '} {m.name:<44} {100 * m.estimate:+6.1f} "
                             f"[{100 * m.low:+.1f}, {100 * m.high:+.1f}]")
        return "\n".join(["Verdict", *(f"  {x}" for x in self.verdict()), "", *lines])


def paired_studies(plugin: Plugin, new: SeatTable, old: SeatTable, bots: Sequence[str], games: int, seed: int,
                   workers: int, quiet: bool, named: tuple[str, str, tuple[str, ...]]) -> SeatComparison:
    """Both sets played on the same seeds, look by look (one pool for all), stopping at the first
    look where the seats' shares are decided (``SeatComparison.decided``); each study keeps the
    first seeds' games only, so the workers never change the numbers."""
    plan_ = study_plan(games)
    made = [study_frame(plugin, table, bots, seed) for table in (new, old)]
    start = time.perf_counter()
    rows: list[dict[int, SeatRow]] = [{}, {}]  # by game index, each set's
    ab, done = None, 0
    with worker_pool(workers) if workers > 1 else contextlib.nullcontext() as pool:
        for n in plan_.looks:
            for k, (table, frame) in enumerate(zip((new, old), made)):
                jobs = (SeatJob(plugin.name, table, frame.players, seed + i, frame.tested, frame.others)
                        for i in range(done, n))
                for row in run_jobs(jobs, workers, pool):
                    rows[k][row.seed - seed] = row
            done = n
            if not quiet:
                print(f"\r{n}/{games} pairs", end="", file=sys.stderr, flush=True)
            studies = [replace(made[k], rows=tuple(rows[k][i] for i in range(n))) for k in (0, 1)]
            ab = SeatComparison(studies[0], studies[1], *named, plan_)
            if n < games and ab.decided(plan_.at(n)):
                break
    if not quiet:
        print(file=sys.stderr)
    assert ab is not None
    n = len(ab.new.rows)
    print(f"Played {2 * n} games ({n} pairs) in {time.perf_counter() - start:.1f} s with {workers} worker(s)"
          + (f"; stopped at the look after {n} pairs, decided" if n < games else "") + ".", file=sys.stderr)
    return ab


def _lift(c: CardLift | None) -> str:
    if c is None:
        return "— (never played)"
    if not c.shown:
        return f"— (played in {c.played} seat-game{'' if c.played == 1 else 's'}: too few)"
    return f"{100 * c.lift.estimate:+.0f} {c.lift.interval.text(signed=True)}"
