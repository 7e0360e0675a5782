"""One game on the server: its deal (``store.Deal``), the driver that holds it, who plays each seat,
and the answers given, each applied through the driver (an illegal one is refused and changes
nothing) and returned as the ``store.Answer`` to keep.

A game is rebuilt from its deal and answers (a restart, or a game not in memory): the game dealt
again must match its digest, and each answer must bring back the number of events and the last
event it brought the first time; anything else is a ``StoreError``, never a different game.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Iterable, Mapping, cast

from ..errors import CmdslError
from ..game.decisions import Decision, Option, PlayerSeat
from ..kits.keyboard.one_seat import pick_option
from ..plugins import GameOptions, JsonValue, Plugin, TableGame, TableRequest
from .store import PERSON, Answer, Deal, StoreError, digest


class AnswerRefused(CmdslError):
    """An answer that is not this seat's to give, or not an option: nothing changed."""


def table_request(deal: Deal) -> TableRequest:
    return TableRequest(deal.cards, GameOptions(MappingProxyType(dict(deal.options))))


def dealt_digest(game: TableGame) -> str:
    """A digest of a game before any answer: its record (the set's fingerprint, the seed, the deal's
    log), which a rebuild must reproduce."""
    return digest(json.dumps(game.record(True), sort_keys=True, default=repr))


def last_event(game: TableGame) -> str:
    return digest(game.events[-1].text()) if len(game.events) else ""


@dataclass
class HotSeat:
    """Who has the one screen of a hot-seat table, and whether it is being handed over (then
    nothing of the game is shown until the next person takes it)."""

    at: str | None = None
    handing_over: bool = True


@dataclass
class ServedGame:
    deal: Deal
    plugin: Plugin
    driver: TableGame
    hot: HotSeat = field(default_factory=HotSeat)

    @staticmethod
    def dealt(deal: Deal, plugin: Plugin) -> "ServedGame":
        driver = plugin.rules.new_game(table_request(deal), deal.seed)
        return ServedGame(deal, plugin, driver)

    @staticmethod
    def rebuilt(deal: Deal, plugin: Plugin, answers: Iterable[Answer]) -> "ServedGame":
        """The game as it stood after ``answers``; a ``StoreError`` where it does not come back the same."""
        try:
            served = ServedGame.dealt(deal, plugin)
        except CmdslError as e:
            raise StoreError(f"game {deal.id} cannot be dealt again: {e}") from None
        if dealt_digest(served.driver) != deal.dealt:
            raise StoreError(f"game {deal.id} does not deal the same game again (its set or the game's rules "
                             "changed since it began)")
        for n, a in enumerate(answers, 1):
            try:
                served.driver.answer(a.option, served.seat(a.seat))
            except CmdslError as e:
                raise StoreError(f"game {deal.id}: answer {n} ({a.seat}: {a.option}) is refused now: {e}") from None
            if len(served.driver.events) != a.events or last_event(served.driver) != a.last:
                raise StoreError(f"game {deal.id}: answer {n} does not bring back the game it did (its set or "
                                 "the game's rules changed since)")
        served.hot = HotSeat(served.first_at_screen())
        return served

    # ---- seats ---------------------------------------------------------------------------------

    @property
    def seats(self) -> tuple[PlayerSeat, ...]:
        return self.driver.seats

    def seat(self, name: str) -> PlayerSeat:
        found = next((s for s in self.seats if s.value == name), None)
        if found is None:
            raise StoreError(f"game {self.deal.id} has no seat {name!r}")
        return found

    @property
    def players(self) -> Mapping[str, str]:
        """Who plays each seat: PERSON or a bot's spec, by seat name."""
        return dict(self.deal.seated)

    def bot_seats(self) -> list[tuple[PlayerSeat, Decision]]:
        """The bots' decisions pending now (several at once where seats pick in secret)."""
        players = self.players
        return [(d.player, d) for d in self.driver.pending_decisions if players.get(d.player.value, PERSON) != PERSON]

    def deciding_person(self) -> str | None:
        players = self.players
        return next((d.player.value for d in self.driver.pending_decisions
                     if players.get(d.player.value) == PERSON), None)

    def first_at_screen(self) -> str | None:
        """Who has a hot-seat table's screen first: the person deciding now, else the first person."""
        return self.deciding_person() or next(iter(self.deal.persons()), None)

    def mine(self, seat: PlayerSeat) -> Decision | None:
        return next((d for d in self.driver.pending_decisions if d.player is seat), None)

    # ---- answers -------------------------------------------------------------------------------

    def answer(self, seat_name: str, text: str) -> Answer:
        """A person's answer for the seat ``seat_name``: an option's id, label or number, or an
        amount at a decision of amounts (as the REPL reads them). Refused in one line, nothing
        changed, unless that seat has a decision pending and the text names one of its options."""
        seat = self.seat(seat_name)
        if self.players.get(seat_name) != PERSON:
            raise AnswerRefused(f"{seat} is played by a bot")
        d = self.mine(seat)
        if d is None:
            raise AnswerRefused("the game is over" if self.driver.over else f"{seat} has no decision pending now")
        return self._apply(seat, pick_option(d, text))

    def bot_answer(self, seat: PlayerSeat, option_id: str) -> Answer:
        d = self.mine(seat)
        option = d.find(option_id) if d is not None else None
        if option is None:
            raise AnswerRefused(f"{seat}'s bot answered {option_id!r}, not one of its options")
        return self._apply(seat, option)

    def _apply(self, seat: PlayerSeat, option: Option) -> Answer:
        self.driver.answer(option.id, seat)  # a transaction: an error leaves the game as it was
        return Answer(seat.value, option.id, len(self.driver.events), last_event(self.driver))

    def record(self) -> JsonValue:
        """The game's record as `cmdsl play --record` writes it, with who played each seat:
        `cmdsl replay` reads it. It holds the seed, so every card: for a game that is over."""
        record = self.driver.record(True)
        data = record.to_json() if hasattr(record, "to_json") else record  # a record value (CM2008's), or its JSON
        if isinstance(data, dict):
            data["played_by"] = {seat: player for seat, player in self.deal.seated}
        return cast(JsonValue, data)

    def take_back(self, answers: list[Answer]) -> None:
        """The game as it stood after ``answers`` (an answer applied but not kept: a full disk)."""
        self.driver = ServedGame.rebuilt(self.deal, self.plugin, answers).driver
