"""`undo` may not defeat a reveal (issue 23, part 3; docs/secrets.md "Undo"): outside debug mode
it refuses, in one line and changing nothing, to go back past an event that showed the player
something hidden before it (the picks revealed, L11.7; a card drawn, R3.2; a die rolled, R8; a
Breaking News drawn, R10); in debug mode it goes back, and the game is marked as debugged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cmdsl.games.cm2008 import events as E
from cmdsl.games.lobbys import events as LE
from cmdsl.games.cm2008.model import Side
from cmdsl.repl.commands import run_line
from cmdsl.repl.session import Session
from cmdsl.kits.keyboard.undo_rule import UndoRefused
from cmdsl.games.lobbys.game import history

CM2008 = str(Path(__file__).resolve().parent.parent.parent / "cards" / "cm2008")


def refused(s: Session, what: str) -> str:
    """Run `undo`, which must be refused naming ``what``; the game must be as it was."""
    game = s.game
    assert game is not None
    before = (tuple(game.answers), [e.text() for e in game.events])
    with pytest.raises(UndoRefused) as info:
        run_line(s, "undo")
    message = str(info.value)
    assert message.startswith(f"undo: not back past {what}") and "\n" not in message
    assert "`debug on` allows it" in message
    now = s.game
    assert now is game and (tuple(game.answers), [e.text() for e in game.events]) == before
    return message


# ---- Lobbys ------------------------------------------------------------------------------------

def test_lobbys_undo_after_a_tender_reveal_is_refused_then_allowed_in_debug_mode(tmp_path: Path) -> None:
    """Round 1, tender 5 (L6, L11.7): the bots' picks are revealed with the player's; going back
    would let the player pick again knowing them (the bots pick the same)."""
    s = Session()
    run_line(s, "new lobbys 3 players vs random seed 4")
    for _ in range(6):  # the election's vote, then tenders 1 to 5
        out = run_line(s, "1")
    assert s.keyboard.session is not None
    assert isinstance(s.keyboard.session.game.events[-1], (LE.TenderWon, LE.OffersRevealed, LE.ContractsTurnedUp)) \
        or "Offers revealed" in out
    message = refused(s, "the picks revealed")
    assert "Offers revealed" in message  # the event, as the player saw it
    assert not s.keyboard.session.debugged
    run_line(s, "debug on")
    answers = len(history(s.keyboard.session.game))
    assert run_line(s, "undo").startswith("Undone")
    assert len(history(s.keyboard.session.game)) == answers - 3  # the player's pick and the two bots'
    assert s.keyboard.session.debugged
    run_line(s, "debug off")
    assert s.keyboard.session.debugged  # once debugged, always: the files say so
    run_line(s, f"save {tmp_path / 'g.json'}")
    assert json.loads((tmp_path / "g.json").read_text())["debugged"] is True


def test_lobbys_undo_before_a_reveal_is_allowed_in_hot_seat() -> None:
    """Hot-seat: Player 1's pick is not revealed while Player 2 picks: undoing it shows nothing."""
    s = Session()
    run_line(s, "new lobbys 3 players seed 4")
    run_line(s, "1")  # Player 1 picks, hands over
    run_line(s, "")
    assert s.keyboard.session is not None and len(history(s.keyboard.session.game)) == 1
    assert run_line(s, "undo").startswith("Undone")
    assert history(s.keyboard.session.game) == () and not s.keyboard.session.debugged
    for line in ("", "1", "", "1", "", "1"):  # back to Player 1; the three picks: the vote is revealed
        run_line(s, line)
    refused(s, "the picks revealed")


def test_lobbys_the_hand_dealt_is_a_reveal() -> None:
    from cmdsl.games.lobbys.ui.keyboard import reveals

    s = Session()
    run_line(s, "new lobbys 3 players vs random seed 4")
    assert s.keyboard.session is not None
    dealt = [e for e in s.keyboard.session.game.events if isinstance(e, LE.HandDealt)]
    mine = [e for e in dealt if e.seat is s.keyboard.session.humans[0]]
    assert mine and reveals(mine[0], s.keyboard.session.humans[0]) == "the hand you were dealt"
    assert all(reveals(e, s.keyboard.session.humans[0]) is None for e in dealt if e not in mine)  # "is dealt 8 cards"


# ---- Campaign Manager 2008 ------------------------------------------------------------------------

def cm2008_game(answers: int) -> Session:
    s = Session(CM2008)
    run_line(s, "new beginner vs random seed 1 as mccain first mccain")
    for _ in range(answers):
        run_line(s, "1")
    return s


def test_cm2008_undo_within_ones_own_turn_is_allowed() -> None:
    s = cm2008_game(1)  # McCain plays a card and now picks a state for it: nothing hidden shown
    assert s.game is not None and s.keyboard.human_decision() is not None
    assert run_line(s, "undo").startswith("Undone") and not s.keyboard.debugged


def test_cm2008_undo_past_a_card_drawn_is_refused() -> None:
    s = cm2008_game(3)
    message = refused(s, "a card you drew")
    assert "McCain draws " in message and not s.keyboard.debugged


def test_cm2008_undo_past_a_die_roll_is_refused() -> None:
    s = cm2008_game(6)
    assert s.game is not None and any(isinstance(e, E.DieRolled) for e in s.game.events)
    assert "goes negative and rolls" in refused(s, "a die roll")


def test_cm2008_undo_past_a_breaking_news_is_refused() -> None:
    s = cm2008_game(17)
    assert "Breaking News: " in refused(s, "a Breaking News drawn")


def test_cm2008_undo_past_the_bots_move_is_refused() -> None:
    s = cm2008_game(2)
    assert "Obama plays " in refused(s, "a card from Obama's hand")


def test_cm2008_debug_mode_allows_it_and_marks_the_game(tmp_path: Path) -> None:
    s = cm2008_game(6)
    run_line(s, "debug on")
    assert run_line(s, "undo").startswith("Undone") and s.keyboard.debugged
    run_line(s, "debug off")
    run_line(s, f"save {tmp_path / 'g.json'}")
    assert json.loads((tmp_path / "g.json").read_text())["debugged"] is True


def test_cm2008_hot_seat_a_choice_in_the_open_can_be_taken_back() -> None:
    s = Session(CM2008)
    run_line(s, "new vs human seed 1 first mccain")
    run_line(s, "1")  # McCain plays a card; now picks a state for it
    assert run_line(s, "undo").startswith("Undone") and not s.keyboard.debugged


def test_cm2008_hot_seat_the_other_players_starting_states_are_a_reveal() -> None:
    """Hot-seat follows the same rule (the players are opponents): once both seats' starting states
    are revealed (R3.3), neither may go back to pick again."""
    s = Session(CM2008)
    run_line(s, "new choose-states vs human seed 3 first mccain")
    for line in ("1", "1", "", "1", "1"):
        run_line(s, line)
    assert s.game is not None and any(isinstance(e, E.StateEntered) for e in s.game.events)
    refused(s, "McCain's starting states")  # revealed to Obama (StateEntered follows)


def test_cm2008_reveals_names_each_kind() -> None:
    from cmdsl.games.cm2008.ui.keyboard import reveals

    me, bot = Side.MCCAIN, Side.OBAMA
    assert reveals(E.CardDrawn(me, "x", "X"), me) == "a card you drew"
    assert reveals(E.CardDrawn(bot, "x", "X"), me) is None  # "Obama draws a card.": nothing shown
    assert reveals(E.CardPlayed(bot, "x", "X"), me) == "a card from Obama's hand"
    assert reveals(E.CardPlayed(me, "x", "X"), me) is None  # my own card
    assert reveals(E.Chose(bot, "card", "card:x", "X"), me) is None  # redacted: "a card from their hand"
    assert reveals(E.Chose(bot, "turn", "play:x", "Play X"), me) is None  # in the open; CardPlayed follows
    assert reveals(E.Chose(bot, "setup-state", "state:Ohio", "Ohio"), me) == "Obama's starting states"
