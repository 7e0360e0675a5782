"""High Card at the REPL: its ``Keyboard`` (cmdsl/kits/keyboard/keyboard.py). The REPL runs `new highcard`,
`load`, `help`, `rules`, `clear` and `quit` itself and gives every other line to this keyboard:
a bid or a choice (a number of the list, or the option), `hand`, `card N [fr]`, `log`,
`save FILE`. You play North; the bots play East and West, and bid as soon as a round opens, unseen
(the core reveals every bid at once). `new highcard tricks` plays with the trick cards (T5), whose
rules text is written from their effects, in English or French.
"""

from __future__ import annotations

import secrets
from typing import Any, ClassVar, Mapping

from cmdsl.bots import BotSpecError, parse_bot
from cmdsl.errors import CardError
from cmdsl.game.contract import held
from cmdsl.game.fields import MAX_SEED
from cmdsl.kits.keyboard.keyboard import Command, Host, KeyboardError
from cmdsl.kits.keyboard.one_seat import OneSeatKeyboard
from cmdsl.kits.keyboard.toolbar import Part, part, plain

from .game import SEATS, HighCard, from_record, table
from .tricks import Trick, load_tricks

ME = SEATS[0]  # the human at the keyboard plays North


def high_card(game: Any) -> HighCard:
    """The High Card game a driver holds (its trick cards)."""
    return held(game.game, HighCard)


class HighCardKeyboard(OneSeatKeyboard):
    WORDS: ClassVar[tuple[str, ...]] = ("hand", "card", "log", "save")
    START: ClassVar[str] = "Type `new highcard` to play against two random bots"
    NEW: ClassVar[tuple[str, str]] = ("new highcard [tricks] [vs BOT] [seed N]",
                                      "Start a game of High Card: you are North, BOT (random) plays East and West; "
                                      "with tricks, the trick cards' effects (T5).")
    ME: ClassVar[Any] = ME
    NEW_COMMAND: ClassVar[str] = "new highcard"

    def __init__(self, host: Host, cards_path: str | None) -> None:
        super().__init__()
        self.host = host

    # ---- the keyboard's commands --------------------------------------------------------

    def commands(self) -> Mapping[str, Command]:
        return {"hand": Command(lambda arg, colour: self._hand(), "hand", "Show your hand and the scores."),
                "card": Command(lambda arg, colour: self._card(arg), "card N [fr]",
                                "Show what trick card N does, in English or French (T5)."),
                "log": Command(lambda arg, colour: self.log(), "log", "Show the game so far, as North saw it."),
                "save": Command(lambda arg, colour: self.save(arg, "save: High Card saves the full record only (`save FILE full`)"), "save FILE", "Save the game record (JSON).")}

    def run_line(self, text: str, colour: bool, shared: Mapping[str, Command]) -> str:
        word, _, rest = text.partition(" ")
        cmd = {**self.commands(), **shared}.get(word.lower())
        if cmd is not None:
            return cmd.run(rest, colour)
        if not text:
            return ""
        return self.answer(text)

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
        self.start(table(seed, tricks=tricks), bot)
        with_tricks = " with the trick cards (T5: `card N` says what each does)" if tricks else ""
        return (f"New High Card game{with_tricks}, seed {seed}: you are North, the {bot} bot plays East and "
                "West.\n" + self.screen())

    def load(self, path: str, data: Any, words: list[str], colour: bool) -> str:
        if words:
            raise KeyboardError(f'load: did not understand "{" ".join(words)}"')
        tricks = self._tricks() if isinstance(data, dict) and data.get("tricks") is True else None
        return self.loaded(path, from_record(data, path, tricks), self.host)  # a RecordError names what is wrong

    # ---- what the prompt shows ------------------------------------------------------------

    def toolbar(self) -> list[Part]:
        if self.game is None:
            return []
        view = self.game.view(ME)
        return [part(plain(f"High Card round {view.round}/3"), (0, ())),
                part(plain("  ".join(f"{s} {p}" for s, p in zip(SEATS, view.scores))))]

    def completions(self, command: str, text: str) -> list[str]:
        return ["vs", "random", "greedy", "seed"] if command == "new" else []

    def greeting(self) -> str:
        return "High Card needs no card set."

    # ---- playing ------------------------------------------------------------------------------

    def _hand(self) -> str:
        game = self.require()
        view = game.view(ME)
        scores = ", ".join(f"{s} {p}" for s, p in zip(SEATS, view.scores))
        out = f"Your hand: {' '.join(map(str, view.hand)) or '(empty)'}; scores: {scores}."
        tricks = [high_card(game).tricks[c] for c in view.hand if c in high_card(game).tricks]
        return "\n".join([out, *(f"  {t.card}: " + " ".join(t.rules_text().split()) for t in tricks)])

    def _card(self, arg: str) -> str:
        words = arg.lower().split()
        if not words or not words[0].isdigit() or len(words) > 2 or words[1:] not in ([], ["en"], ["fr"]):
            raise KeyboardError("card: give a card and a language, e.g. `card 8` or `card 8 fr`")
        card, lang = int(words[0]), (words[1:] or ["en"])[0]
        trick = (high_card(self.game).tricks if self.game is not None and high_card(self.game).tricks
                 else self._tricks()).get(card)
        if trick is None:
            return f"{card} is a plain card: it scores its number (T3)."
        return f"{card} (trick, T5):\n" + "\n".join("  " + line for line in trick.rules_text(lang).splitlines())

    def _tricks(self) -> Mapping[int, Trick]:
        try:
            return load_tricks()
        except CardError as e:  # a located one-line error; nothing changes
            raise KeyboardError(str(e)) from None
