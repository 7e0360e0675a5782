"""High Card at the REPL: its ``Keyboard`` (cmdsl/play/keyboard.py). The REPL runs `new highcard`,
`load`, `help`, `rules`, `clear` and `quit` itself and gives every other line to this keyboard:
a bid (a number of the list, or the card), `hand`, `log`, `save FILE`. You play North; the bots
play East and West, and bid as soon as a round opens, unseen (the core reveals every bid at once).
"""

from __future__ import annotations

import copy
import secrets
from typing import Any, Callable, ClassVar, Mapping

from cmdsl.bots import Bot, BotSpecError, parse_bot, play_bot_move
from cmdsl.bots.match import seat_bots
from cmdsl.game.fields import MAX_SEED
from cmdsl.play.keyboard import Command, Host, KeyboardError, save_arguments
from cmdsl.play.toolbar import Part, part, plain
from cmdsl.sets.record_file import save_json

from .game import SEATS, HighCard

ME = SEATS[0]  # the human at the keyboard plays North


class HighCardKeyboard:
    WORDS: ClassVar[tuple[str, ...]] = ("hand", "log", "save")
    START: ClassVar[str] = "Type `new highcard` to play against two random bots"
    NEW: ClassVar[tuple[str, str]] = ("new highcard [vs BOT] [seed N]",
                                      "Start a game of High Card: you are North, BOT (random) plays East and West.")
    ANSWER_HINT: ClassVar[str] = "Bid with the number of a card in the list, or the card itself."
    BLOCK: ClassVar[str | None] = None

    def __init__(self, host: Host, cards_path: str | None) -> None:
        self.host = host
        self.game: HighCard | None = None
        self.bots: dict[Any, Bot] = {}
        self.saved = True
        self.shown = 0  # events of North's view shown so far

    # ---- the keyboard's commands --------------------------------------------------------

    def commands(self) -> Mapping[str, Command]:
        return {"hand": Command(lambda arg, colour: self._hand(), "hand", "Show your hand and the scores."),
                "log": Command(lambda arg, colour: self._log(), "log", "Show the game so far, as North saw it."),
                "save": Command(lambda arg, colour: self._save(arg), "save FILE", "Save the game record (JSON).")}

    def run_line(self, text: str, colour: bool, shared: Mapping[str, Command]) -> str:
        word, _, rest = text.partition(" ")
        cmd = {**self.commands(), **shared}.get(word.lower())
        if cmd is not None:
            return cmd.run(rest, colour)
        if not text:
            return ""
        return self._bid(text)

    def new(self, arg: str, colour: bool) -> str:
        words, bot, seed = arg.lower().split(), "random", secrets.randbelow(MAX_SEED + 1)
        while words:
            w = words.pop(0)
            if w == "vs" and words:
                try:
                    bot = parse_bot(words.pop(0)).text()
                except BotSpecError as e:
                    raise KeyboardError(f"new: {e}") from None
            elif w == "seed" and words and words[0].isdigit():
                seed = int(words.pop(0))
            else:
                raise KeyboardError(f'new highcard: did not understand "{w}" (e.g. `new highcard vs greedy seed 3`)')
        self.host.may_discard("new")
        self._start(HighCard(seed), bot)
        return f"New High Card game, seed {seed}: you are North, the {bot} bot plays East and West.\n" + self._screen()

    def load(self, path: str, data: Any, words: list[str], colour: bool) -> str:
        if words:
            raise KeyboardError(f'load: did not understand "{" ".join(words)}"')
        game = HighCard.from_record(data, path)  # a RecordError names what is wrong
        self.host.may_discard("load")
        self._start(game, "random")
        self.saved = True
        return f"Loaded {path}: {len(game.answers)} answers replayed.\n" + self._screen()

    # ---- what the prompt shows ------------------------------------------------------------

    def unsaved(self) -> bool:
        return self.game is not None and not self.saved and not self.game.over

    def checkpoint(self) -> Callable[[], "HighCardKeyboard"]:
        kept = (self.game.fork() if self.game is not None else None, copy.deepcopy(self.bots), self.saved, self.shown)

        def restore() -> "HighCardKeyboard":
            self.game, self.bots, self.saved, self.shown = kept
            return self
        return restore

    def toolbar(self) -> list[Part]:
        if self.game is None:
            return []
        view = self.game.view(ME)
        return [part(plain(f"High Card round {view.round}/3"), (0, ())),
                part(plain("  ".join(f"{s} {p}" for s, p in zip(SEATS, view.scores))))]

    def completions(self, command: str, text: str) -> list[str]:
        return ["vs", "random", "greedy", "seed"] if command == "new" else []

    def notices(self) -> str:
        return ""

    def greeting(self) -> str:
        return "High Card needs no card set."

    def at_decision(self) -> str | None:
        return None

    # ---- playing ------------------------------------------------------------------------------

    def _start(self, game: HighCard, bot: str) -> None:
        self.game, self.shown, self.saved = game, 0, False
        self.bots = dict(seat_bots([bot], SEATS[1:], game.seed))
        self._run_bots()

    def _run_bots(self) -> None:
        game = self._require()
        while any(d.player in self.bots for d in game.pending_decisions):
            play_bot_move(game, self.bots)

    def _require(self) -> HighCard:
        if self.game is None:
            raise KeyboardError("no game yet: start one with `new highcard`")
        return self.game

    def _bid(self, text: str) -> str:
        game = self._require()
        mine = next((d for d in game.pending_decisions if d.player is ME), None)
        if mine is None:
            raise KeyboardError("the game is over (`new highcard` deals another)")
        option = next((o for o in mine.options if text in (o.label, o.id)), None)
        if text.isdigit() and option is None and 1 <= int(text) <= len(mine.options):
            option = mine.options[int(text) - 1]
        if option is None:
            raise KeyboardError(f'"{text}" is not a bid: answer 1 to {len(mine.options)}')
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
            news += [f"North, {mine.prompt}:", *(f"  {i}. {o.label}" for i, o in enumerate(mine.options, 1))]
        return "\n".join(news)

    def _hand(self) -> str:
        view = self._require().view(ME)
        scores = ", ".join(f"{s} {p}" for s, p in zip(SEATS, view.scores))
        return f"Your hand: {' '.join(map(str, view.hand)) or '(empty)'}; scores: {scores}."

    def _log(self) -> str:
        return "\n".join(e.text() for e in self._require().view(ME).log)

    def _save(self, arg: str) -> str:
        path, full = save_arguments(arg)
        if not full:
            raise KeyboardError("save: High Card saves the full record only (`save FILE full`)")
        try:
            save_json(self._require().record(), path)
        except OSError as e:
            raise KeyboardError(f"save: cannot write {path} ({e.strerror})") from None
        self.saved = True
        return f"Saved to {path}."
