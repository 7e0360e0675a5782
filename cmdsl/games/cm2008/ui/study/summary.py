"""What a set of game rows says: win rates, first-player advantage, length, cards, states, news.

Counted from the rows (``GameRow``) one game at a time (``_Tally``: a long run's report keeps no
game), and only from them, so a report from the stored file is the report of the run that wrote
it. Definitions are in docs/balance.md.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Callable, Iterable, NamedTuple, Sequence

from ...model import SIDES
from .jobs import GameRow, Helped
from .....kits.study.health import Health, HealthTally
from .....kits.study.stats import MIN_GAMES, Difference, Rate, newcombe, quantile
from .....values import value

SIDE_NAMES = tuple(side.value for side in SIDES)  # the store keeps sides by name
SIDE_LABELS = tuple(side.label for side in SIDES)  # as reports name them


@value
class Length:
    mean: float
    median: float
    q1: float
    q3: float
    low: int
    high: int
    turns: tuple[int, ...] = ()  # every game's length, sorted (the HTML report's histogram)


@value
class CardStats:
    card: str
    side: str  # the side that played it (or drafted it)
    drafted: int  # games in which its side kept it in a draft
    played: int  # games in which its side played it at least once
    plays: int  # times played, in all games
    won_played: Rate  # its side won, among the games where it was played
    won_not: Rate  # its side won, among the other games
    mean_turn: float  # the mean turn of its plays

    @property
    def lift(self) -> Difference:
        """Won when played − won when not, with Newcombe's 95% interval."""
        return newcombe(self.won_not, self.won_played)

    @property
    def has_lift(self) -> bool:
        """Whether its lift means anything: both groups of games (played, not played) hold at least
        ``MIN_GAMES`` (a card played in every game, or in one, has nothing to be compared with)."""
        return self.won_played.n >= MIN_GAMES and self.won_not.n >= MIN_GAMES


@value
class HelpCounts:
    """How often a Breaking News or Going Negative result was carried out, and whom it helped."""

    id: str
    count: int
    mccain: int  # Going Negative: ``mccain`` means the player who rolled, ``obama`` the carrier
    obama: int
    neither: int


@value
class Summary:
    games: int
    wins: dict[str, Rate]  # "mccain", "obama", "draw"
    first_wins: Rate  # the first player won
    by_first: dict[str, Rate]  # McCain's wins when each side played first
    by_bot: dict[str, Rate]  # each bot's wins (when the bots changed sides)
    by_bot_seat: dict[str, dict[str, Rate]]  # each bot's wins as McCain, as Obama, playing first, second
    length: Length
    reasons: dict[str, int]
    cards: tuple[CardStats, ...]
    never_played: tuple[str, ...]  # cards that could be in a deck, never played
    states: dict[str, tuple[int, int]]  # state → times won by McCain, by Obama
    news: tuple[HelpCounts, ...]
    negative: tuple[HelpCounts, ...]
    #: The health measures (``cmdsl.kits.study.health``, as a seat study's): length in turns and
    #: decisions, the final electoral votes, tie-breaks, who led, each card held, playable, played.
    #: Its cards are named by id: a report gives it the run's titles (``Health.titles``).
    health: Health | None = None


def summarize(rows: Iterable[GameRow], deck: Sequence[str] = ()) -> Summary:
    """The summary of ``rows`` (read once, in order: a stored run's rows one at a time, so a run of
    any length is summarized in the memory of a few counters); ``deck``: the cards that could be
    played (to list those never played)."""
    tally = _Tally()
    for r in rows:
        tally.add(r)
    return tally.summary(deck)


class _Outcome(NamedTuple):
    """What decides every result rate of a game: its bots, who played first (a side), who won."""

    mccain: str
    obama: str
    first: str
    winner: str | None


def _bot_won(bot: str) -> Callable[[_Outcome], bool]:
    return lambda o: (o.winner == "mccain" and o.mccain == bot) or (o.winner == "obama" and o.obama == bot)


def _first_bot(o: _Outcome) -> str:
    return o.mccain if o.first == "mccain" else o.obama  # o.first names the side: its bot


#: Whether a bot sat at a seat in a game: as McCain, as Obama, playing first or second.
_SEATS: dict[str, Callable[[_Outcome, str], bool]] = {
    "as McCain": lambda o, bot: o.mccain == bot, "as Obama": lambda o, bot: o.obama == bot,
    "playing first": lambda o, bot: _first_bot(o) == bot, "playing second": lambda o, bot: _first_bot(o) != bot}


def _bot_seat(bot: str, seat: str) -> Callable[[_Outcome], bool]:
    """Whether ``bot`` sat at ``seat`` in the game (``_SEATS``)."""
    sits = _SEATS[seat]
    return lambda o: sits(o, bot)


def _wins_of(side: str | None) -> Callable[[_Outcome], bool]:
    return lambda o: o.winner == side


def _first_is(side: str) -> Callable[[_Outcome], bool]:
    return lambda o: o.first == side


class _Tally:
    """The counts a ``Summary`` is made of, one game at a time: nothing here keeps a game (only
    each game's length, for the quartiles and the histogram)."""

    def __init__(self) -> None:
        self.outcomes: Counter[_Outcome] = Counter()  # a handful of kinds, whatever the run's length
        self.turns: list[int] = []
        self.reasons: Counter[str] = Counter()
        self.side_of: dict[str, str] = {}  # card → the side that played (or drafted) it first
        self.played: Counter[str] = Counter()  # games where the card was played
        self.won_played: Counter[str] = Counter()  # ... and its side won
        self.plays: Counter[str] = Counter()
        self.turn_sum: Counter[str] = Counter()  # the turns of its plays, summed
        self.drafted: Counter[str] = Counter()
        self.states: Counter[tuple[str, str]] = Counter()
        self.help: dict[str, defaultdict[str, Counter[str]]] = {"news": defaultdict(Counter),
                                                                 "negative": defaultdict(Counter)}
        self.health = HealthTally()  # each game's few numbers (its quartiles need them), each card's counts

    def add(self, r: GameRow) -> None:
        self.outcomes[_Outcome(r.mccain, r.obama, r.first, r.winner)] += 1
        self.turns.append(r.turns)
        self.health.add(r)
        self.reasons[_reason_kind(r.reason)] += 1
        for p in r.played:
            self.side_of.setdefault(p.card, p.side)
            self.plays[p.card] += 1
            self.turn_sum[p.card] += p.turn
        for card in {p.card for p in r.played}:
            self.played[card] += 1
            self.won_played[card] += r.winner == self.side_of[card]
        for side, card in set(r.drafted):
            self.side_of.setdefault(card, side)
            self.drafted[card] += 1
        self.states.update(r.states_won)
        for what in ("news", "negative"):
            counts = self.help[what]
            for x in getattr(r, what):
                helped = x.helped
                if x.by is not None and helped != Helped.NEITHER:  # Going Negative: the roller's view
                    helped = "mccain" if helped == x.by else "obama"
                counts[x.id][helped] += 1

    def rate(self, won: Callable[[_Outcome], bool], among: Callable[[_Outcome], bool] = lambda o: True) -> Rate:
        """The games whose outcome is ``won`` among those whose outcome is ``among``."""
        return Rate(sum(k for o, k in self.outcomes.items() if among(o) and won(o)),
                    sum(k for o, k in self.outcomes.items() if among(o)))

    def summary(self, deck: Sequence[str]) -> Summary:
        n = len(self.turns)
        wins = {s: self.rate(_wins_of(s)) for s in SIDE_NAMES} | {"draw": self.rate(_wins_of(None))}
        first_wins = self.rate(lambda o: o.winner == o.first)
        by_first = {side: self.rate(_wins_of("mccain"), _first_is(side)) for side in SIDE_NAMES}
        bots = sorted({o.mccain for o in self.outcomes} | {o.obama for o in self.outcomes})
        by_bot, by_bot_seat = {}, {}
        if len(bots) == 2 and any(o.mccain == bots[0] for o in self.outcomes) \
                and any(o.obama == bots[0] for o in self.outcomes):
            for b in bots:
                by_bot[b] = self.rate(_bot_won(b))
                by_bot_seat[b] = {seat: self.rate(_bot_won(b), _bot_seat(b, seat))
                                  for seat in ("as McCain", "as Obama", "playing first", "playing second")}
        turns = sorted(self.turns)
        length = Length(sum(turns) / n if n else 0.0, quantile(turns, 0.5), quantile(turns, 0.25),
                        quantile(turns, 0.75), turns[0] if turns else 0, turns[-1] if turns else 0, tuple(turns))
        reasons = dict(self.reasons.most_common())
        cards = self._cards(n, wins)
        played = {c.card for c in cards if c.played}
        never = tuple(sorted(c for c in deck if c not in played))
        names = sorted({s for _, s in self.states})
        states = {s: (self.states[("mccain", s)], self.states[("obama", s)]) for s in names}
        return Summary(n, wins, first_wins, by_first, by_bot, by_bot_seat, length, reasons, cards, never, states,
                       self._help("news"), self._help("negative"), self.health.health(len(SIDES), SIDE_LABELS))

    def _cards(self, n: int, wins: dict[str, Rate]) -> tuple[CardStats, ...]:
        out = []
        for card, side in self.side_of.items():
            games, won_p = self.played[card], self.won_played[card]
            won_all = int(wins[side].k)
            t = self.plays[card]
            out.append(CardStats(card, side, self.drafted[card], games, t, Rate(won_p, games),
                                 Rate(won_all - won_p, n - games), self.turn_sum[card] / t if t else 0.0))
        return tuple(sorted(out, key=lambda c: (c.side, c.card)))

    def _help(self, what: str) -> tuple[HelpCounts, ...]:
        key = (lambda k: int(k)) if what == "negative" else (lambda k: k)  # dice in their order
        return tuple(HelpCounts(k, sum(c.values()), c["mccain"], c["obama"], c[Helped.NEITHER])
                     for k, c in sorted(self.help[what].items(), key=lambda kv: key(kv[0])))


def by_evidence(cards: Sequence[CardStats]) -> list[CardStats]:
    """Cards with a lift, strongest evidence first (the smallest p-value of "no lift"; then the
    larger lift), then those with too few games on a side for one (``MIN_GAMES``), most played first:
    never by the lift's value alone, which a card played in two games tops."""
    with_lift = sorted((c for c in cards if c.has_lift), key=lambda c: (c.lift.p, -abs(c.lift.estimate), c.card))
    without = sorted((c for c in cards if not c.has_lift), key=lambda c: (-c.played, c.card))
    return with_lift + without


def cards_by_lift(cards: Sequence[CardStats], top: int = 0) -> tuple[list[CardStats], bool]:
    """The cards a report shows, strongest evidence first (``by_evidence``), and whether a ``top``
    selection was made: with ``top``, the ``top`` cards whose lift is surely lowest (lowest upper
    ends of their intervals) and surely highest (highest lower ends), among those with a lift."""
    ordered = by_evidence(cards)
    with_lift = [c for c in ordered if c.has_lift]
    if not top or len(with_lift) <= 2 * top:
        return ordered, False
    low = sorted(with_lift, key=lambda c: c.lift.interval.high)[:top]
    high = sorted(with_lift, key=lambda c: -c.lift.interval.low)[:top]
    keep = {c.card for c in low + high}
    return [c for c in ordered if c.card in keep], True


def _reason_kind(reason: str) -> str:
    """"Obama reaches 270 electoral votes" and "McCain reaches…" are one kind of ending."""
    for side in ("McCain", "Obama"):
        reason = reason.replace(side, "a player")
    return reason
