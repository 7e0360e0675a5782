"""Campaign Manager 2008 at the REPL's prompt: its ``Keyboard`` (``cmdsl/play/keyboard.py``), the
session's state (``keyboard.py``) with its commands (``keyboard_commands.py``), the bottom bar and
Tab's words."""

from __future__ import annotations

from typing import Any, ClassVar, Mapping

from cmdsl.lang.parser import keywords
from cmdsl.play.keyboard import Command
from cmdsl.play.toolbar import Part, part, plain, words_cut

from . import keyboard_commands as K
from .keyboard import CampaignSession
from .model import ISSUES, Side
from .setup import SETUP_MODES


CARDS_CHANGED = "The card files changed: type `reload` to replay the game with them."


class CampaignKeyboard(CampaignSession):
    WORDS: ClassVar[tuple[str, ...]] = tuple(K.COMMANDS)
    #: `new`: how it is written and what it does, for `help new`
    NEW: ClassVar[tuple[str, str]] = (K.NEW.usage, K.NEW.help)
    #: how a decision is answered, for `help`
    ANSWER_HINT: ClassVar[str] = "Answer a pending decision with its number (or the start of its label)."
    #: the commands whose argument may be a block of lines (`eval` alone, or `eval as SIDE`)
    BLOCK: ClassVar[str | None] = r"eval( as \w+)?"

    def commands(self) -> Mapping[str, Command]:
        return {word: c.bound(self) for word, c in K.COMMANDS.items()}

    def run_line(self, text: str, colour: bool, shared: Mapping[str, Command]) -> str:
        return K.run_line(self, text, colour, shared)

    def new(self, arg: str, colour: bool) -> str:
        return K.cmd_new(self, arg, colour)

    def load(self, path: str, data: Any, words: list[str], colour: bool) -> str:
        return K.load_game(self, path, data, words, colour)

    def notices(self) -> str:
        return CARDS_CHANGED if self.cards_changed() else ""

    def greeting(self) -> str:
        return f"Using the {self.choice.describe()}."

    def at_decision(self) -> str | None:
        if self.game is None or self.game.pending is None:
            return None
        return K.cmd_why(self, "")

    def toolbar(self) -> list[Part]:
        """Narrower, the turn goes first, then the decision's text is cut, then the scores are
        abbreviated: whose decision it is and its number of options stay."""
        game = self.game
        if game is None:
            return [part(plain("no game — `new` starts one"))]
        m, o = game.position.players[Side.MCCAIN].score, game.position.players[Side.OBAMA].score
        parts = [part(plain(f"turn {game.turn}"), (0, plain(f"T{game.turn}")), (1, ())),
                 part((("fg:ansired", f"McCain {m}"), ("", "  "), ("fg:ansiblue", f"Obama {o}")),
                      (3, (("fg:ansired", f"M{m}"), ("", " "), ("fg:ansiblue", f"O{o}"))), (6, ()), gap="  ")]
        pending = self.human_decision() or game.pending  # at secret picks: the keyboard's own
        if game.result:
            parts.append(part(plain(game.result.text())))
        elif pending:
            prompt, *cuts = words_cut(pending.prompt)
            parts += [part(plain(str(pending.player)), (5, ())),
                      part(plain(": " + prompt), *((2, plain(": " + cut)) for cut in cuts), (2, ()), gap=""),
                      part(plain(f"({len(pending.options)} options)"), gap=" ")]
        return parts

    def completions(self, command: str, text: str) -> list[str]:
        """Card ids, state names, groups and language keywords, as fits the command."""
        if command == "set":
            words = self._set_words(text)
            if words is not None:
                return words
        cards = self.cards
        if command in ("card", "explain", "play"):
            return [*cards.cards, *cards.news, *(r.id for r in cards.negative.values())]
        if command == "new":
            return [*SETUP_MODES, "vs", "random", "greedy", "ismcts", "human", "as", "mccain", "obama", "seed", "first"]
        states = [f'"{s}"' for s in cards.states] if command == "eval" else list(cards.states)
        groups = [f'"{g}"' for g in cards.groups] if command == "eval" else sorted(cards.groups)
        extra = sorted(keywords()) if command == "eval" else ["score", "hand", "news", "die", "issue", "key",
                                                              *ISSUES, "mccain", "obama", *cards.news]
        return [*states, *groups, *extra, *cards.cards]

    def _set_words(self, text: str) -> list[str] | None:
        """After `set STATE`: the row and marker words; after `set STATE key`: that state's two
        groups (the key marker can only go on one of them). None: not about a state."""
        rest = text[len("set"):].lstrip().lower()
        for name, tile in sorted(self.cards.states.items(), key=lambda kv: -len(kv[0])):
            if rest.startswith(name.lower() + " "):
                tail = rest[len(name):].lstrip()
                if tail.startswith("key "):
                    return list(tile.groups)
                return [] if " " in tail else [*ISSUES, "issue", "key"]  # a row: nothing to offer
        return None
