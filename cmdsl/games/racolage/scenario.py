"""Racolage Électoral scenarios as data (docs/racolage.md, "Scenarios"): a position at the start
of a turn — the hands, the media spaces, the bonus zones, the event slot, the decks, the skips and
bonuses, whose turn it is — the answers to give, in order, and what must hold after them
(``expect:``). Every part is checked when the file is read and a problem points at its line: an
unknown card (with the nearest), a card in two places, a permanent in a zone of another type.

A scenario file for Racolage says so at its top (``game: racolage``); it is read by
``cmdsl.sets.scenario_doc`` like any game's. `cmdsl scenario` prints what happens; `cmdsl test`
pins each report with its snapshot."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, Callable, Final, Mapping, cast

from ...errors import CmdslError, did_you_mean
from ...game.audience import Event
from ...game.fields import MAX_SEED
from ...game.decisions import Decision
from ...sets.scenario_checks import Check, Refusal, Refused, equal, refused_in, run_judged, verify
from ...sets.scenario_expect import ScenarioForm, SeatView, expect_checks
from ...sets.scenario_script import Script
from ...sets.text_files import NO_SOURCES, Sources
from ...sets.scenario_doc import Path_, Place, ScenarioDoc, keys_of, list_at, read_doc, shown, text_at, whole_at
from . import events as E
from .cards import Action, Media, RacolageSet
from .game import RacolageGame, View
from .game import racolage_game, rules_of
from .position import Position
from .seats import PLAYER_COUNTS, RacolageSeat, seats_for
from ...values import value

SCENARIO_KEYS: Final = ("name", "players", "seed", "position", "answers", "expect")
POSITION_KEYS: Final = ("current", "hands", "media_spaces", "zones", "event", "media_deck", "action_deck",
                        "discard", "skips", "bonus")
OWN_EXPECT_KEYS: Final = ("notoriety", "final_notoriety", "hands", "media_spaces", "zones", "event", "skips",
                          "discard", "over", "winners")
#: ``decks: {media: N, action: N}``: the Media deck and the Action deck (RA1.6).
MEDIA_PILE: Final = "media"
ACTION_PILE: Final = "action"
PILES: Final = (MEDIA_PILE, ACTION_PILE)


@value
class RacolageScenario:
    file: str
    name: str
    players: int
    seed: int
    setup: Callable[[Position], None] = field(compare=False)
    answers: tuple[str, ...]
    place: Place = field(default_factory=Place, compare=False)
    expect: tuple[Check, ...] = ()
    #: `expect: {refused: TEXT}`: a step of the run must be refused with that in its message
    refused: Refused | None = None


def load_racolage_scenarios(path: str | Path, cards: RacolageSet) -> list[RacolageScenario]:
    doc = read_doc(path)
    doc.require_game("racolage")
    return [_scenario(doc, i, cards) for i in range(len(doc.items))]


def load_racolage_scenario(path: str | Path, index: int, cards: RacolageSet,
                           sources: Sources = NO_SOURCES) -> RacolageScenario:
    doc = read_doc(path, sources)
    doc.require_game("racolage")
    doc.check_index(index)
    return _scenario(doc, index, cards)


def _scenario(doc: ScenarioDoc, i: int, cards: RacolageSet) -> RacolageScenario:
    place = doc.place(i)
    raw = keys_of(place, (), doc.items[i], SCENARIO_KEYS)
    players = whole_at(place, ("players",), raw.get("players", 2), min(PLAYER_COUNTS), max(PLAYER_COUNTS))
    seed = whole_at(place, ("seed",), raw.get("seed", 0), 0, MAX_SEED)
    read = _Reader(place, cards, seats_for(players))
    setup = read.position(raw.get("position") or {}, seed)
    answers = tuple(text_at(place, ("answers", j), a, "an option id (or its label)")
                    for j, a in enumerate(list_at(place, ("answers",), raw.get("answers"))))
    return RacolageScenario(place.file, place.name or "", players, seed, setup, answers, place,
                            read.expect(raw.get("expect")), refused_in(place, ("expect",), raw.get("expect") or {}))


@value
class _Reader:
    place: Place
    cards: RacolageSet
    seats: tuple[RacolageSeat, ...]

    def seat(self, path: Path_, name: Any) -> RacolageSeat:
        names = [s.value for s in self.seats]
        if name not in names:
            raise self.place.error(path, f"expected a seat of this game ({', '.join(names)}), got {shown(name)}",
                                   did_you_mean(str(name), names))
        return self.seats[names.index(name)]

    def card(self, path: Path_, raw: Any, kind: type | None = None) -> str:
        card_id = text_at(self.place, path, raw, "a card id")
        card = self.cards.cards.get(card_id)
        if card is None:
            raise self.place.error(path, f'unknown card "{card_id}"', did_you_mean(card_id, list(self.cards.cards)))
        if kind is not None and not isinstance(card, kind):
            raise self.place.error(path, f"{card_id} is not a{'n Action' if kind is Action else ' Media'} card")
        return card_id

    def card_list(self, path: Path_, raw: Any, kind: type | None = None) -> list[str]:
        return [self.card((*path, j), c, kind) for j, c in enumerate(list_at(self.place, path, raw))]

    def by_seat(self, path: Path_, raw: Any, read: Callable[[Path_, Any], Any]) -> dict[int, Any]:
        if not isinstance(raw, dict):
            raise self.place.error(path, f"expected a mapping of seat → value ({self.seats[0].value}: …)")
        return {self.seat((*path, k), k).index: read((*path, k), v) for k, v in raw.items()}

    def position(self, raw: Any, seed: int) -> Callable[[Position], None]:
        P: Path_ = ("position",)
        spec = keys_of(self.place, P, raw, POSITION_KEYS)
        hands = self.by_seat((*P, "hands"), spec.get("hands", {}), self.card_list)
        spaces = self.by_seat((*P, "media_spaces"), spec.get("media_spaces", {}),
                              lambda p, v: self.card_list(p, v, Media))
        zones = self.by_seat((*P, "zones"), spec.get("zones", {}), self.zone)
        event = self.card((*P, "event"), spec["event"], Action) if spec.get("event") is not None else None
        if event is not None and self.cards.action_card(event).kind.value != "event":
            raise self.place.error((*P, "event"), f"{event} is not an Event (RA6.4)")
        media = self.card_list((*P, "media_deck"), spec["media_deck"], Media) if "media_deck" in spec else None
        actions = self.card_list((*P, "action_deck"), spec["action_deck"], Action) if "action_deck" in spec else None
        discard = self.card_list((*P, "discard"), spec.get("discard"))
        skips = self.by_seat((*P, "skips"), spec.get("skips", {}), lambda p, v: whole_at(self.place, p, v, 0, 20))
        bonus = self.by_seat((*P, "bonus"), spec.get("bonus", {}), lambda p, v: whole_at(self.place, p, v, 0, 99))
        current = self.seat((*P, "current"), spec.get("current", self.seats[0].value)).index
        placed: dict[str, Path_] = {}
        for path, ids in [*(((*P, "hands"), h) for h in hands.values()), *(((*P, "media_spaces"), m) for m in spaces.values()),
                          *(((*P, "zones"), list(z.values())) for z in zones.values()), ((*P, "event"), [event] if event else []),
                          ((*P, "media_deck"), media or []), ((*P, "action_deck"), actions or []), ((*P, "discard"), discard)]:
            for card_id in ids:
                if card_id in placed:
                    raise self.place.error(path, f"{card_id} is in two places: a card is in exactly one")
                placed[card_id] = path
        rest = random.Random(seed)
        left_m = [m.id for m in self.cards.media if m.id not in placed]
        left_a = [a.id for a in self.cards.actions if a.id not in placed]
        rest.shuffle(left_m)
        rest.shuffle(left_a)
        n = len(self.seats)

        def setup(pos: Position) -> None:
            pos.hands = [list(hands.get(i, [])) for i in range(n)]
            pos.media_spaces = [list(spaces.get(i, [])) for i in range(n)]
            pos.zones = [dict(zones.get(i, {})) for i in range(n)]
            pos.event, pos.current, pos.discard = event, current, list(discard)
            # a deck given is the whole deck, top first; not given, every card not placed, shuffled
            pos.media_deck = list(reversed(media)) if media is not None else list(left_m)
            pos.action_deck = list(reversed(actions)) if actions is not None else list(left_a)
            pos.skips = [skips.get(i, 0) for i in range(n)]
            pos.bonus = [bonus.get(i, 0) for i in range(n)]
        return setup

    def zone(self, path: Path_, raw: Any) -> dict[Any, str]:
        zone: dict[Any, str] = {}
        for j, card_id in enumerate(self.card_list(path, raw, Action)):
            kind = self.cards.action_card(card_id).kind.permanent
            if kind is None:
                raise self.place.error((*path, j), f"{card_id} is not a permanent Action: it cannot be in a bonus zone")
            if kind in zone:
                raise self.place.error((*path, j), f"a bonus zone holds one {kind.value} at most (RA2.4)")
            zone[kind] = card_id
        return zone

    def expect(self, raw: Any) -> tuple[Check, ...]:
        """The ``expect:`` block: the common keys (``cmdsl.sets.scenario_expect``) and Racolage's own."""
        return expect_checks(self.place, raw, self.form())

    def form(self) -> ScenarioForm["RacolageOutcome"]:
        """What the common keys of ``expect:`` read of Racolage: its seats, events and cards, a
        seat's view, and its two decks (``decks: {media: N, action: N}``, RA1.6)."""
        return ScenarioForm(tuple(s.value for s in self.seats), E, self.cards_for, _seat_view, PILES, _pile,
                            OWN_EXPECT_KEYS, self.own_expect, seat=lambda place, path, raw: self.seat(path, raw).value)

    def cards_for(self, place: Place, path: Path_, where: str, raw: Any) -> list[str]:
        """Cards of a seat's hand (any card) or of a deck (its kind only)."""
        return self.card_list(path, raw, Media if where == MEDIA_PILE else Action if where == ACTION_PILE else None)

    def own_expect(self, place: Place, P: Path_, spec: Mapping[str, Any]) -> list[Check]:
        """Racolage's own keys of ``expect:``: notoriety, hands, media spaces, bonus zones, skips,
        the event slot, the discard pile, the end of the game."""
        checks: list[Check] = []
        for key, final in (("notoriety", False), ("final_notoriety", True)):
            for i, want in self.by_seat((*P, key), spec.get(key, {}), lambda p, v: whole_at(self.place, p, v, 0, 999)).items():
                checks.append(equal((*P, key, self.seats[i].value), want, partial(_notoriety, self.seats[i], final)))
        for key in ("hands", "media_spaces"):
            for i, want in self.by_seat((*P, key), spec.get(key, {}), self.card_list).items():
                checks.append(equal((*P, key, self.seats[i].value), sorted(want), partial(_cards_at, key, i)))
        for i, want in self.by_seat((*P, "zones"), spec.get("zones", {}), self.zone).items():
            checks.append(equal((*P, "zones", self.seats[i].value), sorted(want.values()), partial(_zone, i)))
        for i, want in self.by_seat((*P, "skips"), spec.get("skips", {}), lambda p, v: whole_at(self.place, p, v, 0, 20)).items():
            checks.append(equal((*P, "skips", self.seats[i].value), want, partial(_skips, i)))
        if "event" in spec:
            want_event = self.card((*P, "event"), spec["event"], Action) if spec["event"] is not None else None
            checks.append(equal((*P, "event"), want_event, lambda out: out.game.position.event))
        if "discard" in spec:
            want_discard = sorted(self.card_list((*P, "discard"), spec["discard"]))
            checks.append(equal((*P, "discard"), want_discard, lambda out: sorted(out.game.position.discard)))
        if "over" in spec:
            if not isinstance(spec["over"], bool):
                raise self.place.error((*P, "over"), f"expected true or false, got {shown(spec['over'])}")
            checks.append(equal((*P, "over"), spec["over"], lambda out: out.game.over))
        if "winners" in spec:
            want_winners = [self.seat((*P, "winners", j), w).value for j, w in enumerate(list_at(self.place, (*P, "winners"), spec["winners"]))]
            checks.append(equal((*P, "winners"), want_winners, lambda out: [s.value for s in out.game.winners()]))
        return checks


def _seat_view(out: "RacolageOutcome", seat: str) -> SeatView:
    """What ``view:`` reads of ``seat``'s view (``game.view``): its hand, the hands' sizes, its log."""
    view = cast(View, out.game.view(out.game.seats[[s.value for s in out.game.seats].index(seat)]))
    return SeatView(view.hand, {s.value: n for s, n in zip(out.game.seats, view.hand_sizes)}, view.log)


def _pile(out: "RacolageOutcome", name: str) -> list[str]:
    """A deck's cards, top first (the position keeps its top last)."""
    pos = out.game.position
    return list(reversed(pos.media_deck if name == MEDIA_PILE else pos.action_deck))


def _notoriety(seat: RacolageSeat, final: bool, out: "RacolageOutcome") -> int:
    return rules_of(out.game).notoriety(seat, final)


def _cards_at(key: str, i: int, out: "RacolageOutcome") -> list[str]:
    return sorted(getattr(out.game.position, key)[i])


def _zone(i: int, out: "RacolageOutcome") -> list[str]:
    return sorted(out.game.position.zones[i].values())


def _skips(i: int, out: "RacolageOutcome") -> int:
    return out.game.position.skips[i]


@dataclass
class RacolageOutcome:
    """What a scenario did: the game after its answers, and how many expectations held."""

    game: RacolageGame
    checked: int = 0

    @property
    def events(self) -> list[Event]:
        return list(self.game.events)

    def report(self) -> str:
        pos, game = self.game.position, self.game
        lines = [e.text() for e in game.events]
        lines.append("— position —")
        for s in game.seats:
            i = s.index
            lines.append(f"{s}: notoriety {rules_of(game).notoriety(s)} (final {rules_of(game).notoriety(s, final=True)}); "
                         f"hand {', '.join(pos.hands[i]) or '—'}; media {', '.join(pos.media_spaces[i]) or '—'}; "
                         f"zone {', '.join(pos.zones[i].values()) or '—'}" + (f"; skips {pos.skips[i]}" if pos.skips[i] else ""))
        lines.append(f"event: {pos.event or '—'}; decks: {len(pos.media_deck)} Media, {len(pos.action_deck)} Action; "
                     f"discard: {', '.join(pos.discard) or '—'}")
        pending = game.pending
        lines.append("game over" if game.over else f"next: {pending.player}, {pending.prompt}" if pending else "")
        return "\n".join(lines)


def run_racolage_scenario(sc: RacolageScenario, cards: RacolageSet) -> RacolageOutcome | Refusal:
    """The scenario's answers from its position; a located ``ScenarioError`` when an answer is not
    an option, when answers are left once the game is over, or when an expectation fails. An
    answer written for a decision the engine takes by itself (a single option) is that decision's
    (``Script``). A scenario that expects ``refused:`` passes only when a step is refused so."""
    place = sc.place if sc.place.name is not None else Place(sc.file, sc.name)
    return run_judged(sc.refused, place, lambda: _run(sc, cards, place))


def _run(sc: RacolageScenario, cards: RacolageSet, place: Place) -> RacolageOutcome:
    noted: list[Decision] = []
    game = racolage_game(sc.seed, sc.players, cards, setup=sc.setup, noted=noted)
    script = Script(sc.answers, noted)
    while (step := script.take()) is not None:
        j, answer = step
        if game.over or game.pending is None:
            raise place.error(("answers", j), f"the game is over: {len(sc.answers) - j} answers left unused")
        try:
            game.answer(answer, game.pending.player)
        except CmdslError as e:  # an answer that is not an option (IllegalAnswer), the step limit
            raise place.error(("answers", j), str(e)) from None
    out = RacolageOutcome(game)
    out.checked = verify(out, sc.expect, place)
    return out
