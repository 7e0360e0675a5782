"""Does a game play well? The first health measures of a seat study (issue 58 item 1), from the
games it played, for any game: how long a game lasts (its turns, as the game counts them, and the
decisions its players made), the final scores on the rulebook's scale (the winner's, and each
seat's), and how many games a tie-break decided (the most points shared, one winner all the
same). Each is a median with its quartiles, so that a designer reads a spread, not a single
number."""

from __future__ import annotations

import statistics
from typing import Final, Mapping, Protocol, Sequence, TypeAlias

from ...values import value


@value
class Spread:
    """A measure over the games: its median and quartiles, and its lowest and highest."""

    median: float
    low: float  # the first quartile
    high: float  # the third quartile
    least: float
    most: float

    def text(self) -> str:
        def n(x: float) -> str:
            return f"{x:g}"
        return f"median {n(self.median)} [{n(self.low)}, {n(self.high)}], {n(self.least)} to {n(self.most)}"


def spread(values: Sequence[float]) -> Spread | None:
    """The ``Spread`` of ``values`` (None when there are none)."""
    if not values:
        return None
    ordered = sorted(values)
    if len(ordered) == 1:
        x = ordered[0]
        return Spread(x, x, x, x, x)
    q1, q2, q3 = statistics.quantiles(ordered, n=4, method="inclusive")
    return Spread(q2, q1, q3, ordered[0], ordered[-1])


#: A card is dead when it was playable in fewer than this share of the seat-games that held it…
DEAD_SHARE: Final = 0.10
#: …over at least this many such seat-games (fewer: not known yet).
MIN_HELD: Final = 30


@value
class CardHealth:
    """One card over a study's games, counted in seat-games: drawn (seen in its seat's hand, or
    played, as an Event turned up), held at a decision of its holder, playable then, played."""

    card: str
    held: int
    playable: int
    played: int
    drawn: int = 0

    @property
    def known(self) -> bool:
        return self.held >= MIN_HELD

    @property
    def dead(self) -> bool:
        return self.known and self.playable < DEAD_SHARE * self.held

    def text(self, title: str) -> str:
        drawn = f"drawn in {self.drawn}, " if self.drawn else ""
        share = f" ({100 * self.playable / self.held:.0f}%)" if self.held else ""
        return f"{title}: {drawn}held in {self.held}, playable in {self.playable}{share}, played in {self.played}"


@value
class Health:
    """A seat study's health measures (``health(rows)``)."""

    games: int
    turns: Spread | None
    decisions: Spread | None
    winner_points: Spread | None  # None: the game counts no points
    seat_points: tuple[Spread, ...]
    tie_breaks: int  # games whose most points were shared by several seats, with one winner
    names: tuple[str, ...] = ()  # each seat's name
    #: Of the games whose leaders are known, how many the winner led (alone or tied) after the
    #: first third and after two thirds: (games, first third, two thirds).
    leads: tuple[int, int, int] = (0, 0, 0)
    cards: tuple[CardHealth, ...] = ()  # every card held at least once, least playable first
    titles: Mapping[str, str] | None = None  # what to call a card (its id otherwise)

    @property
    def dead(self) -> tuple[CardHealth, ...]:
        return tuple(c for c in self.cards if c.dead)

    def measures(self) -> list[tuple[str, Spread]]:
        """Each measure known, named as a table's row names it (an HTML page's health table)."""
        named = [("length (turns)", self.turns), ("decisions", self.decisions), ("the winner's points", self.winner_points),
                 *((f"{self.names[s] if s < len(self.names) else f'Player {s + 1}'}'s points", p)
                   for s, p in enumerate(self.seat_points))]
        return [(name, m) for name, m in named if m is not None]

    def lines(self) -> list[str]:
        out = ["Health (each a median [first and third quartiles], lowest to highest, over the games)"]
        if self.turns is not None:
            out.append(f"  length: {self.turns.text()} turns (as the game counts them)")
        if self.decisions is not None:
            out.append(f"  decisions: {self.decisions.text()} (answers with a choice, every seat's)")
        if self.winner_points is not None:
            out.append(f"  the winner's points: {self.winner_points.text()}")
            for s, p in enumerate(self.seat_points):
                name = self.names[s] if s < len(self.names) else f"Player {s + 1}"
                out.append(f"  {name}'s points: {p.text()}")
            share = 100 * self.tie_breaks / self.games if self.games else 0
            out.append(f"  decided by a tie-break (the most points shared, one winner): {self.tie_breaks} of "
                       f"{self.games} games ({share:.1f}%)")
        known, first, second = self.leads
        if known:
            out.append(f"  lead: the winner led after the first third of the game in {first} of {known} games "
                       f"({100 * first / known:.1f}%), after two thirds in {second} ({100 * second / known:.1f}%)")
        if self.cards:
            titles = self.titles or {}
            counted = sum(c.known for c in self.cards)
            dead = self.dead
            held = sum(1 for c in self.cards if c.held)
            only = len(self.cards) - held  # drawn, never held (an Event played as it is drawn)
            out.append(f"  cards: {held} held" + (f" and {only} drawn but never held" if only else "")
                       + f"; {counted} held in at least {MIN_HELD} seat-games; dead "
                       f"(playable in fewer than {100 * DEAD_SHARE:.0f}% of the seat-games that held it, over at least "
                       f"{MIN_HELD}): {len(dead) if dead else 'none'}")
            for c in dead or [c for c in self.cards if c.known][:3]:
                out.append(f"    {'dead: ' if c.dead else 'least playable: '}{c.text(titles.get(c.card, c.card))}")
        return out


#: A seat's cards over a game: those it held at a decision of its own, those it could then play or
#: place, and those it did (each sorted; ``Played.cards`` holds one per seat).
SeatCards: TypeAlias = tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]


class Played(Protocol):
    """What the measures read of a game played (a seat study's ``SeatRow``)."""

    @property
    def winners(self) -> tuple[int, ...]: ...

    @property
    def points(self) -> tuple[int, ...]: ...

    @property
    def turns(self) -> int: ...

    @property
    def decisions(self) -> int: ...

    @property
    def leaders(self) -> tuple[tuple[int, ...], ...]: ...

    @property
    def cards(self) -> tuple[SeatCards, ...]: ...

    @property
    def drawn(self) -> tuple[tuple[str, ...], ...]: ...


def _count(counts: dict[str, list[int]], cards: Sequence[SeatCards], drawn: Sequence[Sequence[str]] = ()) -> None:
    """Add one game's seat-games to ``counts`` (card → held, playable, played, drawn)."""
    for h, p, q in cards:
        for i, part in enumerate((h, p, q)):
            for card in part:
                counts.setdefault(card, [0, 0, 0, 0])[i] += 1
    for seat in drawn:
        for card in seat:
            counts.setdefault(card, [0, 0, 0, 0])[3] += 1


def _card_healths(counts: Mapping[str, list[int]]) -> tuple[CardHealth, ...]:
    """Each card held or drawn: the held ones, least playable (by share) first, then those drawn
    but never held (an Event, played as it is drawn)."""
    out = [CardHealth(c, n[0], n[1], n[2], n[3]) for c, n in counts.items() if n[0] or n[3]]
    return tuple(sorted(out, key=lambda c: (not c.held, c.playable / c.held if c.held else 0, c.card)))


def card_health(rows: Sequence[Played]) -> tuple[CardHealth, ...]:
    """Each card held or drawn at least once, counted in seat-games (``_card_healths``)."""
    held: dict[str, list[int]] = {}
    for r in rows:
        _count(held, r.cards, r.drawn)
    return _card_healths(held)


def winner_points(rows: Sequence[Played]) -> list[int]:
    """The winner's final points in each game that counts points (a draw's: the most points)."""
    return [max(r.points[w] for w in r.winners) if r.winners else max(r.points) for r in rows if r.points]


def health(rows: Sequence[Played], players: int, names: tuple[str, ...] = (),
           titles: Mapping[str, str] | None = None) -> Health:
    """The health measures of a seat study's games."""
    return _measures(rows, players, names, titles, card_health(rows))


def _measures(rows: Sequence[Played], players: int, names: tuple[str, ...], titles: Mapping[str, str] | None,
              cards: tuple[CardHealth, ...]) -> Health:
    """``health`` of ``rows``, with the cards' health counted already (their ``cards`` are not read)."""
    turns = [r.turns for r in rows if r.turns]
    decisions = [r.decisions for r in rows if r.decisions]
    scored = [r for r in rows if r.points]
    if not scored:
        return Health(len(rows), spread(turns), spread(decisions), None, (), 0, names, (0, 0, 0), cards, titles)
    winner = winner_points(scored)
    seats = tuple(s for s in (spread([r.points[i] for r in scored]) for i in range(players)) if s is not None)
    ties = sum(1 for r in scored if len(r.winners) == 1 and r.points.count(max(r.points)) > 1)
    led = [r for r in rows if r.leaders and r.winners]
    leads = (len(led), sum(1 for r in led if set(r.winners) & set(r.leaders[0])),
             sum(1 for r in led if set(r.winners) & set(r.leaders[1])))
    return Health(len(rows), spread(turns), spread(decisions), spread(winner), seats, ties, names, leads, cards,
                  titles)


@value
class _Game:
    """What ``health`` reads of one game but its cards (``HealthTally``: a few numbers a game)."""

    winners: tuple[int, ...]
    points: tuple[int, ...]
    turns: int
    decisions: int
    leaders: tuple[tuple[int, ...], ...]
    cards: tuple[SeatCards, ...] = ()
    drawn: tuple[tuple[str, ...], ...] = ()


class HealthTally:
    """``health``'s measures counted one game at a time, for a study whose report keeps no game
    (CM2008's own, ``cmdsl.games.cm2008.ui.study.summary``): each game's few numbers (its length,
    decisions, points, winners and leaders: the quartiles need them all) and each card's three
    counts, never the game itself."""

    def __init__(self) -> None:
        self.games: list[_Game] = []
        self.counts: dict[str, list[int]] = {}  # card → seat-games held, playable, played

    def add(self, row: Played) -> None:
        self.games.append(_Game(row.winners, row.points, row.turns, row.decisions, row.leaders))
        _count(self.counts, row.cards, row.drawn)

    def health(self, players: int, names: tuple[str, ...] = (), titles: Mapping[str, str] | None = None) -> Health:
        """The same ``Health`` as ``health`` of every row added."""
        return _measures(self.games, players, names, titles, _card_healths(self.counts))
