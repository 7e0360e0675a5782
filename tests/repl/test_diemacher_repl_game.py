"""A whole game of Die Macher typed at the REPL (issue 59 item 2: "a person can play a whole 4-player
game against bots at the REPL"): every answer a line as a person types it, an option's number or an
amount as a number, with `?` and the board now and then: against the greedy bots the README
names, and random ones; in the deep run, in hot-seat too, with a hand-over at every change of
player."""

from __future__ import annotations

import random

import pytest

from cmdsl.repl.commands import run_line
from cmdsl.repl.session import Session

HANG_SECONDS = 300


def typed(s: Session, rng: random.Random) -> str:
    """What a person types for the decision on the screen: an amount as a number where amounts are
    asked (`bid 3000`, `2`), else the number of an option in the list."""
    kb = s.keyboard
    d = kb.game.view(kb.me).pending[0]
    k = rng.randrange(len(d.options))
    n = d.amount.amount_of(d.options[k].id) if d.amount is not None else None
    if n is None:
        return f"#{k + 1}" if d.amount is not None else str(k + 1)
    verb = d.amount.ids.partition(":")[0]
    return f"{verb} {n}" if rng.random() < 0.5 else str(n)


def play_whole_game(new: str, seed: int) -> tuple[Session, str, int]:
    """The game ``new`` starts, played to its end; the session, the last screen, and how many
    times the keyboard was handed over."""
    s = Session(confirm=lambda question, default: True)
    out = run_line(s, new)
    rng, lines, handed = random.Random(seed), 0, 0
    while not s.game.over:
        if s.keyboard.seating.handing_over:
            assert out.endswith("can see the screen. —")
            out, handed = run_line(s, ""), handed + 1
            continue
        lines += 1
        if lines % 40 == 0:  # now and then the person looks before answering
            assert run_line(s, "?")
            assert max(len(line) for line in run_line(s, "board 60").splitlines()) <= 60
        out = run_line(s, typed(s, rng))
    assert lines > 50
    return s, out, handed


def test_a_whole_four_player_game_against_random_bots_typed_at_the_keyboard() -> None:
    s, out, handed = play_whole_game("new diemacher 4 players vs random seed 8", 1)
    assert handed == 0
    assert "Final scores (after 7 elections): CDU/CSU:" in out
    assert out.endswith("The seed was 8 (`new diemacher 4 players vs random seed 8` deals this game again).")
    assert "game over" in "".join(text for part in s.keyboard.toolbar() for form in part.forms[:1]
                                  for _, text in form)


def test_a_whole_four_player_game_against_three_greedy_bots_typed_at_the_keyboard() -> None:
    s, out, handed = play_whole_game("new diemacher 4 players vs greedy seed 5", 2)
    assert "Final scores (after 7 elections): CDU/CSU:" in out and handed == 0
    assert "(`new diemacher 4 players vs greedy seed 5` deals this game again)" in out


@pytest.mark.deep
def test_a_whole_hot_seat_short_game_with_a_hand_over_at_every_change_of_player() -> None:
    s, out, handed = play_whole_game("new diemacher 3 players 2 humans vs greedy short seed 6", 3)
    assert "Final scores (after 5 elections)" in out and handed > 20
