"""The words of `new GAME …` at a one-seat keyboard: `[N players] [M humans] [vs BOT|human] [as
SEAT] [FLAG …] [seed N]`, read and checked the same way for every game; the game reads its own seat
name (the word after `as`) and its flags (`short`). A mistake is one ``KeyboardError``."""

from __future__ import annotations

from typing import Collection

from ...bots import BotSpecError, parse_bot
from ...values import value
from .keyboard import KeyboardError


@value
class TableWords:
    """A table as `new` asks for it: how many players, how many of them at this keyboard, the bot
    of the others (None: none), the word naming the first person's seat (None: the game's first),
    the flags given, the seed (None: a random one)."""

    players: int
    humans: int
    bot: str | None
    first: str | None
    flags: frozenset[str]
    seed: int | None


def bot_word(word: str, command: str) -> str:
    """A bot as the command line names it (``greedy``, ``ismcts:iterations=50``), checked."""
    try:
        return parse_bot(word).text()
    except BotSpecError as e:
        raise KeyboardError(f"{command}: {e}") from None


def read_table(arg: str, *, command: str, counts: tuple[int, ...], rule: str, example: str, seat: str,
               max_seed: int, flags: Collection[str] = (), players: int = 4) -> TableWords:
    """`arg` read as ``TableWords``: ``command`` ("new racolage") and ``example`` say a mistake;
    ``counts`` are the player counts ``rule`` allows; ``seat`` is what the game calls a seat ("seat",
    "party")."""
    words, humans, bot, seed, first, given = arg.lower().split(), None, None, None, None, set()
    while words:
        w = words.pop(0)
        nxt = words[0] if words else None
        if w.isdigit() and nxt in ("players", "player"):
            players = int(w)
            words.pop(0)
            if players not in counts:
                raise KeyboardError(f"{command}: {min(counts)} to {max(counts)} players ({rule}), not {players}")
        elif w.isdigit() and nxt in ("humans", "human"):
            humans = int(w)
            words.pop(0)
        elif w == "vs" and nxt is not None:
            bot = "human" if nxt == "human" else bot_word(nxt, "new")
            words.pop(0)
        elif w == "as" and nxt is not None:
            first = words.pop(0)
        elif w in flags:
            given.add(w)
        elif w == "seed" and nxt is not None and nxt.isdigit() and int(nxt) <= max_seed:
            seed = int(words.pop(0))
        else:
            raise KeyboardError(f'{command}: did not understand "{w}" ({example})')
    if bot == "human":
        if humans not in (None, players):
            raise KeyboardError(f"{command}: `vs human` makes every {seat} human; {humans} humans of {players} "
                                "players is not")
        bot, humans = None, players
    count = humans if humans is not None else (1 if bot is not None else players)
    if not 1 <= count <= players:
        raise KeyboardError(f"{command}: between 1 and {players} humans, not {count}")
    if count == players and bot is not None:
        raise KeyboardError(f"{command}: {players} humans leave no {seat} for the {bot} bot")
    return TableWords(players, count, bot, first, frozenset(given), seed)


def read_load(words: list[str], example: str) -> tuple[str | None, str | None]:
    """The words after `load FILE`: `[vs BOT|human] [as SEAT]`: the bot ("human": every seat at
    this keyboard) and the word naming the seat, the game's to read; ``example`` says a mistake."""
    bot, seat = None, None
    while words:
        w, nxt = words.pop(0).lower(), (words.pop(0) if words else None)
        if w == "vs" and nxt is not None:
            bot = "human" if nxt.lower() == "human" else bot_word(nxt.lower(), "load")
        elif w == "as" and nxt is not None:
            seat = nxt
        else:
            raise KeyboardError(f'load: did not understand "{w}" ({example})')
    return bot, seat
