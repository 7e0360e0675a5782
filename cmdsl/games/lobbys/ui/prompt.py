"""Lobbys at the REPL's prompt: its ``Keyboard`` (``cmdsl/kits/keyboard/keyboard.py``), the keyboard's state
(``keyboard.py``) with its commands (``keyboard_commands.py``)."""

from __future__ import annotations

from typing import Any, Callable, ClassVar, Mapping

from cmdsl.kits.keyboard.keyboard import Command
from cmdsl.kits.keyboard.toolbar import Part

from . import keyboard_commands as K
from .keyboard import LobbysAtKeyboard, LobbysSession


class LobbysKeyboard(LobbysAtKeyboard):
    WORDS: ClassVar[tuple[str, ...]] = (*K.COMMANDS, *K.ALIASES)
    START: ClassVar[str] = "Type `new lobbys 3 players vs random` to play against two random bots"
    NEW: ClassVar[tuple[str, str]] = (K.NEW.usage, K.NEW.help)
    ANSWER_HINT: ClassVar[str] = "Pick a card with its number, its id (7H) or its label (7♥)."
    BLOCK: ClassVar[str | None] = None

    def commands(self) -> Mapping[str, Command]:
        return {word: c.bound(self) for word, c in K.COMMANDS.items()}

    def run_line(self, text: str, colour: bool, shared: Mapping[str, Command]) -> str:
        return K.run_line(self, text, colour, shared)

    def new(self, arg: str, colour: bool) -> str:
        return K.cmd_new(self, arg, colour)

    def load(self, path: str, data: Any, words: list[str], colour: bool) -> str:
        return K.load_data(self, path, data, words, colour)

    def unsaved(self) -> bool:
        return self.session is not None and self.session.unsaved()

    def checkpoint(self) -> Callable[[], "LobbysKeyboard"]:
        point = self.session.checkpoint() if self.session is not None else None

        def restore() -> "LobbysKeyboard":
            self.session = LobbysSession.restore(point) if point is not None else None
            return self
        return restore

    def toolbar(self) -> list[Part]:
        return K.toolbar(self.session) if self.session is not None else []

    def completions(self, command: str, text: str) -> list[str]:
        return K.completions(self.session, command)

    def notices(self) -> str:
        return ""

    def greeting(self) -> str:
        return f"Using the {self.choice.describe()}."

    def at_decision(self) -> str | None:
        return None
