"""Amount decisions in the core (naming no game): a decision's optional amount hint
(``cmdsl.game.decisions.Amount``), what it lets a player type at the keyboard
(``cmdsl.kits.keyboard.one_seat.pick_option``) and what the searching bots try
(``Decision.candidates``)."""

from __future__ import annotations

import random
from enum import StrEnum
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cmdsl.bots.basic import GreedyBot
from cmdsl.bots.ismcts import IsmctsBot, IsmctsSettings, RolloutPolicy, _greedy_answer
from cmdsl.game.decisions import Amount, Decision, Option
from cmdsl.kits.keyboard.keyboard import KeyboardError
from cmdsl.kits.keyboard.one_seat import amount_line, pick_option


class Seat(StrEnum):
    NORTH = "north"


class Kind(StrEnum):
    BID = "bid"


EURO = Amount(0, 25_000, 1_000, "€", salient=(0, 1_000, 12_000, 25_000), ids="bid:{}")


def bid(money: int, amount: Amount = EURO, passing: bool = True) -> Decision:
    """A bid of €0 up to ``money`` (in €1,000 steps), then a pass."""
    options = tuple(Option(amount.id_of(n), amount.show(n), n) for n in range(0, money + 1, 1_000))
    return Decision(Seat.NORTH, Kind.BID, "Your bid", options + ((Option("pass", "Pass"),) if passing else ()),
                    amount=amount)


# ---- the hint -------------------------------------------------------------------------------

@pytest.mark.parametrize(("kw", "says"), [
    ({"min": 5, "max": 4}, "min"),
    ({"min": 0, "max": 4, "step": 0}, "step"),
    ({"min": 0, "max": 4, "ids": "bid"}, "exactly one"),
    ({"min": 0, "max": 4, "ids": "{}:{}"}, "exactly one"),
    ({"min": 0, "max": 4, "ids": "bid:{0}"}, "exactly one"),
    ({"min": 0, "max": 4, "ids": "bid:{}}"}, "exactly one"),
])
def test_an_amount_hint_that_makes_no_sense_is_refused(kw: dict[str, Any], says: str) -> None:
    with pytest.raises(ValueError, match=says):
        Amount(**kw)


def test_an_amount_hint_names_each_amount_s_option() -> None:
    assert EURO.id_of(7_000) == "bid:7000"
    assert Amount(1, 3).id_of(2) == "2"
    assert [EURO.amount_of(i) for i in ("bid:7000", "bid:007", "pass", "bid:", "bid:7k", "bid:-1")] == [
        7_000, None, None, None, None, -1]
    assert EURO.describe() == "€0 to €25,000 in steps of €1,000"
    assert Amount(1, 4, unit="rallies").describe() == "1 rallies to 4 rallies"
    assert Amount(1, 4).describe() == "1 to 4"


_TEXT = st.text(alphabet="ab:-0179{}", max_size=6)


@given(st.tuples(_TEXT, _TEXT).filter(lambda t: "{" not in t[0] + t[1] and "}" not in t[0] + t[1]),
       st.one_of(_TEXT, st.integers(-50, 50).map(str)), _TEXT, _TEXT)
def test_an_amount_s_id_is_told_as_amount_of_tells_it(around: tuple[str, str], middle: str, pre: str,
                                                      post: str) -> None:
    """``names_an_amount`` (one regular expression; what ``candidates`` asks) agrees with
    ``amount_of`` on any id: an amount's, one with a leading zero or "-0", any other text."""
    hint = Amount(0, 10, ids=around[0] + "{}" + around[1])
    for option_id in (around[0] + middle + around[1], pre + middle + post, middle, around[0] + "0" + middle + around[1]):
        assert hint.names_an_amount(option_id) == (hint.amount_of(option_id) is not None), option_id


@pytest.mark.parametrize(("text", "n"), [
    ("7000", 7_000), ("7,000", 7_000), ("7 000", 7_000), ("7\u00a0000", 7_000), ("€7000", 7_000),
    ("7000 €", 7_000), ("€ 7,000", 7_000), ("7k", 7_000), ("7K", 7_000), ("€7k", 7_000), ("2.5k", 2_500),
    ("12,345,000", 12_345_000), (" 0 ", 0),
])
def test_a_typed_amount_is_read(text: str, n: int) -> None:
    assert EURO.parse(text) == n


@pytest.mark.parametrize("text", ["seven", "", "-3", "7.5", "7,00", "70,00", "7,0000", "€", "k", "7kk", "+3",
                                  "7 €k", "1e3", "²", "7.5.k", "bid:7000"])
def test_what_is_no_amount_is_not_read(text: str) -> None:
    assert EURO.parse(text) is None


def test_a_unit_that_is_a_word_may_follow_the_amount() -> None:
    assert Amount(1, 4, unit="rallies").parse("3 rallies") == 3
    assert Amount(1, 4).parse("€3") is None  # no unit declared: none taken off


# ---- the decision -----------------------------------------------------------------------------

def test_a_decision_finds_a_typed_amount_s_option_after_its_ids_and_labels() -> None:
    d = bid(12_000)
    assert d.find("bid:7000") is d.options[7]  # an id, as always
    assert d.find("pass") is d.options[-1] and d.find("PASS") is d.options[-1]  # a label
    assert d.find("€7,000") is d.options[7]  # the label, as it happens
    for text in ("7000", "7k", "7 000 €"):
        assert d.find(text) is d.options[7], text
    assert d.by_amount(7_000) is d.options[7]


def test_an_amount_not_offered_finds_nothing() -> None:
    d = bid(12_000)
    assert d.find("13000") is None and d.by_amount(13_000) is None  # over the money in hand
    assert d.find("7500") is None and d.find("-1000") is None and d.find("seven") is None
    plain = Decision(Seat.NORTH, Kind.BID, "Your bid", bid(3_000).options)  # no hint: ids and labels only
    assert plain.find("1000") is None and plain.by_amount(1_000) is None
    assert plain.find("bid:1000") is plain.options[1]


def test_the_hint_changes_no_comparison_of_decisions() -> None:
    assert bid(3_000) == Decision(Seat.NORTH, Kind.BID, "Your bid", bid(3_000).options)
    assert "amount" not in repr(bid(3_000))


def test_candidates_are_the_salient_amounts_offered_and_every_other_option() -> None:
    d = bid(12_000)
    assert [o.id for o in d.candidates()] == ["bid:0", "bid:1000", "bid:12000", "pass"]
    assert [o.id for o in bid(5_000).candidates()] == ["bid:0", "bid:1000", "pass"]  # 12,000, 25,000 not offered
    unordered = Amount(0, 25_000, 1_000, "€", salient=(12_000, 0, 12_000), ids="bid:{}")
    assert [o.id for o in bid(12_000, unordered).candidates()] == ["bid:0", "bid:12000", "pass"]


def test_candidates_are_every_option_without_salient_amounts_or_a_hint() -> None:
    d = bid(5_000, Amount(0, 25_000, 1_000, "€", ids="bid:{}"))
    assert d.candidates() == d.options
    plain = Decision(Seat.NORTH, Kind.BID, "Your bid", bid(3_000).options)
    assert plain.candidates() is plain.options
    # none of the salient amounts offered, nothing else: every option, never none
    rich = Amount(0, 25_000, 1_000, "€", salient=(25_000,), ids="bid:{}")
    d = bid(3_000, rich, passing=False)
    assert d.candidates() == d.options


# ---- the keyboard -------------------------------------------------------------------------

def test_the_keyboard_reads_a_typed_number_as_an_amount_where_there_is_a_hint() -> None:
    d = bid(12_000)
    assert pick_option(d, "7000") is d.options[7]
    assert pick_option(d, "7,000") is d.options[7]
    assert pick_option(d, "€7k") is d.options[7]
    # a bare number is an amount, never a place in the list, where there is a hint
    with pytest.raises(KeyboardError, match=r'"3" is not a legal amount \(Your bid, €0 to €25,000 in steps of €1,000\)'):
        pick_option(d, "3")
    with pytest.raises(KeyboardError, match=r'"70000" is not a legal amount \(Your bid, €0 to €25,000 in steps'):
        pick_option(d, "70000")
    assert pick_option(d, "#3") is d.options[2]  # the list's numbers, with "#"
    assert pick_option(d, "pass") is d.options[-1] and pick_option(d, "bid:2000") is d.options[2]
    with pytest.raises(KeyboardError, match=r"#1 to #14"):
        pick_option(d, "#15")
    with pytest.raises(KeyboardError, match=r'"seven" is not an option .*an amount \(€0 to €25,000'):
        pick_option(d, "seven")


def test_the_keyboard_reads_a_number_as_a_place_in_the_list_without_a_hint() -> None:
    d = Decision(Seat.NORTH, Kind.BID, "Your bid", bid(12_000).options)
    assert pick_option(d, "3") is d.options[2] and pick_option(d, "#3") is d.options[2]
    assert pick_option(d, "Pass") is d.options[-1]
    with pytest.raises(KeyboardError, match=r'"7000" is not an option \(Your bid\): answer 1 to 14'):
        pick_option(d, "7000")


def test_the_keyboard_says_an_amount_may_be_typed() -> None:
    assert amount_line(bid(12_000)) == ("Type an amount: €0 to €25,000, in steps of €1,000 "
                                       "(or #N for option N of the list).")
    assert amount_line(Decision(Seat.NORTH, Kind.BID, "Your bid", bid(1_000).options)) is None


# ---- the bots -------------------------------------------------------------------------------

class Trial:
    """A copy of a game for the greedy bot's one ply: its decision answered, the position is worth
    the amount bid (a pass: −1), so that the best of all options is the highest bid offered."""

    simultaneous = False
    secret_phase = None
    pending = None
    turn = 1

    def __init__(self, tried: list[str]) -> None:
        self.tried, self.worth = tried, 0.0

    def answer(self, answer: str, seat: Any) -> None:
        self.tried.append(answer)
        self.worth = -1.0 if answer == "pass" else float(answer.removeprefix("bid:"))

    def evaluate(self, seat: Any) -> float:
        return self.worth

    def trials(self, count: int) -> list["Trial"]:
        return [Trial(self.tried) for _ in range(count)]


class Seen:
    """A seat's perspective, as the greedy bot reads it: its decision, and copies to try it on."""

    def __init__(self, decision: Decision) -> None:
        self.decision, self.tried = decision, list[str]()

    def sample(self, rng: random.Random) -> Trial:
        return Trial(self.tried)

    def one_ply_values(self) -> None:
        return None  # no shortcut: the bot tries each candidate on a copy


def test_the_greedy_bot_tries_only_the_candidates() -> None:
    seen: Any = Seen(bid(20_000))
    assert GreedyBot(1).choose(seen) == "bid:12000"  # the best salient amount offered, not €20,000
    assert seen.tried == ["bid:0", "bid:1000", "bid:12000", "pass"]
    seen = Seen(Decision(Seat.NORTH, Kind.BID, "Your bid", bid(20_000).options))  # no hint: every option
    assert GreedyBot(1).choose(seen) == "bid:20000" and len(seen.tried) == 22


class Searched:
    """A searcher's copy at a main decision, with the game's one-ply shortcut (values for every
    option): each option is worth its amount, a pass −1."""

    simultaneous = False

    def worth_a_look(self, d: Decision) -> bool:
        return True

    def one_ply_values(self, d: Decision, others: Any) -> list[float]:
        return [-1.0 if o.id == "pass" else float(o.id.removeprefix("bid:")) for o in d.candidates()]


def test_the_search_s_greedy_play_out_picks_among_the_candidates() -> None:
    searched: Any = Searched()
    assert _greedy_answer(searched, bid(20_000), random.Random(1)) == "bid:12000"  # not bid:20000
    plain = Decision(Seat.NORTH, Kind.BID, "Your bid", bid(20_000).options)
    assert _greedy_answer(searched, plain, random.Random(1)) == "bid:20000"


class OneBid:
    """A searcher's copy of a game of one bid: answered, the game stands (no result) worth the
    amount bid (a pass: −1)."""

    simultaneous = False
    result = None
    turn = 1
    seats = (Seat.NORTH,)

    class game:  # what the search reads of the game held
        constant_sum = False
        evaluation_scale = 5_000.0

    def __init__(self, decisions: tuple[Decision, ...], tried: set[str]) -> None:
        self.pending: Decision | None = decisions[0]
        self.rest, self.tried, self.worth = decisions[1:], tried, 0.0

    @property
    def pending_decisions(self) -> tuple[Decision, ...]:
        return (self.pending,) if self.pending is not None else ()

    def answer(self, answer: str, seat: Any) -> None:
        self.tried.add(answer)
        self.pending, self.rest = (self.rest[0], self.rest[1:]) if self.rest else (None, ())
        self.worth = float(answer.removeprefix("bid:")) if answer.startswith("bid:") else -1.0

    def evaluate(self, seat: Any) -> float:
        return self.worth


class SearchSeen:
    seat = Seat.NORTH

    def __init__(self, *decisions: Decision) -> None:
        self.decisions, self.decision, self.tried = decisions, decisions[0], set[str]()

    def sample(self, rng: random.Random) -> OneBid:
        return OneBid(self.decisions, self.tried)


def test_the_search_expands_only_the_candidates() -> None:
    seen: Any = SearchSeen(bid(20_000))
    assert IsmctsBot(1, IsmctsSettings(iterations=40)).choose(seen) == "bid:12000"
    assert seen.tried == {"bid:0", "bid:1000", "bid:12000", "pass"}
    seen = SearchSeen(Decision(Seat.NORTH, Kind.BID, "Your bid", bid(20_000).options))  # no hint: every option
    IsmctsBot(1, IsmctsSettings(iterations=40)).choose(seen)
    assert len(seen.tried) == 22

    one = Amount(0, 25_000, 1_000, "€", salient=(0,), ids="bid:{}")
    seen = SearchSeen(bid(20_000, one, passing=False))  # a single candidate: no search
    assert IsmctsBot(1, IsmctsSettings(iterations=40)).choose(seen) == "bid:0" and seen.tried == set()


def test_the_search_s_random_play_out_picks_among_the_candidates() -> None:
    first = Decision(Seat.NORTH, Kind.BID, "Go?", (Option("go", "Go"), Option("wait", "Wait")))
    seen: Any = SearchSeen(first, bid(20_000))  # the bid is played out, at random
    IsmctsBot(1, IsmctsSettings(iterations=60, rollout=RolloutPolicy.RANDOM)).choose(seen)
    assert seen.tried == {"go", "wait", "bid:0", "bid:1000", "bid:12000", "pass"}
