"""Campaign Manager 2008 at the REPL (the state behind its ``Keyboard``, ``prompt.py``): the card set,
the game, who is human, the bots, undo/redo, reloading the card files. Its commands are
``keyboard_commands.py``."""

from __future__ import annotations

import copy
from functools import partial
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Self, cast

from cmdsl.sets.set_location import SetChoice, choose_set
from cmdsl.kits.keyboard.keyboard import Host, KeyboardError
from cmdsl.kits.keyboard.later import Later
from cmdsl.kits.keyboard.seating import who_plays
from cmdsl.sets.played_by import HUMAN

# The engine, the bots, the loader and the records are imported by the methods that use them: the
# REPL's first prompt needs only which set is used (issue 34), and its card set loads behind it.
if TYPE_CHECKING:
    from cmdsl.bots import Bot
    from cmdsl.game.decisions import Decision, PlayerSeat
    from .. import events as E
    from ..actions import ByHand, RecordedAnswer
    from ..engine import CampaignGame
    from ..model import CardSet, SetupMode, Side
    from ..replay import Replay
    from ..setup import FirstPlayer

Signature = tuple[tuple[str, int, int], ...]

def set_signature(folder: Path) -> Signature:
    """Name, mtime and size of every YAML file of a set folder: cheap to poll before each prompt
    (no thread, no watcher), and any save in an editor changes it."""
    try:
        files = sorted(p for p in folder.iterdir() if p.suffix in (".yaml", ".yml"))  # the manifest too
        return tuple((p.name, p.stat().st_mtime_ns, p.stat().st_size) for p in files if p.is_file())
    except OSError:  # the folder vanished or is unreadable: a change too, reported once
        return ()


@dataclass
class CampaignSession:
    host: Host
    cards_path: str | None = None
    # The card set as it is loaded (``cards``, which waits for it): the host starts it (``Host.defer``).
    _cards: Later[CardSet] = field(init=False, repr=False)
    choice: SetChoice = field(init=False)  # which set, and why (--cards, cmdsl.toml, bundled)
    # The set files as last loaded or last reported changed: the prompt compares before each line.
    signature: Signature = field(init=False)
    game: CampaignGame | None = None
    humans: set[Side] = field(default_factory=set)
    bots: dict[Side, Bot] = field(default_factory=dict)
    #: who plays each side: ``human`` or a bot's spec (saved with the game, said by `load`)
    seated: dict[Side, str] = field(default_factory=dict)
    redo: list[RecordedAnswer] = field(default_factory=list)
    saved: bool = True
    debug: bool = False  # show everything (`debug on`; implied by eval, set and trace): see set_debug
    # Whether the game was ever shown in debug mode: its record says so when saved (docs/secrets.md).
    debugged: bool = False
    # Hot-seat: the seat whose player is at the keyboard, and whether the keyboard is being handed
    # over (the next player's hand is shown only after they press Enter).
    at_keyboard: Side | None = None
    handing_over: bool = False
    action_start: int = 0  # first event of the last thing the user did (for `trace`)
    # The game and cards before the last `reload` that changed the game (`undo` brings them back),
    # and how many answers the reloaded game started with.
    before_reload: "tuple[CardSet, CampaignGame, int] | None" = None
    # The answers and event texts of the game a reload cut short: a later reload tries them all
    # again, so restoring a card file and reloading brings the moves back.
    cut: tuple[tuple[RecordedAnswer, ...], list[str]] | None = None
    # A seed drawn from the OS is kept secret until the game ends: with the seed and the card
    # files, a player could work out every deck order.
    seed_hidden: bool = False

    def __post_init__(self) -> None:
        self.choice = choose_set(self.cards_path)
        folder = self.set_folder()
        self.signature = set_signature(folder)
        self._cards = Later(lambda: _load(folder))
        self.host.defer(self._cards)

    @property
    def cards(self) -> CardSet:
        """The card set, once loaded (a command typed while it loads waits for it)."""
        return self._cards.get()

    @cards.setter
    def cards(self, cards: CardSet) -> None:
        self._cards = Later.ready(cards)

    def set_folder(self) -> Path:
        path = self.choice.path
        return path.parent if path.is_file() else path

    def cards_changed(self) -> bool:
        """True once for each change of the set files on disk since they were loaded."""
        now = set_signature(self.set_folder())
        if now == self.signature:
            return False
        self.signature = now
        return True

    # ---- one command at a time ---------------------------------------------------------

    def checkpoint(self) -> Callable[[], Self]:
        """The keyboard as it is now, brought back by calling the result: a command completes, or
        the keyboard is as it was (a bad answer, a bug, Ctrl-C in the middle of a bot's move or a
        long `eval`): nothing half-done is ever left behind."""
        fields = {k: copy.copy(v) for k, v in vars(self).items() if k not in ("_cards", "game", "host")}
        fields["bots"] = copy.deepcopy(self.bots)  # their RNGs too, so replies replay the same
        cards, game = self._cards, self.game  # the set as it is loading: a command need not wait for it
        answers = recorded(game) if game is not None else ()

        return partial(self._restored, fields, cards, game, answers)

    def _restored(self, fields: dict[str, object], cards: Later[CardSet], game: CampaignGame | None,
                  answers: tuple[RecordedAnswer, ...]) -> Self:
        vars(self).update(fields)
        self._cards = cards
        self.game = replayed(game, answers).game if game is not None and recorded(game) != answers else game
        return self

    # ---- games -------------------------------------------------------------------

    def start(self, mode: SetupMode, opponent: str, human: Side, seed: int, first: FirstPlayer = "random",
              hidden: bool = False) -> list[E.Event]:
        from ..engine import campaign_game
        from ..sides import SIDES
        from ..setup import Setup
        self.game = campaign_game(self.cards, seed, Setup(mode, first), checkpoints=True)  # a bot may fork it
        self.debugged = self.debug
        self.seed_hidden = hidden
        self.seat({s: HUMAN if opponent == HUMAN or s is human else opponent for s in SIDES}, seed)
        self.redo.clear()
        self.saved = False
        self.action_start = 0
        evs = self.run_bots(0)
        pending = self.human_decision()
        self.at_keyboard = cast("Side", pending.player) if pending is not None else human  # a human decides: a side
        self.handing_over = False
        return evs

    def seat(self, seated: dict[Side, str], seed: int) -> None:
        """Seat ``seated``: a person (``human``) or a bot (its spec) at each side."""
        from cmdsl.bots import make_bot
        self.seated = dict(seated)
        self.humans = {s for s, player in seated.items() if player == HUMAN}
        self.bots = {s: make_bot(player, seed) for s, player in seated.items() if player != HUMAN}

    def who_plays(self) -> str:
        from ..sides import SIDES
        return who_plays([(str(s), self.seated[s]) for s in SIDES])

    def hot_seat(self) -> bool:
        return len(self.humans) > 1

    def hides_seed(self) -> bool:
        """The seed stays secret until the game ends (then it is shown with the result)."""
        return self.seed_hidden and self.game is not None and not self.game.over

    def unsaved(self) -> bool:
        """A game in progress that is not saved: `new`, `load` and `quit` ask before dropping it."""
        return self.game is not None and not self.saved and not self.game.over

    def require(self) -> CampaignGame:
        if self.game is None:
            raise KeyboardError("no game yet: start one with `new` (see `help new`)")
        return self.game

    def human_decision(self) -> Decision | None:
        """The decision a human at this keyboard answers next: the one of the player at the
        keyboard if they have one pending (seats may pick at once, in secret), else the first
        pending decision of a human."""
        if self.game is None:
            return None
        mine = [d for d in self.game.pending_decisions if d.player in self.humans]
        return next((d for d in mine if d.player == self.at_keyboard), mine[0] if mine else None)

    def run_bots(self, since: int | None = None) -> list[E.Event]:
        """Let the bots answer until only humans must decide or the game ends; return new events.
        Where seats pick at once, the bot picks as soon as its pick is pending, unseen by the
        human (it is revealed with theirs)."""
        game = self.require()
        start = len(game.events) if since is None else since
        from cmdsl.bots import play_bot_move
        if any(d.player in self.bots for d in game.pending_decisions):
            with self.host.watch() as choosing:  # one line for the whole wait, naming who chooses
                while any(d.player in self.bots for d in game.pending_decisions):
                    play_bot_move(game, self.bots, choosing)
        return game.events[start:]

    def answer(self, answer: str, seat: PlayerSeat | None = None) -> list[E.Event]:
        game = self.require()
        start = len(game.events)
        game.answer(answer, seat)  # raises IllegalAnswer and changes nothing when it is not an option
        self.action_start = start
        self.redo.clear()
        self.saved = False
        return self.run_bots(start)

    def force_die(self, value: int) -> None:
        """`set die N`: the next Going Negative roll shows ``value``; recorded as the chance
        seat's answer when the die is rolled."""
        from ..options import die_id
        self.require().force_chance(die_id(value))
        self.redo.clear()
        self.saved = False

    def interject(self, action: ByHand) -> list[E.Event]:
        from ..interjections import interject
        game = self.require()
        start = len(game.events)
        interject(game, action)
        self.action_start = start
        self.redo.clear()
        self.saved = False
        return game.events[start:]

    # ---- undo / redo through the record -----------------------------------------------

    def undo(self) -> int:
        """Go back to the previous decision of a human player; return how many answers were undone.

        Back at the point of a `reload` that changed the game, it brings back the game and cards
        as they were before that reload (and returns 0)."""
        from cmdsl.game.decisions import is_chance
        from cmdsl.kits.keyboard.undo_rule import check_undo
        game = self.require()
        if self.before_reload is not None and len(game.answers) <= self.before_reload[2]:
            self.cards, self.game, _ = self.before_reload
            self.before_reload, self.cut = None, None
            self.redo.clear()
            self.saved = False
            return 0
        answers = list(recorded(game))
        undone: list[RecordedAnswer] = []
        while answers:
            undone.append(answers.pop())
            while is_chance(undone[-1]) and answers:  # a forced die goes with the answer that rolled it
                undone.append(answers.pop())
            back = replayed(game, tuple(answers)).game
            if any(d.player in self.humans for d in back.pending_decisions):
                # not back past what was hidden and shown to whoever chooses again (docs/secrets.md)
                again = {d.player for d in back.pending_decisions if d.player in self.humans}
                check_undo(game.events[len(back.events):], again, reveals, self.debug)
                self.game = back
                self.redo.extend(undone)  # pop() gives back the earliest undone answer first
                self.saved = False
                return len(undone)
        raise KeyboardError("nothing to undo")

    def redo_one(self) -> int:
        """Re-apply undone answers up to the next human decision; return how many."""
        from cmdsl.game.decisions import SeatAnswer, is_chance
        game = self.require()
        if not self.redo:
            raise KeyboardError("nothing to redo")
        n = 0
        while self.redo:
            answer = self.redo.pop()
            while self.redo and is_chance(self.redo[-1]):  # the die it rolls was forced: force it again
                chance = self.redo.pop()
                assert isinstance(chance, SeatAnswer)
                game.force_chance(chance.answer)
                n += 1
            apply(game, answer)
            n += 1
            if game.pending is None or any(d.player in self.humans for d in game.pending_decisions):
                break
        self.saved = False
        return n

    # ---- files -------------------------------------------------------------------------------

    def set_debug(self, on: bool) -> None:
        """Show everything (``on``) or only the view of the player at the keyboard. A game once
        shown in debug mode stays marked as debugged in its record."""
        self.debug = on
        self.debugged = self.debugged or on

    def file_view(self) -> str:
        """Whose view a saved file holds (docs/secrets.md): the human's seat against bots, the
        public view in hot-seat (the file is for every player at the table)."""
        if len(self.humans) == 1:
            return next(iter(self.humans)).value
        return "public" if self.humans else "full"

    def reload(self) -> str:
        """Re-read the card files and replay the game with them; report the first divergence.

        The game before the reload is kept: `undo` brings it back, and so does reloading again
        after the card files are restored (the answers the replay could not use are kept too)."""
        from ..record import first_difference
        game = self.require()
        folder = self.set_folder()
        signature = set_signature(folder)
        new_cards = _load(folder)
        self.signature = signature
        answers, old = recorded(game), [e.text() for e in game.events]
        if self.cut is not None and self.cut[0][: len(answers)] == answers:
            answers, old = self.cut  # no move since a reload cut the game short: try them all again
        result = replayed(game, answers, new_cards)
        new = [e.text() for e in result.game.events]
        kept = len(result.game.answers)
        previous = (self.cards, game, kept)
        self.cards, self.game = new_cards, result.game
        self.redo.clear()
        first = first_difference(old, new)
        if first is None and kept == len(answers):
            self.before_reload, self.cut = None, None
            return f"Reloaded the cards: the game replays identically ({len(answers)} answers, {len(new)} events)."
        self.before_reload = previous
        self.cut = (answers, old) if kept < len(answers) else None
        self.saved = False
        return _reload_report(old, new, first, kept, len(answers), result.reason)


def replayed(game: CampaignGame, answers: tuple[RecordedAnswer, ...], cards: CardSet | None = None) -> Replay:
    """``game`` played again from its start with ``answers``; with ``cards`` (a reload), else its own."""
    from ..engine import campaign_of
    from ..record import Record
    from ..replay import replay
    campaign = campaign_of(game)
    rec = Record(campaign.cards.fingerprint, campaign.seed, campaign.setup, answers)
    return replay(cards or campaign.cards, rec, accept_other_cards=cards is not None)  # other cards: the point


def _reload_report(old: list[str], new: list[str], first: int | None, kept: int, answers: int,
                   reason: str | None) -> str:
    """What a reload that changed the game says: where its log first differs, and the answers kept."""
    if first is None:  # the same events, yet an answer failed at the very end
        first = len(new)
    lines = ["Reloaded the cards: the game now goes differently.",
             f"  first different event: #{first + 1}",
             f"    before: {old[first] if first < len(old) else '(nothing)'}",
             f"    now:    {new[first] if first < len(new) else '(nothing)'}"]
    if kept < answers:
        lines.append(f"  {kept} of {answers} answers still apply; the game continues after answer {kept} ({reason}).")
    else:
        lines.append(f"  all {answers} answers still apply.")
    lines.append("  `undo` brings back the game as it was before this reload; restoring the card files and "
                 "reloading again replays every answer.")
    return "\n".join(lines)


def reveals(event: E.Event, seat: PlayerSeat) -> str | None:
    """What ``event`` showed ``seat`` that was hidden before it (the undo rule, ``undo_rule.py``)."""
    from .. import events as E
    from ..kinds import DecisionKind
    if isinstance(event, E.DieRolled):
        return "a die roll"
    if isinstance(event, E.NewsDrawn):
        return "a Breaking News drawn"
    if isinstance(event, E.CardDrawn):
        return "a card you drew" if event.audience().includes(seat) else None
    if isinstance(event, E.Drafted):  # the cards of the next round come with it (R3.1)
        return "the cards dealt for your next draft pick" if event.player is seat else None
    if isinstance(event, (E.CardPlayed, E.CardDiscarded, E.MediaSupportInPlay)):
        return f"a card from {event.player}'s hand" if event.player is not seat else None
    if isinstance(event, E.Chose) and event.player is not seat and event.kind == DecisionKind.SETUP_STATE:
        # logged at the reveal, when both seats' picks are in; StateEntered shows them (R3.3)
        return f"{event.player}'s starting states"
    return None  # a choice made in the open is no secret; the card a "play" names is (CardPlayed)


def recorded(game: CampaignGame) -> tuple[RecordedAnswer, ...]:
    """The game's answers as a record holds them (actions by hand without their compiled steps)."""
    from ..record import HiddenAnswer
    return tuple(a for a in game.record(complete=False).answers if not isinstance(a, HiddenAnswer))  # none: a game's


def apply(game: CampaignGame, answer: RecordedAnswer) -> None:
    """Apply one recorded answer: an option id, an answer of a seat, or an action by hand
    (checked and compiled again)."""
    from cmdsl.game.decisions import SeatAnswer
    from ..interjections import interject
    if isinstance(answer, str):
        game.answer(answer)
    elif isinstance(answer, SeatAnswer):
        game.answer(answer.answer, answer.seat)
    else:
        interject(game, answer)


def _load(folder: Path) -> CardSet:
    from ..loader import load_card_set
    return load_card_set(folder)
