"""The seat study's shares and card lifts (cmdsl/kits/study/seats.py; docs/balance.md): a shared win
counts 1/k to each of its k winners, and a card's lift is the win share of the seats that played it
less that of the seats that did not, Holm-adjusted over the cards shown."""

from __future__ import annotations

from cmdsl.kits.study.seats import SeatRow, SeatStudy
from cmdsl.kits.study.stats import mean_difference
from cmdsl.games.racolage import events as E
from cmdsl.games.racolage.plugin import RacolageTable
from cmdsl.games.racolage.loader import bundled_set
from cmdsl.bots import play_bot_move
from cmdsl.bots.match import seat_bots
from cmdsl.games.racolage.game import racolage_of


def study(rows: list[SeatRow], players: int = 3) -> SeatStudy:
    return SeatStudy("Test", "most points", "a tie", players, "greedy", "random", tuple(rows), {"X": "X the card"})


def test_a_shared_win_counts_one_kth_to_each_winner_and_the_shares_add_up() -> None:
    rows = [SeatRow(1, 0, (0,), ()), SeatRow(2, 1, (0, 1), ()), SeatRow(3, 2, (0, 1, 2), ())]
    s = study(rows)
    assert [s.seat_rate(i).k for i in range(3)] == [1 + 1 / 2 + 1 / 3, 1 / 2 + 1 / 3, 1 / 3]
    assert abs(sum(s.seat_rate(i).k for i in range(3)) - 3) < 1e-9
    assert s.tested_rate().k == 1 + 1 / 2 + 1 / 3  # seat i mod 3 was tested in game i
    assert "shared wins (a tie, 1/k of a win to each of the k winners): 2 games" in s.render()


def test_a_card_played_by_every_winner_has_a_large_lift_and_is_flagged() -> None:
    # 60 games: seat 0 always plays X and wins; the others never play it
    rows = [SeatRow(i, i % 3, (0,), (), (("X",), ("Y",) if i % 2 else (), ())) for i in range(60)]
    lifts = {c.card: c for c in study(rows).card_lifts()}
    x = lifts["X"]
    assert x.name == "X the card" and x.played == 60 and x.shown
    assert x.lift.estimate == 1.0 and x.large and x.adjusted < 0.05
    assert lifts["Y"].lift.estimate == -0.4 and lifts["Y"].large  # played by a loser only: beyond −15 points too
    text = study(rows).render()
    assert "Cards whose lift is beyond ±15 points with a Holm-adjusted p < 0.05: X the card +100; Y -40." in text
    assert "* X the card" in text


def test_a_card_that_changes_nothing_has_no_lift_beyond_chance() -> None:
    rows = [SeatRow(i, 0, (i % 3,), (), (("X",) if i % 2 else (), (), ())) for i in range(120)]
    x = next(c for c in study(rows).card_lifts() if c.card == "X")
    assert abs(x.lift.estimate) < 0.15 and not x.large
    assert "beyond ±15 points with a Holm-adjusted p < 0.05: none." in study(rows).render()


def test_mean_difference_is_b_minus_a_with_an_interval_around_it() -> None:
    d = mean_difference([0, 0, 1, 1], [1, 1, 1, 0])
    assert d.estimate == 0.25 and d.interval.low < 0.25 < d.interval.high and 0 < d.p < 1
    assert mean_difference([1], [0, 1]).p == 1.0  # too few to say anything


def test_racolages_card_game_reads_every_card_each_seat_got() -> None:
    """Each card dealt to a seat (RA3.3), drawn or bought by it (RA4.1, RA5.4) and each Event it
    turned up (RA6.4) is read for that seat, by id, once per time it got it."""
    game, plays = RacolageTable(3, str(bundled_set())).card_game(5)
    bots = seat_bots(["random"] * 3, game.seats, 5)
    while game.pending is not None:
        play_bot_move(game, bots)
    got = plays()
    names = {s.index: sorted(racolage_of(game).name(c) for c in got[s.index]) for s in game.seats}
    logged: dict[int, list[str]] = {s.index: [] for s in game.seats}
    for e in game.events:
        if isinstance(e, E.Dealt):
            logged[e.seat.index] += e.cards
        elif isinstance(e, (E.Drew, E.EventInPlay)):
            logged[e.seat.index].append(e.card)
    assert names == {i: sorted(v) for i, v in logged.items()}
    assert all(len(g) > 5 for g in got)
    for s in game.seats:  # every Media placed was got first
        assert set(game.position.media_spaces[s.index]) <= set(got[s.index])
