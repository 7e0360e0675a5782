"""The cmdsl command as a user runs it."""

from __future__ import annotations

from pathlib import Path

import pytest

from cmdsl.cli import main


def test_play_prints_the_log_and_the_result_and_saves_a_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rec = tmp_path / "g.json"
    assert main(["play", "--bot", "random", "--bot", "random", "--seed", "3", "--record", str(rec)]) == 0
    out = capsys.readouterr().out
    assert "— Turn 1:" in out and "Game over —" in out and f"Record saved to {rec}" in out
    assert main(["replay", str(rec)]) == 0
    assert "Replay reproduces the record" in capsys.readouterr().out


def test_replay_of_a_tampered_record_says_it_diverges(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rec = tmp_path / "g.json"
    main(["play", "--bot", "random", "--bot", "random", "--seed", "4", "--quiet", "--record", str(rec)])
    rec.write_text(rec.read_text().replace('"draw"', '"play:nothing"', 1))
    capsys.readouterr()
    assert main(["replay", str(rec)]) == 1
    assert "Replay diverges: answer" in capsys.readouterr().err


def test_bad_input_gives_a_message_not_a_traceback(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path / "missing.json")]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error:") and "Traceback" not in err
    assert main(["play", "--bot", "random"]) == 2


def test_no_command_prints_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 0
    out = capsys.readouterr().out
    # The help's command list: each command on its own line with its help (a usage line or the
    # word "check" elsewhere would not do).
    commands = {line.split()[0] for line in out.splitlines() if line.startswith("    ") and line.split()}
    assert {"check", "play", "cards", "repl", "scenario", "replay", "new-set"} <= commands
    assert out.startswith("usage: cmdsl")


def test_a_drafted_greedy_game_plays_to_the_end(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--bot", "greedy", "--bot", "greedy", "--draft", "--seed", "5", "--quiet"]) == 0
    assert "Game over —" in capsys.readouterr().out


def test_cards_commands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "list", "--side", "obama", "--type", "media"]) == 0
    out = capsys.readouterr().out
    header, *rows = out.splitlines()
    assert header == "Using card set cards/cm2008 (named by cmdsl.toml)."
    assert len(rows) == 3 and "obama-meet-the-press" in out
    assert main(["cards", "show", "obama-yes-we-can"]) == 0
    assert "Gain one support on Economy in that state." in capsys.readouterr().out
    assert main(["cards", "show", "obama-yes-we-cann"]) == 1
    assert 'did you mean "obama-yes-we-can"' in capsys.readouterr().err


def test_scenario_command_prints_the_report_or_the_missing_decision(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "s.yaml"
    f.write_text("scenarios:\n  - name: yes we can\n    play: obama-yes-we-can\n"
                 "    position: {states: [Florida, Michigan]}\n")
    assert main(["scenario", str(f)]) == 1
    err = capsys.readouterr().out
    assert "a decision has no scripted answer" in err and "[state:florida]" in err
    f.write_text("scenarios:\n  - name: yes we can\n    play: obama-yes-we-can\n"
                 "    position: {states: [Florida, Michigan]}\n    answers: [state:florida]\n")
    assert main(["scenario", str(f)]) == 0
    assert "## Events" in capsys.readouterr().out


# ---- issue "Nothing crashes, nothing hangs, nothing is lost", items 4–6 ----------------------------

@pytest.mark.parametrize("argv,message", [
    (["--max-turns", "-1"], "argument --max-turns: -1 is not a whole number ≥ 0"),
    (["--max-turns", "x"], "argument --max-turns: 'x' is not a whole number ≥ 0"),
    (["--seed", "-3"], "argument --seed: -3 is not a whole number from 0 to"),
    (["--seed", "1.5"], "argument --seed: '1.5' is not a whole number from 0 to"),
])
def test_play_refuses_bad_numbers(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    """Item 4: argparse refuses a negative turn limit or seed with a clear message."""
    with pytest.raises(SystemExit) as info:
        main(["play", "--bot", "random", "--bot", "random", *argv])
    assert info.value.code == 2 and message in capsys.readouterr().err


def test_max_turns_zero_means_no_limit(capsys: pytest.CaptureFixture[str]) -> None:
    """Item 4: 0 still means no limit."""
    assert main(["play", "--bot", "greedy", "--bot", "greedy", "--seed", "2", "--max-turns", "0", "--quiet"]) == 0
    assert "Game over —" in capsys.readouterr().out


@pytest.mark.parametrize("where,message", [
    ("no/such/dir/x.json", "no such directory"),
    (".", "is a directory"),
])
def test_play_checks_the_record_destination_before_playing(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                           where: str, message: str) -> None:
    """Item 6: `--record /no/such/dir/x.json` played a whole game, then crashed and lost it."""
    assert main(["play", "--bot", "random", "--bot", "random", "--record", str(tmp_path / where)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1 and message in err and "Traceback" not in err


def test_replay_refuses_other_cards_unless_accepted(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Item 5c: a fingerprint mismatch exits non-zero unless --accept-cards is given."""
    import json

    rec = tmp_path / "g.json"
    main(["play", "--bot", "random", "--bot", "random", "--seed", "4", "--quiet", "--record", str(rec)])
    data = json.loads(rec.read_text())
    data["cardset"] = "0" * 16
    rec.write_text(json.dumps(data))
    capsys.readouterr()
    assert main(["replay", str(rec)]) == 1
    err = capsys.readouterr().err
    assert "the record was played with card set 0000000000000000" in err and "--accept-cards" in err
    assert main(["replay", "--accept-cards", str(rec)]) == 0
    out, err = capsys.readouterr()
    assert "Replay reproduces the record" in out and "the record was played with card set" in err
