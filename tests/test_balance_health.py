"""Issue 58 item 1, first measures: a seat study's health — each game's length in turns and
decisions, the final scores (the winner's, each seat's) and the games a tie-break decided, as
medians with their quartiles, in the text report and the HTML page."""

from __future__ import annotations

import pytest

from cmdsl.cli import main
from cmdsl.kits.study.health import Spread, health, spread
from cmdsl.kits.study.seats import SeatRow


def test_a_spread_is_a_median_with_its_quartiles_and_range() -> None:
    assert spread([]) is None
    assert spread([7]) == Spread(7, 7, 7, 7, 7)
    s = spread([1, 2, 3, 4, 5])
    assert s is not None and (s.median, s.low, s.high, s.least, s.most) == (3, 2, 4, 1, 5)
    assert s.text() == "median 3 [2, 4], 1 to 5"


def test_the_measures_of_games_played() -> None:
    rows = [SeatRow(1, 0, (0,), (30, 20), turns=10, decisions=40),
            SeatRow(2, 1, (1,), (25, 25), turns=12, decisions=50),  # the most points shared, one winner
            SeatRow(3, 0, (0, 1), (22, 22), turns=14, decisions=60)]  # shared: no tie-break
    h = health(rows, 2)
    assert h.turns == Spread(12, 11, 13, 10, 14) and h.decisions == Spread(50, 45, 55, 40, 60)
    assert h.winner_points == Spread(25, 23.5, 27.5, 22, 30)
    assert [p.median for p in h.seat_points] == [25, 22]
    assert h.tie_breaks == 1
    assert "decided by a tie-break (the most points shared, one winner): 1 of 3 games (33.3%)" in h.lines()[-1]


def test_a_game_without_points_has_its_length_only() -> None:
    h = health([SeatRow(1, 0, (0,), (), turns=5, decisions=9)], 2)
    assert h.winner_points is None and h.seat_points == () and len(h.lines()) == 3


@pytest.mark.parametrize("game, players", [("lobbys", "3"), ("diemacher", "3")])
def test_balance_prints_the_health_of_its_games(game: str, players: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["balance", "--game", game, "--players", players, "--bot", "random", "--games", "6", "--workers",
                 "1", "--quiet"]) == 0
    out = capsys.readouterr().out
    health_lines = out[out.index("Health ("):].split("\n\n")[0].splitlines()  # the section, not the targets
    assert health_lines[1].startswith("  length: median ") and health_lines[2].startswith("  decisions: median ")
    assert health_lines[3].startswith("  the winner's points: median ")
    assert sum("'s points: median " in line for line in health_lines) == 1 + 3  # the winner's, each seat's
    lead = [k for k, line in enumerate(health_lines) if line.startswith("  lead: the winner led after the first third ")]
    assert lead and all(line.startswith(("  cards:", "    ")) for line in health_lines[lead[0] + 1:])  # cards: DM's cabinet


def test_the_html_page_has_a_health_table() -> None:
    from cmdsl.kits.study.html_report import health_section
    from cmdsl.kits.study.seats import SeatStudy

    rows = (SeatRow(1, 0, (0,), (30, 20), turns=10, decisions=40), SeatRow(2, 1, (1,), (25, 26), turns=12,
                                                                               decisions=50))
    html = "\n".join(health_section(SeatStudy("G", "most points", "a tie", 2, "greedy", "random", rows)))
    assert '<h2 id="health">Health</h2>' in html and "length (turns)" in html and "Player 2&#x27;s points" in html
    assert "Decided by a tie-break (the most points shared, one winner): 0 of 2 games." in html


def test_the_leaders_after_each_third_of_a_game() -> None:
    from cmdsl.kits.study.seats import leaders_by_thirds

    standings = [(1, (0, 0)), (2, (3, 1)), (4, (3, 5)), (6, (4, 5)), (8, (9, 5))]
    assert leaders_by_thirds(standings, 9) == ((0,), (1,))  # as of turn 3: (3, 1); as of turn 6: (4, 5)
    assert leaders_by_thirds([(1, (2, 2))], 3) == ((0, 1), (0, 1))  # tied: both lead
    assert leaders_by_thirds([(1, ())], 9) == ()  # the game cannot say


def test_lead_changes_count_the_games_the_winner_led() -> None:
    rows = [SeatRow(1, 0, (0,), (9, 5), leaders=((0,), (1,))), SeatRow(2, 0, (1,), (1, 9), leaders=((0, 1), (1,))),
            SeatRow(3, 0, (0,), (9, 1))]  # its leaders unknown: not counted
    h = health(rows, 2)
    assert h.leads == (2, 2, 1)
    assert h.lines()[-1] == ("  lead: the winner led after the first third of the game in 2 of 2 games (100.0%), "
                             "after two thirds in 1 (50.0%)")


def test_a_card_is_dead_when_playable_in_fewer_than_10_percent_of_the_seat_games_that_held_it() -> None:
    from cmdsl.kits.study.health import MIN_HELD, card_health

    rows = [SeatRow(i, 0, (0,), (1, 0), cards=((("A", "B"), ("A",) if i else ("A", "B"), ("A",)), ((), (), ())))
            for i in range(MIN_HELD)]
    a, b = sorted(card_health(rows), key=lambda c: c.card)
    assert (a.held, a.playable, a.played, a.dead) == (MIN_HELD, MIN_HELD, MIN_HELD, False)
    assert (b.held, b.playable, b.dead) == (MIN_HELD, 1, True)  # 1 of 30: under 10%
    h = health(rows, 2, titles={"B": "B The Big Card"})
    assert h.dead == (b,)
    assert "    dead: B The Big Card: held in 30, playable in 1 (3%), played in 0" in h.lines()
    few = card_health(rows[:MIN_HELD - 1])
    assert not any(c.dead for c in few)  # 29 seat-games: not known yet


def test_a_racolage_study_counts_the_cards_held_playable_and_played() -> None:
    from cmdsl.games.racolage.plugin import PLUGIN
    from cmdsl.kits.study.seats import SeatJob, play_seat_job
    from cmdsl.plugins import GameOptions, TableRequest

    assert PLUGIN.study is not None
    table = PLUGIN.study.table(TableRequest(None, GameOptions({"players": 3})))
    row = play_seat_job(SeatJob("racolage", table, 3, 4, "random", "random"))
    assert len(row.cards) == 3
    for held, playable, played in row.cards:
        assert held and set(playable) <= set(held) and set(played) <= set(held)


def test_the_html_page_plots_the_points_and_the_cards_playable_shares() -> None:
    pytest.importorskip("matplotlib")
    from cmdsl.kits.study.html_report import health_section
    from cmdsl.kits.study.seats import SeatStudy

    rows = tuple(SeatRow(i, 0, (0,), (9, 5), cards=((("A", "B"), ("A",), ("A",)), ((), (), ()))) for i in range(30))
    html = "\n".join(health_section(SeatStudy("G", "most points", "a tie", 2, "greedy", "random", rows)))
    assert 'data-plot="points"' in html and 'data-plot="playable"' in html
    assert '<table' in html and "dead-cards" in html  # B: held in 30, never playable


def test_each_card_is_counted_drawn_too_and_an_event_is_drawn_never_held() -> None:
    """Issue 58 item 1: how often each card is drawn (seen in its seat's hand, or played: a
    Racolage Event goes into play as it is drawn, RA6.4, and is never held)."""
    from cmdsl.kits.study.health import card_health
    from cmdsl.kits.study.seats import SeatJob, play_seat_job
    from cmdsl.plugins import game
    from cmdsl.plugins.requests import GameOptions, TableRequest

    plugin = game("racolage")
    assert plugin.study is not None
    table = plugin.study.table(TableRequest(None, GameOptions({"players": 3})))
    rows = [play_seat_job(SeatJob("racolage", table, 3, seed, "greedy", "random")) for seed in (1, 2, 3)]
    cards = card_health(rows)
    assert all(c.drawn >= c.held >= c.playable >= 0 and c.held >= c.played for c in cards)
    events = [c for c in cards if c.card in {"A01", "A02", "A03", "A04", "A05", "A06", "A07", "A08"}]
    assert events and all(c.held == 0 and c.drawn > 0 for c in events)  # turned up, never in a hand
    h = health(rows, 3)
    line = next(x for x in h.lines() if x.startswith("  cards: "))
    assert f"and {len([c for c in cards if not c.held])} drawn but never held;" in line
