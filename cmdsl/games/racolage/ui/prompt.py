"""Racolage Électoral at the REPL: its ``Keyboard`` (cmdsl/kits/keyboard/keyboard.py). The REPL runs `new
racolage`, `load`, `help`, `rules`, `clear` and `quit` itself and gives every other line to this
keyboard: an answer (a number of the list, or the option), `table` (`board`), `hand`, `?`, `card
ID [fr]`, `log`, `save FILE [full]`. People play some seats, bots the others; with several people
(hot-seat) the keyboard is handed over between them. Everything shown is what the player at the
keyboard may know (their seat's view: explain.py); a file saved holds that view (record.py)."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any, ClassVar, Mapping

from ....errors import CardError, CmdslError
from ....kits.keyboard.keyboard import Command, Host, KeyboardError, save_arguments
from ....kits.keyboard.one_seat import OneSeatKeyboard, history_commands
from ....kits.keyboard.table_words import read_load, read_table
from ....kits.keyboard.seating import taking
from ....kits.keyboard.toolbar import Part, part, plain
from .. import catalog
from . import explain
from .. import events as E
from ..cards import RacolageSet
from ..game import RacolageGame
from ..game import copy, from_record, racolage_game, racolage_of, seat_record_of
from ..loader import bundled_set, load_set
from ..record import MAX_SEED, parse_record, seat_named
from ....sets.seat_files import FULL, PUBLIC
from ..seats import PLAYER_COUNTS, SEATS, RacolageSeat

ME = SEATS[0]  # the human at the keyboard plays Player 1 unless `as pK` says otherwise
EXAMPLE = "e.g. `new racolage 3 players vs greedy seed 3`, `new racolage 3 players 2 humans vs random as p2`"


def _seat(word: str, command: str) -> RacolageSeat:
    """`p2`, `2` or `player2` → Player 2."""
    digits = word.lower().removeprefix("player").removeprefix("p")
    seat = SEATS[int(digits) - 1] if digits.isdigit() and 1 <= int(digits) <= len(SEATS) else None
    if seat is None:
        raise KeyboardError(f'{command}: `as` takes a seat, p1 to p{len(SEATS)}, not "{word}"')
    return seat


class RacolageKeyboard(OneSeatKeyboard):
    WORDS: ClassVar[tuple[str, ...]] = ("hand", "table", "board", "?", "card", "log", "save", "undo", "redo", "debug")
    START: ClassVar[str] = "Type `new racolage 4 players vs random` to play against three random bots"
    NEW: ClassVar[tuple[str, str]] = (
        "new racolage [N players] [M humans] [vs BOT|human] [as pK] [seed N]",
        "Start a game of Racolage Électoral (2 to 4 players, default 4). Without `vs`, every seat is played "
        "here (hot-seat); with `vs BOT`, you are Player 1 (or the first M players; `as p2`: from Player 2 "
        "on) and the bot plays the others.")
    ME: ClassVar[Any] = ME
    NEW_COMMAND: ClassVar[str] = "new racolage"

    def __init__(self, host: Host, cards_path: str | None) -> None:
        super().__init__()
        self.host = host
        self.cards_path = cards_path

    # ---- the keyboard's commands --------------------------------------------------------

    def commands(self) -> Mapping[str, Command]:
        board = Command(lambda arg, colour: self._board(), "table",
                        "Show the board: each player's party, notoriety, media space and bonus zone, hand size "
                        "and skips; the Event, the decks and the discard pile. `board` is the same.")
        return {"table": board, "board": Command(board.run, "board", "The same as table."),
                "hand": Command(lambda arg, colour: self._hand(), "hand", "Show your hand, with each card's kind and numbers."),
                "?": Command(lambda arg, colour: self._why(), "?",
                             "Explain your decision from your seat's view: what each option does, rule by rule; "
                             "in phase 2, why each Media card of your hand can or cannot be placed."),
                "card": Command(lambda arg, colour: self._card(arg), "card ID|NAME [fr]",
                                "Show a card and what it does, in English or French: by its id, its English or "
                                "French name, or the start of one (`card A44`, `card A44 fr`)."),
                "save": Command(lambda arg, colour: self._save(arg), "save FILE [full]",
                                "Save the game as a file for you: your seat's view (hot-seat: the public view); "
                                "`full`: every hidden card, for a bug report."),
                **history_commands(self, "your seat", "a card you drew, a card from another hand or an Event "
                                   "turned up (docs/secrets.md)",
                                   "Racolage's debug mode shows no more cards than your seat's.")}

    def at_decision(self) -> str | None:
        if self.game is None or self.seating.handing_over or self.game.view(self.me).decision is None:
            return None
        return self._why()

    def new(self, arg: str, colour: bool) -> str:
        t = read_table(arg, command="new racolage", counts=PLAYER_COUNTS, rule="RA1.1", example=EXAMPLE, seat="seat",
                       max_seed=MAX_SEED)
        players, count, bot, seed = t.players, t.humans, t.bot, t.seed
        first = _seat(t.first, "new") if t.first is not None else ME
        if first.index >= players:
            raise KeyboardError(f"new: a {players}-player game has seats p1 to p{players}, not {first.value}")
        cards = self._cards()
        self.host.may_discard("new")
        self.seed_hidden = seed is None
        seed = seed if seed is not None else secrets.randbelow(MAX_SEED + 1)
        game = racolage_game(seed, players, cards)
        order = game.seats[first.index:] + game.seats[:first.index]
        self.start(game, bot, order[:count])
        shown = "a random seed, shown when the game ends" if self.seed_hidden else f"seed {seed}"
        return f"New Racolage Électoral game, {players} players, {shown}: {self.seating.who_plays()}.\n" + self.screen()

    def load(self, path: str, data: Any, words: list[str], colour: bool) -> str:
        bot, named = read_load(words, "e.g. `load game.json vs greedy as p2`")
        seat = _seat(named, "load") if named is not None else None
        game = from_record(data, path, self._cards())  # a RecordError names what is wrong
        played_by = parse_record(data, path).played_by
        view = data.get("view") if isinstance(data, dict) else None
        asked_seat = seat
        if seat is None:  # a seat's file is that seat's player's (docs/secrets.md); else Player 1
            seat = seat_named(view) if isinstance(view, str) else None
        if seat is not None and seat not in game.seats:
            raise KeyboardError(f"load: this game has seats p1 to p{racolage_of(game).players}, not {seat.value}")
        if played_by is not None and asked_seat is not None:
            played_by = taking(played_by, asked_seat.value)
        if bot == "human" or (bot is None and played_by is None and view == PUBLIC):  # a hot-seat file goes on in hot-seat
            humans, bot = game.seats, "random"  # (no seat is left for it)
        else:
            humans = (seat or ME,)
        self.seed_hidden = False
        return self.loaded(path, game, self.host, bot, humans, debugged=isinstance(data, dict) and data.get("debugged") is True,
                           played_by=played_by)

    # ---- what the prompt shows ------------------------------------------------------------

    def toolbar(self) -> list[Part]:
        if self.game is None:
            return []
        if self.seating.handing_over:
            return [part(plain(f"Racolage: hand over to {self.me} (Enter)"), (0, ()))]
        view = self.game.view(self.me)
        result = self.game.result
        if result is not None:  # the final notoriety (RA8.2), as the result says it, not the running one
            return [part(plain("Racolage: game over"), (0, ())),
                    part(plain("  ".join(f"{s} {n}" for s, n in zip(self.game.seats, result.scores))))]
        return [part(plain(f"Racolage turn {view.turn} — {self.me}"), (0, ())),
                part(plain("  ".join(f"{s} {n}" for s, n in zip(self.game.seats, view.notoriety)))),
                part(plain(f"Media deck {view.media_deck}"))]

    def completions(self, command: str, text: str) -> list[str]:
        return ["players", "humans", "vs", "random", "greedy", "human", "as", "seed"] if command == "new" else []

    def greeting(self) -> str:
        return "Racolage Électoral plays the bundled set unless `--cards` names another."

    # ---- playing ------------------------------------------------------------------------------

    def copy_game(self, game: Any) -> Any:
        return copy(game)  # a fork's log starts at its turn: a player reads the whole one

    def fresh_game(self, game: Any) -> Any:
        held = racolage_of(game)
        return racolage_game(held.seed, held.players, held.cards, setup=held.setup)

    def reveals(self, event: Any, seat: Any) -> str | None:
        return reveals(event, seat)

    def answers_since_deal(self, game: Any) -> list[str]:
        return racolage_of(game).all_answers(game)

    def file_view(self) -> str:
        """Whose view a saved file holds (docs/secrets.md): the human's seat against bots, the
        public view in hot-seat (the file is for every player at the table)."""
        humans = self.seating.humans
        return humans[0].value if len(humans) == 1 else PUBLIC

    def file_record(self, full: bool) -> Any:
        game: RacolageGame = self.require()
        record = seat_record_of(game, FULL if full else self.file_view(), self.debugged or full)
        return {**record, "played_by": {seat.value: player for seat, player in self.seating.players}}

    def _save(self, arg: str) -> str:
        _, full = save_arguments(arg)
        out = self.save(arg)
        if not full:
            return out
        self.debugged = True  # whoever reads the file has seen every card
        return out.removesuffix(".") + ": the full record, which shows every hidden card (the game is marked debugged)."

    def dealt_again(self) -> tuple[int, int, str]:
        held = racolage_of(self.require())
        return held.players, held.seed, ""

    def _cards(self) -> RacolageSet:
        try:
            return load_set(bundled_set() if self.cards_path is None else Path(self.cards_path))
        except CardError as e:  # a located one-line error; nothing changes
            raise KeyboardError(str(e)) from None

    def _view(self) -> Any:
        return self.require_seen().view(self.me)

    def _hand(self) -> str:
        return explain.hand(self._view(), racolage_of(self.game).cards)

    def _board(self) -> str:
        return explain.board(self._view(), racolage_of(self.game).cards, racolage_of(self.game).parties)

    def _why(self) -> str:
        return explain.explain(self._view(), racolage_of(self.game).cards)

    def option_details(self, option: Any) -> list[str]:
        """A card placed, played, sold or discarded: what it is and does, as `card` says it."""
        cards = racolage_of(self.require()).cards
        if not isinstance(option.value, str) or option.value not in cards.cards or not option.id.startswith(("place:", "play:")):
            return []
        return catalog.show(cards, option.value).splitlines()[1:]

    def _card(self, arg: str) -> str:
        words = arg.split()
        lang = words.pop() if len(words) > 1 and words[-1] in ("en", "fr") else "en"
        if not words:
            raise KeyboardError("card: give a card id or name, and a language if you like: `card A44`, "
                                "`card A44 fr`")
        cards = racolage_of(self.game).cards if self.game is not None else self._cards()
        try:
            return catalog.show(cards, " ".join(words), lang).rstrip("\n")
        except CmdslError as e:  # an unknown id: one line, with the nearest
            raise KeyboardError(str(e).removeprefix("cards show: ")) from None



def reveals(event: Any, seat: RacolageSeat) -> str | None:
    """What ``event`` showed ``seat`` that was hidden before it (the undo rule, ``undo_rule.py``):
    a card it drew, a card from another hand (placed, played, sold or discarded), an Event turned
    up from the Action deck. What was on the table already (a permanent discarded from a bonus
    zone, a temporary at the end of the turn) and a choice made in the open show nothing."""
    if isinstance(event, E.Drew):
        return "a card you drew" if event.seat is seat else None
    if isinstance(event, E.EventInPlay):
        return "an Event turned up"
    if isinstance(event, (E.MediaPlaced, E.ActionPlayed, E.Sold)) or (isinstance(event, E.Discarded) and event.from_hand):
        return f"a card from {event.seat}'s hand" if event.seat is not seat else None
    return None
