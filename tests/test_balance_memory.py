"""A long balance run holds what one game needs, not what every game left (issue 34 §4): the
report reads the stored games one at a time, and the runner makes each game's job as the executor
takes it. Counted in live objects (weak references), never in bytes: bench/memory.py measures the
peak RSS of every process at 1,000 and 10,000 games."""

from __future__ import annotations

import weakref
from dataclasses import replace
from typing import Iterable, Iterator

import pytest

from cmdsl.kits.study.stats import Correction
from cmdsl.plugins import GameOptions, TableRequest
from cmdsl.games.cm2008.loader import load_card_set
from cmdsl.games.cm2008.ui.study import jobs as jobs_module
from cmdsl.games.cm2008.ui.study.analysis import analyse
from cmdsl.games.cm2008.ui.study.jobs import GameRow, Job, Played
from cmdsl.games.cm2008.ui.study.plan import MAIN, Arm, RunParams
from cmdsl.games.cm2008.ui.study.runner import prepare, run
from cmdsl.games.cm2008.ui.study.store import Store

from .conftest import CM2008

GAMES = 200


def _params() -> RunParams:
    cards = load_card_set(CM2008)
    return RunParams(1, "beginner", "alternate", 300, ("random", "random"), False,
                     (Arm(MAIN, str(CM2008), cards.fingerprint, "cm2008"),))


def _row(job: Job) -> GameRow:
    """A made-up finished game of ``job`` (no game is played: only how many are alive counts)."""
    return GameRow(job.arm, job.index, job.seed, job.fingerprint, job.mccain, job.obama, job.setup, "mccain",
                   "mccain" if job.index % 3 else "obama", "McCain reaches 270 electoral votes", 40 + job.index % 7,
                   270, 200, (Played("mccain", "mccain-aarp", 3), Played("obama", "obama-bill-clinton", 4)))


class _Counting:
    """An executor that plays nothing and counts the jobs alive as it takes each one."""

    def __init__(self) -> None:
        self.alive: weakref.WeakSet[Job] = weakref.WeakSet()
        self.most = 0

    def run(self, jobs: Iterable[Job]) -> Iterator[GameRow]:
        for job in jobs:
            self.alive.add(job)
            self.most = max(self.most, len(self.alive))
            yield _row(job)


def test_the_runner_makes_each_job_as_the_executor_takes_it() -> None:
    counting = _Counting()
    with Store(":memory:") as store:
        prepare(store, _params(), GAMES, resume=False)
        assert run(store, _params(), GAMES, counting) == GAMES
        assert len(store.done(MAIN)) == GAMES
    assert counting.most <= 2  # not every game's job, made before the first game


def test_a_report_holds_one_stored_game_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    params = _params()
    with Store(":memory:") as store:
        prepare(store, params, GAMES, resume=False)
        run(store, params, GAMES, _Counting())
        alive: weakref.WeakSet[GameRow] = weakref.WeakSet()
        most = 0
        read = GameRow.from_json

        def counted(text: str) -> GameRow:
            nonlocal most
            row = read(text)
            alive.add(row)
            most = max(most, len(alive))
            return row

        monkeypatch.setattr(jobs_module.GameRow, "from_json", staticmethod(counted))
        analysis = analyse(store, Correction.HOLM)
    assert analysis.games == GAMES and analysis.arms[0][1].wins["mccain"].k == sum(i % 3 != 0 for i in range(GAMES))
    assert most <= 2  # not the whole run's rows, read before the first is counted


def test_a_summary_of_many_games_keeps_counts_not_games() -> None:
    """What a summary keeps grows with the cards and kinds of results, not with the games (but
    for each game's length, an int: the quartiles and the histogram need them all)."""
    from cmdsl.games.cm2008.ui.study.summary import _Tally

    params = _params()
    job = params.job(params.arms[0], 0)
    small, large = _Tally(), _Tally()
    for i in range(10):
        small.add(_row(replace(job, index=i)))
    for i in range(10 * GAMES):
        large.add(_row(replace(job, index=i)))
    sizes = {name: (len(v), len(getattr(large, name))) for name, v in vars(small).items()
             if name != "turns" and hasattr(v, "__len__")}
    assert all(a == b for a, b in sizes.values()), sizes


def test_a_seat_study_makes_each_job_as_it_is_played(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    from cmdsl import plugins
    from cmdsl.kits.study import seats

    plugin = plugins.game("lobbys")
    assert plugin.study is not None
    table = plugin.study.table(TableRequest(None, GameOptions({"players": 4, "people": False})))
    alive: weakref.WeakSet[seats.SeatJob] = weakref.WeakSet()
    most = 0

    def counted(job: seats.SeatJob) -> seats.SeatRow:  # plays nothing: only how many jobs are alive counts
        nonlocal most
        alive.add(job)
        most = max(most, len(alive))
        return seats.SeatRow(job.seed, job.tested_seat, (job.seed % job.seats,), (1, 2, 3, 4))

    monkeypatch.setattr(seats, "play_seat_job", counted)
    study = seats.seat_study(plugin, table, ["random", "random"], GAMES, 1, 1, quiet=True)
    assert len(study.rows) == GAMES and most <= 2
    assert not hasattr(study.rows[0], "__dict__")  # a row per game is kept: each as small as it can be
