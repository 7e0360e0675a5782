"""Die Macher on the command line (its plug-in, ``cmdsl/games/diemacher/plugin.py``): `cmdsl play
--game diemacher` between bots at 3, 4 and 5 players and in the short game (DM12), `cmdsl replay` of
its record (and a tampered one: one located line), `cmdsl check` and `cmdsl new-set` of its set,
and the seat study of `cmdsl balance`; and pyproject.toml registers it and ships its set."""

from __future__ import annotations

import json
import re
import shutil
import tomllib
from pathlib import Path
from typing import Any, Iterator

import pytest

from cmdsl import plugins
from cmdsl.cli import main
from cmdsl.entry_points import FoundEntryPoint
from cmdsl.games.diemacher.parties import MAX_PLAYERS, MIN_PLAYERS, PARTIES
from cmdsl.games.diemacher.plugin import PLAYER_COUNTS

REPO = Path(__file__).resolve().parent.parent
SET = REPO / "cards" / "diemacher"


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Die Macher as the registry sees it once cmdsl is installed again (`pip install .`): an
    install made before it was registered is given its entry point here, as pyproject.toml
    declares it (test_it_is_declared_and_its_set_ships checks that declaration)."""
    if "diemacher" in plugins.games():
        yield
        return
    installed = plugins.entry_points

    def entry_points(group: str) -> list[Any]:
        return [*installed(group=group), FoundEntryPoint("diemacher", "cmdsl.games.diemacher.plugin:PLUGIN", group)]
    monkeypatch.setattr(plugins, "entry_points", entry_points)
    plugins.games.cache_clear()
    yield
    plugins.games.cache_clear()


def test_it_is_declared_and_its_set_ships() -> None:
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["entry-points"]["cmdsl.games"]["diemacher"] == "cmdsl.games.diemacher.plugin:PLUGIN"
    tools = project["tool"]["setuptools"]
    assert {"cmdsl.games.diemacher", "cmdsl.cards.diemacher"} <= set(tools["packages"])
    assert tools["package-dir"]["cmdsl.cards.diemacher"] == "cards/diemacher"
    assert "*.yaml" in tools["package-data"]["cmdsl.cards.diemacher"]
    plugin = plugins.game("diemacher")
    assert plugin.title == "Die Macher" and plugin.seats == tuple(p.value for p in PARTIES)
    assert PLAYER_COUNTS == tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1))
    assert plugin.sets is not None
    bundled = plugin.sets.bundled()  # this checkout's folder, or the installed copy of it
    for name in ("diemacher.yaml", "states.yaml", "polls.yaml"):
        assert (bundled / name).read_bytes() == (SET / name).read_bytes()
    assert sorted(p.name for p in (bundled / "scenarios").glob("*.yaml")) == sorted(
        p.name for p in (SET / "scenarios").glob("*.yaml"))


@pytest.mark.parametrize(("players", "short", "seed"), [(3, False, 1), (4, False, 2), (5, False, 3), (4, True, 4)])
def test_random_bots_play_to_the_end_and_print_the_scores_and_the_winner(
        players: int, short: bool, seed: int, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["play", "--game", "diemacher", "--players", str(players), "--bot", "random", "--seed", str(seed)]
    assert main(argv + (["--short"] if short else [])) == 0
    out = capsys.readouterr().out
    parties = ", ".join(f"{p} random" for p in ("CDU/CSU", "SPD", "FDP", "Die Linkspartei", "Die Grünen")[:players])
    assert out.startswith(f"Die Macher, {players} players ({parties}), seed {seed}"
                          + (", the short game (DM12)." if short else "."))
    last = out.strip().splitlines()[-1]
    assert last.startswith(f"Final scores (after {5 if short else 7} elections): CDU/CSU: ")
    assert re.search(r"\. .+ (wins|share the win)\.$", last), last
    assert last.count("(seats ") == players


def test_greedy_at_one_seat(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["play", "--game", "diemacher", "--players", "3", "--short", "--bot", "greedy", "--bot", "random",
                 "--bot", "random", "--seed", "2", "--quiet"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert out.startswith("Final scores (after 5 elections): ") and out.count("(seats ") == 3


@pytest.fixture
def record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A saved record of a short 3-player game between random bots."""
    rec = tmp_path / "dm.json"
    assert main(["play", "--game", "diemacher", "--players", "3", "--short", "--seed", "6", "--quiet",
                 "--record", str(rec)]) == 0
    assert f"Record saved to {rec}" in capsys.readouterr().out
    return rec


def test_replay_of_a_saved_record_reproduces_it(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(record.read_text())
    assert data["game"] == "diemacher" and data["players"] == 3 and data["short"] is True
    assert main(["replay", str(record)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"Replay reproduces the record: {len(data['answers'])} answers, {len(data['log'])} events, "
                          "identical log. Final scores (after 5 elections)")
    assert main(["replay", str(record), "--log"]) == 0
    assert capsys.readouterr().out.splitlines()[:len(data["log"])] == data["log"]
    assert main(["replay", str(record), "--log", "--seat", "spd"]) == 0
    seen = capsys.readouterr().out
    assert "SPD draws p:" in seen and "CDU/CSU draws p:" not in seen  # DM18.26: a hand is its party's
    assert main(["replay", str(record), "--log", "--seat", "gruene"]) == 1
    assert "this game's seats are cdu, spd, fdp" in capsys.readouterr().err


def _tampered(record: Path, change: Any) -> Path:
    data = json.loads(record.read_text())
    change(data)
    record.write_text(json.dumps(data))
    return record


@pytest.mark.parametrize(("change", "where"), [
    (lambda d: d["answers"].__setitem__(0, {"seat": "cdu", "answer": "board:atlantis"}), "answers[1]: cannot answer"),
    (lambda d: d["answers"].__setitem__(len(d["answers"]) - 1, "bid:999999"), "cannot answer 'bid:999999'"),
    (lambda d: d.__setitem__("seeds", 6), "unknown key 'seeds' (did you mean 'seed'?)"),
    (lambda d: d.__setitem__("seed", "6"), ".seed: expected a whole number"),
    (lambda d: d["answers"].append("no-swap"), "the game is over already"),
], ids=["answer", "last-answer", "key", "seed-type", "extra-answer"])
def test_a_tampered_record_is_one_line_naming_where(record: Path, change: Any, where: str,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    _tampered(record, change)
    assert main(["replay", str(record)]) != 0
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert err.startswith(f"error: {record}") and where in err, err


def test_a_changed_log_diverges_at_its_event(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _tampered(record, lambda d: d["log"].__setitem__(3, "something else"))
    assert main(["replay", str(record)]) == 1
    err = capsys.readouterr().err
    assert err.startswith('Replay diverges: the log differs at event 4: the record has "something else"')
    assert len(err.strip().splitlines()) == 1


def test_check_passes_the_bundled_set_and_locates_a_broken_value(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(SET)]) == 0
    out = capsys.readouterr().out
    assert re.match(r".*diemacher: ok — Die Macher: 7 issues, 16 states, \d+ polls, \d+ contributions", out), out
    broken = tmp_path / "broken"
    shutil.copytree(SET, broken)
    states = broken / "states.yaml"
    text = states.read_text(encoding="utf-8")
    line = next(n for n, x in enumerate(text.splitlines(), 1) if "max_seats:" in x)
    states.write_text(re.sub(r"max_seats: \d+", "max_seats: -1", text, count=1), encoding="utf-8")
    assert main(["check", str(broken)]) == 1
    first = capsys.readouterr().err.splitlines()[0]
    assert re.match(rf".*broken/states\.yaml:{line}:\d+: .*max_seats: expected a number from 1 to \d+, got -1$", first)


def test_check_locates_a_bad_yaml_indent(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken"
    shutil.copytree(SET, broken)
    manifest = broken / "diemacher.yaml"
    lines = manifest.read_text(encoding="utf-8").splitlines()
    n = next(i for i, x in enumerate(lines) if x.startswith("  ") and not x.lstrip().startswith(("#", "-")))
    lines[n + 1] = " " + lines[n + 1]
    manifest.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["check", str(broken)]) == 1
    first = capsys.readouterr().err.splitlines()[0]
    assert re.match(rf".*broken/diemacher\.yaml:{n + 2}:\d+: bad YAML", first), first


def test_new_set_copies_the_bundled_set_which_checks_and_plays(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["new-set", "mine", "--game", "diemacher"]) == 0
    assert "Wrote a Die Macher set to mine: diemacher.yaml" in capsys.readouterr().out
    assert "name: mine\n" in (tmp_path / "mine" / "diemacher.yaml").read_text(encoding="utf-8")
    assert main(["check", "mine"]) == 0
    assert main(["play", "--game", "diemacher", "--cards", "mine", "--players", "3", "--short", "--quiet"]) == 0
    out, err = capsys.readouterr()
    assert "Using Die Macher set mine (--cards)." in err and "Final scores (after 5 elections)" in out
    assert main(["new-set", "mine", "--game", "diemacher"]) != 0
    assert "not empty" in capsys.readouterr().err


def test_balance_is_a_seat_study(capsys: pytest.CaptureFixture[str]) -> None:
    # random at every seat: greedy, the study's default, meets the determinization problem above
    assert main(["balance", "--game", "diemacher", "--players", "3", "--games", "6", "--workers", "1", "--quiet",
                 "--bot", "random"]) == 0
    out = capsys.readouterr().out
    assert "Die Macher, 3 players, 6 games" in out and "DM11.5" in out
    assert main(["balance", "--game", "diemacher", "--players", "3", "--short", "--games", "2", "--workers", "1",
                 "--quiet", "--bot", "random"]) == 0


@pytest.mark.parametrize("argv, message", [
    (["play", "--game", "diemacher", "--players", "2"], "play: Die Macher is for 3 to 5 players (DM1.1), not 2"),
    (["play", "--game", "diemacher", "--players", "6"], "play: Die Macher is for 3 to 5 players (DM1.1), not 6"),
    (["balance", "--game", "diemacher", "--players", "2", "--games", "1"], "Die Macher is for 3 to 5 players"),
    (["play", "--game", "lobbys", "--short"], "--short is an option of Die Macher (--game diemacher)"),
])
def test_one_line_errors(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) != 0
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1, err


def test_the_seat_study_reads_the_shadow_cabinet_as_its_cards() -> None:
    """DM1.6, DM8.1: a party's hand is its cabinet cards not used yet, and placing one plays it, so
    the health measures say which cabinet card is dead (docs/balance.md); the study's fingerprint
    stays the set folder's (no card definitions: a poll or a state table is a value too)."""
    from cmdsl.games.diemacher.plugin import DieMacherTable
    from cmdsl.resources import bundled_cards_dir

    table = DieMacherTable(3, False, str(bundled_cards_dir("diemacher").resolve()))
    game = table.new_game(1)
    assert set(table.hand(game, 0)) == set(table.card_titles()) and table.card_titles()["chancellor"] == "Chancellor"
    assert table.card_of("place:chancellor:bremen") == "chancellor"
    assert table.card_of("stop") is None and table.card_of("first:cdu") is None and table.card_of("bid:2000") is None
    assert table.card_definitions() == {}


def test_dm7_1_2_the_auction_winner_lists_itself_first() -> None:
    """DM7.1.2: the winner names any party; its options start with itself, then clockwise (a bot
    that sees no difference names itself, so turn order is not seat order in every round)."""
    import random

    from cmdsl.games.diemacher.game import diemacher_game
    from cmdsl.games.diemacher.kinds import Kind

    game = diemacher_game(2, 4)
    rng = random.Random(2)
    seen = 0
    while not game.over and seen < 3:
        d = game.pending_decisions[0]
        if d.kind is Kind.NAME_FIRST:
            parties = game.position.parties
            me = parties.index(d.player)
            assert [o.id for o in d.options] == [f"first:{parties[(me + k) % 4].value}" for k in range(4)]
            seen += 1
        game.answer(rng.choice(d.options).id, d.player)
    assert seen == 3
