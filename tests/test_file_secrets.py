"""Files keep secrets (issue 23, part 3; docs/secrets.md "Files"): a file the REPL writes in a game
against a bot holds, for people to read, only the saving seat's view, and no card that view never
showed (R3.1–R3.3 for Campaign Manager, L11.6–L11.7 for Lobbys); it still replays the game.

Each test plays a REPL game through ``run_line``, keeps everything the REPL showed the player (each
answer's output, `log`, `hand`, the board), saves at several points, reads each file as text and
looks for every card's id and title (Lobbys: id and label)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cmdsl.cli import main
from cmdsl.games.cm2008.record import FORMAT, FORMAT_SEAT, HiddenAnswer
from cmdsl.games.lobbys.cards import Card, Contract, contract_cards, pip_cards
from cmdsl.games.lobbys.game import replay as lobbys_replay
from cmdsl.games.lobbys.game import history, lobbys_game, log_text
from cmdsl.games.cm2008.model import CardSet, Side
from cmdsl.games.cm2008.record import load_record
from cmdsl.sets.record_file import read_json
from cmdsl.games.cm2008.replay import replay
from cmdsl.repl.commands import run_line
from cmdsl.repl.session import Session

from .conftest import deep_after

CM2008 = str(Path(__file__).resolve().parent.parent / "cards" / "cm2008")


def file_text(path: Path) -> str:
    """The file as text, and again with its JSON strings unescaped (a title's "é", a suit's "♥")."""
    raw = path.read_text(encoding="utf-8")
    return raw + "\n" + json.dumps(json.loads(raw), ensure_ascii=False)


def named(text: str, names: dict[str, tuple[str, ...]]) -> set[str]:
    """The cards (by id) that ``text`` names by any of their names (id, title, label)."""
    return {card for card, words in names.items()
            if any(w in text and re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text) for w in words)}


def cm2008_names(s: Session) -> dict[str, tuple[str, ...]]:
    return {card.id: (card.id, card.title) for card in s.keyboard.cards.cards.values()}


def lobbys_names() -> dict[str, tuple[str, ...]]:
    cards: tuple[Card | Contract, ...] = (*pip_cards(1, 10), *contract_cards())
    return {c.id: (c.id, str(c)) for c in cards}


def play_cm2008(tmp_path: Path, setup: str, seat: str, saves: int,
                steps: int) -> tuple[Session, str, list[tuple[Path, str]]]:
    """A game against a bot: the human answers 1 each time, saving every ``steps`` answers; each
    file with all the REPL had shown when it was saved."""
    s = Session(CM2008)
    shown = [run_line(s, f"new {setup} vs random seed 3 as {seat} first mccain")]
    files = []
    for n in range(saves):
        for _ in range(steps):
            if s.game is None or s.game.over:
                break
            shown.append(run_line(s, "1"))
        shown += [run_line(s, "log 100000"), run_line(s, "hand"), run_line(s, "board")]
        path = tmp_path / f"{setup}-{seat}-{n}.json"
        shown.append(run_line(s, f"save {path}"))
        files.append((path, "\n".join(shown)))
    assert not s.keyboard.debugged
    return s, "\n".join(shown), files


# One case in the default run, the others in the deep one (issue 55 item 13): each plays a game.
@pytest.mark.parametrize("setup, seat", deep_after(1, [("draft", "obama"), ("draft", "mccain"), ("beginner", "obama"),
                                                       ("choose-states", "mccain")]))
def test_a_cm2008_file_names_no_card_the_saving_seat_was_not_shown(tmp_path: Path, setup: str, seat: str) -> None:
    s, _, files = play_cm2008(tmp_path, setup, seat, saves=4, steps=6)
    names = cm2008_names(s)
    for path, shown in files:
        leaked = named(file_text(path), names) - named(shown, names)
        assert not leaked, f"{path.name} names cards {seat} never saw: {sorted(leaked)[:5]}"


def test_the_check_above_finds_the_bots_cards_in_a_full_file(tmp_path: Path) -> None:
    """The test can fail: the full record (main's `save`, or `save FILE full`) names the bot's draws."""
    s, shown, files = play_cm2008(tmp_path, "draft", "obama", saves=1, steps=6)
    full = tmp_path / "full.json"
    out = run_line(s, f"save {full} full")
    assert "shows every hidden card" in out and s.keyboard.debugged
    data = json.loads(full.read_text())
    assert data["view"] == "full" and data["debugged"] is True
    names = cm2008_names(s)
    assert named(file_text(full), names) - named(shown, names)


def test_a_cm2008_seat_file_replays_and_checks_the_full_log(tmp_path: Path) -> None:
    """The answers stay (a game is its record), the other seat's secret ones as option numbers;
    the log is the seat's view and the digest the full log's, which a replay checks."""
    s, _, files = play_cm2008(tmp_path, "draft", "obama", saves=2, steps=5)
    game = s.game
    assert game is not None
    last = files[-1][0]
    data = json.loads(last.read_text())
    assert data["format"] == FORMAT_SEAT and data["view"] == "obama"
    assert data["log"] == [e.redacted(Side.OBAMA).text() for e in game.events]
    record = load_record(last)
    hidden = [a for a in record.answers if isinstance(a, HiddenAnswer)]
    assert hidden and all(a.seat is Side.MCCAIN for a in hidden)  # McCain's draft picks (R3.1)
    result = replay(s.keyboard.cards, record)
    assert result.reproduces and [e.text() for e in result.game.events] == [e.text() for e in game.events]
    assert result.game.answers == game.answers
    assert main(["replay", "--cards", CM2008, str(last)]) == 0
    # the digest is the full log's: a changed answer that leaves the view's log alone is caught
    wrong = dict(data, log_sha256="0" * 64)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(wrong))
    assert not replay(s.keyboard.cards, load_record(bad)).reproduces
    # loading the file seats its player at Obama
    t = Session(CM2008)
    run_line(t, f"load {last}")
    assert t.game is not None and t.keyboard.humans == {Side.OBAMA} and t.game.answers == game.answers


def test_a_hot_seat_file_holds_the_public_view(tmp_path: Path) -> None:
    s = Session(CM2008)
    run_line(s, "new draft vs human seed 4 first mccain")
    for line in ["1", "", "1", "1", "", "1"]:
        run_line(s, line)
    path = tmp_path / "hot.json"
    run_line(s, f"save {path}")
    data = json.loads(path.read_text())
    assert data["view"] == "public"
    assert all("option" in a for a in data["answers"])  # every draft pick is secret to the public (R3.1)
    names = cm2008_names(s)
    assert not named(file_text(path), names)  # nobody's drafted card, nobody's draw
    assert replay(s.keyboard.cards, load_record(path)).reproduces


def test_a_bots_only_record_keeps_the_whole_log(tmp_path: Path) -> None:
    """`cmdsl play --bot … --bot … --record` is the operator's: the full log, format 2."""
    path = tmp_path / "bots.json"
    assert main(["play", "--cards", CM2008, "--bot", "random", "--bot", "random", "--seed", "5",
                 "--setup", "draft", "--max-turns", "3", "--quiet", "--record", str(path)]) == 0
    data = json.loads(path.read_text())
    assert data["format"] == FORMAT and "view" not in data
    assert any(" draws " in t and "a card" not in t for t in data["log"])


def test_old_cm2008_records_still_load_and_replay(cm2008_before_rebalance: CardSet) -> None:
    """Format-2 records (made before the rebalance) and a format-1 one still replay."""
    for name in ("v2-draft-seed3.json", "v2-choose-states-seed5.json"):
        record = load_record(Path(__file__).parent / "data" / "records" / name)
        assert record.view is None and record.upgraded_from is None
        assert replay(cm2008_before_rebalance, record).reproduces


# ---- Lobbys -------------------------------------------------------------------------------------

def play_lobbys(tmp_path: Path, new: str, saves: int, steps: int) -> tuple[Session, str, list[tuple[Path, str]]]:
    """As ``play_cm2008``, in a Lobbys game."""
    s = Session()
    shown = [run_line(s, new)]
    files = []
    for n in range(saves):
        for _ in range(steps):
            assert s.keyboard.session is not None
            if s.keyboard.session.game.over:
                break
            shown.append(run_line(s, "1"))
        shown += [run_line(s, "log 100000"), run_line(s, "hand"), run_line(s, "table")]
        path = tmp_path / f"lobbys-{n}.json"
        shown.append(run_line(s, f"save {path}"))
        files.append((path, "\n".join(shown)))
    return s, "\n".join(shown), files


@pytest.mark.parametrize("new", deep_after(1, ["new lobbys 3 players vs random seed 5",
                                              "new lobbys 4 players vs greedy seed 2 as p3 people"]))
def test_a_lobbys_file_names_no_card_the_saving_seat_was_not_shown(tmp_path: Path, new: str) -> None:
    s, _, files = play_lobbys(tmp_path, new, saves=6, steps=2)
    names = lobbys_names()
    for path, shown in files:
        leaked = named(file_text(path), names) - named(shown, names)
        assert not leaked, f"{path.name} names cards the player never saw: {sorted(leaked)}"


def test_a_lobbys_seat_file_replays_and_loads_at_its_seat(tmp_path: Path) -> None:
    s, shown, files = play_lobbys(tmp_path, "new lobbys 3 players vs random seed 5 as p2", saves=2, steps=4)
    assert s.keyboard.session is not None
    game = s.keyboard.session.game
    last = files[-1][0]
    data = read_json(last)
    assert data["format"] == "cmdsl-record/3" and data["view"] == "p2" and data["debugged"] is False
    # the bots' picks of the step in progress, made before the player's (L11.7), are numbers
    hidden = [a for a in data["answers"] if "option" in a]
    assert hidden and all(a["seat"] != "p2" for a in hidden)
    replayed, same = lobbys_replay(data)
    assert same and [e.text() for e in replayed.events] == [e.text() for e in game.events]
    assert history(replayed) == history(game)
    assert not lobbys_replay(dict(data, log_sha256="0" * 64))[1]
    assert main(["replay", str(last)]) == 0
    t = Session()
    run_line(t, f"load {last}")
    assert t.keyboard.session is not None and [x.value for x in t.keyboard.session.humans] == ["p2"]


def test_a_lobbys_hot_seat_file_holds_the_public_view(tmp_path: Path) -> None:
    s = Session()
    run_line(s, "new lobbys 3 players seed 4")
    for line in ("1", "", "1", "", "1", "1", ""):  # the vote revealed; Player 3 and Player 1 have offered
        run_line(s, line)
    path = tmp_path / "hot.json"
    run_line(s, f"save {path}")
    data = read_json(path)
    assert data["view"] == "public"
    assert [a for a in data["answers"] if "option" in a] == [{"seat": "p3", "option": a["option"]}
                                                              for a in data["answers"][3:4]]
    assert not any("is dealt" in t and "cards." not in t for t in data["log"])  # nobody's hand
    assert lobbys_replay(data)[1]


def test_a_lobbys_full_save_names_the_bots_cards_and_marks_it_debugged(tmp_path: Path) -> None:
    s, shown, _ = play_lobbys(tmp_path, "new lobbys 3 players vs random seed 5", saves=1, steps=2)
    path = tmp_path / "full.json"
    assert "shows every hidden card" in run_line(s, f"save {path} full")
    data = read_json(path)
    assert data["view"] == "full" and data["debugged"] is True
    names = lobbys_names()
    assert named(file_text(path), names) - named(shown, names)  # the check can fail


def test_an_old_lobbys_record_still_loads_and_replays(tmp_path: Path) -> None:
    game = lobbys_game(9, 3)
    while not game.over and len(history(game)) < 20:
        d = game.pending_decisions[0]
        game.answer(d.options[0].id, d.player)
    data = game.record()
    assert data["format"] == "cmdsl-record/2" and "view" not in data
    replayed, same = lobbys_replay(json.loads(json.dumps(data)))
    assert same and history(replayed) == history(game)


# ---- bad files -----------------------------------------------------------------------------------

def cm2008_seat_file(tmp_path: Path) -> dict:  # type: ignore[type-arg]
    _, _, files = play_cm2008(tmp_path, "draft", "obama", saves=1, steps=3)
    return json.loads(files[0][0].read_text())  # type: ignore[no-any-return]


@pytest.mark.parametrize("change, message", [
    ({"view": None}, "view: null is not mccain, obama, public or full"),
    ({"view": "chance"}, "view: \"chance\" is not"),
    ({"format": "cmdsl-record/2"}, "answers[1]"),  # an option number is only in a seat's file
])
def test_a_broken_cm2008_seat_file_is_one_line(tmp_path: Path, change: dict, message: str) -> None:  # type: ignore[type-arg]
    from cmdsl.errors import RecordError

    data = dict(cm2008_seat_file(tmp_path), **change)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError, match=re.escape(message)):
        load_record(path)


def test_a_cm2008_option_number_out_of_range_is_where_the_replay_stops(tmp_path: Path) -> None:
    data = cm2008_seat_file(tmp_path)
    i = next(i for i, a in enumerate(data["answers"]) if isinstance(a, dict) and "option" in a)
    data["answers"][i]["option"] = 9
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    s = Session(CM2008)
    result = replay(s.keyboard.cards, load_record(path))
    assert result.diverged_at == i and "has 3 options, not 9" in (result.reason or "")


def test_a_broken_lobbys_seat_file_is_one_line(tmp_path: Path) -> None:
    from cmdsl.errors import RecordError

    _, _, files = play_lobbys(tmp_path, "new lobbys 3 players vs random seed 5", saves=1, steps=2)
    data = read_json(files[0][0])
    for change, message in [({"view": "p9"}, "view: expected one of p1, p2, p3, public, full"),
                            ({"format": "cmdsl-record/2"}, "log_sha256: only a cmdsl-record/3 record has one")]:
        with pytest.raises(RecordError, match=re.escape(message)):
            lobbys_replay(dict(data, **change))
    i = next(i for i, a in enumerate(data["answers"]) if "option" in a)
    answers = [dict(a) for a in data["answers"]]
    answers[i]["option"] = 40
    with pytest.raises(RecordError, match=rf"answers\[{i + 1}\]: p\d cannot answer 'option 40'"):
        lobbys_replay(dict(data, answers=answers))


def test_a_hidden_lobbys_pick_is_numbered_without_its_rank() -> None:
    """The number of a hidden pick counts its options in an order of its own, not the hand's sorted
    order, where "option 7 of 8" would say the card is a high one (L11.7: picks are secret)."""
    from cmdsl.game.decisions import Option
    from cmdsl.games.lobbys.record import hidden_order

    hand = tuple(Option(card, card) for card in ("AH", "2H", "3D", "5C", "6C", "7S", "9S", "10D"))
    orders = {tuple(o.id for o in hidden_order(hand, seed, i)) for seed in range(3) for i in range(5)}
    assert len(orders) > 10  # it varies with the record's seed and the answer's place...
    assert all(sorted(order) == sorted(o.id for o in hand) for order in orders)  # ...and is a permutation


# ---- Racolage Électoral ----------------------------------------------------------------------------

def racolage_names() -> dict[str, tuple[str, ...]]:
    from cmdsl.games.racolage.loader import bundled_set, load_set

    return {c.id: (c.id, c.en, c.name) for c in load_set(bundled_set()).cards.values()}


def play_racolage(tmp_path: Path, new: str, saves: int, steps: int) -> tuple[Session, str, list[tuple[Path, str]]]:
    """As ``play_cm2008``, in a Racolage game: the human answers 1, then `?`, every ``steps``
    answers `log`, `hand`, `table` and a save."""
    s = Session()
    shown = [run_line(s, new)]
    files = []
    for n in range(saves):
        for _ in range(steps):
            if s.game is None or s.game.over:
                break
            shown += [run_line(s, "?"), run_line(s, "1")]
        shown += [run_line(s, "log"), run_line(s, "hand"), run_line(s, "table")]
        path = tmp_path / f"racolage-{n}.json"
        shown.append(run_line(s, f"save {path}"))
        files.append((path, "\n".join(shown)))
    return s, "\n".join(shown), files


@pytest.mark.parametrize("new, saves", [("new racolage 4 players vs random seed 2 as p3", 3),
                                        *(pytest.param(new, 5, marks=pytest.mark.deep) for new in [
                                            "new racolage 4 players vs random seed 2 as p3",
                                            "new racolage 3 players vs greedy seed 4", "new racolage 2 players vs greedy seed 7"])])
def test_a_racolage_file_names_no_card_the_saving_seat_was_not_shown(tmp_path: Path, new: str, saves: int) -> None:
    s, _, files = play_racolage(tmp_path, new, saves=saves, steps=12)  # deep: on to the end of the game
    names = racolage_names()
    assert s.game is not None
    for path, shown in files:
        leaked = named(file_text(path), names) - named(shown, names)
        assert not leaked, f"{path.name} names cards the player never saw: {sorted(leaked)[:5]}"
    # the bots' hands are not in the last file (and they hold cards the player never saw)
    me = s.keyboard.seating.humans[0]
    hidden = {c for i, h in enumerate(s.game.position.hands) if i != me.index for c in h} - named(files[-1][1], names)
    assert hidden and not hidden & named(file_text(files[-1][0]), names)


def test_a_racolage_full_save_names_the_bots_cards_and_is_marked_debugged(tmp_path: Path) -> None:
    s, shown, files = play_racolage(tmp_path, "new racolage 3 players vs greedy seed 4", saves=1, steps=10)
    full = tmp_path / "full.json"
    assert "shows every hidden card" in run_line(s, f"save {full} full")
    data = read_json(full)
    assert data["format"] == "racolage-record/2" and data["view"] == "full" and data["debugged"] is True
    names = racolage_names()
    assert named(file_text(full), names) - named(shown, names)  # the check above can fail
    assert not read_json(files[0][0])["debugged"]
    later = tmp_path / "later.json"
    run_line(s, f"save {later}")
    assert read_json(later)["debugged"] is True and read_json(later)["view"] == "p1"  # once seen, always


def test_a_racolage_seat_file_replays_and_checks_the_full_log_by_its_digest(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from cmdsl.games.racolage.game import Racolage, from_record
    from cmdsl.games.racolage.seats import RacolageSeat

    s, _, files = play_racolage(tmp_path, "new racolage 3 players vs greedy seed 4 as p2", saves=2, steps=8)
    game = s.game
    assert isinstance(game.game, Racolage)
    last = files[-1][0]
    data = read_json(last)
    assert data["format"] == "racolage-record/2" and data["view"] == "p2" and data["debugged"] is False
    assert data["log"] == [e.redacted(RacolageSeat.P2).text() for e in game.events]
    assert data["log"] != [e.text() for e in game.events]  # the bots' draws are hidden
    again = from_record(data)
    assert again.answers == game.answers and log_text(again) == log_text(game)
    assert main(["replay", str(last)]) == 0
    out = capsys.readouterr()
    assert "Replay reproduces the record" in out.out and "as p2 saw it" in out.err
    assert main(["replay", "--log", "--seat", "p3", str(last)]) == 0
    assert "Player 3 is dealt " in capsys.readouterr().out
    # the digest is the full log's: a file whose answers replay another game is caught
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(dict(data, log_sha256="0" * 64)))
    assert main(["replay", str(bad)]) == 1
    assert "the digest of the full log differs" in capsys.readouterr().err
    # loading the file seats its player at Player 2
    t = Session()
    run_line(t, f"load {last}")
    assert t.keyboard.seating.humans == (RacolageSeat.P2,) and t.game.answers == game.answers


def test_a_racolage_hot_seat_file_holds_the_public_view(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Saved in the middle of a purchase (RA5), whose count and cards sold are said together once
    the sale is done: the file holds them by option number, and names no card of any hand."""
    from cmdsl.games.racolage.game import Kind, Racolage

    s = Session()
    run_line(s, "new racolage 3 players seed 4")
    run_line(s, "buy")
    run_line(s, "1")  # Player 1 buys one Action card...
    game = s.game
    assert isinstance(game.game, Racolage) and game.pending is not None and game.pending.kind == Kind.SELL
    total = game.position.hands[0]
    path = tmp_path / "hot.json"
    run_line(s, f"save {path}")
    data = read_json(path)
    assert data["view"] == "public" and data["format"] == "racolage-record/2"
    assert [a for a in data["answers"] if isinstance(a, dict)] == [{"seat": "p1", "option": a["option"]}
                                                                   for a in data["answers"][-2:]]
    names = racolage_names()
    assert not named(file_text(path), names) & set(total)  # ...and nobody's hand is named
    assert not any("is dealt" in t and "Media cards." not in t for t in data["log"])
    assert main(["replay", str(path)]) == 0
    capsys.readouterr()
    # once the sale is done, Sold says it all: the answers are written by their ids again
    while game.pending is not None and game.pending.kind == Kind.SELL:
        run_line(s, "1")
    run_line(s, f"save {path}")
    assert not [a for a in read_json(path)["answers"] if isinstance(a, dict)]
    assert main(["replay", str(path)]) == 0
    t = Session()
    run_line(t, f"load {path}")
    assert len(t.keyboard.seating.humans) == 3  # a hot-seat file goes on in hot-seat


def test_an_old_racolage_record_still_loads_and_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A record as `cmdsl play --record` wrote it before seat files (format 1: every answer by its
    option id, the full log) still replays, is still what `cmdsl play` writes, and loads."""
    path = tmp_path / "bots.json"
    assert main(["play", "--game", "racolage", "--players", "3", "--bot", "greedy", "--seed", "6", "--quiet",
                 "--record", str(path)]) == 0
    data = read_json(path)
    assert data["format"] == "racolage-record/1" and "view" not in data
    assert set(data) == {"format", "game", "seed", "players", "set", "answers", "log"}
    assert all(isinstance(a, list) and a[0] is None for a in data["answers"])
    assert any(" draws " in t and "a Media card" not in t for t in data["log"])  # the operator's: every card
    capsys.readouterr()
    assert main(["replay", str(path)]) == 0
    t = Session()
    assert run_line(t, f"load {path}").startswith(f"Loaded {path}: ")


@pytest.mark.parametrize("change, message", [
    ({"view": "p7"}, "view: expected one of p1, p2, p3, public, full"),
    ({"format": "racolage-record/1"}, "view: only a racolage-record/2 record has one"),
    ({"log_sha256": "xyz"}, "log_sha256: expected 64 hexadecimal digits"),
    ({"answers": [{"seat": "p1", "option": 0}]}, "answers[1].option: the number of an option"),
    ({"answers": [["p1", "draw"], 5]}, "answers[2]: expected [seat, answer], got 5"),
    ({"colour": "blue"}, "unknown key 'colour'"),
])
def test_a_broken_racolage_file_is_one_located_line(tmp_path: Path, change: dict, message: str) -> None:  # type: ignore[type-arg]
    from cmdsl.errors import RecordError
    from cmdsl.games.racolage.game import from_record

    _, _, files = play_racolage(tmp_path, "new racolage 3 players vs greedy seed 4", saves=1, steps=3)
    data = dict(read_json(files[0][0]), **change)
    with pytest.raises(RecordError, match=re.escape(message)) as e:
        from_record(data, "g.json")
    assert str(e.value).startswith("g.json: ") and "\n" not in str(e.value)
