"""Campaign Manager 2008 at the REPL's prompt: its ``Keyboard`` (``cmdsl/kits/keyboard/keyboard.py``): the
command table and a line's dispatch, the bottom bar and Tab's words, over the session's state
(``keyboard.py``) and its commands (``keyboard_commands.py``, ``keyboard_debug.py``)."""

from __future__ import annotations

from typing import Any, ClassVar, Mapping

from ....bots.names import BOT_NAMES
from ....errors import did_you_mean
from ....kits.keyboard.keyboard import Command, KeyboardError, OnCommand
from ....kits.keyboard.toolbar import Part, part, plain, words_cut
from .keyboard import CampaignSession
from .keyboard_commands import (cmd_answer, cmd_board, cmd_hand, cmd_log, cmd_new, cmd_options, cmd_play, cmd_redo,
                                cmd_reload, cmd_save, cmd_undo, cmd_why, hand_over, load_game, matching_options)
from .keyboard_debug import cmd_card, cmd_debug, cmd_eval, cmd_explain, cmd_set, cmd_trace
from ..sides import ISSUES, Side
from ..setup import SETUP_MODES

#: A command of the game, run on its session.
SessionCommand = OnCommand[CampaignSession]


NEW = SessionCommand(cmd_new, "new [MODE] [vs BOT|human] [as SIDE] [seed N]",
                   "Start a game. MODE: " + ", ".join(SETUP_MODES) + "; BOT: " + ", ".join(BOT_NAMES)
                   + " (ismcts takes settings: vs ismcts:iterations=100; docs/bots.md)"
                   + ".\nExample: new draft vs greedy as obama seed 7")

#: The game's commands (the REPL adds `new`, `load`, `help`, `rules`, `clear` and `quit`, which every
#: game has).
COMMANDS: dict[str, SessionCommand] = {
    "board": SessionCommand(cmd_board, "board", "Show the states in play, scores, supplies, Media Support and your hand."),
    "hand": SessionCommand(cmd_hand, "hand", "Show your hand."),
    "options": SessionCommand(cmd_options, "options", "Show the pending decision and its numbered options."),
    "answer": SessionCommand(cmd_answer, "answer N|LABEL", "Answer the pending decision (a bare number works too)."),
    "play": SessionCommand(cmd_play, "play CARD-ID",
                    "Play a card from your hand (same as choosing its option)."),
    "log": SessionCommand(cmd_log, "log [N]", "Show the last N events (default 20)."),
    "card": SessionCommand(cmd_card, "card ID|TITLE|STATE|going-negative N",
                    "Show a card's rules text and source (by its id, its title or the start of it:\n"
                    "`card Town Hall Meetings`, `card straight talk`), a state's tile (`card Ohio`), or a\n"
                    "Going Negative result (`card going-negative 4`); Breaking News too."),
    "explain": SessionCommand(cmd_explain, "explain ID",
                       "Show a card's source, its syntax tree and the text generated from it."),
    "eval": SessionCommand(cmd_eval, "eval [as SIDE] EFFECT",
                    "Run an effect on the live position (at a play-or-draw decision), as SIDE\n"
                    "(default: the player to act). Its decisions are asked as usual. For several\n"
                    "lines, type `eval` (or `eval as obama`) alone, then the lines, then an empty line.\n"
                    "It is recorded in the game: undo, save and reload include it."),
    "debug": SessionCommand(cmd_debug, "debug [on|off]",
                     "Debug mode: see every card and event (the bot's hand and draws, deck orders).\n"
                     "Off, you see only what your seat may know. `eval`, `set` and `trace` turn it on."),
    "trace": SessionCommand(cmd_trace, "trace", "Show the events of your last action with the effect line behind each."),
    "set": SessionCommand(cmd_set, "set ...",
                   "Arrange the position at a play-or-draw decision (recorded like eval).\n\n"
                   "  set STATE defense|economy ROW   e.g. set Ohio economy B W[b] R[r] B\n"
                   "  set STATE issue N               the issue marker's box, 1-4\n"
                   "  set STATE key GROUP\n"
                   "  set score SIDE N\n"
                   "  set hand SIDE CARD...           these cards (from deck, discard or the pool)\n"
                   "  set news NEWS-ID                the next Breaking News\n"
                   "  set die N                       the next Going Negative roll"),
    "undo": SessionCommand(cmd_undo, "undo", "Take back your last decision (and the bot's replies); not past something it showed\n"
                    "you that was hidden (a card drawn, a die, a Breaking News, a bot's card) unless in debug mode."),
    "redo": SessionCommand(cmd_redo, "redo", "Re-apply what undo took back."),
    "save": SessionCommand(cmd_save, "save FILE [full]", "Save the game record (JSON) as your seat sees it (hot-seat: the public view).\n"
                    "`full` saves every hidden card too, for a bug report (the game is marked debugged)."),
    "reload": SessionCommand(cmd_reload, "reload",
                      "Re-read the card files, replay this game with them and report the first\n"
                      "event that differs (the game continues from there)."),
    "?": SessionCommand(cmd_why, "?", "Explain the pending decision: who decides, what each option does, what comes next."),
}


def run_line(s: CampaignSession, text: str, colour: bool, shared: Mapping[str, Command]) -> str:
    """Run one command line (stripped). Bare numbers and option labels answer the pending decision.

    An answer wins over a command of the same word: at "4. New Jersey", `New` must not start a
    new game. When the line is a command word alone and names one option, the player is asked."""
    commands: dict[str, Command] = {**{w: c.bound(s) for w, c in COMMANDS.items()}, **shared}
    if not text:
        return hand_over(s, colour) if s.handing_over else ""
    if s.handing_over and s.game is not None and (text.isdigit() or s.human_decision() is not None):
        waiting = s.human_decision()
        player = waiting.player if waiting is not None else s.at_keyboard
        if text.split()[0].lower() not in commands or text.isdigit():
            raise KeyboardError(f"hand the keyboard over first: press Enter when only {player} can see the screen")
    word, _, rest = text.partition(" ")
    cmd = commands.get(word.lower())
    decision = s.human_decision()
    if text.isdigit():
        return cmd_answer(s, text, colour)  # its errors name the valid numbers, or why none is
    if decision is not None and word.lower() not in ("answer", "play", "help"):
        hits = matching_options(decision, text)
        if len(hits) == 1:
            n = decision.options.index(hits[0]) + 1
            # a word alone may be meant either way ("New" at "New Jersey"): ask; with more words
            # ("New J") the line reads as the label
            if cmd is None or rest or s.host.confirm(f'"{text}" is option {n} ({hits[0].label}) and the command '
                                                     f"`{word.lower()}`: answer {n}? [Y/n]", True):
                return cmd_answer(s, hits[0].id, colour)
    if cmd is not None:
        return cmd.run(rest, colour)
    if decision is not None:
        near = did_you_mean(text, [o.label for o in decision.options]) or did_you_mean(word, commands)
        raise KeyboardError(f'"{text}" is neither one of the options nor a command'
                            + (f' (did you mean "{near}"?)' if near else "")
                            + f"; answer with a number from 1 to {len(decision.options)}, `?` explains the decision")
    near = did_you_mean(word, commands)
    raise KeyboardError(f'unknown command "{word}"' + (f' (did you mean "{near}"?)' if near else "")
                        + "; `help` lists the commands")




CARDS_CHANGED = "The card files changed: type `reload` to replay the game with them."


class CampaignKeyboard(CampaignSession):
    WORDS: ClassVar[tuple[str, ...]] = tuple(COMMANDS)
    START: ClassVar[str] = "Type `new` to play the beginner game against the random bot"
    #: `new`: how it is written and what it does, for `help new`
    NEW: ClassVar[tuple[str, str]] = (NEW.usage, NEW.help)
    #: how a decision is answered, for `help`
    ANSWER_HINT: ClassVar[str] = "Answer a pending decision with its number (or the start of its label)."
    #: the commands whose argument may be a block of lines (`eval` alone, or `eval as SIDE`)
    BLOCK: ClassVar[str | None] = r"eval( as \w+)?"

    def commands(self) -> Mapping[str, Command]:
        return {word: c.bound(self) for word, c in COMMANDS.items()}

    def run_line(self, text: str, colour: bool, shared: Mapping[str, Command]) -> str:
        return run_line(self, text, colour, shared)

    def new(self, arg: str, colour: bool) -> str:
        return cmd_new(self, arg, colour)

    def load(self, path: str, data: Any, words: list[str], colour: bool) -> str:
        return load_game(self, path, data, words, colour)

    def notices(self) -> str:
        return CARDS_CHANGED if self.cards_changed() else ""

    def greeting(self) -> str:
        return f"Using the {self.choice.describe()}."

    def at_decision(self) -> str | None:
        if self.game is None or self.game.pending is None:
            return None
        return cmd_why(self, "")

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
        from ..vocabulary import LANGUAGE  # the parser's words: not before the first prompt (issue 34)
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
        extra = sorted(LANGUAGE.keywords) if command == "eval" else ["score", "hand", "news", "die", "issue", "key",
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
