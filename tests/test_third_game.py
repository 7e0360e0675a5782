"""A third game, High Card (tests/toygame/: three players, a secret hand, a die, a few cards),
registered as a plug-in the way another package would register it (an entry point of the group
``cmdsl.games``), is played by the command line, the bots and the balance studio, recorded and
replayed, without a line of those changing (issue 28 §2). Its rules are T1–T4 (tests/toygame/game.py)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from cmdsl.bots import play_bot_move
from cmdsl.bots.match import seat_bots
from cmdsl.cli import main
from cmdsl.plugins import games

from tests.toygame.game import CARDS, SEATS, BidsRevealed, Dealt, HighCard, Seat, table





def test_it_is_registered_beside_the_others(highcard: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert list(games()) == ["cm2008", "diemacher", "highcard", "lobbys", "racolage"]
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    assert "highcard (High Card)" in " ".join(capsys.readouterr().out.split())
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "games: cm2008 (Campaign Manager 2008, the default), diemacher (Die Macher), highcard (High Card), lobbys (Lobbys)" in " ".join(
        capsys.readouterr().out.split())


def test_the_command_line_plays_records_and_replays_it(highcard: None, tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "game.json"
    assert main(["play", "--game", "highcard", "--bot", "greedy", "--bot", "random", "--bot", "ismcts:iterations=30",
                 "--seed", "4", "--record", str(record)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("High Card, seed 4: North greedy, East random, West ismcts")
    assert out.count("Bids: ") == 3 and out.count("The die shows") == 3  # T2, T3: three rounds
    assert re.search(r"Game over — .+ with \d+ \(3 rounds played\)\.", out)  # T4
    data = json.loads(record.read_text(encoding="utf-8"))
    assert data["game"] == "highcard" and len(data["answers"]) == 6  # rounds 1 and 2; round 3 has one card each
    assert main(["replay", str(record)]) == 0
    assert "Replay reproduces the record: 6 answers, 13 events." in capsys.readouterr().out


def test_a_replayed_log_as_one_seat_saw_it_hides_the_others_hands(highcard: None, tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """T1: a hand is its holder's secret, in a replay's log too."""
    record = tmp_path / "game.json"
    assert main(["play", "--game", "highcard", "--seed", "2", "--quiet", "--record", str(record)]) == 0
    capsys.readouterr()
    assert main(["replay", str(record), "--log", "--seat", "east"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "North is dealt 3 cards." and lines[2] == "West is dealt 3 cards."
    assert re.fullmatch(r"East is dealt \d, \d, \d\.", lines[1])


def test_a_changed_record_does_not_replay(highcard: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "game.json"
    assert main(["play", "--game", "highcard", "--seed", "2", "--quiet", "--record", str(record)]) == 0
    data = json.loads(record.read_text(encoding="utf-8"))
    data["answers"][0][1] = "card:99"
    record.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(record)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"error: {record}: answers[1]: ") and len(err.strip().splitlines()) == 1


def test_another_games_option_is_refused_in_one_line(highcard: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--game", "highcard", "--setup", "draft"]) == 2
    assert capsys.readouterr().err.strip() == ("play --game highcard: --setup is an option of Campaign Manager 2008 "
                                               "(--game cm2008); `cmdsl play --help` lists each game's options")


def test_what_the_game_does_not_have_is_said_in_one_line(highcard: None, tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["new-set", str(tmp_path / "mine"), "--game", "highcard"]) == 1
    assert capsys.readouterr().err == "error: new-set --game highcard: High Card has no sets to write\n"
    assert not (tmp_path / "mine").exists()


def test_the_balance_studio_runs_a_seat_study_of_it(highcard: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["balance", "--game", "highcard", "--bot", "greedy", "--games", "12", "--workers", "1",
                 "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "High Card, 3 players, 12 games: greedy at one seat (seat i mod 3 in game i), random at the others" in out
    assert all(f"  {seat:<9} " in out for seat in ("North", "East", "West")) and "mean points" in out  # as it names them
    assert "greedy overall:" in out and "/12 " in out


@pytest.mark.parametrize("bot", ["random", "greedy", "ismcts:iterations=30"])
def test_every_bot_plays_it_to_the_end(bot: str) -> None:
    for seed in range(3):
        game = table(seed)
        bots = seat_bots([bot], SEATS, seed)
        while game.pending is not None:
            play_bot_move(game, bots)
        assert game.result is not None and game.winners() and sum(game.result.points) > 0


def test_a_determinized_copy_keeps_what_the_seat_knows_and_deals_the_rest_anew() -> None:
    """What a fair bot is given (DESIGN property 11): its own hand and the public board as they
    are; the others' hands dealt again from the cards it has not seen."""
    game = table(7)
    seen = game.view(Seat.NORTH)
    others = {tuple(game.position.hands[s.index]) for s in SEATS if s is not Seat.NORTH}
    copies = [game.determinized(Seat.NORTH, random.Random(i)) for i in range(20)]
    for copy in copies:
        assert copy.view(Seat.NORTH).hand == seen.hand and copy.view(Seat.NORTH).scores == seen.scores
        held = [c for h in copy.position.hands for c in h] + copy.position.deck
        assert sorted(held) == list(CARDS) and copy.pending == game.pending  # T1: nine cards, dealt anew
    assert any({tuple(c.position.hands[s.index]) for s in SEATS if s is not Seat.NORTH} != others for c in copies)
    assert game.position.hands[Seat.EAST.index] == sorted(next(e for e in game.events
                                                               if isinstance(e, Dealt) and e.seat is Seat.EAST).cards)


def test_an_unrevealed_bid_stays_secret_in_a_fork_for_another_seat() -> None:
    """T2: bids are made in secret; a copy made for West does not hold North's bid."""
    game = table(1)
    north = next(d for d in game.pending_decisions if d.player is Seat.NORTH)
    game.answer(north.options[0].id, Seat.NORTH)
    fork = game.fork(for_seat=Seat.WEST)
    assert any(d.player is Seat.NORTH for d in fork.pending_decisions)
    assert not any(isinstance(e, BidsRevealed) for e in fork.events)


def test_the_repl_plays_saves_and_loads_it(highcard: None, tmp_path: Path) -> None:
    """The REPL's one Session holds High Card's keyboard (tests/toygame/prompt.py) as it holds
    the others': `new highcard`, bids (T2), the die (T3), the end (T4), save and load, help."""
    from cmdsl.errors import CmdslError
    from cmdsl.repl.commands import run_line
    from cmdsl.repl.session import Session

    s = Session()
    forms = run_line(s, "help new")
    assert "GAME is one of cm2008, diemacher, highcard, lobbys, racolage" in forms and "High Card: new highcard [tricks] [vs BOT] [seed N]" in forms
    out = run_line(s, "new highcard vs greedy seed 5")
    assert out.startswith("New High Card game, seed 5: you are North, the greedy bot plays East and West.")
    assert "North is dealt" in out and "North, bid a card (T2):" in out and "East is dealt" not in out.split("\n")[0]
    assert s.game_name == "highcard" and isinstance(s.game.game, HighCard)
    assert run_line(s, "help").startswith("High Card commands")
    with pytest.raises(CmdslError, match="is a Campaign Manager 2008 command: not in a High Card game"):
        run_line(s, "eval gain 1 support")
    with pytest.raises(CmdslError, match=r'"12" is not an option \(bid a card \(T2\)\): answer 1 to 3'):
        run_line(s, "12")
    run_line(s, "1")
    with pytest.raises(CmdslError, match="High Card saves the full record only"):
        run_line(s, f"save {tmp_path / 'g.json'}")
    run_line(s, f"save {tmp_path / 'g.json'} full")
    while s.game.pending is not None:
        out = run_line(s, "1")
    assert "Game over" in out and out.count("The die shows") == 2  # rounds 2 and 3 (T3, T4)
    t = Session()
    assert run_line(t, f"load {tmp_path / 'g.json'}").startswith(f"Loaded {tmp_path / 'g.json'}: 5 answers replayed: ")  # 3 bids, and the bots' next two
    assert t.game_name == "highcard" and len(t.game.view(SEATS[0]).hand) == 2
    assert run_line(t, "new seed 3 first mccain").startswith("New beginner game (seed 3)")  # back to the default game
    assert t.game_name == "cm2008"


def test_the_prompt_plays_it(highcard: None) -> None:
    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from cmdsl.repl.app import repl

    shown: list[str] = []
    with create_pipe_input() as inp, create_app_session(input=inp, output=DummyOutput()):
        inp.send_text("new highcard seed 2\r1\r1\r1\rhand\r\x04")
        assert repl(None, None, colour=False, echo=shown.append, pager=False) == 0
    out = "\n".join(shown)
    assert "Also here: `new diemacher`, `new highcard`, `new lobbys`" in " ".join(out.split())
    assert "Game over" in out and "Your hand: (empty)" in out
