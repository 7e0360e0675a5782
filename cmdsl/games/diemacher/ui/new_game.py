"""What `new diemacher …` and `load FILE …` ask for at the REPL, read from the words typed: how
many players (DM1.1), how many at this keyboard, the others' bot, the first person's party, the
length (DM12) and the seed. A mistake is one ``KeyboardError``."""

from __future__ import annotations

import shutil

from ....kits.keyboard.keyboard import KeyboardError
from ....kits.keyboard.table_words import read_table
from ....values import value
from ..parties import PARTIES, Party, party_named
from ..record import MAX_SEED

ME = PARTIES[0]  # the person at the keyboard leads CDU/CSU unless `as PARTY` says otherwise
PLAYER_COUNTS = (3, 4, 5)  # DM1.1
EXAMPLE = "e.g. `new diemacher 4 players vs greedy`, `new diemacher 3 players 2 humans vs random as spd seed 3`"


def party_word(word: str, command: str, players: int = 5) -> Party:
    """`spd`, `p2` or `2` → SPD (in seat order: CDU/CSU, SPD, FDP, Die Linkspartei, Die Grünen)."""
    low = word.lower()
    digits = low.removeprefix("player").removeprefix("p")
    party = PARTIES[int(digits) - 1] if digits.isdigit() and 1 <= int(digits) <= players else party_named(low)
    if party is None or party not in PARTIES[:players]:
        names = ", ".join(p.value for p in PARTIES[:players])
        raise KeyboardError(f'{command}: `as` takes a party of this game ({names}) or p1 to p{players}, not "{word}"')
    return party


def width() -> int:
    """The terminal's columns, 100 at most (the board is laid out for 100; fewer stack its boards)."""
    return min(shutil.get_terminal_size((100, 40)).columns, 100)


@value
class Setup:
    """What `new diemacher …` asks for: how many players (DM1.1), how many of them at this keyboard,
    the bot of the others (None: none), the first person's party, the length (DM12), the seed."""

    players: int = 4
    humans: int = 1
    bot: str | None = None
    first: Party = ME
    short: bool = False
    seed: int | None = None


def parse_setup(arg: str) -> Setup:
    """`[N players] [M humans] [vs BOT|human] [as PARTY] [short] [seed N]`, checked; a mistake is one
    ``KeyboardError``."""
    t = read_table(arg, command="new diemacher", counts=PLAYER_COUNTS, rule="DM1.1", example=EXAMPLE,
                   seat="party", max_seed=MAX_SEED, flags=("short",))
    first = party_word(t.first, "new", t.players) if t.first is not None else ME
    return Setup(t.players, t.humans, t.bot, first, "short" in t.flags, t.seed)
