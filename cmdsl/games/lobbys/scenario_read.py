"""Reading a Lobbys scenario's names (seats, cards, contracts, suits, points) and its position
(``position:``), each part checked as it is read, a problem located at its line. ``scenario.py``
reads the rest (the picks, the views, ``expect:``)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Final, Sequence, TypeVar

from ...errors import did_you_mean
from ...sets.scenario_doc import Path_, Place, keys_of, list_at, shown, text_at, whole_at
from .cards import SUITS, Card, Contract, Suit, card, contract, contract_cards
from .data import LobbysData
from .position import LobbysPosition, Phase
from .seats import LobbysSeat, seats_for
from ...values import value

T = TypeVar("T")

#: `round_scores: {p1: {majorities: 24, …}}`: a round's score as its parts (L7.1–L7.4), or `total`.
SCORE_PARTS: Final = ("majorities", "omnipresence", "partisan", "leftovers", "total")
POSITION_KEYS: Final = ("round", "points", "hands", "trump", "offer", "contracts", "won", "votes", "offers")
NO_TRUMP: Final = "none"
#: Points a scenario may give or expect (far beyond any game's: 100 + 3 rounds of scoring).
POINTS_RANGE: Final = (-10_000, 10_000)


@value
class ScenarioReader:
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

    # ---- the position ---------------------------------------------------------------------

    def position(self, raw: Any, people: bool, seed: int) -> LobbysPosition:
        P: Path_ = ("position",)
        if raw is None:
            raise self.place.error((), "a scenario needs a position: at least every seat's hand (position: hands:)")
        spec = keys_of(self.place, P, raw, POSITION_KEYS)
        data = self.data
        rnd = whole_at(self.place, (*P, "round"), spec.get("round", 1), 1, data.rounds)
        tender = "offer" in spec
        placed = Placed(self.place)
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

    def _contracts(self, P: Path_, spec: dict[str, Any], tender: bool, placed: "Placed", seed: int
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
               placed: "Placed") -> tuple[list[Card], list[Card]]:
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


@dataclass
class Placed:
    """Where each card and contract of a position has been put so far: each goes in one place."""

    place: Place
    where: dict[Card | Contract, tuple[Path_, str]] = field(default_factory=dict)

    def put(self, path: Path_, item: Card | Contract, what: str) -> None:
        if item in self.where:
            raise self.place.error(path, f"{item.id} is {self.where[item][1]} already: a card is in one place")
        self.where[item] = (path, what)


def sorted_ids(items: Sequence[Card | Contract]) -> list[str]:
    return [c.id for c in sorted(items, key=lambda c: c.sort_key)]


def suit_name(suit: Suit | None) -> str:
    return NO_TRUMP if suit is None else suit.value
