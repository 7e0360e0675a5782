"""Racolage Électoral as a plug-in (docs/racolage.md): ``cmdsl play --game racolage``, ``cmdsl
replay`` of its records, ``cmdsl check`` of its sets, the seat study of ``cmdsl balance``, and its
effect language. The game itself is ``game.py``; this module only reads options, runs bots and
prints."""

from __future__ import annotations

import sys
from functools import cache, lru_cache, partial
from pathlib import Path
from typing import TYPE_CHECKING, cast

from ... import argtypes
from ...errors import CmdslError, shown_path
from ...plugins import (KeyboardLoader, SeatBoard, SeatText, TableGame, CardsRequest, Checked, Command, JsonValue, NewSetRequest, Option, Plays, PlayRequest, Plugin,
                        ReplayRequest, TableRequest)
from . import MANIFEST, bundled_set
from .seats import PLAYER_COUNTS, SEATS, seats_for
from ...values import value

# The command line registers this module for every command (`cmdsl --help` too): what plays or
# loads the game is imported by the function that needs it (issue 34, cold start).
if TYPE_CHECKING:
    from ...game.audience import Event
    from ...game.decisions import PlayerSeat
    from ...game.driver import Driver
    from ...lang.language import Language
    from ...kits.keyboard.keyboard import Keyboard
    from ...plugins import CaseRunner, Catalogue, GameOptions, OwnStudy, PrintMaker, Report, ScenarioReader
    from ...kits.printing.sheet import Job, Options as PrintOptions
    from ...sets.editor_game import EditorGame
    from ...sets.rulebook import Rulebook
    from .cards import RacolageSet
    from .game import RacolageGame

OPTIONS: dict[Command, tuple[Option, ...]] = {
    "play": (Option(("--players",), dict(type=int, metavar="N", help="2 to 4 players (default 4; RA1.1)")),),
    "balance": (Option(("--players",), dict(metavar="N", type=argtypes.whole(2, 4, "a whole number from 2 to 4"),
                                            help="how many players (default 4)")),
                Option(("--against",), dict(metavar="DIR", help="A/B: the old card set, played on the same seeds as --cards"))),
}


def chosen_set(given: str | None) -> RacolageSet:
    """The set a command uses (``--cards``, else cmdsl.toml's ``racolage``, else the bundled one),
    saying which on stderr when it is a designer's."""
    from ...sets.set_location import chosen_and_read

    return chosen_and_read(given, "racolage", lambda folder: _load(str(folder.resolve())))


@lru_cache(maxsize=4)
def _load(folder: str) -> RacolageSet:
    from .loader import load_set

    return load_set(Path(folder))  # once per process: a set is immutable


class RacolageRules:
    """`cmdsl play --game racolage`, `cmdsl replay` of its records, its cards' effect language."""

    def play(self, request: PlayRequest) -> int:
        from ...bots.match import play_a_table
        from .game import racolage_game

        return play_a_table(request, "Racolage Électoral", PLAYER_COUNTS, "RA1.1", seats_for,
                            lambda players: racolage_game(request.seed, players, chosen_set(request.cards)))

    def replay(self, request: ReplayRequest, record: JsonValue) -> int:
        return replay_record(request, record)

    def language(self) -> Language | None:
        from .vocabulary import LANGUAGE
        return LANGUAGE

    def new_game(self, request: TableRequest, seed: int) -> TableGame:
        return RacolageStudy().table(request).new_game(seed)  # the seat study's table: the same options, checked the same way


def replay_record(args: ReplayRequest, data: JsonValue) -> int:
    """``cmdsl replay FILE`` of a Racolage record: replay it, print the log if asked (the full log,
    or as one seat saw it), and say whether it reproduces: the file's log (a view's, in a file for
    a person) event by event, and the full log by its digest (record.py)."""
    from .game import log_text, replay
    from .record import parse_record, replay_problem, seat_named

    cards = chosen_set(args.cards)
    record = parse_record(data, str(args.file))
    if record.set is not None and not cards.same_as_recorded(record.set):
        print(f"Replay: the record was played with another set ({record.set}; this one is "
              f"{cards.fingerprint})", file=sys.stderr)
        return 1
    game = replay(record, cards, str(args.file))
    if args.log:
        seat = seat_named(args.seat) if args.seat else None
        if args.seat and (seat is None or seat not in game.seats):
            raise CmdslError(f"--seat {args.seat}: this game's seats are " + ", ".join(s.value for s in game.seats))
        print(log_text(game) if seat is None else "\n".join(e.text() for e in game.view(seat).log))
    problem = replay_problem(list(game.events), record, len(game.answers))
    if problem is not None:
        print(f"Replay diverges: {problem}", file=sys.stderr)
        return 1
    if record.view not in (None, "full"):
        print(f"This file holds the log as {record.view} saw it; replaying it shows every card (docs/secrets.md).",
              file=sys.stderr)
    if record.debugged:
        print("This game was debugged: its player could have seen every card.", file=sys.stderr)
    end = game.result.text() if game.result is not None else "The game is not over."
    print(f"Replay reproduces the record: {len(game.answers)} answers, {len(game.events)} events. {end}")
    return 0


class RacolageSets:
    """Racolage sets: a folder with its manifest, card files and scenarios."""

    data_file = MANIFEST

    def bundled(self) -> Path:
        return bundled_set()

    def check(self, folder: Path) -> Checked:
        return check(folder)

    def new_set(self, request: NewSetRequest) -> int:
        """`cmdsl new-set DIR --game racolage`: a copy of the bundled set to change, with its scenarios."""
        from .new_set import racolage_files
        from ...sets.new_files import write_and_say

        folder = request.folder
        return write_and_say(folder, racolage_files(folder.name), "Racolage Électoral", "racolage", "docs/racolage.md")

    def scenarios(self, cards: str | None) -> ScenarioReader:
        """`cmdsl scenario`'s reader of Racolage scenario files (the set: --cards, else the chosen one)."""
        from ...sets.scenario_report import scenario_reader

        return scenario_reader(lambda: chosen_set(cards), _scenarios_of)

    def scenario_case(self, folder: Path) -> CaseRunner:
        """`cmdsl test`'s runner of a Racolage set's scenarios (the set is loaded at the first one)."""
        from .loader import load_set
        from .scenario import load_racolage_scenario, run_racolage_scenario

        cards = cache(lambda: load_set(folder))
        return lambda file, index: run_racolage_scenario(load_racolage_scenario(file, index, cards()), cards()).report()

    def catalogue(self) -> Catalogue | None:
        return catalogue


def check(folder: Path) -> Checked:
    """`cmdsl check` of a Racolage set: it loads (every card, every effect)."""
    from .answers import answer_forms
    from .loader import load_set

    cards = load_set(folder)
    kinds: dict[str, int] = {}
    for a in cards.actions:
        kinds[a.kind.value] = kinds.get(a.kind.value, 0) + 1
    return Checked(f"{shown_path(folder)}: ok — {cards.name}: {len(cards.media)} Media, {len(cards.actions)} Actions ("
                   + ", ".join(f"{n} {k}" for k, n in kinds.items()) + f"), {len(cards.parties)} Party cards, "
                   f"{len(cards.themes)} themes", answers=answer_forms(cards))


@value
class RacolageTable:
    """A table for a seat study: how many players, and the set's folder."""

    players: int
    folder: str  # absolute

    def new_game(self, seed: int) -> Driver[PlayerSeat]:
        from ...game.driver import any_seat
        from .game import racolage_game

        return any_seat(racolage_game(seed, self.players, _load(self.folder)))

    def points(self, game: Driver[PlayerSeat]) -> tuple[int, ...]:
        assert game.result is not None
        return tuple(game.result.scores)

    def hand(self, game: Driver[PlayerSeat], seat: int) -> tuple[str, ...]:
        """RA3.3: the cards in the seat's hand."""
        return tuple(game.position.hands[seat])

    def card_of(self, option_id: str) -> str | None:
        """RA6: a Media card placed or an Action card played (``place:M12``, ``play:A05``)."""
        kind, _, card = option_id.partition(":")
        return card if kind in ("place", "play") and card else None

    def standing(self, game: Driver[PlayerSeat]) -> tuple[int, ...]:
        """RA8: each seat's final notoriety as it would be counted now."""
        from .game import rules_of
        rules = rules_of(cast("RacolageGame", game))
        return tuple(rules.notoriety(s, final=True) for s in rules.seats)

    def card_game(self, seed: int) -> tuple[Driver[PlayerSeat], Plays]:
        """A game for the card study, and the cards each seat got in it: its five dealt, each one it
        drew or bought, each Event it turned up (docs/racolage.md, "Balance": placing a Media card is
        scoring, so the lift of the cards placed would be the score again; the lift of the cards got
        asks what a card is worth to whoever gets it). Read from the hands as the events are logged."""
        from . import events as E
        from ...game.driver import any_seat
        from .game import racolage_game

        got: list[list[str]] = [[] for _ in range(self.players)]

        def observe(game: RacolageGame, event: Event) -> None:
            pos = game.position
            if isinstance(event, E.Dealt):
                got[event.seat.index] += pos.hands[event.seat.index]
            elif isinstance(event, E.Drew):
                got[event.seat.index].append(pos.hands[event.seat.index][-1])
            elif isinstance(event, E.EventInPlay) and pos.event is not None:
                got[event.seat.index].append(pos.event)
        game = racolage_game(seed, self.players, _load(self.folder), observer=observe)
        return any_seat(game), lambda: got

    def card_titles(self) -> dict[str, str]:
        cards = _load(self.folder)
        return {card_id: f"{card_id} {cards.card_name(card_id)}" for card_id in cards.cards}

    def card_definitions(self) -> dict[str, str]:
        """Each card as its data (an A/B names the cards whose data differ)."""
        return {card_id: " ".join(repr(card).split()) for card_id, card in _load(self.folder).cards.items()}


class RacolageStudy:
    """`cmdsl balance --game racolage`: a seat study, with its cards' (and an A/B with --against)."""

    decided_by = "the highest final notoriety, RA8.2"
    shared_by = "RA11.6"

    def table(self, request: TableRequest) -> RacolageTable:
        from ...sets.set_location import choose_set

        players = request.options.number("players") or 4
        choice = choose_set(request.cards, "racolage")
        chosen_set(request.cards)  # a broken set is one located error, before any game
        return RacolageTable(players, str(choice.path.resolve()))

    def own(self) -> OwnStudy | None:
        return None


def catalogue(args: CardsRequest) -> int:
    """`cmdsl cards list|show|doc --game racolage` (or `--cards` a Racolage set)."""
    from . import catalog

    from ...sets.card_lookup import print_cards

    cards = chosen_set(args.cards)
    return print_cards(args.action, args.card, lambda: catalog.list_cards(cards, args.lang),
                       lambda card: catalog.show(cards, card, args.lang), lambda: catalog.markdown(cards, args.lang))


def _scenarios_of(path: str, cards: RacolageSet) -> list[Report]:
    from ...sets.scenario_report import shown
    from .scenario import load_racolage_scenarios, run_racolage_scenario

    return [(sc.name, f"{Path(sc.file).stem}::{sc.name}", partial(lambda sc: shown(run_racolage_scenario(sc, cards)), sc))
            for sc in load_racolage_scenarios(path, cards)]


class RacolageFrontEnds:
    """Racolage at the REPL, its rulebook, its sets in an editor, its printed sheets."""

    def keyboard(self) -> KeyboardLoader | None:
        return _keyboard

    def seat_text(self) -> SeatText | None:
        from .ui.seat_text import RacolageSeatText
        return RacolageSeatText()

    def seat_board(self) -> SeatBoard | None:
        from .ui.seat_board import RacolageSeatBoard
        return RacolageSeatBoard()

    def rulebook(self) -> Rulebook | None:
        from .rulebook import rulebook
        return rulebook()

    def editor(self) -> EditorGame | None:
        from .ui.editing import RacolageEditing
        return RacolageEditing()

    def printing(self) -> PrintMaker | None:
        from .ui.printing import job

        def sheets(folder: Path, options: PrintOptions, own: GameOptions) -> Job:
            return job(folder, options)
        return sheets



def _keyboard() -> type[Keyboard]:
    from .ui.prompt import RacolageKeyboard  # the REPL's side: only when the REPL plays this game
    return RacolageKeyboard

PLUGIN = Plugin("racolage", "Racolage Électoral", tuple(s.value for s in SEATS), RacolageRules(), sets=RacolageSets(),
                front_ends=RacolageFrontEnds(), study=RacolageStudy(), options=OPTIONS,
                players=PLAYER_COUNTS)
