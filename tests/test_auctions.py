"""Auctions (cmdsl/game/auctions.py), played by the core's driver on a small game of this file's
own: a sealed bid (secret bids, revealed together; a tie bids again, then rolls off) and an open
ascending auction (bids in turn; a pass is final; the leader is not asked)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Callable, ClassVar, cast

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cmdsl.errors import IllegalAnswer
from cmdsl.game.audience import Event, everyone
from cmdsl.game.auctions import Bidding, OpenAuction, SealedBid, open_ascending, sealed_bid
from cmdsl.game.contract import Game, Host
from cmdsl.game.decisions import CHANCE, Decision, Option, PlayerSeat
from cmdsl.game.dice import sum_of_dice
from cmdsl.game.driver import Driver, GameOver, InternalError
from cmdsl.game.rng import GameRng
from cmdsl.game.together import Steps
from cmdsl.values import value


class Seat(StrEnum):
    A = "a"
    B = "b"
    C = "c"


A, B, C = SEATS = tuple(Seat)


class Kind(StrEnum):
    BID = "bid"
    ROLL = "roll"


TOP = 6  # the most a seat of this game may bid in a sealed bid
DIE = sum_of_dice(1, ids=lambda n: f"die:{n}")


@value
class Bid(Event):
    """A seat's bid, logged as the game logs a choice (at the reveal, for a secret one)."""

    seat: Seat
    amount: int | None

    audience = everyone

    def text(self) -> str:
        return f"{self.seat} bids {self.amount}."


@value
class Ended(Event):
    reason: str

    audience = everyone

    def text(self) -> str:
        return self.reason


@dataclass
class Position:
    rng: GameRng
    result: Any = None


class Auction(Game[Seat]):
    """A game that is one auction: its rules run ``rules`` and keep what it returns."""

    seats: tuple[Seat, ...] = SEATS
    chance_outcomes: ClassVar[frozenset[str]] = frozenset(o.id for o in DIE)
    chance_hint: ClassVar[str] = "die:1 to die:6"

    def __init__(self, rules: Callable[[Host[Seat]], Steps]) -> None:
        self.rules, self.seed = rules, 0

    def start(self, host: Host[Seat]) -> Steps:
        host.position, host.turn = Position(GameRng(0)), 0
        return self._play(host)

    def _play(self, host: Host[Seat]) -> Steps:
        host.position.result = yield from self.rules(host)
        raise GameOver(None, "the auction is over")

    def log_choice(self, host: Host[Seat], seat: PlayerSeat, decision: Decision, option: Option) -> None:
        host.emit(Bid, seat, option.value)

    def ended(self, host: Host[Seat], winner: Seat | None, reason: str) -> Event:
        return Ended(reason)

    def view(self, host: Host[Seat], seat: Seat) -> tuple[Event, ...]:
        return tuple(e.redacted(seat) for e in host.events)

    def record(self, host: Host[Seat], complete: bool) -> list[Any]:
        return list(host.answers)


def bid(seat: Seat, floor: int) -> Decision:
    return Decision(seat, Kind.BID, f"bid {floor} to {TOP}", tuple(Option(f"bid:{n}", str(n), n)
                                                                  for n in range(floor, TOP + 1)))


def roll(seat: Seat) -> Decision:
    return Decision(CHANCE, Kind.ROLL, f"{seat} rolls", DIE)


def sealed(seats: tuple[Seat, ...] = SEATS, **options: Any) -> Driver[Seat]:
    return Driver(Auction(lambda host: sealed_bid(host, seats, bid, roll, **options)), ask_chance=True)


def bids(game: Driver[Seat], *amounts: tuple[Seat, int]) -> None:
    for seat, n in amounts:
        game.answer(f"bid:{n}", seat)


def rolls(game: Driver[Seat], *pips: int) -> None:
    for n in pips:
        assert game.pending is not None and game.pending.player is CHANCE
        game.answer(f"die:{n}")


def logged(game: Driver[Seat]) -> list[tuple[Seat, int | None]]:
    return [(e.seat, e.amount) for e in game.events if isinstance(e, Bid)]


def pending(game: Driver[Seat]) -> list[tuple[Any, tuple[Any, ...]]]:
    """Who decides now, and the values offered."""
    return [(d.player, tuple(o.value for o in d.options)) for d in game.pending_decisions]


# ---- a sealed bid ------------------------------------------------------------------------------


def test_a_single_highest_bid_wins_at_that_bid() -> None:
    game = sealed()
    assert pending(game) == [(seat, tuple(range(TOP + 1))) for seat in SEATS]  # all at once, from 0
    bids(game, (B, 1), (A, 3), (C, 2))
    assert game.over and game.position.result == SealedBid(A, 3, ((A, 3), (B, 1), (C, 2)), False, ())
    assert logged(game) == [(A, 3), (B, 1), (C, 2)]  # logged at the reveal, in the seats' order


def test_the_bids_are_seen_by_no_seat_before_all_have_bid() -> None:
    """A and B bid; C has not: nothing of their bids is in the log, in C's view or in a copy made
    for C (their decisions are pending again there), whatever they bid."""
    games = []
    for a in (1, 5):
        game = sealed()
        bids(game, (A, a), (B, 2))
        assert [d.player for d in game.pending_decisions] == [C] and not logged(game)
        games.append(game)
    assert games[0].view(C) == games[1].view(C) == (games[0].fork(for_seat=C).view(C))
    assert [d.player for d in games[0].fork(for_seat=C).pending_decisions] == [A, B, C]
    bids(games[1], (C, 0))
    assert logged(games[1]) == [(A, 5), (B, 2), (C, 0)]  # all three at once


def test_a_tie_bids_again_in_secret_and_a_raise_wins() -> None:
    game = sealed()
    bids(game, (A, 3), (B, 3), (C, 1))
    assert pending(game) == [(A, tuple(range(3, TOP + 1))), (B, tuple(range(3, TOP + 1)))]  # only the tied
    bids(game, (B, 4))
    assert logged(game) == [(A, 3), (B, 3), (C, 1)]  # B's raise is not seen before A has bid again
    bids(game, (A, 3))
    assert game.position.result == SealedBid(B, 4, ((A, 3), (B, 4), (C, 1)), True, ())
    assert logged(game)[3:] == [(A, 3), (B, 4)]


def test_a_bid_again_below_the_first_is_not_offered() -> None:
    game = sealed()
    bids(game, (A, 3), (B, 3), (C, 1))
    with pytest.raises(IllegalAnswer, match="not an option"):
        game.answer("bid:2", A)
    # a game that offers less than the floor has a bug, named with the option
    careless = Driver(Auction(lambda host: sealed_bid(host, SEATS, lambda seat, floor: bid(seat, 0), roll)))
    bids(careless, (A, 3), (B, 3))
    with pytest.raises(InternalError) as failed:
        bids(careless, (C, 1))
    assert isinstance(failed.value.__cause__, ValueError) and '"bid:0"' in str(failed.value.__cause__)
    assert "at least 3" in str(failed.value.__cause__)


def test_still_tied_the_tied_seats_roll_off_in_seat_order() -> None:
    game = sealed()
    bids(game, (A, 2), (B, 4), (C, 4), (B, 5), (C, 5))
    assert game.pending is not None and game.pending.prompt == "b rolls"
    rolls(game, 2)
    assert game.pending is not None and game.pending.prompt == "c rolls"
    rolls(game, 6)
    assert game.position.result == SealedBid(C, 5, ((A, 2), (B, 5), (C, 5)), True, (((B, 2), (C, 6)),))


def test_a_tied_roll_off_rolls_again_among_those_tied_on_the_highest_roll() -> None:
    game = sealed()
    bids(game, (A, 3), (B, 3), (C, 3), (A, 3), (B, 3), (C, 3))
    rolls(game, 6, 1, 6)
    assert [d.prompt for d in game.pending_decisions] == ["a rolls"]  # B is out of it
    rolls(game, 2, 4)
    assert game.position.result == SealedBid(C, 3, ((A, 3), (B, 3), (C, 3)), True,
                                             (((A, 6), (B, 1), (C, 6)), ((A, 2), (C, 4))))


def test_after_max_rolloffs_all_tied_the_first_tied_seat_in_seat_order_wins() -> None:
    game = sealed(max_rolloffs=2)
    bids(game, (A, 1), (B, 2), (C, 2), (C, 2), (B, 2))
    rolls(game, 4, 4, 3, 3)
    assert game.over and game.position.result == SealedBid(B, 2, ((A, 1), (B, 2), (C, 2)), True,
                                                           (((B, 4), (C, 4)), ((B, 3), (C, 3))))
    none = sealed(SEATS[::-1], max_rolloffs=0)  # the seats' order given, not the game's
    bids(none, (A, 1), (B, 1), (C, 1), (A, 1), (B, 1), (C, 1))
    assert none.over and none.position.result.winner is C and none.position.result.rolls == ()


def test_all_bids_zero_roll_off_at_once_unless_zero_ties_bid_again() -> None:
    game = sealed()
    bids(game, (A, 0), (B, 0), (C, 0))
    assert game.pending is not None and game.pending.prompt == "a rolls"  # no bid again
    rolls(game, 1, 5, 3)
    assert game.position.result == SealedBid(B, 0, ((A, 0), (B, 0), (C, 0)), False, (((A, 1), (B, 5), (C, 3)),))
    again = sealed(rebid_zero_ties=True)
    bids(again, (A, 0), (B, 0), (C, 0))
    assert pending(again) == [(seat, tuple(range(TOP + 1))) for seat in SEATS]
    bids(again, (A, 0), (B, 1), (C, 0))
    assert again.position.result == SealedBid(B, 1, ((A, 0), (B, 1), (C, 0)), True, ())


def test_one_seat_alone_wins_at_its_bid() -> None:
    game = sealed((B,))
    assert pending(game) == [(B, tuple(range(TOP + 1)))]
    bids(game, (B, 0))
    assert game.position.result == SealedBid(B, 0, ((B, 0),), False, ())


def test_a_sealed_bid_refuses_what_is_no_auction() -> None:
    for seats, said in (((), "at least one seat"), ((A, A), "each named once")):
        with pytest.raises(ValueError, match=said):
            sealed(seats)
    with pytest.raises(ValueError, match="0 or more"):
        sealed(max_rolloffs=-1)
    game = Driver(Auction(lambda host: sealed_bid(host, (A, B), bid, lambda seat: bid(seat, 0))))
    bids(game, (A, 0))
    with pytest.raises(InternalError) as failed:
        bids(game, (B, 0))  # all zero: a roll-off, which the game made a seat's decision
    assert isinstance(failed.value.__cause__, ValueError) and "a chance decision" in str(failed.value.__cause__)


@given(st.data(), st.booleans(), st.integers(0, 3))
def test_any_sealed_bid_ends_and_the_winner_paid_the_highest_bid(data: st.DataObject, zero: bool, most: int) -> None:
    game = sealed(rebid_zero_ties=zero, max_rolloffs=most)
    for _ in range(6 + 3 * most):  # two rounds of bids, then the roll-offs of at most three seats
        if game.over:
            break
        d = data.draw(st.sampled_from(game.pending_decisions))
        game.answer(data.draw(st.sampled_from(d.options)).id, d.player)
    assert game.over
    result = game.position.result
    assert result.price == dict(result.bids)[result.winner] == max(n for _, n in result.bids)
    assert len(result.rolls) <= most and [s for s, _ in result.bids] == list(SEATS)


# ---- an open ascending auction -----------------------------------------------------------------


CEILING = 5


def open_auction(order: tuple[Seat, ...] = SEATS, ceiling: int = CEILING,
                 ask: Callable[[Seat, int | None, Seat | None], Decision] | None = None
                 ) -> tuple[Driver[Seat], list[tuple[Seat, int | None, Seat | None]]]:
    """A game of one open auction, and who it asked (with the standing bid and its leader)."""
    asked: list[tuple[Seat, int | None, Seat | None]] = []

    def offer(seat: Seat, standing: int | None, leader: Seat | None) -> Decision:
        asked.append((seat, standing, leader))
        if ask is not None:
            return ask(seat, standing, leader)
        least = 0 if standing is None else standing + 1
        return Decision(seat, Kind.BID, "bid or pass", (Option("pass", "pass", None), *(
            Option(f"bid:{n}", str(n), n) for n in range(least, ceiling + 1))))

    return Driver(Auction(lambda host: open_ascending(host, order, offer, ceiling=ceiling))), asked


def play(game: Driver[Seat], *answers: str) -> None:
    for answer in answers:
        game.answer(answer)


def test_a_pass_is_final_and_the_leader_is_not_asked() -> None:
    game, asked = open_auction()
    play(game, "bid:1", "pass", "bid:2", "bid:3", "pass")
    assert asked == [(A, None, None), (B, 1, A), (C, 1, A), (A, 2, C), (C, 3, A)]  # B once; A not while it led
    assert game.position.result == OpenAuction(A, 3, ((A, 1), (C, 2), (A, 3)), (B, C))
    assert logged(game) == [(A, 1), (B, None), (C, 2), (A, 3), (C, None)]  # as the game logs a choice


def test_the_auction_ends_once_every_other_seat_has_passed() -> None:
    game, asked = open_auction((C, A, B))
    play(game, "pass", "bid:0", "pass")
    assert game.over and [seat for seat, _, _ in asked] == [C, A, B]
    assert game.position.result == OpenAuction(A, 0, ((A, 0),), (C, B))


def test_nobody_bids_no_winner_and_the_last_seat_is_asked_even_so() -> None:
    game, asked = open_auction()
    play(game, "pass", "pass")
    assert not game.over and asked[-1] == (C, None, None)  # it may still open the bidding
    play(game, "pass")
    assert game.position.result == OpenAuction(None, 0, (), (A, B, C))


def test_a_decision_of_one_option_is_not_asked() -> None:
    """At the ceiling, the others may only pass: passed for them without asking."""
    game, asked = open_auction()
    play(game, "bid:2", "bid:5")
    assert game.over and len(game.answers) == 2 and len(asked) == 4
    assert game.position.result == OpenAuction(B, 5, ((A, 2), (B, 5)), (C, A))


def test_a_bid_not_above_the_standing_bid_or_above_the_ceiling_is_the_games_bug() -> None:
    with pytest.raises(ValueError, match=r'"bid:6" \(6\): a bid is an int from 0 to 5'):
        open_auction(ask=lambda seat, standing, leader: Decision(seat, Kind.BID, "bid", (
            Option("pass", "pass", None), Option("bid:6", "6", 6))))
    game, _ = open_auction(ask=lambda seat, standing, leader: Decision(seat, Kind.BID, "bid", (
        Option("pass", "pass", None), Option("bid:2", "2", 2))))
    with pytest.raises(InternalError) as failed:
        play(game, "bid:2")  # B is offered 2 again, not above A's 2
    assert isinstance(failed.value.__cause__, ValueError)
    assert '"bid:2" (2): a bid is an int from 3 to 5' in str(failed.value.__cause__)
    assert game.answers == [] and not game.over  # put back as it was
    for bad in ("2", True, -1):
        with pytest.raises(ValueError, match="a bid is an int"):
            open_auction(ask=lambda seat, standing, leader: Decision(seat, Kind.BID, "bid", (  # noqa: B023
                Option("x", "x", bad),)))


@given(st.data(), st.integers(0, 6), st.permutations(SEATS))
def test_any_open_auction_ends_within_ceiling_plus_one_bids(data: st.DataObject, ceiling: int,
                                                            order: list[Seat]) -> None:
    seats = tuple(order[:data.draw(st.integers(1, 3))])
    game, asked = open_auction(seats, ceiling)
    while not game.over:
        assert len(asked) <= ceiling + 1 + len(seats)
        game.answer(data.draw(st.sampled_from(game.pending.options)).id)  # type: ignore[union-attr]
    result = game.position.result
    amounts = [n for _, n in result.bids]
    assert len(amounts) <= ceiling + 1 and amounts == sorted(set(amounts)) and all(0 <= n <= ceiling for n in amounts)
    if result.winner is None:
        assert result.price == 0 and not amounts and set(result.passed) == set(seats)
    else:
        assert result.price == amounts[-1] == max(amounts) and result.bids[-1][0] is result.winner
        assert result.winner not in result.passed and set(result.passed) == set(seats) - {result.winner}



@given(st.data(), st.integers(0, 6), st.permutations(SEATS))
def test_an_open_auction_resumed_where_it_stood_goes_on_as_it_would_have(data: st.DataObject, ceiling: int,
                                                                          order: list[Seat]) -> None:
    """D7: ``progress`` tells how the auction stands after each answer; an auction started again
    from any such state (``resume``) asks what the first would have asked next and ends the same."""
    seats = tuple(order[:data.draw(st.integers(1, 3))])

    def offer(seat: Seat, standing: int | None, leader: Seat | None) -> Decision:
        least = 0 if standing is None else standing + 1
        return Decision(seat, Kind.BID, "bid or pass", (Option("pass", "pass", None), *(
            Option(f"bid:{n}", str(n), n) for n in range(least, ceiling + 1))))

    stood: list[tuple[int, Bidding[Seat]]] = []  # how many answers were asked, and how it stood

    def told(bidding: Bidding[Seat]) -> None:
        stood.append((len(game.answers), bidding))

    game = Driver(Auction(lambda host: open_ascending(host, seats, offer, ceiling=ceiling, progress=told)))
    answers: list[tuple[Seat, str]] = []
    while not game.over:
        d = game.pending
        assert d is not None
        answers.append((cast(Seat, d.player), data.draw(st.sampled_from(d.options)).id))
        game.answer(answers[-1][1])
    # Told after every answer, those of one option too (the auction makes them without asking).
    assert len(stood) >= len(answers) and [n for n, _ in stood] == sorted(n for n, _ in stood)
    for asked, at in stood:
        again = Driver(Auction(lambda host: open_ascending(host, seats, offer, ceiling=ceiling,
                                                           resume=at)))  # noqa: B023
        for seat, answer in answers[asked:]:
            assert again.pending is not None and again.pending.player is seat
            again.answer(answer)
        assert again.over and again.position.result == game.position.result
