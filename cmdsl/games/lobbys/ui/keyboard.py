"""Lobbys at the REPL (the state behind its ``Keyboard``, ``prompt.py``): the game, which seats are
human, the bots, hot-seat, undo/redo. Its commands are ``keyboard_commands.py``.

Lobbys (docs/lobbys.md) has every seat pick in secret at once. The bots pick as soon as a step
opens (``play_bot_move``: each from its own view); the humans pick at this keyboard, one after the
other, handing it over in between (hot-seat); the step is revealed when the last pick is in.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, replace
from typing import Any

from cmdsl.bots import Bot, bot_seed, parse_bot, play_bot_move
from cmdsl.errors import CmdslError
from cmdsl.game.decisions import Decision, Option
from cmdsl.game.audience import Event
from .. import events as E
from ....sets.set_location import SetChoice, choose_set
from ..data import DATA_FILE, LobbysData, load_data
from ....game.driver import Driver
from ..game import LobbysGame, from_record, history, lobbys_game, lobbys_of
from ..record import seat_record
from ..seats import LobbysSeat
from cmdsl.bots.thinking import Watch, quiet

from cmdsl.kits.keyboard.keyboard import Host
from cmdsl.kits.keyboard.seating import versus, who_plays
from cmdsl.kits.keyboard.undo_rule import check_undo
from ....sets.played_by import HUMAN, PlayedBy
from ....values import value

PLAYER_COUNTS = (2, 3, 4, 5)  # L1.1


class LobbysError(CmdslError):
    """A one-line problem with what the user asked in a Lobbys game; nothing changed."""


@value
class LobbysSetup:
    """What `new lobbys ...` asked for."""

    players: int = 3
    humans: int | None = None  # None: every seat, unless a bot is named
    bot: str | None = None  # canonical bot text (``ismcts:iterations=50``)
    seed: int | None = None
    people: bool = False
    first_human: int = 0  # `as pK`: the (first) human's seat index; more humans take the seats after it

    def human_count(self) -> int:
        if self.humans is not None:
            return self.humans
        return 1 if self.bot is not None else self.players


def bots_for(spec: str, game: LobbysGame, seats: tuple[LobbysSeat, ...]) -> dict[LobbysSeat, Bot]:
    """A bot at each of ``seats``, seeded as ``cmdsl play --game lobbys`` seeds it (``bot_seed``)."""
    made = parse_bot(spec)
    return {seat: made.make(bot_seed(lobbys_of(game).seed, game.seats, seat)) for seat in seats}


@dataclass
class LobbysSession:
    game: LobbysGame
    humans: tuple[LobbysSeat, ...]  # in seat order
    bots: dict[LobbysSeat, Bot]
    #: who plays each seat: ``human`` or a bot's spec (saved with the game, said by `load`)
    players: dict[LobbysSeat, str]
    seed_hidden: bool = False
    at_keyboard: LobbysSeat | None = None
    handing_over: bool = False
    saved: bool = False
    # How many events of the game each human has been shown (in their seat's view): whoever gets
    # the keyboard sees what happened since they last had it.
    shown: dict[LobbysSeat, int] = field(default_factory=dict)
    # Undone steps, the latest last: each a list of answers (seat, card id) in the order given.
    redo: list[list[tuple[LobbysSeat, str]]] = field(default_factory=list)
    # Opened around the bots' picks: the prompt gives one that says "Player 2 is thinking… 1.2 s".
    watch: Watch = quiet
    # Debug mode (`debug on`): undo may go back past a reveal. A game once in debug mode is marked
    # as debugged in the files saved of it (docs/secrets.md).
    debug: bool = False
    debugged: bool = False

    def seated(self) -> list[tuple[str, str]]:
        return [(str(x), self.players[x]) for x in self.game.seats]

    def who_plays(self) -> str:
        return who_plays(self.seated())

    def deal_again(self) -> str:
        """The `new lobbys …` that deals the game again at the same table."""
        held = lobbys_of(self.game)
        words = ["new lobbys", f"{held.players} players"]
        if 1 < len(self.humans) < held.players:
            words.append(f"{len(self.humans)} humans")
        words.append(versus(self.seated()))
        if len(self.humans) < held.players and self.humans[0] is not self.game.seats[0]:
            words.append(f"as {self.humans[0].value}")
        words += ["people"] if held.people_variant else []
        return " ".join(words + [f"seed {held.seed}"])

    # ---- starting -----------------------------------------------------------------------

    @staticmethod
    def start(setup: LobbysSetup, seed: int, hidden: bool, watch: Watch = quiet,
              data: LobbysData | None = None) -> "LobbysSession":
        """A new game of ``setup`` from ``seed``, with the game data ``data`` (default: bundled)."""
        try:
            game = lobbys_game(seed, setup.players, people_variant=setup.people, data=data)
        except ValueError as e:
            raise LobbysError(f"new: {e}") from None
        k = setup.first_human
        taken = set((game.seats[k:] + game.seats[:k])[: setup.human_count()])
        humans = tuple(seat for seat in game.seats if seat in taken)
        bot_seats = tuple(seat for seat in game.seats if seat not in taken)
        bots = bots_for(setup.bot or "random", game, bot_seats) if bot_seats else {}
        players = {x: HUMAN if x in taken else setup.bot or "random" for x in game.seats}
        s = LobbysSession(game, humans, bots, players, seed_hidden=hidden)
        s.at_keyboard = game.seats[k] if game.seats[k] in taken else humans[0]
        s.watch = watch
        s.run_bots()
        return s

    @staticmethod
    def from_record(data: Any, path: str, bot: str | None, seat: int = 0, watch: Watch = quiet,
                    game_data: LobbysData | None = None, played_by: PlayedBy | None = None) -> "LobbysSession":
        """A loaded record: each seat played as the file says (``played_by``), unless ``bot`` is
        given (or the file is of before): then the seat of index ``seat`` is human, the others
        bots (``bot``, random by default) or, with ``human``, hot-seat."""
        game = from_record(data, path, game_data=game_data)  # a RecordError names what is wrong
        if seat >= len(game.seats):
            raise LobbysError(f"load: this game has seats p1 to p{len(game.seats)}, not p{seat + 1}")
        said = dict(played_by) if played_by is not None and bot is None else None
        if said is not None and HUMAN in said.values():
            humans = tuple(x for x in game.seats if said[x.value] == HUMAN)
            seat = game.seats.index(humans[0])
            specs = {x: said[x.value] for x in game.seats if x not in humans}
        else:
            humans = game.seats if bot == "human" else (game.seats[seat],)
            specs = {x: bot if bot not in (None, "human") else "random" for x in game.seats if x not in humans}
        bots = {x: bots_for(spec, game, (x,))[x] for x, spec in specs.items()}  # each seeded by its seat
        s = LobbysSession(game, humans, bots, {x: specs.get(x, HUMAN) for x in game.seats}, saved=True,
                          debugged=bool(isinstance(data, dict) and data.get("debugged") is True))
        s.at_keyboard = s.next_human(game.seats[seat - 1] if seat else None) or humans[0]
        s.watch = watch
        s.run_bots()
        # the players know the game so far (`log` shows it): only what happens next is news
        s.shown = {seat: len(game.events) for seat in humans}
        return s

    # ---- who decides ----------------------------------------------------------------------

    def hot_seat(self) -> bool:
        return len(self.humans) > 1

    def decision(self, seat: LobbysSeat | None) -> Decision | None:
        return next((d for d in self.game.pending_decisions if d.player is seat), None)

    def next_human(self, after: LobbysSeat | None) -> LobbysSeat | None:
        """The next human with a pick pending, in seat order after ``after`` (cyclically)."""
        waiting = [d.player for d in self.game.pending_decisions if d.player in self.humans]
        if not waiting:
            return None
        order = list(self.humans)
        start = order.index(after) + 1 if after in order else 0
        for seat in order[start:] + order[:start]:
            if seat in waiting:
                return seat
        return None

    def mine(self) -> Decision | None:
        """The decision of the player at the keyboard, if any."""
        return self.decision(self.at_keyboard)

    def run_bots(self) -> None:
        """Every bot with a pick pending picks now, unseen by the humans (revealed with theirs)."""
        if any(d.player in self.bots for d in self.game.pending_decisions):
            with self.watch() as choosing:  # one line for the whole wait, naming who chooses
                while any(d.player in self.bots for d in self.game.pending_decisions):
                    play_bot_move(self.game, self.bots, choosing)

    # ---- answering ------------------------------------------------------------------------

    def option(self, text: str) -> Option:
        """The option a human's answer names: its number, its id (``7H``, any case) or label (``7♥``)."""
        d = self.mine()
        if d is None:
            raise LobbysError("the game is over: no pick is pending (`new lobbys` starts another)"
                              if self.game.over else "no pick is pending for you")
        text = text.strip()
        if text.isdigit():
            n = int(text)
            if not 1 <= n <= len(d.options):
                raise LobbysError(f"{n} is not an option: choose a number from 1 to {len(d.options)}")
            return d.options[n - 1]
        for o in d.options:
            if text.lower() in (o.id.lower(), o.label.lower()):
                return o
        hand = " ".join(o.label for o in d.options)
        raise LobbysError(f'"{text}" is not a card in your hand ({hand}); answer with a number from 1 to '
                          f"{len(d.options)}, a card id like {d.options[0].id} or a label like {d.options[0].label}")

    def answer(self, option: Option) -> None:
        """The player at the keyboard picks ``option``; then the keyboard goes to the next human
        who has to pick, or, once the step is revealed, stays (they pick first in the next step)."""
        seat = self.at_keyboard
        assert seat is not None
        self.game.answer(option.id, seat)  # IllegalAnswer changes nothing
        self.redo.clear()
        self.saved = False
        self.run_bots()
        self.pass_keyboard(seat)

    def pass_keyboard(self, after: LobbysSeat) -> None:
        if self.mine() is not None:
            return
        nxt = self.next_human(after)
        if nxt is not None and nxt is not self.at_keyboard:
            self.at_keyboard = nxt
            self.handing_over = True  # nothing of their hand until they press Enter

    # ---- undo / redo through the record ----------------------------------------------------

    def answers(self) -> list[tuple[LobbysSeat, str]]:
        return [(a.seat, a.answer) for a in history(self.game)]

    def _rebuild(self, answers: list[tuple[LobbysSeat, str]]) -> LobbysGame:
        game = Driver(lobbys_of(self.game).anew())
        for seat, answer in answers:
            game.answer(answer, seat)
        return game

    def undo(self) -> None:
        """Back to before the last human pick: the bots' picks made since go too (a whole step
        with bots). In hot-seat the keyboard goes to the player whose pick was undone."""
        answers = self.answers()
        undone: list[tuple[LobbysSeat, str]] = []
        while answers:
            undone.insert(0, answers.pop())
            if undone[0][0] in self.humans:
                break
        else:
            raise LobbysError("nothing to undo")
        seat = undone[0][0]
        back = self._rebuild(answers)
        # not back past what was hidden and shown to whoever picks again (docs/secrets.md)
        again = {d.player for d in back.pending_decisions if d.player in self.humans}
        check_undo(self.game.events[len(back.events):], again, reveals, self.debug)
        self.game = back
        self.redo.append(undone)
        self.saved = False
        if seat is not self.at_keyboard:
            self.at_keyboard = seat
            self.handing_over = True
        # what the undone picks revealed is shown again when the step is revealed again
        for s in self.humans:
            self.shown[s] = min(self.shown.get(s, 0), len(self.game.events))

    def redo_one(self) -> None:
        if not self.redo:
            raise LobbysError("nothing to redo")
        chunk = self.redo.pop()
        for seat, answer in chunk:
            self.game.answer(answer, seat)
        self.saved = False
        self.pass_keyboard(chunk[0][0])

    # ---- files -----------------------------------------------------------------------------

    def set_debug(self, on: bool) -> None:
        self.debug = on
        self.debugged = self.debugged or on

    def file_view(self) -> str:
        """Whose view a saved file holds (docs/secrets.md): the human's seat against bots, the
        public view in hot-seat (the file is for every player at the table)."""
        return self.humans[0].value if len(self.humans) == 1 else "public"

    def record(self, full: bool = False) -> dict[str, Any]:
        """The game as a file for the human's seat (``file_view``), or, ``full``, the whole
        record (every hidden card, for a bug report), marked as debugged (``cmd_save`` marks the
        game so once the file is written)."""
        record = seat_record(self.game, "full" if full else self.file_view(), self.debugged or full)
        return replace(record, played_by=tuple((x.value, self.players[x]) for x in self.game.seats)).to_json()

    def unsaved(self) -> bool:
        return not self.saved and not self.game.over

    def hides_seed(self) -> bool:
        return self.seed_hidden and not self.game.over

    def checkpoint(self) -> "tuple[LobbysSession, tuple[tuple[LobbysSeat, str], ...]]":
        """What ``restore`` needs to undo a command that failed half-way (``Session.transaction``)."""
        twin = copy.copy(self)
        twin.bots = copy.deepcopy(self.bots)  # their RNGs too, so replies replay the same
        twin.shown = dict(self.shown)
        twin.redo = [list(c) for c in self.redo]
        return twin, tuple(self.answers())

    @staticmethod
    def restore(point: "tuple[LobbysSession, tuple[tuple[LobbysSeat, str], ...]]") -> "LobbysSession":
        twin, answers = point
        if tuple(twin.answers()) != answers:  # the game was changed in place: replay it
            twin.game = twin._rebuild(list(answers))
        return twin


def reveals(event: Event, seat: LobbysSeat) -> str | None:
    """What ``event`` showed ``seat`` that was hidden before it (the undo rule, ``undo_rule.py``)."""
    if isinstance(event, (E.VotesRevealed, E.OffersRevealed)):
        return "the picks revealed (L11.7)"
    if isinstance(event, E.HandDealt):
        return "the hand you were dealt" if event.audience().includes(seat) else None
    if isinstance(event, E.PeopleDrawn):
        return "a People card drawn"
    if isinstance(event, E.ContractsTurnedUp):
        return "the contracts turned up"
    return None


@dataclass
class LobbysAtKeyboard:
    """The keyboard's state: the session that holds it, and the game being played (None before
    `new lobbys` or a `load`)."""

    host: Host
    cards_path: str | None = None  # `--cards`: a Lobbys set (its data file), else cmdsl.toml's or the bundled one
    session: LobbysSession | None = None
    choice: SetChoice = field(init=False)  # which set, and why
    data: LobbysData = field(init=False)

    def __post_init__(self) -> None:
        self.choice = choose_set(self.cards_path, "lobbys")
        self.data = load_data(self.choice.path / DATA_FILE)  # a broken set: its located error, once

    @property
    def game(self) -> LobbysGame | None:
        return self.session.game if self.session is not None else None
