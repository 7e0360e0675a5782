"""Die Macher at the REPL: its ``Keyboard`` (cmdsl/kits/keyboard/keyboard.py). The REPL runs `new
diemacher`, `load`, `help`, `rules` (`rules DM7.5`), `clear` and `quit` itself and gives every other
line to this keyboard: an answer (a number of the list, the option, its id, or an amount: `bid
7000`, `7000`, `€7k`), `board` (`table`), `hand`, `?`, `card NAME`, `log`, `save FILE [full]`,
`undo`, `redo`, `debug`. People play some parties, bots the others; with several people
(hot-seat) the keyboard is handed over between them, a sealed bid or a preliminary sheet (DM4,
DM7.1) included: each picks in secret, and the picks are shown together once the last is in.
Everything shown is what the party at the keyboard may know (its ``DieMacherView``: board.py,
explain.py)."""

from __future__ import annotations

import secrets
from typing import Any, ClassVar, Mapping

from ....bots import BOT_NAMES, play_bot_move
from ....errors import CardError, did_you_mean
from ....game.decisions import Decision, SeatAnswer
from ....kits.keyboard.keyboard import Command, Host, KeyboardError, asked, save_arguments
from ....kits.keyboard.one_seat import OneSeatKeyboard, amount_line, history_commands
from ....kits.keyboard.seating import taking
from ....kits.keyboard.table_words import read_load
from ....kits.keyboard.toolbar import Part, part, plain
from ....sets.played_by import played_by_field
from ....sets.set_location import choose_set
from .. import events as E
from ..events_cabinet_phase import CabinetRevealed
from ..cabinet_cards import card_text
from ..data import DieMacherData, load_data
from ..event_text import euros
from ..game import DieMacherGame, diemacher_game, diemacher_of
from ..parties import PARTIES, Party
from ..record import MAX_SEED
from ..replay import from_record
from ..view import DieMacherView
from . import explain
from .board import board, hand, short
from .new_game import ME, parse_setup, party_word, width

#: What a file saved here adds to the game's record: who played each party, whether it was debugged.
_FILE_KEYS = ("played_by", "debugged")
#: A decision with more options than this and short labels (amounts) lists them side by side.
_SIDE_BY_SIDE = 8


class DieMacherKeyboard(OneSeatKeyboard):
    WORDS: ClassVar[tuple[str, ...]] = ("board", "table", "hand", "?", "card", "log", "save", "undo", "redo", "debug")
    START: ClassVar[str] = "Type `new diemacher 4 players vs greedy` to lead CDU/CSU against three greedy bots"
    NEW: ClassVar[tuple[str, str]] = (
        "new diemacher [N players] [M humans] [vs BOT|human] [as PARTY] [short] [seed N]",
        "Start a game of Die Macher (3 to 5 players, default 4; `short`: the 5-round game, DM12). Without `vs`, "
        "every party is played here (hot-seat); with `vs BOT`, you lead CDU/CSU (or the first M parties; `as spd`: "
        "from SPD on) and the bot leads the others.")
    ANSWER_HINT: ClassVar[str] = ("Answer with the number of an option, the option itself, or an amount where one is "
                                  "asked (`bid 7000`, `7000`, `€7k`; `#3` is option 3 there).")
    ME: ClassVar[Any] = ME
    NEW_COMMAND: ClassVar[str] = "new diemacher"

    def __init__(self, host: Host, cards_path: str | None) -> None:
        super().__init__()
        self.host = host
        self.cards_path = cards_path
        self._loaded: DieMacherData | None = None
        self.quiet_log = False  # the next screen says how long the log is instead of showing it

    # ---- the keyboard's commands --------------------------------------------------------

    def commands(self) -> Mapping[str, Command]:
        shown = Command(lambda arg, colour: self._board(arg), "board [WIDTH]",
                        "Show the board: the round and phase, every party's money, members, seats, hand size, "
                        "coalition tiles and platform; the four state boards (opinions, popularity, votes, rallies, "
                        "media, cabinet cards); the national board and the exchange pool; your hand and cabinet "
                        "cards. It fits the terminal (100 columns at most; `board 60` lays it out for 60). "
                        "`table` is the same.")
        return {"board": shown, "table": Command(shown.run, "table [WIDTH]", "The same as board."),
                "hand": Command(lambda arg, colour: self._hand(), "hand",
                                "Show your platform and your hand, each card in words, and your cabinet cards."),
                "?": Command(lambda arg, colour: self._why(), "?",
                             "Explain your decision from your party's view: its rule (DM number), what it is about "
                             "and what each option would do (money left, markers, votes at your factor, matches)."),
                "card": Command(lambda arg, colour: self._card(arg), "card NAME",
                                "Show a cabinet card (DM1.6): its cost, telephone and actions, by its English or "
                                "French name, its id, or the start of one (`card speaker`, `card chief`)."),
                "save": Command(lambda arg, colour: self._save(arg), "save FILE [full]",
                                "Save the game as a record (its seed and answers, who plays each party); `full`: "
                                "with the whole log, every hidden card in it, for a bug report."),
                **history_commands(self, "your party", "what you were shown that was hidden (bids or sheets "
                                   "revealed, a card drawn or turned up, a poll, dice)")}

    def at_decision(self) -> str | None:
        if self.game is None or self.seating.handing_over or not self.game.view(self.me).pending:
            return None
        return self._why()

    def new(self, arg: str, colour: bool) -> str:
        setup = parse_setup(arg)
        data = self._data()
        self.host.may_discard("new")
        self.seed_hidden = setup.seed is None
        seed = setup.seed if setup.seed is not None else secrets.randbelow(MAX_SEED + 1)
        game = diemacher_game(seed, setup.players, short=setup.short, data=data)
        k = game.seats.index(setup.first)
        self.start(game, setup.bot, (game.seats[k:] + game.seats[:k])[:setup.humans])
        shown = "a random seed, shown when the game ends" if self.seed_hidden else f"seed {seed}"
        length = "the short game (5 elections, DM12)" if setup.short else "7 elections"
        return (f"New Die Macher game, {setup.players} players, {length}, {shown}: {self.seating.who_plays()}.\n"
                "`board` shows the board, `?` explains your decision, `help` lists the commands.\n" + self.screen())

    def load(self, path: str, data: Any, words: list[str], colour: bool) -> str:
        bot, named = read_load(words, "e.g. `load game.json vs greedy as spd`")
        seat = party_word(named, "load") if named is not None else None
        record = {k: v for k, v in data.items() if k not in _FILE_KEYS} if isinstance(data, dict) else data
        game = from_record(record, path, game_data=self._data())  # a RecordError names what is wrong
        if seat is not None and seat not in game.seats:
            raise KeyboardError(f"load: this game's parties are {', '.join(p.value for p in game.seats)}, not {seat.value}")
        played_by = played_by_field(data, path, [s.value for s in game.seats], BOT_NAMES) \
            if isinstance(data, dict) else None
        if played_by is not None and seat is not None:
            played_by = taking(played_by, seat.value)
        humans: tuple[Party, ...] = (seat or game.seats[0],)
        if bot == "human":  # every party at this keyboard: no seat is left for a bot
            humans, bot = game.seats, "random"
        self.seed_hidden, self.quiet_log = False, True
        out = self.loaded(path, game, self.host, bot, humans,
                          debugged=isinstance(data, dict) and data.get("debugged") is True, played_by=played_by)
        for seat in self.seating.humans:  # in hot-seat too, the game so far is for `log`, not the next screen
            self.seating.shown.setdefault(seat, len(game.view(seat).log))
        return out

    # ---- what the prompt shows ------------------------------------------------------------

    def toolbar(self) -> list[Part]:
        if self.game is None:
            return []
        if self.seating.handing_over:
            return [part(plain(f"Die Macher: hand over to {self.me} (Enter)"), (0, ()))]
        view = self.game.view(self.me)
        if self.game.over:
            result = self.game.result
            won = " and ".join(map(str, result.winners)) + (" share the win" if len(result.winners) > 1 else " wins")
            totals = "  ".join(f"{short(line.party)} {line.total}" for line in result.scores)
            return [part(plain(f"Die Macher: game over, {won}"), (1, plain("Game over"))), part(plain(totals), (0, ()))]
        rounds = 5 if diemacher_of(self.game).short else 7
        when = "preliminary step" if view.round == 0 else f"round {view.round}/{rounds} {view.phase}"
        money = "  ".join(f"{short(p)} €{m // 1000}k" for p, m in zip(view.parties, view.money))
        return [part(plain(f"Die Macher {when} — {self.me}"), (2, plain(f"{when} — {self.me}"))),
                part(plain(money), (1, plain(money.replace("€", ""))), (0, ()))]

    def completions(self, command: str, text: str) -> list[str]:
        if command == "new":
            return ["players", "humans", "vs", "random", "greedy", "human", "as", "short", "seed",
                    *(p.value for p in PARTIES)]
        if command == "card":
            return [c.id for c in self._data().cabinet]
        return []

    def greeting(self) -> str:
        return "Die Macher plays the bundled set unless `--cards` or cmdsl.toml names another."

    def screen(self) -> str:
        """What the party at the keyboard may see since it last had it, then its decision with
        numbered options (amounts side by side)."""
        game, me = self.require(), self.me
        view = game.view(me)
        news = list(view.log[self.seating.shown.get(me, 0):])
        if self.quiet_log and news:  # a game loaded: its log is a command away, not on the screen
            news, self.quiet_log = [f"({len(news)} events so far: `log` shows them.)"], False
        self.seating.shown[me] = len(view.log)
        mine: Decision | None = view.pending[0] if view.pending else None
        if game.over:
            result = game.result.text()
            news += ([] if result in news else [result]) + ["`new diemacher` deals another game."]
        if mine is not None:
            news.append(f"{me}, {asked(mine.prompt)}")
            news += _options(mine)
            hint = amount_line(mine)
            if hint is not None:
                verb = mine.amount.ids.partition(":")[0] if mine.amount is not None else ""
                news.append(hint + (f" `{verb} N` works too." if verb and verb != "{}" else ""))
        return "\n".join(news)

    def log(self) -> str:
        return "\n".join(self.require_seen().view(self.me).log)

    # ---- playing ------------------------------------------------------------------------------

    def answer(self, text: str) -> str:
        """An answer as the base reads it, and also `VERB AMOUNT` (`bid 7000`, `rallies 3`) and
        `VERB WHAT` for an option id `VERB:WHAT` (`buy bremen`, `first spd`)."""
        game = self.require_seen()
        mine = next((d for d in game.pending_decisions if d.player is self.me), None)
        return super().answer(_typed(mine, text) if mine is not None else text)

    def run_bots(self) -> None:
        """The bots answer until a person must: under the REPL's thinking line ("SPD is thinking…"),
        a round of bots' moves taking a moment."""
        game = self.require()
        if any(d.player in self.bots for d in game.pending_decisions):
            with self.host.watch() as choosing:
                while any(d.player in self.bots for d in game.pending_decisions):
                    play_bot_move(game, self.bots, choosing)

    def copy_game(self, game: Any) -> Any:
        return self._replayed(game, self.answers_since_deal(game))  # a fork's log would start at its phase

    def fresh_game(self, game: Any) -> Any:
        held = diemacher_of(game)
        return diemacher_game(held.seed, held.players, short=held.short, parties=held.seats, data=held.data)

    def _replayed(self, game: DieMacherGame, answers: list[Any]) -> DieMacherGame:
        again = self.fresh_game(game)
        for a in answers:
            if isinstance(a, SeatAnswer) and a.is_chance:
                again.force_chance(a.answer)
            elif isinstance(a, SeatAnswer):
                again.answer(a.answer, a.seat)
            else:
                again.answer(a)
        return again

    def answers_since_deal(self, game: Any) -> list[Any]:
        return list(diemacher_of(game).history(game))

    def _history(self) -> list[tuple[Any, str]]:
        """Every answer since the deal with the party that gave it: a secret pick (DM4, DM7.1) is
        recorded with its party; any other is the one pending decision's."""
        game = self.require()
        again, out = self.fresh_game(game), []
        for a in self.answers_since_deal(game):
            seat, answer = (a.seat, a.answer) if isinstance(a, SeatAnswer) else (again.pending_decisions[0].player, a)
            out.append((seat, answer))
            again.answer(answer, seat)
        return out

    def reveals(self, event: Any, seat: Any) -> str | None:
        return reveals(event, seat)

    def file_record(self, full: bool) -> Any:
        """The game's record, with who plays each party. Unless ``full``, it holds nothing the
        people at this keyboard have not seen (docs/secrets.md): secret picks not shown yet (DM4,
        DM7.1) are left out, to be made again when it is loaded; while a card lies face down that a
        person here may not see (DM8.1, DM10.5), it is refused in one line."""
        game = self.require()
        record = game.record(full)
        if not full:
            who = self.seating.humans[0] if len(self.seating.humans) == 1 else None  # hot-seat: the table's file
            hidden = face_down(game.view(self.me), who)
            if hidden is not None:
                raise KeyboardError(f"save: not while {hidden} lies face down (the file would name it): save once "
                                    "the cards are turned up, or `save FILE full` for a bug report")
            record["answers"] = unrevealed_left_out(record["answers"], len(game.answers), game.secret_phase, who)
        return {**record, "played_by": {seat.value: player for seat, player in self.seating.players},
                "debugged": self.debugged or full}

    def _save(self, arg: str) -> str:
        _, full = save_arguments(arg)
        out = self.save(arg)
        if not full:
            return out
        self.debugged = True  # whoever reads the file has seen every card
        return out.removesuffix(".") + ": with the whole log, which shows every hidden card (the game is marked debugged)."

    def dealt_again(self) -> tuple[int, int, str]:
        held = diemacher_of(self.require())
        return held.players, held.seed, "short " if held.short else ""

    # ---- the set and the views ------------------------------------------------------------------

    def _data(self) -> DieMacherData:
        if self._loaded is None:
            try:
                self._loaded = load_data(choose_set(self.cards_path, "diemacher").path)
            except CardError as e:  # a located one-line error; nothing changes
                raise KeyboardError(str(e)) from None
        return self._loaded

    def _game_data(self) -> DieMacherData:
        return diemacher_of(self.game).data if self.game is not None else self._data()

    def _board(self, arg: str) -> str:
        word = arg.strip()
        if word and not (word.isdigit() and 40 <= int(word) <= 200):
            raise KeyboardError(f'board: a width of 40 to 200 columns, or nothing (the terminal\'s), not "{word}"')
        game = self.require_seen()
        rounds = 5 if diemacher_of(game).short else 7
        return board(game.view(self.me), self._game_data(), rounds, int(word) if word else width())

    def _hand(self) -> str:
        return hand(self.require_seen().view(self.me), self._game_data(), width())

    def _why(self) -> str:
        view = self.require_seen().view(self.me)
        return explain.explain(view, self._game_data()) + explain.at_the_repl(view)

    def _card(self, arg: str) -> str:
        name = arg.strip().lower()
        if not name:
            raise KeyboardError("card: give a cabinet card's name or id: `card speaker`, `card chief`")
        cards = self._game_data().cabinet
        found = next((c for c in cards if name in (c.id, c.en.lower(), c.name.lower())), None) or next(
            (c for c in cards if c.id.startswith(name) or c.en.lower().startswith(name)
             or c.en.lower().removeprefix("the ").startswith(name) or c.name.lower().startswith(name)), None)
        if found is None:
            near = did_you_mean(name, [c.en for c in cards] + [c.id for c in cards])
            raise KeyboardError(f'card: no cabinet card is "{arg.strip()}"' + (f" (did you mean {near}?)" if near else "")
                                + "; the cards: " + ", ".join(c.en for c in cards))
        extras = ["a telephone: your coalition tile goes on its state (DM8.4)"] if found.phone else []
        extras += ["only in the 7-round game (DM12.1)"] if found.seven else []
        lines = [f"{found.en} ({found.name}), {euros(found.cost)} (DM1.6)" + (": " + "; ".join(extras) if extras else ""),
                 *("  " + line for line in card_text(found).strip().splitlines())]
        return "\n".join(lines)


def face_down(view: DieMacherView, who: Party | None) -> str | None:
    """A card lying face down that ``who`` may not see (None: anybody's), in a few words, or None:
    a cabinet card (DM8.1) or a refused contribution (DM10.5) before its reveal."""
    for b in view.boards:
        for party, _, state in b.cabinet:
            if state == "face down" and party is not who:
                return f"{party}'s cabinet card in {b.state}"
    for party, _, accepted in view.laid:
        if not accepted and party is not who:
            return f"{party}'s contribution card"
    return None


def unrevealed_left_out(answers: list[Any], played: int, phase: int | None, who: Party | None) -> list[Any]:
    """A record's ``answers`` (JSON) without the secret picks of a phase in progress (``phase``: the
    number of the game's ``played`` answers before it) that ``who`` did not make (None: all)."""
    if phase is None:
        return answers
    start = len(answers) - played + phase  # a record's answers may begin before the game's own
    return answers[:start] + [a for a in answers[start:] if who is not None and isinstance(a, dict)
                              and a.get("seat") == who.value]


def _options(d: Decision) -> list[str]:
    """The numbered options: one a line, or, for many short ones (amounts), side by side."""
    labels = [f"{i}. {o.label}" for i, o in enumerate(d.options, 1)]
    if len(labels) <= _SIDE_BY_SIDE or max(len(x) for x in labels) > 14:
        return ["  " + x for x in labels]
    cell = max(len(x) for x in labels) + 2
    per_line = max(1, 56 // cell)
    return ["  " + "".join(f"{x:<{cell}}" for x in labels[k:k + per_line]).rstrip()
            for k in range(0, len(labels), per_line)]


def _typed(d: Decision, text: str) -> str:
    """What `VERB REST` answers: the option `VERB:REST` when there is one (`buy bremen`), else, at
    a decision of amounts whose ids are `VERB:N`, the amount REST (`bid 7000`). Otherwise the text."""
    verb, _, rest = text.strip().partition(" ")
    rest = rest.strip()
    if not rest:
        return text
    joined = f"{verb.lower()}:{rest.lower()}"
    if any(o.id == joined for o in d.options):
        return joined
    if d.amount is not None and d.amount.ids.partition(":")[0] == verb.lower():
        return rest
    return text


def reveals(event: Any, seat: Party) -> str | None:
    """What ``event`` showed ``seat`` that was hidden before it (the undo rule, ``undo_rule.py``):
    the secret picks shown together (DM4 sheets, DM7.1 bids), platform cards it drew, an opinion
    card turned up or dealt, a poll it looked at or another's published, cabinet cards turned up
    (DM8.2), refused contributions turned up, a die or dice rolled. What a party does in the open
    (media, rallies, a conversion, a cabinet action) shows nothing hidden."""
    if isinstance(event, E.PreliminaryRevealed):
        return "the preliminary sheets shown (DM4.1)"
    if isinstance(event, E.BidShown):
        return "the sealed bids shown (DM7.1.1)"
    if isinstance(event, E.HandDrawn):
        return "the platform cards you drew" if event.party is seat else None
    if isinstance(event, (E.BoardSet, E.PoolDealt, E.OpinionTurnedUp)):
        return "an opinion card turned up"
    if isinstance(event, E.PollSeen):
        return "the poll you looked at" if event.party is seat else None
    if isinstance(event, E.PollPublished):
        return f"{event.party}'s poll published" if event.party is not seat else None
    if isinstance(event, CabinetRevealed):
        return "the cabinet cards turned up (DM8.2)"
    if isinstance(event, E.ContributionRevealed):
        return "the refused contributions turned up (DM10.5)"
    if isinstance(event, E.DieRolled) or (isinstance(event, E.MembersChanged) and "DM9.6" not in event.why):
        return "dice rolled"
    return None
