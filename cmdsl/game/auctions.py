"""Auctions, for any game's rules: a sealed bid (every seat bids at once, in secret; a tie bids
again, then rolls off) and an open ascending auction (seats bid in turn until all but the leader
have passed). Each is a generator the rules ``yield from``; it returns what happened as a value
(``SealedBid``, ``OpenAuction``) and moves nothing: who pays what, to whom, is the game's rule.

A seat's decision is the game's to make (``ask``: its kind, prompt and option ids are the game's);
its options' values are the amounts that seat may bid (and None, a pass, in an open auction). Each
decision is checked as it is made: an amount the auction does not allow is the game's bug
(``ValueError`` naming the option), not a seat's choice.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable, Collection, Generic, Sequence

from .contract import Host, S
from .decisions import CHANCE, Decision, PlayerSeat
from .together import Steps
from ..values import value


@value
class SealedBid(Generic[S]):
    """How a sealed bid went: the ``winner`` and its final bid (``price``); each seat's final bid,
    in the seats' order (``bids``: a re-bid replaces a tied seat's first bid); whether the tied
    seats bid again (``rebid``); and the rolls of each roll-off, in order (``rolls``: each one's
    ``(seat, pips)`` in the seats' order; none when a bid decided it)."""

    winner: S
    price: int
    bids: tuple[tuple[S, int], ...]
    rebid: bool
    rolls: tuple[tuple[tuple[S, int], ...], ...]


@value
class OpenAuction(Generic[S]):
    """How an open ascending auction went: the ``winner`` (None: everyone passed without a bid)
    and its last bid (``price``; 0 with no winner); every bid in the order made (``bids``); the
    seats that passed, in the order they did (``passed``)."""

    winner: S | None
    price: int
    bids: tuple[tuple[S, int], ...]
    passed: tuple[S, ...]


def sealed_bid(host: Host[S], seats: Sequence[S], ask: Callable[[S, int], Decision],
               roll: Callable[[S], Decision], *, rebid_zero_ties: bool = False, max_rolloffs: int = 5) -> Steps:
    """Every seat of ``seats`` bids at once, in secret (``host.together``); the bids are revealed
    together and logged then (``host.log_chosen``, seat by seat in the seats' order: the game's
    ``log_choice`` says them). ``ask(seat, floor)`` makes a seat's decision: its options' values are
    the amounts it may bid, each an int at least ``floor`` (0 in the first round). Returns a
    ``SealedBid``.

    A single highest bid wins, at that bid. Seats tied for the highest bid bid once more, alone
    and in secret, each at least its first bid (``floor``). Still tied, they roll off: each, in the
    seats' order, rolls ``roll(seat)`` (a chance decision whose options' values are ints, a die);
    the highest roll wins, and seats tied on it roll again. After ``max_rolloffs`` roll-offs all
    tied, the first of the seats still tied, in the seats' order, wins: a bound, so that every
    play-out of a search ends. A highest bid of 0 is not bid again unless ``rebid_zero_ties``:
    the seats tied at 0 roll off at once ("all bids zero: everyone rolls"). One seat alone bids
    and wins at its bid. A seat is asked its decision even when it has one option (a secret pick
    is asked, as ``host.together`` asks it).
    """
    order = _distinct(seats)
    if max_rolloffs < 0:
        raise ValueError(f"max_rolloffs is a number of roll-offs, 0 or more, not {max_rolloffs}")
    final: dict[S, int] = yield from _bid_round(host, order, ask, dict.fromkeys(order, 0))
    high = max(final.values())
    tied = [seat for seat in order if final[seat] == high]
    rebid = len(tied) > 1 and (high > 0 or rebid_zero_ties)
    if rebid:
        again: dict[S, int] = yield from _bid_round(host, tied, ask, {seat: final[seat] for seat in tied})
        final.update(again)
        high = max(again.values())
        tied = [seat for seat in tied if final[seat] == high]
    rolls: list[tuple[tuple[S, int], ...]] = []
    while len(tied) > 1 and len(rolls) < max_rolloffs:
        rolled = []
        for seat in tied:
            opt = yield from host.ask(_roll_of(roll, seat))
            rolled.append((seat, int(opt.value)))
        rolls.append(tuple(rolled))
        best = max(pips for _, pips in rolled)
        tied = [seat for seat, pips in rolled if pips == best]
    winner = tied[0]
    return SealedBid(winner, final[winner], tuple((seat, final[seat]) for seat in order), rebid, tuple(rolls))


@value
class Bidding(Generic[S]):
    """An open ascending auction in progress, as it stands after an answer: the ``standing`` bid
    and its ``leader`` (None before the first bid), the bids and passes so far, and how many
    turns have come round (the next seat asked is the next one of the order still in)."""

    standing: int | None
    leader: S | None
    bids: tuple[tuple[S, int], ...]
    passed: tuple[S, ...]
    turn: int


def open_ascending(host: Host[S], order: Sequence[S], ask: Callable[[S, int | None, S | None], Decision], *,
                   ceiling: int, resume: Bidding[S] | None = None,
                   progress: Callable[[Bidding[S]], None] | None = None) -> Steps:
    """An open ascending auction: the seats of ``order`` are asked in turn, cyclically, each
    ``ask(seat, standing, leader)`` (``standing`` the highest bid so far, None before the first;
    ``leader`` its bidder), through ``host.ask`` (a decision of one option is answered without
    asking). An option's value is a bid, an int from 0 to ``ceiling`` above the standing bid,
    or None: a pass, final for this auction (a seat that passed is not asked again). The leader is
    not asked while it leads. The auction ends when every other seat has passed, the leader
    winning at its bid, or when every seat has passed without a bid (no winner, price 0).
    Returns an ``OpenAuction``.

    Bounded: each bid is above the last and none is above ``ceiling``, so at most ``ceiling`` + 1
    bids are made, and at most one pass a seat: the auction asks at most ``ceiling`` + 1 +
    ``len(order)`` decisions.

    ``progress`` is told how the auction stands after each answer, and ``resume`` goes on from
    such a state: a game keeps it in its position, so that a copy of the game can start there
    (a checkpoint within the auction) instead of replaying its bids.
    """
    seats = _distinct(order)
    if ceiling < 0:
        raise ValueError(f"an auction's ceiling is 0 or more, not {ceiling}")
    standing: int | None = None if resume is None else resume.standing
    leader: S | None = None if resume is None else resume.leader
    bids: list[tuple[S, int]] = [] if resume is None else list(resume.bids)
    passed: list[S] = [] if resume is None else list(resume.passed)
    turn = 0 if resume is None else resume.turn
    while True:
        seat, turn = next_open_bidder(seats, leader, passed, turn)
        if seat is None:
            break
        opt = yield from host.ask(_open_decision(ask(seat, standing, leader), seat, standing, ceiling))
        if opt.value is None:
            passed.append(seat)
        else:
            standing, leader = opt.value, seat
            bids.append((seat, opt.value))
        if progress is not None:
            progress(Bidding(standing, leader, tuple(bids), tuple(passed), turn))
    return OpenAuction(leader, 0 if standing is None else standing, tuple(bids), tuple(passed))


def next_open_bidder(seats: Sequence[S], leader: S | None, passed: Collection[S], turn: int) -> tuple[S | None, int]:
    """Who an open ascending auction asks next, from ``turn`` (how many turns have come round), and
    the turn after that seat's; None where the auction is over (every seat passed, or all but the
    leader). Never the leader: it comes round again only once every other seat still in has been
    asked since its bid, and each has passed (the auction is over) or outbid it. A game that
    looks ahead in an auction follows it here, as ``open_ascending`` does."""
    while True:
        left = [seat for seat in seats if seat not in passed]
        if not left or left == [leader]:
            return None, turn
        seat = seats[turn % len(seats)]
        turn += 1
        if seat not in passed:
            return seat, turn


# ---- the checks: what the game offers, and its bug when the auction does not allow it ----------


def _bid_round(host: Host[S], seats: Sequence[S], ask: Callable[[S, int], Decision],
               floors: dict[S, int]) -> Steps:
    """One round of secret bids of ``seats``, each at least its floor; the bids, once revealed
    (and logged, seat by seat)."""
    parts: dict[PlayerSeat, Callable[[], Decision]] = {
        seat: partial(_sealed_decision, ask, seat, floors[seat]) for seat in seats}
    revealed = yield from host.together(parts)
    for seat in seats:
        host.log_chosen(revealed, seat)
    return {seat: int(revealed.results[seat]) for seat in seats}


def _sealed_decision(ask: Callable[[S, int], Decision], seat: S, floor: int) -> Decision:
    d = ask(seat, floor)
    _offers(d, seat)
    values = [o.value for o in d.options]
    # As ``_open_decision`` does: one pass in C, and the message only when an option is wrong.
    if all(type(v) is int for v in values) and floor <= min(values):
        return d
    for o in d.options:
        if not _is_amount(o.value) or o.value < floor:
            raise ValueError(f'{seat}\'s sealed bid offers "{o.id}" ({o.value!r}): a bid is an int, at least '
                             f"{floor} here")
    return d


def _open_decision(d: Decision, seat: S, standing: int | None, ceiling: int) -> Decision:
    _offers(d, seat)
    least = 0 if standing is None else standing + 1
    bids = [o.value for o in d.options if o.value is not None]
    # One pass in C over the amounts, and the message only when one is wrong: a search asks this
    # at every bid of every play-out, with up to a hundred amounts.
    if bids and all(type(v) is int for v in bids) and least <= min(bids) and max(bids) <= ceiling:
        return d
    for o in d.options:
        if o.value is not None and (not _is_amount(o.value) or not least <= o.value <= ceiling):
            raise ValueError(f'{seat}\'s bid offers "{o.id}" ({o.value!r}): a bid is an int from {least} to '
                             f"{ceiling} here, or None to pass")
    return d


def _roll_of(roll: Callable[[S], Decision], seat: S) -> Decision:
    d = roll(seat)
    if d.player is not CHANCE:
        raise ValueError(f"{seat}'s roll-off must be a chance decision, not {d.player}'s ({d.prompt})")
    for o in d.options:
        if not _is_amount(o.value):
            raise ValueError(f'{seat}\'s roll-off offers "{o.id}" ({o.value!r}): a roll is an int')
    return d


def _offers(d: Decision, seat: PlayerSeat) -> None:
    if d.player is not seat:
        raise ValueError(f"{seat}'s bid must be that seat's own decision, not {d.player}'s ({d.prompt})")
    if not d.options:
        raise ValueError(f"{seat}'s bid offers no option ({d.prompt})")


def _is_amount(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _distinct(seats: Sequence[S]) -> tuple[S, ...]:
    order = tuple(seats)
    if not order:
        raise ValueError("an auction needs at least one seat")
    if len(set(order)) != len(order):
        raise ValueError("an auction's seats are each named once: " + ", ".join(map(str, order)))
    return order
