"""``cmdsl balance`` (issue 12): statistics against known values, the SQLite store (round trip,
resume, refusal of other parameters, report from the file), rows independent of the workers,
and an A/B run that finds a deliberately strengthened card."""

from __future__ import annotations

import re
import shutil
import sqlite3
from dataclasses import replace
from pathlib import Path
from typing import Iterable, Iterator

import pytest

from cmdsl.games.cm2008.ui.study.compare import compare
from cmdsl.games.cm2008.ui.study.compare import render as render_comparison
from cmdsl.games.cm2008.ui.study.executor import ProcessExecutor, SerialExecutor
from cmdsl.games.cm2008.ui.study.jobs import ArmName, GameRow, Job, Played
from cmdsl.games.cm2008.ui.study.plan import MAIN, Arm, RunParams
from cmdsl.games.cm2008.ui.study.runner import prepare, run
from cmdsl.kits.study.stats import (Rate, benjamini_hochberg, holm, lift_change, newcombe, paired, quantile, sign_test,
                                  wilson)
from cmdsl.games.cm2008.ui.study.store import Store, StoreError
from cmdsl.games.cm2008.ui.study.summary import summarize
from cmdsl.cli import main
from cmdsl.games.cm2008.loader import load_card_set

from .conftest import CM2008


# ---- statistics --------------------------------------------------------------------------------

def test_wilson_intervals_match_published_values() -> None:
    i = wilson(5, 10)
    assert (round(i.low, 4), round(i.high, 4)) == (0.2366, 0.7634)
    i = wilson(0, 10)
    assert (i.low, round(i.high, 4)) == (0.0, 0.2775)
    i = wilson(81, 263)  # Wikipedia's example ("Binomial proportion confidence interval")
    assert (round(i.low, 3), round(i.high, 3)) == (0.255, 0.366)
    assert wilson(0, 0).low == 0.0 and wilson(0, 0).high == 1.0


def test_newcombes_interval_matches_his_paper() -> None:
    # Newcombe (1998), "Interval estimation for the difference between independent proportions",
    # example (a): 56/70 − 48/80 = 0.2, method 10: 0.0524 to 0.3339.
    d = newcombe(Rate(48, 80), Rate(56, 70))
    assert round(d.estimate, 4) == 0.2
    assert (round(d.interval.low, 4), round(d.interval.high, 4)) == (0.0524, 0.3339)


def test_holm_and_benjamini_hochberg_on_a_textbook_example() -> None:
    p = [0.01, 0.04, 0.03, 0.005]
    assert [round(x, 6) for x in holm(p)] == [0.03, 0.06, 0.06, 0.02]
    assert [round(x, 6) for x in benjamini_hochberg(p)] == [0.02, 0.04, 0.04, 0.02]
    assert holm([0.9, 0.8]) == [1.0, 1.0]


def test_sign_test_and_paired_differences() -> None:
    assert sign_test(5, 0) == 2 / 32
    assert sign_test(0, 0) == 1.0 and sign_test(3, 3) == 1.0
    d = paired([(0.0, 1.0)] * 6 + [(1.0, 1.0)] * 4)
    assert d.estimate == 0.6 and d.p == 2 / 64
    assert quantile([1, 2, 3, 4], 0.5) == 2.5


def test_a_lift_change_is_measured_against_the_games_without_the_card() -> None:
    same = lift_change((Rate(30, 50), Rate(20, 50)), (Rate(40, 50), Rate(30, 50)))  # the side won 20 pts more
    assert round(same.estimate, 9) == 0.0 and same.p > 0.99  # everywhere: the card's lift did not move
    moved = lift_change((Rate(25, 50), Rate(25, 50)), (Rate(45, 50), Rate(25, 50)))
    assert round(moved.estimate, 9) == 0.4 and round(moved.p, 4) == 0.0018 and moved.interval.low > 0  # z = 3.12
    assert lift_change((Rate(5, 5), Rate(0, 0)), (Rate(5, 5), Rate(1, 1))).p == 1.0  # never without it: no evidence


# ---- games, rows and the store -------------------------------------------------------------------

def _params(bots: tuple[str, str] = ("random", "random"), setup: str = "beginner") -> RunParams:
    cards = load_card_set(CM2008)
    return RunParams(1, setup, "alternate", 300, bots, True,  # type: ignore[arg-type]
                     (Arm(MAIN, str(CM2008), cards.fingerprint, "cm2008"),))


def _rows(store: Store) -> list[str]:
    return [r.to_json() for r in store.rows(MAIN)]


def test_a_row_survives_the_store_and_reports_the_same(tmp_path: Path) -> None:
    params = _params(("greedy", "random"))
    with Store(str(tmp_path / "b.db")) as store:
        prepare(store, params, 4, resume=False)
        run(store, params, 4, SerialExecutor())
        rows = store.rows(MAIN)
    assert len(rows) == 4 and [r.index for r in rows] == [0, 1, 2, 3]
    assert all(GameRow.from_json(r.to_json()) == r for r in rows)
    assert any(r.played for r in rows) and any(r.news for r in rows) and any(r.states_won for r in rows)
    with Store.open_existing(str(tmp_path / "b.db")) as again:
        assert again.params() == params and again.games_asked() == 4
        assert summarize(again.rows(MAIN)) == summarize(rows)
    s = summarize(rows)
    assert s.wins["mccain"].k + s.wins["obama"].k + s.wins["draw"].k == 4
    news = {h.id: h for h in s.news}  # "helped": economy news helps Obama, security news McCain
    assert news["bn-stock-market-hits-new-low"].mccain == 0 < news["bn-stock-market-hits-new-low"].obama
    assert news["bn-russia-invades-georgia"].obama == 0 < news["bn-russia-invades-georgia"].mccain
    assert sum(h.count for h in s.negative) == sum(len(r.negative) for r in rows) > 0
    assert set(s.by_bot) == {"greedy", "random"}  # the bots changed sides
    seats = s.by_bot_seat["greedy"]  # games 0, 1 greedy is McCain; 2, 3 Obama; first player alternates
    assert [(k, x.n) for k, x in seats.items()] == [("as McCain", 2), ("as Obama", 2), ("playing first", 2),
                                                     ("playing second", 2)]
    assert seats["as McCain"].k + seats["as Obama"].k == s.by_bot["greedy"].k


class _Interrupted:
    """An executor that stops like Ctrl-C after ``after`` games."""

    def __init__(self, after: int) -> None:
        self.after = after

    def run(self, jobs: Iterable[Job]) -> Iterator[GameRow]:
        for n, row in enumerate(SerialExecutor().run(jobs)):
            if n == self.after:
                raise KeyboardInterrupt
            yield row


def test_an_interrupted_run_resumed_and_extended_gives_the_rows_of_an_uninterrupted_one(tmp_path: Path) -> None:
    params = _params()
    with Store(":memory:") as whole:
        prepare(whole, params, 6, resume=False)
        run(whole, params, 6, SerialExecutor())
        expected = _rows(whole)
    with Store(str(tmp_path / "r.db")) as store:
        prepare(store, params, 4, resume=False)
        with pytest.raises(KeyboardInterrupt):
            run(store, params, 4, _Interrupted(after=2))
        assert len(store.rows(MAIN)) == 2  # the finished games are kept
    with Store(str(tmp_path / "r.db")) as store:
        prepare(store, params, 4, resume=True)
        assert run(store, params, 4, SerialExecutor()) == 2
        prepare(store, params, 6, resume=True)  # extended: two more games
        assert run(store, params, 6, SerialExecutor()) == 2
        assert _rows(store) == expected


def test_rows_do_not_depend_on_the_number_of_workers() -> None:
    params = _params()
    with Store(":memory:") as one, Store(":memory:") as two:
        for store, executor in ((one, SerialExecutor()), (two, ProcessExecutor(2))):
            prepare(store, params, 5, resume=False)
            run(store, params, 5, executor)
        assert _rows(one) == _rows(two)


def test_resuming_with_other_parameters_or_without_resume_is_refused(tmp_path: Path) -> None:
    db = str(tmp_path / "p.db")
    with Store(db) as store:
        prepare(store, _params(), 2, resume=False)
    with Store(db) as store:
        with pytest.raises(StoreError, match="--resume continues or extends it"):
            prepare(store, _params(), 2, resume=False)
        with pytest.raises(StoreError) as e:
            prepare(store, _params(("greedy", "random"), setup="choose-states"), 2, resume=True)
        assert str(e.value) == (f"cannot resume {db} with other parameters: it was run with --setup beginner "
                                "(this command: choose-states); --bot random random (this command: greedy random)")
    with Store(str(tmp_path / "empty.db")) as store, pytest.raises(StoreError, match="holds no run to resume"):
        prepare(store, _params(), 2, resume=True)


def test_two_runs_cannot_play_into_one_file(tmp_path: Path) -> None:
    db = str(tmp_path / "busy.db")
    with Store(db) as first:
        first.claim()
        with Store(db) as second, pytest.raises(StoreError, match="in use by another cmdsl balance run"):
            second.claim()
    with Store(db) as later:
        later.claim()  # the first run has ended: free again


# ---- the command ---------------------------------------------------------------------------------

def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["balance", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_the_report_from_the_file_is_the_live_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "live.db")
    code, live, err = _cli(capsys, "--games", "4", "--bot", "random", "--bot", "greedy", "--cards", str(CM2008),
                           "--db", db, "--workers", "1", "--quiet")
    assert code == 0 and "Played 4 games" in err
    assert "Results (4 games" in live and "Going Negative" in live and "States won" in live
    assert "never played" in live  # beginner decks: the cards no bot played in 4 games are listed
    code, again, _ = _cli(capsys, "report", db)
    assert code == 0 and again == live
    code, resumed, err = _cli(capsys, "--db", db, "--resume", "--quiet", "--cards", str(CM2008))
    assert code == 0 and "Played 0 games" in err and resumed == live  # nothing left: the same numbers


def test_ctrl_c_keeps_the_finished_games_and_says_how_to_resume(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    import cmdsl.games.cm2008.ui.study.cli as balance_cli

    monkeypatch.setattr(balance_cli, "executor_for", lambda workers: _Interrupted(after=3))
    db = str(tmp_path / "stopped.db")
    code, out, err = _cli(capsys, "--games", "6", "--bot", "random", "--bot", "random", "--cards", str(CM2008),
                          "--db", db, "--quiet")
    assert code == 130 and out == ""
    assert err.splitlines()[-1] == f"Interrupted: 3 finished games kept; `cmdsl balance --db {db} --resume` plays the rest."
    monkeypatch.undo()
    code, out, err = _cli(capsys, "--db", db, "--resume", "--quiet", "--workers", "1", "--cards", str(CM2008))
    assert code == 0 and "Played 3 games" in err and "Results (6 games" in out


@pytest.mark.parametrize("argv, message", [
    (["--bot", "greedy"], "error: balance: give two bots, McCain's then Obama's: --bot greedy --bot ismcts\n"),
    (["--bot", "greedy", "--bot", "ismcts:iterations=none"],
     "error: ismcts iterations='none': iterations must be a whole number ≥ 1\n"),
    (["--resume"], "error: balance: --resume needs the --db FILE of the run to resume\n"),
    (["report", "/nonexistent/x.db"], "error: no balance file /nonexistent/x.db\n"),
])
def test_command_errors_are_one_line(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _cli(capsys, *argv, "--cards", str(CM2008)) if argv[0] != "report" else _cli(capsys, *argv)
    assert code == 1 and err.splitlines()[-1] + "\n" == message and "Traceback" not in err


def test_bad_options_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["balance", "--games", "0"])
    err = capsys.readouterr().err
    assert info.value.code == 2
    assert err == "cmdsl balance: error: argument --games: 0 is not a whole number ≥ 1 (see cmdsl balance --help)\n"


def test_a_file_that_is_not_a_balance_file_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "x.db"
    bad.write_text("not sqlite at all, just words" * 100)
    code, _, err = _cli(capsys, "report", str(bad))
    assert code == 1 and err.startswith(f"error: {bad} is not a balance file") and len(err.splitlines()) == 1


# ---- A/B -------------------------------------------------------------------------------------------

def _strengthened(folder: Path) -> Path:
    """cm2008 where The Original Mavericks gains 3 supports in every state in play."""
    for f in CM2008.iterdir():
        if f.is_file():
            shutil.copy(f, folder / f.name)
    p = folder / "mccain.yaml"
    pattern = re.compile(r"(  - id: mccain-the-original-mavericks\n(?:    .*\n)*?    effect: \|\n)((?:      .*\n)+)")
    text, n = pattern.subn(lambda m: m.group(1) + "      for each state as S:\n"
                           "          gain 3 support on the majority issue of S in S\n", p.read_text(encoding="utf-8"))
    assert n == 1
    p.write_text(text, encoding="utf-8")
    return folder


def test_a_paired_ab_run_finds_a_strengthened_card(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "new").mkdir()
    new = _strengthened(tmp_path / "new")
    db = str(tmp_path / "ab.db")
    code, out, err = _cli(capsys, "--games", "40", "--bot", "random", "--bot", "random", "--cards", str(new),
                        "--against", str(CM2008), "--db", db, "--workers", "1", "--quiet")
    assert code == 0, err
    assert "cards that differ between the sets: mccain-the-original-mavericks" in out
    with Store.open_existing(db) as store:
        c = compare(store.rows("old"), store.rows("new"))
    assert c.pairs == 40
    assert c.outcomes["mccain"].estimate > 0.2 and c.outcomes["mccain"].p < 0.01  # McCain wins more, paired
    # Every McCain card is now played in games McCain wins more: its "won when played" rises with
    # the side's. The per-card question is the change of lift, so no card is flagged for that.
    assert [x.card for x in c.cards if x.flagged] == []
    assert all(x.won_new.value > x.won_old.value for x in c.cards if x.side == "mccain")
    changed = next(x for x in c.cards if x.card == "mccain-the-original-mavericks")
    # Played in 38 of 40 games with each set: 2 games without it are too few for a lift (issue 27:
    # such a lift once topped the report), so its change is not measured
    assert changed.played_new.k >= 36 and not changed.has_lift and changed.lift.p == 1.0
    text = render_comparison(c, ("mccain-the-original-mavericks",), top=3)
    assert "mccain-the-original-mavericks" in text  # a changed card is always shown


def test_a_run_whose_parameters_cannot_be_read_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "edited.db"
    with Store(str(db)) as store:
        prepare(store, _params(), 1, resume=False)
    con = sqlite3.connect(db)
    con.execute("UPDATE meta SET value = '{\"seed\": 1}' WHERE key = 'params'")
    con.commit()
    con.close()
    code, _, err = _cli(capsys, "report", str(db))
    assert code == 1 and err == f"error: {db}: the run's parameters cannot be read (KeyError: 'bots')\n"


def test_top_cards_are_the_surest_not_the_most_extreme() -> None:
    from cmdsl.games.cm2008.ui.study.report import render
    from cmdsl.games.cm2008.ui.study.summary import CardStats

    def card(name: str, won_played: Rate, won_not: Rate) -> CardStats:
        return CardStats(name, "mccain", 0, won_played.n, won_played.n, won_played, won_not, 10.0)

    s = summarize([])
    cards = (card("once-lost", Rate(0, 1), Rate(60, 99)),  # the most extreme lift, on one game
             card("surely-low", Rate(10, 50), Rate(35, 50)), card("middle", Rate(25, 50), Rate(25, 50)),
             card("surely-high", Rate(40, 50), Rate(15, 50)), card("middle-2", Rate(26, 50), Rate(24, 50)))
    text = render(replace(s, cards=cards), top=1)
    assert "surely-low" in text and "surely-high" in text
    assert "once-lost" not in text and "middle" not in text


def test_cards_tied_after_adjustment_come_by_raw_p_not_by_name() -> None:
    """With many cards, Holm lifts most adjusted p-values to 1; the A/B report's top cards must
    then be the ones that moved most (smallest raw p), not the first names in the alphabet."""
    base = GameRow("old", 0, 0, "f", "random", "random", "draft", "mccain", None, "score", 40, 0, 0)

    def game(arm: ArmName, i: int, moved: bool) -> GameRow:
        played = (Played("mccain", "a-steady", 1),) + ((Played("mccain", "z-moved", 2),) if moved else ())
        return replace(base, arm=arm, index=i, seed=i, played=played)

    old = [game("old", i, i < 5) for i in range(20)]
    new = [game("new", i, i < 7) for i in range(20)]  # z-moved: in 2 more games, raw sign-test p = 0.5
    c = compare(old, new)
    assert [x.played_adjusted for x in c.cards] == [1.0, 1.0]
    assert [x.card for x in c.cards] == ["z-moved", "a-steady"]


def test_two_sets_of_one_relative_name_in_one_process_are_two_sets(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker caches a loaded set by its folder: by the absolute one, so that `--cards my-set` in
    another directory is that directory's set (it was refused as "changed since the run started")."""
    from cmdsl.games.cm2008.new_set import new_set

    for where, ev in (("a", "34"), ("b", "33")):
        new_set(tmp_path / where / "my-set")
        states = tmp_path / where / "my-set" / "states.yaml"
        states.write_text(states.read_text(encoding="utf-8").replace("ev: 34", f"ev: {ev}"), encoding="utf-8")
        manifest = tmp_path / where / "my-set" / "manifest.yaml"
        manifest.write_text(manifest.read_text(encoding="utf-8").replace("electoral_votes: 226",
                                                                        f"electoral_votes: {192 + int(ev)}"),
                            encoding="utf-8")
    for where in ("a", "b"):
        monkeypatch.chdir(tmp_path / where)
        assert main(["balance", "--cards", "my-set", "--games", "1", "--workers", "1", "--quiet"]) == 0, \
            capsys.readouterr().err
