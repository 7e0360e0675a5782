"""``cmdsl balance --game NAME`` of a game with seats and no study of its own: a seat study
(docs/balance.md). Any registered game that can deal a game from a seed (its plug-in's ``table``
and ``new_game``) is studied this way; this module names no game.

Each game seats one bot (the first ``--bot``, "the tested bot") at one seat and the others
(the second ``--bot``, default random) at the rest; the tested bot's seat turns with the seed
(game i: seat i mod N), so every seat is measured with it and without it. The report gives each
seat's share of the wins, the tested bot's per seat and overall, with 95% Wilson intervals (a win
shared by k seats counts 1/k to each, so the seats' shares add up to the games), and, when the
game counts points, the final points. A game whose plug-in says which cards each seat played
(``card_game``) gets each card's lift too: the seats' win share in the games where they played it
less in the games where they did not, with its 95% interval and a Holm-adjusted p-value.
A game's row depends on its seed and the bots only: the number of worker processes changes the
speed, never the numbers."""

from __future__ import annotations

import multiprocessing.pool
import sys
import time
from contextlib import closing
from pathlib import Path
from dataclasses import dataclass, field, replace
from typing import Iterable, Iterator, Mapping, Sequence

from ...bots import parse_bot, play_bot_move
from ...bots.match import seat_bots
from ...errors import CmdslError, shown_path
from ...sets.health_targets import Targets
from ...game.decisions import CHANCE, SeatAnswer
from ...plugins import Plugin, SeatTable, TableGame
from .health import Health, health
from .sequential import Plan, study_plan
from .targets import Verdict, verdicts
from .pool import worker_pool
from .study_file import RowStore, kept_as_played
from .stats import MIN_GAMES, Z95, Difference, Rate, adjust, Correction, mean_difference
from .verdict import CardEvidence, card_verdict, seat_verdict
from ...values import value

#: A card's lift the seat study calls large (docs/balance.md): beyond this, with a Holm-adjusted p < 0.05.
LARGE_LIFT = 0.15


@value
class SeatJob:
    game: str  # the registered game's name
    table: SeatTable  # the game's table: how many players, which variant and set (picklable)
    seats: int
    seed: int
    tested: str  # the tested bot's spec
    others: str  # the other seats' bot spec

    @property
    def tested_seat(self) -> int:
        return self.seed % self.seats


@dataclass(frozen=True, slots=True)  # slots: a long study keeps one per game
class SeatRow:
    seed: int
    tested_seat: int
    winners: tuple[int, ...]  # seat indices
    points: tuple[int, ...]  # by seat index (empty: the game counts none)
    plays: tuple[tuple[str, ...], ...] = ()  # by seat index, the cards it played (the game's ``card_game``)
    turns: int = 0  # the game's turns at its end, as the game counts them (its ``turn``)
    decisions: int = 0  # the decisions with a choice (two options or more) its players answered
    #: The seats with the most points after the first third and after two thirds of its turns
    #: (empty: the game cannot say who leads while it goes on, ``SeatTable.standing``).
    leaders: tuple[tuple[int, ...], ...] = ()
    #: By seat index: the cards it held at a decision of its own, those it could then play or place,
    #: and those it did (empty: the game has no hands, ``SeatTable.hand``).
    cards: tuple[tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]], ...] = ()
    #: By seat index: the cards it drew (seen in its hand at any moment, or played: an Event turned up).
    drawn: tuple[tuple[str, ...], ...] = ()

    def share(self, seat: int) -> float:
        """Seat ``seat``'s share of this game's win: 1/k of a win shared by k seats."""
        return 1 / len(self.winners) if seat in self.winners else 0.0


def play_seat_job(job: SeatJob) -> SeatRow:
    """Play one game: the tested bot at ``job.tested_seat``, the others elsewhere."""
    studied = job.table.card_game(job.seed)
    game, plays = studied if studied is not None else (job.table.new_game(job.seed), lambda: ())
    names = [job.tested if i == job.tested_seat else job.others for i in range(job.seats)]
    bots = seat_bots(names, game.seats, job.seed)
    decisions, turn = 0, game.turn
    standings: list[tuple[int, tuple[int, ...]]] = []  # (turn, points) as each turn began
    seats = list(game.seats)
    cards = HandWatch(job.table, len(seats))
    while game.pending is not None:
        decisions += len(game.pending.options) > 1 and game.pending.player is not CHANCE
        cards.before(game, seats)
        play_bot_move(game, bots)
        cards.after(game)
        if game.turn != turn and game.pending is not None:
            turn = game.turn
            standings.append((turn, job.table.standing(game)))
    points = job.table.points(game)
    played = tuple(tuple(p) for p in plays())
    return SeatRow(job.seed, job.tested_seat, tuple(seats.index(w) for w in game.winners()), tuple(points),
                   played, game.turn, decisions, leaders_by_thirds(standings, game.turn), cards.rows(),
                   cards.drawn_rows(played))


class HandWatch:
    """Each seat's cards held, playable and played over a game (``SeatRow.cards``): read from its
    hand (``SeatTable.hand``) and its decisions' options (``SeatTable.card_of``) as it decides."""

    def __init__(self, table: SeatTable, seats: int) -> None:
        self.table = table
        self.held: list[set[str]] = [set() for _ in range(seats)]
        self.playable: list[set[str]] = [set() for _ in range(seats)]
        self.played: list[set[str]] = [set() for _ in range(seats)]
        self.seen: list[set[str]] = [set() for _ in range(seats)]  # in its hand at any moment
        self.deciding: int | None = None
        self.answers = 0

    def before(self, game: TableGame, seats: Sequence[object]) -> None:
        d = game.pending
        self.deciding, self.answers = None, len(game.answers)
        if d is None or d.player is CHANCE:
            return
        s = seats.index(d.player)
        hand = self.table.hand(game, s)
        if not hand:
            return
        self.deciding = s
        self.held[s].update(hand)
        for o in d.options:
            card = self.table.card_of(o.id)
            if card is not None and card in hand:
                self.playable[s].add(card)

    def after(self, game: TableGame) -> None:
        for s, seen in enumerate(self.seen):  # what an answer drew, anyone's
            seen.update(self.table.hand(game, s))
        if self.deciding is None:
            return
        for a in game.answers[self.answers:self.answers + 1]:  # the answer just given
            card = self.table.card_of(a.answer if isinstance(a, SeatAnswer) else a)
            if card is not None:
                self.played[self.deciding].add(card)

    def drawn_rows(self, played: Sequence[Sequence[str]] = ()) -> tuple[tuple[str, ...], ...]:
        """Each seat's cards drawn: seen in its hand, or ``played`` by it (an Event turned up never is)."""
        if not any(self.seen) and not any(played):
            return ()
        return tuple(tuple(sorted(seen.union(played[s] if s < len(played) else ()) | self.held[s]))
                     for s, seen in enumerate(self.seen))

    def rows(self) -> tuple[tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]], ...]:
        if not any(self.held):
            return ()
        return tuple((tuple(sorted(h)), tuple(sorted(p)), tuple(sorted(q)))
                     for h, p, q in zip(self.held, self.playable, self.played))


def leaders_by_thirds(standings: Sequence[tuple[int, tuple[int, ...]]], turns: int) -> tuple[tuple[int, ...], ...]:
    """The seats with the most points as of the first third and of two thirds of ``turns`` (the last
    standing taken at or before each); empty when the game said none."""
    out = []
    for k in (1, 2):
        at = [points for t, points in standings if t <= turns * k / 3 and points]
        if not at:
            return ()
        best = max(at[-1])
        out.append(tuple(s for s, p in enumerate(at[-1]) if p == best))
    return tuple(out)


def run_jobs(jobs: Iterable[SeatJob], workers: int, pool: "multiprocessing.pool.Pool | None" = None
             ) -> Iterator[SeatRow]:
    """Each job's row, in the order they finish: on ``pool`` when given (a search keeps one for all
    its candidates: its workers start once), else on a pool of ``workers`` of its own."""
    if pool is not None:
        yield from pool.imap_unordered(play_seat_job, jobs, chunksize=1)
        return
    if workers <= 1:
        for job in jobs:
            yield play_seat_job(job)
        return
    with worker_pool(workers) as own:
        yield from own.imap_unordered(play_seat_job, jobs, chunksize=1)


@value
class SeatStudy:
    title: str  # the game's, as people name it
    decided_by: str  # how its rulebook says a game is won ("one player with the most points, L8.1")
    shared_by: str  # and shared
    players: int
    tested: str
    others: str
    rows: tuple[SeatRow, ...]
    titles: Mapping[str, str] = field(default_factory=dict)  # card id → what to call it in the report
    #: Each seat as the game names it ("SPD"); empty: "Player 1", "Player 2"…
    names: tuple[str, ...] = ()
    targets: Targets = Targets()  # the set's health targets (its manifest's ``health:``)
    #: How the study was read: its largest size and looks when it could stop early, else None.
    looks: Plan | None = None

    @property
    def z(self) -> float:
        """The critical value its intervals are read at: the last look's it reached, else 1.96."""
        return self.looks.at(len(self.rows)) if self.looks is not None else Z95

    def target_verdicts(self) -> tuple[Verdict, ...]:
        """Each health target's verdict (``targets.py``), read at the study's critical value."""
        return verdicts(self.targets, self.rows, self.players, tuple(self.seat_name(s) for s in range(self.players)),
                        self.titles, self.z)

    def target_lines(self) -> list[str]:
        """The targets' section of the report: how the games were read, then a line per target."""
        if not self.targets:
            return []
        found = self.target_verdicts()
        out = [f"Health targets ({shown_path(Path(self.targets.file))}; each interval at z = {self.z:.2f}"
               + (f": {self.stopping()}" if self.looks is not None else "") + ")"]
        return out + [f"  {v.text()}" for v in found]

    def stopping(self) -> str:
        """How a study that may stop early read its games (docs/balance.md, "Stopping early")."""
        assert self.looks is not None
        n, most = len(self.rows), self.looks.most
        how = (f"looks at {', '.join(map(str, self.looks.looks))} games, error shared among them "
               "(group-sequential, Pocock-type spending, α = 0.05)")
        return (f"stopped at {n} of at most {most} games, every target decided; {how}" if n < most
                else f"{n} games; {how}")

    def targets_summary(self) -> str | None:
        """The verdict's line on the targets: how many met, missed, not known yet."""
        if not self.targets:
            return None
        found = self.target_verdicts()
        count = {s: sum(v.status == s for v in found) for s in ("met", "missed", "unknown")}
        missed = [v.target.measure for v in found if v.status == "missed"]
        line = (f"Health targets: {count['met']} of {len(found)} met"
                + (f", {count['missed']} missed beyond chance ({', '.join(missed)})" if missed else "")
                + (f", {count['unknown']} not known yet" if count["unknown"] else "") + ".")
        if self.looks is not None and len(self.rows) < self.looks.most:
            line += f" Stopped after {len(self.rows)} of at most {self.looks.most} games: every target decided."
        return line

    def seat_name(self, seat: int) -> str:
        return self.names[seat] if seat < len(self.names) else f"Player {seat + 1}"

    def seat_rate(self, seat: int) -> Rate:
        """Seat ``seat``'s share of the wins over all games, whoever sat there."""
        return _rate(sum(r.share(seat) for r in self.rows), len(self.rows))

    def tested_rate(self, seat: int | None = None) -> Rate:
        """The tested bot's share of the wins, at ``seat`` only or anywhere."""
        rows = [r for r in self.rows if seat is None or r.tested_seat == seat]
        return _rate(sum(r.share(r.tested_seat) for r in rows), len(rows))

    def card_lifts(self) -> list["CardLift"]:
        """Each card played in these games: the win share of the seats that played it less that of
        the seats that did not (one observation per seat and game), Holm-adjusted over the cards
        whose two groups both hold ``MIN_GAMES``; sorted by lift."""
        if not any(r.plays for r in self.rows):
            return []
        played: dict[str, set[tuple[int, int]]] = {}
        for g, r in enumerate(self.rows):
            for seat, cards in enumerate(r.plays):
                for card in cards:
                    played.setdefault(card, set()).add((g, seat))
        shares = [(g, seat, r.share(seat)) for g, r in enumerate(self.rows) for seat in range(self.players)]
        lifts = []
        for card, who in played.items():
            yes = [x for g, seat, x in shares if (g, seat) in who]
            no = [x for g, seat, x in shares if (g, seat) not in who]
            lifts.append(CardLift(card, self.titles.get(card, card), len(yes), mean_difference(no, yes),
                                  min(len(yes), len(no)) >= MIN_GAMES))
        shown = [c for c in lifts if c.shown]
        adjusted = dict(zip((c.card for c in shown), adjust([c.lift.p for c in shown], Correction.HOLM)))
        return sorted((replace(c, adjusted=adjusted.get(c.card, 1.0)) for c in lifts),
                      key=lambda c: (not c.shown, -c.lift.estimate, c.card))  # the shown ones first

    @property
    def counts_points(self) -> bool:
        return any(r.points for r in self.rows)

    def mean_points(self, seat: int) -> float | None:
        """Seat ``seat``'s mean final points, or None when the game counts none."""
        if not self.counts_points:
            return None
        return sum(r.points[seat] for r in self.rows) / len(self.rows)

    def render(self) -> str:
        n, p = len(self.rows), self.players
        shared = sum(len(r.winners) > 1 for r in self.rows)
        fair = 100.0 / p
        w = max(9, *(len(self.seat_name(s)) for s in range(p)))  # the seats' column
        lines = [f"{self.title}, {p} players, {n} games: {self.tested} at one seat (seat i mod {p} in game i), "
                 f"{self.others} at the others",
                 f"decided ({self.decided_by}): {_show(_rate(n - shared, n))}",
                 f"shared wins ({self.shared_by}, 1/k of a win to each of the k winners): {shared} "
                 f"game{'' if shared == 1 else 's'}",
                 "", f"Seats (share of the wins, 95% Wilson interval; an even share is {fair:.1f}%)",
                 f"  {'seat':<{w}} {'all games':<24} {'with ' + self.tested:<28}"
                 + (" mean points" if self.counts_points else "")]
        for s in range(p):
            mean = self.mean_points(s)
            lines.append((f"  {self.seat_name(s):<{w}} {_show(self.seat_rate(s)):<24} {_show(self.tested_rate(s)):<28} "
                          + (f"{mean:.1f}" if mean is not None else "")).rstrip())
        lines += ["", f"{self.tested} overall: {_show(self.tested_rate())} (an even share is {fair:.1f}%)"]
        lines += ["", *self.health().lines()]
        if self.targets:
            lines += ["", *self.target_lines()]
        cards = self.card_lifts()
        if cards:
            lines += ["", f"Cards (lift: the win share of the seats that played it − of those that did not, in points; "
                          f"95% interval; Holm-adjusted p; * beyond ±{100 * LARGE_LIFT:.0f} points with p < 0.05)"]
            lines += [f"  {c.text()}" for c in cards]
        return "\n".join(["Verdict", *(f"  {x}" for x in self.verdict(cards)), "", *lines])

    def health(self) -> Health:
        """Its games' health measures: length, scores, tie-breaks (``health.py``)."""
        return health(self.rows, self.players, tuple(self.seat_name(s) for s in range(self.players)), self.titles)

    def verdict(self, cards: Sequence["CardLift"] | None = None) -> list[str]:
        """The seat study's verdict in plain words (``verdict.seat_verdict``): the seats' balance, the
        decided games, the games that would settle it; then the tested bot against an even share;
        then the cards, if the game says which each seat played."""
        n = len(self.rows)
        wins = {self.seat_name(s): self.seat_rate(s) for s in range(self.players)}
        shared = sum(len(r.winners) > 1 for r in self.rows)
        out = seat_verdict(n, wins, shared, None)
        aims = self.targets_summary()
        if aims is not None:
            out.insert(0, aims)
        tested, fair = self.tested_rate(), 1 / self.players
        if tested.interval.low > fair:
            edge = f"more than an even share ({100 * fair:.0f}%), beyond chance"
        elif tested.interval.high < fair:
            edge = f"less than an even share ({100 * fair:.0f}%), beyond chance"
        else:
            edge = f"an even share ({100 * fair:.0f}%) within chance"
        out.append(f"{self.tested} wins {100 * tested.value:.0f}% {tested.interval.text()} of its games against "
                   f"{self.others}: {edge}.")
        cards = self.card_lifts() if cards is None else cards
        if cards:
            out += card_verdict(n * self.players, [c.evidence() for c in cards])
            large = [c for c in cards if c.large]
            out.append(f"Cards whose lift is beyond ±{100 * LARGE_LIFT:.0f} points with a Holm-adjusted p < 0.05: "
                       + ("; ".join(f"{c.name} {100 * c.lift.estimate:+.0f}" for c in large) if large else "none") + ".")
        return out


@value
class CardLift:
    """One card of a seat study: how many seat-games played it, its lift, whether both groups are
    large enough to show it, and its p-value adjusted over the shown cards (Holm)."""

    card: str
    name: str
    played: int
    lift: Difference
    shown: bool
    adjusted: float = 1.0

    @property
    def large(self) -> bool:
        return self.shown and abs(self.lift.estimate) > LARGE_LIFT and self.adjusted < 0.05

    def evidence(self) -> CardEvidence:
        return CardEvidence(self.name, self.lift.estimate, self.lift.interval.low, self.lift.interval.high,
                            self.lift.p, self.played, self.shown)

    def text(self) -> str:
        if not self.shown:
            return f"  {self.name:<44} played {self.played:>5}: too few games for a lift"
        mark = "*" if self.large else " "
        return (f"{mark} {self.name:<44} played {self.played:>5}: {100 * self.lift.estimate:+5.1f} "
                f"{self.lift.interval.text(signed=True)}  p={self.adjusted:.2g}")


def _rate(k: float, n: int) -> Rate:
    return Rate(k, n)


def _show(r: Rate) -> str:
    if r.n == 0:
        return "no games"
    return f"{round(r.k, 1):g}/{r.n} {100 * r.value:.1f}% {r.interval.text()}"  # a share of wins: 1 decimal


def study_frame(plugin: Plugin, table: SeatTable, bots: Sequence[str], seed: int) -> SeatStudy:
    """A seat study of no game yet: its game, bots (checked: one line before any game), seats."""
    study = plugin.study
    assert study is not None
    if len(bots) > 2:
        raise CmdslError(f"balance --game {plugin.name}: give at most two bots: the tested one, then the others' "
                         "(default: greedy, then random)")
    tested = bots[0] if bots else "greedy"
    others = bots[1] if len(bots) > 1 else "random"
    for spec in (tested, others):
        parse_bot(spec)  # a misspelt bot or setting: one line, before any game
    names = tuple(str(seat) for seat in table.new_game(seed).seats)
    return SeatStudy(plugin.title, study.decided_by, study.shared_by, len(names), tested, others, (),
                     table.card_titles(), names)


def seat_study(plugin: Plugin, table: SeatTable, bots: Sequence[str], games: int, seed: int, workers: int,
               quiet: bool, targets: Targets = Targets(), stop_early: bool = True,
               store: RowStore[SeatRow] | None = None) -> SeatStudy:
    """``games`` games of ``plugin``'s game at ``table`` (its plug-in's reading of the options);
    with ``targets``, at most ``games``: it stops at the first look where every target is decided
    (``sequential.py``). The games it keeps are always those of the first seeds, so the workers
    never change the numbers. With a ``store``, the games it holds are not played again and each
    one played is kept as it ends (Ctrl-C keeps every finished one): resumed, the same numbers."""
    looks = study_plan(games) if targets else None
    made = replace(study_frame(plugin, table, bots, seed), targets=targets, looks=looks)
    rows: dict[int, SeatRow] = store.stored(games) if store is not None else {}  # by game index
    upcoming = list(looks.looks) if looks is not None else []
    start, held = time.perf_counter(), len(rows)
    stop = _stop(made, rows, upcoming, games, stop_early)  # (a resumed study may have stopped already)
    if stop is None:
        # made as the pool takes them: a long study does not hold every game's job before the first
        jobs = (SeatJob(plugin.name, table, made.players, seed + i, made.tested, made.others)
                for i in range(games) if i not in rows)
        with closing(kept_as_played(run_jobs(jobs, workers), store, lambda r: r.seed - seed)) as finished:
            for row in finished:
                rows[row.seed - seed] = row
                if not quiet:
                    print(f"\r{len(rows)}/{games} games", end="", file=sys.stderr, flush=True)
                if (stop := _stop(made, rows, upcoming, games, stop_early)) is not None:
                    break
    played = len(rows) - held
    kept = games if stop is None else stop
    elapsed = time.perf_counter() - start
    if not quiet and played:
        print(file=sys.stderr)
    print(f"Played {played} games in {elapsed:.1f} s with {workers} worker(s)"
          + (f" ({played / elapsed:.2f} games/s)" if elapsed > 0 and played else "")
          + (f"; stopped early at the look after {kept} games (their seeds kept)" if kept < games else "") + ".",
          file=sys.stderr)
    return replace(made, rows=tuple(rows[i] for i in range(kept)))


def _stop(made: SeatStudy, rows: Mapping[int, SeatRow], upcoming: list[int], games: int, stop_early: bool) -> int | None:
    """Read each look whose games are all played (taken from ``upcoming``): the first it stops at, or None."""
    while upcoming and all(i in rows for i in range(upcoming[0])):
        n = upcoming.pop(0)
        at = replace(made, rows=tuple(rows[i] for i in range(n)))
        if stop_early and n < games and all(v.status != "unknown" for v in at.target_verdicts()):
            return n
    return None
