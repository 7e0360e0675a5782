"""Lobbys scenarios as data (docs/lobbys.md, "Scenarios"): a position between two steps — the
hands, the round, the trump, the contracts on offer and won, the points — the picks to make, step
by step, and what must hold afterwards (``expect:``). Every part is checked when the file is read
and a problem points at its line: a card that is not in this player count's Offer deck (L1.4) or
is in two places, a hand of the wrong size for the step, contracts won other than in pairs (L6.4).

A scenario file for Lobbys says so at its top (``game: lobbys``); it is read by
``cmdsl.sets.scenario_doc`` like any game's. Running one is ``scenario_run.py``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, Callable, Final, Sequence, TypeVar

from ...errors import did_you_mean
from ...game.fields import MAX_SEED
from ...sets.scenario_checks import EVENT_KEYS, Check, Refused, Seen, as_seen_by, decided_by, equal, event_checks, refused_in
from ...sets.scenario_doc import Path_, Place, ScenarioDoc, ScenarioError, keys_of, list_at, read_doc, shown, text_at, whole_at
from . import events as E
from .cards import SUITS, Card, Contract, Suit, card, contract, contract_cards
from .data import LobbysData, load_data
from .position import LobbysPosition, Phase
from .seats import LobbysSeat, seats_for

SCENARIO_KEYS: Final = ("name", "players", "people", "seed", "position", "picks", "expect", "view")
POSITION_KEYS: Final = ("round", "points", "hands", "trump", "offer", "contracts", "won", "votes", "offers")
EXPECT_KEYS: Final = ("points", "hands", "won", "trump", "round", "phase", "tenders", "round_scores", "winners",
                      *EVENT_KEYS, "refused", "view", "decided_by")
#: `round_scores: {p1: {majorities: 24, …}}`: a round's score as its parts (L7.1–L7.4), or `total`.
SCORE_PARTS: Final = ("majorities", "omnipresence", "partisan", "leftovers", "total")
#: `view: {p2: {hand: …, events: […]}}`: what a seat's view holds (L11.6).
VIEW_KEYS: Final = ("hand", "hand_sizes", *EVENT_KEYS)
PHASES: Final = tuple(p.value for p in Phase)
NO_TRUMP: Final = "none"
#: Points a scenario may give or expect (far beyond any game's: 100 + 3 rounds of scoring).
POINTS_RANGE: Final = (-10_000, 10_000)

T = TypeVar("T")
Picks = tuple[tuple[LobbysSeat, Card], ...]  # one step: every seat's pick, in seat order


@dataclass(frozen=True)
class LobbysScenario:
    """One scenario, checked: the position it starts at, the seed of its shuffles, the picks of
    each step and the checks of its ``expect:`` block."""

    file: str
    name: str
    position: LobbysPosition = field(compare=False)
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
        return LobbysScenario(place.file, place.name or "", None, seed, (), place, expect, views,  # type: ignore[arg-type]
                              refused, e.message)
    return LobbysScenario(place.file, place.name or "", position, seed, picks, place, expect, views, refused)


@dataclass(frozen=True)
class _Reader:
    """Reads the parts of one scenario, each with a located error."""

    place: Place
    data: LobbysData
    players: int

    @property
    def seats(self) -> tuple[LobbysSeat, ...]:
        return seats_for(self.players)

    # ---- names of seats, cards, suits ---------------------------------------------------

    def seat(self, path: Path_, name: Any) -> LobbysSeat:
        names = [s.value for s in self.seats]
        if name not in names:
            beyond = isinstance(name, str) and name in [s.value for s in seats_for(5)]
            message = (f"{name} is not a seat of a {self.players}-player game" if beyond
                       else f"expected a seat, got {shown(name)}")
            raise self.place.error(path, f"{message} (seats are {names[0]} to {names[-1]})",
                                   did_you_mean(str(name), names))
        return self.seats[names.index(name)]

    def by_seat(self, path: Path_, raw: Any, read: Callable[[Path_, Any], T], every: bool = False) -> dict[LobbysSeat, T]:
        """A mapping seat → value; ``every``: each seat of the game must be there."""
        if raw is None:
            raw = {}
        if not isinstance(raw, dict):
            raise self.place.error(path, f"expected a mapping of seats ({self.seats[0].value}: …), got {shown(raw)}")
        out = {self.seat((*path, k), k): read((*path, k), v) for k, v in raw.items()}
        missing = [s.value for s in self.seats if s not in out]
        if every and missing:
            raise self.place.error(path, f"{', '.join(missing)} missing: give every seat of the game")
        return out

    def cards(self, path: Path_, raw: Any) -> list[Card]:
        """A list of pip cards: a YAML list, or the ids in one string (``AH 3H 4H``)."""
        return [self.card((*path, j) if isinstance(raw, list) else path, c) for j, c in enumerate(self._items(path, raw))]

    def contracts(self, path: Path_, raw: Any) -> list[Contract]:
        return [self.contract((*path, j) if isinstance(raw, list) else path, c)
                for j, c in enumerate(self._items(path, raw))]

    def _items(self, path: Path_, raw: Any) -> list[Any]:
        if isinstance(raw, str):
            return raw.replace(",", " ").split()
        return list_at(self.place, path, raw)

    def card(self, path: Path_, raw: Any) -> Card:
        try:
            return card(text_at(self.place, path, raw, "a card such as 7H"))
        except ValueError as e:
            raise self.place.error(path, str(e)) from None

    def contract(self, path: Path_, raw: Any) -> Contract:
        try:
            return contract(text_at(self.place, path, raw, "a contract (a face card) such as QS"))
        except ValueError as e:
            raise self.place.error(path, str(e)) from None

    def trump(self, path: Path_, raw: Any) -> Suit | None:
        names = {**{s.value: s for s in SUITS}, **{s.letter: s for s in SUITS}, **{s.symbol: s for s in SUITS}}
        if raw == NO_TRUMP:
            return None
        if not isinstance(raw, str) or raw.strip().lower() not in names and raw.strip().upper() not in names:
            raise self.place.error(path, f"expected a suit (hearts, diamonds, clubs, spades) or none, got {shown(raw)}",
                                   did_you_mean(str(raw), [s.value for s in SUITS]))
        return names.get(raw.strip().lower()) or names[raw.strip().upper()]

    def points(self, path: Path_, raw: Any) -> int:
        return whole_at(self.place, path, raw, *POINTS_RANGE)

    def score(self, path: Path_, raw: Any) -> dict[str, int]:
        """A round's score: its total (a number), or some of its parts (L7): majorities,
        omnipresence, partisan, leftovers (the last card's loss, negative), total."""
        if not isinstance(raw, dict):
            return {"total": self.points(path, raw)}
        parts = keys_of(self.place, path, raw, SCORE_PARTS)
        if not parts:
            raise self.place.error(path, f"expected a total or some of its parts: {', '.join(SCORE_PARTS)}")
        return {k: self.points((*path, k), v) for k, v in parts.items()}

    def view_checks(self, path: Path_, seat: LobbysSeat, raw: Any) -> list[Check]:
        """What ``seat``'s view holds (``game.view(seat)``, L11.6): its own hand (the cards, or their
        number), every seat's hand size, and its log: each event as ``seat`` may see it."""
        spec = keys_of(self.place, path, raw, VIEW_KEYS)
        checks: list[Check] = []
        if "hand" in spec:
            h = spec["hand"]
            if isinstance(h, int) and not isinstance(h, bool):
                size = whole_at(self.place, (*path, "hand"), h, 0, self.data.hand_size)
                checks.append(equal((*path, "hand"), size, lambda o: len(o.game.view(seat).hand)))
            else:
                checks.append(equal((*path, "hand"), _sorted(self.cards((*path, "hand"), h)),
                                    lambda o: _sorted(o.game.view(seat).hand)))
        if "hand_sizes" in spec:
            for s, n in self.by_seat((*path, "hand_sizes"), spec["hand_sizes"],
                                     lambda p, r: whole_at(self.place, p, r, 0, self.data.hand_size)).items():
                checks.append(equal((*path, "hand_sizes", s.value), n,
                                    partial(lambda s, o: o.game.view(seat).of(s).hand_size, s)))

        def seen(o: Any) -> Seen:  # what game.view(seat) shows of the scenario's events
            return Seen([e.redacted(seat) for e in o.events])
        return checks + [as_seen_by(c, seen) for c in event_checks(self.place, path, spec, E)]

    # ---- the position ---------------------------------------------------------------------

    def position(self, raw: Any, people: bool, seed: int) -> LobbysPosition:
        P: Path_ = ("position",)
        if raw is None:
            raise self.place.error((), "a scenario needs a position: at least every seat's hand (position: hands:)")
        spec = keys_of(self.place, P, raw, POSITION_KEYS)
        data = self.data
        rnd = whole_at(self.place, (*P, "round"), spec.get("round", 1), 1, data.rounds)
        tender = "offer" in spec
        placed = _Placed(self.place)
        won, offer, deck_of_contracts, done = self._contracts(P, spec, tender, placed, seed)
        if not tender and "trump" in spec:
            raise self.place.error((*P, "trump"), "the trump is elected at the election (L5.4): give it only "
                                   "for a position in a tender (with offer:)")
        if tender and "trump" not in spec:
            raise self.place.error(P, "a tender needs this round's trump: trump: hearts (a suit), or trump: none (L5.5)")
        trump = self.trump((*P, "trump"), spec["trump"]) if tender else None
        hands = self.by_seat((*P, "hands"), spec.get("hands"), self.cards, every=True)
        size = data.hand_size - (1 + done if tender else 0)
        for seat in self.seats:
            if len(hands[seat]) != size:
                where = (f"in tender {done + 1} of round {rnd} every hand holds {size} ({data.hand_size} dealt, "
                         f"1 vote, {done} offer{'s' if done != 1 else ''})" if tender
                         else f"at the election every hand holds the {size} cards dealt (L4.1)")
                raise self.place.error((*P, "hands", seat.value), f"{seat.value} holds {len(hands[seat])} card"
                                       f"{'s' if len(hands[seat]) != 1 else ''}; {where}")
        deck = data.offer_deck(self.players)
        for seat in self.seats:
            for j, held in enumerate(hands[seat]):
                self._in_deck((*P, "hands", seat.value, j), held, deck)
                placed.put((*P, "hands", seat.value, j), held, f"in {seat.value}'s hand")
        votes, offers = self._piles(P, spec, tender, done, deck, placed)
        return LobbysPosition(
            data=data, players=self.players, people_variant=people, round=rnd,
            phase=Phase.TENDER if tender else Phase.ELECTION, tenders_done=done,
            points=list(self._points(P, spec).values()),
            hands=[sorted(hands[s], key=lambda c: c.sort_key) for s in self.seats], trump=trump,
            election_pile=votes, offer_pile=offers,
            contract_deck=deck_of_contracts,
            contract_offer=(offer[0], offer[1]) if tender else None,
            won=[won.get(s, []) for s in self.seats],
            people_deck=list(data.people_cards(self.players)) if people else [], people_drawn=[],
        )

    def _contracts(self, P: Path_, spec: dict[str, Any], tender: bool, placed: "_Placed", seed: int
                   ) -> tuple[dict[LobbysSeat, list[Contract]], list[Contract], list[Contract], int]:
        """The contracts won by each seat, on offer and in the deck (its top last), and the
        number of tenders done this round (L6.4: two contracts a tender)."""
        data = self.data
        won = self.by_seat((*P, "won"), spec.get("won"), self.contracts)
        offer = self.contracts((*P, "offer"), spec["offer"]) if tender else []
        if tender and len(offer) != 2:
            raise self.place.error((*P, "offer"), f"expected the two contracts of the tender, main then linked (L6.1), "
                                   f"got {len(offer)}")
        for seat, contracts in won.items():
            for j, c in enumerate(contracts):
                placed.put((*P, "won", seat.value, j), c, f"won by {seat.value}")
        for j, c in enumerate(offer):
            placed.put((*P, "offer", j), c, "on offer")
        total_won = sum(len(c) for c in won.values())
        if total_won and not tender:
            raise self.place.error((*P, "won"), "contracts are won in tenders, after the election: give "
                                   "offer: [MAIN, LINKED] for a position in a tender")
        if total_won % 2:
            raise self.place.error((*P, "won"), f"contracts are won two at a time (L6.4): {total_won} won in all")
        done = total_won // 2
        if done >= data.tenders_per_round:
            raise self.place.error((*P, "won"), f"{done} tenders won: a round has {data.tenders_per_round} (L2.1)")
        upcoming = self.contracts((*P, "contracts"), spec.get("contracts"))
        for j, c in enumerate(upcoming):
            placed.put((*P, "contracts", j), c, "in the contract deck")
        rest = [c for c in contract_cards() if c not in placed.where]
        random.Random(seed).shuffle(rest)
        return won, offer, rest + upcoming[::-1], done  # the deck's top is its last: the first listed

    def _points(self, P: Path_, spec: dict[str, Any]) -> dict[LobbysSeat, int]:
        given = self.by_seat((*P, "points"), spec.get("points"), self.points)
        return {s: given.get(s, self.data.starting_points) for s in self.seats}

    def _in_deck(self, path: Path_, c: Card, deck: Sequence[Card]) -> None:
        if c not in deck:
            top = self.data.top_rank[self.players]
            raise self.place.error(path, f"{c.id} is not in the Offer deck of a {self.players}-player game: its "
                                   f"ranks are A to {top} (L1.4)")

    def _piles(self, P: Path_, spec: dict[str, Any], tender: bool, done: int, deck: Sequence[Card],
               placed: "_Placed") -> tuple[list[Card], list[Card]]:
        """This round's election pile (the votes, in seat order) and offer pile (each finished
        tender's offers, in seat order); what is not given is filled with the cards left over,
        in card order, as if each seat in turn had played them."""
        if not tender:
            for key in ("votes", "offers"):
                if key in spec:
                    raise self.place.error((*P, key), "the election has not been held: a round's votes and offers "
                                           "are revealed after it (give offer: for a position in a tender)")
            return [], []
        votes_given = self.by_seat((*P, "votes"), spec.get("votes"), self.card, every="votes" in spec)
        tenders = list_at(self.place, (*P, "offers"), spec.get("offers"))
        if "offers" in spec and len(tenders) != done:
            raise self.place.error((*P, "offers"), f"expected the offers of the {done} finished tender"
                                   f"{'s' if done != 1 else ''} of this round, got {len(tenders)}")
        offers_given = [self.by_seat((*P, "offers", j), t, self.card, every=True) for j, t in enumerate(tenders)]
        for seat, c in votes_given.items():
            self._in_deck((*P, "votes", seat.value), c, deck)
            placed.put((*P, "votes", seat.value), c, f"{seat.value}'s vote")
        for j, t in enumerate(offers_given):
            for seat, c in t.items():
                self._in_deck((*P, "offers", j, seat.value), c, deck)
                placed.put((*P, "offers", j, seat.value), c, f"{seat.value}'s offer in tender {j + 1}")
        left = iter(c for c in deck if c not in placed.where)
        votes = [votes_given[s] if s in votes_given else next(left) for s in self.seats]
        offers = [t[s] for t in offers_given for s in self.seats] if "offers" in spec else \
            [next(left) for _ in range(done * self.players)]
        assert next(left, None) is None  # the sizes of hands and piles add up to the deck (checked above)
        return votes, offers

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
        ``events`` and ``game``), every part checked now."""
        if raw is None:
            return ()
        P: Path_ = ("expect",)
        spec = keys_of(self.place, P, raw, EXPECT_KEYS)
        checks: list[Check] = []
        for s, v in self.by_seat((*P, "points"), spec.get("points"), self.points).items():
            checks.append(equal((*P, "points", s.value), v, partial(lambda i, o: o.position.points[i], s.index)))
        for s, cards in self.by_seat((*P, "hands"), spec.get("hands"), self.cards).items():
            checks.append(equal((*P, "hands", s.value), _sorted(cards), partial(lambda i, o: _sorted(o.position.hands[i]), s.index)))
        for s, won in self.by_seat((*P, "won"), spec.get("won"), self.contracts).items():
            checks.append(equal((*P, "won", s.value), _sorted(won), partial(lambda i, o: _sorted(o.position.won[i]), s.index)))
        if "trump" in spec:
            trump = self.trump((*P, "trump"), spec["trump"])
            checks.append(equal((*P, "trump"), _suit(trump), lambda o: _suit(o.position.trump)))
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
        for s, seen in self.by_seat((*P, "view"), spec.get("view"), lambda p, r: r).items():
            checks += self.view_checks((*P, "view", s.value), s, seen)
        if "decided_by" in spec:
            checks.append(decided_by((*P, "decided_by"), self.place, spec["decided_by"]))
        if "winners" in spec:
            winners = [self.seat((*P, "winners", j), v)
                       for j, v in enumerate(list_at(self.place, (*P, "winners"), spec["winners"]))]
            if not winners:
                raise self.place.error((*P, "winners"), "expected the seats that win (several share a tie, L11.1)")
            checks.append(Check((*P, "winners"), partial(lambda w, o: _winners(o, w), tuple(winners))))
        return (*checks, *event_checks(self.place, P, spec, E))


@dataclass
class _Placed:
    """Where each card and contract of a position has been put so far: each goes in one place."""

    place: Place
    where: dict[Card | Contract, tuple[Path_, str]] = field(default_factory=dict)

    def put(self, path: Path_, item: Card | Contract, what: str) -> None:
        if item in self.where:
            raise self.place.error(path, f"{item.id} is {self.where[item][1]} already: a card is in one place")
        self.where[item] = (path, what)


def _sorted(items: Sequence[Card | Contract]) -> list[str]:
    return [c.id for c in sorted(items, key=lambda c: c.sort_key)]


def _suit(suit: Suit | None) -> str:
    return NO_TRUMP if suit is None else suit.value


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
