"""Resuming a run from elsewhere (another working directory, a cluster's absolute path, the set
named by cmdsl.toml instead of --cards): the same cards under another name are the same run."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from cmdsl.games.cm2008.ui.study.executor import SerialExecutor
from cmdsl.games.cm2008.ui.study.plan import MAIN
from cmdsl.games.cm2008.ui.study.runner import prepare, run
from cmdsl.games.cm2008.ui.study.store import Store

from .conftest import CM2008
from .test_balance import _params, _rows


def test_the_same_cards_named_another_way_resume_the_run(tmp_path: Path) -> None:
    params = _params()
    db = str(tmp_path / "moved.db")
    with Store(db) as store:
        prepare(store, params, 2, resume=False)
        run(store, params, 2, SerialExecutor())
    elsewhere = replace(params, arms=(replace(params.arms[0], cards=str(CM2008) + "/.", describe="named by cmdsl.toml"),))
    with Store(db) as store:
        prepare(store, elsewhere, 3, resume=True)
        assert run(store, elsewhere, 3, SerialExecutor()) == 1
        assert store.params() == params  # the run's record is how it started
        assert [r.index for r in store.rows(MAIN)] == [0, 1, 2] and len(_rows(store)) == 3
