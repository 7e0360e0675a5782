"""Die Macher at the REPL (issue 59 item 2): `new diemacher 4 players vs greedy`, the board screen at
100 and at 60 columns, `?` with its DM rule and what each option would do, amounts typed as
numbers, `card NAME`, `rules DM7.5`, a bad line (one line, nothing changed), `undo` that does not
go back past what was hidden, and a save loaded again. Each test types lines as a person does
(``run_line``), as the other games' REPL tests do."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cmdsl.errors import CmdslError
from cmdsl.games.diemacher.kinds import Kind
from cmdsl.games.diemacher.parties import Party
from cmdsl.kits.keyboard.undo_rule import UndoRefused
from cmdsl.repl.commands import run_line
from cmdsl.repl.session import Session

NEW = "new diemacher 4 players vs greedy seed 3"


def session(line: str = NEW) -> tuple[Session, str]:
    s = Session(confirm=lambda question, default: True)
    return s, run_line(s, line)


def pending(s: Session) -> object:
    """The decision of the party at the keyboard (the kit's ``me``), from its view."""
    kb = s.keyboard
    view = kb.game.view(kb.me)
    return view.pending[0] if view.pending else None


def play_until(s: Session, kind: Kind, limit: int = 400) -> str:
    """Answer the first option (by its id) until the party's decision is of ``kind``."""
    out = ""
    for _ in range(limit):
        d = pending(s)
        assert d is not None, "the game ended first"
        if d.kind is kind:  # type: ignore[attr-defined]
            return out
        out = run_line(s, d.options[0].id)  # type: ignore[attr-defined]
    raise AssertionError(f"no {kind} decision in {limit} answers")


def state(s: Session) -> tuple[object, ...]:
    game = s.game
    return tuple(game.answers), len(game.events)


# ---- starting -------------------------------------------------------------------------------


def test_new_diemacher_vs_greedy_seats_you_as_cdu_and_asks_your_preliminary_sheet() -> None:
    s, out = session()
    first = out.splitlines()[0]
    assert first == ("New Die Macher game, 4 players, 7 elections, seed 3: you are CDU/CSU, the greedy bot plays "
                     "SPD, FDP and Die Linkspartei.")
    assert "CDU/CSU, preliminary step (DM4.2): +1 popularity in which state?" in out
    assert "  1. " in out
    assert s.game_name == "diemacher"


@pytest.mark.parametrize(("line", "problem"), [
    ("new diemacher 2 players vs greedy", "3 to 5 players (DM1.1), not 2"),
    ("new diemacher 4 players vs greedy as gruene", "`as` takes a party of this game"),
    ("new diemacher 4 players vs nobot", "nobot"),
    ("new diemacher 4 players vs greedy lots", 'did not understand "lots"'),
])
def test_a_new_game_misunderstood_is_one_line(line: str, problem: str) -> None:
    s = Session()
    with pytest.raises(CmdslError) as info:
        run_line(s, line)
    assert problem in str(info.value) and "\n" not in str(info.value)


def test_as_a_party_and_the_short_game() -> None:
    s, out = session("new diemacher 3 players vs random as fdp short seed 4")
    assert out.splitlines()[0] == ("New Die Macher game, 3 players, the short game (5 elections, DM12), seed 4: you are "
                                   "FDP, the random bot plays CDU/CSU and SPD.")
    assert "FDP, preliminary step" in out


# ---- the board ------------------------------------------------------------------------------


@pytest.mark.parametrize("answers", [0, 30, 80])
def test_the_board_fits_100_columns_and_60(answers: int) -> None:
    s, _ = session("new diemacher 4 players vs random seed 3")
    for k in range(answers):
        d = pending(s)
        run_line(s, d.options[k % len(d.options)].id)  # type: ignore[attr-defined]
    view = s.game.view(Party.CDU)
    wide, narrow = run_line(s, "board 100").splitlines(), run_line(s, "board 60").splitlines()
    assert max(map(len, wide)) <= 100 and max(map(len, narrow)) <= 60
    assert len(wide) < len(narrow)  # at 100 the state boards sit two by two
    assert any("Board 1:" in line and "Board 2:" in line for line in wide)
    assert not any("Board 1:" in line and "Board 2:" in line for line in narrow)
    for lines in (wide, narrow):
        text = "\n".join(lines)
        for b in view.boards:
            assert b.state is None or b.state in text
        for party, money in zip(view.parties, view.money):
            assert f"€{money:,}" in text and str(party) in text
        assert "National board" in text and "Your hand (DM3.3):" in text and "Exchange pool" in text
    assert run_line(s, "table 60") == run_line(s, "board 60")


def test_the_board_says_nothing_of_what_the_party_cannot_see() -> None:
    """The other hands, the face-down opinions and the decks dealt otherwise: the same board."""
    s, _ = session()
    view = s.game.view(Party.CDU)
    board, hand = run_line(s, "board 100"), run_line(s, "hand")
    down = sum(1 for b in view.boards for c in b.opinions if c is None)
    assert down and board.count(":?") == down  # a face-down opinion is a question mark
    pos = s.game.position
    deck = pos.platform_deck
    pos.hand[1], deck[-3:] = deck[-3:], pos.hand[1]  # SPD's hand, dealt otherwise
    for b in pos.boards:  # the face-down opinions, dealt otherwise
        b.opinions = [(c, up) if up else (pos.opinion_deck.pop(), False) for c, up in b.opinions]
    assert run_line(s, "board 100") == board and run_line(s, "hand") == hand


def test_hand_names_each_card_in_words() -> None:
    s, _ = session()
    out = run_line(s, "hand")
    view = s.game.view(Party.CDU)
    assert out.startswith("CDU/CSU: your platform (face up, DM3.2):")
    assert len([line for line in out.splitlines() if line.startswith("  ") and "(" in line]) == 5 + len(view.hand)


# ---- ? ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("kind", "rule", "said"), [
    (Kind.PRELIMINARY, "(DM4.1)", "Column 1 gives +1 popularity"),
    (Kind.BID, "(DM7.1.5)", "you would have €25,000 left if you win"),
    (Kind.PLATFORM_SWAP, "DM7.2.3", "no swap: your matches stay"),
    (Kind.CABINET_PLACE, "(DM8.2)", "left after the reveal"),
    (Kind.MEDIA, "(DM7.3.4)", "of 5 spaces taken"),
    (Kind.RALLIES, "(DM6.2)", "votes at today's factor"),
])
def test_question_mark_cites_the_rule_and_says_what_each_option_does(kind: Kind, rule: str, said: str) -> None:
    s, _ = session()
    play_until(s, kind)
    d = pending(s)
    out = run_line(s, "?")
    assert out.splitlines()[0].startswith(f"CDU/CSU: {d.prompt}")  # type: ignore[attr-defined]
    assert rule in out and said in out
    numbered = [line for line in out.splitlines() if line.startswith("  ") and line.strip()[0].isdigit()]
    assert len(numbered) == (3 if d.amount is not None and len(d.options) > 8 else len(d.options))  # type: ignore[attr-defined]
    assert run_line(s, "help").startswith(out)  # `help` at a decision explains it too


# ---- answers ------------------------------------------------------------------------------------


@pytest.mark.parametrize("typed", ["bid 3000", "3000", "€3,000", "3k", "bid:3000", "#4"])
def test_an_amount_is_typed_as_a_number(typed: str) -> None:
    s, _ = session()
    play_until(s, Kind.BID)
    out = run_line(s, typed)
    assert "CDU/CSU bids €3,000 for the first player." in out


@pytest.mark.parametrize(("typed", "problem"), [
    ("bid 3500", '"3500" is not a legal amount'),
    ("bid 900000", '"900000" is not a legal amount'),
    ("flurb", '"flurb" is not an option'),
    ("#99", '"#99" is not an option'),
])
def test_a_bad_answer_is_one_line_and_changes_nothing(typed: str, problem: str) -> None:
    s, _ = session()
    play_until(s, Kind.BID)
    before = state(s)
    with pytest.raises(CmdslError) as info:
        run_line(s, typed)
    assert problem in str(info.value) and "\n" not in str(info.value)
    assert state(s) == before and pending(s).kind is Kind.BID  # type: ignore[attr-defined]


def test_a_bad_command_is_one_line_and_changes_nothing() -> None:
    s, _ = session()
    before = state(s)
    for typed, problem in (("board wide", "board: a width of 40 to 200"), ("card", "card: give a cabinet card"),
                           ("save", "save: give a file name")):
        with pytest.raises(CmdslError) as info:
            run_line(s, typed)
        assert problem in str(info.value) and "\n" not in str(info.value)
    assert state(s) == before


def test_an_option_is_answered_by_its_verb_and_what() -> None:
    s, _ = session()
    play_until(s, Kind.MEDIA)
    d = pending(s)
    buy = next(o for o in d.options if o.id.startswith("buy:"))  # type: ignore[attr-defined]
    out = run_line(s, "buy " + buy.id.split(":")[1].upper())
    assert f"CDU/CSU buys a media marker in {buy.label.removeprefix('buy one in ')}" in out


# ---- card, rules, help ----------------------------------------------------------------------------


@pytest.mark.parametrize(("typed", "head"), [
    ("card speaker", "Speaker of the House (Président de la Chambre des Communes), €6,000 (DM1.6)"),
    ("card Chanc", "Chancellor (Chancelier), €25,000 (DM1.6): a telephone"),
    ("card chief whip", "Chief Whip (Whip en chef), €4,000 (DM1.6): a telephone"),
])
def test_card_shows_a_cabinet_card_by_its_name_or_the_start_of_one(typed: str, head: str) -> None:
    s, _ = session("new diemacher 4 players vs random seed 1")
    out = run_line(s, typed)
    assert out.splitlines()[0].startswith(head) and "Choose one:" in out


def test_an_unknown_card_lists_the_cards() -> None:
    s, _ = session()
    with pytest.raises(CmdslError) as info:
        run_line(s, "card prime minister")
    assert str(info.value).startswith('card: no cabinet card is "prime minister"') and "Chancellor" in str(info.value)


def test_rules_shows_a_rule_of_the_rulebook() -> None:
    s, _ = session()
    out = run_line(s, "rules DM7.5")
    assert out.startswith("DM7.5 The opinion-poll auctions") and "shelves it" in out
    assert run_line(s, "rules 7.5") == out


def test_help_lists_the_die_macher_commands() -> None:
    s, _ = session()
    out = run_line(s, "help commands")
    for word in ("board", "hand", "?", "card NAME", "log", "save FILE [full]", "undo", "redo", "debug"):
        assert word in out
    assert "new diemacher [N players]" in run_line(s, "help new")


# ---- undo and hidden information ------------------------------------------------------------------


def test_undo_within_the_secret_sheet_then_not_past_the_sheets_shown() -> None:
    s, _ = session()
    run_line(s, "1")
    assert run_line(s, "undo").startswith("Undone: 1 answer.")
    play_until(s, Kind.BID)  # the sheets were shown together (DM4.1)
    before = state(s)
    with pytest.raises(UndoRefused) as info:
        run_line(s, "undo")
    message = str(info.value)
    assert message.startswith("undo: not back past the preliminary sheets shown (DM4.1)") and "\n" not in message
    assert state(s) == before


def test_undo_does_not_go_back_past_the_sealed_bids_outside_debug_mode() -> None:
    s, _ = session()
    play_until(s, Kind.BID)
    run_line(s, "bid 2000")
    before = state(s)
    with pytest.raises(UndoRefused) as info:
        run_line(s, "undo")
    assert str(info.value).startswith("undo: not back past the sealed bids shown (DM7.1.1)")
    assert state(s) == before
    run_line(s, "debug on")
    assert run_line(s, "undo").startswith("Undone:")
    assert pending(s).kind is Kind.BID  # type: ignore[attr-defined]
    assert s.keyboard.debugged


def test_undo_then_redo_gives_the_same_game() -> None:
    s, _ = session()
    play_until(s, Kind.MEDIA)
    after_media = run_line(s, "pass")
    answers = tuple(s.game.answers)
    undone = run_line(s, "undo")
    assert undone.startswith("Undone:") and pending(s).kind is Kind.MEDIA  # type: ignore[attr-defined]
    assert run_line(s, "redo").startswith("Redone:")
    assert tuple(s.game.answers) == answers and after_media


def test_hot_seat_sealed_bids_are_not_shown_to_the_next_player() -> None:
    s, _ = session("new diemacher 3 players seed 2")
    while s.keyboard.seating.handing_over or pending(s).kind is not Kind.BID:  # type: ignore[attr-defined]
        run_line(s, "" if s.keyboard.seating.handing_over else pending(s).options[0].id)  # type: ignore[attr-defined]
    assert s.keyboard.me is Party.CDU
    out = run_line(s, "bid 7000")
    assert out.endswith("— Hand the keyboard to SPD and press Enter when only SPD can see the screen. —")
    with pytest.raises(CmdslError):
        run_line(s, "board")  # nothing is shown before Enter
    spd = run_line(s, "")
    assert "bids" not in spd and "SPD, round 1, first-player auction (DM7.1): your sealed bid:" in spd
    assert "bids" not in run_line(s, "log")
    run_line(s, "bid 1000")
    assert "bids" not in run_line(s, "")  # FDP's turn: still nothing of the others' bids
    shown = run_line(s, "bid 0")  # the last bid: all are shown together (DM7.1.1)
    assert "CDU/CSU bids €7,000 for the first player." in shown and "SPD bids €1,000 for the first player." in shown


# ---- files ---------------------------------------------------------------------------------------


def test_save_and_load_go_on_at_the_same_table(tmp_path: Path) -> None:
    s, _ = session()
    play_until(s, Kind.MEDIA)
    path = tmp_path / "dm.json"
    assert run_line(s, f"save {path}") == f"Saved to {path}."
    data = json.loads(path.read_text())
    assert data["game"] == "diemacher" and "log" not in data  # the log would name the hidden cards
    assert data["played_by"] == {"cdu": "human", "spd": "greedy", "fdp": "greedy", "linke": "greedy"}
    again = Session()
    out = run_line(again, f"load {path}")
    assert out.splitlines()[0] == (f"Loaded {path}: {len(data['answers'])} answers replayed: you are CDU/CSU, the "
                                   "greedy bot plays SPD, FDP and Die Linkspartei.")
    assert "events so far: `log` shows them." in out and "media (DM7.3)" in out
    assert tuple(again.game.answers) == tuple(s.game.answers)
    assert run_line(again, "board 100") == run_line(s, "board 100")
    assert run_line(again, "pass") == run_line(s, "pass")  # the same bots, seeded the same


def test_save_full_holds_the_log_and_marks_the_game_debugged(tmp_path: Path) -> None:
    s, _ = session()
    path = tmp_path / "full.json"
    assert "every hidden card" in run_line(s, f"save {path} full")
    data = json.loads(path.read_text())
    assert data["debugged"] is True and data["log"]
    loaded = Session()
    run_line(loaded, f"load {path} vs random as spd")
    assert loaded.keyboard.me is Party.SPD and loaded.keyboard.debugged


def test_a_record_of_cmdsl_play_loads_and_says_it_does_not_know_who_played(tmp_path: Path) -> None:
    from cmdsl.cli import main

    path = tmp_path / "played.json"
    assert main(["play", "--game", "diemacher", "--players", "3", "--bot", "random", "--seed", "4", "--record",
                 str(path), "--quiet"]) == 0
    data = json.loads(path.read_text())
    s = Session()
    out = run_line(s, f"load {path} vs greedy as fdp")
    assert out.splitlines()[0] == (f"Loaded {path}: {len(data['answers'])} answers replayed: you are FDP, the greedy "
                                   "bot plays CDU/CSU and SPD.")
    assert data["result"] in out and out.endswith("`new diemacher` deals another game.")  # over: its result
    data["answers"] = data["answers"][:40]
    del data["log"], data["result"]
    (tmp_path / "cut.json").write_text(json.dumps(data))
    first = run_line(Session(), f"load {tmp_path / 'cut.json'}").splitlines()[0]
    assert first.endswith("you are CDU/CSU, the random bot plays SPD and FDP; the file does not say who played "
                          "(`load FILE vs BOT` chooses).")


def test_load_vs_human_goes_on_in_hot_seat(tmp_path: Path) -> None:
    s, _ = session("new diemacher 4 players vs human seed 3")
    run_line(s, f"save {tmp_path / 'g.json'}")
    again = Session()
    out = run_line(again, f"load {tmp_path / 'g.json'} vs human")
    assert out.splitlines()[0].endswith("hot-seat for CDU/CSU, SPD, FDP and Die Linkspartei.")
    for _ in range(7):  # CDU/CSU's sheet (DM4), then the keyboard goes to SPD
        out = run_line(again, "1")
    assert out.endswith("press Enter when only SPD can see the screen. —")
    spd = run_line(again, "").splitlines()
    assert spd[0].startswith("SPD, preliminary step")  # the game so far is for `log`, not this screen


def test_a_file_saved_at_a_sealed_bid_leaves_out_the_bids_not_shown_yet(tmp_path: Path) -> None:
    """DM7.1.1: the bots have bid in secret; the file does not hold their bids (they bid again
    when it is loaded), and the game goes on the same."""
    s, _ = session()
    play_until(s, Kind.BID)
    secret = s.game.secret_phase
    assert secret is not None and len(s.game.answers) > secret  # the bots' bids are in
    run_line(s, f"save {tmp_path / 'bid.json'}")
    data = json.loads((tmp_path / "bid.json").read_text())
    assert len(data["answers"]) == secret and "bid:" not in json.dumps(data["answers"])
    again = Session()
    run_line(again, f"load {tmp_path / 'bid.json'}")
    assert pending(again).kind is Kind.BID  # type: ignore[attr-defined]
    assert run_line(again, "bid 2000") == run_line(s, "bid 2000")


def test_save_is_refused_while_another_party_s_card_lies_face_down(tmp_path: Path) -> None:
    import random

    s, _ = session("new diemacher 4 players vs random seed 1")
    rng = random.Random(1)
    while not any(state == "face down" and who is not Party.CDU
                  for b in s.game.view(Party.CDU).boards for who, _, state in b.cabinet):
        d = pending(s)
        run_line(s, rng.choice(d.options).id)  # type: ignore[attr-defined]
    before = state(s)
    with pytest.raises(CmdslError) as info:
        run_line(s, f"save {tmp_path / 'no.json'}")
    assert str(info.value).startswith("save: not while ") and "'s cabinet card in " in str(info.value)
    assert "lies face down" in str(info.value) and "CDU" not in str(info.value)
    assert not (tmp_path / "no.json").exists() and state(s) == before
    assert run_line(s, f"save {tmp_path / 'full.json'} full").startswith("Saved")


def test_question_mark_says_the_sets_own_numbers_not_the_bundled_ones() -> None:
    """DM4.2, DM18.10: the preliminary step's values and a poll's *k* and *d* are the set's (a designer
    may change them); where the poll cards differ, `?` says "its" rather than one card's number."""
    from types import SimpleNamespace

    from cmdsl.games.diemacher.kinds import Kind
    from cmdsl.games.diemacher.ui.explain import RULES, _numbers

    polls = [SimpleNamespace(publish=3, dice=3), SimpleNamespace(publish=3, dice=1)]
    data = SimpleNamespace(prelim_popularity=2, prelim_votes=8, prelim_rallies=5, polls=polls)
    numbers = _numbers(data)  # type: ignore[arg-type]
    assert "+2 popularity, the vote marker to 8 and 5 rally markers" in RULES[Kind.PRELIMINARY][1].format_map(numbers)
    use = RULES[Kind.POLL_USE][1].format_map(numbers)
    assert "applying up to 3 of its modifiers" in use and "roll its dice for members" in use
