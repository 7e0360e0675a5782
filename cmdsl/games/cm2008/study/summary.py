"""What a set of game rows says: win rates, first-player advantage, length, cards, states, news.

Pure functions of the rows (``GameRow``), so a report from the stored file is the report of the
run that wrote it. Definitions are in docs/balance.md.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from typing import Sequence

from ..model import SIDES
from .jobs import GameRow, Helped
from ....balance.stats import MIN_GAMES, Difference, Rate, newcombe, quantile

SIDE_NAMES = tuple(side.value for side in SIDES)  # the store keeps sides by name


@dataclass(frozen=True)
class Length:
    mean: float
    median: float
    q1: float
    q3: float
    low: int
    high: int
    turns: tuple[int, ...] = ()  # every game's length, sorted (the HTML report's histogram)


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class HelpCounts:
    """How often a Breaking News or Going Negative result was carried out, and whom it helped."""

    id: str
    count: int
    mccain: int  # Going Negative: ``mccain`` means the player who rolled, ``obama`` the carrier
    obama: int
    neither: int


@dataclass(frozen=True)
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


def summarize(rows: Sequence[GameRow], deck: Sequence[str] = ()) -> Summary:
    """The summary of ``rows``; ``deck``: the cards that could be played (to list those never played)."""
    n = len(rows)
    winners = Counter(r.winner for r in rows)
    wins = {s: Rate(winners[s], n) for s in SIDE_NAMES} | {"draw": Rate(winners[None], n)}
    first_wins = Rate(sum(r.winner == r.first for r in rows), n)
    by_first = {}
    for side in SIDE_NAMES:
        mine = [r for r in rows if r.first == side]
        by_first[side] = Rate(sum(r.winner == "mccain" for r in mine), len(mine))
    bots = sorted({r.mccain for r in rows} | {r.obama for r in rows})
    by_bot, by_bot_seat = {}, {}
    if len(bots) == 2 and any(r.mccain == bots[0] for r in rows) and any(r.obama == bots[0] for r in rows):
        for b in bots:
            won = [(r, (r.winner == "mccain" and r.mccain == b) or (r.winner == "obama" and r.obama == b)) for r in rows]
            by_bot[b] = Rate(sum(w for _, w in won), n)
            seats = {"as McCain": lambda r: r.mccain == b, "as Obama": lambda r: r.obama == b,
                     "playing first": lambda r: getattr(r, r.first) == b,  # r.first names the side: its bot
                     "playing second": lambda r: getattr(r, r.first) != b}
            by_bot_seat[b] = {k: Rate(sum(w for r, w in won if f(r)), sum(1 for r, _ in won if f(r)))
                              for k, f in seats.items()}
    turns = sorted(r.turns for r in rows)
    length = Length(sum(turns) / n if n else 0.0, quantile(turns, 0.5), quantile(turns, 0.25), quantile(turns, 0.75),
                    turns[0] if turns else 0, turns[-1] if turns else 0, tuple(turns))
    reasons = dict(Counter(_reason_kind(r.reason) for r in rows).most_common())
    cards = _cards(rows)
    played = {c.card for c in cards if c.played}
    never = tuple(sorted(c for c in deck if c not in played))
    return Summary(n, wins, first_wins, by_first, by_bot, by_bot_seat, length, reasons, cards, never, _states(rows),
                   _help(rows, "news"), _help(rows, "negative"))


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


def _cards(rows: Sequence[GameRow]) -> tuple[CardStats, ...]:
    side_of: dict[str, str] = {}
    played_in: defaultdict[str, set[int]] = defaultdict(set)
    drafted: Counter[str] = Counter()
    plays: Counter[str] = Counter()
    turns: defaultdict[str, list[int]] = defaultdict(list)
    for i, r in enumerate(rows):
        for p in r.played:
            side_of.setdefault(p.card, p.side)
            played_in[p.card].add(i)
            plays[p.card] += 1
            turns[p.card].append(p.turn)
        for side, card in set(r.drafted):
            side_of.setdefault(card, side)
            drafted[card] += 1
    out = []
    for card, side in side_of.items():
        games = played_in[card]
        won_p = sum(rows[i].winner == side for i in games)
        won_all = sum(r.winner == side for r in rows)
        t = turns[card]
        out.append(CardStats(card, side, drafted[card], len(games), plays[card], Rate(won_p, len(games)),
                             Rate(won_all - won_p, len(rows) - len(games)), sum(t) / len(t) if t else 0.0))
    return tuple(sorted(out, key=lambda c: (c.side, c.card)))


def _states(rows: Sequence[GameRow]) -> dict[str, tuple[int, int]]:
    won: Counter[tuple[str, str]] = Counter(w for r in rows for w in r.states_won)
    names = sorted({s for _, s in won})
    return {s: (won[("mccain", s)], won[("obama", s)]) for s in names}


def _help(rows: Sequence[GameRow], what: str) -> tuple[HelpCounts, ...]:
    counts: defaultdict[str, Counter[str]] = defaultdict(Counter)
    for r in rows:
        for x in getattr(r, what):
            helped = x.helped
            if x.by is not None and helped != Helped.NEITHER:  # Going Negative: the roller's view
                helped = "mccain" if helped == x.by else "obama"
            counts[x.id][helped] += 1
    key = (lambda k: int(k)) if what == "negative" else (lambda k: k)  # dice in their order
    return tuple(HelpCounts(k, sum(c.values()), c["mccain"], c["obama"], c[Helped.NEITHER])
                 for k, c in sorted(counts.items(), key=lambda kv: key(kv[0])))
