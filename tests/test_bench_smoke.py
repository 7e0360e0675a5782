"""bench/speed.py still runs and prints its metrics (a smoke test: the numbers are not checked)."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
METRICS = ("games/s", "decisions/s", "events/s", "turns/game", "µs per fork", "µs per position.copy()",
           "parser load", "set load + parse + check + compile")


def _openspiel_installed() -> bool:
    return importlib.util.find_spec("pyspiel") is not None


def test_speed_prints_its_metrics(tmp_path: Path) -> None:
    out_json = tmp_path / "speed.json"
    command = [sys.executable, str(ROOT / "bench" / "speed.py"), "--games", "3", "--seconds", "0",
               "--forks", "200", "--json", str(out_json)]
    run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, encoding="utf-8", timeout=60)
    assert run.returncode == 0, run.stderr
    missing = [m for m in METRICS if m not in run.stdout]
    assert missing == [], run.stdout
    metrics = json.loads(out_json.read_text(encoding="utf-8"))["metrics"]
    assert metrics["decisions_per_s"] > 0 and metrics["fork_us"] > 0
    if _openspiel_installed():
        assert "ratio cmdsl / OpenSpiel" in run.stdout
        assert metrics["ratio_vs.hearts"] > 0
    else:
        assert "OpenSpiel not installed: pip install '.[bench]'" in run.stdout


# deep: every game and bot of issue 34's table, and two benches as children (~15 s)
@pytest.mark.deep
def test_speed_peers_prints_issue_34s_goals_beside_their_figures(tmp_path: Path) -> None:
    command = [sys.executable, str(ROOT / "bench" / "speed.py"), "--games", "2", "--seconds", "0", "--rounds", "1",
               "--forks", "10", "--peers", "--lobbys-games", "2", "--search-decisions", "1"]
    run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, encoding="utf-8", timeout=120)
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert "Issue 34's goals" in out and "Lobbys, 4 players, random self-play" in out
    assert "Racolage, 3 players, random self-play" in out  # issue 53 §4
    assert "ISMCTS at its defaults, Lobbys 4p" in out and "goal ≤ 0.5" in out
    assert "import cmdsl" in out and "goal ≤ 60 ms" in out  # cold_start.py, run as a child
    assert "the same, one effect edited" in out
    if _openspiel_installed():
        assert "Lobbys 4p random self-play / C++ hearts" in out and "goal ≥ 0.7" in out
        assert "Racolage 3p random self-play / C++ hearts" in out
        assert "OpenSpiel gin_rummy" in out
        assert "floor, four seats at once" in out and "at 0.7× hearts it may add" in out  # floor.py, as a child
    else:
        assert "OpenSpiel is not installed (pip install '.[bench]')" in out


def test_compare_prints_ratios(tmp_path: Path) -> None:
    old, new = tmp_path / "old.json", tmp_path / "new.json"
    old.write_text(json.dumps({"meta": {}, "metrics": {"games_per_s": 100.0, "fork_us": 50.0}}))
    new.write_text(json.dumps({"meta": {}, "metrics": {"games_per_s": 150.0, "fork_us": 25.0}}))
    run = subprocess.run([sys.executable, str(ROOT / "bench" / "compare.py"), str(old), str(new)],
                         capture_output=True, text=True, encoding="utf-8", timeout=30)
    assert run.returncode == 0, run.stderr
    lines = {line.split()[0]: line.split() for line in run.stdout.splitlines() if line.strip()}
    assert lines["games_per_s"][3] == "1.500" and lines["fork_us"][3] == "0.500"
    # Several back-to-back pairs: each pair's ratio, then their median.
    run = subprocess.run([sys.executable, str(ROOT / "bench" / "compare.py"), str(old), str(new), str(new), str(old),
                          str(old), str(new)], capture_output=True, text=True, encoding="utf-8", timeout=30)
    assert run.returncode == 0, run.stderr
    row = next(line.split() for line in run.stdout.splitlines() if line.startswith("games_per_s"))
    assert row[3:7] == ["1.500", "0.667", "1.500", "1.500"]


def test_ismcts_speed_prints_seconds_per_decision(tmp_path: Path) -> None:
    out_json = tmp_path / "ismcts.json"
    command = [sys.executable, str(ROOT / "bench" / "ismcts_speed.py"), "--bot", "ismcts:iterations=3", "--games", "1",
               "--json", str(out_json)]
    run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, encoding="utf-8", timeout=120)
    assert run.returncode == 0, run.stderr
    assert "seconds per decision: median" in run.stdout
    numbers = json.loads(out_json.read_text(encoding="utf-8"))
    assert numbers["decisions"] > 0 and numbers["median_s"] > 0


@pytest.mark.deep  # plays games in children (the file's quick cases: speed, compare, the floors' counts)
def test_instructions_child_plays_the_games_it_counts() -> None:
    """bench/instructions.py's child program (run here without Valgrind, which CI may lack)
    plays speed.py's games and prints the decisions it counted."""
    spec = importlib.util.spec_from_file_location("instructions", ROOT / "bench" / "instructions.py")
    assert spec is not None and spec.loader is not None
    instructions = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(instructions)
    for games, expect_some in ((0, False), (2, True)):
        code = instructions._CHILD.format(here=str(ROOT / "bench"), source="", games=games)
        run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
        assert run.returncode == 0, run.stderr
        assert (float(run.stdout.split()[-1]) > 0) is expect_some


@pytest.mark.deep  # a bench run as a child
def test_floor_prints_each_game_beside_its_floor() -> None:
    command = [sys.executable, str(ROOT / "bench" / "floor.py"), "--rounds", "1", "--games", "2", "--seconds", "0"]
    run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, encoding="utf-8", timeout=120)
    assert run.returncode == 0, run.stderr
    for table in ("floor, turn by turn", "Campaign Manager 2008, beginner", "floor, four seats at once",
                  "Lobbys, 4 players"):
        assert table in run.stdout
    if _openspiel_installed():
        assert "at 0.8× hearts it may add" in run.stdout and "at 0.7× hearts it may add" in run.stdout
    else:
        assert "OpenSpiel not installed" in run.stdout


def test_the_floors_ask_and_log_as_much_as_the_games_they_stand_for() -> None:
    """A floor that asked fewer decisions, or logged less, than its game would flatter the driver."""
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        import floor
        import games
    finally:
        sys.path.remove(str(ROOT / "bench"))
    for game, decisions, events_per_decision, at_once in ((floor.TurnByTurn, 160, 4.4, False),
                                                          (floor.AllAtOnce, 84, 3.7 / 4, True)):
        g, bots = floor.floor_games(game)(0)
        assert g.simultaneous is at_once
        counted = games.self_play(lambda seed: (g, bots), 1)["decisions_per_game"]
        assert counted == decisions and g.over
        assert abs(len(g.events) / decisions - events_per_decision) < 0.03, len(g.events) / decisions


def test_cold_start_says_when_the_machine_is_too_loaded_for_the_goals_in_ms() -> None:
    """Issue 34 set its goals in ms with `python -c pass` at ~10 ms: at 51 ms a "NOT met" says
    more about the machine than about cmdsl, and the report says so."""
    spec = importlib.util.spec_from_file_location("cold_start", ROOT / "bench" / "cold_start.py")
    assert spec is not None and spec.loader is not None
    cold_start = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(cold_start)
    assert cold_start.loaded_warning(12.0) is None and cold_start.loaded_warning(20.0) is None
    warning = cold_start.loaded_warning(51.0)
    assert warning is not None and "51 ms, 5× the ~10 ms" in warning and "the ratios do" in warning


# deep: every game, table and bot, twice (~7 s)
@pytest.mark.deep
def test_digests_cover_every_game_and_check_what_they_wrote(tmp_path: Path) -> None:
    """bench/digests.py, the safety net of a redesign (issue 53 §2): a digest per game, table and
    bot, for all four games; --check of what --json wrote says a digest is the same, and one
    changed in the file is told and exits 1."""
    before = tmp_path / "before.json"
    script = [sys.executable, str(ROOT / "bench" / "digests.py"), "--games", "1", "--ismcts", "0", "--workers", "1"]
    wrote = subprocess.run([*script, "--json", str(before)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert wrote.returncode == 0, wrote.stderr
    digests = json.loads(before.read_text(encoding="utf-8"))
    assert {name.split("/")[0] for name in digests} == {"cm2008", "lobbys", "racolage", "highcard"}
    # --check recomputes the runs its file names: one left as written, one changed
    kept, changed = (next(name for name in digests if name.startswith(game)) for game in ("highcard", "racolage"))
    before.write_text(json.dumps({kept: digests[kept], changed: "0" * 16}), encoding="utf-8")
    check = subprocess.run([*script, "--check", str(before)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    lines = {line.split()[0]: line for line in check.stdout.splitlines()}
    assert check.returncode == 1 and set(lines) == {kept, changed}, check.stdout
    assert lines[kept].endswith("  same") and "DIFFERS" in lines[changed], check.stdout


@pytest.mark.deep
def test_diemacher_speed_prints_its_figures() -> None:
    """bench/diemacher_speed.py (issue 56 item 6): self-play beside CM2008 (and hearts), the
    decisions of a game, and the copies late in one."""
    command = [sys.executable, str(ROOT / "bench" / "diemacher_speed.py"), "--games", "2", "--rounds", "1",
               "--copies", "5", "--seconds", "0.2"]
    run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, encoding="utf-8", timeout=300)
    assert run.returncode == 0, run.stderr
    for figure in ("Die Macher, 5 players", "Campaign Manager 2008", "Die Macher 5p / CM2008",
                   "Decisions (2 options or more) per game", "fork", "determinized", "replay from the start"):
        assert figure in run.stdout, run.stdout


@pytest.mark.deep
def test_diemacher_bots_prints_issue_59s_goals_beside_cm2008() -> None:
    """bench/diemacher_bots.py (issue 59 item 1): greedy games and ISMCTS decisions beside CM2008's,
    each goal met or not, and the strength games' win share with its interval."""
    command = [sys.executable, str(ROOT / "bench" / "diemacher_bots.py"), "--games", "1", "--decisions", "2",
               "--strength", "2", "--iterations", "3", "--workers", "1"]
    run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, encoding="utf-8", timeout=600)
    assert run.returncode == 0, run.stderr
    for figure in ("Campaign Manager 2008", "Die Macher, 5 players", "goal: a 5-player game ≤ 1 s:",
                   "goal: ≤ 1 s a decision at 5 players:", "win share", "goal: the lower bound above 1/3:", "CPU:"):
        assert figure in run.stdout, run.stdout


@pytest.mark.deep
def test_diemacher_policies_prints_each_policys_share_and_verdict() -> None:
    """bench/diemacher_policies.py (issue 59 item 3): each policy against greedy, with a verdict."""
    command = [sys.executable, str(ROOT / "bench" / "diemacher_policies.py"), "--players", "3", "--games", "2",
               "--workers", "1", "--only", "greedy", "accept-contributions"]
    run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, encoding="utf-8", timeout=600)
    assert run.returncode == 0, run.stderr
    assert "accept-contributions" in run.stdout and "greedy" in run.stdout and "CPU:" in run.stdout, run.stdout


@pytest.mark.deep
def test_diemacher_evaluations_compares_two_versions_of_the_evaluation(tmp_path: Path) -> None:
    """bench/diemacher_evaluations.py (issue 59): version A at one seat against B at the others."""
    current = ROOT / "cmdsl" / "games" / "diemacher" / "evaluation.py"
    flat = tmp_path / "flat.py"  # a version that sees nothing: every position is even
    flat.write_text("def standing(pos, me):\n    return 0.0\n", encoding="utf-8")
    command = [sys.executable, str(ROOT / "bench" / "diemacher_evaluations.py"), str(current), str(flat),
               "--players", "3", "--games", "3", "--workers", "1"]
    run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, encoding="utf-8", timeout=600)
    assert run.returncode == 0, run.stderr
    assert "A's win share 1.000" in run.stdout and "CPU:" in run.stdout, run.stdout


@pytest.mark.deep
def test_serve_bots_prints_an_answers_time_alone_and_beside_a_search() -> None:
    """bench/serve_bots.py (issue 60 §2): a person's answer to every page's update, alone and while
    another game's search bot thinks in a worker process."""
    command = [sys.executable, str(ROOT / "bench" / "serve_bots.py"), "--answers", "3", "--seconds", "2"]
    run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, encoding="utf-8", timeout=300)
    assert run.returncode == 0, run.stderr
    for figure in ("alone: 3 answers", "while a search bot thinks in another game: 3 answers", "median",
                   "the search still thinking at the end: True"):
        assert figure in run.stdout, run.stdout


@pytest.mark.deep
@pytest.mark.parametrize("real", [False, True], ids=["server-side", "real"])
def test_serve_load_prints_the_p95_beside_its_goal_and_the_memory_per_game(real: bool) -> None:
    """bench/serve_load.py (issue 61 §4): many games at once, one person each, bots at the other seats."""
    command = [sys.executable, str(ROOT / "bench" / "serve_load.py"), "--games", "4", "--answers", "2",
               "--think", "0.05", *(["--real"] if real else [])]
    run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, encoding="utf-8", timeout=300)
    assert run.returncode == 0, run.stderr
    for figure in ("4 games at once", "p95", "goal: p95 ≤ 50 ms:", "memory per live game"):
        assert figure in run.stdout, run.stdout
