"""Racolage Électoral at the REPL: its ``Keyboard`` (cmdsl/play/keyboard.py). The REPL runs `new
racolage`, `load`, `help`, `rules`, `clear` and `quit` itself and gives every other line to this
keyboard: an answer (a number of the list, or the option), `hand`, `table`, `card ID [fr]`, `log`,
`save FILE`. You play Player 1; bots play the others. A hand is secret: the screen shows what
Player 1 may know (the others' draws read "draws a Media card")."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any, ClassVar, Mapping

from ...bots import BotSpecError, parse_bot
from ...errors import CardError, CmdslError
from ...game.fields import MAX_SEED
from ...play.keyboard import Command, Host, KeyboardError
from ...play.one_seat import OneSeatKeyboard
from ...play.toolbar import Part, part, plain
from . import catalog
from .cards import RacolageSet
from .game import RacolageGame
from .loader import bundled_set, load_set
from .seats import PLAYER_COUNTS, SEATS

ME = SEATS[0]  # the human at the keyboard plays Player 1


class RacolageKeyboard(OneSeatKeyboard):
    WORDS: ClassVar[tuple[str, ...]] = ("hand", "table", "card", "log", "save")
    START: ClassVar[str] = "Type `new racolage` to play against three random bots"
    NEW: ClassVar[tuple[str, str]] = ("new racolage [N players] [vs BOT] [seed N]",
                                      "Start a game of Racolage Électoral (2 to 4 players, default 4): you are "
                                      "Player 1, BOT (random) plays the others.")
    ME: ClassVar[Any] = ME
    NEW_COMMAND: ClassVar[str] = "new racolage"

    def __init__(self, host: Host, cards_path: str | None) -> None:
        super().__init__()
        self.host = host
        self.cards_path = cards_path

    # ---- the keyboard's commands --------------------------------------------------------

    def commands(self) -> Mapping[str, Command]:
        return {"hand": Command(lambda arg, colour: self._hand(), "hand", "Show your hand, with each card's kind and numbers."),
                "table": Command(lambda arg, colour: self._table(), "table",
                                 "Show every player's notoriety, media space and bonus zone, the Event and the decks."),
                "card": Command(lambda arg, colour: self._card(arg), "card ID [fr]",
                                "Show a card and what it does, in English or French."),
                "log": Command(lambda arg, colour: self.log(), "log", "Show the game so far, as Player 1 saw it."),
                "save": Command(lambda arg, colour: self.save(arg), "save FILE", "Save the game record (JSON).")}

    def run_line(self, text: str, colour: bool, shared: Mapping[str, Command]) -> str:
        word, _, rest = text.partition(" ")
        cmd = {**self.commands(), **shared}.get(word.lower())
        if cmd is not None:
            return cmd.run(rest, colour)
        if not text:
            return ""
        return self.answer(text)

    def new(self, arg: str, colour: bool) -> str:
        words, bot, seed, players = arg.lower().split(), "random", secrets.randbelow(MAX_SEED + 1), 4
        while words:
            w = words.pop(0)
            if w.isdigit() and words and words[0] in ("players", "player"):
                players = int(w)
                words.pop(0)
                if players not in PLAYER_COUNTS:
                    raise KeyboardError(f"new racolage: 2 to 4 players (RA1.1), not {players}")
            elif w == "vs" and words:
                try:
                    bot = parse_bot(words.pop(0)).text()
                except BotSpecError as e:
                    raise KeyboardError(f"new: {e}") from None
            elif w == "seed" and words and words[0].isdigit():
                seed = int(words.pop(0))
            else:
                raise KeyboardError(f'new racolage: did not understand "{w}" (e.g. `new racolage 3 players vs greedy '
                                    'seed 3`)')
        cards = self._cards()
        self.host.may_discard("new")
        self.start(RacolageGame(seed, players, cards), bot)
        return (f"New Racolage Électoral game, {players} players, seed {seed}: you are Player 1, the {bot} bot plays "
                "the others.\n" + self.screen())

    def load(self, path: str, data: Any, words: list[str], colour: bool) -> str:
        if words:
            raise KeyboardError(f'load: did not understand "{" ".join(words)}"')
        return self.loaded(path, RacolageGame.from_record(data, path, self._cards()), self.host)  # a RecordError names what is wrong

    # ---- what the prompt shows ------------------------------------------------------------

    def toolbar(self) -> list[Part]:
        if self.game is None:
            return []
        view = self.game.view(ME)
        return [part(plain(f"Racolage turn {self.game.turn}"), (0, ())),
                part(plain("  ".join(f"{s} {n}" for s, n in zip(self.game.seats, view.notoriety)))),
                part(plain(f"Media deck {view.media_deck}"))]

    def completions(self, command: str, text: str) -> list[str]:
        return ["players", "vs", "random", "greedy", "seed"] if command == "new" else []

    def greeting(self) -> str:
        return "Racolage Électoral plays the bundled set unless `--cards` names another."

    # ---- playing ------------------------------------------------------------------------------

    def _cards(self) -> RacolageSet:
        try:
            return load_set(bundled_set() if self.cards_path is None else Path(self.cards_path))
        except CardError as e:  # a located one-line error; nothing changes
            raise KeyboardError(str(e)) from None

    def _hand(self) -> str:
        game = self.require()
        pos = game.position
        lines = [f"Your hand ({len(pos.hands[ME.index])} cards; notoriety {game.notoriety(ME)}):"]
        lines += [f"  {c}  {game.name(c)} — {catalog.what(game.cards, game.cards.cards[c], 'en')}"
                  for c in pos.hands[ME.index]]
        return "\n".join(lines)

    def _table(self) -> str:
        game = self.require()
        view = game.view(ME)
        lines = [f"{s}: notoriety {view.notoriety[s.index]}, {view.hand_sizes[s.index]} cards in hand"
                 + (f", skips {view.skips[s.index]}" if view.skips[s.index] else "")
                 + f"; media: {', '.join(view.media_spaces[s.index]) or '—'}; bonus zone: "
                 + (", ".join(view.zones[s.index]) or "—") for s in game.seats]
        lines.append(f"Event: {view.event or '—'}; Media deck {view.media_deck}, Action deck {view.action_deck}.")
        return "\n".join(lines)

    def _card(self, arg: str) -> str:
        words = arg.split()
        if not words or len(words) > 2 or words[1:] not in ([], ["en"], ["fr"]):
            raise KeyboardError("card: give a card id and a language, e.g. `card A01` or `card A01 fr`")
        cards = self.game.cards if self.game is not None else self._cards()
        try:
            return catalog.show(cards, words[0].upper(), (words[1:] or ["en"])[0]).rstrip("\n")
        except CmdslError as e:  # an unknown id: one line, with the nearest
            raise KeyboardError(str(e).removeprefix("cards show: ")) from None
