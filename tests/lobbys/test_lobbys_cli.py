"""Lobbys on the command line (issue 14 item 4): `cmdsl play --game lobbys`, `cmdsl replay` of its
record, `cmdsl balance --game lobbys` (a seat study), and their one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cmdsl.kits.study.seats import SeatJob, play_seat_job, seat_study
from cmdsl.games.lobbys.plugin import LobbysTable
from cmdsl.plugins import game
from cmdsl.bots.match import run_bots, seat_bots
from cmdsl.cli import main
from cmdsl.games.lobbys.game import lobbys_game

REPO = Path(__file__).resolve().parents[2]


def test_play_a_4_player_game_between_bots_record_it_and_replay_it(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    rec = tmp_path / "l.json"
    assert main(["play", "--game", "lobbys", "--players", "4", "--bot", "greedy", "--bot", "random",
                 "--bot", "random", "--bot", "random", "--seed", "5", "--record", str(rec)]) == 0
    out = capsys.readouterr().out
    assert "Lobbys, 4 players (Player 1 greedy, Player 2 random, Player 3 random, Player 4 random), seed 5." in out
    assert out.count("election, votes revealed") == 3  # L2.1: three rounds, one election each
    assert out.count("wins the tender") == 18  # L6.6: six tenders a round
    assert "Game over (after 3 rounds)" in out
    data = json.loads(rec.read_text())
    assert data["game"] == "lobbys" and data["players"] == 4 and len(data["answers"]) == 4 * 21
    assert main(["replay", str(rec)]) == 0
    assert "Replay reproduces the record: 84 answers" in capsys.readouterr().out


def test_replay_shows_the_log_as_one_seat_saw_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """L11.6: hands are private; `--seat p2` shows Player 2's hand and no other."""
    rec = tmp_path / "l.json"
    main(["play", "--game", "lobbys", "--players", "3", "--seed", "2", "--quiet", "--record", str(rec)])
    capsys.readouterr()
    assert main(["replay", str(rec), "--log", "--seat", "p2"]) == 0
    out = capsys.readouterr().out
    assert "Player 1 is dealt 8 cards." in out and "Player 3 is dealt 8 cards." in out
    assert "Player 2 is dealt 8 cards." not in out and "Player 2 is dealt " in out
    assert main(["replay", str(rec), "--log", "--seat", "p4"]) == 1
    assert "this game's seats are p1, p2, p3" in capsys.readouterr().err


def test_a_tampered_lobbys_record_diverges_or_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rec = tmp_path / "l.json"
    main(["play", "--game", "lobbys", "--players", "2", "--seed", "8", "--quiet", "--record", str(rec)])
    data = json.loads(rec.read_text())
    data["log"][3] = "something else"
    rec.write_text(json.dumps(data))
    capsys.readouterr()
    assert main(["replay", str(rec)]) == 1
    # events count from 1, as CM2008's do: log[3] is the fourth
    assert 'Replay diverges: the log differs at event 4: the record has "something else"' in capsys.readouterr().err
    data["answers"][0]["answer"] = "KS"  # a face card is a contract, never in a hand
    rec.write_text(json.dumps(data))
    assert main(["replay", str(rec)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "answers[1]" in err and "Traceback" not in err


@pytest.mark.parametrize("argv, message", [
    (["--players", "6"], "Lobbys is for 2 to 5 players (L1.1), not 6"),
    (["--players", "3", "--bot", "random", "--bot", "greedy"], "give one bot for every seat or 3 bots"),
    (["--players", "5", "--people"], "People"),
    (["--bot", "randm"], "randm"),
])
def test_play_lobbys_bad_options_are_one_line_errors(argv: list[str], message: str,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--game", "lobbys", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_cm2008_play_refuses_lobbys_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--bot", "random", "--bot", "random", "--players", "3"]) == 2
    assert "play --game cm2008: --players is an option of Die Macher (--game diemacher) or Lobbys (--game lobbys)" in capsys.readouterr().err


def test_a_seat_study_rotates_the_tested_bot_and_reports_each_seat(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["balance", "--game", "lobbys", "--players", "3", "--bot", "greedy", "--games", "12",
                 "--workers", "1", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "Lobbys, 3 players, 12 games: greedy at one seat (seat i mod 3 in game i), random at the others" in out
    for seat in (1, 2, 3):
        assert f"Player {seat}" in out
    assert "greedy overall:" in out and "/12 " in out


def test_a_seat_study_is_the_same_whatever_the_workers() -> None:
    at = LobbysTable(2, False, str(REPO / "cards" / "lobbys" / "lobbys.yaml"))
    one = seat_study(game("lobbys"), at, ["greedy"], 6, 1, 1, True)
    two = seat_study(game("lobbys"), at, ["greedy"], 6, 1, 2, True)
    assert one.rows == two.rows
    assert [r.tested_seat for r in one.rows] == [1, 0, 1, 0, 1, 0]  # game i: seat i mod N


def test_a_seat_job_seats_the_tested_bot_where_it_says() -> None:
    """Game 7 of 4 players: greedy at seat 3 (7 mod 4), random elsewhere, seeded as `cmdsl play`
    seeds them: the row is that game's."""
    at = LobbysTable(4, True, str(REPO / "cards" / "lobbys" / "lobbys.yaml"))
    row = play_seat_job(SeatJob("lobbys", at, seats=4, seed=7, tested="greedy", others="random"))
    game = lobbys_game(7, 4, people_variant=True)
    run_bots(game, seat_bots(["random", "random", "random", "greedy"], game.seats, 7), echo=False)
    assert game.result is not None and row.tested_seat == 3
    assert row.points == game.result.points and row.winners == tuple(s.index for s in game.result.winners)


def test_a_lobbys_seat_study_refuses_cm2008_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["balance", "--game", "lobbys", "--setup", "draft", "--games", "2"]) == 1
    assert ("balance --game lobbys: --setup is an option of Campaign Manager 2008 (--game cm2008)"
            in capsys.readouterr().err)
