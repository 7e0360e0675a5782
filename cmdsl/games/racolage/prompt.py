"""Racolage Électoral at the REPL: its ``Keyboard`` (cmdsl/play/keyboard.py). The REPL runs `new
racolage`, `load`, `help`, `rules`, `clear` and `quit` itself and gives every other line to this
keyboard: an answer (a number of the list, or the option), `hand`, `table`, `card ID [fr]`, `log`,
`save FILE`. You play Player 1; bots play the others. A hand is secret: the screen shows what
Player 1 may know (the others' draws read "draws a Media card")."""

from __future__ import annotations

import copy
import secrets
from pathlib import Path
from typing import Any, Callable, ClassVar, Mapping

from ...bots import Bot, BotSpecError, parse_bot, play_bot_move
from ...bots.match import seat_bots
from ...errors import CardError, CmdslError
from ...game.fields import MAX_SEED
from ...play.keyboard import Command, Host, KeyboardError, save_arguments
from ...play.toolbar import Part, part, plain
from ...sets.record_file import save_json
from . import catalog
from .cards import RacolageSet
from .game import RacolageGame
from .loader import bundled_set, load_set
from .seats import PLAYER_COUNTS, SEATS

ME = SEATS[0]  # the human at the keyboard plays Player 1


class RacolageKeyboard:
    WORDS: ClassVar[tuple[str, ...]] = ("hand", "table", "card", "log", "save")
    START: ClassVar[str] = "Type `new racolage` to play against three random bots"
    NEW: ClassVar[tuple[str, str]] = ("new racolage [N players] [vs BOT] [seed N]",
                                      "Start a game of Racolage Électoral (2 to 4 players, default 4): you are "
                                      "Player 1, BOT (random) plays the others.")
    ANSWER_HINT: ClassVar[str] = "Answer with the number of an option in the list, or the option itself."
    BLOCK: ClassVar[str | None] = None

    def __init__(self, host: Host, cards_path: str | None) -> None:
        self.host = host
        self.cards_path = cards_path
        self.game: RacolageGame | None = None
        self.bots: dict[Any, Bot] = {}
        self.saved = True
        self.shown = 0  # events of Player 1's view shown so far

    # ---- the keyboard's commands --------------------------------------------------------

    def commands(self) -> Mapping[str, Command]:
        return {"hand": Command(lambda arg, colour: self._hand(), "hand", "Show your hand, with each card's kind and numbers."),
                "table": Command(lambda arg, colour: self._table(), "table",
                                 "Show every player's notoriety, media space and bonus zone, the Event and the decks."),
                "card": Command(lambda arg, colour: self._card(arg), "card ID [fr]",
                                "Show a card and what it does, in English or French."),
                "log": Command(lambda arg, colour: self._log(), "log", "Show the game so far, as Player 1 saw it."),
                "save": Command(lambda arg, colour: self._save(arg), "save FILE", "Save the game record (JSON).")}

    def run_line(self, text: str, colour: bool, shared: Mapping[str, Command]) -> str:
        word, _, rest = text.partition(" ")
        cmd = {**self.commands(), **shared}.get(word.lower())
        if cmd is not None:
            return cmd.run(rest, colour)
        if not text:
            return ""
        return self._answer(text)

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
        self._start(RacolageGame(seed, players, cards), bot)
        return (f"New Racolage Électoral game, {players} players, seed {seed}: you are Player 1, the {bot} bot plays "
                "the others.\n" + self._screen())

    def load(self, path: str, data: Any, words: list[str], colour: bool) -> str:
        if words:
            raise KeyboardError(f'load: did not understand "{" ".join(words)}"')
        game = RacolageGame.from_record(data, path, self._cards())  # a RecordError names what is wrong
        self.host.may_discard("load")
        self._start(game, "random")
        self.saved = True
        return f"Loaded {path}: {len(game.record()['answers'])} answers replayed.\n" + self._screen()

    # ---- what the prompt shows ------------------------------------------------------------

    def unsaved(self) -> bool:
        return self.game is not None and not self.saved and not self.game.over

    def checkpoint(self) -> Callable[[], "RacolageKeyboard"]:
        kept = (self.game.fork() if self.game is not None else None, copy.deepcopy(self.bots), self.saved, self.shown)

        def restore() -> "RacolageKeyboard":
            self.game, self.bots, self.saved, self.shown = kept
            return self
        return restore

    def toolbar(self) -> list[Part]:
        if self.game is None:
            return []
        view = self.game.view(ME)
        return [part(plain(f"Racolage turn {self.game.turn}"), (0, ())),
                part(plain("  ".join(f"{s} {n}" for s, n in zip(self.game.seats, view.notoriety)))),
                part(plain(f"Media deck {view.media_deck}"))]

    def completions(self, command: str, text: str) -> list[str]:
        return ["players", "vs", "random", "greedy", "seed"] if command == "new" else []

    def notices(self) -> str:
        return ""

    def greeting(self) -> str:
        return "Racolage Électoral plays the bundled set unless `--cards` names another."

    def at_decision(self) -> str | None:
        return None

    # ---- playing ------------------------------------------------------------------------------

    def _cards(self) -> RacolageSet:
        try:
            return load_set(bundled_set() if self.cards_path is None else Path(self.cards_path))
        except CardError as e:  # a located one-line error; nothing changes
            raise KeyboardError(str(e)) from None

    def _start(self, game: RacolageGame, bot: str) -> None:
        self.game, self.shown, self.saved = game, 0, False
        self.bots = dict(seat_bots([bot], game.seats[1:], game.seed))
        self._run_bots()

    def _run_bots(self) -> None:
        game = self._require()
        while any(d.player in self.bots for d in game.pending_decisions):
            play_bot_move(game, self.bots)

    def _require(self) -> RacolageGame:
        if self.game is None:
            raise KeyboardError("no game yet: start one with `new racolage`")
        return self.game

    def _answer(self, text: str) -> str:
        game = self._require()
        mine = next((d for d in game.pending_decisions if d.player is ME), None)
        if mine is None:
            raise KeyboardError("the game is over (`new racolage` deals another)")
        option = next((o for o in mine.options if text.lower() in (o.label.lower(), o.id.lower())), None)
        if text.isdigit() and option is None and 1 <= int(text) <= len(mine.options):
            option = mine.options[int(text) - 1]
        if option is None:
            raise KeyboardError(f'"{text}" is not an option ({mine.prompt}): answer 1 to {len(mine.options)}')
        game.answer(option.id, ME)
        self.saved = False
        self._run_bots()
        return self._screen()

    def _screen(self) -> str:
        game = self._require()
        log = game.view(ME).log
        news, self.shown = [e.text() for e in log[self.shown:]], len(log)
        mine = next((d for d in game.pending_decisions if d.player is ME), None)
        if mine is not None:
            news += [f"Player 1, {mine.prompt}:", *(f"  {i}. {o.label}" for i, o in enumerate(mine.options, 1))]
        return "\n".join(news)

    def _hand(self) -> str:
        game = self._require()
        pos = game.position
        lines = [f"Your hand ({len(pos.hands[ME.index])} cards; notoriety {game.notoriety(ME)}):"]
        lines += [f"  {c}  {game.name(c)} — {catalog.what(game.cards, game.cards.cards[c], 'en')}"
                  for c in pos.hands[ME.index]]
        return "\n".join(lines)

    def _table(self) -> str:
        game = self._require()
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

    def _log(self) -> str:
        return "\n".join(e.text() for e in self._require().view(ME).log)

    def _save(self, arg: str) -> str:
        path, full = save_arguments(arg)
        try:
            save_json(self._require().record(full), path)
        except OSError as e:
            raise KeyboardError(f"save: cannot write {path} ({e.strerror})") from None
        self.saved = True
        return f"Saved to {path}."
