"""What a game plugs in: a ``Plugin`` (its names, the options it adds, its commands) holding the
game's four parts, each a ``typing.Protocol`` a game implements with classes of its own:

- ``Rules``: the game itself, as `cmdsl play` and `cmdsl replay` play it, and its cards' language;
- ``CardSets``: its sets (bundled, checked, written, scenarios, a catalogue), when it has sets;
- ``FrontEnds``: the REPL's keyboard, a seat's screen as text (the browser's page), the rulebook,
  the editor's side, printed sheets;
- ``Study``: a seat study's table (and a study of its own), when it can be studied.

Nothing crosses these as ``Any`` or as the command line's ``argparse.Namespace``: a command hands a
game a typed request (``requests.py``). A part a game lacks is None (a command that needs it says
so in one line), and a part's method that returns None says the game has not that one thing.
"""

from __future__ import annotations

from dataclasses import field
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Mapping, Protocol, Sequence, TypeAlias

from ..values import value
from .options import Command, Option
from .requests import (BalanceRequest, CardsRequest, GameOptions, JsonValue, Lang, NewSetRequest, PlayRequest,
                       ReplayRequest, StoredReportRequest, TableRequest)

if TYPE_CHECKING:  # types only: the registry imports no game, language, REPL or ReportLab
    from ..game.decisions import Option as DecisionOption, PlayerSeat
    from ..game.driver import Driver
    from ..lang.language import Language
    from ..kits.keyboard.keyboard import Keyboard
    from ..kits.printing.sheet import Job, Options as PrintOptions
    from ..sets.editor_game import EditorGame
    from ..sets.answer_forms import AnswerForms
    from ..sets.rulebook import Rulebook

#: A scenario's report: its name, its id, and what runs it and returns its text.
Report = tuple[str, str, Callable[[], str]]
#: `cmdsl scenario`'s reader of one of the game's scenario files: its scenarios' reports.
ScenarioReader = Callable[[str], list[Report]]
#: `cmdsl test`'s runner of a set's scenario cases: (file, index) → the case's report.
CaseRunner = Callable[[Path, int], str]
#: `cmdsl cards list|show|doc`: print; the exit status.
Catalogue = Callable[[CardsRequest], int]
#: The game's REPL keyboard class, imported when called: the REPL lists the games it plays without
#: importing their keyboards (its start-up).
KeyboardLoader = Callable[[], "type[Keyboard]"]
#: `cmdsl print`: the sheets of the set in a folder, from the print options and the game's own.
PrintMaker = Callable[[Path, "PrintOptions", GameOptions], "Job"]
#: A game a seat study plays: any game's driver, its seats the game's (``Driver.any_seat``).
TableGame: TypeAlias = "Driver[PlayerSeat]"
#: The cards each seat played in a finished game, by seat index (a card study's).
Plays = Callable[[], Sequence[Sequence[str]]]


@value
class Checked:
    """A set that passed `cmdsl check`: its one-line summary, and what may still be wrong with it."""

    summary: str  # "DIR: ok — NAME: …"
    warnings: tuple[object, ...] = ()  # each shown as "warning: " + str(w)
    #: what its scenarios' answers may name (their option ids), checked in its `scenarios/` files;
    #: None: they are not checked until they run (`cmdsl test`)
    answers: AnswerForms | None = None


class Rules(Protocol):
    """The game itself, as the commands play it."""

    def play(self, request: PlayRequest) -> int:
        """`cmdsl play --game NAME`: a whole game between bots, printed; the exit status."""
        ...

    def replay(self, request: ReplayRequest, record: JsonValue) -> int:
        """`cmdsl replay FILE` of this game's record (its parsed JSON; None when it is not JSON)."""
        ...

    def language(self) -> Language | None:
        """The effect language of its cards (the core's with the game's vocabulary), imported when
        asked for; None: its cards have no effects."""
        ...

    def new_game(self, request: TableRequest, seed: int) -> TableGame:
        """A game for people to play (`cmdsl serve`), dealt from ``seed`` at the table the request
        sets (its set, the game's own options: ``players``); a wrong option or a broken set is one
        located error."""
        ...


class CardSets(Protocol):
    """The sets of a game that has sets of its own."""

    @property
    def data_file(self) -> str | None:
        """The file that marks a folder as this game's set (``mygame.yaml``); None: a folder of
        card files (YAML) with a manifest is one."""
        ...

    def bundled(self) -> Path:
        """The set shipped with the game's package (a folder)."""
        ...

    def check(self, folder: Path) -> Checked:
        """`cmdsl check` of the set in a folder; a broken set raises its located errors."""
        ...

    def new_set(self, request: NewSetRequest) -> int:
        """`cmdsl new-set DIR --game NAME`."""
        ...

    def scenarios(self, cards: str | None) -> ScenarioReader:
        """`cmdsl scenario`'s reader of this game's scenario files (the set: ``cards``, else the
        chosen one), made once per command."""
        ...

    def scenario_case(self, folder: Path) -> CaseRunner:
        """`cmdsl test`'s runner of the cases of the set in a folder (loaded at the first case)."""
        ...

    def catalogue(self) -> Catalogue | None:
        """`cmdsl cards`: its set's cards, one with its rules text, a catalogue; None: none."""
        ...


class SeatText(Protocol):
    """A seat's screen as plain text, for a front end that draws any game from it (`cmdsl serve`'s
    page): each part built from what that seat may know (DESIGN property 21), never the game's
    secrets. A front end without it still plays the game, from its log and decisions alone."""

    def board(self, game: TableGame, seat: PlayerSeat | None) -> str | None:
        """The table as ``seat`` sees it, its own hand with it; ``seat`` None: a spectator's, what
        every seat may see (None returned: the game draws no spectator's board)."""
        ...

    def log(self, game: TableGame, seat: PlayerSeat) -> Sequence[str]:
        """Every event so far as ``seat`` saw it, one line (or a few) each."""
        ...

    def explain(self, game: TableGame, seat: PlayerSeat) -> str:
        """`?` at ``seat``'s pending decision: the REPL's explanation of it."""
        ...

    def option_details(self, game: TableGame, seat: PlayerSeat, option: DecisionOption) -> Sequence[str]:
        """What choosing ``option`` (of ``seat``'s pending decision) does, under its label: a card's
        text; none when its label says it all."""
        ...


class SeatBoard(Protocol):
    """A game's board in HTML, for `cmdsl serve`'s page: a Jinja template of the game's (in its
    front-end folder), which the server renders with autoescape (a card's text is never markup)
    from a context built from one seat's view, and the game's stylesheet (class names only: the
    page allows no inline style). A game without one is drawn from its ``SeatText``."""

    def template(self) -> str:
        """The template's text."""
        ...

    def stylesheet(self) -> str:
        """The board's CSS."""
        ...

    def context(self, game: TableGame, seat: PlayerSeat | None, lang: Lang) -> Mapping[str, object]:
        """What the template reads: what ``seat`` may know (None: a spectator, what every seat may),
        its cards' texts in ``lang``."""
        ...


class FrontEnds(Protocol):
    """What people use to play, read and edit the game; each imported when asked for."""

    def keyboard(self) -> KeyboardLoader | None:
        """The game at the REPL: what imports its keyboard's class; None: not played at the REPL."""
        ...

    def seat_text(self) -> SeatText | None:
        """A seat's screen as text (the browser's generic page); None: its log and decisions only."""
        ...

    def seat_board(self) -> SeatBoard | None:
        """Its board in HTML for the browser; None: the page draws its ``seat_text``."""
        ...

    def rulebook(self) -> Rulebook | None:
        """The game's rulebook, for `rules` at the REPL; None: none."""
        ...

    def editor(self) -> EditorGame | None:
        """Its sets in an editor (`cmdsl lsp`); None: the language server leaves its files alone."""
        ...

    def printing(self) -> PrintMaker | None:
        """`cmdsl print`'s sheets (needs ReportLab, the extra ``cmdsl[print]``); None: none."""
        ...


class SeatTable(Protocol):
    """A table of the game, as a command's options set it (how many players, which set): a
    picklable value, which a seat study sends to its worker processes."""

    def new_game(self, seed: int) -> TableGame:
        """A new game at this table, dealt from a seed."""
        ...

    def points(self, game: TableGame) -> tuple[int, ...]:
        """A finished game's final points by seat index; empty when the game counts none."""
        ...

    def standing(self, game: TableGame) -> tuple[int, ...]:
        """The points by seat index now, in a game under way (who leads: the health measures'
        lead changes); empty when the game cannot say (``WithoutStanding``)."""
        ...

    def card_game(self, seed: int) -> tuple[TableGame, Plays] | None:
        """A card study's game: a new game, with a reader of the cards each seat played in it;
        None: the game has no cards to study."""
        ...

    def card_titles(self) -> Mapping[str, str]:
        """What a card study calls each card id of the table's set ("A01 Crise financière")."""
        ...

    def hand(self, game: TableGame, seat: int) -> tuple[str, ...]:
        """The card ids seat ``seat`` holds now (the health measures' "held"); empty: no hands."""
        ...

    def card_of(self, option_id: str) -> str | None:
        """The card an option plays or places (the health measures' "playable" and "played"), or None."""
        ...

    def card_definitions(self) -> Mapping[str, str]:
        """Each card of the table's set as text that changes when the card does (an A/B's)."""
        ...


class WithoutStanding:
    """A seat table's part for a game that cannot say who leads while it goes on."""

    def standing(self, game: TableGame) -> tuple[int, ...]:
        return ()


class WithoutCards:
    """A seat table's part for a game with no cards to study (a base for its table's class)."""

    def card_game(self, seed: int) -> tuple[TableGame, Plays] | None:
        return None

    def card_titles(self) -> Mapping[str, str]:
        return {}

    def card_definitions(self) -> Mapping[str, str]:
        return {}

    def hand(self, game: TableGame, seat: int) -> tuple[str, ...]:
        return ()

    def card_of(self, option_id: str) -> str | None:
        return None


class OwnStudy(Protocol):
    """A balance study of the game's own (an A/B of card sets, say), instead of a seat study."""

    def balance(self, request: BalanceRequest) -> int:
        """`cmdsl balance --game NAME`."""
        ...

    def report(self, request: StoredReportRequest) -> int:
        """`cmdsl balance report DB`: a run it stored, reported again."""
        ...


class Study(Protocol):
    """How the game is studied in many bot games (`cmdsl balance`)."""

    @property
    def decided_by(self) -> str:
        """How the rulebook says a game is won ("one player with the most points, L8.1")."""
        ...

    @property
    def shared_by(self) -> str:
        """And how a win is shared ("a tie", a rule's number)."""
        ...

    def table(self, request: TableRequest) -> SeatTable:
        """The table a command's options set; a wrong option or a broken set is one located error."""
        ...

    def own(self) -> OwnStudy | None:
        """A study of the game's own, which `cmdsl balance` runs instead of a seat study; None."""
        ...


@value
class GameCommand:
    """A command of one game alone (a set's migration, say): its name and help, its options (their
    values reach ``run`` as ``GameOptions``), what runs it."""

    name: str
    help: str
    options: tuple[Option, ...]
    run: Callable[[GameOptions], int]



@value
class Plugin:
    """A game, as the controllers need it (docs/games.md)."""

    name: str  # as commands, records and scenario files name it: "mygame"
    title: str  # as people name it: "Campaign Manager 2008"
    seats: tuple[str, ...]  # every seat name its games can have, as --seat takes them
    rules: Rules
    sets: CardSets | None = None
    front_ends: FrontEnds | None = None
    study: Study | None = None
    #: the options this game adds to each command (beside the command's own)
    options: Mapping[Command, tuple[Option, ...]] = field(default_factory=dict)
    #: commands of this game alone
    commands: tuple[GameCommand, ...] = ()
    #: the game a command plays when none is named (one game says so)
    default: bool = False
    #: the table sizes its games are played at, fewest first (empty: always all of ``seats``)
    players: tuple[int, ...] = ()
    #: a plug-in of before's own commands, each adding itself to `cmdsl`'s subcommands (``legacy``)
    legacy_commands: tuple[Callable[[object], None], ...] = ()
