"""``cmdsl balance --game lobbys``: a seat study of Lobbys (docs/balance.md, docs/lobbys.md).

Each game seats one bot (the first ``--bot``, "the tested bot") at one seat and the others
(the second ``--bot``, default random) at the rest; the tested bot's seat turns with the seed
(game i: seat i mod N), so every seat is measured with it and without it. The report gives each
seat's win rate, the tested bot's per seat and overall, with 95% Wilson intervals, the share of
shared wins (L11.1: the tied players share the win, counted here as a win for each) and the
final points. A game's row depends on its seed and the bots only: the number of worker processes
changes the speed, never the numbers."""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Iterator, Sequence

from ..bots.match import seat_bots
from ..bots import parse_bot, play_bot_move
from ..errors import CmdslError
from ..games.lobbys.data import LobbysData, load_data
from ..games.lobbys.game import LobbysGame
from .executor import worker_pool
from .stats import Rate
from .verdict import seat_verdict


@dataclass(frozen=True)
class SeatJob:
    seed: int
    players: int
    tested: str  # the tested bot's spec
    others: str  # the other seats' bot spec
    people: bool
    data_file: str = ""  # the Lobbys set's data file ("": the bundled one)

    @property
    def tested_seat(self) -> int:
        return self.seed % self.players


@dataclass(frozen=True)
class SeatRow:
    seed: int
    tested_seat: int
    winners: tuple[int, ...]  # seat indices
    points: tuple[int, ...]


def play_seat_job(job: SeatJob) -> SeatRow:
    """Play one game: the tested bot at ``job.tested_seat``, the others elsewhere."""
    game = LobbysGame(job.seed, job.players, people_variant=job.people, data=_data(job.data_file))
    names = [job.tested if i == job.tested_seat else job.others for i in range(job.players)]
    bots = seat_bots(names, game.seats, job.seed)
    while game.pending is not None:
        play_bot_move(game, bots)
    result = game.result
    assert result is not None
    return SeatRow(job.seed, job.tested_seat, tuple(s.index for s in result.winners), tuple(result.points))


@lru_cache(maxsize=4)
def _data(file: str) -> LobbysData:
    return load_data(Path(file) if file else None)  # once per process: the game data is immutable


def run_jobs(jobs: Sequence[SeatJob], workers: int) -> Iterator[SeatRow]:
    if workers <= 1:
        for job in jobs:
            yield play_seat_job(job)
        return
    with worker_pool(workers) as pool:
        yield from pool.imap_unordered(play_seat_job, jobs, chunksize=1)


@dataclass(frozen=True)
class SeatStudy:
    players: int
    tested: str
    others: str
    rows: tuple[SeatRow, ...]

    def seat_rate(self, seat: int) -> Rate:
        """Seat ``seat``'s wins over all games, whoever sat there."""
        return _rate(sum(seat in r.winners for r in self.rows), len(self.rows))

    def tested_rate(self, seat: int | None = None) -> Rate:
        """The tested bot's wins, at ``seat`` only or anywhere."""
        rows = [r for r in self.rows if seat is None or r.tested_seat == seat]
        return _rate(sum(r.tested_seat in r.winners for r in rows), len(rows))

    def render(self) -> str:
        n, p = len(self.rows), self.players
        shared = sum(len(r.winners) > 1 for r in self.rows)
        fair = 100.0 / p
        lines = [f"Lobbys, {p} players, {n} games: {self.tested} at one seat (seat i mod {p} in game i), "
                 f"{self.others} at the others",
                 f"decided (one player with the most points, L8.1): {_show(_rate(n - shared, n))}",
                 f"shared wins (L11.1, counted as a win for each winner): {shared} game{'' if shared == 1 else 's'}",
                 "", f"Seats (win rate, 95% Wilson interval; an even share is {fair:.1f}%)",
                 f"  {'seat':<9} {'all games':<24} {'with ' + self.tested:<28} mean points"]
        for s in range(p):
            mean = sum(r.points[s] for r in self.rows) / n if n else 0.0
            lines.append(f"  Player {s + 1:<2} {_show(self.seat_rate(s)):<24} {_show(self.tested_rate(s)):<28} "
                         f"{mean:.1f}")
        lines += ["", f"{self.tested} overall: {_show(self.tested_rate())} (an even share is {fair:.1f}%)"]
        return "\n".join(["Verdict", *(f"  {x}" for x in self.verdict()), "", *lines])

    def verdict(self) -> list[str]:
        """The seat study's verdict in plain words (``verdict.seat_verdict``): the seats' balance, the
        decided games, the games that would settle it; then the tested bot against an even share."""
        n = len(self.rows)
        wins = {f"Player {s + 1}": self.seat_rate(s) for s in range(self.players)}
        shared = sum(len(r.winners) > 1 for r in self.rows)
        out = seat_verdict(n, wins, shared, None)
        tested, fair = self.tested_rate(), 1 / self.players
        if tested.interval.low > fair:
            edge = f"more than an even share ({100 * fair:.0f}%), beyond chance"
        elif tested.interval.high < fair:
            edge = f"less than an even share ({100 * fair:.0f}%), beyond chance"
        else:
            edge = f"an even share ({100 * fair:.0f}%) within chance"
        out.append(f"{self.tested} wins {100 * tested.value:.0f}% {tested.interval.text()} of its games against "
                   f"{self.others}: {edge}.")
        return out


def _no_count(players: int, data: LobbysData) -> None:
    counts = data.player_counts
    raise CmdslError(f"balance: this Lobbys set is played by {', '.join(map(str, counts))} players (its deck_cut, "
                     f"L1.4), not {players}")


def _rate(k: int, n: int) -> Rate:
    return Rate(k, n)


def _show(r: Rate) -> str:
    if r.n == 0:
        return "no games"
    return f"{r.k}/{r.n} {100 * r.value:.1f}% {r.interval.text()}"


def seat_study(players: int, bots: Sequence[str], games: int, seed: int, workers: int, people: bool,
               quiet: bool, data_file: Path | None = None) -> SeatStudy:
    """``games`` games of ``players`` seats (``data_file``: a Lobbys set's data, default the bundled)."""
    file = str(data_file) if data_file is not None else ""
    if players not in (2, 3, 4, 5):
        raise CmdslError(f"balance: Lobbys is for 2 to 5 players (L1.1), not {players}")
    if len(bots) > 2:
        raise CmdslError("balance --game lobbys: give at most two bots: the tested one, then the others' "
                         "(default: greedy, then random)")
    tested = bots[0] if bots else "greedy"
    others = bots[1] if len(bots) > 1 else "random"
    for spec in (tested, others):
        parse_bot(spec)  # a misspelt bot or setting: one line, before any game
    data = _data(file)
    if players not in data.player_counts:
        _no_count(players, data)
    if people and not data.people_cards(players):
        raise CmdslError(f"balance: The People Speak needs People cards (L10.1): none are left over at {players} "
                         "players")
    jobs = [SeatJob(seed + i, players, tested, others, people, file) for i in range(games)]
    start = time.perf_counter()
    rows = []
    for row in run_jobs(jobs, workers):
        rows.append(row)
        if not quiet:
            print(f"\r{len(rows)}/{games} games", end="", file=sys.stderr, flush=True)
    elapsed = time.perf_counter() - start
    if not quiet:
        print(file=sys.stderr)
    print(f"Played {games} games in {elapsed:.1f} s with {workers} worker(s)"
          + (f" ({games / elapsed:.2f} games/s)." if elapsed > 0 else "."), file=sys.stderr)
    return SeatStudy(players, tested, others, tuple(sorted(rows, key=lambda r: r.seed)))

