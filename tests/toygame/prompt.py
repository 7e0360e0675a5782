"""High Card at the REPL: its ``Keyboard`` (cmdsl/play/keyboard.py). The REPL runs `new highcard`,
`load`, `help`, `rules`, `clear` and `quit` itself and gives every other line to this keyboard:
a bid or a choice (a number of the list, or the option), `hand`, `card N [fr]`, `log`,
`save FILE`. You play North; the bots play East and West, and bid as soon as a round opens, unseen
(the core reveals every bid at once). `new highcard tricks` plays with the trick cards (T5), whose
rules text is written from their effects, in English or French.
"""

from __future__ import annotations

import copy
import secrets
from typing import Any, Callable, ClassVar, Mapping

from cmdsl.bots import Bot, BotSpecError, parse_bot, play_bot_move
from cmdsl.bots.match import seat_bots
from cmdsl.errors import CardError
from cmdsl.game.fields import MAX_SEED
from cmdsl.play.keyboard import Command, Host, KeyboardError, save_arguments
from cmdsl.play.toolbar import Part, part, plain
from cmdsl.sets.record_file import save_json

from .game import SEATS, HighCard
from .tricks import Trick, load_tricks

ME = SEATS[0]  # the human at the keyboard plays North


class HighCardKeyboard:
    WORDS: ClassVar[tuple[str, ...]] = ("hand", "card", "log", "save")
    START: ClassVar[str] = "Type `new highcard` to play against two random bots"
    NEW: ClassVar[tuple[str, str]] = ("new highcard [tricks] [vs BOT] [seed N]",
                                      "Start a game of High Card: you are North, BOT (random) plays East and West; "
                                      "with tricks, the trick cards' effects (T5).")
    ANSWER_HINT: ClassVar[str] = "Answer with the number of an option in the list, or the option itself."
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
                "card": Command(lambda arg, colour: self._card(arg), "card N [fr]",
                                "Show what trick card N does, in English or French (T5)."),
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
        tricks: Mapping[int, Trick] | None = None
        while words:
            w = words.pop(0)
            if w == "tricks":
                tricks = self._tricks()
            elif w == "vs" and words:
                try:
                    bot = parse_bot(words.pop(0)).text()
                except BotSpecError as e:
                    raise KeyboardError(f"new: {e}") from None
            elif w == "seed" and words and words[0].isdigit():
                seed = int(words.pop(0))
            else:
                raise KeyboardError(f'new highcard: did not understand "{w}" (e.g. `new highcard tricks vs greedy seed 3`)')
        self.host.may_discard("new")
        self._start(HighCard(seed, tricks=tricks), bot)
        with_tricks = " with the trick cards (T5: `card N` says what each does)" if tricks else ""
        return (f"New High Card game{with_tricks}, seed {seed}: you are North, the {bot} bot plays East and "
                "West.\n" + self._screen())

    def load(self, path: str, data: Any, words: list[str], colour: bool) -> str:
        if words:
            raise KeyboardError(f'load: did not understand "{" ".join(words)}"')
        tricks = self._tricks() if isinstance(data, dict) and data.get("tricks") is True else None
        game = HighCard.from_record(data, path, tricks)  # a RecordError names what is wrong
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
        option = next((o for o in mine.options if text.lower() in (o.label.lower(), o.id)), None)
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
            news += [f"North, {mine.prompt}:", *(f"  {i}. {o.label}" for i, o in enumerate(mine.options, 1))]
        return "\n".join(news)

    def _hand(self) -> str:
        game = self._require()
        view = game.view(ME)
        scores = ", ".join(f"{s} {p}" for s, p in zip(SEATS, view.scores))
        out = f"Your hand: {' '.join(map(str, view.hand)) or '(empty)'}; scores: {scores}."
        tricks = [game.tricks[c] for c in view.hand if c in game.tricks]
        return "\n".join([out, *(f"  {t.card}: " + " ".join(t.rules_text().split()) for t in tricks)])

    def _card(self, arg: str) -> str:
        words = arg.lower().split()
        if not words or not words[0].isdigit() or len(words) > 2 or words[1:] not in ([], ["en"], ["fr"]):
            raise KeyboardError("card: give a card and a language, e.g. `card 8` or `card 8 fr`")
        card, lang = int(words[0]), (words[1:] or ["en"])[0]
        trick = (self.game.tricks if self.game is not None and self.game.tricks else self._tricks()).get(card)
        if trick is None:
            return f"{card} is a plain card: it scores its number (T3)."
        return f"{card} (trick, T5):\n" + "\n".join("  " + line for line in trick.rules_text(lang).splitlines())

    def _tricks(self) -> Mapping[int, Trick]:
        try:
            return load_tricks()
        except CardError as e:  # a located one-line error; nothing changes
            raise KeyboardError(str(e)) from None

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
