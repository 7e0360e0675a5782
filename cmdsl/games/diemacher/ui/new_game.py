"""What `new diemacher …` and `load FILE …` ask for at the REPL, read from the words typed: how
many players (DM1.1), how many at this keyboard, the others' bot, the first person's party, the
length (DM12) and the seed. A mistake is one ``KeyboardError``."""

from __future__ import annotations

import shutil

from ....bots import BotSpecError, parse_bot
from ....kits.keyboard.keyboard import KeyboardError
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


def bot_word(word: str, command: str) -> str:
    try:
        return parse_bot(word).text()
    except BotSpecError as e:
        raise KeyboardError(f"{command}: {e}") from None


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
    words, players, humans, bot, seed, first, short = arg.lower().split(), 4, None, None, None, None, False
    while words:
        w = words.pop(0)
        nxt = words[0] if words else None
        if w.isdigit() and nxt in ("players", "player"):
            players = int(w)
            words.pop(0)
            if players not in PLAYER_COUNTS:
                raise KeyboardError(f"new diemacher: 3 to 5 players (DM1.1), not {players}")
        elif w.isdigit() and nxt in ("humans", "human"):
            humans = int(w)
            words.pop(0)
        elif w == "vs" and nxt is not None:
            bot = "human" if nxt == "human" else bot_word(nxt, "new")
            words.pop(0)
        elif w == "as" and nxt is not None:
            first = words.pop(0)
        elif w == "short":
            short = True
        elif w == "seed" and nxt is not None and nxt.isdigit() and int(nxt) <= MAX_SEED:
            seed = int(words.pop(0))
        else:
            raise KeyboardError(f'new diemacher: did not understand "{w}" ({EXAMPLE})')
    if bot == "human":
        if humans not in (None, players):
            raise KeyboardError(f"new diemacher: `vs human` makes every party human; {humans} humans of {players} "
                                "players is not")
        bot, humans = None, players
    count = humans if humans is not None else (1 if bot is not None else players)
    if not 1 <= count <= players:
        raise KeyboardError(f"new diemacher: between 1 and {players} humans, not {count}")
    if count == players and bot is not None:
        raise KeyboardError(f"new diemacher: {players} humans leave no party for the {bot} bot")
    return Setup(players, count, bot, party_word(first, "new", players) if first is not None else ME, short, seed)
