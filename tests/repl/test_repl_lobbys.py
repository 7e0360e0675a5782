"""Lobbys in the REPL (issue 14 item 4), driven line by line through ``run_line``."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from cmdsl.errors import CmdslError
from cmdsl.games.lobbys.seats import LobbysSeat
from cmdsl.games.lobbys.ui import keyboard_commands as lobbys_commands
from cmdsl.repl.app import repl
from cmdsl.games.cm2008.ui import prompt as cm2008_commands
from cmdsl.repl.commands import run_line
from cmdsl.repl.session import Session
from cmdsl.games.lobbys.game import history, lobbys_of

REPO = Path(__file__).resolve().parent.parent.parent
MINI = Path(__file__).resolve().parent.parent / "data" / "mini"
P1, P2, P3 = LobbysSeat.P1, LobbysSeat.P2, LobbysSeat.P3
SUITS = "♣♦♥♠"


def lobbys(s: Session):  # type: ignore[no-untyped-def]
    assert s.keyboard.session is not None
    return s.keyboard.session


def answers(s: Session) -> list[tuple[LobbysSeat, str]]:
    return lobbys(s).answers()


def test_a_whole_three_player_game_against_two_random_bots() -> None:
    s = Session()
    out = run_line(s, "new lobbys 3 players vs random seed 11")
    assert out.startswith("New Lobbys game, 3 players (seed 11): you are Player 1, the random bot plays Player 2 and Player 3.")
    assert "  1. " in out and "Your hand:" in out
    steps = 0
    while not lobbys(s).game.over:
        out = run_line(s, "1")  # the scripted human always picks option 1
        steps += 1
        assert steps <= 21, "a 3-round game has 21 steps"
    assert steps == 21  # each answer was one whole step: the bots had picked already
    game = lobbys(s).game
    assert game.result is not None
    assert game.result.text() in out
    assert "The seed was 11" in out
    with pytest.raises(CmdslError, match="the game is over"):
        run_line(s, "1")


def test_a_pick_by_number_id_label_or_play() -> None:
    s = Session()
    run_line(s, "new lobbys 3 players vs greedy seed 2")
    for how in ("number", "id", "lower id", "label", "play"):
        d = lobbys(s).mine()
        assert d is not None
        o = d.options[1]
        line = {"number": "2", "id": o.id, "lower id": o.id.lower(), "label": o.label, "play": f"play {o.id}"}[how]
        before = len(answers(s))
        run_line(s, line)
        mine = [a for a in answers(s)[before:] if a[0] is P1]
        assert mine == [(P1, o.id)], how


def test_the_human_may_take_any_seat() -> None:
    s = Session()
    out = run_line(s, "new lobbys 3 players vs greedy as p2 seed 5")
    assert out.startswith("New Lobbys game, 3 players (seed 5): you are Player 2, the greedy bot plays Player 1 and Player 3.")
    assert "Player 2 (you)" in out and "Player 2 is dealt 8 cards." not in out
    ls = lobbys(s)
    assert ls.humans == (P2,) and set(ls.bots) == {P1, P3}
    assert [d.player for d in ls.game.pending_decisions] == [P2]  # the bots have picked
    run_line(s, "1")
    assert {a.seat for a in history(ls.game)} == {P1, P2, P3}
    two = Session()
    run_line(two, "new lobbys 3 players 2 humans vs random as p3 seed 5")  # from Player 3 on, round the table
    assert lobbys(two).humans == (P1, P3) and lobbys(two).at_keyboard is P3
    for bad, message in (("new lobbys 3 players vs random as p4", "seats p1 to p3, not p4"),
                         ("new lobbys 3 players vs random as q1", 'takes a seat, p1 to p5, not "q1"')):
        with pytest.raises(CmdslError, match=message):
            run_line(Session(), bad)


def test_a_game_saved_at_another_seat_loads_at_that_seat(tmp_path: Path) -> None:
    s = Session()
    run_line(s, "new lobbys 3 players vs random as p3 seed 8")
    run_line(s, "1")
    path = tmp_path / "p3.json"
    run_line(s, f"save {path}")
    before = answers(s)
    for session in (Session(), s):  # from either mode
        out = run_line(session, f"load {path} vs greedy as p3")
        assert "Player 3 (you)" in out and lobbys(session).humans == (P3,) and set(lobbys(session).bots) == {P1, P2}
        assert answers(session)[:len(before)] == before
    with pytest.raises(CmdslError, match="this game has seats p1 to p3, not p4"):
        run_line(Session(), f"load {path} as p4")
    with pytest.raises(CmdslError, match='load: did not understand "with"'):
        run_line(Session(), f"load {path} with greedy")


def test_hot_seat_shows_nothing_of_the_next_hand_before_enter() -> None:
    s = Session()
    run_line(s, "new lobbys 2 players seed 3")
    ls = lobbys(s)
    assert ls.humans == (P1, P2) and not ls.bots
    out = run_line(s, "1")
    assert out.splitlines()[-1] == ("— Hand the keyboard to Player 2 and press Enter when only Player 2 can see "
                                   "the screen. —")
    assert not any(suit in out for suit in SUITS)  # neither Player 1's pick nor Player 2's hand
    for line in ("1", "table", "hand", "options", "log", ls.game.view(P2).hand[0].id):
        with pytest.raises(CmdslError, match="hand the keyboard over first: press Enter when only Player 2"):
            run_line(s, line)
    out = run_line(s, "")  # Enter
    hand = " ".join(str(c) for c in ls.game.view(P2).hand)
    assert out.startswith("Player 2 has the keyboard.")
    assert f"Your hand: {hand}" in out
    assert "Player 1 is dealt 8 cards." in out  # Player 2 sees Player 1's deal as Player 2 may
    assert "Lobbys — Player 2's view" in out
    out = run_line(s, "1")  # the step is revealed to Player 2, who picks first in the next one
    assert "votes revealed" in out and "Player 2's view" in out


def test_two_humans_and_a_bot() -> None:
    s = Session()
    run_line(s, "new lobbys 3 players 2 humans vs random seed 5")
    ls = lobbys(s)
    assert ls.humans == (P1, P2) and set(ls.bots) == {P3}
    assert "Hand the keyboard to Player 2" in run_line(s, "1")
    run_line(s, "")
    out = run_line(s, "1")
    assert "votes revealed" in out and "Player 3" in out


def bot_hands(s: Session) -> list[str]:
    """The bots' hands as a deal would show them."""
    ls = lobbys(s)
    return [f"{seat} is dealt " + " ".join(str(c) for c in ls.game.view(seat).hand) for seat in ls.bots]


def bot_picks(s: Session) -> list[str]:
    """The bots' unrevealed picks as a table or a reveal would show them."""
    ls = lobbys(s)
    picks = [(seat, lobbys_of(ls.game).unrevealed_pick(ls.game, seat)) for seat in ls.bots]
    return [f"{seat} {pick}" for seat, pick in picks if pick is not None]


def table_part(text: str) -> str:
    """The table (this round only): a card played again in another round is no secret."""
    return text[text.index("Lobbys — Player 1's view"):]


def test_the_human_never_sees_a_bots_hand_or_unrevealed_pick() -> None:
    s = Session()
    out = run_line(s, "new lobbys 3 players vs random seed 8")
    shown = [out]
    while not lobbys(s).game.over:
        assert len(bot_picks(s)) == 2  # the bots picked before the human
        for secret in bot_hands(s):
            assert secret not in shown[-1], secret
        for secret in bot_picks(s):
            assert secret not in table_part(shown[-1]), secret
            assert secret not in run_line(s, "table"), secret
        hand = run_line(s, "hand")
        assert hand == "Player 1's hand: " + " ".join(str(c) for c in lobbys(s).game.view(P1).hand)
        for seat in lobbys(s).bots:  # hands are disjoint: not one of a bot's cards is shown
            assert not any(str(c) in hand for c in lobbys(s).game.view(seat).hand)
        assert not re.search(r"Player [23] is dealt [^8]", run_line(s, "log 100"))
        shown.append(run_line(s, "1"))
    assert not re.search(r"Player [23] is dealt [^8]", "\n".join(shown))
    assert "Player 1 is dealt" in "\n".join(shown)  # the check above looks at the right lines


def test_undo_goes_back_a_whole_step_and_redo_forward() -> None:
    s = Session()
    run_line(s, "new lobbys 3 players vs random seed 4")
    with pytest.raises(CmdslError, match="nothing to undo"):
        run_line(s, "undo")
    run_line(s, "1")
    after_one = answers(s)
    table = lobbys(s).game.view(P1).render()
    run_line(s, "3")
    after_two = answers(s)
    with pytest.raises(CmdslError, match="undo: not back past the picks revealed"):  # L11.7
        run_line(s, "undo")
    run_line(s, "debug on")  # allows it (tests/repl/test_undo_reveal.py)
    out = run_line(s, "undo")
    assert out.startswith("Undone")
    assert answers(s) == after_one  # the human's pick and the bots' next picks are gone
    assert lobbys(s).game.view(P1).render() == table
    assert table in out and "  1. " in out
    out = run_line(s, "redo")
    assert answers(s) == after_two
    assert "Offers revealed" in out  # the step is revealed again
    with pytest.raises(CmdslError, match="nothing to redo"):
        run_line(s, "redo")
    run_line(s, "undo")
    run_line(s, "2")  # another pick: redo is gone
    with pytest.raises(CmdslError, match="nothing to redo"):
        run_line(s, "redo")


def test_save_then_load_gives_the_same_position(tmp_path: Path) -> None:
    s = Session()
    run_line(s, "new lobbys 4 players vs random seed 9 people")
    for _ in range(5):
        run_line(s, "1")
    path = tmp_path / "g.json"
    assert run_line(s, f"save {path}") == f"Saved to {path}."
    data = json.loads(path.read_text())
    assert data["game"] == "lobbys" and data["players"] == 4 and data["people_variant"] is True
    fresh = Session()  # in Campaign Manager mode: loading a Lobbys record switches to Lobbys
    out = run_line(fresh, f"load {path}")
    assert out.startswith(f"Loaded {path}: a Lobbys game")
    assert answers(fresh) == answers(s)
    assert lobbys(fresh).game.view(P1).render() == lobbys(s).game.view(P1).render()
    run_line(fresh, "1")  # and it goes on
    assert len(answers(fresh)) > len(answers(s))


def test_bad_input_is_one_line_and_changes_nothing(tmp_path: Path) -> None:
    s = Session()
    run_line(s, "new lobbys 3 players vs random seed 6")
    run_line(s, "1")
    before, table = answers(s), lobbys(s).game.view(P1).render()
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "cmdsl-record/2", "game": "lobbys", ')
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps({"format": "cmdsl-record/2", "game": "lobbys", "players": 3, "people_variant": False,
                                 "seed": 1, "answers": [{"seat": "p9", "answer": "2H"}]}))
    held = {str(c) for c in lobbys(s).game.view(P1).hand}
    missing = next(f"{r}♥" for r in ("A", "2", "3", "4", "5", "6") if f"{r}♥" not in held)
    cases = {
        "play 9Z": "not a card in your hand",
        missing: "not a card in your hand",
        "99": "99 is not an option: choose a number from 1 to",
        "new lobbys 7 players": "Lobbys is for 2 to 5 players",
        "new lobbys 3 players 4 humans": "between 1 and 3 humans",
        "new lobbys 5 players vs random people": "The People Speak is for 2 to 4 players",
        "new lobbys 3 players vs nobody": "new:",
        "new lobbys 3 players 3 humans vs random": "leave no seat",
        "new lobbys sideways": 'did not understand "sideways"',
        "eval gain 1 support": "`eval` is a Campaign Manager 2008 command",
        "card Ohio": "card: no card \"Ohio\" (a card is written 7H",  # Lobbys has `card` too (issue 55)
        "reload": "`reload` is a Campaign Manager 2008 command",
        "frobnicate": 'unknown command "frobnicate"',
        "log many": "log: give a number",
        f"load {broken}": str(broken),
        f"load {wrong}": "unknown seat",
        f"load {tmp_path / 'none.json'}": "none.json",
        "save": "save: give a file name",
    }
    for line, message in cases.items():
        with pytest.raises(CmdslError) as e:
            run_line(s, line)
        assert message in str(e.value), (line, str(e.value))
        assert "\n" not in str(e.value), line
        assert answers(s) == before and lobbys(s).game.view(P1).render() == table, line


def test_help_lists_the_lobbys_commands_and_every_cm2008_command_has_an_answer() -> None:
    s = Session()
    run_line(s, "new lobbys 3 players vs random seed 1")
    out = run_line(s, "help")
    assert out.startswith("Lobbys commands")
    for name in ("table", "hand", "options", "log [N]", "undo", "redo", "save FILE", "load FILE", "quit"):
        assert f"  {name}" in out
    assert "eval" not in out
    for name in cm2008_commands.COMMANDS:  # a CM2008 command has a Lobbys meaning or a refusal that says whose it is
        if name not in lobbys_commands.COMMANDS and name not in lobbys_commands.ALIASES:
            with pytest.raises(CmdslError, match=f"^`{re.escape(name)}` is a Campaign Manager 2008 command: "
                               "not in a Lobbys game"):
                run_line(s, name)


def test_new_without_lobbys_goes_back_to_campaign_manager() -> None:
    s = Session(str(MINI))
    run_line(s, "new lobbys 2 players seed 1")
    s.confirm = lambda question, default: True  # drop the unsaved Lobbys game
    assert "New beginner game (seed 3)" in run_line(s, "new seed 3 first mccain")
    assert s.game_name == "cm2008" and s.game is not None


def test_an_unsaved_lobbys_game_is_kept_unless_the_player_agrees() -> None:
    s = Session()
    run_line(s, "new lobbys 3 players vs random seed 1")
    run_line(s, "1")
    before = answers(s)
    with pytest.raises(CmdslError, match="new: the game in progress is kept"):
        run_line(s, "new lobbys 3 players vs random seed 2")  # no terminal: the default, no
    assert answers(s) == before


def test_a_lobbys_game_through_the_prompt() -> None:
    shown: list[str] = []
    with create_pipe_input() as inp, create_app_session(input=inp, output=DummyOutput()):
        inp.send_text("new lobbys 3 players vs random seed 2\r1\reval 1\rhand\r\x04y\r")
        assert repl(None, None, colour=False, echo=shown.append, pager=False) == 0
    out = "\n".join(shown)
    assert "votes revealed" in out
    assert "error: `eval` is a Campaign Manager 2008 command" in out
    assert "Player 1's hand:" in out


def test_tab_completes_lobbys_commands_and_the_cards_of_the_hand() -> None:
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from cmdsl.repl.app import ReplCompleter

    s = Session()
    run_line(s, "new lobbys 3 players vs random seed 7")
    completer = ReplCompleter(s)

    def complete(text: str) -> list[str]:
        return [c.text for c in completer.get_completions(Document(text), CompleteEvent())]

    assert complete("ta") == ["table"]
    assert complete("ev") == []  # a CM2008 command is not offered
    assert complete("play ") == [o.id for o in lobbys(s).mine().options]  # type: ignore[union-attr]


def test_a_command_cut_short_leaves_the_lobbys_game_as_it_was() -> None:
    s = Session()
    run_line(s, "new lobbys 3 players vs random seed 3")
    run_line(s, "1")
    before, table = answers(s), lobbys(s).game.view(P1).render()
    with pytest.raises(KeyboardInterrupt):
        with s.transaction():  # as the prompt runs every line
            run_line(s, "1")
            assert answers(s) != before
            raise KeyboardInterrupt  # Ctrl-C at the end of the command
    assert answers(s) == before and lobbys(s).game.view(P1).render() == table
    run_line(s, "1")  # it goes on from there


def test_the_toolbar_shows_the_step_and_the_points() -> None:
    from cmdsl.repl.app import toolbar

    s = Session()
    run_line(s, "new lobbys 2 players seed 3")
    bar = "".join(text for _, text in toolbar(s))
    assert "Lobbys round 1/3 step 1" in bar and "Player 1 100  Player 2 100" in bar and "Player 1 to pick" in bar
    run_line(s, "1")
    assert "hand over to Player 2" in "".join(text for _, text in toolbar(s))


def test_a_lobbys_set_given_with_cards_is_the_session_s_game(tmp_path: Path) -> None:
    """`cmdsl repl --cards DIR` of a Lobbys set (a folder with lobbys.yaml): the session plays
    Lobbys with that data, and `new` alone starts a game of it (was: refused as "not a card set")."""
    from cmdsl.repl.app import welcome

    mine = tmp_path / "mine"
    shutil.copytree(REPO / "cards" / "lobbys", mine)
    data = mine / "lobbys.yaml"
    data.write_text(data.read_text(encoding="utf-8").replace("starting_points: 100", "starting_points: 90"),
                    encoding="utf-8")
    s = Session(str(mine))
    assert s.home == s.game_name == "lobbys"
    greeting = " ".join(welcome(s).split())
    assert greeting.startswith("cmdsl — Lobbys. Type `new lobbys 3 players vs random` to play against two random bots")
    assert "Also here: `new cm2008`" in greeting and f"Using the Lobbys set {mine} (--cards)." in greeting
    out = run_line(s, "new 3 players vs random seed 2")
    assert out.startswith("New Lobbys game, 3 players (seed 2)")
    assert "Player 1 (you)     90" in out  # the set's starting points (L1.5), not the bundled 100
    s.confirm = lambda question, default: True
    assert run_line(s, "new cm2008 seed 3 first mccain").startswith("New beginner game (seed 3)")  # the bundled set


def test_card_finds_a_card_by_id_face_or_name_in_english_or_french() -> None:
    """Issue 55 item 2: `card` in every game, here the deck's 52 cards (L1.3, L1.4)."""
    s = Session()
    run_line(s, "new lobbys 3 players vs random seed 5")
    seven = run_line(s, "card 7H")
    assert seven.startswith("7♥ (7H) — Seven of Hearts (Sept de cœur)\nAn offer card (L1.4) of the Hearts party, rank 7.")
    assert "At 3 players the offer deck keeps ranks 1 to 6: this card is not dealt" in seven  # L1.4
    assert run_line(s, "card 7♥") == run_line(s, "card seven of hearts") == run_line(s, "card sept de coeur") == seven
    king = run_line(s, "card roi de cœur")
    assert king.startswith("K♥ (KH) — King of Hearts (Roi de cœur)\nA contract (L1.3): Industry, of the Hearts party.")
    assert run_line(s, "card queen of sp").startswith("Q♠ (QS)")
    with pytest.raises(CmdslError, match=r'card: "ace" names several cards: Ace of Clubs \(AC\)'):
        run_line(s, "card ace")
    with pytest.raises(CmdslError, match=r'card: no card "kx"'):
        run_line(s, "card kx")
    assert "card CARD" in run_line(s, "help card")
