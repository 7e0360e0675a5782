"""Issue 23 §2: what the REPL says under each option and at `?` is the position, never the printed
tile: a state in play is described with its issue marker, key marker and tokens as they are now,
exactly as the seat's view holds them (R2: the board is public)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cmdsl.game.decisions import is_chance
from cmdsl.games.cm2008.engine import CampaignGame, campaign_game
from cmdsl.games.cm2008.setup import Setup
from cmdsl.games.cm2008.view import StateView
from cmdsl.games.cm2008.model import CardSet
from cmdsl.games.cm2008.ui import board as render
from cmdsl.games.cm2008.ui.explain import explain


def described(sv: StateView) -> list[str]:
    """How the view says a state in play is, in the words the REPL uses (written here from the
    view alone, not by the REPL's own function)."""
    other = next((g for g in sv.groups if g != sv.key), sv.key)
    head = (f"{sv.ev} EV; majority issue {sv.majority.title()} (marker on box {sv.box} of 4); "
            f"key {sv.key} (other group: {other})")
    rows = "; ".join(f"{r.issue.title()} " + " ".join(p + (f"[{t.letter.lower()}]" if t else "")
                                                       for p, t in zip(r.printed, r.tokens)) for r in sv.rows)
    return [head, rows]


def check_state_options(game: CampaignGame) -> int:
    """Each pending option naming a state in play is described as the deciding seat's view says;
    returns how many such options were checked."""
    checked = 0
    for d in game.pending_decisions:
        if is_chance(d):
            continue
        view = game.view(d.player)
        in_play = {sv.name: sv for sv in view.states}
        shown = render.decision(d, game=game)
        why = explain(game, d)
        for o in d.options:
            name = o.value if isinstance(o.value, str) else getattr(o.value, "name", None)
            if d.kind in ("state", "news-target", "block") and name in in_play:
                lines = described(in_play[name])
                for text in (shown, why):
                    assert "\n       " + "\n       ".join(lines) in text, (o.label, lines, text)
                checked += 1
    return checked


def random_game_checking(cards: CardSet, seed: int, turns: int = 40) -> int:
    game = campaign_game(cards, seed, Setup(max_turns=turns))
    rng = random.Random(seed)
    checked = 0
    while game.pending is not None:
        checked += check_state_options(game)
        d = game.pending_decisions[0]
        game.answer(rng.choice(d.options).id, d.player)
    return checked


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_state_options_describe_the_position_as_the_view_shows_it(cm2008: CardSet, seed: int) -> None:
    random_game_checking(cm2008, seed)


def test_the_random_plays_do_reach_state_choices_after_the_board_has_moved(cm2008: CardSet) -> None:
    # guards the property above against checking nothing: some state options are seen, and some
    # of those states have a marker off its printed box or tokens on them
    assert sum(random_game_checking(cm2008, seed) for seed in range(6)) > 10


# ---- Going Negative decisions say what they do (R8.1) ------------------------------------------

from pathlib import Path  # noqa: E402

from cmdsl.repl.commands import run_line  # noqa: E402
from cmdsl.repl.session import Session  # noqa: E402

CM2008 = Path(__file__).resolve().parent.parent.parent / "cards" / "cm2008"


def backlash() -> tuple[Session, str]:
    """Hot-seat, McCain plays a ⚄ card moving Florida's marker to box 4 (Economy), rolls a 6:
    Backlash, carried out by Obama, who chooses a state."""
    s = Session(str(CM2008))
    run_line(s, "new vs human seed 1 first mccain")
    run_line(s, "set hand mccain mccain-raising-taxes-isnt-patriotic mccain-straight-talk-express")
    run_line(s, "set die 6")
    run_line(s, "1")  # play Raising Taxes Isn't Patriotic ⚄
    return s, run_line(s, "Florida")  # shift Florida two boxes toward its minority issue


def test_a_going_negative_choice_names_the_result_and_what_it_does() -> None:
    s, out = backlash()
    assert "McCain goes negative and rolls 6: Backlash — Obama carries it out." in out
    assert "Obama — choose a state, for Backlash (Going Negative result 6):\n" in out
    why = run_line(s, "?")
    assert why.startswith("Obama decides: choose a state, for Backlash (Going Negative result 6).\n"
                          "McCain went negative and rolled 6: Backlash. Obama carries out the result (R8.1); "
                          "Obama chooses for it:\n"
                          "    Choose a state in play.\n"
                          "    Gain two supports in that state on its majority issue.\n")


def test_after_the_marker_moved_the_options_and_question_mark_say_where_it_is_now() -> None:
    s, out = backlash()
    # R6.3: the shift moved Florida's marker from its printed box 2 (Defense) to box 4 (Economy)
    assert "Florida: issue marker moves from box 2 to box 4; Economy is the majority issue." in out
    now = "  1. Florida\n       27 EV; majority issue Economy (marker on box 4 of 4); key Seniors"
    assert now in out and now in run_line(s, "?")
    assert "Defense (marker on box 2 of 4); key Seniors" not in out


def test_a_choice_asked_by_a_card_names_the_card() -> None:
    s = Session(str(CM2008))
    run_line(s, "new vs human seed 1 first mccain")
    run_line(s, "set hand mccain mccain-raising-taxes-isnt-patriotic mccain-straight-talk-express")
    out = run_line(s, "1")
    assert "McCain — choose a state, for Raising Taxes Isn't Patriotic (McCain's card):\n" in out
    assert ("Raising Taxes Isn't Patriotic (McCain's card) is being resolved; McCain chooses for it:\n"
            "    Choose a state in play.\n") in run_line(s, "?")


def test_play_options_mark_the_cards_that_go_negative() -> None:
    s = Session(str(CM2008))
    run_line(s, "new vs human seed 1 first mccain")
    out = run_line(s, "set hand mccain mccain-raising-taxes-isnt-patriotic mccain-straight-talk-express")
    assert "  1. Play Raising Taxes Isn't Patriotic ⚄\n" in out  # going_negative: true (R8.1)
    assert "  2. Play Straight Talk Express\n" in out  # no mark
    assert "  1. Play Raising Taxes Isn't Patriotic ⚄\n" in run_line(s, "?")


def test_card_of_a_state_in_play_shows_the_printed_tile_then_how_it_stands_now() -> None:
    s, _ = backlash()
    out = run_line(s, "card florida")
    assert "Issue marker starts on box 2 of 4: majority issue Defense." in out  # the printed tile
    assert out.endswith("\nIn play now:\n  27 EV; majority issue Economy (marker on box 4 of 4); key Seniors "
                        "(other group: Latinos)\n  Defense R B R W R; Economy B R W B\n")
    assert "In play now" not in run_line(s, "card Ohio")  # in the reserve: the tile is all there is


def test_a_question_is_not_followed_by_a_colon() -> None:
    """Issue 55 §6: a decision whose question ends in "?" is shown without the ":" a heading gets
    ("which economy block of Michigan turns McCain?:" was shown)."""
    from cmdsl.game.decisions import Decision, Option
    from cmdsl.games.cm2008.options import DecisionKind
    from cmdsl.games.cm2008.sides import Side
    from cmdsl.kits.keyboard.keyboard import asked

    d = Decision(Side.MCCAIN, DecisionKind.BLOCK, "which economy block of Michigan turns McCain?",
                 (Option("block:economy:1", "one"), Option("block:economy:2", "two")))
    assert render.decision(d).splitlines()[0] == "McCain — which economy block of Michigan turns McCain?"
    assert asked("play a card or draw") == "play a card or draw:" and asked("which?") == "which?"
