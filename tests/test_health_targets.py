"""Issue 58 items 2 and 4: health targets a designer writes in a set's manifest (``health:``),
checked by `cmdsl check` (located errors) and given a verdict by `cmdsl balance` (met, missed,
not known yet with the games that would tell; exit 1 under --strict when one is missed beyond
chance), the study stopping at the first look where every target is decided, its error rate kept
by a group-sequential design (``sequential.py``)."""

from __future__ import annotations

import math
import random
import re
import shutil
from pathlib import Path

import pytest

from cmdsl.cli import main
from cmdsl.errors import CardError
from cmdsl.kits.study.seats import SeatRow
from cmdsl.kits.study.sequential import boundaries, plan
from cmdsl.kits.study.targets import median_interval, verdicts
from cmdsl.sets.health_targets import Target, Targets, targets_in

ROOT = Path(__file__).resolve().parent.parent


# ---- the section ---------------------------------------------------------------------------------

def test_the_section_reads_ranges_and_largest_values_in_the_order_written() -> None:
    t = targets_in("game: x\nhealth:\n  winner_score: [20, 35]\n  dead_cards: 0\n  seat_spread: 2.5\n"
                   "  turns: [40, null]\n", "m.yaml")
    assert t.targets == (Target("winner_score", 20, 35, 3), Target("dead_cards", 0, 0, 4),
                         Target("seat_spread", 0, 2.5, 5), Target("turns", 40, None, 6))
    assert [x.text() for x in t.targets] == ["winner_score: [20, 35]", "dead_cards: 0", "seat_spread: 2.5",
                                             "turns: [40, null]"]
    assert not targets_in("game: x\n", "m.yaml") and not targets_in("health:\n", "m.yaml")


@pytest.mark.parametrize("section, where, message", [
    ("health: 3", "1:9", "health: expected a mapping of targets"),
    ("health:\n  winer_score: [1, 2]", "2:3", "health: unknown target 'winer_score'"),
    ("health:\n  winner_score: 5", "2:17", "health: winner_score: expected a range [low, high]"),
    ("health:\n  winner_score: [5, 2]", "2:17", "health: winner_score: expected 0 ≤ low ≤ high, got [5, 2]"),
    ("health:\n  winner_score: [null, 2]", "2:18", "health: winner_score: the range's low end must be a number"),
    ("health:\n  dead_cards: 1.5", "2:15", "health: dead_cards: expected a whole number ≥ 0, got 1.5"),
    ("health:\n  seat_spread: abc", "2:16", 'health: seat_spread: expected a number of percentage points ≥ 0, got "abc"'),
    ("health:\n  tie_breaks: 200", "2:15", "health: tie_breaks: expected a number of percentage points ≥ 0 (at most 100)"),
    ("health:\n  early_leader_wins: [10, 120]", "2:22", "health: early_leader_wins: a share in percent is at most 100"),
    ("health:\n  turns: [1, 2]\n  turns: [3, 4]", "3:3", "health: turns is given twice"),
])
def test_a_wrong_section_is_one_located_error(section: str, where: str, message: str) -> None:
    with pytest.raises(CardError) as e:
        targets_in("game: x\n" + section + "\n", "m.yaml")
    first = str(e.value).splitlines()[0]
    line, col = where.split(":")
    assert first.startswith(f"m.yaml:{int(line) + 1}:{col}: {message}"), first


@pytest.mark.parametrize("game, manifest", [("cm2008", "manifest.yaml"), ("lobbys", "lobbys.yaml"),
                                            ("racolage", "racolage.yaml"), ("diemacher", "diemacher.yaml")])
def test_check_reads_the_section_of_every_games_manifest(game: str, manifest: str, tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / game
    shutil.copytree(ROOT / "cards" / game, folder)
    path = folder / manifest
    text = re.sub(r"(?ms)^health:.*", "", path.read_text(encoding="utf-8"))  # a bundled set's own targets: out
    path.write_text(text + "health:\n  turns: [5, 500]\n  seat_spread: 5\n", encoding="utf-8")
    assert main(["check", str(folder)]) == 0
    assert "; health targets: turns, seat_spread [" in capsys.readouterr().out
    path.write_text(text + "health:\n  turns: [5, 500]\n  seat_spred: 5\n", encoding="utf-8")
    assert main(["check", str(folder)]) == 1
    err = capsys.readouterr().err
    lines = len(text.splitlines())
    assert err.startswith(f"{path}:{lines + 3}:3: health: unknown target 'seat_spred'") and "did you mean 'seat_spread'?" in err
    path.write_text(text + "health:\n  turns: [5, 500]\nhealth:\n  seat_spread: 5\n", encoding="utf-8")
    assert main(["check", str(folder)]) == 1  # two sections: which one would hold?
    err = capsys.readouterr().err  # the game's own reader, or ours (one line either way)
    assert err.startswith(f"{path}:{lines + 3}:1: ") and "health" in err.splitlines()[0] and "given twice" in err


# ---- the stopping rule -----------------------------------------------------------------------------

def test_the_looks_critical_values_are_lan_and_demets_pocock_type_ones() -> None:
    """Published values (gsDesign's sfLDPocock, two-sided α = 0.05, five equal looks): 2.438,
    2.427, 2.410, 2.397, 2.386; one look is the plain 1.96."""
    got = boundaries([0.2, 0.4, 0.6, 0.8, 1.0])
    assert [round(c, 3) for c in got] == [2.438, 2.427, 2.410, 2.397, 2.386]
    assert boundaries([1.0]) == pytest.approx((1.959964,), abs=1e-5)
    p = plan(400, first=50)
    assert p.looks == (50, 100, 150, 200, 250, 300, 350, 400) and p.most == 400
    assert p.at(10) == p.critical[0] and p.at(120) == p.critical[1] and p.at(400) == p.critical[-1]
    assert plan(30, first=50).looks == (30,)  # too small for a look before its end


def test_stopping_at_the_first_look_that_decides_keeps_the_error_rate() -> None:
    """With no difference at all, a z test read at each of 8 looks with the plan's values rejects
    in about 5% of studies (with 1.96 at every look it would be near 20%)."""
    rng = random.Random(3)
    c = boundaries([k / 8 for k in range(1, 9)])
    wrong = naive = 0
    studies = 3000
    for _ in range(studies):
        s, n, stopped, fooled = 0.0, 0, False, False
        for k in range(8):
            for _ in range(25):
                s += rng.gauss(0, 1)
                n += 1
            z = abs(s) / math.sqrt(n)
            stopped = stopped or z >= c[k]
            fooled = fooled or z >= 1.96
        wrong += stopped
        naive += fooled
    assert 0.03 < wrong / studies < 0.065 and naive / studies > 0.13


# ---- the verdicts ----------------------------------------------------------------------------------

def _rows(points: list[tuple[int, int]], **kw: object) -> list[SeatRow]:
    return [SeatRow(i, 0, (0,) if a > b else (1,) if b > a else (0, 1), (a, b), **kw)  # type: ignore[arg-type]
            for i, (a, b) in enumerate(points)]


def test_a_median_target_is_met_missed_or_not_known_by_its_interval() -> None:
    median, interval = median_interval(list(range(1, 101)), 1.96)
    assert median == 50.5 and (interval.low, interval.high) == (40, 60)  # ranks 50 ± 9.8
    rows = _rows([(20 + i % 5, 3) for i in range(200)])  # the winner's points: 20..24, median 22
    met, missed, edge = verdicts(Targets((Target("winner_score", 20, 30), Target("winner_score", 25, 40),
                                          Target("winner_score", 22, 30))), rows, 2, ("A", "B"))
    assert met.status == "met" and met.measured == "median 22 [22, 22] over 200 games"
    assert missed.status == "missed" and edge.status == "met"  # whole points: the interval [22, 22] is inside
    spread_out = _rows([(i, 0) for i in range(1, 101)])  # median 50.5
    on_bound = verdicts(Targets((Target("winner_score", 50.5, 100),)), spread_out, 2, ("A", "B"))[0]
    assert on_bound.status == "unknown" and on_bound.needed is None  # the median sits on the bound
    assert on_bound.text().endswith("more games may not tell (the measure sits on the bound)")
    few = verdicts(Targets((Target("winner_score", 21, 30),)), rows[:12], 2, ("A", "B"))[0]
    assert few.status == "unknown" and few.needed is not None and few.needed > 12
    assert f"--games {few.needed}" in few.text()


def test_the_seat_spread_shares_its_error_among_the_seats() -> None:
    even = _rows([(5, 3), (3, 5)] * 500)
    assert verdicts(Targets((Target("seat_spread", 0, 5),)), even, 2, ("A", "B"))[0].status == "met"
    lopsided = _rows([(5, 3)] * 700 + [(3, 5)] * 300)
    v = verdicts(Targets((Target("seat_spread", 0, 5),)), lopsided, 2, ("A", "B"))[0]
    assert v.status == "missed" and " is furthest from an even 50.0%: " in v.measured
    unsure = verdicts(Targets((Target("seat_spread", 0, 5),)), even[:40], 2, ("A", "B"))[0]
    assert unsure.status == "unknown" and unsure.needed is not None and unsure.needed > 40


def test_dead_cards_are_counted_surely_dead_or_surely_alive() -> None:
    held = (("X", "Y", "Z"), ("Y", "Z"), ("Y",))  # X never playable, Y always, Z half the time
    rows = [SeatRow(i, 0, (0,), (1, 0), cards=(held if i % 2 else (("X", "Y", "Z"), ("Y",), ("Y",)),
                                               ((), (), ())))
            for i in range(100)]
    zero, one = verdicts(Targets((Target("dead_cards", 0, 0), Target("dead_cards", 0, 1))), rows, 2, ("A", "B"),
                         {"X": "X the dead one"})
    assert zero.status == "missed" and "1 surely dead (X the dead one), 2 surely alive" in zero.measured
    assert one.status == "met"
    few = verdicts(Targets((Target("dead_cards", 0, 1),)), rows[:10], 2, ("A", "B"))[0]
    assert few.status == "unknown" and few.needed == math.ceil(10 * 30 / 10 * 1.1)


def test_shares_of_games_tie_breaks_and_the_early_leader() -> None:
    rows = ([SeatRow(i, 0, (0,), (5, 5), leaders=((0,), (0,))) for i in range(10)]  # a tie-break each
            + [SeatRow(i, 0, (1,), (3, 5), leaders=((0,), (1,))) for i in range(10, 100)])
    ties, unsure, leader = verdicts(Targets((Target("tie_breaks", 0, 5), Target("tie_breaks", 0, 8),
                                             Target("early_leader_wins", 0, 50))), rows, 2, ("A", "B"))
    assert ties.status == "missed" and ties.measured == "10.0% [5.5, 17.4] of 100 games"
    assert unsure.status == "unknown" and unsure.needed is not None and unsure.needed > 100
    assert leader.status == "met" and leader.measured.startswith("10.0% [")


# ---- the command -------------------------------------------------------------------------------------

def _lobbys(tmp_path: Path, section: str) -> Path:
    folder = tmp_path / "lobbys"
    shutil.copytree(ROOT / "cards" / "lobbys", folder)
    path = folder / "lobbys.yaml"
    path.write_text(path.read_text(encoding="utf-8") + section, encoding="utf-8")
    return folder


def test_balance_stops_when_every_target_is_decided_whatever_the_workers(tmp_path: Path,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    folder = _lobbys(tmp_path, "health:\n  turns: [1, 1000]\n  seat_spread: 100\n")
    outs = []
    for workers in ("1", "2"):
        assert main(["balance", "--game", "lobbys", "--players", "3", "--cards", str(folder), "--bot", "random",
                     "--games", "400", "--workers", workers, "--quiet", "--strict"]) == 0
        outs.append(capsys.readouterr())
    out = outs[0].out
    assert out.splitlines()[1] == "  Health targets: 2 of 2 met. Stopped after 50 of at most 400 games: every target decided."
    assert "Lobbys, 3 players, 50 games:" in out and "  turns: [1, 1000] (a game's median length in turns): met — " in out
    assert "stopped early at the look after 50 games" in outs[0].err
    assert outs[1].out == out  # the same games, the first seeds', on one worker or two


def test_strict_fails_on_a_target_missed_beyond_chance_and_says_so(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    folder = _lobbys(tmp_path, "health:\n  turns: [1000, 2000]\n")
    args = ["balance", "--game", "lobbys", "--players", "3", "--cards", str(folder), "--bot", "random", "--games",
            "100", "--workers", "1", "--quiet"]
    assert main(args) == 0  # without --strict the verdict is a report
    assert "Health targets: 0 of 1 met, 1 missed beyond chance (turns)." in capsys.readouterr().out
    assert main([*args, "--strict"]) == 1
    assert "balance --strict: a health target is missed beyond chance" in capsys.readouterr().err


def test_the_games_kept_are_the_first_seeds_whatever_order_the_workers_finish_in(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Workers finish out of order: games past a look may be in before the look's own. The study
    keeps exactly the look's games (the first seeds), so its numbers never depend on the workers."""
    from cmdsl.kits.study import seats

    def out_of_order(jobs: object, workers: int) -> object:
        made = [seats.play_seat_job(j) for j in jobs]  # type: ignore[attr-defined]
        return iter(made[:40] + made[60:80] + made[40:60] + made[80:])
    monkeypatch.setattr(seats, "run_jobs", out_of_order)
    folder = _lobbys(tmp_path, "health:\n  turns: [1, 1000]\n")
    from cmdsl.plugins import game
    from cmdsl.plugins.requests import GameOptions, TableRequest

    plugin = game("lobbys")
    assert plugin.study is not None
    table = plugin.study.table(TableRequest(str(folder), GameOptions({"players": 3})))
    from cmdsl.sets.health_targets import read_targets

    study = seats.seat_study(plugin, table, ["random"], 200, 1, 1, True, read_targets(folder, "lobbys.yaml"))
    assert [r.seed for r in study.rows] == list(range(1, 51))


def test_the_section_may_say_which_bot_and_how_many_games_check_it(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    t = targets_in("health:\n  bot: greedy\n  games: 300\n  turns: [1, 1000]\n", "m.yaml")
    assert (t.bot, t.games, t.bot_line, [x.measure for x in t.targets]) == ("greedy", 300, 2, ["turns"])
    with pytest.raises(CardError, match="m.yaml:2:10: health: games: expected a whole number ≥ 1, got 0"):
        targets_in("health:\n  games: 0\n", "m.yaml")
    folder = _lobbys(tmp_path, "health:\n  bot: random\n  games: 60\n  turns: [1, 1000]\n")
    assert main(["balance", "--game", "lobbys", "--players", "3", "--cards", str(folder), "--workers", "1"]) == 0
    out, err = capsys.readouterr()  # not the default bots (greedy at one seat): the manifest's at every seat
    assert "Checking the set's health targets as its manifest says: random at every seat, at most 60 games." in err
    assert "Lobbys, 3 players, 50 games: random at one seat (seat i mod 3 in game i), random at the others" in out
    (folder / "lobbys.yaml").write_text((folder / "lobbys.yaml").read_text(encoding="utf-8").replace(
        "bot: random", "bot: randon"), encoding="utf-8")
    assert main(["check", str(folder)]) == 1
    assert capsys.readouterr().err.startswith(f"{folder / 'lobbys.yaml'}:")  # located: the file and line


def test_cm2008s_own_study_checks_the_targets_too(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "cm"
    shutil.copytree(ROOT / "cards" / "cm2008", folder)
    path = folder / "manifest.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "health:\n  turns: [1, 1000]\n  winner_score: [300, 400]\n",
                    encoding="utf-8")
    args = ["balance", "--cards", str(folder), "--games", "8", "--workers", "1", "--quiet"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert f"Health targets ({path}; 95% intervals)\n  turns: [1, 1000] (a game's median length in turns): met — " in out
    assert "  winner_score: [300, 400] (the winner's median final points): MISSED — median " in out
    assert main([*args, "--strict"]) == 1
    assert "balance --strict: a health target is missed beyond chance" in capsys.readouterr().err


def test_all_games_plays_every_game_asked_though_the_targets_are_decided(tmp_path: Path,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    folder = _lobbys(tmp_path, "health:\n  turns: [1, 1000]\n")
    assert main(["balance", "--game", "lobbys", "--players", "3", "--cards", str(folder), "--bot", "random",
                 "--games", "120", "--workers", "1", "--quiet", "--all-games"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[1] == "  Health targets: 1 of 1 met." and "Lobbys, 3 players, 120 games:" in out
