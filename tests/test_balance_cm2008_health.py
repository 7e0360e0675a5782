"""Issue 58 item 1 in CM2008's own balance study: the health measures a seat study reports (length
in turns and decisions, the final electoral votes, tie-breaks, who led after each third, each
card held, playable and played), counted from its stored rows, in the text report (a run's and an
A/B's) and the HTML page; rows stored before them still load."""

from __future__ import annotations

import contextlib
import io
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from cmdsl.cli import main
from cmdsl.games.cm2008 import events as E
from cmdsl.games.cm2008.loader import load_card_set
from cmdsl.games.cm2008.model import START_SCORES, SetupMode
from cmdsl.games.cm2008.ui.study import jobs as jobs_module
from cmdsl.games.cm2008.ui.study.analysis import analyse
from cmdsl.games.cm2008.ui.study.html_report import _health
from cmdsl.games.cm2008.ui.study.jobs import GameRow, Job, Played
from cmdsl.games.cm2008.ui.study.report import health_of, render
from cmdsl.games.cm2008.ui.study.store import Store
from cmdsl.games.cm2008.ui.study.summary import summarize
from cmdsl.kits.study.health import CardHealth, Spread
from cmdsl.kits.study.seats import leaders_by_thirds
from cmdsl.kits.study.stats import Correction

from .conftest import CM2008
from .test_balance import _strengthened

SEATS = ("mccain", "obama")


def _row(index: int, winner: str | None, turns: int, scores: tuple[int, int], decisions: int = 0,
         leaders: tuple[tuple[int, ...], ...] = (), cards: Any = ()) -> GameRow:
    return GameRow("main", index, index, "fp", "greedy", "random", "beginner", "mccain", winner, "ended", turns,
                   scores[0], scores[1], decisions=decisions, leaders=leaders, cards=cards)


def test_hand_made_games_give_the_exact_measures() -> None:
    rows = [_row(0, "mccain", 10, (270, 200), 40, ((0,), (0,)), ((("a", "b"), ("a",), ("a",)), (("x",), (), ()))),
            _row(1, "obama", 20, (250, 275), 60, ((0,), (1,)), ((("a",), ("a",), ()), (("x",), ("x",), ("x",)))),
            _row(2, "obama", 30, (260, 260), 50, ((1,), (0, 1))),  # the most votes shared, one winner: a tie-break
            _row(3, None, 40, (240, 250))]  # a draw, stored before the health measures: no decisions, no leaders
    h = summarize(rows).health
    assert h is not None and h.games == 4
    assert h.turns == Spread(25, 17.5, 32.5, 10, 40)
    assert h.decisions == Spread(50, 45, 55, 40, 60)  # the game without decisions is left out
    assert h.winner_points == Spread(265, 257.5, 271.25, 250, 275)  # a draw: its most votes
    assert h.seat_points == (Spread(255, 247.5, 262.5, 240, 270), Spread(255, 237.5, 263.75, 200, 275))
    assert h.tie_breaks == 1 and h.leads == (3, 2, 3)
    assert h.cards == (CardHealth("b", 1, 0, 0), CardHealth("x", 2, 1, 1), CardHealth("a", 2, 2, 1))  # least playable first
    text = render(summarize(rows))
    lines = text[text.index("Health ("):].split("\n\n")[0].splitlines()
    assert lines[1:] == [
        "  length: median 25 [17.5, 32.5], 10 to 40 turns (as the game counts them)",
        "  decisions: median 50 [45, 55], 40 to 60 (answers with a choice, every seat's)",
        "  the winner's points: median 265 [257.5, 271.25], 250 to 275",
        "  McCain's points: median 255 [247.5, 262.5], 240 to 270",
        "  Obama's points: median 255 [237.5, 263.75], 200 to 275",
        "  decided by a tie-break (the most points shared, one winner): 1 of 4 games (25.0%)",
        "  lead: the winner led after the first third of the game in 2 of 3 games (66.7%), after two thirds in 3 "
        "(100.0%)",
        "  cards: 3 held; 0 held in at least 30 seat-games; dead (playable in fewer than 10% of the seat-games that "
        "held it, over at least 30): none"]
    assert text.index("Game length (turns)") < text.index("Health (") < text.index("Cards (")


def test_a_dead_card_is_named_by_its_title_in_the_text_and_the_page() -> None:
    cards = ((("a", "b"), ("b",), ("b",)), ((), (), ()))
    s = summarize([_row(i, "mccain", 30, (270, 200), 50, cards=cards) for i in range(30)])
    titles = {"a": "Card A", "b": "Card B"}
    assert "    dead: Card A: held in 30, playable in 0 (0%), played in 0" in render(s, titles=titles).splitlines()
    html = "\n".join(_health(s, titles, ()))
    assert '<table data-table="health">' in html and "<td>McCain&#x27;s points</td><td>270</td>" in html
    assert ('<td><span title="a">Card A</span></td><td class="n">30</td><td class="n">0</td><td>0%</td>'
            '<td class="n">0</td><td>dead</td>') in html


OLD_ROW = ('{"arm":"main","drafted":[],"first":"obama","fingerprint":"fp","index":3,"mccain":"greedy",'
           '"negative":[{"by":"mccain","helped":"obama","id":"4"}],"news":[{"by":null,"helped":"neither",'
           '"id":"bn-debate"}],"obama":"random","played":[{"card":"mccain-aarp","side":"mccain","turn":2}],'
           '"reason":"McCain reaches 270 electoral votes","score_mccain":271,"score_obama":230,"seed":4,'
           '"setup":"beginner","states_won":[["mccain","Ohio"]],"turns":31,"winner":"mccain"}')


def test_a_row_stored_before_the_health_measures_loads_with_none_of_them() -> None:
    old = GameRow.from_json(OLD_ROW)
    assert (old.decisions, old.leaders, old.cards, old.drawn) == (0, (), (), ())
    assert old.played == (Played("mccain", "mccain-aarp", 2),) and old.states_won == (("mccain", "Ohio"),)
    assert (old.winners, old.points) == ((0,), (271, 230))
    new = replace(old, index=4, decisions=70, leaders=((1,), (0,)), cards=((("mccain-aarp",),) * 3, ((), (), ())),
                  drawn=(("mccain-aarp",), ()))
    assert GameRow.from_json(new.to_json()) == new  # the new fields survive the store
    assert json.loads(OLD_ROW) == {k: v for k, v in json.loads(old.to_json()).items()
                                   if k not in ("decisions", "leaders", "cards", "drawn")}
    h = summarize([old, new]).health
    assert h is not None and h.turns is not None and h.turns.least == 31  # both games' lengths
    assert h.decisions == Spread(70, 70, 70, 70, 70) and h.leads == (1, 0, 1)  # the new game's only
    assert h.cards == (CardHealth("mccain-aarp", 1, 1, 1, 1),)


@pytest.fixture(scope="module")
def run20(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path, Path]:
    """`cmdsl balance --games 20 --workers 1 --quiet` (its default bots), stored and drawn."""
    folder = tmp_path_factory.mktemp("run20")
    db, page = folder / "run.db", folder / "run.html"
    argv = ["balance", "--games", "20", "--workers", "1", "--quiet", "--cards", str(CM2008), "--db", str(db),
            "--report", str(page)]
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        assert main(argv) == 0
    return out.getvalue(), db, page


def test_a_real_run_reports_the_health_of_its_games(run20: tuple[str, Path, Path]) -> None:
    text, db, page = run20
    with Store.open_existing(str(db)) as store:
        rows = store.rows("main")
        a = analyse(store, Correction.HOLM)
    summary = a.arms[0][1]
    h = health_of(summary, a.params.titles())
    assert h is not None and len(rows) == 20 == h.games
    printed = text[text.index("Health ("):].split("\n\n")[0].splitlines()
    assert printed == h.lines() and len(printed) == 9  # length, decisions, 3 points, tie-breaks, lead, cards
    for r in rows:
        assert r.decisions > r.turns // 2 and len(r.leaders) == 2 and len(r.cards) == 2
        for side, (held, playable, played) in zip(SEATS, r.cards):
            assert set(held) >= set(playable) >= set(played)
            assert set(played) == {p.card for p in r.played if p.side == side}  # every card the bots played
    assert all(c.held >= c.playable >= c.played for c in h.cards)
    games_played = {c.card: c.played for c in summary.cards if c.played}  # from the events
    assert games_played and {c.card: c.played for c in h.cards if c.played} == games_played  # a side's card
    html = page.read_text(encoding="utf-8")
    assert '<h2 id="arm-main-health">Health</h2>' in html and '<table data-table="card-health">' in html
    assert f"Decided by a tie-break (the most points shared, one winner): {h.tie_breaks} of 20 games." in html


@pytest.mark.parametrize("setup", ["beginner", "draft"])
def test_the_decisions_and_leaders_of_a_game(setup: SetupMode, monkeypatch: pytest.MonkeyPatch) -> None:
    """Decisions: every answer a player gave (the draft's secret picks of both sides too; the game
    records no other); leaders: from the electoral votes as each turn began, as the events tell."""
    cards = load_card_set(CM2008)
    games: list[Any] = []
    move = jobs_module.play_bot_move

    def watched(game: Any, bots: Any) -> None:
        games[:] = [game]
        move(game, bots)

    monkeypatch.setattr(jobs_module, "play_bot_move", watched)
    row = jobs_module.play(Job("main", 0, 11, str(CM2008), cards.fingerprint, setup, "obama", 300, "random",
                               "random"), cards)
    game = games[0]
    assert row.decisions == len(game.answers) > (30 if setup == "draft" else 0)
    votes = dict(START_SCORES)
    standings: list[tuple[int, tuple[int, ...]]] = []
    for e in game.events:
        if isinstance(e, E.StateWon):
            votes[e.player.value] = e.score_after
        elif isinstance(e, E.TurnStarted):
            standings.append((e.turn, (votes["mccain"], votes["obama"])))
    assert row.leaders == leaders_by_thirds(standings, row.turns) and len(row.leaders) == 2


def test_an_ab_report_shows_each_sets_health_and_what_moved(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "new").mkdir()
    new = _strengthened(tmp_path / "new")
    db = tmp_path / "ab.db"
    assert main(["balance", "--games", "4", "--bot", "random", "--bot", "random", "--cards", str(new), "--against",
                 str(CM2008), "--db", str(db), "--workers", "1", "--quiet"]) == 0
    text = capsys.readouterr().out
    with Store.open_existing(str(db)) as store:
        a = analyse(store, Correction.HOLM)
    healths = {arm.name: health_of(s, a.params.titles()) for arm, s in a.arms}
    moved = text[text.index("Health, old set → new set"):].split("\n\n")[0].splitlines()
    old, new_ = healths["old"], healths["new"]
    assert old is not None and new_ is not None and old.turns is not None and new_.turns is not None
    assert moved[1].split() == ["length", "(turns),", "median", f"{old.turns.median:g}", "→", f"{new_.turns.median:g}"]
    for name in ("new", "old"):
        part = text[text.index(f"=== The {name} set alone"):]
        h = healths[name]
        assert h is not None and part[part.index("Health ("):].split("\n\n")[0].splitlines() == h.lines()
