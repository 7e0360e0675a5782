"""The command line's side of Campaign Manager 2008 (docs/rules-cm2008.md): `cmdsl play`, `replay`,
`scenario` and `new-set` for its games and card sets, registered as a game plug-in (``PLUGIN``,
``cmdsl.plugins``). The game itself is ``cmdsl.games.cm2008``; this module reads options, runs
bots and prints."""

from __future__ import annotations

import sys
from functools import cache, partial
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from ... import argtypes
from ...errors import shown_path
from ...plugins import (KeyboardLoader, SeatBoard, SeatText, TableGame, BalanceRequest, CardsRequest, Checked, Command, GameCommand, GameOptions, JsonValue, LazyOptions,
                        NewSetRequest, Option, PlayRequest, Plugin, ReplayRequest, StoredReportRequest, TableRequest)
from ...resources import bundled_cards_dir
from .sides import SIDES

# The command line registers this module for every command (`cmdsl --help` too): what plays,
# loads or checks a game is imported by the function that needs it (issue 34, cold start).
if TYPE_CHECKING:
    from ...lang.language import Language
    from ...kits.keyboard.keyboard import Keyboard
    from ...plugins import CaseRunner, Catalogue, OwnStudy, PrintMaker, Report, ScenarioReader, SeatTable
    from ...kits.printing.sheet import Job, Options as PrintOptions
    from ...sets.editor_game import EditorGame
    from ...sets.rulebook import Rulebook
    from ...sets.set_location import SetChoice
    from .model import CardSet
    from .setup import Setup
    from .record import Record
    from .replay import Replay
    from .scenario import Scenario

CARDS_HELP = "card set folder (default: the one cmdsl.toml names, else the bundled set)"


def _options() -> dict[Command, tuple[Option, ...]]:
    """The options this game adds to each command: made when a command's parser is (their choices
    are the engine's)."""
    from .setup import FIRST_PLAYERS, SETUP_MODES
    from .ui.study.cluster import parse_cluster

    # `cmdsl play` and `cmdsl balance`: the setup (R3.1) and who plays first; the turn limit (R12.3)
    setup = (Option(("--setup",), dict(choices=list(SETUP_MODES),
                                        help="beginner decks and states (the default), choose-states, or draft (R3.1)")),
              Option(("--draft",), dict(dest="setup", action="store_const", const="draft", help="same as --setup draft")))
    max_turns = Option(("--max-turns",), dict(
        metavar="N", type=argtypes.turn_limit,
        help=f"end as a draw after N turns (R12.3; default {argtypes.DEFAULT_BOT_TURN_LIMIT}, 0: none)"))
    return {
        "print": (Option(("--side",), dict(choices=["mccain", "obama"], help="only this side's campaign cards")),),
        "cards": (Option(("--side",), dict(choices=["mccain", "obama"], help="only this side's cards")),
                  Option(("--type",), dict(help="support, shift, demographic, alter, media, flow, news or negative"))),
        "play": (*setup, Option(("--first",), dict(choices=list(FIRST_PLAYERS), help="who plays first (default random)")),
                 max_turns),
        "balance": (Option(("--swap-sides",), dict(action="store_true", default=None, help=(
                        "the bots change sides every other pair of games (to compare bots, not sides)"))),
                    *setup,
                    Option(("--first",), dict(choices=[*FIRST_PLAYERS, "alternate"], help=(
                        "who plays first: random (from each seed; default), mccain, obama, or alternate"))),
                    max_turns,
                    Option(("--against",), dict(metavar="DIR", help=(
                        "A/B: the old card set, played on the same seeds as --cards"))),
                    Option(("--cluster",), dict(metavar="WHERE", type=parse_cluster, help=(
                        "play on Dask instead: tcp://HOST:PORT (a running `dask scheduler`) or local:N (N local "
                        'workers); needs pip install "cmdsl[cluster]"')))),
        "new-set": (Option(("--from",), dict(dest="start", choices=["empty", "cm2008"], help=(
                        "empty: a minimal commented beginner set (the default); cm2008: the bundled set, to vary"))),),
    }


OPTIONS = LazyOptions(_options)


def cards_for(path: str | None, say: bool = True) -> CardSet:
    """The card set of a command (--cards, else the project file's, else the bundled one); its
    output starts by saying which (on stderr when ``say`` is False: the output is a document)."""
    from ...sets.set_location import choose_set
    from .loader import load_card_set

    choice = choose_set(path)
    cards = load_card_set(choice.path)
    print(using(choice), file=sys.stdout if say else sys.stderr)
    return cards


def using(choice: SetChoice) -> str:
    return f"Using {choice.describe()}."


def setup_of(options: GameOptions, limit: int | None) -> Setup:
    """The setup (R3.1) and first player the options name (their choices are SETUP_MODES and
    FIRST_PLAYERS), with the turn limit ``limit`` (R12.3)."""
    from .setup import FIRST_PLAYERS, SETUP_MODES, FirstPlayer, Setup, SetupMode

    mode: SetupMode = next((m for m in SETUP_MODES if m == options.text("setup")), "beginner")
    first: FirstPlayer = next((f for f in FIRST_PLAYERS if f == options.text("first")), "random")
    return Setup(mode, first, limit)


def play(args: PlayRequest) -> int:
    """`cmdsl play`: a whole game between two bots, printed."""
    from ...bots.match import destination_refused, play_to_end, seat_bots
    from .engine import campaign_game
    from .record import save_record

    names = list(args.bots)
    if len(names) != 2:
        print("play: give two bots, McCain's then Obama's: --bot random --bot random", file=sys.stderr)
        return 2
    if destination_refused(args.record):  # before the game, not after it: a game is never lost
        return 2
    bots = seat_bots(names, SIDES, args.seed)  # a misspelt bot or setting: one line, before the cards load
    cards = cards_for(args.cards)
    max_turns = args.options.number("max_turns")
    setup = setup_of(args.options, argtypes.DEFAULT_BOT_TURN_LIMIT if max_turns is None else max_turns or None)
    game = campaign_game(cards, args.seed, setup, checkpoints=True)  # bots fork it
    play_to_end(game, bots, args.quiet, args.record, save_record)
    return 0


def replay_record(args: ReplayRequest, data: JsonValue) -> int:
    """`cmdsl replay FILE` of a CM2008 record (``data``: its parsed JSON, None when it is not JSON:
    then ``load_record`` says what is wrong with it, after the cards' own errors)."""
    from .record import FORMAT, Record, load_record
    from .replay import replay

    if args.seat is not None and args.seat not in {s.value for s in SIDES}:
        print(f"replay: --seat {args.seat}: a CM2008 game's seats are "
              + ", ".join(s.value for s in SIDES), file=sys.stderr)
        return 2
    cards = cards_for(args.cards)
    record = load_record(args.file) if data is None else Record.from_json(data, str(args.file))
    result = replay(cards, record, accept_other_cards=args.accept_cards)
    if args.upgrade:
        return _upgrade(args.file, record, result)
    if record.upgraded_from is not None:
        print(f"note: {args.file} is a {record.upgraded_from} record, read as {FORMAT} "
              f"(`cmdsl replay --upgrade {args.file}` rewrites it)", file=sys.stderr)
    if record.debugged:
        print(f"note: {args.file} was played in debug mode: its player could see every card",
              file=sys.stderr)
    if record.view not in (None, "full"):
        print(f"note: {args.file} holds {record.view}'s view of the game; its seed and answers replay all of it "
              "(docs/secrets.md)", file=sys.stderr)
    if args.log:
        if args.seat is None:  # the full log: every card, as a designer sees it
            from .engine import log_text
            print(log_text(result.game))
        else:  # what one seat could know (docs/secrets.md)
            seat = next(s for s in SIDES if s.value == args.seat)
            print("\n".join(e.text() for e in result.game.view(seat).events))
    other = not cards.same_as_recorded(record.cardset)
    if other and args.accept_cards:
        print(f"note: the record was played with card set {record.cardset}; these cards are "
              f"{cards.fingerprint}", file=sys.stderr)
    if result.reproduces:
        end = result.game.result.text() if result.game.result else "the game is not over"
        print(f"Replay reproduces the record: {len(record.answers)} answers, "
              f"{len(result.game.events)} events, identical log. {end}")
        return 0
    hint = " (--accept-cards replays it with these cards)" if other and not args.accept_cards else ""
    print(f"Replay diverges: {result.reason}{hint}", file=sys.stderr)
    return 1


def _upgrade(path: str, record: Record, result: Replay) -> int:
    """Rewrite an older record in the current format, once every answer of it still applies."""
    from .record import FORMAT, FORMAT_SEAT, save_record

    if record.upgraded_from is None:
        print(f"{path} is already a {FORMAT_SEAT if record.view is not None else FORMAT} record: nothing to do.")
        return 0
    if result.diverged_at is not None:
        print(f"upgrade: {path} was not rewritten: {result.reason}", file=sys.stderr)
        return 1
    save_record(replace(result.game.record(), debugged=record.debugged), path)
    print(f"Upgraded {path} from {record.upgraded_from} to {FORMAT}: {len(record.answers)} answers, "
          f"with the event log as replayed now.")
    return 0


def new_set(args: NewSetRequest) -> int:
    """`cmdsl new-set DIR`: a minimal set, or (--from cm2008) a copy of the bundled one."""
    from .new_set import Start, new_set as write_set

    folder = args.folder
    start: Start = "cm2008" if args.options.text("start") == "cm2008" else "empty"  # argparse's choices
    written = write_set(folder, start)
    what = "a copy of the bundled cm2008 set" if start == "cm2008" else "a minimal beginner set"
    names = [p.relative_to(folder).as_posix() for p in written]
    shown = [n for n in names if "/" not in n or n.count("/") == 1 and len(names) < 20]
    snapshots = sum(n.startswith("scenarios/__snapshots__/") for n in names)
    scenario_files = sum(n.startswith("scenarios/") and n.endswith(".yaml") for n in names)
    if len(shown) < len(names):  # a copy of the bundled set: its scenarios, counted
        shown = [n for n in names if "/" not in n]
        shown.append(f"scenarios/ ({scenario_files} scenario files, {snapshots} snapshots)")
    print(f"Wrote {what} to {folder}: " + ", ".join(shown) + ".")
    print(f"Next: cmdsl check {folder}   then   cmdsl play --cards {folder} --bot random --bot random")
    first = "" if snapshots else f"cmdsl test {folder} --update (writes the snapshots: read them), then "
    print(f"Its own tests (scenarios/, docs/scenarios.md): {first}cmdsl test {folder}")
    print(f'To make every command use it, name it in cmdsl.toml: [cards] cm2008 = "{folder}" (docs/cardsets.md).')
    return 0


def scenarios(cards: str | None) -> ScenarioReader:
    """`cmdsl scenario`'s reader of CM2008 scenario files (the set: --cards, else the chosen one)."""
    from ...sets.scenario_report import scenario_reader

    return scenario_reader(lambda: cards_for(cards), _scenarios_of)


def _scenarios_of(path: str, cards: CardSet) -> list[Report]:
    from .scenario_file import load_scenarios

    return [(sc.name, sc.id, partial(_report, cards, sc)) for sc in load_scenarios(path, cards)]


def _report(cards: CardSet, sc: Scenario) -> str:
    from ...sets.scenario_report import shown
    from .scenario import run_scenario

    return shown(run_scenario(cards, sc))


class CampaignStudy:
    """`cmdsl balance`: CM2008's own study (an A/B of card sets, stored, resumed, on a cluster)."""

    decided_by = "one winner"
    shared_by = "a tie"

    def table(self, request: TableRequest) -> SeatTable:
        from ...errors import CmdslError
        raise CmdslError("balance --game cm2008: its own study runs instead of a seat study")

    def own(self) -> OwnStudy | None:
        return self

    def balance(self, request: BalanceRequest) -> int:
        from .ui.study.cli import campaign_balance  # the balance study: only when asked for
        return campaign_balance(request)

    def report(self, request: StoredReportRequest) -> int:
        from .ui.study.cli import report_again
        return report_again(request)


# ---- the commands of this game alone ------------------------------------------------------------

def catalogue(args: CardsRequest) -> int:
    from . import catalog

    from ...sets.card_lookup import print_cards

    cards = cards_for(args.cards, say=args.action != "doc")  # doc: the output is docs/cards.md itself
    return print_cards(args.action, args.card,
                       lambda: catalog.list_items(cards, args.options.text("side"), args.options.text("type"), args.lang),
                       lambda card: catalog.show(cards, card, args.lang), lambda: catalog.markdown(cards, args.lang))


def cmd_migrate(given: GameOptions) -> int:
    from .migrate import apply, plan_migration, report
    from ...sets.set_location import one_set

    plan = plan_migration(one_set(Path(given.text("dir") or ".")))
    if given.flag("dry_run") and plan.changes:
        print(plan.diff(), end="")
        print(report(plan) + "\n(dry run: nothing was written)")
        return 0
    apply(plan)
    print(report(plan))
    return 0


MIGRATE = GameCommand("migrate", "Campaign Manager 2008: rewrite a set of an older card format in the current one", (
    Option(("dir",), dict(metavar="DIR", help="the card set folder (its files are rewritten in place)")),
    Option(("--dry-run",), dict(action="store_true", help="print the changes as a unified diff; write nothing"))),
    cmd_migrate)


def check(folder: Path) -> Checked:
    """`cmdsl check` of a card set: it loads (every card checked and compiled), its numbers, and the
    warnings about what loads but will not play as its designer means (``set_warnings``)."""
    from .loader import load_card_set
    from .options import answer_forms

    cs = load_card_set(folder)
    sides = ", ".join(f"{len(cs.pool(s))} {s.value}" for s in SIDES)
    return Checked(f"{shown_path(folder)}: ok — {cs.manifest.name}: {len(cs.states)} states "
                   f"({sum(t.ev for t in cs.states.values())} EV), {len(cs.cards)} cards ({sides}), "
                   f"{len(cs.news)} Breaking News, {len(cs.negative)} Going Negative results", tuple(cs.warnings),
                   answer_forms(cs))


def scenario_case(folder: Path) -> CaseRunner:
    """`cmdsl test`'s runner of a card set's scenarios (the set is loaded at the first one)."""
    from .loader import load_card_set
    from .scenario import run_scenario
    from .scenario_file import load_scenario

    cards = cache(lambda: load_card_set(folder))
    return lambda file, index: run_scenario(cards(), load_scenario(file, cards(), index)).report()


class CampaignRules:
    """`cmdsl play` and `cmdsl replay` of Campaign Manager 2008, and its cards' effect language."""

    play = staticmethod(play)
    replay = staticmethod(replay_record)

    def language(self) -> Language | None:
        from .vocabulary import LANGUAGE
        return LANGUAGE

    def new_game(self, request: TableRequest, seed: int) -> TableGame:
        """A game of the setup and first player the options name (R3; the beginner game and a drawn
        first player by default), with no turn limit: as the REPL deals it."""
        from ...game.driver import any_seat
        from .engine import campaign_game
        setup = setup_of(request.options, None)
        return any_seat(campaign_game(cards_for(request.cards), seed, setup, checkpoints=True))  # the bots fork it


class CampaignSets:
    """CM2008's card sets: folders of card files with a manifest, and their scenarios."""

    data_file = None  # a folder of card files (YAML) with a manifest
    bundled = staticmethod(bundled_cards_dir)
    check = staticmethod(check)
    new_set = staticmethod(new_set)
    scenarios = staticmethod(scenarios)
    scenario_case = staticmethod(scenario_case)

    def catalogue(self) -> Catalogue | None:
        return catalogue


class CampaignFrontEnds:
    """CM2008 at the REPL, its rulebook, its sets in an editor, its printed sheets."""

    def keyboard(self) -> KeyboardLoader | None:
        return _keyboard

    def seat_text(self) -> SeatText | None:
        from .ui.seat_text import CampaignSeatText
        return CampaignSeatText()

    def seat_board(self) -> SeatBoard | None:
        from .ui.seat_board import CampaignSeatBoard
        return CampaignSeatBoard()

    def rulebook(self) -> Rulebook | None:
        from .rulebook import rulebook
        return rulebook()

    def editor(self) -> EditorGame | None:
        from .ui.editing import Cm2008Editing
        return Cm2008Editing()

    def printing(self) -> PrintMaker | None:
        from .ui.printing import job

        def sheets(folder: Path, options: PrintOptions, own: GameOptions) -> Job:
            return job(folder, options, own.text("side"))
        return sheets



def _keyboard() -> type[Keyboard]:
    from .ui.prompt import CampaignKeyboard  # the REPL's side: only when the REPL plays this game
    return CampaignKeyboard

PLUGIN = Plugin("cm2008", "Campaign Manager 2008", tuple(s.value for s in SIDES), CampaignRules(), sets=CampaignSets(),
                front_ends=CampaignFrontEnds(), study=CampaignStudy(), options=OPTIONS, commands=(MIGRATE,),
                default=True)
