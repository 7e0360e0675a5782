"""`?` at the Die Macher REPL: the party's pending decision explained from its ``DieMacherView``
alone (and the set's public data): which rule asks it (a DM number), what the choice is about, and
what each option would do: the money it costs, the markers it leaves, the votes a conversion
gives with the party's factor there (DM6), its match on each board after a platform or opinion
swap. Nothing here reads the game, so nothing here can say more than the party may know."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence, cast

from ....game.decisions import Decision, Option
from ..cards import Card
from ..data import DieMacherData
from ..event_text import counted, euros
from ..formulas import factor, match, votes_for
from ..kinds import MEDIA_PRICE, MEDIA_SPACES, RALLY_PRICE, Kind
from ..context import board_asked
from ..position import Board, media_controller
from ..view import BoardView, DieMacherView
from .board import card, controller, short

#: Each kind of decision: the rules that ask it, and what it is about, in a sentence or two.
RULES: dict[Kind, tuple[str, str]] = {
    Kind.PRELIMINARY: ("DM4", "The preliminary step, free and secret: every party fills its sheet at once and the "
                       "sheets are shown together (DM4.1). Column 1 gives +{popularity} popularity, the vote marker "
                       "to {votes} and {rallies} rally markers, each in a state you name (DM4.2); column 2 is one "
                       "bundle of media markers and members, each marker in a state you name (DM4.3). The same "
                       "state may take several (DM4.4)."),
    Kind.BID: ("DM7.1", "The first-player auction, a sealed bid: every party bids at once, from €0 to its money "
               "(DM7.1.1). The highest bidder names the first player (DM7.1.2) and alone pays its bid (DM7.1.5); tied "
               "highest bidders bid again, at least as much (DM7.1.3); when all bid €0, dice decide (DM7.1.4)."),
    Kind.NAME_FIRST: ("DM7.1.2", "You won the auction: name this round's first player, yourself included. The first "
                      "player acts first in the media, rallies and poll auctions; the last in turn order converts "
                      "last at the election and lands on top of a tie (DM7.1.6, DM6.5)."),
    Kind.DISCARD: ("DM7.2.2", "The platform conference: discard any hand cards face down and draw as many from the "
                   "platform deck."),
    Kind.PLATFORM_SWAP: ("DM7.2.3", "The platform conference: swap one face-up platform card for a hand card, or not "
                         "(one swap a round; 5 cards on 5 different issues). Your platform sets your match on every "
                         "board (DM6.1): +1 for each identical face-up opinion, -1 for each contradictory one, the "
                         "key issue counting twice."),
    Kind.MEDIA: ("DM7.3", f"Media: buy one media marker for {euros(MEDIA_PRICE)} on a board with a free space, or pass "
                 "(DM7.3.1); passing now does not stop you buying later (DM7.3.2). Strictly the most markers on a "
                 "board controls its media (DM7.3.4): an opinion swap there (DM7.3.5) and a shield against the "
                 "polls' losses (DM7.3.6)."),
    Kind.OPINION_SWAP: ("DM7.3.5", "You control the media here (DM7.3.5) or hold an absolute majority (DM7.6.3): swap "
                        "one face-up opinion with a card of the exchange pool, or keep them. The key-issue card stays "
                        "(DM18.12). Every party's match here changes (DM6.1)."),
    Kind.RALLIES: ("DM7.4", f"Rallies: rally markers at {euros(RALLY_PRICE)} each, at most 4 a board each round and "
                   "10 of yours on a board (DM7.4.2). Converted at the election or earlier (DM7.6), each gives "
                   "your factor in votes, rounded down (DM6.3)."),
    Kind.POLL_BID: ("DM7.5.3", "An opinion-poll auction, open and rising: outbid the standing bid or pass; a party that "
                    "passes is out of this poll. The winner pays, looks at the card alone, then publishes it "
                    "(up to {publish} modifiers on this board) or shelves it for {dice} dice of members (DM7.5.4)."),
    Kind.POLL_USE: ("DM7.5.4", "You bought this poll: publish it, applying up to {publish} of its modifiers on its board "
                    "(popularity stays within -3 and +3; a media controller ignores its own loss, DM7.5.5), or "
                    "shelve it, unseen by the others, and roll {dice} dice for members (DM7.5.6)."),
    Kind.CONVERT: ("DM7.6.2", "Early conversion: with 5 or more rally markers here you may convert as many as you "
                   "like; each gives your factor in votes, rounded down (DM6.3), up to 50 (DM6.4), and goes back to "
                   "your supply. A marker that moves lands on top of equal ones (DM6.5)."),
    Kind.NATIONAL: ("DM9.5", "National opinion: place a face-up opinion of the election board on the national "
                    "board, or stop. An identical card on a space makes it dominant, a contradictory one takes it "
                    "(DM9.5.1). Each election every party gains the space's members for each identical platform "
                    "card (DM9.6), and at the end its points (DM11.4)."),
    Kind.CONTRIBUTION: ("DM10.5", "External contributions: lay one card face up to accept its money (then lose the "
                        "highest of its loss dice in members), face down to refuse it (gain its dice of members; the "
                        "largest refusal alone rolls 3 more), or none."),
    Kind.CABINET_PLACE: ("DM8.1", "The shadow cabinet: lay cabinet cards face down, at most one a board, or stop. "
                         "All are turned up together and paid for (DM8.2); then each party carries out its cards "
                         "(DM8.3); a telephone puts your coalition tile there (DM8.4)."),
    Kind.CABINET_NEXT: ("DM18.7", "Your cabinet cards are turned up: which one you carry out next (DM8.3)."),
    Kind.CABINET_ACTION: ("DM8.3", "A cabinet card's menu: one action, on the card's board."),
    Kind.COALITION: ("DM8.5", "Coalitions on this round's election board: with 2 identical face-up platform cards "
                     "both must agree; with 3 or more either may force it (DM8.5.3). A coalition adds its votes to "
                     "win (DM9.2); tiles left out of one are spent (DM8.5.5)."),
    Kind.CONSENT: ("DM8.5.3", "A party proposes a coalition to you (DM18.8): accept it or decline it."),
}


@dataclass(frozen=True)
class _Seen:
    """A board as ``formulas.match`` reads it, from a view (a face-down card is never read)."""

    opinions: list[tuple[Card | None, bool]]
    key_issue: int | None


def _match(platform: Sequence[Card], b: BoardView, opinions: Sequence[Card | None] | None = None) -> int:
    seen = _Seen([(c, c is not None) for c in (b.opinions if opinions is None else opinions)], b.key_issue)
    return match(list(platform), cast(Board, seen))


def board_named(view: DieMacherView, text: str) -> BoardView | None:
    """The board whose state a decision's prompt names (``context.board_asked``)."""
    b = board_asked(text, [board.state for board in view.boards])
    return None if b is None else view.boards[b]


def _factor_line(view: DieMacherView, b: BoardView) -> str:
    me = view.parties.index(view.seat)
    m = _match(view.platform[me], b)
    return (f"In {b.state} your popularity is {b.popularity[me]:+d} and your match {m:+d}: factor "
            f"{factor(b.popularity[me], m)} (DM6.2); you have {counted(b.rallies[me], 'rally marker')} and "
            f"{counted(b.votes[me], 'vote')} there.")


def _per_option(view: DieMacherView, data: DieMacherData, d: Decision) -> Callable[[Option], str]:
    """What one option would do, in a few words (the label when it says it all)."""
    me = view.parties.index(view.seat)
    money = view.money[me]
    b = board_named(view, d.prompt)
    if d.kind is Kind.BID or d.kind is Kind.POLL_BID:
        return lambda o: (o.label + ": out of this poll" if o.value is None else
                          f"{o.label}: you would have {euros(money - o.value)} left if you win")
    if d.kind is Kind.RALLIES and b is not None:
        f = factor(b.popularity[me], _match(view.platform[me], b))
        return lambda o: (f"{o.label}: {counted(b.rallies[me] + o.value, 'marker')} there, worth "
                          f"{votes_for(b.rallies[me] + o.value, f)} votes at today's factor {f}")
    if d.kind is Kind.CONVERT and b is not None:
        f = factor(b.popularity[me], _match(view.platform[me], b))
        return lambda o: f"{o.label}: +{votes_for(o.value, f)} votes, {min(50, b.votes[me] + votes_for(o.value, f))} in all"
    if d.kind is Kind.MEDIA:
        return lambda o: _media(view, o)
    if d.kind is Kind.PLATFORM_SWAP:
        return lambda o: _platform_swap(view, o)
    if d.kind is Kind.OPINION_SWAP and b is not None:
        return lambda o: _opinion_swap(view, b, o)
    if d.kind is Kind.NAME_FIRST:
        n = len(view.parties)
        return lambda o: f"{o.label} first: turn order " + ", ".join(short(view.parties[(o.value + k) % n])
                                                                      for k in range(n))
    if d.kind is Kind.POLL_USE and b is not None and view.looking is not None:
        return lambda o: _poll_use(view, b, o)
    if d.kind is Kind.NATIONAL:
        return lambda o: _national(view, data, o)
    if d.kind is Kind.CABINET_PLACE:
        return lambda o: o.label if o.value is None else \
            f"{o.label}: {euros(money - data.cabinet_by_id[o.value[0]].cost)} left after the reveal"
    return lambda o: o.label


def _media(view: DieMacherView, o: Option) -> str:
    if o.value is None:
        return "pass: you may still buy when your turn comes again, unless all pass one after another"
    me = view.parties.index(view.seat)
    b = view.boards[o.value]
    media = list(b.media)
    media[me] += 1
    who = media_controller(media)
    control = ("you would control it" if who == me else "nobody would control it" if who is None
               else f"{view.parties[who]} would still control it")
    return (f"{o.label} ({euros(MEDIA_PRICE)}): {media[me]} of your markers there, {sum(media)} of {MEDIA_SPACES} "
            f"spaces taken; {control}")


def _platform_swap(view: DieMacherView, o: Option) -> str:
    if o.value is None:
        return "no swap: your matches stay"
    me = view.parties.index(view.seat)
    slot, k = o.value
    platform = list(view.platform[me])
    after = platform[:slot] + [view.hand[k]] + platform[slot + 1:]
    moves = [f"{b.state} {_match(platform, b):+d}->{_match(after, b):+d}" for b in view.boards
             if b.state is not None and _match(platform, b) != _match(after, b)]
    return f"{o.label}: " + ("; ".join(moves) if moves else "no match changes on the boards today")


def _opinion_swap(view: DieMacherView, b: BoardView, o: Option) -> str:
    if o.value is None:
        return "keep: the matches stay"
    slot, new = o.value
    opinions = list(b.opinions)
    opinions[slot] = new
    moves = [f"{short(p)} {_match(view.platform[i], b):+d}->{_match(view.platform[i], b, opinions):+d}"
             for i, p in enumerate(view.parties)]
    return f"{o.label}: matches here " + ", ".join(moves)


def _poll_use(view: DieMacherView, b: BoardView, o: Option) -> str:
    """DM7.5.4–DM7.5.5: the popularity each chosen party would have on the poll's board."""
    if o.value is None or not o.value:
        return o.label
    modifiers = dict(view.looking.modifiers) if view.looking is not None else {}
    control = controller(b)
    moves = []
    for p in o.value:
        i = view.parties.index(p)
        m = modifiers.get(p, 0)
        shielded = m < 0 and control == i
        after = b.popularity[i] if shielded else max(-3, min(3, b.popularity[i] + m))
        moves.append(f"{short(p)} {b.popularity[i]:+d}->{after:+d}" + (" (shielded, DM7.5.5)" if shielded else ""))
    return f"{o.label}: popularity in {b.state} " + ", ".join(moves)


def _national(view: DieMacherView, data: DieMacherData, o: Option) -> str:
    if o.value is None:
        return "place no more"
    slot, space = o.value
    b = next(x for x in view.boards if x.first_in_line)
    c = b.opinions[slot]
    if c is None:
        return o.label
    mine = [short(p) for i, p in enumerate(view.parties) if any(x.identical(c) for x in view.platform[i])]
    s = data.spaces[space]
    return (f"{card(c)} on space {space + 1} (+{s.recruits} members an election, {s.points} points at the end, for "
            + (", ".join(mine) if mine else "nobody's platform") + ")")


def _numbers(data: DieMacherData) -> dict[str, object]:
    """The set's values the texts above name: the preliminary step's (DM4.2), the polls' *k* and *d*
    (DM18.10: printed on each card; "its" where the cards differ)."""
    def printed(values: set[int]) -> object:
        return values.pop() if len(values) == 1 else "its"
    return {"popularity": data.prelim_popularity, "votes": data.prelim_votes, "rallies": data.prelim_rallies,
            "publish": printed({p.publish for p in data.polls}), "dice": printed({p.dice for p in data.polls})}


#: What the REPL adds to `?` where cards are laid (the browser's page shows each card on hover).
AT_THE_REPL = "\n`card NAME` shows a card."


def at_the_repl(view: DieMacherView) -> str:
    return AT_THE_REPL if view.pending and view.pending[0].kind == Kind.CABINET_PLACE else ""


def explain(view: DieMacherView, data: DieMacherData) -> str:
    """`?`: the party's decision, its rule, what it is about, then each option and what it would do."""
    d = view.pending[0] if view.pending else None
    if d is None:
        return "Nothing for you to answer now."
    rule, about = RULES.get(cast(Kind, d.kind), ("", ""))
    about = about.format_map(_numbers(data))  # the set's own values, which a designer may change
    lines = [f"{view.seat}: {d.prompt}" + (f" [{rule}]" if rule and rule not in d.prompt else ""), about]
    b = board_named(view, d.prompt)
    if b is not None and d.kind in (Kind.RALLIES, Kind.CONVERT):
        lines.append(_factor_line(view, b))
    me = view.parties.index(view.seat)
    if d.kind in (Kind.BID, Kind.POLL_BID, Kind.MEDIA, Kind.RALLIES, Kind.CABINET_PLACE):
        lines.append(f"You have {euros(view.money[me])}.")
    if d.kind is Kind.POLL_USE and view.looking is not None:
        lines.append("The poll: " + ", ".join(f"{p} {m:+d}" for p, m in view.looking.modifiers if p in view.parties)
                     + " (you pick the parties whose modifiers apply).")
    what = _per_option(view, data, d)
    options = d.options
    if d.amount is not None and len(options) > 8:  # a long list of amounts: the ends and the way to type one
        amounts = [n for o in options if (n := d.amount.amount_of(o.id)) is not None]
        verb, n = d.amount.ids.partition(":")[0], amounts[len(amounts) // 2]
        lines.append(f"Options {options[0].label} to {options[-1].label}: type an amount, e.g. `{verb} {n}` or `{n}`.")
        shown = [options[0], options[1], options[-1]]
    else:
        shown = list(options)
    lines += [f"  {options.index(o) + 1}. {what(o)}" for o in shown]
    return "\n".join(lines)
