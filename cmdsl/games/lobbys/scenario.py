"""Lobbys scenarios as data (docs/lobbys.md, "Scenarios"): a position between two steps — the
hands, the round, the trump, the contracts on offer and won, the points — the picks to make, step
by step, and what must hold afterwards (``expect:``). Every part is checked when the file is read
and a problem points at its line: a card that is not in this player count's Offer deck (L1.4) or
is in two places, a hand of the wrong size for the step, contracts won other than in pairs (L6.4).

A scenario file for Lobbys says so at its top (``game: lobbys``); it is read by
``cmdsl.sets.scenario_doc`` like any game's; its names and position by ``scenario_read.py``.
Running one is ``scenario_run.py``.
"""

from __future__ import annotations

from dataclasses import field
from functools import partial
from pathlib import Path
from typing import Any, Callable, Final, Mapping, TypeVar

from ...errors import did_you_mean
from ...game.fields import MAX_SEED
from ...sets.scenario_checks import Check, Refused, decided_by, equal, refused_in
from ...sets.scenario_expect import ScenarioForm, SeatView, expect_checks
from ...sets.scenario_doc import Path_, Place, ScenarioDoc, ScenarioError, keys_of, list_at, read_doc, shown, whole_at
from . import events as E
from .cards import Card
from .data import LobbysData, load_data
from .position import LobbysPosition, Phase
from .seats import LobbysSeat
from .scenario_read import ScenarioReader, sorted_ids, suit_name
from ...values import value

SCENARIO_KEYS: Final = ("name", "players", "people", "seed", "position", "picks", "expect", "view")
OWN_EXPECT_KEYS: Final = ("points", "hands", "won", "trump", "round", "phase", "tenders", "round_scores",
                          "winners", "decided_by")
#: ``decks: {contracts: N, people: N}``: the Contract deck (L4.2) and the People deck (L10.1).
CONTRACT_PILE: Final = "contracts"
PILES: Final = (CONTRACT_PILE, "people")
PHASES: Final = tuple(p.value for p in Phase)

T = TypeVar("T")
Picks = tuple[tuple[LobbysSeat, Card], ...]  # one step: every seat's pick, in seat order


@value
class LobbysScenario:
    """One scenario, checked: the position it starts at, the seed of its shuffles, the picks of
    each step and the checks of its ``expect:`` block."""

    file: str
    name: str
    position: LobbysPosition | None = field(compare=False)  # None: refused as it was read (``refusal``)
    seed: int
    picks: tuple[Picks, ...]
    place: Place = field(default_factory=Place, compare=False)
    expect: tuple[Check, ...] = ()
    views: tuple[LobbysSeat, ...] = ()  # the seats whose view of the log the report adds
    #: `expect: {refused: TEXT}`: the position or a pick must be refused with that in its message
    refused: Refused | None = None
    #: the message the position (or its picks) was refused with when the file was read, if it was
    refusal: str | None = None

    @property
    def id(self) -> str:
        return f"{Path(self.file).stem}::{self.name}"


def load_lobbys_scenarios(path: str | Path, data: LobbysData | None = None) -> list[LobbysScenario]:
    """Every scenario of a Lobbys scenario file, checked; a located error for the first problem."""
    doc = read_doc(path)
    doc.require_game("lobbys")
    data = data if data is not None else load_data()
    return [_scenario(doc, i, data) for i in range(len(doc.items))]


def load_lobbys_scenario(path: str | Path, index: int, data: LobbysData | None = None) -> LobbysScenario:
    """The file's scenario at ``index`` (from 0), checked; the others are not looked at."""
    doc = read_doc(path)
    doc.require_game("lobbys")
    doc.check_index(index)
    return _scenario(doc, index, data if data is not None else load_data())


def _scenario(doc: ScenarioDoc, i: int, data: LobbysData) -> LobbysScenario:
    place = doc.place(i)
    raw = keys_of(place, (), doc.items[i], SCENARIO_KEYS)
    if "players" not in raw:
        raise place.error((), f"say how many play: players: {data.player_counts[0]} to {data.player_counts[-1]}")
    players = whole_at(place, ("players",), raw["players"], data.player_counts[0], data.player_counts[-1])
    people = raw.get("people", False)
    if not isinstance(people, bool):
        raise place.error(("people",), f"expected true or false (the variant The People Speak, L10), got {shown(people)}")
    if people and not data.people_cards(players):
        raise place.error(("people",), f"The People Speak needs People cards: at {players} players none are left "
                          "over (L10.1)")
    seed = whole_at(place, ("seed",), raw.get("seed", 0), 0, MAX_SEED)
    read = _Reader(place, data, players)
    expect, views = read.expect(raw.get("expect")), read.views(raw.get("view"))
    refused = refused_in(place, ("expect",), raw.get("expect") or {})
    try:
        position = read.position(raw.get("position"), people, seed)
        picks = tuple(read.step(("picks", j), step)
                      for j, step in enumerate(list_at(place, ("picks",), raw.get("picks"))))
    except ScenarioError as e:
        if refused is None:
            raise
        # refused as it was read: the run says whether it is the refusal expected
        return LobbysScenario(place.file, place.name or "", None, seed, (), place, expect, views,
                              refused, e.message)
    return LobbysScenario(place.file, place.name or "", position, seed, picks, place, expect, views, refused)


@value
class _Reader(ScenarioReader):
    """Reads the parts of one scenario, each with a located error."""

    # ---- picks, views, expect ------------------------------------------------------------

    def step(self, path: Path_, raw: Any) -> Picks:
        if not isinstance(raw, dict):
            raise self.place.error(path, f"expected every seat's pick of this step ({self.seats[0].value}: 7H, …), "
                                   f"got {shown(raw)}")
        picks = self.by_seat(path, raw, self.card)
        missing = [s.value for s in self.seats if s not in picks]
        if missing:
            raise self.place.error(path, f"{', '.join(missing)} did not pick: every seat picks at each step (L2.2)")
        return tuple((s, picks[s]) for s in self.seats)

    def views(self, raw: Any) -> tuple[LobbysSeat, ...]:
        items = [] if raw is None else raw if isinstance(raw, list) else [raw]
        out: list[LobbysSeat] = []
        for j, v in enumerate(items):
            path: Path_ = ("view",) if not isinstance(raw, list) else ("view", j)
            seat = self.seat(path, v)
            if seat in out:
                raise self.place.error(path, f"{seat.value} is listed twice")
            out.append(seat)
        return tuple(out)

    def expect(self, raw: Any) -> tuple[Check, ...]:
        """The ``expect:`` block as checks of a ``scenario_run.LobbysOutcome`` (its ``position``,
        ``events`` and ``game``), every part checked now: the common keys
        (``cmdsl.sets.scenario_expect``) and Lobbys' own."""
        return expect_checks(self.place, raw, self.form())

    def form(self) -> ScenarioForm[Any]:
        """What the common keys of ``expect:`` read of Lobbys: its seats, events and cards, a seat's
        view (L11.6), and its decks (``decks: {contracts: N, people: N}``: L4.2, L10.1)."""
        return ScenarioForm(tuple(s.value for s in self.seats), E, self.card_ids, _seat_view, PILES, _pile,
                            OWN_EXPECT_KEYS, self.own_expect, seat=lambda place, path, raw: self.seat(path, raw).value)

    def card_ids(self, place: Place, path: Path_, where: str, raw: Any) -> list[str]:
        """Card ids of a hand or the People deck (pip cards), or of the Contract deck (face cards):
        a list, or one string (``2H 3H``)."""
        return [c.id for c in (self.contracts(path, raw) if where == CONTRACT_PILE else self.cards(path, raw))]

    def own_expect(self, place: Place, P: Path_, spec: Mapping[str, Any]) -> list[Check]:
        """Lobbys' own keys of ``expect:``: points, hands, contracts won, trump, round, phase, the
        tenders' takers, the round's score, the winners, the rules that decided."""
        checks: list[Check] = []
        for s, v in self.by_seat((*P, "points"), spec.get("points"), self.points).items():
            checks.append(equal((*P, "points", s.value), v, partial(lambda i, o: o.position.points[i], s.index)))
        for s, cards in self.by_seat((*P, "hands"), spec.get("hands"), self.cards).items():
            checks.append(equal((*P, "hands", s.value), sorted_ids(cards), partial(lambda i, o: sorted_ids(o.position.hands[i]), s.index)))
        for s, won in self.by_seat((*P, "won"), spec.get("won"), self.contracts).items():
            checks.append(equal((*P, "won", s.value), sorted_ids(won), partial(lambda i, o: sorted_ids(o.position.won[i]), s.index)))
        if "trump" in spec:
            trump = self.trump((*P, "trump"), spec["trump"])
            checks.append(equal((*P, "trump"), suit_name(trump), lambda o: suit_name(o.position.trump)))
        if "round" in spec:
            rnd = whole_at(self.place, (*P, "round"), spec["round"], 1, self.data.rounds)
            checks.append(equal((*P, "round"), rnd, lambda o: o.position.round))
        if "phase" in spec:
            phase = spec["phase"]
            if phase not in PHASES:
                raise self.place.error((*P, "phase"), f"expected one of {', '.join(PHASES)}, got {shown(phase)}",
                                       did_you_mean(str(phase), PHASES))
            checks.append(equal((*P, "phase"), phase, lambda o: o.position.phase.value))
        if "tenders" in spec:
            takers = [self.seat((*P, "tenders", j), v).value
                       for j, v in enumerate(list_at(self.place, (*P, "tenders"), spec["tenders"]))]
            checks.append(equal((*P, "tenders"), takers,
                                lambda o: [e.seat.value for e in o.events if isinstance(e, E.TenderWon)]))
        for s, parts in self.by_seat((*P, "round_scores"), spec.get("round_scores"), self.score).items():
            for part, n in parts.items():
                at = (*P, "round_scores", s.value) if part == "total" and not isinstance(
                    spec["round_scores"][s.value], dict) else (*P, "round_scores", s.value, part)
                checks.append(Check(at, partial(lambda s, part, n, o: _round_score(o, s, part, n), s, part, n)))
        if "decided_by" in spec:
            checks.append(decided_by((*P, "decided_by"), self.place, spec["decided_by"]))
        if "winners" in spec:
            winners = [self.seat((*P, "winners", j), v)
                       for j, v in enumerate(list_at(self.place, (*P, "winners"), spec["winners"]))]
            if not winners:
                raise self.place.error((*P, "winners"), "expected the seats that win (several share a tie, L11.1)")
            checks.append(Check((*P, "winners"), partial(lambda w, o: _winners(o, w), tuple(winners))))
        return checks




def _seat_view(out: Any, seat: str) -> SeatView:
    """What ``view:`` reads of ``seat``'s view (``game.view``, L11.6): its hand, every hand's size, its log."""
    view = out.game.view(next(s for s in out.game.seats if s.value == seat))
    return SeatView(tuple(c.id for c in view.hand), {s.seat.value: s.hand_size for s in view.seats}, view.log)


def _pile(out: Any, name: str) -> list[str]:
    """A deck's cards, top first: the Contract deck (its top is its last, L4.2), the People deck (L10.1)."""
    pos = out.position
    return [c.id for c in (reversed(pos.contract_deck) if name == CONTRACT_PILE else reversed(pos.people_deck))]


#: Each part of a seat's round score (L7.1–L7.4) in its ``ScoreLine``; leftovers count against it.
_PART_OF: Final[dict[str, Callable[[Any], int]]] = {
    "majorities": lambda line: sum(p for _, p in line.majorities), "omnipresence": lambda line: line.omnipresence,
    "partisan": lambda line: line.partisan_points, "leftovers": lambda line: -line.loss,
    "total": lambda line: line.total,
}


def _round_score(out: Any, seat: LobbysSeat, part: str, expected: int) -> str | None:
    scored = [e for e in out.events if isinstance(e, E.RoundScored)]
    if not scored:
        return f"expected a round scored, got none in {len(out.events)} events"
    got = next(_PART_OF[part](line) for line in scored[-1].lines if line.seat is seat)
    what = "score" if part == "total" else f"score {expected} in {part}"
    if got == expected:
        return None
    if part == "total":
        return f"expected {seat.value} to score {expected} in round {scored[-1].round}, got {got}"
    return f"expected {seat.value} to {what} (L7) in round {scored[-1].round}, got {got}"


def _winners(out: Any, expected: tuple[LobbysSeat, ...]) -> str | None:
    result = out.game.result
    names = ", ".join(s.value for s in expected)
    if result is None:
        return f"expected the game to end with {names} winning, but it is not over"
    got = ", ".join(s.value for s in result.winners)
    return None if set(result.winners) == set(expected) else f"expected {names} to win, got {got}"
