"""The words of `new GAME …` and `load FILE …` at a one-seat keyboard (kits/keyboard/table_words.py),
read the same way for Racolage and Die Macher."""

from __future__ import annotations

import pytest

from cmdsl.kits.keyboard.keyboard import KeyboardError
from cmdsl.kits.keyboard.table_words import TableWords, read_load, read_table

KW = dict(command="new game", counts=(3, 4, 5), rule="X1.1", example="e.g. `new game 4 players`", seat="party",
          max_seed=999, flags=("short",))


def test_every_word_is_read() -> None:
    assert read_table("5 players 2 humans vs greedy as spd short seed 7", **KW) == TableWords(  # type: ignore[arg-type]
        5, 2, "greedy", "spd", frozenset({"short"}), 7)
    assert read_table("", **KW) == TableWords(4, 4, None, None, frozenset(), None)  # type: ignore[arg-type]
    assert read_table("vs random", **KW).humans == 1  # type: ignore[arg-type]
    assert read_table("3 players vs human", **KW) == TableWords(3, 3, None, None, frozenset(), None)  # type: ignore[arg-type]


@pytest.mark.parametrize("words, said", [
    ("2 players", "new game: 3 to 5 players (X1.1), not 2"),
    ("lots", 'new game: did not understand "lots" (e.g. `new game 4 players`)'),
    ("seed 1000", 'did not understand "seed"'),
    ("4 players 4 humans vs greedy", "new game: 4 humans leave no party for the greedy bot"),
    ("4 players 2 humans vs human", "`vs human` makes every party human; 2 humans of 4 players is not"),
    ("3 players 5 humans", "new game: between 1 and 3 humans, not 5"),
    ("vs nobody", "new:"),
])
def test_a_mistake_is_one_line(words: str, said: str) -> None:
    with pytest.raises(KeyboardError) as e:
        read_table(words, **KW)  # type: ignore[arg-type]
    assert said in str(e.value) and "\n" not in str(e.value)


def test_load_reads_the_bot_and_the_seat_word() -> None:
    assert read_load(["vs", "greedy", "as", "SPD"], "ex") == ("greedy", "SPD")
    assert read_load(["vs", "Human"], "ex") == ("human", None)
    with pytest.raises(KeyboardError, match='load: did not understand "with" \\(ex\\)'):
        read_load(["with", "greedy"], "ex")
