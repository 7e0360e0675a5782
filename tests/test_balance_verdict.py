"""A balance report that does not mislead (issue 27): small counts never top the card table, the
changed cards of an A/B come first and are marked with their change, a verdict in plain words
comes first (text and page), and the page is one a person reads (contents, folded tables)."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from cmdsl.kits.study.stats import MIN_GAMES, Interval, Rate, games_to_narrow
from cmdsl.games.cm2008.ui.study.summary import CardStats, by_evidence
from cmdsl.kits.study.verdict import seat_verdict
from cmdsl.cli import main

from .conftest import CM2008
from .test_balance import _strengthened


def card(name: str, won_played: tuple[int, int], won_not: tuple[int, int]) -> CardStats:
    return CardStats(name, "mccain", 0, won_played[1], won_played[1], Rate(*won_played), Rate(*won_not), 10.0)


def test_a_lift_from_two_games_is_not_shown_and_never_first() -> None:
    """The issue's Country First: +71 because it was *not* played in 2 of 40 games."""
    two = card("country-first", (28, 38), (0, 2))
    solid = card("solid", (20, 25), (5, 15))  # +47 points on 25 and 15 games
    weak = card("weak", (11, 20), (10, 20))
    assert not two.has_lift and solid.has_lift and weak.has_lift
    assert two.lift.estimate > solid.lift.estimate  # by value it would come first...
    assert [c.card for c in by_evidence([two, weak, solid])] == ["solid", "weak", "country-first"]  # ...not by evidence
    assert card("edge", (5, MIN_GAMES), (5, MIN_GAMES)).has_lift
    assert not card("edge", (5, MIN_GAMES - 1), (5, MIN_GAMES)).has_lift


def test_games_to_narrow_an_interval() -> None:
    """An interval narrows as 1/√games: ±10 points on 100 games is ±5 on 400."""
    assert games_to_narrow(100, Interval(0.4, 0.6), 0.05) == 400
    assert games_to_narrow(100, Interval(0.48, 0.52), 0.05) == 100  # already narrow enough


def test_the_seat_verdict_says_balance_edge_and_games_needed() -> None:
    even = seat_verdict(100, {"A": Rate(52, 100), "B": Rate(48, 100)}, 0, Rate(55, 100))
    assert even[0].startswith("Balanced within chance: every seat's 95% interval holds an even share (50%)")
    assert even[2] == "The first player wins 55% [45, 64] of the decided games: no edge beyond chance."
    assert even[3].startswith("To know each seat's win rate to ±5 points: about 370 games (270 more")
    uneven = seat_verdict(100, {"A": Rate(70, 100), "B": Rate(30, 100)}, 0, Rate(70, 100))
    assert uneven[0].startswith("Not balanced: A wins more than an even share (50%) beyond chance.")
    assert uneven[2].endswith("an edge beyond chance.")


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.order: list[str] = []  # ids of sections and data-table names, in page order
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.details = 0
        self.rows: dict[str, list[list[str]]] = {}
        self._table: str | None = None
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"] or "")
            self.order.append(a["id"] or "")
        if tag == "a" and (a.get("href") or "").startswith("#"):
            self.links.append((a["href"] or "")[1:])
        if tag == "details":
            self.details += 1
        if tag == "table":
            self._table = a["data-table"] or ""
            self.order.append(self._table)
            self.rows[self._table] = []
        elif tag == "tr" and self._table is not None:
            self.rows[self._table].append([])
        elif tag == "td":
            self._cell = []

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "td" and self._cell is not None and self._table is not None:
            self.rows[self._table][-1].append("".join(self._cell))
            self._cell = None
        elif tag == "table":
            self._table = None


@pytest.fixture(scope="module")
def ab(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str]:
    """An A/B of 4 paired games in which one card changed: the text report and the page (few: the
    report's shape is tested here, its numbers in test_balance.py)."""
    tmp = tmp_path_factory.mktemp("ab")
    (tmp / "new").mkdir()
    new = _strengthened(tmp / "new")
    html = tmp / "ab.html"
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = main(["balance", "--games", "4", "--bot", "greedy", "--bot", "greedy", "--cards", str(new),
                     "--against", str(CM2008), "--workers", "1", "--quiet", "--report", str(html)])
    assert code == 0
    return out.getvalue(), html.read_text(encoding="utf-8")


def test_the_text_report_starts_with_a_verdict_and_the_change(ab: tuple[str, str]) -> None:
    text = ab[0]
    head, verdict = text.split("\n\nVerdict\n", 1)
    assert head.startswith("4 games;")  # the run's parameters, then at once the verdict
    lines = verdict.split("\n\n")[0].splitlines()
    # the side result first (issue 58 item 4), then what changed and how it moved
    assert lines[0].startswith("  The side results did not move beyond chance over 4 paired games: McCain's wins ")
    assert lines[1] == "  Changed: The Original Mavericks (mccain-the-original-mavericks)."
    assert lines[2].startswith("  The Original Mavericks: played in ") and "games (" in lines[2]
    assert any(ln.startswith("  To know the side results' change to ±5 points: about ") for ln in lines)
    changes = text.split("What changed (rules text of each set)\n", 1)[1].split("\n\n")[0]
    assert "old" in changes and "new" in changes and "Gain three supports" in changes  # the change itself
    table = text.split("Cards (", 1)[1].split("\n\n")[0].splitlines()
    assert table[2].startswith(" ◆The Original Mavericks")  # changed: first row, marked


def test_the_page_puts_the_verdict_first_and_marks_the_change(ab: tuple[str, str]) -> None:
    page = _Page()
    page.feed(ab[1])
    assert page.order[:3] == ["verdict", "changes", "change-mccain-the-original-mavericks"]
    assert set(page.links) <= page.ids and "verdict" in page.links  # contents: every link lands
    assert page.details >= 3  # the long tables and each set alone are folded
    first = page.rows["ab-cards"][1]  # (row 0: the header)
    assert first[1] == "◆ The Original Mavericks"
    assert '<tr class="changed">' in ab[1] or 'class="flagged changed"' in ab[1]
    assert re.search(r'<span title="mccain-the-original-mavericks">The Original Mavericks</span>', ab[1])
    # no lift below the threshold: every card row of each set alone says "–" where a group is small
    for name in ("cards",):
        for row in page.rows.get(name, [])[1:]:
            won_played, won_not, lift = row[5], row[6], row[7]
            n_played, n_not = (int(x.split("/")[1].split()[0]) for x in (won_played, won_not))
            assert (lift.startswith("–")) == (n_played < MIN_GAMES or n_not < MIN_GAMES), row


def test_the_seat_study_starts_with_its_verdict(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["balance", "--game", "lobbys", "--players", "3", "--games", "6", "--workers", "1", "--quiet"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Verdict" and out[1].startswith(("  Balanced within chance", "  Not balanced"))
    assert re.fullmatch(r"  Decided: \d of 6 games.*", out[2])
    assert any("greedy wins" in ln for ln in out[:7])


def test_the_seat_study_page_starts_with_its_verdict(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    html = tmp_path / "seats.html"
    assert main(["balance", "--game", "lobbys", "--players", "3", "--games", "6", "--workers", "1", "--quiet",
                 "--report", str(html)]) == 0
    assert f"Wrote the report {html}." in capsys.readouterr().err
    page = _Page()
    text = html.read_text(encoding="utf-8")
    page.feed(text)
    assert page.order[:3] == ["verdict", "seats", "seats"]  # the verdict, the section, its table
    assert 'data-plot="seat-rates"' in text and "<script" not in text
    assert [row[0] for row in page.rows["seats"][1:]] == ["Player 1", "Player 2", "Player 3"]


def test_a_changed_card_played_in_nearly_every_game_has_the_side_result_as_its_effect() -> None:
    """Issue 58 item 4: Join Our Team played in 98 of 100 games of both sets had "its lift is not
    measured"; the only change, in nearly every game, its effect is the paired side result."""
    from cmdsl.games.cm2008.ui.study.compare import compare
    from cmdsl.games.cm2008.ui.study.jobs import GameRow, Played
    from cmdsl.games.cm2008.ui.study.plan import Change
    from cmdsl.games.cm2008.ui.study.report import comparison_verdict

    def row(arm: str, i: int, winner: str, played: bool) -> GameRow:
        return GameRow(arm, i, i, "f", "greedy", "greedy", "beginner", "mccain", winner, "votes", 30, 270, 260,  # type: ignore[arg-type]
                       (Played("mccain", "mccain-join-our-team", 3),) if played else ())
    old = [row("old", i, "mccain" if i % 2 else "obama", i != 0) for i in range(100)]
    new = [row("new", i, "mccain" if i % 2 or i % 4 == 0 else "obama", i != 1) for i in range(100)]  # +25 McCain
    change = Change("mccain-join-our-team", "Join Our Team", "gain 1 support", "gain 2 supports")
    lines = comparison_verdict(compare(old, new), [change])
    assert lines[1] == "Changed: Join Our Team (mccain-join-our-team)."
    assert lines[2].startswith("Join Our Team: played in 99 → 99 of 100 games (+0 points ") and lines[2].endswith(
        ": in nearly every game, so the side results' change is its effect: McCain's wins +25 points [+16, +34]; "
        "beyond chance.")


def test_an_ab_of_many_changes_says_how_many_and_lists_them_after_the_verdict() -> None:
    from cmdsl.kits.study.verdict import Moved, ab_verdict

    sides = [Moved("McCain's wins", 0.1, 0.05, 0.15, 0.001, True)]
    names = [f"Card {i}" for i in range(120)]
    moves = [f"Card {i}: its lift is not measured; within chance." for i in range(119)] + ["Card 119: +30; beyond chance."]
    lines = ab_verdict(500, sides, names, [], moves)
    assert lines[0].startswith("The side results moved beyond chance over 500 paired games: McCain's wins +10 points")
    assert lines[1] == ("Changed: 120 cards (the list and their rules text follow the verdict); 1 of them moved beyond "
                        "chance: Card 119: +30; beyond chance.")
    assert len(lines) < 8  # not 120 lines of "not measured"


def test_an_ab_stops_at_the_first_look_that_decides_and_reports_that_looks_pairs(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 58 item 4: an A/B looks at its pairs as they come (every eighth of --games, the first
    after 50) and stops when McCain's win share is decided; its report reads exactly that look's
    pairs, says where it stopped, and --resume with more games looks on from there."""
    from cmdsl.games.cm2008.ui.study import cli as study_cli
    from cmdsl.kits.study.sequential import study_plan as looks

    assert looks(400).looks == (50, 100, 150, 200, 250, 300, 350, 400) and looks(30).looks == (30,)
    seen: list[int] = []

    def at_the_second_look(c: object, z: float) -> bool:
        seen.append(c.pairs)  # type: ignore[attr-defined]
        return len(seen) == 2
    monkeypatch.setattr(study_cli, "decided", at_the_second_look)
    (tmp_path / "new").mkdir()
    new = _strengthened(tmp_path / "new")
    db = tmp_path / "ab.db"
    args = ["balance", "--games", "160", "--bot", "random", "--bot", "random", "--max-turns", "3", "--cards", str(new),
            "--against", str(CM2008), "--workers", "1", "--quiet", "--db", str(db)]
    assert looks(160).looks == (50, 60, 80, 100, 120, 140, 160)
    assert main(args) == 0
    out, err = capsys.readouterr()
    assert seen == [50, 60] and "Played 120 games" in err  # 60 pairs, then it stopped
    verdict = out.split("\n\nVerdict\n", 1)[1].splitlines()
    assert out.startswith("60 games; seeds 1..60;") and verdict[0].startswith(
        "  Stopped after 60 of at most 160 pairs: McCain's win share moved ")
    assert f"z = {looks(160).critical[1]:.2f}" in verdict[0] and "over 60 paired games" in verdict[1]
    monkeypatch.setattr(study_cli, "decided", lambda c, z: False)
    assert main([*args, "--resume"]) == 0  # decides nothing more: plays on to the most asked
    out, err = capsys.readouterr()
    assert "Played 200 games" in err and out.startswith("160 games; seeds 1..160;")
    assert "  160 pairs: McCain's win share moved " in out


def test_a_look_decides_a_change_beyond_chance_or_one_surely_under_five_points() -> None:
    from cmdsl.games.cm2008.ui.study.compare import compare, decided, side_interval
    from cmdsl.games.cm2008.ui.study.jobs import GameRow

    def rows(arm: str, n: int, mccain: set[int]) -> list[GameRow]:
        return [GameRow(arm, i, i, "f", "g", "g", "beginner", "mccain", "mccain" if i in mccain else "obama",  # type: ignore[arg-type]
                        "votes", 30, 270, 260) for i in range(n)]
    base = set(range(0, 1000, 2))
    same = compare(rows("old", 1000, base), rows("new", 1000, base | {1, 3}))  # +0.2 points
    assert decided(same, 2.5) and side_interval(same, 2.5).high < 0.05  # surely less than 5 points
    more = compare(rows("old", 200, base), rows("new", 200, base | set(range(1, 200, 4))))  # +25 points
    assert decided(more, 2.5) and side_interval(more, 2.5).low > 0
    unsure = compare(rows("old", 40, base), rows("new", 40, base | {1, 3}))  # +5 points over 40 pairs
    assert not decided(unsure, 2.5)
