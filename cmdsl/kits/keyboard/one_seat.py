"""What a game's keyboard shares when people play some seats of a game whose decisions are one
seat's at a time, and bots the others (Racolage Électoral's, the test game's): the game in
progress and its bots, an answer by number or option, the screen of what the player at the
keyboard may see since they last had it, hot-seat hand-over between the humans, the log, whether
it is saved."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any, Callable, ClassVar, Mapping, Self

from ...bots import Bot, play_bot_move
from ...game.decisions import Decision, Option
from ...bots.match import seat_bots
from ...sets.record_file import save_json
from .keyboard import Command, Host, KeyboardError, asked, save_arguments
from .seating import loaded as loaded_line, versus, who_plays
from .undo_rule import check_undo
from ...sets.played_by import HUMAN, PlayedBy


@dataclass
class Seating:
    """Who is at this keyboard: the seats played by hand (in seat order), the one who has the
    keyboard, and whether it is being handed over (nothing is shown until Enter)."""

    humans: tuple[Any, ...]
    at_keyboard: Any
    handing_over: bool = False
    #: events of each human's view shown so far: whoever gets the keyboard sees what happened since
    shown: dict[Any, int] = field(default_factory=dict)
    #: who plays each seat, in seat order: ``human`` or a bot's spec (saved with the game)
    players: tuple[tuple[Any, str], ...] = ()

    def who_plays(self) -> str:
        return who_plays([(str(seat), player) for seat, player in self.players])

    def versus(self) -> str:
        return versus([(str(seat), player) for seat, player in self.players])


class LinesAtTheKeyboard:
    """How a one-seat keyboard reads a typed line and ends a game: its commands first, then an
    answer, and once the game is over the `new` that deals it again. The game gives its table
    (``dealt_again``); the keyboard, its commands and answers."""

    ME: ClassVar[Any]
    NEW_COMMAND: ClassVar[str]
    game: Any
    seating: "Seating"
    seed_hidden: bool

    def hand_over(self) -> str:
        raise NotImplementedError

    def answer(self, text: str) -> str:
        raise NotImplementedError

    def run_line(self, text: str, colour: bool, shared: Mapping[str, Command]) -> str:
        """A line typed at the keyboard: a command (the game's own, then the REPL's), Enter to take
        the keyboard when it is being handed over, or an answer (then, once the game is over, the
        `new` that deals it again)."""
        word, _, rest = text.partition(" ")
        cmd = {**self.commands(), **shared}.get(word.lower())
        if not text:  # Enter: takes the keyboard when it is being handed over
            return self.hand_over() if self.game is not None and self.seating.handing_over else ""
        if cmd is not None:
            return cmd.run(rest, colour)
        was_over = self.game is not None and self.game.over
        shown = self.answer(text)
        return shown + ("" if was_over else self._seed_line())

    def commands(self) -> Mapping[str, Command]:
        raise NotImplementedError

    def dealt_again(self) -> tuple[int, int, str]:
        """The game's table, as its `new` says it: how many players, the seed, and the words of
        its own options (e.g. "short "); the game's."""
        raise NotImplementedError

    def _seed_line(self) -> str:
        """Once the game is over: the `new` that deals it again at the same table."""
        if self.game is None or not self.game.over:
            return ""
        self.seed_hidden = False
        players, seed, own = self.dealt_again()
        humans = self.seating.humans
        mine = f"as {humans[0].value} " if len(humans) == 1 and humans[0] is not self.ME else ""
        many = f"{len(humans)} humans " if 1 < len(humans) < players else ""
        again = f"{self.NEW_COMMAND} {players} players {many}{self.seating.versus()} {mine}{own}seed {seed}"
        return f"\nThe seed was {seed} (`{again}` deals this game again)."


def history_commands(keyboard: "OneSeatKeyboard", seen_as: str, undo_stops: str, debug_note: str = "") -> dict[str, Command]:
    """The commands of a game's history every one-seat keyboard has: `log` (as ``seen_as`` saw
    it), `undo` (which stops where ``undo_stops`` says), `redo` and `debug` (``debug_note``: what
    else the game's debug mode does, or not)."""
    return {"log": Command(lambda arg, colour: keyboard.log(), "log", f"Show the game so far, as {seen_as} saw it."),
            "undo": Command(lambda arg, colour: keyboard.undo(), "undo",
                            f"Take back your last answer and the bots' since; not back past {undo_stops}, outside "
                            "debug mode."),
            "redo": Command(lambda arg, colour: keyboard.redo_one(), "redo", "Give again the answers undone last."),
            "debug": Command(lambda arg, colour: keyboard.set_debug(arg), "debug [on|off]",
                             "Debug mode: `undo` may go back past what you were shown; the game is marked as "
                             "debugged in its files." + (f" {debug_note}" if debug_note else ""))}


class OneSeatKeyboard(LinesAtTheKeyboard):
    """A keyboard at which some seats (by default ``ME`` alone) are played by hand and every other
    by a bot. With several humans (hot-seat) the keyboard is handed over between them."""

    #: the seat played at the keyboard unless a game says otherwise; how the game is started again
    #: (`new …`), for the messages
    ME: ClassVar[Any]
    NEW_COMMAND: ClassVar[str]
    ANSWER_HINT: ClassVar[str] = "Answer with the number of an option in the list, or the option itself."
    BLOCK: ClassVar[str | None] = None  # nothing blocks a line: every decision is one seat's, in the open

    def __init__(self) -> None:
        self.seed_hidden = False  # a game dealt from a random seed says it only once it is over
        self.game: Any = None  # the game's Driver, None before one is started or loaded
        self.bots: dict[Any, Bot] = {}
        self.seating = Seating((), None)
        self.saved = True
        # Debug mode (`debug on`): undo may go back past a reveal. A game once in debug mode, or
        # saved in full, is marked as debugged in the files saved of it (docs/secrets.md).
        self.debug = False
        self.debugged = False
        self.redo: list[list[tuple[Any, str]]] = []  # undone answers, the latest last: (seat, option id)

    # ---- state ------------------------------------------------------------------------------

    @property
    def me(self) -> Any:
        """The seat at the keyboard (``ME`` before a game)."""
        return self.seating.at_keyboard if self.seating.at_keyboard is not None else self.ME

    def unsaved(self) -> bool:
        return self.game is not None and not self.saved and not self.game.over

    def copy_game(self, game: Any) -> Any:
        """An independent copy of ``game`` with its whole log (a checkpoint's)."""
        return game.fork()

    def checkpoint(self) -> Callable[[], Self]:
        kept = (self.copy_game(self.game) if self.game is not None else None, copy.deepcopy(self.bots), self.saved,
                replace(self.seating, shown=dict(self.seating.shown)), self.debug, self.debugged,
                [list(c) for c in self.redo])
        return partial(self._restore, kept)

    def _restore(self, kept: tuple[Any, dict[Any, Bot], bool, Seating, bool, bool, list[list[tuple[Any, str]]]]
                 ) -> Self:
        self.game, self.bots, self.saved, self.seating, self.debug, self.debugged, self.redo = kept
        return self

    def notices(self) -> str:
        return ""

    def at_decision(self) -> str | None:
        return None

    # ---- starting ---------------------------------------------------------------------------

    def loaded(self, path: str, game: Any, host: Host, bot: str | None = "random",
               humans: tuple[Any, ...] | None = None, debugged: bool = False,
               played_by: PlayedBy | None = None) -> str:
        """`load FILE`: the record's game goes on here (asking first to drop an unsaved one), each
        seat played as the file says (``played_by``) unless ``bot`` is given; a file of before
        says nothing, and the random bot plays."""
        host.may_discard("load")
        said = None if bot is not None or played_by is None else {
            seat: player for seat in game.seats for name, player in played_by if seat.value == name}
        self.start(game, bot or "random", humans, said)
        self.saved, self.debugged = True, debugged
        return (loaded_line(path, len(game.record(False)["answers"]), self.seating.who_plays(),
                            told=said is not None or bot is not None) + "\n" + self.screen())

    def start(self, game: Any, bot: str | None, humans: tuple[Any, ...] | None = None,
              seated: dict[Any, str] | None = None) -> None:
        """Play ``game`` from here: ``humans`` (default ``ME``) at this keyboard, the bot ``bot``
        at every other seat (None: there is none); or each seat as ``seated`` says (a person,
        ``human``, or a bot's spec; ``humans[0]`` is a person's if none is)."""
        if seated is None or HUMAN not in seated.values():
            mine = tuple(s for s in game.seats if s in (humans or (self.ME,)))
            seated = {s: HUMAN if s in mine else (seated or {}).get(s, bot or "random") for s in game.seats}
        humans = tuple(s for s in game.seats if seated[s] == HUMAN)
        self.game, self.saved, self.debug, self.debugged, self.redo = game, False, False, False, []
        others = [s for s in game.seats if s not in humans]
        self.bots = dict(seat_bots([seated[s] for s in others], others, game.game.seed)) if others else {}
        self.seating = Seating(humans, humans[0], players=tuple((s, seated[s]) for s in game.seats))
        self.run_bots()
        deciding = self.deciding()
        if deciding is not None:  # the first to answer has the keyboard: nobody has seen anything yet
            self.seating = replace(self.seating, at_keyboard=deciding)

    def run_bots(self) -> None:
        game = self.require()
        while any(d.player in self.bots for d in game.pending_decisions):
            play_bot_move(game, self.bots)

    def require(self) -> Any:
        if self.game is None:
            raise KeyboardError(f"no game yet: start one with `{self.NEW_COMMAND}`")
        return self.game

    def deciding(self) -> Any:
        """The human who must answer now, if one must."""
        return next((d.player for d in self.require().pending_decisions if d.player in self.seating.humans), None)

    def hot_seat(self) -> bool:
        return len(self.seating.humans) > 1

    # ---- hot-seat -----------------------------------------------------------------------------

    def require_seen(self) -> Any:
        """The game, unless the keyboard is being handed over (then nothing may be shown)."""
        game = self.require()
        if self.seating.handing_over:
            raise KeyboardError(f"hand the keyboard over first: press Enter when only {self.me} can see the screen")
        return game

    def hand_over(self) -> str:
        """Enter while handing over: the next player has the keyboard and sees what is new to them."""
        self.seating = replace(self.seating, handing_over=False)
        return self.screen()

    def _pass_keyboard(self) -> str:
        """After an answer: the screen of who answered, and, when another human must answer now, the
        hand-over line (their view only after Enter)."""
        out = self.screen()
        nxt = self.deciding()
        if nxt is not None and nxt is not self.me:
            self.seating = replace(self.seating, at_keyboard=nxt, handing_over=True)
            out = "\n".join(x for x in (out, f"— Hand the keyboard to {nxt} and press Enter when only {nxt} can see "
                                              "the screen. —") if x)
        return out

    # ---- playing ----------------------------------------------------------------------------------

    def answer(self, text: str) -> str:
        """The answer of the player at the keyboard: the number of an option in the list, its
        label or its id; or, at a decision of amounts, an amount (``pick_option``)."""
        game = self.require_seen()
        mine = next((d for d in game.pending_decisions if d.player is self.me), None)
        if mine is None:
            raise KeyboardError(f"the game is over (`{self.NEW_COMMAND}` deals another)")
        option = pick_option(mine, text)
        game.answer(option.id, self.me)
        self.saved, self.redo = False, []
        self.run_bots()
        return self._pass_keyboard()

    # ---- undo / redo (the undo rule: cmdsl/kits/keyboard/undo_rule.py) -----------------------------------

    def fresh_game(self, game: Any) -> Any:
        """``game`` as it was dealt, before any answer (a game whose keyboard has `undo` says how)."""
        raise NotImplementedError

    def reveals(self, event: Any, seat: Any) -> str | None:
        """What ``event`` showed ``seat`` that was hidden before it (the undo rule), or None."""
        raise NotImplementedError

    def answers_since_deal(self, game: Any) -> list[str]:
        """Every answer of ``game`` since its deal (a fork's own start at its checkpoint too)."""
        raise NotImplementedError

    def _history(self) -> list[tuple[Any, str]]:
        """Every answer since the deal, with the seat that gave it (replayed from the deal)."""
        game = self.require()
        again, out = self.fresh_game(game), []
        for a in self.answers_since_deal(game):
            seat = again.pending_decisions[0].player
            out.append((seat, a))
            again.answer(a, seat)
        return out

    def undo(self) -> str:
        """Back to before the last answer given at this keyboard, the bots' answers since going too;
        not back past an event that showed the player who would answer again something hidden
        (a card they drew, a card from another hand, an Event turned up), outside debug mode."""
        self.require_seen()
        history = self._history()
        undone: list[tuple[Any, str]] = []
        while history:
            undone.insert(0, history.pop())
            if undone[0][0] in self.seating.humans:
                break
        else:
            raise KeyboardError("undo: nothing to undo: no answer was given at this keyboard")
        back = self.fresh_game(self.game)
        for seat, a in history:
            back.answer(a, seat)
        again = {d.player for d in back.pending_decisions if d.player in self.seating.humans}
        check_undo(self.game.events[len(back.events):], again, self.reveals, self.debug)
        self.game, self.saved = back, False
        self.redo.append(undone)
        self.debugged = self.debugged or self.debug
        seat = undone[0][0]
        # what the undone answers showed is shown again when it happens again
        shown = {s: min(n, len(back.events)) for s, n in self.seating.shown.items()}
        self.seating = replace(self.seating, at_keyboard=seat, shown=shown,
                               handing_over=seat is not self.me and self.hot_seat())
        return f"Undone: {len(undone)} answer{'s' if len(undone) != 1 else ''}.\n" + (
            self._pass_keyboard() if not self.seating.handing_over else
            f"— Hand the keyboard to {seat} and press Enter when only {seat} can see the screen. —")

    def redo_one(self) -> str:
        self.require_seen()
        if not self.redo:
            raise KeyboardError("redo: nothing to redo")
        game = self.require()
        chunk = self.redo.pop()
        for seat, a in chunk:
            game.answer(a, seat)
        self.saved = False
        return f"Redone: {len(chunk)} answer{'s' if len(chunk) != 1 else ''}.\n" + self._pass_keyboard()

    def set_debug(self, arg: str) -> str:
        word = arg.strip().lower()
        if word not in ("on", "off", ""):
            raise KeyboardError("debug: on or off")
        self.debug = word != "off" if word else not self.debug
        self.debugged = self.debugged or self.debug
        return ("Debug mode is on: `undo` may go back past what you were shown, and the game is marked as debugged."
                if self.debug else "Debug mode is off: `undo` stops where you were shown something hidden.")

    def screen(self) -> str:
        """What the player at the keyboard may see since they last had it, then their decision
        with numbered options."""
        game, me = self.require(), self.me
        log = game.view(me).log
        news = [e.text() for e in log[self.seating.shown.get(me, 0):]]
        self.seating.shown[me] = len(log)
        mine = next((d for d in game.pending_decisions if d.player is me), None)
        if mine is not None:
            news.append(f"{me}, {asked(mine.prompt)}")
            for i, o in enumerate(mine.options, 1):
                news += [f"  {i}. {o.label}", *("       " + line for line in self.option_details(o))]
            hint = amount_line(mine)
            if hint is not None:
                news.append(hint)
        return "\n".join(news)

    def option_details(self, option: Any) -> list[str]:
        """What an option does, under its label (a card's text); none by default."""
        return []

    def log(self) -> str:
        return "\n".join(e.text() for e in self.require_seen().view(self.me).log)

    def file_record(self, full: bool) -> Any:
        """What `save` writes (``full``: every hidden card); a game's own may keep secrets."""
        return self.require().record(full)

    def save(self, arg: str, full_only: str | None = None) -> str:
        """`save FILE [full]`; ``full_only``: the refusal when the game saves its full record only."""
        path, full = save_arguments(arg)
        if full_only is not None and not full:
            raise KeyboardError(full_only)
        try:
            save_json(self.file_record(full or full_only is not None), path)
        except OSError as e:
            raise KeyboardError(f"save: cannot write {path} ({e.strerror})") from None
        self.saved = True
        return f"Saved to {path}."


def pick_option(decision: Decision, text: str) -> Option:
    """The option ``text`` answers at the keyboard; ``KeyboardError`` if none. First an option's
    label or id (ignoring case). Then, at a decision with an amount hint (``Decision.amount``), a
    typed amount ("7000", "7,000", "€7k": ``Amount.parse``) answers that amount, and "#N" is
    option N of the list: a bare number is always an amount there, never a place in the list.
    Without a hint, a number N (or "#N") is option N of the list, as it always was."""
    options = decision.options
    low = text.strip().lower()
    option = next((o for o in options if low in (o.label.lower(), o.id.lower())), None)
    if option is not None:
        return option
    amount = decision.amount
    place = low[1:].strip() if low.startswith("#") else (low if amount is None else "")
    if place.isascii() and place.isdigit():
        if 1 <= int(place) <= len(options):
            return options[int(place) - 1]
        raise KeyboardError(f'"{text}" is not an option ({decision.prompt}): answer {_places(decision)}')
    if amount is not None:
        n = amount.parse(text)
        if n is not None:
            by_amount = decision.by_amount(n)
            if by_amount is None:
                raise KeyboardError(f'"{text}" is not a legal amount ({decision.prompt}, {amount.describe()})')
            return by_amount
    raise KeyboardError(f'"{text}" is not an option ({decision.prompt}): answer {_places(decision)}')


def _places(decision: Decision) -> str:
    """How to answer, for an error message: the list's numbers; an amount first where there is a hint."""
    amount = decision.amount
    if amount is None:
        return f"1 to {len(decision.options)}"
    return f"an amount ({amount.describe()}), or #1 to #{len(decision.options)} for an option of the list"


def amount_line(decision: Decision) -> str | None:
    """The line under a decision's numbered options that says an amount may be typed (and how the
    list's numbers are typed then: "#N"); None without an amount hint."""
    amount = decision.amount
    if amount is None:
        return None
    steps = "" if amount.step == 1 else f", in steps of {amount.show(amount.step)}"
    return (f"Type an amount: {amount.show(amount.min)} to {amount.show(amount.max)}{steps} "
            f"(or #N for option N of the list).")
