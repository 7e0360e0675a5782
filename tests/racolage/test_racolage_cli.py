"""Racolage Électoral through the command line: a plug-in like the others (`play --game racolage`,
`replay`, `check`, the seat study of `balance`), with its bots."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cmdsl.bots import play_bot_move
from cmdsl.bots.match import seat_bots
from cmdsl.cli import main
from cmdsl.games.racolage.game import racolage_game
from cmdsl.games.racolage.loader import bundled_set, load_set

CARDS = load_set(bundled_set())
REPO = Path(__file__).resolve().parents[2]


def test_play_record_and_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "game.json"
    assert main(["play", "--game", "racolage", "--players", "3", "--bot", "greedy", "--seed", "4",
                 "--record", str(record)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Racolage Électoral, 3 players (Player 1 greedy, Player 2 greedy, Player 3 greedy), seed 4.")
    assert "Game over — " in out
    data = json.loads(record.read_text(encoding="utf-8"))
    assert data["game"] == "racolage" and data["set"] == CARDS.fingerprint
    assert main(["replay", str(record)]) == 0
    assert "Replay reproduces the record" in capsys.readouterr().out
    assert main(["replay", str(record), "--log", "--seat", "p2"]) == 0
    seen = capsys.readouterr().out
    assert "Player 2 is dealt " in seen and "Player 1 is dealt 5 Media cards." in seen  # the others' hands hidden


def test_play_refuses_a_player_count_the_rules_do_not_have(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--game", "racolage", "--players", "5", "--quiet"]) == 2
    assert "Racolage Électoral is for 2 to 4 players (RA1.1), not 5" in capsys.readouterr().err


def test_check_of_the_bundled_set(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(REPO / "cards" / "racolage")]) == 0
    assert "55 Media, 51 Actions (8 event, 10 catchphrase, 8 direct action, 8 privilege, 17 temporary), " \
           "4 Party cards, 5 themes" in capsys.readouterr().out


def test_a_broken_set_is_one_located_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    for f in (REPO / "cards" / "racolage").glob("*.yaml"):
        (folder / f.name).write_text(f.read_text(encoding="utf-8"), encoding="utf-8")
    media = folder / "media.yaml"
    media.write_text(media.read_text(encoding="utf-8").replace("value: 9", "value: 8", 1), encoding="utf-8")
    assert main(["check", str(folder)]) == 1
    err = capsys.readouterr().err
    assert "media.yaml:" in err and "M11: value: a Media card is worth 1, 2, 3, 4, 6, 9 (RA1.4), not 8" in err


def test_the_seat_study(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["balance", "--game", "racolage", "--players", "2", "--games", "6", "--workers", "1", "--quiet"]) == 0


def test_the_bots_play_it() -> None:
    for seed, players in ((0, 2), (1, 3)):
        game = racolage_game(seed, players, CARDS)
        bots = dict(seat_bots(["ismcts:iterations=3", "greedy", "random"][:players], game.seats, seed))
        while not game.over:
            play_bot_move(game, bots)
        assert game.result is not None and game.result.winners


@pytest.mark.parametrize("card, lang, lines", [
    ("M07", "en", ["M07 — The Morning Economy Slot (L'Éco du matin)", "Media, Economy, +3, range 3 → 30."]),
    ("M07", "fr", ["M07 — L'Éco du matin (The Morning Economy Slot)", "Média, Économie, +3, fourchette 3 → 30."]),
    ("A01", "en", ["A01 — Financial Crisis (Crise financière)", "Event, Economy.",
                   "While it is in play, every player may place Economy Media (RA6.4).", "When it is drawn (RA6.4):",
                   "  Every Catchphrase in play is discarded."]),
    ("A01", "fr", ["A01 — Crise financière (Financial Crisis)", "Événement, Économie.",
                   "Tant qu'il est en jeu, chaque joueur peut placer des Médias du thème Économie (RA6.4).",
                   "Quand il est pioché (RA6.4) :", "  Toute carte Phrase choc en jeu est défaussée."]),
    ("A09", "en", ["A09 — Purchasing Power Is Sacred (Le pouvoir d'achat, c'est sacré)", "Catchphrase, Economy.",
                   "While it is in its owner's bonus zone, they may place Economy Media (RA6.2)."]),
    ("A09", "fr", ["A09 — Le pouvoir d'achat, c'est sacré (Purchasing Power Is Sacred)", "Phrase choc, Économie.",
                   "Tant qu'elle est dans sa zone de bonus, son propriétaire peut placer des Médias du thème "
                   "Économie (RA6.2)."]),
])
def test_cards_show_reads_right_in_english_and_french(card: str, lang: str, lines: list[str],
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "show", card, "--game", "racolage", "--lang", lang]) == 0
    assert capsys.readouterr().out.splitlines() == lines


def test_cards_takes_the_game_of_the_set_it_is_given(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "list", "--cards", str(REPO / "cards" / "racolage")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 106 and out[0].startswith("M01   The Chamber of Commerce Newsletter")
    assert main(["cards", "show", "A99", "--game", "racolage"]) == 1
    assert 'no card "A99"' in capsys.readouterr().err
    assert main(["cards", "list", "--game", "racolage", "--side", "obama"]) == 2
    assert "--side is an option of Campaign Manager 2008 (--game cm2008)" in capsys.readouterr().err
    assert main(["cards", "doc", "--game", "racolage"]) == 0
    assert capsys.readouterr().out.count("\n| A") == 51


def test_cards_show_without_an_id_says_what_to_give(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "show", "--game", "racolage"]) == 2
    assert capsys.readouterr().err == "cards show: give a card id (see `cmdsl cards list --game racolage`)\n"


def test_the_repl_plays_it(tmp_path: Path) -> None:
    from cmdsl.repl.commands import run_line
    from cmdsl.repl.session import Session

    s = Session()
    out = run_line(s, "new racolage 2 players vs greedy seed 3")
    assert out.startswith("New Racolage Électoral game, 2 players, seed 3: you are Player 1, the greedy bot plays "
                          "Player 2.\nPlayer 1 is dealt ")
    assert "Player 2 is dealt 5 Media cards." in out  # the other hand is secret
    assert out.splitlines()[-4:] == ["Player 1, phase 1: draw, buy or pass (RA4.1):", "  1. draw 1 Media card",
                                     "  2. buy Action cards (sell cards from your hand: 3 points each)", "  3. do nothing"]
    out = run_line(s, "1")
    assert "Player 1 draws " in out
    assert run_line(s, "hand").startswith("Your hand (6 cards; notoriety 0):")
    assert ": notoriety 0, 6 cards in hand" in run_line(s, "table").splitlines()[1]
    assert run_line(s, "card A01 fr").splitlines()[:2] == ["A01 — Crise financière (Financial Crisis)", "Événement, Économie."]
    with pytest.raises(Exception, match='no card "A99"'):
        run_line(s, "card A99")
    while s.game.pending is not None:
        out = run_line(s, "1")
    assert "Game over — " in out
    record = tmp_path / "g.json"
    assert run_line(s, f"save {record}") == f"Saved to {record}."
    assert run_line(s, f"load {record}").startswith(f"Loaded {record}: ")


def test_the_repl_refuses_a_table_the_rules_do_not_have() -> None:
    from cmdsl.repl.commands import run_line
    from cmdsl.repl.session import Session

    with pytest.raises(Exception, match=r"new racolage: 2 to 4 players \(RA1.1\), not 5"):
        run_line(Session(), "new racolage 5 players")


def test_a_game_without_a_keyboard_is_named_as_such(monkeypatch: pytest.MonkeyPatch) -> None:
    import cmdsl.repl.commands as commands
    from cmdsl.repl.session import Session, SessionError

    monkeypatch.setattr(commands, "keyboard_games", lambda: ("cm2008", "lobbys"))
    with pytest.raises(SessionError, match=r"^new racolage: Racolage Électoral is not played at the REPL yet; "
                                           r"`cmdsl play --game racolage` plays it between bots$"):
        commands.cmd_new(Session(), "racolage")


def test_new_set_writes_a_set_that_checks_plays_and_tests(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "mine"
    assert main(["new-set", str(folder), "--game", "racolage"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"Wrote a Racolage Électoral set to {folder}: actions.yaml, media.yaml, parties.yaml, "
                          "racolage.yaml, themes.yaml, scenarios/turn.yaml.")
    assert load_set(folder).name == "mine"
    assert main(["check", str(folder)]) == 0 and "ok — mine: 55 Media" in capsys.readouterr().out
    assert main(["play", "--game", "racolage", "--cards", str(folder), "--seed", "2", "--quiet"]) == 0
    assert main(["test", str(folder), "--update"]) == 0
    rules = (folder / "scenarios" / "turn.yaml").read_text(encoding="utf-8").count("  - name:")
    assert rules >= 10 and main(["test", str(folder)]) == 0
    assert f"{rules} scenarios: {rules} passed" in capsys.readouterr().out
    assert main(["new-set", str(folder), "--game", "racolage"]) != 0  # nothing is overwritten


def test_a_broken_card_file_is_named_with_its_sets_folder_as_every_games_is(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 55 §8: Racolage's errors said `actions.yaml:46:16` where CM2008's say `my-cm/mccain.yaml:41:12`."""
    monkeypatch.chdir(tmp_path)
    assert main(["new-set", "mine", "--game", "racolage"]) == 0
    actions = tmp_path / "mine" / "actions.yaml"
    actions.write_text(actions.read_text(encoding="utf-8").replace("you draw 1 action card", "you draw 1.5 action card", 1),
                       encoding="utf-8")
    capsys.readouterr()
    assert main(["check", "mine"]) == 1
    assert capsys.readouterr().err.startswith('mine/actions.yaml:46:16: A06: "1.5" is not a whole number')
